"""Ethereum's pairing precompiles as Python functions ``(input) -> output``.

Each function takes the call data of a precompiled contract and returns its
output bytes, or raises :class:`PrecompileError` (a ``ValueError``) saying
what is wrong where the EVM call would fail. :func:`gas` prices a call.

BN254 (alt_bn128), EIP-196 and EIP-197, priced by EIP-1108:

========  =================  ===============================================
address   function           gas
========  =================  ===============================================
``0x06``  :func:`bn254_add`      150
``0x07``  :func:`bn254_mul`      6000
``0x08``  :func:`bn254_pairing`  45000 + 34000 k (k pairs of 192 bytes)
========  =================  ===============================================

The BN254 addition and multiplication read their input as if zero-padded
to 128 and 96 bytes and ignore what follows; the pairing check takes any
multiple of 192 bytes, the empty input included (whose answer is 1). Field
elements are 32 bytes big-endian and below p; points are ``x || y`` with
G2 coordinates imaginary part first; the identity is all zero. G2 points
must lie in the subgroup of order r; the scalar is any 256-bit integer.

BLS12-381, EIP-2537 (in Ethereum since the Prague upgrade):

========  ===========================  ======================================
address   function                     gas
========  ===========================  ======================================
``0x0b``  :func:`bls12_g1add`          375
``0x0c``  :func:`bls12_g1msm`          k · 12000 · discount(k) // 1000
``0x0d``  :func:`bls12_g2add`          600
``0x0e``  :func:`bls12_g2msm`          k · 22500 · discount(k) // 1000
``0x0f``  :func:`bls12_pairing_check`  37700 + 32600 k
``0x10``  :func:`bls12_map_fp_to_g1`   5500
``0x11``  :func:`bls12_map_fp2_to_g2`  23800
========  ===========================  ======================================

Lengths are exact. A field element is 64 bytes big-endian whose top 16
bytes are zero and whose value is below p; an Fp2 element is ``c0 || c1``
(real part first, unlike the ZCash encoding of :class:`pybls.G2`); a G1
point is ``x || y`` (128 bytes), a G2 point likewise (256 bytes), the point
at infinity all zero. Additions take any points of the curve; MSMs (160-
and 288-byte pairs of a point and a 32-byte big-endian scalar of any size)
and the pairing check (384-byte pairs) require points in the subgroup of
order r, and refuse empty input. The maps are RFC 9380's map_to_curve
(simplified SWU and its isogeny) followed by clearing the cofactor.

Precompile inputs are public, so these functions run in variable time:
the additions, the single multiplications (an MSM of one pair) and the
parsing of the pairing check's points run on the call data in the core,
whose affine outputs take one variable-time inversion.

>>> from pybls import evm
>>> g = bytes.fromhex("00" * 31 + "01" + "00" * 31 + "02")   # (1, 2), BN254's generator
>>> evm.bn254_mul(g + (2).to_bytes(32, "big")) == evm.bn254_add(g + g)
True
>>> evm.gas(0x08, bytes(2 * 192)), evm.bn254_pairing(b"")[-1]
(113000, 1)
>>> evm.bls12_map_fp_to_g1(bytes(63) + b"\\x05")[:16] == bytes(16)
True
>>> try:
...     evm.bls12_g1add(bytes(255))
... except evm.PrecompileError as e:
...     print(e)
BLS12_G1ADD: input must be 256 bytes, got 255
"""

from __future__ import annotations

from typing import Callable, Dict, List, Sequence, Tuple, Type, TypeVar

from . import _lib, bn254
from ._convert import as_bytes, as_int
from .errors import ArgumentError, DecodeError, NonCanonicalError, NotInSubgroupError, NotOnCurveError, PrecompileError
from .points import FIELD_MODULUS, G1, G2, _Point

