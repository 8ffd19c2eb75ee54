#!/usr/bin/env python3
"""Generate csrc/arith/mont_adx.h: 6-limb (384-bit) and 4-limb (256-bit)
multiplication and Montgomery reduction for x86-64 CPUs with BMI2 and ADX,
as unrolled inline assembly (the limb counts of the curves' base fields:
BLS12-381's and the BN254 curves').

mulx leaves the flags alone and adcx/adox carry through CF and OF only, so
each row of a schoolbook product runs two independent carry chains (the
low halves of the partial products through CF, the high halves through
OF); gcc and clang do not produce such code from C. The rows keep a
7-limb window of the accumulator in registers and rename them instead of
moving limbs.

Both routines have no branch and no memory index that depends on the data.

    python build-scripts/gen_mont_adx.py            # rewrite csrc/arith/mont_adx.h
    python build-scripts/gen_mont_adx.py --check    # exit 1 if it differs
"""

from __future__ import annotations

import pathlib
import sys
from typing import List

OUT = pathlib.Path(__file__).resolve().parent.parent / "csrc" / "arith" / "mont_adx.h"
# The limb counts generated, and their words in the comments.
SIZES = (6, 4)
WORDS = {4: "four", 6: "six"}
# The accumulator window (n + 1 registers); rdx is mulx's implicit
# operand, lo/hi its outputs.
REGISTERS = ["%%r8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14"]
LO, HI = "%%rax", "%%rbx"


def clobbers(n: int) -> str:
    regs = ", ".join(f'"{r[2:]}"' for r in REGISTERS[: n + 1])
    return f'"rax", "rbx", "rdx", {regs}, "cc", "memory"'


def row(n: int, acc: List[str], src: str, fresh: str) -> List[str]:
    """acc[0..n] += rdx * src[0..n-1], with acc[n] = `fresh`, zeroed here
    (which also clears CF and OF). acc[0..n-1] hold a value below 2^(64n),
    so the sum fits in the n + 1 limbs and no carry leaves acc[n]."""
    out = [f"xorq {fresh}, {fresh}"]
    for j in range(n):
        out.append(f"mulxq {8 * j}(%[{src}]), {LO}, {HI}")
        out.append(f"adcxq {LO}, {acc[j]}")
        out.append(f"adoxq {HI}, {acc[j + 1]}")
    out.append(f"adcq $0, {acc[n]}")
    return out


def mul_wide(n: int) -> List[str]:
    """r[0..2n) = a b for n-limb a, b."""
    acc = REGISTERS[: n + 1]
    lines = []
    for j in range(n):  # the window starts at zero
        lines.append(f"xorq {acc[j]}, {acc[j]}")
    for i in range(n):
        lines.append(f"movq {8 * i}(%[b]), %%rdx")
        lines += row(n, acc, "a", acc[n])
        lines.append(f"movq {acc[0]}, {8 * i}(%[r])")
        acc = acc[1:] + acc[:1]
    for j in range(n):
        lines.append(f"movq {acc[j]}, {8 * (n + j)}(%[r])")
    return lines


def mul_mont(n: int) -> List[str]:
    """r = a b / 2^(64n) mod m, below 2m, for a < m (operand scanning with
    the reduction interleaved): before row i the window holds a value below
    2m; a b_i and then q m, each below 2^64 m, take it below 2^(64n + 63)
    (n + 1 limbs; m < 2^(64n - 2)), and dividing by 2^64 brings it below 2m
    again."""
    acc = REGISTERS[: n + 1]
    lines = [f"xorq {acc[j]}, {acc[j]}" for j in range(n)]
    for i in range(n):
        lines.append(f"movq {8 * i}(%[b]), %%rdx")
        lines += row(n, acc, "a", acc[n])
        lines.append(f"movq {acc[0]}, %%rdx")
        lines.append("imulq %[n0], %%rdx")
        lines.append(f"xorq {LO}, {LO}")  # clears CF and OF; acc[n] is in use
        for j in range(n):
            lines.append(f"mulxq {8 * j}(%[m]), {LO}, {HI}")
            lines.append(f"adcxq {LO}, {acc[j]}")
            lines.append(f"adoxq {HI}, {acc[j + 1]}")
        lines.append(f"adcq $0, {acc[n]}")
        acc = acc[1:] + acc[:1]  # acc[0] is now zero and leaves the window
    for j in range(n):
        lines.append(f"movq {acc[j]}, {8 * j}(%[r])")
    return lines


