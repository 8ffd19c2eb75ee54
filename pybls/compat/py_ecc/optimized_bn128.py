"""A drop-in replacement for ``py_ecc.optimized_bn128`` (alt_bn128, the curve
of Ethereum's EIP-196/197 precompiles) whose scalar multiplications and
pairings run in pybls's C core.

It has py_ecc's names and types: field elements are py_ecc's own
``optimized_bn128`` ``FQ``, ``FQ2`` and ``FQ12`` (so py_ecc must be
installed), points are projective triples ``(x, y, z)`` standing for
``(x/z, y/z)``, with ``z == 0`` at infinity:

>>> from pybls.compat.py_ecc import optimized_bn128 as bn128
>>> P = bn128.multiply(bn128.G1, 5)
>>> bn128.normalize(P) == bn128.normalize(bn128.add(bn128.double(bn128.G1), bn128.multiply(bn128.G1, 3)))
True
>>> bn128.is_inf(bn128.multiply(bn128.G2, bn128.curve_order))
True
>>> e = bn128.pairing(bn128.G2, P)
>>> e == bn128.pairing(bn128.multiply(bn128.G2, 5), bn128.G1) and e != bn128.FQ12.one()
True
>>> f = bn128.pairing(bn128.G2, P, final_exponentiate=False) * bn128.pairing(bn128.G2, bn128.neg(P), False)
>>> bn128.final_exponentiate(f) == bn128.FQ12.one()
True

``multiply`` of a point of G1, or of G2 (on the twist and in the subgroup),
and ``pairing``, ``miller_loop`` and ``final_exponentiate`` run in the core;
other points (off the curve, outside G2, over FQ12) are multiplied in
Python as py_ecc does. Results equal py_ecc's as points (``eq``, or after
``normalize``); ``multiply`` returns its points with ``z == 1``.

Differences: the value of ``pairing(..., final_exponentiate=False)`` and
of ``miller_loop(..., final_exponentiate=False)`` is pybls's Miller loop,
which differs from py_ecc's by a factor that the final exponentiation
removes, so products of them give py_ecc's result once passed to
``final_exponentiate``. ``miller_loop`` takes, as in py_ecc, a point of the
twist mapped into FQ12 by :func:`twist` and a point of G1 with FQ12
coordinates, and raises :class:`ValueError` for FQ12 points of any other
form.
"""

from __future__ import annotations

from typing import Any, Tuple, TypeVar

from ... import bn254 as _bn254
from . import _bn254 as _core  # first: it names py_ecc in the ImportError when it is missing

from py_ecc.fields import optimized_bn128_FQ as FQ  # noqa: E402 (isort: skip)
from py_ecc.fields import optimized_bn128_FQ2 as FQ2  # noqa: E402
from py_ecc.fields import optimized_bn128_FQ12 as FQ12  # noqa: E402
from py_ecc.fields import optimized_bn128_FQP as FQP  # noqa: E402

__all__ = [
    "FQ", "FQ2", "FQ12", "FQP", "field_modulus", "curve_order", "b", "b2", "b12",
    "G1", "G2", "G12", "Z1", "Z2", "add", "double", "multiply", "neg", "eq", "is_inf",
    "is_on_curve", "normalize", "twist", "pairing", "miller_loop", "final_exponentiate",
]

_F = TypeVar("_F")
Point3 = Tuple[Any, Any, Any]

field_modulus: int = _core.P
curve_order: int = _core.R

b = FQ(3)
b2 = FQ2([3, 0]) / FQ2([9, 1])
b12 = FQ12([3] + [0] * 11)

G1: Point3 = (FQ(1), FQ(2), FQ(1))
_g2x, _g2y = _bn254.G2.generator().to_affine()
G2: Point3 = (FQ2(list(_g2x)), FQ2(list(_g2y)), FQ2.one())
Z1: Point3 = (FQ.one(), FQ.one(), FQ.zero())
Z2: Point3 = (FQ2.one(), FQ2.one(), FQ2.zero())


def is_inf(pt: Point3) -> bool:
    """Whether `pt` is the point at infinity (z == 0)."""
    z = pt[-1]
    return bool(z == type(z).zero())


def is_on_curve(pt: Point3, b: Any) -> bool:
    """Whether `pt` satisfies y^2 z = x^3 + b z^3 (the point at infinity does)."""
    if is_inf(pt):
        return True
    x, y, z = pt
    return bool(y * y * z - x * x * x == b * z * z * z)


def double(pt: Point3) -> Point3:
    """2 pt."""
    x, y, z = pt
    slope_num = 3 * x * x          # the tangent's slope is slope_num / (2 y z) in affine terms
    yz = y * z
    t = x * y * yz
    h = slope_num * slope_num - 8 * t
    yz2 = yz * yz
    return (2 * h * yz, slope_num * (4 * t - h) - 8 * y * y * yz2, 8 * yz * yz2)


def add(p1: Point3, p2: Point3) -> Point3:
    """p1 + p2."""
    if is_inf(p1) or is_inf(p2):
        return p1 if is_inf(p2) else p2
    x1, y1, z1 = p1
    x2, y2, z2 = p2
    y2z1, y1z2 = y2 * z1, y1 * z2
    x2z1, x1z2 = x2 * z1, x1 * z2
    if x2z1 == x1z2:
        if y2z1 == y1z2:
            return double(p1)
        one, zero = type(x1).one(), type(x1).zero()
        return (one, one, zero)
    u, v = y2z1 - y1z2, x2z1 - x1z2
    vv = v * v
    vvv = v * vv
    vvx1 = vv * x1z2
    zz = z1 * z2
    a = u * u * zz - vvv - 2 * vvx1
    return (v * a, u * (vvx1 - a) - vvv * y1z2, vvv * zz)


