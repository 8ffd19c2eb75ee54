"""Differential fuzz targets: pybls against blst (pyblst), chia's blspy and
py_ecc, on the same bytes.

Each target takes fuzzer bytes, gives them to pybls and to the other
implementations, and fails on any disagreement about validity or result.
:func:`near_valid` makes the inputs a blind fuzzer rarely reaches: valid
encodings and their one-bit edits, points outside the subgroup, x
coordinates off the curve, infinity with stray bits, coordinates and
scalars pushed past the modulus. ``test_differential.py`` sweeps them with a
fixed seed; ``run_py_fuzz.py`` fuzzes the targets with them as seeds.

Native only: the other implementations are compiled extensions (or too
slow under Pyodide).

Where another library's interface differs, the input is adapted, never the
verdict: blst refuses DSTs over 255 bytes, so it is given the RFC 9380
(5.3.3) short form of a long DST.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any, Callable, Dict, List, Optional, Tuple

import blspy
import pyblst
from py_ecc.bls import point_compression as pc
from py_ecc.bls.hash_to_curve import hash_to_G2 as pyecc_hash_to_G2

from pybls import G1, G2, Scalar
from pybls.errors import ArgumentError, PyblsError
from pybls.sig import MinPk, MinSig

from fuzz_targets import Cursor, target

P = 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB
R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001

def _ok(fn: Callable[[], Any]) -> Tuple[bool, Any]:
    """(True, value) or (False, None) if fn raises a ValueError-like error."""
    try:
        return True, fn()
    except (ValueError, RuntimeError, PyblsError):
        return False, None


def _agree(what: str, data: bytes, **results: Tuple[bool, Any]) -> None:
    valid = {name: ok for name, (ok, _) in results.items()}
    assert len(set(valid.values())) == 1, f"{what}: validity differs for {data.hex()}: {valid}"
    values = {name: v for name, (ok, v) in results.items() if ok and v is not None}
    assert len(set(values.values())) <= 1, f"{what}: results differ for {data.hex()}: {values}"


def _g1_pybls(b: bytes) -> Tuple[bool, Any]:
    return _ok(lambda: G1.from_bytes(b).to_bytes())


def _g2_pybls(b: bytes) -> Tuple[bool, Any]:
    return _ok(lambda: G2.from_bytes(b).to_bytes())


@target("diff_g1", group="differential")
def diff_g1(data: bytes) -> None:
    """A 48-byte G1 encoding: pybls, blst, blspy and (for curve membership)
    py_ecc's decompression agree on validity and re-encoding."""
    b = data[:48].ljust(48, b"\0") if len(data) < 48 or data[0] & 0x80 else data[:48]
    _agree("G1 decode", b,
           pybls=_g1_pybls(b),
           blst=_ok(lambda: pyblst.BlstP1Element.uncompress(b).compress()),
           blspy=_ok(lambda: bytes(blspy.G1Element.from_bytes(b))))
    # without the subgroup check: py_ecc's decompression (curve, flags, x < p),
    # except for x = 0 without the infinity flag, which py_ecc refuses as a
    # malformed infinity ("b_flag should be 1") although (0, +-2) is a curve
    # point (of order 3; blst and blspy refuse it above, outside the subgroup)
    if b[0] & 0xC0 == 0x80 and not any(b[1:]) and not b[0] & 0x1F:
        ours = _ok(lambda: G1.from_bytes(b, subgroup_check=False).to_affine())
        assert ours == (True, (0, 2 if not b[0] & 0x20 else P - 2)), f"x = 0 decodes to {ours}"
        return
    ours = _ok(lambda: G1.from_bytes(b, subgroup_check=False).to_bytes())
    theirs = _ok(lambda: pc.compress_G1(pc.decompress_G1(pc.G1Compressed(int.from_bytes(b, "big")))).to_bytes(48, "big"))
    _agree("G1 decode without subgroup check", b, pybls=ours, py_ecc=theirs)


@target("diff_g2", group="differential")
def diff_g2(data: bytes) -> None:
    """A 96-byte G2 encoding: pybls, blst and blspy agree."""
    b = data[:96].ljust(96, b"\0")
    _agree("G2 decode", b,
           pybls=_g2_pybls(b),
           blst=_ok(lambda: pyblst.BlstP2Element.uncompress(b).compress()),
           blspy=_ok(lambda: bytes(blspy.G2Element.from_bytes(b))))


