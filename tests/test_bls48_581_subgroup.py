"""BLS48-581's G2 membership test, psi(Q) = [t]Q (csrc/ec/g2.c), and why it
is sound.

psi = untwist^-1 . Frobenius . untwist is an endomorphism of E'(Fp8) with
the characteristic polynomial of the p-power Frobenius of E, X^2 - (t + 1) X
+ p, so [t] - psi times its dual is [t^2 - (t + 1) t + p] = [p - t]: a point
with psi(Q) = [t]Q has an order dividing p - t. Here p, r and the twist's
order h' r are computed from t alone, psi from the reference tower in
tests/bls48_reference.py; the relation and the twist's order are checked on
points, and gcd(p - t, h') = 1 with r^2 not dividing h' r leaves only G2.
Points outside G2 (found, of order 97^k, of order r 97^k) must fail the
check the library runs, and products of points that fail it must still be
right (they are not split by the endomorphism)."""

import math

import pytest

import bls48_reference as ref
from curve_search import mul_by_additions as _mul, points_on_curve
from pybls import bls48_581
from pybls.errors import NotInSubgroupError

T = bls48_581.T
P = (T - 1) ** 2 * (T**16 - T**8 + 1) // 3 + T
R = T**16 - T**8 + 1


def _twist_order():
    """#E'(Fp8) of the sextic twist holding G2: from the traces t_k of the
    p^k-power Frobenius (t_1 = t + 1, t_k = t_1 t_(k-1) - p t_(k-2)), the
    sextic twists of E over Fp8 have traces +-t_8 and (+-t_8 +- 3f) / 2 with
    t_8^2 - 4 p^8 = -3 f^2; the one other than E's own that r divides."""
    traces = [2, T + 1]
    for _ in range(7):
        traces.append((T + 1) * traces[-1] - P * traces[-2])
    q, t8 = P**8, traces[8]
    f = math.isqrt((4 * q - t8 * t8) // 3)
    assert 3 * f * f == 4 * q - t8 * t8
    candidates = {-t8, (t8 + 3 * f) // 2, (t8 - 3 * f) // 2, (-t8 + 3 * f) // 2, (-t8 - 3 * f) // 2}
    orders = [q + 1 - tr for tr in candidates if (q + 1 - tr) % R == 0]
    assert len(orders) == 1
    return orders[0]


ORDER = _twist_order()
H2 = ORDER // R


_XI2_INV = ref.XI2.inv()
_XI3_INV = ref.XI3.inv()


def _from_fp48(a):
    """The Fp8 element a of Fp48 stands for (w = s^6)."""
    assert all(v == 0 for i, v in enumerate(a.c) if i % 6)
    return ref.Fp8(a.c[::6])


def _psi(Q):
    """untwist^-1 . Frobenius . untwist with the reference tower."""
    x, y = ref.untwist(ref.g2(*Q.to_affine()))
    x, y = x.frobenius(), y.frobenius()
    pt = ref.g2_coefficients((_from_fp48(x * _XI2_INV), _from_fp48(y * _XI3_INV)))
    return bls48_581.G2.from_affine(*pt, subgroup_check=False)


def _found_point():
    _, (x, y) = points_on_curve(bls48_581)
    return bls48_581.G2.from_affine(x, y, subgroup_check=False)


def test_the_check_is_sound():
    assert (P, R) == (bls48_581.FIELD_MODULUS, bls48_581.CURVE_ORDER)
    Q = _found_point()
    assert _mul(Q, ORDER).is_identity() and not _mul(Q, H2).is_identity()
    # psi's characteristic polynomial on a point outside G2, and its
    # eigenvalue t on G2
    psi_q = _psi(Q)
    assert T + 1 < 0 and (_psi(psi_q) + _mul(psi_q, -(T + 1)) + _mul(Q, P)).is_identity()
    G = bls48_581.G2.generator()
    assert _psi(G) == G * T
    norm = T * T - (T + 1) * T + P  # of [t] - psi
    assert norm == P - T and norm % R == 0
    assert math.gcd(norm, H2) == 1 and ORDER % (R * R) != 0


def _outside():
    """Points of E'(Fp8) outside G2: one found by search, one of order a
    power of h''s small prime factor 97, and its sum with the generator."""
    q = next(q for q in range(3, 1000, 2) if H2 % q == 0)
    assert q == 97
    rest = H2
    while rest % q == 0:
        rest //= q
    Q = _found_point()
    small = _mul(Q, R * rest)
    assert not small.is_identity() and _mul(small, H2 // rest).is_identity()
    return {"found": Q, "order 97^k": small, "order r 97^k": bls48_581.G2.generator() + small}


def test_points_outside_g2_fail():
    k = 0x1234567890ABCDEF1234567890ABCDEF
    for name, bad in _outside().items():
        assert bad.is_on_curve() and not _mul(bad, R).is_identity(), name
        assert not bad.in_subgroup(), name
        with pytest.raises(NotInSubgroupError):
            bls48_581.G2.from_bytes(bad.to_bytes())
        # not split by the endomorphism, whose eigenvalue holds on G2 only
        assert bad * k == _mul(bad, k), name


def test_g2_points_pass():
    G = bls48_581.G2.generator()
    for Q in (G, G * 3, G * (R - 1), bls48_581.G2.identity()):
        unknown = bls48_581.G2.from_bytes(Q.to_bytes(), subgroup_check=False)
        assert unknown.in_subgroup()
        assert bls48_581.G2.from_bytes(Q.to_bytes()) == Q
        # split after the check: the same product as the known point's
        assert unknown * 0xABCDEF == Q * 0xABCDEF