def neg(pt: Point3) -> Point3:
    """-pt."""
    x, y, z = pt
    return (x, -y, z)


def eq(p1: Point3, p2: Point3) -> bool:
    """Whether p1 and p2 are the same point (projective equality)."""
    x1, y1, z1 = p1
    x2, y2, z2 = p2
    return bool(x1 * z2 == x2 * z1 and y1 * z2 == y2 * z1)


def normalize(pt: Point3) -> Tuple[Any, Any]:
    """The affine coordinates (x/z, y/z)."""
    x, y, z = pt
    return (x / z, y / z)


def _multiply_python(pt: Point3, n: int) -> Point3:
    # Double and add from the most significant bit, as py_ecc computes it.
    one, zero = type(pt[0]).one(), type(pt[0]).zero()
    acc: Point3 = (one, one, zero)
    for bit in bin(n)[2:] if n > 0 else "":
        acc = double(acc)
        if bit == "1":
            acc = add(acc, pt)
    return acc


def multiply(pt: Point3, n: int) -> Point3:
    """n pt."""
    if n == 0:
        return (type(pt[0]).one(), type(pt[0]).one(), type(pt[0]).zero())
    if is_inf(pt):
        return pt
    k = _core.kind(pt[0])
    if k in (1, 2) and is_on_curve(pt, b if k == 1 else b2):
        x, y = normalize(pt)
        if k == 1:
            p1 = _core.g1_point(int(x), int(y))
            if p1 is not None:
                r1 = p1.mul_vartime(n % curve_order)
                if r1.is_identity():
                    return Z1
                rx, ry = r1.to_affine()
                return (FQ(rx), FQ(ry), FQ.one())
        else:
            p2 = _core.g2_point(_core.fq2_ints(x), _core.fq2_ints(y))
            if p2 is not None:
                r2 = p2.mul_vartime(n % curve_order)
                if r2.is_identity():
                    return Z2
                qx, qy = r2.to_affine()
                return (FQ2(list(qx)), FQ2(list(qy)), FQ2.one())
    return _multiply_python(pt, n)


# w, a root of the modulus of FQ12: w^12 = 18 w^6 - 82.
_w = FQ12([0, 1] + [0] * 10)
_w2, _w3 = _w ** 2, _w ** 3


def _fq2_in_fq12(e: Any) -> Any:
    # c0 + c1 u with u = w^6 - 9
    c0, c1 = (int(c) for c in e.coeffs)
    return FQ12([c0 - 9 * c1] + [0] * 5 + [c1] + [0] * 5)


def twist(pt: Point3) -> Point3:
    """The point of the twist E'(Fp2) as a point of E(Fp12): (x w^2, y w^3)."""
    x, y, z = pt
    return (_fq2_in_fq12(x) * _w2, _fq2_in_fq12(y) * _w3, _fq2_in_fq12(z))


G12: Point3 = twist(G2)


def final_exponentiate(p: Any) -> Any:
    """p^((field_modulus^12 - 1) / curve_order)."""
    c = _core.final_exponentiate([int(v) for v in p.coeffs])
    if c is None:  # pragma: no cover - the core's layout is checked at import
        return p ** _core._FINAL_EXPONENT
    return FQ12(c)


def _core_pairing(q: Tuple[Tuple[int, int], Tuple[int, int]], p: Tuple[int, int], final: bool) -> Any:
    g1 = _core.g1_point(*p)
    g2 = _core.g2_point(q[0], q[1], subgroup_check=False)
    if g1 is None or g2 is None:
        raise ValueError("Invalid input - points must be on the curve and its twist")
    return FQ12(_core.pairing_coeffs(g1, g2, final))


def pairing(Q: Point3, P: Point3, final_exponentiate: bool = True) -> Any:
    """e(P, Q) for Q on the twist (FQ2) and P on the curve (FQ), G2 first as
    in py_ecc; with ``final_exponentiate=False`` the Miller loop value."""
    if not is_on_curve(Q, b2):
        raise ValueError("Invalid input - point Q is not on the correct curve")
    if not is_on_curve(P, b):
        raise ValueError("Invalid input - point P is not on the correct curves")
    if is_inf(P) or is_inf(Q):
        return FQ12.one()
    qx, qy = normalize(Q)
    px, py = normalize(P)
    return _core_pairing((_core.fq2_ints(qx), _core.fq2_ints(qy)), (int(px), int(py)), final_exponentiate)


def miller_loop(Q: Point3, P: Point3, final_exponentiate: bool = True) -> Any:
    """The pairing of a twisted point ``twist(Q)`` and a point of G1 with FQ12
    coordinates, as py_ecc's ``optimized_pairing.miller_loop``."""
    if is_inf(Q) or is_inf(P):
        return FQ12.one()
    qx, qy = normalize(Q)
    px, py = normalize(P)
    q = _core.untwist(qx, qy)
    x, y = _core.fq12_constant(px), _core.fq12_constant(py)
    if q is None or x is None or y is None:
        raise ValueError("miller_loop takes twist(Q) and a point of G1 with FQ12 coordinates")
    return _core_pairing(q, (x, y), final_exponentiate)
