"""The multi-scalar multiplications of public points (G1.msm / G2.msm, with
variable-time inversions) and of points that may be secret
(``_msm_of_secret_points``, pybls_g*_msm_secret_points, with constant-time
inversions, which threshold.recover uses), on every curve, against the
generator times the combination of the points' discrete logarithms in
Python integers. The sizes take the few-point lanes, the single point and
the bucket method; the points include the identity, repeats (a doubling in
a bucket) and negations (a pair cancelling), the cases the affine additions
handle without a division."""

import random

import pytest

from pybls import curves

CURVES = sorted(curves.CURVES)


def _case(curve, group, n, seed):
    rng = random.Random(seed)
    r = curve.Scalar.R
    g = group.generator()
    logs = []
    for _ in range(n):
        kind = rng.randrange(6)
        if kind == 0:
            logs.append(0)
        elif kind == 1 and logs:
            logs.append(logs[rng.randrange(len(logs))])
        elif kind == 2 and logs:
            logs.append(-logs[rng.randrange(len(logs))] % r)
        else:
            logs.append(rng.randrange(1, r))
    ks = [rng.choice([1, 2, r - 1, rng.randrange(r)]) for _ in range(n)]
    pts = [g * a for a in logs]
    return pts, ks, g * (sum(a * k for a, k in zip(logs, ks)) % r)


@pytest.mark.parametrize("name", CURVES)
@pytest.mark.parametrize("n", [0, 1, 2, 9, 40])
def test_msm_both_paths(name, n):
    curve = curves.CURVES[name]
    for group in (curve.G1, curve.G2):
        pts, ks, expected = _case(curve, group, n, f"{name}-{n}")
        assert group.msm(pts, ks) == expected
        assert group._msm_of_secret_points(pts, ks) == expected


@pytest.mark.parametrize("gname", ["G1", "G2"])
def test_msm_buckets_both_paths(gname):
    # Enough points for the bucket method on BLS12-381 (the lanes stop at 256).
    curve = curves.CURVES["bls12_381"]
    group = getattr(curve, gname)
    pts, ks, expected = _case(curve, group, 300, f"buckets-{gname}")
    assert group.msm(pts, ks) == expected
    assert group._msm_of_secret_points(pts, ks) == expected
    g = group.generator()
    assert group._msm_of_secret_points([g] * 300, [1] * 300) == g * 300  # every pair doubles
    assert group._msm_of_secret_points([g, -g] * 150, [5] * 300).is_identity()  # every pair cancels


def test_secret_points_checks_lengths():
    g = curves.CURVES["bls12_381"].G1.generator()
    with pytest.raises(ValueError):
        curves.CURVES["bls12_381"].G1._msm_of_secret_points([g], [1, 2])
