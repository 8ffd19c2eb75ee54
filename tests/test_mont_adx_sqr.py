"""The x86-64 squares of csrc/arith/mont_adx.h (mont_adx_sqr_wide{n} and
mont_adx_sqr{n}, n = 4, 6, 8, 10), built on their own from
tests/mont_adx_sqr_check.c and compared with Python integers for every
curve's Fp and Fr modulus of those sizes, and for odd moduli whose top
limb is at the kernels' limit (edge_moduli).

The double-width square takes any n-limb value; the Montgomery square any
a with a^2 < m 2^(64n), which callers meet with a < m (four limbs: also
a + m <= 2^256, since that square is the product a a, whose rows stay in
five limbs when it holds; callers' a < 2p meets it, with 4p < 2^256). The values fill limbs
(all ones, 2^63, runs of zero limbs), sit at the bounds (m - 1, m, 2m - 1,
the largest a with a^2 < m 2^(64n), 2^(64n) - 1) or are random. Each
build compiles the kernels under other register pressure: gcc -O2, gcc -O0
with the frame pointer kept (rbp reserved, as in the sanitizer builds) and
clang -O2 where it is installed."""

import importlib
import math
import pathlib
import random
import shutil
import subprocess

import pytest
from c_tools import cpu_has_adx

pytestmark = [pytest.mark.once, pytest.mark.native_only]

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = REPO_ROOT / "tests" / "mont_adx_sqr_check.c"
CURVES = ["bls12_381", "bn254", "bn254_nogami", "bn381", "bn462", "bls48_581"]


def _moduli():
    out = []
    for curve in CURVES:
        mod = importlib.import_module(f"pybls.{curve}")
        for m in (mod.FIELD_MODULUS, mod.CURVE_ORDER):
            n = (m.bit_length() + 63) // 64
            if n in (4, 6, 8, 10):
                out.append((n, m))
    return out


def edge_moduli(rng):
    """Odd moduli of every size with the top limb at the kernels' limit,
    2^63 - 1 (m < 2^(64n - 1), so that 2m fits in n limbs), and one below
    it, 2^63 - 2 (the largest top limb of the no-carry condition, see
    gen_mont_adx.py): below it all ones (the largest such modulus), 1, or
    random odd. Montgomery arithmetic needs m odd, not prime."""
    out = []
    for n in (4, 6, 8, 10):
        low = 2 ** (64 * (n - 1))
        for top in (2**63 - 2, 2**63 - 1):
            out += [(n, top * low + low - 1), (n, top * low + 1), (n, top * low + (rng.randrange(low) | 1))]
    return out


def _values(n, m, rng):
    top = 2 ** (64 * n)
    vals = [0, 1, 2, m - 1, m - 2, m, m + 1, 2 * m - 1, math.isqrt(m * top - 1), top - 1, top - 2, top // 2,
            top // 2 - 1, (top - 1) // 3, (top - 1) // 5]
    vals += [2 ** (64 * k) - 1 for k in range(1, n)] + [top - 2 ** (64 * k) for k in range(1, n)]
    vals += [m - 2 ** (64 * k) for k in range(1, n)]
    for _ in range(60):
        vals.append(sum(rng.choice([0, 1, 2**63, 2**64 - 1, rng.randrange(2**64)]) << (64 * k) for k in range(n)))
    vals += [rng.randrange(m) for _ in range(60)] + [rng.randrange(top) for _ in range(30)]
    return [v for v in vals if 0 <= v < top]


BUILDS = [("gcc", ["-O2"]), ("gcc", ["-O0", "-fno-omit-frame-pointer"]), ("clang", ["-O2"])]


def build_check(source, compiler, flags, tmp_path):
    """The executable of the check program `source` built by `compiler`
    with `flags` (skipped without ADX or clang, failed without gcc)."""
    if not cpu_has_adx():
        pytest.skip("needs an x86-64 processor with BMI2 and ADX")
    cc = shutil.which(compiler) or (shutil.which("clang-14") if compiler == "clang" else None)
    if cc is None:
        if compiler == "gcc":
            pytest.fail(f"gcc is required to build {source.relative_to(REPO_ROOT)}")
        pytest.skip("clang is not installed")
    exe = tmp_path / source.stem
    cmd = [cc, *flags, "-Wall", "-mbmi2", "-madx", f"-I{REPO_ROOT / 'csrc'}", str(source), "-o", str(exe)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, f"{' '.join(cmd)}\n{proc.stderr}"
    return exe


@pytest.mark.parametrize("compiler,flags", BUILDS, ids=["gcc-O2", "gcc-O0-frame-pointer", "clang-O2"])
def test_squares_against_python_integers(compiler, flags, tmp_path):
    exe = build_check(SOURCE, compiler, flags, tmp_path)
    rng = random.Random(2026)
    cases = [(n, m, a) for n, m in _moduli() + edge_moduli(rng) for a in _values(n, m, rng)]
    assert {n for n, _, _ in cases} == {4, 6, 8, 10}
    lines = "".join(f"{n} {m:x} {a:x}\n" for n, m, a in cases)
    proc = subprocess.run([str(exe)], input=lines, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()
    assert len(out) == len(cases)
    for (n, m, a), line in zip(cases, out):
        assert not line.startswith("ALIAS"), f"in place differs: n={n} m={m:#x} a={a:#x}"
        wide, mont = (int(x, 16) for x in line.split())
        assert wide == a * a, f"n={n} a={a:#x}"
        top = 2 ** (64 * n)
        if a * a < m * top and (n != 4 or a + m <= top):
            assert mont == a * a * pow(top, -1, m) % m, f"n={n} m={m:#x} a={a:#x}"
