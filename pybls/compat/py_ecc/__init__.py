"""A drop-in replacement for the BLS ciphersuites of ``py_ecc.bls``.

Code written for py_ecc (as in the Ethereum consensus specs) runs unchanged
on pybls by changing one import:

>>> from pybls.compat.py_ecc import G2ProofOfPossession as bls
>>> sk = bls.KeyGen(b"\\x01" * 32)
>>> pk = bls.SkToPk(sk)
>>> sig = bls.Sign(sk, b"hello")
>>> bls.Verify(pk, b"hello", sig), bls.Verify(pk, b"other", sig)
(True, False)
>>> len(pk), len(sig), type(pk)
(48, 96, <class 'bytes'>)
>>> bls.FastAggregateVerify([pk, pk], b"hello", bls.Aggregate([sig, sig]))
True
>>> bls.Verify(b"\\xc0" + bytes(47), b"hello", sig)  # infinity public key
False

The three ciphersuites ``G2Basic``, ``G2MessageAugmentation`` and
``G2ProofOfPossession`` (minimal-pubkey-size: 48-byte public keys in G1,
96-byte signatures in G2) have py_ecc 8's names, class methods, ``DST``
(and ``POP_TAG``) attributes, types (secret keys are ``int``; public keys
and signatures are ``bytes``, typed ``BLSPubkey`` / ``BLSSignature``) and
behaviour on invalid input:

* ``SkToPk``, ``Sign``, ``PopProve``: :class:`ValidationError` for a secret
  key that is not an ``int`` in ``[1, r)`` or a message that is not
  ``bytes``.
* ``Aggregate``: :class:`ValidationError` for an empty list or an argument
  that is not 96 bytes, :class:`ValueError` for bytes that are not a point on
  the curve (no subgroup check, as in py_ecc).
* ``_AggregatePKs``: :class:`ValidationError` for an empty list,
  :class:`ValueError` for undecodable bytes.
* ``Verify``, ``AggregateVerify``, ``FastAggregateVerify``, ``PopVerify``,
  ``KeyValidate``: ``False`` for every invalid key, signature or message
  (wrong length, infinity public key, point off the curve or outside the
  subgroup, empty lists, duplicate messages under ``G2Basic``).
* Arguments of an unexpected Python type that py_ecc lets through to an
  operation raising :class:`TypeError` (say ``None`` as a public key of
  ``G2MessageAugmentation.Verify``) raise :class:`TypeError` here too.

:class:`ValidationError` is ``eth_utils.ValidationError`` when eth_utils is
installed (it is a dependency of py_ecc), so ``except`` clauses written for
py_ecc keep working; otherwise it is a class of the same name defined here.
Decoding errors are pybls's :mod:`~pybls.errors` classes, which derive from
:class:`ValueError`.

The curve arithmetic, hashing and pairings are pybls's C core: signing
multiplies by the secret in constant time, verification uses one
product of pairings with a shared final exponentiation.
"""

from __future__ import annotations

import hashlib
from abc import ABC, abstractmethod
from typing import Any, NewType, Sequence

from ... import G1, G2, Scalar, pairing_product
from ...eip2333 import CURVE_ORDER, hkdf_mod_r
from ..._convert import as_bytes

try:  # the types and exception py_ecc uses, when they are installed
    from eth_typing import BLSPubkey, BLSSignature
except ImportError:  # pragma: no cover - depends on the environment
    # (a fallback for the names imported above, hence the ignores)
    BLSPubkey = NewType("BLSPubkey", bytes)  # type: ignore[misc, no-redef]
    BLSSignature = NewType("BLSSignature", bytes)  # type: ignore[misc, no-redef]

try:
    from eth_utils.exceptions import ValidationError  # where it is defined (eth_utils re-exports it)
