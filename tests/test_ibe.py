"""Boneh–Franklin IBE (pybls.ibe).

* drand/kyber compatibility: the GT serialization and H2 of tlock-js's
  vectors; the IBE layer of the decryptable tlock vectors (quicknet and
  fastnet) decrypts with the round's beacon signature, every intermediate
  value (Qid, e(sig, U), H2, sigma, H4, r = H3) matches, and encrypting
  again with the vector's sigma gives back the vector's U, V, W;
* H3 against an independent transcription of its definition;
* round trips in both orientations, for identities of many lengths and
  messages from 0 bytes to 1 MB;
* every tamper case, wrong keys and keys for other identities raise
  DecryptionError; bad arguments raise named errors; secrets stay hidden.
"""

import hashlib
import json
import os
import pickle
import sys

import pytest

from pybls import G1, G2, GT, errors, ibe, pairing
from reference import R

# At 32-bit limbs this module runs in the Pyodide pass (tests/conftest.py).
pytestmark = pytest.mark.scheme

IN_PYODIDE = sys.platform == "emscripten"


@pytest.fixture(scope="module")
def tlock(vectors_dir):
    with open(vectors_dir / "drand" / "tlock_vectors.json", encoding="utf-8") as f:
        return json.load(f)


# --------------------------------------------------------------------------
# drand / kyber compatibility


def test_gt_serialization_matches_kyber(tlock):
    v = tlock["gt_serialization_vectors"]
    e = pairing(G1.generator(), G2.generator())
    assert e.to_bytes().hex() == v["pairing_G1gen_G2gen_kilic_bytes"]
    assert (e * e).to_bytes().hex() == v["pairing_G1gen_G2gen_squared_kilic_bytes"]
    assert GT.from_bytes(bytes.fromhex(v["pairing_G1gen_G2gen_kilic_bytes"])) == e
    assert ibe.h2(e).hex() == v["H2_of_pairing_G1gen_G2gen_first16"]
    # H2 of a 32-byte message is the whole digest (kyber truncates to len(M) <= 32)
    assert ibe.h2(e, 32)[:16].hex() == v["H2_of_pairing_G1gen_G2gen_first16"]
    assert ibe.h2(e, 32) == hashlib.sha256(b"IBE-H2" + e.to_bytes()).digest()


def _decryptable(tlock):
    out = [v for v in tlock["vectors"] if v.get("signature")]
    assert len(out) == 3, "the README names three decryptable tlock vectors"
    return out


def test_tlock_vectors_ibe_layer(tlock):
    for v in _decryptable(tlock):
        chain = tlock["chains"][v["chain"]]
        d = v["derived"]
        body = bytes.fromhex(v["ibe_body_hex"])
        ct = ibe.Ciphertext.from_bytes(body)
        assert isinstance(ct.U, G2)  # quicknet and fastnet: master key in G2
        assert ct.U.to_bytes().hex() == v["U_hex"] and ct.V.hex() == v["V_hex"] and ct.W.hex() == v["W_hex"]
        assert ct.to_bytes() == body and len(body) == 128

        sig = G1.from_bytes(bytes.fromhex(v["signature"]))
        pk = G2.from_bytes(bytes.fromhex(chain["public_key"]))
        round_id = hashlib.sha256(int(v["round"]).to_bytes(8, "big")).digest()
        assert round_id.hex() == d["id_message_sha256_round_be64"]
        q_id = G1.hash_to_curve(round_id, d["hash_to_curve_dst"].encode())
        assert q_id.to_bytes().hex() == d["Qid_G1_compressed"]

        # the intermediate values of decryption
        g = pairing(sig, ct.U)
        assert g.to_bytes().hex() == d["gt_e_sig_U_kilic_bytes"]
        assert ibe.h2(g).hex() == d["H2_first16"]
        assert ibe.h4(bytes.fromhex(d["sigma"])).hex() == d["H4_first16"]
        assert int(ibe.h3(bytes.fromhex(d["sigma"]), bytes.fromhex(d["ibe_plaintext"]))) == int(d["r_scalar_hex"], 16)

        assert ibe.bf_decrypt(sig, ct).hex() == d["ibe_plaintext"]
        if "raw_ciphertext_hex" in v:
            assert d["ibe_plaintext"] == v["plaintext_hex"]
        else:
            assert d["ibe_plaintext"] == d["age_file_key"]

        # encryption with the same sigma is deterministic: the vector again
        sigma = bytes.fromhex(d["sigma"])
        again = ibe.bf_encrypt(pk, q_id, bytes.fromhex(d["ibe_plaintext"]), rng=lambda n: sigma)
        assert again == ct


