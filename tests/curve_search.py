"""Points of a curve found by search, with Fp and Fp2 arithmetic written
here (square roots for p = 3 mod 4), independently of the core: points on
E and on the twist E' that the subgroup checks must judge (test_curves.py,
test_bn254.py). Works for any curve module of pybls.curves."""


def fp2_ops(p):
    def mul(a, b):
        return ((a[0] * b[0] - a[1] * b[1]) % p, (a[0] * b[1] + a[1] * b[0]) % p)

    def add(a, b):
        return ((a[0] + b[0]) % p, (a[1] + b[1]) % p)

    def power(a, e):
        out = (1, 0)
        while e:
            if e & 1:
                out = mul(out, a)
            a = mul(a, a)
            e >>= 1
        return out

    def sqrt(a):
        # Adj and Rodriguez-Henriquez, algorithm 9 (p = 3 mod 4).
        a1 = power(a, (p - 3) // 4)
        alpha = mul(mul(a1, a1), a)
        x0 = mul(a1, a)
        if alpha == (p - 1, 0):
            return mul((0, 1), x0)
        return mul(power(((1 + alpha[0]) % p, alpha[1]), (p - 1) // 2), x0)

    return mul, add, sqrt


def points_on_curve(curve):
    """A point of E(Fp) and one of E'(Fp2) found by search, with b and b'
    read off the generators. (BLS48-581's twist is over Fp8: its point is
    found with the arithmetic of bls48_reference.py.)"""
    p = curve.FIELD_MODULUS
    mul, add, sqrt = fp2_ops(p)
    gx, gy = curve.G1.generator().to_affine()
    b1 = (gy * gy - gx ** 3) % p
    (qx, qy) = curve.G2.generator().to_affine()
    if len(qx) == 8:
        return _g1_point(p, b1), _fp8_twist_point(qx, qy)
    b2 = add(mul(qy, qy), tuple(-c % p for c in mul(mul(qx, qx), qx)))
    g1 = _g1_point(p, b1)
    g2 = None
    for c in range(1, 200):
        x = (c, 1)
        rhs = add(mul(mul(x, x), x), b2)
        y = sqrt(rhs)
        if mul(y, y) == rhs:
            g2 = (x, y)
            break
    assert g1 and g2
    return g1, g2


def _g1_point(p, b1):
    for x in range(2, 200):
        rhs = (x ** 3 + b1) % p
        y = pow(rhs, (p + 1) // 4, p)
        if y * y % p == rhs:
            return (x, y)
    raise AssertionError("no point found")


def _fp8_twist_point(qx, qy):
    """A point of BLS48-581's E'(Fp8), coordinates over 1, u, v, ..., uvw."""
    import bls48_reference as ref

    x0, y0 = ref.fp8(qx), ref.fp8(qy)
    b2 = y0 * y0 - x0 * x0 * x0
    for c in range(1, 200):
        x = ref.fp8([c, 1] + [0] * 6)
        y = (x * x * x + b2).sqrt()
        if y is not None:
            return tuple(x.to_tower()), tuple(y.to_tower())
    raise AssertionError("no point found")
