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
    """Whether `pt` is the point at infinity (None).

    >>> is_inf(Z1), is_inf(G1), is_inf(add(G1, neg(G1)))
    (True, False, True)
    """
    return pt is None


def is_on_curve(pt: Point2, b: Any) -> bool:
    """Whether `pt` satisfies y^2 = x^3 + b (the point at infinity does).

    >>> is_on_curve(G1, b), is_on_curve(G2, b2), is_on_curve(None, b)
    (True, True, True)
    >>> is_on_curve((FQ(1), FQ(3)), b)
    False
    """
    if pt is None:
        return True
    x, y = pt
    return bool(y * y - x * x * x == b)


def double(pt: Point2) -> Point2:
    """2 pt. Doubling the generator (1, 2) gives the sum of the ecAdd test
    vectors of go-ethereum (EIP-196):

    >>> x, y = double(G1)
    >>> hex(int(x)), hex(int(y))  # doctest: +NORMALIZE_WHITESPACE
    ('0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd3',
     '0x15ed738c0e0a7c92e7845f96b2ae9c0a68a6a449e3538fc7ff3ebf7a5a18a2c4')
    """
    if pt is None:
        return None
    x, y = pt
    slope = 3 * x * x / (2 * y)
    x3 = slope * slope - 2 * x
    return (x3, slope * (x - x3) - y)


def add(p1: Point2, p2: Point2) -> Point2:
    """p1 + p2.

    >>> add(G1, G1) == double(G1), add(G1, None) == G1, add(G1, neg(G1))
    (True, True, None)
    >>> add(G2, multiply(G2, 2)) == multiply(G2, 3)
    True
    """
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
    """-pt: (x, -y).

    >>> neg(G1) == (FQ(1), FQ(field_modulus - 2)), neg(None)
    (True, None)
    """
    if pt is None:
        return None
    x, y = pt
    return (x, -y)


def eq(p1: Point2, p2: Point2) -> bool:
    """Whether p1 and p2 are the same point.

    >>> eq(multiply(G1, 2), double(G1)), eq(G1, None), eq(None, Z1)
    (True, False, True)
    """
    return bool(p1 == p2)


def normalize(pt: Point2) -> Point2:
    """`pt` itself: affine points are already normal.

    >>> normalize(G1) is G1, normalize(None)
    (True, None)
    """
    return pt


def _multiply_python(pt: Point2, n: int) -> Point2:
    acc: Point2 = None
    for bit in bin(n)[2:] if n > 0 else "":
        acc = double(acc)
        if bit == "1":
            acc = add(acc, pt)
    return acc


def multiply(pt: Point2, n: int) -> Point2:
    """n pt. A case of the ecMul test vectors of go-ethereum (EIP-196),
    9 times a point of G1:

    >>> P = (FQ(0x1a87b0584ce92f4593d161480614f2989035225609f08058ccfa3d0f940febe3),
    ...      FQ(0x1a2f3c951f6dadcc7ee9007dff81504b0fcd6d7cf59996efdc33d92bf7f9f8f6))
    >>> x, y = multiply(P, 9)
    >>> hex(int(x)), hex(int(y))  # doctest: +NORMALIZE_WHITESPACE
    ('0x1dbad7d39dbc56379f78fac1bca147dc8e66de1b9d183c7b167351bfe0aeab74',
     '0x2cd757d51289cd8dbd0acf9e673ad67d0f0a89f912af47ed1be53664f5692575')
    >>> multiply(G2, curve_order) is None, multiply(G1, 0) is None
    (True, True)
    """
    if pt is None or n == 0:
        return None
    x, y = pt
    k = kind(x)
    if k == 1 and is_on_curve(pt, b):
        p1 = _curve.g1_point(int(x), int(y))
        if p1 is not None:
            r1 = p1 * (n % curve_order)  # constant time: n may be a secret key
            if r1.is_identity():
                return None
            rx, ry = r1.to_affine()
            return (FQ(rx), FQ(ry))
    elif k == 2 and is_on_curve(pt, b2):
        p2 = _curve.g2_point(_curve.fq2_ints(x), _curve.fq2_ints(y))
        if p2 is not None:
            r2 = p2 * (n % curve_order)
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
    """The point of the twist E'(Fp2) as a point of E(Fp12): (x w^2, y w^3).

    >>> is_on_curve(twist(G2), b12), twist(G2) == G12, twist(None)
    (True, True, None)
    """
    if pt is None:
        return None
    x, y = pt
    return (_fq2_in_fq12(x) * _w2, _fq2_in_fq12(y) * _w3)


G12: Point2 = twist(G2)


def final_exponentiate(p: Any) -> Any:
    """p^((field_modulus^12 - 1) / curve_order).

    The exponent is a multiple of field_modulus^k - 1 for k = 1, 2, 6, so
    the elements of the subfields Fp, Fp2 and Fp6 map to one; the map is
    multiplicative:

    >>> final_exponentiate(FQ12([2] + [0] * 11)) == FQ12.one()
    True
    >>> f = FQ12(list(range(1, 13)))
    >>> e = final_exponentiate(f)
    >>> e != FQ12.one() and final_exponentiate(f * f) == e * e
    True
    """
    return _projective.final_exponentiate(_curve, p, FQ12)


def _core_pairing(q: Tuple[Tuple[int, int], Tuple[int, int]], p: Tuple[int, int]) -> Any:
    return _projective.core_pairing(_curve, q, p, True, FQ12)


def pairing(Q: Point2, P: Point2) -> Any:
    """e(P, Q) for Q on the twist (FQ2) and P on the curve (FQ), G2 first as
    in py_ecc.

    Bilinear and non-degenerate; e(P, Q) e(-P, Q) = 1 is the kind of
    product the EIP-197 precompile checks:

    >>> e = pairing(G2, G1)
    >>> e != FQ12.one() and pairing(G2, multiply(G1, 6)) == pairing(multiply(G2, 2), multiply(G1, 3)) == e ** 6
    True
    >>> e * pairing(G2, neg(G1)) == FQ12.one()
    True
    >>> pairing(G2, (FQ(1), FQ(3)))
    Traceback (most recent call last):
      ...
    ValueError: Invalid input - point P is not on the correct curves
    """
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
    exponentiation).

    >>> P12 = (FQ12([1] + [0] * 11), FQ12([2] + [0] * 11))    # G1 in FQ12
    >>> miller_loop(twist(G2), P12) == pairing(G2, G1)
    True
    """
    if Q is None or P is None:
        return FQ12.one()
    q = _curve.untwist(Q[0], Q[1])
    x, y = _curve.fq12_constant(P[0]), _curve.fq12_constant(P[1])
    if q is None or x is None or y is None:
        raise ValueError("miller_loop takes twist(Q) and a point of G1 with FQ12 coordinates")
    return _core_pairing(q, (x, y))
