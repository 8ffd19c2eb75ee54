"""pybls.bls48_581 against the slow pure-Python BLS48-581 of
bls48_reference.py (written from the CFRG draft, separately from the
generator and the C code): pairing values, the Miller loop, the group
operations, the draft's serialization with its rejections, scalars of 65
bytes and GT. (The draft's own vectors are in test_bls48_581.py.)

The coordinates of G2 are the draft's: eight Fp coefficients over 1, u, v,
uv, w, uw, vw, uvw. GT's encoding lists its 48 tower coefficients highest
first (73 bytes each), and the pairing is the draft's test vector, i.e. the
cube of the draft's pseudocode evaluated literally (see
test_bls48_reference.py).
"""

import functools
import json

import pytest
from reference import vectors_path

import bls48_reference as ref
from pybls import bls48_581, errors
from pybls.bls48_581 import G1, G2, GT, Scalar

# Public, arbitrary scalars: A has r's full 518 bits, B is short.
A = 0x21D2C3B4A59687F0E1D2C3B4A59687F0E1D2C3B4A59687F0E1D2C3B4A59687F0E1D2C3B4A59687F0E1D2C3B4A59687F0E1D2C3B4A59687F0E1D2C3B4A59687F0E1
B = 0x1B873593CC9E2D51
assert A < ref.R and A.bit_length() == 518

C_BIT, I_BIT, S_BIT = 0x80, 0x40, 0x20
N = ref.FP_BYTES


def _load(name):
    with open(vectors_path() / "bls48" / name) as f:
        return json.load(f)


@functools.lru_cache(maxsize=None)
def _ref_generators():
    return ref.generators_from(_load("BLS48_581_params.json"))


def _ref_point(pt):
    """The reference's point for a module point of either group."""
    if pt.is_identity():
        return None
    x, y = pt.to_affine()
    if isinstance(pt, G1):
        return ref.g1(x, y)
    return ref.g2(x, y)


def _module_point(group, rp):
    if rp is None:
        return group.identity()
    if group is G1:
        return G1.from_affine(rp[0].v, rp[1].v)
    x, y = ref.g2_coefficients(rp)
    return G2.from_affine(tuple(x), tuple(y))


def _curve(group):
    return ref.E1 if group is G1 else ref.E2


def _gt_value(e):
    """The reference's Fp48 element of a module GT element (its encoding
    lists the tower coefficients highest first)."""
    data = e.to_bytes()
    assert len(data) == 48 * N
    coeffs = [int.from_bytes(data[i * N:(i + 1) * N], "big") for i in range(48)][::-1]
    return ref.Fp48.from_tower(coeffs)


group_param = pytest.mark.parametrize("group", [G1, G2], ids=["G1", "G2"])


# -- the module -------------------------------------------------------------------------


def test_parameters():
    assert bls48_581.FIELD_MODULUS == ref.P
    assert bls48_581.CURVE_ORDER == Scalar.R == ref.R


def test_scalars_take_65_bytes():
    assert len(Scalar(1).to_bytes()) == 65 == ref.SCALAR_BYTES
    assert Scalar(-1).to_bytes() == (ref.R - 1).to_bytes(65, "big")
    assert int(Scalar.from_bytes(A.to_bytes(65, "big"))) == A
    assert int(Scalar(A) * Scalar(B)) == A * B % ref.R
    with pytest.raises(errors.NonCanonicalError):
        Scalar.from_bytes(ref.R.to_bytes(65, "big"))
    for length in (64, 66, 0):
        with pytest.raises(errors.InvalidLengthError):
            Scalar.from_bytes(bytes(length))


# -- group operations -------------------------------------------------------------------


@group_param
def test_point_operations(group):
    curve = _curve(group)
    g = group.generator()
    rg = _ref_point(g)
    pa, rpa = g * A, curve.mul(rg, A)
    assert _ref_point(pa) == rpa
    pb, rpb = g * B, curve.mul(rg, B)
    assert _ref_point(pb) == rpb
    assert _ref_point(pa + pb) == curve.add(rpa, rpb)
    assert _ref_point(pa - pb) == curve.add(rpa, curve.neg(rpb))
    assert _ref_point(pa.double()) == curve.double(rpa)
    assert _ref_point(-pa) == curve.neg(rpa)
    assert _ref_point(pb * Scalar(B)) == curve.mul(rpb, B)
    assert (pa + (-pa)).is_identity() and pa + group.identity() == pa
    assert _module_point(group, rpa) == pa


