"""Hashing to G2 of pybls.bls48_581 (expand_message_xmd over SHA-512,
hash_to_field to Fp8, the SvdW map of the twist, clearing by h'), step by
step (u0, u1, Q0, Q1, P) against the pure-Python reference of
bls48_reference.py, written separately from pybls._fp8 and pybls._svdw_fp8.

The reference's square roots in Fp8 take a second or two and its [h']
about 20 s, so the tests check the map's y by its definition (a root of
g(x) with the sign of u) and evaluate [h'] with the library's group law
(tested against the reference in test_bls48_581_against_reference.py),
which the core's faster clearing must match."""

import importlib.util
import pathlib
import random

import pytest

import bls48_reference as ref
from pybls import bls48_581, errors
from pybls.bls48_581 import G2

RO = b"QUUX-V01-CS02-with-BLS48581G2_XMD:SHA-512_SVDW_RO_"
NU = b"QUUX-V01-CS02-with-BLS48581G2_XMD:SHA-512_SVDW_NU_"


def _times_h2(q):
    """[h']q for a point q of E'(Fp8) by Horner's rule in base 2^512 (each
    digit below r): the library's doubling, addition and multiplication."""
    digits = []
    h = ref.H2
    while h:
        digits.append(h % 2**512)
        h >>= 512
    acc = G2.identity()
    for d in reversed(digits):
        for _ in range(512):
            acc = acc.double()
        acc = acc + q * d
    return acc


def _check_map(u, q):
    """q is the map's output for u, by the reference's x and the definition of y."""
    x, y = q.to_affine()
    assert list(x) == ref.svdw_g2_x(ref.fp8(u)).to_tower()
    assert ref.svdw_g2_y_ok(ref.fp8(u), ref.fp8(x), ref.fp8(y))


def test_suites_and_z():
    assert bls48_581.HASH_SUITES["G2"] == "BLS48581G2_XMD:SHA-512_SVDW_RO_"
    assert bls48_581._SVDW_Z_G2 == ref.SVDW_Z_G2 == 2


@pytest.mark.once
@pytest.mark.native_only  # build-scripts/ is not in the Pyodide file system
def test_z_script_derives_the_constants():
    spec = importlib.util.spec_from_file_location(
        "svdw_z_bls48", pathlib.Path(__file__).parent.parent / "build-scripts" / "svdw_z_bls48.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert (script.z_g1(), script.z_g2()) == (bls48_581._SVDW_Z, bls48_581._SVDW_Z_G2)
    assert script.main() == 0


@pytest.mark.parametrize("msg", [b"", b"abc"])
def test_hash_to_curve_step_by_step(msg):
    want = ref.g2_hash_steps(msg, RO, 2)
    u0, u1 = G2.hash_to_field(msg, RO, 2)
    assert [list(u0), list(u1)] == want["u"]
    q0, q1 = G2.map_to_curve(u0), G2.map_to_curve(u1)
    _check_map(u0, q0)
    _check_map(u1, q1)
    # Q0 + Q1 by the reference's affine group law
    a, b = (ref.g2(*q.to_affine()) for q in (q0, q1))
    s = q0 + q1
    assert ref.g2_coefficients(ref.E2.add(a, b)) == tuple(map(list, s.to_affine()))
    p = G2.hash_to_curve(msg, RO)
    assert p == s.clear_cofactor()  # = [h'](Q0 + Q1): test_clear_cofactor_is_h2
    # from_bytes checks the subgroup: [r]P = O
    assert not p.is_identity() and G2.from_bytes(p.to_bytes()) == p


def test_encode_to_curve_step_by_step():
    want = ref.g2_hash_steps(b"abc", NU, 1)
    (u,) = G2.hash_to_field(b"abc", NU, 1)
    assert [list(u)] == want["u"]
    q = G2.map_to_curve(u)
    _check_map(u, q)
    p = G2.encode_to_curve(b"abc", NU)
    assert p == q.clear_cofactor() and G2.from_bytes(p.to_bytes()) == p


def _u_with_x1_not_square():
    rng = random.Random(48)
    while True:
        u = ref.Fp8.random(rng)
        if not ref._g_twist(ref.svdw_g2_candidates(u)[0]).is_square():
            return u


@pytest.mark.parametrize("which", ["zero", "x1-not-square"])
def test_map_edge_cases(which):
    """u = 0 (tv1 tv2 = 1, x = x1 = -Z/2 or past it) and a u whose first
    candidate x1 has g(x1) not a square: the full reference map, and a
    point of the twist."""
    u = ref.Fp8() if which == "zero" else _u_with_x1_not_square()
    c = u.to_tower()
    q = G2.map_to_curve(tuple(c))
    assert q.is_on_curve() and not q.is_identity()
    x, y = ref.map_to_curve_svdw_g2(u)
    assert q.to_affine() == (tuple(x.to_tower()), tuple(y.to_tower()))
    assert ref.E2.on_curve((x, y))


def test_clear_cofactor_is_h2():
    """The core clears by [k] h(psi) (g2.c): the same as [h'] on points of
    E'(Fp8) outside G2, and [h' mod r] on G2."""
    rng = random.Random(2)
    q0, q1 = (G2.map_to_curve(tuple(rng.randrange(ref.P) for _ in range(8))) for _ in range(2))
    for q in (q0, q0 + q1):
        assert not q.in_subgroup()
        assert q.clear_cofactor() == _times_h2(q)
    g = G2.generator()
    assert g.clear_cofactor() == g * (ref.H2 % ref.R)


def test_hash_to_field_limits_and_errors():
    assert len(G2.hash_to_field(b"m", RO, 19)) == 19  # 16320 // (8 * 105)
    for count in (0, 20):
        with pytest.raises(errors.ArgumentError):
            G2.hash_to_field(b"m", RO, count)
    with pytest.raises(NotImplementedError):
        G2.hash_to_curve(b"m", RO, hash="sha256")
    with pytest.raises(errors.NonCanonicalError):
        G2.map_to_curve((ref.P, 0, 0, 0, 0, 0, 0, 0))
    with pytest.raises(TypeError):
        G2.map_to_curve((1, 2))
    with pytest.raises(TypeError):
        G2.hash_to_curve("text", RO)


def test_fp8_against_reference():
    from pybls._fp8 import Fp8Field

    F = Fp8Field(ref.P)
    rng = random.Random(8)
    for _ in range(4):
        a, b = ref.Fp8.random(rng), ref.Fp8.random(rng)
        ta, tb = tuple(a.to_tower()), tuple(b.to_tower())
        assert list(F.mul(ta, tb)) == (a * b).to_tower()
        assert list(F.inv(ta)) == a.inv().to_tower()
        assert F.is_square(ta) == a.is_square()
        root = F.sqrt(ta)
        assert (root is None) == (not a.is_square())
        assert root is None or F.sqr(root) == ta
        assert F.sgn0(ta) == ref.sgn0_fp8(a)
    # an element of Fp (a1 = 0 at each level) that is not a square there
    nonsquare = next(c for c in range(2, 50) if pow(c, (ref.P - 1) // 2, ref.P) != 1)
    root = F.sqrt(F.of(nonsquare))
    assert root is not None and F.sqr(root) == F.of(nonsquare)
