"""pybls.compat.py_ecc on its own: Ethereum's BLS vectors and py_ecc's rules.

These tests need no py_ecc (they also run under Pyodide); the side-by-side
comparison with py_ecc itself is in test_xref_compat_py_ecc.py.
"""

import glob
import json
import os

import pytest

from pybls import G1, G2, Scalar
from pybls.compat import py_ecc as compat
from pybls.compat.py_ecc import (
    G2Basic,
    G2MessageAugmentation,
    G2ProofOfPossession,
    ValidationError,
)

R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
SUITES = [G2Basic, G2MessageAugmentation, G2ProofOfPossession]
G1_INF = b"\xc0" + bytes(47)
G2_INF = b"\xc0" + bytes(95)


def _hex(s):
    return bytes.fromhex(s[2:] if s.startswith("0x") else s)


def _cases(vectors_dir, handler):
    paths = sorted(glob.glob(os.path.join(vectors_dir, "eth-bls", "bls", handler, "*.json")))
    assert paths, f"no {handler} vectors"
    out = []
    for path in paths:
        with open(path) as f:
            out.append((os.path.basename(path), json.load(f)))
    return out


# --------------------------------------------------------------------------
# Ethereum consensus vectors (G2ProofOfPossession)

bls = G2ProofOfPossession


def test_eth_sign(vectors_dir):
    for name, case in _cases(vectors_dir, "sign"):
        sk = int.from_bytes(_hex(case["input"]["privkey"]), "big")
        msg = _hex(case["input"]["message"])
        if case["output"] is None:
            with pytest.raises(ValidationError):
                bls.Sign(sk, msg)
        else:
            sig = bls.Sign(sk, msg)
            assert type(sig) is bytes and sig == _hex(case["output"]), name
            assert bls.Verify(bls.SkToPk(sk), msg, sig), name


def test_eth_verify(vectors_dir):
    for name, case in _cases(vectors_dir, "verify"):
        i = case["input"]
        result = bls.Verify(_hex(i["pubkey"]), _hex(i["message"]), _hex(i["signature"]))
        assert result is case["output"], name


def test_eth_aggregate(vectors_dir):
    for name, case in _cases(vectors_dir, "aggregate"):
        sigs = [_hex(s) for s in case["input"]]
        if case["output"] is None:
            with pytest.raises(ValidationError):
                bls.Aggregate(sigs)
        else:
            assert bls.Aggregate(sigs) == _hex(case["output"]), name


def test_eth_aggregate_verify(vectors_dir):
    for name, case in _cases(vectors_dir, "aggregate_verify"):
        i = case["input"]
        pks = [_hex(p) for p in i["pubkeys"]]
        msgs = [_hex(m) for m in i["messages"]]
        assert bls.AggregateVerify(pks, msgs, _hex(i["signature"])) is case["output"], name


def test_eth_fast_aggregate_verify(vectors_dir):
    for name, case in _cases(vectors_dir, "fast_aggregate_verify"):
        i = case["input"]
        pks = [_hex(p) for p in i["pubkeys"]]
        result = bls.FastAggregateVerify(pks, _hex(i["message"]), _hex(i["signature"]))
        assert result is case["output"], name


def test_eth_deserialization_as_key_validate(vectors_dir):
    # KeyValidate accepts exactly the G1 encodings that decode, minus infinity.
    for name, case in _cases(vectors_dir, "deserialization_G1"):
        pk = _hex(case["input"]["pubkey"])
        expected = case["output"] and pk != G1_INF
        assert bls.KeyValidate(pk) is expected, name


# --------------------------------------------------------------------------
# API shape


def test_attributes():
    assert G2Basic.DST == b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_"
    assert G2MessageAugmentation.DST == b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_"
    assert G2ProofOfPossession.DST == b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"
    assert G2ProofOfPossession.POP_TAG == b"BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"
    for suite in SUITES:
        assert issubclass(suite, compat.BaseG2Ciphersuite)
    assert not hasattr(G2Basic, "PopProve") and not hasattr(G2Basic, "FastAggregateVerify")
    with pytest.raises(TypeError):
        compat.BaseG2Ciphersuite()  # abstract, as in py_ecc


@pytest.mark.parametrize("suite", SUITES, ids=lambda s: s.__name__)
def test_roundtrip(suite):
    sks = [suite.KeyGen(bytes([i]) * 32) for i in range(1, 4)]
    assert all(type(sk) is int and 0 < sk < R for sk in sks)
    pks = [suite.SkToPk(sk) for sk in sks]
    assert all(type(pk) is bytes and len(pk) == 48 for pk in pks)
    assert pks[0] == (G1.generator() * sks[0]).to_bytes()
    msgs = [b"a", b"b", b"c"]
    sigs = [suite.Sign(sk, m) for sk, m in zip(sks, msgs)]
    assert all(type(s) is bytes and len(s) == 96 for s in sigs)
    assert all(suite.Verify(pk, m, s) for pk, m, s in zip(pks, msgs, sigs))
    assert not suite.Verify(pks[1], msgs[0], sigs[0])
    agg = suite.Aggregate(sigs)
    assert suite.AggregateVerify(pks, msgs, agg)
    assert not suite.AggregateVerify(pks, msgs[::-1], agg)
    assert not suite.AggregateVerify(pks[:2], msgs[:2], agg)


