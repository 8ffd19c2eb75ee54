"""EIP-2333 key derivation and EIP-2334 paths.

Vectors: the four "Test Case 0-3" of EIP-2333 (tree_kdf.json) and the
intermediate Lamport values of staking-deposit-cli (tree_kdf_intermediate.json).
The derivation is hashlib.sha256 and hmac (through pybls.aead's HKDF) and
the core's reduction modulo r (through pybls.sig's KeyGen); these tests
are cheap and run in every pass, Pyodide included, where it matters that
nothing else from hashlib (pbkdf2_hmac, scrypt) is needed.
"""

import hashlib
import json

import pytest

from pybls import eip2333
from pybls.eip2333 import (
    CURVE_ORDER,
    derive_child_SK,
    derive_master_SK,
    derive_SK_from_path,
    hkdf_mod_r,
    parent_SK_to_lamport_PK,
    path_to_indices,
)

R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001


@pytest.fixture(scope="module")
def tree_kdf(vectors_dir):
    with open(vectors_dir / "eip2333" / "tree_kdf.json") as f:
        cases = json.load(f)["kdf_tests"]
    assert len(cases) == 4
    return cases


@pytest.fixture(scope="module")
def intermediate(vectors_dir):
    with open(vectors_dir / "eip2333" / "tree_kdf_intermediate.json") as f:
        return json.load(f)


def test_curve_order():
    assert CURVE_ORDER == R


def test_master_and_child(tree_kdf):
    for case in tree_kdf:
        seed = bytes.fromhex(case["seed"])
        master = derive_master_SK(seed)
        assert master == case["master_SK"]
        assert derive_child_SK(master, case["child_index"]) == case["child_SK"]
        assert derive_SK_from_path(seed, f"m/{case['child_index']}") == case["child_SK"]


def test_seed_types(tree_kdf):
    case = tree_kdf[0]
    seed = bytes.fromhex(case["seed"])
    assert derive_master_SK(bytearray(seed)) == case["master_SK"]
    assert derive_master_SK(memoryview(seed)) == case["master_SK"]


def test_intermediate_lamport_values(intermediate):
    v = intermediate
    seed = bytes.fromhex(v["seed"])
    master = derive_master_SK(seed)
    assert master == v["master_SK"]
    index = v["child_index"]
    lamport_0, lamport_1 = eip2333._lamport_intermediates(master, index)
    assert len(lamport_0) == len(lamport_1) == 255
    assert [c.hex() for c in lamport_0] == v["lamport_0"]
    assert [c.hex() for c in lamport_1] == v["lamport_1"]
    compressed = parent_SK_to_lamport_PK(master, index)
    assert compressed.hex() == v["compressed_lamport_PK"]
    # the compressed key is the hash of the hashes of all 510 chunks
    pk = b"".join(hashlib.sha256(c).digest() for c in lamport_0 + lamport_1)
    assert hashlib.sha256(pk).digest() == compressed
    assert hkdf_mod_r(compressed) == v["child_SK"]
    assert derive_child_SK(master, index) == v["child_SK"]
    assert path_to_indices(v["path"]) == [index]
    assert derive_SK_from_path(seed, v["path"]) == v["child_SK"]


def test_hkdf_mod_r_is_draft_keygen():
    # Independent restatement of KeyGen (IETF BLS draft v4+) with key_info.
    import hmac

    ikm, info = bytes(range(32)), b"key info"
    salt = hashlib.sha256(b"BLS-SIG-KEYGEN-SALT-").digest()
    prk = hmac.new(salt, ikm + b"\x00", hashlib.sha256).digest()
    t1 = hmac.new(prk, info + b"\x00\x30" + b"\x01", hashlib.sha256).digest()
    t2 = hmac.new(prk, t1 + info + b"\x00\x30" + b"\x02", hashlib.sha256).digest()
    expected = int.from_bytes((t1 + t2)[:48], "big") % R
    assert hkdf_mod_r(ikm, info) == expected
    assert 0 < hkdf_mod_r(b"") < R


def test_hkdf_mod_r_argument_types():
    # HKDF_mod_r concatenates its arguments with bytes, as py_ecc's KeyGen
    # does: bytearrays work, other types (memoryview included) are TypeErrors.
    ikm = bytes(range(32))
    assert hkdf_mod_r(bytearray(ikm), bytearray(b"info")) == hkdf_mod_r(ikm, b"info")
    for bad in (None, "text", 12345, [1, 2, 3], memoryview(ikm)):
        with pytest.raises(TypeError):
            hkdf_mod_r(bad)
        with pytest.raises(TypeError):
            hkdf_mod_r(ikm, bad)


