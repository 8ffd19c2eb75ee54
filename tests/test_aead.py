"""ChaCha20, Poly1305, ChaCha20-Poly1305, HMAC-SHA256 and HKDF-SHA256.

Known answers from RFC 8439 (sections and appendix cited per vector; the
values are those RFC 7539 already had), RFC 4231 (HMAC-SHA256) and RFC 5869
(HKDF-SHA256); natively, cross-checks against the `cryptography` package
(OpenSSL) on random inputs; every rejection path, and (hypothesis) any
single-bit change of a sealed message.
"""

import os
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pybls import aead, errors


def h(text):
    """Bytes from hex written with spaces, colons and line breaks."""
    return bytes.fromhex("".join(text.replace(":", " ").split()))


SUNSCREEN = (
    b"Ladies and Gentlemen of the class of '99: If I could offer you only one "
    b"tip for the future, sunscreen would be it."
)
IETF_CONTRIBUTION = (
    b"Any submission to the IETF intended by the Contributor for publication as all "
    b"or part of an IETF Internet-Draft or RFC and any statement made within the context "
    b'of an IETF activity is considered an "IETF Contribution". Such statements include '
    b"oral statements in IETF sessions, as well as written and electronic communications "
    b"made at any time or place, which are addressed to"
)
JABBERWOCKY = (
    b"'Twas brillig, and the slithy toves\nDid gyre and gimble in the wabe:\n"
    b"All mimsy were the borogoves,\nAnd the mome raths outgrabe."
)
KEY_0_31 = bytes(range(32))
KEY_80_9F = bytes(range(0x80, 0xA0))
KEY_A3 = h("1c 92 40 a5 eb 55 d3 8a f3 33 88 86 04 f6 b5 f0 47 39 17 c1 40 2b 80 09 9d ca 5c bc 20 70 75 c0")


def test_vector_texts():
    assert len(SUNSCREEN) == 114 and len(IETF_CONTRIBUTION) == 375 and len(JABBERWOCKY) == 127


# --------------------------------------------------------------------------
# ChaCha20