def test_scheme_specifics():
    sk = G2Basic.KeyGen(b"\x07" * 32)
    pk = G2Basic.SkToPk(sk)
    h = G2.hash_to_curve(b"m", G2Basic.DST)
    assert G2Basic.Sign(sk, b"m") == (h * Scalar(sk)).to_bytes()
    h_aug = G2.hash_to_curve(pk + b"m", G2MessageAugmentation.DST)
    assert G2MessageAugmentation.Sign(sk, b"m") == (h_aug * Scalar(sk)).to_bytes()
    # Basic refuses duplicate messages, even with a correct aggregate
    sig = G2Basic.Sign(sk, b"m")
    assert G2ProofOfPossession.AggregateVerify([pk, pk], [b"m", b"m"], G2ProofOfPossession.Aggregate(
        [G2ProofOfPossession.Sign(sk, b"m")] * 2))
    assert not G2Basic.AggregateVerify([pk, pk], [b"m", b"m"], G2Basic.Aggregate([sig, sig]))
    # proofs of possession
    proof = G2ProofOfPossession.PopProve(sk)
    assert G2ProofOfPossession.PopVerify(pk, proof)
    assert not G2ProofOfPossession.PopVerify(G2Basic.SkToPk(sk + 1), proof)
    assert not G2ProofOfPossession.Verify(pk, pk, proof)  # different DST
    assert G2ProofOfPossession._AggregatePKs([pk, pk]) == (G1.generator() * (2 * sk)).to_bytes()


@pytest.mark.parametrize("suite", SUITES, ids=lambda s: s.__name__)
@pytest.mark.parametrize("sk", [0, -1, R, R + 1, 2**256, 1.0, "1", None, b"\x01"])
def test_bad_secret_keys(suite, sk):
    with pytest.raises(ValidationError):
        suite.SkToPk(sk)
    with pytest.raises(ValidationError):
        suite.Sign(sk, b"msg")
    if suite is G2ProofOfPossession:
        with pytest.raises(ValidationError):
            suite.PopProve(sk)


def test_bad_inputs_return_false():
    sk = bls.KeyGen(b"\x05" * 32)
    pk, sig = bls.SkToPk(sk), bls.Sign(sk, b"m")
    # a curve point outside the subgroup
    off_subgroup = None
    x = 4
    while off_subgroup is None:
        try:
            P = G1.from_affine(x, _sqrt_p(x**3 + 4), subgroup_check=False)
        except ValueError:
            x += 1
            continue
        if not P.in_subgroup():
            off_subgroup = P.to_bytes()
        x += 1
    bad_pks = [G1_INF, pk[:-1], pk + b"\x00", bytearray(pk), b"\x80" + bytes(47), off_subgroup, b""]
    for bad in bad_pks:
        assert bls.Verify(bad, b"m", sig) is False
        assert bls.FastAggregateVerify([pk, bad], b"m", sig) is False
        assert bls.AggregateVerify([bad], [b"m"], sig) is False
    for bad in (G1_INF, pk[:-1], b"\x80" + bytes(47), off_subgroup, b""):
        assert bls.KeyValidate(bad) is False
    bad_sigs = [G2_INF, sig[:-1], sig + b"\x00", bytearray(sig), b"\x80" + bytes(95)]
    for bad in bad_sigs:
        assert bls.Verify(pk, b"m", bad) is False
        assert bls.FastAggregateVerify([pk], b"m", bad) is False
        assert bls.AggregateVerify([pk], [b"m"], bad) is False
    assert bls.Verify(pk, bytearray(b"m"), sig) is False
    assert bls.FastAggregateVerify([], b"m", sig) is False
    assert bls.AggregateVerify([], [], sig) is False
    assert bls.AggregateVerify([pk], [b"m", b"m"], sig) is False
    with pytest.raises(ValidationError):
        bls.Aggregate([])
    with pytest.raises(ValidationError):
        bls.Aggregate([sig, sig[:-1]])
    with pytest.raises(ValueError):
        bls.Aggregate([b"\x80" + bytes(95)])
    with pytest.raises(ValidationError):
        bls._AggregatePKs([])
    with pytest.raises(ValueError):
        bls._AggregatePKs([b"\x00" * 48])


def test_py_ecc_decoding_quirks():
    pk = bls.SkToPk(12345)
    # py_ecc reads keys of any length as integers and uses their low 384 bits
    assert bls.KeyValidate(b"\x00" + pk) and bls.KeyValidate(b"\xff" + pk)
    assert not bls.Verify(b"\x00" + pk, b"m", bls.Sign(12345, b"m"))  # Verify checks the length
    # x = 0 is a curve point (y = 2), but py_ecc reads it as infinity
    zero_x = bytes([0x80]) + bytes(47)
    with pytest.raises(ValueError):
        bls._AggregatePKs([zero_x])
    assert G1.from_bytes(zero_x, subgroup_check=False).to_affine()[0] == 0
    # Aggregate does not check the subgroup of its inputs
    P = G2.from_bytes(G2.hash_to_curve(b"x", b"T").to_bytes())
    assert bls.Aggregate([P.to_bytes()]) == P.to_bytes()


def _sqrt_p(a):
    p = 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB
    a %= p
    y = pow(a, (p + 1) // 4, p)
    if y * y % p != a:
        raise ValueError("not a square")
    return y
