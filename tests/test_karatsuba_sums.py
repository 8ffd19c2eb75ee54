"""The tower's Karatsuba sums at their bounds: fp2_mul_wide and fp6_mul of
csrc/field/, driven by tests/karatsuba_sums_check.c, at 64 bits (the units
built with it, with the x86-64 kernels where the processor has BMI2 and
ADX) and at 32 bits (the library's build linked), and compared with Python
integers.

Where the build takes them (tower.h's fp2_add_ksum: the x86-64 kernels and
2^CURVE_FP_BITS >= 8p), fp2_mul_wide gets coefficients up to 2p - 1, the
largest its Karatsuba sums of reduced operands pass on; elsewhere up to
p - 1. Its double-width results must be exact (c1 = a0 b1 + a1 b0) or
congruent modulo M = p 2^CURVE_FP_BITS (c0 = a0 b0 - a1 b1) and below M.
fp6_mul, whose Karatsuba sums enter fp2_mul_wide unreduced, is checked on
coefficients at p - 1, 0, 1 and random against the product in
Fp2[v]/(v^3 - xi) of the same limbs taken as Montgomery forms."""

import importlib
import pathlib
import random
import shutil
import subprocess

import pytest
from c_tools import core_cflags, core_library, cpu_has_adx, link_flags

pytestmark = [pytest.mark.once, pytest.mark.native_only]

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = REPO_ROOT / "tests" / "karatsuba_sums_check.c"
UNITS = ["field/fp.c", "field/fp2.c", "field/fp6.c", "field/fp_inv.c", "arith/ct.c"]
# xi = c + u: c per curve (consts.h's CURVE_XI_C0, 1 where it is not set)
CURVES = {"bls12_381": 1, "bn254": 9, "bn254_nogami": 1, "bn381": 1, "bn462": 2}


def _fp2_mul(a, b, p):
    return ((a[0] * b[0] - a[1] * b[1]) % p, (a[0] * b[1] + a[1] * b[0]) % p)


def _fp6_mul(x, y, p, c):
    """(x0 + x1 v + x2 v^2)(y0 + y1 v + y2 v^2) with v^3 = xi = c + u."""
    def add(s, t):
        return ((s[0] + t[0]) % p, (s[1] + t[1]) % p)

    def xi(s):
        return ((c * s[0] - s[1]) % p, (s[0] + c * s[1]) % p)

    prod = [[_fp2_mul(x[i], y[j], p) for j in range(3)] for i in range(3)]
    d = [(0, 0)] * 5
    for i in range(3):
        for j in range(3):
            d[i + j] = add(d[i + j], prod[i][j])
    return [add(d[0], xi(d[3])), add(d[1], xi(d[4])), d[2]]


@pytest.mark.parametrize("bits", [64, 32])
@pytest.mark.parametrize("curve", sorted(CURVES))
def test_karatsuba_sums_against_python_integers(curve, bits, tmp_path):
    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.fail("gcc is required to build tests/karatsuba_sums_check.c")
    arch = ["-mbmi2", "-madx"] if bits == 64 and cpu_has_adx() else []
    exe = tmp_path / "karatsuba_sums_check"
    csrc = REPO_ROOT / "csrc"
    # With the x86-64 kernels the units are compiled here (the library is
    # built without -madx); otherwise the library's own build is linked.
    units = [str(csrc / u) for u in UNITS] if arch or bits == 64 else link_flags(core_library(curve, bits))
    cmd = [gcc, "-O2", "-Wall", *arch, *core_cflags(curve), f"-DPYBLS_LIMB_BITS={bits}", str(SOURCE),
           *units, "-o", str(exe)]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO_ROOT)
    assert proc.returncode == 0, f"{' '.join(cmd)}\n{proc.stderr}"

    p = importlib.import_module(f"pybls.{curve}").FIELD_MODULUS
    fp_bits = (p.bit_length() + 63) // 64 * 64
    M = p << fp_bits
    rinv = pow(2, -fp_bits, p)
    rng = random.Random(27)

    # one run to learn whether this build takes coefficients below 2p
    probe = subprocess.run([str(exe)], input="", capture_output=True, text=True, timeout=60)
    assert probe.returncode == 0, probe.stderr
    loose = probe.stdout.split() == ["LOOSE", "1"]
    assert loose == (bits == 64 and bool(arch) and fp_bits - p.bit_length() >= 3)
    top = 2 * p if loose else p
    edge = [0, 1, p - 1, p - 2, top - 1, top - 2, p // 2, rng.randrange(top)]

    wide_cases = [tuple(rng.choice(edge) for _ in range(4)) for _ in range(150)]
    wide_cases += [(top - 1,) * 4, (top - 1, 0, top - 1, 0), (0, top - 1, 0, top - 1), (top - 1, 0, 0, top - 1)]
    redu = [0, 1, p - 1, p - 2, p // 2]
    six_cases = [[rng.choice(redu + [rng.randrange(p)]) for _ in range(12)] for _ in range(60)]
    six_cases += [[p - 1] * 12, [p - 1] * 6 + [1] * 6]
    lines = "".join("w " + " ".join(f"{v:x}" for v in case) + "\n" for case in wide_cases)
    lines += "".join("m " + " ".join(f"{v:x}" for v in case) + "\n" for case in six_cases)
    proc = subprocess.run([str(exe)], input=lines, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()[1:]
    assert len(out) == len(wide_cases) + len(six_cases)

    for (a0, a1, b0, b1), line in zip(wide_cases, out):
        c0, c1 = (int(v, 16) for v in line.split())
        assert c1 == a0 * b1 + a1 * b0 and c1 < M, f"{curve} c1 of {(a0, a1, b0, b1)}"
        assert c0 < M and (c0 - (a0 * b0 - a1 * b1)) % M == 0, f"{curve} c0 of {(a0, a1, b0, b1)}"
    for case, line in zip(six_cases, out[len(wide_cases):]):
        x = [(case[2 * i], case[2 * i + 1]) for i in range(3)]
        y = [(case[6 + 2 * i], case[6 + 2 * i + 1]) for i in range(3)]
        want = [v * rinv % p for coef in _fp6_mul(x, y, p, CURVES[curve]) for v in coef]
        got = [int(v, 16) for v in line.split()]
        assert got == want, f"{curve} fp6_mul of {case}"
