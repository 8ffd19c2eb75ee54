"""Every way an input can be wrong gets its own exception: a DecodeError
subclass naming the problem for bad bytes, TypeError for wrong Python types;
never a crash, a hang or a silently wrong point."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference as ref
from pybls import G1, G2, GT, Scalar, pairing
from pybls.errors import (
    DecodeError,
    InvalidFlagsError,
    InvalidLengthError,
    NonCanonicalError,
    NotInSubgroupError,
    NotOnCurveError,
)

P = ref.P
R = ref.R
C, I, S = ref.C_FLAG, ref.I_FLAG, ref.S_FLAG

G1_SIZES = (48, 96)
G2_SIZES = (96, 192)
group_param = pytest.mark.parametrize("group", [G1, G2], ids=["G1", "G2"])


def _sizes(group):
    return G1_SIZES if group is G1 else G2_SIZES


def _point(group, k=0xC0FFEE):
    return group.generator() * k


def _flip(data, mask):
    return bytes([data[0] ^ mask]) + data[1:]


def test_error_hierarchy():
    for cls in (
        InvalidLengthError,
        InvalidFlagsError,
        NonCanonicalError,
        NotOnCurveError,
        NotInSubgroupError,
    ):
        assert issubclass(cls, DecodeError)
    assert issubclass(DecodeError, ValueError)


# --------------------------------------------------------------------------
# lengths


@pytest.mark.parametrize("length", [0, 1, 32, 47, 49, 95, 97, 143, 144, 191, 192, 193, 1000])
def test_g1_wrong_lengths(length):
    if length in G1_SIZES:
        pytest.skip("valid length")
    for data in (bytes(length), b"\x80" + bytes(max(length - 1, 0)), b"\xff" * length):
        with pytest.raises(InvalidLengthError):
            G1.from_bytes(data[:length])
        with pytest.raises(InvalidLengthError):
            G1.from_bytes(data[:length], subgroup_check=False)


@pytest.mark.parametrize("length", [0, 1, 47, 48, 95, 97, 191, 193, 288, 384, 1000])
def test_g2_wrong_lengths(length):
    for data in (bytes(length), b"\x80" + bytes(max(length - 1, 0)), b"\xff" * length):
        with pytest.raises(InvalidLengthError):
            G2.from_bytes(data[:length])
        with pytest.raises(InvalidLengthError):
            G2.from_bytes(data[:length], subgroup_check=False)


@pytest.mark.parametrize("length", [0, 48, 575, 577, 1152])
def test_gt_wrong_lengths(length):
    with pytest.raises(InvalidLengthError):
        GT.from_bytes(bytes(length))


@group_param
def test_valid_point_truncated_or_extended(group):
    for data in (_point(group).to_bytes(), _point(group).to_bytes(compressed=False)):
        for bad in (data[:-1], data + b"\x00", data[1:], data + data):
            if len(bad) in _sizes(group):
                continue  # e.g. two compressed G1 points are 96 bytes
            with pytest.raises(InvalidLengthError):
                group.from_bytes(bad)


# --------------------------------------------------------------------------
# flags


@group_param
def test_compressed_flags(group):
    p = _point(group)
    data = p.to_bytes()
    # no compression flag on a compressed-size input
    with pytest.raises(InvalidFlagsError):
        group.from_bytes(_flip(data, C))
    # the sign flag selects the other square root: the negated point
    assert group.from_bytes(_flip(data, S)) == -p
    # infinity flag with a non-zero x
    with pytest.raises((InvalidFlagsError, NonCanonicalError)):
        group.from_bytes(_flip(data, I))
    with pytest.raises((InvalidFlagsError, NonCanonicalError)):
        group.from_bytes(_flip(data, I | S))


@group_param
def test_uncompressed_flags(group):
    p = _point(group)
    data = p.to_bytes(compressed=False)
    assert data[0] & (C | I | S) == 0
    with pytest.raises(InvalidFlagsError):
        group.from_bytes(_flip(data, C))  # compression flag on the long form
    with pytest.raises(InvalidFlagsError):
        group.from_bytes(_flip(data, S))  # the long form carries no sign
    with pytest.raises((InvalidFlagsError, NonCanonicalError)):
        group.from_bytes(_flip(data, I))
    with pytest.raises(InvalidFlagsError):
        group.from_bytes(_flip(data, C | S))


@group_param
def test_infinity_flags(group):
    n = _sizes(group)[0]
    comp = bytes([C | I]) + bytes(n - 1)
    unc = bytes([I]) + bytes(2 * n - 1)
    assert group.from_bytes(comp).is_identity()
    assert group.from_bytes(unc).is_identity()
    with pytest.raises(InvalidFlagsError):
        group.from_bytes(bytes([C | I | S]) + bytes(n - 1))  # signed infinity
    with pytest.raises(InvalidFlagsError):
        group.from_bytes(bytes([I]) + bytes(n - 1))  # short form without C
    with pytest.raises(InvalidFlagsError):
        group.from_bytes(bytes([I | S]) + bytes(2 * n - 1))
    with pytest.raises(InvalidFlagsError):
        group.from_bytes(bytes([C | I]) + bytes(2 * n - 1))
    for pos in (1, n // 2, n - 1):
        bad = bytearray(comp)
        bad[pos] = 1
        with pytest.raises((InvalidFlagsError, NonCanonicalError)):
            group.from_bytes(bytes(bad))
    for pos in (1, n, 2 * n - 1):
        bad = bytearray(unc)
        bad[pos] = 1
        with pytest.raises((InvalidFlagsError, NonCanonicalError)):
            group.from_bytes(bytes(bad))


@group_param
def test_all_zero_uncompressed_is_not_on_curve(group):
    # (0, 0) without the infinity flag: not on the curve, not the identity
    n = _sizes(group)[1]
    with pytest.raises(NotOnCurveError):
        group.from_bytes(bytes(n))


# --------------------------------------------------------------------------
# canonical field elements


@pytest.mark.parametrize("x", [P, P + 1, 2**381 - 1], ids=["p", "p+1", "2^381-1"])
def test_g1_x_not_canonical(x):
    data = bytearray(x.to_bytes(48, "big"))
    data[0] |= C
    with pytest.raises(NonCanonicalError):
        G1.from_bytes(bytes(data))
    data[0] |= S
    with pytest.raises(NonCanonicalError):
        G1.from_bytes(bytes(data))
    y = ref.G1_Y
    with pytest.raises(NonCanonicalError):
        G1.from_bytes(x.to_bytes(48, "big") + y.to_bytes(48, "big"))


def _point_with_small(group, pick):
    """A multiple of the generator whose chosen coordinate is < 2^381 - p, so
    that coordinate + p still fits in 381 bits."""
    k = 1
    while True:
        p = group.generator() * k
        x, y = p.to_affine()
        if pick(x, y) < 2**381 - P:
            return p, x, y
        k += 1


def test_g1_y_not_canonical():
    p, x, y = _point_with_small(G1, lambda x, y: y)
    data = x.to_bytes(48, "big") + (y + P).to_bytes(48, "big")
    with pytest.raises(NonCanonicalError):
        G1.from_bytes(data)
    with pytest.raises(NonCanonicalError):
        G1.from_bytes(data, subgroup_check=False)
    # x + p in the compressed form
    p, x, y = _point_with_small(G1, lambda x, y: x)
    data = bytearray((x + P).to_bytes(48, "big"))
    data[0] |= C
    with pytest.raises(NonCanonicalError):
        G1.from_bytes(bytes(data))


def _g2_bytes(x, y=None):
    out = x[1].to_bytes(48, "big") + x[0].to_bytes(48, "big")
    if y is not None:
        out += y[1].to_bytes(48, "big") + y[0].to_bytes(48, "big")
    return out


@pytest.mark.parametrize("which", ["x.c0", "x.c1", "y.c0", "y.c1"])
def test_g2_coordinates_not_canonical(which):
    coord, idx = which.split(".")
    idx = int(idx[1])

    def pick(x, y):
        return (x if coord == "x" else y)[idx]

    p, x, y = _point_with_small(G2, pick)
    x, y = list(tuple(x)), list(tuple(y))
    (x if coord == "x" else y)[idx] += P
    data = _g2_bytes(x, y)
    with pytest.raises(NonCanonicalError):
        G2.from_bytes(data)
    with pytest.raises(NonCanonicalError):
        G2.from_bytes(data, subgroup_check=False)
    if coord == "x":
        comp = bytearray(_g2_bytes(x))
        comp[0] |= C
        with pytest.raises(NonCanonicalError):
            G2.from_bytes(bytes(comp))


@pytest.mark.parametrize("x0,x1", [(P, 0), (0, P), (2**381 - 1, 1), (1, 2**381 - 1)])
def test_g2_x_not_canonical_compressed(x0, x1):
    data = bytearray(_g2_bytes((x0, x1)))
    data[0] |= C
    with pytest.raises(NonCanonicalError):
        G2.from_bytes(bytes(data))


def test_gt_not_canonical():
    good = GT.generator().to_bytes()
    for pos in range(12):
        coeffs = ref.gt_decode_tower(good)
        coeffs[pos] += P
        if coeffs[pos] >= 2**384:
            coeffs[pos] = P
        with pytest.raises(NonCanonicalError):
            GT.from_bytes(ref.gt_encode_tower(coeffs))
    with pytest.raises(NonCanonicalError):
        GT.from_bytes(b"\xff" * 576)


# --------------------------------------------------------------------------
# curve and subgroup membership


def test_g1_not_on_curve():
    rng = ref.rng_for(11)
    for _ in range(3):
        x, y = ref.random_g1_off_curve(rng)
        with pytest.raises(NotOnCurveError):
            G1.from_bytes(ref.encode_g1((x, y), compressed=False))
        with pytest.raises(NotOnCurveError):
            G1.from_bytes(ref.encode_g1((x, y), compressed=False), subgroup_check=False)
        with pytest.raises(NotOnCurveError):
            G1.from_affine(x, y)
        with pytest.raises(NotOnCurveError):
            G1.from_affine(x, y, subgroup_check=False)
        x = ref.random_g1_x_not_on_curve(rng)
        with pytest.raises(NotOnCurveError):
            G1.from_bytes(ref.encode_g1((x, 0)))
        with pytest.raises(NotOnCurveError):
            G1.from_bytes(ref.encode_g1((x, 0)), subgroup_check=False)
    # the generator with y + 1
    with pytest.raises(NotOnCurveError):
        G1.from_bytes(ref.encode_g1((ref.G1_X, ref.G1_Y + 1), compressed=False))


def test_g2_not_on_curve():
    rng = ref.rng_for(12)
    for _ in range(3):
        x, y = ref.random_g2_off_curve(rng)
        with pytest.raises(NotOnCurveError):
            G2.from_bytes(ref.encode_g2((x, y), compressed=False))
        with pytest.raises(NotOnCurveError):
            G2.from_affine(x, y)
        with pytest.raises(NotOnCurveError):
            G2.from_affine(x, y, subgroup_check=False)
        x = ref.random_g2_x_not_on_curve(rng)
        with pytest.raises(NotOnCurveError):
            G2.from_bytes(ref.encode_g2((x, (0, 0))))
        with pytest.raises(NotOnCurveError):
            G2.from_bytes(ref.encode_g2((x, (0, 0))), subgroup_check=False)
    # swapping the Fp2 halves of the generator's y
    y = (ref.G2_Y[1], ref.G2_Y[0])
    with pytest.raises(NotOnCurveError):
        G2.from_bytes(ref.encode_g2((ref.G2_X, y), compressed=False))


@pytest.mark.parametrize("seed", range(3))
def test_not_in_subgroup(seed):
    rng = ref.rng_for(100 + seed)
    cases = [
        (G1, ref.random_g1_curve_point(rng), ref.encode_g1),
        (G2, ref.random_g2_curve_point(rng), ref.encode_g2),
    ]
    if seed == 0:
        cases.append((G1, ref.G1_ORDER3_POINT, ref.encode_g1))
    for group, pt, encode in cases:
        # a random curve point is in the subgroup with probability 1/h
        for data in (encode(pt), encode(pt, compressed=False)):
            with pytest.raises(NotInSubgroupError):
                group.from_bytes(data)
            q = group.from_bytes(data, subgroup_check=False)
            assert q.is_on_curve() and not q.in_subgroup()
            assert q.to_bytes(compressed=len(data) == _sizes(group)[0]) == data
        with pytest.raises(NotInSubgroupError):
            group.from_affine(*pt)
        q = group.from_affine(*pt, subgroup_check=False)
        assert not q.in_subgroup()
        cleared = q.clear_cofactor()
        assert cleared.in_subgroup()
        assert group.from_bytes(cleared.to_bytes()) == cleared
        # a subgroup point plus a non-subgroup point is outside the subgroup
        assert not (q + group.generator()).in_subgroup()


def test_gt_not_in_subgroup():
    rng = ref.rng_for(13)
    for _ in range(3):
        coeffs = [rng.randrange(P) for _ in range(12)]
        with pytest.raises(NotInSubgroupError):
            GT.from_bytes(ref.gt_encode_tower(coeffs))
    with pytest.raises(NotInSubgroupError):
        GT.from_bytes(bytes(576))  # zero
    with pytest.raises(NotInSubgroupError):
        GT.from_bytes(ref.gt_encode_tower([2] + [0] * 11))  # 2 in Fp
    # the conjugate of a member is a member; the negation is not
    coeffs = ref.gt_decode_tower(GT.generator().to_bytes())
    with pytest.raises(NotInSubgroupError):
        GT.from_bytes(ref.gt_encode_tower([(-c) % P for c in coeffs]))


# --------------------------------------------------------------------------
# random bytes: a valid point or a DecodeError, never anything else


def _decode_or_decode_error(decode, data):
    try:
        value = decode(data)
    except DecodeError:
        return None
    return value


@group_param
@settings(max_examples=60)
@given(data=st.data())
def test_random_bytes(group, data):
    n = data.draw(st.sampled_from(_sizes(group) + (0, 1, 47, 49, 95, 97, 191, 193)))
    blob = data.draw(st.binary(min_size=n, max_size=n))
    check = data.draw(st.booleans())
    p = _decode_or_decode_error(lambda b: group.from_bytes(b, subgroup_check=check), blob)
    if p is not None:
        assert p.is_on_curve()
        if check:
            assert p.in_subgroup()
        # only the canonical encoding of a point is accepted
        assert p.to_bytes(compressed=len(blob) == _sizes(group)[0]) == blob


@group_param
@settings(max_examples=60)
@given(data=st.data())
def test_random_flag_valid_x(group, data):
    """Compressed encodings with valid flags and a canonical x: about half
    are on the curve, (almost) none in the subgroup."""
    if group is G1:
        x = data.draw(st.integers(0, P - 1))
        blob = ref.encode_g1((x, data.draw(st.sampled_from([0, P - 1]))))
    else:
        x = (data.draw(st.integers(0, P - 1)), data.draw(st.integers(0, P - 1)))
        blob = ref.encode_g2((x, (0, data.draw(st.sampled_from([0, P - 1])))))
    try:
        group.from_bytes(blob)
    except (NotOnCurveError, NotInSubgroupError):
        pass
    else:
        raise AssertionError("random x decoded as a subgroup point")
    try:
        p = group.from_bytes(blob, subgroup_check=False)
    except NotOnCurveError:
        return
    assert p.is_on_curve() and p.to_bytes() == blob


@settings(max_examples=30)
@given(st.binary(min_size=576, max_size=576))
def test_gt_random_bytes(blob):
    assert _decode_or_decode_error(GT.from_bytes, blob) is None


@settings(max_examples=30)
@given(st.binary(min_size=0, max_size=64))
def test_scalar_random_bytes(blob):
    try:
        s = Scalar.from_bytes(blob)
    except (InvalidLengthError, NonCanonicalError) as exc:
        assert len(blob) != 32 or int.from_bytes(blob, "big") >= R, exc
    else:
        assert len(blob) == 32 and int(s) == int.from_bytes(blob, "big")


# --------------------------------------------------------------------------
# Python types


@group_param
def test_from_bytes_types(group):
    good = group.generator().to_bytes()
    for bad in (good.hex(), None, 5, list(good), 1.0):
        with pytest.raises(TypeError):
            group.from_bytes(bad)
    with pytest.raises(TypeError):
        group.from_bytes(good, False)  # subgroup_check is keyword-only
    assert group.from_bytes(bytearray(good)) == group.generator()
    assert group.from_bytes(memoryview(good)) == group.generator()


@group_param
def test_operator_types(group):
    p = group.generator()
    other = (G2 if group is G1 else G1).generator()
    for bad in (1, 1.5, "x", None, b"\x00", other, GT.one()):
        with pytest.raises(TypeError):
            p + bad
        with pytest.raises(TypeError):
            p - bad
    for bad in (1.5, "3", None, b"\x03", other, p, GT.one()):
        with pytest.raises(TypeError):
            p * bad
        with pytest.raises(TypeError):
            p.mul_vartime(bad)
    # comparison with something else: unequal, not an exception
    assert p != other
    assert p != p.to_bytes()
    assert p != 0


@group_param
def test_from_affine_types_and_ranges(group):
    if group is G1:
        x, y = ref.G1_X, ref.G1_Y
        with pytest.raises(TypeError):
            G1.from_affine(float(x), y)
        with pytest.raises(TypeError):
            G1.from_affine(x, str(y))
        with pytest.raises(TypeError):
            G1.from_affine((x, 0), y)
        with pytest.raises(NonCanonicalError):
            G1.from_affine(x + P, y)
        with pytest.raises(NonCanonicalError):
            G1.from_affine(x, y + P)
        with pytest.raises(NonCanonicalError):
            G1.from_affine(-1, y)
    else:
        x, y = ref.G2_X, ref.G2_Y
        with pytest.raises(TypeError):
            G2.from_affine(x[0], y)
        with pytest.raises(TypeError):
            G2.from_affine((x[0], str(x[1])), y)
        with pytest.raises((TypeError, ValueError)):
            G2.from_affine((x[0], x[1], 0), y)
        with pytest.raises(NonCanonicalError):
            G2.from_affine((x[0] + P, x[1]), y)
        with pytest.raises(NonCanonicalError):
            G2.from_affine(x, (y[0], y[1] + P))


def test_gt_types():
    e = GT.generator()
    for bad in (1.5, "x", None, G1.generator(), G2.generator()):
        with pytest.raises(TypeError):
            e * bad
        with pytest.raises(TypeError):
            e / bad
    for bad in (1.5, "x", None, G1.generator()):
        with pytest.raises(TypeError):
            e**bad
    for bad in (e.to_bytes().hex(), None, 5):
        with pytest.raises(TypeError):
            GT.from_bytes(bad)
    assert e != e.to_bytes()


def test_gt_inverse_of_one_and_division():
    e = GT.generator()
    assert (e / e) == GT.one()
    assert e ** -1 == e.inverse()


def test_pairing_rejects_bytes():
    with pytest.raises(TypeError):
        pairing(G1.generator().to_bytes(), G2.generator().to_bytes())
