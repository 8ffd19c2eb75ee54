"""pybls.she: two-level homomorphic encryption on every curve.

Plaintexts are checked through the decryption tables and, independently of
them, against the group elements the scheme promises (m·P, e(P, Q)^m):
the tables are tested on their own against multiples computed by the core.
Small tables keep most tests cheap; the default range (|m| < 2**31 at
level 1) is tested at its edges once. mcl-wasm (the Node oracle) has no
SHE and mcl's SHE tests publish no known answers, so the interoperability
tests (tests/test_xref_mcl_she.py) run mcl's formulas with mcl's own
group arithmetic instead.
"""

import copy
import pickle

import pytest

from pybls import curves, errors, she
from pybls.she import proofs

# At 32-bit limbs this module runs in the Pyodide pass (tests/conftest.py).
pytestmark = pytest.mark.scheme

CURVES = ["bls12_381", "bn254", "bn254_nogami"]
# Small tables: |m| < 5000 with 32 entries (giant steps of 65).
SMALL = {"bound": 5000, "baby_steps": 32}
_tables = {}
_keys = {}


def table(curve, group):
    key = (curve, group)
    if key not in _tables:
        _tables[key] = she.DecryptionTable.build(curve, group, **SMALL)
    return _tables[key]


def keys(curve):
    if curve not in _keys:
        sk = she.SecretKey.generate(curve)
        _keys[curve] = (sk, sk.public_key())
    return _keys[curve]


def dec(sk, ct):
    group = {she.CipherTextG1: "g1", she.CipherTextG2: "g2", she.CipherTextGT: "gt"}[type(ct)]
    return sk.decrypt(ct, table(sk.curve.__name__.rpartition(".")[2], group))


@pytest.mark.parametrize("curve", CURVES)
def test_homomorphic_identities(curve):
    sk, pk = keys(curve)
    c = curves.get(curve)
    a, b = pk.enc_g1(-37), pk.enc_g1(20)
    u, v = pk.enc_g2(11), pk.enc_g2(-3)
    # Independently of the tables: S - x·T is m·P.
    assert sk._level1_point(a) == c.G1.generator() * -37
    assert dec(sk, a + b) == -17 and dec(sk, a - b) == -57 and dec(sk, -a) == 37
    assert dec(sk, a * 3) == -111 and dec(sk, -2 * b) == -40 and dec(sk, b * 0) == 0
    assert dec(sk, u - v) == 14 and dec(sk, v * -5) == 15 and dec(sk, u - u) == 0
    # The range's edges through a decryption's single call into the core.
    assert dec(sk, pk.enc_g1(4999)) == 4999 and dec(sk, pk.enc_g2(-4999)) == -4999
    for ct in (pk.enc_g1(-5000), pk.enc_g2(5000)):
        with pytest.raises(she.RangeError):
            dec(sk, ct)
    prod = (a + b) * (u + v)
    assert sk._gt_value(prod) == c.GT.generator() ** (-17 * 8)
    assert dec(sk, prod) == -136 and dec(sk, u * a) == -407
    g = pk.enc_gt(-1000)
    assert dec(sk, g) == -1000 and dec(sk, prod - g * 2) == 1864 and dec(sk, -g) == 1000
    # One final exponentiation per component for the whole inner product.
    assert dec(sk, she.inner_product([a, b, a], [u, v, v])) == -37 * 11 + 20 * -3 + -37 * -3
    with pytest.raises(errors.ArgumentError, match=r"a \(CipherTextG1, CipherTextG2\) pair, got 3 values"):
        she.CipherTextGT.product_sum([(a, u, u)])
    for xs, ys in (([], []), ([a], [u, v])):
        with pytest.raises(errors.ArgumentError, match="inner_product"):
            she.inner_product(xs, ys)
    assert dec(sk, a.to_gt() + u.to_gt() * 2) == -15
    assert sk.is_zero(a - a) and sk.is_zero(prod - prod) and not sk.is_zero(b)