def redc(n: int) -> List[str]:
    """u = (t_lo + Q m) / 2^(64n) <= m for the low n limbs t_lo of t, with
    Q = -t_lo / m mod 2^(64n) chosen limb by limb; then r = u + t_hi < 2m
    (t_hi < m because t < m 2^(64n)), which is t / 2^(64n) mod m."""
    acc = REGISTERS[: n + 1]
    lines = [f"movq {8 * j}(%[t]), {acc[j]}" for j in range(n)]
    for _ in range(n):
        lines.append(f"movq {acc[0]}, %%rdx")
        lines.append("imulq %[n0], %%rdx")  # q, clearing the low limb below
        lines += row(n, acc, "m", acc[n])
        acc = acc[1:] + acc[:1]  # acc[0] is now zero and leaves the window
    lines.append(f"addq {8 * n}(%[t]), {acc[0]}")
    for j in range(1, n):
        lines.append(f"adcq {8 * (n + j)}(%[t]), {acc[j]}")
    for j in range(n):
        lines.append(f"movq {acc[j]}, {8 * j}(%[r])")
    return lines


def asm_block(lines: List[str]) -> str:
    return "\n".join(f'        "{line}\\n\\t"' for line in lines)


def functions(n: int) -> str:
    """The three routines for n limbs."""
    bits, w, c = 64 * n, WORDS[n], clobbers(n)
    return f"""/* r[0..{2 * n}) = a b. */
static inline void mont_adx_mul_wide{n}(limb_t r[{2 * n}], const limb_t a[{n}], const limb_t b[{n}]) {{
    __asm__ volatile(
{asm_block(mul_wide(n))}
        :
        : [r] "r"(r), [a] "r"(a), [b] "r"(b)
        : {c});
}}

/* r = a b / 2^{bits} mod m, below 2m, for a < m (any {w}-limb b) and
 * n0 = -1/m mod 2^64; r may alias a or b. */
static inline void mont_adx_mul{n}(limb_t r[{n}], const limb_t a[{n}], const limb_t b[{n}], const limb_t m[{n}], limb_t n0) {{
    __asm__ volatile(
{asm_block(mul_mont(n))}
        :
        : [r] "r"(r), [a] "r"(a), [b] "r"(b), [m] "r"(m), [n0] "m"(n0)
        : {c});
}}

/* r = t / 2^{bits} mod m, below 2m, for t < m 2^{bits} and n0 = -1/m mod 2^64. */
static inline void mont_adx_redc{n}(limb_t r[{n}], const limb_t t[{2 * n}], const limb_t m[{n}], limb_t n0) {{
    __asm__ volatile(
{asm_block(redc(n))}
        :
        : [r] "r"(r), [t] "r"(t), [m] "r"(m), [n0] "m"(n0)
        : {c});
}}
"""


def render() -> str:
    body = "\n".join(functions(n) for n in SIZES)
    return f"""/* mont_adx.h - generated by build-scripts/gen_mont_adx.py; do not edit.
 *
 * Products and Montgomery reductions of 384 bits (6 x 64-bit limbs) and 256
 * bits (4 limbs) for x86-64 with BMI2 (mulx) and ADX (adcx/adox): two
 * carry chains per row of the schoolbook product. Used by mont.h for Fp
 * when the compiler targets those extensions (-mbmi2 -madx); constant time
 * (no data-dependent branch or index).
 */
#ifndef PYBLS_MONT_ADX_H
#define PYBLS_MONT_ADX_H

{body}
#endif /* PYBLS_MONT_ADX_H */
"""


def main() -> int:
    text = render()
    if "--check" in sys.argv[1:]:
        if OUT.read_text() != text:
            print(f"{OUT} is not what {__file__} generates", file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
