"""The constant-time G2 multiplication of points in the subgroup on the
BLS12 and BN curves (four digits of the psi split, affine tables and the
unified Jacobian addition), against a multi-scalar multiplication of
(P, identity), an independent algorithm, and against affine
double-and-add references (py_ecc for BLS12-381, tests/bn_reference.py for
the BN curves).

On BLS12-381 the digits are k's base-|x| digits, so a model of the
product's schedule (five-bit Booth windows from the top, digits 3 to 0
within each) tells which scalars make the accumulator meet the table's
point (the doubling) or (w x, -y) of it for a cube root of unity w in Fp
(slope 0/0, the chord's taken), or start from the identity; the test
builds such scalars and checks each case occurs. Its negation (a sum that
is the identity) it never meets: at an addition the sum so far is, as an
integer, below r (windows above the last) or a multiple of 32 below 2r
(the last window, digits 3 to 1; |x| is a multiple of 2^16) or k itself,
and r is odd.
On the BN curves (lattice digits) the scalars of tests/test_g1_mul_ct.py
probe the same cases less directly."""

import random

import pytest
from bn_reference import Fp2, affine_mul
from split_cases import _cube_roots_of_unity

from pybls import curves
from pybls._lib import _abi

CURVES = sorted(c for c in curves.CURVES if c != "bls48_581")
FLAGS = [0, _abi.PYBLS_MUL_IN_SUBGROUP]
WINDOW, DIGITS = 5, 4
X_ABS = 0xD201000000010000  # BLS12-381's |x|


def _booth(d, j):
    """The signed digit of window j of d (bits 5j - 1 ... 5j + 4)."""
    v = (d << 1 >> (WINDOW * j)) & ((1 << (WINDOW + 1)) - 1)
    return (v & 1) + (v >> 1) - ((v >> WINDOW) << WINDOW)


def _bls12_cases(k, r, x_abs, roots):
    """The cases the additions of [k]P meet on BLS12-381: a set of
    "identity" (the accumulator is), "double", "negation", "0/0"."""
    digits = [(k // x_abs**i) % x_abs for i in range(DIGITS)]
    assert sum(d * x_abs**i for i, d in enumerate(digits)) == k
    top = 64 // WINDOW
    acc, seen = 0, set()
    for j in range(top, -1, -1):
        if j < top:
            acc = acc * 2**WINDOW % r
        for i in range(DIGITS - 1, -1, -1):
            b = _booth(digits[i], j)
            if b == 0:
                continue
            pick = b * x_abs**i % r
            if acc == 0:
                seen.add("identity")
            elif acc == pick:
                seen.add("double")
            elif acc == -pick % r:
                seen.add("negation")
            elif any(acc == -w * pick % r for w in roots):
                seen.add("0/0")
            acc = (acc + pick) % r
    assert acc == k
    return seen


def _scalars(r):
    small = [m * d for d in range(0, 18) for m in (1, 2)]
    small += [d * (1 + s * w) for w in _cube_roots_of_unity(r) for s in (1, -1) for d in range(1, 17)]
    edges = [r - 1, r - 2, r - 32, 2**64 - 1, 2**64, 2**128 - 1, 2**128, 2**192, (r - 1) // 2]
    rng = random.Random(27)
    return sorted({k % r for k in small + [-k for k in small] + edges + [rng.randrange(r) for _ in range(4)]})


def _bls12_special_scalars(r, x_abs):
    """Scalars whose last window's addition of digit i meets c times its
    pick, c = 1, -1 or -w: k = b |x|^i (1 + c) + (lower digits' picks)."""
    roots = _cube_roots_of_unity(r)
    out = []
    for i in range(DIGITS):
        for b in (1, 2, 7, 16, -1, -3, -16):
            for c in [1, -1] + [-w for w in roots]:
                low = sum(5 * x_abs**j for j in range(i))
                out.append((b * x_abs**i * (1 + c) + low) % r)
    return out


def _check(group, scalar, point, k):
    expected = group.msm([point, group.identity()], [k, 0])
    for f in FLAGS:
        got = group._mul_flags(point._b, scalar(k)._b, f)
        assert group._eq(got, expected._b) == 1, (group, hex(k), f)


@pytest.mark.parametrize("name", CURVES)
def test_constant_time_g2_mul_matches_msm(name):
    mod = curves.get(name)
    G2, r = mod.G2, mod.CURVE_ORDER
    point = G2.generator().mul_vartime(0x1234567890ABCDEF)
    scalars = _scalars(r)
    if name == "bls12_381":
        scalars += _bls12_special_scalars(r, X_ABS)
    for k in scalars:
        _check(G2, mod.Scalar, point, k)
    for k in (0, 1, 2, r - 1, r - 2):
        _check(G2, mod.Scalar, G2.identity(), k)
        _check(G2, mod.Scalar, G2.generator(), k)


def test_bls12_381_scalars_reach_every_case():
    """The model of the schedule finds every special case of the unified
    addition among the scalars above (the product test then covers them)."""
    mod = curves.get("bls12_381")
    r, x_abs = mod.CURVE_ORDER, X_ABS
    roots = _cube_roots_of_unity(r)
    seen = set()
    for k in _scalars(r) + _bls12_special_scalars(r, x_abs):
        seen |= _bls12_cases(k, r, x_abs, roots)
    assert seen == {"identity", "double", "0/0"}


@pytest.mark.parametrize("name", [c for c in CURVES if c.startswith("bn")])
def test_bn_g2_mul_against_affine_reference(name):
    mod = curves.get(name)
    p, r, G2 = mod.FIELD_MODULUS, mod.CURVE_ORDER, mod.G2

    def to_ref(pt):
        if pt.is_identity():
            return None
        (x0, x1), (y0, y1) = pt.to_affine()
        return (Fp2(p, x0, x1), Fp2(p, y0, y1))

    point = G2.generator().mul_vartime(0xFEDCBA987654321)
    for k in (2, r - 2, (r - 1) // 2, 0x5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A % r):
        assert to_ref(point * k) == affine_mul(to_ref(point), k), (name, hex(k))


@pytest.mark.native_only
def test_bls12_381_g2_mul_against_py_ecc():
    import pyecc_ref as pe

    from pybls import G2

    base = pe.multiply(pe.G2, 987654321)
    point = G2.from_bytes(pe.g2_bytes(base))
    for k in (2, pe.curve_order - 2, 0x5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A):
        assert (point * k).to_bytes() == pe.g2_bytes(pe.multiply(base, k)), hex(k)
