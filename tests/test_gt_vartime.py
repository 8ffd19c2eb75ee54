"""GT.pow_vartime, the variable-time power for public exponents, on every
curve: compared with ``**`` (constant time), with square-and-multiply over
GT's product and square in Python (which shares nothing with either
exponentiation of the core) and with the pairing's bilinearity through G1
(another multiplication altogether).

The core splits the exponent into four digits on BN curves (the Frobenius
acts as [6u^2]) and on BLS12-381 (its conjugate acts as [|x|]), writes
each digit in signed windows and takes conjugates for negative ones; the
exponents include the edges of Fr, the powers of each split's base and
their neighbours (digits at their extremes), runs of ones (negative
window digits throughout) and, on BN curves, the Babai rounding boundaries
of tests/test_bn_split.py.
"""

import random

import pytest
from split_cases import BN_CURVES, _boundary_scalars, _scalars, _square_multiply

from pybls import curves

ALL_CURVES = ["bls12_381", *BN_CURVES, "bls48_581"]
BLS12_X_ABS = 0xD201000000010000  # |x| of BLS12-381, x < 0


def _bases(mod):
    """A generic element of GT, the generator and 1."""
    return [mod.GT.generator() ** 0x1234567890ABCDEF, mod.GT.generator(), mod.GT.one()]


def _edge_exponents(r):
    """Edges of Fr and runs of ones (window digits of -1 all the way)."""
    rng = random.Random(r + 1)
    out = [0, 1, 2, 3, 15, 16, 17, 31, 32, 33, r - 1, r - 2, r - 16, r // 2, r // 2 + 1]
    out += [2**b - 1 for b in (5, 6, 63, 64, 65, 127, 128, 129)]
    out += [2**b for b in (64, 128, r.bit_length() - 1)]
    out += [(2**b - 1) % r for b in (r.bit_length() - 1, r.bit_length())]
    out += [rng.randrange(r) for _ in range(2)]
    return out


def _check(mod, exponents, reference=True, bases=None):
    """pow_vartime against ** on each base (default _bases) and, with
    `reference`, against square-and-multiply on the first."""
    r = mod.CURVE_ORDER
    bases = _bases(mod) if bases is None else bases
    for i, a in enumerate(bases):
        for k in exponents:
            got = a.pow_vartime(k)
            assert got == a ** k, (mod.__name__, hex(k))
            if reference and i == 0:
                assert got == _square_multiply(mod.GT.one(), a, k % r), (mod.__name__, hex(k))


@pytest.mark.parametrize("name", ALL_CURVES)
def test_pow_vartime_edges(name):
    mod = curves.get(name)
    exps = _edge_exponents(mod.CURVE_ORDER)
    if name == "bls48_581":
        # Slow (an Fp48 power each): the edges, which test the exponent's
        # recoding, on the generic base alone; the generator and 1, and
        # square-and-multiply, on a few.
        _check(mod, exps, reference=False, bases=_bases(mod)[:1])
        _check(mod, [0, 1, mod.CURVE_ORDER - 1, exps[-1]])
    else:
        _check(mod, exps)


@pytest.mark.parametrize("name", BN_CURVES)
def test_pow_vartime_bn_split(name):
    mod = curves.get(name)
    r = mod.CURVE_ORDER
    _check(mod, _scalars(r, mod.FIELD_MODULUS % r))


# The rounding boundaries come from csrc/, which a Pyodide run does not have.
@pytest.mark.native_only
@pytest.mark.parametrize("name", BN_CURVES)
def test_pow_vartime_bn_rounding_boundaries(name):
    mod = curves.get(name)
    _check(mod, _boundary_scalars(name, mod.CURVE_ORDER), reference=False)


def test_pow_vartime_bls12_digits():
    """Base-|x| digits at 0, 1 and |x| - 1 (the largest), and carries."""
    mod = curves.get("bls12_381")
    r, x = mod.CURVE_ORDER, BLS12_X_ABS
    exps = []
    for i in range(4):
        for d in (x - 1, x, x + 1):
            exps.append(d * x**i % r)
    exps += [(x**4 - 1) % r, sum((x - 1) * x**i for i in range(4)) % r, (x**3 + x**2 + x + 1) % r]
    _check(mod, exps)


@pytest.mark.parametrize("name", ALL_CURVES)
def test_pow_vartime_bilinear(name):
    mod = curves.get(name)
    rng = random.Random(7)
    k = rng.randrange(mod.CURVE_ORDER)
    e = mod.GT.generator()
    assert e.pow_vartime(k) == mod.pairing(mod.G1.generator() * k, mod.G2.generator())
    assert e.pow_vartime(-k) == mod.pairing(-(mod.G1.generator() * k), mod.G2.generator())


@pytest.mark.parametrize("name", ALL_CURVES)
def test_pow_vartime_arguments(name):
    """Exponents as ``**`` takes them: ints of any size or sign (modulo r)
    and this curve's scalars; anything else is a TypeError for both."""
    mod = curves.get(name)
    r = mod.CURVE_ORDER
    g = mod.GT.generator()
    k = 0xC0FFEE
    assert g.pow_vartime(mod.Scalar(k)) == g ** mod.Scalar(k) == g.pow_vartime(k + 3 * r)
    assert g.pow_vartime(-k) == (g ** k).inverse() == g ** -k
    other = next(c for c in ALL_CURVES if c != name)
    for bad in (1.5, "3", None, curves.get(other).Scalar(3)):
        with pytest.raises(TypeError):
            g.pow_vartime(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            g ** bad  # type: ignore[operator]
    assert type(g.pow_vartime(2)) is mod.GT
