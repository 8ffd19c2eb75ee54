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
