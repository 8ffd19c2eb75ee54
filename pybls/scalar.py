"""Scalars: the field Fr of integers modulo the group order r.

>>> from pybls import Scalar
>>> a = Scalar(3)
>>> int(a * 5 - 1)
14
>>> int(1 / a * 3)
1
>>> Scalar(-1) == Scalar.R - 1
True
>>> (a ** -1) * a == 1
True
"""

from __future__ import annotations

import secrets
from typing import Any, Callable, Optional, Union

from . import _lib
from ._convert import as_bytes, as_int, check_length
from ._lib import _abi
from .errors import InvalidLengthError

__all__ = ["Scalar", "ScalarLike"]

#: The order of G1, G2 and GT.
R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001

_BYTES = _abi.PYBLS_SCALAR_BYTES
_WIDE_MAX = 64

_from_bytes: Callable[[bytes], bytes] = _lib.scalar_from_bytes
_from_bytes_wide: Callable[[bytes, int], bytes] = _lib.scalar_from_bytes_wide
_to_bytes: Callable[[bytes], bytes] = _lib.scalar_to_bytes
_add: Callable[[bytes, bytes], bytes] = _lib.scalar_add
_sub: Callable[[bytes, bytes], bytes] = _lib.scalar_sub
_neg: Callable[[bytes], bytes] = _lib.scalar_neg
_mul: Callable[[bytes, bytes], bytes] = _lib.scalar_mul
_sqr: Callable[[bytes], bytes] = _lib.scalar_sqr
_inv: Callable[[bytes], bytes] = _lib.scalar_inv
_pow: Callable[[bytes, bytes, int], bytes] = _lib.scalar_pow
_is_zero: Callable[[bytes], int] = _lib.scalar_is_zero
_eq: Callable[[bytes, bytes], int] = _lib.scalar_eq
_object_new = object.__new__


