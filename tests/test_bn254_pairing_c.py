"""The BN254 (alt_bn128) optimal ate pairing of the C core, checked in C.

tests/bn254_pairing_check.c is linked to the BN254 library
(build/libpybls_bn254.so and build/libpybls32_bn254.so: 64-bit and 32-bit
limbs), and driven line by line (its header lists the commands). Its
values are compared with py_ecc's optimized_bn128 and go-ethereum's
precompile vectors.

GT values. The core's Fp12 is Fp6[w]/(w^2 - v) over Fp6 = Fp2[v]/(v^3 - xi),
xi = 9 + u, u^2 = -1: w^6 = xi, and over Fp2 the basis is w^0, ..., w^5,
coefficient c0.b_j standing at w^(2j) and c1.b_j at w^(2j + 1). py_ecc's
FQ12 is Fp[W]/(W^12 - 18 W^6 + 82) = Fp[W]/((W^6 - 9)^2 + 1), so there
u = W^6 - 9 and W^6 = xi; py_ecc maps its twist to the curve by
(x, y) -> (x W^2, y W^3), the core's D-type untwisting by
(x, y) -> (x w^2, y w^3). Under W = w the two agree, and an Fp2 coefficient
a0 + a1 u at w^k is (a0 - 9 a1) W^k + a1 W^(k + 6) (to_pyecc below).

The pairing's value is f^((p^12 - 1)/r) for the optimal ate Miller loop
value f, with no extra factor in the exponent: py_ecc's value (and mcl's
BN_SNARK1), which test_final_exponentiation_is_the_plain_power pins on
elements that are not pairing values as well.
"""

import functools
import json
import pathlib
import random
import runpy
import shutil
import subprocess

import pytest
from c_tools import LineTool, core_library, link_flags
from py_ecc import optimized_bn128 as b  # a native test dependency; not collected in Pyodide

pytestmark = [pytest.mark.once, pytest.mark.native_only]

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = REPO_ROOT / "tests" / "bn254_pairing_check.c"
CORE = runpy.run_path(str(REPO_ROOT / "build-scripts" / "core_manifest.py"))

P = b.field_modulus
R = b.curve_order
U = 0x44E992B44A6909F1
ERR_LENGTH, ERR_NONCANONICAL, ERR_NOT_IN_SUBGROUP = -1, -3, -5


class Tool(LineTool):
    def one(self, line):
        (out,) = self.run(line)
        assert not out.startswith("err"), f"{line.split()[0]}: {out}"
        return out


