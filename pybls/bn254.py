"""BN254 as Ethereum's alt_bn128 (EIP-196, EIP-197): mcl's BN_SNARK1, py_ecc's
bn128, the curve of the EVM's pairing precompiles and of SNARK verifiers.

E: y² = x³ + 3 over the 254-bit field Fp, whose points all have the prime
order r (G1 = E(Fp)); G2 is the order-r subgroup of the twist
E': y² = x³ + 3/(9 + u) over Fp2 = Fp[u]/(u² + 1). The classes have the
API of BLS12-381's (``pybls.G1``, ``pybls.G2``, ``pybls.Scalar``); only the
encodings differ, following EIP-196/197:

* G1: 64 bytes ``x || y``, big-endian, the identity all zero;
* G2: 128 bytes ``x || y``, each Fp2 coordinate imaginary part first;
* compressed (``to_bytes(compressed=True)``, 32 and 64 bytes): x with its
  top two bits set to ``10`` (y is not the lexicographically largest
  root), ``11`` (it is) or ``01`` (the identity), as gnark writes them.

Decoding checks that coordinates are below p, the curve equation and,
for G2, the subgroup; each failure raises its :mod:`pybls.errors`
exception. Multiplication by a scalar is constant time in the scalar.

>>> from pybls import bn254
>>> g = bn254.G1.generator()
>>> g.to_affine()
(1, 2)
>>> p = g * 5
>>> bn254.G1.from_bytes(p.to_bytes()) == p == g + g * 4
True
>>> len(p.to_bytes()), len(bn254.G2.generator().to_bytes())
(64, 128)
>>> (bn254.G2.generator() * bn254.Scalar.R).is_identity()
True
>>> e = bn254.pairing(p, bn254.G2.generator())
>>> e == bn254.pairing(g, bn254.G2.generator() * 5) == bn254.GT.generator() ** 5
True
>>> bn254.pairing_product([(p, bn254.G2.generator()), (-p, bn254.G2.generator())]).is_one()
True

The pairing is the optimal ate pairing with the final exponentiation
(p¹² − 1)/r itself: its values equal py_ecc's ``bn128`` pairing coefficient
for coefficient; mcl's BN_SNARK1 values are these raised to the fixed
2u(6u² + 3u + 1). GT elements encode as the
twelve Fp coefficients of the tower (Fp12 = Fp6[w]/(w² − v), Fp6 =
Fp2[v]/(v³ − (9 + u))), highest first, 32 bytes big-endian each (384
bytes).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ._curve_module import CURVE_API, CurveCore, G1Point, G2Point, GTElement, Pairing, ScalarField

__all__ = [*CURVE_API]

#: The base field modulus p = 36u⁴ + 36u³ + 24u² + 6u + 1, u = 0x44e992b44a6909f1.
FIELD_MODULUS = 0x30644E72E131A029B85045B68181585D97816A916871CA8D3C208C16D87CFD47
#: The group order r = 36u⁴ + 36u³ + 18u² + 6u + 1.
CURVE_ORDER = 0x30644E72E131A029B85045B68181585D2833E84879B9709143E1F593F0000001

#: RFC 9380's hash-to-curve suite (random oracle) of each group, with the
#: default expander (SHA-256; G1 also hashes with ``hash="keccak256"``).
HASH_SUITES: Mapping[str, str] = MappingProxyType({
    "G1": "BN254G1_XMD:SHA-256_SVDW_RO_",
    "G2": "BN254G2_XMD:SHA-256_SVDW_RO_",
})

_CORE = CurveCore("bn254", "BN254", modulus=FIELD_MODULUS, order=CURVE_ORDER, compressed_by_default=False)


class Scalar(ScalarField, core=_CORE):
    """An element of Fr, the integers modulo BN254's r; the same API as
    :class:`pybls.Scalar` (32-byte big-endian encodings).

    >>> int(Scalar(-1)) == Scalar.R - 1
    True
    """

    __slots__ = ()


class G1(G1Point, core=_CORE):
    """A point of G1 = E(Fp): y² = x³ + 3; affine coordinates are ints.

    >>> G1.identity().to_bytes() == bytes(64)
    True

    Hashing to G1 (RFC 9380) uses the Shallue–van de Woestijne map with
    Z = 1 (:meth:`map_to_curve`), with expand_message_xmd over SHA-256 or,
    as drand's evmnet chain and kyber do, Keccak-256:

    >>> dst = b"BLS_SIG_BN254G1_XMD:KECCAK-256_SVDW_RO_NUL_"
    >>> H = G1.hash_to_curve(b"message", dst, hash="keccak256")
    >>> H.is_on_curve() and H != G1.hash_to_curve(b"message", dst)
    True
    >>> G1.hash_to_curve(b"abc", b"BLS_SIG_BN254G1_XMD:KECCAK-256_SSWU_RO_NUL_", hash="keccak256").to_bytes().hex()[:16]
    '263d6232dfe15bdc'
    """

    __slots__ = ()


class G2(G2Point, core=_CORE):
    """A point of G2 ⊂ E'(Fp2): y² = x³ + 3/(9 + u); affine coordinates are
    pairs ``(c0, c1)`` for ``c0 + c1·u``.

    >>> G2.from_bytes(G2.generator().to_bytes(compressed=True)) == G2.generator()
    True

    Hashing to G2 is gnark-crypto's and arkworks' suite
    ``BN254G2_XMD:SHA-256_SVDW_RO_`` (``_NU_`` for :meth:`encode_to_curve`):
    the Shallue–van de Woestijne map to E' with Z = 1, then cofactor
    clearing as [u]Q + ψ([3u]Q) + ψ²([u]Q) + ψ³(Q) (:meth:`clear_cofactor`).
    There is no Keccak-256 variant.

    >>> H = G2.hash_to_curve(b"abc", b"QUUX-V01-CS02-with-BN254G2_XMD:SHA-256_SVDW_RO_")
    >>> hex(H.to_affine()[0][0])[:18], H.in_subgroup()
    ('0x16c88b54eec9af86', True)
    """

    __slots__ = ()


class GT(GTElement, core=_CORE):
    """An element of BN254's target group GT ⊂ Fp12; the API of
    :class:`pybls.GT` (384-byte encodings).

    >>> GT.from_bytes(GT.generator().to_bytes()) == GT.generator()
    True
    """

    __slots__ = ()


_PAIRING: Pairing[G1, G2, GT] = Pairing(_CORE.binding, G1, G2, GT)


# The curve's pairing functions (see pybls.pairing.Pairing).
pairing = _PAIRING.pairing
pairing_product = _PAIRING.pairing_product
pairing_check = _PAIRING.pairing_check
miller_loop = _PAIRING.miller_loop
final_exponentiation = _PAIRING.final_exponentiation
