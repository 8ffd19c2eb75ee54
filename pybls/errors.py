"""Exceptions raised by pybls.

Every rejection of bad input raises a subclass of :class:`PyblsError`; those
about malformed or invalid encodings also derive from :class:`ValueError`, so
code that already catches ``ValueError`` keeps working:

>>> from pybls import G1, errors
>>> try:
...     G1.from_bytes(b"\\x00" * 47)
... except errors.InvalidLengthError as e:
...     print(isinstance(e, ValueError), isinstance(e, errors.DecodeError))
True True

Inverting zero raises the builtin :class:`ZeroDivisionError`, and arguments
of the wrong Python type raise :class:`TypeError`.
"""

from __future__ import annotations

from typing import Dict, Type

from ._lib import _abi

__all__ = [
    "PyblsError",
    "DecodeError",
    "InvalidLengthError",
    "InvalidFlagsError",
    "NonCanonicalError",
    "NotOnCurveError",
    "NotInSubgroupError",
    "NotSquareError",
    "ArgumentError",
    "KzgInputError",
    "InvalidKeyError",
    "DecryptionError",
    "AgeFormatError",
    "InvalidBeaconError",
    "UnknownChainError",
    "RoundNotReachedError",
    "PrecompileError",
    "UnsupportedCurveError",
    "status_error",
]


class PyblsError(Exception):
    """Base class of the errors pybls raises for invalid input."""


class DecodeError(PyblsError, ValueError):
    """Bytes (or coordinates) that do not encode a valid element."""


class InvalidLengthError(DecodeError):
    """The input has the wrong number of bytes."""


class InvalidFlagsError(DecodeError):
    """The compression, infinity or sign flag bits of a point are invalid."""


class NonCanonicalError(DecodeError):
    """A field element is not below p, or a scalar is not below r."""


class NotOnCurveError(DecodeError):
    """The coordinates do not satisfy the curve equation."""


class NotInSubgroupError(DecodeError):
    """The point or GT element is not in the subgroup of prime order r."""


class NotSquareError(PyblsError, ValueError):
    """A square root of a quadratic non-residue was requested."""


class ArgumentError(PyblsError, ValueError):
    """A count or size argument is out of the range the core accepts."""


class InvalidKeyError(PyblsError, ValueError):
    """A key the signature schemes refuse: a secret key outside [1, r), or a
    public key that is the identity (the draft's KeyValidate)."""


class UnsupportedCurveError(PyblsError, NotImplementedError):
    """A scheme asked of a curve that lacks what it needs, such as BLS
    signatures in a group the curve cannot hash to."""


class DecryptionError(PyblsError):
    """A ciphertext that does not decrypt: its authentication tag (or the
    Fujisaki-Okamoto check of identity-based encryption) fails.

    Raised for tampered, truncated or extended ciphertexts, wrong keys and
    identity keys for another identity alike, and no plaintext is ever
    returned. For identity-based encryption the message does not say which
    check failed; for timelock files, whose key (a published beacon) is
    public, it names the failing part (header MAC, payload chunk).
    """


class AgeFormatError(DecryptionError, DecodeError):
    """A timelock (age) file that is not well formed: not age v1, a
    malformed header or stanza, non-canonical base64, broken ASCII armor,
    or no tlock recipient stanza."""


class InvalidBeaconError(PyblsError, ValueError):
    """A drand beacon signature that is not the chain's signature of its
    round (timelock decryption checks the signature before using it)."""


class UnknownChainError(PyblsError, LookupError):
    """A drand chain name or chain hash that is not among the known chains."""


class RoundNotReachedError(PyblsError, ValueError):
    """A beacon round whose publication time has not come yet."""


class PrecompileError(PyblsError, ValueError):
    """An input on which an Ethereum precompile (:mod:`pybls.evm`) fails:
    a wrong length, a malformed field element, a point off its curve or
    outside the subgroup the precompile requires. The message says which."""


class KzgInputError(PyblsError, ValueError):
    """An input that a KZG function (:mod:`pybls.kzg`) rejects: a blob,
    cell, proof or commitment of the wrong length, a field element >= r, a
    cell index out of range, too few or repeated cells, lists of different
    lengths, or a malformed trusted setup. (Commitments and proofs that are
    not G1 points raise the :class:`DecodeError` that says why.)"""


_STATUS: Dict[int, "tuple[Type[Exception], str]"] = {
    _abi.PYBLS_ERR_LENGTH: (InvalidLengthError, "input has the wrong length"),
    _abi.PYBLS_ERR_FLAGS: (InvalidFlagsError, "invalid flag bits"),
    _abi.PYBLS_ERR_NONCANONICAL: (NonCanonicalError, "value is not canonical (field element >= p or scalar >= r)"),
    _abi.PYBLS_ERR_NOT_ON_CURVE: (NotOnCurveError, "point is not on the curve"),
    _abi.PYBLS_ERR_NOT_IN_SUBGROUP: (NotInSubgroupError, "not in the prime-order subgroup"),
    _abi.PYBLS_ERR_ZERO_DIVISOR: (ZeroDivisionError, "inverse of zero"),
    _abi.PYBLS_ERR_NOT_SQUARE: (NotSquareError, "not a square"),
    _abi.PYBLS_ERR_ARGUMENT: (ArgumentError, "argument out of range"),
    _abi.PYBLS_ERR_AUTH: (DecryptionError, "authentication failed"),
}


def status_error(status: int, what: str = "") -> Exception:
    """The exception for a negative status code of the C core.

    `what` names the kind of value involved and prefixes the message; the
    message never contains the value itself.

    >>> status_error(-5, "G1 point")
    NotInSubgroupError('G1 point: not in the prime-order subgroup')
    >>> status_error(-6, "scalar")
    ZeroDivisionError('scalar: inverse of zero')
    """
    cls, reason = _STATUS.get(status, (PyblsError, f"unexpected status {status} from the C core"))
    return cls(f"{what}: {reason}" if what else reason)
