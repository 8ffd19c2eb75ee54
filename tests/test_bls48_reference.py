"""The pure-Python BLS48-581 of bls48_reference.py against the CFRG
pairing-friendly-curves draft: its parameters, generators, serialization
vectors and pairing vector, plus the field and pairing laws.

The draft's pairing vector is the cube of its pseudocode's value: with the
Miller loop of the pseudocode and the literal final exponentiation f^((p^48 -
1)/r), e(G1, G2)^3 is the draft's e_0..e_47 (in the tower order, lowest
first) and e(G1, G2) is not. The vector before the draft's erratum #79 was
e(G1, G2)^-1. The cube is what the usual BLS hard part 3 (p^16 - p^8 + 1)/r
gives, which is how bls48_reference.pairing_cubed computes it.

None of this depends on the library, so it runs once, in the first pass.
"""

import functools
import json
import random

import pytest
from reference import vectors_path

import bls48_reference as ref
from bls48_reference import E1, E2, E48, Fp8, Fp48

pytestmark = pytest.mark.once


def _load(name):
    with open(vectors_path() / "bls48" / name) as f:
        return json.load(f)


@functools.lru_cache(maxsize=None)
def _params():
    return _load("BLS48_581_params.json")


@functools.lru_cache(maxsize=None)
def _generators():
    return ref.generators_from(_params())


@functools.lru_cache(maxsize=None)
def _e_cubed():
    """e(G1, G2)^3, shared by the tests below."""
    g1, g2 = _generators()
    return ref.pairing_cubed(g1, g2)


def _draft_e():
    v = _load("pairing_test_vectors_draft.json")["vectors"]["BLS48_581"]
    return Fp48.from_tower([int(v[f"e_{i}"], 16) for i in range(48)])


# -- parameters ------------------------------------------------------------------------


def test_parameters_from_t():
    c = _params()
    assert ref.T == int(c["t_int"]) == -int(c["t_hex"][1:], 16)
    assert ref.P == int(c["p"], 16) and ref.P.bit_length() == 581
    assert ref.R == int(c["r"], 16) and ref.R.bit_length() == 518
    assert ref.H == int(c["h"], 16) and ref.H * ref.R == ref.P + 1 - (ref.T + 1)
    sizes = c["serialization_sizes_bytes"]
    assert (ref.FP_BYTES, ref.SCALAR_BYTES) == (sizes["Fp"], sizes["scalar"]) == (73, 65)
    assert (ref.G1_COMPRESSED, ref.G2_COMPRESSED) == (sizes["G1_compressed"], sizes["G2_compressed"])


def test_embedding_degree_and_final_exponent():
    p, r = ref.P, ref.R
    # r divides p^48 - 1 but no p^k - 1 for a proper divisor k of 48
    assert pow(p, 48, r) == 1
    assert all(pow(p, k, r) != 1 for k in (1, 2, 3, 4, 6, 8, 12, 16, 24))
    assert ref.EXPONENT_IDENTITY_HOLDS
    assert ref.INV3 * 3 % r == 1


