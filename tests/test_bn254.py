"""BN254 (Ethereum's alt_bn128) through pybls.bn254: go-ethereum's
precompile vectors for addition and scalar multiplication, the EIP-196/197
encodings and their rejections, and the group laws. Runs in every runtime;
the comparison with py_ecc is in test_xref_bn254.py."""

import json
import random

import pytest
from bn_reference import Fp2
from curve_search import points_on_curve

from pybls import bn254, curves, errors
from pybls.bn254 import G1, G2, Scalar

P = 21888242871839275222246405745257275088696311157297823662689037894645226208583
R = 21888242871839275222246405745257275088548364400416034343698204186575808495617


def _vectors(vectors_dir, name):
    return json.loads((vectors_dir / "bn254" / name).read_text())


def _padded(data: bytes, n: int) -> bytes:
    # EIP-196: missing input bytes are zero, extra ones are ignored.
    return (data + bytes(n))[:n]


def test_parameters():
    assert bn254.FIELD_MODULUS == P and Scalar.R == R
    # EIP-196's generator (1, 2) on y^2 = x^3 + 3.
    assert G1.generator().to_affine() == (1, 2)
    assert G1.generator().to_bytes() == (1).to_bytes(32, "big") + (2).to_bytes(32, "big")


def test_names():
    assert curves.get("alt_bn128") is bn254
    assert curves.get("bn128") is bn254
    assert curves.get("BN_SNARK1") is bn254
    assert curves.get("bn254") is bn254
    assert curves.CURVES["bn254"] is bn254
    assert curves.get("BN254").__name__ == "pybls.bn254_nogami"  # mcl's name
    assert curves.get("alt_BN128") is bn254
    with pytest.raises(errors.UnknownCurveError, match="ambiguous"):
        curves.get("Bn254")
    with pytest.raises(LookupError):  # UnknownCurveError is one
        curves.get("BN254_SNARKS_NOT_A_CURVE")
    with pytest.raises(TypeError):
        curves.get(None)


def test_geth_add(vectors_dir):
    cases = _vectors(vectors_dir, "bn256Add.json")
    assert len(cases) == 16
    for case in cases:
        data = _padded(bytes.fromhex(case["Input"]), 128)
        a, b = G1.from_bytes(data[:64]), G1.from_bytes(data[64:])
        assert (a + b).to_bytes().hex() == case["Expected"], case["Name"]


def test_geth_scalar_mul(vectors_dir):
    cases = _vectors(vectors_dir, "bn256ScalarMul.json")
    assert len(cases) == 19
    for case in cases:
        data = _padded(bytes.fromhex(case["Input"]), 96)
        point, k = G1.from_bytes(data[:64]), int.from_bytes(data[64:], "big")
        # k is any 256-bit integer; the group has order r.
        assert (point * k).to_bytes().hex() == case["Expected"], case["Name"]
        assert point.mul_vartime(k) == point * k


def test_encodings_round_trip():
    for group, sizes in ((G1, (64, 32)), (G2, (128, 64))):
        for point in (group.generator(), group.generator() * 12345, group.identity(), -group.generator()):
            raw, packed = point.to_bytes(), point.to_bytes(compressed=True)
            assert (len(raw), len(packed)) == sizes
            assert group.from_bytes(raw) == point == group.from_bytes(packed)
    assert G1.identity().to_bytes() == bytes(64) and G2.identity().to_bytes() == bytes(128)
    # gnark's compressed form: 0b01 marks the identity, 0b1s a point.
    assert G1.identity().to_bytes(compressed=True) == b"\x40" + bytes(31)
    assert G1.generator().to_bytes(compressed=True)[0] >> 6 in (2, 3)


def test_g2_generator_is_eip197s():
    # EIP-197: x = x_re + x_im i, encoded x_im || x_re || y_im || y_re.
    x = (0x1800DEEF121F1E76426A00665E5C4479674322D4F75EDADD46DEBD5CD992F6ED,
         0x198E9393920D483A7260BFB731FB5D25F1AA493335A9E71297E485B7AEF312C2)
    y = (0x12C85EA5DB8C6DEB4AAB71808DCB408FE3D1E7690C43D37B4CE6CC0166FA7DAA,
         0x090689D0585FF075EC9E99AD690C3395BC4B313370B38EF355ACDADCD122975B)
    g = G2.generator()
    assert g.to_affine() == (x, y)
    enc = b"".join(v.to_bytes(32, "big") for v in (x[1], x[0], y[1], y[0]))
    assert g.to_bytes() == enc and G2.from_bytes(enc) == g


