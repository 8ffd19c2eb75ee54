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
    """Base class of the errors of :mod:`pybls.threshold`."""


class InvalidIndexError(ThresholdError):
    """A participant index outside [1, 2^32) (index 0 holds the secret)."""


class DuplicateIndexError(ThresholdError):
    """The same participant index appears twice where indices must differ."""


class UnknownIndexError(ThresholdError):
    """An index that is not one of the participants."""


class TooFewSharesError(ThresholdError):
    """Fewer values than the threshold needs to interpolate."""


class TooFewPartialsError(TooFewSharesError):
    """Fewer partial signatures than the threshold."""


class InvalidDegreeError(ThresholdError):
    """A polynomial or commitment of the wrong degree for the threshold."""


class InvalidShareError(ThresholdError):
    """A secret share inconsistent with its dealer's commitment.

    ``dealer`` and ``index`` name the dealer and the share's recipient
    when known.
    """

    def __init__(self, message: str, *, dealer: Optional[int] = None, index: Optional[int] = None) -> None:
        super().__init__(message)
        self.dealer = dealer
        self.index = index


class InvalidPartialError(ThresholdError):
    """Partial signatures that do not verify; ``indices`` names their signers."""

    def __init__(self, message: str, *, indices: Iterable[int] = ()) -> None:
        super().__init__(message)
        self.indices: List[int] = sorted(indices)


class ProtocolError(ThresholdError):
    """A key generation or resharing run that cannot complete (for
    instance fewer qualified dealers than needed), or a message that does
    not belong to the run."""


class MalformedMessageError(DecodeError):
    """Bytes that do not encode a protocol message of the expected kind."""
