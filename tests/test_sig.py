"""pybls.sig: the three schemes in both variants, aggregation, batch
verification, KeyGen, and every rejection path."""

import copy
import json
import pickle

import pytest

import reference as ref
from pybls import G1, G2, Scalar, errors
from pybls.sig import (
    MinPk,
    MinPkPublicKey,
    MinPkSignature,
    MinSig,
    MinSigPublicKey,
    MinSigSignature,
    PublicKey,
    SecretKey,
    Signature,
    key_gen,
)

# At 32-bit limbs this module runs in the Pyodide pass (tests/conftest.py).
pytestmark = pytest.mark.scheme

VARIANTS = [MinPk, MinSig]
SCHEMES = [v.Basic for v in VARIANTS] + [v.Aug for v in VARIANTS] + [v.PoP for v in VARIANTS]
IDS = [f"{s.variant.name}.{s.NAME}" for s in SCHEMES]


def _keys(n, seed=1):
    return [key_gen(bytes([seed, i]) * 16) for i in range(n)]


# --------------------------------------------------------------------------
# ciphersuites


def test_ciphersuite_ids():
    assert MinPk.Basic.dst == b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_"
    assert MinPk.Aug.dst == b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_"
    assert MinPk.PoP.dst == b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"
    assert MinPk.PoP.pop_dst == b"BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"
    assert MinSig.Basic.dst == b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_"
    assert MinSig.Aug.dst == b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_AUG_"
    assert MinSig.PoP.dst == b"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_"
    assert MinSig.PoP.pop_dst == b"BLS_POP_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_"
    for v in VARIANTS:
        assert v.MessageAugmentation is v.Aug and v.ProofOfPossession is v.PoP
    assert MinPk.PublicKey is MinPkPublicKey and MinPk.Signature is MinPkSignature
    assert MinSig.PublicKey is MinSigPublicKey and MinSig.Signature is MinSigSignature


def test_with_dst():
    s = MinPk.Basic.with_dst(b"OTHER-TAG")
    assert s.dst == b"OTHER-TAG" and type(s) is type(MinPk.Basic) and s.variant is MinPk
    sk = _keys(1)[0]
    pk = s.sk_to_pk(sk)
    sig = s.sign(sk, b"m")
    assert s.verify(pk, b"m", sig)
    assert not MinPk.Basic.verify(pk, b"m", sig)  # the tag matters
    assert sig.point == G2.hash_to_curve(b"m", b"OTHER-TAG") * sk.scalar()
    p = MinSig.PoP.with_dst(b"BLS_SIG_MYAPP_POP_")
    assert p.pop_dst == b"BLS_POP_MYAPP_POP_"
    p2 = MinSig.PoP.with_dst(b"A", pop_dst=b"B")
    assert (p2.dst, p2.pop_dst) == (b"A", b"B")
    with pytest.raises(errors.ArgumentError):
        MinSig.PoP.with_dst(b"SAME-TAG-FOR-BOTH")
    with pytest.raises(errors.ArgumentError):
        MinSig.PoP.with_dst(b"A", pop_dst=b"A")
    for bad in (b"", b"x" * 256):
        with pytest.raises(errors.ArgumentError):
            MinPk.Basic.with_dst(bad)
    with pytest.raises(TypeError):
        MinPk.Basic.with_dst("a str")
    with pytest.raises(AttributeError):
        MinPk.Basic.dst = b"x"
    for s in SCHEMES + [p2]:
        assert pickle.loads(pickle.dumps(s)) == s


# --------------------------------------------------------------------------
# sign / verify


