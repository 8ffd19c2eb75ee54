"""The x86-64 products, reductions, sums and differences of
csrc/arith/mont_adx.h (mont_adx_mul{n}, mont_adx_redc{n},
mont_adx_modadd{n}, mont_adx_modsub{n}, their double-width
mont_adx_modadd_wide{n}, mont_adx_modsub_wide{n}, and the double-width
product mont_adx_mul_wide{n}, n = 4, 6, 8, 10), built
on their own from tests/mont_adx_ops_check.c and compared with Python
integers for every curve's Fp and Fr modulus of those sizes, written into a
separate buffer and in place of either operand.

Each routine is checked where its contract holds: the Montgomery product
for a < m and any n-limb b (and for the lazily reduced operands of fp_mul,
either one in [m, 3m) with a b < m 2^(64n)), the reduction for T < M = m 2^(64n), the sums
and differences for a, b < m, their double-width forms modulo M for
A, B < M. The operands sit at the bounds (0, 1, m - 1, values that fill
limbs, M - 1, ...), where a selection between two candidates picks the
other one when it is wrong, or are random, and a = b = m - 1 for each
modulus. Besides the curves' moduli, odd moduli whose top limb is at the
kernels' limit, 2^63 - 1, or one below it (test_mont_adx_sqr.edge_moduli). Each build compiles the kernels
under other register pressure: gcc -O2, gcc -O0 with the frame pointer kept
(rbp reserved, as in the sanitizer builds) and clang -O2 where it is
installed."""

import random
import subprocess

import pytest
from test_mont_adx_sqr import BUILDS, REPO_ROOT, _moduli, build_check, edge_moduli

pytestmark = [pytest.mark.once, pytest.mark.native_only]

SOURCE = REPO_ROOT / "tests" / "mont_adx_ops_check.c"


