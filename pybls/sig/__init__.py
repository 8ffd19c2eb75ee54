"""BLS signatures (draft-irtf-cfrg-bls-signature-05) on BLS12-381 and on
every other curve that hashes to the signature group.

Two variants, ``MinPk`` (public keys in G1, signatures in G2: Ethereum's
choice) and ``MinSig`` (signatures in G1: drand quicknet), each with the
three schemes ``Basic``, ``Aug`` (Message Augmentation) and ``PoP`` (Proof of
Possession), ready to use with the draft's ciphersuite tags:

>>> from pybls.sig import MinPk, key_gen
>>> bls = MinPk.PoP
>>> sk = key_gen(b"\\x2a" * 32)
>>> pk = bls.sk_to_pk(sk)
>>> sig = bls.sign(sk, b"message")
>>> bls.verify(pk, b"message", sig)
True
>>> len(pk.to_bytes()), len(sig.to_bytes())
(48, 96)
>>> sk2 = key_gen(b"\\x2b" * 32)
>>> agg = bls.aggregate([sig, bls.sign(sk2, b"message")])
>>> bls.fast_aggregate_verify([pk, bls.sk_to_pk(sk2)], b"message", agg)
True
>>> bls.aggregate_verify([pk, bls.sk_to_pk(sk2)], [b"message", b"message"], agg)
True

Every scheme runs on any curve that hashes to its signature group
(:func:`for_curve`, :func:`scheme`), with ciphersuite IDs built from the
curve's hash-to-curve suite; without a curve, BLS12-381:

>>> from pybls import sig, bn254
>>> on_bn254 = sig.for_curve(bn254)
>>> on_bn254.MinSig.Aug.dst
b'BLS_SIG_BN254G1_XMD:SHA-256_SVDW_RO_AUG_'
>>> sk3 = on_bn254.key_gen(b"\x2a" * 32)
>>> s3 = on_bn254.MinPk.PoP.sign(sk3, b"message")
>>> on_bn254.MinPk.PoP.verify(on_bn254.MinPk.PoP.sk_to_pk(sk3), b"message", s3)
True
>>> sig.scheme(bn254, "MinPk", "PoP").verify(on_bn254.MinPk.PoP.sk_to_pk(sk3), b"message", s3)
True

Keys and signatures are objects (:class:`SecretKey`, :class:`PublicKey`,
:class:`Signature`) with ``to_bytes()`` / ``from_bytes()``; verifiers also
accept encodings directly and answer ``False`` on any invalid input. A
scheme with another domain separation tag: ``MinPk.Basic.with_dst(tag)``.
"""

from .batch import COEFFICIENT_BITS
from .curve import SigCurve
from .keys import SecretKey, key_gen
from .schemes import AugScheme, BasicScheme, PoPScheme, Scheme
from .values import (
    MinPkPublicKey,
    MinPkSignature,
    MinSigPublicKey,
    MinSigSignature,
    PublicKey,
    Signature,
)
from .variants import MinPk, MinSig, Variant
from .suites import CurveSchemes, ciphersuites, for_curve, scheme

__all__ = [
    "MinPk",
    "MinSig",
    "for_curve",
    "scheme",
    "ciphersuites",
    "CurveSchemes",
    "SigCurve",
    "Variant",
    "Scheme",
    "BasicScheme",
    "AugScheme",
    "PoPScheme",
    "SecretKey",
    "PublicKey",
    "Signature",
    "MinPkPublicKey",
    "MinPkSignature",
    "MinSigPublicKey",
    "MinSigSignature",
    "key_gen",
    "COEFFICIENT_BITS",
]
