"""``python -m pybls``: show the library working and how fast it is."""

from __future__ import annotations

import sys
import time
from typing import Callable

import pybls
from pybls import G1, G2, GT, Scalar, _lib, pairing


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


def main() -> int:
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


if __name__ == "__main__":
    sys.exit(main())