@pytest.mark.parametrize("curve", CURVES)
def test_rerandomization(curve):
    sk, pk = keys(curve)
    for ct in (pk.enc_g1(5), pk.enc_g2(-6), pk.enc_gt(7), pk.enc_g1(2).to_gt()):
        fresh = ct.rerandomize(pk)
        assert fresh.to_bytes() != ct.to_bytes() and dec(sk, fresh) == dec(sk, ct)
    assert pk.enc_g1(5) != pk.enc_g1(5)  # probabilistic encryption


@pytest.mark.parametrize("group", ["g1", "g2", "gt"])
@pytest.mark.parametrize("curve", CURVES)
def test_table_range_edges(curve, group):
    c = curves.get(curve)
    t = table(curve, group)
    n, s, bound = t.baby_steps, 2 * t.baby_steps + 1, t.bound
    base = {"g1": c.G1.generator(), "g2": c.G2.generator(), "gt": c.GT.generator()}[group]
    power = (lambda m: base * m) if group != "gt" else (lambda m: base ** m)
    # Inside: both signs of 0, baby-table edges, exact giant steps, the bound's edge.
    for m in (0, 1, n, n + 1, s, 3 * s, 3 * s - n, 3 * s + n, 40, bound - 1):
        assert t.log(power(m)) == m and t.log(power(-m)) == -m
    for m in (bound, bound + 1, 10**9, c.CURVE_ORDER // 2):
        for v in (m, -m):
            with pytest.raises(she.RangeError):
                t.log(power(v))
    with pytest.raises(TypeError):
        t.log(c.G1.generator() if group != "g1" else c.G2.generator())


def test_default_range():
    # The default G1 table decrypts any |m| < 2**31, and no more.
    sk, pk = keys("bls12_381")
    for m in (2**31 - 1, -(2**31 - 1), 2**20 + 7):
        assert sk.decrypt(pk.enc_g1(m)) == m
    with pytest.raises(she.RangeError):
        sk.decrypt(pk.enc_g1(2**31))
    assert she.DecryptionTable.default("bls12_381", "g1").bound == 2**31


@pytest.mark.once
def test_default_range_g2_and_gt():
    sk, pk = keys("bn254_nogami")
    assert sk.decrypt(pk.enc_g2(-(2**31 - 1))) == -(2**31 - 1)
    assert sk.decrypt(pk.enc_g1(2**15) * pk.enc_g2(2**8 - 1)) == 2**15 * 255
    with pytest.raises(she.RangeError):
        sk.decrypt(pk.enc_g2(2**31))
    with pytest.raises(she.RangeError):
        sk.decrypt(pk.enc_gt(-(2**24)))


def test_table_save_load(tmp_path):
    sk, pk = keys("bn254_nogami")
    t = she.DecryptionTable.build("bn254_nogami", "g2", bound=3000, baby_steps=20)
    path = tmp_path / "g2.table"
    t.save(path)
    loaded = she.DecryptionTable.load(path)
    assert (loaded.curve, loaded.group, loaded.bound, loaded.baby_steps) == (t.curve, "g2", 3000, 20)
    assert loaded.to_bytes() == t.to_bytes()
    assert sk.decrypt(pk.enc_g2(-2999), loaded) == -2999
    gt = she.DecryptionTable.build("bn254_nogami", "gt", bound=500, baby_steps=8)
    assert sk.decrypt(pk.enc_gt(499), she.DecryptionTable.from_bytes(gt.to_bytes())) == 499
    data = t.to_bytes()
    other = she.DecryptionTable.build("bn254", "g2", bound=3000, baby_steps=20).to_bytes()
    bad = [
        b"", data[:10], b"X" + data[1:], data[:-8], data + b"\0" * 8,
        data.replace(b"bn254_nogami", b"bn254_nogamX"),
        data[:-8] + bytes(8),                      # a wrong last entry
        other.replace(b"bn254", b"bn254_nogami", 1)[: len(data)],  # another curve's entries
    ]
    for b in bad:
        with pytest.raises(errors.TableFormatError):
            she.DecryptionTable.from_bytes(b)
    with pytest.raises(TypeError):
        sk.decrypt(pk.enc_g1(1), loaded)  # a G2 table for a G1 ciphertext


@pytest.mark.parametrize("curve", CURVES)
def test_proofs_accept_and_reject(curve):
    sk, pk = keys(curve)
    _, pk2 = keys("bn254" if curve != "bn254" else "bls12_381")
    other = she.SecretKey.generate(curve).public_key()
    for group in ("g1", "g2"):
        for m in (0, 1):
            ct, z = pk.enc_with_proof_bin(m, group)
            assert pk.verify_bin(ct, z) and dec(sk, ct) == m
            assert not pk.verify_bin(ct.rerandomize(pk), z)          # another ciphertext
            assert not other.verify_bin(ct, z)                        # another key
            assert not pk.verify_bin(ct, _tweak(z))                   # a changed scalar
        # A cheating voter's 2, with the proof a 0/1 prover would make.
        r = pk.curve.Scalar.random()
        S, T = pk._enc_point(group, pk.curve.Scalar(2), r)
        forged = proofs.prove_bin(pk, group, 1, r, S, T)
        cls = she.CipherTextG1 if group == "g1" else she.CipherTextG2
        assert not pk.verify_bin(cls._make(pk.curve, S, T), forged)
    with pytest.raises(errors.ArgumentError, match=r"0 or 1 \(the value is not shown") as e:
        pk.enc_with_proof_bin(123457)
    assert "123457" not in str(e.value)
    # a yes/no vote may be a bool (other plaintexts may not)
    ct, z = pk.enc_with_proof_bin(True)
    assert pk.verify_bin(ct, z) and dec(sk, ct) == 1
    with pytest.raises(TypeError, match="not bool"):
        pk.enc_g1(True)

    c1, c2, z = pk.enc_with_proof_eq(-1234)
    assert pk.verify_eq(c1, c2, z) and dec(sk, c1) == dec(sk, c2) == -1234
    assert not pk.verify_eq(c1, pk.enc_g2(-1234), z) and not pk.verify_eq(c1, c2, _tweak(z))
    d1, d2, _ = pk.enc_with_proof_eq(5)
    assert not pk.verify_eq(c1, d2, z) and not other.verify_eq(c1, c2, z)
    Sc = pk.curve.Scalar
    p, s = Sc.random(), Sc.random()
    e1 = she.CipherTextG1._make(pk.curve, *pk._enc_point("g1", Sc(3), p))
    e2 = she.CipherTextG2._make(pk.curve, *pk._enc_point("g2", Sc(4), s))
    assert not pk.verify_eq(e1, e2, proofs.prove_eq(pk, Sc(3), p, s, e1, e2))

    for m in (0, 1):
        c1, c2, z = pk.enc_with_proof_bin_eq(m)
        assert pk.verify_bin_eq(c1, c2, z) and dec(sk, c1) == dec(sk, c2) == m
        assert not pk.verify_bin_eq(c1, pk.enc_g2(m), z) and not pk.verify_bin_eq(c1, c2, _tweak(z))
    e2 = she.CipherTextG2._make(pk.curve, *pk._enc_point("g2", Sc(0), s))
    e1 = she.CipherTextG1._make(pk.curve, *pk._enc_point("g1", Sc(1), p))
    assert not pk.verify_bin_eq(e1, e2, proofs.prove_bin_eq(pk, 1, p, s, e1, e2))  # 1 and 0

    for ct in (pk.enc_g1(-77), pk.enc_g2(78), pk.enc_g1(3) * pk.enc_g2(-4)):
        m, z = sk.decrypt_with_proof(ct, table(curve, {she.CipherTextG1: "g1", she.CipherTextG2: "g2"}.get(type(ct), "gt")))
        assert pk.verify_decryption(ct, m, z)
        assert not pk.verify_decryption(ct, m + 1, z) and not pk.verify_decryption(ct, m, _tweak(z))
        # the same plaintext modulo r, but not what ct decrypts to
        assert not pk.verify_decryption(ct, m + pk.curve.Scalar.R * 10**6, z)
        assert not pk.verify_decryption(ct, m - pk.curve.Scalar.R, z)
        assert not other.verify_decryption(ct, m, z) and not pk.verify_decryption(ct.rerandomize(pk), m, z)
        assert type(z).from_bytes(z.to_bytes(), curve) == z
    with pytest.raises(TypeError):
        pk.verify_decryption(pk.enc_g1(1), 1, z)  # a GT proof for a G1 ciphertext
    ct, zb = pk.enc_with_proof_bin(1)
    with pytest.raises(TypeError):
        pk.verify_bin(ct, z)
    assert not pk2.verify_bin(ct, zb)  # a key of another curve


def _tweak(z):
    s = list(z._s)
    s[-1] = s[-1] + 1
    return type(z)._make(z.curve, s)


@pytest.mark.parametrize("curve", CURVES)
def test_encodings_and_bad_input(curve):
    sk, pk = keys(curve)
    c = curves.get(curve)
    a, u = pk.enc_g1(9), pk.enc_g2(-9)
    g = a * u
    for ct in (a, u, g):
        again = type(ct).from_bytes(ct.to_bytes(), curve)
        assert again == ct and dec(sk, again) == dec(sk, ct) and hash(again) == hash(ct)
        with pytest.raises(errors.InvalidLengthError):
            type(ct).from_bytes(ct.to_bytes()[:-1], curve)
        with pytest.raises(TypeError):
            type(ct).from_bytes("00", curve)
    n = c.G1._COMPRESSED
    with pytest.raises(errors.DecodeError):  # a second point that is no point
        she.CipherTextG1.from_bytes(a.to_bytes()[:n] + b"\xff" * n, curve)
    k = c.GT._BYTES
    with pytest.raises(errors.DecodeError):  # coefficients >= p
        she.CipherTextGT.from_bytes(g.to_bytes()[:k] + b"\xff" * k + g.to_bytes()[2 * k :], curve)
    with pytest.raises(errors.NotInSubgroupError):  # 2 is in Fp12, not in GT
        she.CipherTextGT.from_bytes(bytes(k - 1) + b"\x02" + g.to_bytes()[k:], curve)

    assert she.PublicKey.from_bytes(pk.to_bytes(), curve) == pk
    with pytest.raises(errors.InvalidKeyError):
        she.PublicKey.from_bytes(c.G1.identity().to_bytes(compressed=True) + pk.to_bytes()[n:], curve)
    again = she.SecretKey.from_bytes(sk.to_bytes(), curve)
    assert again.public_key() == pk and repr(again) == "SecretKey(<hidden>)"
    with pytest.raises(errors.InvalidKeyError):
        she.SecretKey.from_bytes(bytes(32) + sk.to_bytes()[32:], curve)
    with pytest.raises(errors.NonCanonicalError):
        she.SecretKey.from_bytes(b"\xff" * 64, curve)
    with pytest.raises(errors.InvalidLengthError):
        she.ZkpBin.from_bytes(bytes(127), curve)
    with pytest.raises(errors.NonCanonicalError):
        she.ZkpDec.from_bytes(b"\xff" * 64, curve)


@pytest.mark.parametrize("curve", CURVES)
def test_public_values_pickle_and_copy(curve):
    # as pybls's points and keys do (to travel to Dask workers, say); the
    # secret key refuses
    sk, pk = keys(curve)
    a = pk.enc_g1(4)
    m, proof = sk.decrypt_with_proof(a, table(curve, "g1"))
    for value in (pk, a, pk.enc_g2(-5), a * pk.enc_g2(3), pk.enc_gt(6), proof, pk.enc_with_proof_bin(1)[1]):
        for again in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value), copy.copy(value)):
            assert type(again) is type(value) and again == value and again.curve is value.curve
    assert pk.verify_decryption(pickle.loads(pickle.dumps(a)), m, pickle.loads(pickle.dumps(proof)))
    t = table(curve, "g2")
    assert pickle.loads(pickle.dumps(t)).to_bytes() == t.to_bytes()
    with pytest.raises(TypeError):
        pickle.dumps(sk)
    assert copy.copy(sk) is sk and copy.deepcopy(sk) is sk  # immutable


