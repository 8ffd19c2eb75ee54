"""Write the seed corpora of the C fuzz targets from the shared test vectors.

    python tests/fuzz/make_seeds.py [--vectors DIR] [--out build/fuzz/seeds]

One directory per target (aead, decode, decode_bn254, decode_bn254_nogami,
decode_bn381, decode_bn462, decode_bls48_581, hash, hash_bn254, keccak,
verify, msm, msm_bn254, field)
under --out, one file per input, named by the SHA-1 of its contents as
libFuzzer names them. The layout of each input is the one its target parses
(see the comment at the top of tests/fuzz/c/fuzz_<target>.c). Only the
vectors are read: GT seeds use pybls itself when it is importable.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pathlib
import struct
import sys
from typing import Dict, Iterator, List, Tuple

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO / "tests"))

from reference import vectors_path  # noqa: E402

P = 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB
R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001


def _hex(s: str) -> bytes:
    return bytes.fromhex(s[2:] if s.startswith("0x") else s)


def _fp(x: int) -> bytes:
    return x.to_bytes(48, "big")


def _fp_u(s: str) -> List[int]:
    """The integers of an RFC 9380 vector's field element ("0x..,0x..")."""
    return [int(part, 16) for part in s.split(",")]


def _eth_cases(vectors: pathlib.Path, handler: str) -> Iterator[dict]:
    for path in sorted((vectors / "eth-bls" / "bls" / handler).glob("*.json")):
        yield json.loads(path.read_text())


def decode_seeds(vectors: pathlib.Path) -> Iterator[bytes]:
    for group, sel, size in (("G1", 0, 48), ("G2", 1, 96)):
        for case in _eth_cases(vectors, f"deserialization_{group}"):
            data = _hex(case["input"]["pubkey" if group == "G1" else "signature"])
            for flags in (0, 1):
                yield bytes([sel, flags]) + data
    for case in _eth_cases(vectors, "verify"):
        yield bytes([0, 0]) + _hex(case["input"]["pubkey"])
        yield bytes([1, 0]) + _hex(case["input"]["signature"])
    for name, sel, n in (("G1", 0, 1), ("G2", 1, 2)):
        suite = json.loads((vectors / "hash-to-curve" / f"BLS12381{name}_XMD:SHA-256_SSWU_RO_.json").read_text())
        for v in suite["vectors"]:
            x, y = _fp_u(v["P"]["x"]), _fp_u(v["P"]["y"])
            # coordinates c0, c1 are written c1 || c0
            xb = b"".join(_fp(c) for c in reversed(x))
            yb = b"".join(_fp(c) for c in reversed(y))
            yield bytes([sel, 0]) + xb + yb  # uncompressed
            yield bytes([6 + sel, 0]) + xb + yb  # from_affine_bytes
            for u in v["u"]:
                for c in _fp_u(u):
                    yield bytes([5, 0]) + _fp(c)
    for case in _eth_cases(vectors, "sign"):
        yield bytes([3, 0]) + _hex(case["input"]["privkey"])
        yield bytes([4, 0]) + _hex(case["input"]["privkey"]) * 2
    yield bytes([3, 0]) + R.to_bytes(32, "big")
    yield bytes([3, 0]) + (R - 1).to_bytes(32, "big")
    yield bytes([5, 0]) + _fp(P)
    yield bytes([5, 0]) + _fp(P - 1)
    # a GT element (a drand/kyber pairing output, if present) and its edits
    for gt in _gt_values(vectors):
        yield bytes([2, 0]) + gt
        yield bytes([2, 0]) + gt[:-1] + bytes([gt[-1] ^ 1])


# BN254 (alt_bn128): the base field's modulus and the group order.
BN254_P = 0x30644E72E131A029B85045B68181585D97816A916871CA8D3C208C16D87CFD47
BN254_R = 0x30644E72E131A029B85045B68181585D2833E84879B9709143E1F593F0000001


