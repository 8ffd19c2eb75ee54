"""pybls.sig against every Ethereum BLS test vector (ethereum/bls12-381-tests):
Ethereum uses the minimal-pubkey-size variant with the proof-of-possession
ciphersuite, so these exercise ``pybls.sig.MinPk.PoP``."""

import glob
import json
import os

import pytest

from pybls import errors
from pybls.sig import MinPk, SecretKey

bls = MinPk.PoP

HANDLERS = ["sign", "verify", "aggregate", "aggregate_verify", "fast_aggregate_verify", "batch_verify"]
EXPECTED_COUNTS = {"sign": 10, "verify": 29, "aggregate": 6, "aggregate_verify": 5,
                   "fast_aggregate_verify": 12, "batch_verify": 4}


def _cases(vectors_dir, handler):
    paths = sorted(glob.glob(os.path.join(vectors_dir, "eth-bls", "bls", handler, "*.json")))
    out = []
    for p in paths:
        with open(p) as f:
            out.append((os.path.basename(p), json.load(f)))
    return out


def _b(h):
    return bytes.fromhex(h[2:] if h.startswith("0x") else h)


def test_vector_counts(vectors_dir):
    for handler, n in EXPECTED_COUNTS.items():
        assert len(_cases(vectors_dir, handler)) == n, handler


def test_sign(vectors_dir):
    for name, case in _cases(vectors_dir, "sign"):
        inp, out = case["input"], case["output"]
        msg = _b(inp["message"])
        if out is None:
            # the only invalid input is the zero secret key
            with pytest.raises(errors.InvalidKeyError):
                bls.sign(SecretKey.from_bytes(_b(inp["privkey"])), msg)
            continue
        sk = SecretKey.from_bytes(_b(inp["privkey"]))
        sig = bls.sign(sk, msg)
        assert sig.to_bytes() == _b(out), name
        assert bls.verify(bls.sk_to_pk(sk), msg, sig), name


def test_verify(vectors_dir):
    seen = {True: 0, False: 0}
    for name, case in _cases(vectors_dir, "verify"):
        inp = case["input"]
        got = bls.verify(_b(inp["pubkey"]), _b(inp["message"]), _b(inp["signature"]))
        assert got is case["output"], name
        seen[got] += 1
    assert seen[True] and seen[False]


def test_aggregate(vectors_dir):
    for name, case in _cases(vectors_dir, "aggregate"):
        sigs = [_b(s) for s in case["input"]]
        if case["output"] is None:
            with pytest.raises(ValueError):
                bls.aggregate(sigs)
            continue
        assert bls.aggregate(sigs).to_bytes() == _b(case["output"]), name


def test_aggregate_verify(vectors_dir):
    for name, case in _cases(vectors_dir, "aggregate_verify"):
        inp = case["input"]
        got = bls.aggregate_verify([_b(p) for p in inp["pubkeys"]], [_b(m) for m in inp["messages"]],
                                   _b(inp["signature"]))
        assert got is case["output"], name


def test_fast_aggregate_verify(vectors_dir):
    for name, case in _cases(vectors_dir, "fast_aggregate_verify"):
        inp = case["input"]
        got = bls.fast_aggregate_verify([_b(p) for p in inp["pubkeys"]], _b(inp["message"]), _b(inp["signature"]))
        assert got is case["output"], name


def test_batch_verify(vectors_dir):
    for name, case in _cases(vectors_dir, "batch_verify"):
        inp = case["input"]
        triples = list(zip([_b(p) for p in inp["pubkeys"]], [_b(m) for m in inp["messages"]],
                           [_b(s) for s in inp["signatures"]]))
        assert bls.batch_verify(triples) is case["output"], name
        bad = bls.find_invalid(triples)
        assert (bad == []) is case["output"], name
        # every index find_invalid reports fails on its own, every other verifies
        for i, (pk, msg, sig) in enumerate(triples):
            assert bls.verify(pk, msg, sig) is (i not in bad), (name, i)