@pytest.mark.parametrize("scheme", SCHEMES, ids=IDS)
def test_sign_verify(scheme):
    sk, other = _keys(2)
    pk = scheme.sk_to_pk(sk)
    assert type(pk) is scheme.variant.PublicKey
    assert pk.point == scheme.variant.PublicKey.GROUP.generator() * sk.scalar()
    msg = b"attack at dawn"
    sig = scheme.sign(sk, msg)
    assert type(sig) is scheme.variant.Signature
    # the definition: sk * H(message'), message' = pk || msg for Aug
    signed = pk.to_bytes() + msg if scheme.NAME == "Aug" else msg
    assert sig.point == scheme.variant.Signature.GROUP.hash_to_curve(signed, scheme.dst) * sk.scalar()
    assert scheme.sign(sk, bytearray(msg)) == sig  # deterministic, bytes-like
    for p in (pk, pk.to_bytes(), bytearray(pk.to_bytes()), pk.point):
        for s in (sig, sig.to_bytes(), memoryview(sig.to_bytes()), sig.point):
            assert scheme.verify(p, msg, s) is True
    assert scheme.verify(pk, msg + b"!", sig) is False
    assert scheme.verify(scheme.sk_to_pk(other), msg, sig) is False
    assert scheme.verify(pk, msg, scheme.sign(other, msg)) is False
    assert scheme.verify(pk, b"", scheme.sign(sk, b"")) is True
    # a signature of one scheme does not verify in another
    for s2 in SCHEMES:
        if s2 is not scheme and s2.variant is scheme.variant:
            assert s2.verify(pk, msg, sig) is False


@pytest.mark.parametrize("scheme", SCHEMES, ids=IDS)
def test_verify_rejects_invalid_inputs(scheme):
    sk = _keys(1)[0]
    pk = scheme.sk_to_pk(sk)
    msg = b"m"
    sig = scheme.sign(sk, msg)
    pkb, sigb = pk.to_bytes(), sig.to_bytes()
    pk_group, sig_group = scheme.variant.PublicKey.GROUP, scheme.variant.Signature.GROUP
    bad_pks = [
        b"", pkb[:-1], pkb + b"\x00", pkb * 2,               # lengths
        bytes([0xC0]) + bytes(len(pkb) - 1),                 # identity (KeyValidate)
        pk_group.identity(),                                 # identity as a point
        bytes([pkb[0] & 0x7F]) + pkb[1:],                    # compression flag cleared
        bytes([pkb[0] | 0x40]) + pkb[1:],                    # infinity flag with x != 0
        b"\xff" * len(pkb),                                  # x >= p
        _non_subgroup(pk_group).to_bytes(),                  # on the curve, outside the subgroup
        _non_subgroup(pk_group),                             # same, as a point
        _not_on_curve(len(pkb)),
        sig_group.generator(),                               # a point of the wrong group
        (MinSig if scheme.variant is MinPk else MinPk).Basic.sk_to_pk(sk),  # the other variant's key
    ]
    for bad in bad_pks:
        assert scheme.verify(bad, msg, sig) is False, bad
        assert scheme.key_validate(bad) is False, bad
    bad_sigs = [
        b"", sigb[:-1], sigb + b"\x00",
        bytes([0xC0]) + bytes(len(sigb) - 1),                # identity: valid encoding, verifies nothing
        bytes([sigb[0] ^ 0x20]) + sigb[1:],                  # the other y: the negation
        b"\xff" * len(sigb),
        _non_subgroup(sig_group).to_bytes(),
        _non_subgroup(sig_group),
        _not_on_curve(len(sigb)),
        pk_group.generator(),
    ]
    for bad in bad_sigs:
        assert scheme.verify(pk, msg, bad) is False, bad
    assert scheme.key_validate(pk) and scheme.key_validate(pkb)
    with pytest.raises(TypeError):
        scheme.verify(pk, "a str message", sig)
    with pytest.raises(TypeError):
        scheme.verify(12345, msg, sig)
    with pytest.raises(TypeError):
        scheme.sign(sk.to_bytes(), msg)


def _non_subgroup(group):
    """A point on the curve but outside the prime-order subgroup."""
    if group is G1:
        for x in range(1, 100):
            y = ref.fp_sqrt(x**3 + 4)
            if y is not None:
                p = G1.from_affine(x, y, subgroup_check=False)
                if not p.in_subgroup():
                    return p
    else:
        for x0 in range(1, 100):
            x = (x0, 1)
            rhs = ref.f2_add(ref.f2_mul(ref.f2_mul(x, x), x), (4, 4))
            y = ref.fp2_sqrt(rhs)
            if y is not None:
                p = G2.from_affine(x, y, subgroup_check=False)
                if not p.in_subgroup():
                    return p
    raise AssertionError("no point found")


def _not_on_curve(size):
    """A compressed encoding of an x with no point on the curve."""
    if size == 48:
        for x in range(1, 100):
            if ref.fp_sqrt(x**3 + 4) is None:
                return bytes([0x80 | (x >> 376)]) + x.to_bytes(48, "big")[1:]
    else:
        for x0 in range(1, 100):
            x = (x0, 1)
            if ref.fp2_sqrt(ref.f2_add(ref.f2_mul(ref.f2_mul(x, x), x), (4, 4))) is None:
                enc = bytearray((1).to_bytes(48, "big") + x0.to_bytes(48, "big"))
                enc[0] |= 0x80
                return bytes(enc)
    raise AssertionError


