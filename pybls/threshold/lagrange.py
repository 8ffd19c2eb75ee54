"""Lagrange interpolation at zero over Fr, of scalars and of group elements.

For distinct nonzero indices x_1..x_k, the coefficients

    l_i = prod_{j != i} x_j / (x_j - x_i)

give f(0) = sum_i l_i f(x_i) for every polynomial f of degree < k. The
indices are public, so the coefficients are computed with Python integers,
with one modular inversion for all of them (Montgomery's batch inversion).
Everything works modulo the r of the curve of the scalars or points given
(BLS12-381's by default):

>>> from pybls import bn254
>>> lagrange_ints([1, 2], r=bn254.Scalar.R) == [2, bn254.Scalar.R - 1]
True

>>> from pybls import G1, Scalar
>>> from pybls.threshold.lagrange import lagrange_coefficients, interpolate, interpolate_points
>>> [int(c) for c in lagrange_coefficients([1, 2])] == [2, Scalar.R - 1]
True
>>> f = lambda x: 7 + 3 * x              # degree 1: two values determine f(0)
>>> interpolate({2: Scalar(f(2)), 5: Scalar(f(5))}) == 7
True
>>> g = G1.generator()
>>> interpolate_points({1: g * f(1), 4: g * f(4)}) == g * 7
True
"""

from __future__ import annotations

from math import gcd, prod
from typing import Any, List, Mapping, Sequence, Tuple, Type, TypeVar

from ..points import _Point
from ..scalar import R, Scalar, ScalarField
from ._util import check_distinct
from .errors import ThresholdError

__all__ = ["lagrange_coefficients", "lagrange_ints", "batch_inverse", "interpolate", "interpolate_points"]

_P = TypeVar("_P", bound=_Point)
_S = TypeVar("_S", bound=ScalarField)


def batch_inverse(values: Sequence[int], r: int = R) -> List[int]:
    """The inverses modulo `r` (BLS12-381's by default) of nonzero ints, with a single inversion.

    >>> batch_inverse([2, 3])[0] * 2 % Scalar.R, batch_inverse([2, 3])[1] * 3 % Scalar.R
    (1, 1)
    """
    n = len(values)
    prefix = [1] * (n + 1)
    for i, v in enumerate(values):
        v %= r
        if v == 0:
            raise ZeroDivisionError("batch_inverse: a value is zero modulo r")
        prefix[i + 1] = prefix[i] * v % r
    inv = pow(prefix[n], r - 2, r)
    out = [0] * n
    for i in range(n - 1, -1, -1):
        out[i] = prefix[i] * inv % r
        inv = inv * values[i] % r
    return out


def lagrange_ints(indices: Sequence[int], at: int = 0, r: int = R) -> List[int]:
    """The Lagrange coefficients for `indices` at the point `at`, as ints
    mod `r` (the curve's group order; BLS12-381's by default).

    Indices must be distinct and in [1, 2^32)
    (:class:`~pybls.threshold.errors.DuplicateIndexError`,
    :class:`~pybls.threshold.errors.InvalidIndexError`).

    >>> from pybls import Scalar
    >>> coeffs = lagrange_ints([1, 2, 3])       # f(0) = sum c_i f(i) for degree < 3
    >>> f = lambda x: 5 + 3 * x + 2 * x * x
    >>> sum(c * f(i) for c, i in zip(coeffs, [1, 2, 3])) % Scalar.R
    5
    """
    xs = check_distinct(indices)
    if not xs:
        return []
    # Numerators prod_{j != i} (at - x_j) and denominators
    # prod_{j != i} (x_i - x_j): products of small ints, reduced once.
    diffs = [at - x for x in xs]
    if 0 in diffs:  # `at` is one of the indices: that value is the answer
        return [1 if d == 0 else 0 for d in diffs]
    total = 1
    for d in diffs:
        total = total * d % r
    nums = batch_inverse(diffs, r)
    inv = _inverse_denominators(xs, r)
    return [total * n % r * d % r for n, d in zip(nums, inv)]


