"""Known-answer tests: values published by others, never our own output.

Sources: the ZCash serialization of the generators, the
draft-irtf-cfrg-pairing-friendly-curves vectors, the kilic/kyber GT bytes of
e(G1, G2) used by drand's tlock, Ethereum's BLS signature vectors and the
EIP-2335 keystore key pair.
"""

import glob
import json
import os

import reference as ref
from pybls import G1, G2, GT, Scalar, pairing, pairing_product

# --------------------------------------------------------------------------
# generators and identities


def test_generator_encodings_zcash():
    assert G1.generator().to_bytes() == ref.G1_GEN_COMPRESSED
    assert G2.generator().to_bytes() == ref.G2_GEN_COMPRESSED
    assert bytes(G1.generator()) == ref.G1_GEN_COMPRESSED
    assert bytes(G2.generator()) == ref.G2_GEN_COMPRESSED


def test_generator_encodings_draft(vectors_dir):
    with open(vectors_dir / "bls48" / "point_serialization_test_vectors_draft.json") as f:
        v = json.load(f)["BLS12_381"]
    assert G1.generator().to_bytes().hex() == v["G1_generator_compressed"]
    assert G2.generator().to_bytes().hex() == v["G2_generator_compressed"]
    assert G1.identity().to_bytes().hex() == v["G1_identity_compressed"]
    assert G2.identity().to_bytes().hex() == v["G2_identity_compressed"]
    assert G1.from_bytes(bytes.fromhex(v["G1_generator_compressed"])) == G1.generator()
    assert G2.from_bytes(bytes.fromhex(v["G2_generator_compressed"])) == G2.generator()
    assert G1.from_bytes(bytes.fromhex(v["G1_identity_compressed"])).is_identity()
    assert G2.from_bytes(bytes.fromhex(v["G2_identity_compressed"])).is_identity()


def test_generator_uncompressed():
    g1 = ref.G1_X.to_bytes(48, "big") + ref.G1_Y.to_bytes(48, "big")
    assert G1.generator().to_bytes(compressed=False) == g1
    assert G1.from_bytes(g1) == G1.generator()
    g2 = b"".join(
        c.to_bytes(48, "big") for c in (ref.G2_X[1], ref.G2_X[0], ref.G2_Y[1], ref.G2_Y[0])
    )
    assert G2.generator().to_bytes(compressed=False) == g2
    assert G2.from_bytes(g2) == G2.generator()


def test_generator_affine(vectors_dir):
    with open(vectors_dir / "bls48" / "pairing_test_vectors_draft.json") as f:
        v = json.load(f)["vectors"]["BLS12_381"]
    x, y = int(v["x"], 16), int(v["y"], 16)
    assert (x, y) == (ref.G1_X, ref.G1_Y)
    assert tuple(G1.generator().to_affine()) == (x, y)
    assert G1.from_affine(x, y) == G1.generator()
    x2 = (int(v["x'_0"], 16), int(v["x'_1"], 16))
    y2 = (int(v["y'_0"], 16), int(v["y'_1"], 16))
    ax, ay = G2.generator().to_affine()
    assert (tuple(ax), tuple(ay)) == (x2, y2)
    assert G2.from_affine(x2, y2) == G2.generator()


def test_identity_encodings():
    assert G1.identity().to_bytes() == ref.G1_INFINITY_COMPRESSED
    assert G2.identity().to_bytes() == ref.G2_INFINITY_COMPRESSED
    assert G1.identity().to_bytes(compressed=False) == ref.G1_INFINITY_UNCOMPRESSED
    assert G2.identity().to_bytes(compressed=False) == ref.G2_INFINITY_UNCOMPRESSED
    for data in (ref.G1_INFINITY_COMPRESSED, ref.G1_INFINITY_UNCOMPRESSED):
        assert G1.from_bytes(data) == G1.identity()
    for data in (ref.G2_INFINITY_COMPRESSED, ref.G2_INFINITY_UNCOMPRESSED):
        assert G2.from_bytes(data) == G2.identity()


def test_generator_order():
    for group in (G1, G2):
        g = group.generator()
        assert not g.is_identity()
        assert g.in_subgroup() and g.is_on_curve()
        assert (g * ref.R).is_identity()
        assert g.mul_vartime(ref.R).is_identity()
        assert g * (ref.R - 1) == -g
        assert g * (ref.R + 1) == g


# --------------------------------------------------------------------------
# Ethereum signature vectors: pubkey = sk * G1, sig = sk * H(m). Without
# hashing to the curve, signatures of one message under different keys are
# scalar multiples of each other, and e(pk_a, sig_b) = e(pk_b, sig_a).


def _eth_cases(vectors_dir):
    sign = {}
    for path in sorted(glob.glob(os.path.join(vectors_dir, "eth-bls", "bls", "sign", "*.json"))):
        with open(path) as f:
            d = json.load(f)
        if d["output"] is None:
            continue
        sk = int(d["input"]["privkey"], 16)
        sign[d["output"]] = (sk, d["input"]["message"])
    cases = []
    for path in sorted(glob.glob(os.path.join(vectors_dir, "eth-bls", "bls", "verify", "verify_valid_case_*.json"))):
        with open(path) as f:
            d = json.load(f)["input"]
        sk, msg = sign[d["signature"]]
        assert msg == d["message"]
        cases.append(
            (sk, msg, bytes.fromhex(d["pubkey"][2:]), bytes.fromhex(d["signature"][2:]))
        )
    assert len(cases) == 9
    return cases