# --------------------------------------------------------------------------
# aggregation


@pytest.mark.parametrize("scheme", SCHEMES, ids=IDS)
def test_aggregate_verify(scheme):
    sks = _keys(5, seed=2)
    pks = [scheme.sk_to_pk(k) for k in sks]
    msgs = [b"message %d" % i for i in range(5)]
    agg = scheme.aggregate([scheme.sign(k, m) for k, m in zip(sks, msgs)])
    assert scheme.aggregate_verify(pks, msgs, agg) is True
    assert scheme.aggregate_verify([p.to_bytes() for p in pks], msgs, agg.to_bytes()) is True
    assert scheme.aggregate_verify(pks, msgs[::-1], agg) is False
    assert scheme.aggregate_verify(pks[:-1], msgs[:-1], agg) is False
    assert scheme.aggregate_verify(pks, msgs[:-1], agg) is False  # unequal lengths
    assert scheme.aggregate_verify([], [], agg) is False
    assert scheme.aggregate_verify([], [], scheme.variant.Signature.GROUP.identity()) is False
    bad = list(pks)
    bad[2] = bytes([0xC0]) + bytes(len(pks[0].to_bytes()) - 1)
    assert scheme.aggregate_verify(bad, msgs, agg) is False
    assert scheme.aggregate_verify(pks, msgs, b"\x00" * len(agg.to_bytes())) is False
    # repeated messages: refused by Basic only
    dup = [b"same", b"same"]
    agg2 = scheme.aggregate([scheme.sign(k, b"same") for k in sks[:2]])
    assert scheme.aggregate_verify(pks[:2], dup, agg2) is (scheme.NAME != "Basic")


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_aggregate_and_keys(variant):
    s = variant.PoP
    sks = _keys(4, seed=3)
    sigs = [s.sign(k, b"x") for k in sks]
    agg = s.aggregate(sigs)
    assert agg.point == sum((g.point for g in sigs[1:]), sigs[0].point)
    assert s.aggregate([g.to_bytes() for g in sigs]) == agg
    assert s.aggregate([sigs[0]]) == sigs[0]
    with pytest.raises(errors.ArgumentError):
        s.aggregate([])
    with pytest.raises(errors.DecodeError):
        s.aggregate([sigs[0], b"\x00" * len(sigs[0].to_bytes())])
    with pytest.raises(errors.NotInSubgroupError):
        s.aggregate([sigs[0], _non_subgroup(variant.Signature.GROUP).to_bytes()])
    with pytest.raises(TypeError):
        s.aggregate([sigs[0], "str"])
    # a signature and its negation aggregate to the identity, a valid signature value
    assert s.aggregate([sigs[0], variant.Signature(-sigs[0].point)]).point.is_identity()
    pks = [s.sk_to_pk(k) for k in sks]
    apk = s.aggregate_public_keys(pks)
    assert apk.point == sum((p.point for p in pks[1:]), pks[0].point)
    assert s.verify(apk, b"x", agg)
    with pytest.raises(errors.ArgumentError):
        s.aggregate_public_keys([])
    with pytest.raises(errors.InvalidKeyError):
        s.aggregate_public_keys([pks[0], variant.PublicKey(-pks[0].point)])
    with pytest.raises(errors.InvalidKeyError):
        s.aggregate_public_keys([pks[0], bytes([0xC0]) + bytes(variant.PublicKey.SIZE - 1)])


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_fast_aggregate_verify_and_pop(variant):
    s = variant.PoP
    sks = _keys(6, seed=4)
    pks = [s.sk_to_pk(k) for k in sks]
    proofs = [s.pop_prove(k) for k in sks]
    for pk, proof in zip(pks, proofs):
        assert s.pop_verify(pk, proof) and s.pop_verify(pk.to_bytes(), proof.to_bytes())
        # a proof is not a signature of the key's encoding under the signing tag
        assert not s.verify(pk, pk.to_bytes(), proof)
    assert proofs[0].point == variant.Signature.GROUP.hash_to_curve(pks[0].to_bytes(), s.pop_dst) * sks[0].scalar()
    assert not s.pop_verify(pks[0], proofs[1])
    assert not s.pop_verify(pks[0], s.sign(sks[0], pks[0].to_bytes()))
    assert not s.pop_verify(b"\x00" * variant.PublicKey.SIZE, proofs[0])
    assert not s.pop_verify(pks[0], b"junk")
    msg = b"block root"
    agg = s.aggregate([s.sign(k, msg) for k in sks])
    assert s.fast_aggregate_verify(pks, msg, agg) is True
    assert s.fast_aggregate_verify((p.to_bytes() for p in pks), msg, agg.to_bytes()) is True
    assert s.fast_aggregate_verify(pks, msg + b"x", agg) is False
    assert s.fast_aggregate_verify(pks[:-1], msg, agg) is False
    assert s.fast_aggregate_verify([], msg, agg) is False
    assert s.fast_aggregate_verify([], msg, variant.Signature.GROUP.identity()) is False
    ident = bytes([0xC0]) + bytes(variant.PublicKey.SIZE - 1)
    assert s.fast_aggregate_verify(pks + [ident], msg, agg) is False
    # keys summing to the identity with the identity signature: rejected
    neg = variant.PublicKey(-pks[0].point)
    assert s.fast_aggregate_verify([pks[0], neg], msg, variant.Signature.GROUP.identity()) is False
    # only PoP has these operations
    assert not hasattr(variant.Basic, "fast_aggregate_verify")
    assert not hasattr(variant.Aug, "pop_prove")


