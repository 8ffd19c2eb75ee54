"""Signatures of pybls.sig on BN254 checked by an independent pairing:
py_ecc's optimized_bn128 evaluates the verification equation on the
points pybls produced (keys, hashes of messages, signatures), for both
variants. BLS12-381's signatures are checked against py_ecc and blst in
test_xref_sig.py. Native only (py_ecc)."""

import pytest
from py_ecc import optimized_bn128 as ref

from pybls import bn254, sig

# The limb width is exercised by test_sig_curves.py; py_ecc is slow.
pytestmark = [pytest.mark.native_only, pytest.mark.once]


def _g1(point):
    x, y = point.to_affine()
    return (ref.FQ(x), ref.FQ(y), ref.FQ.one())


def _g2(point):
    (x0, x1), (y0, y1) = point.to_affine()
    return (ref.FQ2([x0, x1]), ref.FQ2([y0, y1]), ref.FQ2.one())


@pytest.mark.parametrize("variant", ["MinPk", "MinSig"])
def test_bn254_signatures_verify_in_py_ecc(variant):
    scheme = sig.scheme(bn254, variant, "Aug")
    sk = sig.key_gen(b"\x5a" * 32, curve=bn254)
    pk = scheme.sk_to_pk(sk)
    s = scheme.sign(sk, b"checked elsewhere")
    assert scheme.verify(pk, b"checked elsewhere", s)
    h = s.GROUP.hash_to_curve(pk.to_bytes() + b"checked elsewhere", scheme.dst)
    forged = s.point + s.GROUP.generator()
    # py_ecc's pairing(Q in G2, P in G1); e(pk, H) == e(g1, sig) for MinPk,
    # e(H, pk) == e(sig, g2) for MinSig.
    if variant == "MinPk":
        lhs = ref.pairing(_g2(h), _g1(pk.point))
        assert lhs == ref.pairing(_g2(s.point), ref.G1) != ref.FQ12.one()
    else:
        lhs = ref.pairing(_g2(pk.point), _g1(h))
        assert lhs == ref.pairing(ref.G2, _g1(s.point)) != ref.FQ12.one()
    assert not scheme.verify(pk, b"checked elsewhere", forged)