def test_mixing_is_refused():
    sk, pk = keys("bls12_381")
    _, pk2 = keys("bn254_nogami")
    a, b = pk.enc_g1(1), pk2.enc_g1(1)
    with pytest.raises(TypeError):
        a + b
    with pytest.raises(TypeError):
        a * pk2.enc_g2(1)
    with pytest.raises(TypeError):
        a * pk.enc_g1(1)
    with pytest.raises(TypeError):
        pk.enc_gt(1) * pk.enc_gt(1)
    with pytest.raises(TypeError):
        sk.decrypt(b)
    with pytest.raises(TypeError):
        a + pk.enc_g2(1)
    with pytest.raises(TypeError):
        pk.enc_g1(1.5)
    assert not pk.verify_bin(b, pk.enc_with_proof_bin(1)[1])


def test_identity_components():
    # Decoded ciphertexts may hold identity points (T = 0 is an encryption
    # with r = 0); products and decryption still hold.
    sk, pk = keys("bls12_381")
    c = curves.get("bls12_381")
    zero_r = she.CipherTextG1._make(c, c.G1.generator() * 6, c.G1.identity())
    again = she.CipherTextG1.from_bytes(zero_r.to_bytes())
    assert dec(sk, again) == 6 and dec(sk, again * pk.enc_g2(-7)) == -42
    empty = she.CipherTextG2.from_bytes(c.G2.identity().to_bytes() * 2)
    assert sk.is_zero(empty) and dec(sk, again * empty) == 0