def test_tlock_vectors_reject_other_rounds_keys(tlock):
    quicknet = [v for v in _decryptable(tlock) if v["chain"] == "quicknet"][0]
    fastnet = [v for v in _decryptable(tlock) if v["chain"] == "fastnet"][0]
    # a beacon of another round (and chain) is the key of another identity
    other_sig = G1.from_bytes(bytes.fromhex(fastnet["signature"]))
    with pytest.raises(errors.DecryptionError):
        ibe.bf_decrypt(other_sig, ibe.Ciphertext.from_bytes(bytes.fromhex(quicknet["ibe_body_hex"])))
    # the stored vectors without a signature parse (U is a valid G2 point)
    for v in tlock["vectors"]:
        if not v.get("signature"):
            ct = ibe.Ciphertext.from_bytes(bytes.fromhex(v["ibe_body_hex"]))
            with pytest.raises(errors.DecryptionError):
                ibe.bf_decrypt(other_sig, ct)


def _h3_reference(sigma, msg):
    # The definition in the drand README, with Python integers.
    seed = hashlib.sha256(b"IBE-H3" + sigma + msg).digest()
    i = 1
    while True:
        h = hashlib.sha256(i.to_bytes(2, "little") + seed).digest()
        value = int.from_bytes(bytes([h[0] >> 1]) + h[1:], "big")
        if value < R:
            return value, i
        i += 1


def test_h3_rejection_sampling():
    counters = set()
    for n in range(60):
        sigma, msg = hashlib.sha256(b"s%d" % n).digest()[:16], hashlib.sha256(b"m%d" % n).digest()[: 16 + n % 17]
        expected, counter = _h3_reference(sigma, msg)
        counters.add(counter)
        assert int(ibe.h3(sigma, msg)) == expected
    assert 2 in counters  # the loop went past its first draw (about 9% of draws are >= r)


# --------------------------------------------------------------------------
# FullIdent round trips, both orientations

VARIANTS = [ibe.MinSig, ibe.MinPk]


@pytest.fixture(scope="module")
def masters():
    return {v.name: ibe.MasterKey.generate(v) for v in VARIANTS}


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_bf_round_trip(variant, masters):
    master = masters[variant.name]
    mpk = master.public_key()
    assert isinstance(mpk, variant.key_group)
    for identity in (b"", b"x", b"bob@example.com"):
        key = master.extract(identity)
        q_id = variant.hash_identity(identity)
        for n in (16, 32):
            msg = os.urandom(n)
            ct = ibe.bf_encrypt(mpk, q_id, msg)
            assert isinstance(ct.U, variant.key_group) and len(ct.V) == len(ct.W) == n
            assert len(ct.to_bytes()) == variant.key_group.from_bytes(ct.U.to_bytes()).to_bytes().__len__() + 2 * n
            assert ibe.Ciphertext.from_bytes(ct.to_bytes()) == ct
            assert ibe.bf_decrypt(key.point, ct) == msg
            assert ibe.bf_decrypt(key, ct) == msg  # the IdentityKey, as decrypt() takes it
    with pytest.raises(TypeError, match="a point or an IdentityKey, not bytes"):
        ibe.bf_decrypt(key.to_bytes(), ct)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_bf_tampering(variant, masters):
    master = masters[variant.name]
    mpk = master.public_key()
    key = master.extract(b"alice").point
    ct = ibe.bf_encrypt(mpk, variant.hash_identity(b"alice"), bytes(range(16)))

    def flip(b, i):
        return b[:i] + bytes([b[i] ^ 1]) + b[i + 1 :]

    bad = [
        ibe.Ciphertext(ct.U, flip(ct.V, 0), ct.W),
        ibe.Ciphertext(ct.U, flip(ct.V, 15), ct.W),
        ibe.Ciphertext(ct.U, ct.V, flip(ct.W, 0)),
        ibe.Ciphertext(ct.U, ct.V, flip(ct.W, 15)),
        ibe.Ciphertext(ct.U + variant.key_group.generator(), ct.V, ct.W),
        ibe.Ciphertext(variant.key_group.identity(), ct.V, ct.W),
    ]
    for c in bad:
        with pytest.raises(errors.DecryptionError):
            ibe.bf_decrypt(key, c)
    for wrong in (master.extract(b"alicf").point, ibe.MasterKey.generate(variant).extract(b"alice").point,
                  variant.id_group.generator()):
        with pytest.raises(errors.DecryptionError):
            ibe.bf_decrypt(wrong, ct)


