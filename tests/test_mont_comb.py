"""mont_comb_n (csrc/arith/mont.h), the linear combinations of field
elements that 32-bit builds of BLS12-381 take in their cyclotomic
squarings (csrc/field/fp12.c), built on its own from
tests/mont_comb_check.c and compared with Python integers: the
combinations fp12.c takes and others whose values span [0, 2^(32n + 1)),
on operands at 0, 1, p - 1, p - 2 and at random, and on operands chosen
so that the value falls next to each multiple of p (where the quotient
estimate has to be exact to one)."""

import importlib
import pathlib
import random
import shutil
import subprocess

import pytest
from c_tools import LineTool, core_cflags

pytestmark = [pytest.mark.once, pytest.mark.native_only]

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = REPO_ROOT / "tests" / "mont_comb_check.c"
# (ka, kb, kc, kd, km) as fp12.c takes them
FP12_COMBS = [(1, -1, -1, 0, 2), (3, -3, 2, 0, 3), (3, 3, 2, 0, 0), (3, 3, -3, -2, 5), (3, 3, 3, -2, 2),
              (3, -3, -3, 2, 6)]
# as the group law takes them (csrc/ec): ec_mul_template.h's X3 and the
# products by 3b of g1.c and g2.c
EC_COMBS = [(1, -1, -2, 0, 3), (12, 0, 0, 0, 0)]


def _in_range(k, xs, p, limit):
    v = sum(c * x for c, x in zip(k[:4], xs)) + k[4] * p
    return 0 <= v < limit


def test_mont_comb_against_python_integers(tmp_path):
    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.fail("gcc is required to build tests/mont_comb_check.c")
    exe = tmp_path / "mont_comb_check"
    cmd = [gcc, "-O2", "-Wall", *core_cflags("bls12_381"), "-DPYBLS_LIMB_BITS=32", str(SOURCE),
           str(REPO_ROOT / "csrc" / "arith" / "ct.c"), "-o", str(exe)]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO_ROOT)
    assert proc.returncode == 0, f"{' '.join(cmd)}\n{proc.stderr}"

    p = importlib.import_module("pybls.bls12_381").FIELD_MODULUS
    n = (p.bit_length() + 31) // 32
    limit = 1 << (32 * n + 1)
    rng = random.Random(31)
    edge = [0, 1, 2, p - 1, p - 2, p // 2]
    cases = []
    for k in FP12_COMBS + EC_COMBS:
        cases += [(k, (rng.choice(edge + [rng.randrange(p)]) for _ in range(4))) for _ in range(300)]
        cases += [(k, (p - 1,) * 4), (k, (0,) * 4)]
        cases += [(k, tuple(p - 1 if c > 0 else 0 for c in k[:4])), (k, tuple(0 if c > 0 else p - 1 for c in k[:4]))]
    # other coefficients, the value kept in range
    for _ in range(400):
        k = tuple(rng.randint(-4, 4) for _ in range(4)) + (rng.randint(0, 12),)
        xs = tuple(rng.choice(edge + [rng.randrange(p)]) for _ in range(4))
        if _in_range(k, xs, p, limit):
            cases.append((k, xs))
    # values next to each multiple q p: d picked so that a + d lands at q p + e
    for q in range(1, 11):
        for e in (-2, -1, 0, 1, 2):
            a = rng.randrange(p)
            target = q * p + e - 3 * a
            # target = 3 b + c with b, c below p
            b = min(target // 3, p - 1)
            c = target - 3 * b
            if 0 <= b < p and 0 <= c < p:
                cases.append(((3, 3, 1, 0, 0), (a, b, c, 0)))
    # and next to each multiple of p (0 included: the quotient's estimate
    # from the top limbs is below zero there) with negative coefficients:
    # a = q p + e less the other terms
    for k in [(1, -1, -1, 0, 2), (1, -1, -2, 0, 3), (1, -3, -3, 2, 6)]:
        for q in range(0, 4):
            for e in (-2, -1, 0, 1, 2, 1 << 40, p >> 1):
                for _ in range(4):
                    rest = [rng.choice([0, 1, p - 1, rng.randrange(p)]) for _ in range(3)]
                    a = q * p + e - sum(c * x for c, x in zip(k[1:4], rest)) - k[4] * p
                    if 0 <= a < p:
                        cases.append((k, (a, *rest)))
    for q in range(0, 12):
        for e in (-12, -1, 0, 1, 12):
            a = (q * p + e) // 12
            if 0 <= a < p:
                cases.append(((12, 0, 0, 0, 0), (a, 0, 0, 0)))
    cases = [(k, tuple(xs)) for k, xs in cases]
    lines = [" ".join(map(str, k)) + " " + " ".join(f"{x:x}" for x in xs) for k, xs in cases]
    out = LineTool(exe).run(*lines)
    near = 0
    for (k, xs), line in zip(cases, out):
        v = sum(c * x for c, x in zip(k[:4], xs)) + k[4] * p
        assert 0 <= v < limit, (k, xs)
        near += abs(v - round(v / p) * p) <= 2
        assert int(line, 16) == v % p, f"{k} of {xs}"
    assert near >= 40
