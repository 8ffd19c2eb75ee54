"""pybls.compat.py_ecc.optimized_bls12_381 against py_ecc.optimized_bls12_381:
every function on random and edge inputs (three of py_ecc's pairings)."""

import random

import pytest

import py_ecc  # noqa: E402  (a native test dependency; these modules are not collected in Pyodide)

from curve_search import points_on_curve  # noqa: E402
from py_ecc import optimized_bls12_381 as ref  # noqa: E402

from pybls import bls12_381  # noqa: E402
from pybls.compat.py_ecc import optimized_bls12_381 as new  # noqa: E402

pytestmark = pytest.mark.native_only

R = ref.curve_order
NAMES = [
    "FQ", "FQ2", "FQ12", "FQP", "field_modulus", "curve_order", "b", "b2", "b12",
    "G1", "G2", "G12", "Z1", "Z2", "add", "double", "multiply", "neg", "eq", "is_inf",
    "is_on_curve", "normalize", "twist", "pairing", "miller_loop", "final_exponentiate",
]


def _aff(pt):
    if ref.is_inf(pt):
        return None
    return tuple(ref.normalize(pt))


def test_names_and_constants():
    for name in NAMES:
        assert hasattr(new, name), name
    assert new.FQ is ref.FQ and new.FQ2 is ref.FQ2 and new.FQ12 is ref.FQ12 and new.FQP is ref.FQP
    assert (new.field_modulus, new.curve_order) == (ref.field_modulus, ref.curve_order)
    assert (new.b, new.b2, new.b12) == (ref.b, ref.b2, ref.b12)
    assert (new.G1, new.G2, new.G12, new.Z1, new.Z2) == (ref.G1, ref.G2, ref.G12, ref.Z1, ref.Z2)
    q = ref.multiply(ref.G2, 12345)
    assert new.twist(q) == ref.twist(q)


@pytest.mark.parametrize("group", ["G1", "G2"])
def test_multiply_edges_and_random(group):
    rng = random.Random(11)
    base = ref.multiply(getattr(ref, group), rng.randrange(1, R))
    for n in [0, 1, 2, R - 1, R, R + 1, 3 * R + 2, (1 << 256) - 1, rng.randrange(1 << 256)]:
        for pt in (getattr(ref, group), base, getattr(ref, "Z" + group[1])):
            got, want = new.multiply(pt, n), ref.multiply(pt, n)
            assert new.is_inf(got) == ref.is_inf(want) and _aff(got) == _aff(want), n
            assert ref.eq(got, want)


def test_points_outside_the_subgroups():
    # On the curves, outside G1 and G2: multiplied in Python, as py_ecc does.
    (x, y), ((x0, x1), (y0, y1)) = points_on_curve(bls12_381)
    p = (ref.FQ(x), ref.FQ(y), ref.FQ.one())
    q = (ref.FQ2([x0, x1]), ref.FQ2([y0, y1]), ref.FQ2.one())
    for pt in (p, q):
        got, want = new.multiply(pt, R), ref.multiply(pt, R)
        assert not ref.is_inf(want) and _aff(got) == _aff(want)


def test_add_double_neg_eq():
    rng = random.Random(12)
    for G in ("G1", "G2"):
        p = ref.multiply(getattr(ref, G), rng.randrange(1, R))
        q = ref.multiply(getattr(ref, G), rng.randrange(1, R))
        Z = getattr(ref, "Z" + G[1])
        for a, c in [(p, q), (p, p), (p, ref.neg(p)), (p, Z), (Z, q), (Z, Z)]:
            assert _aff(new.add(a, c)) == _aff(ref.add(a, c))
        assert new.double(p) == ref.double(p) and new.neg(p) == ref.neg(p)
        assert new.normalize(q) == ref.normalize(q)
        assert new.eq(p, p) and not new.eq(p, q)
        assert new.is_inf(Z) and not new.is_inf(p)
        assert new.is_on_curve(p, new.b if G == "G1" else new.b2)
    assert not new.is_on_curve((ref.FQ(1), ref.FQ(1), ref.FQ(1)), new.b)


def test_pairings_match_py_ecc():
    rng = random.Random(13)
    a, c = rng.randrange(1, R), rng.randrange(1, R)
    Q, P = ref.multiply(ref.G2, a), ref.multiply(ref.G1, c)
    want = ref.pairing(Q, P)
    assert new.pairing(Q, P) == want
    assert new.miller_loop(Q, P) == want
    f = new.pairing(Q, P, final_exponentiate=False)
    assert type(f) is ref.FQ12 and f != want and new.final_exponentiate(f) == want
    g = new.miller_loop(Q, P, final_exponentiate=False) * new.pairing(Q, ref.neg(P), False)
    assert new.final_exponentiate(g) == ref.FQ12.one()
    # an arbitrary FQ12, and a point of the curve outside G1
    h = ref.FQ12([rng.randrange(ref.field_modulus) for _ in range(12)])
    assert new.final_exponentiate(h) == ref.final_exponentiate(h)
    (x, y), _ = points_on_curve(bls12_381)
    outside = (ref.FQ(x), ref.FQ(y), ref.FQ.one())
    assert new.pairing(ref.G2, outside) == ref.pairing(ref.G2, outside)


def test_pairing_edges_and_errors():
    one = new.FQ12.one()
    assert new.pairing(new.Z2, new.G1) == one and new.pairing(new.G2, new.Z1) == one
    with pytest.raises(ValueError, match="point Q is not on the correct curve"):
        new.pairing((new.FQ2([1, 0]), new.FQ2([1, 0]), new.FQ2.one()), new.G1)
    with pytest.raises(ValueError, match="point P is not on the correct curves"):
        new.pairing(new.G2, (new.FQ(1), new.FQ(1), new.FQ(1)))