# --------------------------------------------------------------------------
# batch verification


@pytest.mark.parametrize("scheme", SCHEMES, ids=IDS)
def test_batch_verify_small(scheme):
    sks = _keys(5, seed=5)
    triples = [(scheme.sk_to_pk(k), b"m%d" % (i % 3), scheme.sign(k, b"m%d" % (i % 3))) for i, k in enumerate(sks)]
    assert scheme.batch_verify(triples) is True
    assert scheme.batch_verify([]) is True
    assert scheme.find_invalid(triples) == []
    as_bytes = [(p.to_bytes(), m, s.to_bytes()) for p, m, s in triples]
    assert scheme.batch_verify(as_bytes) is True
    # two triples with swapped signatures: each invalid, their sum still right
    swapped = list(triples)
    swapped[0] = (triples[0][0], triples[0][1], triples[1][2])
    swapped[1] = (triples[1][0], triples[1][1], triples[0][2])
    assert scheme.batch_verify(swapped) is False
    assert scheme.find_invalid(swapped) == [0, 1]
    # another shape is named, not unpacked into a bare ValueError
    for check in (scheme.batch_verify, scheme.find_invalid):
        with pytest.raises(errors.ArgumentError, match=r"\(public key, message, signature\) triple, got 2 values"):
            check([triples[0][:2]])


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_batch_finds_bad_among_100(variant):
    s = variant.PoP
    n = 101
    sks = _keys(n, seed=6)
    pks = [s.sk_to_pk(k) for k in sks]
    msgs = [b"msg %d" % i for i in range(n)]
    # a fifth of the signatures share a message (grouped pairings)
    for i in range(0, n, 5):
        msgs[i] = b"common"
    sigs = [s.sign(k, m) for k, m in zip(sks, msgs)]
    triples = list(zip(pks, msgs, sigs))
    assert s.batch_verify(triples)
    forged_sig = s.sign(sks[0], b"not this one")
    cases = {
        "bad signature": (37, (pks[37], msgs[37], forged_sig)),
        "mismatched message": (64, (pks[64], b"tampered", sigs[64])),
        "swapped key": (90, (pks[91], msgs[90], sigs[90])),
        "bad in a shared-message group": (55, (pks[55], msgs[55], sigs[50])),
        "undecodable signature": (3, (pks[3], msgs[3], b"\x01" * variant.Signature.SIZE)),
        "identity key": (77, (bytes([0xC0]) + bytes(variant.PublicKey.SIZE - 1), msgs[77], sigs[77])),
    }
    for name, (i, bad) in cases.items():
        t = list(triples)
        t[i] = bad
        assert s.batch_verify(t) is False, name
        assert s.find_invalid(t) == [i], name
    t = list(triples)
    t[10] = (pks[10], msgs[10], forged_sig)
    t[99] = (pks[98], msgs[99], sigs[99])
    assert s.find_invalid(t) == [10, 99]


