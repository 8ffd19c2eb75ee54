/*
 * mont_r30.h - the n-limb Montgomery products of 32-bit builds, computed
 * in radix 2^30. Included by mont.h when LIMB_BITS == 32.
 *
 * With 32-bit limbs every 64-bit partial product added to a column needs
 * its carry caught (a compare and an add per product), which is most of
 * the cost where there is no add-with-carry instruction (WebAssembly).
 * Split into D = ceil(32n / 30) digits of 30 bits, a product is below
 * 2^60 and a 64-bit accumulator takes 16 of them with no carry check at
 * all (columns of more products take a second accumulator). The operands
 * are unpacked from, and the result packed back into, the 32-bit limbs
 * every other function uses, and R stays 2^(32n): D - 1 reduction digits
 * of 30 bits and a last one of the remaining top = 32n - 30(D - 1) bits
 * (16 for n = 8, 24 for n = 12, 2 for n = 16, 6 for n = 18, 10 for n = 20).
 *
 * Only n with D <= 22 (R30_FITS: every field up to BLS48-581's 20 limbs)
 * take this path; mont.h keeps the generic loop for the rest.
 *
 * In the WebAssembly build the compiler keeps each unrolled product or
 * reduction (mont_mul_n, mont_mul_wide_n, mont_redc_n) a function that
 * the tower calls; the larger functions of the alternatives tried ran
 * slower in V8. Fp2's Karatsuba product in digits (each coefficient
 * unpacked once, the three products combined in digits and reduced
 * straight from them, fused into one function) made the BLS12-381 pairing
 * 1.36 times slower in Pyodide under Node 20 (benchmarks/pairing_pyodide.mjs,
 * BN254's 1.10 times), though it unpacks a third less and packs nothing
 * double-width, and the BLS12-381 module 14 KB larger; with its products
 * and reductions kept in functions of their own it took 0.97 to 1.01 of
 * the limb path's time: the digit kernels, not the packing, take the
 * time. Leaving the column loops rolled made the pairing 1.6 times slower;
 * taking the reduction's digits of q two at a time (one 64-bit product
 * for -T m^-1 mod 2^60, half the chain of dependent products) and one
 * level of Karatsuba on the 13 digits of BLS12-381 (halves of 7 and 6,
 * their sums normalised to 8) did not help either: the pairing took 1.01
 * of its time with the first, and the product 2.6 times slower with
 * the second (benchmarks/wasm/kernels.c).
 *
 * Requirements: m < 2^(32n - 1) odd, n0 = -m^-1 mod 2^32, and a b < m R
 * (so any a, b < 2m, or a < m with any 32n-bit b); a plain product's
 * operands below 2^(30 R30_WIDE_DIGITS(n)). The digits give a
 * value below 2m, which mont_reduce_once (mont.h) brings below m.
 * Constant time: every loop bound and branch depends on n only.
 */
#ifndef PYBLS_MONT_R30_H
#define PYBLS_MONT_R30_H

#define R30_MASK 0x3fffffffu

/* Under PYBLS_R30_COUNT (benchmarks/wasm/kernels.c only), the digit
 * products, squarings and reductions are counted, to bound an operation's
 * time by its count of each times the time of one. */
#ifdef PYBLS_R30_COUNT
extern unsigned long pybls_r30_counts[3];
#define R30_COUNT(kind) (pybls_r30_counts[kind]++)
#else
#define R30_COUNT(kind) ((void)0)
#endif
enum { R30_COUNT_MUL, R30_COUNT_SQR, R30_COUNT_REDC };
/* 30-bit digits of an n-limb value, and bits in the top one. */
#define R30_DIGITS(n) ((32 * (n) + 29) / 30)
#define R30_TOP_BITS(n) (32 * (n) - 30 * (R30_DIGITS(n) - 1))
/* A 64-bit accumulator takes R30_COLUMN products below (2^30 - 1)^2 (or
 * half as many doubled ones, in a square); a column of more (D > 16) moves
 * its bits above 30 to a second accumulator after each R30_COLUMN. */
#define R30_COLUMN 16
_Static_assert((uint64_t)R30_MASK * R30_MASK <= UINT64_MAX / R30_COLUMN,
               "R30_COLUMN products of 30-bit digits fit a 64-bit column");
