"""Properties every curve module must have (pybls.curves.CURVES): the group
laws, r P = 0, a bilinear and non-degenerate pairing, subgroup checks that
reject points off the subgroup (found by search in curve_search.py), and
every bad encoding raising its named error."""

import pytest
from curve_search import points_on_curve

from pybls import curves, errors

CURVES = sorted(curves.CURVES)


@pytest.fixture(params=CURVES)
def curve(request):
    return curves.CURVES[request.param]


def test_group_laws_and_order(curve):
    for group in (curve.G1, curve.G2):
        g = group.generator()
        a, b = curve.Scalar.random(), curve.Scalar.random()
        assert (g * curve.Scalar.R).is_identity() and not g.is_identity()
        assert g * a + g * b == g * (a + b) and (g * a) * b == g * (a * b)
        assert g * a - g * a == group.identity() and -(g * a) == g * -a
        assert group.msm([g, g * a], [b, 3]) == g * (b + 3 * a)
        assert group.from_bytes(g.to_bytes()) == g
        assert group.from_bytes((g * a).to_bytes(compressed=True)) == g * a
        assert group.from_bytes((g * a).to_bytes(compressed=False)) == g * a
        assert group.from_bytes(group.identity().to_bytes()) == group.identity()
        assert group.from_affine(*(g * a).to_affine()) == g * a


def test_pairing_bilinear_non_degenerate(curve):
    P, Q = curve.G1.generator(), curve.G2.generator()
    a, b = curve.Scalar.random(), curve.Scalar.random()
    e = curve.pairing(P, Q)
    assert not e.is_one() and (e ** curve.Scalar.R).is_one()
    assert curve.pairing(P * a, Q * b) == e ** (a * b)
    assert curve.pairing_product([(P * a, Q), (P, -(Q * a))]).is_one()
    assert curve.GT.from_bytes(e.to_bytes()) == e


def test_gt_identity(curve):
    # GT's membership check raises to the curve's x, whose squarings run
    # compressed: the identity's decompression divides zero by zero.
    one = curve.GT.one()
    assert curve.GT.from_bytes(one.to_bytes()) == one
    e = curve.pairing(curve.G1.generator(), curve.G2.generator())
    assert (e * e.inverse()).to_bytes() == one.to_bytes()
    assert curve.pairing(curve.G1.identity(), curve.G2.generator()).is_one()


def test_subgroup_checks(curve):
    (x1, y1), (x2, y2) = points_on_curve(curve)
    p1 = curve.G1.from_affine(x1, y1, subgroup_check=False)
    p2 = curve.G2.from_affine(x2, y2, subgroup_check=False)
    assert p1.is_on_curve() and p2.is_on_curve()
    # G2's cofactor is large on every curve: a point found by search is
    # outside G2. G1 is the whole curve on BN curves only. [r] leaves the
    # points outside the subgroups (the group law alone, not the tests).
    assert not _mul_plain(p2, curve.Scalar.R).is_identity()
    assert not p2.in_subgroup()
    with pytest.raises(errors.NotInSubgroupError):
        curve.G2.from_affine(x2, y2)
    for compressed in (True, False):
        with pytest.raises(errors.NotInSubgroupError):
            curve.G2.from_bytes(p2.to_bytes(compressed=compressed))
        assert curve.G2.from_bytes(p2.to_bytes(compressed=compressed), subgroup_check=False) == p2
    assert p2.clear_cofactor().in_subgroup()
    whole_g1 = curve.__name__ not in ("pybls.bls12_381", "pybls.bls48_581")
    assert p1.in_subgroup() == whole_g1
    if not whole_g1:
        with pytest.raises(errors.NotInSubgroupError):
            curve.G1.from_affine(x1, y1)