__all__ = [
    "PrecompileError",
    "PRECOMPILES",
    "NAMES",
    "gas",
    "bn254_add",
    "bn254_mul",
    "bn254_pairing",
    "bls12_g1add",
    "bls12_g1msm",
    "bls12_g2add",
    "bls12_g2msm",
    "bls12_pairing_check",
    "bls12_map_fp_to_g1",
    "bls12_map_fp2_to_g2",
]

_TRUE = bytes(31) + b"\x01"
_FALSE = bytes(32)

_PointT = TypeVar("_PointT", bound=_Point)


# ---------------------------------------------------------------------------
# BN254: EIP-196, EIP-197

_BN_P = bn254.FIELD_MODULUS
# The 32-byte words of a G1 and a G2 encoding (EIP-197: imaginary part first).
_BN_WORDS = {
    64: ("x", "y"),
    128: ("x imaginary part", "x real part", "y imaginary part", "y real part"),
}


def _bn254_point(group: Type[_PointT], data: bytes, name: str, what: str, subgroup_check: bool = True) -> _PointT:
    """A BN254 point from its EIP-196/197 encoding (64 or 128 bytes):
    coordinates below p, on the curve and, for G2 unless `subgroup_check`
    is false, in the subgroup."""
    for i, coordinate in enumerate(_BN_WORDS[len(data)]):
        if int.from_bytes(data[32 * i : 32 * i + 32], "big") >= _BN_P:
            raise PrecompileError(f"{name}: {what}: {coordinate} is not below the field modulus p")
    try:
        return group.from_bytes(data, subgroup_check=subgroup_check)
    except NotOnCurveError:
        raise PrecompileError(f"{name}: {what}: not on the curve") from None
    except NotInSubgroupError:
        raise PrecompileError(f"{name}: {what}: not in the subgroup of order r") from None
    except DecodeError as e:  # not expected once the coordinates are checked
        raise PrecompileError(f"{name}: {what}: {e}") from None


def _padded(data: bytes, n: int) -> bytes:
    # EIP-196: missing bytes read as zero, surplus bytes are ignored.
    return data[:n] if len(data) >= n else data + bytes(n - len(data))


def bn254_add(data: bytes) -> bytes:
    """ECADD (0x06): the sum of two G1 points of BN254 (EIP-196), 64 bytes.

    >>> bn254_add(b"") == bytes(64)
    True
    """
    d = _padded(as_bytes(data, "input"), 128)
    a = _bn254_point(bn254.G1, d[:64], "ECADD", "first point")
    b = _bn254_point(bn254.G1, d[64:], "ECADD", "second point")
    return (a + b).to_bytes()


def bn254_mul(data: bytes) -> bytes:
    """ECMUL (0x07): a G1 point of BN254 times a 256-bit scalar (EIP-196), 64 bytes.

    2 times the generator (1, 2), as EIP-196's users know it:

    >>> out = bn254_mul((1).to_bytes(32, "big") + (2).to_bytes(32, "big") + (2).to_bytes(32, "big"))
    >>> out.hex()
    '030644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd315ed738c0e0a7c92e7845f96b2ae9c0a68a6a449e3538fc7ff3ebf7a5a18a2c4'
    """
    d = _padded(as_bytes(data, "input"), 96)
    p = _bn254_point(bn254.G1, d[:64], "ECMUL", "point")
    return p.mul_vartime(int.from_bytes(d[64:], "big")).to_bytes()


