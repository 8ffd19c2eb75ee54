"""The BN curves no outside library serves (BN381_1, BN462) against the
slow pure-Python pairing of bn_reference.py: pairing values and point
operations, on points of full-size multiples of the generators."""

import pytest
from bn_reference import BN, BNCurve

from pybls import curves

# Each curve's defining parameters, as mcl's include/mcl/curve_type.hpp
# states them (u, b, xi = c + i); nothing else comes from the library.
REFERENCE = {
    "bn381": BNCurve(u=-(2**94 + 2**76 + 2**72 + 1), b=2, xi_c=1),
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
    e = mod.pairing(P, Q).to_bytes()
    n = len(e) // 12
    # The encoding lists the tower's twelve coefficients highest first.
    coeffs = [int.from_bytes(e[i * n:(i + 1) * n], "big") for i in range(12)][::-1]
    assert ref.from_tower(coeffs) == ref.pairing(ref.g1(*P.to_affine()), _ref_g2(ref, Q))


def test_no_hash_to_curve_yet(pair):
    mod, _ = pair
    for group in (mod.G1, mod.G2):
        with pytest.raises(NotImplementedError, match="hash_to_curve is not available"):
            group.hash_to_curve(b"msg", b"DST")
