"""Scalar multiplication of points known to be in the subgroup.

``pybls_g1_mul_flags`` / ``pybls_g2_mul_flags`` with PYBLS_MUL_IN_SUBGROUP
split the scalar with the group's endomorphism (G1: two base-x^2 digits,
G2: four base-|x| digits) without a subgroup check. Every flag combination
is compared with a two-point multi-scalar multiplication, which never
splits (an independent algorithm), for scalars at the digit boundaries,
and natively with py_ecc.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference as ref
from pybls import G1, G2, _lib
from pybls._lib import _abi
from pybls.errors import ArgumentError
from pybls.scalar import scalar_internal

R = ref.R
X = -ref.X  # |x|
FLAGS = [0, _abi.PYBLS_MUL_IN_SUBGROUP, _abi.PYBLS_MUL_VARTIME,
         _abi.PYBLS_MUL_IN_SUBGROUP | _abi.PYBLS_MUL_VARTIME]
EDGES = [0, 1, 2, R - 1, R - 2, X - 1, X, X + 1, X**2 - 1, X**2, X**2 + 1, X**3 - 1, X**3,
         X**3 + 1, (X**2 - 1) * (X**2 + 1), 2**128 - 1, 2**128, 2**64 - 1, 2**64]
GROUPS = {"G1": G1, "G2": G2}


def _plain(group, point, k):
    """[k]P by the multi-scalar multiplication of (P, identity)."""
    return group.msm([point, group.identity()], [k, 0])


def _check(group, point, k):
    expected = _plain(group, point, k)
    for f in FLAGS:
        got = group._mul_flags(point._b, scalar_internal(k), f)
        assert group._eq(got, expected._b) == 1, (group.__name__, k, f)


@pytest.mark.parametrize("gname", sorted(GROUPS))
@pytest.mark.parametrize("k", EDGES)
def test_edge_scalars(gname, k):
    group = GROUPS[gname]
    point = group.generator() * 0x1234567890ABCDEF1234567890ABCDEF
    _check(group, point, k % R)
    _check(group, group.generator(), k % R)
    _check(group, group.identity(), k % R)


@pytest.mark.parametrize("gname", sorted(GROUPS))
@settings(max_examples=15, deadline=None)
@given(m=st.integers(1, R - 1), k=st.integers(0, R - 1))
def test_random(gname, m, k):
    group = GROUPS[gname]
    _check(group, group.generator() * m, k)


@pytest.mark.parametrize("gname", sorted(GROUPS))
def test_unknown_flags_rejected(gname):
    group = GROUPS[gname]
    with pytest.raises(ArgumentError):
        group._mul_flags(group._GENERATOR, scalar_internal(3), 4)


@pytest.mark.native_only
@pytest.mark.parametrize("gname", sorted(GROUPS))
@pytest.mark.parametrize("k", [3, X**2 + 5, R - 1, 0x5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A5A])
def test_against_py_ecc(gname, k):
    import pyecc_ref as pe

    group = GROUPS[gname]
    gen, encode = (pe.G1, pe.g1_bytes) if gname == "G1" else (pe.G2, pe.g2_bytes)
    base = pe.multiply(gen, 987654321)
    point = group.from_bytes(encode(base))
    expected = encode(pe.multiply(base, k))
    for f in FLAGS:
        assert group._compress(group._mul_flags(point._b, scalar_internal(k), f)) == expected


def test_points_know_their_subgroup():
    """Python points carry whether they are known to be in the subgroup,
    and only such points are multiplied with the split."""
    sub = _abi.PYBLS_MUL_IN_SUBGROUP
    g1, g2 = G1.generator(), G2.generator()
    q = G1.from_affine(*ref.G1_ORDER3_POINT, subgroup_check=False)
    assert q._s == 0 and (q + g1)._s == 0 and (q * 5)._s == 0 and G1.sum([g1, q])._s == 0
    assert G1.msm([g1, q], [1, 2])._s == 0 and (-q)._s == 0 and q.double()._s == 0
    assert (q * 3).is_identity() and (q + g1) * 3 == g1 * 3 and ((q + g1) * 3)._s == 0
    assert G1.from_bytes(g1.to_bytes(), subgroup_check=False)._s == 0
    known = [g1, g1 * 7, G1.from_bytes((g1 * 9).to_bytes()), G2.hash_to_curve(b"m", b"DST"),
             g2 * 3 + g2, -(g2 * 5), G2.sum([g2, g2]), G1.msm([g1, g1 * 2], [3, 4]), q.clear_cofactor(),
             G1.identity(), G2.random()]
    assert all(p._s == sub for p in known)
    assert (g1 * 7) * 11 == g1 * 77 and (g2 * 7).mul_vartime(11) == g2 * 77


# BN curves split G1 scalars too (GLV, two digits of about half r's bits
# offset to be nonnegative); every point of E(Fp) is in G1 there.
BN_CURVES = ["bn254", "bn254_nogami", "bn381", "bn462"]


@pytest.mark.parametrize("name", BN_CURVES)
def test_bn_g1_split(name):
    from pybls import curves

    c = curves.get(name)
    r, half = c.CURVE_ORDER, c.CURVE_ORDER.bit_length() // 2
    group = c.G1
    edges = [0, 1, 2, 3, r - 1, r - 2, r // 2, r // 2 + 1, 2**64 - 1, 2**64]
    edges += [2**e + d for e in (half - 2, half - 1, half, half + 1) for d in (-1, 0, 1)]
    edges += [(0x9E3779B97F4A7C15 ** (i + 3)) % r for i in range(6)]
    for point in (group.generator(), group.generator().mul_vartime(0x1234567890ABCDEF), group.identity()):
        for k in edges:
            expected = group.msm([point, group.identity()], [k, 0])
            for f in FLAGS:
                got = group._mul_flags(point._b, c.Scalar(k)._b, f)
                assert group._eq(got, expected._b) == 1, (name, k, f)