except ImportError:  # pragma: no cover - depends on the environment

    class ValidationError(Exception):  # type: ignore[no-redef]
        """Invalid input to a ciphersuite operation (as ``eth_utils.ValidationError``).

        >>> from pybls.compat.py_ecc import G2Basic, ValidationError
        >>> try:
        ...     G2Basic.SkToPk(0)
        ... except ValidationError as e:
        ...     print(e)
        Invalid private key
        """


__all__ = [
    "BaseG2Ciphersuite",
    "G2Basic",
    "G2MessageAugmentation",
    "G2ProofOfPossession",
    "BLSPubkey",
    "BLSSignature",
    "ValidationError",
]

# ---------------------------------------------------------------------------
# Encodings with py_ecc's acceptance rules.
#
# py_ecc reads a public key of any length as one big-endian integer and only
# looks at its low 384 bits: bit 383 is the compression flag, bit 382 the
# infinity flag, bit 381 the sign flag, the rest the x coordinate. A point
# whose x is zero counts as infinity (and so needs the infinity flag), even
# though x = 0 is the abscissa of a curve point. Everything else (x below p,
# x on the curve, the choice of y) agrees with the ZCash rules the core
# implements, so those checks are left to the core.

_BITS_381 = (1 << 381) - 1
_BITS_384 = (1 << 384) - 1


def _check_flags(z1: int, rest_is_zero: bool) -> None:
    if not (z1 >> 383) & 1:
        raise ValueError("compression flag must be set")
    infinity = (z1 & _BITS_381) == 0 and rest_is_zero
    if bool((z1 >> 382) & 1) != infinity:
        raise ValueError("the infinity flag does not match the coordinates")
    if infinity and (z1 >> 381) & 1:
        raise ValueError("the point at infinity must have a sign flag of 0")


def _pubkey_to_point(pubkey: Any) -> G1:
    """Decode a public key as py_ecc's ``pubkey_to_G1`` (no subgroup check)."""
    z = int.from_bytes(pubkey, "big") & _BITS_384  # TypeError for non-bytes
    _check_flags(z, True)
    return G1.from_bytes(z.to_bytes(48, "big"), subgroup_check=False)


def _signature_to_point(signature: Any) -> G2:
    """Decode a signature as py_ecc's ``signature_to_G2`` (no subgroup check)."""
    z1 = int.from_bytes(signature[:48], "big")
    z2 = int.from_bytes(signature[48:], "big")
    _check_flags(z1 & _BITS_384, z2 == 0)
    return G2.from_bytes(bytes(signature), subgroup_check=False)


def _point_to_pubkey(point: G1) -> BLSPubkey:
    return BLSPubkey(point.to_bytes())


def _point_to_signature(point: G2) -> BLSSignature:
    return BLSSignature(point.to_bytes())


_G1_GEN = G1.generator()
_G1_NEG_GEN = -_G1_GEN


# ---------------------------------------------------------------------------
# Ciphersuites


