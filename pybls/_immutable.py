"""The base of values that never change once made."""

from __future__ import annotations

from typing import Any, TypeVar

_T = TypeVar("_T", bound="Immutable")


class Immutable:
    """``copy.copy`` and ``copy.deepcopy`` give the object itself: nothing
    changes it, so a copy would only cost memory (and, for a secret, make
    one more place holding it). Without these, ``copy`` would go through
    ``__reduce__``, which the secrets refuse."""

    __slots__ = ()

    def __copy__(self: _T) -> _T:
        return self

    def __deepcopy__(self: _T, memo: Any) -> _T:
        return self
