"""Fp12 products (GT's gt_mul, on any Fp12 element) whose coefficients'
internal Montgomery values sit at the ends of their range, on every curve
with an Fp12 tower, against a schoolbook Fp12 product in Python integers.

The products keep sums of coefficients unreduced where the prime leaves
room in the limbs (fp2_add_wide_operand: below 2p, their Karatsuba sums
below 4p) and subtract two double-width values at once modulo p R
(fp2x2_sub2: a difference below -p R takes p R twice). Internal values of
p - 1 make every sum and product as large as it can be, and mixing them
with 0 drives the differences to both ends; the raw internal bytes are
given to the library so that the values are exactly these.
"""

import importlib
import random

import pytest

from pybls import _lib

# xi = c + u for each curve's Fp6 = Fp2[v]/(v^3 - xi).
XI_C0 = {"bls12_381": 1, "bn254": 9, "bn254_nogami": 1, "bn381": 1, "bn462": 2}


def _f2_mul(a, b, p):
    return ((a[0] * b[0] - a[1] * b[1]) % p, (a[0] * b[1] + a[1] * b[0]) % p)


def _f12_mul(x, y, p, c):
    """Schoolbook product of two Fp12 elements given as twelve coefficients
    lowest first (c0.c0.c0, c0.c0.c1, c0.c1.c0, ..., c1.c2.c1): as a
    polynomial of degree 5 in w over Fp2, w^6 = v^3 = xi."""
    a = [(x[2 * i], x[2 * i + 1]) for i in range(6)]
    b = [(y[2 * i], y[2 * i + 1]) for i in range(6)]
    # coefficient i of the tower list is w^k with k = 2 j + h for c<h>.c<j>
    pw = [0, 2, 4, 1, 3, 5]
    aw, bw = [None] * 6, [None] * 6
    for i in range(6):
        aw[pw[i]], bw[pw[i]] = a[i], b[i]
    acc = [(0, 0)] * 11
    for i in range(6):
        for j in range(6):
            t = _f2_mul(aw[i], bw[j], p)
            acc[i + j] = ((acc[i + j][0] + t[0]) % p, (acc[i + j][1] + t[1]) % p)
    res = acc[:6]
    for k in range(6, 11):  # w^k = xi w^(k - 6)
        t = _f2_mul(acc[k], (c, 1), p)
        res[k - 6] = ((res[k - 6][0] + t[0]) % p, (res[k - 6][1] + t[1]) % p)
    out = []
    for i in range(6):
        out += list(res[pw[i]])
    return out


def _setup(curve):
    p = importlib.import_module(f"pybls.{curve}").FIELD_MODULUS
    lib = _lib if curve == "bls12_381" else _lib.curve_binding(curve)
    size = 8 * ((p.bit_length() + 63) // 64)  # internal bytes per coefficient
    r = 2 ** (8 * size)
    return p, lib, size, r


def _pack(internals, size):
    return b"".join(v.to_bytes(size, "little") for v in internals)


@pytest.mark.parametrize("curve", sorted(XI_C0))
def test_fp12_mul_internal_edges(curve):
    p, lib, size, r = _setup(curve)
    r_inv = pow(r, -1, p)
    rng = random.Random(curve)
    top, zero = p - 1, 0
    patterns = [
        [top] * 12,
        [zero] * 12,
        [top, zero] * 6,
        [zero, top] * 6,
        [top] * 6 + [zero] * 6,
        [zero] * 6 + [top] * 6,
        [top, top, zero, zero] * 3,
        [1] * 12,
    ]
    for _ in range(10):
        patterns.append([rng.choice([top, zero, top - 1, 1, rng.randrange(p)]) for _ in range(12)])
    for xs in patterns:
        for ys in patterns:
            got = lib.gt_mul(_pack(xs, size), _pack(ys, size))
            want = _f12_mul([v * r_inv % p for v in xs], [v * r_inv % p for v in ys], p, XI_C0[curve])
            assert got == _pack([v * r % p for v in want], size), (xs, ys)


def _cyclotomic_sqr(x, p, c):
    """Granger-Scott's squaring of the cyclotomic subgroup as a map on any
    twelve coefficients (ordered as in _f12_mul): over Fp4 = Fp2[s],
    s^2 = xi, with A = (c0.c0, c1.c1), B = (c1.c0, c0.c2), C = (c0.c1, c1.c2),
    A' = 3A^2 - 2conj(A), B' = 3sC^2 + 2conj(B), C' = 3B^2 - 2conj(C). On
    the subgroup it is the square; elsewhere only this polynomial map."""
    g = [(x[2 * i], x[2 * i + 1]) for i in range(6)]  # c0.c0, c0.c1, c0.c2, c1.c0, c1.c1, c1.c2

    def lin(k, s, m, t):  # k s + m t
        return ((k * s[0] + m * t[0]) % p, (k * s[1] + m * t[1]) % p)

    def xi(s):
        return _f2_mul(s, (c, 1), p)

    def fp4_sqr(a, b):  # (a + b s)^2 = (a^2 + xi b^2, 2ab)
        return lin(1, _f2_mul(a, a, p), 1, xi(_f2_mul(b, b, p))), lin(2, _f2_mul(a, b, p), 0, b)

    x0, x1 = fp4_sqr(g[0], g[4])
    z0, z1 = fp4_sqr(g[3], g[2])
    y0, y1 = fp4_sqr(g[1], g[5])
    r = [lin(3, x0, -2, g[0]), lin(3, z0, -2, g[1]), lin(3, y0, -2, g[2]),
         lin(3, xi(y1), 2, g[3]), lin(3, x1, 2, g[4]), lin(3, z1, 2, g[5])]
    return [v for coef in r for v in coef]


@pytest.mark.parametrize("curve", sorted(XI_C0))
def test_cyclotomic_sqr_internal_edges(curve):
    """gt_sqr, the cyclotomic squaring (with 64-bit limbs its Fp4 squares
    reduce lazily: double-width sums below M = p R), on internal values at
    p - 1 and 0 against the formula in Python integers; the formula itself
    against the schoolbook square of GT elements."""
    p, lib, size, r = _setup(curve)
    r_inv = pow(r, -1, p)
    c = XI_C0[curve]
    gt = importlib.import_module(f"pybls.{curve}").GT
    g = gt.generator()
    for e in (g, g ** 5, g ** 12345):
        raw = e._b
        xs = [int.from_bytes(raw[i * size:(i + 1) * size], "little") * r_inv % p for i in range(12)]
        want = _f12_mul(xs, xs, p, c)
        assert _cyclotomic_sqr(xs, p, c) == want
        assert lib.gt_sqr(raw) == _pack([v * r % p for v in want], size)
    rng = random.Random("sqr" + curve)
    top, zero = p - 1, 0
    patterns = [[top] * 12, [zero] * 12, [top, zero] * 6, [zero, top] * 6, [top] * 6 + [zero] * 6,
                [zero] * 6 + [top] * 6, [top, top, zero, zero] * 3, [zero, zero, top, top] * 3]
    for _ in range(40):
        patterns.append([rng.choice([top, zero, top - 1, 1, rng.randrange(p)]) for _ in range(12)])
    for xs in patterns:
        got = lib.gt_sqr(_pack(xs, size))
        want = _cyclotomic_sqr([v * r_inv % p for v in xs], p, c)
        assert got == _pack([v * r % p for v in want], size), xs