def _bn254_points(vectors: pathlib.Path) -> Tuple[List[bytes], List[bytes]]:
    """The G1 (x || y, 64 bytes) and G2 (x_im || x_re || y_im || y_re, 128
    bytes) encodings in the shared BN254 vectors, valid or not."""
    bn = vectors / "bn254"
    g1: List[bytes] = []
    g2: List[bytes] = []
    for case in json.loads((bn / "bn256Add.json").read_text()):
        data = _hex(case["Input"]).ljust(128, b"\0")
        g1 += [data[:64], data[64:128], _hex(case["Expected"])]
    for case in json.loads((bn / "bn256ScalarMul.json").read_text()):
        g1 += [_hex(case["Input"]).ljust(96, b"\0")[:64], _hex(case["Expected"])]
    for case in json.loads((bn / "bn256Pairing.json").read_text()):
        data = _hex(case["Input"])
        for i in range(0, len(data) - 191, 192):
            g1.append(data[i:i + 64])
            g2.append(data[i + 64:i + 192])
    extra = json.loads((bn / "drand_bn254_beacons_extra.json").read_text())
    for chain in extra["sets"]:
        g2.append(_hex(chain["chain_info"]["public_key"] if "chain_info" in chain else chain["public_key"]))
        g1 += [_hex(b["signature"]) for b in chain["beacons"]]
    validity = extra["point_validity_vectors"]
    g1 += [_hex(v["encoding"]) for v in validity["G1"]]
    g2 += [_hex(v["encoding"]) for v in validity["G2"]]
    h2c = json.loads((bn / "hash_to_curve_bn254_g1_keccak256_svdw.json").read_text())
    g1 += [_hex(v["point_kyber"]) for v in h2c["hash_to_curve"]]
    return [p for p in g1 if len(p) == 64], [p for p in g2 if len(p) == 128]


def _bn254_compress(point: bytes) -> bytes:
    """gnark's compressed form of an EIP-196/197 encoding: x with the top
    bits 10 or 11 (y lexicographically largest), 01 for the identity. The
    encoding need not be valid."""
    n = len(point) // 2
    x, y = point[:n], point[n:]
    if not any(point):
        return bytes([0x40]) + bytes(n - 1)
    half = (BN254_P - 1) // 2
    coeffs = [int.from_bytes(y[i:i + 32], "big") for i in range(0, n, 32)]  # y_im first on G2
    top = next((c for c in coeffs if c), 0)
    flag = 0xC0 if top > half else 0x80
    return bytes([x[0] & 0x3F | flag]) + x[1:]


def decode_bn254_seeds(vectors: pathlib.Path) -> Iterator[bytes]:
    """The layout of fuzz_decode_bn254.c (that of fuzz_decode.c) with BN254's
    sizes: the points of the shared BN254 vectors, uncompressed, compressed
    and as affine coordinates, their coordinates as Fp elements, the
    identity encodings, scalars, and GT elements."""
    g1, g2 = _bn254_points(vectors)
    for sel, points in ((0, g1), (1, g2)):
        for point in points:
            for flags in (0, 1):
                yield bytes([sel, flags]) + point
                yield bytes([sel, flags]) + _bn254_compress(point)
            yield bytes([6 + sel, 0]) + point  # from_affine_bytes
            for i in range(0, len(point), 32):
                yield bytes([5, 0]) + point[i:i + 32]
    yield bytes([0, 0]) + bytes(64)
    yield bytes([1, 0]) + bytes(128)
    yield bytes([0, 0]) + b"\x40" + bytes(31)
    yield bytes([1, 0]) + b"\x40" + bytes(63)
    for case in json.loads((vectors / "bn254" / "bn256ScalarMul.json").read_text()):
        k = _hex(case["Input"]).ljust(96, b"\0")[64:96]
        yield bytes([3, 0]) + k
        yield bytes([4, 0]) + k * 2
    for k in (BN254_R, BN254_R - 1):
        yield bytes([3, 0]) + k.to_bytes(32, "big")
    for x in (BN254_P, BN254_P - 1):
        yield bytes([5, 0]) + x.to_bytes(32, "big")
    for gt in _bn254_gt_values():
        yield bytes([2, 0]) + gt
        yield bytes([2, 0]) + gt[:-1] + bytes([gt[-1] ^ 1])


