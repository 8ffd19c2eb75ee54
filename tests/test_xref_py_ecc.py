"""Cross-checks against py_ecc, an independent pure-Python implementation.

Random inputs come from hypothesis; each check compares pybls with py_ecc
through the standard byte encodings (py_ecc's own compression), so both the
arithmetic and the encodings are checked.
"""

import pytest
from hypothesis import Phase, example, given, settings
from hypothesis import strategies as st

import pyecc_ref as pe
import reference as ref
from pybls import G1, G2, GT, pairing, pairing_product
from pybls.errors import NotInSubgroupError

pytestmark = pytest.mark.native_only

R = ref.R


def xsettings(n):
    """py_ecc is slow: few examples, and no shrinking (a failure is
    reported with the input that found it)."""
    return settings(max_examples=n, phases=(Phase.explicit, Phase.reuse, Phase.generate))


scalars = st.one_of(
    st.integers(0, R - 1),
    st.sampled_from([0, 1, 2, 3, R - 1, R - 2, (R - 1) // 2, (R + 1) // 2, 2**64, 2**128 - 1]),
)
seeds = st.integers(0, 2**64)

GROUPS = {
    "G1": (G1, pe.G1, pe.g1_bytes, pe.g1_affine, pe.g1_point, ref.random_g1_curve_point, ref.H_EFF_G1),
    "G2": (G2, pe.G2, pe.g2_bytes, pe.g2_affine, pe.g2_point, ref.random_g2_curve_point, ref.H_EFF_G2),
}
group_names = pytest.mark.parametrize("gname", sorted(GROUPS))


def _to_pybls(group, pyecc_point, encode):
    return group.from_bytes(encode(pyecc_point))


# --------------------------------------------------------------------------
# scalar multiplication and addition


@group_names
@xsettings(12)
@given(a=st.integers(1, R - 1), k=scalars)
def test_mul_matches_py_ecc(gname, a, k):
    group, gen, encode, _, _, _, _ = GROUPS[gname]
    base_ref = pe.multiply(gen, a)
    base = _to_pybls(group, base_ref, encode)
    expected = encode(pe.multiply(base_ref, k))
    assert (base * k).to_bytes() == expected
    assert (k * base).to_bytes() == expected
    assert base.mul_vartime(k).to_bytes() == expected
    assert (base * (k + R)).to_bytes() == expected


@group_names
@xsettings(8)
@given(k=scalars)
def test_generator_multiples(gname, k):
    group, gen, encode, affine, _, _, _ = GROUPS[gname]
    expected = pe.multiply(gen, k)
    got = group.generator() * k
    assert got.to_bytes() == encode(expected)
    assert got.to_bytes(compressed=False) == encode(expected, compressed=False)
    if k % R:
        x, y = got.to_affine()
        ex, ey = affine(expected)
        if gname == "G2":
            x, y = tuple(x), tuple(y)
        assert (x, y) == (ex, ey)


@group_names
@xsettings(10)
@given(a=st.integers(1, R - 1), b=st.integers(1, R - 1))
@example(a=1, b=1)
@example(a=5, b=R - 5)
def test_add_matches_py_ecc(gname, a, b):
    group, gen, encode, _, _, _, _ = GROUPS[gname]
    pa, pb = pe.multiply(gen, a), pe.multiply(gen, b)
    qa, qb = _to_pybls(group, pa, encode), _to_pybls(group, pb, encode)
    assert (qa + qb).to_bytes() == encode(pe.add(pa, pb))
    assert (qa - qb).to_bytes() == encode(pe.add(pa, pe.neg(pb)))
    assert (qa + qa).to_bytes() == encode(pe.add(pa, pa))
    assert (-qa).to_bytes() == encode(pe.neg(pa))


@group_names
@xsettings(10)
@given(a=st.integers(1, R - 1))
def test_decode_py_ecc_encodings(gname, a):
    group, gen, encode, affine, _, _, _ = GROUPS[gname]
    pt = pe.multiply(gen, a)
    compressed, uncompressed = encode(pt), encode(pt, compressed=False)
    for data in (compressed, uncompressed):
        q = group.from_bytes(data)
        assert q.to_bytes() == compressed
        assert q.to_bytes(compressed=False) == uncompressed
    x, y = affine(pt)
    assert group.from_affine(x, y) == group.from_bytes(compressed)


@group_names
def test_encode_matches_py_ecc_decompress(gname):
    group, gen, encode, _, _, _, _ = GROUPS[gname]
    rng = ref.rng_for(2024)
    for _ in range(4):
        k = rng.randrange(1, R)
        data = (group.generator() * k).to_bytes()
        back = pe.g1_from_bytes(data) if gname == "G1" else pe.g2_from_bytes(data)
        assert pe.eq(back, pe.multiply(gen, k))


# --------------------------------------------------------------------------
# subgroup membership and cofactor clearing on points outside the subgroup


@group_names
@xsettings(4)
@given(seed=seeds)
def test_subgroup_check_random_curve_point(gname, seed):
    group, _, encode, _, to_point, random_point, h_eff = GROUPS[gname]
    x, y = random_point(ref.rng_for(seed))
    pt = to_point((x, y))
    assert pe.is_on_curve(pt, pe.b if gname == "G1" else pe.b2)
    in_sub = pe.is_inf(pe.multiply(pt, R))

    q = group.from_affine(x, y, subgroup_check=False)
    assert q.is_on_curve()
    assert q.in_subgroup() == in_sub
    data = encode(pt)
    raw = group.from_bytes(data, subgroup_check=False)
    assert raw == q and raw.in_subgroup() == in_sub
    assert raw.to_bytes() == data
    assert raw.to_bytes(compressed=False) == encode(pt, compressed=False)
    if not in_sub:
        with pytest.raises(NotInSubgroupError):
            group.from_affine(x, y)
        with pytest.raises(NotInSubgroupError):
            group.from_bytes(data)
        with pytest.raises(NotInSubgroupError):
            group.from_bytes(encode(pt, compressed=False))

    cleared_ref = pe.multiply(pt, h_eff)
    cleared = q.clear_cofactor()
    assert cleared.to_bytes() == encode(cleared_ref)
    assert cleared.in_subgroup()
    assert pe.is_inf(pe.multiply(cleared_ref, R))
    assert group.from_bytes(cleared.to_bytes()) == cleared


@group_names
@xsettings(4)
@given(seed=seeds)
def test_arithmetic_outside_subgroup(gname, seed):
    """The group law must also be right for curve points outside G1/G2:
    they are reachable with subgroup_check=False and before clear_cofactor."""
    group, _, encode, _, to_point, random_point, _ = GROUPS[gname]
    rng = ref.rng_for(seed)
    p1 = random_point(rng)
    p2 = random_point(rng)
    a, b = to_point(p1), to_point(p2)
    qa = group.from_affine(*p1, subgroup_check=False)
    qb = group.from_affine(*p2, subgroup_check=False)
    assert (qa + qb).to_bytes() == encode(pe.add(a, b))
    assert (qa + qa).to_bytes() == encode(pe.add(a, a))
    assert (qa - qa).is_identity()
    assert (qa - qb).to_bytes() == encode(pe.add(a, pe.neg(b)))


@group_names
@xsettings(4)
@given(seed=seeds, k=st.integers(0, R - 1))
@example(seed=1, k=R - 2)
@example(seed=2, k=0x5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A)
def test_mul_outside_subgroup(gname, seed, k):
    """k * P for k < r on a curve point outside the subgroup is plain
    repeated addition; an endomorphism (GLV/GLS) shortcut that is only valid
    inside the subgroup would give a different point."""
    group, _, encode, _, to_point, random_point, _ = GROUPS[gname]
    p1 = random_point(ref.rng_for(seed))
    a, qa = to_point(p1), group.from_affine(*p1, subgroup_check=False)
    expected = encode(pe.multiply(a, k))
    assert (qa * k).to_bytes() == expected
    assert qa.mul_vartime(k).to_bytes() == expected


def test_g1_order3_point():
    x, y = ref.G1_ORDER3_POINT
    pt = pe.g1_point((x, y))
    q = G1.from_affine(x, y, subgroup_check=False)
    with pytest.raises(NotInSubgroupError):
        G1.from_affine(x, y)
    assert q.is_on_curve() and not q.in_subgroup()
    assert (q + q + q).is_identity()
    assert (q * 3).is_identity() and q.mul_vartime(3).is_identity()
    assert not (q * 2).is_identity()
    data = pe.g1_bytes(pt)
    with pytest.raises(NotInSubgroupError):
        G1.from_bytes(data)
    assert G1.from_bytes(data, subgroup_check=False) == q
    assert q.clear_cofactor().to_bytes() == pe.g1_bytes(pe.multiply(pt, ref.H_EFF_G1))


# --------------------------------------------------------------------------
# pairing (py_ecc pairings are slow: ~0.5 s each, keep these few)


def test_draft_vector_matches_py_ecc(vectors_dir):
    """Checks the bridge itself: py_ecc's pairing of the generators, mapped
    into the pybls tower, is the draft's vector."""
    import json

    with open(vectors_dir / "bls48" / "pairing_test_vectors_draft.json") as f:
        v = json.load(f)["vectors"]["BLS12_381"]
    draft = [int(v[f"e_{i}"], 16) for i in range(12)]
    e = pe.pairing(pe.G2, pe.G1)
    assert pe.fq12_to_tower(e) == draft
    assert pe.tower_to_fq12(draft) == e
    assert pairing(G1.generator(), G2.generator()).to_bytes() == pe.gt_bytes(e**3)


@xsettings(3)
@given(a=st.integers(1, R - 1), b=st.integers(1, R - 1))
def test_pairing_matches_py_ecc(a, b):
    p, q = pe.multiply(pe.G1, a), pe.multiply(pe.G2, b)
    expected = pe.gt_bytes(pe.ref_pairing(p, q))
    got = pairing(G1.from_bytes(pe.g1_bytes(p)), G2.from_bytes(pe.g2_bytes(q)))
    assert got.to_bytes() == expected
    assert GT.from_bytes(expected) == got


def test_pairing_product_matches_py_ecc():
    rng = ref.rng_for(7)
    pairs_ref, pairs = [], []
    for _ in range(2):
        a, b = rng.randrange(1, R), rng.randrange(1, R)
        p, q = pe.multiply(pe.G1, a), pe.multiply(pe.G2, b)
        pairs_ref.append((p, q))
        pairs.append((G1.generator() * a, G2.generator() * b))
    expected = pe.FQ12.one()
    for p, q in pairs_ref:
        expected = expected * pe.ref_pairing(p, q)
    assert pairing_product(pairs).to_bytes() == pe.gt_bytes(expected)


@xsettings(10)
@given(a=st.integers(0, R - 1), b=st.integers(0, R - 1))
def test_gt_arithmetic_matches_py_ecc(a, b):
    e = pairing(G1.generator(), G2.generator())
    base = pe.gt_from_bytes(e.to_bytes())
    ea, eb = e**a, e**b
    assert ea.to_bytes() == pe.gt_bytes(base**a)
    assert (ea * eb).to_bytes() == pe.gt_bytes(base ** ((a + b) % R))
    assert (ea / eb).to_bytes() == pe.gt_bytes(base ** ((a - b) % R))
    assert ea.inverse().to_bytes() == pe.gt_bytes(pe.fq12_conjugate(base**a))


def _cyclotomic_non_member(seed):
    """f^((p^6 - 1)(p^2 + 1)) for a random f: in the cyclotomic subgroup
    (which a cheap check would accept) but almost surely not of order r."""
    rng = ref.rng_for(seed)
    f = pe.FQ12([rng.randrange(ref.P) for _ in range(12)])
    g = pe.fq12_conjugate(f) / f  # f^(p^6 - 1)
    h = g ** (ref.P**2) * g  # g^(p^2 + 1)
    assert h ** (ref.P**4 - ref.P**2 + 1) == pe.FQ12.one()
    assert h**R != pe.FQ12.one()
    return h


@pytest.mark.parametrize("seed", [1, 2])
def test_gt_rejects_cyclotomic_non_member(seed):
    from pybls.errors import NotInSubgroupError as E

    h = _cyclotomic_non_member(seed)
    with pytest.raises(E):
        GT.from_bytes(pe.gt_bytes(h))
