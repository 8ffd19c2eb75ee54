"""pybls.compat.py_ecc against py_ecc.bls itself: the same calls, the same outcome.

Every call is made on both implementations; the results must be equal and
of the same type (bytes, bool, int), and where py_ecc raises, the compat
module must raise the same exception type (or a subclass of it: pybls's
decoding errors subclass ValueError). Inputs: random keys and messages,
a catalogue of malformed keys, signatures and arguments, and the Ethereum
BLS vectors.

py_ecc needs about a second per verification, so the valid-signature cases
are few; the invalid ones are mostly decided before any pairing.
"""

import glob
import json
import os
import random
import sys

import pytest

if sys.platform == "emscripten":  # py_ecc is a native-only test dependency
    pytest.skip("py_ecc runs natively only", allow_module_level=True)

import py_ecc.bls as ref_bls  # noqa: E402

import reference as ref  # noqa: E402
from pybls import G1, G2  # noqa: E402
from pybls.compat import py_ecc as compat  # noqa: E402
from pybls.errors import NotOnCurveError  # noqa: E402

pytestmark = [pytest.mark.native_only, pytest.mark.once]

R = ref.R
P = ref.P
SUITE_NAMES = ["G2Basic", "G2MessageAugmentation", "G2ProofOfPossession"]
rng = random.Random(2333)


def outcome(fn, *args):
    try:
        return ("ok", fn(*args))
    except Exception as e:  # noqa: BLE001 - the point is to compare them
        return ("raise", type(e))


def check(suite_name, method, *args):
    """Call `method` of both ciphersuites with `args`; return py_ecc's result."""
    expected = outcome(getattr(getattr(ref_bls, suite_name), method), *args)
    got = outcome(getattr(getattr(compat, suite_name), method), *args)
    where = f"{suite_name}.{method}{_short(args)}"
    if expected[0] == "ok":
        assert got[0] == "ok", f"{where}: py_ecc returned {expected[1]!r}, compat raised {got[1]}"
        assert type(got[1]) is type(expected[1]) and got[1] == expected[1], where
    else:
        assert got[0] == "raise", f"{where}: py_ecc raised {expected[1]}, compat returned {got[1]!r}"
        assert issubclass(got[1], expected[1]), f"{where}: py_ecc raised {expected[1]}, compat {got[1]}"
    return expected


def _short(args):
    return "(" + ", ".join(repr(a)[:20] for a in args) + ")"


# --------------------------------------------------------------------------
# input catalogue


def _random_bytes(n):
    return bytes(rng.getrandbits(8) for _ in range(n))


def _find_encoding(group, size, want_on_curve):
    while True:
        x = rng.randrange(P).to_bytes(48, "big")
        rest = b"" if size == 48 else rng.randrange(P).to_bytes(48, "big")
        data = bytes([x[0] | 0x80]) + x[1:] + rest
        try:
            point = group.from_bytes(data, subgroup_check=False)
        except NotOnCurveError:
            if not want_on_curve:
                return data
            continue
        if want_on_curve and not point.in_subgroup():
            return data


def _set_flags(data, bits):
    return bytes([(data[0] & 0x1F) | bits]) + data[1:]


SK = 0x1234567890ABCDEF1234567890ABCDEF1234567890ABCDEF
PK = compat.G2Basic.SkToPk(SK)
SIG = compat.G2Basic.Sign(SK, b"msg")

BAD_PUBKEYS = {
    "infinity": b"\xc0" + bytes(47),
    "infinity with sign flag": b"\xe0" + bytes(47),
    "infinity without flag": b"\x80" + bytes(47),
    "infinity flag with x": _set_flags(PK, 0xC0),
    "no compression flag": _set_flags(PK, 0x00),
    "flipped sign": bytes([PK[0] ^ 0x20]) + PK[1:],
    "x = p": bytes([0x80 | (P >> 376)]) + (P % (1 << 376)).to_bytes(47, "big"),
    "x > p": b"\x9f" + b"\xff" * 47,
    "off the curve": _find_encoding(G1, 48, False),
    "off the subgroup": _find_encoding(G1, 48, True),
    "47 bytes": PK[:-1],
    "49 bytes, trailing zero": PK + b"\x00",
    "49 bytes, leading zero": b"\x00" + PK,
    "49 bytes, leading junk": b"\x5a" + PK,
    "96 bytes": PK + PK,
    "empty": b"",
    "bytearray": bytearray(PK),
    "uncompressed": G1.from_bytes(PK).to_bytes(compressed=False),
}