@pytest.mark.parametrize("group", ["G1", "G2"])
@pytest.mark.parametrize("curve", CURVES)
def test_core_step_keys(curve, group):
    # The core's keys of C - K_i and C + K_i (pybls_g*_step_keys), which the
    # tables' giant steps look up, against the affine x of each point
    # computed one at a time: the low 64 bits of x (of its c0 in Fp2); both
    # zero where x(K_i) = x(C).
    import struct

    cls = getattr(curves.get(curve), group)
    g = cls.generator()

    def key(P):
        if P.is_identity():
            return 0
        x = P.to_affine()[0]
        return (x if group == "G1" else x[0]) & (2**64 - 1)

    def core_keys(C, steps):
        out = cls._step_keys(16 * len(steps), C._b, b"".join(P._b for P in steps), len(steps))
        return list(struct.unpack(f"<{2 * len(steps)}Q", out))

    C = g.mul_vartime(123456789)
    steps = [g.mul_vartime(k) for k in (1, 2, 77, 2**40 + 3)] + [cls.identity(), -C, C, g.mul_vartime(5)]
    steps += [g.mul_vartime(k) * 3 for k in range(1, 30)]  # more than one chunk, Z != 1
    want = [k for P in steps for k in ((0, 0) if P in (C, -C) else (key(C - P), key(C + P)))]
    assert core_keys(C, steps) == want
    assert core_keys(cls.identity(), steps[:6]) == [key(P) for P in steps[:6] for _ in range(2)]
    assert cls._step_keys(0, C._b, b"", 0) == b""
    with pytest.raises(errors.ArgumentError):
        cls._step_keys(15, C._b, steps[0]._b, 1)


