"""pairing_check: a pairing product whose G2 points need not be known to be
in G2. On BLS12 and BN curves the Miller loop's last point decides
membership (csrc/pairing/pairing.c, miller_loop_affine_g2_check).

The soundness condition of that test is computed here from each curve's
own parameter (u, x), with p, r and the twist's order derived from it and
the twist's order checked on a point; then points outside G2 of every kind
(random, of small order, of mixed order) must be refused, on every curve."""

import math

import pytest

from curve_search import mul_by_additions as _mul, points_on_curve
from pybls import bls12_381, bls48_581, bn254, bn254_nogami, bn381, bn462
from pybls.errors import NotInSubgroupError

# The curves' defining parameters (EIP-197 / the BN254 papers, mcl, the
# pairing-friendly-curves draft, ZCash's BLS12-381).
BN_U = {
    bn254: 4965661367192848881,
    bn254_nogami: -(2**62 + 2**55 + 1),
    bn381: -(2**94 + 2**76 + 2**72 + 1),
    bn462: 2**114 + 2**101 - 2**14 - 1,
}
BLS12_X = -0xD201000000010000
FUSED = [bls12_381, *BN_U]


def _parameters(curve):
    """p, r, the trace t over Fp, and the endomorphism phi = a + b psi whose
    kernel the Miller loop's final point tests."""
    if curve is bls12_381:
        x = BLS12_X
        p, r = (x - 1) ** 2 * (x**4 - x**2 + 1) // 3 + x, x**4 - x**2 + 1
        return p, r, x + 1, (x, -1)  # psi(Q) = [x]Q
    u = BN_U[curve]
    p = 36 * u**4 + 36 * u**3 + 24 * u**2 + 6 * u + 1
    r = 36 * u**4 + 36 * u**3 + 18 * u**2 + 6 * u + 1
    t = 6 * u * u + 1
    # [6u + 2] + psi - psi^2 + psi^3, reduced with psi^2 = t psi - p
    return p, r, t, (6 * u + 2 + p - t * p, 1 - t + t * t - p)


def _twist_order(p, r, t):
    """#E'(Fp2) of the sextic twist holding G2: among the twists' traces
    (+-t2 and (+-t2 +- 3f) / 2, with t2 = t^2 - 2p and t2^2 - 4p^2 = -3f^2),
    the one other than E's own whose group order r divides."""
    t2 = t * t - 2 * p
    f = math.isqrt((4 * p * p - t2 * t2) // 3)
    assert 3 * f * f == 4 * p * p - t2 * t2
    traces = {-t2, (t2 + 3 * f) // 2, (t2 - 3 * f) // 2, (-t2 + 3 * f) // 2, (-t2 - 3 * f) // 2}
    orders = [p * p + 1 - tr for tr in traces if (p * p + 1 - tr) % r == 0]
    assert len(orders) == 1
    return orders[0]


def _small_prime_factor(n):
    return next((q for q in range(3, 10**6, 2) if n % q == 0), None)


@pytest.mark.parametrize("curve", FUSED, ids=lambda c: c.__name__.split(".")[-1])
def test_the_loop_decides_membership(curve):
    p, r, t, (a, b) = _parameters(curve)
    assert (p, r) == (curve.FIELD_MODULUS, curve.CURVE_ORDER)
    order = _twist_order(p, r, t)
    h2 = order // r
    _, (x, y) = points_on_curve(curve)
    Q = curve.G2.from_affine(x, y, subgroup_check=False)
    assert _mul(Q, order).is_identity() and not _mul(Q, h2).is_identity()
    # phi(Q) = O gives [N]Q = O; with N coprime to h2 (and r^2 not dividing
    # the order) only the points of G2 pass
    norm = a * a + t * a * b + p * b * b
    assert norm % r == 0 and math.gcd(norm, h2) == 1 and order % (r * r) != 0 and order % 2 == 1


def _outside(curve):
    """Points of the twist outside G2: one found by search, and where the
    cofactor has a small prime factor q, one of order q^k and one of order
    r q^k (such points meet the loop's exceptional additions)."""
    _, (x, y) = points_on_curve(curve)
    Q = curve.G2.from_affine(x, y, subgroup_check=False)
    out = {"found": Q}
    if curve is not bls48_581:
        p, r, t, _ = _parameters(curve)
        h2 = _twist_order(p, r, t) // r
        q = _small_prime_factor(h2)
        if q:
            rest = h2
            while rest % q == 0:
                rest //= q
            small = _mul(Q, r * rest)  # of order a power of q
            if not small.is_identity():
                out[f"order {q}^k"] = small
                out[f"order r*{q}^k"] = curve.G2.generator() + small
    return out


@pytest.mark.parametrize("curve", [*FUSED, bls48_581], ids=lambda c: c.__name__.split(".")[-1])
def test_points_outside_g2_are_refused(curve):
    P, G = curve.G1.generator(), curve.G2.generator()
    G3 = curve.G2.from_bytes((G * 3).to_bytes(), subgroup_check=False)  # in G2, not known to be
    assert curve.pairing_check([(P * 3, G), (-P, G3)])
    assert not curve.pairing_check([(P, G3)])
    cases = _outside(curve)
    if curve is bls48_581:
        cases = dict(list(cases.items())[:1])  # the same path as every check there; costly
    for name, bad in cases.items():
        assert not bad.in_subgroup(), name
        with pytest.raises(NotInSubgroupError, match="pair 1: G2 point"):
            curve.pairing_check([(P, G3), (P * 2, bad)])
        # a pair whose G1 point is the identity skips the loop: checked apart
        with pytest.raises(NotInSubgroupError, match="pair 0: G2 point"):
            curve.pairing_check([(curve.G1.identity(), bad)])


def test_bls12_381_small_order_points_are_refused():
    """BLS12-381's cofactor has small factors; the points they give make the
    loop add T = +-Q. Each must be refused, alone and next to a G2 point."""
    cases = _outside(bls12_381)
    assert any(k.startswith("order") for k in cases)
    P = bls12_381.G1.generator()
    for bad in cases.values():
        with pytest.raises(NotInSubgroupError):
            bls12_381.pairing_check([(P, bad)])


def test_checked_points_take_the_plain_product():
    P, Q = bn254.G1.generator(), bn254.G2.generator()
    assert bn254.pairing_check([(P, Q * 2), (P * -2, Q)])
    assert bn254.pairing_check([]) and bn254.pairing_check([(bn254.G1.identity(), Q)])
    with pytest.raises(TypeError):
        bn254.pairing_check([(Q, P)])
