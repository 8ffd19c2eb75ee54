#!/usr/bin/env python3
"""Generate csrc/arith/mont_adx.h: 4-, 6-, 8- and 10-limb (256-, 384-,
512- and 640-bit) multiplication and Montgomery reduction for x86-64 CPUs
with BMI2 and ADX, and modular sums and differences of those sizes and of
their double-width products, as unrolled inline assembly (the limb counts
of the curves' base fields: 4 for the BN254 curves, 6 for BLS12-381 and
BN381_1, 8 for BN462, 10 for BLS48-581).

mulx leaves the flags alone and adcx/adox carry through CF and OF only, so
each row of a schoolbook product runs two independent carry chains (the
low halves of the partial products through CF, the high halves through
OF); gcc and clang do not produce such code from C. The rows keep a
7-limb window of the accumulator in registers and rename them instead of
moving limbs.

Squares take each cross product a_i a_j (i < j) once, in rows of the
same kind, then double them and add the squares a_i^2 in a single pass
with two carry chains: the doubling (adcx x, x) through CF, the squares
through OF. That is n(n + 1)/2 products for a b's n^2; the Montgomery
square is the double-width square followed by the reduction.

The sums and differences select between two candidates with cmov, which
gcc does not reliably emit from C (it spends three instructions a limb on
the masks instead), and keep one candidate in the output buffer rather than
in registers, so that eight limbs fit in the registers x86-64 has.

Eight limbs leave fewer registers than the products need with the frame
pointer reserved (the sanitizer builds): there the output pointer stays in
memory and is loaded when a limb is stored, and the Montgomery product is
the double-width product followed by the reduction.

Ten limbs leave no register for the (n + 1)-th limb of the window: each
row stores or clears the window's low limb after its first step and reuses
that register as the new top limb, and b and t stay in memory as well (one
pointer load a row). Their sums and differences keep a and b in memory
too (four pointers and ten limbs do not fit).

Every routine has no branch and no memory index that depends on the data.

No product needs a carry word beyond its n + 1 window registers: for
m < 2^(64n - 1) (a top limb of at most 2^63 - 1, as every curve's moduli
have) a row's sum stays below 2^65 m < 2^(64n + 64). That is the
"no-carry" form of the CIOS product, whose textbook form keeps n + 2
words. Its usual condition, a top limb of at most 2^63 - 2, would allow
more. The product row's top limb then stays below 2^63 (V + a b_i <
(2^64 + 1) m for V < 2m), so the row's closing adc $0 leaves OF clear as
well as CF; with the quotient computed by mulx (which leaves the flags
alone, where imul sets them) and the reduction row's last carry added by
adcx from the limb that row clears (which leaves both flags clear for any
modulus), no row but the first needs its xor: 2n - 2 fewer instructions
per product. The kernels keep the xor nevertheless: without it each row
waits for the previous row's last flags instead of starting once its low
limbs are final, and mulx is a cycle slower than imul on the quotient's
path. On an Intel Xeon (the least time of a few hundred runs) the
four-limb product took 1.10 times as long in a dependent chain and the
six-limb one 1.18 to 1.19 times; a G1 multiplication 1.01 to 1.02 times on
bn254_nogami and 1.07 times on BLS12-381, with 1.5% fewer instructions.

The four-limb product is the exception to the two carry chains: its rows
(a b_i, then q m) are each computed into registers of their own with one
add/adc chain and then added to the accumulator with another
(mul_mont_full), as mcl's generated code for four limbs does. A row a b_i
then depends on nothing but a and b and is computed ahead, out of order,
while the accumulator waits on one addition a limb; with two chains
through the accumulator, both the row's high halves and its low halves
waited for the accumulator's limbs. The square of four limbs is that
product a a: the fused square's doubling pass and its reduction from a
low half that is final only at the end made a longer dependent chain.
Measured on an Intel Xeon (AMX, one of the Sapphire Rapids generation;
benchmarks/instr/fp_mul_chain.sh: least time of 3000 rounds of 64 calls
through a function pointer, in core cycles, the calls' own cost, about 4
cycles, included) on bn254_nogami's field:

                           mul chain  mul 2 chains  sqr chain  sqr 2 chains
    two carry chains (before)   62.2      46.1         63.6       42.4
    rows apart, sqr = a a       56.7      40.4         57.3       40.7
    mcl (mclbn256 1.3.5)        55.5      44.3         57.9       45.8

("chain": each call waits for the one before, the latency; "2 chains":
two independent chains interleaved.) The generated code of mcl for this
field (read from the wheel's library at run time, and in mcl's
src/fp_generator.hpp, gen_montMul4 and montgomery4_1) differs from these
kernels in these respects:
- its quotient is the low half of the one-operand mul (q = c0 n0, n0 an
  immediate loaded into rax), not imul with n0 in memory;
- it keeps p at a fixed address (rip-relative) and the output and b
  pointers in xmm registers, and enters through a call to the body after
  pushing six registers;
- it uses no adcx/adox in the product, no carry word beyond the five
  limbs (p's top bit is clear), and ends with the same branch-free
  subtraction (sub/sbb, then cmovc from copies in registers);
- its square is a double-width square (cross products with add/adc,
  doubled by a chain of shld, the limbs' squares added with adc) stored
  on the stack, then a call to the 8-limb Montgomery reduction, whose
  rows add q p with adcx/adox and take each high limb from memory, the
  carry kept in a register (setc).
The latency gap left is about one cycle in 55; the kernels are ahead
when two chains interleave. Whole operations on bn254_nogami (the
library built before and after, loaded side by side in one process,
rounds alternating): a G1 multiplication 0.93 times the time, a G2
multiplication 0.97 times, the pairing, its final exponentiation and a GT
power unchanged (within 1%): the tower's products are double-width
products and reductions (mul_wide, redc), which keep their two chains.
With rows apart the four-limb redc measured the same in a chain of
products and 3% slower in a chain of squares; mul_wide took 4% less time
in a chain of products but made the Miller loop and the GT power 2%
slower. Six limbs keep their two chains too: a row apart needs n + 2
registers besides the window, which with six limbs the registers do not
hold.

    python build-scripts/gen_mont_adx.py            # rewrite csrc/arith/mont_adx.h
    python build-scripts/gen_mont_adx.py --check    # exit 1 if it differs
"""

