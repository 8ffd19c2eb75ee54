"""Interoperability of pybls.sig with independent implementations, for
random keys and messages: py_ecc (pure Python, minimal-pubkey-size schemes),
blst through pyblst (both variants, built from its hash_to_group,
scalar_mul, miller_loop and final_verify), and chia's blspy. Native only:
the peers are native packages, which `make test` installs."""

import random
import sys

import pytest

if sys.platform == "emscripten":
    pytest.skip("the peers are native packages", allow_module_level=True)

from pybls.sig import MinPk, MinSig, SecretKey, key_gen

pytestmark = pytest.mark.native_only

import blspy  # noqa: E402
import py_ecc.bls as py_ecc_bls  # noqa: E402
import pyblst  # noqa: E402

RNG = random.Random(0x5167)
N = 3


def _rand_bytes(n):
    return bytes(RNG.getrandbits(8) for _ in range(n))


def _cases(n=N):
    out = []
    for _ in range(n):
        sk = key_gen(_rand_bytes(32 + RNG.randrange(16)))
        msg = _rand_bytes(RNG.choice([0, 1, 32, 100]))
        out.append((sk, msg))
    return out


PY_ECC = {"Basic": py_ecc_bls.G2Basic, "Aug": py_ecc_bls.G2MessageAugmentation, "PoP": py_ecc_bls.G2ProofOfPossession}


# --------------------------------------------------------------------------
# py_ecc


# py_ecc is slow (seconds per pairing): its cross-checks run in the first
# pass only; pyblst covers both limb widths below.


@pytest.mark.once
def test_key_gen_matches_py_ecc():
    for _ in range(N):
        ikm = _rand_bytes(32 + RNG.randrange(32))
        info = _rand_bytes(RNG.randrange(3) * 7)
        assert int.from_bytes(key_gen(ikm, info).to_bytes(), "big") == py_ecc_bls.G2Basic.KeyGen(ikm, info)


@pytest.mark.once
@pytest.mark.parametrize("name", ["Basic", "Aug", "PoP"])
def test_py_ecc_sign_verify_both_ways(name):
    ours, theirs = getattr(MinPk, name), PY_ECC[name]
    for sk, msg in _cases(1):
        k = int.from_bytes(sk.to_bytes(), "big")
        pk = ours.sk_to_pk(sk).to_bytes()
        assert theirs.SkToPk(k) == pk
        sig = ours.sign(sk, msg).to_bytes()
        assert theirs.Verify(pk, msg, sig)
        their_sig = theirs.Sign(k, msg)
        assert their_sig == sig
        assert ours.verify(pk, msg, their_sig)
        assert not theirs.Verify(pk, msg + b"x", sig)


@pytest.mark.once
def test_py_ecc_aggregate_and_pop():
    ours, theirs = MinPk.PoP, py_ecc_bls.G2ProofOfPossession
    cases = _cases(2)
    sks = [sk for sk, _ in cases]
    ints = [int.from_bytes(sk.to_bytes(), "big") for sk in sks]
    pks = [ours.sk_to_pk(sk).to_bytes() for sk in sks]
    msg = b"common message"
    sigs = [ours.sign(sk, msg).to_bytes() for sk in sks]
    agg = ours.aggregate(sigs).to_bytes()
    assert theirs.Aggregate(sigs) == agg
    assert theirs.FastAggregateVerify(pks, msg, agg)
    assert ours.fast_aggregate_verify(pks, msg, theirs.Aggregate([theirs.Sign(k, msg) for k in ints]))
    assert ours.aggregate_public_keys(pks).to_bytes() == theirs._AggregatePKs(pks)
    for sk, k, pk in list(zip(sks, ints, pks))[:1]:
        proof = ours.pop_prove(sk).to_bytes()
        assert proof == theirs.PopProve(k)
        assert theirs.PopVerify(pk, proof) and ours.pop_verify(pk, theirs.PopProve(k))
    msgs = [m for _, m in cases]
    msgs = [m + bytes([i]) for i, m in enumerate(msgs)]  # distinct, for Basic
    # py_ecc's AggregateVerify of our aggregates (three pairings each in
    # py_ecc) is test_xref_compat_py_ecc.py's test_aggregate_verify_valid.
    for name in ("Basic", "Aug", "PoP"):
        o, t = getattr(MinPk, name), PY_ECC[name]
        assert o.aggregate_verify(pks, msgs, t.Aggregate([t.Sign(k, m) for k, m in zip(ints, msgs)])), name


