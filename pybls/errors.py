"""Exceptions raised by pybls.

Every rejection of bad input by pybls's own API raises a subclass of
:class:`PyblsError` (the compatibility layers, :mod:`pybls.compat`, raise
what the libraries they stand in for raise); those about malformed or
invalid encodings or values also derive from :class:`ValueError`, so code
that already catches ``ValueError`` keeps working:

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
    "PlaintextRangeError",
    "TableFormatError",
    "UnsupportedCurveError",
    "UnknownCurveError",
    "status_error",
]


class PyblsError(Exception):
    """Base class of the errors pybls raises for invalid input.

    >>> from pybls import G1
    >>> try:
    ...     G1.from_bytes(b"not a point")
    ... except PyblsError as e:
    ...     print(type(e).__name__)
    InvalidLengthError
    """


class DecodeError(PyblsError, ValueError):
    """Bytes (or coordinates) that do not encode a valid element.

    >>> from pybls import G2
    >>> try:
    ...     G2.from_bytes(bytes(96))          # no compression flag
    ... except DecodeError as e:
    ...     print(type(e).__name__, isinstance(e, ValueError))
    InvalidFlagsError True
    """


class InvalidLengthError(DecodeError):
    """The input has the wrong number of bytes.

    >>> from pybls import G1
    >>> G1.from_bytes(bytes(47))
    Traceback (most recent call last):
      ...
    pybls.errors.InvalidLengthError: a G1 encoding must be 48 or 96 bytes, got 47
    """


class InvalidFlagsError(DecodeError):
    """The compression, infinity or sign flag bits of a point are invalid.

    >>> from pybls import G1
    >>> G1.from_bytes(bytes(48))              # 48 bytes, but the compression bit unset
    Traceback (most recent call last):
      ...
    pybls.errors.InvalidFlagsError: G1 point: invalid flag bits
    """


class NonCanonicalError(DecodeError):
    """A field element is not below p, or a scalar is not below r.

    >>> from pybls import Scalar
    >>> Scalar.from_bytes(b"\\xff" * 32)
    Traceback (most recent call last):
      ...
    pybls.errors.NonCanonicalError: scalar: value is not canonical (field element >= p or scalar >= r)
    """


class NotOnCurveError(DecodeError):
    """The coordinates do not satisfy the curve equation.

    >>> from pybls import G1
    >>> G1.from_bytes(bytes([0x80]) + (1).to_bytes(47, "big"))   # x = 1: 1 + 4 is no square
    Traceback (most recent call last):
      ...
    pybls.errors.NotOnCurveError: G1 point: point is not on the curve
    """


class NotInSubgroupError(DecodeError):
    """The point or GT element is not in the subgroup of prime order r.

    >>> from pybls import G1
    >>> G1.from_bytes(bytes([0x80]) + (4).to_bytes(47, "big"))   # on the curve, outside G1
    Traceback (most recent call last):
      ...
    pybls.errors.NotInSubgroupError: G1 point: not in the prime-order subgroup
    """


class NotSquareError(PyblsError, ValueError):
    """A square root of a quadratic non-residue was requested.

    No public function returns it today (point decoding reports a missing
    square root as :class:`NotOnCurveError`); the core's status maps to it:

    >>> type(status_error(-7, "Fp element")).__name__
    'NotSquareError'
    """


class ArgumentError(PyblsError, ValueError):
    """An argument's value that the function does not accept: a count or
    size out of range, sequences of unequal length, an empty sequence where
    one item is needed, an unknown name among a few.

    >>> from pybls import drand
    >>> drand.check_round(0)
    Traceback (most recent call last):
      ...
    pybls.errors.ArgumentError: a round is a number from 1 to 2**64 - 1, got 0
    """


class InvalidKeyError(PyblsError, ValueError):
    """A key the signature schemes refuse: a secret key outside [1, r), or a
    public key that is the identity (the draft's KeyValidate).

    >>> from pybls.sig import SecretKey
    >>> SecretKey.from_bytes(bytes(32))
    Traceback (most recent call last):
      ...
    pybls.errors.InvalidKeyError: a secret key must be an integer in [1, r)
    """


class UnsupportedCurveError(PyblsError, NotImplementedError):
    """A scheme asked of a curve that lacks what it needs, such as BLS
    signatures in a group the curve cannot hash to.

    >>> from pybls import sig
    >>> try:
    ...     sig.for_curve("bn254_nogami").MinPk.PoP
    ... except UnsupportedCurveError as e:
    ...     print(type(e).__name__, isinstance(e, NotImplementedError))
    UnsupportedCurveError True
    """


class UnknownCurveError(PyblsError, LookupError):
    """A curve name that :func:`pybls.curves.get` does not know, or that
    names two curves.

    >>> from pybls import curves
    >>> curves.get("secp256k1")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    pybls.errors.UnknownCurveError: unknown curve 'secp256k1'; known: ...
    """


class DecryptionError(PyblsError):
    """A ciphertext that does not decrypt: its authentication tag (or the
    Fujisaki-Okamoto check of identity-based encryption) fails.

    Raised for tampered, truncated or extended ciphertexts, wrong keys and
    identity keys for another identity alike, and no plaintext is ever
    returned. For identity-based encryption the message does not say which
    check failed; for timelock files, whose key (a published beacon) is
    public, it names the failing part (header MAC, payload chunk).

    >>> from pybls import ibe
    >>> master = ibe.MasterKey.generate()
    >>> box = ibe.encrypt(master.public_key(), b"alice", b"for alice")
    >>> ibe.decrypt(master.extract(b"bob"), box)
    Traceback (most recent call last):
      ...
    pybls.errors.DecryptionError: the ciphertext does not decrypt with this identity key
    """


class AgeFormatError(DecryptionError, DecodeError):
    """A timelock (age) file that is not well formed: not age v1, a
    malformed header or stanza, non-canonical base64, broken ASCII armor,
    or no tlock recipient stanza.

    >>> from pybls import tlock
    >>> tlock.decrypt(b"hello", bytes(48))
    Traceback (most recent call last):
      ...
    pybls.errors.AgeFormatError: age header: truncated
    """


class InvalidBeaconError(PyblsError, ValueError):
    """A drand beacon signature that is not the chain's signature of its
    round (timelock decryption checks the signature before using it).

    >>> import time
    >>> from pybls import drand, tlock
    >>> beacon = drand.LocalBeacon(genesis_time=int(time.time()) - 30)
    >>> r = beacon.current_round()
    >>> sealed = tlock.encrypt(b"later", r, chain=beacon.chain)
    >>> try:
    ...     tlock.decrypt(sealed, beacon.signature(r - 1), chains=[beacon.chain])
    ... except InvalidBeaconError:
    ...     print("not the signature of round", r)   # doctest: +ELLIPSIS
    not the signature of round ...
    """


class UnknownChainError(PyblsError, LookupError):
    """A drand chain name or chain hash that is not among the known chains.

    >>> from pybls import drand
    >>> try:
    ...     drand.get_chain("no-such-chain")
    ... except UnknownChainError as e:
    ...     print(isinstance(e, LookupError))
    True
    """


class RoundNotReachedError(PyblsError, ValueError):
    """A beacon round whose publication time has not come yet.

    >>> from pybls import drand
    >>> beacon = drand.LocalBeacon(period=3600)
    >>> try:
    ...     beacon.signature(beacon.current_round() + 1)
    ... except RoundNotReachedError:
    ...     print("not yet")
    not yet
    """


class PrecompileError(PyblsError, ValueError):
    """An input on which an Ethereum precompile (:mod:`pybls.evm`) fails:
    a wrong length, a malformed field element, a point off its curve or
    outside the subgroup the precompile requires. The message says which.

    >>> from pybls import evm
    >>> evm.bn254_add(b"\\x01")
    Traceback (most recent call last):
      ...
    pybls.errors.PrecompileError: ECADD: first point: not on the curve
    """


class KzgInputError(PyblsError, ValueError):
    """An input that a KZG function (:mod:`pybls.kzg`) rejects: a blob,
    cell, proof or commitment of the wrong length, a field element >= r, a
    cell index out of range, too few or repeated cells, lists of different
    lengths, or a malformed trusted setup. (Commitments and proofs that are
    not G1 points raise the :class:`DecodeError` that says why.)

    >>> from pybls import kzg
    >>> ts = kzg.load_trusted_setup(kzg.MAINNET)
    >>> try:
    ...     kzg.blob_to_kzg_commitment(b"\\xff" * kzg.BYTES_PER_BLOB, ts)   # elements >= r
    ... except KzgInputError as e:
    ...     print(type(e).__name__, isinstance(e, ValueError))
    KzgInputError True
    """


class PlaintextRangeError(PyblsError, ValueError):
    """A somewhat homomorphic ciphertext (:mod:`pybls.she`) whose plaintext
    lies outside the range of the decryption table used: the table finds
    no discrete logarithm below its bound, so no number is returned.
    ``pybls.she.RangeError`` is this class.

    >>> from pybls import she
    >>> sk = she.SecretKey.generate(); pk = sk.public_key()
    >>> try:
    ...     sk.decrypt(pk.enc_g1(50), she.DecryptionTable.build(bound=10, baby_steps=4))
    ... except PlaintextRangeError as e:
    ...     print(type(e).__name__, e is not None)
    PlaintextRangeError True
    """


class TableFormatError(DecodeError):
    """Saved decryption-table bytes (:mod:`pybls.she`) that are not a
    table: a wrong header or version, an unknown curve or group, a length
    that does not match, or entries that are not the curve's.

    >>> from pybls import she
    >>> try:
    ...     she.DecryptionTable.from_bytes(b"not a table")
    ... except TableFormatError as e:
    ...     print(type(e).__name__)
    TableFormatError
    """


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
