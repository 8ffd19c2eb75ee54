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
from typing import TYPE_CHECKING, Any, Callable, ClassVar, List, Optional, Type, TypeVar, Union

from . import _lib
from ._convert import as_bytes, as_int, check_length
from ._immutable import Immutable
from .errors import InvalidLengthError

if TYPE_CHECKING:
    from ._curve_module import CurveCore


def binding_constant(binding: Any, name: str) -> int:
    """A constant of a curve's binding table (pybls._lib or curve_binding())."""
    abi = binding._abi if binding is _lib else binding.abi
    return int(getattr(abi, name))

__all__ = ["Scalar", "ScalarLike", "ScalarField"]

#: The order of G1, G2 and GT.
R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001

_object_new = object.__new__

_ScalarT = TypeVar("_ScalarT", bound="ScalarField")


def _public_name(cls: type) -> str:
    """A scalar class by the name users import it under: pybls.Scalar for
    BLS12-381's (defined in pybls.scalar), pybls.<curve>.Scalar for the others."""
    module = "pybls" if cls.__module__ == __name__ else cls.__module__
    return f"{module}.{cls.__name__}"


def _refuse_mixed(a: "ScalarField", op: str, b: Any) -> Any:
    """NotImplemented for an operand arithmetic does not take, except a
    scalar of another curve: the TypeError that names both classes (Python's
    own message would name two classes called Scalar)."""
    if isinstance(b, ScalarField):
        raise TypeError(f"unsupported operand for {op}: a {_public_name(type(a))} and a "
                        f"{_public_name(type(b))} (scalars of different curves do not mix)")
    return NotImplemented