def test_bad_encodings(curve):
    p = curve.FIELD_MODULUS
    g2_degree = len(curve.G2.generator().to_affine()[0])

    def g2_coords(x0, y0):  # x = x0, y = y0 in G2's field
        return tuple([x0] + [0] * (g2_degree - 1)), tuple([y0] + [0] * (g2_degree - 1))

    for group in (curve.G1, curve.G2):
        g = group.generator()
        for compressed in (True, False):
            enc = g.to_bytes(compressed=compressed)
            with pytest.raises(errors.InvalidLengthError):
                group.from_bytes(enc[:-1])
            with pytest.raises(errors.InvalidLengthError):
                group.from_bytes(enc + b"\0")
        for not_a_bool in ("no", 0, 1):
            with pytest.raises(TypeError, match="compressed"):
                g.to_bytes(compressed=not_a_bool)
        for not_a_bool in ("", 0, None):  # "" or 0 would have skipped the subgroup check
            with pytest.raises(TypeError, match="subgroup_check"):
                group.from_bytes(g.to_bytes(), subgroup_check=not_a_bool)
        with pytest.raises(errors.NonCanonicalError):
            group.from_affine(*((p, 0) if group is curve.G1 else g2_coords(p, 0)))
        with pytest.raises(errors.NotOnCurveError):
            group.from_affine(*((1, 1) if group is curve.G1 else g2_coords(1, 1)))
        # A flipped bit of an uncompressed encoding's y gives a point off
        # the curve (or a non-canonical coordinate).
        enc = bytearray(g.to_bytes(compressed=False))
        enc[len(enc) - len(enc) // 4] ^= 1
        with pytest.raises((errors.NotOnCurveError, errors.NonCanonicalError)):
            group.from_bytes(bytes(enc))
    scalar_bytes = len(curve.Scalar(1).to_bytes())
    with pytest.raises(errors.NonCanonicalError):
        curve.Scalar.from_bytes(curve.Scalar.R.to_bytes(scalar_bytes, "big"))
    with pytest.raises(errors.InvalidLengthError):
        curve.Scalar.from_bytes(bytes(scalar_bytes + 1))
    with pytest.raises(errors.InvalidLengthError):
        curve.GT.from_bytes(curve.GT.one().to_bytes()[:-1])


def _mul_plain(point, k):
    """[k]P by double and add on the group law alone: k is not reduced mod
    r, so this reaches the cofactor part of a point outside the subgroup."""
    acc = point.identity()
    for bit in bin(k)[2:]:
        acc = acc + acc
        if bit == "1":
            acc = acc + point
    return acc


def _small_factors(n, bound=200_000):
    out = []
    q = 2
    while q < bound:
        if n % q == 0:
            out.append(q)
            while n % q == 0:
                n //= q
        q += 1
    return out


@pytest.mark.parametrize("name", [c for c in CURVES if c.startswith("bn")])
def test_g2_membership_rejects_small_order_components(name):
    """A G2 point plus a point of small prime order l (l dividing the BN
    twist's cofactor 2p - r) is on the curve, of order r l, and must be
    refused; the subgroup test is an endomorphism relation, not [r]Q = 0,
    so these are the points it could get wrong."""
    curve = curves.CURVES[name]
    p, r = curve.FIELD_MODULUS, curve.CURVE_ORDER
    h2 = 2 * p - r
    _, (x2, y2) = points_on_curve(curve)
    outside = curve.G2.from_affine(x2, y2, subgroup_check=False)
    factors = _small_factors(h2)
    assert factors, "the test needs a small factor of the cofactor"
    q = curve.G2.generator() * curve.Scalar.random()
    for ell in factors:
        t = _mul_plain(outside, r * h2 // ell)
        assert not t.is_identity() and _mul_plain(t, ell).is_identity()
        assert not t.in_subgroup() and not (q + t).in_subgroup()
        with pytest.raises(errors.NotInSubgroupError):
            curve.G2.from_bytes((q + t).to_bytes())
    assert q.in_subgroup() and _mul_plain(outside, h2).in_subgroup()


def test_bls12_381_g2_decode_rejects_small_order_components():
    """BLS12-381's twist has points of small order l (l dividing the G2
    cofactor h2); decoding one, or a G2 point plus one, must be refused.
    The multiplication by |x| in the check then meets its exceptional
    additions (the sum reaching P, -P or the identity), which a mixed
    addition must handle."""
    curve = curves.CURVES["bls12_381"]
    x = -0xD201000000010000
    h2 = (x**8 - 4 * x**7 + 5 * x**6 - 4 * x**4 + 6 * x**3 - 4 * x**2 - 4 * x + 13) // 9
    r = curve.CURVE_ORDER
    _, (x2, y2) = points_on_curve(curve)
    outside = curve.G2.from_affine(x2, y2, subgroup_check=False)
    assert _mul_plain(outside, r * h2).is_identity()
    factors = _small_factors(h2, bound=3000)
    assert 13 in factors and 23 in factors
    q = curve.G2.generator() * curve.Scalar.random()
    for ell in factors:
        t = _mul_plain(outside, r * h2 // ell)
        if t.is_identity():
            continue
        for bad in (t, -t, q + t, q - t):
            data = bad.to_bytes()
            with pytest.raises(errors.NotInSubgroupError):
                curve.G2.from_bytes(data)
            assert not curve.G2.from_bytes(data, subgroup_check=False).in_subgroup()
    for good in (q, -q, curve.G2.generator()):
        assert curve.G2.from_bytes(good.to_bytes()) == good