from __future__ import annotations

import pathlib
import sys
from typing import Dict, List, Set, Tuple

OUT = pathlib.Path(__file__).resolve().parent.parent / "csrc" / "arith" / "mont_adx.h"
# The limb counts generated, and their words in the comments.
SIZES = (6, 4, 8, 10)
WORDS = {4: "four", 6: "six", 8: "eight", 10: "ten"}
# The accumulator window (n + 1 registers); rdx is mulx's implicit
# operand, lo/hi its outputs.
REGISTERS = ["%%r8", "%%r9", "%%r10", "%%r11", "%%r12", "%%r13", "%%r14", "%%r15", "%%rcx", "%%rsi"]
LO, HI = "%%rax", "%%rbx"


def clobbers(n: int) -> str:
    """The registers a routine uses: mulx's three and the accumulator's
    n + 1 (n for ten limbs, whose window is one shorter)."""
    regs = ", ".join(f'"{r[2:]}"' for r in REGISTERS[: window(n)])
    return f'"rax", "rbx", "rdx", {regs}, "cc", "memory"'


def window(n: int) -> int:
    """The accumulator's registers: n + 1, or n for ten limbs (see
    row_short)."""
    return n if n == 10 else n + 1


# Eight and ten limbs keep the output pointer in memory (see the module's
# comment).
def out_ptr(n: int) -> str:
    return "%%rax" if n >= 8 else "%[r]"


def load_out_ptr(n: int) -> List[str]:
    return ["movq %[r], %%rax"] if n >= 8 else []


def reduce_once(n: int, acc: List[str], r: str) -> List[str]:
    """r = acc - m if that does not borrow, else acc, for acc < 2m: acc is
    stored in r, m subtracted in the registers, and the stored value taken
    back where the subtraction borrowed."""
    lines = [f"movq {acc[j]}, {8 * j}({r})" for j in range(n)]
    lines.append(f"subq 0(%[m]), {acc[0]}")
    lines += [f"sbbq {8 * j}(%[m]), {acc[j]}" for j in range(1, n)]
    lines += [f"cmovcq {8 * j}({r}), {acc[j]}" for j in range(n)]
    lines += [f"movq {acc[j]}, {8 * j}({r})" for j in range(n)]
    return lines


def reduce_once_regs(n: int, acc: List[str], r: str, spare: List[str], offset: int = 0) -> List[str]:
    """reduce_once with acc's copy in n spare registers instead of in r
    (stored from limb `offset` of r): the selection waits for no store to
    be forwarded."""
    lines = [f"movq {acc[j]}, {spare[j]}" for j in range(n)]
    lines.append(f"subq 0(%[m]), {acc[0]}")
    lines += [f"sbbq {8 * j}(%[m]), {acc[j]}" for j in range(1, n)]
    lines += [f"cmovcq {spare[j]}, {acc[j]}" for j in range(n)]
    return lines + [f"movq {acc[j]}, {8 * (offset + j)}({r})" for j in range(n)]


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


def row_first(n: int, acc: List[str], src: str) -> List[str]:
    """acc[0..n] = rdx * src[0..n-1], the first row of a product: nothing
    to add to, so the high halves go straight into the window and one carry
    chain adds the low halves."""
    out = [f"mulxq 0(%[{src}]), {acc[0]}, {acc[1]}"]
    for j in range(1, n):
        out.append(f"mulxq {8 * j}(%[{src}]), {LO}, {acc[j + 1]}")
        out.append(f"{'addq' if j == 1 else 'adcq'} {LO}, {acc[j]}")
    out.append(f"adcq $0, {acc[n]}")
    return out


def mul_wide(n: int) -> List[str]:
    """r[0..2n) = a b for n-limb a, b."""
    acc = REGISTERS[: n + 1]
    # four limbs: the first row writes the window (row_first); more: it
    # adds to a zeroed one (six limbs' final exponentiations on BLS12-381
    # and BN381_1 took 1.6% longer with row_first)
    lines = [] if n == 4 else [f"xorq {acc[j]}, {acc[j]}" for j in range(n)]
    r = out_ptr(n)
    for i in range(n):
        lines.append(f"movq {8 * i}(%[b]), %%rdx")
        lines += row_first(n, acc, "a") if i == 0 and n == 4 else row(n, acc, "a", acc[n])
        lines += load_out_ptr(n)
        lines.append(f"movq {acc[0]}, {8 * i}({r})")
        acc = acc[1:] + acc[:1]
    for j in range(n):
        lines.append(f"movq {acc[j]}, {8 * (n + j)}({r})")
    return lines