@pytest.fixture(scope="module", params=[64, 32], ids=["limb64", "limb32"])
def tool(request, tmp_path_factory):
    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.fail("gcc is required to build tests/bn254_pairing_check.c")
    exe = tmp_path_factory.mktemp("bn254") / f"bn254_pairing_check{request.param}"
    cmd = [gcc, "-O2", "-Wall", *CORE["cflags"](str(REPO_ROOT)), "-DPYBLS_CURVE_BN254",
           f"-DPYBLS_LIMB_BITS={request.param}", str(SOURCE), *link_flags(core_library("bn254", request.param)),
           "-o", str(exe)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.fail(f"building the BN254 pairing check failed:\n{' '.join(cmd)}\n{proc.stderr}")
    return Tool(exe)


# --- py_ecc <-> the check program's hex ---------------------------------------

def g1_hex(pt):
    x, y = b.normalize(pt)
    return (int(x).to_bytes(32, "big") + int(y).to_bytes(32, "big")).hex()


def g2_hex(pt):
    x, y = b.normalize(pt)
    coords = (x.coeffs[1], x.coeffs[0], y.coeffs[1], y.coeffs[0])  # EIP-197: imaginary part first
    return b"".join(int(c).to_bytes(32, "big") for c in coords).hex()


def scalar_hex(k):
    return (k % R).to_bytes(32, "big").hex()


def to_pyecc(hex_str):
    """The core's Fp12 encoding (c1.b2.a1 first, c0.b0.a0 last) as py_ecc's FQ12."""
    raw = bytes.fromhex(hex_str)
    assert len(raw) == 12 * 32
    c = [int.from_bytes(raw[32 * i:32 * i + 32], "big") for i in range(12)][::-1]  # struct order
    out = [0] * 12
    for half in range(2):  # c0, c1
        for j in range(3):  # b0, b1, b2
            a0, a1 = c[6 * half + 2 * j], c[6 * half + 2 * j + 1]
            k = 2 * j + half
            out[k] = (out[k] + a0 - 9 * a1) % P
            out[k + 6] = (out[k + 6] + a1) % P
    return b.FQ12(out)


def from_pyecc(f):
    """py_ecc's FQ12 as the core's Fp12 encoding (the inverse of to_pyecc)."""
    co = [int(x) % P for x in f.coeffs]
    struct = [0] * 12
    for half in range(2):
        for j in range(3):
            k = 2 * j + half
            a1 = co[k + 6]
            struct[6 * half + 2 * j] = (co[k] + 9 * a1) % P
            struct[6 * half + 2 * j + 1] = a1
    return b"".join(v.to_bytes(32, "big") for v in reversed(struct)).hex()


FINAL_EXPONENT = (P**12 - 1) // R


@functools.lru_cache(maxsize=None)
def pyecc_pairing(a, c):
    """py_ecc's e([a]G1, [c]G2) (cached: both limb widths compare with it)."""
    return b.pairing(b.multiply(b.G2, c), b.multiply(b.G1, a))


@functools.lru_cache(maxsize=None)
def pyecc_final_exp(hex_str):
    return to_pyecc(hex_str) ** FINAL_EXPONENT


RNG = random.Random(20254)
A, C = RNG.randrange(1, R), RNG.randrange(1, R)


# --- the tests ----------------------------------------------------------------

def test_conversion_round_trips():
    # to_pyecc and from_pyecc are inverse; the conversion is checked against
    # the core's own products in test_gt_products_agree_with_py_ecc.
    x = b.FQ12([RNG.randrange(P) for _ in range(12)])
    assert to_pyecc(from_pyecc(x)) == x


def test_generator_pairing_is_py_ecc_value(tool):
    out = tool.one(f"pair {g1_hex(b.G1)} {g2_hex(b.G2)}")
    assert to_pyecc(out) == pyecc_pairing(1, 1)


def test_pairing_of_multiples_is_py_ecc_value(tool):
    p, q = b.multiply(b.G1, A), b.multiply(b.G2, C)
    # The group code agrees with py_ecc on the points first.
    assert tool.one(f"g1mul {g1_hex(b.G1)} {scalar_hex(A)}") == g1_hex(p)
    assert tool.one(f"g2mul {g2_hex(b.G2)} {scalar_hex(C)}") == g2_hex(q)
    out = tool.one(f"pair {g1_hex(p)} {g2_hex(q)}")
    assert to_pyecc(out) == pyecc_pairing(A, C)


def test_gt_products_agree_with_py_ecc(tool):
    e1 = tool.one(f"pair {g1_hex(b.G1)} {g2_hex(b.G2)}")
    e2 = tool.one(f"pair {g1_hex(b.multiply(b.G1, A))} {g2_hex(b.multiply(b.G2, C))}")
    assert to_pyecc(tool.one(f"gtmul {e1} {e2}")) == to_pyecc(e1) * to_pyecc(e2)
    assert to_pyecc(tool.one(f"gtpow {e1} {scalar_hex(A)}")) == to_pyecc(e1) ** A


def test_fp12_products_at_coefficient_extremes(tool):
    # Products by xi = 9 + u reduce c x + y (c = 9) by a quotient estimated
    # from the top bits: coefficients at 0, 1 and near p, p/2 and 2^253 put
    # the sums at the edges of that estimate, in the Fp12 product's double-
    # width values (gtmul) and in the squarings of the final exponentiation.
    edges = [0, 1, 2, P - 1, P - 2, (P - 1) // 2, (P + 1) // 2, 2**253 - 1, 2**253, P // 9, P // 9 + 1]
    rng = random.Random(9)
    for _ in range(6):
        x = b.FQ12([rng.choice(edges) for _ in range(12)])
        y = b.FQ12([rng.choice(edges) for _ in range(12)])
        assert to_pyecc(tool.one(f"gtmul {from_pyecc(x)} {from_pyecc(y)}")) == x * y
    x = from_pyecc(b.FQ12([P - 1 - (i % 3) for i in range(12)]))
    assert to_pyecc(tool.one(f"finalexp {x}")) == pyecc_final_exp(x)


def test_bilinearity(tool):
    s, t = RNG.randrange(1, R), RNG.randrange(1, R)
    a, c = RNG.randrange(1, R), RNG.randrange(1, R)
    p = tool.one(f"g1mul {g1_hex(b.G1)} {scalar_hex(s)}")
    q = tool.one(f"g2mul {g2_hex(b.G2)} {scalar_hex(t)}")
    ap = tool.one(f"g1mul {p} {scalar_hex(a)}")
    cq = tool.one(f"g2mul {q} {scalar_hex(c)}")
    acp = tool.one(f"g1mul {p} {scalar_hex(a * c)}")
    acq = tool.one(f"g2mul {q} {scalar_hex(a * c)}")
    e = tool.one(f"pair {p} {q}")
    e_ac = tool.one(f"pair {ap} {cq}")
    assert e_ac == tool.one(f"gtpow {e} {scalar_hex(a * c)}")
    assert e_ac == tool.one(f"pair {acp} {q}") == tool.one(f"pair {p} {acq}")
    assert e_ac != e
    # e(P, Q) e(-P, Q) = 1, as a GT product and as a pairing product.
    neg_p = tool.one(f"g1neg {p}")
    one = tool.one(f"gtmul {e} {tool.one(f'pair {neg_p} {q}')}")
    assert to_pyecc(one) == b.FQ12.one()
    assert tool.one(f"product {p}{q}{neg_p}{q}") == "1"
    assert tool.one(f"product {p}{q}{p}{q}") == "0"
    # e(aP, cQ) e(-acP, Q) = 1 over more pairs than the Miller loop takes at
    # once (8), with identities on either side (they contribute 1).
    zero1, zero2 = "00" * 64, "00" * 128
    neg_acp = tool.one(f"g1neg {acp}")
    pairs = [ap + cq, neg_acp + q] + [zero1 + q, p + zero2] * 4
    assert tool.one("product " + "".join(pairs)) == "1"
    assert tool.one("product " + "".join(pairs[:1] + pairs[2:])) == "0"


def test_final_exponentiation_is_the_plain_power(tool):
    # On a Miller loop value and on an arbitrary element of Fp12: the core's
    # final exponentiation is f^((p^12 - 1)/r), no multiple of it.
    p, q = g1_hex(b.multiply(b.G1, A)), g2_hex(b.G2)
    f = tool.one(f"miller {p} {q}")
    e = tool.one(f"finalexp {f}")
    assert e == tool.one(f"pair {p} {q}")
    assert to_pyecc(e) == pyecc_final_exp(f)
    x = from_pyecc(b.FQ12([(i * 0x9E3779B97F4A7C15 + 1) % P for i in range(12)]))
    assert to_pyecc(tool.one(f"finalexp {x}")) == pyecc_final_exp(x)


def test_hard_part_exponent():
    # The base-p digits the hard part uses (Scott et al.) and the trace the
    # GT membership test uses, for BN254's u.
    l0 = -2 - 18 * U - 30 * U**2 - 36 * U**3
    l1 = 1 - 12 * U - 18 * U**2 - 36 * U**3
    l2, l3 = 1 + 6 * U**2, 1
    assert l0 + l1 * P + l2 * P**2 + l3 * P**3 == (P**4 - P**2 + 1) // R
    assert (P**4 - P**2 + 1) % R == 0
    assert P + 1 - (6 * U**2 + 1) == R


def test_gt_membership(tool):
    e = tool.one(f"pair {g1_hex(b.G1)} {g2_hex(b.G2)}")
    assert tool.one(f"gtdecode {e}") == "0"
    assert tool.one(f"gtdecode {tool.one(f'gtpow {e} {scalar_hex(A)}')}") == "0"
    one = from_pyecc(b.FQ12.one())
    assert tool.one(f"gtdecode {one}") == "0"
    # Cyclotomic but of order other than r: the easy part of the final
    # exponentiation applied to an arbitrary element.
    x = b.FQ12([(i * i + 7) % P for i in range(12)])
    cyc = x ** ((P**6 - 1) * (P**2 + 1))
    assert cyc ** (P**4 - P**2 + 1) == b.FQ12.one() and cyc ** R != b.FQ12.one()
    assert tool.one(f"gtdecode {from_pyecc(cyc)}") == str(ERR_NOT_IN_SUBGROUP)
    assert tool.one(f"gtdecode {from_pyecc(x)}") == str(ERR_NOT_IN_SUBGROUP)
    assert tool.one(f"gtdecode {'00' * 384}") == str(ERR_NOT_IN_SUBGROUP)
    # A coefficient equal to p, and the lengths of other curves' encodings.
    bad = P.to_bytes(32, "big").hex() + e[64:]
    assert tool.one(f"gtdecode {bad}") == str(ERR_NONCANONICAL)
    assert tool.one(f"gtdecode {e + '00' * 192}") == str(ERR_LENGTH)
    assert tool.one(f"gtdecode {e[:-2]}") == str(ERR_LENGTH)


def _geth_cases(vectors_dir):
    with open(vectors_dir / "bn254" / "bn256Pairing.json") as f:
        return json.load(f)


def test_geth_pairing_vectors(tool, vectors_dir):
    cases = _geth_cases(vectors_dir)
    assert len(cases) == 14
    lines = [f"product {c['Input'] or '-'}" for c in cases]
    outs = tool.run(*lines)
    expected = [str(int(c["Expected"], 16)) for c in cases]
    assert set(expected) == {"0", "1"}
    names = [c["Name"] for c in cases]
    assert dict(zip(names, outs)) == dict(zip(names, expected))
