"""Exceptions of the threshold schemes.

All derive from :class:`ThresholdError`, itself a
:class:`~pybls.errors.PyblsError` and a :class:`ValueError`; malformed
protocol messages raise :class:`MalformedMessageError`, a
:class:`~pybls.errors.DecodeError`.

>>> from pybls.threshold import errors
>>> issubclass(errors.DuplicateIndexError, ValueError)
True
>>> e = errors.InvalidPartialError("bad partial signatures", indices=[3, 5])
>>> e.indices
[3, 5]
"""

from __future__ import annotations

from typing import Iterable, List, Optional

from ..errors import DecodeError, PyblsError

__all__ = [
    "ThresholdError",
    "InvalidIndexError",
    "DuplicateIndexError",
    "UnknownIndexError",
    "TooFewSharesError",
    "TooFewPartialsError",
    "InvalidDegreeError",
    "InvalidShareError",
    "InvalidPartialError",
    "ProtocolError",
    "MalformedMessageError",
]


class ThresholdError(PyblsError, ValueError):
    """Base class of the errors of :mod:`pybls.threshold`.

    >>> from pybls import threshold
    >>> try:
    ...     threshold.deal(0, 3)
    ... except ThresholdError as e:
    ...     print(type(e).__name__)
    InvalidDegreeError
    """


class InvalidIndexError(ThresholdError):
    """A participant index outside [1, 2^32) (index 0 holds the secret).

    >>> from pybls.threshold import Share
    >>> from pybls import Scalar
    >>> Share(0, Scalar(1))
    Traceback (most recent call last):
      ...
    pybls.threshold.errors.InvalidIndexError: index must be in [1, 2^32), got 0
    """


class DuplicateIndexError(ThresholdError):
    """The same participant index appears twice where indices must differ.

    >>> from pybls import threshold
    >>> p = threshold.deal(2, 3).shares[0].sign(b"m")
    >>> threshold.recover([p, p], 2)
    Traceback (most recent call last):
      ...
    pybls.threshold.errors.DuplicateIndexError: index 1 appears more than once
    """


class UnknownIndexError(ThresholdError):
    """An index that is not one of the participants.

    >>> from pybls.threshold.dkg import Complaint, Config, Transcript
    >>> Transcript(Config.new(2, 3)).add(Complaint(player=4, dealer=1))
    Traceback (most recent call last):
      ...
    pybls.threshold.errors.UnknownIndexError: 4 is not a player of this run
    """


class TooFewSharesError(ThresholdError):
    """Fewer values than the threshold needs to interpolate.

    >>> from pybls import Scalar, threshold
    >>> partial = threshold.Share(1, Scalar(5)).sign(b"m")
    >>> try:
    ...     threshold.recover([partial], 2)
    ... except TooFewSharesError as e:
    ...     print(type(e).__name__, e)
    TooFewPartialsError 1 partial signatures, the threshold is 2
    """


class TooFewPartialsError(TooFewSharesError):
    """Fewer partial signatures than the threshold.

    >>> from pybls import threshold
    >>> d = threshold.deal(3, 5)
    >>> threshold.recover([d.shares[0].sign(b"m"), d.shares[1].sign(b"m")], 3)
    Traceback (most recent call last):
      ...
    pybls.threshold.errors.TooFewPartialsError: 2 partial signatures, the threshold is 3
    """


class InvalidDegreeError(ThresholdError):
    """A polynomial or commitment of the wrong degree for the threshold.

    >>> from pybls import threshold
    >>> threshold.deal(4, 3)
    Traceback (most recent call last):
      ...
    pybls.threshold.errors.InvalidDegreeError: the threshold must be in [1, n] = [1, 3], got 4
    """


class InvalidShareError(ThresholdError):
    """A secret share inconsistent with its dealer's commitment.

    ``dealer`` and ``index`` name the dealer and the share's recipient
    when known.

    >>> e = InvalidShareError("share 5 of dealer 2 does not match", dealer=2, index=5)
    >>> isinstance(e, ThresholdError), e.dealer, e.index
    (True, 2, 5)
    """

    def __init__(self, message: str, *, dealer: Optional[int] = None, index: Optional[int] = None) -> None:
        super().__init__(message)
        self.dealer = dealer
        self.index = index


class InvalidPartialError(ThresholdError):
    """Partial signatures that do not verify; ``indices`` names their signers.

    >>> from pybls import threshold
    >>> d = threshold.deal(2, 3)
    >>> bad = [d.shares[0].sign(b"m"), d.shares[1].sign(b"other")]
    >>> try:
    ...     threshold.recover(bad, 2, public_polynomial=d.public_polynomial, msg=b"m")
    ... except InvalidPartialError as e:
    ...     print(e.indices)
    [2]
    """

    def __init__(self, message: str, *, indices: Iterable[int] = ()) -> None:
        super().__init__(message)
        self.indices: List[int] = sorted(indices)


class ProtocolError(ThresholdError):
    """A key generation or resharing run that cannot complete (for
    instance fewer qualified dealers than needed), or a message that does
    not belong to the run.

    >>> from pybls import Scalar
    >>> from pybls.threshold.dkg import Config, PrivateShare, Transcript
    >>> Transcript(Config.new(2, 3)).add(PrivateShare(dealer=1, player=2, value=Scalar(7)))
    Traceback (most recent call last):
      ...
    pybls.threshold.errors.ProtocolError: private shares are not broadcast
    """


class MalformedMessageError(DecodeError):
    """Bytes that do not encode a protocol message of the expected kind.

    >>> from pybls.errors import DecodeError
    >>> from pybls.threshold.dkg import decode
    >>> issubclass(MalformedMessageError, DecodeError)
    True
    >>> decode(b"\\x09")
    Traceback (most recent call last):
      ...
    pybls.threshold.errors.MalformedMessageError: message: unknown kind 9
    """