def row_short(n: int, acc: List[str], src: str, low: List[str]) -> List[str]:
    """acc[0..n] += rdx * src[0..n-1] with the window one register short:
    acc[0] is final after the first step, so `low` (instructions that may
    read it and use rax and rbx) runs there and acc[0]'s register, zeroed by
    `low`, becomes acc[n]. Returns the row; the window rotates as in row.
    rax is zeroed first to clear CF and OF (mulx overwrites it)."""
    out = ["xorl %%eax, %%eax"]
    out.append(f"mulxq 0(%[{src}]), {LO}, {HI}")
    out.append(f"adcxq {LO}, {acc[0]}")
    out.append(f"adoxq {HI}, {acc[1]}")
    out += low
    top = acc[0]  # acc[n] from here on
    for j in range(1, n):
        out.append(f"mulxq {8 * j}(%[{src}]), {LO}, {HI}")
        out.append(f"adcxq {LO}, {acc[j]}")
        out.append(f"adoxq {HI}, {acc[j + 1] if j + 1 < n else top}")
    out.append(f"adcq $0, {top}")
    return out


def mul_wide_short(n: int) -> List[str]:
    """r[0..2n) = a b for n-limb a, b with an n-register window (ten limbs):
    b and r stay in memory and are loaded when a limb is read or stored;
    each row stores its low limb after the first step and reuses the
    register (mov leaves the flags alone)."""
    acc = REGISTERS[:n]
    lines = [f"xorq {acc[j]}, {acc[j]}" for j in range(n)]
    for i in range(n):
        lines.append("movq %[b], %%rdx")
        lines.append(f"movq {8 * i}(%%rdx), %%rdx")
        store = ["movq %[r], %%rax", f"movq {acc[0]}, {8 * i}(%%rax)", f"movq $0, {acc[0]}"]
        lines += row_short(n, acc, "a", store)
        acc = acc[1:] + acc[:1]
    lines.append("movq %[r], %%rax")
    for j in range(n):
        lines.append(f"movq {acc[j]}, {8 * (n + j)}(%%rax)")
    return lines


def redc_short(n: int) -> List[str]:
    """redc with an n-register window (ten limbs): t and r stay in memory;
    each row's first step clears acc[0] (q is chosen so), which then serves
    as acc[n] at no cost."""
    acc = REGISTERS[:n]
    lines = ["movq %[t], %%rax"]
    lines += [f"movq {8 * j}(%%rax), {acc[j]}" for j in range(n)]
    for _ in range(n):
        lines.append(f"movq {acc[0]}, %%rdx")
        lines.append("imulq %[n0], %%rdx")
        lines += row_short(n, acc, "m", [])
        acc = acc[1:] + acc[:1]
    lines.append("movq %[t], %%rax")
    lines.append(f"addq {8 * n}(%%rax), {acc[0]}")
    for j in range(1, n):
        lines.append(f"adcq {8 * (n + j)}(%%rax), {acc[j]}")
    return lines + load_out_ptr(n) + reduce_once(n, acc, out_ptr(n))


def mul_mont(n: int) -> List[str]:
    """r = a b / 2^(64n) mod m, below m, for a < m (operand scanning with
    the reduction interleaved): before row i the window holds a value below
    2m; a b_i and then q m, each below 2^64 m, take it below 2^65 m <
    2^(64n + 64) (n + 1 limbs, for m < 2^(64n - 1)), and dividing by 2^64
    brings it below 2m again; a last conditional subtraction takes it below
    m."""
    acc = REGISTERS[: n + 1]
    lines = [] if n == 4 else [f"xorq {acc[j]}, {acc[j]}" for j in range(n)]  # as in mul_wide
    for i in range(n):
        lines.append(f"movq {8 * i}(%[b]), %%rdx")
        lines += row_first(n, acc, "a") if i == 0 and n == 4 else row(n, acc, "a", acc[n])
        lines.append(f"movq {acc[0]}, %%rdx")
        lines.append("imulq %[n0], %%rdx")
        lines.append(f"xorq {LO}, {LO}")  # clears CF and OF; acc[n] is in use
        for j in range(n):
            lines.append(f"mulxq {8 * j}(%[m]), {LO}, {HI}")
            lines.append(f"adcxq {LO}, {acc[j]}")
            lines.append(f"adoxq {HI}, {acc[j + 1]}")
        lines.append(f"adcq $0, {acc[n]}")
        acc = acc[1:] + acc[:1]  # acc[0] is now zero and leaves the window
    if n == 4:  # the copy in rax, rbx, rdx and the window's free register
        return lines + reduce_once_regs(n, acc, "%[r]", [acc[n], LO, HI, "%%rdx"])
    return lines + reduce_once(n, acc, "%[r]")


def mul_row_regs(n: int, src: str, prod: List[str]) -> List[str]:
    """prod[0..n-1], rdx = rdx * src[0..n-1] (one carry chain, rax the
    low halves)."""
    out = [f"mulxq 0(%[{src}]), {prod[0]}, {prod[1]}"]
    for j in range(1, n):
        nhi = "%%rdx" if j == n - 1 else prod[j + 1]
        out.append(f"mulxq {8 * j}(%[{src}]), {LO}, {nhi}")
        out.append(f"{'addq' if j == 1 else 'adcq'} {LO}, {prod[j]}")
    out.append("adcq $0, %%rdx")
    return out


