"""The inversions of Fp (fp_inv in constant time, fp_inv_vartime) on every
curve with both limb widths, against Python's pow(a, -1, p).

tests/fp_inv_check.c is linked to each curve's library and given the limbs
the GCD starts from (the Montgomery form a R); both inversions must return
R^2 / (a R) = a^-1 R. The values are the edges (0, 1, p - 1, (p +- 1) / 2,
R mod p), powers of two and their neighbours, random values and, for each
curve, the inputs with the longest divstep sequences a short search found
(LONG_DIVSTEPS): fp_inv runs CURVE_P_DIVSTEPS steps (rounded up to whole
runs) whatever the input, and these come closest to needing them all.

The bound is Wuille's for the half-delta rule, about a fifth below the
original rule's, and no input can show it is right; what a test can show is
that the rule is the one the bound is for: built to run fewer steps than the
original rule needs on known inputs, fp_inv still inverts them all
(test_half_delta_rule)."""

import pathlib
import random
import re
import subprocess

import pytest
from c_tools import CURVE_WIDTH_IDS, CURVE_WIDTHS, FieldTool, core_cflags, curve_tool

import reference as ref

pytestmark = [pytest.mark.once, pytest.mark.native_only]

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = REPO_ROOT / "tests" / "fp_inv_check.c"

# (value, divsteps) per curve: a hill climb over bit flips from the longest
# among 2^k, 2^-k, p - 2^-k, 2^k - 1 mod p and random values. Random values
# take about 0.876 of CURVE_P_DIVSTEPS on average (512 of 585 on BN254) and
# come close to these (786 of 2,000 on BLS12-381), which take 0.89-0.91.
LONG_DIVSTEPS = {
    "bls12_381": [
        (0x18d016c10c5ce82b46acdbc03fb52dc8f9718f63812c737c200b9a845d6f3291c56a97838798a1dc8efc31550a5eb27d, 787),
        (0x19b222d9882c0e233bcfe8f26a504022625fd12ec6b4976909846feeb7438bcb244b6c22f00bca409c4ac4927aa3fdd4, 786),
        (0x5992bd2f9b5de23c1b46fb32d019d9e7d62f449af53bebe385c64eb4dc048d46c27f88823cc960426dbec1ef7ff64fb, 784),
    ],
    "bn254": [
        (0xb5a0bd98fe788dde9f2fae40d56617bd8a16880c5692608ab1a4fa082e54537, 530),
        (0x21bb0637e75ed37beff00ffdb709560ab722de6c13fdb2a27eca1ad413a0afb1, 528),
        (0x21c546b8f094bf2d959e90958802dd3c5885e323978223b942394ccf8467e376, 525),
    ],
    "bn254_nogami": [
        (0x1fe32581b7eaf625c9b25002c34e194cc2ab53e98bbdad2d5b2928736a12b45e, 528),
        (0x1fd7d4da9b61b3ff8d4cc1320eee4e90a58ef774a4d450d55e0c660c754a62ac, 527),
        (0xc1b462f9f197d6ab2bcf5d5682400c1b3db40174d61a492bc2ae9cf6d3b387e, 526),
    ],
    "bn381": [
        (0x20676b14c4cb4f34ab6ddcd332904c0e79892a97856dd982072d2e6553499ae77162a53b5e7492af9ae3b33ccd41d57f, 790),
        (0x2277b797e26e4193cbf2d9b28c5f72e051117ea005d3eacad7f7bfda6f89e262ae776f7572656f8d8120a362a510b4ce, 787),
        (0x1bf6ac4d630023c55eaaf29d585d1249c9de3a16ddd0aa54bde2d1c318e26e69a0e4970588ac6456ee2ac1bbe85d8ec, 786),
    ],
    "bn462": [
        (0x19e9ef11ccb9aea0ec5fad5e60e45b0b53c9992b2e33f0464c487c1acb0f7deb989ae110e56271ce91d89da4fdd84199e27f9f6ecb2b703a459c, 951),
        (0x1987dc9f656a66ea711b3ca2a43b4df395e0e45f4dc75e7a42599974fe45b657b9e61009d8fa2b5c02c80ee3bc5a3d47ff0fd8c9e59f8f2b356b, 949),
        (0x13d35eb8c81e5486f01f91ff8f3f41193e23e3a8674faceb06920f92fba22e47f8ff889890ed9072a69f4998b954d78fee17bc45d24dbedb9d9d, 947),
    ],
    "bls48_581": [
        (0x3c7c96d4979b06a8aa2900c36fb88af576b16342408521c4f2a2e9e51d83fcce869b19175534259a16630422fd4194d49a5046543b9cbfb1672ba22c6ca978a01cb32ea856bbd18ff, 1195),
        (0x8ccf09e5db811d1c925531d37b12f48058f79bdf931384189cd2068a7d6a8fb1f4e9c35a328703221f80fb7515d208d3f814b948fd0ff2652a7418ce56c618bf0c90b4d2a7758e279, 1193),
        (0xb0d67b91702abc87bf7fc73d09b6c897b8e7dc6f5d6feaae838f2488d8e656992594339b4e1056bfc0262561796ceb76ad4f5d8b49caebdd43b6f0569788e265e2fbb8fb516b6a0cf, 1192),
    ],
}