def test_bf_argument_checks():
    mpk, q_id = G2.generator() * 5, G1.hash_to_curve(b"id", b"dst")
    for n in (0, 1, 15, 17, 31, 33, 64):
        with pytest.raises(errors.ArgumentError):
            ibe.bf_encrypt(mpk, q_id, bytes(n))
    with pytest.raises(TypeError):
        ibe.bf_encrypt(mpk, G2.generator(), bytes(16))  # both in G2
    with pytest.raises(TypeError):
        ibe.bf_encrypt(G1.generator(), q_id, bytes(16))  # both in G1
    with pytest.raises(TypeError):
        ibe.bf_encrypt(mpk.to_bytes(), q_id, bytes(16))
    with pytest.raises(TypeError):
        ibe.bf_encrypt(mpk, q_id, "sixteen chars ok")
    with pytest.raises(errors.InvalidKeyError):
        ibe.bf_encrypt(G2.identity(), q_id, bytes(16))
    with pytest.raises(errors.ArgumentError):
        ibe.bf_encrypt(mpk, G1.identity(), bytes(16))
    with pytest.raises(errors.ArgumentError):
        ibe.bf_encrypt(mpk, q_id, bytes(16), rng=lambda n: bytes(n - 1))
    ct = ibe.bf_encrypt(mpk, q_id, bytes(16))
    with pytest.raises(TypeError):
        ibe.bf_decrypt(G2.generator(), ct)  # the key must be in the other group than U
    with pytest.raises(TypeError):
        ibe.bf_decrypt(G1.generator(), ct.to_bytes())


def test_ciphertext_format_checks():
    ct = ibe.bf_encrypt(G1.generator() * 3, G2.hash_to_curve(b"id", b"dst"), bytes(32))
    data = ct.to_bytes()
    assert len(data) == 48 + 64
    assert ibe.Ciphertext.from_bytes(data, G1) == ct
    with pytest.raises(errors.InvalidLengthError):
        ibe.Ciphertext.from_bytes(data, G2)  # 112 bytes is no G2 layout
    for n in (0, 1, 79, 81, 111, 113, 127, 129, 159, 161, 1000):
        with pytest.raises(errors.InvalidLengthError):
            ibe.Ciphertext.from_bytes(bytes(n))
    with pytest.raises(errors.InvalidFlagsError):
        ibe.Ciphertext.from_bytes(bytes([data[0] & 0x7F]) + data[1:])  # compression flag cleared
    with pytest.raises(errors.DecodeError):
        ibe.Ciphertext.from_bytes(b"\x9f" + b"\xff" * 47 + data[48:])  # x >= p
    with pytest.raises(TypeError):
        ibe.Ciphertext.from_bytes("00" * 80)
    with pytest.raises(TypeError):
        ibe.Ciphertext.from_bytes(data, GT)
    with pytest.raises(errors.InvalidLengthError):
        ibe.Ciphertext(ct.U, bytes(16), bytes(32))
    with pytest.raises(errors.InvalidLengthError):
        ibe.Ciphertext(ct.U, bytes(8), bytes(8))
    with pytest.raises(TypeError):
        ibe.Ciphertext(ct.U.to_bytes(), ct.V, ct.W)
    with pytest.raises(TypeError):
        ibe.Ciphertext(ct.U, bytearray(ct.V), ct.W)
    with pytest.raises(Exception):
        ct.V = bytes(32)  # frozen


