"""drand's BN254 chains (scheme bls-bn254-unchained-on-g1, evmnet):
beacons from drand's own tests and drand-client's (the real evmnet chain),
and two test chains of noble-bn254-drand, verified through pybls.drand and
pybls.sig.bn254; flipped ones must fail."""

import json
import struct

import pytest

from pybls import drand, errors
from pybls.hashing import keccak256
from pybls.sig import SecretKey
from pybls.sig.bn254 import BN254PublicKey, MinSigBN254


def _flip(hex_sig):
    raw = bytearray(bytes.fromhex(hex_sig))
    raw[-1] ^= 1
    return bytes(raw)


def test_evmnet_and_drand_test_beacons(vectors_dir):
    data = json.loads((vectors_dir / "drand" / "evmnet_bn254_beacons.json").read_text())
    assert data["scheme"]["dst"].encode() == MinSigBN254.Basic.dst
    evmnet = drand.CHAINS["evmnet"]
    checked = 0
    for b in data["beacons"]:
        pk, sig = bytes.fromhex(b["public_key"]), bytes.fromhex(b["signature"])
        msg = keccak256(struct.pack(">Q", b["round"]))
        assert MinSigBN254.Basic.verify(pk, msg, sig)
        assert not MinSigBN254.Basic.verify(pk, msg, _flip(b["signature"]))
        assert not MinSigBN254.Basic.verify(pk, keccak256(struct.pack(">Q", b["round"] + 1)), sig)
        if b.get("chain") == "evmnet":
            assert drand.Chain.from_info(b["chain_info"]) == evmnet
            assert evmnet.public_key == pk
            assert drand.verify_beacon(evmnet, b["round"], sig)
            assert not drand.verify_beacon(evmnet, b["round"] + 1, sig)
            assert not drand.verify_beacon(evmnet, b["round"], _flip(b["signature"]))
            assert drand.randomness(sig).hex() == b["randomness"]
            checked += 1
    assert checked == 1


def test_noble_and_bls_bn254_beacons(vectors_dir):
    # A chain with its drand info (noble-bn254-drand), and a group key with
    # its beacons only (bls-bn254), whose deployment spelt the tag ..._SSWU_...
    # for the same SvdW map.
    data = json.loads((vectors_dir / "bn254" / "drand_bn254_beacons_extra.json").read_text())
    total = 0
    for chain_set in data["sets"]:
        scheme = MinSigBN254.Basic.with_dst(chain_set["dst"].encode())
        chain = drand.Chain.from_info(chain_set["chain_info"]) if "chain_info" in chain_set else None
        pk = bytes.fromhex(chain_set["chain_info"]["public_key"] if chain else chain_set["public_key"])
        for b in chain_set["beacons"]:
            msg = keccak256(struct.pack(">Q", b["round"]))
            assert scheme.verify(pk, msg, bytes.fromhex(b["signature"]))
            assert not scheme.verify(pk, msg, _flip(b["signature"]))
            if chain is not None:
                assert drand.verify_beacon(chain, b["round"], b["signature"])
                assert not drand.verify_beacon(chain, b["round"], _flip(b["signature"]))
            if "randomness" in b:
                assert drand.randomness(b["signature"]).hex() == b["randomness"]
            total += 1
    assert total == 11


def test_sign_and_verify_round_trip():
    sk = SecretKey.from_bytes(bytes(31) + b"\x07")
    for scheme in (MinSigBN254.Basic, MinSigBN254.SHA256):
        pk = scheme.sk_to_pk(sk)
        sig = scheme.sign(sk, b"round")
        assert scheme.verify(pk, b"round", sig) and scheme.verify(pk.to_bytes(), b"round", sig.to_bytes())
        assert not scheme.verify(pk, b"other", sig)
        assert not scheme.with_dst(b"ANOTHER-TAG").verify(pk, b"round", sig)
    # The two hashes give different signatures of the same message.
    assert MinSigBN254.Basic.sign(sk, b"m") != MinSigBN254.SHA256.sign(sk, b"m")
    with pytest.raises(errors.InvalidKeyError):
        BN254PublicKey.from_bytes(bytes(128))  # the identity is no public key
    with pytest.raises(TypeError):
        MinSigBN254.Basic.sign(b"\x01" * 32, b"m")


def test_local_evm_beacon():
    beacon = drand.LocalBeacon("bls-bn254-unchained-on-g1", period=3, genesis_time=0)
    r = beacon.current_round()
    sig = beacon.signature(r)
    assert len(sig) == 64 and drand.verify_beacon(beacon.chain, r, sig)
    assert not drand.verify_beacon(beacon.chain, r - 1, sig)
