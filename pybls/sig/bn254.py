"""BLS signatures on BN254 (Ethereum's alt_bn128), minimal-signature-size:
signatures in G1 (64 bytes), public keys in G2 (128 bytes), both in
EIP-196/197's encodings, so that an EVM contract checks them with one call
to the pairing precompile. This is the scheme of drand's ``evmnet`` chain
(``bls-bn254-unchained-on-g1``): the draft's Basic scheme with messages
hashed by RFC 9380's ``BN254G1_XMD:KECCAK-256_SVDW_RO_`` suite.

>>> from pybls.sig import SecretKey
>>> from pybls.sig.bn254 import MinSigBN254
>>> bls = MinSigBN254.Basic
>>> bls.dst
b'BLS_SIG_BN254G1_XMD:KECCAK-256_SVDW_RO_NUL_'
>>> sk = SecretKey.from_bytes(bytes(31) + b"\\x2a")
>>> pk, sig = bls.sk_to_pk(sk), bls.sign(sk, b"message")
>>> len(pk.to_bytes()), len(sig.to_bytes())
(128, 64)
>>> bls.verify(pk, b"message", sig), bls.verify(pk, b"other", sig)
(True, False)
>>> bls.verify(pk.to_bytes(), b"message", bytes(64))
False

A :class:`~pybls.sig.SecretKey` (a scalar below BLS12-381's r) is reduced
modulo BN254's r in the core; a :class:`pybls.bn254.Scalar` is taken as is.
``MinSigBN254.SHA256`` is the same scheme with expand_message_xmd over
SHA-256 (``BLS_SIG_BN254G1_XMD:SHA-256_SVDW_RO_NUL_``), and
``with_dst(tag)`` gives another tag.
"""

from __future__ import annotations

from typing import Any, Union

from .. import bn254
from .._convert import as_bytes
from ..errors import ArgumentError
from .keys import SecretKey
from .values import PublicKey, Signature, coerce_or_none

__all__ = ["MinSigBN254", "BN254PublicKey", "BN254Signature", "BN254Scheme"]

_MAX_DST = 255


class BN254PublicKey(PublicKey):
    """A public key on BN254: a G2 point other than the identity, 128 bytes (EIP-197)."""

    __slots__ = ()
    GROUP = bn254.G2
    SIZE = 128


class BN254Signature(Signature):
    """A signature on BN254: a G1 point, 64 bytes (EIP-196)."""

    __slots__ = ()
    GROUP = bn254.G1
    SIZE = 64


SecretKeyLike = Union[SecretKey, bn254.Scalar]


def _scalar(sk: Any) -> bn254.Scalar:
    if isinstance(sk, bn254.Scalar):
        return sk
    if isinstance(sk, SecretKey):
        return bn254.Scalar.from_bytes_wide(sk.to_bytes())
    raise TypeError(f"a secret key must be a SecretKey or a pybls.bn254.Scalar, not {type(sk).__name__}")


class BN254Scheme:
    """The Basic scheme on BN254 with signatures in G1, for one tag and hash."""

    __slots__ = ("dst", "hash")
    NAME = "Basic"
    name = "MinSigBN254"
    PublicKey = BN254PublicKey
    Signature = BN254Signature

    dst: bytes
    hash: str

    def __init__(self, dst: Any, hash: str = "keccak256") -> None:
        d = as_bytes(dst, "domain separation tag")
        if not 0 < len(d) <= _MAX_DST:
            raise ArgumentError(f"a domain separation tag must be 1 to {_MAX_DST} bytes, got {len(d)}")
        if hash not in ("sha256", "keccak256"):
            raise ArgumentError(f"hash must be 'sha256' or 'keccak256', not {hash!r}")
        object.__setattr__(self, "dst", d)
        object.__setattr__(self, "hash", hash)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("scheme objects are immutable; use with_dst() for another tag")

    @property
    def variant(self) -> "BN254Scheme":
        """The scheme itself, which names its key and signature classes as a
        BLS12-381 variant does (``.PublicKey``, ``.Signature``)."""
        return self

    def with_dst(self, dst: Any) -> "BN254Scheme":
        """The same scheme with the domain separation tag `dst`."""
        return BN254Scheme(dst, self.hash)

    def __repr__(self) -> str:
        return f"<MinSigBN254.Basic hash={self.hash} dst={self.dst!r}>"

    def sk_to_pk(self, sk: SecretKeyLike) -> BN254PublicKey:
        """The public key of `sk` (constant time)."""
        return BN254PublicKey(bn254.G2.generator() * _scalar(sk))

    def sign(self, sk: SecretKeyLike, msg: Any) -> BN254Signature:
        """sk * H(msg) (constant time in sk)."""
        h = bn254.G1.hash_to_curve(as_bytes(msg, "message"), self.dst, hash=self.hash)
        return BN254Signature(h * _scalar(sk))

    def verify(self, pk: Any, msg: Any, sig: Any) -> bool:
        """e(H(msg), pk) == e(sig, g2), as one product of two pairings; False
        for an invalid key, signature or encoding."""
        m = as_bytes(msg, "message")
        p = coerce_or_none(BN254PublicKey, pk)
        s = coerce_or_none(BN254Signature, sig)
        if p is None or s is None:
            return False
        h = bn254.G1.hash_to_curve(m, self.dst, hash=self.hash)
        return bn254.pairing_product([(h, p.point), (-s.point, bn254.G2.generator())]).is_one()


class MinSigBN254:
    """The BN254 schemes: ``Basic`` (drand evmnet's hash, Keccak-256) and
    ``SHA256`` (the same with SHA-256)."""

    Basic = BN254Scheme(b"BLS_SIG_BN254G1_XMD:KECCAK-256_SVDW_RO_NUL_", "keccak256")
    SHA256 = BN254Scheme(b"BLS_SIG_BN254G1_XMD:SHA-256_SVDW_RO_NUL_", "sha256")
    PublicKey = BN254PublicKey
    Signature = BN254Signature
