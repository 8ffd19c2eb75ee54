"""The scalars of an MSM converted in Python (ScalarField._public_internals)
against the core's conversion of each (ScalarField._internal, one C call
each), on every curve: the same internal bytes, and the same errors."""

import pytest

from pybls import curves

CURVE_KEYS = sorted(curves.CURVES)


def _values(r):
    return [0, 1, 2, r - 1, r, r + 1, 2 * r + 5, -1, -r, -(r + 3), 3 ** 300, -(7 ** 200), r // 3, 1 << 200]


@pytest.mark.parametrize("key", CURVE_KEYS)
def test_python_conversion_is_the_cores(key):
    mod = curves.CURVES[key]
    S = mod.Scalar
    ks = _values(S.R)
    ks += [S(v) for v in ks]
    assert S._public_internals(ks) == [S._internal(k) for k in ks]
    ints = [v for v in _values(S.R) if type(v) is int]
    assert S._public_internals(ints) == [S._from_int(v) for v in ints]
    assert S._public_internals([]) == []


@pytest.mark.parametrize("key", CURVE_KEYS)
def test_bools_are_refused_on_both_paths(key):
    # True is an int to Python, but as a scalar it is a slip: the C path
    # (one scalar) and the Python one (an MSM's) refuse it alike.
    mod = curves.CURVES[key]
    S, g = mod.Scalar, mod.G1.generator()
    for k in (True, False):
        with pytest.raises(TypeError, match="must be an int, not bool"):
            S._internal(k)
        with pytest.raises(TypeError, match="must be an int, not bool"):
            S._public_internals([1, k])
        with pytest.raises(TypeError, match="must be an int, not bool"):
            g * k
        with pytest.raises(TypeError, match="must be an int, not bool"):
            S(k)
        with pytest.raises(TypeError):
            S(3) + k
        with pytest.raises(TypeError, match="exponent must be an int, not bool"):
            S(3) ** k
        # but a bool compares (and hashes) as the int it is, as ints do
        assert (S(int(k)) == k) and hash(S(int(k))) == hash(k)


@pytest.mark.parametrize("key", CURVE_KEYS)
def test_the_conversion_in_python_is_used(key):
    # The core's form is the Montgomery form the class checked for: no curve
    # falls back to a C call per scalar.
    S = curves.CURVES[key].Scalar
    assert S._MONT_SHIFT == 8 * S._SIZE


@pytest.mark.parametrize("key", CURVE_KEYS)
def test_msm_of_ints_and_scalars(key):
    mod = curves.CURVES[key]
    g = mod.G1.generator()
    pts = [g, g * 2, g * 3]
    ks = [-1, mod.Scalar.R + 4, 10 ** 40]
    want = g * (-1 + 2 * 4 + 3 * 10 ** 40)
    assert mod.G1.msm(pts, ks) == want
    assert mod.G1.msm(pts, [mod.Scalar(k) for k in ks]) == want
    assert mod.G1.msm(pts, [ks[0], mod.Scalar(ks[1]), ks[2]]) == want


@pytest.mark.parametrize("key", CURVE_KEYS)
def test_msm_scalar_errors_unchanged(key):
    mod = curves.CURVES[key]
    g = mod.G1.generator()
    other = next(curves.CURVES[k] for k in CURVE_KEYS if k != key)
    with pytest.raises(TypeError, match="scalar must be an int, not str"):
        mod.G1.msm([g, g], [1, "2"])
    with pytest.raises(TypeError, match="scalar must be a pybls[.a-z0-9_]*Scalar or an int, not a pybls"):
        mod.G1.msm([g, g], [1, other.Scalar(2)])
    with pytest.raises(TypeError, match="msm takes"):
        mod.G1.msm([g, other.G1.generator()], [1, 2])
