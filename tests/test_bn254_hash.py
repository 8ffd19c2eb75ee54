"""Hashing to BN254's G1 (RFC 9380 with the Shallue-van de Woestijne map,
Z = 1), as drand's evmnet chain does it with Keccak-256, and with SHA-256.

* Every vector of the shared file from drand/kyber and kevincharm/bls-bn254
  (expand_message_xmd over Keccak-256, hash_to_field, the SvdW map,
  hash_to_curve), each with the DST it states.
* The SHA-256 suite (BN254G1_XMD:SHA-256_SVDW_RO_ / _NU_) has no published
  vectors: it is checked against RFC 9380 written out below in pure Python
  (5.3.1 expand_message_xmd over hashlib's SHA-256, 5.2 hash_to_field with
  L = 48, 6.6.1 SvdW in its step-by-step form, affine addition). The same
  reference, given Keccak-256 as its hash (pybls's, which test_keccak.py
  checks), reproduces the Keccak vectors, which checks the reference itself.
* gnark-crypto's vectors (tests/vectors/bn254_hash_to_curve_gnark.json)
  for the SHA-256 suites of G1 and G2, RO and NU, step by step; G2 clears
  its cofactor as gnark-crypto and arkworks do.
* Properties: outputs on the curve, determinism, separation by DST, by
  hash and between RO and NU, the count limits of hash_to_field, and the
  error of what BN254 lacks (the Keccak-256 expander for G2).

Runs in every runtime (no py_ecc).
"""

import hashlib
import json
import pathlib

import pytest

import reference as ref
from bn_reference import expand_message_xmd as _xmd
from pybls import bls12_381, bn254, hash_to_field
from pybls.errors import ArgumentError, NonCanonicalError
from pybls.hashing import expand_message_xmd_keccak256, keccak256

VECTORS = ("bn254", "hash_to_curve_bn254_g1_keccak256_svdw.json")
P = bn254.FIELD_MODULUS
G1 = bn254.G1
EVMNET_DST = b"BLS_SIG_BN254G1_XMD:KECCAK-256_SVDW_RO_NUL_"
SHA_DST = b"QUUX-V01-CS02-with-BN254G1_XMD:SHA-256_SVDW_RO_"


def _load():
    with open(ref.vectors_path().joinpath(*VECTORS)) as f:
        return json.load(f)


_DATA = _load()


# -- RFC 9380 in pure Python (expand_message_xmd: bn_reference.py) ---------

def _sha256(data):
    return hashlib.sha256(data).digest()


EXPANDERS = {"sha256": (_sha256, 64), "keccak256": (keccak256, 136)}
L = 48  # ceil((ceil(log2 p) + k) / 8) with k = 128


def _hash_to_field(msg, dst, count, hash="sha256"):
    """5.2 hash_to_field for Fp (m = 1)."""
    fn, block = EXPANDERS[hash]
    uniform = _xmd(fn, block, msg, dst, count * L)
    return [int.from_bytes(uniform[L * i : L * (i + 1)], "big") % P for i in range(count)]


A, B = 0, 3  # E: y^2 = g(x) = x^3 + A x + B


def _g(x):
    return (x * x * x + A * x + B) % P