CHACHA20_VECTORS = [
    # (section, key, nonce, counter, plaintext, ciphertext)
    (
        "2.3.2 (block function: key stream of block 1)",
        KEY_0_31,
        h("00 00 00 09 00 00 00 4a 00 00 00 00"),
        1,
        bytes(64),
        h(
            """10 f1 e7 e4 d1 3b 59 15 50 0f dd 1f a3 20 71 c4
               c7 d1 f4 c7 33 c0 68 03 04 22 aa 9a c3 d4 6c 4e
               d2 82 64 46 07 9f aa 09 14 c2 d7 05 d9 8b 02 a2
               b5 12 9c d1 de 16 4e b9 cb d0 83 e8 a2 50 3c 4e"""
        ),
    ),
    (
        "2.4.2",
        KEY_0_31,
        h("00 00 00 00 00 00 00 4a 00 00 00 00"),
        1,
        SUNSCREEN,
        h(
            """6e 2e 35 9a 25 68 f9 80 41 ba 07 28 dd 0d 69 81
               e9 7e 7a ec 1d 43 60 c2 0a 27 af cc fd 9f ae 0b
               f9 1b 65 c5 52 47 33 ab 8f 59 3d ab cd 62 b3 57
               16 39 d6 24 e6 51 52 ab 8f 53 0c 35 9f 08 61 d8
               07 ca 0d bf 50 0d 6a 61 56 a3 8e 08 8a 22 b6 5e
               52 bc 51 4d 16 cc f8 06 81 8c e9 1a b7 79 37 36
               5a f9 0b bf 74 a3 5b e6 b4 0b 8e ed f2 78 5e 42
               87 4d"""
        ),
    ),
    (
        "A.2 #1",
        bytes(32),
        bytes(12),
        0,
        bytes(64),
        h(
            """76 b8 e0 ad a0 f1 3d 90 40 5d 6a e5 53 86 bd 28
               bd d2 19 b8 a0 8d ed 1a a8 36 ef cc 8b 77 0d c7
               da 41 59 7c 51 57 48 8d 77 24 e0 3f b8 d8 4a 37
               6a 43 b8 f4 15 18 a1 1c c3 87 b6 69 b2 ee 65 86"""
        ),
    ),
    (
        "A.2 #2",
        bytes(31) + b"\x01",
        bytes(11) + b"\x02",
        1,
        IETF_CONTRIBUTION,
        h(
            """a3 fb f0 7d f3 fa 2f de 4f 37 6c a2 3e 82 73 70
               41 60 5d 9f 4f 4f 57 bd 8c ff 2c 1d 4b 79 55 ec
               2a 97 94 8b d3 72 29 15 c8 f3 d3 37 f7 d3 70 05
               0e 9e 96 d6 47 b7 c3 9f 56 e0 31 ca 5e b6 25 0d
               40 42 e0 27 85 ec ec fa 4b 4b b5 e8 ea d0 44 0e
               20 b6 e8 db 09 d8 81 a7 c6 13 2f 42 0e 52 79 50
               42 bd fa 77 73 d8 a9 05 14 47 b3 29 1c e1 41 1c
               68 04 65 55 2a a6 c4 05 b7 76 4d 5e 87 be a8 5a
               d0 0f 84 49 ed 8f 72 d0 d6 62 ab 05 26 91 ca 66
               42 4b c8 6d 2d f8 0e a4 1f 43 ab f9 37 d3 25 9d
               c4 b2 d0 df b4 8a 6c 91 39 dd d7 f7 69 66 e9 28
               e6 35 55 3b a7 6c 5c 87 9d 7b 35 d4 9e b2 e6 2b
               08 71 cd ac 63 89 39 e2 5e 8a 1e 0e f9 d5 28 0f
               a8 ca 32 8b 35 1c 3c 76 59 89 cb cf 3d aa 8b 6c
               cc 3a af 9f 39 79 c9 2b 37 20 fc 88 dc 95 ed 84
               a1 be 05 9c 64 99 b9 fd a2 36 e7 e8 18 b0 4b 0b
               c3 9c 1e 87 6b 19 3b fe 55 69 75 3f 88 12 8c c0
               8a aa 9b 63 d1 a1 6f 80 ef 25 54 d7 18 9c 41 1f
               58 69 ca 52 c5 b8 3f a3 6f f2 16 b9 c1 d3 00 62
               be bc fd 2d c5 bc e0 91 19 34 fd a7 9a 86 f6 e6
               98 ce d7 59 c3 ff 9b 64 77 33 8f 3d a4 f9 cd 85
               14 ea 99 82 cc af b3 41 b2 38 4d d9 02 f3 d1 ab
               7a c6 1d d2 9c 6f 21 ba 5b 86 2f 37 30 e3 7c fd
               c4 fd 80 6c 22 f2 21"""
        ),
    ),
    (
        "A.2 #3",
        KEY_A3,
        bytes(11) + b"\x02",
        42,
        JABBERWOCKY,
        h(
            """62 e6 34 7f 95 ed 87 a4 5f fa e7 42 6f 27 a1 df
               5f b6 91 10 04 4c 0d 73 11 8e ff a9 5b 01 e5 cf
               16 6d 3d f2 d7 21 ca f9 b2 1e 5f b1 4c 61 68 71
               fd 84 c5 4f 9d 65 b2 83 19 6c 7f e4 f6 05 53 eb
               f3 9c 64 02 c4 22 34 e3 2a 35 6b 3e 76 43 12 a6
               1a 55 32 05 57 16 ea d6 96 25 68 f8 7d 3f 3f 77
               04 c6 a8 d1 bc d1 bf 4d 50 d6 15 4b 6d a7 31 b1
               87 b5 8d fd 72 8a fa 36 75 7a 79 7a c1 88 d1"""
        ),
    ),
    # Poly1305 key generation = the first 32 key-stream bytes of block 0
    (
        "2.6.2",
        KEY_80_9F,
        h("00 00 00 00 00 01 02 03 04 05 06 07"),
        0,
        bytes(32),
        h(
            """8a d5 a0 8b 90 5f 81 cc 81 50 40 27 4a b2 94 71
               a8 33 b6 37 e3 fd 0d a5 08 db b8 e2 fd d1 a6 46"""
        ),
    ),
    (
        "A.4 #2",
        bytes(31) + b"\x01",
        bytes(11) + b"\x02",
        0,
        bytes(32),
        h(
            """ec fa 25 4f 84 5f 64 74 73 d3 cb 14 0d a9 e8 76
               06 cb 33 06 6c 44 7b 87 bc 26 66 dd e3 fb b7 39"""
        ),
    ),
    (
        "A.4 #3",
        KEY_A3,
        bytes(11) + b"\x02",
        0,
        bytes(32),
        h(
            """96 5e 3b c6 f9 ec 7e d9 56 08 08 f4 d2 29 f9 4b
               13 7f f2 75 ca 9b 3f cb dd 59 de aa d2 33 10 ae"""
        ),
    ),
]