# --------------------------------------------------------------------------
# keys


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_keys(variant, masters):
    master = masters[variant.name]
    mpk = master.public_key()
    key = master.extract(b"carol")
    assert key.variant is variant and isinstance(key.point, variant.id_group)
    assert key.verify(mpk, b"carol")
    assert not key.verify(mpk, b"carol ")
    assert not key.verify(ibe.MasterKey.generate(variant).public_key(), b"carol")
    assert not key.verify(variant.key_group.identity(), b"carol")
    with pytest.raises(TypeError):
        key.verify(key.point, b"carol")  # a point of the wrong group
    assert ibe.IdentityKey.from_bytes(key.to_bytes()) == key
    assert master.extract(b"carol") == key  # extraction is deterministic
    assert ibe.MasterKey.from_bytes(master.to_bytes(), variant) == master
    assert ibe.MasterKey.from_bytes(master.to_bytes(), variant.name).public_key() == mpk
    # the identity key is the master secret times the hashed identity
    assert key.point == variant.hash_identity(b"carol") * int.from_bytes(master.to_bytes(), "big")


def test_key_checks_and_secrecy():
    with pytest.raises(errors.ArgumentError):
        ibe.MasterKey.generate("MinXYZ")
    with pytest.raises(TypeError):
        ibe.MasterKey()
    with pytest.raises(errors.InvalidKeyError):
        ibe.MasterKey.from_bytes(bytes(32))
    with pytest.raises(errors.InvalidKeyError):
        ibe.MasterKey.from_bytes(R.to_bytes(32, "big"))
    with pytest.raises(errors.InvalidLengthError):
        ibe.MasterKey.from_bytes(bytes(31) + b"\x01" + b"\x00")
    with pytest.raises(errors.InvalidKeyError):
        ibe.IdentityKey(G1.identity())
    with pytest.raises(TypeError):
        ibe.IdentityKey(b"\x00" * 48)
    with pytest.raises(errors.InvalidLengthError):
        ibe.IdentityKey.from_bytes(bytes(47))
    with pytest.raises(TypeError):
        ibe.MasterKey.generate().extract("alice")

    master = ibe.MasterKey.generate()
    secret = master.to_bytes()
    key = master.extract(b"dave")
    for text in (repr(master), str(master), repr(key), str(key)):
        assert secret.hex() not in text and key.to_bytes().hex() not in text
        assert "hidden" in text
    for obj in (master, key):
        with pytest.raises(TypeError):
            pickle.dumps(obj)
    import copy

    assert copy.copy(key) is key and copy.deepcopy(key) is key  # a point, never changed
    twin = copy.deepcopy(master)  # an independent key, as a sig.SecretKey copies
    assert twin == master and twin is not master
    with master:
        pass
    assert master.is_zeroized() and "zeroized" in repr(master)
    assert not twin.is_zeroized() and twin.to_bytes() == secret
    with pytest.raises(errors.InvalidKeyError):
        master.extract(b"dave")
    with pytest.raises(errors.InvalidKeyError):
        master.public_key()


# --------------------------------------------------------------------------
# hybrid encryption

