"""Hashing to G1 of pybls.bls48_581 (expand_message_xmd over SHA-512, the
SvdW map, clearing by h) against RFC 9380's SHA-512 expander vectors and,
step by step (u0, u1, Q0, Q1, P), against the pure-Python reference of
bls48_reference.py, written separately from pybls._svdw_sha512."""

import hashlib
import json

import pytest
from reference import vectors_path

import bls48_reference as ref
from pybls import bls48_581, errors, hashing
from pybls.bls48_581 import G1, G2

RO = b"QUUX-V01-CS02-with-BLS48581G1_XMD:SHA-512_SVDW_RO_"
NU = b"QUUX-V01-CS02-with-BLS48581G1_XMD:SHA-512_SVDW_NU_"
# Short, empty, long messages; a DST over 255 bytes (hashed first).
CASES = [(b"", RO), (b"abc", RO), (b"a" * 300, RO), (b"q128_" + b"q" * 128, b"D" * 256)]


def test_expander_matches_rfc9380_sha512_vectors():
    with open(vectors_path() / "hash-to-curve" / "expand_message_xmd_SHA512_38.json") as f:
        v = json.load(f)
    for t in v["tests"]:
        out = hashing.expand_message_xmd_sha512(t["msg"].encode(), v["DST"].encode(), int(t["len_in_bytes"], 16))
        assert out.hex() == t["uniform_bytes"]


def test_expander_long_dst_and_lengths():
    long_dst = b"X" * 300
    short = hashlib.sha512(b"H2C-OVERSIZE-DST-" + long_dst).digest()
    for n in (0, 1, 64, 65, 16320):
        out = hashing.expand_message_xmd_sha512(b"m", long_dst, n)
        assert out == hashing.expand_message_xmd_sha512(b"m", short, n) == ref.expand_message_xmd_sha512(b"m", short, n)
    for n in (-1, 16321):
        with pytest.raises(errors.ArgumentError):
            hashing.expand_message_xmd_sha512(b"m", b"DST", n)


@pytest.mark.parametrize("msg,dst", CASES, ids=["empty", "abc", "long-msg", "long-dst"])
def test_hash_to_curve_step_by_step(msg, dst):
    want = ref.hash_to_curve_steps(msg, dst)
    u0, u1 = G1.hash_to_field(msg, dst, 2)
    assert (u0, u1) == (want["u0"], want["u1"])
    q0, q1 = G1.map_to_curve(u0), G1.map_to_curve(u1)
    assert (q0.to_affine(), q1.to_affine()) == (want["Q0"], want["Q1"])
    p = G1.hash_to_curve(msg, dst)
    assert p.to_affine() == want["P"]
    assert p == (q0 + q1).clear_cofactor() and p.in_subgroup()
    assert G1.from_bytes(p.to_bytes()) == p


@pytest.mark.parametrize("msg", [b"", b"abc"])
def test_encode_to_curve_step_by_step(msg):
    want = ref.encode_to_curve_steps(msg, NU)
    (u,) = G1.hash_to_field(msg, NU, 1)
    assert u == want["u"]
    assert G1.map_to_curve(u).to_affine() == want["Q"]
    assert G1.encode_to_curve(msg, NU).to_affine() == want["P"]


@pytest.mark.parametrize("u", [
    0, 1, ref.P - 1,
    pow(3, -1, ref.P), ref.P - pow(3, -1, ref.P),  # u^2 g(Z) = 1: tv1 tv2 = 0, inv0(0) = 0
    0x1D5C7E09B3A2F4E68C10 << 500,
])
def test_map_edge_cases(u):
    x, y = G1.map_to_curve(u).to_affine()
    assert (x, y) == ref.map_to_curve_svdw(u)


def test_hash_choices_and_limits():
    assert G1.hash_to_curve(b"m", RO) == G1.hash_to_curve(b"m", RO, hash="sha512")
    assert hashing.hash_to_field(b"m", RO, 3, G1) == G1.hash_to_field(b"m", RO, 3, hash="sha512")
    assert len(G1.hash_to_field(b"m", RO, 155)) == 155  # 16320 // 105
    for count in (0, 156):
        with pytest.raises(errors.ArgumentError):
            G1.hash_to_field(b"m", RO, count)
    with pytest.raises(NotImplementedError, match="hash_to_curve with hash='sha256' is not available for G1"):
        G1.hash_to_curve(b"m", RO, hash="sha256")
    with pytest.raises(NotImplementedError):
        G2.hash_to_curve(b"m", RO, hash="keccak256")
    with pytest.raises(ValueError):
        G1.hash_to_curve(b"m", RO, hash="md5")
    with pytest.raises(errors.NonCanonicalError):
        G1.map_to_curve(ref.P)
    with pytest.raises(TypeError):
        G1.hash_to_curve("text", RO)


def test_suites():
    assert bls48_581.HASH_SUITES == {"G1": "BLS48581G1_XMD:SHA-512_SVDW_RO_", "G2": "BLS48581G2_XMD:SHA-512_SVDW_RO_"}
    assert bls48_581._SVDW_Z == ref.SVDW_Z