def mul_mont_full(n: int) -> List[str]:
    """mul_mont (four limbs) with every row computed apart, a b_i and
    q m alike (mul_row_regs: a b_i waits for nothing but its operands),
    and added to the accumulator by one add/adc chain, so that the window
    waits on one addition a limb and the next quotient on one addition
    after the row: the accumulator's limbs, the row's and rax and rdx take
    eleven registers, so r and b stay in memory (their pointers loaded
    where they are used). The bound is mul_mont's: the rows' sums stay
    below 2^(64n + 64) for a + m <= 2^(64n), which a < m < 2^(64n - 1)
    meets."""
    acc = REGISTERS[: n + 1]
    prod = [REGISTERS[n + 1], REGISTERS[n + 2], REGISTERS[n + 3], HI]
    lines: List[str] = []
    for i in range(n):
        lines.append("movq %[b], %%rdx")
        lines.append(f"movq {8 * i}(%%rdx), %%rdx")
        if i == 0:
            lines += mul_row_regs(n, "a", acc)
            lines.append(f"movq %%rdx, {acc[n]}")
        else:
            lines += mul_row_regs(n, "a", prod)
            lines.append(f"addq {prod[0]}, {acc[0]}")
            lines += [f"adcq {prod[j]}, {acc[j]}" for j in range(1, n)]
            lines.append("adcq $0, %%rdx")
            lines.append(f"movq %%rdx, {acc[n]}")
        lines.append(f"movq {acc[0]}, %%rdx")
        lines.append("imulq %[n0], %%rdx")
        lines += mul_row_regs(n, "m", prod)
        lines.append(f"addq {prod[0]}, {acc[0]}")
        lines += [f"adcq {prod[j]}, {acc[j]}" for j in range(1, n)]
        lines.append(f"adcq %%rdx, {acc[n]}")
        acc = acc[1:] + acc[:1]
    lines.append(f"movq %[r], {prod[0]}")
    spare = [acc[n], LO, HI, "%%rdx"]
    lines += [f"movq {acc[j]}, {spare[j]}" for j in range(n)]
    lines.append(f"subq 0(%[m]), {acc[0]}")
    lines += [f"sbbq {8 * j}(%[m]), {acc[j]}" for j in range(1, n)]
    lines += [f"cmovcq {spare[j]}, {acc[j]}" for j in range(n)]
    return lines + [f"movq {acc[j]}, {8 * j}({prod[0]})" for j in range(n)]


def redc(n: int) -> List[str]:
    """u = (t_lo + Q m) / 2^(64n) <= m for the low n limbs t_lo of t, with
    Q = -t_lo / m mod 2^(64n) chosen limb by limb; then u + t_hi < 2m
    (t_hi < m because t < m 2^(64n)) is t / 2^(64n) mod m, and r is that
    less m where it is not below m."""
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
    if n == 4:  # as in mul_mont
        return lines + reduce_once_regs(n, acc, "%[r]", [acc[n], LO, HI, "%%rdx"])
    return lines + load_out_ptr(n) + reduce_once(n, acc, out_ptr(n))


# The squares' accumulator registers (see sqr_wide): at most nine, which
# leaves two registers for r and a besides rbp (reserved where the frame
# pointer is kept).
SQR_POOL = {4: 6, 6: 9, 8: 9, 10: 9}