# mcl's BN curves (its serialization): u, and the bytes of an Fp and an Fr
# encoding; p and r follow from u.
MCL_CURVES = {
    "bn254_nogami": (-(2**62 + 2**55 + 1), 32, 32),
    "bn381": (-(2**94 + 2**76 + 2**72 + 1), 48, 48),
    "bn462": (2**114 + 2**101 - 2**14 - 1, 58, 58),
}


def _bn_moduli(u: int) -> Tuple[int, int]:
    return 36 * u**4 + 36 * u**3 + 24 * u**2 + 6 * u + 1, 36 * u**4 + 36 * u**3 + 18 * u**2 + 6 * u + 1


def decode_mcl_seeds(curve: str) -> Iterator[bytes]:
    """The layout of decode_mcl.h (that of fuzz_decode.c) for one of mcl's
    curves: the identity, the moduli's edges as Fp and scalars, and, when
    pybls is importable, multiples of the generators compressed,
    uncompressed and as big-endian affine coordinates, and GT elements."""
    u, fpb, frb = MCL_CURVES[curve]
    p, r = _bn_moduli(u)
    yield bytes([0, 0]) + bytes(fpb)
    yield bytes([1, 0]) + bytes(4 * fpb)
    yield bytes([0, 0]) + bytes(fpb - 1) + b"\x80"
    for x in (p, p - 1):
        yield bytes([5, 0]) + x.to_bytes(fpb, "big")
        yield bytes([0, 0]) + x.to_bytes(fpb, "little")
    for k in (r, r - 1):
        yield bytes([3, 0]) + k.to_bytes(frb, "big")
        yield bytes([4, 0]) + k.to_bytes(frb, "big") * 2
    try:
        import importlib

        mod = importlib.import_module(f"pybls.{curve}")
    except ImportError:
        return
    for sel, group in ((0, mod.G1), (1, mod.G2)):
        cb = fpb * (1 + sel)
        for k in (1, 2, 0x1234567):
            point = group.generator() * k
            full = point.to_bytes(compressed=False)
            for flags in (0, 1):
                yield bytes([sel, flags]) + point.to_bytes()
                yield bytes([sel, flags]) + full
            yield bytes([6 + sel, 0]) + full[:cb][::-1] + full[cb:][::-1]
    g = mod.GT.generator()
    for e in (g, g ** 0x1234567):
        yield bytes([2, 0]) + e.to_bytes()


# BLS48-581: t, and p = (t - 1)^2 r / 3 + t, r = t^16 - t^8 + 1.
BLS48_T = -1 + 2**7 - 2**10 - 2**30 - 2**32
BLS48_R = BLS48_T**16 - BLS48_T**8 + 1
BLS48_P = (BLS48_T - 1) ** 2 * BLS48_R // 3 + BLS48_T


def decode_bls48_seeds() -> Iterator[bytes]:
    """The layout of decode_checks.h for BLS48-581 (ZCash / IETF flags,
    73-byte Fp, 65-byte scalars): the identities, the moduli's edges as Fp,
    scalars and coordinates, and, when pybls is importable, multiples of the
    generators compressed, uncompressed and as affine coordinates, and GT
    elements."""
    fpb, frb = 73, 65
    p, r = BLS48_P, BLS48_R
    yield bytes([0, 0]) + b"\xc0" + bytes(fpb - 1)
    yield bytes([1, 0]) + b"\xc0" + bytes(8 * fpb - 1)
    yield bytes([0, 0]) + b"\x40" + bytes(2 * fpb - 1)
    for x in (p, p - 1):
        yield bytes([5, 0]) + x.to_bytes(fpb, "big")
        yield bytes([0, 0]) + bytes([0x80 | x.to_bytes(fpb, "big")[0]]) + x.to_bytes(fpb, "big")[1:]
    for k in (r, r - 1):
        yield bytes([3, 0]) + k.to_bytes(frb, "big")
        yield bytes([4, 0]) + k.to_bytes(frb, "big") * 2
    yield bytes([2, 0]) + bytes(48 * fpb - 1) + b"\x01"
    try:
        from pybls import bls48_581 as mod
    except ImportError:
        return
    # G2's decodings check the subgroup by a multiplication by r: one G2
    # point keeps the replays cheap.
    for sel, group, ks in ((0, mod.G1, (1, 0x1234567)), (1, mod.G2, (1,))):
        for k in ks:
            point = group.generator() * k
            full = point.to_bytes(compressed=False)
            for flags in (0, 1):
                yield bytes([sel, flags]) + point.to_bytes()
                yield bytes([sel, flags]) + full
            yield bytes([6 + sel, 0]) + full
    yield bytes([2, 0]) + mod.GT.generator().to_bytes()


