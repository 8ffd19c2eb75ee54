"""BN462: the BN curve of the CFRG pairing-friendly-curves draft for 128-bit
security after the exTNFS attacks (also mcl's "BN462").

E: y² = x³ + 5 over a 462-bit Fp, u = 2¹¹⁴ + 2¹⁰¹ − 2¹⁴ − 1; all its points
have the prime order r, of 462 bits too, so scalars take 58 bytes (the
draft's n_s). G2 is the order-r subgroup of the twist
E': y² = x³ + 5/(2 + u) over Fp2 = Fp[u]/(u² + 1). The classes have the API
of every curve module. The draft defines no serialization for BN462 (58
bytes leave two spare bits), so the encodings are mcl's default
serialization, which :mod:`pybls.bn254_nogami` describes, over 58-byte
coordinates: G1 takes 58 bytes compressed (the default) and 116
uncompressed, G2 116 and 232.

``generator()`` gives the draft's base points. Pairing values are
f^((p¹² − 1)/r), the draft's test vector itself (the draft notes that
libraries such as mcl output it raised to 2u(6u² + 3u + 1)).
``G1.hash_to_curve`` and ``G1.encode_to_curve`` follow RFC 9380 with
expand_message_xmd over SHA-256 and the Shallue–van de Woestijne map
(Z = 1, the first candidate of RFC 9380's find_z_svdw): the suites
``BN462G1_XMD:SHA-256_SVDW_RO_`` and ``_NU_``; ``G2.hash_to_curve`` and
``G2.encode_to_curve`` map to the twist over Fp2 with the same map (Z = 1
again), then clear the cofactor as [u]Q + ψ([3u]Q) + ψ²([u]Q) + ψ³(Q), as
on BN254: ``BN462G2_XMD:SHA-256_SVDW_RO_`` and ``_NU_``. So every
signature variant of :mod:`pybls.sig` runs on this curve.

>>> from pybls import bn462
>>> g = bn462.G1.generator()
>>> len(g.to_bytes()), len(bn462.G2.generator().to_bytes()), len(bn462.Scalar(1).to_bytes())
(58, 116, 58)
>>> bn462.G1.from_bytes(g.to_bytes()) == g
True
>>> q = bn462.G2.generator()
>>> bn462.pairing(g * 3, q) == bn462.pairing(g, q * 3) == bn462.GT.generator() ** 3
True
>>> H = bn462.G1.hash_to_curve(b"message", b"MY-APP-V01-CS01-with-BN462G1_XMD:SHA-256_SVDW_RO_")
>>> H.is_on_curve() and H == bn462.G1.hash_to_curve(b"message", b"MY-APP-V01-CS01-with-BN462G1_XMD:SHA-256_SVDW_RO_")
True
>>> bn462.G2.hash_to_curve(b"message", b"MY-APP-V01-CS01-with-BN462G2_XMD:SHA-256_SVDW_RO_").in_subgroup()
True
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ._curve_module import CURVE_API, CurveCore, G1Point, G2Point, GTElement, Pairing, ScalarField

__all__ = [*CURVE_API]

#: The base field modulus p = 36u⁴ + 36u³ + 24u² + 6u + 1, u = 2¹¹⁴ + 2¹⁰¹ − 2¹⁴ − 1.
FIELD_MODULUS = 0x240480360120023FFFFFFFFFF6FF0CF6B7D9BFCA0000000000D812908F41C8020FFFFFFFFFF6FF66FC6FF687F640000000002401B00840138013
#: The group order r = 36u⁴ + 36u³ + 18u² + 6u + 1.
CURVE_ORDER = 0x240480360120023FFFFFFFFFF6FF0CF6B7D9BFCA0000000000D812908EE1C201F7FFFFFFFFF6FF66FC7BF717F7C0000000002401B007E010800D

#: RFC 9380's hash-to-curve suite (random oracle) of each group.
HASH_SUITES: Mapping[str, str] = MappingProxyType({
    "G1": "BN462G1_XMD:SHA-256_SVDW_RO_",
    "G2": "BN462G2_XMD:SHA-256_SVDW_RO_",
})

_CORE = CurveCore("bn462", "BN462", modulus=FIELD_MODULUS, order=CURVE_ORDER)


class Scalar(ScalarField, core=_CORE):
    """An element of Fr, the integers modulo this curve's 462-bit r
    (58-byte big-endian encodings).

    >>> Scalar.R.bit_length(), len(Scalar(-1).to_bytes()), int(Scalar(-1)) == Scalar.R - 1
    (462, 58, True)
    """

    __slots__ = ()


class G1(G1Point, core=_CORE):
    """A point of G1 = E(Fp): y² = x³ + 5; affine coordinates are ints.

    >>> P = G1.generator()                          # the draft's base point
    >>> hex(P.to_affine()[0])[:20], len(P.to_bytes()), len(P.to_bytes(compressed=False))
    ('0x21a6d67ef250191fad', 58, 116)
    """

    __slots__ = ()


class G2(G2Point, core=_CORE):
    """A point of G2 ⊂ E'(Fp2): y² = x³ + 5/(2 + u); affine coordinates are
    pairs ``(c0, c1)`` for ``c0 + c1·u``.

    >>> Q = G2.generator()
    >>> len(Q.to_bytes()), G2.from_bytes(Q.to_bytes()) == Q, (Q * Scalar.R).is_identity()
    (116, True, True)
    """

    __slots__ = ()


class GT(GTElement, core=_CORE):
    """An element of the target group GT ⊂ Fp12 (696-byte encodings: the
    twelve coefficients of the tower, highest first, 58 bytes big-endian
    each).

    >>> e = pairing(G1.generator(), G2.generator())
    >>> len(e.to_bytes()), GT.from_bytes(e.to_bytes()) == e, e ** 2 == pairing(G1.generator() * 2, G2.generator())
    (696, True, True)
    """

    __slots__ = ()


_PAIRING: Pairing[G1, G2, GT] = Pairing(_CORE.binding, G1, G2, GT)


# The curve's pairing functions (see pybls.pairing.Pairing).
pairing = _PAIRING.pairing
pairing_product = _PAIRING.pairing_product
pairing_check = _PAIRING.pairing_check
miller_loop = _PAIRING.miller_loop
final_exponentiation = _PAIRING.final_exponentiation
