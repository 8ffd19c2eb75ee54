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


def _fq12_coefficients(f):
    """py_ecc's FQ12 (a polynomial in w with w^12 = 18 w^6 - 82) as this
    tower's twelve Fp coefficients in encoding order. With v = w^2 and
    u = w^6 - 9, an Fp2 coefficient c0 + c1 u at w^k is c0 - 9 c1 at w^k
    plus c1 at w^(k+6); inverting that gives c1 = f[k+6], c0 = f[k] + 9 f[k+6]."""
    p = ref.field_modulus
    c = [int(x) for x in f.coeffs]
    tower = []  # (c0, c1) of the Fp2 coefficients of 1, v, v^2, w, v w, v^2 w
    for k in (0, 2, 4, 1, 3, 5):
        tower.append(((c[k] + 9 * c[k + 6]) % p, c[k + 6] % p))
    flat = [x for pair in tower for x in pair]
    return list(reversed(flat))


@pytest.mark.parametrize("seed", range(2))
def test_pairing_values(seed):
    from pybls import bn254

    rng = random.Random(100 + seed)
    a, b = rng.randrange(1, ref.curve_order), rng.randrange(1, ref.curve_order)
    expected = ref.pairing(ref.multiply(ref.G2, b), ref.multiply(ref.G1, a))
    got = bn254.pairing(G1.generator() * a, G2.generator() * b).to_bytes()
    words = [int.from_bytes(got[i:i + 32], "big") for i in range(0, 384, 32)]
    assert words == _fq12_coefficients(expected)