class BaseG2Ciphersuite(ABC):
    """What the three minimal-pubkey-size ciphersuites share (as in py_ecc).

    Public keys are ``SK * G1.generator()`` in the ZCash encoding (so the
    key of 1 is the generator as the IRTF pairing-friendly-curves draft
    encodes it); ``KeyValidate`` refuses the point at infinity:

    >>> [c.__name__ for c in BaseG2Ciphersuite.__subclasses__()]
    ['G2Basic', 'G2MessageAugmentation', 'G2ProofOfPossession']
    >>> G2Basic.SkToPk(1).hex()[:32]
    '97f1d3a73197d7942695638c4fa9ac0f'
    >>> G2Basic.KeyValidate(G2Basic.SkToPk(1)), G2Basic.KeyValidate(b"\\xc0" + bytes(47))
    (True, False)
    """

    DST = b""
    xmd_hash_function = hashlib.sha256

    # -- input checks --------------------------------------------------------

    @staticmethod
    def _is_valid_privkey(privkey: int) -> bool:
        return isinstance(privkey, int) and 0 < privkey < CURVE_ORDER

    @staticmethod
    def _is_valid_pubkey(pubkey: bytes) -> bool:
        return isinstance(pubkey, bytes) and len(pubkey) == 48

    @staticmethod
    def _is_valid_message(message: bytes) -> bool:
        return isinstance(message, bytes)

    @staticmethod
    def _is_valid_signature(signature: bytes) -> bool:
        return isinstance(signature, bytes) and len(signature) == 96

    @classmethod
    def _hash(cls, message: bytes, DST: bytes) -> G2:
        if len(DST) > 255:
            raise ValueError("DST must be <= 255 bytes")
        return G2._hash_to_curve_any_dst(message, as_bytes(DST, "DST"))

    # -- keys ---------------------------------------------------------------

    @classmethod
    def SkToPk(cls, privkey: int) -> BLSPubkey:
        """The 48-byte public key of the secret key `privkey` (an int in [1, r)).

        Raises :class:`ValidationError` for any other secret key.
        """
        if not cls._is_valid_privkey(privkey):
            raise ValidationError("Invalid private key")
        return _point_to_pubkey(_G1_GEN * Scalar(int(privkey)))

    @classmethod
    def KeyGen(cls, IKM: bytes, key_info: bytes = b"") -> int:
        """A secret key from input key material: the draft's HKDF-based KeyGen.

        Like py_ecc, no minimum length is enforced on `IKM` (the draft asks
        for at least 32 bytes of entropy).
        """
        return hkdf_mod_r(IKM, key_info)

    @staticmethod
    def KeyValidate(PK: BLSPubkey) -> bool:
        """True if `PK` decodes to a point of G1 other than the identity."""
        try:
            point = _pubkey_to_point(PK)
        except (ValidationError, ValueError, AssertionError):
            return False
        return not point.is_identity() and point.in_subgroup()

    # -- core operations ----------------------------------------------------

    @classmethod
    def _CoreSign(cls, SK: int, message: bytes, DST: bytes) -> BLSSignature:
        if not cls._is_valid_privkey(SK):
            raise ValidationError("Invalid secret key")
        if not cls._is_valid_message(message):
            raise ValidationError("Invalid message")
        return _point_to_signature(cls._hash(message, DST) * Scalar(int(SK)))

    @classmethod
    def _CoreVerify(cls, PK: BLSPubkey, message: bytes, signature: BLSSignature, DST: bytes) -> bool:
        try:
            if not cls._is_valid_pubkey(PK):
                raise ValidationError("Invalid public key")
            if not cls._is_valid_message(message):
                raise ValidationError("Invalid message")
            if not cls._is_valid_signature(signature):
                raise ValidationError("Invalid signature")
            if not cls.KeyValidate(PK):
                raise ValidationError("Invalid public key")
            sig_point = _signature_to_point(signature)
            if not sig_point.in_subgroup():
                return False
            pk_point = _pubkey_to_point(PK)
            return pairing_product([(_G1_GEN, sig_point), (-pk_point, cls._hash(message, DST))]).is_one()
        except (ValidationError, ValueError, AssertionError):
            return False

    @classmethod
    def Aggregate(cls, signatures: Sequence[BLSSignature]) -> BLSSignature:
        """The sum of `signatures` (at least one, each 96 bytes).

        Raises :class:`ValidationError` for an empty list or a wrong length
        and :class:`ValueError` for bytes that do not encode a curve point.
        """
        if len(signatures) < 1:
            raise ValidationError("Insufficient number of signatures. (n < 1)")
        for signature in signatures:
            if not cls._is_valid_signature(signature):
                raise ValidationError("Invalid signature")
        total = G2.identity()
        for signature in signatures:
            total = total + _signature_to_point(signature)
        return _point_to_signature(total)

    @classmethod
    def _CoreAggregateVerify(
        cls,
        PKs: Sequence[BLSPubkey],
        messages: Sequence[bytes],
        signature: BLSSignature,
        DST: bytes,
    ) -> bool:
        try:
            for pk in PKs:
                if not cls._is_valid_pubkey(pk):
                    raise ValidationError("Invalid public key")
            for message in messages:
                if not cls._is_valid_message(message):
                    raise ValidationError("Invalid message")
            if len(PKs) != len(messages):
                raise ValidationError("Inconsistent number of PKs and messages")
            if not cls._is_valid_signature(signature):
                raise ValidationError("Invalid signature")
            if len(PKs) < 1:
                raise ValidationError("Insufficient number of PKs. (n < 1)")

            sig_point = _signature_to_point(signature)
            if not sig_point.in_subgroup():
                return False
            pairs = []
            for pk, message in zip(PKs, messages):
                if not cls.KeyValidate(pk):
                    raise ValidationError("Invalid public key")
                pairs.append((_pubkey_to_point(pk), cls._hash(message, DST)))
            pairs.append((_G1_NEG_GEN, sig_point))
            return pairing_product(pairs).is_one()
        except (ValidationError, ValueError, AssertionError):
            return False

    # -- the scheme API -----------------------------------------------------

    @classmethod
    def Sign(cls, SK: int, message: bytes) -> BLSSignature:
        """The 96-byte signature of `message` under the secret key `SK`."""
        return cls._CoreSign(SK, message, cls.DST)

    @classmethod
    def Verify(cls, PK: BLSPubkey, message: bytes, signature: BLSSignature) -> bool:
        """True if `signature` is valid for `message` under `PK`; never raises for bad bytes."""
        return cls._CoreVerify(PK, message, signature, cls.DST)

    @classmethod
    @abstractmethod
    def AggregateVerify(
        cls,
        PKs: Sequence[BLSPubkey],
        messages: Sequence[bytes],
        signature: BLSSignature,
    ) -> bool:
        """True if `signature` aggregates signatures of each message by its key."""