def test_twist_order_is_h_prime_r():
    """#E'(Fp8) = h' r, from the trace of Frobenius: the traces t_k of the
    p^k-power map on E (t_1 = t + 1) give t_8, and the sextic twists of
    E(Fp8) have trace (+-t_8 +- 3 f)/2 with t_8^2 - 4 p^8 = -3 f^2; exactly
    one of them has an order r divides, and its cofactor is the draft's h'."""
    p, t1 = ref.P, ref.T + 1
    traces = [2, t1]
    for _ in range(7):
        traces.append(t1 * traces[-1] - p * traces[-2])
    t8 = traces[8]
    f2, rem = divmod(4 * p**8 - t8 * t8, 3)
    f = _isqrt(f2)
    assert rem == 0 and f * f == f2
    orders = {p**8 + 1 - (a * t8 + b * 3 * f) // 2 for a in (1, -1) for b in (1, -1)}
    sextic = [n for n in orders if n % ref.R == 0]
    assert sextic == [int(_params()["h_prime"], 16) * ref.R]


def _isqrt(n):
    x = 1 << ((n.bit_length() + 1) // 2)
    while True:
        y = (x + n // x) // 2
        if y >= x:
            return x
        x = y


def test_tower_is_a_field():
    assert ref.tower_is_a_field()


# -- fields -----------------------------------------------------------------------------


def test_tower_relations():
    """The flattened rings hold the draft's tower: u^2 = -1, v^2 = -(u + 1),
    w^2 = -v, z^3 = -w, s^2 = -z, and Fp8 sits in Fp48 as a subring."""
    g = {n: Fp48.generator(n) for n in "uvwzs"}
    one = Fp48.one()
    assert g["u"] * g["u"] == -one
    assert g["v"] * g["v"] == -(g["u"] + one)
    assert g["w"] * g["w"] == -g["v"]
    assert g["z"] * g["z"] * g["z"] == -g["w"]
    assert g["s"] * g["s"] == -g["z"]
    for n in "uvw":
        assert Fp48.from_fp8(Fp8.generator(n)) == g[n]
    a, b = Fp8.random(random.Random(1)), Fp8.random(random.Random(2))
    assert Fp48.from_fp8(a * b) == Fp48.from_fp8(a) * Fp48.from_fp8(b)
    assert ref.XI ** 6 == -g["w"]


@pytest.mark.parametrize("cls", [Fp8, Fp48])
def test_field_operations(cls):
    rng = random.Random(cls.K)
    a, b, c = cls.random(rng), cls.random(rng), cls.random(rng)
    assert (a * b) * c == a * (b * c) and a * (b + c) == a * b + a * c
    assert a.square() == a * a
    assert (a * a.inv()).is_one()
    assert a.conjugate() == a.frobenius(cls.K // 2)
    assert cls.from_tower(a.to_tower()) == a
    basis = cls.tower_basis()
    assert all(cls.from_tower([int(i == j) for j in range(cls.K)]) == basis[i] for i in range(cls.K))
    with pytest.raises(ZeroDivisionError):
        cls().inv()


def test_frobenius_fp8():
    a = Fp8.random(random.Random(3))
    assert a.frobenius() == a**ref.P
    assert a.frobenius(8) == a


def test_frobenius_fp48():
    a = Fp48.random(random.Random(4))
    assert a.frobenius() == a**ref.P


def test_fp8_square_roots():
    rng = random.Random(5)
    a = Fp8.random(rng)
    sq = a * a
    assert sq.is_square()
    root = sq.sqrt()
    assert root is not None and root * root == sq
    nonsquare = next(b for b in (Fp8.random(rng) for _ in range(20)) if not b.is_square())
    assert nonsquare.sqrt() is None


# -- curves -----------------------------------------------------------------------------


def test_generators_on_curves():
    g1, g2 = _generators()
    assert E1.on_curve(g1) and E2.on_curve(g2)
    assert E48.on_curve(ref.untwist(g2))
    assert E1.mul(g1, ref.R) is None and E1.mul(g1, ref.R - 1) == E1.neg(g1)


def test_g2_generator_order():
    _, g2 = _generators()
    assert E2.mul(g2, ref.R) is None


def test_jacobian_multiplication():
    """Curve.mul (Jacobian) against mul_affine, through its special cases:
    doublings and the identity met on the way (points of order 2, 3, 6
    and r)."""
    g1, g2 = _generators()
    r = ref.R
    for k in (1, 2, 3, 5, 6, 7, 12, 0x1D2C3B4A59687F0E1, -9):
        for pt in (g1, ref.g1(2, 3), ref.g1(0, 1), ref.g1(-1, 0)):
            assert E1.mul(pt, k) == E1.mul_affine(pt, k)
    for k in (r - 1, r, r + 1, 2 * r + 3):
        assert E1.mul(g1, k) == E1.mul_affine(g1, k % r)
    for k in (1, 2, 3, 0x1D2C3B4A5):
        assert E2.mul(g2, k) == E2.mul_affine(g2, k)
    assert E1.mul(None, 5) is None and E1.mul(g1, 0) is None


def test_untwist_is_a_homomorphism():
    _, g2 = _generators()
    q2 = E2.double(g2)
    q3 = E2.add(q2, g2)
    assert ref.untwist(q3) == E48.add(ref.untwist(q2), ref.untwist(g2))


def test_twisted_line_is_the_drafts_line_function():
    g1, g2 = _generators()
    p, q = ref.embed_g1(g1), ref.untwist(g2)
    t2 = E2.mul(g2, 5)
    t = ref.untwist(t2)
    for a2, b2, a, b in ((t2, t2, t, t), (t2, g2, t, q)):
        value, total = ref.twisted_line(a2, b2, g1)
        assert value == ref.line_function(a, b, p)
        assert ref.untwist(total) == E48.add(a, b)


# -- serialization ---------------------------------------------------------------------


def _serialization_vectors():
    return _load("point_serialization_test_vectors_draft.json")["BLS48_581"]


def test_serialization_vectors():
    v = _serialization_vectors()
    g1, g2 = _generators()
    assert ref.serialize(g1, False).hex() == v["G1_generator_compressed"]
    assert ref.serialize(g2, True).hex() == v["G2_generator_compressed"]
    assert ref.serialize(None, False).hex() == v["G1_identity_compressed"]
    assert ref.serialize(None, True).hex() == v["G2_identity_compressed"]
    for key, pt, on_twist in (("G1_generator_compressed", g1, False), ("G2_generator_compressed", g2, True)):
        assert ref.deserialize(bytes.fromhex(v[key])) == (pt, on_twist)
        assert ref.deserialize(ref.serialize(pt, on_twist, compressed=False)) == (pt, on_twist)
        neg = ref.serialize(E1.neg(pt) if not on_twist else E2.neg(pt), on_twist)
        assert neg[0] ^ bytes.fromhex(v[key])[0] == ref.S_BIT
    assert ref.deserialize(bytes.fromhex(v["G2_identity_compressed"])) == (None, True)


def test_deserialization_rejections():
    g1, g2 = _generators()
    good1 = ref.serialize(g1, False)
    bad = [
        good1[:-1],
        bytes([good1[0] & 0x1F]) + good1[1:],  # uncompressed flag with the compressed length
        bytes([good1[0] & 0x1F | 0x20]) + good1[1:],  # sign without compression
        bytes([0xE0]) + bytes(72),
        bytes([0xC0]) + bytes(71) + b"\x01",  # infinity with a nonzero byte
        bytes([0x80 | ref.P >> 576]) + (ref.P % 2**576).to_bytes(72, "big"),  # x = p
    ]
    x = next(x for x in range(2, 100) if ref.fp_sqrt(x**3 + 1) is None)
    bad.append(bytes([0x80]) + x.to_bytes(72, "big"))
    for data in bad:
        with pytest.raises(ref.InvalidEncoding):
            ref.deserialize(data)


# -- the pairing ------------------------------------------------------------------------


def test_pairing_vector_is_the_cube_of_the_literal_pairing():
    """pairing_cubed(G1, G2) is the draft's vector; the literal (p^48 - 1)/r
    power is not, and its inverse is the vector the draft had before #79."""
    e3 = _e_cubed()
    assert e3 == _draft_e()
    e = e3**ref.INV3
    assert e**3 == e3 and e != e3 and not e.is_one()
    with open(vectors_path() / "pairing-friendly-curves" / "pairing_test_vectors.json") as f:
        old = json.load(f)["vectors"]["BLS48_581"]["superseded_e_before_erratum_79"]["e"]
    assert Fp48.from_tower([int(c, 16) for c in old]) == e.conjugate()


def test_bilinearity():
    g1, g2 = _generators()
    e3 = _e_cubed()
    a, b = 0x9E3779B97F4A7C15, 0xC2B2AE3D27D4EB4F
    assert ref.pairing_cubed(E1.mul(g1, a), E2.mul(g2, b)) == e3 ** (a * b)
    assert ref.pairing_cubed(E1.neg(g1), E2.double(g2)) == (e3 * e3).conjugate()
    assert ref.pairing_cubed(None, g2).is_one() and ref.pairing_cubed(g1, None).is_one()


# -- hashing to G1 ------------------------------------------------------------------

def test_expand_message_xmd_sha512_vectors():
    # RFC 9380 appendix K.2 (expand_message_xmd with SHA-512).
    with open(vectors_path() / "hash-to-curve" / "expand_message_xmd_SHA512_38.json") as f:
        v = json.load(f)
    dst = v["DST"].encode()
    for t in v["tests"]:
        out = ref.expand_message_xmd_sha512(t["msg"].encode(), dst, int(t["len_in_bytes"], 16))
        assert out.hex() == t["uniform_bytes"]


def test_expand_message_xmd_sha512_oversize_dst():
    import hashlib

    long_dst = b"D" * 256
    short = hashlib.sha512(b"H2C-OVERSIZE-DST-" + long_dst).digest()
    assert ref.expand_message_xmd_sha512(b"m", long_dst, 80) == ref.expand_message_xmd_sha512(b"m", short, 80)


def test_svdw_z_and_constants():
    # find_z_svdw's first candidate for y^2 = x^3 + 1 (1 fails: -3/8 is no square mod p = 3 mod 4).
    assert ref.SVDW_Z == 2
    assert ref.H2F_L == 105
    assert ref.H * ref.R == ref.P - ref.T  # #E(Fp) = p + 1 - (t + 1)


@pytest.mark.parametrize("u", [0, 1, 2, ref.P - 1, 0x1234567890ABCDEF << 500])
def test_svdw_map_lands_on_the_curve(u):
    x, y = ref.map_to_curve_svdw(u)
    assert (y * y - x**3 - 1) % ref.P == 0
    assert y & 1 == u & 1


def test_hash_to_curve_lands_in_g1():
    steps = ref.hash_to_curve_steps(b"abc", b"QUUX-V01-CS02-with-BLS48581G1_XMD:SHA-512_SVDW_RO_")
    p1 = ref.g1(*steps["P"])
    assert E1.on_curve(p1) and E1.mul(p1, ref.R) is None
    q0, q1 = (ref.g1(*steps[k]) for k in ("Q0", "Q1"))
    assert steps["P"] == ref._affine_ints(E1.mul(E1.add(q0, q1), ref.H))
