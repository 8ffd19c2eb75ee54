"""The bucket method's scratch at its fullest (EC(msm_room) in
csrc/ec/ec_msm_template.h): after the trees, every bucket of a window
but the top one holds a point, and the bucket numbered 2^(c - 1) - 1
(c - 1 bits set, so copied into c - 1 groups) holds besides its first
point the most the trees may leave: 2 (B - 1), B = 12 tree additions per
inversion with 64-bit limbs, 4 with 32-bit ones. The window c is the
library's choice, so the cases try the pattern for every c the sizes
reach; some land within the top buckets' entries of the bound (bn254 at
64 bits, c = 5: 4 entries short of it, the two windows' empty top
buckets).

The points are P_i = [s + i t]G, so the sum is [sum_i k_i (s + i t)]G:
one multiplication of the generator. Overrunning the scratch (sized
exactly for each call) would be reported by the AddressSanitizer pass of
`make test`."""

import random

import pytest

from pybls import curves

SPARES = (6, 22)  # 2 (B - 1) at 32 and 64 bits


def _pattern(c: int, spares: int):
    """The scalars: buckets 1 ... 2^(c - 1) - 1 of every window, then the
    spares in bucket 2^(c - 1) - 1 of every other window (two windows are
    summed together up to 1024 terms, their trees stopping together)."""
    nb = 1 << (c - 1)
    every = sum(1 << (j * c) for j in range(119 // c))
    other = sum(1 << (j * c) for j in range(0, 119 // c, 2))
    return [d * every for d in range(1, nb)] + [(nb - 1) * other] * spares


@pytest.mark.parametrize("name,gname", [("bn254", "G1"), ("bls12_381", "G1"), ("bls12_381", "G2")])
def test_buckets_filled_to_the_bound(name, gname):
    curve = curves.CURVES[name]
    group = getattr(curve, gname)
    r = curve.Scalar.R
    g = group.generator()
    rng = random.Random(f"room-{name}-{gname}")
    for c in range(2, 11):
        for spares in SPARES:
            ks = _pattern(c, spares)
            s, t = rng.randrange(1, r), rng.randrange(1, r)
            pts, p, step = [], g * s, g * t
            for _ in ks:
                pts.append(p)
                p = p + step
            want = g * (sum(k * (s + i * t) for i, k in enumerate(ks)) % r)
            assert group.msm(pts, ks) == want, (c, spares)