def _bn254_gt_values() -> Iterator[bytes]:
    """BN254 GT elements: 1, and e(g1, g2) and a power of it when pybls is
    importable."""
    yield bytes(383) + b"\x01"
    try:
        from pybls.bn254 import GT as GT_BN254
    except ImportError:
        return
    g = GT_BN254.generator()
    yield g.to_bytes()
    yield (g ** 0x1234567).to_bytes()


def _gt_values(vectors: pathlib.Path) -> Iterator[bytes]:
    """GT elements: 1, and e(g1, g2) and a power of it when pybls is
    importable (seeds need not be independent of the library: they only
    start the search near valid inputs)."""
    yield bytes(575) + b"\x01"
    try:
        from pybls import GT
    except ImportError:
        return
    g = GT.generator()
    yield g.to_bytes()
    yield (g ** 0x1234567).to_bytes()


def hash_seeds(vectors: pathlib.Path) -> Iterator[bytes]:
    for name, sel in (("G1", 3), ("G2", 5)):
        for kind, enc in (("RO", 0), ("NU", 1)):
            suite = json.loads((vectors / "hash-to-curve" / f"BLS12381{name}_XMD:SHA-256_SSWU_{kind}_.json").read_text())
            dst = suite["dst"].encode()
            for v in suite["vectors"]:
                yield struct.pack(">BHH", sel + enc, len(dst), 0) + dst + v["msg"].encode()
    for fname in ("expand_message_xmd_SHA256_38.json", "expand_message_xmd_SHA256_256.json"):
        suite = json.loads((vectors / "hash-to-curve" / fname).read_text())
        dst = suite["DST"].encode()
        for v in suite["tests"]:
            yield struct.pack(">BHH", 0, len(dst), int(v["len_in_bytes"], 16)) + dst + v["msg"].encode()
    long_dst = b"D" * 300
    for sel in range(7):
        yield struct.pack(">BHH", sel, len(long_dst), 2) + long_dst + b"abc"
    yield struct.pack(">BHH", 0x80, 0, 8161) + b"x"
    yield struct.pack(">BHH", 1, 0, 128) + b"x"
    yield struct.pack(">BHH", 2, 0, 64) + b"x"


def verify_seeds(vectors: pathlib.Path) -> Iterator[bytes]:
    for n, case in enumerate(_eth_cases(vectors, "verify")):
        i = case["input"]
        sel = 4 if n % 4 == 0 else 0  # some with the pairing cross-checks
        yield bytes([sel]) + _hex(i["pubkey"]) + _hex(i["signature"]) + _hex(i["message"])
    beacons = json.loads((vectors / "drand" / "beacons.json").read_text())
    schemes = beacons["schemes"]
    for b in beacons["beacons"]:
        chain = beacons["chains"][b["chain"]]
        scheme = chain["schemeID"]
        if scheme in ("pedersen-bls-chained", "pedersen-bls-unchained"):
            sel = 8
        elif scheme == "bls-unchained-g1-rfc9380":
            sel = 9
        else:  # the legacy G1 scheme with the G2 DST has no layout here
            continue
        assert schemes[scheme]["dst"].endswith("_NUL_")
        yield bytes([sel | (4 if b["round"] % 4 == 0 else 0)]) + _hex(chain["public_key"]) + _hex(b["signature"]) + _hex(b["message"])


