"""BLS48-581: the CFRG pairing-friendly-curves draft's curve for 256-bit
security.

E: y² = x³ + 1 over a 581-bit Fp, t = −1 + 2⁷ − 2¹⁰ − 2³⁰ − 2³²,
p = (t − 1)²(t¹⁶ − t⁸ + 1)/3 + t; G1 has the 518-bit prime order
r = t¹⁶ − t⁸ + 1 (scalars take 65 bytes) and cofactor
h = 0x85555841aaaec4ac. G2 is the order-r subgroup of the D-type sextic
twist E': y² = x³ − 1/w over Fp8, in the draft's tower
Fp2 = Fp[u]/(u² + 1), Fp4 = Fp2[v]/(v² + u + 1), Fp8 = Fp4[w]/(w² + v),
Fp24 = Fp8[z]/(z³ + w), Fp48 = Fp24[s]/(s² + z); GT lies in Fp48.

Coordinates in Fp8 are 8-tuples ``(c0, ..., c7)`` over the basis 1, u, v,
uv, w, uw, vw, uvw, as the draft lists them. Encodings are the draft's:

* an Fp element is 73 bytes big-endian, an Fp8 one its coefficients
  highest first (584 bytes);
* compressed (the default, 73 and 584 bytes): x, with ZCash's flag bits in
  the first byte: 0x80 compressed, 0x40 the identity, 0x20 when y is the
  larger root (its highest nonzero coefficient above (p − 1)/2);
* uncompressed (146 and 1168 bytes): x || y;
* GT: the 48 coefficients of the tower, highest first (3504 bytes).

Decoding checks canonical coordinates, the curve equation and the subgroup.
``generator()`` gives the draft's base points.

The pairing is the optimal ate pairing f_{t,Q}(P) raised to
3(p⁴⁸ − 1)/r: the draft's test vector itself (which, the draft's errata
note, is the cube of its pseudocode's (p⁴⁸ − 1)/r value; the factor 3 is
prime to r and shortens the final exponentiation, as on BLS12-381).

``hash_to_curve`` and ``encode_to_curve`` follow RFC 9380 at the 256-bit
level in both groups: expand_message_xmd over SHA-512, hash_to_field with
L = 105 (m = 1 for G1, m = 8 for G2), the Shallue–van de Woestijne map
and clearing by the cofactor:

* G1: the suites ``BLS48581G1_XMD:SHA-512_SVDW_RO_`` and ``_NU_``; Z = 2,
  sgn0 the parity, cleared by h;
* G2: the suites ``BLS48581G2_XMD:SHA-512_SVDW_RO_`` and ``_NU_``, the map
  of the twist over Fp8; Z = 2, sgn0 the parity of the first nonzero
  coefficient over 1, u, v, uv, w, uw, vw, uvw (which is also the order of
  hash_to_field's e_0, ..., e_7), cleared by h' = #E'(Fp8)/r (which the
  core computes through the endomorphism ψ: eight multiplications by t).

Each Z is the first candidate of RFC 9380's find_z_svdw (appendix H.1)
that suits its curve (1 fails on both), as build-scripts/svdw_z_bls48.py
derives. The expansion and the maps run in Python, in variable time (for
public messages). So :mod:`pybls.sig` has both variants on this curve,
MinPk (signatures in G2) and MinSig (signatures in G1).

>>> from pybls import bls48_581
>>> g, q = bls48_581.G1.generator(), bls48_581.G2.generator()
>>> len(g.to_bytes()), len(q.to_bytes()), len(bls48_581.Scalar(1).to_bytes())
(73, 584, 65)
>>> g.to_bytes().hex()[:16]
'a2af59b7ac340f2b'
>>> bls48_581.G2.from_bytes(q.to_bytes()) == q
True
>>> bls48_581.pairing(g * 3, q) == bls48_581.pairing(g, q * 3) == bls48_581.GT.generator() ** 3
True
>>> H = bls48_581.G1.hash_to_curve(b"message", b"MY-APP-V01-CS01-with-BLS48581G1_XMD:SHA-512_SVDW_RO_")
>>> H.in_subgroup() and H == bls48_581.G1.hash_to_curve(b"message", b"MY-APP-V01-CS01-with-BLS48581G1_XMD:SHA-512_SVDW_RO_")
True
>>> H2 = bls48_581.G2.hash_to_curve(b"message", b"MY-APP-V01-CS01-with-BLS48581G2_XMD:SHA-512_SVDW_RO_")
>>> H2.in_subgroup() and not H2.is_identity()
True
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from . import _lib
from ._svdw_fp8 import install as _install_g2_hashing
from ._svdw_sha512 import install as _install_hashing
from .gt import GTElement
from .pairing import Pairing
from .points import G1Point, G2Point
from .scalar import ScalarField

__all__ = [
    "G1", "G2", "GT", "Scalar", "pairing", "pairing_product", "pairing_check", "miller_loop", "final_exponentiation",
    "FIELD_MODULUS", "CURVE_ORDER", "T", "HASH_SUITES",
]

#: The BLS parameter t = −1 + 2⁷ − 2¹⁰ − 2³⁰ − 2³².
T = -1 + 2**7 - 2**10 - 2**30 - 2**32
#: The base field modulus p = (t − 1)²(t¹⁶ − t⁸ + 1)/3 + t (581 bits).
FIELD_MODULUS = (T - 1) ** 2 * (T**16 - T**8 + 1) // 3 + T
#: The group order r = t¹⁶ − t⁸ + 1 (518 bits).
CURVE_ORDER = T**16 - T**8 + 1

#: RFC 9380's hash-to-curve suite (random oracle) of each group it hashes to.
HASH_SUITES: Mapping[str, str] = MappingProxyType({
    "G1": "BLS48581G1_XMD:SHA-512_SVDW_RO_",
    "G2": "BLS48581G2_XMD:SHA-512_SVDW_RO_",
})
# The SvdW maps' Z: the first candidates of RFC 9380's find_z_svdw
# (build-scripts/svdw_z_bls48.py). On G1, 1 fails as -3/8 is not a square
# mod p; on G2, 1 fails as g(1) = 1 - 1/w is not a square in Fp8.
_SVDW_Z = 2
_SVDW_Z_G2 = 2
# E''s constant B = −1/w = (u − 1) vw / 2, over 1, u, v, uv, w, uw, vw, uvw
# (from w² = −v and v² = −(1 + u): 1/w = −w/v and 1/v = −v (1 − u)/2).
_TWIST_B = (0, 0, 0, 0, 0, 0, (FIELD_MODULUS - 1) // 2, (FIELD_MODULUS + 1) // 2)

_binding = _lib.curve_binding("bls48_581")
_CURVE_NAME = "BLS48-581"


class Scalar(ScalarField, binding=_binding, order=CURVE_ORDER):
    """An element of Fr, the integers modulo this curve's 518-bit r
    (65-byte big-endian encodings).

    >>> Scalar.R.bit_length(), len(Scalar(-1).to_bytes()), int(Scalar(-1)) == Scalar.R - 1
    (518, 65, True)
    """

    __slots__ = ()


class G1(G1Point, prefix="g1", binding=_binding, scalar=Scalar, modulus=FIELD_MODULUS, curve=_CURVE_NAME):
    """A point of G1 ⊂ E(Fp): y² = x³ + 1; affine coordinates are ints.

    >>> P = G1.generator()                          # the draft's base point
    >>> x, y = P.to_affine()
    >>> (y * y - x ** 3 - 1) % FIELD_MODULUS, len(P.to_bytes()), len(P.to_bytes(compressed=False))
    (0, 73, 146)
    >>> (P * Scalar.R).is_identity(), G1.from_bytes(P.to_bytes()) == P
    (True, True)
    """

    __slots__ = ()


# Hashing to G1 with SHA-512 and the SvdW map (pybls._svdw_sha512).
_install_hashing(G1, b=1, z=_SVDW_Z)


class G2(G2Point, prefix="g2", binding=_binding, scalar=Scalar, modulus=FIELD_MODULUS, curve=_CURVE_NAME):
    """A point of G2 ⊂ E'(Fp8): y² = x³ − 1/w; affine coordinates are
    8-tuples ``(c0, ..., c7)`` over 1, u, v, uv, w, uw, vw, uvw.

    >>> Q = G2.generator()
    >>> x, y = Q.to_affine()
    >>> len(x), hex(x[0])[:12], len(Q.to_bytes()), len(Q.to_bytes(compressed=False))
    (8, '0x5d615d9a78', 584, 1168)
    >>> G2.from_affine(x, y) == Q, (Q * Scalar.R).is_identity()
    (True, True)
    """

    __slots__ = ()


# Hashing to G2 with SHA-512 and the SvdW map over Fp8 (pybls._svdw_fp8).
_install_g2_hashing(G2, b=_TWIST_B, z=_SVDW_Z_G2)


class GT(GTElement, binding=_binding, scalar=Scalar, curve=_CURVE_NAME):
    """An element of the target group GT ⊂ Fp48 (3504-byte encodings: the
    48 coefficients of the tower, highest first, 73 bytes big-endian each).

    >>> e = pairing(G1.generator(), G2.generator())
    >>> len(e.to_bytes()), GT.from_bytes(e.to_bytes()) == e, e ** 2 == pairing(G1.generator() * 2, G2.generator())
    (3504, True, True)
    """

    __slots__ = ()


_PAIRING: Pairing[G1, G2, GT] = Pairing(_binding, G1, G2, GT)


# The curve's pairing functions (see pybls.pairing.Pairing).
pairing = _PAIRING.pairing
pairing_product = _PAIRING.pairing_product
pairing_check = _PAIRING.pairing_check
miller_loop = _PAIRING.miller_loop
final_exponentiation = _PAIRING.final_exponentiation