/* Up to 20 limbs (BLS48-581's Fp). BLS48-581's Fr (18 limbs, the only
 * field of that size) keeps the generic loop: scalar arithmetic is off the
 * pairing's path, and its unrolled products would take about 25 KB of the
 * WebAssembly modules' size budget (build_wasm.sh). */
#define R30_MAX_DIGITS 22
#define R30_FITS(n) (R30_DIGITS(n) <= R30_MAX_DIGITS && (n) != 18)
_Static_assert(R30_FITS(8) && R30_FITS(12) && R30_FITS(16) && !R30_FITS(18) && R30_FITS(20) && !R30_FITS(21), "the limb counts radix 2^30 serves");

/* Full unrolling of the columns (up to 2 * 22 = 44; GCC's MONT_UNROLL
 * stops at 16);
 * not under PYBLS_NO_UNROLL (see mont.h). */
#if defined(PYBLS_NO_UNROLL)
#define R30_UNROLL
#elif defined(__clang__)
#define R30_UNROLL _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define R30_UNROLL _Pragma("GCC unroll 48")
#else
#define R30_UNROLL
#endif

/* The pieces are always inlined, so that a constant n and m fold and the
 * digit arrays stay in registers. */
#if defined(__GNUC__) || defined(__clang__)
#define R30_INLINE static inline __attribute__((always_inline))
#else
#define R30_INLINE static inline
#endif

/* d = the nd 30-bit digits of the value in x (nw 32-bit limbs), reading
 * x[0..nw) only: 30 nd may pass 32 nw (the 2D digits of a double-width
 * value span 60 bits more than its 2n limbs when n = 16), and the digits
 * past the last limb are 0. */
R30_INLINE void r30_unpack(uint32_t *d, int nd, const uint32_t *x, int nw) {
    R30_UNROLL
    for (int i = 0; i < nd; i++) {
        const int bit = 30 * i, w = bit / 32, s = bit % 32;
        uint32_t v = w < nw ? x[w] >> s : 0;
        if (s > 2 && w + 1 < nw) v |= x[w + 1] << (32 - s);
        d[i] = v & R30_MASK;
    }
}

/* r = the nw 32-bit limbs of (sum d_i 2^(30 i)) >> shift, shift <= 30
 * (limbs past the last digit are 0). */
R30_INLINE void r30_pack(uint32_t *r, int nw, const uint32_t *d, int nd, int shift) {
    R30_UNROLL
    for (int j = 0; j < nw; j++) {
        const int bit = 32 * j + shift, i = bit / 30, s = bit % 30;
        uint32_t v = i < nd ? d[i] >> s : 0;
        if (i + 1 < nd) v |= d[i + 1] << (30 - s);
        if (s > 28 && i + 2 < nd) v |= d[i + 2] << (60 - s);
        r[j] = v;
    }
}

/* d = a b in 2 nd normalised digits: column k sums its products (at most
 * nd, each below 2^60; h takes the high bits of each R30_COLUMN) and the
 * carry from column k-1. */
R30_INLINE void r30_mul_digits(uint32_t *d, const uint32_t *a, const uint32_t *b, int nd) {
    uint64_t carry = 0;
    R30_COUNT(R30_COUNT_MUL);
    R30_UNROLL
    for (int k = 0; k < 2 * nd - 1; k++) {
        uint64_t s = 0, h = 0;
        const int lo = k < nd ? 0 : k - nd + 1, hi = k < nd ? k : nd - 1;
        R30_UNROLL
        for (int i = lo; i <= hi; i++) {
            s += (uint64_t)a[i] * b[k - i];
            if (nd > R30_COLUMN && (i - lo) % R30_COLUMN == R30_COLUMN - 1) {
                h += s >> 30;
                s &= R30_MASK;
            }
        }
        uint64_t col = carry + (s & R30_MASK);
        d[k] = (uint32_t)col & R30_MASK;
        carry = (col >> 30) + (s >> 30) + h;
    }
    d[2 * nd - 1] = (uint32_t)carry;
}

/* d = a^2 in 2 nd normalised digits: each cross product once, against the
 * doubled digit (below 2^61, at most nd/2 per column with the square; h
 * takes the high bits of each R30_COLUMN / 2 of them). */