def test_path_derivation_composes(tree_kdf):
    seed = bytes.fromhex(tree_kdf[1]["seed"])
    sk = derive_master_SK(seed)
    assert derive_SK_from_path(seed, "m") == sk
    for index in (12381, 3600, 0, 0, 0):
        sk = derive_child_SK(sk, index)
    assert derive_SK_from_path(seed, "m/12381/3600/0/0/0") == sk
    assert 0 < sk < R
    # siblings and the withdrawal key differ
    assert derive_SK_from_path(seed, "m/12381/3600/0/0") != sk
    assert derive_SK_from_path(seed, "m/12381/3600/1/0/0") != sk


def test_child_index_bounds():
    assert derive_child_SK(1, 0) != derive_child_SK(1, 2**32 - 1)
    for bad in (-1, 2**32, 2**64):
        with pytest.raises(ValueError, match="uint32"):
            derive_child_SK(1, bad)
    for bad in (1.0, "0", None, True):
        with pytest.raises(TypeError):
            derive_child_SK(1, bad)


def test_parent_sk_checks():
    assert 0 < derive_child_SK(0, 0) < R  # zero is a valid 32-byte IKM
    assert 0 < derive_child_SK(R - 1, 0) < R
    for bad in (-1, R, 2**256):
        with pytest.raises(ValueError, match=r"\[0, r\)") as info:
            derive_child_SK(bad, 0)
        assert str(bad) not in str(info.value)  # never echo a secret
    for bad in (b"\x01" * 32, 1.5, None):
        with pytest.raises(TypeError):
            derive_child_SK(bad, 0)


def test_short_seed():
    derive_master_SK(bytes(32))
    for n in (0, 1, 16, 31):
        with pytest.raises(ValueError, match="at least 32 bytes"):
            derive_master_SK(bytes(n))
        with pytest.raises(ValueError, match="at least 32 bytes"):
            derive_SK_from_path(bytes(n), "m/0")
    for bad in ("00" * 32, None, 12345, [0] * 32):
        with pytest.raises(TypeError):
            derive_master_SK(bad)


@pytest.mark.parametrize(
    "path, indices",
    [
        ("m", []),
        ("m/0", [0]),
        ("m/12381/3600/0/0/0", [12381, 3600, 0, 0, 0]),
        ("m/12381/3600/42/0", [12381, 3600, 42, 0]),
        ("m/4294967295", [2**32 - 1]),
    ],
)
def test_valid_paths(path, indices):
    assert path_to_indices(path) == indices


@pytest.mark.parametrize(
    "path, reason",
    [
        ("", "must start with 'm'"),
        ("M/0", "must start with 'm'"),
        ("/0", "must start with 'm'"),
        ("0/1", "must start with 'm'"),
        (" m/0", "must start with 'm'"),
        ("m/", "component 1 is empty"),
        ("m//0", "component 1 is empty"),
        ("m/0/", "component 2 is empty"),
        ("m/12381'", "hardened"),
        ("m/12381h", "hardened"),
        ("m/-1", "not a decimal index"),
        ("m/+1", "not a decimal index"),
        ("m/ 1", "not a decimal index"),
        ("m/1 ", "not a decimal index"),
        ("m/0x10", "not a decimal index"),
        ("m/1.0", "not a decimal index"),
        ("m/\u0661", "not a decimal index"),  # a non-ASCII digit
        ("m/4294967296", "not below 2\\*\\*32"),
    ],
)
def test_invalid_paths(path, reason):
    with pytest.raises(ValueError, match=reason):
        path_to_indices(path)
    with pytest.raises(ValueError, match=reason):
        derive_SK_from_path(bytes(32), path)


def test_path_type():
    with pytest.raises(TypeError):
        path_to_indices(b"m/0")


def test_secret_key_from_path(tree_kdf):
    from pybls.sig import MinPk

    case = tree_kdf[3]
    seed = bytes.fromhex(case["seed"])
    sk = eip2333.secret_key_from_path(seed, f"m/{case['child_index']}")
    assert sk.to_bytes() == case["child_SK"].to_bytes(32, "big")
    assert str(case["child_SK"]) not in repr(sk)
    sig = MinPk.PoP.sign(sk, b"msg")
    assert MinPk.PoP.verify(MinPk.PoP.sk_to_pk(sk), b"msg", sig)
    default = eip2333.secret_key_from_path(seed)
    assert default.to_bytes() == derive_SK_from_path(seed, "m/12381/3600/0/0/0").to_bytes(32, "big")
    with pytest.raises(ValueError, match="must start with 'm'"):
        eip2333.secret_key_from_path(seed, "0/1")