@pytest.mark.parametrize("group", ["G1", "G2"])
@pytest.mark.parametrize("curve", CURVES + ["bls48_581"])
def test_core_decrypt_keys(curve, group):
    # pybls_g*_decrypt_keys: S - [k]T, then the keys of that point -/+ K_i,
    # against the point computed with the group law and the affine x of
    # each sum computed one at a time (as test_core_step_keys).
    import struct

    from pybls._lib import _abi

    c = curves.get(curve)
    cls = getattr(c, group)
    g = cls.generator()
    size = len(g._b)

    def key(P):
        if P.is_identity():
            return 0
        x = P.to_affine()[0]
        return (x if group == "G1" else x[0]) & (2**64 - 1)

    k = c.Scalar.random()
    steps = [cls.identity(), g.mul_vartime(65), g.mul_vartime(130), g.mul_vartime(2**33 + 1)]
    for m, T in ((77, g.mul_vartime(2**70 + 9)), (-5, g.mul_vartime(3)), (0, cls.identity()), (0, g)):
        S = g.mul_vartime(abs(m)) * (1 if m >= 0 else -1) + T * k
        for flags in (0, _abi.PYBLS_MUL_IN_SUBGROUP):
            out = cls._decrypt_keys(size + 16 * len(steps), S._b, T._b, k._b, flags, b"".join(P._b for P in steps), len(steps))
            R = S - T * k
            assert cls._eq(out[:size], R._b) == 1
            want = [x for P in steps for x in ((0, 0) if P in (R, -R) and not R.is_identity() else (key(R - P), key(R + P)))]
            assert list(struct.unpack(f"<{2 * len(steps)}Q", out[size:])) == want
    with pytest.raises(errors.ArgumentError):
        cls._decrypt_keys(size + 15, g._b, g._b, k._b, 0, g._b, 1)
    with pytest.raises(errors.ArgumentError):
        cls._decrypt_keys(size + 16, g._b, g._b, k._b, _abi.PYBLS_MUL_VARTIME, g._b, 1)


