"""Fixed-base MSM (pybls_g1_fixed_msm / pybls_g2_fixed_msm, the KZG
setup's tables) against sums of one-at-a-time scalar multiplications, for
every kind of table `precompute` chooses: NAF lanes over affine points
(few points, no copies), buckets without copies, buckets over shifted
copies in several rounds and in one; with the identity, repeated and
opposite points, the scalars 0, 1 and r - 1, and several blocks at once."""

import random

import pytest

import reference as ref
from pybls import _lib
from pybls._lib import _abi
from pybls.errors import PyblsError

G1_OPS = ("g1", 144)
G2_OPS = ("g2", 288)


def _ops(name):
    return lambda op: getattr(_lib, f"{name}_{op}")


def _points(group, n, rng):
    gen, ident = group("generator")(), group("identity")()
    base = [group("mul")(gen, _lib.scalar_from_bytes(rng.randrange(1, ref.R).to_bytes(32, "big"))) for _ in range(3)]
    out = []
    for i in range(n):
        kind = i % 6
        if kind == 0:
            out.append(ident)
        elif kind == 1 and out:
            out.append(out[rng.randrange(len(out))])
        elif kind == 2 and out:
            out.append(group("neg")(out[rng.randrange(len(out))]))
        else:
            out.append(group("add")(rng.choice(base), group("dbl")(out[-1]) if out else gen))
    return out


def _scalars(n, rng):
    special = [0, 1, ref.R - 1]
    return [special[i] if i < 3 else rng.randrange(ref.R) for i in range(n)]


def _naive(group, points, ks):
    acc = group("identity")()
    for p, k in zip(points, ks):
        acc = group("add")(acc, group("mul")(p, _lib.scalar_from_bytes(k.to_bytes(32, "big"))))
    return acc


def _fixed(name, size, blocks, n, precompute):
    """The sums of every block (points, scalars) from one table and call."""
    tsize = getattr(_lib, f"{name}_fixed_table_size")(n, precompute)
    bsize = getattr(_lib, f"{name}_fixed_table_scratch_size")(n)
    msize = getattr(_lib, f"{name}_fixed_msm_scratch_size")(len(blocks), n, precompute)
    assert tsize >= 0 and bsize >= 0 and msize >= 0
    table = _lib.scratch(len(blocks) * tsize)
    points = b"".join(b"".join(pts) for pts, _ in blocks)
    assert getattr(_lib, f"{name}_fixed_table")(len(blocks), n, precompute, points, table, _lib.scratch(bsize), bsize) == 0
    ks = b"".join(_lib.scalar_from_bytes(k.to_bytes(32, "big")) for _, kk in blocks for k in kk)
    out = getattr(_lib, f"{name}_fixed_msm")(len(blocks), table, ks, n, precompute, _lib.scratch(msize), msize)
    return [out[size * b : size * (b + 1)] for b in range(len(blocks))]


@pytest.mark.parametrize(
    "ops, n, precomputes",
    [
        (G1_OPS, 1, [0, 1, 8]),
        (G1_OPS, 5, [0, 2, 8]),
        (G1_OPS, 300, [0, 2, 4, 9]),  # buckets without copies, rounds, one round
        (G2_OPS, 7, [0, 3, 9]),
    ],
)
def test_fixed_msm_matches_scalar_multiplications(ops, n, precomputes):
    name, size = ops
    group = _ops(name)
    rng = random.Random(n)
    blocks = [(_points(group, n, rng), _scalars(n, rng)) for _ in range(2)]
    expected = [_naive(group, pts, ks) for pts, ks in blocks]
    for p in precomputes:
        got = _fixed(name, size, blocks, n, p)
        for g, e in zip(got, expected):
            assert group("eq")(g, e), (n, p)


def test_fixed_table_sizes_grow_with_precompute():
    sizes = [_lib.g1_fixed_table_size(4096, p) for p in range(16)]
    assert sizes[0] == 4096 * 96  # the affine points only
    assert sizes == sorted(sizes) and sizes[-1] > sizes[0]


