"""The messages of distributed key generation and resharing.

Each is immutable, with ``to_bytes()`` and a validating ``from_bytes()``
(a one-byte kind, 4-byte big-endian indices, scalars and the commitment
encoding of :class:`~pybls.threshold.PublicPolynomial` as the run's curve
encodes them), so the protocol can run over any transport. :func:`decode`
reads any of them. The encodings do not name the curve: decode another
curve's messages with ``curve=`` (BLS12-381 by default).

* :class:`Deal` (broadcast): a dealer's commitment.
* :class:`PrivateShare` (dealer to one player, over a private,
  authenticated channel): the player's share of the dealer's polynomial.
* :class:`Complaint` (broadcast): a player says its share from a dealer
  is missing or wrong.
* :class:`Justification` (broadcast): the dealer answers a complaint by
  revealing that share.

>>> from pybls.threshold.dkg import Complaint, decode
>>> c = Complaint(player=3, dealer=1)
>>> decode(c.to_bytes()) == c, len(c.to_bytes())
(True, 9)
>>> from pybls import bn254
>>> s = PrivateShare(dealer=1, player=2, value=bn254.Scalar(19))
>>> decode(s.to_bytes(), curve=bn254) == s
True
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Union

from ..._convert import as_bytes
from ..._immutable import Immutable
from ...errors import PyblsError
from ...scalar import ScalarField
from ...sig.curve import CurveLike, sig_curve
from .._util import Reader, check_index, u32
from ..commitment import PublicPolynomial
from ..errors import MalformedMessageError

__all__ = ["Deal", "PrivateShare", "Complaint", "Justification", "Message", "decode"]

_DEAL, _SHARE, _COMPLAINT, _JUSTIFICATION = 1, 2, 3, 4


class _Message(Immutable, ABC):
    __slots__ = ()
    KIND: int = 0
    NAME = "message"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} messages are immutable")

    def _set(self, **fields: Any) -> None:
        for k, v in fields.items():
            object.__setattr__(self, k, v)

    # Pickled as its fields, set again by _set (the default would set the
    # slots, which __setattr__ refuses).
    def __reduce__(self) -> Any:
        fields = {k: getattr(self, k) for c in type(self).__mro__ for k in c.__dict__.get("__slots__", ())}
        return (_rebuild, (type(self), fields))

    @abstractmethod
    def to_bytes(self) -> bytes:
        """The message's encoding: its kind byte, then its fields."""

    def __bytes__(self) -> bytes:
        return self.to_bytes()

    @classmethod
    def from_bytes(cls, data: Any, curve: CurveLike = None) -> Any:
        """Decode this kind of message of a run on `curve` (BLS12-381 by
        default); :class:`~pybls.threshold.errors.MalformedMessageError`
        otherwise."""
        r = Reader(as_bytes(data, cls.NAME), cls.NAME)
        kind = r.u8()
        if kind != cls.KIND:
            raise MalformedMessageError(f"{cls.NAME}: wrong message kind {kind}")
        msg = cls._read(r, curve)
        r.end()
        return msg

    @classmethod
    @abstractmethod
    def _read(cls, r: Reader, curve: CurveLike) -> Any:
        """Read this kind's fields (after the kind byte)."""

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.to_bytes() == other.to_bytes()

    def __hash__(self) -> int:
        return hash(self.to_bytes())


def _rebuild(cls: "type[_Message]", fields: Any) -> Any:
    """A message of type `cls` with `fields` (its pickle)."""
    msg = object.__new__(cls)
    msg._set(**fields)
    return msg


def _index(r: Reader, what: str) -> int:
    i = r.u32()
    if i == 0:
        raise MalformedMessageError(f"{r.what}: {what} index 0")
    return i


def _scalar(r: Reader, curve: CurveLike) -> ScalarField:
    scalar = sig_curve(curve).Scalar
    try:
        return scalar.from_bytes(r.take(scalar._BYTES))
    except MalformedMessageError:
        raise
    except PyblsError as e:
        raise MalformedMessageError(f"{r.what}: {e}") from None


class Deal(_Message):
    """A dealer's broadcast: the commitment to its polynomial.

    >>> from pybls.threshold import Polynomial
    >>> d = Deal(1, Polynomial([5, 7]).commit())
    >>> d.to_bytes()[:10].hex(), len(d.to_bytes())   # kind 1, dealer 1, then the commitment
    ('01000000010100000002', 106)
    >>> decode(d.to_bytes()) == d, d
    (True, Deal(dealer=1, t=2))
    """

    __slots__ = ("dealer", "commitment")
    KIND = _DEAL
    NAME = "deal"
    dealer: int
    commitment: PublicPolynomial

    def __init__(self, dealer: int, commitment: PublicPolynomial) -> None:
        if not isinstance(commitment, PublicPolynomial):
            raise TypeError("a deal's commitment is a PublicPolynomial")
        self._set(dealer=check_index(dealer, "dealer"), commitment=commitment)

    def to_bytes(self) -> bytes:
        return bytes([self.KIND]) + u32(self.dealer) + self.commitment.to_bytes()

    @classmethod
    def _read(cls, r: Reader, curve: CurveLike) -> "Deal":
        dealer = _index(r, "dealer")
        return cls(dealer, PublicPolynomial._read(r, curve))

    def __repr__(self) -> str:
        return f"Deal(dealer={self.dealer}, t={self.commitment.threshold})"


