"""RFC 9380's hashing to G2 of BLS48-581 at the 256-bit level, in Python:
expand_message_xmd over SHA-512, hash_to_field to Fp8 (m = 8), and the
Shallue-van de Woestijne map of the twist y² = x³ + B over Fp8; the core
clears the cofactor (the product by h' = #E'(Fp8)/r, computed through the
endomorphism ψ).

Elements of Fp8 are 8-tuples over 1, u, v, uv, w, uw, vw, uvw
(:mod:`pybls._fp8`): hash_to_field's e_j is the coefficient of the j-th
of these, and sgn0 looks at them in that order. The map runs in variable
time: it is meant for hashing public messages, as signatures and
identity-based encryption do.

>>> from pybls._svdw_fp8 import SvdwFp8Map
>>> from pybls._fp8 import Fp8Field
>>> F = Fp8Field(107)                      # a toy field
>>> b = F.neg(F.inv((0, 0, 0, 0, 1, 0, 0, 0)))    # −1/w
>>> m = SvdwFp8Map(107, b, 1)
>>> x, y = m.map((5, 0, 0, 0, 0, 0, 0, 0))
>>> F.sqr(y) == F.add(F.mul(F.sqr(x), x), b)
True
"""

from __future__ import annotations

from typing import Any, List, Tuple, Type

from ._fp8 import Fp8, Fp8Field
from ._svdw_sha512 import K, XMD_SHA512_MAX, expand_message_xmd_sha512, install_methods
from .errors import ArgumentError

__all__ = ["SvdwFp8Map", "install"]

# The core's flag to build a point without the subgroup check (pybls.h's
# PYBLS_DECODE_SKIP_SUBGROUP_CHECK).
_SKIP_SUBGROUP = 1
# hash_to_field's m for Fp8.
_M = 8


class SvdwFp8Map:
    """hash_to_field to Fp8 and the SvdW map (RFC 9380 5.2 and 6.6.1, in
    appendix F.1's straight-line form) for y² = x³ + `b` over the Fp8 of
    the prime `p`, with RFC 9380's constant Z = `z` (an integer).

    >>> from pybls._fp8 import Fp8Field
    >>> F = Fp8Field(107)
    >>> m = SvdwFp8Map(107, F.neg(F.inv((0, 0, 0, 0, 1, 0, 0, 0))), 1)
    >>> [len(u) for u in m.hash_to_field(b"abc", b"DST", 2)], m.L
    ([8, 8], 33)
    """

    def __init__(self, p: int, b: Fp8, z: int) -> None:
        F = self.F = Fp8Field(p)
        self.p, self.b, self.z = p, b, F.of(z)
        # hash_to_field's L = ceil((ceil(log2 p) + k) / 8).
        self.L = (p.bit_length() + K + 7) // 8
        gz = self._g(self.z)
        three_z2 = F.of(3 * z * z)
        c3 = F.sqrt(F.neg(F.mul(gz, three_z2)))
        half_z = F.neg(F.mul(self.z, F.of(pow(2, -1, p))))
        # RFC 9380's criteria for Z (appendix H.1), A = 0.
        if gz == F.zero or three_z2 == F.zero or c3 is None or not (F.is_square(gz) or F.is_square(self._g(half_z))):
            raise ValueError(f"Z = {z} does not suit the SvdW map of this curve")
        self.c1 = gz
        self.c2 = half_z
        self.c3 = c3 if F.sgn0(c3) == 0 else F.neg(c3)
        self.c4 = F.neg(F.mul(F.mul(F.of(4), gz), F.inv(three_z2)))

    def _g(self, x: Fp8) -> Fp8:
        F = self.F
        return F.add(F.mul(F.sqr(x), x), self.b)

    def hash_to_field(self, msg: bytes, dst: bytes, count: int) -> List[Fp8]:
        """`count` elements of Fp8, 8 L bytes of SHA-512 expansion each."""
        limit = XMD_SHA512_MAX // (_M * self.L)
        if not 1 <= count <= limit:
            raise ArgumentError(f"count must be in [1, {limit}], got {count}")
        data = expand_message_xmd_sha512(msg, dst, count * _M * self.L)
        es = [int.from_bytes(data[i : i + self.L], "big") % self.p for i in range(0, len(data), self.L)]
        return [tuple(es[i : i + _M]) for i in range(0, len(es), _M)]  # type: ignore[misc]

    def map(self, u: Fp8) -> Tuple[Fp8, Fp8]:
        """The affine point (x, y) that u maps to (never the identity)."""
        F = self.F
        tv1 = F.mul(F.sqr(u), self.c1)
        tv2 = F.add(F.one, tv1)
        tv1 = F.sub(F.one, tv1)
        tv3 = F.inv0(F.mul(tv1, tv2))
        tv4 = F.mul(F.mul(F.mul(u, tv1), tv3), self.c3)
        candidates = [F.sub(self.c2, tv4), F.add(self.c2, tv4)]
        x3 = F.sqr(F.mul(F.sqr(tv2), tv3))
        candidates.append(F.add(F.mul(x3, self.c4), self.z))
        for x in candidates:
            y = F.sqrt(self._g(x))
            if y is not None:
                break
        # g(x3) is a square when g(x1) and g(x2) are not.
        assert y is not None
        if F.sgn0(y) != F.sgn0(u):
            y = F.neg(y)
        return x, y


def install(group: Type[Any], b: Fp8, z: int) -> None:
    """Give BLS48-581's G2 class `group` the SHA-512 hashing methods of the
    core's calling conventions (internal bytes in and out; an Fp8 element
    is its 8 coefficients' internal Fp forms, c0 first):
    ``_hash_to_field_sha512``, ``_map_to_curve`` (also the map of
    ``G2.map_to_curve``), ``_hash_to_curve_sha512`` and
    ``_encode_to_curve_sha512``, and make SHA-512 its default hash."""
    m = SvdwFp8Map(group._P, b, z)
    n, size = group._FP, group._FP_SIZE

    def fp8_internal(v: Fp8) -> bytes:
        return b"".join(group._fp_from_bytes(c.to_bytes(n, "big")) for c in v)

    def encoded(v: Fp8) -> bytes:  # highest coefficient first
        return b"".join(c.to_bytes(n, "big") for c in reversed(v))

    def point(u: Fp8) -> bytes:
        x, y = m.map(u)
        pt: bytes = group._from_affine_bytes(encoded(x), encoded(y), _SKIP_SUBGROUP)
        return pt

    def map_to_curve(u: bytes) -> bytes:
        coeffs = [int.from_bytes(group._fp_to_bytes(u[i : i + size]), "big") for i in range(0, _M * size, size)]
        return point(tuple(coeffs))  # type: ignore[arg-type]

    install_methods(group, m.hash_to_field, fp8_internal, point, map_to_curve)
