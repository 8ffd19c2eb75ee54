"""What every curve module with a core of its own shares (:mod:`pybls.bn254`,
:mod:`pybls.bn381`, ...): a :class:`CurveCore`, the one object its classes
are bound with, and the base classes and pairing it builds them from.

A curve module states its constants, its hash-to-curve suites and its
documented classes, each given the core::

    from ._curve_module import CURVE_API, CurveCore, G1Point, G2Point, GTElement, Pairing, ScalarField

    __all__ = [*CURVE_API]

    _CORE = CurveCore("bn462", "BN462", modulus=FIELD_MODULUS, order=CURVE_ORDER)

    class Scalar(ScalarField, core=_CORE): ...   # first: the others take it from the core
    class G1(G1Point, core=_CORE): ...
    class G2(G2Point, core=_CORE): ...
    class GT(GTElement, core=_CORE): ...

    _PAIRING: Pairing[G1, G2, GT] = Pairing(_CORE.binding, G1, G2, GT)

(``__all__ = [*CURVE_API]`` suits a module that defines those names; one
that re-exports imported classes, as :mod:`pybls.bls12_381` does, lists
them literally, the only form through which mypy exports imported names.)

>>> from pybls import bn462
>>> core = bn462._CORE
>>> core.name, core.scalar is bn462.Scalar, core.modulus == bn462.FIELD_MODULUS
('BN462', True, True)
"""

from __future__ import annotations

from typing import Any, Optional, Type

from . import _lib
from .gt import GTElement
from .pairing import Pairing
from .points import G1Point, G2Point
from .scalar import ScalarField

__all__ = ["CURVE_API", "CurveCore", "G1Point", "G2Point", "GTElement", "Pairing", "ScalarField"]

#: The names every curve module defines (its ``__all__`` starts with them).
CURVE_API = (
    "G1", "G2", "GT", "Scalar", "pairing", "pairing_product", "pairing_check", "miller_loop", "final_exponentiation",
    "FIELD_MODULUS", "CURVE_ORDER", "HASH_SUITES",
)


class CurveCore:
    """The core library of the curve `key` (``pybls._lib.curve_binding``)
    and the facts its classes are bound with: its `name` in messages, its
    base field modulus, its group order, whether points encode compressed
    by default, and (once defined) its Scalar class.

    >>> from pybls import bn254
    >>> bn254._CORE.compressed_by_default, bn254._CORE.order == bn254.CURVE_ORDER
    (False, True)
    """

    __slots__ = ("key", "name", "binding", "modulus", "order", "compressed_by_default", "_scalar")

    key: str
    name: str
    binding: Any
    modulus: int
    order: int
    compressed_by_default: bool

    def __init__(self, key: str, name: str, *, modulus: int, order: int,
                 compressed_by_default: bool = True) -> None:
        self.key = key
        self.name = name
        self.binding = _lib.curve_binding(key)
        self.modulus = modulus
        self.order = order
        self.compressed_by_default = compressed_by_default
        self._scalar: Optional[Type[ScalarField]] = None

    @property
    def scalar(self) -> Type[ScalarField]:
        """The curve's Scalar class (the first class defined with this core)."""
        if self._scalar is None:
            raise TypeError(f"{self.name}'s Scalar class is defined before its other classes")
        return self._scalar

    def set_scalar(self, cls: Type[ScalarField]) -> None:
        """Record the curve's Scalar class (ScalarField does, for `core=`)."""
        if self._scalar is not None:
            raise TypeError(f"{self.name} already has a Scalar class")
        self._scalar = cls

    def __repr__(self) -> str:
        return f"<CurveCore {self.name}>"