def sqr_wide(n: int, mont: bool = False) -> Tuple[List[str], List[str]]:
    """r[0..2n) = a^2 for an n-limb a: the cross products a_i a_j (i < j)
    once, in rows, then doubled and added to the diagonal a_i^2 in one pass
    with two carry chains (the doubling through CF with adcx, the squares
    through OF with adox).

    Row i adds a_i (a_(i+1), ..., a_(n-1)) at limb 2i + 1 and fills limb
    i + n, so after it limbs up to 2i + 2 are final: a limb that no longer
    fits in the registers is stored in r (at its own place, not yet
    doubled) and loaded back into rdx in the last pass, where mulx has
    consumed rdx. The first row needs n registers; with fewer (ten limbs)
    its low limb, final at once, goes to r straight away. The cross
    products sum to below a^2 / 2 < 2^(128n - 1), so neither chain carries
    out of the top limb.

    With `mont` (sqr_mont), the low half stays in the registers and the
    high half goes to r[0..n), which no later step reads before it is
    written: step k of the last pass reads a_k and then writes limbs 2k and
    2k + 1 >= n, that is r[2k - n] and r[2k + 1 - n] with 2k + 1 - n <= k,
    so r may alias a. Low limbs that do not fit (six limbs) wait in the
    scratch operands s0, s1, ... and are loaded into registers that the
    high half frees once the last pass is done. Returns the lines and, with
    `mont`, the registers of the reduction's window (the low half and one
    free register)."""
    free = list(REGISTERS[: SQR_MONT_POOL[n] if mont else SQR_POOL[n]])
    reg: Dict[int, str] = {}  # limb position -> register
    lines: List[str] = []

    def take() -> str:
        return free.pop(0)

    scratch: Set[int] = set()  # sqr_mont's low limbs in memory

    def spill() -> List[str]:
        """Stores the lowest limb held (between rows: rax is free) and
        frees its register."""
        low = min(reg)
        free.append(reg.pop(low))
        if mont:
            assert low < n
            scratch.add(low)
            return [f"movq {free[-1]}, %[s{low}]"]
        return [f"movq {free[-1]}, {8 * low}(%[r])"]

    # Row 0 writes the window directly: a_0 a_j's high half goes to limb
    # j + 1, its low half is added to limb j (one chain, through CF).
    lines.append("movq 0(%[a]), %%rdx")
    for j in range(1, n):
        reg[j + 1] = take()
        if j == 1 and len(free) < n - 1:  # limb 1 to memory
            lines.append(f"mulxq 8(%[a]), {LO}, {reg[2]}")
            lines.append(f"movq {LO}, 8(%[r])")
        elif j == 1:
            reg[1] = take()
            lines.append(f"mulxq 8(%[a]), {reg[1]}, {reg[2]}")
        else:
            lines.append(f"mulxq {8 * j}(%[a]), {LO}, {reg[j + 1]}")
            lines.append(f"{'addq' if j == 2 else 'adcq'} {LO}, {reg[j]}")
    if n > 2:
        lines.append(f"adcq $0, {reg[n]}")
    for i in range(1, n - 1):
        # limbs up to 2i are final; row i fills limb i + n
        if not free:
            lines += spill()
        top = reg[i + n] = take()
        lines.append(f"movq {8 * i}(%[a]), %%rdx")
        lines.append(f"xorq {top}, {top}")  # also clears CF and OF
        for j in range(i + 1, n):
            lines.append(f"mulxq {8 * j}(%[a]), {LO}, {HI}")
            lines.append(f"adcxq {LO}, {reg[i + j]}")
            lines.append(f"adoxq {HI}, {reg[i + j + 1]}")
        lines.append(f"adcq $0, {top}")
    # The last pass: limb k becomes 2 t_k + the diagonal's limb. Limb 0 of
    # the cross products is zero and limb 2n - 1 too (before the carries).
    out = "%[r]"
    lines.append("xorl %%eax, %%eax")  # clears CF and OF
    for k in range(n):
        lines.append(f"movq {8 * k}(%[a]), %%rdx")
        lines.append(f"mulxq {8 * k}(%[a]), {LO}, {HI}")
        for pos, half in ((2 * k, LO), (2 * k + 1, HI)):
            if pos == 0:
                if mont and free:
                    reg[0] = take()
                    lines.append(f"movq {LO}, {reg[0]}")
                elif mont:
                    scratch.add(0)
                    lines.append(f"movq {LO}, %[s0]")
                else:
                    lines.append(f"movq {LO}, 0({out})")
                continue
            if pos in reg:
                x = reg[pos]
            elif pos in scratch:
                x = "%%rdx"
                lines.append(f"movq %[s{pos}], %%rdx")
            elif pos == 2 * n - 1:  # mulx is done with rdx
                x = "%%rdx"
                lines.append("movq $0, %%rdx")
            else:
                x = "%%rdx"
                lines.append(f"movq {8 * pos}({out}), %%rdx")
            lines.append(f"adcxq {x}, {x}")
            lines.append(f"adoxq {half}, {x}")
            if not mont:
                lines.append(f"movq {x}, {8 * pos}({out})")
            elif pos in scratch:
                lines.append(f"movq {x}, %[s{pos}]")
            elif pos >= n:
                lines.append(f"movq {x}, {8 * (pos - n)}({out})")
                if pos in reg:
                    free.append(reg.pop(pos))
    if mont:
        for pos in sorted(scratch):
            reg[pos] = take()
            lines.append(f"movq %[s{pos}], {reg[pos]}")
        return lines, [reg[j] for j in range(n)] + [free[0]]
    return lines, []


# The fused Montgomery square's registers (six limbs; four take the
# product a a): eight, which with r, a and m fill the fourteen registers
# left when rbp is reserved (three low limbs wait in memory).
SQR_MONT_POOL = {6: 8}


def sqr_mont(n: int) -> List[str]:
    """r = a^2 / 2^(64n) mod m, below m, for a^2 < m 2^(64n): the
    double-width square (sqr_wide) with its low half left in the
    registers and its high half in r, then the reduction of redc from
    there (adding the high half from r before the final subtraction)."""
    lines, acc = sqr_wide(n, mont=True)
    for _ in range(n):
        lines.append(f"movq {acc[0]}, %%rdx")
        lines.append("imulq %[n0], %%rdx")  # q, clearing the low limb below
        lines += row(n, acc, "m", acc[n])
        acc = acc[1:] + acc[:1]
    lines.append(f"addq 0(%[r]), {acc[0]}")
    for j in range(1, n):
        lines.append(f"adcq {8 * j}(%[r]), {acc[j]}")
    # r = acc less m where that does not borrow, the copy in spare
    # registers where there are enough (the window's last register and the
    # pool's rest, rax, rbx and rdx are free) rather than in r
    spare = [acc[n]] + [x for x in REGISTERS[: SQR_MONT_POOL[n]] if x not in acc] + [LO, HI, "%%rdx"]
    if len(spare) < n:
        return lines + reduce_once(n, acc, "%[r]")
    lines += [f"movq {acc[j]}, {spare[j]}" for j in range(n)]
    lines.append(f"subq 0(%[m]), {acc[0]}")
    lines += [f"sbbq {8 * j}(%[m]), {acc[j]}" for j in range(1, n)]
    lines += [f"cmovcq {spare[j]}, {acc[j]}" for j in range(n)]
    return lines + [f"movq {acc[j]}, {8 * j}(%[r])" for j in range(n)]


def modadd(n: int) -> List[str]:
    """r = a + b mod m for a, b < m (2m < 2^(64n): no carry out)."""
    acc = REGISTERS[:n]
    lines = [f"movq {8 * j}(%[a]), {acc[j]}" for j in range(n)]
    lines.append(f"addq 0(%[b]), {acc[0]}")
    lines += [f"adcq {8 * j}(%[b]), {acc[j]}" for j in range(1, n)]
    if n == 4:
        return lines + reduce_once_regs(n, acc, "%[r]", SUM_SPARE)
    return lines + reduce_once(n, acc, "%[r]")


