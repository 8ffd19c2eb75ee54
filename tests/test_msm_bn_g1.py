"""G1 multi-scalar multiplications on the BN curves against a plain affine
double-and-add over the integers mod p, p from the curve's u alone: the
points are multiples of the generator with known logarithms (products of
the core, two of them checked against the reference), so the sum is the
generator times one scalar.

On the BN curves G1 is all of E(Fp), so the MSM splits every scalar k into
two half-length digits for phi(x, y) = (beta x, y) = [lambda](x, y) and
runs its buckets (or, for few points, its NAF lanes) over twice as many
half-length terms; a scalar whose upper half of limbs is zero is not split.
The cases take both methods with split and unsplit scalars mixed, every
scalar small (not split at all), the scalars whose lattice halves are
negative or zero (k around 0, lambda, r - 1, ...), the identity, repeated
points, P with -P, and zero scalars."""

import random
from typing import List, Optional, Tuple

import pytest
from bn_reference import fp_affine_add

from pybls import curves

# Each curve's u and b, as the curves are defined; p and r follow from u.
PARAMS = {
    "bn254": (4965661367192848881, 3),
    "bn254_nogami": (-(2**62 + 2**55 + 1), 2),
    "bn381": (-(2**94 + 2**76 + 2**72 + 1), 2),
    "bn462": (2**114 + 2**101 - 2**14 - 1, 5),
}

Affine = Optional[Tuple[int, int]]


class Ref:
    def __init__(self, u: int, b: int) -> None:
        self.p = 36 * u**4 + 36 * u**3 + 24 * u**2 + 6 * u + 1
        self.r = 36 * u**4 + 36 * u**3 + 18 * u**2 + 6 * u + 1
        self.b = b

    def on_curve(self, a: Affine) -> bool:
        if a is None:
            return True
        x, y = a
        return (y * y - x * x * x - self.b) % self.p == 0

    def add(self, a: Affine, b: Affine) -> Affine:
        return fp_affine_add(a, b, self.p)

    def mul(self, a: Affine, k: int) -> Affine:
        acc: Affine = None
        while k:
            if k & 1:
                acc = self.add(acc, a)
            a = self.add(a, a)
            k >>= 1
        return acc


def _affine(point) -> Affine:
    return None if point.is_identity() else point.to_affine()


def _lambda(ref: Ref, group) -> int:
    """The eigenvalue of phi(x, y) = (beta x, y) on G1 for one of the
    nontrivial cube roots of unity beta mod p: a cube root of unity mod r."""
    g = _affine(group.generator())
    assert g is not None
    for lam in _cube_roots_of_unity_mod(ref.r):
        for beta in _cube_roots_of_unity_mod(ref.p):
            if ref.mul(g, lam) == (beta * g[0] % ref.p, g[1]):
                return lam
    raise AssertionError("no eigenvalue")


def _cube_roots_of_unity_mod(m: int) -> List[int]:
    """The two nontrivial cube roots of unity mod a prime m = 1 mod 3."""
    for c in range(2, 1000):
        t = pow(c, (m - 1) // 3, m)
        if t != 1:
            return [t, t * t % m]
    raise AssertionError("no cube root of unity")


def _scalars(rng: random.Random, r: int, lam: int, n: int, small: bool) -> List[int]:
    special = [0, 1, 2, r - 1, r - 2, lam, lam + 1, lam - 1, r - lam, (r - 1) // 2, (r + 1) // 2,
               2**64 - 1, 2**127, 2**128 - 1, 2**128, 2**192 + 5]
    ks = []
    for i in range(n):
        if small:
            ks.append(rng.choice([0, 1, rng.randrange(2**64), rng.randrange(2**100)]))
        elif i < len(special):
            ks.append(special[i] % r)
        else:
            ks.append(rng.choice([rng.randrange(r), rng.randrange(2**64), r - rng.randrange(2**64)]))
    return ks


def _points(rng: random.Random, group, r: int, n: int) -> Tuple[list, List[int]]:
    """n points and their logarithms to the generator's base."""
    g = group.generator()
    pts: list = []
    logs: List[int] = []
    for i in range(n):
        kind = rng.randrange(8)
        if kind == 0:
            d = 0
        elif kind == 1 and pts:
            d = logs[rng.randrange(len(pts))]  # repeated
        elif kind == 2 and pts:
            d = -logs[rng.randrange(len(pts))] % r  # P and -P
        else:
            d = rng.randrange(1, r)
        pts.append(g * d)
        logs.append(d)
    return pts, logs


@pytest.fixture(scope="module", params=sorted(PARAMS))
def bn(request):
    curve = curves.CURVES[request.param]
    ref = Ref(*PARAMS[request.param])
    assert ref.r == curve.Scalar.R
    return request.param, curve, ref, _lambda(ref, curve.G1)


# 9: the NAF lanes; 30, 64 and 300: the buckets (300: the lanes stop at 256).
@pytest.mark.parametrize(
    "n,small", [(9, False), (9, True), (30, False), (64, False), (300, False), (300, True), (30, True)]
)
def test_g1_msm_against_reference(bn, n, small):
    name, curve, ref, lam = bn
    group = curve.G1
    rng = random.Random(f"{name}-{n}-{small}")
    pts, logs = _points(rng, group, ref.r, n)
    ks = _scalars(rng, ref.r, lam, n, small)
    g = _affine(group.generator())
    assert all(ref.on_curve(_affine(p)) for p in pts)
    # The points are the core's products g * log: two of them checked here,
    # the others through the sum.
    for i in (0, n - 1):
        assert _affine(pts[i]) == ref.mul(g, logs[i])
    # The sum is the generator times sum(k_i log_i): one double-and-add
    # (term by term, 300 of them took seconds on BN462).
    want = ref.mul(g, sum(k * d for k, d in zip(ks, logs)) % ref.r)
    assert _affine(group.msm(pts, ks)) == want
    assert _affine(group._msm_of_secret_points(pts, ks)) == want


def test_g1_msm_cancelling_terms(bn):
    # Terms that cancel in every bucket: [k]P + [k](-P), and [k]P + [r - k]P.
    name, curve, ref, lam = bn
    group = curve.G1
    rng = random.Random(f"{name}-cancel")
    base = [group.generator() * rng.randrange(1, ref.r) for _ in range(150)]
    ks = [rng.randrange(ref.r) for _ in range(150)]
    assert group.msm(base + [-p for p in base], ks + ks).is_identity()
    assert group.msm(base + base, ks + [(-k) % ref.r for k in ks]).is_identity()
    # phi's image itself: [lambda]P - [1](phi P) as two terms of the sum
    p = base[0]
    x, y = p.to_affine()
    for beta in _cube_roots_of_unity_mod(ref.p):
        q = group.from_affine(beta * x % ref.p, y)
        if p * lam == q:
            break
    else:
        raise AssertionError("no beta")
    assert group.msm([p] * 100 + [q] * 100, [lam] * 100 + [ref.r - 1] * 100).is_identity()