def lagrange_scaled(indices: Sequence[int], at: int = 0) -> Tuple[List[int], int]:
    """Integers w_i and L > 0 with w_i / L the Lagrange coefficient of
    index i at `at`, exactly (not mod r): ``sum_i w_i P_i`` then needs
    multiplications by small integers only (for few indices) and one
    multiplication by 1/L at the end.

    >>> lagrange_scaled([1, 2, 3])
    ([3, -3, 1], 1)
    >>> lagrange_scaled([1, 3])
    ([3, -1], 2)
    """
    xs = check_distinct(indices)
    nums, dens = [], []
    for i, xi in enumerate(xs):
        num = den = 1
        for j, xj in enumerate(xs):
            if j != i:
                num *= at - xj
                den *= xi - xj
        nums.append(num)
        dens.append(den)
    big = 1
    for d in dens:
        big = big * abs(d) // gcd(big, abs(d))
    ws = [n * (big // d) for n, d in zip(nums, dens)]
    g = gcd(big, *ws)
    return [w // g for w in ws], big // g


def _inverse_denominators(xs: List[int], r: int) -> List[int]:
    """1 / prod_{j != i} (x_i - x_j) mod r for each x_i.

    Nearly contiguous index sets (the usual case: the first t signers or
    qualified dealers) take O(t * missing) work: for the range lo..hi,
    the product over the whole range is (x_i - lo)! (hi - x_i)! (-1)^(hi - x_i),
    divided by the differences to the indices missing from the range.
    Other sets take the direct O(t^2) products (of small ints, in C).
    """
    lo, hi = min(xs), max(xs)
    span = hi - lo + 1
    if span - len(xs) > len(xs) // 2:
        return batch_inverse([prod([xi - xj for xj in xs if xj != xi]) % r for xi in xs], r)
    present = set(xs)
    missing = [v for v in range(lo, hi + 1) if v not in present]
    fact = [1] * span
    for k in range(1, span):
        fact[k] = fact[k - 1] * k % r
    full = []
    for xi in xs:
        f = fact[xi - lo] * fact[hi - xi] % r
        full.append(r - f if (hi - xi) & 1 else f)
    inv = batch_inverse(full, r)
    if not missing:
        return inv
    return [v * (prod([xi - m for m in missing]) % r) % r for v, xi in zip(inv, xs)]


def lagrange_coefficients(indices: Sequence[int], at: int = 0, scalar: Type[Any] = Scalar) -> List[Any]:
    """The Lagrange coefficients for `indices` at `at` (default 0), as
    scalars of the class `scalar` (a curve's ``Scalar``, BLS12-381's by default).

    >>> sum(lagrange_coefficients([3, 7, 9])) == 1   # interpolating f = 1
    True
    """
    if not (isinstance(scalar, type) and issubclass(scalar, ScalarField)):
        raise TypeError(f"scalar must be a curve's Scalar class, not {scalar!r}")
    return [scalar(c) for c in lagrange_ints(indices, at, scalar.R)]


def _check_mapping(values: Any, what: str) -> None:
    if not isinstance(values, Mapping):
        raise TypeError(f"{what} takes a mapping of indices to values (a dict), not {type(values).__name__}")


def interpolate(values: Mapping[int, _S]) -> _S:
    """f(0) from the values f(i) at distinct indices i (the keys).

    The result is the constant term of the polynomial of degree
    < len(values) through them. Constant time in the values (they are
    secret shares); the indices are public.

    >>> from pybls import Scalar
    >>> f = lambda x: Scalar(5) + Scalar(3) * x      # degree 1: any two values
    >>> interpolate({2: f(2), 7: f(7)}) == Scalar(5)
    True
    """
    _check_mapping(values, "interpolate")
    if not values:
        raise ThresholdError("interpolate needs at least one value")
    idx = list(values)
    cls = type(values[idx[0]])
    if not issubclass(cls, ScalarField):
        # an int has no modulus: the curve's Scalar says which r
        raise TypeError(f"interpolate takes the scalars of one curve (pybls.Scalar, pybls.bn254.Scalar, ...), "
                        f"not {cls.__name__}")
    acc = cls(0)
    for i, c in zip(idx, lagrange_ints(idx, 0, cls.R)):
        acc = acc + values[i] * c
    return acc


def interpolate_points(values: Mapping[int, _P]) -> _P:
    """P(0) from points P(i) = f(i) * G at distinct indices, by one
    multi-scalar multiplication (variable time: for public points).

    >>> from pybls import G1, Scalar
    >>> G = G1.generator()
    >>> f = lambda x: Scalar(5) + Scalar(3) * x
    >>> interpolate_points({1: G * f(1), 4: G * f(4)}) == G * 5
    True
    """
    _check_mapping(values, "interpolate_points")
    if not values:
        raise ThresholdError("interpolate_points needs at least one point")
    idx = list(values)
    pts = [values[i] for i in idx]
    group = type(pts[0])
    if not issubclass(group, _Point):
        raise TypeError(f"interpolate_points takes the points of one group (G1 or G2 of a curve), not {group.__name__}")
    return group.msm(pts, lagrange_ints(idx, 0, group._SCALAR.R))