def test_group_laws():
    for group in (G1, G2):
        g = group.generator()
        a, b = Scalar.random(), Scalar.random()
        assert g * a + g * b == g * (a + b)
        assert (g * a) * b == g * (a * b)
        assert (g * R).is_identity() and (g * (R - 1)) == -g
        assert g - g == group.identity()
        assert group.msm([g, g * 2, g * 3], [a, b, 5]) == g * (a + 2 * b + 15)
        assert group.sum([g, g, -g]) == g


def test_rejections():
    g1 = G1.generator().to_bytes()
    with pytest.raises(errors.InvalidLengthError):
        G1.from_bytes(g1[:-1])
    # A coordinate >= p (the top bits set, or p itself).
    with pytest.raises(errors.NonCanonicalError):
        G1.from_bytes(P.to_bytes(32, "big") + g1[32:])
    with pytest.raises(errors.NonCanonicalError):
        G1.from_bytes(b"\xc0" + g1[1:])
    with pytest.raises(errors.NotOnCurveError):
        G1.from_bytes(g1[:32] + (3).to_bytes(32, "big"))
    with pytest.raises(errors.NotOnCurveError):
        G1.from_affine(1, 3)
    with pytest.raises(errors.NonCanonicalError):
        G1.from_affine(P, 2)
    # Compressed: no flag is an error; the identity flag with other bits set too.
    with pytest.raises(errors.InvalidFlagsError):
        G1.from_bytes(g1[:32])
    with pytest.raises(errors.InvalidFlagsError):
        G1.from_bytes(b"\x40" + bytes(30) + b"\x01")
    _, (x, y) = points_on_curve(bn254)  # on the twist, outside G2
    with pytest.raises(errors.NotInSubgroupError):
        G2.from_affine(x, y)
    q = G2.from_affine(x, y, subgroup_check=False)
    assert q.is_on_curve() and not q.in_subgroup()
    assert q.clear_cofactor().in_subgroup()
    with pytest.raises(errors.NotInSubgroupError):
        G2.from_bytes(q.to_bytes())
    with pytest.raises(errors.NotInSubgroupError):
        G2.from_bytes(q.to_bytes(compressed=True))
    assert G2.from_bytes(q.to_bytes(), subgroup_check=False) == q


def test_scalar():
    assert int(Scalar(-1)) == R - 1
    assert Scalar.from_bytes((R - 1).to_bytes(32, "big")) == -1
    with pytest.raises(errors.NonCanonicalError):
        Scalar.from_bytes(R.to_bytes(32, "big"))
    assert Scalar(7) / 7 == 1


def test_curves_do_not_mix():
    from pybls import G1 as BLS_G1, GT as BLS_GT, Scalar as BLS_Scalar

    # The messages name the curves: both classes are called G1 (GT, Scalar).
    with pytest.raises(TypeError, match="a G1 point of BN254 and a G1 point of BLS12-381"):
        G1.generator() + BLS_G1.generator()
    with pytest.raises(TypeError, match="a G1 point of BLS12-381 and a G1 point of BN254"):
        BLS_G1.generator() - G1.generator()
    with pytest.raises(TypeError, match="a G1 point of BN254 and a G2 point of BN254"):
        G1.generator() + G2.generator()
    with pytest.raises(TypeError, match="not a pybls.Scalar"):
        G1.generator() * BLS_Scalar(2)
    with pytest.raises(TypeError, match="not a pybls.bn254.Scalar"):
        BLS_GT.generator() ** Scalar(2)
    with pytest.raises(TypeError, match="GT elements of BN254 and of BLS12-381"):
        bn254.GT.generator() * BLS_GT.generator()
    with pytest.raises(TypeError, match="GT elements of BLS12-381 and of BN254"):
        BLS_GT.generator() / bn254.GT.generator()
    with pytest.raises(TypeError, match=r"a pybls.bn254.Scalar and a pybls.Scalar \(scalars of different"):
        Scalar(2) + BLS_Scalar(2)
    with pytest.raises(TypeError, match="for -: a pybls.Scalar and a pybls.bn254.Scalar"):
        BLS_Scalar(2) - Scalar(2)
    with pytest.raises(TypeError, match="for /: a pybls.bn254.Scalar and a pybls.Scalar"):
        Scalar(2) / BLS_Scalar(2)
    assert Scalar(2) != BLS_Scalar(2)  # equality is False, not an error
    from pybls import bls48_581

    with pytest.raises(TypeError, match="GT elements of BLS48-581 and of BN254"):
        bls48_581.GT.one() * bn254.GT.one()
    with pytest.raises(TypeError, match="a G2 point of BLS48-581 and a G2 point of BN254"):
        bls48_581.G2.generator() + G2.generator()
    # other operands keep Python's own message
    with pytest.raises(TypeError, match="unsupported operand type"):
        G1.generator() + 1


