"""pybls.sig on every curve: each scheme of each variant whose signature
group the curve hashes to, with a few cases per curve (BLS12-381's
thorough tests and outside vectors are in test_sig.py and
test_sig_eth_vectors.py; BN254's drand beacons in test_drand_evmnet.py).

The curves come from pybls.curves.CURVES and their HASH_SUITES, so a new
curve module is tested here without a line changed. Expected values are
computed in the tests from the definitions: the draft's KeyGen from
hashlib/hmac, signatures as sk * H(m) with the curve's public
hash_to_curve, and verification as the pairing equation itself."""

import hashlib
import hmac
import pickle

import pytest

from pybls import curves, errors, sig
from pybls.sig.bn254 import BN254PublicKey, MinSigBN254

from curve_cases import SIGNATURE_GROUP as _GROUP_OF_SIGNATURES
from curve_cases import SLOW_CURVES, sig_cases

# At 32-bit limbs this module runs in the Pyodide pass (tests/conftest.py).
pytestmark = pytest.mark.scheme

CASES = sig_cases()
# Aggregation and batches on the curves that pair fast; the slow ones
# aggregate once in test_sign_verify_by_definition.
FAST_CASES = sig_cases(slow=False)


def _keys(key, n, seed):
    return [sig.key_gen(bytes([seed, i]) * 16, curve=key) for i in range(n)]


def test_cases_cover_the_curves_that_hash():
    ids = {p.values for p in CASES}
    assert {(key, variant) for key in ("bls12_381", "bn254", "bn381", "bn462")
            for variant in ("MinPk", "MinSig")} <= ids
    # BLS48-581 hashes to both groups (G2 over Fp8): both variants.
    assert {("bls48_581", "MinSig"), ("bls48_581", "MinPk")} <= ids


# --------------------------------------------------------------------------
# ciphersuites


def test_ciphersuite_ids_from_the_curve_suites():
    # The draft's pattern: BLS_SIG_ + RFC 9380 suite ID + NUL_/AUG_/POP_.
    for key in curves.CURVES:
        module = curves.CURVES[key]
        for v in sig.for_curve(key).variants:
            suite = module.HASH_SUITES[_GROUP_OF_SIGNATURES[v.name]]
            assert v.Basic.dst == f"BLS_SIG_{suite}NUL_".encode()
            assert v.Aug.dst == f"BLS_SIG_{suite}AUG_".encode()
            assert v.PoP.dst == f"BLS_SIG_{suite}POP_".encode()
            assert v.PoP.pop_dst == f"BLS_POP_{suite}POP_".encode()
    assert sig.scheme("bn254", "MinPk", "PoP").dst == b"BLS_SIG_BN254G2_XMD:SHA-256_SVDW_RO_POP_"
    assert sig.scheme("alt_bn128", "MinSig", "basic").dst == b"BLS_SIG_BN254G1_XMD:SHA-256_SVDW_RO_NUL_"
    # BLS12-381 stays the default, with the same objects.
    assert sig.for_curve(None).MinPk is sig.MinPk and sig.scheme("bls12_381", "MinSig", "Aug") is sig.MinSig.Aug
    assert [cs[2] for cs in sig.ciphersuites()] == [s.dst for v in (sig.MinPk, sig.MinSig)
                                                    for s in (v.Basic, v.Aug, v.PoP)]
    with pytest.raises(ValueError):
        sig.scheme(None, "MinPk", "Fast")
    with pytest.raises(ValueError):
        sig.for_curve(None).variant("MinKey")
    with pytest.raises(LookupError):
        sig.for_curve("no-such-curve")
    with pytest.raises(TypeError):
        sig.for_curve(3)


def test_curves_without_a_hash_say_so():
    # A curve that does not hash to a group has no schemes with signatures
    # there (pybls.bn254_nogami hashes to neither group), but has keys.
    missing = 0
    for key in curves.CURVES:
        module = curves.CURVES[key]
        schemes = sig.for_curve(key)
        for variant, group in _GROUP_OF_SIGNATURES.items():
            if group in module.HASH_SUITES:
                continue
            missing += 1
            with pytest.raises(errors.UnsupportedCurveError, match=f"no hash to {group}"):
                getattr(schemes, variant)
            with pytest.raises(NotImplementedError):
                sig.scheme(key, variant, "Basic")
        assert len(schemes.variants) == sum(g in module.HASH_SUITES for g in ("G1", "G2"))
    assert missing >= 2  # at least bn254_nogami's two
    sk = sig.for_curve("bn254_nogami").key_gen(bytes(32))
    assert sk.curve is curves.get("bn254_nogami") and not sk.scalar().is_zero()


# --------------------------------------------------------------------------
# keys