BAD_SIGNATURES = {
    "infinity": b"\xc0" + bytes(95),
    "infinity with sign flag": b"\xe0" + bytes(95),
    "infinity without flag": b"\x80" + bytes(95),
    "infinity flag with x": _set_flags(SIG, 0xC0),
    "infinity flag with x0 only": b"\xc0" + bytes(47) + SIG[48:],
    "no compression flag": _set_flags(SIG, 0x00),
    "flags in second half": SIG[:48] + _set_flags(SIG[48:], 0x80),
    "flipped sign": bytes([SIG[0] ^ 0x20]) + SIG[1:],
    "x1 >= p": b"\x9f" + b"\xff" * 47 + SIG[48:],
    "x0 >= p": SIG[:48] + b"\x1f" + b"\xff" * 47,
    "off the curve": _find_encoding(G2, 96, False),
    "off the subgroup": _find_encoding(G2, 96, True),
    "95 bytes": SIG[:-1],
    "97 bytes": SIG + b"\x00",
    "empty": b"",
    "bytearray": bytearray(SIG),
}

BAD_SECRET_KEYS = [0, -1, R, R + 1, 2**256, 1.5, "1", None, b"\x01" * 32, Ellipsis]
ODD_OBJECTS = [None, "text", 12345, [1, 2, 3]]


def _keys(n):
    sks = [rng.randrange(1, R) for _ in range(n)]
    return sks, [compat.G2Basic.SkToPk(sk) for sk in sks]


# --------------------------------------------------------------------------
# keys


def test_sk_to_pk_and_keygen():
    sks = [1, 2, R - 1, True] + [rng.randrange(1, R) for _ in range(10)]
    for sk in sks + BAD_SECRET_KEYS:
        for name in SUITE_NAMES:
            check(name, "SkToPk", sk)
    for ikm in [bytes(32), b"\xff" * 32, _random_bytes(32), _random_bytes(64), b"", b"short", bytearray(32)]:
        for info in [b"", b"key info", _random_bytes(40)]:
            check("G2ProofOfPossession", "KeyGen", ikm, info)
        check("G2Basic", "KeyGen", ikm)
    for bad in ODD_OBJECTS:
        check("G2Basic", "KeyGen", bad)
        check("G2Basic", "KeyGen", bytes(32), bad)


def test_key_validate():
    for pk in [PK, *BAD_PUBKEYS.values(), *ODD_OBJECTS, G1.generator().to_bytes()]:
        for name in SUITE_NAMES:
            check(name, "KeyValidate", pk)


# --------------------------------------------------------------------------
# signing


def test_sign_random_and_invalid():
    for name in SUITE_NAMES:
        sk = rng.randrange(1, R)
        msg = _random_bytes(rng.randrange(0, 80))
        check(name, "Sign", sk, msg)
        for bad in BAD_SECRET_KEYS:
            check(name, "Sign", bad, b"msg")
        for bad_msg in [bytearray(b"msg"), "msg", None, 5]:
            check(name, "Sign", SK, bad_msg)
    check("G2ProofOfPossession", "PopProve", rng.randrange(1, R))
    for bad in BAD_SECRET_KEYS:
        check("G2ProofOfPossession", "PopProve", bad)


def test_empty_dst_as_py_ecc():
    # pybls's own API refuses an empty tag (RFC 9380, 3.1); py_ecc takes one
    class Ref(ref_bls.G2Basic):
        DST = b""

    class New(compat.G2Basic):
        DST = b""

    sk = rng.randrange(1, R)
    assert New.Sign(sk, b"msg") == Ref.Sign(sk, b"msg")


# --------------------------------------------------------------------------
# verification


def test_verify_valid_and_wrong():
    for name in SUITE_NAMES:
        sk = rng.randrange(1, R)
        msg = _random_bytes(32)
        pk = compat.G2Basic.SkToPk(sk)
        sig = getattr(compat, name).Sign(sk, msg)
        assert check(name, "Verify", pk, msg, sig) == ("ok", True)
        assert check(name, "Verify", pk, msg + b"!", sig) == ("ok", False)
    sk = rng.randrange(1, R)
    pk = compat.G2Basic.SkToPk(sk)
    proof = compat.G2ProofOfPossession.PopProve(sk)
    assert check("G2ProofOfPossession", "PopVerify", pk, proof) == ("ok", True)
    assert check("G2ProofOfPossession", "PopVerify", PK, proof) == ("ok", False)


