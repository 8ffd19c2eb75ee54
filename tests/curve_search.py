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


def _point_of_fp8_twist(curve):
    """A point of E'(Fp8) (BLS48-581), from the compressed encodings of x =
    c + w, c = 1, 2, ...: the first that decodes without the subgroup check
    (that E' has the point is checked by the callers' is_on_curve)."""
    n = len(curve.G1.generator().to_bytes())
    for c in range(1, 200):
        coeffs = [c, 0, 0, 0, 1, 0, 0, 0]  # c + w
        enc = bytearray(b"".join(v.to_bytes(n, "big") for v in reversed(coeffs)))
        enc[0] |= 0x80
        try:
            return curve.G2.from_bytes(bytes(enc), subgroup_check=False).to_affine()
        except ValueError:
            continue
    raise AssertionError("no point found")


def points_on_curve(curve):
    """A point of E(Fp) and one of E'(Fp2) found by search, with b and b'
    read off the generators (E'(Fp8) on BLS48-581: _point_of_fp8_twist)."""
    p = curve.FIELD_MODULUS
    mul, add, sqrt = fp2_ops(p)
    gx, gy = curve.G1.generator().to_affine()
    b1 = (gy * gy - gx ** 3) % p
    (qx, qy) = curve.G2.generator().to_affine()
    if len(qx) == 8:
        g1 = next((x, y) for x in range(2, 200)
                  for y in [pow((x ** 3 + b1) % p, (p + 1) // 4, p)] if (y * y - x ** 3 - b1) % p == 0)
        return g1, _point_of_fp8_twist(curve)
    b2 = add(mul(qy, qy), tuple(-c % p for c in mul(mul(qx, qx), qx)))
    g1 = None
    for x in range(2, 200):
        rhs = (x ** 3 + b1) % p
        y = pow(rhs, (p + 1) // 4, p)
        if y * y % p == rhs:
            g1 = (x, y)
            break
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


def mul_by_additions(Q, k):
    """[k]Q for any integer k >= 0, by doublings and additions: the point
    API reduces scalars mod r, so cofactor multiples need this."""
    assert k >= 0
    out, add = type(Q).identity(), Q
    while k:
        if k & 1:
            out = out + add
        add = add + add
        k >>= 1
    return out
