"""Helpers shared by the threshold modules (private)."""

from __future__ import annotations

from typing import Any, Iterable, List, Set

from .._convert import as_int
from .errors import DuplicateIndexError, InvalidIndexError, MalformedMessageError

#: Participant indices are positive and fit in 32 bits (their encoding).
MAX_INDEX = (1 << 32) - 1


def check_index(index: Any, what: str = "index") -> int:
    """`index` as an int in [1, 2^32), else :class:`InvalidIndexError`."""
    i = as_int(index, what)
    if not 1 <= i <= MAX_INDEX:
        raise InvalidIndexError(f"{what} must be in [1, 2^32), got {i}")
    return i


def check_distinct(indices: Iterable[Any], what: str = "index") -> List[int]:
    """The indices as ints, checked, with no repetition (:class:`DuplicateIndexError`)."""
    out = [check_index(i, what) for i in indices]
    if len(set(out)) != len(out):
        seen: Set[int] = set()
        for i in out:
            if i in seen:
                raise DuplicateIndexError(f"{what} {i} appears more than once")
            seen.add(i)
    return out


class Reader:
    """Reads fixed-size fields from a message, raising :class:`MalformedMessageError`."""

    __slots__ = ("data", "pos", "what")

    def __init__(self, data: bytes, what: str) -> None:
        self.data = data
        self.pos = 0
        self.what = what

    def take(self, n: int) -> bytes:
        if n < 0 or self.pos + n > len(self.data):
            raise MalformedMessageError(f"{self.what}: truncated")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def u8(self) -> int:
        return self.take(1)[0]

    def u32(self) -> int:
        return int.from_bytes(self.take(4), "big")

    def end(self) -> None:
        if self.pos != len(self.data):
            raise MalformedMessageError(f"{self.what}: {len(self.data) - self.pos} trailing bytes")


def u32(i: int) -> bytes:
    return i.to_bytes(4, "big")
