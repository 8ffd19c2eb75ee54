"""Seed inputs of the Python fuzz targets, per group (the group's dispatch
byte first, see :func:`fuzz_targets.run_group`): valid encodings of every type,
made with pybls from fixed values, and the eth-bls and KZG vectors where a
target reads them. The differential group adds :func:`fuzz_differential.near_valid`
inputs from a fixed seed.
"""

from __future__ import annotations

import json
import pathlib
import random
import re
from typing import Dict, Iterator, List, Tuple

from pybls import G1, G2, GT, Scalar
from pybls.sig import MinPk, MinSig, SecretKey
from pybls.threshold import PartialSignature, PublicPolynomial, Share
from pybls.threshold.dkg import messages as dkg

import fuzz_targets


def _objects() -> Dict[str, List[bytes]]:
    """Valid encodings for each decoder target."""
    sk = SecretKey.from_int(0x1234567)
    k = [Scalar(3), Scalar(5), Scalar(7)]
    poly1 = PublicPolynomial([G1.generator() * x for x in k])
    poly2 = PublicPolynomial([G2.generator() * x for x in k])
    sig_pk = MinPk.PoP.sign(sk, b"msg")
    sig_sig = MinSig.PoP.sign(sk, b"msg")
    g1, g2 = G1.generator() * k[1], G2.generator() * k[2]
    return {
        "scalar": [Scalar(0).to_bytes(), Scalar(-1).to_bytes(), k[0].to_bytes()],
        "scalar_wide": [b"", b"\xff" * 64, b"\x01" * 40],
        "g1": [g1.to_bytes(), g1.to_bytes(compressed=False), G1.identity().to_bytes()],
        "g1_no_subgroup_check": [g1.to_bytes(), G1.identity().to_bytes(compressed=False)],
        "g2": [g2.to_bytes(), g2.to_bytes(compressed=False), G2.identity().to_bytes()],
        "g2_no_subgroup_check": [g2.to_bytes(), G2.identity().to_bytes(compressed=False)],
        "gt": [GT.generator().to_bytes(), GT.one().to_bytes()],
        "public_key": [MinPk.PoP.sk_to_pk(sk).to_bytes(), MinSig.PoP.sk_to_pk(sk).to_bytes()],
        "signature": [sig_pk.to_bytes(), sig_sig.to_bytes()],
        "minpk_public_key": [MinPk.PoP.sk_to_pk(sk).to_bytes()],
        "minpk_signature": [sig_pk.to_bytes()],
        "minsig_public_key": [MinSig.PoP.sk_to_pk(sk).to_bytes()],
        "minsig_signature": [sig_sig.to_bytes()],
        "secret_key": [sk.to_bytes()],
        "dkg_message": [dkg.Complaint(3, 1).to_bytes(), dkg.Deal(2, poly1).to_bytes()],
        "dkg_deal": [dkg.Deal(1, poly1).to_bytes(), dkg.Deal(4, poly2).to_bytes()],
        "dkg_private_share": [dkg.PrivateShare(1, 2, k[0]).to_bytes()],
        "dkg_complaint": [dkg.Complaint(2, 1).to_bytes()],
        "dkg_justification": [dkg.Justification(1, 2, k[1]).to_bytes()],
        "public_polynomial": [poly1.to_bytes(), poly2.to_bytes()],
        "share": [Share(2, k[2]).to_bytes()],
        "partial_signature": [PartialSignature(3, sig_pk).to_bytes(), PartialSignature(1, sig_sig).to_bytes()],
        "ibe_ciphertext": [_fullident(G2.generator() * k[0], 16), _fullident(G1.generator() * k[1], 32)],
        "ibe_identity_key": [fuzz_targets._ibe_key(v).to_bytes() for v in ("MinSig", "MinPk")],
        "ibe_master_key": [fuzz_targets.IBE_MASTER],
        "tlock_inspect": [v["age_armored"].encode() for v in _tlock_vectors() if "age_armored" in v][:2],
    }


def _fullident(U: object, n: int) -> bytes:
    import pybls.ibe

    return pybls.ibe.Ciphertext(U, bytes(range(n)), bytes(range(1, n + 1))).to_bytes()


def _ibe_ciphertext(v: int) -> bytes:
    """A hybrid IBE ciphertext for the fixed identity key of orientation
    `v` (0: MinSig, 1: MinPk), with the orientation byte first."""
    import pybls.ibe

    master = pybls.ibe.MasterKey.from_bytes(fuzz_targets.IBE_MASTER, ("MinSig", "MinPk")[v])
    ct = pybls.ibe.encrypt(master.public_key(), fuzz_targets.IBE_IDENTITY, b"seed message")
    return bytes([v]) + ct


def _tlock_vectors() -> List[dict]:
    from reference import vectors_path

    return json.loads((vectors_path() / "drand" / "tlock_vectors.json").read_text())["vectors"]