# Malformed inputs that py_ecc accepts as far as a pairing (a sign-flipped
# key or signature is another valid point; infinity is in the subgroup):
# slow in py_ecc, so they go through one scheme only.
SLOW_PUBKEYS = {"flipped sign"}
SLOW_SIGNATURES = {"flipped sign", "infinity"}
FAST_PUBKEYS = [v for k, v in BAD_PUBKEYS.items() if k not in SLOW_PUBKEYS] + ODD_OBJECTS
FAST_SIGNATURES = [v for k, v in BAD_SIGNATURES.items() if k not in SLOW_SIGNATURES] + ODD_OBJECTS


def test_verify_invalid_inputs():
    for name in SUITE_NAMES:
        for pk in FAST_PUBKEYS:
            check(name, "Verify", pk, b"msg", SIG)
        for sig in FAST_SIGNATURES:
            check(name, "Verify", PK, b"msg", sig)
        for msg in ["msg", None, 7]:
            check(name, "Verify", PK, msg, SIG)
    check("G2Basic", "Verify", PK, bytearray(b"msg"), SIG)
    check("G2MessageAugmentation", "Verify", PK, bytearray(b"msg"), SIG)  # PK + bytearray is bytes
    for key in SLOW_PUBKEYS:
        check("G2Basic", "Verify", BAD_PUBKEYS[key], b"msg", SIG)
    for key in SLOW_SIGNATURES:
        check("G2ProofOfPossession", "Verify", PK, b"msg", BAD_SIGNATURES[key])
    for pk in FAST_PUBKEYS:
        check("G2ProofOfPossession", "PopVerify", pk, SIG)
    for sig in FAST_SIGNATURES:
        check("G2ProofOfPossession", "PopVerify", PK, sig)


# --------------------------------------------------------------------------
# aggregation


def test_aggregate():
    sigs = [compat.G2Basic.Sign(rng.randrange(1, R), b"m") for _ in range(3)]
    cases = [
        sigs,
        sigs[:1],
        [SIG, SIG],
        [],
        [BAD_SIGNATURES["infinity"]],
        [SIG, BAD_SIGNATURES["infinity"]],
        [SIG, BAD_SIGNATURES["off the subgroup"]],  # py_ecc does not check the subgroup here
        tuple(sigs),
    ]
    cases += [[SIG, bad] for bad in BAD_SIGNATURES.values()]
    cases += [[bad, b"short"] for bad in BAD_SIGNATURES.values()]  # validated before decoding
    cases += [[bad] for bad in ODD_OBJECTS]
    for sigs_case in cases:
        for name in SUITE_NAMES:
            check(name, "Aggregate", sigs_case)
    for bad in [None, 5]:
        check("G2Basic", "Aggregate", bad)


def test_aggregate_pks():
    _, pks = _keys(3)
    cases = [pks, pks[:1], [], [PK, BAD_PUBKEYS["infinity"]], [PK, BAD_PUBKEYS["off the subgroup"]]]
    cases += [[PK, bad] for bad in BAD_PUBKEYS.values()]
    cases += [[bad] for bad in ODD_OBJECTS]
    for pks_case in cases:
        check("G2ProofOfPossession", "_AggregatePKs", pks_case)


def test_aggregate_verify_valid():
    sks, pks = _keys(2)
    msgs = [b"first", b"second"]
    for name in SUITE_NAMES:
        suite = getattr(compat, name)
        agg = suite.Aggregate([suite.Sign(sk, m) for sk, m in zip(sks, msgs)])
        assert check(name, "AggregateVerify", pks, msgs, agg) == ("ok", True)


