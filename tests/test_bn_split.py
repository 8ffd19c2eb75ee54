"""G2 multiplication and GT exponentiation on the BN curves, where psi acts
as [6u^2] on G2 and the p-power Frobenius as the same power on GT: a
scalar is split into four digits of about a quarter of r's bits (Babai
rounding in a reduced lattice basis; csrc/ec/ec_scalar.c).

Every flag combination (constant or variable time, point known to be in
G2 or checked first) is compared with a two-point multi-scalar
multiplication, which never splits (as tests/test_mul_flags.py does), and
a few products with plain double-and-add in affine coordinates over the
Fp2 of tests/bn_reference.py, which shares nothing with the C core. The
scalars are the edges of Fr, the powers of 6u^2, and (natively) scalars at
which a Babai coefficient rounds up on one side and down on the other,
computed from the rounding constants the core compiles
(csrc/curves/<name>/consts.h). A point of the twist outside G2 checks that
such points are not split (psi is no multiplication by 6u^2 there). GT
powers are compared with square-and-multiply over GT's product and square
(within a run of consecutive scalars, the previous power times g), and
with the pairing's bilinearity.
"""

import pytest
from bn_reference import Fp2, affine_mul
from split_cases import BN_CURVES, _boundary_scalars, _scalars, _square_multiply

from pybls import curves
from pybls._lib import _abi
from pybls.points import _wrap

FLAGS = [0, _abi.PYBLS_MUL_IN_SUBGROUP, _abi.PYBLS_MUL_VARTIME,
         _abi.PYBLS_MUL_IN_SUBGROUP | _abi.PYBLS_MUL_VARTIME]


def _reference(mod):
    p = mod.FIELD_MODULUS

    def to_ref(pt):
        if pt.is_identity():
            return None
        (x0, x1), (y0, y1) = pt.to_affine()
        return (Fp2(p, x0, x1), Fp2(p, y0, y1))

    return to_ref


def _outside_g2(mod):
    """A point of the twist E'(Fp2) outside G2: x = 1, 2, ... until
    x^3 + b' is a square (b' read off the generator)."""
    p = mod.FIELD_MODULUS
    (gx0, gx1), (gy0, gy1) = mod.G2.generator().to_affine()
    gx, gy = Fp2(p, gx0, gx1), Fp2(p, gy0, gy1)
    b2 = gy * gy - gx * gx * gx
    for x0 in range(1, 100):
        x = Fp2(p, x0, 1)
        rhs = x * x * x + b2
        if rhs.is_square():
            y = rhs.sqrt()
            pt = mod.G2.from_affine((x.a, x.b), (y.a, y.b), subgroup_check=False)
            if not pt.in_subgroup():
                return pt
    raise AssertionError("no point outside G2 found")


def _check_g2(name, scalars, special_points=True):
    """Every flag combination on a generic point of G2 and (with
    `special_points`) the generator and the identity, the two that apply
    on a point outside G2."""
    mod = curves.get(name)
    r = mod.CURVE_ORDER
    to_ref = _reference(mod)
    group = mod.G2
    base = group.generator().mul_vartime(0x1234567890ABCDEF)
    outside = _outside_g2(mod)
    special = [(group.generator(), FLAGS), (group.identity(), FLAGS)] if special_points else []
    for point, flags in [(base, FLAGS), *special, (outside, (0, _abi.PYBLS_MUL_VARTIME))]:
        for k in scalars:
            expected = group.msm([point, group.identity()], [k, 0])
            for f in flags:
                got = group._mul_flags(point._b, mod.Scalar(k)._b, f)
                assert group._eq(got, expected._b) == 1, (name, hex(k), f)
    # The unsplit multi-scalar multiplication itself against the reference,
    # on a few of those scalars: the last two and r - 1.
    for point in (base, outside):
        for k in (scalars[-2], scalars[-1], r - 1):
            got = _wrap(group, group._mul_flags(point._b, mod.Scalar(k)._b, 0))
            assert to_ref(got) == affine_mul(to_ref(point), k), (name, hex(k))


def _check_gt(name, scalars):
    mod = curves.get(name)
    g = mod.GT.generator() ** 0x1234567890ABCDEF
    one = mod.GT.one()
    prev = None
    for k in scalars:
        # The reference: square-and-multiply, or for the scalar one past the
        # previous one (the boundary scalars come in runs of four) the
        # previous reference times g.
        ref = prev[1] * g if prev and k == prev[0] + 1 else _square_multiply(one, g, k)
        assert g**k == ref, (name, hex(k))
        assert one**k == one
        prev = (k, ref)


@pytest.mark.parametrize("name", BN_CURVES)
def test_bn_g2_split(name):
    mod = curves.get(name)
    _check_g2(name, _scalars(mod.CURVE_ORDER, mod.FIELD_MODULUS % mod.CURVE_ORDER))


@pytest.mark.parametrize("name", BN_CURVES)
def test_bn_gt_split(name):
    mod = curves.get(name)
    r = mod.CURVE_ORDER
    _check_gt(name, _scalars(r, mod.FIELD_MODULUS % r))
    k = _scalars(r, 0)[-1]
    assert mod.pairing(mod.G1.generator() * k, mod.G2.generator()) == mod.GT.generator() ** k


# The rounding boundaries come from csrc/, which a Pyodide run does not have.
@pytest.mark.native_only
@pytest.mark.parametrize("name", BN_CURVES)
def test_bn_split_rounding_boundaries(name):
    r = curves.get(name).CURVE_ORDER
    scalars = _boundary_scalars(name, r)
    # The rounding depends on the scalar alone: a generic point (and one
    # outside G2) is enough; the generator and the identity are the other
    # split tests' (64 scalars make this the slowest test of the file).
    _check_g2(name, scalars, special_points=False)
    _check_gt(name, scalars)
