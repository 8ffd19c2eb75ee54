"""A drop-in replacement for ``py_ecc.bn128`` (alt_bn128 in affine
coordinates) whose scalar multiplications and pairings run in pybls's C
core.

It has py_ecc's names and types: field elements are py_ecc's own ``bn128``
``FQ``, ``FQ2`` and ``FQ12`` (so py_ecc must be installed), points are
affine pairs ``(x, y)`` and ``None`` is the point at infinity:

>>> from pybls.compat.py_ecc import bn128
>>> P = bn128.multiply(bn128.G1, 5)
>>> P == bn128.add(bn128.double(bn128.G1), bn128.multiply(bn128.G1, 3))
True
>>> bn128.multiply(bn128.G2, bn128.curve_order) is None
True
>>> bn128.pairing(bn128.G2, P) == bn128.pairing(bn128.multiply(bn128.G2, 5), bn128.G1)
True

``multiply`` of a point of G1, or of G2 (on the twist and in the subgroup),
``pairing``, ``miller_loop`` and ``final_exponentiate`` run in the core;
other points are multiplied in Python as py_ecc does. ``miller_loop``
takes, as py_ecc's ``bn128_pairing.miller_loop``, ``twist(Q)`` and a point
of G1 with FQ12 coordinates and returns the pairing (final exponentiation
included); it raises :class:`ValueError` for FQ12 points of another form.
``normalize`` (which py_ecc's ``bn128`` lacks) returns its argument.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple

from ... import bn254 as _bn254
from ._core import Curve, kind  # first: it names py_ecc in the ImportError when it is missing

from py_ecc.fields import bn128_FQ as FQ  # noqa: E402 (isort: skip)
from py_ecc.fields import bn128_FQ2 as FQ2  # noqa: E402
from py_ecc.fields import bn128_FQ12 as FQ12  # noqa: E402
from py_ecc.fields import bn128_FQP as FQP  # noqa: E402

from . import _projective  # noqa: E402

__all__ = [
    "FQ", "FQ2", "FQ12", "FQP", "field_modulus", "curve_order", "b", "b2", "b12",
    "G1", "G2", "G12", "Z1", "Z2", "add", "double", "multiply", "neg", "eq", "is_inf",
    "is_on_curve", "normalize", "twist", "pairing", "miller_loop", "final_exponentiate",
]

Point2 = Optional[Tuple[Any, Any]]
_curve = Curve(_bn254, 9, 1, gt_root=False)

field_modulus: int = _curve.P
curve_order: int = _curve.R

b = FQ(3)
b2 = FQ2([3, 0]) / FQ2([9, 1])
b12 = FQ12([3] + [0] * 11)

G1: Point2 = (FQ(1), FQ(2))
_g2x, _g2y = _bn254.G2.generator().to_affine()
G2: Point2 = (FQ2(list(_g2x)), FQ2(list(_g2y)))
Z1: Point2 = None
Z2: Point2 = None


def is_inf(pt: Point2) -> bool:
    """Whether `pt` is the point at infinity (None)."""
    return pt is None


def is_on_curve(pt: Point2, b: Any) -> bool:
    """Whether `pt` satisfies y^2 = x^3 + b (the point at infinity does)."""
    if pt is None:
        return True
    x, y = pt
    return bool(y * y - x * x * x == b)


def double(pt: Point2) -> Point2:
    """2 pt."""
    if pt is None:
        return None
    x, y = pt
    slope = 3 * x * x / (2 * y)
    x3 = slope * slope - 2 * x
    return (x3, slope * (x - x3) - y)


def add(p1: Point2, p2: Point2) -> Point2:
    """p1 + p2."""
    if p1 is None or p2 is None:
        return p1 if p2 is None else p2
    x1, y1 = p1
    x2, y2 = p2
    if x1 == x2:
        return double(p1) if y1 == y2 else None
    slope = (y2 - y1) / (x2 - x1)
    x3 = slope * slope - x1 - x2
    return (x3, slope * (x1 - x3) - y1)


def neg(pt: Point2) -> Point2:
    """-pt."""
    if pt is None:
        return None
    x, y = pt
    return (x, -y)


def eq(p1: Point2, p2: Point2) -> bool:
    """Whether p1 and p2 are the same point."""
    return bool(p1 == p2)


def normalize(pt: Point2) -> Point2:
    """`pt` itself: affine points are already normal."""
    return pt


def _multiply_python(pt: Point2, n: int) -> Point2:
    acc: Point2 = None
    for bit in bin(n)[2:] if n > 0 else "":
        acc = double(acc)
        if bit == "1":
            acc = add(acc, pt)
    return acc


def multiply(pt: Point2, n: int) -> Point2:
    """n pt."""
    if pt is None or n == 0:
        return None
    x, y = pt
    k = kind(x)
    if k == 1 and is_on_curve(pt, b):
        p1 = _curve.g1_point(int(x), int(y))
        if p1 is not None:
            r1 = p1.mul_vartime(n % curve_order)
            if r1.is_identity():
                return None
            rx, ry = r1.to_affine()
            return (FQ(rx), FQ(ry))
    elif k == 2 and is_on_curve(pt, b2):
        p2 = _curve.g2_point(_curve.fq2_ints(x), _curve.fq2_ints(y))
        if p2 is not None:
            r2 = p2.mul_vartime(n % curve_order)
            if r2.is_identity():
                return None
            qx, qy = r2.to_affine()
            return (FQ2(list(qx)), FQ2(list(qy)))
    return _multiply_python(pt, n)


_w = FQ12([0, 1] + [0] * 10)
_w2, _w3 = _w ** 2, _w ** 3


def _fq2_in_fq12(e: Any) -> Any:
    # c0 + c1 u with u = w^6 - 9
    c0, c1 = (int(c) for c in e.coeffs)
    return FQ12([c0 - 9 * c1] + [0] * 5 + [c1] + [0] * 5)


def twist(pt: Point2) -> Point2:
    """The point of the twist E'(Fp2) as a point of E(Fp12): (x w^2, y w^3)."""
    if pt is None:
        return None
    x, y = pt
    return (_fq2_in_fq12(x) * _w2, _fq2_in_fq12(y) * _w3)