@target("diff_scalar", group="differential")
def diff_scalar(data: bytes) -> None:
    """32 bytes as a scalar / secret key: pybls, blspy and the integer agree."""
    b = data[:32].ljust(32, b"\0")
    n = int.from_bytes(b, "big")
    _agree("scalar", b, pybls=_ok(lambda: int(Scalar.from_bytes(b))), int=(n < R, n if n < R else None))
    _agree("secret key", b,
           pybls=_ok(lambda: bytes(MinPk.PoP.sk_to_pk(__import__("pybls").sig.SecretKey.from_bytes(b)).to_bytes())),
           blspy=_ok(lambda: bytes(blspy.PrivateKey.from_bytes(b).get_g1()) if n else _raise()))


def _raise() -> Any:
    raise ValueError("zero secret key")


def _blst_verify(minsig: bool, pk: bytes, msg: bytes, sig: bytes, dst: bytes) -> bool:
    K, S = (pyblst.BlstP2Element, pyblst.BlstP1Element) if minsig else (pyblst.BlstP1Element, pyblst.BlstP2Element)
    try:
        P, Q = K.uncompress(pk), S.uncompress(sig)
    except ValueError:
        return False
    if P.compress() == (b"\xc0" + bytes(len(pk) - 1)):  # KeyValidate: no identity key
        return False
    H = S.hash_to_group(msg, dst)
    g = K.uncompress((G2 if minsig else G1).generator().to_bytes())
    if minsig:
        return bool(pyblst.final_verify(pyblst.miller_loop(H, P), pyblst.miller_loop(Q, g)))
    return bool(pyblst.final_verify(pyblst.miller_loop(P, H), pyblst.miller_loop(g, Q)))


def _blspy_verify(pk: bytes, msg: bytes, sig: bytes) -> bool:
    try:
        P, Q = blspy.G1Element.from_bytes(pk), blspy.G2Element.from_bytes(sig)
    except (ValueError, RuntimeError):
        return False
    return bool(blspy.PopSchemeMPL.verify(P, msg, Q))


@target("diff_verify", group="differential")
def diff_verify(data: bytes) -> None:
    """A signature check: pybls's PoP verify in both variants against blst,
    and blspy's PopSchemeMPL for MinPk."""
    cur = Cursor(data)
    minsig = bool(cur.byte() & 1)
    scheme = MinSig.PoP if minsig else MinPk.PoP
    pk = cur.take(96 if minsig else 48)
    sig = cur.take(48 if minsig else 96)
    msg = cur.rest()
    ours = scheme.verify(pk, msg, sig)
    blst = _blst_verify(minsig, pk, msg, sig, scheme.dst)
    assert ours == blst, f"verify: pybls {ours}, blst {blst} for {data.hex()}"
    if not minsig:
        chia = _blspy_verify(pk, msg, sig)
        assert ours == chia, f"verify: pybls {ours}, blspy {chia} for {data.hex()}"


@target("diff_hash", group="differential")
def diff_hash(data: bytes) -> None:
    """hash_to_curve in G1 and G2 with any message and DST (long DSTs too)
    against blst; every 16th input also against py_ecc's hash_to_G2."""
    cur = Cursor(data)
    sel = cur.byte()
    dst_len = cur.byte() | (cur.byte() << 8 if sel & 2 else 0)
    dst = cur.take(dst_len)
    msg = cur.rest()
    # blst refuses DSTs over 255 bytes: give it the RFC 9380 (5.3.3) short form
    short = hashlib.sha256(b"H2C-OVERSIZE-DST-" + dst).digest() if len(dst) > 255 else dst
    group, peer = (G2, pyblst.BlstP2Element) if sel & 1 else (G1, pyblst.BlstP1Element)
    if dst:
        ours = group.hash_to_curve(msg, dst).to_bytes()
    else:  # the API refuses an empty tag (RFC 9380, 3.1); the core's hashing is compared still
        try:
            group.hash_to_curve(msg, dst)
        except ArgumentError:
            pass
        else:
            raise AssertionError(f"an empty DST was accepted for {data.hex()}")
        ours = group._hash_to_curve_any_dst(msg, dst).to_bytes()
    theirs = peer.hash_to_group(msg, short).compress()
    assert ours == theirs, f"hash_to_curve differs from blst for {data.hex()}"
    if sel & 1 and sel >> 4 == 0 and len(dst) <= 255:
        ref = pc.compress_G2(pyecc_hash_to_G2(msg, dst, hashlib.sha256))
        ref_b = ref[0].to_bytes(48, "big") + ref[1].to_bytes(48, "big")
        assert ours == ref_b, f"hash_to_G2 differs from py_ecc for {data.hex()}"


