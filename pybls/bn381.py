"""BN381_1: mcl's 381-bit BN curve (mcl calls it "BN381_1"), for about
128-bit security before the exTNFS attacks (BN462 is the curve for 128 bits
after them).

E: y² = x³ + 2 over a 382-bit Fp, u = −(2⁹⁴ + 2⁷⁶ + 2⁷² + 1); all its points
have the prime order r, of 382 bits too, so scalars take 48 bytes. G2 is
the order-r subgroup of the twist E': y² = x³ + 2/(1 + u) over
Fp2 = Fp[u]/(u² + 1). The classes have the API of every curve module.
Encodings are mcl's default serialization, which :mod:`pybls.bn254_nogami`
describes, over 48-byte coordinates: G1 takes 48 bytes compressed (the
default) and 96 uncompressed, G2 96 and 192.

mcl fixes no generators for this curve: ``generator()`` gives G1 = (−1, 1)
and, on G2, the point derived as for BLS12-381 (the smallest x = c0 with
x³ + b' a square, the smaller root y, times the cofactor 2p − r). Pairing
values are f^((p¹² − 1)/r); mcl's are those raised to 2u(6u² + 3u + 1).
``G1.hash_to_curve`` and ``G1.encode_to_curve`` follow RFC 9380 with
expand_message_xmd over SHA-256 and the Shallue–van de Woestijne map
(Z = −1, the first candidate of RFC 9380's find_z_svdw): the suites
``BN381G1_XMD:SHA-256_SVDW_RO_`` and ``_NU_``; ``G2.hash_to_curve`` and
``G2.encode_to_curve`` map to the twist over Fp2 with the same map (Z = −1
again), then clear the cofactor as [u]Q + ψ([3u]Q) + ψ²([u]Q) + ψ³(Q), as
on BN254: ``BN381G2_XMD:SHA-256_SVDW_RO_`` and ``_NU_``. So every
signature variant of :mod:`pybls.sig` runs on this curve.

>>> from pybls import bn381
>>> g = bn381.G1.generator()
>>> g.to_affine() == (bn381.FIELD_MODULUS - 1, 1)
True
>>> len(g.to_bytes()), len(bn381.G2.generator().to_bytes()), len(bn381.Scalar(1).to_bytes())
(48, 96, 48)
>>> bn381.G1.from_bytes(g.to_bytes()) == g
True
>>> q = bn381.G2.generator()
>>> bn381.pairing(g * 3, q) == bn381.pairing(g, q * 3) == bn381.GT.generator() ** 3
True
>>> from pybls import sig
>>> bls = sig.for_curve(bn381).MinPk.Basic      # signatures in G2, hashed there
>>> sk = bls.key_gen(b"\\x05" * 32)
>>> bls.verify(bls.sk_to_pk(sk), b"msg", bls.sign(sk, b"msg")), bls.dst
(True, b'BLS_SIG_BN381G2_XMD:SHA-256_SVDW_RO_NUL_')
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ._curve_module import CURVE_API, CurveCore, G1Point, G2Point, GTElement, Pairing, ScalarField

__all__ = [*CURVE_API]

#: The base field modulus p = 36u⁴ + 36u³ + 24u² + 6u + 1, u = −(2⁹⁴ + 2⁷⁶ + 2⁷² + 1).
FIELD_MODULUS = 0x240026400F3D82B2E42DE125B00158405B710818AC00000840046200950400000000001380052E000000000000000013
#: The group order r = 36u⁴ + 36u³ + 18u² + 6u + 1.
CURVE_ORDER = 0x240026400F3D82B2E42DE125B00158405B710818AC000007E0042F008E3E00000000001080046200000000000000000D

#: RFC 9380's hash-to-curve suite (random oracle) of each group.
HASH_SUITES: Mapping[str, str] = MappingProxyType({
    "G1": "BN381G1_XMD:SHA-256_SVDW_RO_",
    "G2": "BN381G2_XMD:SHA-256_SVDW_RO_",
})

_CORE = CurveCore("bn381", "BN381_1", modulus=FIELD_MODULUS, order=CURVE_ORDER)


class Scalar(ScalarField, core=_CORE):
    """An element of Fr, the integers modulo this curve's 382-bit r
    (48-byte big-endian encodings).

    >>> Scalar.R.bit_length(), len(Scalar(-1).to_bytes()), int(Scalar(-1)) == Scalar.R - 1
    (382, 48, True)
    """

    __slots__ = ()


class G1(G1Point, core=_CORE):
    """A point of G1 = E(Fp): y² = x³ + 2; affine coordinates are ints.

    >>> P = G1.generator()                          # (-1, 1)
    >>> P.to_affine() == (FIELD_MODULUS - 1, 1), len(P.to_bytes()), len(P.to_bytes(compressed=False))
    (True, 48, 96)
    """

    __slots__ = ()


class G2(G2Point, core=_CORE):
    """A point of G2 ⊂ E'(Fp2): y² = x³ + 2/(1 + u); affine coordinates are
    pairs ``(c0, c1)`` for ``c0 + c1·u``.

    >>> Q = G2.generator()
    >>> len(Q.to_bytes()), G2.from_bytes(Q.to_bytes()) == Q, (Q * Scalar.R).is_identity()
    (96, True, True)
    """

    __slots__ = ()


class GT(GTElement, core=_CORE):
    """An element of the target group GT ⊂ Fp12 (576-byte encodings: the
    twelve coefficients of the tower, highest first, 48 bytes big-endian
    each).

    >>> e = pairing(G1.generator(), G2.generator())
    >>> len(e.to_bytes()), GT.from_bytes(e.to_bytes()) == e, e ** 2 == pairing(G1.generator() * 2, G2.generator())
    (576, True, True)
    """

    __slots__ = ()


_PAIRING: Pairing[G1, G2, GT] = Pairing(_CORE.binding, G1, G2, GT)


# The curve's pairing functions (see pybls.pairing.Pairing).
pairing = _PAIRING.pairing
pairing_product = _PAIRING.pairing_product
pairing_check = _PAIRING.pairing_check
miller_loop = _PAIRING.miller_loop
final_exponentiation = _PAIRING.final_exponentiation
