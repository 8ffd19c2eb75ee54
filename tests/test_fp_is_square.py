"""The constant-time Legendre symbol of Fp (fp_is_square), checked against
Euler's criterion in Python's integers, pow(x, (p - 1) // 2, p), on every
curve with both limb widths.

tests/legendre_check.c is linked to each curve's library and driven line by
line. The values cover the edges (0, 1, p - 1, (p +- 1) / 2), powers of two
and their neighbours (long runs of equal bits through the binary GCD),
squares and non-residues times squares, small values and random ones."""

import pathlib
import random
import runpy
import shutil

import pytest
from c_tools import FieldTool, build_check

pytestmark = [pytest.mark.once, pytest.mark.native_only]

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = REPO_ROOT / "tests" / "legendre_check.c"
CORE = runpy.run_path(str(REPO_ROOT / "build-scripts" / "core_manifest.py"))
CURVES = CORE["libraries"](str(REPO_ROOT))


class Tool(FieldTool):
    def is_square(self, values):
        return [o == "1" for o in self.run(*(f"sq {v.to_bytes(self.nbytes, 'big').hex()}" for v in values))]


@pytest.fixture(scope="module", params=[(c, bits) for c in CURVES for bits in (64, 32)],
                ids=[f"{c}-limb{bits}" for c in CURVES for bits in (64, 32)])
def tool(request, tmp_path_factory):
    curve, bits = request.param
    if shutil.which("gcc") is None:
        pytest.fail(f"gcc is required to build {SOURCE.relative_to(REPO_ROOT)}")
    exe = build_check(SOURCE, curve, bits, tmp_path_factory.mktemp("legendre") / f"legendre_check-{curve}-{bits}")
    return Tool(exe)


def _euler(x, p):
    """RFC 9380's is_square: x^((p - 1) / 2) is 0 or 1."""
    return pow(x, (p - 1) // 2, p) in (0, 1)


def _non_residue(p):
    return next(n for n in range(2, 1000) if not _euler(n, p))


def _values(p, rng):
    vals = [0, 1, 2, 3, p - 1, p - 2, (p - 1) // 2, (p + 1) // 2]
    for k in range(1, p.bit_length()):
        vals += [(1 << k) - 1, 1 << k, (1 << k) + 1]
    vals += list(range(1, 201))
    n = _non_residue(p)
    for _ in range(200):
        x = rng.randrange(1, p)
        vals += [x * x % p, n * x * x % p]
    vals += [rng.randrange(p) for _ in range(2000)]
    return [v % p for v in vals]


def test_against_euler(tool):
    rng = random.Random(f"fp_is_square {tool.p}")
    vals = _values(tool.p, rng)
    got = tool.is_square(vals)
    bad = [v for v, g in zip(vals, got) if g != _euler(v, tool.p)]
    assert not bad, f"{len(bad)} wrong, first {bad[:3]}"


def test_both_answers_seen(tool):
    """Non-residues exist and are told apart (a constant answer would pass
    neither half)."""
    p = tool.p
    n = _non_residue(p)
    assert tool.is_square([4, n, n * 4 % p, 0]) == [True, False, False, True]