def _hkdf_key_gen(ikm, key_info, r):
    # draft-irtf-cfrg-bls-signature-05, 2.3, with L from the curve's r.
    length = -(-3 * r.bit_length() // 16)
    salt = b"BLS-SIG-KEYGEN-SALT-"
    while True:
        salt = hashlib.sha256(salt).digest()
        prk = hmac.new(salt, ikm + b"\x00", hashlib.sha256).digest()
        okm, block, i = b"", b"", 1
        while len(okm) < length:
            block = hmac.new(prk, block + key_info + length.to_bytes(2, "big") + bytes([i]), hashlib.sha256).digest()
            okm += block
            i += 1
        sk = int.from_bytes(okm[:length], "big") % r
        if sk:
            return sk


@pytest.mark.parametrize("key", list(curves.CURVES))
def test_key_gen_uses_the_curve_order(key):
    module = curves.CURVES[key]
    for ikm, info in ((bytes(range(32)), b""), (b"\xa5" * 40, b"pybls")):
        sk = sig.key_gen(ikm, info, curve=module)
        expected = _hkdf_key_gen(ikm, info, module.Scalar.R)
        assert int.from_bytes(sk.to_bytes(), "big") == expected
        assert sk.scalar() == module.Scalar(expected) and type(sk.scalar()) is module.Scalar
        assert len(sk.to_bytes()) == len(module.Scalar(1).to_bytes())
        assert sig.SecretKey.from_bytes(sk.to_bytes(), curve=key) == sk
    # from_int, from_scalar and the range checks use the curve's r.
    r = module.Scalar.R
    assert sig.SecretKey.from_int(r - 1, curve=module).scalar() == -1
    assert sig.SecretKey.from_scalar(module.Scalar(5)).curve is module
    for bad in (0, r):
        with pytest.raises(errors.InvalidKeyError):
            sig.SecretKey.from_int(bad, curve=module)
    with pytest.raises(errors.InvalidKeyError):
        sig.SecretKey.from_bytes(r.to_bytes(len(module.Scalar(1).to_bytes()), "big"), curve=module)
    with pytest.raises(errors.InvalidKeyError):
        sig.SecretKey.from_scalar(module.Scalar(0))


def test_keys_of_one_curve_do_not_sign_on_another():
    bls_key = sig.key_gen(bytes(32))
    bn_key = sig.key_gen(bytes(32), curve="bn254")
    assert bls_key != bn_key and bls_key.curve is curves.get("bls12_381")
    assert repr(bn_key) == "SecretKey(<hidden>, curve=BN254)" and repr(bls_key) == "SecretKey(<hidden>)"
    for scheme in (sig.MinPk.Basic, sig.MinSig.PoP):
        with pytest.raises(TypeError, match="BN254"):
            scheme.sign(bn_key, b"m")
    with pytest.raises(TypeError, match="BLS12-381"):
        sig.for_curve("bn254").MinPk.PoP.pop_prove(bls_key)
    # Public keys and signatures of one curve do not verify on another.
    bn = sig.for_curve("bn254").MinPk.Basic
    pk, s = bn.sk_to_pk(bn_key), bn.sign(bn_key, b"m")
    assert not sig.MinPk.Basic.verify(pk, b"m", s)
    assert not sig.MinPk.Basic.verify(pk.to_bytes(), b"m", s.to_bytes())
    # drand's evmnet scheme keeps taking BLS12-381 keys, reduced modulo BN254's r.
    reduced = sig.SecretKey.from_int(int.from_bytes(bls_key.to_bytes(), "big") % bn_key.curve.Scalar.R, curve="bn254")
    assert MinSigBN254.Basic.sign(bls_key, b"m") == MinSigBN254.Basic.sign(reduced, b"m")
    assert MinSigBN254.Basic.variant is sig.for_curve("bn254").MinSig and BN254PublicKey is MinSigBN254.PublicKey


# --------------------------------------------------------------------------
# the schemes


@pytest.mark.parametrize("key, variant", CASES)
def test_sign_verify_by_definition(key, variant):
    module = curves.CURVES[key]
    v = sig.for_curve(module).variant(variant)
    pk_group, sig_group = (module.G1, module.G2) if variant == "MinPk" else (module.G2, module.G1)
    sk, other = _keys(key, 2, 1)
    g1, g2 = module.G1.generator(), module.G2.generator()
    # Aug hashes the public key with the message: the one scheme of a slow curve.
    for scheme in (v.Aug,) if key in SLOW_CURVES else (v.Basic, v.Aug, v.PoP):
        pk = scheme.sk_to_pk(sk)
        assert type(pk) is v.PublicKey and pk.point == pk_group.generator() * sk.scalar()
        assert pk.to_bytes() == pk.point.to_bytes() and v.PublicKey.from_bytes(pk.to_bytes()) == pk
        s = scheme.sign(sk, b"msg")
        signed = pk.to_bytes() + b"msg" if scheme.NAME == "Aug" else b"msg"
        h = sig_group.hash_to_curve(signed, scheme.dst)
        assert type(s) is v.Signature and s.point == h * sk.scalar()
        # The verification equation, written out: e(pk, H) == e(g1, sig) or e(H, pk) == e(sig, g2).
        if variant == "MinPk":
            assert module.pairing(pk.point, h) == module.pairing(g1, s.point)
        else:
            assert module.pairing(h, pk.point) == module.pairing(s.point, g2)
        assert scheme.verify(pk, b"msg", s) and scheme.verify(pk.to_bytes(), b"msg", s.to_bytes())
        assert not scheme.verify(pk, b"msh", s)
        assert not scheme.verify(scheme.sk_to_pk(other), b"msg", s)
        assert not scheme.verify(pk, b"msg", s.point + sig_group.generator())
        assert not scheme.verify(pk_group.identity(), b"msg", s)
        assert not scheme.verify(pk.to_bytes()[:-1], b"msg", s)
        with pytest.raises(TypeError):
            scheme.verify(pk, "a str", s)
        assert pickle.loads(pickle.dumps(scheme)) == scheme
        assert pickle.loads(pickle.dumps(pk)) == pk and pickle.loads(pickle.dumps(s)) == s
    assert pickle.loads(pickle.dumps(v)) is v
    with pytest.raises(errors.InvalidKeyError):
        v.PublicKey(pk_group.identity())
    if key in SLOW_CURVES:
        # One aggregate, whose check is one product of two pairings.
        pks = [v.PoP.sk_to_pk(k) for k in (sk, other)]
        agg = v.PoP.aggregate([v.PoP.sign(k, b"block") for k in (sk, other)])
        assert v.PoP.fast_aggregate_verify(pks, b"block", agg)
        assert not v.PoP.fast_aggregate_verify(pks[:1], b"block", agg)


@pytest.mark.parametrize("key, variant", FAST_CASES)
def test_aggregation_pop_and_batches(key, variant):
    v = sig.for_curve(key).variant(variant)
    sks = _keys(key, 3, 2)
    pop = v.PoP
    pks = [pop.sk_to_pk(k) for k in sks]
    # Proofs of possession use their own tag.
    proofs = [pop.pop_prove(k) for k in sks]
    assert all(pop.pop_verify(p, q) for p, q in zip(pks, proofs))
    assert not pop.pop_verify(pks[0], proofs[1]) and not pop.verify(pks[0], pks[0].to_bytes(), proofs[0])
    # Same message, aggregated keys.
    agg = pop.aggregate([pop.sign(k, b"block") for k in sks])
    assert pop.fast_aggregate_verify(pks, b"block", agg)
    assert not pop.fast_aggregate_verify(pks[:2], b"block", agg)
    assert pop.aggregate_public_keys(pks).point == sum((p.point for p in pks[1:]), pks[0].point)
    # Distinct messages; Basic refuses repeated ones, Aug takes them.
    msgs = [b"a", b"b", b"c"]
    for scheme in (v.Basic, v.Aug):
        agg = scheme.aggregate([scheme.sign(k, m) for k, m in zip(sks, msgs)])
        assert scheme.aggregate_verify(pks, msgs, agg)
        assert not scheme.aggregate_verify(pks, [b"a", b"b", b"d"], agg)
    same = v.Aug.aggregate([v.Aug.sign(k, b"same") for k in sks])
    assert v.Aug.aggregate_verify(pks, [b"same"] * 3, same)
    assert not v.Basic.aggregate_verify(pks, [b"same"] * 3, v.Basic.aggregate([v.Basic.sign(k, b"same") for k in sks]))
    # Batch verification, with one bad triple found among four.
    triples = [(pop.sk_to_pk(k), m, pop.sign(k, m)) for k, m in zip(sks + sks[:1], msgs + [b"a"])]
    assert pop.batch_verify(triples) and pop.find_invalid(triples) == []
    triples[2] = (triples[2][0], b"forged", triples[2][2])
    assert not pop.batch_verify(triples) and pop.find_invalid(triples) == [2]


def test_bn254_keccak_scheme_is_the_generic_one():
    # drand's evmnet scheme is the BN254 MinSig Basic scheme with Keccak-256:
    # its signatures are sk * H(m), H hashing with the Keccak-256 suite.
    bn254 = curves.get("bn254")
    sk = sig.key_gen(b"\x11" * 32, curve=bn254)
    s = MinSigBN254.Basic.sign(sk, b"round")
    h = bn254.G1.hash_to_curve(b"round", MinSigBN254.Basic.dst, hash="keccak256")
    assert s.point == h * sk.scalar()
    assert bn254.pairing(h, MinSigBN254.Basic.sk_to_pk(sk).point) == bn254.pairing(s.point, bn254.G2.generator())
    assert pickle.loads(pickle.dumps(MinSigBN254.Basic)) == MinSigBN254.Basic
    assert MinSigBN254.SHA256.sign(sk, b"round") == sig.for_curve(bn254).MinSig.Basic.sign(sk, b"round")
