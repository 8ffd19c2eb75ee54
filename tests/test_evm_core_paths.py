"""The EIP-2537 precompiles' paths through the core (pybls_eip2537_*:
additions, single multiplications, encodings, pairing-check decoding),
against pybls's group arithmetic on edge scalars and points, and their
refusals with the messages of the checks in Python."""

import random

import pytest

from pybls import CURVE_ORDER as R
from pybls import G1, G2, evm

FP = lambda v: v.to_bytes(64, "big")  # noqa: E731
K = lambda v: v.to_bytes(32, "big")  # noqa: E731


def enc1(p):
    if p.is_identity():
        return bytes(128)
    x, y = p.to_affine()
    return FP(x) + FP(y)


def enc2(q):
    if q.is_identity():
        return bytes(256)
    (x0, x1), (y0, y1) = q.to_affine()
    return FP(x0) + FP(x1) + FP(y0) + FP(y1)


SCALARS = [0, 1, 2, R - 1, R, R + 1, 2**255, 2**256 - 1, random.Random(1).randrange(2**256)]


@pytest.mark.parametrize("k", SCALARS)
def test_g1_single_multiplication(k):
    P = G1.generator() * 0x1234567
    assert evm.bls12_g1msm(enc1(P) + K(k)) == enc1(P * (k % R))
    assert evm.bls12_g1msm(bytes(128) + K(k)) == bytes(128)


@pytest.mark.parametrize("k", SCALARS[:4] + SCALARS[-2:])
def test_g2_single_multiplication(k):
    Q = G2.generator() * 0x7654321
    assert evm.bls12_g2msm(enc2(Q) + K(k)) == enc2(Q * (k % R))


def test_additions_edge_cases():
    P, Q = G1.generator() * 5, G2.generator() * 7
    for a, b in [(P, P), (P, -P), (P, G1.identity()), (G1.identity(), G1.identity()), (P, P * 3)]:
        assert evm.bls12_g1add(enc1(a) + enc1(b)) == enc1(a + b)
    for c, d in [(Q, Q), (Q, -Q), (G2.identity(), Q), (Q, Q * 3)]:
        assert evm.bls12_g2add(enc2(c) + enc2(d)) == enc2(c + d)


def test_addition_outside_the_subgroup():
    # points of E(Fp) and E'(Fp2) outside the subgroups: added, not refused
    P = G1.map_to_curve(7)
    Q = G2.map_to_curve((3, 4))
    assert not P.in_subgroup() and not Q.in_subgroup()
    assert evm.bls12_g1add(enc1(P) + enc1(P)) == enc1(P + P)
    assert evm.bls12_g2add(enc2(Q) + enc2(G2.generator())) == enc2(Q + G2.generator())


def test_refusals_keep_their_messages():
    P = G1.map_to_curve(7)  # on the curve, outside G1
    with pytest.raises(evm.PrecompileError, match="BLS12_G1MSM: pair 0: point: not in the subgroup of order r"):
        evm.bls12_g1msm(enc1(P) + K(3))
    Q = G2.map_to_curve((3, 4))
    with pytest.raises(evm.PrecompileError, match="BLS12_G2MSM: pair 0: point: not in the subgroup of order r"):
        evm.bls12_g2msm(enc2(Q) + K(3))
    bad = FP(1) + FP(1)  # off the curve
    with pytest.raises(evm.PrecompileError, match="BLS12_G1ADD: second point: not on the curve"):
        evm.bls12_g1add(bytes(128) + bad)
    from pybls.points import FIELD_MODULUS
    with pytest.raises(evm.PrecompileError, match="BLS12_G2ADD: first point x.c1: field element is not below"):
        evm.bls12_g2add(FP(0) + FP(FIELD_MODULUS) + bytes(128) + bytes(256))
    with pytest.raises(evm.PrecompileError, match="pair 1: G2 point: not in the subgroup of order r"):
        evm.bls12_pairing_check(enc1(G1.generator()) + enc2(G2.generator()) + enc1(G1.generator()) + enc2(Q))


def test_pairing_check_skips_infinity():
    P, Q = G1.generator(), G2.generator()
    assert evm.bls12_pairing_check(bytes(128) + enc2(Q))[-1] == 1
    assert evm.bls12_pairing_check(enc1(P * 3) + enc2(Q) + enc1(-P) + enc2(Q * 3) + enc1(P) + bytes(256))[-1] == 1
    assert evm.bls12_pairing_check(enc1(P) + enc2(Q) + bytes(384))[-1] == 0
