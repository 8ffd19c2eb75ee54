"""Symmetric primitives: ChaCha20-Poly1305 (RFC 8439), HMAC-SHA256 and HKDF-SHA256.

ChaCha20 and Poly1305 run in the C core, so the browser build needs no
other package; HMAC and HKDF are built on :mod:`hmac` and :mod:`hashlib`
(both present in Pyodide), which are as fast as C here.

Authenticated encryption returns the ciphertext followed by the 16-byte tag;
decryption returns nothing unless the tag matches:

>>> from pybls.aead import chacha20poly1305_encrypt, chacha20poly1305_decrypt
>>> key, nonce = bytes(range(32)), bytes(12)
>>> box = chacha20poly1305_encrypt(key, nonce, b"attack at dawn", aad=b"header")
>>> len(box)
30
>>> chacha20poly1305_decrypt(key, nonce, box, aad=b"header")
b'attack at dawn'
>>> chacha20poly1305_decrypt(key, nonce, box, aad=b"other header")
Traceback (most recent call last):
...
pybls.errors.DecryptionError: ChaCha20-Poly1305: authentication failed

HKDF (RFC 5869, test case 1):

>>> okm = hkdf_sha256(bytes([0x0b]) * 22, salt=bytes(range(13)), info=bytes(range(0xf0, 0xfa)), length=42)
>>> okm.hex()[:32]
'3cb25f25faacd57a90434f64d0362f2a'
"""

from __future__ import annotations

import hashlib
import hmac
from typing import Any

from . import _lib
from ._convert import as_bytes, as_int
from .errors import ArgumentError, DecryptionError

__all__ = [
    "KEY_SIZE",
    "NONCE_SIZE",
    "TAG_SIZE",
    "chacha20poly1305_encrypt",
    "chacha20poly1305_decrypt",
    "chacha20",
    "poly1305",
    "hmac_sha256",
    "hkdf_sha256",
    "hkdf_extract",
    "hkdf_expand",
]

#: ChaCha20-Poly1305 key size in bytes.
KEY_SIZE = 32
#: ChaCha20-Poly1305 nonce size in bytes.
NONCE_SIZE = 12
#: Poly1305 tag size in bytes.
TAG_SIZE = 16

_HASH_LEN = 32
_MAX_LEN = 0xFFFFFFFF  # the core takes uint32_t lengths


def _key_nonce(key: Any, nonce: Any) -> "tuple[bytes, bytes]":
    key = as_bytes(key, "key")
    nonce = as_bytes(nonce, "nonce")
    if len(key) != KEY_SIZE:
        raise ArgumentError(f"a ChaCha20-Poly1305 key must be {KEY_SIZE} bytes, got {len(key)}")
    if len(nonce) != NONCE_SIZE:
        raise ArgumentError(f"a ChaCha20-Poly1305 nonce must be {NONCE_SIZE} bytes, got {len(nonce)}")
    return key, nonce


def _data(data: Any, what: str, limit: int = _MAX_LEN) -> bytes:
    b = as_bytes(data, what)
    if len(b) > limit:
        raise ArgumentError(f"{what} is too long ({len(b)} bytes; at most {limit})")
    return b


def chacha20poly1305_encrypt(key: bytes, nonce: bytes, plaintext: bytes, aad: bytes = b"") -> bytes:
    """AEAD_CHACHA20_POLY1305 encryption (RFC 8439, 2.8): ciphertext || 16-byte tag.

    `key` is 32 bytes and `nonce` 12 bytes (:class:`~pybls.errors.ArgumentError`
    otherwise); a nonce must never repeat under one key. `aad` is
    authenticated but not encrypted.

    >>> chacha20poly1305_encrypt(bytes(32), bytes(12), b"").hex()
    '4eb972c9a8fb3a1b382bb4d36f5ffad1'
    """
    key, nonce = _key_nonce(key, nonce)
    plaintext = _data(plaintext, "plaintext", _MAX_LEN - TAG_SIZE)
    aad = _data(aad, "associated data")
    n = len(plaintext)
    return _lib.aead_chacha20poly1305_seal(n + TAG_SIZE, key, nonce, aad, len(aad), plaintext, n)


def chacha20poly1305_decrypt(key: bytes, nonce: bytes, data: bytes, aad: bytes = b"") -> bytes:
    """AEAD_CHACHA20_POLY1305 decryption of ciphertext || tag (RFC 8439, 2.8).

    Raises :class:`~pybls.errors.DecryptionError` when the tag does not
    match (a wrong key, nonce or `aad`, or altered data) or `data` is
    shorter than a tag; no plaintext is returned then (the core compares
    the tags in constant time and wipes its output on a mismatch).

    >>> chacha20poly1305_decrypt(bytes(32), bytes(12), bytes(15))
    Traceback (most recent call last):
    ...
    pybls.errors.DecryptionError: ChaCha20-Poly1305: ciphertext shorter than its 16-byte tag
    """
    key, nonce = _key_nonce(key, nonce)
    data = _data(data, "ciphertext")
    aad = _data(aad, "associated data")
    if len(data) < TAG_SIZE:
        raise DecryptionError(f"ChaCha20-Poly1305: ciphertext shorter than its {TAG_SIZE}-byte tag")
    return _lib.aead_chacha20poly1305_open(len(data) - TAG_SIZE, key, nonce, aad, len(aad), data, len(data))


