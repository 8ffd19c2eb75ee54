"""Hashing to the curve (RFC 9380) against the RFC's vectors, and end-to-end
known answers that depend on it: Ethereum signatures and drand beacons.

The public API is G1/G2.hash_to_curve and .encode_to_curve; the steps
(expand_message_xmd, hash_to_field, map_to_curve) are checked one by one
through the core's functions (pybls._lib), so that a failure says which
step is wrong.
"""

import glob
import hashlib
import json
import os

import pytest

import reference as ref
from pybls import G1, G2, _lib, errors, hash_to_field, hashing, pairing_product
from pybls.hashing import expand_message_xmd_keccak256
from pybls.points import FIELD_MODULUS

SUITES = {
    "G1_RO": ("BLS12381G1_XMD:SHA-256_SSWU_RO_", G1, True),
    "G1_NU": ("BLS12381G1_XMD:SHA-256_SSWU_NU_", G1, False),
    "G2_RO": ("BLS12381G2_XMD:SHA-256_SSWU_RO_", G2, True),
    "G2_NU": ("BLS12381G2_XMD:SHA-256_SSWU_NU_", G2, False),
}


def _load(name):
    with open(os.path.join(ref.vectors_path(), "hash-to-curve", name)) as f:
        return json.load(f)


def _suite_cases():
    out = []
    for key, (fname, group, ro) in sorted(SUITES.items()):
        try:
            d = _load(fname + ".json")
        except FileNotFoundError:
            continue
        for i, v in enumerate(d["vectors"]):
            out.append(pytest.param(group, ro, d["dst"].encode(), v, id=f"{key}-{i}"))
    return out


def _xmd_cases():
    out = []
    for name in ("expand_message_xmd_SHA256_38.json", "expand_message_xmd_SHA256_256.json"):
        try:
            d = _load(name)
        except FileNotFoundError:
            continue
        for i, t in enumerate(d["tests"]):
            out.append(pytest.param(d["DST"].encode(), t, id=f"{name[:-5]}-{i}"))
    return out


def _fp(s):
    """"0x.." -> int, or "0x..,0x.." -> (c0, c1)."""
    parts = [int(x, 16) for x in s.split(",")]
    return parts[0] if len(parts) == 1 else tuple(parts)


def _point_bytes(group, v):
    x, y = _fp(v["x"]), _fp(v["y"])
    if group is G1:
        return ref.encode_g1((x, y))
    return ref.encode_g2((x, y))


def _uncompressed(group, v):
    x, y = _fp(v["x"]), _fp(v["y"])
    return ref.encode_g1((x, y), False) if group is G1 else ref.encode_g2((x, y), False)


def test_vector_files_present(vectors_dir):
    assert len(_suite_cases()) == 20
    assert len(_xmd_cases()) == 20


# --------------------------------------------------------------------------
# the public API


@pytest.mark.parametrize("group,ro,dst,v", _suite_cases())
def test_hash_and_encode_to_curve(group, ro, dst, v):
    msg = v["msg"].encode()
    expected = _point_bytes(group, v["P"])
    fn = group.hash_to_curve if ro else group.encode_to_curve
    p = fn(msg, dst)
    assert type(p) is group
    assert p.to_bytes() == expected
    assert p.in_subgroup()
    # bytes-like arguments
    assert fn(bytearray(msg), memoryview(dst)) == p


@pytest.mark.parametrize("group,ro,dst,v", _suite_cases())
def test_hash_to_field_and_map_public(group, ro, dst, v):
    """The steps through the public methods: hash_to_field, and map_to_curve
    without cofactor clearing (the RFC's Q0, Q1)."""
    msg = v["msg"].encode()
    us = [_fp(u) for u in v["u"]]
    assert group.hash_to_field(msg, dst, len(us)) == us
    assert hash_to_field(msg, dst, len(us), group) == us
    qs = [group.map_to_curve(u) for u in us]
    for q, name in zip(qs, ["Q0", "Q1"] if ro else ["Q"]):
        assert q.to_bytes(compressed=False) == _uncompressed(group, v[name])
    total = qs[0] + qs[1] if ro else qs[0]
    assert total.clear_cofactor() == (group.hash_to_curve if ro else group.encode_to_curve)(msg, dst)


