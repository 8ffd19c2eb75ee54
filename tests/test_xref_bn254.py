"""pybls.bn254 against py_ecc's bn128 (optimized_bn128): sums, products and
coordinates of random points in G1 and G2."""

import random

import pytest
from py_ecc import optimized_bn128 as ref

from pybls.bn254 import G1, G2

pytestmark = pytest.mark.native_only


def _g1(pt):
    x, y = ref.normalize(pt)
    return G1.from_affine(int(x), int(y))


def _g2(pt):
    x, y = ref.normalize(pt)
    return G2.from_affine(tuple(int(c) for c in x.coeffs), tuple(int(c) for c in y.coeffs))


@pytest.mark.parametrize("seed", range(4))
def test_products_and_sums(seed):
    rng = random.Random(seed)
    a, b = rng.randrange(1, ref.curve_order), rng.randrange(1 << 256)
    assert G1.generator() * a == _g1(ref.multiply(ref.G1, a))
    assert G2.generator() * a == _g2(ref.multiply(ref.G2, a))
    p1, q1 = ref.multiply(ref.G1, a), ref.multiply(ref.G1, b % ref.curve_order)
    assert _g1(p1) + _g1(q1) == _g1(ref.add(p1, q1))
    assert (_g1(p1) * b).to_affine() == tuple(int(c) for c in ref.normalize(ref.multiply(p1, b % ref.curve_order)))
    p2, q2 = ref.multiply(ref.G2, a), ref.multiply(ref.G2, b % ref.curve_order)
    assert _g2(p2) - _g2(q2) == _g2(ref.add(p2, ref.neg(q2)))