class Tool(FieldTool):
    def __init__(self, exe):
        super().__init__(exe)
        (bits,) = self.run("rbits")
        self.r = pow(2, int(bits), self.p)

    def inverses(self, internals):
        """(fp_inv, fp_inv_vartime) of each internal value, as internal values."""
        out = self.run(*(f"inv {v.to_bytes(self.nbytes, 'big').hex()}" for v in internals))
        return [tuple(int(h, 16) for h in o.split()) for o in out]


@pytest.fixture(scope="module", params=CURVE_WIDTHS, ids=CURVE_WIDTH_IDS)
def tool(request, tmp_path_factory):
    return curve_tool(request, tmp_path_factory, SOURCE, lambda exe, curve: Tool(exe))


def _expected(tool, internal):
    """a^-1 R for the internal a R: R^2 / internal (0 for 0)."""
    p = tool.p
    return tool.r * tool.r * pow(internal, -1, p) % p if internal else 0


def _values(tool, rng):
    p = tool.p
    vals = [0, 1, 2, 3, p - 1, p - 2, (p - 1) // 2, (p + 1) // 2, tool.r, tool.r * tool.r % p]
    for k in range(1, p.bit_length()):
        vals += [(1 << k) - 1, 1 << k, (1 << k) + 1, pow(2, -k, p), p - pow(2, -k, p)]
    vals += [rng.randrange(p) for _ in range(500)]
    return [v % p for v in vals] + [v for v, _ in LONG_DIVSTEPS[tool.curve]]


def test_against_python(tool):
    vals = _values(tool, random.Random(f"fp_inv {tool.p}"))
    got = tool.inverses(vals)
    bad = [v for v, (ct, vt) in zip(vals, got) if not ct == vt == _expected(tool, v)]
    assert not bad, f"{len(bad)} wrong, first {bad[:3]}"


def test_long_sequences_are_long(tool):
    """The listed values take the divsteps given (the model of fp_inv's
    variant, tests/reference.py), within the curve's bound."""
    params = (REPO_ROOT / "csrc" / "curves" / tool.curve / "params.h").read_text()
    bound = int(re.search(r"#define CURVE_P_DIVSTEPS (\d+)", params).group(1))
    for value, steps in LONG_DIVSTEPS[tool.curve]:
        assert ref.divsteps(value, tool.p) == steps
        assert steps <= bound


# fp_inv.c and what fp_inv_check.c needs of the core, built for BLS12-381
# with FP_INV_DIVSTEPS fewer than the bound's 878.
HALF_DELTA_UNITS = ["field/fp.c", "field/fp_inv.c", "arith/ct.c"]
HALF_DELTA_STEPS = 800


@pytest.mark.parametrize("bits", [64, 32])
def test_half_delta_rule(bits, tmp_path):
    """800 divsteps (800 run with 64-bit limbs, 810 with 32-bit ones) are
    more than the half-delta rule needs on the test's BLS12-381 values (787
    at most) and fewer than the original rule, delta starting at 1, needs on
    some of them (825 at most): built to run that many, fp_inv inverts them
    all only with the half-delta rule."""
    exe = tmp_path / f"fp_inv_check-{bits}"
    cmd = ["gcc", "-O2", "-Wall", *core_cflags("bls12_381"), f"-DPYBLS_LIMB_BITS={bits}",
           f"-DFP_INV_DIVSTEPS={HALF_DELTA_STEPS}", str(SOURCE),
           *(str(REPO_ROOT / "csrc" / u) for u in HALF_DELTA_UNITS), "-o", str(exe)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    tool = Tool(exe)
    tool.curve = "bls12_381"
    assert tool.p == ref.P
    vals = _values(tool, random.Random(f"fp_inv {tool.p}"))
    run = -(-HALF_DELTA_STEPS // (20 if bits == 64 else 15)) * (20 if bits == 64 else 15)  # whole runs
    assert max(ref.divsteps(v, tool.p) for v in vals) <= HALF_DELTA_STEPS
    assert max(ref.divsteps(v, tool.p, step=1) for v in vals) > run
    got = tool.inverses(vals)
    bad = [v for v, (ct, vt) in zip(vals, got) if not ct == vt == _expected(tool, v)]
    assert not bad, f"{len(bad)} wrong, first {bad[:3]}"