def test_hash_to_curve_keccak256_g1():
    """BLS12381G1_XMD:KECCAK-256_SSWU_RO_ / _NU_ (no published vectors):
    hash_to_field is expand_message_xmd over Keccak-256 (tested against
    vectors elsewhere) cut into 64-byte integers mod p, and the points are
    the cleared sums of the maps of its elements."""
    dst = b"QUUX-V01-CS02-with-BLS12381G1_XMD:KECCAK-256_SSWU_RO_"
    p = FIELD_MODULUS
    for msg in (b"", b"abc", b"a" * 300):
        uniform = expand_message_xmd_keccak256(msg, dst, 3 * 64)
        us = [int.from_bytes(uniform[i : i + 64], "big") % p for i in range(0, 3 * 64, 64)]
        assert G1.hash_to_field(msg, dst, 3, hash="keccak256") == us
        u0, u1 = G1.hash_to_field(msg, dst, 2, hash="keccak256")
        h = G1.hash_to_curve(msg, dst, hash="keccak256")
        assert h == (G1.map_to_curve(u0) + G1.map_to_curve(u1)).clear_cofactor()
        assert h.in_subgroup() and h != G1.hash_to_curve(msg, dst)
        (u,) = G1.hash_to_field(msg, dst, 1, hash="keccak256")
        assert G1.encode_to_curve(msg, dst, hash="keccak256") == G1.map_to_curve(u).clear_cofactor()
    for call in (
        lambda: G2.hash_to_curve(b"", dst, hash="keccak256"),
        lambda: G2.hash_to_field(b"", dst, 1, hash="keccak256"),
    ):
        with pytest.raises(NotImplementedError, match="BLS12-381"):
            call()


def test_hash_to_field_limits():
    from pybls.errors import ArgumentError

    for group, limit in ((G1, 127), (G2, 63)):
        assert len(group.hash_to_field(b"", b"DST", limit)) == limit
        for bad in (0, limit + 1):
            with pytest.raises(ArgumentError):
                group.hash_to_field(b"", b"DST", bad)
            with pytest.raises(ArgumentError):
                hash_to_field(b"", b"DST", bad, group)


def test_hash_to_curve_types():
    dst = b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_"
    for group in (G1, G2):
        for bad_msg, bad_dst in (("abc", dst), (b"abc", dst.decode()), (None, dst), (b"abc", None), (5, dst)):
            with pytest.raises(TypeError):
                group.hash_to_curve(bad_msg, bad_dst)
            with pytest.raises(TypeError):
                group.encode_to_curve(bad_msg, bad_dst)
        # RFC 9380, 3.1: tags must have nonzero length
        for call in (group.hash_to_curve, group.encode_to_curve, lambda m, d: group.hash_to_field(m, d, 2)):
            with pytest.raises(errors.ArgumentError, match="must not be empty"):
                call(b"abc", b"")
    for expand in (hashing.expand_message_xmd, hashing.expand_message_xmd_keccak256, hashing.expand_message_xmd_sha512):
        with pytest.raises(errors.ArgumentError, match="must not be empty"):
            expand(b"abc", b"", 32)


def test_hash_to_curve_distinct():
    dst = b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_"
    for group in (G1, G2):
        a = group.hash_to_curve(b"a", dst)
        assert a != group.hash_to_curve(b"b", dst)
        assert a != group.hash_to_curve(b"a", dst + b"x")
        assert a != group.encode_to_curve(b"a", dst)


# --------------------------------------------------------------------------
# the steps, through the core


@pytest.mark.parametrize("dst,t", _xmd_cases())
def test_expand_message_xmd(dst, t):
    msg = t["msg"].encode()
    n = int(t["len_in_bytes"], 16)
    out = _lib.expand_message_xmd(n, msg, len(msg), dst, len(dst))
    assert out.hex() == t["uniform_bytes"]


def test_expand_message_xmd_limits():
    from pybls.errors import PyblsError

    dst = b"QUUX-V01-CS02-with-expander-SHA256-128"
    assert len(_lib.expand_message_xmd(8160, b"", 0, dst, len(dst))) == 8160
    with pytest.raises(PyblsError):
        _lib.expand_message_xmd(8161, b"", 0, dst, len(dst))