def bn254_pairing(data: bytes) -> bytes:
    """ECPAIRING (0x08): whether the product of the pairings of k (G1, G2)
    pairs of BN254 is 1 (EIP-197): 32 bytes, ``0..01`` or ``0..00``. The
    input is k 192-byte pairs, k >= 0.

    >>> from pybls import bn254
    >>> P, Q = bn254.G1.generator(), bn254.G2.generator()
    >>> bn254_pairing(b"")[-1], bn254_pairing((P * 3).to_bytes() + Q.to_bytes() + (-P).to_bytes() + (Q * 3).to_bytes())[-1]
    (1, 1)
    >>> bn254_pairing(P.to_bytes() + Q.to_bytes())[-1]
    0
    """
    d = as_bytes(data, "input")
    if len(d) % 192:
        raise PrecompileError(f"ECPAIRING: input length must be a multiple of 192 bytes, got {len(d)}")
    pairs = []
    for i in range(0, len(d), 192):
        n = i // 192
        p = _bn254_point(bn254.G1, d[i : i + 64], "ECPAIRING", f"pair {n}: G1 point")
        # G2's subgroup is checked by pairing_check's Miller loop, nearly free
        q = _bn254_point(bn254.G2, d[i + 64 : i + 192], "ECPAIRING", f"pair {n}: G2 point", False)
        pairs.append((p, q))  # pairs with the identity contribute 1
    try:
        return _TRUE if bn254.pairing_check(pairs) else _FALSE
    except NotInSubgroupError as e:
        raise PrecompileError(f"ECPAIRING: {e}") from None


# ---------------------------------------------------------------------------
# BLS12-381: EIP-2537

_FP = 64  # bytes of an encoded field element
_G1 = 2 * _FP
_G2 = 4 * _FP
_SCALAR = 32
# Points per call of the core's MSM: bounds its scratch memory on any input.
_MSM_CHUNK = 1 << 14


def _fp(data: bytes, name: str, what: str) -> int:
    """A 64-byte field element: the top 16 bytes zero, the value below p."""
    if any(data[:16]):
        raise PrecompileError(f"{name}: {what}: the top 16 bytes of a field element must be zero")
    v = int.from_bytes(data[16:], "big")
    if v >= FIELD_MODULUS:
        raise PrecompileError(f"{name}: {what}: field element is not below the field modulus p")
    return v


_ZERO_PAD = bytes(_FP - 48)
_G1_PARTS = ("x", "y")
_G2_PARTS = ("x.c0", "x.c1", "y.c0", "y.c1")


def _words(data: bytes, parts: Sequence[str], name: str, what: str) -> List[bytes]:
    """The 48-byte big-endian values of 64-byte field elements, after
    checking their zero padding (the core checks they are below p)."""
    out = []
    for j, part in enumerate(parts):
        w = data[j * _FP : (j + 1) * _FP]
        if w[:16] != _ZERO_PAD:
            raise PrecompileError(f"{name}: {what} {part}: the top 16 bytes of a field element must be zero")
        out.append(w[16:])
    return out


def _bls_point(
    group: Type[_PointT], data: bytes, parts: Sequence[str], subgroup: bool, name: str, what: str
) -> _PointT:
    """A point from its EIP-2537 encoding, through the core's affine decoder
    (Fp2 elements c1 || c0 there); the all-zero encoding is the identity."""
    w = _words(data, parts, name, what)
    if data == bytes(len(data)):
        return group.identity()
    x, y = (w[0], w[1]) if len(w) == 2 else (w[1] + w[0], w[3] + w[2])
    try:
        return group._from_coords(x, y, subgroup)
    except NonCanonicalError:
        for part, v in zip(parts, w):
            if int.from_bytes(v, "big") >= FIELD_MODULUS:
                raise PrecompileError(
                    f"{name}: {what} {part}: field element is not below the field modulus p"
                ) from None
        raise
    except NotOnCurveError:
        raise PrecompileError(f"{name}: {what}: not on the curve") from None
    except NotInSubgroupError:
        raise PrecompileError(f"{name}: {what}: not in the subgroup of order r") from None
    except DecodeError as e:  # not expected once the coordinates are checked
        raise PrecompileError(f"{name}: {what}: {e}") from None


def _bls_g1(data: bytes, subgroup: bool, name: str, what: str) -> G1:
    return _bls_point(G1, data, _G1_PARTS, subgroup, name, what)


