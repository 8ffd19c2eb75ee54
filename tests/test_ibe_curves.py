"""pybls.ibe on every curve that hashes to the identity group (the same
(curve, variant) pairs as the signatures: identity keys are signatures;
BLS12-381's kyber/tlock vectors are in test_ibe.py and test_tlock.py).
FullIdent is checked against its formulas written out here, with the
curve's own pairing and H3 redone from hashlib."""

import hashlib

import pytest

from pybls import curves, errors, ibe

from curve_cases import sig_cases

# At 32-bit limbs this module runs in the Pyodide pass (tests/conftest.py).
pytestmark = pytest.mark.scheme

CASES = sig_cases()


def _h3(sigma, message, r):
    # kyber's rejection sampling, with draws as long as the curve's scalars
    # whose first byte is shifted right to r's bit length
    size = (r.bit_length() + 7) // 8
    seed = hashlib.sha256(b"IBE-H3" + sigma + message).digest()
    for i in range(1, 1 << 16):
        draw = hashlib.sha256(i.to_bytes(2, "little") + seed).digest()
        j = 1
        while len(draw) < size:
            draw += hashlib.sha256(i.to_bytes(2, "little") + seed + bytes([j])).digest()
            j += 1
        h = bytearray(draw[:size])
        h[0] >>= 8 * size - r.bit_length()  # kyber's: the first byte shifted right once on BLS12-381
        v = int.from_bytes(h, "big")
        if v < r:
            return v


def _xor(a, b):
    return bytes(x ^ y for x, y in zip(a, b))


@pytest.mark.parametrize("key, variant", CASES)
def test_full_ident_by_definition(key, variant):
    module = curves.CURVES[key]
    master = ibe.MasterKey.generate(variant, curve=module)
    v = master.variant
    assert v is ibe.variant_of(variant, key) and v.curve.module is module
    suite = module.HASH_SUITES["G1" if v.id_group is module.G1 else "G2"]
    assert v.dst == f"PYBLS-IBE-V01-CS01-with-{suite}".encode()
    s = module.Scalar.from_bytes(master.to_bytes())
    mpk = master.public_key()
    assert mpk == v.key_group.generator() * s
    q_id = v.id_group.hash_to_curve(b"erin", v.dst)
    d = master.extract(b"erin")
    assert d.point == q_id * s and d.verify(mpk, b"erin") and not d.verify(mpk, b"frank")
    assert ibe.IdentityKey.from_bytes(d.to_bytes(), curve=module).point == d.point
    # FullIdent with a fixed sigma, against the formulas.
    msg, sigma = bytes(range(16)), b"\x42" * 16
    ct = ibe.bf_encrypt(mpk, q_id, msg, rng=lambda n: sigma)
    r = _h3(sigma, msg, module.Scalar.R)
    assert int(ibe.h3(sigma, msg, module.Scalar)) == r
    assert ct.U == v.key_group.generator() * r
    g1_first = (q_id * r, mpk) if v.id_group is module.G1 else (mpk, q_id * r)
    assert ct.V == _xor(sigma, ibe.h2(module.pairing(*g1_first), 16))
    assert ct.W == _xor(msg, ibe.h4(sigma, 16))
    assert ibe.Ciphertext.from_bytes(ct.to_bytes(), v.key_group) == ct
    assert ibe.bf_decrypt(d.point, ct) == msg
    with pytest.raises(errors.DecryptionError):
        ibe.bf_decrypt(master.extract(b"frank").point, ct)
    # The hybrid format, to a point or its compressed bytes.
    box = ibe.encrypt(mpk.to_bytes(compressed=True), b"erin", b"any length message", curve=module)
    assert ibe.decrypt(d, box) == b"any length message"
    tampered = bytearray(box)
    tampered[-1] ^= 1
    for bad in (bytes(tampered), box[:-1]):
        with pytest.raises(errors.DecryptionError):
            ibe.decrypt(d, bad)
    assert ibe.MasterKey.from_bytes(master.to_bytes(), variant, curve=key) == master


def test_curves_and_variants_do_not_mix():
    bn254 = curves.get("bn254")
    m = ibe.MasterKey.generate("MinSig", curve=bn254)
    box = ibe.encrypt(m.public_key(), b"id", b"m")
    other = ibe.MasterKey.generate("MinSig")  # BLS12-381
    with pytest.raises(errors.DecryptionError):
        ibe.decrypt(other.extract(b"id"), box)
    with pytest.raises(errors.ArgumentError):
        ibe.MasterKey.generate(ibe.MinSig, curve=bn254)
    with pytest.raises(TypeError):
        ibe.bf_encrypt(m.public_key(), curves.get("bls12_381").G1.generator(), bytes(16))
    with pytest.raises(errors.UnsupportedCurveError):
        ibe.MasterKey.generate("MinSig", curve="bn254_nogami")
