"""Keccak-256 (Ethereum's, the original Keccak padding) and
expand_message_xmd over it, as drand's BN254 suites hash to the curve.

* Keccak-256 against fixed known answers, in every runtime: the empty
  string, "abc", lengths on either side of the 136-byte rate and of two
  blocks, and a 1 MiB message; natively also against pycryptodome's
  ``Crypto.Hash.keccak`` for every length up to three blocks and random
  messages.
* expand_message_xmd_keccak256 against the shared BN254 vectors (from
  drand/kyber), and natively against RFC 9380 5.3.1 written out below over
  pycryptodome's Keccak-256: messages and DSTs around the block size, long
  DSTs (5.3.3), output lengths up to the 8160-byte limit. The same
  reference over hashlib's SHA-256 reproduces the SHA-256 expander, which
  checks the reference itself.

The file's hash_to_field vectors need the BN254 base field and are not
used here.
"""

import hashlib
import json
import random

import pytest

import reference as ref
from pybls import _lib
from pybls.errors import ArgumentError
from pybls.hashing import expand_message_xmd, expand_message_xmd_keccak256, keccak256

VECTORS = ("bn254", "hash_to_curve_bn254_g1_keccak256_svdw.json")


def _pattern(n):
    return bytes(i % 251 for i in range(n))


# Digests computed with pycryptodome (Crypto.Hash.keccak, digest_bits=256);
# the first two are the usual published values.
KNOWN = [
    (b"", "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"),
    (b"abc", "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45"),
    (b"The quick brown fox jumps over the lazy dog", "4d741b6f1eb29cb2a9b9911c82f56fa8d73b04959d3d9d222895df6c0b28aa15"),
    (_pattern(1), "bc36789e7a1e281436464229828f817d6612f7b477d66591ff96a9e064bcc98a"),
    (_pattern(135), "cbdfd9dee5faad3818d6b06f95a219fd290b0e1706f6a82e5a595b9ce9faca62"),
    (_pattern(136), "7ce759f1ab7f9ce437719970c26b0a66ff11fe3e38e17df89cf5d29c7d7f807e"),
    (_pattern(137), "ac73d4fae68b8453f764007c1a20ce95994187861f0c3227a3a8e99a73a3b1db"),
    (_pattern(271), "27eceb59ebc3dc8a04a5b135be641591a7278540e4556a2ba9f408194e666ec3"),
    (_pattern(272), "8e2476e65823b24d96ebe239f2c1534cdf763e689e2410c3b1cb0c74e6177bfc"),
    (_pattern(273), "3f02f134370e4debb95140ef49ddd3aed8c65ff1ed83a43f1b269421f179c5f9"),
    (_pattern(1 << 20), "2fd6b833d9e25ae8d7dda1c3ed07af04df131ce89010c888534d4e825e40e875"),
]


@pytest.mark.parametrize("msg, digest", KNOWN, ids=[f"len{len(m)}" for m, _ in KNOWN])
def test_keccak256_known_answers(msg, digest):
    assert keccak256(msg).hex() == digest
    assert _lib.keccak256(msg, len(msg)).hex() == digest


def test_keccak256_is_not_sha3():
    # SHA3-256 pads with 0x06 where Keccak-256 pads with 0x01.
    assert keccak256(b"abc") != hashlib.sha3_256(b"abc").digest()


def test_keccak256_argument_types():
    assert keccak256(bytearray(b"abc")) == keccak256(memoryview(b"abc")) == keccak256(b"abc")
    with pytest.raises(TypeError):
        keccak256("abc")


def _pycryptodome_keccak256(data):
    from Crypto.Hash import keccak  # a native test dependency (pycryptodome)

    return keccak.new(digest_bits=256, data=data).digest()


@pytest.mark.native_only
def test_keccak256_against_pycryptodome():
    rnd = random.Random(136)
    for n in range(3 * 136 + 2):
        msg = rnd.randbytes(n)
        assert keccak256(msg) == _pycryptodome_keccak256(msg), n
    for _ in range(50):
        msg = rnd.randbytes(rnd.randrange(5000))
        assert keccak256(msg) == _pycryptodome_keccak256(msg), len(msg)
    msg = rnd.randbytes((1 << 20) + 7)
    assert keccak256(msg) == _pycryptodome_keccak256(msg)


