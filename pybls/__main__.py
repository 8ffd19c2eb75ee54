"""``python -m pybls``: what this installation offers, and a demonstration.

    python -m pybls          the version, the backends and the curves available
    python -m pybls demo     checks the library on random input and times its
                             main operations

The report (:func:`report`) names each backend (``cffi``: the compiled
extension; ``ctypes``: a shared library, ``PYBLS_LIBRARY`` or
``libpybls.so`` in ``pybls/_lib/``), the one in use, and each curve with
its other names and the core it runs on, or why it cannot be loaded.
"""

from __future__ import annotations

import importlib
import os
import sys
import time
from typing import Callable, List, Optional

import pybls
from pybls import _lib, curves

__all__ = ["report", "main"]


def _time(fn: Callable[[], object], budget: float = 0.5) -> float:
    """Seconds per call of `fn`, repeated for about `budget` seconds."""
    fn()
    n, start = 0, time.perf_counter()
    while True:
        fn()
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= budget:
            return elapsed / n


def _fmt(seconds: float) -> str:
    if seconds >= 1e-3:
        return f"{seconds * 1e3:8.3f} ms"
    return f"{seconds * 1e6:8.1f} µs"


def _cffi_status() -> str:
    try:
        cffi = importlib.import_module("pybls._lib._cffi")  # the build this processor runs
    except ImportError as e:
        return f"not available ({e})"
    return str(cffi.library_path)


def _ctypes_status() -> str:
    from pybls._lib import _ctypes

    if os.environ.get("PYBLS_LIBRARY"):
        return f"{os.environ['PYBLS_LIBRARY']} (PYBLS_LIBRARY)"
    found = [p for p in _ctypes.default_candidates() if os.path.exists(p)]
    if found:
        return found[0]
    return "not available (no libpybls.so in pybls/_lib/; set PYBLS_LIBRARY)"


def _curve_line(name: str) -> str:
    aliases = sorted(a for a, c in curves.ALIASES.items() if c == name and a != name)
    try:
        curves.CURVES[name]
        core = _lib if name == "bls12_381" else _lib.curve_binding(name)
    except ImportError as e:
        return f"  {name:<13} not available: {e}"
    return (f"  {name:<13} {core.library_path} ({core.limb_bits}-bit limbs)\n"
            f"  {'':<13} also: {', '.join(aliases)}")


def report() -> str:
    """What this installation offers: the version, the backends, the curves.

    >>> text = report()
    >>> text.splitlines()[0] == f"pybls {pybls.__version__}"
    True
    >>> all(name in text for name in ("bls12_381", "bn254", "bn254_nogami", "alt_bn128"))
    True
    >>> f"backend in use: {pybls.backend()}" in text
    True
    """
    lines: List[str] = [
        f"pybls {pybls.__version__}",
        f"python: {sys.version.split()[0]} on {sys.platform}",
        f"backend in use: {pybls.backend()} (PYBLS_BACKEND={os.environ.get('PYBLS_BACKEND', 'auto')})",
        "backends:",
        f"  cffi    {_cffi_status()}",
        f"  ctypes  {_ctypes_status()}",
        "curves (pybls.curves.get(name); each loads its core on first use):",
    ]
    lines += [_curve_line(name) for name in curves.CURVES]
    return "\n".join(lines)


def demo() -> int:
    """Check bilinearity, the order of GT and a timelock round trip, then
    time the main operations on BLS12-381; 0 if every check passed."""
    from pybls import G1, G2, GT, Scalar, pairing

    print(f"pybls {pybls.__version__}")
    print(f"backend: {pybls.backend()} ({_lib.library_path}, {_lib.limb_bits}-bit limbs)")
    print(f"python:  {sys.version.split()[0]} on {sys.platform}")
    print()

    a, b = Scalar.random(), Scalar.random()
    P, Q = G1.random(), G2.random()
    lhs = pairing(P * a, Q * b)
    rhs = pairing(P, Q) ** (a * b)
    ok = lhs == rhs and not lhs.is_one()
    print(f"bilinearity e(aP, bQ) == e(P, Q)^(ab) on random points: {'ok' if ok else 'FAILED'}")
    gen_ok = GT.generator() ** Scalar.R == GT.one()
    print(f"e(G1, G2) has order r: {'ok' if gen_ok else 'FAILED'}")
    tl_ok = _timelock_check()
    print(f"timelock file to a round of a local drand-style beacon, opened by its signature: "
          f"{'ok' if tl_ok else 'FAILED'}")
    print()

    k = Scalar.random()
    timings = [
        ("pairing", lambda: pairing(P, Q)),
        ("G1 mul (constant time)", lambda: P * k),
        ("G2 mul (constant time)", lambda: Q * k),
        ("G1 mul_vartime", lambda: P.mul_vartime(k)),
        ("G2 mul_vartime", lambda: Q.mul_vartime(k)),
        ("G1 decompress", lambda: G1.from_bytes(bytes(P))),
        ("G2 decompress", lambda: G2.from_bytes(bytes(Q))),
        ("GT exponentiation", lambda: lhs ** k),
    ]
    for name, fn in timings:
        print(f"{name:<26}{_fmt(_time(fn))}")
    return 0 if ok and gen_ok and tl_ok else 1


def _timelock_check() -> bool:
    from pybls import drand, errors, tlock

    beacon = drand.LocalBeacon(genesis_time=int(time.time()) - 30)
    r = beacon.current_round()
    sealed = tlock.encrypt(b"timelocked", r, chain=beacon.chain)
    try:
        tlock.decrypt(sealed, beacon.signature(r - 1), chains=beacon.chain)
        return False
    except errors.InvalidBeaconError:
        pass
    return tlock.decrypt(sealed, beacon.signature(r), chains=beacon.chain) == b"timelocked"


def main(argv: Optional[List[str]] = None) -> int:
    """The command line: no argument prints :func:`report`, ``demo`` runs
    the demonstration; the exit status is 0 on success."""
    args = sys.argv[1:] if argv is None else argv
    if not args:
        print(report())
        return 0
    if args == ["demo"]:
        return demo()
    print(__doc__.split("\n\n")[1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
