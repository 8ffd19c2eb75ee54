"""Secret shares and the partial signatures they make.

>>> from pybls import threshold
>>> d = threshold.deal(2, 3)
>>> s = d.shares[0]
>>> s.index, s
(1, Share(index=1, <hidden>))
>>> p = s.sign(b"msg")
>>> threshold.PartialSignature.from_bytes(p.to_bytes()) == p
True
>>> len(p.to_bytes())   # 4-byte index and a 96-byte G2 signature
100
"""

from __future__ import annotations

import hmac
from typing import Any, Optional

from .._convert import as_bytes
from .._immutable import Immutable
from ..errors import PyblsError
from ..scalar import ScalarField
from ..sig import PublicKey, Scheme, Signature
from ..sig.curve import CurveLike, curve_of_scalar
from ._util import Reader, check_index, u32
from .ciphersuite import core_scheme, resolve_scheme
from .errors import MalformedMessageError

__all__ = ["Share", "PartialSignature"]


class PartialSignature(Immutable):
    """A signature by share ``index``: an ordinary BLS signature under that
    share's public key. ``t`` of them recover the group signature.

    A share whose value is the secret key of the Ethereum consensus tests
    (ethereum/bls12-381-tests) makes that test's signature:

    >>> from pybls import Scalar
    >>> sk = 0x328388aff0d4a5b7dc9205abd374e7e98f3cd9f3418edb4eafda5fb16473d216
    >>> p = Share(3, Scalar(sk)).sign(b"\\xab" * 32)
    >>> p.to_bytes()[:4].hex(), p.to_bytes()[4:20].hex()
    ('00000003', 'ae82747ddeefe4fd64cf9cedb9b04ae3')
    >>> PartialSignature.from_bytes(p.to_bytes()) == p
    True
    """

    __slots__ = ("index", "signature")

    index: int
    signature: Signature

    def __init__(self, index: int, signature: Signature) -> None:
        if not isinstance(signature, Signature):
            raise TypeError(f"signature must be a pybls.sig Signature, not {type(signature).__name__}")
        object.__setattr__(self, "index", check_index(index))
        object.__setattr__(self, "signature", signature)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("partial signatures are immutable")

    # Rebuilt through __init__ (the default would set the slots, which
    # __setattr__ refuses).
    def __reduce__(self) -> Any:
        return (type(self), (self.index, self.signature))

    def to_bytes(self) -> bytes:
        """The index (4 bytes, big-endian) then the compressed signature."""
        return u32(self.index) + self.signature.to_bytes()

    def __bytes__(self) -> bytes:
        return self.to_bytes()

    @classmethod
    def from_bytes(cls, data: Any, scheme: Optional[Scheme] = None) -> "PartialSignature":
        """Decode :meth:`to_bytes` of a partial signature of `scheme`;
        without one, of BLS12-381, whose variant the length selects (100
        bytes: ``MinPk``, 52: ``MinSig``). Raises
        :class:`~pybls.threshold.errors.MalformedMessageError`."""
        sig_cls = Signature if scheme is None else scheme.variant.Signature
        r = Reader(as_bytes(data, "partial signature"), "partial signature")
        index = r.u32()
        if index == 0:
            raise MalformedMessageError("partial signature: index 0")
        try:
            sig = sig_cls.from_bytes(r.take(len(r.data) - 4))
        except PyblsError as e:
            raise MalformedMessageError(f"partial signature: {e}") from None
        return cls(index, sig)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PartialSignature):
            return NotImplemented
        return self.index == other.index and self.signature == other.signature

    def __hash__(self) -> int:
        return hash((self.index, self.signature))

    def __repr__(self) -> str:
        return f"PartialSignature(index={self.index}, {self.signature!r})"