def chacha20(key: bytes, nonce: bytes, data: bytes, counter: int = 0) -> bytes:
    """`data` XOR the ChaCha20 key stream from block `counter` (RFC 8439, 2.4).

    Unauthenticated: use :func:`chacha20poly1305_encrypt` unless a protocol
    needs the raw stream cipher. `counter` is in [0, 2^32) and the stream
    must not pass block 2^32 - 1 (:class:`~pybls.errors.ArgumentError`).

    >>> chacha20(bytes(32), bytes(12), bytes(8)).hex()
    '76b8e0ada0f13d90'
    """
    key, nonce = _key_nonce(key, nonce)
    data = _data(data, "data")
    counter = as_int(counter, "counter")
    if not 0 <= counter <= _MAX_LEN:
        raise ArgumentError("a ChaCha20 block counter must be in [0, 2^32)")
    return _lib.chacha20_xor(len(data), key, nonce, counter, data, len(data))


def poly1305(key: bytes, message: bytes) -> bytes:
    """The 16-byte Poly1305 tag of `message` under a 32-byte one-time `key` (RFC 8439, 2.5).

    A key must authenticate a single message.

    >>> poly1305(bytes(32), b"anything").hex()
    '00000000000000000000000000000000'
    """
    key = as_bytes(key, "key")
    if len(key) != 32:
        raise ArgumentError(f"a Poly1305 key must be 32 bytes, got {len(key)}")
    message = _data(message, "message")
    return _lib.poly1305(key, message, len(message))


def hmac_sha256(key: bytes, data: bytes) -> bytes:
    """HMAC-SHA256 (RFC 2104) of `data` under `key`, 32 bytes.

    >>> hmac_sha256(b"Jefe", b"what do ya want for nothing?").hex()[:16]   # RFC 4231, test case 2
    '5bdcc146bf60754e'
    """
    return hmac.new(as_bytes(key, "key"), as_bytes(data, "data"), hashlib.sha256).digest()


def hkdf_extract(salt: bytes, ikm: bytes) -> bytes:
    """HKDF-Extract(salt, IKM) = HMAC-SHA256(salt, IKM) (RFC 5869, 2.2).

    An empty `salt` stands for 32 zero bytes, as the RFC says (HMAC pads
    keys with zeros, so the two are the same).

    RFC 5869's first test case:

    >>> hkdf_extract(bytes(range(13)), b"\x0b" * 22).hex()
    '077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5'
    """
    return hmac_sha256(salt, ikm)


def hkdf_expand(prk: bytes, info: bytes, length: int) -> bytes:
    """HKDF-Expand(PRK, info, L): the first `length` bytes of T(1) || T(2) || ... (RFC 5869, 2.3).

    `length` is in [0, 8160] (:class:`~pybls.errors.ArgumentError` otherwise).

    >>> prk = hkdf_extract(bytes(range(13)), b"\x0b" * 22)
    >>> hkdf_expand(prk, bytes(range(0xF0, 0xFA)), 42) == hkdf_sha256(b"\x0b" * 22, bytes(range(13)), bytes(range(0xF0, 0xFA)), 42)
    True
    """
    prk = as_bytes(prk, "pseudorandom key")
    info = as_bytes(info, "info")
    length = as_int(length, "length")
    if not 0 <= length <= 255 * _HASH_LEN:
        raise ArgumentError(f"HKDF-Expand output length must be in [0, {255 * _HASH_LEN}], got {length}")
    okm = bytearray()
    block = b""
    counter = 1
    while len(okm) < length:
        block = hmac.new(prk, block + info + bytes([counter]), hashlib.sha256).digest()
        okm += block
        counter += 1
    return bytes(okm[:length])


def hkdf_sha256(ikm: bytes, salt: bytes, info: bytes, length: int) -> bytes:
    """HKDF with SHA-256 (RFC 5869): Expand(Extract(salt, ikm), info, length).

    RFC 5869's first test case:

    >>> okm = hkdf_sha256(b"\x0b" * 22, bytes(range(13)), bytes(range(0xF0, 0xFA)), 42)
    >>> okm.hex()
    '3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865'
    """
    return hkdf_expand(hkdf_extract(salt, ikm), info, length)
