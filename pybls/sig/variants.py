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

from typing import Type

from . import values as _values
from .schemes import AugScheme, BasicScheme, PoPScheme
from .values import (
    MinPkPublicKey,
    MinPkSignature,
    MinSigPublicKey,
    MinSigSignature,
    PublicKey,
    Signature,
)

__all__ = ["Variant", "MinPk", "MinSig"]


class Variant:
    """A choice of groups: where public keys and signatures live."""

    __slots__ = ("name", "PublicKey", "Signature", "Basic", "Aug", "PoP")

    name: str
    # The classes are named through the module: in the class body, PublicKey
    # and Signature are these attributes.
    PublicKey: Type[_values.PublicKey]
    Signature: Type[_values.Signature]
    Basic: BasicScheme
    Aug: AugScheme
    PoP: PoPScheme

    def __init__(self, name: str, pk_cls: Type[_values.PublicKey], sig_cls: Type[_values.Signature]) -> None:
        self.name = name
        self.PublicKey = pk_cls
        self.Signature = sig_cls
        suite = b"BLS12381" + sig_cls.GROUP.__name__.encode() + b"_XMD:SHA-256_SSWU_RO_"
        self.Basic = BasicScheme(self, b"BLS_SIG_" + suite + b"NUL_")
        self.Aug = AugScheme(self, b"BLS_SIG_" + suite + b"AUG_")
        self.PoP = PoPScheme(self, b"BLS_SIG_" + suite + b"POP_", b"BLS_POP_" + suite + b"POP_")

    @property
    def MessageAugmentation(self) -> AugScheme:
        """The Message Augmentation scheme (same object as ``Aug``)."""
        return self.Aug

    @property
    def ProofOfPossession(self) -> PoPScheme:
        """The Proof of Possession scheme (same object as ``PoP``)."""
        return self.PoP

    def __repr__(self) -> str:
        return f"<variant {self.name}: public keys in {self.PublicKey.GROUP.__name__}, " \
               f"signatures in {self.Signature.GROUP.__name__}>"

    def __reduce__(self) -> str:
        return self.name  # pickled by reference to the module attribute


#: Minimal-pubkey-size: public keys in G1 (48 bytes), signatures in G2 (96 bytes).
MinPk = Variant("MinPk", MinPkPublicKey, MinPkSignature)
#: Minimal-signature-size: signatures in G1 (48 bytes), public keys in G2 (96 bytes).
MinSig = Variant("MinSig", MinSigPublicKey, MinSigSignature)