class Share(Immutable):
    """Share ``index`` of a threshold key: the secret value f(index).

    It signs with ``scheme`` (default ``MinPk.PoP`` of the value's curve); ``public_key`` is the
    group key (required by the ``Aug`` scheme, which signs
    ``public_key || msg``). The value is never shown; serialize it with
    :meth:`to_bytes`.

    Its public share is ``value * G``; with the secret key of the Ethereum
    consensus tests (ethereum/bls12-381-tests) as the value, that test's
    public key:

    >>> from pybls import Scalar
    >>> sk = 0x328388aff0d4a5b7dc9205abd374e7e98f3cd9f3418edb4eafda5fb16473d216
    >>> s = Share(1, Scalar(sk))
    >>> s.public_share().to_bytes().hex()
    'b53d21a4cfd562c469cc81514d4ce5a6b577d8403d32a394dc265dd190b47fa9f829fdd7963afdf972e5e77854051f6f'
    >>> s.to_bytes() == bytes([0, 0, 0, 1]) + sk.to_bytes(32, "big"), Share.from_bytes(s.to_bytes()) == s
    (True, True)
    >>> s
    Share(index=1, <hidden>)
    """

    __slots__ = ("index", "value", "scheme", "public_key")

    index: int
    value: ScalarField
    scheme: Scheme
    public_key: Optional[PublicKey]

    def __init__(self, index: int, value: Any, scheme: Any = None,
                 public_key: Optional[PublicKey] = None) -> None:
        if not isinstance(value, ScalarField):
            raise TypeError(f"a share value is a Scalar, not {type(value).__name__}")
        curve = curve_of_scalar(type(value))
        s = resolve_scheme(None, scheme, curve) if not isinstance(scheme, Scheme) else scheme
        if s.curve is not curve:
            raise TypeError(f"a share of {s.curve.name}'s scheme has a value of that curve, not of {curve.name}")
        if public_key is not None and not isinstance(public_key, s.variant.PublicKey):
            raise TypeError(f"public_key must be a {s.variant.PublicKey.__name__}")
        object.__setattr__(self, "index", check_index(index))
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "scheme", s)
        object.__setattr__(self, "public_key", public_key)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("shares are immutable")

    def sign(self, msg: Any) -> PartialSignature:
        """A partial signature of `msg`: ``value * H(msg)`` (constant time in the value)."""
        m = as_bytes(msg, "message")
        scheme, m = core_scheme(self.scheme, self.public_key, m)
        return PartialSignature(self.index, scheme._sign_with(self.value._b, m, scheme.dst))

    def public_share(self) -> PublicKey:
        """This share's public key, ``value * G`` in the key group."""
        return self.scheme.variant.PublicKey(self.scheme.variant.PublicKey.GROUP.generator() * self.value)

    # -- encoding -----------------------------------------------------------

    def to_bytes(self) -> bytes:
        """The index (4 bytes) then the value (as the curve's scalars: 32
        bytes on BLS12-381); secret: handle with care."""
        return u32(self.index) + self.value.to_bytes()

    @classmethod
    def from_bytes(cls, data: Any, scheme: Any = None, public_key: Optional[PublicKey] = None,
                   curve: CurveLike = None) -> "Share":
        """Decode :meth:`to_bytes` of a share of `scheme` (default: ``PoP``
        of ``MinPk`` on `curve`, BLS12-381 by default)
        (:class:`~pybls.threshold.errors.MalformedMessageError`)."""
        s = resolve_scheme(None, scheme, curve)
        scalar = s.curve.Scalar
        r = Reader(as_bytes(data, "share"), "share")
        index = r.u32()
        raw = r.take(scalar._BYTES)
        r.end()
        if index == 0:
            raise MalformedMessageError("share: index 0")
        try:
            value = scalar.from_bytes(raw)
        except PyblsError as e:
            raise MalformedMessageError(f"share: {e}") from None
        return cls(index, value, s, public_key)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Share):
            return NotImplemented
        return (self.index == other.index and self.scheme == other.scheme
                and hmac.compare_digest(self.value.to_bytes(), other.value.to_bytes()))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Share(index={self.index}, <hidden>)"

    def __reduce__(self) -> Any:
        raise TypeError("shares are not pickled; serialize one explicitly with to_bytes()")
