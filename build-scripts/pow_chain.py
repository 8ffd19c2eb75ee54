"""Addition chains for fixed exponents, written as C step tables.

An exponentiation a^e by a constant e runs as sliding windows over e's bits
whose digits come from a small table of odd powers of a. The generic
exponentiation (mont_pow_n) uses every odd power below 2^5; here the digits
are chosen per exponent: windows of up to 9 bits, then digits used by few
windows are dropped one at a time while that lowers the cost, and the table
is built by an addition chain over the digits that remain (each new digit
the sum of two earlier ones where it can be). The cost counted is that of
the 32-bit build (instructions of a Montgomery product, a lone square and a
square in a run), which is what WebAssembly runs.

The chain is written as steps t[dst] = t[src]^(2^sqr) * t[mul] over
registers (t[0] = a; mul = CHAIN_NO_MUL: no product), one byte each, checked here by
replaying it on exponents. mont_pow_chain_n (csrc/arith/mont.h) runs it.
"""

from __future__ import annotations

from collections import Counter

# Instructions at 32 bits (BLS12-381, benchmarks/instr/count_tower.sh): a
# product, a lone square, and a square within a run (mont_sqr_times_n).
COST_MUL, COST_SQR, COST_SQR_RUN = 1797, 1382, 1158
CHAIN_NO_MUL = 0xFF
MAX_WINDOW = 9


def _windows(e: int, digits: "set[int]") -> "list[tuple[int, int, int]]":
    """The fewest windows (start bit from the top, length, value) covering e's
    ones with values in digits (which holds 1); zeros between are squares."""
    bits = bin(e)[2:]
    n = len(bits)
    longest = max(d.bit_length() for d in digits)
    best = [0] * (n + 1)
    pick: "list[int]" = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        if bits[i] == "0":
            best[i], pick[i] = best[i + 1], 0
            continue
        best[i] = n + 1
        for length in range(1, min(longest, n - i) + 1):
            if int(bits[i : i + length], 2) in digits and best[i + length] + 1 < best[i]:
                best[i], pick[i] = best[i + length] + 1, length
    out, i = [], 0
    while i < n:
        if pick[i]:
            out.append((i, pick[i], int(bits[i : i + pick[i]], 2)))
            i += pick[i]
        else:
            i += 1
    return out


def _table(digits: "set[int]") -> "list[tuple[int, int, int, int]]":
    """Steps (d, a, k, b) with d = a 2^k + b (b = 0: no product) building every
    digit from 1."""
    have = {1}
    steps: "list[tuple[int, int, int, int]]" = []

    def ensure(d: int) -> None:
        if d in have:
            return
        if d % 2 == 0:
            ensure(d // 2)
            steps.append((d, d // 2, 1, 0))
        else:
            pair = next((a for a in sorted(have, reverse=True) if a < d and d - a in have), None)
            if pair is None:
                pair = max(x for x in have if x < d)
                ensure(d - pair)
            steps.append((d, pair, 0, d - pair))
        have.add(d)

    for d in sorted(digits):
        ensure(d)
    return steps


def _cost(e: int, digits: "set[int]") -> "tuple[float, list[tuple[int, int, int]], list[tuple[int, int, int, int]]]":
    wins = _windows(e, digits)
    table = _table({w[2] for w in wins})
    mults = sum(1 for s in table if s[3]) + len(wins) - 1
    table_squares = sum(s[2] for s in table)
    run_squares = e.bit_length() - wins[0][1]
    return mults * COST_MUL + table_squares * COST_SQR + run_squares * COST_SQR_RUN, wins, table


def _search(e: int) -> "tuple[list[tuple[int, int, int]], list[tuple[int, int, int, int]]]":
    best = None
    for width in range(2, MAX_WINDOW + 1):
        digits = set(range(1, 1 << width, 2))
        cost, wins, table = _cost(e, digits)
        digits = {w[2] for w in wins} | {1}
        improved = True
        while improved:
            improved = False
            uses = Counter(w[2] for w in wins)
            for d in sorted(digits - {1}, key=lambda d: (uses[d], -d)):
                if d not in digits:
                    continue
                c2 = _cost(e, digits - {d})
                if c2[0] < cost:
                    cost, wins, table = c2
                    digits = {w[2] for w in wins} | {1}
                    improved = True
        if best is None or cost < best[0]:
            best = (cost, wins, table)
    assert best is not None
    return best[1], best[2]


def chain(e: int) -> "tuple[list[tuple[int, int, int, int]], int, int]":
    """(steps, registers, products) of an addition chain for a^e, e > 1: steps
    t[dst] = t[src]^(2^sqr) * t[mul], t[0] = a, the result in t[steps[-1][0]]."""
    wins, table = _search(e)
    reg = {1: 0}
    steps: "list[tuple[int, int, int, int]]" = []
    for d, a, k, b in table:
        reg[d] = len(reg)
        steps.append((reg[d], reg[a], k, reg[b] if b else CHAIN_NO_MUL))
    acc = len(reg)
    n = e.bit_length()
    src = reg[wins[0][2]]
    pos = wins[0][0] + wins[0][1]  # bits of e consumed
    for start, length, value in wins[1:]:
        steps.append((acc, src, start + length - pos, reg[value]))
        src, pos = acc, start + length
    if pos < n:
        steps.append((acc, src, n - pos, CHAIN_NO_MUL))
    # Replay on exponents.
    t = {0: 1}
    for dst, s, k, m in steps:
        t[dst] = (t[s] << k) + (t[m] if m != CHAIN_NO_MUL else 0)
    assert t[steps[-1][0]] == e, "the chain does not compute e"
    assert acc + 1 < CHAIN_NO_MUL and all(s[2] < 256 for s in steps), "a step does not fit in bytes"
    # mont_pow_chain_n squares at least once in a step without a product
    assert all(s[2] > 0 or s[3] != CHAIN_NO_MUL for s in steps), "a step copies"
    products = sum(1 for s in steps if s[3] != CHAIN_NO_MUL)
    return steps, acc + 1, products


def c_lines(name: str, e: int, what: str) -> "list[str]":
    """A C step table NAME (and NAME_REGS, NAME_STEPS) computing a^e."""
    steps, regs, products = chain(e)
    squares = sum(s[2] for s in steps)
    lines = [
        f"/* a^{what} by an addition chain ({products} products, {squares} squares;",
        " * build-scripts/pow_chain.py): steps {dst, src, k, mul} meaning",
        " * t[dst] = t[src]^(2^k) t[mul], t[0] = a, mul = 0xff for none. */",
        f"#define {name}_REGS {regs}",
        f"#define {name}_STEPS {len(steps)}",
        f"static const uint8_t {name}[{name}_STEPS][4] = {{",
    ]
    row = ""
    for s in steps:
        item = "{%d, %d, %d, 0x%x}, " % s if s[3] == CHAIN_NO_MUL else "{%d, %d, %d, %d}, " % s
        if len(row) + len(item) > 96:
            lines.append("    " + row.rstrip())
            row = ""
        row += item
    lines.append("    " + row.rstrip().rstrip(","))
    lines.append("};")
    return lines
