"""BN254 of Nogami et al. (ISO/IEC 15946-5): mcl's default curve, which mcl
calls "BN254". It is not Ethereum's alt_bn128 (that is :mod:`pybls.bn254`).

E: y² = x³ + 2 over a 254-bit Fp, u = −(2⁶² + 2⁵⁵ + 1); all its points have
the prime order r; G2 is the order-r subgroup of the twist
E': y² = x³ + 2/(1 + u) over Fp2 = Fp[u]/(u² + 1). The classes have the API
of every curve module. Encodings are mcl's (its default serialization):

* coordinates little-endian, an Fp2 one c0 first;
* compressed (the default, 32 and 64 bytes): x with the parity of y (of
  y's c0 on G2) in the top bit of the last byte;
* uncompressed (64 and 128 bytes): x || y;
* the identity all zero.

mcl defines no generators for its pairing curves: ``generator()`` gives the
points of mcl's test suite, G1 = (−1, 1) and its G2 test point. Pairing
values are f^((p¹² − 1)/r); mcl's are those raised to 2u(6u² + 3u + 1).

>>> from pybls import bn254_nogami as nogami
>>> g = nogami.G1.generator()
>>> g.to_affine() == (nogami.FIELD_MODULUS - 1, 1)
True
>>> g.to_bytes().hex()
'12000000000000a7130000000000216108000000804d34ba01000040826423a5'
>>> nogami.G1.from_bytes(g.to_bytes()) == g
True
>>> q = nogami.G2.generator()
>>> nogami.pairing(g * 3, q) == nogami.pairing(g, q * 3) == nogami.GT.generator() ** 3
True
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from . import _lib
from .gt import GTElement
from .pairing import Pairing
from .points import G1Point, G2Point
from .scalar import ScalarField

__all__ = [
    "G1", "G2", "GT", "Scalar", "pairing", "pairing_product", "miller_loop", "final_exponentiation",
    "FIELD_MODULUS", "CURVE_ORDER", "HASH_SUITES",
]

#: The base field modulus p = 36u⁴ + 36u³ + 24u² + 6u + 1, u = −(2⁶² + 2⁵⁵ + 1).
FIELD_MODULUS = 0x2523648240000001BA344D80000000086121000000000013A700000000000013
#: The group order r = 36u⁴ + 36u³ + 18u² + 6u + 1.
CURVE_ORDER = 0x2523648240000001BA344D8000000007FF9F800000000010A10000000000000D

_binding = _lib.curve_binding("bn254_nogami")
_CURVE_NAME = "BN254 (Nogami)"


class Scalar(ScalarField, binding=_binding, order=CURVE_ORDER):
    """An element of Fr, the integers modulo this curve's r (32-byte
    big-endian encodings, as every curve's scalars)."""

    __slots__ = ()


class G1(G1Point, prefix="g1", binding=_binding, scalar=Scalar, modulus=FIELD_MODULUS, curve=_CURVE_NAME):
    """A point of G1 = E(Fp): y² = x³ + 2; affine coordinates are ints."""

    __slots__ = ()


class G2(G2Point, prefix="g2", binding=_binding, scalar=Scalar, modulus=FIELD_MODULUS, curve=_CURVE_NAME):
    """A point of G2 ⊂ E'(Fp2): y² = x³ + 2/(1 + u); affine coordinates are
    pairs ``(c0, c1)`` for ``c0 + c1·u``."""

    __slots__ = ()


class GT(GTElement, binding=_binding, scalar=Scalar):
    """An element of the target group GT ⊂ Fp12 (384-byte encodings: the
    twelve coefficients of the tower, highest first, 32 bytes big-endian
    each)."""

    __slots__ = ()


_PAIRING: Pairing[G1, G2, GT] = Pairing(_binding, G1, G2, GT)


# The curve's pairing functions (see pybls.pairing.Pairing).
pairing = _PAIRING.pairing
pairing_product = _PAIRING.pairing_product
miller_loop = _PAIRING.miller_loop
final_exponentiation = _PAIRING.final_exponentiation

#: RFC 9380 suites by group: none, this curve does not hash to its groups
#: (so no signature scheme runs on it).
HASH_SUITES: Mapping[str, str] = MappingProxyType({})