R30_INLINE void r30_sqr_digits(uint32_t *d, const uint32_t *a, int nd) {
    uint64_t carry = 0;
    R30_COUNT(R30_COUNT_SQR);
    R30_UNROLL
    for (int k = 0; k < 2 * nd - 1; k++) {
        uint64_t s = 0, h = 0;
        const int lo = k < nd ? 0 : k - nd + 1;
        R30_UNROLL
        for (int i = lo; 2 * i < k; i++) {
            s += (uint64_t)(2 * a[i]) * a[k - i];
            if (nd > R30_COLUMN && (i - lo) % (R30_COLUMN / 2) == R30_COLUMN / 2 - 1) {
                h += s >> 30;
                s &= R30_MASK;
            }
        }
        if (k % 2 == 0) s += (uint64_t)a[k / 2] * a[k / 2];
        uint64_t col = carry + (s & R30_MASK);
        d[k] = (uint32_t)col & R30_MASK;
        carry = (col >> 30) + (s >> 30) + h;
    }
    d[2 * nd - 1] = (uint32_t)carry;
}

/* r = t / 2^(32n) mod m, below 2m, for the 2D digits of t < m 2^(32n).
 * Column k sums digit t_k, the products q_i m_(k-i) (fewer than D) and the
 * carry; q_k clears the column's low 30 bits (k < D-1) or top bits
 * (k = D-1), so columns D-1 to 2D-1 hold 2^top times the result (below
 * 2^(32n + top) <= 2^(30(D+1)): no carry leaves column 2D-1). */
R30_INLINE void r30_redc_columns(uint32_t *u, const uint32_t *t, const uint32_t *m32, uint32_t n0, int n) {
    const int nd = R30_DIGITS(n), top = R30_TOP_BITS(n);
    uint32_t m[R30_MAX_DIGITS], q[R30_MAX_DIGITS];
    uint64_t carry = 0;
    R30_COUNT(R30_COUNT_REDC);
    r30_unpack(m, nd, m32, n); /* folded at compile time for a constant m */
    R30_UNROLL
    for (int k = 0; k < 2 * nd; k++) {
        uint64_t s = 0, h = 0;
        const int lo = k < nd ? 0 : k - nd + 1;
        R30_UNROLL
        for (int i = lo; i < nd && i < k; i++) {
            s += (uint64_t)q[i] * m[k - i];
            if (nd > R30_COLUMN && (i - lo) % R30_COLUMN == R30_COLUMN - 1) {
                h += s >> 30;
                s &= R30_MASK;
            }
        }
        uint64_t col = carry + t[k] + (s & R30_MASK);
        if (k < nd) {
            q[k] = ((uint32_t)col * n0) & (k < nd - 1 ? R30_MASK : (1u << top) - 1);
            col += (uint64_t)q[k] * m[0];
        }
        if (k >= nd - 1) u[k - (nd - 1)] = (uint32_t)col & R30_MASK;
        carry = (col >> 30) + (s >> 30) + h;
    }
}

/* r = t / 2^(32n) mod m as above, packed into n limbs. */
R30_INLINE void r30_redc_digits(uint32_t *r, const uint32_t *t, const uint32_t *m32, uint32_t n0, int n) {
    uint32_t u[R30_MAX_DIGITS + 1];
    r30_redc_columns(u, t, m32, n0, n);
    r30_pack(r, n, u, R30_DIGITS(n) + 1, R30_TOP_BITS(n));
}

/* r = a b / 2^(32n) mod m. */
R30_INLINE void mont_r30_mul(uint32_t *r, const uint32_t *a32, const uint32_t *b32, const uint32_t *m32,
                             uint32_t n0, int n) {
    const int nd = R30_DIGITS(n);
    uint32_t a[R30_MAX_DIGITS], b[R30_MAX_DIGITS], d[2 * R30_MAX_DIGITS], u[MONT_MAX_LIMBS];
    r30_unpack(a, nd, a32, n);
    r30_unpack(b, nd, b32, n);
    r30_mul_digits(d, a, b, nd);
    r30_redc_digits(u, d, m32, n0, n);
    mont_reduce_once(r, u, m32, n);
}

/* d = the nd digits of (sum u_i 2^(30 i)) >> shift, 0 < shift <= 30, from
 * nd + 1 digits u. */
R30_INLINE void r30_shift_down(uint32_t *d, const uint32_t *u, int nd, int shift) {
    R30_UNROLL
    for (int i = 0; i < nd; i++) d[i] = ((u[i] >> shift) | (u[i + 1] << (30 - shift))) & R30_MASK;
}