def _narrow(n, m, rng):
    """Values below m (the sums' and differences' operands, the
    product's first one)."""
    vals = [0, 1, 2, m - 1, m - 2, m // 2, (m + 1) // 2, (m - 1) // 2]
    vals += [2 ** (64 * k) - 1 for k in range(1, n)] + [m - 2 ** (64 * k) for k in range(1, n)]
    vals += [rng.randrange(m) for _ in range(12)]
    return [v for v in vals if 0 <= v < m]


def _any(n, m, rng):
    """Any n-limb value (the product's second operand)."""
    top = 2 ** (64 * n)
    return [0, 1, m - 1, m, 2 * m - 1, top - 1, top // 2] + [rng.randrange(top) for _ in range(6)]


def _wide(n, m, rng):
    """Values below M = m 2^(64n)."""
    top = 2 ** (64 * n)
    big = m * top
    vals = [0, 1, big - 1, big - top, big - top - 1, big // 2, top - 1, top, (m - 1) * top,
            (m - 1) * top + top - 1, m - 1, big - 2]
    vals += [rng.randrange(big) for _ in range(8)] + [rng.randrange(top) for _ in range(3)]
    return [v for v in vals if 0 <= v < big]


def _cases(rng):
    out = []
    for n, m in _moduli() + edge_moduli(rng):
        narrow, anyv, wide = _narrow(n, m, rng), _any(n, m, rng), _wide(n, m, rng)
        # both operands just below m, where the product before its last
        # subtraction comes closest to 2m
        top = 2 ** (64 * n)
        out += [(n, m, m - 1, m - 1, m * top - 1, m * top - 1, top - 1), (n, m, m - 2, m - 1, m * top - 2, 0, m - 1)]
        for i in range(max(len(narrow), len(wide)) * 3):
            a = narrow[i % len(narrow)] if i < len(narrow) * 2 else rng.choice(narrow)
            b = rng.choice(narrow) if i % 2 else narrow[(i * 7 + 3) % len(narrow)]
            big_a = wide[i % len(wide)]
            big_b = rng.choice(wide) if i % 2 else wide[(i * 5 + 1) % len(wide)]
            out.append((n, m, a, b, big_a, big_b, anyv[i % len(anyv)]))
    return out


@pytest.mark.parametrize("compiler,flags", BUILDS, ids=["gcc-O2", "gcc-O0-frame-pointer", "clang-O2"])
def test_kernels_against_python_integers(compiler, flags, tmp_path):
    exe = build_check(SOURCE, compiler, flags, tmp_path)
    rng = random.Random(2027)
    cases = _cases(rng)
    assert {c[0] for c in cases} == {4, 6, 8, 10}
    # the product's second operand is any n-limb value: it goes in b's
    # place on a second line with the same a
    lines = []
    for n, m, a, b, big_a, big_b, any_b in cases:
        lines.append(f"{n} {m:x} {a:x} {b:x} {big_a:x} {big_b:x}\n")
        lines.append(f"{n} {m:x} {a:x} {any_b:x} {big_a:x} {big_b:x}\n")
    proc = subprocess.run([str(exe)], input="".join(lines), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()
    assert len(out) == 2 * len(cases)
    for k, (n, m, a, b, big_a, big_b, any_b) in enumerate(cases):
        top = 2 ** (64 * n)
        big = m * top
        rinv = pow(top, -1, m)
        for line, second in ((out[2 * k], b), (out[2 * k + 1], any_b)):
            what = f"n={n} m={m:#x} a={a:#x} b={second:#x} A={big_a:#x} B={big_b:#x}"
            fields = line.split()
            alias = int(fields[0])
            mul, red, add, sub, add_w, sub_w, prod = (int(x, 16) for x in fields[1:])
            assert mul == a * second * rinv % m, f"mul: {what}"
            assert prod == a * second, f"mul_wide: {what}"
            assert red == big_a * rinv % m, f"redc: {what}"
            assert add_w == (big_a + big_b) % big, f"modadd_wide: {what}"
            assert sub_w == (big_a - big_b) % big, f"modsub_wide: {what}"
            # in place: the product (any b) and the double-width sums and
            # differences always, the sums and differences where b < m
            assert alias & 0b11001 == 0, f"in place differs (mask {alias:#b}): {what}"
            if second < m:
                assert add == (a + second) % m, f"modadd: {what}"
                assert sub == (a - second) % m, f"modsub: {what}"
                assert alias == 0, f"in place differs (mask {alias:#b}): {what}"


@pytest.mark.parametrize("compiler,flags", BUILDS, ids=["gcc-O2", "gcc-O0-frame-pointer", "clang-O2"])
def test_product_of_lazily_reduced_operands(compiler, flags, tmp_path):
    """fp_mul's operands are not always below p: fp_add_nr and fp_sub_nr
    (csrc/field/field.h) leave sums and differences below 2p or 3p for
    products whose value a b stays below p R (the G1 formulas take them as
    either operand). For the curves' moduli (4p < R) the Montgomery product
    must reduce those too: first operands in [m, 3m) against second ones
    with a b < m 2^(64n), the other way round as well (moduli with
    4m <= 2^(64n): BLS12-381's r, whose values are always reduced, is
    left out)."""
    exe = build_check(SOURCE, compiler, flags, tmp_path)
    rng = random.Random(2028)
    cases = []
    for n, m in _moduli():
        top = 2 ** (64 * n)
        if 4 * m > top:
            continue
        big = [m, m + 1, 2 * m - 1, 2 * m, 3 * m - 1, rng.randrange(m, 2 * m), rng.randrange(2 * m, 3 * m)]
        small = [0, 1, m - 1, (m - 1) // 2, rng.randrange(m), 2 * m - 1, rng.randrange(m, 2 * m)]
        for x in big:
            for y in small:
                if x * y < m * top:
                    cases += [(n, m, x, y), (n, m, y, x)]
    assert {n for n, _, _, _ in cases} == {4, 6, 8, 10}
    lines = "".join(f"{n} {m:x} {a:x} {b:x} 0 0\n" for n, m, a, b in cases)
    proc = subprocess.run([str(exe)], input=lines, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.splitlines()
    assert len(out) == len(cases)
    for (n, m, a, b), line in zip(cases, out):
        top = 2 ** (64 * n)
        fields = line.split()
        mul, prod = int(fields[1], 16), int(fields[7], 16)
        assert mul == a * b * pow(top, -1, m) % m, f"mul: n={n} m={m:#x} a={a:#x} b={b:#x}"
        assert prod == a * b, f"mul_wide: n={n} m={m:#x} a={a:#x} b={b:#x}"
        assert int(fields[0]) & 1 == 0, f"mul in place differs: n={n} m={m:#x} a={a:#x} b={b:#x}"