def _fp_ints(internal, m):
    """Internal Fp / Fp2 elements -> ints / (c0, c1) pairs."""
    vals = [
        int.from_bytes(_lib.fp_to_bytes(internal[i : i + 48]), "big")
        for i in range(0, len(internal), 48)
    ]
    if m == 1:
        return vals
    return [tuple(vals[i : i + 2]) for i in range(0, len(vals), 2)]


@pytest.mark.parametrize("group,ro,dst,v", _suite_cases())
def test_hash_to_field_and_map(group, ro, dst, v):
    msg = v["msg"].encode()
    us = [_fp(u) for u in v["u"]]
    count = len(us)
    if group is G1:
        internal = _lib.hash_to_field_fp(count, msg, len(msg), dst, len(dst))
        assert _fp_ints(internal, 1) == us
        size, map_fn, serialize = 48, _lib.g1_map_to_curve, _lib.g1_serialize
    else:
        internal = _lib.hash_to_field_fp2(count, msg, len(msg), dst, len(dst))
        assert _fp_ints(internal, 2) == us
        size, map_fn, serialize = 96, _lib.g2_map_to_curve, _lib.g2_serialize
    qs = ["Q0", "Q1"] if ro else ["Q"]
    for i, name in enumerate(qs):
        q = map_fn(internal[i * size : (i + 1) * size])
        assert serialize(q) == _uncompressed(group, v[name])


# --------------------------------------------------------------------------
# end-to-end known answers


def test_eth_hash_to_g2(vectors_dir):
    dst = b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_"
    paths = sorted(glob.glob(os.path.join(vectors_dir, "eth-bls", "bls", "hash_to_G2", "*.json")))
    assert len(paths) == 4
    for path in paths:
        with open(path) as f:
            d = json.load(f)
        p = G2.hash_to_curve(d["input"]["msg"].encode(), dst)
        assert p.to_bytes() == _point_bytes(G2, d["output"])


def test_eth_sign_vectors(vectors_dir):
    """sig = sk * H(m), with the proof-of-possession scheme's DST."""
    dst = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"
    paths = sorted(glob.glob(os.path.join(vectors_dir, "eth-bls", "bls", "sign", "*.json")))
    checked = 0
    for path in paths:
        with open(path) as f:
            d = json.load(f)
        if d["output"] is None:
            continue  # the zero key is invalid
        sk = int(d["input"]["privkey"], 16)
        h = G2.hash_to_curve(bytes.fromhex(d["input"]["message"][2:]), dst)
        assert (h * sk).to_bytes().hex() == d["output"][2:]
        checked += 1
    assert checked == 9


def _beacons(vectors_dir):
    with open(vectors_dir / "drand" / "beacons.json") as f:
        d = json.load(f)
    return d["chains"], d["schemes"], d["beacons"]


@pytest.mark.parametrize("chain", ["quicknet", "default"])
def test_drand_beacons(vectors_dir, chain):
    """Real drand beacons verify: e(H(M), pk) == e(sig, G2) for signatures on
    G1 (quicknet), e(pk, H(M)) == e(G1, sig) for signatures on G2."""
    chains, schemes, beacons = _beacons(vectors_dir)
    info = chains[chain]
    scheme = schemes[info["schemeID"]]
    dst = scheme["dst"].encode()
    mine = [b for b in beacons if b["chain"] == chain][:3]
    assert mine
    for b in mine:
        sig = bytes.fromhex(b["signature"])
        assert hashlib.sha256(sig).hexdigest() == b["randomness"]
        msg = bytes.fromhex(b["message"])
        if scheme["signature_group"] == "G1":
            pk = G2.from_bytes(bytes.fromhex(info["public_key"]))
            h = G1.hash_to_curve(msg, dst)
            s = G1.from_bytes(sig)
            assert pairing_product([(h, pk), (-s, G2.generator())]).is_one()
            # another round's message does not verify
            h2 = G1.hash_to_curve(hashlib.sha256(b"x" + msg).digest(), dst)
            assert not pairing_product([(h2, pk), (-s, G2.generator())]).is_one()
        else:
            pk = G1.from_bytes(bytes.fromhex(info["public_key"]))
            h = G2.hash_to_curve(msg, dst)
            s = G2.from_bytes(sig)
            assert pairing_product([(pk, h), (-G1.generator(), s)]).is_one()
            h2 = G2.hash_to_curve(hashlib.sha256(b"x" + msg).digest(), dst)
            assert not pairing_product([(pk, h2), (-G1.generator(), s)]).is_one()
