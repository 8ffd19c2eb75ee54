"""The constant-time G1 multiplication of points in the subgroup on every
curve (on BLS12 and BN curves: the endomorphism split, affine tables and
the unified Jacobian addition), against a multi-scalar multiplication of
(P, identity), an independent algorithm. The scalars k = +-d and +-2d for
small d make the accumulator meet the table's point or its negation in
the last additions (the doubling and the identity cases), and scalars
next to r and 2^64, 2^128 probe the split digits' edges."""

import random

import pytest

from pybls import curves

CURVES = sorted(curves.CURVES)


def _scalars(r):
    small = [m * d for d in range(0, 18) for m in (1, 2)]
    edges = [r - 1, r - 2, r - 32, 2**64 - 1, 2**64, 2**128 - 1, 2**128, (r - 1) // 2]
    rng = random.Random(25)
    return sorted({k % r for k in small + [-k for k in small] + edges + [rng.randrange(r) for _ in range(4)]})


@pytest.mark.parametrize("name", CURVES)
def test_constant_time_g1_mul_matches_msm(name):
    curve = curves.CURVES[name]
    G1 = curve.G1
    r = curve.Scalar.R
    for point in (G1.generator(), G1.generator() * 0x1234567890ABCDEF, G1.identity()):
        for k in _scalars(r):
            assert point * k == G1.msm([point, G1.identity()], [k, 0]), (name, k)
