"""The BN curves no outside library serves (BN381_1, BN462) against the
slow pure-Python pairing of bn_reference.py: pairing values and point
operations, on points of full-size multiples of the generators; and BN462
against the CFRG pairing-friendly-curves draft's parameters and pairing
test vector."""

import json

import pytest
from bn_reference import BN, BNCurve, SvdW
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
    return curves.CURVES[request.param], BN(REFERENCE[request.param])


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


def test_no_hash_to_g2(pair):
    mod, _ = pair
    with pytest.raises(NotImplementedError, match="hash_to_curve is not available"):
        mod.G2.hash_to_curve(b"msg", b"DST")


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
