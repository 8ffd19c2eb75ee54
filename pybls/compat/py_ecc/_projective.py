"""The point arithmetic of py_ecc's optimized modules, on projective triples
(x, y, z) standing for (x/z, y/z) over any of py_ecc's field classes."""

from __future__ import annotations

from typing import Any, Tuple

from ._core import kind

Point3 = Tuple[Any, Any, Any]


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


def multiply_python(pt: Point3, n: int) -> Point3:
    """n pt by double and add in Python (for points the core does not take)."""
    one, zero = type(pt[0]).one(), type(pt[0]).zero()
    acc: Point3 = (one, one, zero)
    for bit in bin(n)[2:] if n > 0 else "":
        acc = double(acc)
        if bit == "1":
            acc = add(acc, pt)
    return acc


def multiply(curve: Any, pt: Point3, n: int, b: Any, b2: Any, FQ: Any, FQ2: Any) -> Point3:
    """n pt, in `curve`'s core for points of G1 and G2, else in Python."""
    one, zero = type(pt[0]).one(), type(pt[0]).zero()
    if n == 0:
        return (one, one, zero)
    if is_inf(pt):
        return pt
    k = kind(pt[0])
    if k in (1, 2) and is_on_curve(pt, b if k == 1 else b2):
        x, y = normalize(pt)
        if k == 1:
            point = curve.g1_point(int(x), int(y))
        else:
            point = curve.g2_point(curve.fq2_ints(x), curve.fq2_ints(y))
        if point is not None:
            r = point * (n % curve.R)  # constant time: n may be a secret key
            if r.is_identity():
                return (one, one, zero)
            rx, ry = r.to_affine()
            if k == 1:
                return (FQ(rx), FQ(ry), FQ.one())
            return (FQ2(list(rx)), FQ2(list(ry)), FQ2.one())
    return multiply_python(pt, n)


def pairing(curve: Any, Q: Point3, P: Point3, final: bool, b: Any, b2: Any, FQ12: Any) -> Any:
    """py_ecc's pairing(Q, P, final_exponentiate) in `curve`'s core."""
    if not is_on_curve(Q, b2):
        raise ValueError("Invalid input - point Q is not on the correct curve")
    if not is_on_curve(P, b):
        raise ValueError("Invalid input - point P is not on the correct curves")
    if is_inf(P) or is_inf(Q):
        return FQ12.one()
    qx, qy = normalize(Q)
    px, py = normalize(P)
    return core_pairing(curve, (curve.fq2_ints(qx), curve.fq2_ints(qy)), (int(px), int(py)), final, FQ12)


def core_pairing(
    curve: Any, q: Tuple[Tuple[int, int], Tuple[int, int]], p: Tuple[int, int], final: bool, FQ12: Any
) -> Any:
    """The pairing of affine integer coordinates, as a py_ecc FQ12."""
    g1 = curve.g1_point(*p)
    if g1 is None:  # BLS12-381: on the curve, outside G1
        g1 = curve.module.G1.from_affine(p[0], p[1], subgroup_check=False)
    g2 = curve.g2_point(q[0], q[1], subgroup_check=False)
    if g2 is None:
        raise ValueError("Invalid input - point Q is not on the correct curve")
    return FQ12(curve.pairing_coeffs(g1, g2, final))


def final_exponentiate(curve: Any, p: Any, FQ12: Any) -> Any:
    """p^((field_modulus^12 - 1) / curve_order), in the core."""
    c = curve.final_exponentiate(p.coeffs)
    if c is None:  # pragma: no cover - the core's layout is checked at import
        return p ** curve.final_exponent
    return FQ12(c)
