"""RFC 9380's hashing to G1 at the 256-bit level, in Python: expand_message_xmd
over SHA-512 (hashlib), hash_to_field, and the Shallue-van de Woestijne map
of a curve y² = x³ + B over Fp with p = 3 mod 4; the cofactor is cleared by
the core. BLS48-581's G1 hashes this way (:func:`install`), since the core's
expanders stop at SHA-256 and Keccak-256.

The map here runs in variable time: it is meant for hashing public
messages, as signatures and identity-based encryption do.

>>> from pybls._svdw_sha512 import expand_message_xmd_sha512
>>> expand_message_xmd_sha512(b"", b"QUUX-V01-CS02-with-expander-SHA512-256", 32).hex()
'6b9a7312411d92f921c6f68ca0b6380730a1a4d982c507211a90964c394179ba'
"""

from __future__ import annotations

import hashlib
from typing import Any, Callable, List, Sequence, Tuple, Type, TypeVar

from .errors import ArgumentError

E = TypeVar("E")  # a field element: an int (Fp) or a tuple of ints (Fp8)

__all__ = ["expand_message_xmd_sha512", "SvdwMap", "install"]

# SHA-512's output and block sizes (RFC 9380's b_in_bytes and s_in_bytes),
# and expand_message_xmd's longest output, 255 blocks.
_B_BYTES = 64
_S_BYTES = 128
XMD_SHA512_MAX = 255 * _B_BYTES
# The security level of the suites (hash_to_field's k).
K = 256
# The core's flag to build a point without the subgroup check (pybls.h's
# PYBLS_DECODE_SKIP_SUBGROUP_CHECK).
_SKIP_SUBGROUP = 1


