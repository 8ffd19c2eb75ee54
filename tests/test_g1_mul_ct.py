"""The constant-time G1 multiplication of points in the subgroup on the
BLS12 and BN curves (the endomorphism split, affine tables and the unified
Jacobian addition), against a multi-scalar multiplication of (P, identity),
an independent algorithm. The scalars k = +-d and +-2d for small d make the
accumulator meet the table's point or its negation in the last additions
(the doubling and the identity cases); k = d (1 +- w) and d (1 +- w^2), w a
cube root of unity mod r (the endomorphism's eigenvalue up to sign), make
it meet (beta x, -y) or (beta^2 x, -y) of that point, where the addition's
slope is 0/0 and the chord's is taken; scalars next to r and 2^64, 2^128
probe the split digits' edges."""

import random

import pytest

from pybls import curves

# BLS48-581's G1 has no endomorphism split: its constant-time product is
# the windowed one of every point, which test_curves and the MSM tests cover.
CURVES = sorted(c for c in curves.CURVES if c != "bls48_581")


def _cube_roots_of_unity(r):
    if (r - 1) % 3:
        return []
    for g in range(2, 100):
        w = pow(g, (r - 1) // 3, r)
        if w != 1:
            return [w, w * w % r]
    return []


def _scalars(r):
    small = [m * d for d in range(0, 18) for m in (1, 2)]
    small += [d * (1 + s * w) for w in _cube_roots_of_unity(r) for s in (1, -1) for d in range(1, 17)]
    edges = [r - 1, r - 2, r - 32, 2**64 - 1, 2**64, 2**128 - 1, 2**128, (r - 1) // 2]
    rng = random.Random(25)
    return sorted({k % r for k in small + [-k for k in small] + edges + [rng.randrange(r) for _ in range(4)]})


@pytest.mark.parametrize("name", CURVES)
def test_constant_time_g1_mul_matches_msm(name):
    curve = curves.CURVES[name]
    G1 = curve.G1
    r = curve.Scalar.R
    point = G1.generator() * 0x1234567890ABCDEF
    for k in _scalars(r):
        assert point * k == G1.msm([point, G1.identity()], [k, 0]), (name, k)
    for k in (0, 1, 2, r - 1, r - 2):
        assert G1.identity() * k == G1.identity()
        assert G1.generator() * k == G1.msm([G1.generator(), G1.identity()], [k, 0]), (name, k)