class ScalarField(Immutable):
    """The scalars of one curve: the integers modulo its group order r.

    Each curve's ``Scalar`` is a subclass bound to that curve's core
    (``class Scalar(ScalarField, binding=..., order=r)``); scalars of
    different curves do not mix. BN254's r is the group order of EIP-197:

    >>> from pybls import bn254
    >>> issubclass(bn254.Scalar, ScalarField), bn254.Scalar.R
    (True, 21888242871839275222246405745257275088548364400416034343698204186575808495617)
    >>> int(bn254.Scalar(3).inverse()) == pow(3, -1, bn254.Scalar.R)
    True
    >>> bn254.Scalar(Scalar(1))
    Traceback (most recent call last):
      ...
    TypeError: a pybls.Scalar is not a pybls.bn254.Scalar
    """

    __slots__ = ("_b",)
    _b: bytes

    #: The modulus r (the order of G1, G2 and GT).
    R: ClassVar[int]
    _BYTES: ClassVar[int]
    # The internal form's size, and 8 * size if the core's internal form of k
    # is the Montgomery form k * 2^(8 * size) mod r as a little-endian
    # integer of that size (checked when the class is made), else 0.
    _SIZE: ClassVar[int]
    _MONT_SHIFT: ClassVar[int]
    # The curve's C functions pybls_<curve>_scalar_<op> as _f_<op>.
    _f_from_bytes: ClassVar[Callable[[bytes], bytes]]
    _f_from_bytes_wide: ClassVar[Callable[[bytes, int], bytes]]
    _f_to_bytes: ClassVar[Callable[[bytes], bytes]]
    _f_add: ClassVar[Callable[[bytes, bytes], bytes]]
    _f_sub: ClassVar[Callable[[bytes, bytes], bytes]]
    _f_neg: ClassVar[Callable[[bytes], bytes]]
    _f_mul: ClassVar[Callable[[bytes, bytes], bytes]]
    _f_sqr: ClassVar[Callable[[bytes], bytes]]
    _f_inv: ClassVar[Callable[[bytes], bytes]]
    _f_pow: ClassVar[Callable[[bytes, bytes, int], bytes]]
    _f_is_zero: ClassVar[Callable[[bytes], int]]
    _f_eq: ClassVar[Callable[[bytes, bytes], int]]

    def __init_subclass__(cls, *, binding: Any = None, order: int = 0, core: Optional["CurveCore"] = None,
                          **kwargs: Any) -> None:
        """Bind the scalars of a curve: its `core` (the curve's
        :class:`~pybls._curve_module.CurveCore`, which records this class),
        or the `binding` of its C functions and its `order` r."""
        super().__init_subclass__(**kwargs)
        if core is not None:
            binding, order = core.binding, core.order
            core.set_scalar(cls)
        cls.R = order
        cls._BYTES = binding_constant(binding, "PYBLS_SCALAR_BYTES")
        for name, annotation in ScalarField.__annotations__.items():
            if name.startswith("_f_"):
                setattr(cls, name, staticmethod(getattr(binding, "scalar_" + name[3:])))
        cls._SIZE = size = binding_constant(binding, "PYBLS_SCALAR_SIZE")
        probes = (1, 2, order - 1, order // 3)
        same = all(
            cls._f_from_bytes(v.to_bytes(cls._BYTES, "big")) == ((v << 8 * size) % order).to_bytes(size, "little")
            for v in probes
        )
        cls._MONT_SHIFT = 8 * size if same else 0

    def __init__(self: _ScalarT, value: Union[int, "ScalarField"] = 0) -> None:
        if isinstance(value, ScalarField):
            if type(value) is not type(self):
                raise TypeError(f"a {_public_name(type(value))} is not a {_public_name(type(self))}")
            self._b = value._b
        else:
            self._b = type(self)._from_int(as_int(value, "Scalar value"))

    # -- construction -------------------------------------------------------

    @classmethod
    def from_bytes(cls: Type[_ScalarT], data: Any) -> _ScalarT:
        """Decode the curve's scalar encoding (32 big-endian bytes on
        BLS12-381 and BN254, 48 on BN381_1, 58 on BN462), which must encode
        an integer below r.

        Raises :class:`~pybls.errors.InvalidLengthError` for another length
        and :class:`~pybls.errors.NonCanonicalError` for a value
        >= r.

        >>> Scalar.from_bytes(Scalar(42).to_bytes()) == 42
        True
        """
        data = as_bytes(data, "scalar encoding")
        check_length(data, (cls._BYTES,), "a scalar encoding")
        return _wrap(cls, cls._f_from_bytes(data))

    @classmethod
    def from_bytes_wide(cls: Type[_ScalarT], data: Any) -> _ScalarT:
        """Reduce a big-endian integer of at most twice the scalar
        encoding's bytes (64 on BLS12-381) modulo r.

        Meant for uniform random or hashed bytes: that many reduce with
        negligible bias.

        >>> Scalar.from_bytes_wide(b"\\xff" * 64) == int.from_bytes(b"\\xff" * 64, "big")
        True
        """
        data = as_bytes(data, "wide scalar encoding")
        wide_max = 2 * cls._BYTES
        if len(data) > wide_max:
            raise InvalidLengthError(f"a wide scalar encoding must be at most {wide_max} bytes, got {len(data)}")
        return _wrap(cls, cls._f_from_bytes_wide(data, len(data)))

    @classmethod
    def random(cls: Type[_ScalarT]) -> _ScalarT:
        """A uniformly random scalar, from twice the encoding's bytes of
        :mod:`secrets` (64 on BLS12-381)."""
        n = 2 * cls._BYTES
        return _wrap(cls, cls._f_from_bytes_wide(secrets.token_bytes(n), n))

    # -- encoding -----------------------------------------------------------

    def to_bytes(self) -> bytes:
        """The big-endian encoding of the canonical value (32 bytes on
        BLS12-381; see :meth:`from_bytes`).

        >>> Scalar(258).to_bytes()[-2:]
        b'\\x01\\x02'
        """
        return type(self)._f_to_bytes(self._b)

    def __bytes__(self: _ScalarT) -> bytes:
        return type(self)._f_to_bytes(self._b)

    def __int__(self: _ScalarT) -> int:
        return int.from_bytes(type(self)._f_to_bytes(self._b), "big")

    # -- arithmetic ---------------------------------------------------------

    def __add__(self: _ScalarT, other: Any) -> _ScalarT:
        cls = type(self)
        o = other._b if type(other) is cls else cls._operand(other)
        return _refuse_mixed(self, "+", other) if o is None else _wrap(cls, cls._f_add(self._b, o))

    __radd__ = __add__

    def __sub__(self: _ScalarT, other: Any) -> _ScalarT:
        cls = type(self)
        o = other._b if type(other) is cls else cls._operand(other)
        return _refuse_mixed(self, "-", other) if o is None else _wrap(cls, cls._f_sub(self._b, o))

    def __rsub__(self: _ScalarT, other: Any) -> _ScalarT:
        cls = type(self)
        o = other._b if type(other) is cls else cls._operand(other)
        return _refuse_mixed(self, "-", other) if o is None else _wrap(cls, cls._f_sub(o, self._b))

    def __mul__(self: _ScalarT, other: Any) -> _ScalarT:
        cls = type(self)
        o = other._b if type(other) is cls else cls._operand(other)
        return _refuse_mixed(self, "*", other) if o is None else _wrap(cls, cls._f_mul(self._b, o))

    __rmul__ = __mul__

    def __truediv__(self: _ScalarT, other: Any) -> _ScalarT:
        cls = type(self)
        o = other._b if type(other) is cls else cls._operand(other)
        return _refuse_mixed(self, "/", other) if o is None else _wrap(cls, cls._f_mul(self._b, cls._f_inv(o)))

    def __rtruediv__(self: _ScalarT, other: Any) -> _ScalarT:
        cls = type(self)
        o = other._b if type(other) is cls else cls._operand(other)
        return _refuse_mixed(self, "/", other) if o is None else _wrap(cls, cls._f_mul(o, cls._f_inv(self._b)))

    def __pow__(self: _ScalarT, exponent: Any, modulo: None = None) -> _ScalarT:
        if modulo is not None or isinstance(exponent, ScalarField):
            return NotImplemented
        try:
            e = as_int(exponent, "exponent")
        except TypeError:
            if isinstance(exponent, bool):
                raise  # as_int's message: an int, not bool
            return NotImplemented
        base = self._b
        if e < 0:
            base, e = type(self)._f_inv(base), -e
        eb = e.to_bytes((e.bit_length() + 7) // 8, "big")
        return _wrap(type(self), type(self)._f_pow(base, eb, len(eb)))

    def __neg__(self: _ScalarT) -> _ScalarT:
        return _wrap(type(self), type(self)._f_neg(self._b))

    def __pos__(self: _ScalarT) -> _ScalarT:
        return self

    def inverse(self: _ScalarT) -> _ScalarT:
        """The multiplicative inverse; :class:`ZeroDivisionError` for zero.

        >>> Scalar(7).inverse() * 7 == 1
        True
        """
        return _wrap(type(self), type(self)._f_inv(self._b))

    def square(self: _ScalarT) -> _ScalarT:
        """``self * self``."""
        return _wrap(type(self), type(self)._f_sqr(self._b))

    def is_zero(self) -> bool:
        """Whether this is the zero scalar."""
        return type(self)._f_is_zero(self._b) == 1

    def __bool__(self: _ScalarT) -> bool:
        return type(self)._f_is_zero(self._b) != 1

    # -- comparison, hashing, display ---------------------------------------

    def __eq__(self: _ScalarT, other: object) -> bool:
        cls = type(self)
        if isinstance(other, bool):  # compares as the int it is (hashes alike)
            other = int(other)
        o = other._b if type(other) is cls else cls._operand(other)
        return NotImplemented if o is None else cls._f_eq(self._b, o) == 1

    def __hash__(self: _ScalarT) -> int:
        # Equal to hash(n) for the canonical int n, as Scalar(n) == n.
        return hash(int(self))

    def __repr__(self: _ScalarT) -> str:
        # Scalars are often secrets (a key's scalar, a share's value): no
        # digit of the value is shown; int() or to_bytes() give it.
        return f"{type(self).__name__}(<hidden>)"

    def __reduce__(self: _ScalarT) -> "tuple[Any, ...]":
        return (type(self).from_bytes, (self.to_bytes(),))

    # -- internal forms -----------------------------------------------------

    @classmethod
    def _from_int(cls, v: int) -> bytes:
        return cls._f_from_bytes((v % cls.R).to_bytes(cls._BYTES, "big"))

    @classmethod
    def _operand(cls, x: Any) -> Optional[bytes]:
        """The internal form of a scalar of this curve or an int operand, or
        None for other types (NotImplemented, then TypeError, for a scalar of
        another curve)."""
        if type(x) is cls:
            return x._b
        if isinstance(x, bool):
            return None  # refused as as_int refuses it
        if isinstance(x, int):
            return cls._from_int(x)
        if isinstance(x, ScalarField):
            return None
        if hasattr(type(x), "__index__"):  # int-like types such as numpy integers
            return cls._from_int(x.__index__())
        return None

    @classmethod
    def _public_internals(cls, ks: List[Any], what: str = "scalar") -> List[bytes]:
        """The internal forms of the public scalars `ks`, as :meth:`_internal`
        makes them one by one (the same values and errors): scalars of this
        curve and ints (an MSM's scalars, typically) converted in Python,
        without a C call each, in variable time."""
        shift = cls._MONT_SHIFT
        if shift:
            for k in ks:
                if type(k) is not int and type(k) is not cls:
                    break
            else:
                r, size = cls.R, cls._SIZE
                return [((k << shift) % r).to_bytes(size, "little") if type(k) is int else k._b for k in ks]
        return [cls._internal(k, what) for k in ks]

    @classmethod
    def _internal(cls, k: Any, what: str = "scalar") -> bytes:
        """The internal form of `k` (a scalar of this curve or an int), else :class:`TypeError`."""
        if type(k) is cls:
            return k._b
        if isinstance(k, ScalarField):
            raise TypeError(f"{what} must be a {_public_name(cls)} or an int, not a {_public_name(type(k))}")
        return cls._from_int(as_int(k, what))


class Scalar(ScalarField, binding=_lib, order=R):
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

    __slots__ = ()

#: What scalar arguments accept: a Scalar or an int (taken modulo r).
ScalarLike = Union[Scalar, int]


def _wrap(cls: Type[_ScalarT], internal: bytes) -> _ScalarT:
    s = _object_new(cls)
    s._b = internal
    return s


def scalar_internal(k: Any, what: str = "scalar") -> bytes:
    """The internal form of `k` (a BLS12-381 Scalar or an int), else :class:`TypeError`."""
    if type(k) is Scalar:
        return k._b
    return Scalar._internal(k, what)
