"""The signature schemes of any curve.

:func:`for_curve` gives a curve's schemes with the names BLS12-381's have
in :mod:`pybls.sig` (``MinPk``, ``MinSig``, each with ``Basic``, ``Aug``,
``PoP``), and its own :meth:`~CurveSchemes.key_gen`; :func:`scheme` picks
one by name. Ciphersuite IDs follow the draft's pattern with RFC 9380's
suite of the signature group:

>>> from pybls import sig, bn254
>>> bls = sig.for_curve(bn254)
>>> bls.MinPk.PoP.dst
b'BLS_SIG_BN254G2_XMD:SHA-256_SVDW_RO_POP_'
>>> sk = bls.key_gen(b"\\x07" * 32)
>>> pk, s = bls.MinSig.Basic.sk_to_pk(sk), bls.MinSig.Basic.sign(sk, b"msg")
>>> len(pk.to_bytes()), len(s.to_bytes())
(128, 64)
>>> bls.MinSig.Basic.verify(pk, b"msg", s)
True
>>> sig.scheme("bn254", "MinSig", "PoP") is bls.MinSig.PoP
True
>>> sig.for_curve(None).MinPk is sig.MinPk
True

A curve that cannot hash to a variant's signature group has no schemes
in that variant, and says so:

>>> from pybls import bn254_nogami
>>> sig.for_curve(bn254_nogami).MinPk
Traceback (most recent call last):
...
pybls.errors.UnsupportedCurveError: BN254 (Nogami) has no hash to G2 (pybls.bn254_nogami lists no hash-to-curve suite for it), so it has no BLS signatures in G2
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Dict, List, Optional, Tuple

from ..errors import ArgumentError, UnsupportedCurveError
from .curve import CurveLike, SigCurve, sig_curve
from .keys import SecretKey, key_gen
from .variants import VARIANT_NAMES, Variant, variant_of

__all__ = ["CurveSchemes", "for_curve", "scheme", "ciphersuites"]

_MADE: Dict[str, "CurveSchemes"] = {}


class CurveSchemes:
    """The signature schemes of one curve (made by :func:`for_curve`).

    >>> from pybls import bn254
    >>> bls = for_curve(bn254).MinSig.Basic
    >>> bls.dst
    b'BLS_SIG_BN254G1_XMD:SHA-256_SVDW_RO_NUL_'
    """

    __slots__ = ("_curve",)
    _curve: SigCurve

    def __init__(self, curve: SigCurve) -> None:
        self._curve = curve

    @property
    def curve(self) -> ModuleType:
        """The curve's module."""
        return self._curve.module

    @property
    def MinPk(self) -> Variant:
        """Public keys in G1, signatures in G2 (needs a hash to G2)."""
        return variant_of(self._curve, "MinPk")

    @property
    def MinSig(self) -> Variant:
        """Signatures in G1, public keys in G2 (needs a hash to G1)."""
        return variant_of(self._curve, "MinSig")

    def variant(self, name: str) -> Variant:
        """The variant called `name`, ``"MinPk"`` or ``"MinSig"``."""
        if name not in VARIANT_NAMES:
            raise ArgumentError(f"a variant is one of {', '.join(VARIANT_NAMES)}, not {name!r}")
        return variant_of(self._curve, name)

    @property
    def variants(self) -> Tuple[Variant, ...]:
        """The variants the curve has (those whose signature group it hashes to)."""
        found = []
        for name in VARIANT_NAMES:
            try:
                found.append(variant_of(self._curve, name))
            except UnsupportedCurveError:
                pass
        return tuple(found)

    def key_gen(self, ikm: Any, key_info: Any = b"") -> SecretKey:
        """The draft's KeyGen for this curve (see :func:`pybls.sig.key_gen`)."""
        return key_gen(ikm, key_info, curve=self._curve)

    def __repr__(self) -> str:
        return f"<BLS signatures on {self._curve.name}>"

    def __reduce__(self) -> Any:
        return (for_curve, (self._curve.key,))


def for_curve(curve: CurveLike = None) -> CurveSchemes:
    """The signature schemes of `curve`: a curve module (:mod:`pybls.bn254`,
    ...), its name as :func:`pybls.curves.get` knows it, or None for
    BLS12-381. One object per curve.

    >>> from pybls import bn254, sig
    >>> schemes = for_curve("alt_bn128")
    >>> schemes is for_curve(bn254), for_curve(None).MinPk is sig.MinPk
    (True, True)
    >>> sk = sig.key_gen(b"\x07" * 32, curve=bn254)
    >>> bls = schemes.MinPk.PoP
    >>> bls.verify(bls.sk_to_pk(sk), b"msg", bls.sign(sk, b"msg"))
    True
    """
    c = sig_curve(curve)
    made = _MADE.get(c.key)
    if made is None:
        made = _MADE[c.key] = CurveSchemes(c)
    return made


def scheme(curve: CurveLike, variant: str, kind: str) -> Any:
    """The scheme `kind` (``"Basic"``, ``"Aug"``, ``"PoP"``) of `variant`
    (``"MinPk"``, ``"MinSig"``) on `curve`, as ``for_curve(curve).<variant>.<kind>``.

    >>> scheme(None, "MinPk", "PoP").dst
    b'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'
    """
    return for_curve(curve).variant(variant).scheme(kind)


def ciphersuites(curve: CurveLike = None) -> List[Tuple[str, str, bytes, Optional[bytes]]]:
    """Every ciphersuite of `curve`: ``(variant, scheme, ID, proof-of-possession ID or None)``.

    >>> [cs[2] for cs in ciphersuites("bn254") if cs[1] == "Basic"]
    [b'BLS_SIG_BN254G2_XMD:SHA-256_SVDW_RO_NUL_', b'BLS_SIG_BN254G1_XMD:SHA-256_SVDW_RO_NUL_']
    """
    out: List[Tuple[str, str, bytes, Optional[bytes]]] = []
    for v in for_curve(curve).variants:
        for s in (v.Basic, v.Aug, v.PoP):
            out.append((v.name, s.NAME, s.dst, getattr(s, "pop_dst", None)))
    return out
