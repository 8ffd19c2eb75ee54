"""The base field Fp, through the core's pybls_fp_* functions (exposed for
tests as ``pybls._lib.fp_*``), against Python integers modulo p."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import reference as ref
from pybls import _lib
from pybls.errors import NonCanonicalError, NotSquareError

P = ref.P

EDGE = [0, 1, 2, 3, 4, P - 1, P - 2, (P - 1) // 2, (P + 1) // 2, 2**64 - 1, 2**64, 2**380, 2**384 % P, 2**768 % P, P - 2**64]
elements = st.one_of(st.integers(0, P - 1), st.sampled_from(EDGE))


def fp(v):
    return _lib.fp_from_bytes(v.to_bytes(48, "big"))


def val(a):
    return int.from_bytes(_lib.fp_to_bytes(a), "big")


@given(elements)
def test_roundtrip(a):
    assert val(fp(a)) == a
    assert _lib.fp_to_bytes(fp(a)) == a.to_bytes(48, "big")


@given(elements, elements)
def test_add_sub_mul(a, b):
    x, y = fp(a), fp(b)
    assert val(_lib.fp_add(x, y)) == (a + b) % P
    assert val(_lib.fp_sub(x, y)) == (a - b) % P
    assert val(_lib.fp_mul(x, y)) == (a * b) % P
    assert val(_lib.fp_sqr(x)) == (a * a) % P
    assert val(_lib.fp_neg(x)) == (-a) % P


@given(elements)
def test_inv(a):
    if a == 0:
        with pytest.raises(ZeroDivisionError):
            _lib.fp_inv(fp(a))
    else:
        assert val(_lib.fp_inv(fp(a))) == pow(a, -1, P)


# Inversion runs a fixed number of divsteps (safegcd) on the element's
# internal Montgomery value a R mod p: these make that value an edge case
# (1, p - 1, powers of two, long runs of zero or one bits).
_RINV = pow(2**384, -1, P)
INTERNAL_EDGES = [1, 2, 3, P - 1, P - 2, (P - 1) // 2, (P + 1) // 2, 2**380, 2**381 - 2**300, P - 2**200,
                  2**62, 2**62 - 1, 2**124 + 1, 2**30, 2**30 - 1, 2**60, 2**60 - 1, 2**120 + 1, (2**381 - 1) // 3, 0x5555 << 300]


@pytest.mark.parametrize("internal", INTERNAL_EDGES)
def test_inv_internal_edges(internal):
    a = internal * _RINV % P
    assert val(_lib.fp_inv(fp(a))) == pow(a, -1, P)


# Internal values with the longest divstep sequences a short search found,
# a hill climb over bit flips from the longest among 2^k, 2^-k, p - 2^-k and
# 2^k - 1 mod p and random values (random values take about 770 steps;
# fp_inv runs the bound, 878, in whole runs, whatever the input, and the
# last batch's f gives the sign). tests/test_fp_inv.py has such values for
# every curve.
LONG_DIVSTEPS = [
    (0x18D016C10C5CE82B46ACDBC03FB52DC8F9718F63812C737C200B9A845D6F3291C56A97838798A1DC8EFC31550A5EB27D, 787),
    (0x19B222D9882C0E233BCFE8F26A504022625FD12EC6B4976909846FEEB7438BCB244B6C22F00BCA409C4AC4927AA3FDD4, 786),
    (2**360 - 1, 783),
]


@pytest.mark.parametrize("internal, steps", LONG_DIVSTEPS)
def test_inv_long_divstep_sequences(internal, steps):
    assert ref.divsteps(internal) == steps
    a = internal * _RINV % P
    assert val(_lib.fp_inv(fp(a))) == pow(a, -1, P)
    assert val(_lib.fp_inv_vartime(fp(a))) == pow(a, -1, P)


@given(st.integers(1, P - 1))
def test_inv_random(a):
    inv = _lib.fp_inv(fp(a))
    assert val(inv) == pow(a, -1, P)
    assert val(_lib.fp_mul(inv, fp(a))) == 1


# The variable-time inversion (for public values: precompile inputs) takes
# data-dependent branches and stops early: the same edge cases, and
# inputs whose divsteps end after few batches (small values, 2^k).
VARTIME_EDGES = sorted({e % P for e in INTERNAL_EDGES + [2**63, 2**64 - 1, 2**31]}
                       | {e * _RINV % P for e in INTERNAL_EDGES})


@pytest.mark.parametrize("a", VARTIME_EDGES)
def test_inv_vartime_edges(a):
    assert val(_lib.fp_inv_vartime(fp(a))) == pow(a, -1, P)


@given(st.integers(1, P - 1))
def test_inv_vartime_random(a):
    assert val(_lib.fp_inv_vartime(fp(a))) == pow(a, -1, P)


def test_inv_vartime_zero():
    with pytest.raises(ZeroDivisionError):
        _lib.fp_inv_vartime(fp(0))


@given(elements)
def test_legendre_and_sqrt(a):
    expected = 0 if a == 0 else (1 if pow(a, (P - 1) // 2, P) == 1 else -1)
    assert _lib.fp_legendre(fp(a)) == expected
    if expected >= 0:
        root = val(_lib.fp_sqrt(fp(a)))
        assert root * root % P == a
    else:
        with pytest.raises(NotSquareError):
            _lib.fp_sqrt(fp(a))


@given(st.integers(0, P - 1))
def test_sqrt_of_square(a):
    sq = a * a % P
    root = val(_lib.fp_sqrt(fp(sq)))
    assert root in (a, (P - a) % P)


def test_edges():
    assert val(_lib.fp_add(fp(P - 1), fp(1))) == 0
    assert val(_lib.fp_sub(fp(0), fp(1))) == P - 1
    assert val(_lib.fp_mul(fp(P - 1), fp(P - 1))) == 1
    assert val(_lib.fp_inv(fp(P - 1))) == P - 1
    assert val(_lib.fp_neg(fp(0))) == 0
    assert _lib.fp_legendre(fp(P - 1)) == -1  # p = 3 mod 4
    assert _lib.fp_legendre(fp(4)) == 1


@pytest.mark.parametrize(
    "value",
    [P, P + 1, 2 * P, 2**381, 2**381 - 1, 2**383, 2**384 - 1],
    ids=["p", "p+1", "2p", "2^381", "2^381-1", "2^383", "2^384-1"],
)
def test_non_canonical_rejected(value):
    with pytest.raises(NonCanonicalError):
        _lib.fp_from_bytes(value.to_bytes(48, "big"))


# Each curve's library has its own limb count and batch count: both
# inversions on the other curves' fields, against pow(), on random values
# and on values whose internal Montgomery form a R mod p is an edge case
# for the batches of divsteps (runs of zero bits at batch boundaries).
@pytest.mark.parametrize("curve", ["bn254", "bn254_nogami", "bn381", "bn462", "bls48_581"])
def test_inv_other_curves(curve):
    import importlib
    import random

    p = importlib.import_module(f"pybls.{curve}").FIELD_MODULUS
    lib = _lib.curve_binding(curve)
    size = (p.bit_length() + 7) // 8
    rinv = pow(2 ** (64 * ((p.bit_length() + 63) // 64)), -1, p)
    rng = random.Random(curve)
    internals = [2**30, 2**60, 2**60 - 1, 2**62, (2**60 - 1) << 60, p - 2**60]
    for a in [1, 2, p - 1, p - 2, (p + 1) // 2, 2**62, 2**64 - 1] + [x * rinv % p for x in internals] + [
        rng.randrange(1, p) for _ in range(20)
    ]:
        x = lib.fp_from_bytes(a.to_bytes(size, "big"))
        for inv in (lib.fp_inv(x), lib.fp_inv_vartime(x)):
            assert int.from_bytes(lib.fp_to_bytes(inv), "big") == pow(a, -1, p)


# Montgomery products on every curve's Fp and Fr whose internal values
# a R mod p are edge cases for the 30-bit digit products of 32-bit builds
# (mont_r30.h): every digit at 2^30 - 1, p - 1 and runs of one bits fill
# the 64-bit column sums to their bound (BLS48-581's columns, of up to 20
# products, overflow without the second accumulator), against Python
# integers.
def _digit_edges(p):
    ones = 2 ** (30 * ((p.bit_length() - 1) // 30)) - 1  # whole 30-bit digits of ones, below p
    return [1, 2, p - 1, p - 2, (p - 1) // 2, ones, ones - 2**30 + 1, 2 ** (p.bit_length() - 1) - 1,
            p - ones, 2**30 - 1, (p - 1) // 3]


def _field_of(curve, field):
    """(p, byte size, R^-1 mod p, the curve's binding) of a curve's Fp or Fr."""
    import importlib

    mod = importlib.import_module(f"pybls.{curve}")
    lib = _lib.curve_binding(curve) if curve != "bls12_381" else _lib
    p = mod.FIELD_MODULUS if field == "fp" else mod.CURVE_ORDER
    r_inv = pow(2 ** (64 * -(-p.bit_length() // 64)), -1, p)  # R: whole 64-bit words
    return p, (p.bit_length() + 7) // 8, r_inv, lib


@pytest.mark.parametrize("curve", ["bls12_381", "bn254", "bn254_nogami", "bn381", "bn462", "bls48_581"])
@pytest.mark.parametrize("field", ["fp", "scalar"])
def test_mul_sqr_internal_edges_every_curve(curve, field):
    p, size, r_inv, lib = _field_of(curve, field)
    enc, dec = getattr(lib, f"{field}_from_bytes"), getattr(lib, f"{field}_to_bytes")
    mul, sqr = getattr(lib, f"{field}_mul"), getattr(lib, f"{field}_sqr")
    values = [v * r_inv % p for v in _digit_edges(p)]
    for a in values:
        x = enc(a.to_bytes(size, "big"))
        assert int.from_bytes(dec(sqr(x)), "big") == a * a % p
        for b in values:
            assert int.from_bytes(dec(mul(x, enc(b.to_bytes(size, "big")))), "big") == a * b % p


# Squares on every curve's Fp and Fr whose internal values a R mod p fill
# 64-bit limbs (runs of all-ones limbs, p - 1 with its low limbs set, limbs
# drawn from 0, 1, 2^63 and 2^64 - 1): the x86-64 squares (mont_adx.h)
# take each cross product once and double it, and these carry through
# every limb of the doubling and of the diagonal's sum; against Python
# integers.
def _limb_edges(p, rng):
    limbs = (p.bit_length() + 63) // 64
    vals = [1, 2, p - 1, p - 2, 2 ** (p.bit_length() - 1) - 1, 2 ** (p.bit_length() - 1), (p - 1) // 2]
    vals += [2 ** (64 * k) - 1 for k in range(1, limbs)] + [2 ** (64 * k) for k in range(1, limbs)]
    vals += [(p - 1) | (2 ** (64 * k) - 1) for k in range(1, limbs)] + [p - 2 ** (64 * k) for k in range(1, limbs)]
    for _ in range(24):
        v = sum(rng.choice([0, 1, 2**63, 2**64 - 1, rng.randrange(2**64)]) << (64 * k) for k in range(limbs))
        vals.append(v % p)
    return [v for v in vals if 0 < v < p]


@pytest.mark.parametrize("curve", ["bls12_381", "bn254", "bn254_nogami", "bn381", "bn462", "bls48_581"])
@pytest.mark.parametrize("field", ["fp", "scalar"])
def test_sqr_limb_edges_every_curve(curve, field):
    import random

    p, size, r_inv, lib = _field_of(curve, field)
    enc, dec = getattr(lib, f"{field}_from_bytes"), getattr(lib, f"{field}_to_bytes")
    sqr = getattr(lib, f"{field}_sqr")
    for v in _limb_edges(p, random.Random(curve + field)):
        a = v * r_inv % p
        sq = sqr(enc(a.to_bytes(size, "big")))
        assert int.from_bytes(dec(sq), "big") == a * a % p, hex(v)
        assert int.from_bytes(dec(sqr(sq)), "big") == pow(a, 4, p), hex(v)


# The other curves' fields (4, 6, 8 and 10 limbs: each size has its own
# x86-64 kernels) on values at the ends of the range and at limb and
# Montgomery boundaries, against Python integers.
@pytest.mark.parametrize("curve", ["bn254", "bn254_nogami", "bn381", "bn462", "bls48_581"])
def test_add_sub_mul_other_curves(curve):
    import importlib
    import random

    p = importlib.import_module(f"pybls.{curve}").FIELD_MODULUS
    lib = _lib.curve_binding(curve)
    size = (p.bit_length() + 7) // 8
    limbs = (p.bit_length() + 63) // 64
    r_inv = pow(2 ** (64 * limbs), -1, p)  # values whose Montgomery form is an edge case
    rng = random.Random(curve)
    edges = [0, 1, 2, p - 1, p - 2, (p - 1) // 2, (p + 1) // 2, 2**64 - 1, 2**64, p - 2**64,
             2 ** (64 * (limbs - 1)) - 1, r_inv, (p - 1) * r_inv % p, (2**64 - 1) * r_inv % p]
    values = edges + [rng.randrange(p) for _ in range(6)]

    def enc(v):
        return lib.fp_from_bytes(v.to_bytes(size, "big"))

    def dec(x):
        return int.from_bytes(lib.fp_to_bytes(x), "big")

    for a in values:
        x = enc(a)
        assert dec(lib.fp_sqr(x)) == a * a % p
        assert dec(lib.fp_neg(x)) == -a % p
        for b in values:
            y = enc(b)
            assert dec(lib.fp_add(x, y)) == (a + b) % p
            assert dec(lib.fp_sub(x, y)) == (a - b) % p
            assert dec(lib.fp_mul(x, y)) == a * b % p