def modsub(n: int) -> List[str]:
    """r = a - b mod m for a, b < m: the difference is stored, m added in
    the registers, and the stored difference taken back where it did not
    borrow (rax is all ones where it did)."""
    acc = REGISTERS[:n]
    lines = [f"movq {8 * j}(%[a]), {acc[j]}" for j in range(n)]
    lines.append(f"subq 0(%[b]), {acc[0]}")
    lines += [f"sbbq {8 * j}(%[b]), {acc[j]}" for j in range(1, n)]
    if n == 4:
        return lines + add_back_regs(n, acc, 0)
    return lines + add_back(n, acc, 0)


def add_back(n: int, acc: List[str], offset: int) -> List[str]:
    """After a difference left in acc with its borrow in CF: r[offset..] =
    acc, plus m where it borrowed (rax is all ones there)."""
    lines = ["sbbq %%rax, %%rax"]
    lines += [f"movq {acc[j]}, {8 * (offset + j)}(%[r])" for j in range(n)]
    lines.append(f"addq 0(%[m]), {acc[0]}")
    lines += [f"adcq {8 * j}(%[m]), {acc[j]}" for j in range(1, n)]
    lines.append("testq %%rax, %%rax")
    lines += [f"cmovzq {8 * (offset + j)}(%[r]), {acc[j]}" for j in range(n)]
    lines += [f"movq {acc[j]}, {8 * (offset + j)}(%[r])" for j in range(n)]
    return lines


# Four limbs: the registers that hold a copy of the limbs (or m masked) in
# the sums and differences, besides acc, so that the selection waits for no
# store to be forwarded (sum_clobbers lists them).
SUM_SPARE = ["%%rax", "%%rbx", "%%rdx", "%%r12"]


def add_back_regs(n: int, acc: List[str], offset: int) -> List[str]:
    """add_back without the round trip through r: m masked by the borrow
    (rax all ones where the difference borrowed) is added in registers."""
    lines = ["sbbq %%rax, %%rax"]
    masked = SUM_SPARE[1:] + ["%%rax"]  # rax, the mask, is the last one
    for j in range(n):
        if masked[j] != "%%rax":
            lines.append(f"movq {8 * j}(%[m]), {masked[j]}")
            lines.append(f"andq %%rax, {masked[j]}")
    lines.append(f"andq {8 * (n - 1)}(%[m]), %%rax")
    lines.append(f"addq {masked[0]}, {acc[0]}")
    lines += [f"adcq {masked[j]}, {acc[j]}" for j in range(1, n)]
    return lines + [f"movq {acc[j]}, {8 * (offset + j)}(%[r])" for j in range(n)]


def wide_low(n: int, first: str, rest: str) -> List[str]:
    """The low half of a double-width sum (addq, adcq) or difference (subq,
    sbbq), limb by limb through rbx, leaving the carry or borrow in CF."""
    lines = []
    for j in range(n):
        lines.append(f"movq {8 * j}(%[a]), %%rbx")
        lines.append(f"{rest if j else first} {8 * j}(%[b]), %%rbx")
        lines.append(f"movq %%rbx, {8 * j}(%[r])")
    return lines


def modadd_wide(n: int) -> List[str]:
    """r = a + b mod m 2^(64n) for 2n-limb a, b below m 2^(64n): the high
    half, with the low half's carry, less m where that does not borrow."""
    acc = REGISTERS[:n]
    lines = wide_low(n, "addq", "adcq")
    for j in range(n):
        lines.append(f"movq {8 * (n + j)}(%[a]), {acc[j]}")
        lines.append(f"adcq {8 * (n + j)}(%[b]), {acc[j]}")
    return lines + reduce_high(n, acc)


def reduce_high(n: int, acc: List[str]) -> List[str]:
    """r's high half = acc (a sum's high half, below 2m), less m where that
    does not borrow."""
    if n == 4:
        return reduce_once_regs(n, acc, "%[r]", SUM_SPARE, offset=n)
    hi = [f"movq {acc[j]}, {8 * (n + j)}(%[r])" for j in range(n)]
    hi.append(f"subq 0(%[m]), {acc[0]}")
    hi += [f"sbbq {8 * j}(%[m]), {acc[j]}" for j in range(1, n)]
    hi += [f"cmovcq {8 * (n + j)}(%[r]), {acc[j]}" for j in range(n)]
    hi += [f"movq {acc[j]}, {8 * (n + j)}(%[r])" for j in range(n)]
    return hi


def modsub_wide(n: int) -> List[str]:
    """r = a - b mod m 2^(64n) for 2n-limb a, b below m 2^(64n): m is added
    to the high half where the difference borrowed."""
    acc = REGISTERS[:n]
    lines = wide_low(n, "subq", "sbbq")
    for j in range(n):
        lines.append(f"movq {8 * (n + j)}(%[a]), {acc[j]}")
        lines.append(f"sbbq {8 * (n + j)}(%[b]), {acc[j]}")
    if n == 4:
        return lines + add_back_regs(n, acc, n)
    return lines + add_back(n, acc, n)


def load_sum(n: int, acc: List[str], first: str, rest: str) -> List[str]:
    """acc = a (op) b with a and b in memory (ten limbs), each pointer
    loaded into rdx in turn."""
    lines = ["movq %[a], %%rdx"]
    lines += [f"movq {8 * j}(%%rdx), {acc[j]}" for j in range(n)]
    lines.append("movq %[b], %%rdx")
    lines += [f"{rest if j else first} {8 * j}(%%rdx), {acc[j]}" for j in range(n)]
    return lines