class _ShareValue(_Message):
    """The fields of a dealer's share for one player: the dealer, the
    player and the value, in that order."""

    __slots__ = ("dealer", "player", "value")
    dealer: int
    player: int
    value: ScalarField

    def __init__(self, dealer: int, player: int, value: ScalarField) -> None:
        if not isinstance(value, ScalarField):
            raise TypeError("a share value is a Scalar")
        self._set(dealer=check_index(dealer, "dealer"), player=check_index(player, "player"), value=value)

    def to_bytes(self) -> bytes:
        return bytes([self.KIND]) + u32(self.dealer) + u32(self.player) + self.value.to_bytes()

    @classmethod
    def _read(cls, r: Reader, curve: CurveLike) -> Any:
        dealer = _index(r, "dealer")
        player = _index(r, "player")
        return cls(dealer, player, _scalar(r, curve))


class PrivateShare(_ShareValue):
    """A dealer's share for one player: f_dealer(player). Secret: send it
    only over a private, authenticated channel.

    >>> from pybls import Scalar
    >>> s = PrivateShare(dealer=1, player=2, value=Scalar(19))
    >>> s.to_bytes() == bytes([2, 0, 0, 0, 1, 0, 0, 0, 2]) + Scalar(19).to_bytes()
    True
    >>> PrivateShare.from_bytes(s.to_bytes()) == s, s
    (True, PrivateShare(dealer=1, player=2, <hidden>))
    """

    __slots__ = ()
    KIND = _SHARE
    NAME = "private share"

    def __repr__(self) -> str:
        return f"PrivateShare(dealer={self.dealer}, player={self.player}, <hidden>)"

    def __reduce__(self) -> Any:
        raise TypeError("private shares are not pickled; serialize one explicitly with to_bytes()")


class Complaint(_Message):
    """A player's broadcast: its share from `dealer` is missing or invalid.

    >>> Complaint(player=3, dealer=1).to_bytes().hex()
    '030000000300000001'
    """

    __slots__ = ("player", "dealer")
    KIND = _COMPLAINT
    NAME = "complaint"
    player: int
    dealer: int

    def __init__(self, player: int, dealer: int) -> None:
        self._set(player=check_index(player, "player"), dealer=check_index(dealer, "dealer"))

    def to_bytes(self) -> bytes:
        return bytes([self.KIND]) + u32(self.player) + u32(self.dealer)

    @classmethod
    def _read(cls, r: Reader, curve: CurveLike) -> "Complaint":
        player = _index(r, "player")
        return cls(player, _index(r, "dealer"))

    def __repr__(self) -> str:
        return f"Complaint(player={self.player}, dealer={self.dealer})"


class Justification(_ShareValue):
    """A dealer's broadcast answer to a complaint: the share, revealed.

    >>> from pybls import Scalar
    >>> j = Justification(dealer=1, player=3, value=Scalar(26))
    >>> j.to_bytes()[:9].hex(), len(j.to_bytes())
    ('040000000100000003', 41)
    >>> Complaint.from_bytes(j.to_bytes())
    Traceback (most recent call last):
      ...
    pybls.threshold.errors.MalformedMessageError: complaint: wrong message kind 4
    """

    __slots__ = ()
    KIND = _JUSTIFICATION
    NAME = "justification"

    def __repr__(self) -> str:
        return f"Justification(dealer={self.dealer}, player={self.player})"


Message = Union[Deal, PrivateShare, Complaint, Justification]
_KINDS = {c.KIND: c for c in (Deal, PrivateShare, Complaint, Justification)}


def decode(data: Any, curve: CurveLike = None) -> Message:
    """Decode any DKG message of a run on `curve` (BLS12-381 by default),
    choosing by its first byte.

    >>> decode(bytes.fromhex("030000000300000001"))
    Complaint(player=3, dealer=1)
    >>> decode(b"")
    Traceback (most recent call last):
      ...
    pybls.threshold.errors.MalformedMessageError: message: empty
    """
    b = as_bytes(data, "message")
    if not b:
        raise MalformedMessageError("message: empty")
    cls = _KINDS.get(b[0])
    if cls is None:
        raise MalformedMessageError(f"message: unknown kind {b[0]}")
    return cls.from_bytes(b, curve)  # type: ignore[no-any-return]