def test_batch_coefficients_are_random_and_nonzero(monkeypatch):
    from pybls.sig import batch

    seen = batch._coefficients(1000)
    assert all(0 < r < 2**64 for r in seen) and len(set(seen)) == 1000
    assert max(seen).bit_length() > 60
    # with the coefficients forced to 1 the check degenerates and is fooled by
    # two swapped signatures of one key pair set: the real one is not
    sks = _keys(2, seed=7)
    s = MinPk.Basic
    t = [(s.sk_to_pk(sks[0]), b"a", s.sign(sks[0], b"b")), (s.sk_to_pk(sks[0]), b"b", s.sign(sks[0], b"a"))]
    assert s.batch_verify(t) is False
    monkeypatch.setattr(batch, "_coefficients", lambda n: [1] * n)
    assert s.batch_verify(t) is True  # why random coefficients are needed


# --------------------------------------------------------------------------
# keys


def test_key_gen_eip2333_master_keys(vectors_dir):
    # EIP-2333's derive_master_SK(seed) is the draft's KeyGen(seed) with
    # empty key_info; the vectors give master_SK as integers.
    with open(vectors_dir / "eip2333" / "tree_kdf.json") as f:
        cases = json.load(f)["kdf_tests"]
    with open(vectors_dir / "eip2333" / "tree_kdf_intermediate.json") as f:
        cases.append(json.load(f))
    assert len(cases) == 5
    for c in cases:
        sk = key_gen(bytes.fromhex(c["seed"]))
        assert int.from_bytes(sk.to_bytes(), "big") == c["master_SK"]


def test_key_gen_properties():
    ikm = bytes(range(32))
    assert key_gen(ikm) == key_gen(bytearray(ikm)) == MinSig.Aug.key_gen(ikm)
    assert key_gen(ikm) != key_gen(ikm, b"info")
    assert key_gen(ikm, b"info") == key_gen(ikm, key_info=b"info")
    assert key_gen(ikm + b"\x00") != key_gen(ikm)
    for n in (0, 1, 31):
        with pytest.raises(ValueError):
            key_gen(bytes(n))
    with pytest.raises(TypeError):
        key_gen("a" * 40)
    assert SecretKey.random() != SecretKey.random()


def test_secret_key_encoding_and_range():
    sk = SecretKey.from_int(12345)
    assert sk.to_bytes() == (12345).to_bytes(32, "big") and sk.scalar() == 12345
    assert SecretKey.from_bytes(sk.to_bytes()) == sk
    assert SecretKey.from_int(ref.R - 1).to_bytes() == (ref.R - 1).to_bytes(32, "big")
    for bad in (0, ref.R, ref.R + 1, -1, 2**256):
        with pytest.raises(errors.InvalidKeyError):
            SecretKey.from_int(bad)
    for bad in (bytes(32), ref.R.to_bytes(32, "big"), b"\xff" * 32):
        with pytest.raises(errors.InvalidKeyError):
            SecretKey.from_bytes(bad)
    for bad in (bytes(31), bytes(33), b""):
        with pytest.raises(errors.InvalidLengthError):
            SecretKey.from_bytes(bad)
    with pytest.raises(TypeError):
        SecretKey()
    with pytest.raises(TypeError):
        SecretKey.from_bytes("00" * 32)
    assert issubclass(errors.InvalidKeyError, ValueError) and issubclass(errors.InvalidKeyError, errors.PyblsError)


def test_secret_key_never_shown():
    value = 0x1234567890ABCDEF1122334455667788 * 3
    sk = SecretKey.from_int(value)
    secrets_as_text = {sk.to_bytes().hex(), str(value), hex(value)[2:], sk.to_bytes().hex().lstrip("0")}
    shown = [repr(sk), str(sk), f"{sk}", f"{sk!r}", repr([sk]), repr({"k": sk})]
    for text in shown:
        assert text in ("SecretKey(<hidden>)", "[SecretKey(<hidden>)]", "{'k': SecretKey(<hidden>)}"), text
    with pytest.raises(TypeError):
        hash(sk)
    with pytest.raises(TypeError):
        pickle.dumps(sk)
    # exception messages never contain the key
    msgs = []
    for bad in (ref.R + value, value + 2**256):
        with pytest.raises(errors.InvalidKeyError) as e:
            SecretKey.from_int(bad)
        msgs.append(str(e.value))
    with pytest.raises(errors.InvalidKeyError) as e:
        SecretKey.from_bytes((ref.R + 5).to_bytes(32, "big"))
    msgs.append(str(e.value))
    with pytest.raises(ValueError) as e:
        key_gen(sk.to_bytes()[:20])
    msgs.append(str(e.value))
    for m in msgs:
        for text in secrets_as_text | {str(ref.R + value), (ref.R + 5).to_bytes(32, "big").hex()}:
            assert text not in m


