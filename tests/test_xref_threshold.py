"""Recovered threshold signatures are ordinary BLS signatures: py_ecc, blst
(pyblst) and blspy verify them under the group public key. Native only."""

import sys

import pytest

if sys.platform == "emscripten":
    pytest.skip("the peers are native packages", allow_module_level=True)

from pybls import threshold
from pybls.sig import MinPk, MinSig

pytestmark = pytest.mark.native_only

import blspy  # noqa: E402
import py_ecc.bls as py_ecc_bls  # noqa: E402
import pyblst  # noqa: E402

MSG = b"threshold interop"


def _recovered(t, n, variant=MinPk, scheme="PoP"):
    d = threshold.deal(t, n, variant, scheme)
    partials = [s.sign(MSG) for s in d.shares[n - t:]]
    return d, threshold.recover(partials, t)


@pytest.mark.once
def test_py_ecc_verifies_recovered_signature():
    d, sig = _recovered(3, 5)
    assert py_ecc_bls.G2ProofOfPossession.Verify(bytes(d.public_key), MSG, bytes(sig))
    assert not py_ecc_bls.G2ProofOfPossession.Verify(bytes(d.public_key), MSG + b"!", bytes(sig))


@pytest.mark.parametrize("variant", [MinPk, MinSig], ids=lambda v: v.name)
def test_blst_verifies_recovered_signature(variant):
    d, sig = _recovered(4, 6, variant)
    if variant is MinPk:
        K, S = pyblst.BlstP1Element, pyblst.BlstP2Element
    else:
        K, S = pyblst.BlstP2Element, pyblst.BlstP1Element
    P, Q = K.uncompress(bytes(d.public_key)), S.uncompress(bytes(sig))
    g = K.uncompress(variant.PublicKey.GROUP.generator().to_bytes())
    for msg, expected in ((MSG, True), (MSG + b"!", False)):
        H = S.hash_to_group(msg, variant.PoP.dst)
        if variant is MinPk:
            ok = pyblst.final_verify(pyblst.miller_loop(P, H), pyblst.miller_loop(g, Q))
        else:
            ok = pyblst.final_verify(pyblst.miller_loop(H, P), pyblst.miller_loop(Q, g))
        assert ok is expected


@pytest.mark.parametrize("name,peer", [("Basic", "BasicSchemeMPL"), ("Aug", "AugSchemeMPL"), ("PoP", "PopSchemeMPL")])
def test_blspy_verifies_recovered_signature(name, peer):
    d, sig = _recovered(2, 3, MinPk, name)
    pk = blspy.G1Element.from_bytes(bytes(d.public_key))
    s = blspy.G2Element.from_bytes(bytes(sig))
    assert getattr(blspy, peer).verify(pk, MSG, s)
