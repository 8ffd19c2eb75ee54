"""Argument checks shared by the public classes (private)."""

from __future__ import annotations

import operator
from typing import Any

from .errors import ArgumentError, InvalidLengthError, NonCanonicalError


def as_bytes(data: Any, what: str) -> bytes:
    """`data` as ``bytes``: accepts bytes, bytearray, memoryview and other buffers.

    An ``int`` or ``str`` is a :class:`TypeError` (``bytes(5)`` would be five
    zero bytes, which is never what a caller meant).
    """
    if type(data) is bytes:
        return data
    if isinstance(data, (str, int)):
        raise TypeError(f"{what} must be bytes-like, not {type(data).__name__}")
    try:
        return bytes(memoryview(data))
    except TypeError:
        raise TypeError(f"{what} must be bytes-like, not {type(data).__name__}") from None


def as_dst(value: Any) -> bytes:
    """A domain separation tag as bytes: :class:`TypeError` if not
    bytes-like, :class:`~pybls.errors.ArgumentError` if empty (RFC 9380,
    3.1: tags must have nonzero length)."""
    d = as_bytes(value, "domain separation tag")
    if not d:
        raise ArgumentError("a domain separation tag must not be empty (RFC 9380, 3.1)")
    return d


def as_int(value: Any, what: str) -> int:
    """`value` as an ``int`` (anything with ``__index__`` but a bool, which
    is more likely a slip than a number), else :class:`TypeError`."""
    if isinstance(value, bool):
        raise TypeError(f"{what} must be an int, not bool")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{what} must be an int, not {type(value).__name__}") from None


def as_tuple(item: Any, n: "int | tuple[int, ...]", what: str) -> "tuple[Any, ...]":
    """`item` (a pair, a triple) as a tuple of `n` values (or of one of the
    counts `n` lists): TypeError if it is not iterable, ArgumentError for
    another count; `what` names it.

    >>> as_tuple([1, 2, 3], 2, "a (G1 point, G2 point) pair")
    Traceback (most recent call last):
    ...
    pybls.errors.ArgumentError: each item must be a (G1 point, G2 point) pair, got 3 values
    """
    try:
        t = tuple(item)
    except TypeError:
        raise TypeError(f"each item must be {what}, not {type(item).__name__}") from None
    if len(t) not in ((n,) if isinstance(n, int) else n):
        raise ArgumentError(f"each item must be {what}, got {len(t)} values")
    return t


def check_length(data: bytes, allowed: "tuple[int, ...]", what: str) -> None:
    """Raise :class:`InvalidLengthError` unless ``len(data)`` is in `allowed`."""
    if len(data) not in allowed:
        sizes = " or ".join(str(n) for n in allowed)
        raise InvalidLengthError(f"{what} must be {sizes} bytes, got {len(data)}")


def int_to_fp_bytes(value: Any, modulus: int, what: str, length: int = 48) -> bytes:
    """A coordinate as `length` big-endian bytes; it must be an int in [0, modulus)."""
    v = as_int(value, what)
    if not 0 <= v < modulus:
        raise NonCanonicalError(f"{what} must be in [0, p)")
    return v.to_bytes(length, "big")
