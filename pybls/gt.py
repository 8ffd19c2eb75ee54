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

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Dict, Optional, Type, TypeVar

from . import _lib
from ._convert import as_bytes, check_length
from ._immutable import Immutable
from ._lib import _abi
from .scalar import Scalar, ScalarField, ScalarLike

if TYPE_CHECKING:
    from ._curve_module import CurveCore

__all__ = ["GT", "GTElement"]

_object_new = object.__new__

_GTT = TypeVar("_GTT", bound="GTElement")


def _refuse_mixed(a: "GTElement", op: str, b: Any) -> None:
    """For a GT element of another curve, the TypeError that names both
    curves (Python's own would say 'GT' and 'GT'). Other operands are left
    to Python."""
    if not isinstance(b, GTElement):
        return
    raise TypeError(f"unsupported operand for {op}: GT elements of {type(a)._CURVE} and of {type(b)._CURVE} "
                    "(curves do not mix)")


class GTElement(Immutable):
    """An element of the target group GT of some curve; immutable and hashable.

    Each curve's ``GT`` is a subclass bound to its core
    (``class GT(GTElement, binding=..., scalar=...)``); elements of
    different curves do not mix. On BN254 (12 coefficients of 32 bytes):

    >>> from pybls import bn254
    >>> issubclass(bn254.GT, GTElement), len(bn254.GT.one().to_bytes())
    (True, 384)
    >>> g = bn254.GT.generator()                  # e(G1, G2) of BN254
    >>> g ** 2 == bn254.pairing(bn254.G1.generator() * 2, bn254.G2.generator())
    True
    >>> (g ** bn254.Scalar.R).is_one(), g.is_one()   # of order r
    (True, False)
    """

    __slots__ = ("_b",)
    _b: bytes

    _BYTES: ClassVar[int]
    _SCALAR: ClassVar[Type[ScalarField]]
    _CURVE: ClassVar[str]
    # The curve's C functions pybls_<curve>_gt_<op> (and the pairing and
    # generators, for generator()) as _f_<op>.
    _f_one: ClassVar[Callable[[], bytes]]
    _f_mul: ClassVar[Callable[[bytes, bytes], bytes]]
    _f_inv: ClassVar[Callable[[bytes], bytes]]
    _f_sqr: ClassVar[Callable[[bytes], bytes]]
    _f_pow: ClassVar[Callable[[bytes, bytes], bytes]]
    _f_pow_vartime: ClassVar[Callable[[bytes, bytes], bytes]]
    _f_eq: ClassVar[Callable[[bytes, bytes], int]]
    _f_is_one: ClassVar[Callable[[bytes], int]]
    _f_encode: ClassVar[Callable[[bytes], bytes]]
    _f_decode: ClassVar[Callable[[bytes, int], bytes]]
    _f_step_keys: ClassVar[Callable[[int, bytes, bytes, int], bytes]]
    _f_pairing: ClassVar[Callable[[bytes, bytes], bytes]]
    _f_g1_generator: ClassVar[Callable[[], bytes]]
    _f_g2_generator: ClassVar[Callable[[], bytes]]
    _generators: ClassVar[Dict[type, "GTElement"]] = {}

    def __init_subclass__(cls, *, binding: Any = _lib, scalar: Type[ScalarField] = Scalar,
                          curve: str = "BLS12-381", core: Optional["CurveCore"] = None, **kwargs: Any) -> None:
        """Bind the target group of a curve: its `core`, or the `binding` of
        its C functions, its `scalar` class and its `curve` name in messages."""
        super().__init_subclass__(**kwargs)
        if core is not None:
            binding, scalar, curve = core.binding, core.scalar, core.name
        abi = binding.abi if binding is not _lib else _abi
        cls._BYTES = abi.PYBLS_GT_BYTES
        cls._SCALAR = scalar
        cls._CURVE = curve
        for name in GTElement.__annotations__:
            if name.startswith("_f_"):
                op = name[3:]
                c_name = op if op in ("pairing", "g1_generator", "g2_generator") else "gt_" + op
                setattr(cls, name, staticmethod(getattr(binding, c_name)))

    def __init__(self) -> None:
        name = type(self).__name__
        raise TypeError(f"use {name}.one(), {name}.generator(), {name}.from_bytes() or pairing() to make a {name} element")

    @classmethod
    def one(cls: Type[_GTT]) -> _GTT:
        """The identity element 1."""
        return _wrap(cls, cls._f_one())

    @classmethod
    def generator(cls: Type[_GTT]) -> _GTT:
        """e(G1.generator(), G2.generator()), a generator of GT."""
        g = GTElement._generators.get(cls)
        if g is None:
            g = _wrap(cls, cls._f_pairing(cls._f_g1_generator(), cls._f_g2_generator()))
            GTElement._generators[cls] = g
        assert isinstance(g, cls)
        return g

    @classmethod
    def from_bytes(cls: Type[_GTT], data: Any) -> _GTT:
        """Decode an element, which must be in GT (of order r).

        Raises :class:`~pybls.errors.InvalidLengthError`,
        :class:`~pybls.errors.NonCanonicalError` for a coefficient >= p and
        :class:`~pybls.errors.NotInSubgroupError`.
        """
        data = as_bytes(data, "GT encoding")
        check_length(data, (cls._BYTES,), "a GT encoding")
        return _wrap(cls, cls._f_decode(data, len(data)))

    def to_bytes(self) -> bytes:
        """The encoding: the twelve Fp coefficients, highest first."""
        return type(self)._f_encode(self._b)

    def __bytes__(self) -> bytes:
        return type(self)._f_encode(self._b)

    # -- group law ----------------------------------------------------------

    def __mul__(self: _GTT, other: Any) -> _GTT:
        cls = type(self)
        if type(other) is not cls:
            _refuse_mixed(self, "*", other)
            return NotImplemented
        return _wrap(cls, cls._f_mul(self._b, other._b))

    def __truediv__(self: _GTT, other: Any) -> _GTT:
        cls = type(self)
        if type(other) is not cls:
            _refuse_mixed(self, "/", other)
            return NotImplemented
        return _wrap(cls, cls._f_mul(self._b, cls._f_inv(other._b)))

    def __pow__(self: _GTT, exponent: ScalarLike, modulo: None = None) -> _GTT:
        if modulo is not None:
            return NotImplemented
        cls = type(self)
        try:
            e = cls._SCALAR._internal(exponent, "exponent")
        except TypeError:
            if isinstance(exponent, (ScalarField, bool)):
                raise  # the message says why (another curve's scalar, a bool)
            return NotImplemented
        return _wrap(cls, cls._f_pow(self._b, e))

    def pow_vartime(self: _GTT, exponent: ScalarLike) -> _GTT:
        """``self ** exponent`` in variable time (faster), for a public
        `exponent` only: its time depends on the exponent, so never pass a
        secret key, a nonce or a plaintext. Takes what ``**`` takes (an int,
        taken modulo r, or a :class:`~pybls.Scalar` of this curve) and gives
        the same element.

        >>> from pybls import GT
        >>> g = GT.generator()
        >>> g.pow_vartime(5) == g ** 5 == g * g * g * g * g
        True
        >>> g.pow_vartime(-1) == g.inverse(), g.pow_vartime(0).is_one()
        (True, True)
        """
        cls = type(self)
        return _wrap(cls, cls._f_pow_vartime(self._b, cls._SCALAR._internal(exponent, "exponent")))

    def inverse(self: _GTT) -> _GTT:
        """The inverse (the conjugate, for elements of GT)."""
        return _wrap(type(self), type(self)._f_inv(self._b))

    def square(self: _GTT) -> _GTT:
        """``self * self``."""
        return _wrap(type(self), type(self)._f_sqr(self._b))

    def is_one(self) -> bool:
        """Whether this is the identity element."""
        return type(self)._f_is_one(self._b) == 1

    # -- comparison, hashing, display ---------------------------------------

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, GTElement)
        return type(self)._f_eq(self._b, other._b) == 1

    def __hash__(self) -> int:
        return hash(type(self)._f_encode(self._b))

    def __repr__(self) -> str:
        h = type(self)._f_encode(self._b).hex()
        return f"{type(self).__name__}(0x{h[:8]}\u2026{h[-8:]})"

    def __reduce__(self) -> "tuple[Any, ...]":
        return (type(self).from_bytes, (self.to_bytes(),))


class GT(GTElement):
    """An element of GT of BLS12-381; immutable and hashable.

    ``*`` and ``/`` combine two elements, ``**`` raises to an int or
    :class:`~pybls.Scalar` exponent (taken modulo r; constant time), and
    :meth:`pow_vartime` to a public one (variable time, faster).

    The 576-byte encoding lists the twelve Fp coefficients of the Fp12 tower
    from the highest to the lowest, 48 bytes big-endian each (see
    csrc/include/pybls.h), as drand and kyber do. The encoding of
    e(G1.generator(), G2.generator()) starts and ends as in the test
    vectors of drand's tlock-js (made with kilic's bls12-381):

    >>> e = GT.generator().to_bytes()
    >>> len(e), e[:8].hex(), e[-8:].hex()
    (576, '0f41e58663bf08cf', 'a84305aaca1789b6')
    >>> from pybls import G1, G2, pairing
    >>> pairing(G1.generator() * 6, G2.generator()) == GT.generator() ** 2 * GT.generator() ** 4
    True
    >>> GT.generator() ** -1 == GT.generator().inverse()
    True
    """

    __slots__ = ()


def _wrap(cls: Type[_GTT], internal: bytes) -> _GTT:
    g = _object_new(cls)
    g._b = internal
    return g
