"""G1.sum / G2.sum (pybls_g1_sum, pybls_g2_sum): pairs added as affine
points with shared inversions, against one-at-a-time complete additions,
with the cases that formula must catch (the identity, P + P, P + (-P)),
inputs with Z = 1 (decoded) and Z != 1, and sizes around the point where
tree rounds start (4 pairs on G2, 12 on G1)."""

import random

import pytest

import reference as ref
from pybls import G1, G2

GROUPS = {"G1": G1, "G2": G2}
SIZES = [0, 1, 2, 3, 7, 8, 9, 16, 17, 18, 23, 24, 25, 47, 48, 49, 50, 101]


def _naive(group, pts):
    acc = group.identity()
    for p in pts:
        acc = acc + p
    return acc


def _points(group, n, seed):
    rng = random.Random(seed)
    g = group.generator()
    base = [g * rng.randrange(1, ref.R) for _ in range(4)]
    out = []
    for _ in range(n):
        kind = rng.randrange(8)
        if kind == 0:
            out.append(group.identity())
        elif kind == 1 and out:
            out.append(out[rng.randrange(len(out))])  # a repeat: P + P somewhere
        elif kind == 2 and out:
            out.append(-out[rng.randrange(len(out))])  # P + (-P) somewhere
        elif kind == 3:
            out.append(group.from_bytes(rng.choice(base).to_bytes()))  # Z = 1
        else:
            out.append(rng.choice(base) + g * rng.randrange(1, 1000))  # Z != 1
    return out


@pytest.mark.parametrize("gname", sorted(GROUPS))
@pytest.mark.parametrize("n", SIZES)
def test_sum_matches_additions(gname, n):
    group = GROUPS[gname]
    for seed in range(3):
        pts = _points(group, n, seed * 1000 + n)
        assert group.sum(pts) == _naive(group, pts)


@pytest.mark.parametrize("gname", sorted(GROUPS))
def test_sum_degenerate(gname):
    group = GROUPS[gname]
    g = group.generator()
    assert group.sum([g] * 64) == g * 64  # every pair doubles
    assert group.sum([g, -g] * 32).is_identity()  # every pair cancels
    assert group.sum([group.identity()] * 40).is_identity()
    assert group.sum(iter([g, g])) == g.double()


def test_sum_off_subgroup():
    pts = [G1.from_affine(*ref.G1_ORDER3_POINT, subgroup_check=False)] * 3 + [G1.generator()] * 30
    assert G1.sum(pts) == _naive(G1, pts)


@pytest.mark.parametrize("gname", sorted(GROUPS))
def test_sum_type_checked(gname):
    group = GROUPS[gname]
    other = G2 if group is G1 else G1
    with pytest.raises(TypeError):
        group.sum([group.generator(), other.generator()])


# -- poly_eval: sum_k x^k P_k by Horner's rule (pybls_g{1,2}_poly_eval) --------

def _horner_naive(group, pts, x):
    acc = group.identity()
    for p in reversed(pts):
        acc = acc * x + p  # one constant-time product per step, then a complete addition
    return acc


@pytest.mark.parametrize("gname", sorted(GROUPS))
@pytest.mark.parametrize("n", [0, 1, 2, 5, 17, 40])
def test_poly_eval_matches_horner(gname, n):
    group = GROUPS[gname]
    pts = _points(group, n, 7 * n + 1)  # identities, repeats, negations, Z = 1 and Z != 1
    for x in (0, 1, 2, 3, 5, 7, 11, 500, 0x55555555, 2**31 + 12345, 2**32 - 1):
        assert group.poly_eval(pts, x) == _horner_naive(group, pts, x), x


@pytest.mark.parametrize("gname", sorted(GROUPS))
def test_poly_eval_against_msm_powers(gname):
    group = GROUPS[gname]
    pts = _points(group, 30, 99)
    x = 333
    assert group.poly_eval(pts, x) == group.msm(pts, [pow(x, k, ref.R) for k in range(30)])


def test_poly_eval_off_subgroup():
    # integer powers of x, not reduced mod r: right for points of any order
    pts = [G1.from_affine(*ref.G1_ORDER3_POINT, subgroup_check=False), G1.generator()] * 3
    for x in (2, 3, 4, 1000):
        assert G1.poly_eval(pts, x) == _horner_naive(G1, pts, x)
    assert not G1.poly_eval(pts[:2], 2).in_subgroup()  # T + 2 G


@pytest.mark.parametrize("gname", sorted(GROUPS))
def test_poly_eval_checked(gname):
    group = GROUPS[gname]
    other = G2 if group is G1 else G1
    g = group.generator()
    with pytest.raises(TypeError):
        group.poly_eval([g, other.generator()], 3)
    for bad in (-1, 2**32):
        with pytest.raises(ValueError):
            group.poly_eval([g], bad)
    for bad in (1.5, True):  # not an int (a bool is a slip, as for scalars)
        with pytest.raises(TypeError, match="x must be an int"):
            group.poly_eval([g], bad)


# -- sum_columns: column sums of a matrix of points (pybls_g{1,2}_sum_columns) --

@pytest.mark.parametrize("gname", sorted(GROUPS))
@pytest.mark.parametrize("rows,width", [(1, 3), (2, 1), (3, 5), (17, 4), (40, 3), (5, 130), (2, 16), (9, 20),
                                        (49, 17), (33, 33)])
def test_sum_columns_matches_additions(gname, rows, width):
    group = GROUPS[gname]
    flat = _points(group, rows * width, 31 * rows + width)
    matrix = [flat[i * width:(i + 1) * width] for i in range(rows)]
    assert group.sum_columns(matrix) == [_naive(group, [r[j] for r in matrix]) for j in range(width)]


@pytest.mark.parametrize("gname", sorted(GROUPS))
@pytest.mark.parametrize("rows", [2, 25, 60])
def test_sum_columns_any_scratch(gname, rows):
    # The core sums as many columns together as the scratch holds: one (the
    # least it accepts), several, or all 16 of a call; the sums are the same.
    from pybls import _lib

    group = GROUPS[gname]
    width = 16
    flat = _points(group, rows * width, rows)
    want = b"".join(_naive(group, flat[j::width])._b for j in range(width))
    packed = b"".join(p._b for p in flat)
    for k in (1, 3, 16):
        size = group._sum_scratch_size(rows * k)
        got = group._sum_columns(width, packed, rows, _lib.scratch(size), size)
        assert [group._eq(got[i:i + len(got) // width], want[i:i + len(got) // width]) for i in
                range(0, len(got), len(got) // width)] == [1] * width
    size = group._sum_scratch_size(rows)
    with pytest.raises(ValueError):  # less than one column's scratch
        group._sum_columns(width, packed, rows, _lib.scratch(size), size - 1)


@pytest.mark.parametrize("gname", sorted(GROUPS))
def test_sum_columns_checked(gname):
    group = GROUPS[gname]
    other = G2 if group is G1 else G1
    g = group.generator()
    assert group.sum_columns([[], []]) == []
    with pytest.raises(ValueError):
        group.sum_columns([])
    with pytest.raises(ValueError):
        group.sum_columns([[g, g], [g]])
    with pytest.raises(TypeError):
        group.sum_columns([[g], [other.generator()]])