def test_geth_pairing_check(vectors_dir):
    cases = _vectors(vectors_dir, "bn256Pairing.json")
    assert len(cases) == 14
    outcomes = set()
    for case in cases:
        data = bytes.fromhex(case["Input"])
        assert len(data) % 192 == 0
        pairs = [
            (G1.from_bytes(data[i:i + 64]), G2.from_bytes(data[i + 64:i + 192]))
            for i in range(0, len(data), 192)
        ]
        ok = bn254.pairing_product(pairs).is_one()
        assert ok == (int(case["Expected"], 16) == 1), case["Name"]
        outcomes.add(ok)
    assert outcomes == {True, False}


def test_pairing_bilinear_and_non_degenerate():
    g1, g2 = G1.generator(), G2.generator()
    a, b = Scalar.random(), Scalar.random()
    e = bn254.pairing(g1, g2)
    assert not e.is_one() and (e ** R).is_one()
    assert bn254.pairing(g1 * a, g2 * b) == e ** (a * b)
    assert bn254.pairing(g1 + g1 * a, g2) == e * e ** a
    assert bn254.pairing(G1.identity(), g2).is_one() and bn254.pairing(g1, G2.identity()).is_one()
    f = bn254.miller_loop(g1 * a, g2) * bn254.miller_loop(g1, -(g2 * a))
    assert bn254.final_exponentiation(f).is_one()
    assert bn254.GT.from_bytes(e.to_bytes()) == e and len(e.to_bytes()) == 384
    with pytest.raises(errors.NotInSubgroupError):
        bn254.GT.from_bytes(bn254.miller_loop(g1, g2).to_bytes())
    with pytest.raises(TypeError):
        bn254.pairing(g2, g1)


def test_mcl_known_answer(vectors_dir):
    # mcl's own test pairing on BN_SNARK1 (test/bn_test.cpp). mcl's final
    # exponentiation computes the (p^12 - 1)/r power raised further to
    # 2u(6u^2 + 3u + 1) (a multiple coprime to r), so its GT values are
    # pybls's (and py_ecc's) to that power. mcl lists the twelve
    # coefficients lowest first, the reverse of pybls's encoding.
    known = json.loads((vectors_dir / "mcl" / "curves.json").read_text())["known_answers"]["BN_SNARK1"]
    P = G1.from_affine(int(known["G1"]["x"]), int(known["G1"]["y"]))
    Q = G2.from_affine(tuple(int(c) for c in known["G2"]["x"]), tuple(int(c) for c in known["G2"]["y"]))
    u = 0x44E992B44A6909F1
    e = bn254.pairing(P, Q) ** (2 * u * (6 * u * u + 3 * u + 1))
    raw = e.to_bytes()
    coefficients = [int.from_bytes(raw[i:i + 32], "big") for i in range(0, 384, 32)]
    assert coefficients[::-1] == [int(c) for c in known["e"]]
    assert bn254.pairing(P, Q) != e


def test_g2_decompression_of_random_x():
    """A compressed G2 encoding of any x < p decodes (subgroup check off)
    exactly when x^3 + b' is a square in Fp2, which is when its norm is a
    square in Fp (Euler's criterion here), and then to a point with that x
    whose y squares to x^3 + b'; otherwise NotOnCurveError. The core
    decides on the norm's root too, so this checks it against the curve
    equation rather than against itself."""
    rng = random.Random("g2 decompression")
    b = Fp2(P, 3) * Fp2(P, 9, 1).inv0()
    xs = [(0, 0), (1, 0), (0, 1), (P - 1, 0), (0, P - 1)]
    xs += [(rng.randrange(P), rng.randrange(P)) for _ in range(40)]
    seen = set()
    for x0, x1 in xs:
        x = Fp2(P, x0, x1)
        rhs = x * x * x + b
        square = pow(rhs.a * rhs.a + rhs.b * rhs.b, (P - 1) // 2, P) != P - 1
        seen.add(square)
        for top in (0x80, 0xC0):  # y the smaller or the larger root
            enc = bytearray(x1.to_bytes(32, "big") + x0.to_bytes(32, "big"))
            enc[0] |= top
            if not square:
                with pytest.raises(errors.NotOnCurveError):
                    G2.from_bytes(bytes(enc), subgroup_check=False)
                continue
            (px0, px1), (y0, y1) = G2.from_bytes(bytes(enc), subgroup_check=False).to_affine()
            y = Fp2(P, y0, y1)
            assert (px0, px1) == (x0, x1) and y * y == rhs, (x0, x1)
    assert seen == {True, False}
