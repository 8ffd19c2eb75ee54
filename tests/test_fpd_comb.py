"""fpd_comb_n (csrc/field/fpd.h), the linear combinations of Fp elements in
30-bit digits that the 32-bit constant-time G1 product of BN254 and
bn254_nogami takes in its doublings and additions
(csrc/ec/ec_mul_template.h), built on its own from tests/fpd_comb_check.c
and compared with Python integers: the result must lie in [0, 2p) and equal
the combination mod p, for the combinations the group law takes and others,
on operands at 0, 1, p - 1, p, 2p - 1 and at random below 2p, and on
operands chosen so that the value falls next to each multiple of 2p (where
the quotient estimate from the top digit has to be exact to one)."""

import importlib
import pathlib
import random
import shutil
import subprocess

import pytest
from c_tools import LineTool, core_cflags

pytestmark = [pytest.mark.once, pytest.mark.native_only]

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = REPO_ROOT / "tests" / "fpd_comb_check.c"
# (ka, kb, kc, km) as ec_mul_template.h takes them: the doubling's X3 and
# 6 (4 X Y^2 - X3), the addition's X3 and W3
GROUP_COMBS = [(9, -2, 0, 2), (18, -54, 0, 54), (1, -1, -2, 3), (2, -2, 0, 2)]


def _value(k, xs, m):
    return sum(c * x for c, x in zip(k[:3], xs)) + k[3] * m


@pytest.mark.parametrize("curve", ["bn254", "bn254_nogami"])
def test_fpd_comb_against_python_integers(tmp_path, curve):
    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.fail("gcc is required to build tests/fpd_comb_check.c")
    exe = tmp_path / "fpd_comb_check"
    cmd = [gcc, "-O2", "-Wall", *core_cflags(curve), "-DPYBLS_LIMB_BITS=32", str(SOURCE),
           str(REPO_ROOT / "csrc" / "arith" / "ct.c"), "-o", str(exe)]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO_ROOT)
    assert proc.returncode == 0, f"{' '.join(cmd)}\n{proc.stderr}"

    p = importlib.import_module(f"pybls.{curve}").FIELD_MODULUS
    m = 2 * p
    rng = random.Random(27)
    edge = [0, 1, 2, p - 1, p, p + 1, m - 2, m - 1, p // 2]
    cases = []
    for k in GROUP_COMBS:
        cases += [(k, tuple(rng.choice(edge + [rng.randrange(m)]) for _ in range(3))) for _ in range(300)]
        cases += [(k, (m - 1,) * 3), (k, (0,) * 3)]
        cases += [(k, tuple(m - 1 if c > 0 else 0 for c in k[:3])), (k, tuple(0 if c > 0 else m - 1 for c in k[:3]))]
    # other coefficients, the value kept nonnegative (km at least the
    # negative coefficients' sum), P + N <= 128
    for _ in range(600):
        k = tuple(rng.randint(-40, 40) for _ in range(3))
        km = sum(-c for c in k if c < 0) + rng.randint(0, 4)
        if sum(abs(c) for c in k) + km > 128:
            continue
        cases.append((k + (km,), tuple(rng.choice(edge + [rng.randrange(m)]) for _ in range(3))))
    # values next to each multiple q m: a = q m + e less the other terms
    for k in GROUP_COMBS + [(1, 0, 0, 0), (1, 1, 1, 0), (3, -1, -1, 2)]:
        for q in range(0, 80):
            for e in (-2, -1, 0, 1, 2, 1 << 40, p):
                for _ in range(2):
                    rest = [rng.choice([0, 1, p, m - 1, rng.randrange(m)]) for _ in range(2)]
                    target = q * m + e - sum(c * x for c, x in zip(k[1:3], rest)) - k[3] * m
                    if target % k[0] == 0 and 0 <= target // k[0] < m:
                        cases.append((k, (target // k[0], *rest)))
    cases = [(k, tuple(xs)) for k, xs in cases]
    lines = [" ".join(map(str, k)) + " " + " ".join(f"{x:x}" for x in xs) for k, xs in cases]
    out = LineTool(exe).run(*lines)
    near = 0
    for (k, xs), line in zip(cases, out):
        v = _value(k, xs, m)
        assert v >= 0, (k, xs)
        near += abs(v - round(v / m) * m) <= 2
        got = int(line, 16)
        assert 0 <= got < m and got % p == v % p, f"{k} of {xs}: {got:x}"
    assert near >= 100
