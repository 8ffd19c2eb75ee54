"""The constant-time G1 multiplication of points in the subgroup on the
BLS12 and BN curves (the endomorphism split, affine tables and the unified
Jacobian addition), against a multi-scalar multiplication of (P, identity),
an independent algorithm. The scalars k = +-d and +-2d for small d make the
accumulator meet the table's point or its negation in the last additions
(the doubling and the identity cases); k = d (1 +- w) and d (1 +- w^2), w a
cube root of unity mod r (the endomorphism's eigenvalue up to sign), make
it meet (beta x, -y) or (beta^2 x, -y) of that point, where the addition's
slope is 0/0 and the chord's is taken; scalars next to r and 2^64, 2^128
probe the split digits' edges (k = r - 2 meets the doubling case in the
last window on BLS12-381).

Every other window takes the plain mixed addition, which is wrong where
the accumulator equals +-the added point; the lattice test below checks
the bound g1.c's EC_CT_UNIFIED_WINDOWS rests on."""

import random

import pytest
from split_cases import _cube_roots_of_unity

from pybls import curves

# BLS48-581's G1 has no endomorphism split: its constant-time product is
# the windowed one of every point, which test_curves and the MSM tests cover.
CURVES = sorted(c for c in curves.CURVES if c != "bls48_581")


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


# Bits of the two split digits (below 2^E) on the curves whose G1 product
# splits: base-x^2 digits below x^2 < 2^128 on BLS12-381, Babai-rounded
# GLV digits offset into [0, 2^GLV_DIGIT_BITS) on BN curves (consts.h).
DIGIT_BITS = {"bls12_381": 128, "bn254": 127, "bn254_nogami": 127, "bn381": 191, "bn462": 231}


def _shortest_norm2(r, lam):
    """The squared Euclidean length of a shortest nonzero (a, b) with
    a lam + b = 0 mod r, by Lagrange's reduction of the basis (1, -lam),
    (0, r)."""
    u, v = (1, -lam), (0, r)

    def norm2(x):
        return x[0] * x[0] + x[1] * x[1]

    if norm2(u) < norm2(v):
        u, v = v, u
    while True:
        dot, nv = u[0] * v[0] + u[1] * v[1], norm2(v)
        q = (2 * dot + nv) // (2 * nv)  # the nearest integer to dot / nv
        u = (u[0] - q * v[0], u[1] - q * v[1])
        if norm2(u) >= norm2(v):
            return norm2(v)
        u, v = v, u


@pytest.mark.parametrize("name", sorted(DIGIT_BITS))
def test_only_the_last_window_can_double(name):
    """Adding [d]P or [d beta]P (|d| <= 16) in window w >= 1 meets +-the
    accumulator only for a nonzero (a, b), a beta + b = 0 mod r, with |a|,
    |b| <= 2^(E - 5) + 32 (g1.c): no such vector is that short, since its
    Euclidean length is at most sqrt(2) times its largest component. beta
    is, up to sign, one of the cube roots of unity mod r."""
    r = curves.CURVES[name].Scalar.R
    bound = (1 << (DIGIT_BITS[name] - 5)) + 32
    roots = _cube_roots_of_unity(r)
    assert len(roots) == 2
    for lam in roots:
        assert (lam * lam + lam + 1) % r == 0
        assert _shortest_norm2(r, lam) > 2 * bound * bound, name