class Scalar:
    """An element of Fr, the integers modulo r; immutable and hashable.

    ``Scalar(n)`` reduces any int modulo r. Arithmetic (``+ - * / **``,
    unary ``-``) and ``==`` accept a Scalar or an int on either side; ints
    are taken modulo r. Operations are constant time in the values (the
    exponent of ``**`` is treated as public only through its byte length).

    A Scalar holds the core's internal 32-byte form: arithmetic never
    re-encodes; ``to_bytes()`` / ``int()`` convert at the edges.

    >>> s = Scalar(2) ** 255
    >>> int(s) == pow(2, 255, Scalar.R)
    True
    >>> Scalar.from_bytes(bytes(31) + b"\\x07") == 7
    True
    >>> Scalar(10) / 4 * 4 == 10
    True
    """

    __slots__ = ("_b",)
    _b: bytes

    #: The modulus r (the order of G1, G2 and GT).
    R = R

    def __init__(self, value: Union[int, "Scalar"] = 0) -> None:
        if isinstance(value, Scalar):
            self._b = value._b
        else:
            self._b = _from_int(as_int(value, "Scalar value"))

    # -- construction -------------------------------------------------------

    @classmethod
    def from_bytes(cls, data: Any) -> "Scalar":
        """Decode 32 big-endian bytes, which must encode an integer below r.

        Raises :class:`~pybls.errors.InvalidLengthError` for a length other
        than 32 and :class:`~pybls.errors.NonCanonicalError` for a value
        >= r.

        >>> Scalar.from_bytes(Scalar(42).to_bytes()) == 42
        True
        """
        data = as_bytes(data, "scalar encoding")
        check_length(data, (_BYTES,), "a scalar encoding")
        return _wrap(_from_bytes(data))

    @classmethod
    def from_bytes_wide(cls, data: Any) -> "Scalar":
        """Reduce a big-endian integer of at most 64 bytes modulo r.

        Meant for uniform random or hashed bytes: 64 bytes reduce with
        negligible bias.

        >>> Scalar.from_bytes_wide(b"\\xff" * 64) == int.from_bytes(b"\\xff" * 64, "big")
        True
        """
        data = as_bytes(data, "wide scalar encoding")
        if len(data) > _WIDE_MAX:
            raise InvalidLengthError(f"a wide scalar encoding must be at most {_WIDE_MAX} bytes, got {len(data)}")
        return _wrap(_from_bytes_wide(data, len(data)))

    @classmethod
    def random(cls) -> "Scalar":
        """A uniformly random scalar, from 64 bytes of :mod:`secrets`."""
        return _wrap(_from_bytes_wide(secrets.token_bytes(64), 64))

    # -- encoding -----------------------------------------------------------

    def to_bytes(self) -> bytes:
        """The 32-byte big-endian encoding of the canonical value.

        >>> Scalar(258).to_bytes()[-2:]
        b'\\x01\\x02'
        """
        return _to_bytes(self._b)

    def __bytes__(self) -> bytes:
        return _to_bytes(self._b)

    def __int__(self) -> int:
        return int.from_bytes(_to_bytes(self._b), "big")

    # -- arithmetic ---------------------------------------------------------

    def __add__(self, other: Any) -> "Scalar":
        o = _operand(other)
        return NotImplemented if o is None else _wrap(_add(self._b, o))

    __radd__ = __add__

    def __sub__(self, other: Any) -> "Scalar":
        o = _operand(other)
        return NotImplemented if o is None else _wrap(_sub(self._b, o))

    def __rsub__(self, other: Any) -> "Scalar":
        o = _operand(other)
        return NotImplemented if o is None else _wrap(_sub(o, self._b))

    def __mul__(self, other: Any) -> "Scalar":
        o = _operand(other)
        return NotImplemented if o is None else _wrap(_mul(self._b, o))

    __rmul__ = __mul__

    def __truediv__(self, other: Any) -> "Scalar":
        o = _operand(other)
        return NotImplemented if o is None else _wrap(_mul(self._b, _inv(o)))

    def __rtruediv__(self, other: Any) -> "Scalar":
        o = _operand(other)
        return NotImplemented if o is None else _wrap(_mul(o, _inv(self._b)))

    def __pow__(self, exponent: Any, modulo: None = None) -> "Scalar":
        if modulo is not None or isinstance(exponent, Scalar):
            return NotImplemented
        try:
            e = as_int(exponent, "exponent")
        except TypeError:
            return NotImplemented
        base = self._b
        if e < 0:
            base, e = _inv(base), -e
        eb = e.to_bytes((e.bit_length() + 7) // 8, "big")
        return _wrap(_pow(base, eb, len(eb)))

    def __neg__(self) -> "Scalar":
        return _wrap(_neg(self._b))

    def __pos__(self) -> "Scalar":
        return self

    def inverse(self) -> "Scalar":
        """The multiplicative inverse; :class:`ZeroDivisionError` for zero.

        >>> Scalar(7).inverse() * 7 == 1
        True
        """
        return _wrap(_inv(self._b))

    def square(self) -> "Scalar":
        """``self * self``."""
        return _wrap(_sqr(self._b))

    def is_zero(self) -> bool:
        """Whether this is the zero scalar."""
        return _is_zero(self._b) == 1

    def __bool__(self) -> bool:
        return _is_zero(self._b) != 1

    # -- comparison, hashing, display ---------------------------------------

    def __eq__(self, other: object) -> bool:
        o = _operand(other)
        return NotImplemented if o is None else _eq(self._b, o) == 1

    def __hash__(self) -> int:
        # Equal to hash(n) for the canonical int n, as Scalar(n) == n.
        return hash(int(self))

    def __repr__(self) -> str:
        # Scalars are often secret keys: show only a short prefix.
        return f"Scalar(0x{_to_bytes(self._b)[:2].hex()}\u2026)"

    def __reduce__(self) -> "tuple[Any, ...]":
        return (Scalar.from_bytes, (self.to_bytes(),))

    def __copy__(self) -> "Scalar":
        return self

    def __deepcopy__(self, memo: Any) -> "Scalar":
        return self


#: What scalar arguments accept: a Scalar or an int (taken modulo r).
ScalarLike = Union[Scalar, int]


def _wrap(internal: bytes) -> Scalar:
    s = _object_new(Scalar)
    s._b = internal
    return s


def _from_int(v: int) -> bytes:
    return _from_bytes((v % R).to_bytes(_BYTES, "big"))


def _operand(x: Any) -> Optional[bytes]:
    """The internal form of a Scalar or int operand, or None for other types."""
    if isinstance(x, Scalar):
        return x._b
    if isinstance(x, int):
        return _from_int(x)
    if hasattr(type(x), "__index__"):  # int-like types such as numpy integers
        return _from_int(x.__index__())
    return None


def scalar_internal(k: Any, what: str = "scalar") -> bytes:
    """The internal form of `k` (a Scalar or an int), else :class:`TypeError`."""
    if isinstance(k, Scalar):
        return k._b
    return _from_int(as_int(k, what))