def test_aggregate_verify_invalid():
    sks, pks = _keys(2)
    msgs = [b"first", b"second"]
    agg = compat.G2Basic.Aggregate([compat.G2Basic.Sign(sk, m) for sk, m in zip(sks, msgs)])
    structural = [
        ([], [], agg),
        (pks, msgs[:1], agg),
        (pks[:1], msgs, agg),
        (pks, ["a", "b"], agg),
        (pks, msgs, "signature"),
        (None, msgs, agg),
    ]
    for name in SUITE_NAMES:
        for pks_case, msgs_case, sig_case in structural:
            check(name, "AggregateVerify", pks_case, msgs_case, sig_case)
    check("G2Basic", "AggregateVerify", pks, [b"same", b"same"], agg)  # duplicate messages
    check("G2Basic", "AggregateVerify", pks, [bytearray(b"a"), b"b"], agg)  # unhashable message
    check("G2MessageAugmentation", "AggregateVerify", pks, [bytearray(b"a"), b"b"], agg)
    # The catalogue of bad keys and signatures, through the scheme that
    # validates keys last (the others share the code path, and pairings in
    # py_ecc are slow).
    for pks_case, msgs_case, sig_case in [([bad, pks[1]], msgs, agg) for bad in FAST_PUBKEYS] + [
        (pks, msgs, bad) for bad in FAST_SIGNATURES
    ]:
        check("G2Basic", "AggregateVerify", pks_case, msgs_case, sig_case)
    check("G2ProofOfPossession", "AggregateVerify", [pks[0], BAD_PUBKEYS["off the subgroup"]], msgs, agg)


def test_fast_aggregate_verify():
    sks, pks = _keys(3)
    msg = b"same message"
    agg = compat.G2ProofOfPossession.Aggregate([compat.G2ProofOfPossession.Sign(sk, msg) for sk in sks])
    assert check("G2ProofOfPossession", "FastAggregateVerify", pks, msg, agg) == ("ok", True)
    cases = [
        ([], msg, agg),
        (pks, bytearray(msg), agg),
        (pks, "text", agg),
        (pks, msg, None),
        (None, msg, agg),
        ([PK, compat.G2Basic.SkToPk(R - SK)], msg, SIG),  # keys summing to infinity
    ]
    cases += [([pks[0], bad], msg, agg) for bad in FAST_PUBKEYS]
    cases += [(pks, msg, bad) for bad in FAST_SIGNATURES]
    for pks_case, msg_case, sig_case in cases:
        check("G2ProofOfPossession", "FastAggregateVerify", pks_case, msg_case, sig_case)


# --------------------------------------------------------------------------
# Ethereum BLS vectors, through both implementations


def _hex(s):
    return bytes.fromhex(s[2:] if s.startswith("0x") else s)


def _named_cases(vectors_dir, handler):
    paths = sorted(glob.glob(os.path.join(vectors_dir, "eth-bls", "bls", handler, "*.json")))
    assert paths, f"no {handler} vectors"
    for path in paths:
        with open(path) as f:
            yield os.path.basename(path)[: -len(".json")], json.load(f)


def _cases(vectors_dir, handler):
    for _, case in _named_cases(vectors_dir, handler):
        yield case


def _one_per_kind(cases):
    """One vector of each kind (verify_valid_case_*, ...): py_ecc is slow,
    and every vector is checked against its expected output, which py_ecc
    produced, in test_compat_py_ecc.py."""
    seen = {}
    for name, case in cases:
        kind = name.rsplit("_", 1)[0] if any(c.isdigit() for c in name.rsplit("_", 1)[-1]) else name
        seen.setdefault(kind, case)
    return list(seen.values())


def test_eth_vectors_side_by_side(vectors_dir):
    bls = "G2ProofOfPossession"
    for case in _cases(vectors_dir, "sign"):
        i = case["input"]
        check(bls, "Sign", int.from_bytes(_hex(i["privkey"]), "big"), _hex(i["message"]))
    for case in _cases(vectors_dir, "aggregate"):
        check(bls, "Aggregate", [_hex(s) for s in case["input"]])
    for case in _one_per_kind(_named_cases(vectors_dir, "verify")):
        i = case["input"]
        check(bls, "Verify", _hex(i["pubkey"]), _hex(i["message"]), _hex(i["signature"]))
    for case in _one_per_kind(_named_cases(vectors_dir, "aggregate_verify")):
        i = case["input"]
        pks, msgs = [_hex(p) for p in i["pubkeys"]], [_hex(m) for m in i["messages"]]
        check(bls, "AggregateVerify", pks, msgs, _hex(i["signature"]))
    for case in _one_per_kind(_named_cases(vectors_dir, "fast_aggregate_verify")):
        i = case["input"]
        check(bls, "FastAggregateVerify", [_hex(p) for p in i["pubkeys"]], _hex(i["message"]), _hex(i["signature"]))
