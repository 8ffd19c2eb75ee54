"""The BN curves no outside library serves (BN381_1, BN462) against the
slow pure-Python pairing of bn_reference.py: pairing values and point
operations, on points of full-size multiples of the generators; hashing
to G1 and G2 (RFC 9380 with the SvdW map; G2's step by step: u0, u1, Q0,
Q1, P), the reference's G2 hashing itself checked against gnark-crypto's
BN254 vectors; and BN462 against the CFRG pairing-friendly-curves draft's
parameters and pairing test vector."""

import json
import pathlib
import sys

import pytest
from bn_reference import BN, BNCurve, Fp2, SvdW, SvdW2
from reference import vectors_path

from pybls import bn462, curves

# Each curve's defining parameters, as mcl's include/mcl/curve_type.hpp
# states them (u, b, xi = c + i); nothing else comes from the library.
REFERENCE = {
    "bn381": BNCurve(u=-(2**94 + 2**76 + 2**72 + 1), b=2, xi_c=1),
    "bn462": BNCurve(u=2**114 + 2**101 - 2**14 - 1, b=5, xi_c=2),
}

# Public, arbitrary scalars (below every r here).
A = 0x1D2C3B4A59687F0E1D2C3B4A59687F0E1D2C3B4A59687F0E1D2C3B4A59687F0E
B = 0x0F1E2D3C4B5A69788796A5B4C3D2E1F00F1E2D3C4B5A69788796A5B4C3D2E1F0123456789


@pytest.fixture(params=sorted(REFERENCE))
def pair(request):
    return curves.CURVES[request.param], _reference(request.param)


def _ref_g2(ref, q):
    x, y = q.to_affine()
    return ref.untwist(x, y)


def test_parameters(pair):
    mod, ref = pair
    assert mod.FIELD_MODULUS == ref.p and mod.CURVE_ORDER == ref.r == mod.Scalar.R


def test_point_operations(pair):
    mod, ref = pair
    g1, g2 = mod.G1.generator(), mod.G2.generator()
    rg1, rg2 = ref.g1(*g1.to_affine()), _ref_g2(ref, g2)
    assert ref.on_curve(rg1) and ref.on_curve(rg2)
    for g, rg, to_ref in ((g1, rg1, lambda pt: ref.g1(*pt.to_affine())), (g2, rg2, lambda pt: _ref_g2(ref, pt))):
        pa = g * A
        assert to_ref(pa) == ref.mul(rg, A)
        assert to_ref(pa + g) == ref.add(ref.mul(rg, A), rg)
        assert to_ref(pa.double()) == ref.add(ref.mul(rg, A), ref.mul(rg, A))
        assert to_ref(-pa) == ref.neg(ref.mul(rg, A))
    assert ref.mul(rg1, ref.r) is None


def test_pairing_value(pair):
    mod, ref = pair
    P, Q = mod.G1.generator() * A, mod.G2.generator() * B
    coeffs = _gt_coefficients(mod.pairing(P, Q))
    assert ref.from_tower(coeffs) == ref.pairing(ref.g1(*P.to_affine()), _ref_g2(ref, Q))


# Each curve's SvdW Z (RFC 9380's find_z_svdw: the first of 1, -1, 2, ...
# that qualifies), as the curve descriptions state it.
SVDW_Z = {"bn381": -1, "bn462": 1}


@pytest.mark.parametrize("msg", [b"", b"abc", b"a" * 200])
def test_hash_to_g1(pair, msg):
    """BN381G1_XMD:SHA-256_SVDW_RO_/_NU_ and BN462G1_...: RFC 9380 written
    out in bn_reference.SvdW (6.6.1's steps, not the core's straight-line
    form), the only check there is, as no other library has these suites."""
    mod, ref = pair
    name = mod.__name__.rsplit(".", 1)[1]
    h2c = SvdW(ref.p, ref.curve.b, SVDW_Z[name])
    suite = f"{name.upper()}G1_XMD:SHA-256_SVDW_"
    dst_ro, dst_nu = f"QUUX-V01-CS02-with-{suite}RO_".encode(), f"QUUX-V01-CS02-with-{suite}NU_".encode()
    assert mod.G1.hash_to_field(msg, dst_ro, 2) == h2c.hash_to_field(msg, dst_ro, 2)
    assert mod.G1.hash_to_curve(msg, dst_ro).to_affine() == h2c.hash_to_curve(msg, dst_ro)
    assert mod.G1.encode_to_curve(msg, dst_nu).to_affine() == h2c.encode_to_curve(msg, dst_nu)


