"""HKDF with SHA-256 (RFC 5869), from :mod:`hmac` and :mod:`hashlib` only.

Written out rather than taken from OpenSSL bindings so that it runs inside
Pyodide, whose core lacks ``_hashlib``'s KDFs.

>>> prk = hkdf_extract(bytes(range(13)), bytes([0x0b]) * 22)   # RFC 5869, test case 1
>>> prk.hex()[:16]
'077709362c2e32df'
>>> hkdf_expand(prk, bytes(range(0xf0, 0xfa)), 42).hex()[:16]
'3cb25f25faacd57a'
"""

from __future__ import annotations

import hashlib
import hmac

__all__ = ["hkdf_extract", "hkdf_expand"]

_HASH_LEN = 32


def hkdf_extract(salt: bytes, ikm: bytes) -> bytes:
    """HKDF-Extract(salt, IKM) = HMAC-SHA256(salt, IKM)."""
    return hmac.new(salt, ikm, hashlib.sha256).digest()


def hkdf_expand(prk: bytes, info: bytes, length: int) -> bytes:
    """HKDF-Expand(PRK, info, L): the first `length` bytes of T(1) || T(2) || ..."""
    if not 0 <= length <= 255 * _HASH_LEN:
        raise ValueError(f"HKDF-Expand output length must be in [0, {255 * _HASH_LEN}], got {length}")
    okm = bytearray()
    block = b""
    counter = 1
    while len(okm) < length:
        block = hmac.new(prk, block + info + bytes([counter]), hashlib.sha256).digest()
        okm += block
        counter += 1
    return bytes(okm[:length])