@pytest.mark.parametrize("curve", CURVES + ["bls48_581"])
def test_core_pairing_products(curve):
    # The core's `count` products of n pairings in one call (the SHE
    # multiplication), against pairing_product of each group of pairs: the
    # pairs cross load_pairs' chunks of 8 inside a product, and identities
    # are among them.
    c = curves.get(curve)
    P, Q = c.G1.generator(), c.G2.generator()
    if curve == "bls48_581":  # a costly pairing: two products of one pair
        groups = [[(P * 3, Q * 5)], [(c.G1.identity(), Q)]]
    else:
        g1s = [P * k for k in (2, 3, 5, 7, 11)] + [c.G1.identity()]
        g2s = [Q * k for k in (13, 17, 19)] + [c.G2.identity(), -Q * 4, Q]
        pairs = [(a, b) for a, b in zip(g1s * 3, g2s * 3)][:15]
        groups = [pairs[i : i + 3] for i in range(0, 15, 3)]
    n = len(groups[0])
    got = c._PAIRING._pairing_products([a._b for g in groups for a, _ in g], [b._b for g in groups for _, b in g], len(groups))
    assert got == [c.pairing_product(g) for g in groups]
    with pytest.raises(errors.ArgumentError):
        c._PAIRING._products(0, b"", b"", n)


@pytest.mark.parametrize("curve", CURVES)
def test_core_gt_step_keys(curve):
    # The core's keys of C / K_i and C * K_i (pybls_gt_step_keys), the GT
    # tables' giant steps, against the last 8 bytes of each GT encoding
    # computed one element at a time.
    import struct

    GT = curves.get(curve).GT
    g = GT.generator()
    C = g**987654321
    steps = [GT.one(), g, C, g**-5] + [g**k for k in range(100, 120)]
    want = [int.from_bytes(x.to_bytes()[-8:], "big") for K in steps for x in (C / K, C * K)]
    out = GT._f_step_keys(16 * len(steps), C._b, b"".join(K._b for K in steps), len(steps))
    assert list(struct.unpack(f"<{2 * len(steps)}Q", out)) == want
    assert GT._f_step_keys(0, C._b, b"", 0) == b""
    with pytest.raises(errors.ArgumentError):
        GT._f_step_keys(15, C._b, g._b, 1)


def test_gt_table_many_giant_steps():
    # A GT table with few entries walks thousands of giant steps, their keys
    # computed in several calls into the core.
    c = curves.get("bn254_nogami")
    t = she.DecryptionTable.build("bn254_nogami", "gt", baby_steps=2, bound=12_000)
    g = c.GT.generator()
    assert t.log(g**11_999) == 11_999 and t.log(g**-11_998) == -11_998
    with pytest.raises(she.RangeError):
        t.log(g**12_003)
