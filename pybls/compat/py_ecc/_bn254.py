"""The parts shared by the ``bn128`` and ``optimized_bn128`` drop-ins: the
conversions between py_ecc's field elements and pybls's BN254 points and
Fp12 values, and the operations that run in the C core.

py_ecc writes Fp12 as Fp[w]/(w^12 - 18 w^6 + 82) and Fp2 as Fp[u]/(u^2 + 1)
with u = w^6 - 9; pybls's tower is Fp6[w]/(w^2 - v), Fp6 = Fp2[v]/(v^3 - (9 + u)),
so v = w^2 and an Fp2 coefficient c0 + c1 u at w^k is (c0 - 9 c1) w^k + c1 w^(k+6).
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

try:
    from py_ecc.fields import bn128_FQ, bn128_FQ2, bn128_FQ12  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "pybls.compat.py_ecc.bn128 and optimized_bn128 use py_ecc's field classes "
        "(FQ, FQ2, FQ12): install py_ecc (pip install py_ecc) to use them"
    ) from exc

from ... import bn254
from ...errors import PyblsError
from ...gt import _wrap

P = bn254.FIELD_MODULUS
R = bn254.CURVE_ORDER

# The tower's Fp2 coefficients, in pybls's order (1, v, v^2, w, v w, v^2 w),
# are those at these powers of py_ecc's w (and the power plus 6).
_TOWER_POWERS = (0, 2, 4, 1, 3, 5)
_MONT = pow(2, 256, P)


def fq12_to_tower(coeffs: Sequence[int]) -> List[int]:
    """py_ecc's twelve FQ12 coefficients (lowest first) -> the tower's twelve
    Fp coefficients, lowest first."""
    out: List[int] = []
    for k in _TOWER_POWERS:
        c1 = coeffs[k + 6] % P
        out += [(coeffs[k] + 9 * c1) % P, c1]
    return out


def tower_to_fq12(tower: Sequence[int]) -> List[int]:
    """The inverse of :func:`fq12_to_tower`."""
    c = [0] * 12
    for i, k in enumerate(_TOWER_POWERS):
        c0, c1 = tower[2 * i], tower[2 * i + 1]
        c[k] = (c0 - 9 * c1) % P
        c[k + 6] = c1
    return c


def gt_bytes_to_fq12(encoded: bytes) -> List[int]:
    """pybls's 384-byte Fp12 encoding (highest coefficient first) -> py_ecc's
    coefficients."""
    words = [int.from_bytes(encoded[i:i + 32], "big") for i in range(0, 384, 32)]
    return tower_to_fq12(words[::-1])


def _internal(tower: Sequence[int]) -> bytes:
    # The core's in-memory Fp12: the coefficients in Montgomery form,
    # little-endian limbs. Checked against the core below before use.
    return b"".join((c * _MONT % P).to_bytes(32, "little") for c in tower)


def _layout_known() -> bool:
    g = bn254.GT.generator()
    words = [int.from_bytes(g.to_bytes()[i:i + 32], "big") for i in range(0, 384, 32)]
    return _internal(words[::-1]) == g._b


_FAST_FINAL = _layout_known()
_FINAL_EXPONENT = (P ** 12 - 1) // R


def final_exponentiate(coeffs: Sequence[int]) -> Optional[List[int]]:
    """f^((p^12 - 1)/r) in the core, as py_ecc coefficients; None where the
    core's layout is not the one assumed (the caller then uses py_ecc's
    arithmetic)."""
    if not _FAST_FINAL:
        return None
    f = bn254.final_exponentiation(_wrap(bn254.GT, _internal(fq12_to_tower(coeffs))))
    return gt_bytes_to_fq12(f.to_bytes())


def g1_point(x: int, y: int) -> Optional[bn254.G1]:
    """The pybls point (x, y), or None if it is not on the curve."""
    try:
        return bn254.G1.from_affine(x % P, y % P)
    except PyblsError:
        return None


def g2_point(x: Tuple[int, int], y: Tuple[int, int], subgroup_check: bool = True) -> Optional[bn254.G2]:
    """The pybls point, or None if it is not on the twist (or, with
    `subgroup_check`, outside G2)."""
    try:
        return bn254.G2.from_affine((x[0] % P, x[1] % P), (y[0] % P, y[1] % P), subgroup_check=subgroup_check)
    except PyblsError:
        return None


def pairing_coeffs(P1: bn254.G1, Q2: bn254.G2, final: bool) -> List[int]:
    """e(P1, Q2) (or its Miller loop) as py_ecc FQ12 coefficients."""
    if final:
        return gt_bytes_to_fq12(bn254.pairing(P1, Q2).to_bytes())
    return gt_bytes_to_fq12(bn254.miller_loop(P1, Q2).to_bytes())


def fq2_ints(e: Any) -> Tuple[int, int]:
    return int(e.coeffs[0]) % P, int(e.coeffs[1]) % P


def kind(e: Any) -> int:
    """1 for an element of Fp, 2 of Fp2, 12 of Fp12 (py_ecc's classes)."""
    coeffs = getattr(e, "coeffs", None)
    return 1 if coeffs is None else len(coeffs)


def untwist(x12: Any, y12: Any) -> Optional[Tuple[Tuple[int, int], Tuple[int, int]]]:
    """Affine FQ12 coordinates of a twisted point (x w^2, y w^3) -> the FQ2
    coordinates (x, y), or None if they are not of that form."""
    out = []
    for c, k in ((x12.coeffs, 2), (y12.coeffs, 3)):
        c = [int(v) % P for v in c]
        if any(v for i, v in enumerate(c) if i not in (k, k + 6)):
            return None
        c1 = c[k + 6]
        out.append(((c[k] + 9 * c1) % P, c1))
    return out[0], out[1]


def fq12_constant(e: Any) -> Optional[int]:
    """The value of an FQ12 element lying in Fp, else None."""
    c = [int(v) % P for v in e.coeffs]
    return c[0] if not any(c[1:]) else None