def test_secret_key_equality_copy_zeroize():
    sk = SecretKey.from_int(99)
    twin = SecretKey.from_bytes(sk.to_bytes())
    assert sk == twin and sk != SecretKey.from_int(98) and sk != 99
    c = copy.deepcopy(sk)
    assert c == sk and c is not sk
    pk = MinPk.Basic.sk_to_pk(sk)
    with twin as k:
        assert MinPk.Basic.sk_to_pk(k) == pk
    assert twin.is_zeroized() and not sk.is_zeroized()
    assert bytes(twin._key) == bytes(32)
    assert repr(twin) == "SecretKey(<zeroized>)"
    for op in (twin.to_bytes, twin.scalar, lambda: MinPk.Basic.sign(twin, b"m"),
               lambda: MinPk.PoP.pop_prove(twin), lambda: twin == sk):
        with pytest.raises(errors.InvalidKeyError):
            op()
    c.zeroize()
    c.zeroize()  # idempotent
    assert MinPk.Basic.verify(pk, b"m", MinPk.Basic.sign(sk, b"m"))


# --------------------------------------------------------------------------
# public keys and signatures as values


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.name)
def test_public_key_and_signature_objects(variant):
    sk = _keys(1, seed=8)[0]
    pk = variant.Basic.sk_to_pk(sk)
    sig = variant.Basic.sign(sk, b"m")
    for obj, cls, base in ((pk, variant.PublicKey, PublicKey), (sig, variant.Signature, Signature)):
        enc = obj.to_bytes()
        assert len(enc) == cls.SIZE and bytes(obj) == enc == obj.point.to_bytes()
        assert cls.from_bytes(enc) == obj == base.from_bytes(enc) == base(obj.point) == cls(obj.point)
        assert type(base.from_bytes(enc)) is cls
        assert hash(cls.from_bytes(enc)) == hash(obj)
        assert pickle.loads(pickle.dumps(obj)) == obj
        assert copy.copy(obj) is obj
        assert repr(obj).startswith(cls.__name__ + "(0x")
        with pytest.raises(AttributeError):
            obj._point = obj.point
        with pytest.raises(errors.InvalidLengthError):
            cls.from_bytes(enc + b"\x00")
        with pytest.raises(errors.InvalidLengthError):
            base.from_bytes(enc[:40])
        with pytest.raises(errors.InvalidLengthError):
            cls.from_bytes(obj.point.to_bytes(compressed=False))
        with pytest.raises(errors.NotInSubgroupError):
            cls.from_bytes(_non_subgroup(cls.GROUP).to_bytes())
        with pytest.raises(errors.NotInSubgroupError):
            cls(_non_subgroup(cls.GROUP))
        with pytest.raises(errors.NotOnCurveError):
            cls.from_bytes(_not_on_curve(cls.SIZE))
        with pytest.raises(errors.InvalidFlagsError):
            cls.from_bytes(bytes([enc[0] & 0x7F]) + enc[1:])
        with pytest.raises(errors.NonCanonicalError):
            cls.from_bytes(b"\x9f" + b"\xff" * (cls.SIZE - 1))
        with pytest.raises(TypeError):
            cls(Scalar(3))
    other = [g for g in (G1, G2) if g is not variant.PublicKey.GROUP][0]
    with pytest.raises(TypeError):
        variant.PublicKey(other.generator())
    ident = variant.PublicKey.GROUP.identity()
    with pytest.raises(errors.InvalidKeyError):
        variant.PublicKey(ident)
    with pytest.raises(errors.InvalidKeyError):
        variant.PublicKey.from_bytes(ident.to_bytes())
    assert variant.Signature.from_bytes(variant.Signature.GROUP.identity().to_bytes()).point.is_identity()
    assert pk != variant.PublicKey(pk.point + pk.point)