# --------------------------------------------------------------------------
# blst (pyblst): both variants


def _blst_groups(variant):
    # (key group, signature group) as pyblst classes
    if variant is MinPk:
        return pyblst.BlstP1Element, pyblst.BlstP2Element
    return pyblst.BlstP2Element, pyblst.BlstP1Element


def _blst_sign(variant, k, msg, dst):
    _, S = _blst_groups(variant)
    return S.hash_to_group(msg, dst).scalar_mul(k).compress()


def _blst_pk(variant, k):
    K, _ = _blst_groups(variant)
    g = K.uncompress(variant.PublicKey.GROUP.generator().to_bytes())
    return g.scalar_mul(k).compress()


def _blst_verify(variant, pk, msg, sig, dst):
    K, S = _blst_groups(variant)
    P = K.uncompress(pk)
    Q = S.uncompress(sig)
    H = S.hash_to_group(msg, dst)
    g = K.uncompress(variant.PublicKey.GROUP.generator().to_bytes())
    if variant is MinPk:
        return pyblst.final_verify(pyblst.miller_loop(P, H), pyblst.miller_loop(g, Q))
    return pyblst.final_verify(pyblst.miller_loop(H, P), pyblst.miller_loop(Q, g))


@pytest.mark.parametrize("variant", [MinPk, MinSig], ids=lambda v: v.name)
@pytest.mark.parametrize("name", ["Basic", "Aug", "PoP"])
def test_blst_sign_verify_both_ways(variant, name):
    ours = getattr(variant, name)
    for sk, msg in _cases(2):
        k = int.from_bytes(sk.to_bytes(), "big")
        pk = ours.sk_to_pk(sk).to_bytes()
        assert _blst_pk(variant, k) == pk
        signed = pk + msg if name == "Aug" else msg
        sig = ours.sign(sk, msg).to_bytes()
        assert _blst_verify(variant, pk, signed, sig, ours.dst)
        assert not _blst_verify(variant, pk, signed + b"x", sig, ours.dst)
        theirs = _blst_sign(variant, k, signed, ours.dst)
        assert theirs == sig
        assert ours.verify(pk, msg, theirs)
        if name == "PoP":
            proof = _blst_sign(variant, k, pk, ours.pop_dst)
            assert ours.pop_verify(pk, proof) and proof == ours.pop_prove(sk).to_bytes()


@pytest.mark.parametrize("variant", [MinPk, MinSig], ids=lambda v: v.name)
def test_blst_batch_of_their_signatures(variant):
    s = variant.PoP
    triples = []
    for sk, msg in _cases(6):
        k = int.from_bytes(sk.to_bytes(), "big")
        triples.append((_blst_pk(variant, k), msg, _blst_sign(variant, k, msg, s.dst)))
    assert s.batch_verify(triples)
    triples[2] = (triples[2][0], triples[2][1] + b"!", triples[2][2])
    assert s.find_invalid(triples) == [2]


# --------------------------------------------------------------------------
# blspy (chia): minimal-pubkey-size schemes


@pytest.mark.parametrize("name,peer", [("Basic", "BasicSchemeMPL"), ("Aug", "AugSchemeMPL"), ("PoP", "PopSchemeMPL")])
def test_blspy_sign_verify_both_ways(name, peer):
    ours, theirs = getattr(MinPk, name), getattr(blspy, peer)
    for sk, msg in _cases(2):
        bsk = blspy.PrivateKey.from_bytes(sk.to_bytes())
        pk = ours.sk_to_pk(sk)
        bpk = blspy.G1Element.from_bytes(pk.to_bytes())
        assert bytes(bsk.get_g1()) == pk.to_bytes()
        sig = ours.sign(sk, msg)
        assert theirs.verify(bpk, msg, blspy.G2Element.from_bytes(sig.to_bytes()))
        their_sig = bytes(theirs.sign(bsk, msg))
        assert their_sig == sig.to_bytes()
        assert ours.verify(pk, msg, their_sig)
    if name == "PoP":
        sk = SecretKey.random()
        bsk = blspy.PrivateKey.from_bytes(sk.to_bytes())
        assert bytes(theirs.pop_prove(bsk)) == ours.pop_prove(sk).to_bytes()