@pytest.mark.parametrize("section, key, nonce, counter, pt, ct", CHACHA20_VECTORS, ids=[v[0] for v in CHACHA20_VECTORS])
def test_chacha20_rfc8439(section, key, nonce, counter, pt, ct):
    assert aead.chacha20(key, nonce, pt, counter) == ct
    assert aead.chacha20(key, nonce, ct, counter) == pt


def test_chacha20_stream_is_contiguous():
    # Block n of a stream started at 0 is block 0 of a stream started at n.
    key, nonce = os.urandom(32), os.urandom(12)
    stream = aead.chacha20(key, nonce, bytes(64 * 5 + 7))
    for n in range(5):
        assert aead.chacha20(key, nonce, bytes(64), n) == stream[64 * n : 64 * n + 64]


def test_chacha20_counter_limits():
    key, nonce = bytes(32), bytes(12)
    last = aead.chacha20(key, nonce, bytes(64), 0xFFFFFFFF)  # the last block is usable
    assert len(last) == 64
    with pytest.raises(errors.ArgumentError):
        aead.chacha20(key, nonce, bytes(65), 0xFFFFFFFF)  # would wrap the counter
    with pytest.raises(errors.ArgumentError):
        aead.chacha20(key, nonce, b"", 1 << 32)
    with pytest.raises(errors.ArgumentError):
        aead.chacha20(key, nonce, b"", -1)


# --------------------------------------------------------------------------
# Poly1305