class G2Basic(BaseG2Ciphersuite):
    """The basic scheme: AggregateVerify requires distinct messages.

    >>> G2Basic.DST
    b'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_'
    >>> pks = [G2Basic.SkToPk(5), G2Basic.SkToPk(7)]
    >>> agg = G2Basic.Aggregate([G2Basic.Sign(5, b"a"), G2Basic.Sign(7, b"b")])
    >>> G2Basic.AggregateVerify(pks, [b"a", b"b"], agg)
    True
    >>> same = G2Basic.Aggregate([G2Basic.Sign(5, b"a"), G2Basic.Sign(7, b"a")])
    >>> G2Basic.AggregateVerify(pks, [b"a", b"a"], same)
    False
    """

    DST = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_"

    @classmethod
    def AggregateVerify(
        cls,
        PKs: Sequence[BLSPubkey],
        messages: Sequence[bytes],
        signature: BLSSignature,
    ) -> bool:
        if len(messages) != len(set(messages)):
            return False
        return cls._CoreAggregateVerify(PKs, messages, signature, cls.DST)


class G2MessageAugmentation(BaseG2Ciphersuite):
    """Message augmentation: every message is signed prefixed with the public key.

    >>> from pybls import G2
    >>> pk = G2MessageAugmentation.SkToPk(5)
    >>> sig = G2MessageAugmentation.Sign(5, b"msg")
    >>> sig == bytes(G2.hash_to_curve(pk + b"msg", G2MessageAugmentation.DST) * 5)
    True
    >>> G2MessageAugmentation.DST
    b'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_'
    >>> G2MessageAugmentation.Verify(pk, b"msg", sig), G2Basic.Verify(pk, b"msg", sig)
    (True, False)
    """

    DST = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_"

    @classmethod
    def Sign(cls, SK: int, message: bytes) -> BLSSignature:
        PK = cls.SkToPk(SK)
        return cls._CoreSign(SK, PK + message, cls.DST)

    @classmethod
    def Verify(cls, PK: BLSPubkey, message: bytes, signature: BLSSignature) -> bool:
        return cls._CoreVerify(PK, PK + message, signature, cls.DST)

    @classmethod
    def AggregateVerify(
        cls,
        PKs: Sequence[BLSPubkey],
        messages: Sequence[bytes],
        signature: BLSSignature,
    ) -> bool:
        if len(PKs) != len(messages):
            return False
        augmented = [pk + message for pk, message in zip(PKs, messages)]
        return cls._CoreAggregateVerify(PKs, augmented, signature, cls.DST)