# -- encodings --------------------------------------------------------------------------


@group_param
def test_encodings_match_the_reference(group):
    on_twist = group is G2
    curve = _curve(group)
    pb, rpb = group.generator() * B, curve.mul(_ref_point(group.generator()), B)
    for pt, rpt in ((pb, rpb), (-pb, curve.neg(rpb))):  # both signs of y
        for compressed in (True, False):
            data = ref.serialize(rpt, on_twist, compressed)
            assert pt.to_bytes(compressed=compressed) == data
            assert group.from_bytes(data) == pt
    assert len(group.generator().to_bytes()) == (ref.G2_COMPRESSED if on_twist else ref.G1_COMPRESSED)
    for compressed in (True, False):
        assert group.identity().to_bytes(compressed=compressed) == ref.serialize(None, on_twist, compressed)
        assert group.from_bytes(ref.serialize(None, on_twist, compressed)).is_identity()


@group_param
def test_wrong_lengths(group):
    n = ref.G2_COMPRESSED if group is G2 else ref.G1_COMPRESSED
    good = group.generator().to_bytes()
    for length in (0, 1, n - 1, n + 1, 2 * n - 1, 2 * n + 1, 3 * n):
        for data in (bytes(length), b"\x80" + bytes(max(length - 1, 0)), (good * 4)[:length]):
            with pytest.raises(errors.InvalidLengthError):
                group.from_bytes(data[:length])
    other = G1 if group is G2 else G2
    with pytest.raises(errors.InvalidLengthError):
        group.from_bytes(other.generator().to_bytes())


def _flip(data, mask):
    return bytes([data[0] ^ mask]) + data[1:]


@group_param
def test_bad_flags(group):
    pt = group.generator() * B
    comp, unc = pt.to_bytes(), pt.to_bytes(compressed=False)
    n = len(comp)
    assert group.from_bytes(_flip(comp, S_BIT)) == -pt
    bad = [
        _flip(comp, C_BIT),  # the short form without C
        _flip(unc, C_BIT),  # C on the long form
        _flip(unc, S_BIT),  # a sign on the long form
        bytes([C_BIT | I_BIT | S_BIT]) + bytes(n - 1),  # a signed identity (0xE0)
        bytes([I_BIT | S_BIT]) + bytes(2 * n - 1),  # 0x60
        bytes([S_BIT]) + unc[1:],  # 0x20
    ]
    for data in bad:
        with pytest.raises(errors.InvalidFlagsError):
            group.from_bytes(data)
    # an identity flag on a point's bytes
    for data in (_flip(comp, I_BIT), _flip(unc, I_BIT)):
        with pytest.raises((errors.InvalidFlagsError, errors.NonCanonicalError)):
            group.from_bytes(data)


@group_param
def test_coordinates_not_below_p(group):
    """x (or one of its coefficients) equal to p, in both forms."""
    pt = group.generator() * B
    m = 8 if group is G2 else 1
    unc = pt.to_bytes(compressed=False)
    for i in range(m):
        for compressed in (True, False):
            data = bytearray(unc if not compressed else unc[:m * N])
            data[i * N:(i + 1) * N] = ref.P.to_bytes(N, "big")
            data[0] |= C_BIT if compressed else 0
            with pytest.raises(errors.NonCanonicalError):
                group.from_bytes(bytes(data))
    # y's top coefficient equal to p in the long form
    data = bytearray(unc)
    data[m * N:(m + 1) * N] = ref.P.to_bytes(N, "big")
    with pytest.raises(errors.NonCanonicalError):
        group.from_bytes(bytes(data))


def _g1_x(square, start=2):
    """The first x >= start whose x^3 + 1 is (or is not) a square in Fp."""
    return next(x for x in range(start, 1000) if (ref.fp_sqrt(x**3 + 1) is not None) == square)


def _g2_x(square):
    """The first x = c + u (draft coordinates) whose x^3 - 1/w is (or is
    not) a square in Fp8."""
    for c in range(1, 1000):
        x = ref.fp8([c, 1] + [0] * 6)
        if (x * x * x + ref.E2.b).is_square() == square:
            return x
    raise AssertionError("no such x")