# -- near-valid inputs ---------------------------------------------------------------
def _flip(rng: random.Random, b: bytes) -> bytes:
    i = rng.randrange(len(b) * 8)
    out = bytearray(b)
    out[i // 8] ^= 1 << (i % 8)
    return bytes(out)


def _off_subgroup(rng: random.Random, group: Any) -> bytes:
    """A compressed point on the curve outside the subgroup (from the map
    to the curve, without cofactor clearing)."""
    while True:
        x = rng.randrange(P)
        b = bytearray(x.to_bytes(48, "big") if group is G1 else (rng.randrange(P).to_bytes(48, "big") + x.to_bytes(48, "big")))
        b[0] |= 0x80 | (0x20 if rng.random() < 0.5 else 0)
        ok, _ = _ok(lambda: group.from_bytes(bytes(b), subgroup_check=False))
        if ok and not _ok(lambda: group.from_bytes(bytes(b)))[0]:
            return bytes(b)


def _noncanonical(rng: random.Random, valid: bytes, group: Any) -> bytes:
    """x + p with the flags kept (still < 2^381 for small x only: otherwise
    the flag bits absorb the overflow, another invalid form)."""
    flags = valid[0] & 0xE0
    x = int.from_bytes(bytes([valid[0] & 0x1F]) + valid[1:48], "big")
    v = (x + P) % (1 << 381)
    out = bytearray(v.to_bytes(48, "big") + valid[48:])
    out[0] |= flags
    return bytes(out)


def near_valid(rng: random.Random, name: str) -> bytes:
    """An input for the differential target `name`."""
    kind = rng.randrange(8)
    if name in ("diff_g1", "diff_g2"):
        group = G1 if name == "diff_g1" else G2
        valid = (group.generator() * Scalar(rng.randrange(R))).to_bytes()
        size = len(valid)
        if kind == 0:
            return valid
        if kind in (1, 2):
            return _flip(rng, valid)
        if kind == 3:
            return _off_subgroup(rng, group)
        if kind == 4:  # x not on the curve: a random x, compressed flags
            b = bytearray(rng.randrange(P).to_bytes(48, "big") + (rng.randrange(P).to_bytes(48, "big") if size == 96 else b""))
            b[0] |= 0x80
            return bytes(b[:size])
        if kind == 5:  # infinity with a stray bit
            b = bytearray(b"\xc0" + bytes(size - 1))
            if rng.random() < 0.9:
                i = rng.randrange(3, size * 8)
                b[i // 8] ^= 0x80 >> (i % 8)
            return bytes(b)
        if kind == 6:
            return _noncanonical(rng, valid, group)
        return bytes(rng.getrandbits(8) for _ in range(size))
    if name == "diff_scalar":
        n = [0, 1, R - 1, R, R + 1, (1 << 256) - 1, rng.randrange(R), rng.randrange(R, 1 << 256)][kind]
        return n.to_bytes(32, "big")
    if name == "diff_verify":
        minsig = rng.random() < 0.5
        scheme = MinSig.PoP if minsig else MinPk.PoP
        sk = __import__("pybls").sig.SecretKey.from_int(rng.randrange(1, R))
        msg = bytes(rng.getrandbits(8) for _ in range(rng.randrange(40)))
        pk, sig = scheme.sk_to_pk(sk).to_bytes(), scheme.sign(sk, msg).to_bytes()
        if kind == 1:
            pk = _flip(rng, pk)
        elif kind == 2:
            sig = _flip(rng, sig)
        elif kind == 3:
            msg = msg + b"\0"
        elif kind == 4:
            sig = _off_subgroup(rng, G1 if minsig else G2)
        elif kind == 5:
            pk = b"\xc0" + bytes(len(pk) - 1)
        elif kind == 6:
            sig = b"\xc0" + bytes(len(sig) - 1)
        return bytes([minsig]) + pk + sig + msg
    if name == "diff_hash":
        sel = rng.getrandbits(8) & ~0xF0 | (0 if kind == 0 else 0x10)
        dst_len = rng.choice([0, 1, 43, 255, 256, 300]) if sel & 2 else rng.randrange(256)
        if not sel & 2:
            dst_len &= 0xFF
        dst = bytes(rng.getrandbits(8) for _ in range(dst_len))
        head = bytes([sel, dst_len & 0xFF]) + (bytes([dst_len >> 8]) if sel & 2 else b"")
        return head + dst + bytes(rng.getrandbits(8) for _ in range(rng.randrange(100)))
    raise KeyError(name)


DIFFERENTIAL = ["diff_g1", "diff_g2", "diff_scalar", "diff_verify", "diff_hash"]