def msm_seeds(vectors: pathlib.Path) -> Iterator[bytes]:
    """The layout of fuzz_msm.c: counts on either side of the fuzz builds'
    switch to the bucket method (6 points, the Makefile's FUZZ_DEFS) up to
    the most (16), two fresh points (a decoded eth-bls key or signature, a
    mapped field element) and the derived ones in turn, with scalars of
    every kind and length."""
    pks = [_hex(c["input"]["pubkey"]) for c in _eth_cases(vectors, "verify")]
    sigs = [_hex(c["input"]["signature"]) for c in _eth_cases(vectors, "verify")]
    for g2, points in ((0, pks), (1, sigs)):
        for n in (0, 1, 2, 5, 6, 7, 11, 16):
            body = b""
            for i in range(n):
                # decode (5), map (6), then the identity (0), a copy (1), a
                # negation (2), a double (3), a sum (4), a generator multiple (7)
                op = (5, 6, 0, 1, 2, 3, 4, 7)[i % 8] if i < 8 else (1, 2, 3, 4, 4, 7)[i % 6]
                data = {5: points[i % len(points)], 6: bytes([i + 1]) * (96 if g2 else 48), 4: bytes([i * 7 % 251]),
                        7: bytes([i * 13 % 256])}.get(op, b"")
                kind = (4, 3, 2, 4, 0, 1, 3)[i % 7]
                # kind 3: 1 + (length byte % 32) bytes
                scalar = {4: hashlib.sha512(bytes([i])).digest(),
                          3: bytes([i * 5]) + hashlib.sha256(bytes([i])).digest()[:1 + i * 5 % 32]}.get(kind, b"")
                body += bytes([op]) + data + bytes([kind]) + scalar
            yield bytes([g2 | (n % 8) << 1, n, n % 17]) + body


def msm_bn254_seeds(vectors: pathlib.Path) -> Iterator[bytes]:
    """The layout of fuzz_msm_bn254.c: counts on either side of the fuzz
    builds' switch to the bucket method (6 points) up to the most (16), two
    fresh points (a compressed point of the shared BN254 vectors, a mapped
    field element) and the derived ones in turn (phi among them), with
    scalars of every kind: the split's threshold 2^128, its lattice
    coefficients of both signs near zero and near their bound 2^126."""
    points = [_bn254_compress(p) for p in _bn254_points(vectors)[0] if any(p)][:8]
    # scalar kinds with their data: 0, 1, r - 1 - b, 2^128 + b, 2^e + b,
    # D + A + B lambda (header byte, bytes of A; the same for B), bytes, wide
    kinds = [bytes([3, 0x80]), bytes([5, 0x04 | 1, 7, 0x05 | 2, 9]), bytes([8]) + hashlib.sha512(b"k").digest(),
             bytes([3, 0x7F]), bytes([5, 0x02, 0x03]), bytes([5, 0x3E]) + bytes(range(1, 16)) + bytes([0x3D])
             + bytes(range(2, 17)), bytes([4, 200, 0xFF]), bytes([2, 0]), bytes([0]), bytes([1]),
             bytes([6, 20]) + hashlib.sha256(b"s").digest()[:21]]
    for secret in (0, 1):
        for n in (0, 1, 2, 5, 6, 7, 11, 16):
            body = b""
            for i in range(n):
                # decode (5), map (6), phi (7), the identity (0), a copy (1),
                # a negation (2), a double (3), a sum (4), a generator multiple (8)
                op = (5, 6, 7, 0, 1, 2, 3, 4, 8)[i % 9] if i < 9 else (7, 1, 2, 7, 3, 4, 4, 8)[i % 8]
                data = {5: points[i % len(points)], 6: bytes([i + 1]) * 32, 4: bytes([i * 7 % 251]),
                        8: bytes([i * 13 % 256])}.get(op, b"")
                body += bytes([op]) + data + kinds[(i + n + secret) % len(kinds)]
            yield bytes([secret | (n % 8) << 1, n, n % 17]) + body