G12: Point2 = twist(G2)


def final_exponentiate(p: Any) -> Any:
    """p^((field_modulus^12 - 1) / curve_order)."""
    return _projective.final_exponentiate(_curve, p, FQ12)


def _core_pairing(q: Tuple[Tuple[int, int], Tuple[int, int]], p: Tuple[int, int]) -> Any:
    return _projective.core_pairing(_curve, q, p, True, FQ12)


def pairing(Q: Point2, P: Point2) -> Any:
    """e(P, Q) for Q on the twist (FQ2) and P on the curve (FQ), G2 first as
    in py_ecc."""
    if not is_on_curve(Q, b2):
        raise ValueError("Invalid input - point Q is not on the correct curve")
    if not is_on_curve(P, b):
        raise ValueError("Invalid input - point P is not on the correct curves")
    if Q is None or P is None:
        return FQ12.one()
    return _core_pairing((_curve.fq2_ints(Q[0]), _curve.fq2_ints(Q[1])), (int(P[0]), int(P[1])))


def miller_loop(Q: Point2, P: Point2) -> Any:
    """The pairing of ``twist(Q)`` and a point of G1 with FQ12 coordinates,
    as py_ecc's ``bn128_pairing.miller_loop`` (which includes the final
    exponentiation)."""
    if Q is None or P is None:
        return FQ12.one()
    q = _curve.untwist(Q[0], Q[1])
    x, y = _curve.fq12_constant(P[0]), _curve.fq12_constant(P[1])
    if q is None or x is None or y is None:
        raise ValueError("miller_loop takes twist(Q) and a point of G1 with FQ12 coordinates")
    return _core_pairing(q, (x, y))
