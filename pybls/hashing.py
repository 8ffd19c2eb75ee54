"""Hashing to the base field (RFC 9380 section 5), the first step of
``G1.hash_to_curve`` / ``G2.hash_to_curve``, for protocols that need the
field elements themselves.

>>> from pybls import G1, G2, hash_to_field
>>> u0, u1 = hash_to_field(b"abc", b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_", 2, G1)
>>> hex(u0)
'0xd921c33f2bad966478a03ca35d05719bdf92d347557ea166e5bba579eea9b83e9afa5c088573c2281410369fbd32951'
>>> [(u, _)] = hash_to_field(b"abc", b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_NU_", 1, G2)
>>> hex(u)
'0x138879a9559e24cecee8697b8b4ad32cced053138ab913b99872772dc753a2967ed50aabc907937aefb2439ba06cc50c'
"""

from __future__ import annotations

from typing import Any, List, Tuple, Type, Union

from . import _lib
from ._convert import as_bytes, as_int
from .errors import ArgumentError
from .points import G1, G2

__all__ = ["hash_to_field"]

_FP = 48
# expand_message_xmd yields at most 255 * 32 bytes, 64 per Fp coordinate.
_MAX_COUNT = {G1: 255 * 32 // 64, G2: 255 * 32 // 128}


_Elements = Union[List[int], List[Tuple[int, int]]]


def hash_to_field(msg: Any, dst: Any, count: int, group: Union[Type[G1], Type[G2]]) -> _Elements:
    """`count` elements of the field of `group`'s coordinates (Fp for
    :class:`G1`, Fp2 for :class:`G2`), hashed from `msg` with
    expand_message_xmd(SHA-256) and the domain separation tag `dst`.

    Fp elements are ints; Fp2 elements are ``(c0, c1)`` for c0 + c1 * u, as
    in ``G2.to_affine()``. `count` is 1 to 127 for G1 and 1 to 63 for G2
    (:class:`~pybls.errors.ArgumentError` otherwise).
    """
    if group is not G1 and group is not G2:
        raise TypeError(f"group must be G1 or G2, not {group!r}")
    m = as_bytes(msg, "message")
    d = as_bytes(dst, "domain separation tag")
    n = as_int(count, "count")
    if not 1 <= n <= _MAX_COUNT[group]:
        raise ArgumentError(f"count must be in [1, {_MAX_COUNT[group]}] for {group.__name__}, got {n}")
    if group is G1:
        raw = _lib.hash_to_field_fp(n, m, len(m), d, len(d))
        return [_fp_int(raw[i * _FP : (i + 1) * _FP]) for i in range(n)]
    raw = _lib.hash_to_field_fp2(n, m, len(m), d, len(d))
    fps = [_fp_int(raw[i * _FP : (i + 1) * _FP]) for i in range(2 * n)]
    return [(fps[2 * i], fps[2 * i + 1]) for i in range(n)]


def _fp_int(internal: bytes) -> int:
    return int.from_bytes(_lib.fp_to_bytes(internal), "big")