POLY1305_VECTORS = [
    # (section, key, message, tag)
    (
        "2.5.2",
        h("85:d6:be:78:57:55:6d:33:7f:44:52:fe:42:d5:06:a8:01:03:80:8a:fb:0d:b2:fd:4a:bf:f6:af:41:49:f5:1b"),
        b"Cryptographic Forum Research Group",
        h("a8:06:1d:c1:30:51:36:c6:c2:2b:8b:af:0c:01:27:a9"),
    ),
    ("A.3 #1", bytes(32), bytes(64), bytes(16)),
    (
        "A.3 #2",
        bytes(16) + h("36 e5 f6 b5 c5 e0 60 70 f0 ef ca 96 22 7a 86 3e"),
        IETF_CONTRIBUTION,
        h("36 e5 f6 b5 c5 e0 60 70 f0 ef ca 96 22 7a 86 3e"),
    ),
    (
        "A.3 #3",
        h("36 e5 f6 b5 c5 e0 60 70 f0 ef ca 96 22 7a 86 3e") + bytes(16),
        IETF_CONTRIBUTION,
        h("f3 47 7e 7c d9 54 17 af 89 a6 b8 79 4c 31 0c f0"),
    ),
    ("A.3 #4", KEY_A3, JABBERWOCKY, h("45 41 66 9a 7e aa ee 61 e7 08 dc 7c bc c5 eb 62")),
    # The edge cases of the final reduction and of limb carries.
    ("A.3 #5", b"\x02" + bytes(31), b"\xff" * 16, b"\x03" + bytes(15)),
    ("A.3 #6", b"\x02" + bytes(15) + b"\xff" * 16, b"\x02" + bytes(15), b"\x03" + bytes(15)),
    ("A.3 #7", b"\x01" + bytes(31), b"\xff" * 16 + b"\xf0" + b"\xff" * 15 + b"\x11" + bytes(15), b"\x05" + bytes(15)),
    ("A.3 #8", b"\x01" + bytes(31), b"\xff" * 16 + b"\xfb" + b"\xfe" * 15 + b"\x01" * 16, bytes(16)),
    ("A.3 #9", b"\x02" + bytes(31), b"\xfd" + b"\xff" * 15, b"\xfa" + b"\xff" * 15),
    (
        "A.3 #10",
        h("01 00 00 00 00 00 00 00 04 00 00 00 00 00 00 00") + bytes(16),
        h(
            """E3 35 94 D7 50 5E 43 B9 00 00 00 00 00 00 00 00
               33 94 D7 50 5E 43 79 CD 01 00 00 00 00 00 00 00
               00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
               01 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"""
        ),
        h("14 00 00 00 00 00 00 00 55 00 00 00 00 00 00 00"),
    ),
    (
        "A.3 #11",
        h("01 00 00 00 00 00 00 00 04 00 00 00 00 00 00 00") + bytes(16),
        h(
            """E3 35 94 D7 50 5E 43 B9 00 00 00 00 00 00 00 00
               33 94 D7 50 5E 43 79 CD 01 00 00 00 00 00 00 00
               00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"""
        ),
        h("13 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00"),
    ),
]


@pytest.mark.parametrize("section, key, msg, tag", POLY1305_VECTORS, ids=[v[0] for v in POLY1305_VECTORS])
def test_poly1305_rfc8439(section, key, msg, tag):
    assert aead.poly1305(key, msg) == tag


def _poly1305_reference(key, msg):
    # Section 2.5.1 with Python integers, as an independent check.
    r = int.from_bytes(key[:16], "little") & 0x0FFFFFFC0FFFFFFC0FFFFFFC0FFFFFFF
    s = int.from_bytes(key[16:], "little")
    p = (1 << 130) - 5
    acc = 0
    for i in range(0, len(msg), 16):
        block = msg[i : i + 16] + b"\x01"
        acc = (acc + int.from_bytes(block, "little")) * r % p
    return ((acc + s) % (1 << 128)).to_bytes(16, "little")


def test_poly1305_against_integers():
    rnd = random.Random(8439)
    for n in list(range(0, 70)) + [255, 256, 1000]:
        key = bytes(rnd.getrandbits(8) for _ in range(32))
        # messages of all ones stress the carries
        for msg in (bytes(rnd.getrandbits(8) for _ in range(n)), b"\xff" * n):
            assert aead.poly1305(key, msg) == _poly1305_reference(key, msg), n


# --------------------------------------------------------------------------
# AEAD

AEAD_282 = dict(
    key=KEY_80_9F,
    nonce=h("07 00 00 00 40 41 42 43 44 45 46 47"),
    aad=h("50 51 52 53 c0 c1 c2 c3 c4 c5 c6 c7"),
    plaintext=SUNSCREEN,
    ciphertext=h(
        """d3 1a 8d 34 64 8e 60 db 7b 86 af bc 53 ef 7e c2
           a4 ad ed 51 29 6e 08 fe a9 e2 b5 a7 36 ee 62 d6
           3d be a4 5e 8c a9 67 12 82 fa fb 69 da 92 72 8b
           1a 71 de 0a 9e 06 0b 29 05 d6 a5 b6 7e cd 3b 36
           92 dd bd 7f 2d 77 8b 8c 98 03 ae e3 28 09 1b 58
           fa b3 24 e4 fa d6 75 94 55 85 80 8b 48 31 d7 bc
           3f f4 de f0 8e 4b 7a 9d e5 76 d2 65 86 ce c6 4b
           61 16"""
    ),
    tag=h("1a:e1:0b:59:4f:09:e2:6a:7e:90:2e:cb:d0:60:06:91"),
)