def test_map_to_g1_edge_cases(pair):
    """u = 0, the u with 1 - g(Z) u^2 = 0 or 1 + g(Z) u^2 = 0 that Fp has
    (inv0 of 0: x1 = x2 = -Z / 2 and x3 = Z, which BN381_1 takes, g(-Z / 2)
    being no square there), u and -u, and small u taking each of the
    candidates x1, x2, x3, against the reference's steps."""
    mod, ref = pair
    name = mod.__name__.rsplit(".", 1)[1]
    h2c = SvdW(ref.p, ref.curve.b, SVDW_Z[name])
    p, z = ref.p, h2c.z
    gz = (z ** 3 + ref.curve.b) % p
    cases = [0, 1, p - 1, 2, p - 2]
    for sign in (1, -1):
        v = sign * pow(gz, -1, p) % p
        if pow(v, (p - 1) // 2, p) == 1:
            root = pow(v, (p + 1) // 4, p)  # p = 3 mod 4
            cases += [root, p - root]
    assert len(cases) > 5

    def branch(u):
        tv1 = u * u * gz % p
        tv2, tv1 = (1 + tv1) % p, (1 - tv1) % p
        tv3 = pow(tv1 * tv2, p - 2, p)
        c3 = pow(-gz * 3 * z * z % p, (p + 1) // 4, p)
        c3 = c3 if c3 % 2 == 0 else p - c3  # sgn0(c3) = 0
        x1 = (-z * pow(2, -1, p) - u * tv1 * tv3 * c3) % p
        x2 = (-z * pow(2, -1, p) + u * tv1 * tv3 * c3) % p
        return 1 if h2c._is_square(h2c._g(x1)) else 2 if h2c._is_square(h2c._g(x2)) else 3

    taken = {}
    for u in range(1, 60):
        taken.setdefault(branch(u), u)
    assert sorted(taken) == [1, 2, 3]
    if name == "bn381":
        assert [branch(u) for u in cases[5:]] == [3] * len(cases[5:])
    for u in cases + list(taken.values()):
        assert mod.G1.map_to_curve(u).to_affine() == h2c.map_to_curve(u), u

# Each curve's SvdW Z over Fp2 (find_z_svdw's first candidate again).
SVDW_Z2 = {"bn381": (-1, 0), "bn462": (1, 0)}


def _h2c_g2(mod):
    """The reference hashing to the curve's G2 and the suite's QUUX DSTs."""
    name = mod.__name__.rsplit(".", 1)[1]
    suite = f"{name.upper()}G2_XMD:SHA-256_SVDW_"
    return (SvdW2(_reference(name), SVDW_Z2[name]),
            f"QUUX-V01-CS02-with-{suite}RO_".encode(), f"QUUX-V01-CS02-with-{suite}NU_".encode())


def _fp2_point(pt):
    """A G2 point of pybls as the reference's pair of Fp2 elements."""
    p = sys.modules[type(pt).__module__].FIELD_MODULUS
    return None if pt.is_identity() else tuple(Fp2(p, *c) for c in pt.to_affine())


def test_reference_hash_to_g2_reproduces_gnark():
    """The reference's G2 hashing, given BN254's parameters, reproduces
    gnark-crypto's published BN254G2 vectors: a check of the reference."""
    bn = BN(BNCurve(u=0x44E992B44A6909F1, b=3, xi_c=9))
    h2c = SvdW2(bn, (1, 0))
    suites = {s["name"]: s for s in _gnark()["suites"]}

    def point(v):
        return tuple(Fp2(bn.p, *(int(c, 16) for c in v[k])) for k in ("x", "y"))

    ro, nu = suites["hashToG2"], suites["encodeToG2"]
    case = ro["cases"][1]
    us = h2c.hash_to_field(case["msg"].encode(), ro["dst"].encode(), 2)
    assert us == [tuple(int(c, 16) for c in case[k]) for k in ("u0", "u1")]
    assert [h2c.map_to_curve(u) for u in us] == [point(case["Q0"]), point(case["Q1"])]
    assert h2c.hash_to_curve(case["msg"].encode(), ro["dst"].encode()) == point(case["P"])
    case = nu["cases"][2]
    assert h2c.encode_to_curve(case["msg"].encode(), nu["dst"].encode()) == point(case["P"])


def test_hash_to_g2(pair):
    """BN381G2_XMD:SHA-256_SVDW_RO_/_NU_ and BN462G2_...: each step (u0, u1,
    Q0, Q1, P) against the reference, the only check there is, as no other
    library has these suites; the reference's P has order r."""
    mod, ref = pair
    h2c, dst_ro, dst_nu = _h2c_g2(mod)
    msg = b"abc"
    us = mod.G2.hash_to_field(msg, dst_ro, 2)
    assert us == h2c.hash_to_field(msg, dst_ro, 2)
    qs = [h2c.map_to_curve(u) for u in us]
    assert [_fp2_point(mod.G2.map_to_curve(u)) for u in us] == qs
    expected = h2c.clear_cofactor(h2c.add(*qs))
    assert expected is not None and h2c.mul(expected, ref.r) is None
    P = mod.G2.hash_to_curve(msg, dst_ro)
    assert P.in_subgroup() and _fp2_point(P) == expected
    assert _fp2_point(mod.G2.encode_to_curve(msg, dst_nu)) == h2c.encode_to_curve(msg, dst_nu)


def test_map_to_g2_edge_cases(pair):
    """u = 0, u with 1 - g(Z) u^2 = 0 (inv0 of 0), u and -u (sgn0(y) =
    sgn0(u)), and small u taking each of the candidates x1, x2, x3."""
    mod, ref = pair
    h2c, _, _ = _h2c_g2(mod)
    root = h2c.g(h2c.z).inv0().sqrt()  # every element of Fp has a square root in Fp2
    cases = [(0, 0), (root.a, root.b), (1, 0), (ref.p - 1, 0), (0, 1), (0, ref.p - 1)]
    taken = {}
    for c0 in range(1, 40):
        taken.setdefault(h2c.map_to_curve_steps((c0, 1))[2], (c0, 1))
        if len(taken) == 3:
            break
    assert sorted(taken) == [1, 2, 3]
    assert h2c.map_to_curve_steps((root.a, root.b))[0] in (h2c.z, -(h2c.z * Fp2(ref.p, 2).inv0()))
    for u in cases + list(taken.values()):
        Q = mod.G2.map_to_curve(u)
        assert Q.is_on_curve() and _fp2_point(Q) == h2c.map_to_curve(u)


def _gnark():
    with open(pathlib.Path(__file__).resolve().parent / "vectors" / "bn254_hash_to_curve_gnark.json") as f:
        return json.load(f)


def _reference(name):
    if name not in _REFS:
        _REFS[name] = BN(REFERENCE[name])
    return _REFS[name]


_REFS = {}


def _draft(name):
    with open(vectors_path() / "pairing-friendly-curves" / name) as f:
        return json.load(f)


def _gt_coefficients(e):
    """The twelve tower coefficients of a GT element, lowest first (the
    encoding lists them highest first)."""
    data = e.to_bytes()
    n = len(data) // 12
    return [int.from_bytes(data[i * n:(i + 1) * n], "big") for i in range(12)][::-1]


def test_bn462_draft_parameters_and_base_points():
    c = _draft("curves.json")["curves"]["BN462"]
    assert bn462.FIELD_MODULUS == int(c["p"], 16) and bn462.CURVE_ORDER == int(c["r"], 16)
    g1, g2 = c["G1_base_point"], c["G2_base_point"]
    assert bn462.G1.generator().to_affine() == (int(g1["x"], 16), int(g1["y"], 16))
    assert bn462.G2.generator().to_affine() == tuple(tuple(int(v, 16) for v in g2[k]) for k in ("x", "y"))
    assert len(bn462.Scalar(1).to_bytes()) == c["scalar_bytes_n_s"]


def test_bn462_draft_pairing_vector():
    """The draft publishes f^((p^12 - 1)/r) itself for BN462 (its
    coefficients e_0..e_11 in the tower's order, lowest first), which is
    pybls's pairing value."""
    v = _draft("pairing_test_vectors.json")["vectors"]["BN462"]
    P = bn462.G1.from_affine(int(v["input"]["P"]["x"], 16), int(v["input"]["P"]["y"], 16))
    Q = bn462.G2.from_affine(*(tuple(int(c, 16) for c in v["input"]["Q"][k]) for k in ("x", "y")))
    e = bn462.pairing(P, Q)
    assert _gt_coefficients(e) == [int(x, 16) for x in v["e"]]
    assert bn462.GT.from_bytes(e.to_bytes()) == e
