"""pybls.compat.py_ecc.bn128 and optimized_bn128 against py_ecc's modules of
the same names: every function on random and edge inputs, and a small set of
EIP-196/197 precompiles written against the module's names, run on
go-ethereum's vectors with py_ecc and with the drop-in."""

import json
import random

import pytest

from curve_search import points_on_curve
from reference import vectors_path

import py_ecc  # noqa: E402  (a native test dependency; these modules are not collected in Pyodide)

from py_ecc import bn128 as ref_affine  # noqa: E402
from py_ecc import optimized_bn128 as ref_opt  # noqa: E402
from py_ecc.bn128 import bn128_pairing as ref_affine_pairing  # noqa: E402
from py_ecc.optimized_bn128 import optimized_pairing as ref_opt_pairing  # noqa: E402

from pybls import bn254  # noqa: E402
from pybls.compat.py_ecc import bn128 as new_affine  # noqa: E402
from pybls.compat.py_ecc import optimized_bn128 as new_opt  # noqa: E402

pytestmark = pytest.mark.native_only

R = ref_opt.curve_order
NAMES = [
    "FQ", "FQ2", "FQ12", "FQP", "field_modulus", "curve_order", "b", "b2", "b12",
    "G1", "G2", "G12", "Z1", "Z2", "add", "double", "multiply", "neg", "eq", "is_inf",
    "is_on_curve", "normalize", "twist", "pairing", "miller_loop", "final_exponentiate",
]
SCALARS = [0, 1, 2, 3, R - 1, R, R + 1, 2 * R + 5, (1 << 256) - 1]


def _aff(pt):
    """An optimized-module point as affine ints (None at infinity)."""
    if ref_opt.is_inf(pt):
        return None
    x, y = ref_opt.normalize(pt)
    return _ints(x), _ints(y)


def _ints(e):
    return tuple(int(c) for c in e.coeffs) if hasattr(e, "coeffs") else int(e)


def _aff2(pt):
    return None if pt is None else (_ints(pt[0]), _ints(pt[1]))


def test_names_and_constants():
    for mod in (new_affine, new_opt):
        for name in NAMES:
            assert hasattr(mod, name), (mod.__name__, name)
    assert new_opt.FQ is ref_opt.FQ and new_opt.FQ12 is ref_opt.FQ12 and new_affine.FQ2 is ref_affine.FQ2
    for new, ref in ((new_affine, ref_affine), (new_opt, ref_opt)):
        assert (new.field_modulus, new.curve_order) == (ref.field_modulus, ref.curve_order)
        assert (new.b, new.b2, new.b12) == (ref.b, ref.b2, ref.b12)
        assert new.G1 == ref.G1 and new.G2 == ref.G2 and new.G12 == ref.G12
        assert new.Z1 == ref.Z1 and new.Z2 == ref.Z2


@pytest.mark.parametrize("group", ["G1", "G2"])
def test_optimized_multiply_edges_and_random(group):
    rng = random.Random(7)
    base = ref_opt.multiply(getattr(ref_opt, group), rng.randrange(1, R))
    for n in SCALARS + [rng.randrange(1 << 256) for _ in range(3)]:
        for pt in (getattr(ref_opt, group), base, getattr(ref_opt, "Z" + group[1])):
            got, want = new_opt.multiply(pt, n), ref_opt.multiply(pt, n)
            assert new_opt.is_inf(got) == ref_opt.is_inf(want), n
            assert _aff(got) == _aff(want), n
            assert ref_opt.eq(got, want) and new_opt.eq(got, want)


@pytest.mark.parametrize("group", ["G1", "G2"])
def test_affine_multiply_edges_and_random(group):
    rng = random.Random(8)
    base = ref_affine.multiply(getattr(ref_affine, group), rng.randrange(1, R))
    for n in SCALARS[:6] + [rng.randrange(1 << 256)]:
        for pt in (getattr(ref_affine, group), base, None):
            assert new_affine.multiply(pt, n) == ref_affine.multiply(pt, n), n