def test_fixed_msm_rejects_bad_arguments():
    assert _lib.g1_fixed_table_size(4, 16) == _abi.PYBLS_ERR_ARGUMENT  # precompute above 15
    size = _lib.g1_fixed_table_size(4, 0)
    table = _lib.scratch(size)
    assert _lib.g1_fixed_table(1, 4, 0, _lib.g1_generator() * 4, table, _lib.scratch(8), 8) < 0
    need = _lib.g1_fixed_msm_scratch_size(1, 40, 3)
    with pytest.raises(PyblsError):
        _lib.g1_fixed_msm(1, bytes(_lib.g1_fixed_table_size(40, 3)), bytes(32 * 40), 40, 3, _lib.scratch(need - 1), need - 1)


def test_fixed_msm_on_a_wider_scalar_field():
    """BN462's 462-bit scalars take more windows than BLS12-381's 255 bits:
    the fixed-base MSM of its library against the classes' arithmetic."""
    from pybls import bn462

    b, rng = bn462._CORE.binding, random.Random(462)
    pts = [bn462.G1.generator() * rng.randrange(1, bn462.CURVE_ORDER) for _ in range(40)]
    ks = [bn462.CURVE_ORDER - 1, 1] + [rng.randrange(bn462.CURVE_ORDER) for _ in range(38)]
    expected = bn462.G1.msm(pts, ks)
    raw = b"".join(p._b for p in pts)
    kb = b"".join(b.scalar_from_bytes(k.to_bytes(len(bn462.Scalar(0).to_bytes()), "big")) for k in ks)
    for precompute in (0, 3):
        tsize, bsize = b.g1_fixed_table_size(40, precompute), b.g1_fixed_table_scratch_size(40)
        msize = b.g1_fixed_msm_scratch_size(1, 40, precompute)
        table = b.scratch(tsize)
        assert b.g1_fixed_table(1, 40, precompute, raw, table, b.scratch(bsize), bsize) == 0
        out = b.g1_fixed_msm(1, table, kb, 40, precompute, b.scratch(msize), msize)
        assert b.g1_eq(out, expected._b) == 1, precompute


@pytest.mark.parametrize("ops", [G1_OPS, G2_OPS], ids=["G1", "G2"])
def test_fixed_msm_many_blocks_share_the_running_sums(ops):
    """With 24 blocks or more, the blocks' running sums over their buckets
    are affine, sharing inversions: blocks whose running sums meet the
    cases of the affine formula (the sum doubles, the total doubles, the sum
    or the total cancels), empty blocks, buckets left with several points by
    the tree, and random blocks, in one call."""
    name, size = ops
    group = _ops(name)
    rng = random.Random(24)
    p = group("mul")(group("generator")(), _lib.scalar_from_bytes(rng.randrange(1, ref.R).to_bytes(32, "big")))
    neg, two = group("neg")(p), group("dbl")(p)
    ident = group("identity")()
    n = 6
    special = [
        ([p, p], [2, 1]),  # the sum doubles: P, then P + P
        ([p, neg], [2, 1]),  # the sum cancels: P, then P - P
        ([p], [2]),  # the total doubles: P, then P + P
        ([p, group("neg")(two)], [2, 1]),  # the total cancels: P + (P - 2P)
        ([p, p, p], [1, 1, 1]),  # one bucket of three
        ([p, two, p, neg], [3, 3, 3, 3]),
        ([], []),  # every scalar zero
    ]
    blocks = []
    for pts, ks in special:
        blocks.append((pts + [ident] * (n - len(pts)), ks + [0] * (n - len(ks))))
    while len(blocks) < 30:
        blocks.append((_points(group, n, rng), _scalars(n, rng) if len(blocks) % 2 else [rng.randrange(1, 9) for _ in range(n)]))
    expected = [_naive(group, pts, ks) for pts, ks in blocks]
    for precompute in (0, 3):
        got = _fixed(name, size, blocks, n, precompute)
        for b, (g, e) in enumerate(zip(got, expected)):
            assert group("eq")(g, e), (b, precompute)