def _bls_g2(data: bytes, subgroup: bool, name: str, what: str) -> G2:
    return _bls_point(G2, data, _G2_PARTS, subgroup, name, what)


_INFINITY_G1 = bytes(_G1)
_INFINITY_G2 = bytes(_G2)


def _enc_g1(p: G1) -> bytes:
    return _lib.eip2537_g1_encode(p._b)


def _enc_g2(p: G2) -> bytes:
    return _lib.eip2537_g2_encode(p._b)


def _rejected(name: str, check: Callable[[], object]) -> PrecompileError:
    """The error for an input the core refused: `check` repeats the checks
    in Python and raises the PrecompileError that says what is wrong."""
    check()
    return PrecompileError(f"{name}: invalid input")  # not expected: both check the same


def _exact(data: bytes, n: int, name: str) -> bytes:
    d = as_bytes(data, "input")
    if len(d) != n:
        raise PrecompileError(f"{name}: input must be {n} bytes, got {len(d)}")
    return d


def _pairs(data: bytes, size: int, name: str) -> bytes:
    d = as_bytes(data, "input")
    if not d or len(d) % size:
        raise PrecompileError(f"{name}: input must be a positive multiple of {size} bytes, got {len(d)}")
    return d


def bls12_g1add(data: bytes) -> bytes:
    """BLS12_G1ADD (0x0b): the sum of two points of the curve E(Fp) (256
    bytes in, 128 out); no subgroup check.

    >>> fp = lambda v: v.to_bytes(64, "big")
    >>> G = bls12_map_fp_to_g1(fp(1))
    >>> bls12_g1add(G + G) == bls12_g1msm(G + (2).to_bytes(32, "big"))
    True
    >>> bls12_g1add(G + bytes(128)) == G                 # all zeros: the point at infinity
    True
    """
    name = "BLS12_G1ADD"
    d = _exact(data, 2 * _G1, name)
    try:
        return _lib.eip2537_g1_add(d)
    except DecodeError:
        raise _rejected(name, lambda: _bls_g1(d[:_G1], False, name, "first point")
                        + _bls_g1(d[_G1:], False, name, "second point")) from None


def bls12_g2add(data: bytes) -> bytes:
    """BLS12_G2ADD (0x0d): the sum of two points of the twist E'(Fp2) (512
    bytes in, 256 out); no subgroup check.

    >>> fp = lambda v: v.to_bytes(64, "big")
    >>> Q = bls12_map_fp2_to_g2(fp(1) + fp(2))
    >>> bls12_g2add(Q + Q) == bls12_g2msm(Q + (2).to_bytes(32, "big"))
    True
    """
    name = "BLS12_G2ADD"
    d = _exact(data, 2 * _G2, name)
    try:
        return _lib.eip2537_g2_add(d)
    except DecodeError:
        raise _rejected(name, lambda: _bls_g2(d[:_G2], False, name, "first point")
                        + _bls_g2(d[_G2:], False, name, "second point")) from None


def _msm(
    d: bytes,
    size: int,
    name: str,
    decode: Callable[[bytes, bool, str, str], _PointT],
) -> _PointT:
    step = size + _SCALAR
    points: List[_PointT] = []
    scalars: List[int] = []
    seen: Dict[bytes, _PointT] = {}  # a point given again is decoded and checked once
    for i in range(0, len(d), step):
        raw = d[i : i + size]
        p = seen.get(raw)
        if p is None:
            p = seen[raw] = decode(raw, True, name, f"pair {i // step}: point")
        points.append(p)
        scalars.append(int.from_bytes(d[i + size : i + step], "big"))
    group = type(points[0])
    # Scalars of any size: the points are in the subgroup of order r, so
    # reducing them modulo r (as msm does) leaves the result unchanged.
    chunks = range(0, len(points), _MSM_CHUNK)
    parts = [group.msm(points[j : j + _MSM_CHUNK], scalars[j : j + _MSM_CHUNK]) for j in chunks]
    return parts[0] if len(parts) == 1 else group.sum(parts)