def field_seeds(vectors: pathlib.Path) -> Iterator[bytes]:
    suite = json.loads((vectors / "hash-to-curve" / "BLS12381G1_XMD:SHA-256_SSWU_RO_.json").read_text())
    us = [c for v in suite["vectors"] for u in v["u"] for c in _fp_u(u)]
    for op in range(8):
        for i, u in enumerate(us[:4]):
            b = us[(i + 1) % len(us)]
            yield bytes([op << 1]) + _fp(u) + _fp(b)
            yield bytes([op << 1 | 1]) + (u % R).to_bytes(32, "big") + (b % R).to_bytes(32, "big") + bytes([8]) + b"\xff" * 8
    for op in range(8):
        yield bytes([op << 1 | 0x80]) + _fp(P) + _fp(0)
        yield bytes([op << 1 | 0x81]) + R.to_bytes(32, "big") + (R - 1).to_bytes(32, "big")
        yield bytes([op << 1]) + _fp(0) + _fp(P - 1)
    # Fp2 products (op 7) of coefficients whose internal (Montgomery, R =
    # 2^384) forms are p - 1 or 1: the largest unreduced Karatsuba sums.
    internal = lambda v: v * pow(2**384, -1, P) % P  # noqa: E731
    top, one = _fp(internal(P - 1)), _fp(internal(1))
    yield bytes([7 << 1]) + top * 4
    yield bytes([7 << 1]) + top * 2 + one * 2
    yield bytes([7 << 1]) + one + top + top + one


def aead_seeds(vectors: pathlib.Path) -> Iterator[bytes]:
    """The layout of fuzz_aead.c with the RFC 8439 (2.8.2) example's key,
    nonce and AAD (the message is shorter), and edge lengths."""
    key = bytes(range(0x80, 0xA0))
    nonce = bytes.fromhex("070000004041424344454647")
    aad = bytes.fromhex("50515253c0c1c2c3c4c5c6c7")
    yield bytes([0]) + key + nonce + bytes(4) + bytes([len(aad)]) + aad + b"Ladies and Gentlemen of the class of '99"
    for n in (0, 1, 15, 16, 17, 63, 64, 65, 200):
        yield bytes([n]) + key + nonce + (0xFFFFFFFF).to_bytes(4, "big") + bytes([0]) + bytes(n)
        yield bytes([n + 1]) + key + nonce + (1).to_bytes(4, "big") + bytes([n % 17]) + bytes(range(n % 17)) + bytes(n)


def keccak_seeds(vectors: pathlib.Path) -> Iterator[bytes]:
    """The layout of fuzz_keccak.c: messages around one and two 136-byte
    blocks, and the shared BN254 expand_message_xmd vector's DST and message
    (the target uses the message as DST)."""
    for i, n in enumerate((0, 1, 135, 136, 137, 271, 272, 273, 300)):
        yield bytes([i, 0, 0, 0, 0, 0, 0, 0, n % 256]) + bytes(j % 251 for j in range(n))
    cases = json.loads((vectors / "bn254" / "hash_to_curve_bn254_g1_keccak256_svdw.json").read_text())
    for c in cases["expand_message_xmd_keccak256"]:
        yield bytes([31]) + bytes(8) + c["dst"].encode()
        yield bytes([255]) + bytes(range(1, 9)) + bytes.fromhex(c["msg"]) * 20