def _is_square(v):
    return v % P == 0 or pow(v, (P - 1) // 2, P) == 1


def _sqrt(v):
    s = pow(v, (P + 1) // 4, P)  # p = 3 mod 4
    assert s * s % P == v % P
    return s


def _inv0(v):
    return pow(v, P - 2, P)


def _sgn0(v):
    return v % P % 2


Z = 1


def _map_to_curve_svdw(u):
    return _svdw(u)[:2]


def _svdw(u):
    """6.6.1, the steps as the section lists them (not the straight-line
    form of F.1 that the core follows); x, y and which of x1, x2, x3 was
    taken."""
    tv1 = u * u * _g(Z) % P
    tv2 = (1 + tv1) % P
    tv1 = (1 - tv1) % P
    tv3 = _inv0(tv1 * tv2 % P)
    tv4 = _sqrt(-_g(Z) * (3 * Z * Z + 4 * A) % P)
    if _sgn0(tv4) == 1:
        tv4 = -tv4 % P
    tv5 = u * tv1 * tv3 * tv4 % P
    tv6 = -4 * _g(Z) * _inv0(3 * Z * Z + 4 * A) % P
    x1 = (-Z * _inv0(2) - tv5) % P
    x2 = (-Z * _inv0(2) + tv5) % P
    x3 = (Z + tv6 * pow(tv2 * tv2 * tv3, 2, P)) % P
    if _is_square(_g(x1)):
        x, y, taken = x1, _sqrt(_g(x1)), 1
    elif _is_square(_g(x2)):
        x, y, taken = x2, _sqrt(_g(x2)), 2
    else:
        x, y, taken = x3, _sqrt(_g(x3)), 3
    if _sgn0(u) != _sgn0(y):
        y = -y % P
    return x, y, taken


def _add(p1, p2):
    """Affine addition on E (None is the identity)."""
    if p1 is None:
        return p2
    if p2 is None:
        return p1
    (x1, y1), (x2, y2) = p1, p2
    if x1 == x2:
        if (y1 + y2) % P == 0:
            return None
        lam = (3 * x1 * x1 + A) * _inv0(2 * y1) % P
    else:
        lam = (y2 - y1) * _inv0(x2 - x1) % P
    x3 = (lam * lam - x1 - x2) % P
    return x3, (lam * (x1 - x3) - y1) % P


def _hash_to_curve(msg, dst, hash="sha256"):
    u0, u1 = _hash_to_field(msg, dst, 2, hash)
    return _add(_map_to_curve_svdw(u0), _map_to_curve_svdw(u1))  # cofactor 1


def _encode_to_curve(msg, dst, hash="sha256"):
    (u,) = _hash_to_field(msg, dst, 1, hash)
    return _map_to_curve_svdw(u)


def _affine(point):
    return None if point.is_identity() else point.to_affine()


# -- the shared Keccak-256 vectors -------------------------------------------

def test_vector_counts():
    assert len(_DATA["expand_message_xmd_keccak256"]) == 1
    assert len(_DATA["hash_to_field"]["vectors"]) == 100
    assert len(_DATA["map_to_curve_svdw"]["vectors"]) == 250
    assert len(_DATA["hash_to_curve"]) == 4


@pytest.mark.parametrize("case", _DATA["expand_message_xmd_keccak256"], ids=lambda c: c["where"])
def test_expand_message_xmd_keccak256(case):
    msg, dst, n = bytes.fromhex(case["msg"]), case["dst"].encode(), case["len_in_bytes"]
    assert expand_message_xmd_keccak256(msg, dst, n).hex() == case["uniform_bytes"]
    assert _xmd(keccak256, 136, msg, dst, n).hex() == case["uniform_bytes"]


_H2F = _DATA["hash_to_field"]


@pytest.mark.parametrize("case", _H2F["vectors"], ids=[f"h2f-{i}" for i in range(len(_H2F["vectors"]))])
def test_hash_to_field_keccak256(case):
    assert _H2F["L"] == L and _H2F["count"] == 2
    msg, dst = bytes.fromhex(case["msg"]), _H2F["dst"].encode()
    expected = [int(case["u0"], 16), int(case["u1"], 16)]
    assert G1.hash_to_field(msg, dst, 2, hash="keccak256") == expected
    assert hash_to_field(msg, dst, 2, G1, hash="keccak256") == expected


def test_hash_to_field_reference_keccak256():
    """The reference's hash_to_field reproduces the vectors (a few: it
    checks the reference, not the core)."""
    for case in _H2F["vectors"][:5]:
        msg, dst = bytes.fromhex(case["msg"]), _H2F["dst"].encode()
        assert _hash_to_field(msg, dst, 2, "keccak256") == [int(case["u0"], 16), int(case["u1"], 16)]


_SVDW = _DATA["map_to_curve_svdw"]


@pytest.mark.parametrize("case", _SVDW["vectors"], ids=[f"svdw-{i}" for i in range(len(_SVDW["vectors"]))])
def test_map_to_curve_svdw(case):
    assert _SVDW["Z"] == Z
    point = G1.map_to_curve(int(case["u"]))
    assert point.to_affine() == (int(case["x"]), int(case["y"]))
    assert point.is_on_curve()


def test_map_to_curve_reference():
    for case in _SVDW["vectors"][:10]:
        assert _map_to_curve_svdw(int(case["u"])) == (int(case["x"]), int(case["y"]))


@pytest.mark.parametrize("case", _DATA["hash_to_curve"], ids=lambda c: c["source"].split(" ")[0] + ":" + c["dst"][:12])
def test_hash_to_curve_keccak256(case):
    msg, dst = bytes.fromhex(case["msg"]), case["dst"].encode()
    if "msg_ascii" in case:
        assert msg == case["msg_ascii"].encode()
    H = G1.hash_to_curve(msg, dst, hash="keccak256")
    assert H.to_bytes().hex() == case["point_kyber"]
    assert H.to_bytes(compressed=False) == H.to_bytes()  # BN254 encodes x || y by default
    u0, u1 = G1.hash_to_field(msg, dst, 2, hash="keccak256")
    assert H == G1.map_to_curve(u0) + G1.map_to_curve(u1)
    assert _affine(H) == _hash_to_curve(msg, dst, "keccak256")


# -- the SHA-256 suite against the reference ----------------------------------

MESSAGES = [b"", b"abc", b"abcdef0123456789", b"q128_" + b"q" * 128, b"a512_" + b"a" * 512, bytes(range(256))]
DSTS = [SHA_DST, b"DST", b"x" * 255, b"long DST " * 40]  # the last over 255 bytes (5.3.3)


@pytest.mark.parametrize("dst", DSTS, ids=["quux", "short", "255", "oversize"])
@pytest.mark.parametrize("msg", MESSAGES, ids=["empty", "abc", "16", "q128", "a512", "bytes"])
def test_sha256_suite_against_reference(msg, dst):
    assert G1.hash_to_field(msg, dst, 2) == _hash_to_field(msg, dst, 2)
    H = G1.hash_to_curve(msg, dst)
    assert H == G1.hash_to_curve(msg, dst, hash="sha256")
    assert _affine(H) == _hash_to_curve(msg, dst)
    assert _affine(G1.encode_to_curve(msg, dst)) == _encode_to_curve(msg, dst)


def test_keccak256_encode_against_reference():
    for msg in MESSAGES[:3]:
        assert _affine(G1.encode_to_curve(msg, EVMNET_DST, hash="keccak256")) == _encode_to_curve(
            msg, EVMNET_DST, "keccak256"
        )


def test_hash_to_field_counts_against_reference():
    # Counts whose elements straddle the 32-byte blocks of the expander
    # differently (L = 48), up to the largest, 8160 // 48 = 170.
    for count in (1, 2, 3, 5, 169, 170):
        for hash in ("sha256", "keccak256"):
            assert G1.hash_to_field(b"msg", b"DST", count, hash=hash) == _hash_to_field(b"msg", b"DST", count, hash)


HALF = (P + 1) // 2  # 1/2: then 1 - g(Z) u^2 = 0 and inv0 returns 0


@pytest.mark.parametrize("u", [0, 1, 2, HALF, P - HALF, P - 1, P - 2, 3, 5, (P - 1) // 2, 2**253, 0x1234567890ABCDEF])
def test_map_to_curve_against_reference(u):
    assert G1.map_to_curve(u).to_affine() == _map_to_curve_svdw(u)


def test_map_to_curve_branches():
    """Inputs taking each of the three candidates x1, x2, x3 (and x1 for
    u = 1/2 through inv0(0))."""
    taken = {}
    for u in range(1, 40):
        x, y, branch = _svdw(u)
        taken.setdefault(branch, u)
        assert G1.map_to_curve(u).to_affine() == (x, y)
    assert sorted(taken) == [1, 2, 3]
    assert _svdw(HALF)[2] == 1 and G1.map_to_curve(HALF).to_affine() == _map_to_curve_svdw(HALF)


# -- properties ---------------------------------------------------------------

@pytest.mark.parametrize("hash", ["sha256", "keccak256"])
def test_outputs_on_curve_and_deterministic(hash):
    for i in range(8):
        msg = b"message %d" % i
        H = G1.hash_to_curve(msg, EVMNET_DST, hash=hash)
        E = G1.encode_to_curve(msg, EVMNET_DST, hash=hash)
        for point in (H, E):
            assert point.is_on_curve() and point.in_subgroup() and not point.is_identity()
        assert H == G1.hash_to_curve(msg, EVMNET_DST, hash=hash)
        assert E == G1.encode_to_curve(msg, EVMNET_DST, hash=hash)
        assert H != E
        assert G1.from_bytes(H.to_bytes()) == H


def test_separation():
    msg = b"separate"
    points = {
        G1.hash_to_curve(msg, EVMNET_DST, hash="keccak256"),
        G1.hash_to_curve(msg, b"BLS_SIG_BN254G1_XMD:KECCAK-256_SSWU_RO_NUL_", hash="keccak256"),
        G1.hash_to_curve(msg, EVMNET_DST, hash="sha256"),
        G1.hash_to_curve(msg, SHA_DST),
        G1.encode_to_curve(msg, EVMNET_DST, hash="keccak256"),
        G1.hash_to_curve(msg + b"!", EVMNET_DST, hash="keccak256"),
    }
    assert len(points) == 6
    assert G1.hash_to_field(msg, b"DST-A", 2) != G1.hash_to_field(msg, b"DST-B", 2)
    assert G1.hash_to_field(msg, b"DST", 2) != G1.hash_to_field(msg, b"DST", 2, hash="keccak256")


def test_hash_function_by_name_each_call():
    # Each call takes the function of its own op and hash name, whichever
    # ones the group (or another group) was called with before; an unknown
    # name is refused every time, also after a known one.
    msg = b"by name"
    bls12_381.G1.encode_to_curve(msg, SHA_DST)  # BLS12-381's G1 first
    for _ in range(2):
        for hash in (None, "sha256", "keccak256"):
            name = hash or "sha256"
            assert _affine(G1.hash_to_curve(msg, EVMNET_DST, hash=hash)) == _hash_to_curve(msg, EVMNET_DST, name)
            assert _affine(G1.encode_to_curve(msg, EVMNET_DST, hash=hash)) == _encode_to_curve(msg, EVMNET_DST, name)
            for op in (G1.hash_to_curve, G1.encode_to_curve):
                with pytest.raises(ValueError, match="hash must be one of 'sha256', 'keccak256', 'sha512', not 'sha3_256'"):
                    op(msg, EVMNET_DST, hash="sha3_256")
            with pytest.raises(TypeError):
                G1.hash_to_curve(msg, EVMNET_DST, hash=["sha256"])


def test_map_to_curve_distinct_and_signed():
    # sgn0(y) = sgn0(u); u and -u give the same x and opposite y.
    for u in (7, 11, 2**200 + 1):
        P1, P2 = G1.map_to_curve(u).to_affine(), G1.map_to_curve(P - u).to_affine()
        assert P1[1] % 2 == u % 2 and P2[1] % 2 == (P - u) % 2
        assert P1[0] == P2[0] and (P1[1] + P2[1]) % P == 0


def test_arguments():
    with pytest.raises(ArgumentError):
        G1.hash_to_field(b"", b"DST", 0)
    with pytest.raises(ArgumentError):
        G1.hash_to_field(b"", b"DST", 171)
    with pytest.raises(ArgumentError):
        hash_to_field(b"", b"DST", 171, G1, hash="keccak256")
    assert len(G1.hash_to_field(b"", b"DST", 170)) == 170
    with pytest.raises(ValueError, match="hash must be"):
        G1.hash_to_curve(b"", b"DST", hash="sha3_256")
    with pytest.raises(NonCanonicalError):
        G1.map_to_curve(P)
    with pytest.raises(NonCanonicalError):
        G1.map_to_curve(-1)
    with pytest.raises(TypeError):
        G1.map_to_curve(1.5)
    with pytest.raises(TypeError):
        G1.hash_to_curve("text", b"DST")
    with pytest.raises(TypeError):
        hash_to_field(b"", b"DST", 2, bn254.GT)


# -- gnark-crypto's vectors: G1 and G2, SHA-256, RO and NU ------------------

GNARK = json.loads((pathlib.Path(__file__).resolve().parent / "vectors" / "bn254_hash_to_curve_gnark.json").read_text())
GNARK_CASES = [
    pytest.param(suite["name"], suite["dst"].encode(), case, id=f"{suite['name']}-{i}")
    for suite in GNARK["suites"]
    for i, case in enumerate(suite["cases"])
]


def _gnark_point(group, pt):
    def coord(v):
        return tuple(int(c, 16) for c in v) if isinstance(v, list) else int(v, 16)

    return group.from_affine(coord(pt["x"]), coord(pt["y"]), subgroup_check=False)


def _gnark_field(v):
    return tuple(int(c, 16) for c in v) if isinstance(v, list) else int(v, 16)


@pytest.mark.parametrize("name,dst,case", GNARK_CASES)
def test_gnark_vectors(name, dst, case):
    """Every step of BN254G{1,2}_XMD:SHA-256_SVDW_{RO,NU}_ against
    gnark-crypto's published values: hash_to_field, map_to_curve of each
    element, and the cleared result."""
    group = bn254.G2 if "G2" in name else bn254.G1
    msg = case["msg"].encode()
    if name.startswith("hash"):
        us = [_gnark_field(case["u0"]), _gnark_field(case["u1"])]
        qs = [case["Q0"], case["Q1"]]
        assert group.hash_to_curve(msg, dst) == _gnark_point(group, case["P"])
    else:
        us, qs = [_gnark_field(case["u"])], [case["Q"]]
        assert group.encode_to_curve(msg, dst) == _gnark_point(group, case["P"])
    assert group.hash_to_field(msg, dst, len(us)) == us
    for u, q in zip(us, qs):
        assert group.map_to_curve(u) == _gnark_point(group, q)


def test_g2_hash_properties():
    """Outputs in G2, deterministic, separated by DST and between RO and NU;
    the keccak expander is G1's only (drand's evmnet suite)."""
    G2 = bn254.G2
    dst = b"QUUX-V01-CS02-with-BN254G2_XMD:SHA-256_SVDW_RO_"
    h = G2.hash_to_curve(b"msg", dst)
    assert h.in_subgroup() and not h.is_identity() and h == G2.hash_to_curve(b"msg", dst)
    assert h != G2.hash_to_curve(b"msg", dst + b"x") and h != G2.encode_to_curve(b"msg", dst)
    assert G2.map_to_curve((0, 0)).is_on_curve() and not G2.map_to_curve((0, 0)).in_subgroup()
    with pytest.raises(NotImplementedError, match="BN254"):
        G2.hash_to_curve(b"msg", dst, hash="keccak256")
    with pytest.raises(NonCanonicalError):
        G2.map_to_curve((P, 0))
