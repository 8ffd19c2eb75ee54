"""Fr helpers for KZG: field elements as Python ints, the roots of unity of
the blob domains in bit-reversed order, and the vector operations the C
core does in bulk (decoding, inversion, FFT).

Everything here handles public values: KZG has no secrets.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Dict, List, Sequence, Tuple

from .. import _lib
from ..errors import KzgInputError, NonCanonicalError

#: The order r of BLS12-381's G1, G2 and GT: the field of blob elements.
R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
#: A generator of Fr^* (the consensus specs' PRIMITIVE_ROOT_OF_UNITY), also
#: the shift of the coset FFT.
PRIMITIVE_ROOT = 7
BYTES_PER_FIELD_ELEMENT = 32


def reverse_bits(i: int, bits: int) -> int:
    """`i` with its lowest `bits` bits in reverse order.

    >>> reverse_bits(1, 3), reverse_bits(6, 3)
    (4, 3)
    """
    return int(format(i, f"0{bits}b")[::-1], 2) if bits else 0


def bit_reversal_permutation(seq: Sequence[int]) -> List[int]:
    """`seq` (of power-of-two length) reordered by bit-reversed index.

    >>> bit_reversal_permutation([0, 1, 2, 3])
    [0, 2, 1, 3]
    """
    return [seq[i] for i in _brp_order(len(seq))]


@lru_cache(maxsize=None)
def roots_of_unity(order: int) -> Tuple[int, ...]:
    """The `order` powers of the primitive `order`-th root of unity
    7^((r-1)/order), in natural order.

    >>> w = roots_of_unity(4)
    >>> pow(w[1], 4, R), w[2] == R - 1
    (1, True)
    """
    w = pow(PRIMITIVE_ROOT, (R - 1) // order, R)
    out = [1] * order
    for i in range(1, order):
        out[i] = out[i - 1] * w % R
    return tuple(out)


@lru_cache(maxsize=None)
def roots_brp(order: int) -> Tuple[int, ...]:
    """:func:`roots_of_unity` in bit-reversed order (the blob's domain)."""
    return tuple(bit_reversal_permutation(roots_of_unity(order)))


@lru_cache(maxsize=None)
def root_index(order: int) -> Dict[int, int]:
    """Position of each root in :func:`roots_brp`."""
    return {w: i for i, w in enumerate(roots_brp(order))}


@lru_cache(maxsize=None)
def roots_brp_internal(order: int) -> bytes:
    """:func:`roots_brp` as packed internal Fr elements."""
    return to_internal(roots_brp(order))


def scalar(x: int) -> bytes:
    """A reduced int as one internal Fr element."""
    return _lib.scalar_from_bytes(x.to_bytes(32, "big"))


def scalar_int(b: bytes) -> int:
    """One internal Fr element as an int."""
    return int.from_bytes(_lib.scalar_to_bytes(b), "big")


def element_from_bytes(b: bytes, what: str = "field element") -> int:
    """A 32-byte big-endian field element, rejecting values >= r.

    >>> element_from_bytes(bytes(31) + b"\\x05")
    5
    """
    if len(b) != BYTES_PER_FIELD_ELEMENT:
        raise KzgInputError(f"{what} must be {BYTES_PER_FIELD_ELEMENT} bytes, got {len(b)}")
    x = int.from_bytes(b, "big")
    if x >= R:
        raise KzgInputError(f"{what} is not canonical (>= r)")
    return x


def element_to_bytes(x: int) -> bytes:
    """The 32-byte big-endian encoding of a field element."""
    return x.to_bytes(BYTES_PER_FIELD_ELEMENT, "big")


def elements_from_bytes(data: bytes, count: int, what: str) -> List[int]:
    """`count` big-endian field elements packed in `data`, each checked < r."""
    if len(data) != count * BYTES_PER_FIELD_ELEMENT:
        raise KzgInputError(f"{what} must be {count * BYTES_PER_FIELD_ELEMENT} bytes, got {len(data)}")
    out = [int.from_bytes(data[i : i + 32], "big") for i in range(0, len(data), 32)]
    if any(x >= R for x in out):
        raise KzgInputError(f"{what} has a field element that is not canonical (>= r)")
    return out


def internal_from_bytes(data: bytes, what: str) -> bytes:
    """Packed big-endian elements (checked < r) as the core's internal form."""
    try:
        return _lib.fr_from_bytes_batch(len(data) // 32, data)
    except NonCanonicalError:
        raise KzgInputError(f"{what} has a field element that is not canonical (>= r)") from None


def to_internal(xs: Sequence[int]) -> bytes:
    """Reduced ints (0 <= x < r) as packed internal Fr elements."""
    return _lib.fr_from_bytes_batch(len(xs), b"".join([x.to_bytes(32, "big") for x in xs]))


def from_internal(buf: bytes, count: int) -> List[int]:
    """Packed internal Fr elements as ints."""
    raw = _lib.fr_to_bytes_batch(count, buf)
    return [int.from_bytes(raw[i : i + 32], "big") for i in range(0, 32 * count, 32)]


def batch_inverse(xs: Sequence[int]) -> List[int]:
    """The inverses of non-zero elements, with one field inversion.

    >>> batch_inverse([2, 3]) == [pow(2, -1, R), pow(3, -1, R)]
    True
    """
    if not xs:
        return []
    return from_internal(_lib.fr_batch_inv(len(xs), to_internal(xs)), len(xs))


def _scalar(x: int) -> bytes:
    return _lib.scalar_from_bytes(x.to_bytes(32, "big"))


def fft(values: Sequence[int], inverse: bool = False) -> List[int]:
    """The FFT over the roots of unity of order len(values) (a power of
    two), in natural order: evaluations from coefficients, or coefficients
    from evaluations with ``inverse``.

    >>> fft(fft([1, 2, 3, 4]), inverse=True)
    [1, 2, 3, 4]
    """
    n = len(values)
    return from_internal(fft_internal(to_internal(values), n, inverse), n)


@lru_cache(maxsize=None)
def _fft_constants(n: int, inverse: bool) -> Tuple[bytes, bytes]:
    w = roots_of_unity(n)[1] if n > 1 else 1
    if inverse:
        return _scalar(pow(w, -1, R)), _scalar(pow(n, -1, R))
    return _scalar(w), _scalar(1)


def fft_internal(buf: bytes, n: int, inverse: bool = False) -> bytes:
    """:func:`fft` on n packed internal elements, without leaving the core's form."""
    root, scale = _fft_constants(n, inverse)
    return _lib.fr_fft(n, buf, root, scale)


def brp_internal(buf: bytes, n: int) -> bytes:
    """n packed internal elements in bit-reversed index order."""
    return _lib.fr_bit_reverse(n, buf)


@lru_cache(maxsize=None)
def _brp_order(n: int) -> Tuple[int, ...]:
    bits = n.bit_length() - 1
    return tuple(reverse_bits(i, bits) for i in range(n))


def coset_fft(values: Sequence[int], inverse: bool = False) -> List[int]:
    """The FFT over the coset 7 * <w> (the consensus specs' coset_fft_field)."""
    n = len(values)
    if not inverse:
        shifted = _lib.fr_scale_powers(n, to_internal(values), _scalar(PRIMITIVE_ROOT))
        w = roots_of_unity(n)[1] if n > 1 else 1
        return from_internal(_lib.fr_fft(n, shifted, _scalar(w), _scalar(1)), n)
    coeffs = fft(values, inverse=True)
    unshift = pow(PRIMITIVE_ROOT, -1, R)
    return from_internal(_lib.fr_scale_powers(n, to_internal(coeffs), _scalar(unshift)), n)