def bls12_g1msm(data: bytes) -> bytes:
    """BLS12_G1MSM (0x0c): sum k_i P_i over k >= 1 pairs of a G1 point (in
    the subgroup) and a 32-byte scalar, 160 bytes each; 128 bytes out.

    >>> fp = lambda v: v.to_bytes(64, "big")
    >>> G, H = bls12_map_fp_to_g1(fp(1)), bls12_map_fp_to_g1(fp(2))
    >>> k = lambda v: v.to_bytes(32, "big")
    >>> bls12_g1msm(G + k(3) + H + k(5)) == bls12_g1add(bls12_g1msm(G + k(3)) + bls12_g1msm(H + k(5)))
    True
    """
    name = "BLS12_G1MSM"
    d = _pairs(data, _G1 + _SCALAR, name)
    if len(d) == _G1 + _SCALAR:  # the multiplication of EIP-2537's rationale, all in the core
        try:
            return _lib.eip2537_g1_mul(d)
        except DecodeError:
            raise _rejected(name, lambda: _bls_g1(d[:_G1], True, name, "pair 0: point")) from None
    return _enc_g1(_msm(d, _G1, name, _bls_g1))


def bls12_g2msm(data: bytes) -> bytes:
    """BLS12_G2MSM (0x0e): sum k_i Q_i over k >= 1 pairs of a G2 point (in
    the subgroup) and a 32-byte scalar, 288 bytes each; 256 bytes out.

    >>> fp = lambda v: v.to_bytes(64, "big")
    >>> Q = bls12_map_fp2_to_g2(fp(3) + fp(4))
    >>> bls12_g2msm(Q + (1).to_bytes(32, "big")) == Q
    True
    >>> bls12_g2msm(Q + bytes(32)) == bytes(256)         # times 0: infinity
    True
    """
    name = "BLS12_G2MSM"
    d = _pairs(data, _G2 + _SCALAR, name)
    if len(d) == _G2 + _SCALAR:
        try:
            return _lib.eip2537_g2_mul(d)
        except DecodeError:
            raise _rejected(name, lambda: _bls_g2(d[:_G2], True, name, "pair 0: point")) from None
    return _enc_g2(_msm(d, _G2, name, _bls_g2))


def bls12_pairing_check(data: bytes) -> bytes:
    """BLS12_PAIRING_CHECK (0x0f): whether e(P_1, Q_1) ··· e(P_k, Q_k) = 1
    for k >= 1 pairs of a G1 and a G2 point of the subgroups, 384 bytes
    each: 32 bytes, ``0..01`` or ``0..00``.

    >>> fp = lambda v: v.to_bytes(64, "big")
    >>> G, Q = bls12_map_fp_to_g1(fp(5)), bls12_map_fp2_to_g2(fp(6) + fp(7))
    >>> k = lambda v: v.to_bytes(32, "big")
    >>> neg_G = bls12_g1msm(G + k(0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000000))   # (r - 1) G
    >>> bls12_pairing_check(bls12_g1msm(G + k(2)) + Q + neg_G + bls12_g2msm(Q + k(2)))[-1]
    1
    >>> bls12_pairing_check(G + Q)[-1]
    0
    """
    name = "BLS12_PAIRING_CHECK"
    step = _G1 + _G2
    d = _pairs(data, step, name)
    g1s: List[bytes] = []
    g2s: List[bytes] = []
    try:
        for i in range(0, len(d), step):
            p, q = d[i : i + _G1], d[i + _G1 : i + step]
            # G2's subgroup is checked by the Miller loop below, nearly free,
            # except where the pair is skipped
            a, b = _lib.eip2537_g1_decode(p, 1), _lib.eip2537_g2_decode(q, int(p == _INFINITY_G1))
            if p != _INFINITY_G1 and q != _INFINITY_G2:  # pairs with infinity contribute 1
                g1s.append(a)
                g2s.append(b)
        if not g1s:
            return _TRUE
        product = _lib.pairing_product_g2_check(b"".join(g1s), b"".join(g2s), len(g1s))
    except DecodeError:
        raise _rejected(name, lambda: [
            (_bls_g1(d[i : i + _G1], True, name, f"pair {i // step}: G1 point"),
             _bls_g2(d[i + _G1 : i + step], True, name, f"pair {i // step}: G2 point"))
            for i in range(0, len(d), step)
        ]) from None
    return _TRUE if _lib.gt_is_one(product) == 1 else _FALSE


