"""GT: the target group of the pairing, written multiplicatively.

GT is the subgroup of order r of the multiplicative group of Fp12.

>>> from pybls import GT, Scalar
>>> g = GT.generator()
>>> g ** 3 == g * g * g
True
>>> g / g == GT.one()
True
>>> (g ** Scalar.R).is_one()
True
>>> GT.from_bytes(g.to_bytes()) == g
True
"""

from __future__ import annotations

from typing import Any, Callable, Optional

from . import _lib
from ._convert import as_bytes, check_length
from ._lib import _abi
from .scalar import ScalarLike, scalar_internal

__all__ = ["GT"]

_BYTES = _abi.PYBLS_GT_BYTES

_one: Callable[[], bytes] = _lib.gt_one
_mul: Callable[[bytes, bytes], bytes] = _lib.gt_mul
_inv: Callable[[bytes], bytes] = _lib.gt_inv
_sqr: Callable[[bytes], bytes] = _lib.gt_sqr
_pow: Callable[[bytes, bytes], bytes] = _lib.gt_pow
_eq: Callable[[bytes, bytes], int] = _lib.gt_eq
_is_one: Callable[[bytes], int] = _lib.gt_is_one
_encode: Callable[[bytes], bytes] = _lib.gt_encode
_decode: Callable[[bytes, int], bytes] = _lib.gt_decode
_object_new = object.__new__


class GT:
    """An element of GT; immutable and hashable.

    ``*`` and ``/`` combine two elements, ``**`` raises to an int or
    :class:`~pybls.Scalar` exponent (taken modulo r; constant time).

    The 576-byte encoding lists the twelve Fp coefficients of the Fp12 tower
    from the highest to the lowest, 48 bytes big-endian each (see
    csrc/include/pybls.h), as drand and kyber do.
    """

    __slots__ = ("_b",)
    _b: bytes

    def __init__(self) -> None:
        raise TypeError("use GT.one(), GT.generator(), GT.from_bytes() or pairing() to make a GT element")

    @classmethod
    def one(cls) -> "GT":
        """The identity element 1."""
        return _wrap(_one())

    @classmethod
    def generator(cls) -> "GT":
        """e(G1.generator(), G2.generator()), a generator of GT."""
        global _generator
        if _generator is None:
            from .pairing import pairing
            from .points import G1, G2

            _generator = pairing(G1.generator(), G2.generator())
        return _generator

    @classmethod
    def from_bytes(cls, data: Any) -> "GT":
        """Decode 576 bytes; the element must be in GT (of order r).

        Raises :class:`~pybls.errors.InvalidLengthError`,
        :class:`~pybls.errors.NonCanonicalError` for a coefficient >= p and
        :class:`~pybls.errors.NotInSubgroupError`.
        """
        data = as_bytes(data, "GT encoding")
        check_length(data, (_BYTES,), "a GT encoding")
        return _wrap(_decode(data, len(data)))

    def to_bytes(self) -> bytes:
        """The 576-byte encoding."""
        return _encode(self._b)

    def __bytes__(self) -> bytes:
        return _encode(self._b)

    def __mul__(self, other: Any) -> "GT":
        if type(other) is not GT:
            return NotImplemented
        return _wrap(_mul(self._b, other._b))

    def __truediv__(self, other: Any) -> "GT":
        if type(other) is not GT:
            return NotImplemented
        return _wrap(_mul(self._b, _inv(other._b)))

    def __pow__(self, exponent: ScalarLike, modulo: None = None) -> "GT":
        if modulo is not None:
            return NotImplemented
        try:
            e = scalar_internal(exponent, "exponent")
        except TypeError:
            return NotImplemented
        return _wrap(_pow(self._b, e))

    def inverse(self) -> "GT":
        """The inverse (the conjugate, for elements of GT)."""
        return _wrap(_inv(self._b))

    def square(self) -> "GT":
        """``self * self``."""
        return _wrap(_sqr(self._b))

    def is_one(self) -> bool:
        """Whether this is the identity element."""
        return _is_one(self._b) == 1

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GT):
            return NotImplemented
        return _eq(self._b, other._b) == 1

    def __hash__(self) -> int:
        return hash(_encode(self._b))

    def __repr__(self) -> str:
        h = _encode(self._b).hex()
        return f"GT(0x{h[:8]}\u2026{h[-8:]})"

    def __reduce__(self) -> "tuple[Any, ...]":
        return (GT.from_bytes, (self.to_bytes(),))

    def __copy__(self) -> "GT":
        return self

    def __deepcopy__(self, memo: Any) -> "GT":
        return self


_generator: Optional[GT] = None


def _wrap(internal: bytes) -> GT:
    g = _object_new(GT)
    g._b = internal
    return g
