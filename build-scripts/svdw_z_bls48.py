"""Derive the SvdW map's Z of BLS48-581's hash-to-curve suites by RFC 9380's
find_z_svdw (appendix H.1) and check the constants pybls.bls48_581 uses.

G1 (E: y² = x³ + 1 over Fp) and G2 (E': y² = x³ − 1/w over Fp8) both try
Z = 1, −1, 2, −2, ... as the RFC's Sage code does; over Fp8 the candidates
are the integers embedded in Fp8, the RFC's F(ctr). The criteria, with A = 0:
g(Z) ≠ 0; −3Z²/(4 g(Z)) ≠ 0 and a square; g(Z) or g(−Z/2) a square.

    python build-scripts/svdw_z_bls48.py
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys
from typing import Any, Callable, Iterator

ROOT = pathlib.Path(__file__).resolve().parent.parent
T = -1 + 2**7 - 2**10 - 2**30 - 2**32
P = (T - 1) ** 2 * (T**16 - T**8 + 1) // 3 + T


def _fp8_module() -> Any:
    """pybls/_fp8.py on its own (it needs no native library)."""
    spec = importlib.util.spec_from_file_location("_fp8", ROOT / "pybls" / "_fp8.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _candidates() -> Iterator[int]:
    ctr = 1
    while True:
        yield ctr
        yield -ctr
        ctr += 1


def find_z(of: Callable[[int], Any], g: Callable[[Any], Any], is_square: Callable[[Any], bool],
           zero: Any, div: Callable[[Any, Any], Any], mul: Callable[[Any, Any], Any]) -> int:
    """The first integer Z meeting the criteria, in the field given by its
    operations (`of` embeds an int)."""
    for z in _candidates():
        gz = g(of(z))
        if gz == zero:
            continue
        h = div(of(-3 * z * z), mul(of(4), gz))
        if h == zero or not is_square(h):
            continue
        if is_square(gz) or is_square(g(div(of(-z), of(2)))):
            return z
    raise AssertionError("unreachable")


def z_g1() -> int:
    return find_z(
        lambda c: c % P,
        lambda x: (x * x * x + 1) % P,
        lambda a: a == 0 or pow(a, (P - 1) // 2, P) == 1,
        0,
        lambda a, b: a * pow(b, -1, P) % P,
        lambda a, b: a * b % P,
    )


def z_g2() -> int:
    F = _fp8_module().Fp8Field(P)
    w = (0, 0, 0, 0, 1, 0, 0, 0)
    b = F.neg(F.inv(w))
    return find_z(
        F.of,
        lambda x: F.add(F.mul(F.sqr(x), x), b),
        F.is_square,
        F.zero,
        lambda a, c: F.mul(a, F.inv(c)),
        F.mul,
    )


def main() -> int:
    zs = {"G1": z_g1(), "G2": z_g2()}
    print(f"BLS48-581 SvdW Z: G1 {zs['G1']}, G2 {zs['G2']}")
    sys.path.insert(0, str(ROOT))
    from pybls import bls48_581

    used = {"G1": bls48_581._SVDW_Z, "G2": bls48_581._SVDW_Z_G2}
    if used != zs:
        print(f"pybls.bls48_581 uses {used}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
