"""The DFT of a vector of points (pybls_g1_fft, pybls_g2_fft: KZG's FK20
cell proofs), against the O(n^2) sum out[t] = sum_k [w^(tk)] in[k]
computed with the point API, on small sizes: 1 and 2 (no or one
butterfly), 4, 8 and 32 (G1 batches the multiplications of a stage eight
at a time), with identity and repeated points among the inputs, and the
forward and inverse roots."""

import random

import pytest

import reference as ref
from pybls import G1, G2, _lib, bn254
from pybls.errors import ArgumentError
from pybls.points import _wrap

# (group, binding, fft name, r, a generator of Fr^*): BLS12-381's two
# groups (endomorphism splits on G1 and G2) and BN254's G1 (no split).
GROUPS = {
    "bls12_381-G1": (G1, _lib, "g1", ref.R, 7),
    "bls12_381-G2": (G2, _lib, "g2", ref.R, 7),
    "bn254-G1": (bn254.G1, None, "g1", bn254.Scalar.R, 5),
}
SIZES = [1, 2, 4, 8, 32]


def _binding(name):
    group, binding, prefix, r, gen = GROUPS[name]
    return group, binding or _lib.curve_binding("bn254"), prefix, r, gen


def _root(r, gen, n, inverse=False):
    w = pow(gen, (r - 1) // n, r)
    assert pow(w, n, r) == 1 and (n == 1 or pow(w, n // 2, r) != 1)  # of order exactly n
    return pow(w, -1, r) if inverse else w


def _direct(group, pts, w, r):
    n = len(pts)
    out = []
    for t in range(n):
        acc = group.identity()
        for k, p in enumerate(pts):
            acc = acc + p * pow(w, t * k, r)
        out.append(acc)
    return out


def _inputs(group, n, seed):
    rng = random.Random(seed)
    g = group.generator()
    pts = []
    for k in range(n):
        kind = rng.randrange(4)
        if kind == 0:
            pts.append(group.identity())
        elif kind == 1 and pts:
            pts.append(pts[rng.randrange(len(pts))])  # a repeat: equal points meet in the additions
        else:
            pts.append(g * rng.randrange(1, 1 << 64))
    return pts


def _fft(name, pts, w):
    group, binding, prefix, r, _ = _binding(name)
    fn = getattr(binding, f"{prefix}_fft")
    raw = fn(len(pts), b"".join(p._b for p in pts), group._SCALAR._internal(w))
    size = len(pts[0]._b)
    return [raw[size * i : size * (i + 1)] for i in range(len(pts))]


def _assert_equal(name, got, want):
    group, binding, prefix, _, _ = _binding(name)
    eq = getattr(binding, f"{prefix}_eq")
    assert len(got) == len(want)
    for t, (a, b) in enumerate(zip(got, want)):
        assert eq(a, b._b), f"entry {t}"


@pytest.mark.parametrize("name", sorted(GROUPS))
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("inverse", [False, True])
def test_fft_matches_direct_dft(name, n, inverse):
    group, _, _, r, gen = _binding(name)
    w = _root(r, gen, n, inverse)
    pts = _inputs(group, n, 100 * n + inverse)
    want = _direct(group, pts, w, r)
    _assert_equal(name, _fft(name, pts, w), want)


@pytest.mark.parametrize("name", sorted(GROUPS))
def test_fft_degenerate_inputs(name):
    group, _, _, r, gen = _binding(name)
    g = group.generator()
    w = _root(r, gen, 8)
    zeros = [group.identity()] * 8
    _assert_equal(name, _fft(name, zeros, w), zeros)
    # a single point at index 1: out[t] = [w^t]P (no butterfly sees two non-identity points)
    spike = [group.identity(), g] + [group.identity()] * 6
    _assert_equal(name, _fft(name, spike, w), [g * pow(w, t, r) for t in range(8)])
    # a constant vector: everything lands on out[0]
    _assert_equal(name, _fft(name, [g] * 8, w), [g * 8] + zeros[:7])


@pytest.mark.parametrize("name", sorted(GROUPS))
def test_fft_inverse_round_trip(name):
    group, _, _, r, gen = _binding(name)
    pts = _inputs(group, 16, 7)
    w = _root(r, gen, 16)
    forward = _fft(name, pts, w)
    back = _fft(name, [_wrap_like(group, b) for b in forward], pow(w, -1, r))
    _assert_equal(name, back, [p * 16 for p in pts])


def _wrap_like(group, raw):
    """A point of the API around internal bytes."""
    return _wrap(group, raw, 0)


@pytest.mark.parametrize("count", [0, 3, 6])
def test_fft_rejects_sizes_that_are_not_powers_of_two(count):
    with pytest.raises(ArgumentError):
        _lib.g1_fft(count, G1.generator()._b * max(count, 1), G1._SCALAR._internal(1))