def hash_bn254_seeds(vectors: pathlib.Path) -> Iterator[bytes]:
    """The layout of fuzz_hash_bn254.c (selector, 16-bit DST length, 16-bit
    count or length, DST || message; bit 3 of the selector picks Keccak-256,
    bit 6 G2):
    the shared BN254 vectors' expander, hash_to_field and hash_to_curve
    cases with their own DSTs, and long DSTs for every operation."""
    cases = json.loads((vectors / "bn254" / "hash_to_curve_bn254_g1_keccak256_svdw.json").read_text())
    for c in cases["expand_message_xmd_keccak256"]:
        dst = c["dst"].encode()
        yield struct.pack(">BHH", 8, len(dst), c["len_in_bytes"]) + dst + bytes.fromhex(c["msg"])
    h2f = cases["hash_to_field"]
    dst = h2f["dst"].encode()
    for v in h2f["vectors"][:8]:
        msg = bytes.fromhex(v["msg"]) if "msg" in v else v["msg_ascii"].encode()
        yield struct.pack(">BHH", 9, len(dst), h2f["count"]) + dst + msg
    for v in cases["hash_to_curve"]:
        dst = v["dst"].encode()
        yield struct.pack(">BHH", 10, len(dst), 0) + dst + bytes.fromhex(v["msg"])
    long_dst = b"D" * 300
    for sel in (0, 1, 2, 3, 8, 9, 10, 11):
        yield struct.pack(">BHH", sel, len(long_dst), 2) + long_dst + b"abc"
    yield struct.pack(">BHH", 0x88, 0, 8161) + b"x"
    # G2 (bit 6 of the selector), hash and encode, with the SHA-256 suite's
    # test DSTs and a long DST
    for sel, dst in ((0x42, b"QUUX-V01-CS02-with-BN254G2_XMD:SHA-256_SVDW_RO_"),
                     (0x43, b"QUUX-V01-CS02-with-BN254G2_XMD:SHA-256_SVDW_NU_"), (0x42, long_dst)):
        yield struct.pack(">BHH", sel, len(dst), 0) + dst + b"abc"


def eip2537_seeds(vectors: pathlib.Path) -> Iterator[bytes]:
    """The layout of fuzz_eip2537.c: EIP-2537's addition and multiplication
    vectors, valid and failing, after their function's selector, and the
    points of its pairing-check vectors after the decoders' (with and
    without the subgroup check)."""
    files = [("add_G1", 0), ("add_G2", 1), ("mul_G1", 2), ("mul_G2", 3)]
    for stem, sel in files:
        for prefix in ("", "fail-"):
            for case in json.loads((vectors / "eip2537" / f"{prefix}{stem}_bls.json").read_text()):
                yield bytes([sel]) + _hex(case["Input"])
    for prefix in ("", "fail-"):
        for case in json.loads((vectors / "eip2537" / f"{prefix}pairing_check_bls.json").read_text()):
            data = _hex(case["Input"])
            for i in range(0, len(data) - 383, 384):
                for check in (0, 6):
                    yield bytes([4 + check]) + data[i:i + 128]
                    yield bytes([5 + check]) + data[i + 128:i + 384]


TARGETS = {
    "eip2537": eip2537_seeds,
    "aead": aead_seeds,
    "decode": decode_seeds,
    "decode_bn254": decode_bn254_seeds,
    "hash": hash_seeds,
    "hash_bn254": hash_bn254_seeds,
    "keccak": keccak_seeds,
    "verify": verify_seeds,
    "msm": msm_seeds,
    "msm_bn254": msm_bn254_seeds,
    "field": field_seeds,
    **{f"decode_{c}": (lambda vectors, c=c: decode_mcl_seeds(c)) for c in MCL_CURVES},
    "decode_bls48_581": lambda vectors: decode_bls48_seeds(),
}


def write_seeds(out: pathlib.Path, vectors: pathlib.Path) -> Dict[str, int]:
    counts = {}
    for name, gen in TARGETS.items():
        d = out / name
        d.mkdir(parents=True, exist_ok=True)
        n = 0
        for data in gen(vectors):
            (d / hashlib.sha1(data).hexdigest()).write_bytes(data)
            n += 1
        counts[name] = n
    return counts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--vectors", type=pathlib.Path, default=None)
    ap.add_argument("--out", type=pathlib.Path, default=REPO / "build" / "fuzz" / "seeds")
    args = ap.parse_args()
    vectors = args.vectors or vectors_path()
    if not (vectors / "SOURCES.md").is_file():
        sys.exit(f"test vectors not found at {vectors}; set PYBLS_VECTORS")
    counts = write_seeds(args.out, vectors)
    print("seeds: " + ", ".join(f"{k} {v}" for k, v in counts.items()) + f" (in {args.out})")


if __name__ == "__main__":
    main()
