"""The two variants of the draft and their ready-made schemes.

``MinPk`` (minimal-pubkey-size: keys in G1, signatures in G2; Ethereum,
Chia, Filecoin) and ``MinSig`` (minimal-signature-size: signatures in G1,
keys in G2; drand quicknet). Each has ``Basic``, ``MessageAugmentation``
(alias ``Aug``) and ``ProofOfPossession`` (alias ``PoP``) with the draft's
ciphersuite IDs as domain separation tags:

>>> from pybls.sig import MinPk, MinSig
>>> MinPk.PoP.dst
b'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'
>>> MinPk.PoP.pop_dst
b'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'
>>> MinSig.Basic.dst
b'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_'
>>> MinPk.Aug is MinPk.MessageAugmentation
True
"""

from __future__ import annotations

from typing import Any, Dict, Tuple, Type

from . import values as _values
from .curve import SigCurve, default_curve, sig_curve
from .schemes import AugScheme, BasicScheme, PoPScheme
from .values import value_classes
from ..errors import ArgumentError

__all__ = ["Variant", "MinPk", "MinSig", "variant_of", "VARIANT_NAMES"]

#: The variants, by name: where public keys live ("MinPk": G1, "MinSig": G2).
VARIANT_NAMES = ("MinPk", "MinSig")


class Variant:
    """A choice of groups on one curve: where public keys and signatures live.

    Made once per curve and name by :func:`variant_of` (or
    :func:`pybls.sig.for_curve`); ``MinPk`` and ``MinSig`` of this module
    are BLS12-381's.

    >>> from pybls.sig import MinPk, MinSig
    >>> MinPk.PoP.dst, MinSig.Basic.dst      # draft-irtf-cfrg-bls-signature's ciphersuite IDs
    (b'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_', b'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_')
    """

    __slots__ = ("name", "curve", "PublicKey", "Signature", "Basic", "Aug", "PoP")

    name: str
    curve: SigCurve
    # The classes are named through the module: in the class body, PublicKey
    # and Signature are these attributes.
    PublicKey: Type[_values.PublicKey]
    Signature: Type[_values.Signature]
    Basic: BasicScheme
    Aug: AugScheme
    PoP: PoPScheme

    def __init__(self, curve: SigCurve, name: str) -> None:
        if name not in VARIANT_NAMES:
            raise ArgumentError(f"a variant is one of {', '.join(VARIANT_NAMES)}, not {name!r}")
        self.name = name
        self.curve = curve
        sig_group = "G2" if name == "MinPk" else "G1"
        # Raises UnsupportedCurveError if the curve does not hash to sig_group.
        suite = curve.hash_suite(sig_group).encode()
        self.PublicKey, self.Signature = value_classes(curve, name)
        self.Basic = BasicScheme(self, b"BLS_SIG_" + suite + b"NUL_")
        self.Aug = AugScheme(self, b"BLS_SIG_" + suite + b"AUG_")
        self.PoP = PoPScheme(self, b"BLS_SIG_" + suite + b"POP_", b"BLS_POP_" + suite + b"POP_")

    @property
    def label(self) -> str:
        """The variant's name, prefixed with its curve's unless BLS12-381:
        ``"MinPk"``, ``"bn254.MinSig"``."""
        return self.name if self.curve is default_curve() else f"{self.curve.key}.{self.name}"

    @property
    def MessageAugmentation(self) -> AugScheme:
        """The Message Augmentation scheme (same object as ``Aug``)."""
        return self.Aug

    @property
    def ProofOfPossession(self) -> PoPScheme:
        """The Proof of Possession scheme (same object as ``PoP``)."""
        return self.PoP

    def scheme(self, kind: str) -> Any:
        """The scheme named `kind`: ``"Basic"``, ``"Aug"`` (or
        ``"MessageAugmentation"``), ``"PoP"`` (or ``"ProofOfPossession"``);
        the names are compared without case."""
        k = _KINDS.get(kind.lower()) if isinstance(kind, str) else None
        if k is None:
            raise ArgumentError(f"a scheme is Basic, Aug or PoP, not {kind!r}")
        return getattr(self, k)

    def __repr__(self) -> str:
        where = "" if self.curve is default_curve() else f" on {self.curve.name}"
        return f"<variant {self.name}{where}: public keys in {self.PublicKey.GROUP.__name__}, " \
               f"signatures in {self.Signature.GROUP.__name__}>"

    def __reduce__(self) -> Any:
        if self.curve is default_curve():
            return self.name  # pickled by reference to the module attribute
        return (variant_of, (self.curve.key, self.name))


_KINDS = {"basic": "Basic", "aug": "Aug", "messageaugmentation": "Aug", "pop": "PoP", "proofofpossession": "PoP"}
_MADE: Dict[Tuple[str, str], Variant] = {}


def variant_of(curve: Any, name: str) -> Variant:
    """The variant `name` ("MinPk" or "MinSig") on `curve` (a curve module,
    its name or None for BLS12-381), made once;
    :class:`~pybls.errors.UnsupportedCurveError` if the curve does not hash
    to the variant's signature group.

    >>> from pybls import bn254
    >>> variant_of(bn254, "MinSig").Basic.dst
    b'BLS_SIG_BN254G1_XMD:SHA-256_SVDW_RO_NUL_'
    >>> variant_of(None, "MinPk") is MinPk
    True
    """
    c = sig_curve(curve)
    v = _MADE.get((c.key, name))
    if v is None:
        v = _MADE[(c.key, name)] = Variant(c, name)
    return v


#: Minimal-pubkey-size: public keys in G1 (48 bytes), signatures in G2 (96 bytes).
MinPk = variant_of(None, "MinPk")
#: Minimal-signature-size: signatures in G1 (48 bytes), public keys in G2 (96 bytes).
MinSig = variant_of(None, "MinSig")