/* a = a - m if a >= m, for the nd digits of a < 2m: constant time. */
R30_INLINE void r30_reduce_once_digits(uint32_t *a, const uint32_t *m32, int n) {
    const int nd = R30_DIGITS(n);
    uint32_t m[R30_MAX_DIGITS], t[R30_MAX_DIGITS], borrow = 0;
    r30_unpack(m, nd, m32, n); /* folded at compile time for a constant m */
    R30_UNROLL
    for (int i = 0; i < nd; i++) {
        uint32_t x = a[i] - m[i] - borrow; /* wraps below 0: bit 31 set */
        t[i] = x & R30_MASK;
        borrow = x >> 31;
    }
    const uint32_t keep = 0u - borrow; /* all ones if a < m */
    R30_UNROLL
    for (int i = 0; i < nd; i++) a[i] = (a[i] & keep) | (t[i] & ~keep);
}

/* r = a^(2^k) in Montgomery form (k >= 1 Montgomery squarings: one square,
 * or a run of them in an exponentiation), for a < 2m. Between two squarings
 * the value stays in digits where m < 2^(32n - 2) (every Fp, most Fr; a
 * compile-time constant for a constant m): each result, below 2m, squares
 * to below 4m^2 < m 2^(32n), a valid input of the next reduction, so it is
 * only moved down from the reduction's columns by the top bits, with no
 * packing into limbs, unpacking or final subtraction until the last. A
 * larger m (BLS12-381's r) takes a subtraction in digits between
 * squarings. A loop over k, not unrolled: the code of one square and one
 * reduction. */
R30_INLINE void mont_r30_sqr_times(uint32_t *r, const uint32_t *a32, int k, const uint32_t *m32, uint32_t n0,
                                   int n) {
    const int nd = R30_DIGITS(n), top = R30_TOP_BITS(n), lazy = (m32[n - 1] >> 30) == 0;
    uint32_t a[R30_MAX_DIGITS], d[2 * R30_MAX_DIGITS], u[R30_MAX_DIGITS + 1], v[MONT_MAX_LIMBS];
    r30_unpack(a, nd, a32, n);
    for (;;) {
        r30_sqr_digits(d, a, nd);
        r30_redc_columns(u, d, m32, n0, n);
        if (--k <= 0) break;
        r30_shift_down(a, u, nd, top);
        if (!lazy) r30_reduce_once_digits(a, m32, n);
    }
    r30_pack(v, n, u, nd + 1, top);
    mont_reduce_once(r, v, m32, n);
}

/* Digits of the operands of a plain product: all of an n-limb value, but
 * 20 of BLS48-581's Fp (n = 20, the only field of 20 limbs), whose plain
 * products (fp2.c, fp8.c) take operands below 64p < 2^587 < 2^600: a
 * sixth fewer digit products than 22 digits. */
#define R30_WIDE_DIGITS(n) ((n) == 20 ? 20 : R30_DIGITS(n))

/* r[0..2n) = a b, plain integers, for a, b < 2^(30 R30_WIDE_DIGITS(n)). */
R30_INLINE void mont_r30_mul_wide(uint32_t *r, const uint32_t *a32, const uint32_t *b32, int n) {
    const int nd = R30_WIDE_DIGITS(n);
    uint32_t a[R30_MAX_DIGITS], b[R30_MAX_DIGITS], d[2 * R30_MAX_DIGITS];
    r30_unpack(a, nd, a32, n);
    r30_unpack(b, nd, b32, n);
    r30_mul_digits(d, a, b, nd);
    r30_pack(r, 2 * n, d, 2 * nd, 0);
}

/* r = t / 2^(32n) mod m, for t[0..2n) < m 2^(32n). */
R30_INLINE void mont_r30_redc(uint32_t *r, const uint32_t *t32, const uint32_t *m32, uint32_t n0, int n) {
    const int nd = R30_DIGITS(n);
    uint32_t t[2 * R30_MAX_DIGITS], u[MONT_MAX_LIMBS];
    r30_unpack(t, 2 * nd, t32, 2 * n);
    r30_redc_digits(u, t, m32, n0, n);
    mont_reduce_once(r, u, m32, n);
}

#endif /* PYBLS_MONT_R30_H */
