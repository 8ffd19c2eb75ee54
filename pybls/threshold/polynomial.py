"""Polynomials over Fr with secret coefficients.

A polynomial of degree t - 1 shares its constant term among any number of
parties so that any t of its values determine it and t - 1 reveal nothing.

>>> from pybls import Scalar
>>> from pybls.threshold import Polynomial
>>> f = Polynomial([Scalar(5), Scalar(2), Scalar(1)])   # 5 + 2x + x^2
>>> f.degree, int(f.evaluate(3))
(2, 20)
>>> g = Polynomial.random(2)
>>> g.degree, len(g.coefficients)
(2, 3)
>>> int((f + f).evaluate(1))
16
"""

from __future__ import annotations

from typing import Any, Iterable, List, Optional, Sequence, Tuple, Type

from .._convert import as_int
from ..points import G1, _Point
from ..scalar import Scalar, ScalarField
from .commitment import PublicPolynomial
from .errors import InvalidDegreeError

__all__ = ["Polynomial"]


class Polynomial:
    """f(x) = c_0 + c_1 x + ... + c_d x^d with coefficients in one curve's
    scalars (ints are taken as BLS12-381 scalars).

    Immutable. The coefficients are secret: evaluation is constant time in
    them, and ``repr`` does not show them.

    The example of Shamir's secret sharing in Wikipedia's article (secret
    1234, t = 3): its six shares, and the secret from any three of them:

    >>> f = Polynomial([1234, 166, 94])
    >>> [int(f(x)) for x in range(1, 7)]
    [1494, 1942, 2578, 3402, 4414, 5614]
    >>> from pybls.threshold import interpolate
    >>> int(interpolate({2: f(2), 4: f(4), 5: f(5)}))
    1234
    >>> f
    Polynomial(degree=2, <hidden>)
    """

    __slots__ = ("_coeffs",)
    _coeffs: Tuple[Any, ...]

    def __init__(self, coefficients: Sequence[Any]) -> None:
        given = list(coefficients)
        field = next((type(c) for c in given if isinstance(c, ScalarField)), Scalar)
        cs = tuple(c if isinstance(c, ScalarField) else field(as_int(c, "coefficient")) for c in given)
        if not cs:
            raise InvalidDegreeError("a polynomial needs at least one coefficient")
        if any(type(c) is not field for c in cs):
            raise TypeError("the coefficients of a polynomial are scalars of one curve")
        self._coeffs = cs

    @classmethod
    def random(cls, degree: int, constant: Optional[Any] = None, scalar: Type[Any] = Scalar) -> "Polynomial":
        """A polynomial of the given degree with uniformly random
        coefficients (from :mod:`secrets`) of the class `scalar` (a curve's
        ``Scalar``; BLS12-381's by default), except the constant term when
        `constant` is given."""
        d = as_int(degree, "degree")
        if d < 0:
            raise InvalidDegreeError(f"degree must be >= 0, got {d}")
        c0 = scalar.random() if constant is None else scalar(constant)
        return cls([c0] + [scalar.random() for _ in range(d)])

    @property
    def coefficients(self) -> List[Any]:
        """c_0, ..., c_d (c_0 is the shared secret)."""
        return list(self._coeffs)

    @property
    def degree(self) -> int:
        """The nominal degree d (the number of coefficients minus one)."""
        return len(self._coeffs) - 1

    @property
    def constant(self) -> Any:
        """f(0), the shared secret."""
        return self._coeffs[0]

    def evaluate(self, x: Any) -> Any:
        """f(x) by Horner's rule; `x` is an int or a scalar of the coefficients' curve."""
        field = type(self._coeffs[0])
        xs = x if isinstance(x, ScalarField) else field(as_int(x, "x"))
        cs = self._coeffs
        acc = cs[-1]
        for c in cs[-2::-1]:
            acc = acc * xs + c
        return acc

    __call__ = evaluate

    def evaluate_many(self, xs: Iterable[Any]) -> List[Any]:
        """f(x) for each x."""
        return [self.evaluate(x) for x in xs]

    def commit(self, group: Type[Any] = G1) -> PublicPolynomial:
        """The Feldman commitment (c_0 G, ..., c_d G) in `group` (G1 or G2
        of the coefficients' curve).

        >>> f = Polynomial.random(1)
        >>> f.commit().evaluate(4) == G1.generator() * f.evaluate(4)
        True
        """
        if not (isinstance(group, type) and issubclass(group, _Point)) or group._SCALAR is not type(self._coeffs[0]):
            raise TypeError(f"commit takes the G1 or G2 of the coefficients' curve, not {group!r}")
        g = group.generator()
        return PublicPolynomial([g * c for c in self._coeffs])

    def __add__(self, other: Any) -> "Polynomial":
        if not isinstance(other, Polynomial):
            return NotImplemented
        a, b = self._coeffs, other._coeffs
        if len(a) < len(b):
            a, b = b, a
        return Polynomial([x + y for x, y in zip(a, b)] + list(a[len(b):]))

    def __mul__(self, k: Any) -> "Polynomial":
        if not isinstance(k, (ScalarField, int)):
            return NotImplemented
        return Polynomial([c * k for c in self._coeffs])

    __rmul__ = __mul__

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Polynomial):
            return NotImplemented
        return len(self._coeffs) == len(other._coeffs) and all(a == b for a, b in zip(self._coeffs, other._coeffs))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Polynomial(degree={self.degree}, <hidden>)"

    def __reduce__(self) -> Any:
        raise TypeError("secret polynomials are not pickled")