def modadd_short(n: int) -> List[str]:
    """modadd with a and b in memory (ten limbs)."""
    acc = REGISTERS[:n]
    return load_sum(n, acc, "addq", "adcq") + reduce_once(n, acc, "%[r]")


def modsub_short(n: int) -> List[str]:
    """modsub with a and b in memory (ten limbs)."""
    acc = REGISTERS[:n]
    return load_sum(n, acc, "subq", "sbbq") + add_back(n, acc, 0)


def wide_short(n: int, first: str, rest: str) -> List[str]:
    """a (op) b for 2n-limb a, b in memory (ten limbs), a's pointer in rdx
    and b's in rax: the low half stored through acc[0], the high half left
    in acc with the carry or borrow in CF."""
    acc = REGISTERS[:n]
    lines = ["movq %[a], %%rdx", "movq %[b], %%rax"]
    for j in range(n):
        lines.append(f"movq {8 * j}(%%rdx), {acc[0]}")
        lines.append(f"{rest if j else first} {8 * j}(%%rax), {acc[0]}")
        lines.append(f"movq {acc[0]}, {8 * j}(%[r])")
    for j in range(n):
        lines.append(f"movq {8 * (n + j)}(%%rdx), {acc[j]}")
        lines.append(f"{rest} {8 * (n + j)}(%%rax), {acc[j]}")
    return lines


def modadd_wide_short(n: int) -> List[str]:
    """modadd_wide with a and b in memory (ten limbs)."""
    return wide_short(n, "addq", "adcq") + reduce_high(n, REGISTERS[:n])


def modsub_wide_short(n: int) -> List[str]:
    """modsub_wide with a and b in memory (ten limbs)."""
    return wide_short(n, "subq", "sbbq") + add_back(n, REGISTERS[:n], n)


def asm_block(lines: List[str]) -> str:
    return "\n".join(f'        "{line}\\n\\t"' for line in lines)


def sum_clobbers(n: int) -> str:
    """rax, rbx (rdx for ten limbs, which load pointers into it) and the n
    limbs."""
    regs = ", ".join(f'"{r[2:]}"' for r in REGISTERS[:n])
    if n == 4:  # and SUM_SPARE's
        return f'"rax", "rbx", "rdx", {regs}, "r12", "cc", "memory"'
    return f'"rax", "{"rdx" if n == 10 else "rbx"}", {regs}, "cc", "memory"'


