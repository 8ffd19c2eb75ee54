"""Hashing to the base field (RFC 9380 section 5), the first step of
``G1.hash_to_curve`` / ``G2.hash_to_curve``, for protocols that need the
field elements themselves; and the byte strings underneath:
expand_message_xmd with SHA-256 (the BLS12-381 suites), with Keccak-256
(drand's BN254 suites) or with SHA-512 (BLS48-581's suites), and Keccak-256
itself.

>>> from pybls import G1, G2, hash_to_field
>>> u0, u1 = hash_to_field(b"abc", b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_", 2, G1)
>>> hex(u0)
'0xd921c33f2bad966478a03ca35d05719bdf92d347557ea166e5bba579eea9b83e9afa5c088573c2281410369fbd32951'
>>> [(u, _)] = hash_to_field(b"abc", b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_NU_", 1, G2)
>>> hex(u)
'0x138879a9559e24cecee8697b8b4ad32cced053138ab913b99872772dc753a2967ed50aabc907937aefb2439ba06cc50c'

The group may be another curve's (its field then), and the expander's
hash Keccak-256, as for BN254 in drand's evmnet chain:

>>> from pybls import bn254
>>> dst = b"BLS_SIG_BN254G1_XMD:KECCAK-256_SSWU_RO_NUL_"
>>> u0, u1 = hash_to_field(bytes.fromhex("3204b7ced63dc221d4d848f861bf9eae72a1"), dst, 2, bn254.G1, hash="keccak256")
>>> hex(u1)
'0x83bc5cfe651647437d3fe68c08c56488e026176cff5936452c72e14e0bd8b13'
"""

from __future__ import annotations

from typing import Any, List, Optional, Tuple, Type, Union

from . import _lib
from ._svdw_sha512 import XMD_SHA512_MAX
from ._svdw_sha512 import expand_message_xmd_sha512 as _xmd_sha512
from ._convert import as_bytes, as_dst, as_int
from .errors import ArgumentError
from .points import G1Point, G2Point

__all__ = [
    "hash_to_field", "expand_message_xmd", "expand_message_xmd_keccak256", "expand_message_xmd_sha512", "keccak256",
]

# expand_message_xmd yields at most 255 * 32 bytes.
_XMD_MAX = 255 * 32


_Elements = Union[List[int], List[Tuple[int, ...]]]


def hash_to_field(
    msg: Any, dst: Any, count: int, group: Union[Type[G1Point], Type[G2Point]], hash: Optional[str] = None
) -> _Elements:
    """`count` elements of the field of `group`'s coordinates (Fp for a
    G1, such as :class:`pybls.G1` or :class:`pybls.bn254.G1`, Fp2 for a
    G2, Fp8 for BLS48-581's G2), hashed from `msg` with expand_message_xmd
    over `hash` (``"sha256"``, for G1 ``"keccak256"``, for BLS48-581's
    groups ``"sha512"``; by default the
    hash of the group's suite) and the domain separation tag `dst`: the
    group's ``hash_to_field``.

    Fp elements are ints; Fp2 elements are ``(c0, c1)`` for c0 + c1 * u, as
    in ``G2.to_affine()`` (Fp8 elements 8-tuples, as there). `count` is at most 8160 // L for G1 and
    8160 // 2L for G2, L = 64 on BLS12-381 (127 and 63) and 48 on BN254
    (:class:`~pybls.errors.ArgumentError` otherwise).

    >>> from pybls import G1, G2
    >>> from pybls.bls12_381 import FIELD_MODULUS as p
    >>> dst = b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_"
    >>> u = hash_to_field(b"abc", dst, 2, G1)
    >>> len(u), all(0 <= x < p for x in u), u == G1.hash_to_field(b"abc", dst, 2)
    (2, True, True)
    >>> (c0, c1), = hash_to_field(b"abc", dst, 1, G2)
    >>> 0 <= c0 < p and 0 <= c1 < p
    True
    """
    if not isinstance(group, type) or not issubclass(group, (G1Point, G2Point)) or group in (G1Point, G2Point):
        raise TypeError(f"group must be a curve's G1 or G2, not {group!r}")
    return group.hash_to_field(msg, dst, count, hash=hash)


