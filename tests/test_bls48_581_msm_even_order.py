"""Addition, G1.msm and G1.sum of BLS48-581 on points outside G1 with a component of
even order (E(Fp) has the points of order 2 of y² = x³ + 1; such points
come only from skipping the subgroup check), where the complete formulas
and the affine tree additions meet their exceptional cases: the results
against the affine group law of bls48_reference.py."""

import pytest

import bls48_reference as ref
from pybls.bls48_581 import G1

T = (ref.P - 1, 0)  # (-1, 0), of order 2


def _lib(pt):
    return G1.identity() if pt is None else G1.from_affine(*pt, subgroup_check=False)


def _ref(p):
    return None if p.is_identity() else ref.g1(*p.to_affine())


def _want(points, scalars):
    acc = None
    for p, k in zip(points, scalars):
        acc = ref.E1.add(acc, ref.E1.mul_affine(_ref(p), k))
    return ref._affine_ints(acc)


def _got(p):
    return None if p.is_identity() else p.to_affine()


def test_two_points_differing_by_a_point_of_order_2():
    """(G + T) + G: the complete formulas' exceptional case P - Q = T."""
    g = G1.generator()
    g_plus_t = _lib(ref._affine_ints(ref.E1.add(ref.g1(*g.to_affine()), ref.g1(*T))))
    points, scalars = [g_plus_t, g], [1, 1]
    want = _want(points, scalars)
    assert want is not None
    assert _got(G1.msm(points, scalars)) == want
    assert _got(G1.sum(points)) == want
    assert _got(g_plus_t + g) == want
    assert _got(g + g_plus_t) == want
    assert _got(g_plus_t - (-g)) == want
    assert _got(g_plus_t - g) == (ref.P - 1, 0)  # T itself
    points, scalars = [g_plus_t, g, g * 5], [3, 3, 7]
    assert _got(G1.msm(points, scalars)) == _want(points, scalars)


@pytest.mark.parametrize("n", [64])
def test_many_points_with_a_point_of_order_2_twice(n):
    """T + T in the affine trees (slope denominator 2y = 0) of the buckets
    and of G1.sum, next to enough points for tree levels."""
    g = G1.generator()
    t = _lib(T)
    points = [t, t] + [g * i for i in range(1, n - 1)] + [t]
    scalars = [1] * len(points)
    want = _want(points, scalars)
    assert _got(G1.msm(points, scalars)) == want
    assert _got(G1.sum(points)) == want


def test_fixed_table_refuses_a_component_of_even_order():
    """The fixed-base MSM's table marks the identity with y = 0, which T
    shares, and its affine bucket additions would meet their exceptional
    cases with G + T: building a table of either is refused with
    NOT_IN_SUBGROUP, while the same table without them is built and sums
    as G1.msm does."""
    from pybls import bls48_581
    from pybls._lib import _abi

    b = bls48_581._binding
    g = G1.generator()
    g_plus_t = _lib(ref._affine_ints(ref.E1.add(ref.g1(*g.to_affine()), ref.g1(*T))))
    good = [g, g * 3, G1.identity(), g * 5]
    ks = [7, 1, 2, bls48_581.CURVE_ORDER - 1]
    kb = b"".join(b.scalar_from_bytes(k.to_bytes(len(bls48_581.Scalar(0).to_bytes()), "big")) for k in ks)
    n = len(good)
    for precompute in (0, 3):
        tsize, bsize = b.g1_fixed_table_size(n, precompute), b.g1_fixed_table_scratch_size(n)
        for bad in (_lib(T), g_plus_t):
            pts = good[:2] + [bad] + good[3:]
            raw = b"".join(p._b for p in pts)
            rc = b.g1_fixed_table(1, n, precompute, raw, b.scratch(tsize), b.scratch(bsize), bsize)
            assert rc == _abi.PYBLS_ERR_NOT_IN_SUBGROUP, (precompute, rc)
        table = b.scratch(tsize)
        raw = b"".join(p._b for p in good)
        assert b.g1_fixed_table(1, n, precompute, raw, table, b.scratch(bsize), bsize) == 0
        msize = b.g1_fixed_msm_scratch_size(1, n, precompute)
        out = b.g1_fixed_msm(1, table, kb, n, precompute, b.scratch(msize), msize)
        assert b.g1_eq(out, G1.msm(good, ks)._b) == 1, precompute
