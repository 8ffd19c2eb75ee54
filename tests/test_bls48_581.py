"""BLS48-581 against the CFRG draft's data (parameters, base points,
serialization and pairing vectors: the pairing convention of
pybls.bls48_581 is the draft's vector itself), and G1's points of even
order, which the complete formulas cannot add, against affine arithmetic
over Fp written here."""

import json
import random

import pytest
from bn_reference import fp_affine_add

from pybls import bls48_581, curves, errors

P = bls48_581.FIELD_MODULUS
R = bls48_581.CURVE_ORDER


def _load(vectors_dir, name):
    return json.loads((vectors_dir / "bls48" / name).read_text())


def test_names_resolve():
    for name in ("BLS48_581", "bls48-581", "bls48_581", "BLS48-581"):
        assert curves.get(name) is bls48_581


def test_draft_parameters_and_base_points(vectors_dir):
    c = _load(vectors_dir, "BLS48_581_params.json")
    assert P == int(c["p"], 16) and R == int(c["r"], 16) and bls48_581.T == int(c["t_int"])
    g1, g2 = c["G1_generator"], c["G2_generator"]
    assert bls48_581.G1.generator().to_affine() == (int(g1["x"], 16), int(g1["y"], 16))
    assert bls48_581.G2.generator().to_affine() == tuple(tuple(int(v, 16) for v in g2[k]) for k in ("x", "y"))
    sizes = c["serialization_sizes_bytes"]
    g, q = bls48_581.G1.generator(), bls48_581.G2.generator()
    assert len(g.to_bytes()) == sizes["G1_compressed"] and len(g.to_bytes(compressed=False)) == sizes["G1_uncompressed"]
    assert len(q.to_bytes()) == sizes["G2_compressed"] and len(q.to_bytes(compressed=False)) == sizes["G2_uncompressed"]
    assert len(bls48_581.Scalar(1).to_bytes()) == sizes["scalar"]


def test_draft_serialization_vectors(vectors_dir):
    v = _load(vectors_dir, "point_serialization_test_vectors_draft.json")["BLS48_581"]
    for group, key in ((bls48_581.G1, "G1"), (bls48_581.G2, "G2")):
        gen, ident = bytes.fromhex(v[f"{key}_generator_compressed"]), bytes.fromhex(v[f"{key}_identity_compressed"])
        assert group.generator().to_bytes() == gen and group.identity().to_bytes() == ident
        assert group.from_bytes(gen) == group.generator() and group.from_bytes(ident).is_identity()
        # The other root: the S flag flips, and the point is the negation.
        flipped = bytes([gen[0] ^ 0x20]) + gen[1:]
        assert group.from_bytes(flipped) == -group.generator()
        with pytest.raises(errors.InvalidFlagsError):
            group.from_bytes(bytes([gen[0] & 0x7F]) + gen[1:])


def test_draft_pairing_vector(vectors_dir):
    v = _load(vectors_dir, "pairing_test_vectors_draft.json")["vectors"]["BLS48_581"]
    p = bls48_581.G1.from_affine(int(v["x"], 16), int(v["y"], 16))
    q = bls48_581.G2.from_affine(tuple(int(v[f"x'_{i}"], 16) for i in range(8)),
                                 tuple(int(v[f"y'_{i}"], 16) for i in range(8)))
    e = bls48_581.pairing(p, q)
    enc = e.to_bytes()
    # GT encodes the coefficients highest first; the draft lists e_0 first.
    coeffs = [int.from_bytes(enc[73 * i: 73 * (i + 1)], "big") for i in range(48)][::-1]
    assert coeffs == [int(v[f"e_{i}"], 16) for i in range(48)]
    assert bls48_581.GT.from_bytes(enc) == e and bls48_581.final_exponentiation(bls48_581.miller_loop(p, q)) == e


# --- G1's points of even order, by affine arithmetic over Fp -------------

def _add(a, b):
    return fp_affine_add(a, b, P)


def _mul(a, k):
    acc = None
    for bit in bin(k)[2:]:
        acc = _add(acc, acc)
        if bit == "1":
            acc = _add(acc, a)
    return acc


def _point(pt):
    return bls48_581.G1.identity() if pt is None else bls48_581.G1.from_affine(*pt, subgroup_check=False)


def test_g1_points_of_even_order():
    # (2, 3) has order 6 on y^2 = x^3 + 1 (3 [2, 3] = (-1, 0), of order 2).
    six = (2, 3)
    assert _mul(six, 3) == (P - 1, 0) and _mul(six, 6) is None
    g = bls48_581.G1.generator().to_affine()
    rng = random.Random(48)
    for base in (six, (P - 1, 0), _add(six, _mul(g, rng.randrange(1, R)))):
        pt = _point(base)
        assert pt.is_on_curve() and not pt.in_subgroup()
        with pytest.raises(errors.NotInSubgroupError):
            bls48_581.G1.from_bytes(pt.to_bytes())
        for k in (2, 3, 6, rng.randrange(R), R - 1):
            assert pt * k == _point(_mul(base, k))
        h = (P + 1 - (bls48_581.T + 1)) // R
        cleared = pt.clear_cofactor()
        assert cleared == _point(_mul(base, h)) and cleared.in_subgroup()