AEAD_A5 = dict(
    key=KEY_A3,
    nonce=h("00 00 00 00 01 02 03 04 05 06 07 08"),
    aad=h("f3 33 88 86 00 00 00 00 00 00 4e 91"),
    plaintext=h(
        """49 6e 74 65 72 6e 65 74 2d 44 72 61 66 74 73 20
           61 72 65 20 64 72 61 66 74 20 64 6f 63 75 6d 65
           6e 74 73 20 76 61 6c 69 64 20 66 6f 72 20 61 20
           6d 61 78 69 6d 75 6d 20 6f 66 20 73 69 78 20 6d
           6f 6e 74 68 73 20 61 6e 64 20 6d 61 79 20 62 65
           20 75 70 64 61 74 65 64 2c 20 72 65 70 6c 61 63
           65 64 2c 20 6f 72 20 6f 62 73 6f 6c 65 74 65 64
           20 62 79 20 6f 74 68 65 72 20 64 6f 63 75 6d 65
           6e 74 73 20 61 74 20 61 6e 79 20 74 69 6d 65 2e
           20 49 74 20 69 73 20 69 6e 61 70 70 72 6f 70 72
           69 61 74 65 20 74 6f 20 75 73 65 20 49 6e 74 65
           72 6e 65 74 2d 44 72 61 66 74 73 20 61 73 20 72
           65 66 65 72 65 6e 63 65 20 6d 61 74 65 72 69 61
           6c 20 6f 72 20 74 6f 20 63 69 74 65 20 74 68 65
           6d 20 6f 74 68 65 72 20 74 68 61 6e 20 61 73 20
           2f e2 80 9c 77 6f 72 6b 20 69 6e 20 70 72 6f 67
           72 65 73 73 2e 2f e2 80 9d"""
    ),
    ciphertext=h(
        """64 a0 86 15 75 86 1a f4 60 f0 62 c7 9b e6 43 bd
           5e 80 5c fd 34 5c f3 89 f1 08 67 0a c7 6c 8c b2
           4c 6c fc 18 75 5d 43 ee a0 9e e9 4e 38 2d 26 b0
           bd b7 b7 3c 32 1b 01 00 d4 f0 3b 7f 35 58 94 cf
           33 2f 83 0e 71 0b 97 ce 98 c8 a8 4a bd 0b 94 81
           14 ad 17 6e 00 8d 33 bd 60 f9 82 b1 ff 37 c8 55
           97 97 a0 6e f4 f0 ef 61 c1 86 32 4e 2b 35 06 38
           36 06 90 7b 6a 7c 02 b0 f9 f6 15 7b 53 c8 67 e4
           b9 16 6c 76 7b 80 4d 46 a5 9b 52 16 cd e7 a4 e9
           90 40 c5 a4 04 33 22 5e e2 82 a1 b0 a0 6c 52 3e
           af 45 34 d7 f8 3f a1 15 5b 00 47 71 8c bc 54 6a
           0d 07 2b 04 b3 56 4e ea 1b 42 22 73 f5 48 27 1a
           0b b2 31 60 53 fa 76 99 19 55 eb d6 31 59 43 4e
           ce bb 4e 46 6d ae 5a 10 73 a6 72 76 27 09 7a 10
           49 e6 17 d9 1d 36 10 94 fa 68 f0 ff 77 98 71 30
           30 5b ea ba 2e da 04 df 99 7b 71 4d 6c 6f 2c 29
           a6 ad 5c b4 02 2b 02 70 9b"""
    ),
    tag=h("ee ad 9d 67 89 0c bb 22 39 23 36 fe a1 85 1f 38"),
)