def bls12_map_fp_to_g1(data: bytes) -> bytes:
    """BLS12_MAP_FP_TO_G1 (0x10): RFC 9380's map_to_curve of an Fp element
    (64 bytes), cofactor cleared: a G1 point (128 bytes).

    >>> fp = lambda v: v.to_bytes(64, "big")
    >>> from pybls import G1
    >>> out = bls12_map_fp_to_g1(fp(42))
    >>> P = G1.from_affine(int.from_bytes(out[:64], "big"), int.from_bytes(out[64:], "big"))
    >>> P.in_subgroup(), P == G1.map_to_curve(42).clear_cofactor()
    (True, True)
    """
    name = "BLS12_MAP_FP_TO_G1"
    u = _fp(_exact(data, _FP, name), name, "u")
    return _enc_g1(G1.map_to_curve(u).clear_cofactor())


def bls12_map_fp2_to_g2(data: bytes) -> bytes:
    """BLS12_MAP_FP2_TO_G2 (0x11): RFC 9380's map_to_curve of an Fp2
    element ``c0 || c1`` (128 bytes), cofactor cleared: a G2 point (256
    bytes).

    >>> fp = lambda v: v.to_bytes(64, "big")
    >>> out = bls12_map_fp2_to_g2(fp(1) + fp(2))
    >>> len(out), bls12_g2msm(out + (1).to_bytes(32, "big")) == out   # the MSM checks the subgroup
    (256, True)
    """
    name = "BLS12_MAP_FP2_TO_G2"
    d = _exact(data, 2 * _FP, name)
    u = (_fp(d[:_FP], name, "u.c0"), _fp(d[_FP:], name, "u.c1"))
    return _enc_g2(G2.map_to_curve(u).clear_cofactor())


# ---------------------------------------------------------------------------
# Addresses and gas

#: The precompile at each address.
PRECOMPILES: Dict[int, Callable[[bytes], bytes]] = {
    0x06: bn254_add,
    0x07: bn254_mul,
    0x08: bn254_pairing,
    0x0B: bls12_g1add,
    0x0C: bls12_g1msm,
    0x0D: bls12_g2add,
    0x0E: bls12_g2msm,
    0x0F: bls12_pairing_check,
    0x10: bls12_map_fp_to_g1,
    0x11: bls12_map_fp2_to_g2,
}

#: The name each EIP gives the precompile at each address.
NAMES: Dict[int, str] = {
    0x06: "ECADD",
    0x07: "ECMUL",
    0x08: "ECPAIRING",
    0x0B: "BLS12_G1ADD",
    0x0C: "BLS12_G1MSM",
    0x0D: "BLS12_G2ADD",
    0x0E: "BLS12_G2MSM",
    0x0F: "BLS12_PAIRING_CHECK",
    0x10: "BLS12_MAP_FP_TO_G1",
    0x11: "BLS12_MAP_FP2_TO_G2",
}

