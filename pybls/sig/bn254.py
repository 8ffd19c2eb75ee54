"""BLS signatures on BN254 (Ethereum's alt_bn128) as drand's ``evmnet``
chain makes them (``bls-bn254-unchained-on-g1``): the minimal-signature-size
variant, signatures in G1 (64 bytes) and public keys in G2 (128 bytes), both
in EIP-196/197's encodings so that an EVM contract checks them with one
call to the pairing precompile, and the draft's Basic scheme with messages
hashed by RFC 9380's ``BN254G1_XMD:KECCAK-256_SVDW_RO_`` suite.

These are the schemes of ``pybls.sig.for_curve(bn254).MinSig`` with
Keccak-256 as the hash; :class:`MinSigBN254` keeps the names this module
has always had:

>>> from pybls import bn254, sig
>>> from pybls.sig.bn254 import MinSigBN254
>>> bls = MinSigBN254.Basic
>>> bls.dst
b'BLS_SIG_BN254G1_XMD:KECCAK-256_SVDW_RO_NUL_'
>>> sk = sig.SecretKey.from_bytes(bytes(31) + b"\\x2a", curve=bn254)
>>> pk, s = bls.sk_to_pk(sk), bls.sign(sk, b"message")
>>> len(pk.to_bytes()), len(s.to_bytes())
(128, 64)
>>> bls.verify(pk, b"message", s), bls.verify(pk, b"other", s)
(True, False)
>>> bls.verify(pk.to_bytes(), b"message", bytes(64))
False
>>> MinSigBN254.PublicKey is sig.for_curve(bn254).MinSig.PublicKey
True

Besides BN254 keys these schemes take, as they always have, a
:class:`pybls.bn254.Scalar`, and a BLS12-381 :class:`~pybls.sig.SecretKey`,
which is reduced modulo BN254's r. ``MinSigBN254.SHA256`` is the same
scheme with expand_message_xmd over SHA-256
(``BLS_SIG_BN254G1_XMD:SHA-256_SVDW_RO_NUL_``), and ``with_dst(tag)``
gives another tag.
"""

from __future__ import annotations

from typing import Any, Optional, Type

from .. import bn254
from ..errors import ArgumentError, InvalidKeyError
from .keys import SecretKey
from .schemes import BasicScheme
from .suites import for_curve
from .values import PublicKey, Signature

__all__ = ["MinSigBN254", "BN254PublicKey", "BN254Signature", "BN254Scheme"]

_VARIANT = for_curve(bn254).MinSig

#: A public key on BN254: a G2 point other than the identity, 128 bytes (EIP-197).
BN254PublicKey: Type[PublicKey] = _VARIANT.PublicKey
#: A signature on BN254: a G1 point, 64 bytes (EIP-196).
BN254Signature: Type[Signature] = _VARIANT.Signature

_HASHES = ("sha256", "keccak256")


class BN254Scheme(BasicScheme):
    """The Basic scheme on BN254 with signatures in G1, for one tag and hash
    (``"keccak256"`` or ``"sha256"``).

    >>> from pybls.sig.bn254 import MinSigBN254
    >>> bls = MinSigBN254.Basic
    >>> type(bls).__name__, bls.dst
    ('BN254Scheme', b'BLS_SIG_BN254G1_XMD:KECCAK-256_SVDW_RO_NUL_')
    """

    __slots__ = ()
    name = "MinSigBN254"
    PublicKey = BN254PublicKey
    Signature = BN254Signature

    def __init__(self, dst: Any, hash: Optional[str] = "keccak256") -> None:
        if hash not in _HASHES:
            raise ArgumentError(f"hash must be 'sha256' or 'keccak256', not {hash!r}")
        super().__init__(_VARIANT, dst, hash=hash)

    def with_dst(self, dst: Any) -> "BN254Scheme":
        """The same scheme with the domain separation tag `dst`."""
        return BN254Scheme(dst, self.hash)

    def _key(self, sk: Any, what: str) -> bytes:
        if isinstance(sk, SecretKey) and sk._curve is not self.curve:
            sk = bn254.Scalar.from_bytes_wide(sk.to_bytes())
        if isinstance(sk, bn254.Scalar):
            if sk.is_zero():
                raise InvalidKeyError("a secret key must be an integer in [1, r)")
            return sk._b
        if not isinstance(sk, SecretKey):
            raise TypeError(f"a secret key must be a SecretKey or a pybls.bn254.Scalar, not {type(sk).__name__}")
        return super()._key(sk, what)

    def __repr__(self) -> str:
        return f"<MinSigBN254.Basic hash={self.hash} dst={self.dst!r}>"

    def __reduce__(self) -> Any:
        return (BN254Scheme, (self.dst, self.hash))


class MinSigBN254:
    """The BN254 schemes: ``Basic`` (drand evmnet's hash, Keccak-256) and
    ``SHA256`` (the same with SHA-256).

    >>> from pybls import bn254
    >>> from pybls.sig.bn254 import MinSigBN254
    >>> sk = bn254.Scalar(1234)
    >>> pk, sig = MinSigBN254.Basic.sk_to_pk(sk), MinSigBN254.Basic.sign(sk, b"round")
    >>> len(pk.to_bytes()), len(sig.to_bytes()), MinSigBN254.Basic.verify(pk, b"round", sig)
    (128, 64, True)
    """

    Basic = BN254Scheme(b"BLS_SIG_BN254G1_XMD:KECCAK-256_SVDW_RO_NUL_", "keccak256")
    SHA256 = BN254Scheme(b"BLS_SIG_BN254G1_XMD:SHA-256_SVDW_RO_NUL_", "sha256")
    PublicKey = BN254PublicKey
    Signature = BN254Signature