@pytest.mark.parametrize("v", [AEAD_282, AEAD_A5], ids=["2.8.2", "A.5"])
def test_aead_rfc8439(v):
    sealed = aead.chacha20poly1305_encrypt(v["key"], v["nonce"], v["plaintext"], v["aad"])
    assert sealed == v["ciphertext"] + v["tag"]
    assert aead.chacha20poly1305_decrypt(v["key"], v["nonce"], sealed, v["aad"]) == v["plaintext"]


def test_aead_every_tamper_is_rejected():
    v = AEAD_282
    sealed = v["ciphertext"] + v["tag"]
    key, nonce, aad = v["key"], v["nonce"], v["aad"]

    def rejected(k=key, n=nonce, data=sealed, a=aad):
        with pytest.raises(errors.DecryptionError):
            aead.chacha20poly1305_decrypt(k, n, data, a)

    for i in range(len(sealed)):  # every byte of ciphertext and tag
        rejected(data=sealed[:i] + bytes([sealed[i] ^ 0x01]) + sealed[i + 1 :])
    for i in range(len(aad)):
        rejected(a=aad[:i] + bytes([aad[i] ^ 0x80]) + aad[i + 1 :])
    for n in (0, 1, 15, 16, len(sealed) - 1):
        rejected(data=sealed[:n])  # truncated
    rejected(data=sealed + b"\x00")  # extended
    rejected(a=aad + b"\x00")
    rejected(a=b"")
    rejected(k=bytes([key[0] ^ 1]) + key[1:])
    rejected(n=bytes([nonce[0] ^ 1]) + nonce[1:])


def test_aead_round_trips_and_lengths():
    rnd = random.Random(7539)
    key, nonce = os.urandom(32), os.urandom(12)
    for n in list(range(0, 130)) + [1000, 4096 + 3]:
        msg = bytes(rnd.getrandbits(8) for _ in range(n))
        aad = bytes(rnd.getrandbits(8) for _ in range(n % 37))
        sealed = aead.chacha20poly1305_encrypt(key, nonce, msg, aad)
        assert len(sealed) == n + 16
        assert aead.chacha20poly1305_decrypt(key, nonce, sealed, aad) == msg