def test_add_double_neg_eq_match():
    rng = random.Random(9)
    for G in ("G1", "G2"):
        p = ref_opt.multiply(getattr(ref_opt, G), rng.randrange(1, R))
        q = ref_opt.multiply(getattr(ref_opt, G), rng.randrange(1, R))
        Z = getattr(ref_opt, "Z" + G[1])
        for a, c in [(p, q), (p, p), (p, ref_opt.neg(p)), (p, Z), (Z, q), (Z, Z)]:
            assert _aff(new_opt.add(a, c)) == _aff(ref_opt.add(a, c))
            assert new_opt.eq(new_opt.add(a, c), ref_opt.add(a, c)) or ref_opt.is_inf(ref_opt.add(a, c))
        assert new_opt.double(p) == ref_opt.double(p) and new_opt.neg(p) == ref_opt.neg(p)
        assert new_opt.normalize(p) == ref_opt.normalize(p)
        assert new_opt.eq(p, p) and not new_opt.eq(p, q)
        assert new_opt.is_on_curve(p, new_opt.b if G == "G1" else new_opt.b2)
        assert new_opt.is_inf(Z) and not new_opt.is_inf(p)
        assert new_opt.twist(q) == ref_opt.twist(q) if G == "G2" else True
        pa, qa = ref_affine.multiply(getattr(ref_affine, G), 5), ref_affine.multiply(getattr(ref_affine, G), 11)
        for a, c in [(pa, qa), (pa, pa), (pa, ref_affine.neg(pa)), (pa, None), (None, None)]:
            assert new_affine.add(a, c) == ref_affine.add(a, c)
        assert new_affine.double(qa) == ref_affine.double(qa) and new_affine.neg(qa) == ref_affine.neg(qa)
    bad = (ref_opt.FQ(1), ref_opt.FQ(3), ref_opt.FQ(1))
    assert not new_opt.is_on_curve(bad, new_opt.b)
    # off the curve: computed in Python, as py_ecc does
    assert _aff(new_opt.multiply(bad, 12345)) == _aff(ref_opt.multiply(bad, 12345))
    assert new_affine.multiply((ref_affine.FQ(1), ref_affine.FQ(3)), 99) == ref_affine.multiply(
        (ref_affine.FQ(1), ref_affine.FQ(3)), 99
    )
    assert new_affine.twist(ref_affine.G2) == ref_affine.twist(ref_affine.G2)


def test_g2_outside_subgroup_multiply():
    _, ((x0, x1), (y0, y1)) = points_on_curve(bn254)  # on the twist, outside G2
    assert not bn254.G2.from_affine((x0, x1), (y0, y1), subgroup_check=False).in_subgroup()
    pt = (ref_opt.FQ2([x0, x1]), ref_opt.FQ2([y0, y1]), ref_opt.FQ2.one())
    got, want = new_opt.multiply(pt, R), ref_opt.multiply(pt, R)
    assert not ref_opt.is_inf(want) and _aff(got) == _aff(want)


def test_pairings_match_py_ecc():
    # Three of py_ecc's pairings (about a second each at most).
    rng = random.Random(10)
    a, c = rng.randrange(1, R), rng.randrange(1, R)
    Q, P = ref_opt.multiply(ref_opt.G2, a), ref_opt.multiply(ref_opt.G1, c)
    want = ref_opt.pairing(Q, P)
    assert new_opt.pairing(Q, P) == want
    # the affine module: same value, its own FQ12 class
    got = new_affine.pairing(ref_affine.multiply(ref_affine.G2, a), ref_affine.multiply(ref_affine.G1, c))
    assert type(got) is ref_affine.FQ12 and [int(x) for x in got.coeffs] == [int(x) for x in want.coeffs]
    # Miller loops: equal to py_ecc's after the final exponentiation
    f = new_opt.pairing(Q, P, final_exponentiate=False)
    assert type(f) is ref_opt.FQ12 and new_opt.final_exponentiate(f) == want
    assert new_opt.miller_loop(ref_opt.twist(Q), ref_opt_pairing.cast_point_to_fq12(P)) == want
    assert new_opt.final_exponentiate(new_opt.miller_loop(
        ref_opt.twist(Q), ref_opt_pairing.cast_point_to_fq12(P), final_exponentiate=False)) == want
    got = new_affine.miller_loop(
        ref_affine.twist(ref_affine.multiply(ref_affine.G2, a)),
        ref_affine_pairing.cast_point_to_fq12(ref_affine.multiply(ref_affine.G1, c)),
    )
    assert [int(x) for x in got.coeffs] == [int(x) for x in want.coeffs]
    # a point of the twist outside G2, as py_ecc pairs it
    _, ((x0, x1), (y0, y1)) = points_on_curve(bn254)
    Qbad = (ref_opt.FQ2([x0, x1]), ref_opt.FQ2([y0, y1]), ref_opt.FQ2.one())
    assert new_opt.pairing(Qbad, ref_opt.G1) == ref_opt.pairing(Qbad, ref_opt.G1)
    # the arbitrary FQ12 final exponentiation against py_ecc's power
    g = ref_opt.FQ12([rng.randrange(ref_opt.field_modulus) for _ in range(12)])
    assert new_opt.final_exponentiate(g) == ref_opt.final_exponentiate(g)
    h = ref_affine.FQ12([int(x) for x in g.coeffs])
    assert [int(x) for x in new_affine.final_exponentiate(h).coeffs] == [int(x) for x in ref_opt.final_exponentiate(g).coeffs]