def test_eth_pubkeys(vectors_dir):
    for sk, _msg, pk, _sig in _eth_cases(vectors_dir):
        assert (G1.generator() * sk).to_bytes() == pk
        assert (G1.generator() * Scalar(sk)).to_bytes() == pk
        assert (Scalar(sk) * G1.generator()).to_bytes() == pk
        assert G1.generator().mul_vartime(sk).to_bytes() == pk
        assert G1.from_bytes(pk) == G1.generator() * sk


def test_eth_signatures_are_multiples(vectors_dir):
    by_msg = {}
    for sk, msg, pk, sig in _eth_cases(vectors_dir):
        by_msg.setdefault(msg, []).append((sk, pk, sig))
    assert len(by_msg) == 3
    for items in by_msg.values():
        (sk_a, _pk_a, sig_a) = items[0]
        h = G2.from_bytes(sig_a) * Scalar(sk_a).inverse()  # = H(m)
        for sk_b, _pk_b, sig_b in items:
            assert (h * sk_b).to_bytes() == sig_b
            assert h.mul_vartime(sk_b).to_bytes() == sig_b
            ratio = Scalar(sk_b) / Scalar(sk_a)
            assert (G2.from_bytes(sig_a) * ratio).to_bytes() == sig_b


def test_eth_pairing_cross_relation(vectors_dir):
    by_msg = {}
    for sk, msg, pk, sig in _eth_cases(vectors_dir):
        by_msg.setdefault(msg, []).append((G1.from_bytes(pk), G2.from_bytes(sig)))
    msgs = sorted(by_msg)
    (pk_a, sig_a), (pk_b, sig_b) = by_msg[msgs[0]][:2]
    assert pairing(pk_a, sig_b) == pairing(pk_b, sig_a)
    assert pairing_product([(pk_a, sig_b), (-pk_b, sig_a)]) == GT.one()
    # a signature of another message breaks the relation
    (_pk_c, sig_c) = by_msg[msgs[1]][1]
    assert pairing(pk_a, sig_c) != pairing(pk_b, sig_a)


def test_eip2335_keystore_keypair(vectors_dir):
    secret = int("000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f", 16)
    for name in ("test0.json", "test1.json"):
        with open(vectors_dir / "eip2333" / "eip2335_keystores" / name) as f:
            pubkey = json.load(f)["pubkey"]
        assert (G1.generator() * Scalar(secret)).to_bytes().hex() == pubkey


# --------------------------------------------------------------------------
# the pairing value


def _gt_kat(vectors_dir):
    with open(vectors_dir / "drand" / "tlock_vectors.json") as f:
        v = json.load(f)["gt_serialization_vectors"]
    return (
        bytes.fromhex(v["pairing_G1gen_G2gen_kilic_bytes"]),
        bytes.fromhex(v["pairing_G1gen_G2gen_squared_kilic_bytes"]),
    )


def _draft_gt_bytes(vectors_dir):
    with open(vectors_dir / "bls48" / "pairing_test_vectors_draft.json") as f:
        v = json.load(f)["vectors"]["BLS12_381"]
    return ref.gt_encode_tower([int(v[f"e_{i}"], 16) for i in range(12)])


def test_pairing_generators_kilic_bytes(vectors_dir):
    e1, e2 = _gt_kat(vectors_dir)
    g1, g2 = G1.generator(), G2.generator()
    assert pairing(g1, g2).to_bytes() == e1
    assert pairing(g1 * 2, g2).to_bytes() == e2
    assert pairing(g1, g2 * 2).to_bytes() == e2
    assert pairing(g1, g2) ** 2 == GT.from_bytes(e2)
    assert pairing_product([(g1, g2)]).to_bytes() == e1
    assert pairing_product([(g1, g2), (g1, g2)]).to_bytes() == e2
    assert GT.from_bytes(e1).to_bytes() == e1


def test_gt_generator_is_e_g1_g2(vectors_dir):
    e1, _ = _gt_kat(vectors_dir)
    assert GT.generator().to_bytes() == e1


def test_pairing_is_draft_value_cubed(vectors_dir):
    e1, _ = _gt_kat(vectors_dir)
    draft = GT.from_bytes(_draft_gt_bytes(vectors_dir))
    assert draft ** 3 == pairing(G1.generator(), G2.generator())
    assert (draft ** 3).to_bytes() == e1
    # and the other way: the draft value is e^(1/3 mod r)
    assert pairing(G1.generator(), G2.generator()) ** pow(3, -1, ref.R) == draft


def test_gt_one_encoding():
    one = GT.one().to_bytes()
    assert one == ref.gt_encode_tower([1] + [0] * 11)
    assert GT.from_bytes(one) == GT.one()
    assert pairing(G1.identity(), G2.generator()) == GT.one()
    assert pairing(G1.generator(), G2.identity()) == GT.one()


def test_pairing_order(vectors_dir):
    e1, _ = _gt_kat(vectors_dir)
    e = GT.from_bytes(e1)
    assert e != GT.one()
    assert e ** ref.R == GT.one()
    assert e ** (ref.R + 1) == e
    assert e ** (ref.R - 1) == e.inverse()


def test_pairing_negation(vectors_dir):
    e1, _ = _gt_kat(vectors_dir)
    e = GT.from_bytes(e1)
    # e(-P, Q) = e(P, -Q) = e(P, Q)^-1, which is the conjugate: c1 negated.
    coeffs = ref.gt_decode_tower(e1)
    conj = coeffs[:6] + [(-c) % ref.P for c in coeffs[6:]]
    assert pairing(-G1.generator(), G2.generator()).to_bytes() == ref.gt_encode_tower(conj)
    assert pairing(G1.generator(), -G2.generator()) == e.inverse()