# EIP-2537's discount tables: entry k - 1 for k pairs, the last entry
# (max_discount) for every k > 128; the MSM costs k * cost * discount // 1000.
_G1_DISCOUNT: Sequence[int] = (
    1000, 949, 848, 797, 764, 750, 738, 728, 719, 712, 705, 698, 692, 687, 682, 677,
    673, 669, 665, 661, 658, 654, 651, 648, 645, 642, 640, 637, 635, 632, 630, 627,
    625, 623, 621, 619, 617, 615, 613, 611, 609, 608, 606, 604, 603, 601, 599, 598,
    596, 595, 593, 592, 591, 589, 588, 586, 585, 584, 582, 581, 580, 579, 577, 576,
    575, 574, 573, 572, 570, 569, 568, 567, 566, 565, 564, 563, 562, 561, 560, 559,
    558, 557, 556, 555, 554, 553, 552, 551, 550, 549, 548, 547, 547, 546, 545, 544,
    543, 542, 541, 540, 540, 539, 538, 537, 536, 536, 535, 534, 533, 532, 532, 531,
    530, 529, 528, 528, 527, 526, 525, 525, 524, 523, 522, 522, 521, 520, 520, 519,
)
_G2_DISCOUNT: Sequence[int] = (
    1000, 1000, 923, 884, 855, 832, 812, 796, 782, 770, 759, 749, 740, 732, 724, 717,
    711, 704, 699, 693, 688, 683, 679, 674, 670, 666, 663, 659, 655, 652, 649, 646,
    643, 640, 637, 634, 632, 629, 627, 624, 622, 620, 618, 615, 613, 611, 609, 607,
    606, 604, 602, 600, 598, 597, 595, 593, 592, 590, 589, 587, 586, 584, 583, 582,
    580, 579, 578, 576, 575, 574, 573, 571, 570, 569, 568, 567, 566, 565, 563, 562,
    561, 560, 559, 558, 557, 556, 555, 554, 553, 552, 552, 551, 550, 549, 548, 547,
    546, 545, 545, 544, 543, 542, 541, 541, 540, 539, 538, 537, 537, 536, 535, 535,
    534, 533, 532, 532, 531, 530, 530, 529, 528, 528, 527, 526, 526, 525, 524, 524,
)


def _msm_gas(length: int, pair: int, cost: int, table: Sequence[int]) -> int:
    # EIP-2537: k is the floor of the length over the pair size, and 0 pairs cost 0.
    k = length // pair
    if k == 0:
        return 0
    return k * cost * table[min(k, len(table)) - 1] // 1000


_GAS: Dict[int, Callable[[int], int]] = {
    0x06: lambda n: 150,
    0x07: lambda n: 6000,
    0x08: lambda n: 45000 + 34000 * (n // 192),
    0x0B: lambda n: 375,
    0x0C: lambda n: _msm_gas(n, _G1 + _SCALAR, 12000, _G1_DISCOUNT),
    0x0D: lambda n: 600,
    0x0E: lambda n: _msm_gas(n, _G2 + _SCALAR, 22500, _G2_DISCOUNT),
    0x0F: lambda n: 37700 + 32600 * (n // (_G1 + _G2)),
    0x10: lambda n: 5500,
    0x11: lambda n: 23800,
}


def gas(address: int, data: bytes) -> int:
    """The gas a call of the precompile at `address` with input `data`
    costs, as its EIP prices it: from the input's length alone, without
    validating it (an invalid input still costs this much, and the failed
    call consumes all the gas it was given). Raises :class:`TypeError`
    for an address that is not an int and
    :class:`~pybls.errors.ArgumentError` for one without a precompile here.

    >>> gas(0x0C, bytes(160 * 2)), gas(0x0F, bytes(384))
    (22776, 70300)
    >>> gas(0x01, b"")
    Traceback (most recent call last):
      ...
    pybls.errors.ArgumentError: no pairing precompile at address 0x01
    """
    if isinstance(address, bool):
        raise TypeError("address must be an int, not bool")
    a = as_int(address, "address")
    fn = _GAS.get(a)
    if fn is None:
        raise ArgumentError(f"no pairing precompile at address {a:#04x}")
    return fn(len(as_bytes(data, "input")))