def test_aead_one_megabyte():
    key, nonce = os.urandom(32), os.urandom(12)
    msg = os.urandom(1 << 20)
    sealed = aead.chacha20poly1305_encrypt(key, nonce, msg, b"hdr")
    assert aead.chacha20poly1305_decrypt(key, nonce, bytearray(sealed), b"hdr") == msg
    # the same key stream as the raw cipher from block 1
    assert sealed[:-16] == aead.chacha20(key, nonce, msg, 1)
    tampered = bytearray(sealed)
    tampered[len(msg) // 2] ^= 0x40
    with pytest.raises(errors.DecryptionError):
        aead.chacha20poly1305_decrypt(key, nonce, bytes(tampered), b"hdr")


def test_aead_argument_checks():
    good_key, good_nonce = bytes(32), bytes(12)
    for key in (bytes(31), bytes(33), b""):
        with pytest.raises(errors.ArgumentError):
            aead.chacha20poly1305_encrypt(key, good_nonce, b"x")
        with pytest.raises(errors.ArgumentError):
            aead.chacha20poly1305_decrypt(key, good_nonce, bytes(16))
    for nonce in (bytes(8), bytes(11), bytes(13), bytes(24)):
        with pytest.raises(errors.ArgumentError):
            aead.chacha20poly1305_encrypt(good_key, nonce, b"x")
        with pytest.raises(errors.ArgumentError):
            aead.chacha20poly1305_decrypt(good_key, nonce, bytes(16))
    for bad in ("text", 5, None, 3.5):
        with pytest.raises(TypeError):
            aead.chacha20poly1305_encrypt(good_key, good_nonce, bad)
        with pytest.raises(TypeError):
            aead.chacha20poly1305_encrypt(bad, good_nonce, b"")
        with pytest.raises(TypeError):
            aead.chacha20poly1305_decrypt(good_key, good_nonce, bad)
    with pytest.raises(errors.ArgumentError):
        aead.poly1305(bytes(16), b"")
    # buffers of any kind are accepted
    sealed = aead.chacha20poly1305_encrypt(bytearray(32), memoryview(bytes(12)), bytearray(b"abc"), memoryview(b"d"))
    assert aead.chacha20poly1305_decrypt(bytes(32), bytes(12), sealed, b"d") == b"abc"


def test_decryption_error_is_a_pybls_error():
    assert issubclass(errors.DecryptionError, errors.PyblsError)
    with pytest.raises(errors.PyblsError):
        aead.chacha20poly1305_decrypt(bytes(32), bytes(12), bytes(16))


@pytest.mark.native_only
def test_aead_against_cryptography():
    # The `cryptography` package (OpenSSL) is a test dependency natively.
    from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

    rnd = random.Random(1305)
    for n in [0, 1, 15, 16, 17, 63, 64, 65, 1000, 65536 + 5]:
        key = bytes(rnd.getrandbits(8) for _ in range(32))
        nonce = bytes(rnd.getrandbits(8) for _ in range(12))
        msg = bytes(rnd.getrandbits(8) for _ in range(n))
        aad = bytes(rnd.getrandbits(8) for _ in range(rnd.randrange(0, 70)))
        theirs = ChaCha20Poly1305(key).encrypt(nonce, msg, aad)
        assert aead.chacha20poly1305_encrypt(key, nonce, msg, aad) == theirs
        assert aead.chacha20poly1305_decrypt(key, nonce, theirs, aad) == msg


# --------------------------------------------------------------------------
# HMAC-SHA256 (RFC 4231, section 4) and HKDF-SHA256 (RFC 5869, appendix A)

HMAC_VECTORS = [
    ("4.2 #1", b"\x0b" * 20, b"Hi There", "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"),
    ("4.3 #2", b"Jefe", b"what do ya want for nothing?", "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"),
    ("4.4 #3", b"\xaa" * 20, b"\xdd" * 50, "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"),
    ("4.5 #4", bytes(range(1, 26)), b"\xcd" * 50, "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"),
    ("4.6 #5 (truncated to 128 bits)", b"\x0c" * 20, b"Test With Truncation", "a3b6167473100ee06e0c796c2955552b"),
    (
        "4.7 #6",
        b"\xaa" * 131,
        b"Test Using Larger Than Block-Size Key - Hash Key First",
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54",
    ),
    (
        "4.8 #7",
        b"\xaa" * 131,
        b"This is a test using a larger than block-size key and a larger than block-size data. "
        b"The key needs to be hashed before being used by the HMAC algorithm.",
        "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2",
    ),
]


@pytest.mark.parametrize("section, key, data, mac", HMAC_VECTORS, ids=[v[0] for v in HMAC_VECTORS])
def test_hmac_sha256_rfc4231(section, key, data, mac):
    assert aead.hmac_sha256(key, data).hex()[: len(mac)] == mac


HKDF_VECTORS = [
    (
        "A.1",
        b"\x0b" * 22,
        bytes(range(0x00, 0x0D)),
        bytes(range(0xF0, 0xFA)),
        42,
        "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
        "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865",
    ),
    (
        "A.2",
        bytes(range(0x00, 0x50)),
        bytes(range(0x60, 0xB0)),
        bytes(range(0xB0, 0x100)),
        82,
        "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
        "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c6"
        "5e590e09da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87",
    ),
    (
        "A.3",
        b"\x0b" * 22,
        b"",
        b"",
        42,
        "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
        "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8",
    ),
]


@pytest.mark.parametrize("section, ikm, salt, info, length, prk, okm", HKDF_VECTORS, ids=[v[0] for v in HKDF_VECTORS])
def test_hkdf_sha256_rfc5869(section, ikm, salt, info, length, prk, okm):
    assert aead.hkdf_extract(salt, ikm).hex() == prk
    assert aead.hkdf_expand(bytes.fromhex(prk), info, length).hex() == okm
    assert aead.hkdf_sha256(ikm, salt, info, length).hex() == okm


def test_hkdf_lengths():
    prk = bytes(32)
    assert aead.hkdf_expand(prk, b"", 0) == b""
    full = aead.hkdf_expand(prk, b"i", 255 * 32)
    assert len(full) == 8160 and aead.hkdf_expand(prk, b"i", 33) == full[:33]
    for bad in (-1, 255 * 32 + 1):
        with pytest.raises(errors.ArgumentError):
            aead.hkdf_expand(prk, b"", bad)
    with pytest.raises(TypeError):
        aead.hkdf_sha256("ikm", b"", b"", 32)


def test_core_length_checks():
    # The C functions check their length arguments themselves (before
    # reading or writing anything).
    from pybls import _lib

    key, nonce = bytes(32), bytes(12)
    with pytest.raises(errors.InvalidLengthError):
        _lib.aead_chacha20poly1305_seal(10, key, nonce, b"", 0, b"abc", 3)  # out_len != msg_len + 16
    with pytest.raises(errors.ArgumentError):
        _lib.aead_chacha20poly1305_seal(0, key, nonce, b"", 0, b"abc", 0xFFFFFFFF)  # no room for the tag
    with pytest.raises(errors.InvalidLengthError):
        _lib.aead_chacha20poly1305_open(5, key, nonce, b"", 0, bytes(20), 20)  # out_len != ct_len - 16
    with pytest.raises(errors.DecryptionError):
        _lib.aead_chacha20poly1305_open(0, key, nonce, b"", 0, bytes(15), 15)  # shorter than a tag
    with pytest.raises(errors.InvalidLengthError):
        _lib.chacha20_xor(4, key, nonce, 0, b"abc", 3)
    with pytest.raises(errors.ArgumentError):
        _lib.chacha20_xor(65, key, nonce, 0xFFFFFFFF, bytes(65), 65)  # the block counter would wrap


@pytest.mark.native_only
def test_poly1305_hmac_hkdf_against_cryptography():
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives import hmac as c_hmac
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    from cryptography.hazmat.primitives.poly1305 import Poly1305

    rnd = random.Random(5869)
    for n in [0, 1, 16, 17, 100, 1000]:
        key = bytes(rnd.getrandbits(8) for _ in range(32))
        msg = bytes(rnd.getrandbits(8) for _ in range(n))
        assert aead.poly1305(key, msg) == Poly1305.generate_tag(key, msg)
        mac = c_hmac.HMAC(key[: 1 + n % 32], hashes.SHA256())
        mac.update(msg)
        assert aead.hmac_sha256(key[: 1 + n % 32], msg) == mac.finalize()
        salt, info, length = msg[:n % 40], msg[-(n % 13):] if n % 13 else b"", 1 + n % 200
        okm = HKDF(algorithm=hashes.SHA256(), length=length, salt=salt or None, info=info).derive(key)
        assert aead.hkdf_sha256(key, salt, info, length) == okm


@given(
    msg=st.binary(max_size=300),
    aad=st.binary(max_size=40),
    flip=st.integers(min_value=0),
    bit=st.integers(min_value=0, max_value=7),
)
def test_aead_any_single_bit_flip_is_rejected(msg, aad, flip, bit):
    key, nonce = bytes(range(32)), bytes(range(12))
    sealed = aead.chacha20poly1305_encrypt(key, nonce, msg, aad)
    assert aead.chacha20poly1305_decrypt(key, nonce, sealed, aad) == msg
    data = sealed + aad  # flip a bit of the ciphertext, the tag or the associated data
    i = flip % len(data)
    data = data[:i] + bytes([data[i] ^ (1 << bit)]) + data[i + 1 :]
    with pytest.raises(errors.DecryptionError):
        aead.chacha20poly1305_decrypt(key, nonce, data[: len(sealed)], data[len(sealed) :])