def functions(n: int) -> str:
    """The routines for n limbs."""
    bits, w, c = 64 * n, WORDS[n], clobbers(n)
    # Eight and ten limbs: the output pointer in memory, the product in two
    # steps; ten limbs also keep b and t in memory.
    r_in = '"m"(r)' if n >= 8 else '"r"(r)'
    b_in = '"m"(b)' if n == 10 else '"r"(b)'
    t_in = '"m"(t)' if n == 10 else '"r"(t)'
    wide = mul_wide_short(n) if n == 10 else mul_wide(n)
    reduction = redc_short(n) if n == 10 else redc(n)
    mc4 = c.replace('"r12", ', '"r12", "r13", "r14", "r15", ')
    if n >= 8:
        mul = f"""static inline void mont_adx_mul{n}(limb_t r[{n}], const limb_t a[{n}], const limb_t b[{n}], const limb_t m[{n}], limb_t n0) {{
    limb_t t[{2 * n}];
    mont_adx_mul_wide{n}(t, a, b);
    mont_adx_redc{n}(r, t, m, n0);
}}"""
    else:
        mul = f"""static inline void mont_adx_mul{n}(limb_t r[{n}], const limb_t a[{n}], const limb_t b[{n}], const limb_t m[{n}], limb_t n0) {{
    __asm__ volatile(
{asm_block(mul_mont_full(n) if n == 4 else mul_mont(n))}
        :
        : [r] {'"m"' if n == 4 else '"r"'}(r), [a] "r"(a), [b] {'"m"' if n == 4 else '"r"'}(b), [m] "r"(m), [n0] "m"(n0)
        : {mc4 if n == 4 else c});
}}"""
    sc = sum_clobbers(n)
    # Ten limbs: a and b in memory (four pointers and ten limbs do not fit).
    short = n == 10
    ab_in = '[a] "m"(a), [b] "m"(b)' if short else '[a] "r"(a), [b] "r"(b)'
    sums = ""
    for name, body, doc in (
        ("modadd", modadd_short(n) if short else modadd(n), "r = a + b mod m for a, b < m"),
        ("modsub", modsub_short(n) if short else modsub(n), "r = a - b mod m for a, b < m"),
    ):
        sums += f"""
/* {doc}; r may alias a or b. */
static inline void mont_adx_{name}{n}(limb_t r[{n}], const limb_t a[{n}], const limb_t b[{n}], const limb_t m[{n}]) {{
    __asm__ volatile(
{asm_block(body)}
        :
        : [r] "r"(r), {ab_in}, [m] "r"(m)
        : {sc});
}}
"""
    for name, body, doc in (
        ("modadd_wide", modadd_wide_short(n) if short else modadd_wide(n), "r = a + b"),
        ("modsub_wide", modsub_wide_short(n) if short else modsub_wide(n), "r = a - b"),
    ):
        sums += f"""
/* {doc} mod m 2^{bits} for {2 * n}-limb a, b below m 2^{bits}; r may alias
 * a or b. */
static inline void mont_adx_{name}{n}(limb_t r[{2 * n}], const limb_t a[{2 * n}], const limb_t b[{2 * n}], const limb_t m[{n}]) {{
    __asm__ volatile(
{asm_block(body)}
        :
        : [r] "r"(r), {ab_in}, [m] "r"(m)
        : {sc});
}}
"""
    sqr_c = '"rax", "rbx", "rdx", ' + ", ".join(f'"{r[2:]}"' for r in REGISTERS[: SQR_POOL[n]]) + ', "cc", "memory"'
    if n == 4:
        sqr_mont_fn = f"""static inline void mont_adx_sqr{n}(limb_t r[{n}], const limb_t a[{n}], const limb_t m[{n}], limb_t n0) {{
    mont_adx_mul{n}(r, a, a, m, n0);
}}"""
    elif n in SQR_MONT_POOL:
        mc = '"rax", "rbx", "rdx", ' + ", ".join(f'"{r[2:]}"' for r in REGISTERS[: SQR_MONT_POOL[n]]) + ', "cc", "memory"'
        body = sqr_mont(n)
        slots = [j for j in range(n) if any(f"%[s{j}]" in line for line in body)]  # the scratch limbs
        decl = ("\n    limb_t " + ", ".join(f"s{j}" for j in slots) + ";") if slots else ""
        outs = ", ".join(f'[s{j}] "=m"(s{j})' for j in slots)
        sqr_mont_fn = f"""static inline void mont_adx_sqr{n}(limb_t r[{n}], const limb_t a[{n}], const limb_t m[{n}], limb_t n0) {{{decl}
    __asm__ volatile(
{asm_block(body)}
        :{" " + outs if outs else ""}
        : [r] "r"(r), [a] "r"(a), [m] "r"(m), [n0] "m"(n0)
        : {mc});
}}"""
    else:
        # The two steps' assembly in one function rather than two calls
        # (gcc -O2 keeps the reduction, used everywhere, out of line); t is
        # passed through a pointer variable, which "m" operands load.
        sqr_mont_fn = f"""static inline void mont_adx_sqr{n}(limb_t r[{n}], const limb_t a[{n}], const limb_t m[{n}], limb_t n0) {{
    limb_t buf[{2 * n}], *t = buf;
    __asm__ volatile(
{asm_block(sqr_wide(n)[0])}
        :
        : [r] "r"(t), [a] "r"(a)
        : {sqr_c});
    __asm__ volatile(
{asm_block(reduction)}
        :
        : [r] {r_in}, [t] {t_in}, [m] "r"(m), [n0] "m"(n0)
        : {c});
}}"""
    if n == 4:  # the product a a (see mul_mont_full)
        sqr_doc = f"""/* r = a^2 / 2^{bits} mod m, below m, for a^2 < m 2^{bits} and a + m <= 2^{bits}
 * (a < m suffices) and n0 = -1/m mod 2^64, as the product a a, whose
 * dependent chains are shorter than the square's; r may alias a. */"""
    else:
        sqr_doc = f"""/* r = a^2 / 2^{bits} mod m, below m, for a^2 < m 2^{bits} (a < m suffices)
 * and n0 = -1/m mod 2^64; r may alias a. */"""
    sqr = f"""
/* r[0..{2 * n}) = a^2 for any {w}-limb a: {n * (n - 1) // 2} cross products, doubled, and {n}
 * squares ({n * (n + 1) // 2} products where a b takes {n * n}). */
static inline void mont_adx_sqr_wide{n}(limb_t r[{2 * n}], const limb_t a[{n}]) {{
    __asm__ volatile(
{asm_block(sqr_wide(n)[0])}
        :
        : [r] "r"(r), [a] "r"(a)
        : {sqr_c});
}}

{sqr_doc}
{sqr_mont_fn}
"""
    return f"""/* r[0..{2 * n}) = a b. */
static inline void mont_adx_mul_wide{n}(limb_t r[{2 * n}], const limb_t a[{n}], const limb_t b[{n}]) {{
    __asm__ volatile(
{asm_block(wide)}
        :
        : [r] {r_in}, [a] "r"(a), [b] {b_in}
        : {c});
}}

/* r = t / 2^{bits} mod m, below m, for t < m 2^{bits} and n0 = -1/m mod 2^64. */
static inline void mont_adx_redc{n}(limb_t r[{n}], const limb_t t[{2 * n}], const limb_t m[{n}], limb_t n0) {{
    __asm__ volatile(
{asm_block(reduction)}
        :
        : [r] {r_in}, [t] {t_in}, [m] "r"(m), [n0] "m"(n0)
        : {c});
}}

/* r = a b / 2^{bits} mod m, below m, for a < m (any {w}-limb b) and
 * n0 = -1/m mod 2^64; r may alias a or b. */
{mul}
{sqr}{sums}"""


def render() -> str:
    body = "\n".join(functions(n) for n in SIZES)
    return f"""/* mont_adx.h - generated by build-scripts/gen_mont_adx.py; do not edit.
 *
 * Products and Montgomery reductions of 384 bits (6 x 64-bit limbs), 256
 * bits (4 limbs), 512 bits (8 limbs) and 640 bits (10 limbs) for x86-64
 * with BMI2 (mulx) and ADX (adcx/adox): two carry chains per row of the
 * schoolbook product; squares with each cross product once; and modular
 * sums and differences of those sizes and of double-width values,
 * selecting with cmov. Used by mont.h for Fp and Fr when the compiler targets
 * those extensions (-mbmi2 -madx); constant time (no data-dependent branch
 * or index).
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
