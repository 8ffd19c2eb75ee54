"""Algebraic properties, checked with hypothesis on random inputs: group
laws, scalar multiplication, bilinearity, MSM and GT encodings."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference as ref
from pybls import G1, G2, GT, Scalar, final_exponentiation, miller_loop, pairing, pairing_check, pairing_product

R = ref.R

nonzero = st.integers(1, R - 1)
scalars = st.one_of(
    st.integers(0, R - 1),
    st.sampled_from([0, 1, 2, R - 1, R - 2, (R - 1) // 2, 2**64 - 1, 2**128]),
)
wide_ints = st.one_of(
    st.integers(-(2**300), 2**300), st.sampled_from([R, R + 5, -1, -R, 2**256 - 1])
)


def points(group):
    return st.one_of(
        nonzero.map(lambda k: group.generator() * k),
        st.just(group.identity()),
        st.just(group.generator()),
    )


group_param = pytest.mark.parametrize("group", [G1, G2], ids=["G1", "G2"])


# --------------------------------------------------------------------------
# group laws


@group_param
@given(data=st.data())
def test_group_laws(group, data):
    a = data.draw(points(group))
    b = data.draw(points(group))
    c = data.draw(points(group))
    zero = group.identity()
    assert (a + b) + c == a + (b + c)
    assert a + b == b + a
    assert a + zero == a and zero + a == a
    assert (a + (-a)).is_identity()
    assert a - b == a + (-b)
    assert -(-a) == a
    assert a + a == a * 2
    assert (a - a) == zero


@group_param
@given(a=scalars, b=scalars)
def test_scalar_distributivity(group, a, b):
    g = group.generator()
    p = g * a
    q = g * b
    assert g * (a + b) == p + q
    assert g * Scalar(a + b) == p + q
    assert (p + q) * b == p * b + q * b
    assert p * b == g * (a * b) == q * a
    assert g * Scalar(a) * Scalar(b) == g * (Scalar(a) * Scalar(b))


@group_param
@given(k=scalars, base=nonzero)
def test_mul_equals_mul_vartime(group, k, base):
    p = group.generator() * base
    expected = p * k
    assert p.mul_vartime(k) == expected
    assert p.mul_vartime(Scalar(k)) == expected
    assert p * Scalar(k) == expected
    assert Scalar(k) * p == expected
    assert k * p == expected


@group_param
@given(k=wide_ints)
def test_mul_reduces_mod_r(group, k):
    g = group.generator()
    assert g * k == g * (k % R)
    assert g.mul_vartime(k) == g * (k % R)
    assert k * g == g * Scalar(k)


@group_param
def test_mul_edge_scalars(group):
    g = group.generator()
    assert (g * 0).is_identity()
    assert g.mul_vartime(0).is_identity()
    assert g * 1 == g
    assert g * -1 == -g
    assert g * (R - 1) == -g
    assert (group.identity() * 12345).is_identity()
    assert group.identity().mul_vartime(12345).is_identity()


@group_param
@given(k=nonzero)
def test_double_and_add(group, k):
    p = group.generator() * k
    acc = group.identity()
    for _ in range(5):
        acc = acc + p
    assert acc == p * 5


@group_param
@given(k=scalars)
def test_point_hash_and_eq(group, k):
    p = group.generator() * k
    q = group.from_bytes(p.to_bytes())
    assert p == q and hash(p) == hash(q)
    # equal points reached by different computations
    r = group.generator() * (k + 1) - group.generator()
    assert p == r and hash(p) == hash(r)
    assert len({p, q, r}) == 1


@group_param
@given(k=scalars)
def test_encoding_roundtrip(group, k):
    p = group.generator() * k
    c, u = p.to_bytes(), p.to_bytes(compressed=False)
    size = 48 if group is G1 else 96
    assert len(c) == size and len(u) == 2 * size
    assert group.from_bytes(c) == p
    assert group.from_bytes(u) == p
    assert group.from_bytes(c, subgroup_check=False) == p
    assert group.from_bytes(bytearray(c)) == p
    assert group.from_bytes(memoryview(u)) == p
    assert bytes(p) == c
    if not p.is_identity():
        x, y = p.to_affine()
        assert group.from_affine(x, y) == p
        assert group.from_affine(x, y).to_bytes() == c


@group_param
@given(k=scalars)
def test_predicates(group, k):
    p = group.generator() * k
    assert p.is_on_curve()
    assert p.in_subgroup()
    assert p.is_identity() == (k % R == 0)
    # clearing the cofactor of a subgroup point multiplies it by h_eff
    h_eff = ref.H_EFF_G1 if group is G1 else ref.H_EFF_G2
    assert p.clear_cofactor() == p * (h_eff % R)


def test_random_points():
    for group in (G1, G2):
        pts = [group.random() for _ in range(4)]
        assert len({p.to_bytes() for p in pts}) == 4
        for p in pts:
            assert p.in_subgroup() and not p.is_identity()


# --------------------------------------------------------------------------
# MSM


@pytest.mark.parametrize("n", [0, 1, 2, 7, 64])
@group_param
def test_msm_equals_naive_sum(group, n):
    rng = ref.rng_for(1000 + n)
    pts = [group.generator() * rng.randrange(1, R) for _ in range(n)]
    ks = [rng.randrange(R) for _ in range(n)]
    expected = group.identity()
    for p, k in zip(pts, ks):
        expected = expected + p * k
    assert group.msm(pts, ks) == expected
    assert group.msm(pts, [Scalar(k) for k in ks]) == expected
    assert group.msm(tuple(pts), tuple(ks)) == expected


@group_param
def test_msm_with_zeros_and_identities(group):
    rng = ref.rng_for(77)
    g = group.generator()
    pts = [g * rng.randrange(1, R) for _ in range(9)]
    ks = [rng.randrange(R) for _ in range(9)]
    pts[2] = group.identity()
    pts[5] = group.identity()
    ks[3] = 0
    ks[7] = 0
    ks[8] = R - 1
    pts[4] = pts[1]  # repeated point
    pts[6] = -pts[0]  # cancelling point
    ks[6] = ks[0]
    expected = group.identity()
    for p, k in zip(pts, ks):
        expected = expected + p * k
    assert group.msm(pts, ks) == expected
    assert group.msm([group.identity()] * 5, [1, 2, 3, 4, 5]).is_identity()
    assert group.msm([g] * 5, [0] * 5).is_identity()
    assert group.msm([g, g], [1, R - 1]).is_identity()
    assert group.msm([g], [R + 3]) == g * 3


@group_param
@settings(max_examples=10)
@given(ks=st.lists(scalars, min_size=0, max_size=20))
def test_msm_hypothesis(group, ks):
    pts = [group.generator() * (i * 7919 + 1) for i in range(len(ks))]
    expected = group.identity()
    for p, k in zip(pts, ks):
        expected = expected + p * k
    assert group.msm(pts, ks) == expected


@group_param
def test_msm_length_mismatch(group):
    g = group.generator()
    with pytest.raises(ValueError):
        group.msm([g, g], [1])
    with pytest.raises(ValueError):
        group.msm([g], [1, 2])


@group_param
def test_msm_types(group):
    other = G2 if group is G1 else G1
    with pytest.raises(TypeError):
        group.msm([other.generator()], [1])
    with pytest.raises(TypeError):
        group.msm([group.generator()], [1.5])
    with pytest.raises(TypeError):
        group.msm([b"\x00" * 48], [1])


# --------------------------------------------------------------------------
# pairing


@settings(max_examples=10)
@given(a=scalars, b=scalars)
def test_bilinearity(a, b):
    g1, g2 = G1.generator(), G2.generator()
    e = pairing(g1, g2)
    assert pairing(g1 * a, g2 * b) == e ** (a * b)
    assert pairing(g1 * a, g2 * b) == e ** (Scalar(a) * Scalar(b))
    assert pairing(g1 * a, g2 * b) == pairing(g1 * (a * b), g2)
    assert pairing(g1 * a, g2 * b) == pairing(g1, g2 * (a * b))


@settings(max_examples=8)
@given(a=nonzero, b=nonzero, c=nonzero)
def test_bilinearity_additive(a, b, c):
    p, p2, q = G1.generator() * a, G1.generator() * b, G2.generator() * c
    assert pairing(p + p2, q) == pairing(p, q) * pairing(p2, q)
    q2 = G2.generator() * b
    assert pairing(p, q + q2) == pairing(p, q) * pairing(p, q2)


@settings(max_examples=5)
@given(a=nonzero, b=nonzero)
def test_non_degenerate_and_order_r(a, b):
    e = pairing(G1.generator() * a, G2.generator() * b)
    assert e != GT.one()
    assert e**R == GT.one()
    assert e ** (R + 7) == e**7
    assert e * e.inverse() == GT.one()
    assert e / e == GT.one()


def test_pairing_with_identity():
    g1, g2 = G1.generator(), G2.generator()
    assert pairing(G1.identity(), g2) == GT.one()
    assert pairing(g1, G2.identity()) == GT.one()
    assert pairing(G1.identity(), G2.identity()) == GT.one()


@settings(max_examples=5)
@given(ks=st.lists(st.tuples(scalars, scalars), min_size=1, max_size=5))
def test_pairing_product_equals_product(ks):
    pairs = [(G1.generator() * a, G2.generator() * b) for a, b in ks]
    expected = GT.one()
    for p, q in pairs:
        expected = expected * pairing(p, q)
    assert pairing_product(pairs) == expected
    assert pairing_product(iter(pairs)) == expected
    assert pairing_product(tuple(pairs)) == expected


def test_pairing_product_edges():
    g1, g2 = G1.generator(), G2.generator()
    assert pairing_product([]) == GT.one()
    assert pairing_product([(G1.identity(), g2)]) == GT.one()
    assert pairing_product([(g1, G2.identity()), (G1.identity(), G2.identity())]) == GT.one()
    e = pairing(g1, g2)
    assert pairing_product([(G1.identity(), g2), (g1, g2), (g1, G2.identity())]) == e
    assert pairing_product([(g1, g2), (-g1, g2)]) == GT.one()
    assert pairing_product([(g1 * 3, g2), (g1, g2 * -3)]) == GT.one()


def test_pairing_types():
    g1, g2 = G1.generator(), G2.generator()
    for args in ((g2, g1), (g1, g1), (g2, g2), (g1, None), (g1.to_bytes(), g2)):
        with pytest.raises(TypeError):
            pairing(*args)
    with pytest.raises(TypeError):
        pairing_product([(g2, g1)])
    with pytest.raises((TypeError, ValueError)):
        pairing_product([(g1,)])


# --------------------------------------------------------------------------
# GT


@settings(max_examples=10)
@given(a=scalars, b=scalars)
def test_gt_group(a, b):
    e = GT.generator()
    x, y = e**a, e**b
    assert x * y == e ** (a + b)
    assert x / y == e ** (a - b)
    assert x ** Scalar(b) == e ** (a * b)
    assert x.inverse() == e ** (-a)
    assert x * GT.one() == x
    assert hash(x) == hash(GT.from_bytes(x.to_bytes()))


@settings(max_examples=10)
@given(a=scalars)
def test_gt_roundtrip(a):
    x = GT.generator() ** a
    data = x.to_bytes()
    assert len(data) == 576
    assert GT.from_bytes(data) == x
    assert GT.from_bytes(bytearray(data)).to_bytes() == data
    # canonical: every coefficient below p
    assert all(c < ref.P for c in ref.gt_decode_tower(data))


def test_gt_one():
    assert GT.one() ** 5 == GT.one()
    assert GT.one().inverse() == GT.one()
    assert GT.generator() ** 0 == GT.one()


# --------------------------------------------------------------------------
# Miller loop and final exponentiation as separate steps


@settings(max_examples=5)
@given(a=nonzero, b=nonzero, c=nonzero)
def test_miller_loop_then_final_exponentiation(a, b, c):
    p, q = G1.generator() * a, G2.generator() * b
    p2 = G1.generator() * c
    assert final_exponentiation(miller_loop(p, q)) == pairing(p, q)
    f = miller_loop(p, q) * miller_loop(p2, q)
    assert final_exponentiation(f) == pairing_product([(p, q), (p2, q)])
    assert final_exponentiation(miller_loop(p, q) * miller_loop(-p, q)) == GT.one()


# --------------------------------------------------------------------------
# pickling and copying keep the value


def test_pickle_roundtrip():
    import copy
    import pickle

    values = [
        Scalar(12345),
        G1.generator() * 7,
        G2.generator() * 7,
        G1.identity(),
        GT.generator() ** 3,
    ]
    for v in values:
        assert pickle.loads(pickle.dumps(v)) == v
        assert copy.copy(v) == v and copy.deepcopy(v) == v


def test_miller_loop_values_copy_but_do_not_pickle():
    import copy
    import pickle

    from pybls import bn254

    f = miller_loop(G1.generator(), G2.generator())
    # immutable: a copy is the value itself, still usable by its curve
    assert copy.copy(f) is f and copy.deepcopy(f) is f
    assert final_exponentiation(copy.deepcopy(f)) == pairing(G1.generator(), G2.generator())
    g = bn254.miller_loop(bn254.G1.generator(), bn254.G2.generator())
    for v in (f, g):
        with pytest.raises(TypeError, match="Miller loop values are not pickled"):
            pickle.dumps(v)
    with pytest.raises(TypeError, match="of BN254 takes a Miller loop value of BN254, not one of BLS12-381"):
        bn254.final_exponentiation(f)


def test_pairs_of_another_shape_are_named():
    from pybls.errors import ArgumentError

    P, Q = G1.generator(), G2.generator()
    with pytest.raises(ArgumentError, match=r"a \(G1 point, G2 point\) pair, got 3 values"):
        pairing_check([(P, Q, P)])
    with pytest.raises(TypeError, match=r"a \(G1 point, G2 point\) pair, not G1"):
        pairing_product([P])
    assert pairing_check([[P, Q], (-P, Q)])  # any iterable of two


def test_group_functions_name_the_curve_of_a_stray_point():
    from pybls import bn254

    with pytest.raises(TypeError, match="G1.msm takes G1 points of BLS12-381, not a G1 point of BN254"):
        G1.msm([bn254.G1.generator()], [1])
    with pytest.raises(TypeError, match="G2.sum takes G2 points of BLS12-381, not str"):
        G2.sum(["x"])
    with pytest.raises(TypeError, match="x must be an int, not bool"):
        G1.poly_eval([G1.generator()], True)
