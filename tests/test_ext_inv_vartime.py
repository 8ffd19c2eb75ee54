"""The variable-time inversion of G2's coordinate field, checked against
Python integers on every curve, with both limb widths.

tests/ext_inv_check.c is linked to each curve's library (the field
functions it exports) and driven line by line. Fp2 = Fp[u]/(u^2 + 1) on the BLS12 and BN curves: the
inverse times the input must be 1 in Python's integers. Fp8 of BLS48-581 is
checked with the independent tower of tests/bls48_reference.py. Zero goes
to zero, as in the constant-time inversion (the batch inversions of sums
and multi-scalar multiplications never invert it: their additions handle
equal x and the identity without a division)."""

import pathlib
import random

import pytest
from c_tools import CURVE_WIDTH_IDS, CURVE_WIDTHS, FieldTool, curve_tool

import bls48_reference as b48

pytestmark = [pytest.mark.once, pytest.mark.native_only]

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = REPO_ROOT / "tests" / "ext_inv_check.c"


class Tool(FieldTool):
    def __init__(self, exe, degree):
        super().__init__(exe)
        self.degree = degree

    def encode(self, coeffs):
        return "".join(c.to_bytes(self.nbytes, "big").hex() for c in coeffs)

    def decode(self, hex_str):
        n = 2 * self.nbytes
        return [int(hex_str[i:i + n], 16) for i in range(0, len(hex_str), n)]

    def inverses(self, elements, cmd="inv"):
        return [self.decode(o) for o in self.run(*(f"{cmd} {self.encode(a)}" for a in elements))]


@pytest.fixture(scope="module", params=CURVE_WIDTHS, ids=CURVE_WIDTH_IDS)
def tool(request, tmp_path_factory):
    return curve_tool(request, tmp_path_factory, SOURCE,
                      lambda exe, curve: Tool(exe, 8 if curve.startswith("bls48") else 2))


def _is_inverse(tool, a, b):
    p = tool.p
    if tool.degree == 2:  # (a0 + a1 u)(b0 + b1 u) with u^2 = -1
        return ((a[0] * b[0] - a[1] * b[1]) % p, (a[0] * b[1] + a[1] * b[0]) % p) == (1, 0)
    assert p == b48.P
    return (b48.fp8(a) * b48.fp8(b)).is_one()


def _elements(tool, count):
    p, d = tool.p, tool.degree
    rng = random.Random(f"ext-inv-{p}")
    edges = [[1] + [0] * (d - 1), [p - 1] + [0] * (d - 1), [0] * (d - 1) + [1], [0] * (d - 1) + [p - 1],
             [p - 1] * d, [1] * d, [2] + [0] * (d - 1), [0, 3] + [0] * (d - 2)]
    edges += [[rng.randrange(p)] + [0] * (d - 1), [0] + [rng.randrange(1, p)] + [0] * (d - 2)]
    edges += [[rng.randrange(2**64)] * d, [rng.randrange(p - 2**64, p) for _ in range(d)]]
    return edges + [[rng.randrange(p) for _ in range(d)] for _ in range(count)]


def test_inverse_times_input_is_one(tool):
    elements = _elements(tool, 200)
    for a, inv in zip(elements, tool.inverses(elements)):
        assert _is_inverse(tool, a, inv), a


def test_agrees_with_the_constant_time_inversion(tool):
    elements = _elements(tool, 50)
    assert tool.inverses(elements) == tool.inverses(elements, "inv_ct")


def test_zero_goes_to_zero(tool):
    assert tool.inverses([[0] * tool.degree]) == [[0] * tool.degree]