def expand_message_xmd_sha512(msg: bytes, dst: bytes, length: int) -> bytes:
    """RFC 9380 5.3.1 with SHA-512: `length` bytes (0 to 16320) from `msg`
    and `dst`; a `dst` over 255 bytes is first replaced by
    SHA-512("H2C-OVERSIZE-DST-" || dst) (5.3.3).

    >>> len(expand_message_xmd_sha512(b"abc", b"DST", 100))
    100
    """
    if not 0 <= length <= XMD_SHA512_MAX:
        raise ArgumentError(f"length must be in [0, {XMD_SHA512_MAX}], got {length}")
    if len(dst) > 255:
        dst = hashlib.sha512(b"H2C-OVERSIZE-DST-" + dst).digest()
    dst_prime = dst + bytes((len(dst),))
    b0 = hashlib.sha512(bytes(_S_BYTES) + msg + length.to_bytes(2, "big") + b"\0" + dst_prime).digest()
    blocks = [hashlib.sha512(b0 + b"\1" + dst_prime).digest()]
    for i in range(2, -(-length // _B_BYTES) + 1):
        chained = (int.from_bytes(b0, "big") ^ int.from_bytes(blocks[-1], "big")).to_bytes(_B_BYTES, "big")
        blocks.append(hashlib.sha512(chained + bytes((i,)) + dst_prime).digest())
    return b"".join(blocks)[:length]


class SvdwMap:
    """hash_to_field and the SvdW map (RFC 9380 5.2 and 6.6.1, in appendix
    F.1's straight-line form) for y² = x³ + `b` over Fp, `p` = 3 mod 4, with
    RFC 9380's constant `z`.

    >>> m = SvdwMap(103, 1, 2)       # a toy field
    >>> x, y = m.map(5)
    >>> (y * y - x ** 3 - 1) % 103, y % 2
    (0, 1)
    """

    def __init__(self, p: int, b: int, z: int) -> None:
        if p % 4 != 3:
            raise ValueError("the square roots here need p = 3 mod 4")
        self.p, self.b, self.z = p, b % p, z % p
        # hash_to_field's L = ceil((ceil(log2 p) + k) / 8).
        self.L = (p.bit_length() + K + 7) // 8
        gz = self._g(self.z)
        three_z2 = 3 * self.z * self.z % p
        c3 = self._sqrt(-gz * three_z2 % p)
        if gz == 0 or three_z2 == 0 or c3 is None:
            raise ValueError(f"Z = {z} does not suit the SvdW map of this curve")
        self.c1 = gz
        self.c2 = -self.z * pow(2, -1, p) % p
        self.c3 = c3 if c3 % 2 == 0 else p - c3  # sgn0(c3) = 0
        self.c4 = -4 * gz * pow(three_z2, -1, p) % p

    def _g(self, x: int) -> int:
        return (x * x * x + self.b) % self.p

    def _sqrt(self, v: int) -> Any:
        """A square root of v, or None."""
        r = pow(v, (self.p + 1) // 4, self.p)
        return r if r * r % self.p == v % self.p else None

    def hash_to_field(self, msg: bytes, dst: bytes, count: int) -> List[int]:
        """`count` elements of Fp, L bytes of SHA-512 expansion each.

        >>> SvdwMap(103, 1, 2).hash_to_field(b"abc", b"DST", 2) == SvdwMap(103, 1, 2).hash_to_field(b"abc", b"DST", 2)
        True
        """
        limit = XMD_SHA512_MAX // self.L
        if not 1 <= count <= limit:
            raise ArgumentError(f"count must be in [1, {limit}], got {count}")
        data = expand_message_xmd_sha512(msg, dst, count * self.L)
        return [int.from_bytes(data[i : i + self.L], "big") % self.p for i in range(0, len(data), self.L)]

    def map(self, u: int) -> Tuple[int, int]:
        """The affine point (x, y) that u maps to (never the identity)."""
        p = self.p
        tv1 = u * u * self.c1 % p
        tv2 = (1 + tv1) % p
        tv1 = (1 - tv1) % p
        tv3 = pow(tv1 * tv2, p - 2, p)  # inv0
        tv4 = u * tv1 * tv3 * self.c3 % p
        y = None
        for x in ((self.c2 - tv4) % p, (self.c2 + tv4) % p):
            y = self._sqrt(self._g(x))
            if y is not None:
                break
        else:
            x = (self.z + self.c4 * pow(tv2 * tv2 * tv3, 2, p)) % p
            y = self._sqrt(self._g(x))
            assert y is not None  # g(x3) is a square when g(x1) and g(x2) are not
        if y % 2 != u % 2:  # sgn0(y) = sgn0(u)
            y = (p - y) % p
        return x, y


def install(group: Type[Any], b: int, z: int) -> None:
    """Give the G1 class `group` the SHA-512 hashing methods of the core's
    calling conventions (internal bytes in and out): ``_hash_to_field_sha512``,
    ``_map_to_curve`` (also the map of ``G1.map_to_curve``),
    ``_hash_to_curve_sha512`` and ``_encode_to_curve_sha512``, and make
    SHA-512 its default hash."""
    m = SvdwMap(group._P, b, z)
    n = group._FP

    def fp_internal(v: int) -> bytes:
        fp: bytes = group._fp_from_bytes(v.to_bytes(n, "big"))
        return fp

    def point(u: int) -> bytes:
        x, y = m.map(u)
        pt: bytes = group._from_affine_bytes(x.to_bytes(n, "big"), y.to_bytes(n, "big"), _SKIP_SUBGROUP)
        return pt

    def map_to_curve(u: bytes) -> bytes:
        return point(int.from_bytes(group._fp_to_bytes(u), "big"))

    install_methods(group, m.hash_to_field, fp_internal, point, map_to_curve)


def install_methods(group: Type[Any], hash_to_field_elements: Callable[[bytes, bytes, int], Sequence[E]],
                    to_internal: Callable[[E], bytes], point: Callable[[E], bytes],
                    map_to_curve: Callable[[bytes], bytes]) -> None:
    """The methods ``install`` gives a group, from its field's
    hash_to_field (msg, dst, count), the internal form of a field element,
    the map to a point (internal bytes, before cofactor clearing) and the
    map from an internal field element."""

    def hash_to_field(count: int, msg: bytes, msg_len: int, dst: bytes, dst_len: int) -> bytes:
        return b"".join(to_internal(u) for u in hash_to_field_elements(msg, dst, count))

    def hash_to_curve(msg: bytes, msg_len: int, dst: bytes, dst_len: int) -> bytes:
        u0, u1 = hash_to_field_elements(msg, dst, 2)
        out: bytes = group._clear_cofactor(group._add(point(u0), point(u1)))
        return out

    def encode_to_curve(msg: bytes, msg_len: int, dst: bytes, dst_len: int) -> bytes:
        (u,) = hash_to_field_elements(msg, dst, 1)
        out: bytes = group._clear_cofactor(point(u))
        return out

    group._hash_to_field_sha512 = staticmethod(hash_to_field)
    group._map_to_curve = staticmethod(map_to_curve)
    group._hash_to_curve_sha512 = staticmethod(hash_to_curve)
    group._encode_to_curve_sha512 = staticmethod(encode_to_curve)
    group._DEFAULT_HASH = "sha512"
    for found in group._hash_fns.values():
        found.clear()  # any function found before, by the old names