# --- expand_message_xmd --------------------------------------------------


def _xmd_reference(hash_fn, block_size, msg, dst, n):
    """RFC 9380 5.3.1 (and 5.3.3 for long DSTs), step by step."""
    if len(dst) > 255:
        dst = hash_fn(b"H2C-OVERSIZE-DST-" + dst)
    ell = -(-n // 32)
    assert ell <= 255
    dst_prime = dst + bytes([len(dst)])
    msg_prime = bytes(block_size) + msg + n.to_bytes(2, "big") + b"\x00" + dst_prime
    b0 = hash_fn(msg_prime)
    b = [hash_fn(b0 + b"\x01" + dst_prime)]
    for i in range(2, ell + 1):
        b.append(hash_fn(bytes(x ^ y for x, y in zip(b0, b[-1])) + bytes([i]) + dst_prime))
    return b"".join(b)[:n]


def _sha256(data):
    return hashlib.sha256(data).digest()


# (message length, DST length, output length): messages and DSTs around
# both block sizes, long DSTs, outputs of 0, 1, 2 and 255 blocks and
# partial blocks.
XMD_SHAPES = [
    (0, 0, 32),
    (0, 1, 0),
    (1, 43, 1),
    (18, 43, 96),
    (64, 43, 48),
    (132, 43, 64),
    (135, 1, 31),
    (136, 43, 33),
    (137, 255, 128),
    (272, 256, 96),
    (300, 300, 255),
    (1000, 1000, 8160),
]


def _xmd_inputs(m_len, d_len):
    rnd = random.Random(m_len * 7919 + d_len)
    return rnd.randbytes(m_len), rnd.randbytes(d_len)


@pytest.mark.parametrize("m_len, d_len, n", XMD_SHAPES)
def test_xmd_reference_reproduces_sha256_expander(m_len, d_len, n):
    msg, dst = _xmd_inputs(m_len, d_len)
    expected = _xmd_reference(_sha256, 64, msg, dst, n)
    assert _lib.expand_message_xmd(n, msg, len(msg), dst, len(dst)) == expected
    if not dst:  # the API refuses an empty tag (RFC 9380, 3.1); the core's expander takes one
        with pytest.raises(ArgumentError):
            expand_message_xmd(msg, dst, n)
    else:
        assert expand_message_xmd(msg, dst, n) == expected


@pytest.mark.native_only
@pytest.mark.parametrize("m_len, d_len, n", XMD_SHAPES)
def test_xmd_keccak256_against_reference(m_len, d_len, n):
    msg, dst = _xmd_inputs(m_len, d_len)
    expected = _xmd_reference(_pycryptodome_keccak256, 136, msg, dst, n)
    assert _lib.expand_message_xmd_keccak256(n, msg, len(msg), dst, len(dst)) == expected
    if not dst:
        with pytest.raises(ArgumentError):
            expand_message_xmd_keccak256(msg, dst, n)
    else:
        assert expand_message_xmd_keccak256(msg, dst, n) == expected


def _vector_cases():
    with open(ref.vectors_path().joinpath(*VECTORS)) as f:
        cases = json.load(f)["expand_message_xmd_keccak256"]
    assert cases
    return [pytest.param(c, id=c["where"]) for c in cases]


@pytest.mark.parametrize("case", _vector_cases())
def test_xmd_keccak256_vectors(case):
    msg, dst = bytes.fromhex(case["msg"]), case["dst"].encode()
    out = expand_message_xmd_keccak256(msg, dst, case["len_in_bytes"])
    assert out.hex() == case["uniform_bytes"]


def test_xmd_keccak256_differs_from_sha256():
    assert expand_message_xmd_keccak256(b"abc", b"DST", 32) != expand_message_xmd(b"abc", b"DST", 32)


def test_xmd_limits():
    for fn in (expand_message_xmd, expand_message_xmd_keccak256):
        assert len(fn(b"", b"DST", 8160)) == 8160
        assert fn(b"", b"DST", 0) == b""
        for bad in (-1, 8161):
            with pytest.raises(ArgumentError):
                fn(b"", b"DST", bad)
        with pytest.raises(TypeError):
            fn("abc", b"DST", 32)
    with pytest.raises(ArgumentError):
        _lib.expand_message_xmd_keccak256(8161, b"", 0, b"DST", 3)