def test_pairing_edges_and_errors():
    for new in (new_opt, new_affine):
        one = new.FQ12.one()
        assert new.pairing(new.Z2, new.G1) == one and new.pairing(new.G2, new.Z1) == one
    with pytest.raises(ValueError, match="point Q is not on the correct curve"):
        new_opt.pairing((new_opt.FQ2([1, 0]), new_opt.FQ2([1, 0]), new_opt.FQ2.one()), new_opt.G1)
    with pytest.raises(ValueError, match="point P is not on the correct curves"):
        new_opt.pairing(new_opt.G2, (new_opt.FQ(1), new_opt.FQ(3), new_opt.FQ(1)))
    with pytest.raises(ValueError, match="point Q is not on the correct curve"):
        new_affine.pairing((new_affine.FQ2([1, 0]), new_affine.FQ2([1, 0])), new_affine.G1)


# -- EIP-196/197 precompiles in the style of py-evm, on the module's names --

def _fq(bn, data):
    v = int.from_bytes(data, "big")
    if v >= bn.field_modulus:
        raise ValueError("coordinate not below the field modulus")
    return bn.FQ(v)


def _g1(bn, data, projective):
    x, y = _fq(bn, data[:32]), _fq(bn, data[32:64])
    if x == bn.FQ.zero() and y == bn.FQ.zero():
        return bn.Z1
    pt = (x, y, bn.FQ.one()) if projective else (x, y)
    if not bn.is_on_curve(pt, bn.b):
        raise ValueError("G1 point not on the curve")
    return pt


def _g1_out(bn, pt, projective):
    if bn.is_inf(pt):
        return bytes(64)
    x, y = bn.normalize(pt) if projective else pt
    return int(x).to_bytes(32, "big") + int(y).to_bytes(32, "big")


def ecadd(bn, data, projective):
    data = data[:128].ljust(128, b"\0")
    return _g1_out(bn, bn.add(_g1(bn, data[:64], projective), _g1(bn, data[64:], projective)), projective)


def ecmul(bn, data, projective):
    data = data[:96].ljust(96, b"\0")
    return _g1_out(bn, bn.multiply(_g1(bn, data[:64], projective), int.from_bytes(data[64:], "big")), projective)


def ecpairing(bn, data, projective):
    if len(data) % 192:
        raise ValueError("input length not a multiple of 192")
    acc = bn.FQ12.one()
    for i in range(0, len(data), 192):
        chunk = data[i:i + 192]
        p = _g1(bn, chunk[:64], projective)
        c = [_fq(bn, chunk[64 + 32 * k:96 + 32 * k]) for k in range(4)]
        x, y = bn.FQ2([int(c[1]), int(c[0])]), bn.FQ2([int(c[3]), int(c[2])])
        if x == bn.FQ2.zero() and y == bn.FQ2.zero():
            q = bn.Z2
        else:
            q = (x, y, bn.FQ2.one()) if projective else (x, y)
            if not bn.is_on_curve(q, bn.b2):
                raise ValueError("G2 point not on the twist")
            if not bn.is_inf(bn.multiply(q, bn.curve_order)):
                raise ValueError("G2 point not in the subgroup")
        if bn.is_inf(p) or bn.is_inf(q):
            continue
        if projective:
            acc = acc * bn.pairing(q, p, final_exponentiate=False)
        else:
            acc = acc * bn.pairing(q, p)
    if projective:
        acc = bn.final_exponentiate(acc)
    return (1 if acc == bn.FQ12.one() else 0).to_bytes(32, "big")


def _run(fn, bn, data, projective):
    try:
        return fn(bn, data, projective)
    except ValueError:
        return "error"


def _vectors(name):
    with open(vectors_path() / "bn254" / name) as f:
        return json.load(f)


@pytest.mark.parametrize("name,fn", [("bn256Add.json", ecadd), ("bn256ScalarMul.json", ecmul)])
@pytest.mark.parametrize("projective", [True, False])
def test_precompiles_add_mul_on_geth_vectors(name, fn, projective):
    new, ref = (new_opt, ref_opt) if projective else (new_affine, ref_affine)
    for v in _vectors(name):
        data = bytes.fromhex(v["Input"])
        got, want = _run(fn, new, data, projective), _run(fn, ref, data, projective)
        assert got == want, v["Name"]
        assert got == bytes.fromhex(v["Expected"]), v["Name"]


def test_precompile_pairing_on_geth_vectors():
    vectors = _vectors("bn256Pairing.json")
    for v in vectors:
        data = bytes.fromhex(v["Input"])
        for projective, new in ((True, new_opt), (False, new_affine)):
            assert _run(ecpairing, new, data, projective) == bytes.fromhex(v["Expected"]), v["Name"]
    # py_ecc itself on one two-pair vector (its pairings are slow)
    v = next(v for v in vectors if len(v["Input"]) == 2 * 384)
    data = bytes.fromhex(v["Input"])
    assert _run(ecpairing, ref_opt, data, True) == _run(ecpairing, new_opt, data, True)


def test_clear_import_error_without_py_ecc():
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['py_ecc'] = None\n"
        "from pybls.compat.py_ecc import G2ProofOfPossession\n"
        "try:\n"
        "    from pybls.compat.py_ecc import optimized_bn128\n"
        "except ImportError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "install py_ecc" in out