class G2ProofOfPossession(BaseG2Ciphersuite):
    """Proof of possession, the Ethereum consensus scheme.

    Public keys are validated (``KeyValidate``) wherever they are accepted,
    since the API cannot know whether their proofs were checked.

    A signature of the Ethereum consensus tests (ethereum/bls12-381-tests):

    >>> sk = 0x328388aff0d4a5b7dc9205abd374e7e98f3cd9f3418edb4eafda5fb16473d216
    >>> G2ProofOfPossession.Sign(sk, b"\\xab" * 32).hex() == (
    ...     "ae82747ddeefe4fd64cf9cedb9b04ae3e8a43420cd255e3c7cd06a8d88b7c7f8"
    ...     "638543719981c5d16fa3527c468c25f0026704a6951bde891360c7e8d12ddee0"
    ...     "559004ccdbe6046b55bae1b257ee97f7cdb955773d7cf29adf3ccbb9975e4eb9")
    True
    >>> pk = G2ProofOfPossession.SkToPk(sk)
    >>> G2ProofOfPossession.PopVerify(pk, G2ProofOfPossession.PopProve(sk))
    True
    >>> G2ProofOfPossession.PopVerify(pk, G2ProofOfPossession.Sign(sk, pk))  # not a proof: other DST
    False
    """

    DST = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"
    POP_TAG = b"BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"

    @classmethod
    def _is_valid_pubkey(cls, pubkey: bytes) -> bool:
        if not super()._is_valid_pubkey(pubkey):
            return False
        return cls.KeyValidate(BLSPubkey(pubkey))

    @classmethod
    def AggregateVerify(
        cls,
        PKs: Sequence[BLSPubkey],
        messages: Sequence[bytes],
        signature: BLSSignature,
    ) -> bool:
        return cls._CoreAggregateVerify(PKs, messages, signature, cls.DST)

    @classmethod
    def PopProve(cls, SK: int) -> BLSSignature:
        """A proof of possession of `SK`: its signature of its own public key."""
        pubkey = cls.SkToPk(SK)
        return cls._CoreSign(SK, pubkey, cls.POP_TAG)

    @classmethod
    def PopVerify(cls, PK: BLSPubkey, proof: BLSSignature) -> bool:
        """True if `proof` is a valid proof of possession for `PK`."""
        return cls._CoreVerify(PK, PK, proof, cls.POP_TAG)

    @staticmethod
    def _AggregatePKs(PKs: Sequence[BLSPubkey]) -> BLSPubkey:
        """The sum of the public keys `PKs` (at least one; not validated)."""
        if len(PKs) < 1:
            raise ValidationError("Insufficient number of PKs. (n < 1)")
        total = G1.identity()
        for pk in PKs:
            total = total + _pubkey_to_point(pk)
        return _point_to_pubkey(total)

    @classmethod
    def FastAggregateVerify(cls, PKs: Sequence[BLSPubkey], message: bytes, signature: BLSSignature) -> bool:
        """True if `signature` aggregates signatures of the same `message` by all `PKs`."""
        try:
            for pk in PKs:
                if not cls._is_valid_pubkey(pk):
                    raise ValidationError("Invalid public key")
            if not cls._is_valid_message(message):
                raise ValidationError("Invalid message")
            if not cls._is_valid_signature(signature):
                raise ValidationError("Invalid signature")
            if len(PKs) < 1:
                raise ValidationError("Insufficient number of PKs. (n < 1)")
            aggregate = cls._AggregatePKs(PKs)
        except (ValidationError, AssertionError):
            return False
        return cls.Verify(aggregate, message, signature)