def _api(vectors: pathlib.Path) -> Iterator[Tuple[str, bytes]]:
    names = sorted(fuzz_targets.DECODERS)
    for name, encodings in _objects().items():
        for kind in range(8):
            yield "decoder_argument_types", bytes([names.index(name), kind]) + encodings[0]
    for path in sorted((vectors / "eth-bls" / "bls" / "verify").glob("*.json")):
        case = json.loads(path.read_text())["input"]
        pk, sig, msg = (bytes.fromhex(case[k][2:]) for k in ("pubkey", "signature", "message"))
        yield "verify", bytes([2, 0]) + pk + bytes([0]) + sig + msg
        yield "compat_py_ecc", bytes([2, 0]) + pk + bytes([len(msg)]) + msg + bytes([0]) + sig
        yield "key_validate", bytes([0]) + pk
    sk = SecretKey.from_int(99)
    for i, scheme in enumerate(fuzz_targets.SCHEMES):
        pk = scheme.sk_to_pk(sk).to_bytes()
        sig = scheme.sign(sk, b"m").to_bytes()
        yield "verify", bytes([i, 0]) + pk + bytes([0]) + sig + b"m"
        yield "aggregate_verify", bytes([i, 1, 0]) + pk + bytes([0, 1, 1]) + b"m" + bytes([0]) + sig
    for v in range(2):
        yield "ibe_decrypt", _ibe_ciphertext(v)
    import pybls.aead

    key, nonce = bytes(range(32)), bytes(12)
    ct = pybls.aead.chacha20poly1305_encrypt(key, nonce, b"plaintext", b"aad")
    yield "aead_decrypt", bytes([0]) + key + bytes([0]) + nonce + bytes([3]) + b"aad" + ct
    for vec in _tlock_vectors():
        if "age_armored" not in vec or not vec.get("signature"):
            continue
        sig = bytes.fromhex(vec["signature"])
        yield "tlock_decrypt", bytes([0 if len(sig) == 48 else 1]) + sig + vec["age_armored"].encode()
    beacons = json.loads((vectors / "drand" / "beacons.json").read_text())
    names = sorted(__import__("pybls").drand.CHAINS)
    for b in beacons["beacons"][:12]:
        if b["chain"] not in names:
            continue
        sig = bytes.fromhex(b["signature"])
        prev = bytes.fromhex(b.get("previous_signature") or "")
        yield "drand_verify", (bytes([names.index(b["chain"])]) + b["round"].to_bytes(9, "big") + bytes([0])
                               + bytes([0 if len(sig) == 48 else 1]) + sig
                               + bytes([{48: 0, 96: 1, 0: 2}.get(len(prev), 2)]) + prev)
    for v, scheme in enumerate((MinPk.PoP, MinSig.PoP)):
        pk = scheme.sk_to_pk(sk).to_bytes()
        sig = scheme.sign(sk, b"m").to_bytes()
        yield "fast_aggregate_verify", bytes([v, 1, 0]) + pk + bytes([0]) + sig + b"m"


def _kzg(vectors: pathlib.Path) -> Iterator[Tuple[str, bytes]]:
    """The KZG vectors (c-kzg-4844's consensus-spec-test subset): blobs cut
    to a whole number of field elements around their first invalid one
    (the target tiles them to a blob), and each cell case's first cell
    whole, with its index, commitment and proof, as kzg_cell reads them."""
    import kzg_vectors

    field_r = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
    for _, case in kzg_vectors.cases("blob_to_kzg_commitment"):
        blob = case["input"]["blob"]
        bad = next((i for i in range(0, len(blob), 32) if int.from_bytes(blob[i:i + 32], "big") >= field_r), 0)
        start = max(0, bad - 32 * 31)
        yield "kzg_blob", bytes([2]) + blob[start:start + 32 * 63]
    for name, case in kzg_vectors.cases("verify_cell_kzg_proof_batch"):
        i = case["input"]
        if re.search(r"_[1-9]$", name):
            continue  # one of each kind of invalid input is enough to start from
        if not i["cells"] or not i["commitments"] or not i["proofs"] or not i["cell_indices"]:
            continue
        yield "kzg_cell", (bytes([i["cell_indices"][0] % 256, 0]) + i["commitments"][0] + bytes([0])
                           + i["proofs"][0] + bytes([2]) + i["cells"][0])


def group_seeds(group: str, vectors: pathlib.Path) -> Iterator[bytes]:
    if group == "decoders":
        for name, encodings in _objects().items():
            for e in encodings:
                yield fuzz_targets.for_group(group, name, e)
    elif group == "api":
        for name, data in _api(vectors):
            yield fuzz_targets.for_group(group, name, data)
    elif group == "differential":
        import fuzz_differential

        rng = random.Random(8)
        for name in fuzz_differential.DIFFERENTIAL:
            for _ in range(16):
                yield fuzz_targets.for_group(group, name, fuzz_differential.near_valid(rng, name))
    elif group == "evm":
        import fuzz_evm

        yield from fuzz_evm.seeds(vectors)
    elif group == "kzg":
        for name, data in _kzg(vectors):
            yield fuzz_targets.for_group(group, name, data)
    else:
        raise KeyError(group)
