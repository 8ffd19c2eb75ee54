"""The parts shared by the curve drop-ins (``bn128``, ``optimized_bn128``,
``optimized_bls12_381``): the conversions between py_ecc's field elements
and pybls's points and Fp12 values, and the operations that run in the C
core.

py_ecc writes Fp12 as Fp[w]/(w^12 - 2 c w^6 + (c^2 + 1)) and Fp2 as
Fp[u]/(u^2 + 1) with u = w^6 - c (c = 9 for BN254, 1 for BLS12-381).
pybls's tower is Fp6[W]/(W^2 - v), Fp6 = Fp2[v]/(v^3 - (c + u)), with
W = w on BN254 and W = -w on BLS12-381 (where py_ecc's twist is the image
of pybls's under that map), so v = w^2 and an Fp2 coefficient a0 + a1 u at
W^k is (a0 - c a1) s^k w^k + a1 s^k w^(k+6), s = +-1.
"""

from __future__ import annotations

from typing import Any, List, Optional, Sequence, Tuple

try:
    import py_ecc.fields  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on the environment
    raise ImportError(
        "pybls.compat.py_ecc.bn128, optimized_bn128 and optimized_bls12_381 use "
        "py_ecc's field classes (FQ, FQ2, FQ12): install py_ecc (pip install py_ecc) to use them"
    ) from exc

from ...errors import PyblsError
from ...gt import _wrap

# The tower's Fp2 coefficients, in pybls's order (1, v, v^2, W, v W, v^2 W),
# are those at these powers of w (and the power plus 6).
_TOWER_POWERS = (0, 2, 4, 1, 3, 5)


class Curve:
    """One curve's bridge: `module` is pybls.bn254 or pybls.bls12_381, `c`
    the constant above, `sign` the s above, `gt_root` whether pybls's
    pairing is the cube of py_ecc's (then py_ecc's value is pybls's to the
    power 1/3 mod r)."""

    def __init__(self, module: Any, c: int, sign: int, gt_root: bool) -> None:
        self.module = module
        self.P: int = module.FIELD_MODULUS
        self.R: int = module.CURVE_ORDER
        self.size = (self.P.bit_length() + 7) // 8
        self.c, self.sign = c, sign
        self.root = pow(3, -1, self.R) if gt_root else None
        self.final_exponent = (self.P ** 12 - 1) // self.R
        self.mont = pow(2, 8 * (-(-self.size // 8) * 8), self.P)
        g = module.GT.generator()
        self.fast_final = self._internal(self._words(g.to_bytes())) == g._b

    def fq12_to_tower(self, coeffs: Sequence[int]) -> List[int]:
        """py_ecc's twelve FQ12 coefficients (lowest first) -> the tower's
        twelve Fp coefficients, lowest first."""
        P, out = self.P, []
        for k in _TOWER_POWERS:
            s = self.sign if k % 2 else 1
            a1 = s * coeffs[k + 6] % P
            out += [(s * coeffs[k] + self.c * a1) % P, a1]
        return out

    def tower_to_fq12(self, tower: Sequence[int]) -> List[int]:
        """The inverse of :meth:`fq12_to_tower`."""
        P, c = self.P, [0] * 12
        for i, k in enumerate(_TOWER_POWERS):
            s = self.sign if k % 2 else 1
            a0, a1 = tower[2 * i], tower[2 * i + 1]
            c[k] = s * (a0 - self.c * a1) % P
            c[k + 6] = s * a1 % P
        return c

    def _words(self, encoded: bytes) -> List[int]:
        n = self.size
        return [int.from_bytes(encoded[i:i + n], "big") for i in range(0, 12 * n, n)][::-1]

    def _internal(self, tower: Sequence[int]) -> bytes:
        # The core's in-memory Fp12: the coefficients in Montgomery form,
        # little-endian limbs (checked against the core in __init__).
        return b"".join((v * self.mont % self.P).to_bytes(self.size, "little") for v in tower)

    def _gt_to_fq12(self, value: Any) -> List[int]:
        return self.tower_to_fq12(self._words(value.to_bytes()))

    def _to_py_ecc(self, gt: Any) -> List[int]:
        return self._gt_to_fq12(gt if self.root is None else gt ** self.root)

    def final_exponentiate(self, coeffs: Sequence[int]) -> Optional[List[int]]:
        """py_ecc's f^((p^12 - 1)/r) in the core; None where the core's
        layout is not the one assumed (the caller then uses py_ecc's)."""
        if not self.fast_final:
            return None
        f = _wrap(self.module.GT, self._internal(self.fq12_to_tower([int(v) for v in coeffs])))
        return self._to_py_ecc(self.module.final_exponentiation(f))

    def g1_point(self, x: int, y: int) -> Any:
        """The pybls point (x, y), or None if it is not on the curve (or,
        for BLS12-381, outside G1)."""
        try:
            return self.module.G1.from_affine(x % self.P, y % self.P)
        except PyblsError:
            return None

    def g2_point(self, x: Tuple[int, int], y: Tuple[int, int], subgroup_check: bool = True) -> Any:
        """The pybls point, or None if it is not on the twist (or, with
        `subgroup_check`, outside G2)."""
        P = self.P
        try:
            return self.module.G2.from_affine(
                (x[0] % P, x[1] % P), (y[0] % P, y[1] % P), subgroup_check=subgroup_check
            )
        except PyblsError:
            return None

    def pairing_coeffs(self, p1: Any, q2: Any, final: bool) -> List[int]:
        """py_ecc's e(p1, q2) (or pybls's Miller loop) as FQ12 coefficients."""
        if final:
            return self._to_py_ecc(self.module.pairing(p1, q2))
        return self._gt_to_fq12(self.module.miller_loop(p1, q2))

    def fq2_ints(self, e: Any) -> Tuple[int, int]:
        return int(e.coeffs[0]) % self.P, int(e.coeffs[1]) % self.P

    def untwist(self, x12: Any, y12: Any) -> Optional[Tuple[Tuple[int, int], Tuple[int, int]]]:
        """BN254: affine FQ12 coordinates of a twisted point (x w^2, y w^3)
        -> the FQ2 coordinates (x, y), or None if they are not of that form."""
        out = []
        for coeffs, k in ((x12.coeffs, 2), (y12.coeffs, 3)):
            c = [int(v) % self.P for v in coeffs]
            if any(v for i, v in enumerate(c) if i not in (k, k + 6)):
                return None
            a1 = c[k + 6]
            out.append(((c[k] + self.c * a1) % self.P, a1))
        return out[0], out[1]

    def fq12_constant(self, e: Any) -> Optional[int]:
        """The value of an FQ12 element lying in Fp, else None."""
        c = [int(v) % self.P for v in e.coeffs]
        return c[0] if not any(c[1:]) else None


def kind(e: Any) -> int:
    """1 for an element of Fp, 2 of Fp2, 12 of Fp12 (py_ecc's classes)."""
    coeffs = getattr(e, "coeffs", None)
    return 1 if coeffs is None else len(coeffs)
