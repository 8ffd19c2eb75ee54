"""The C core's Fr vector functions for KZG (csrc/kzg/fr_poly.c) against
plain Python arithmetic modulo r, including their rejections."""

import random

import pytest

from pybls import _lib
from pybls.errors import ArgumentError, KzgInputError
from pybls.kzg._field import (
    R,
    batch_inverse,
    coset_fft,
    fft,
    from_internal,
    internal_from_bytes,
    reverse_bits,
    roots_brp,
    roots_of_unity,
    scalar,
    scalar_int,
    to_internal,
)

RNG = random.Random(26)


def _dft(values, w):
    n = len(values)
    return [sum(v * pow(w, j * k, R) for j, v in enumerate(values)) % R for k in range(n)]


@pytest.mark.parametrize("n", [1, 2, 8, 64])
def test_fft_matches_the_definition(n):
    values = [RNG.randrange(R) for _ in range(n)]
    w = roots_of_unity(n)[1] if n > 1 else 1
    assert fft(values) == _dft(values, w)
    assert fft(fft(values), inverse=True) == values
    shifted = [v * pow(7, i, R) % R for i, v in enumerate(values)]
    assert coset_fft(values) == _dft(shifted, w)
    assert coset_fft(coset_fft(values), inverse=True) == values


def test_fft_rejects_sizes():
    one = scalar(1)
    for n in (3, 6, 1 << 17):
        with pytest.raises(ArgumentError):
            _lib.fr_fft(n, bytes(32 * n), one, one)


def test_batch_inverse():
    xs = [1, R - 1] + [RNG.randrange(1, R) for _ in range(30)]
    assert batch_inverse(xs) == [pow(x, -1, R) for x in xs]
    with pytest.raises(ZeroDivisionError):
        batch_inverse([3, 0, 5])


def test_batch_decoding_rejects_r():
    assert from_internal(internal_from_bytes((R - 1).to_bytes(32, "big") + bytes(32), "x"), 2) == [R - 1, 0]
    with pytest.raises(KzgInputError):
        internal_from_bytes(bytes(32) + R.to_bytes(32, "big"), "x")


def _lagrange_eval(evals, points, z):
    total = 0
    for i, (e, x) in enumerate(zip(evals, points)):
        num, den = 1, 1
        for j, xj in enumerate(points):
            if j != i:
                num = num * (z - xj) % R
                den = den * (x - xj) % R
        total += e * num * pow(den, -1, R)
    return total % R


@pytest.mark.parametrize("n", [1, 16])
def test_barycentric_evaluation_and_quotient(n):
    points = list(roots_brp(n))
    evals = [RNG.randrange(R) for _ in range(n)]
    ev, pts = to_internal(evals), to_internal(points)
    scratch = _lib.scratch(32 * n)
    for z in (RNG.randrange(R), 0, points[-1]):
        y = scalar_int(_lib.fr_eval_barycentric(ev, pts, n, scalar(z), scratch))
        assert y == _lagrange_eval(evals, points, z)
        q = from_internal(_lib.fr_quotient(n, ev, pts, scalar(z), scalar(y)), n)
        # q interpolates (p(X) - y) / (X - z): q(x) (x - z) = p(x) - y off z,
        # and at z (a root) the derivative p'(z)
        for i, x in enumerate(points):
            if x != z:
                assert q[i] * (x - z) % R == (evals[i] - y) % R
            elif n > 1:
                assert q[i] == _derivative(evals, points, z)


def _derivative(evals, points, z):
    """p'(z) for the polynomial with these values at the n-th roots of unity,
    from its coefficients (the inverse DFT, written out)."""
    n = len(points)
    w = roots_of_unity(n)[1]
    value_at = dict(zip(points, evals))
    natural = [value_at[pow(w, j, R)] for j in range(n)]
    inv_n = pow(n, -1, R)
    coeffs = [sum(v * pow(w, -j * k, R) for j, v in enumerate(natural)) * inv_n % R for k in range(n)]
    return sum(k * c * pow(z, k - 1, R) for k, c in enumerate(coeffs) if k) % R


@pytest.mark.once
def test_shipped_cell_proof_table_matches_the_setup():
    """Two columns of the shipped FK20 table of the mainnet setup, recomputed
    from its points (the cell-proof vectors and the ckzg cross-check test
    every entry through the proofs)."""
    from pybls import kzg
    from pybls.kzg import _fk20 as fk20

    ts = kzg.load_trusted_setup(kzg.MAINNET)
    rows = ts.fk20_table()
    for b in (0, 63):
        column = fk20.setup_column(ts, b)
        for t in (0, 1, 64, 127):
            assert _lib.g1_eq(rows[t][144 * b : 144 * b + 144], column[t])


@pytest.mark.once
def test_mainnet_points_are_in_the_subgroups():
    """MAINNET's file is loaded without subgroup checks: check them here."""
    from pybls import kzg
    from pybls.kzg import trusted_setup

    ts = kzg.load_trusted_setup(kzg.MAINNET)
    g1 = ts.g1_lagrange_brp + ts.g1_monomial
    assert all(_lib.g1_in_subgroup(g1[i : i + 144]) for i in range(0, len(g1), 144))
    assert all(_lib.g2_in_subgroup(p) for p in ts.g2_monomial)
    with open(kzg.MAINNET, "rb") as f:
        import hashlib

        assert hashlib.sha256(f.read()).digest() == trusted_setup.MAINNET_SHA256


def test_bit_reversal_and_transpose():
    xs = [RNG.randrange(R) for _ in range(16)]
    assert from_internal(_lib.fr_bit_reverse(16, to_internal(xs)), 16) == [xs[reverse_bits(i, 4)] for i in range(16)]
    m = [RNG.randrange(R) for _ in range(12)]  # 3 rows of 4
    assert from_internal(_lib.fr_transpose(12, to_internal(m), 3), 12) == [m[4 * r + c] for c in range(4) for r in range(3)]
    with pytest.raises(ArgumentError):
        _lib.fr_bit_reverse(12, bytes(32 * 12))
    with pytest.raises(ArgumentError):
        _lib.fr_transpose(12, bytes(32 * 12), 5)


def test_coset_interpolation_sum():
    """Each weighted interpolant takes weight * value at its coset's points
    (h w^reverse(j)), and several add up."""
    n, w = 8, roots_of_unity(8)[1]
    shifts = [RNG.randrange(1, R) for _ in range(2)]
    cells = [[RNG.randrange(R) for _ in range(n)] for _ in range(2)]
    weights = [RNG.randrange(R) for _ in range(2)]

    def interpolate(ks):
        out = _lib.fr_coset_interpolate_sum(
            n,
            to_internal([v for k in ks for v in cells[k]]),
            to_internal([weights[k] for k in ks]),
            to_internal([pow(shifts[k], -1, R) for k in ks]),
            len(ks),
            scalar(pow(w, -1, R)),
        )
        return from_internal(out, n)

    singles = []
    for k in range(2):
        coeffs = interpolate([k])
        for j in range(n):
            x = shifts[k] * pow(w, reverse_bits(j, 3), R) % R
            assert sum(c * pow(x, t, R) for t, c in enumerate(coeffs)) % R == weights[k] * cells[k][j] % R
        singles.append(coeffs)
    assert interpolate([0, 1]) == [(a + b) % R for a, b in zip(*singles)]
    with pytest.raises(ArgumentError):
        _lib.fr_coset_interpolate_sum(256, bytes(32 * 256), bytes(32), bytes(32), 1, scalar(1))