def expand_message_xmd(msg: Any, dst: Any, length: int) -> bytes:
    """`length` bytes (0 to 8160) from `msg` and the domain separation tag
    `dst` by expand_message_xmd with SHA-256 (RFC 9380, 5.3.1), the
    expander of the BLS12-381 suites. A `dst` over 255 bytes is replaced
    by SHA-256("H2C-OVERSIZE-DST-" || dst) (5.3.3).

    >>> from pybls.hashing import expand_message_xmd
    >>> expand_message_xmd(b"", b"QUUX-V01-CS02-with-expander-SHA256-128", 32).hex()
    '68a985b87eb6b46952128911f2a4412bbc302a9d759667f87f7a21d803f07235'
    """
    m, d, n = _xmd_args(msg, dst, length)
    return _lib.expand_message_xmd(n, m, len(m), d, len(d))


def expand_message_xmd_keccak256(msg: Any, dst: Any, length: int) -> bytes:
    """:func:`expand_message_xmd` over Keccak-256 (:func:`keccak256`;
    b_in_bytes = 32, r_in_bytes = 136), the expander of drand's BN254
    suites (``BLS_SIG_BN254G1_XMD:KECCAK-256_SVDW_RO_NUL_``); a `dst` over
    255 bytes is replaced by its Keccak-256 hash the same way.

    >>> from pybls.hashing import expand_message_xmd_keccak256
    >>> dst = b"BLS_SIG_BN254G1_XMD:KECCAK-256_SSWU_RO_NUL_"
    >>> out = expand_message_xmd_keccak256(bytes.fromhex("af6c1f30b2f3f2fd448193f90d6fb55b544a"), dst, 96)
    >>> len(out), out[:16].hex()
    (96, 'bd365d9672926bbb6887f8c0ce88d1ed')
    """
    m, d, n = _xmd_args(msg, dst, length)
    return _lib.expand_message_xmd_keccak256(n, m, len(m), d, len(d))


def expand_message_xmd_sha512(msg: Any, dst: Any, length: int) -> bytes:
    """:func:`expand_message_xmd` over SHA-512 (b_in_bytes = 64, r_in_bytes =
    128), `length` 0 to 16320, the expander of BLS48-581's 256-bit suites
    (``BLS48581G1_XMD:SHA-512_SVDW_RO_``, ``BLS48581G2_...``); a `dst` over 255 bytes is replaced
    by its SHA-512 hash the same way.

    >>> from pybls.hashing import expand_message_xmd_sha512
    >>> expand_message_xmd_sha512(b"abc", b"QUUX-V01-CS02-with-expander-SHA512-256", 32).hex()
    '0da749f12fbe5483eb066a5f595055679b976e93abe9be6f0f6318bce7aca8dc'
    """
    m = as_bytes(msg, "message")
    d = as_dst(dst)
    n = as_int(length, "length")
    if not 0 <= n <= XMD_SHA512_MAX:
        raise ArgumentError(f"length must be in [0, {XMD_SHA512_MAX}], got {n}")
    return _xmd_sha512(m, d, n)


def keccak256(msg: Any) -> bytes:
    """The 32-byte Keccak-256 digest of `msg`, as Ethereum defines it: the
    original Keccak padding, so not :func:`hashlib.sha3_256`.

    >>> from pybls.hashing import keccak256
    >>> keccak256(b"").hex()
    'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470'
    """
    m = as_bytes(msg, "message")
    return _lib.keccak256(m, len(m))


def _xmd_args(msg: Any, dst: Any, length: int) -> Tuple[bytes, bytes, int]:
    m = as_bytes(msg, "message")
    d = as_dst(dst)
    n = as_int(length, "length")
    if not 0 <= n <= _XMD_MAX:
        raise ArgumentError(f"length must be in [0, {_XMD_MAX}], got {n}")
    return m, d, n