def test_g1_not_on_curve_and_not_in_subgroup():
    x = _g1_x(square=False)
    with pytest.raises(errors.NotOnCurveError):
        G1.from_bytes(bytes([C_BIT]) + x.to_bytes(N - 1, "big"))
    with pytest.raises(errors.NotOnCurveError):
        G1.from_affine(x, 1)

    # BLS48's G1 has the cofactor h: the points of order 2, 3 and 6 (-1, 0),
    # (0, 1), (2, 3), and a point of E(Fp) found by search, are outside.
    x = _g1_x(square=True, start=3)
    points = [ref.g1(-1, 0), ref.g1(0, 1), ref.g1(2, 3), ref.g1(x, ref.fp_sqrt(x**3 + 1))]
    for pt in points:
        assert ref.E1.on_curve(pt) and ref.E1.mul(pt, ref.R) is not None
        for compressed in (True, False):
            data = ref.serialize(pt, False, compressed)
            with pytest.raises(errors.NotInSubgroupError):
                G1.from_bytes(data)
            outside = G1.from_bytes(data, subgroup_check=False)
            assert _ref_point(outside) == pt and not outside.in_subgroup()
        with pytest.raises(errors.NotInSubgroupError):
            G1.from_affine(pt[0].v, pt[1].v)
    # and the group law on them agrees with the reference
    o2, o3, o6, far = (G1.from_affine(pt[0].v, pt[1].v, subgroup_check=False) for pt in points)
    assert (o2 + o2).is_identity() and o2.double().is_identity()
    assert _ref_point(o6 + o3) == ref.E1.add(points[2], points[1])
    assert _ref_point(far + o6) == ref.E1.add(points[3], points[2])
    assert _ref_point(far.double()) == ref.E1.double(points[3])


def test_g2_not_on_curve_and_not_in_subgroup():
    x = _g2_x(square=False)
    data = b"".join(c.to_bytes(N, "big") for c in reversed(x.to_tower()))
    with pytest.raises(errors.NotOnCurveError):
        G2.from_bytes(bytes([data[0] | C_BIT]) + data[1:])
    with pytest.raises(errors.NotOnCurveError):
        G2.from_bytes(data + data)  # uncompressed, y = x
    x = _g2_x(square=True)
    y = (x * x * x + ref.E2.b).sqrt()
    pt = (x, y)
    assert ref.E2.on_curve(pt)
    for compressed in (True, False):
        data = ref.serialize(pt, True, compressed)
        with pytest.raises(errors.NotInSubgroupError):
            G2.from_bytes(data)
        outside = G2.from_bytes(data, subgroup_check=False)
        assert _ref_point(outside) == pt and not outside.in_subgroup()
    with pytest.raises(errors.NotInSubgroupError):
        G2.from_affine(*(tuple(c) for c in ref.g2_coefficients(pt)))


# -- the pairing and GT -----------------------------------------------------------------


def test_pairing_against_the_reference():
    g1, g2 = G1.generator(), G2.generator()
    for P, Q in ((g1 * A, g2 * B), (g1 * B + g1, -(g2 * B))):
        assert _gt_value(bls48_581.pairing(P, Q)) == ref.pairing_cubed(_ref_point(P), _ref_point(Q))


def test_miller_loop_against_the_reference():
    """The core's Miller loop value (an Fp48 element outside GT, which may
    differ from the reference's by factors the final exponentiation kills)
    raised by the reference's final exponentiation."""
    P, Q = G1.generator() * B, G2.generator()
    f = bls48_581.miller_loop(P, Q)
    assert ref.final_exponentiation_cubed(_gt_value(f)) == _gt_value(bls48_581.pairing(P, Q))
    assert bls48_581.final_exponentiation(f) == bls48_581.pairing(P, Q)


def test_gt_operations():
    e = GT.generator()
    re = _gt_value(e)
    f = e**B
    assert _gt_value(f) == re**B
    assert _gt_value(e * f) == re * re**B
    assert _gt_value(f.inverse()) == (re**B).conjugate()
    assert (e**Scalar.R).is_one() and GT.one().is_one() and not e.is_one()
    assert GT.from_bytes(f.to_bytes()) == f
    assert bls48_581.pairing(G1.generator() * B, G2.generator()) == f
    assert bls48_581.pairing_product([(G1.generator() * B, G2.generator()), (G1.generator(), -(G2.generator() * B))]).is_one()
    with pytest.raises(errors.InvalidLengthError):
        GT.from_bytes(e.to_bytes()[:-1])
    with pytest.raises(errors.NonCanonicalError):
        GT.from_bytes(ref.P.to_bytes(N, "big") + e.to_bytes()[N:])
