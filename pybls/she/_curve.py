"""Resolving the curve a SHE object lives on (private)."""

from __future__ import annotations

from types import ModuleType
from typing import Any, Tuple, Union

from .. import curves

#: The curve used when none is given.
DEFAULT_CURVE = "bls12_381"

CurveLike = Union[str, ModuleType]


def resolve(curve: Any) -> ModuleType:
    """The curve module of `curve`: a name :func:`pybls.curves.get` knows or
    one of its modules."""
    if isinstance(curve, ModuleType):
        name = curve.__name__.rpartition(".")[2]
        if curve.__name__ == f"pybls.{name}" and name in curves.CURVES:
            return curve
        raise TypeError(f"{curve.__name__} is not a pybls curve module")
    if isinstance(curve, str):
        return curves.get(curve)
    raise TypeError(f"curve must be a curve name or module, not {type(curve).__name__}")


def name_of(curve: ModuleType) -> str:
    """The pybls name of a curve module (``"bls12_381"``...)."""
    return curve.__name__.rpartition(".")[2]


def reduce_by_encoding(value: Any) -> Tuple[Any, ...]:
    """``__reduce__`` of the public SHE values: their encoding and their
    curve's name (the curve module in their slots does not pickle)."""
    return (type(value).from_bytes, (value.to_bytes(), name_of(value._curve)))
