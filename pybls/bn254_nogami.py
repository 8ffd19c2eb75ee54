"""BN254 of Nogami et al. (ISO/IEC 15946-5): mcl's default curve, which mcl
calls "BN254". It is not Ethereum's alt_bn128 (that is :mod:`pybls.bn254`).

E: y² = x³ + 2 over a 254-bit Fp, u = −(2⁶² + 2⁵⁵ + 1); all its points have
the prime order r; G2 is the order-r subgroup of the twist
E': y² = x³ + 2/(1 + u) over Fp2 = Fp[u]/(u² + 1). The classes have the API
of every curve module. Encodings are mcl's (its default serialization, which
:mod:`pybls.bn381` and :mod:`pybls.bn462` use too):

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

Hashing is mcl's own (:func:`hash_and_map_to_g1`, :func:`hash_and_map_to_g2`:
mcl's ``hashAndMapToG1``/``G2``, the points its BLS signatures use); the
RFC 9380 methods of ``G1`` and ``G2`` raise NotImplementedError, as no
suite is defined for this curve.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from ._convert import as_bytes
from ._curve_module import CURVE_API, CurveCore, G1Point, G2Point, GTElement, Pairing, ScalarField
from .points import _IN_SUBGROUP, _wrap

__all__ = [*CURVE_API, "hash_and_map_to_g1", "hash_and_map_to_g2"]

#: The base field modulus p = 36u⁴ + 36u³ + 24u² + 6u + 1, u = −(2⁶² + 2⁵⁵ + 1).
FIELD_MODULUS = 0x2523648240000001BA344D80000000086121000000000013A700000000000013
#: The group order r = 36u⁴ + 36u³ + 18u² + 6u + 1.
CURVE_ORDER = 0x2523648240000001BA344D8000000007FF9F800000000010A10000000000000D

_CORE = CurveCore("bn254_nogami", "BN254 (Nogami)", modulus=FIELD_MODULUS, order=CURVE_ORDER)


class Scalar(ScalarField, core=_CORE):
    """An element of Fr, the integers modulo this curve's r (32-byte
    big-endian encodings, as every curve's scalars).

    >>> Scalar.R == CURVE_ORDER, Scalar(CURVE_ORDER - 1) + 1 == 0
    (True, True)
    """

    __slots__ = ()


class G1(G1Point, core=_CORE):
    """A point of G1 = E(Fp): y² = x³ + 2; affine coordinates are ints.

    >>> P = G1.generator()                      # mcl's: (-1, 1)
    >>> P.to_affine() == (FIELD_MODULUS - 1, 1), len(P.to_bytes())
    (True, 32)
    >>> G1.from_bytes(P.to_bytes()) == P
    True
    """

    __slots__ = ()


class G2(G2Point, core=_CORE):
    """A point of G2 ⊂ E'(Fp2): y² = x³ + 2/(1 + u); affine coordinates are
    pairs ``(c0, c1)`` for ``c0 + c1·u``.

    >>> Q = G2.generator()
    >>> (c0, c1), _ = Q.to_affine()
    >>> len(Q.to_bytes()), Q * CURVE_ORDER == G2.identity()
    (64, True)
    """

    __slots__ = ()


class GT(GTElement, core=_CORE):
    """An element of the target group GT ⊂ Fp12 (384-byte encodings: the
    twelve coefficients of the tower, highest first, 32 bytes big-endian
    each).

    >>> g = pairing(G1.generator(), G2.generator())
    >>> g == GT.generator(), len(g.to_bytes()), (g ** CURVE_ORDER).is_one()
    (True, 384, True)
    """

    __slots__ = ()


_PAIRING: Pairing[G1, G2, GT] = Pairing(_CORE.binding, G1, G2, GT)


# The curve's pairing functions (see pybls.pairing.Pairing).
pairing = _PAIRING.pairing
pairing_product = _PAIRING.pairing_product
pairing_check = _PAIRING.pairing_check
miller_loop = _PAIRING.miller_loop
final_exponentiation = _PAIRING.final_exponentiation

#: RFC 9380 suites by group: none (its hashing is mcl's own, above), so no
#: signature scheme of pybls.sig runs on it.
HASH_SUITES: Mapping[str, str] = MappingProxyType({})


def hash_and_map_to_g1(msg: Any) -> G1:
    """mcl's ``hashAndMapToG1`` in its default mode, the point mcl's BLS
    signatures sign with on this curve: the SHA-256 digest of `msg` read as
    a little-endian integer and masked into Fp (mcl's ``Fp::setHashOf``),
    mapped as mcl's ``MapTo::calcBN`` maps (Fouque and Tibouchi's
    indifferentiable hashing to BN curves). Constant time. There is no
    domain separation tag: the map is mcl's, not an RFC 9380 suite.

    >>> hash_and_map_to_g1(b"abc").to_bytes().hex()    # mcl-wasm's answer
    'ba1c2d0b6a0c2513889b79a1f7ee5e9b7956e8711f5ecd0e48508fcb33cfc224'
    """
    m = as_bytes(msg, "message")
    return _wrap(G1, _CORE.binding.g1_hash_and_map_mcl(m, len(m)), _IN_SUBGROUP)


def hash_and_map_to_g2(msg: Any) -> G2:
    """mcl's ``hashAndMapToG2`` in its default mode: the same map applied to
    (t, 0) in Fp2 for the t of :func:`hash_and_map_to_g1`, then the
    cofactor cleared as mcl does (:meth:`G2.clear_cofactor`).

    >>> H = hash_and_map_to_g2(b"abc")
    >>> H.in_subgroup(), H.to_bytes().hex()[:32]          # mcl-wasm's answer
    (True, '1f7749e5aa22ad27563f1f88c5c6ab66')
    """
    m = as_bytes(msg, "message")
    return _wrap(G2, _CORE.binding.g2_hash_and_map_mcl(m, len(m)), _IN_SUBGROUP)