IDENTITIES = [b"", b"\x00", b"alice@example.com", bytes(range(256)) * 40]  # up to 10 kB
MESSAGES = [0, 1, 15, 16, 17, 31, 32, 33, 64, 1000, 65537]


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_hybrid_round_trips(variant, masters):
    master = masters[variant.name]
    mpk = master.public_key()
    overhead = 2 + variant.key_group.from_bytes(mpk.to_bytes()).to_bytes().__len__() + 64 + 16
    for i, identity in enumerate(IDENTITIES):
        key = master.extract(identity)
        assert key.verify(mpk, identity)
        for n in MESSAGES[i::2] if IN_PYODIDE else MESSAGES:
            msg = os.urandom(n)
            box = ibe.encrypt(mpk, identity, msg)
            assert len(box) == n + overhead
            assert box[0] == 1 and box[1] == variant.code
            assert ibe.decrypt(key, box) == msg
            assert ibe.decrypt(key.point, bytearray(box)) == msg
    # two encryptions of the same message differ
    assert ibe.encrypt(mpk, b"id", b"same") != ibe.encrypt(mpk, b"id", b"same")


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_hybrid_one_megabyte(variant, masters):
    master = masters[variant.name]
    msg = os.urandom(1 << 20)
    box = ibe.encrypt(master.public_key(), b"big", msg)
    assert ibe.decrypt(master.extract(b"big"), box) == msg
    cut = box[:-1]
    with pytest.raises(errors.DecryptionError):
        ibe.decrypt(master.extract(b"big"), cut)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_hybrid_tampering(variant, masters):
    master = masters[variant.name]
    mpk = master.public_key()
    key = master.extract(b"erin")
    msg = b"the payload of this message"
    box = ibe.encrypt(mpk, b"erin", msg)
    u_len = len(mpk.to_bytes())
    header = 2 + u_len + 64
    parts = {  # name: (start, end)
        "version": (0, 1),
        "variant": (1, 2),
        "U": (2, 2 + u_len),
        "V": (2 + u_len, 2 + u_len + 32),
        "W": (2 + u_len + 32, header),
        "payload": (header, len(box) - 16),
        "tag": (len(box) - 16, len(box)),
    }
    assert parts["payload"][1] - parts["payload"][0] == len(msg)

    def rejected(data, why):
        with pytest.raises(errors.DecryptionError):
            ibe.decrypt(key, data)
            pytest.fail(f"accepted: {why}")

    # flips: every byte natively; the first, middle and last byte of each part in Pyodide
    for name, (start, end) in parts.items():
        positions = range(start, end) if not IN_PYODIDE else sorted({start, (start + end) // 2, end - 1})
        for i in positions:
            for bit in ((0x01, 0x80) if i < 3 else (0x01,)):  # and the flag bits of U
                rejected(box[:i] + bytes([box[i] ^ bit]) + box[i + 1 :], f"{name} byte {i} ^ {bit:#x}")
    # truncations: at every part boundary and inside each part; extensions
    for name, (start, end) in parts.items():
        for n in {start, start + 1, (start + end) // 2, end - 1}:
            rejected(box[:n], f"truncated in {name} at {n}")
    for extra in (b"\x00", b"\x01" * 16, bytes(1000)):
        rejected(box + extra, f"extended by {len(extra)} bytes")
    rejected(b"", "empty")
    # V and W swapped, U replaced by another valid point
    v, w = box[parts["V"][0] : parts["V"][1]], box[parts["W"][0] : parts["W"][1]]
    rejected(box[: parts["V"][0]] + w + v + box[header:], "V and W swapped")
    other_u = (variant.key_group.generator() * 7).to_bytes()
    rejected(box[:2] + other_u + box[2 + u_len :], "another U")
    # the header of another ciphertext with this payload
    other = ibe.encrypt(mpk, b"erin", msg)
    rejected(other[:header] + box[header:], "spliced header")
    rejected(box[:header] + other[header:], "spliced payload")
    # wrong keys: another identity, another master, the other orientation
    with pytest.raises(errors.DecryptionError):
        ibe.decrypt(master.extract(b"erim"), box)
    with pytest.raises(errors.DecryptionError):
        ibe.decrypt(ibe.MasterKey.generate(variant).extract(b"erin"), box)
    other_variant = ibe.MinPk if variant is ibe.MinSig else ibe.MinSig
    with pytest.raises(errors.DecryptionError):
        ibe.decrypt(ibe.MasterKey.generate(other_variant).extract(b"erin"), box)
    assert ibe.decrypt(key, box) == msg  # and the original still decrypts


def test_hybrid_argument_checks(masters):
    master = masters["MinSig"]
    # the master public key as a point or its compressed encoding
    box = ibe.encrypt(bytearray(master.public_key().to_bytes()), b"id", b"m")
    assert ibe.decrypt(master.extract(b"id"), box) == b"m"
    assert master.extract(b"id").verify(master.public_key().to_bytes(), b"id")
    with pytest.raises(errors.InvalidLengthError):
        ibe.encrypt(master.public_key().to_bytes()[:-1], b"id", b"m")
    with pytest.raises(errors.InvalidLengthError):
        ibe.encrypt(master.public_key().to_bytes(compressed=False), b"id", b"m")
    with pytest.raises(errors.DecodeError):
        ibe.encrypt(bytes(96), b"id", b"m")  # no compression flag
    with pytest.raises(TypeError):
        ibe.encrypt(master.public_key().to_bytes().hex(), b"id", b"m")
    with pytest.raises(TypeError):
        ibe.encrypt(master, b"id", b"m")
    with pytest.raises(TypeError):
        ibe.encrypt(master.public_key(), "id", b"m")
    with pytest.raises(TypeError):
        ibe.encrypt(master.public_key(), b"id", "m")
    with pytest.raises(TypeError):
        ibe.decrypt(master, b"\x01" * 300)
    with pytest.raises(TypeError):
        ibe.decrypt(master.extract(b"id"), "text")
    with pytest.raises(errors.InvalidKeyError):
        ibe.encrypt(G2.identity(), b"id", b"m")


def test_variants():
    assert ibe.MinSig.key_group is G2 and ibe.MinSig.id_group is G1
    assert ibe.MinPk.key_group is G1 and ibe.MinPk.id_group is G2
    assert ibe.MinSig.dst == b"PYBLS-IBE-V01-CS01-with-BLS12381G1_XMD:SHA-256_SSWU_RO_"
    assert ibe.MasterKey.generate().variant is ibe.MinSig  # the default: drand quicknet's layout
    assert pickle.loads(pickle.dumps(ibe.MinPk)) is ibe.MinPk
    assert ibe.MinSig.hash_identity(b"a") == G1.hash_to_curve(b"a", ibe.MinSig.dst)


def test_points_outside_the_subgroup_rejected(masters):
    """Points made without a subgroup check are checked before use: a key
    plus a point of order 3 is not an identity key (it would pass the
    pairing check of verify), nor is a curve point outside G2 a master key."""
    import random

    import reference as ref

    master = masters["MinSig"]
    key = master.extract(b"id")
    torsion = G1.from_affine(*ref.G1_ORDER3_POINT, subgroup_check=False)
    bad_key = key.point + torsion
    assert not bad_key.in_subgroup()
    with pytest.raises(errors.NotInSubgroupError):
        ibe.IdentityKey(bad_key)
    box = ibe.encrypt(master.public_key(), b"id", b"m")
    with pytest.raises(errors.NotInSubgroupError):
        ibe.decrypt(bad_key, box)
    rng = random.Random(6)
    while True:
        bad_mpk = G2.from_affine(*ref.random_g2_curve_point(rng), subgroup_check=False)
        if not bad_mpk.in_subgroup():
            break
    for mpk in (bad_mpk, bad_mpk.to_bytes()):
        with pytest.raises(errors.NotInSubgroupError):
            ibe.encrypt(mpk, b"id", b"m")
        with pytest.raises(errors.NotInSubgroupError):
            key.verify(mpk, b"id")
    # points checked once are not checked again (and still work)
    assert ibe.IdentityKey(G1.from_bytes(key.to_bytes())).verify(master.public_key(), b"id")
    assert ibe.decrypt(G1.from_bytes(key.to_bytes()), box) == b"m"
