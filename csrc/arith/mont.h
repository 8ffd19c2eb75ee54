/*
 * mont.h - Montgomery arithmetic over n limbs, written once for both prime
 * fields. Each function takes the limb count as an argument; fp.c and fr.c
 * call them with compile-time constants so the compiler specialises and
 * unrolls them.
 *
 * mont_mul_n needs a < m; b may be any n-limb value (it is consumed one
 * limb at a time), which is how unreduced inputs are brought into range.
 *
 * Requirement (true for both BLS12-381 moduli and both limb widths): the
 * modulus m satisfies 2m < 2^(n*LIMB_BITS) and its top limb is below
 * 2^(LIMB_BITS-1) - 1, which lets multiplication skip the extra carry limb.
 *
 * Everything is constant time: no branch or index depends on limb values.
 */
#ifndef PYBLS_MONT_H
#define PYBLS_MONT_H

#include "field/field.h"

#define MONT_MAX_LIMBS FP_LIMBS

/* x86-64 with BMI2 and ADX (when the compiler targets them): four-, six-,
 * eight- and ten-limb products, reductions, sums and differences in
 * assembly (mont_adx.h; every curve's Fp and Fr has one of those sizes
 * but BLS48-581's 518-bit Fr, nine limbs, which keeps the portable C).
 * The branches on n below are on a compile-time constant. */
#if defined(__x86_64__) && defined(__BMI2__) && defined(__ADX__) && LIMB_BITS == 64 && \
    (defined(__GNUC__) || defined(__clang__)) && !defined(PYBLS_NO_ASM)
#define MONT_ADX 1
#include "arith/mont_adx.h"
#else
#define MONT_ADX 0
#endif

/* Full unrolling keeps the limbs in registers (loop counts are constants;
 * GCC's bound of 20 covers the double-width sums and differences of ten
 * limbs, which otherwise stay a loop with a carry flag saved per limb).
 * Past 16 limbs (BLS48-581's 20 32-bit limbs, the WebAssembly build) the
 * unrolled products no longer fit in registers and only grow the code;
 * sums, differences and selections (MONT_UNROLL_SUM) are unrolled at
 * every size: left as loops, BLS48-581's sums of 40 limbs (its tower's
 * double-width values) made its pairing in WebAssembly about 1.2 times
 * slower, and the module no smaller.
 * PYBLS_NO_UNROLL leaves loops to the compiler: the sanitizer and fuzz
 * builds use it, where instrumenting the unrolled code takes clang minutes
 * per file and the unrolling changes no result. */
#if defined(PYBLS_NO_UNROLL)
#define MONT_UNROLL_SUM
#elif defined(__clang__)
#define MONT_UNROLL_SUM _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define MONT_UNROLL_SUM _Pragma("GCC unroll 20")
#else
#define MONT_UNROLL_SUM
#endif
#if FP_LIMBS > 16
#define MONT_UNROLL
#else
#define MONT_UNROLL MONT_UNROLL_SUM
#endif


/* lo(a + b*c + carry), carry = hi(...). */
static inline limb_t mont_mac(limb_t a, limb_t b, limb_t c, limb_t *carry) {
    dlimb_t t = (dlimb_t)b * c + a + *carry;
    *carry = (limb_t)(t >> LIMB_BITS);
    return (limb_t)t;
}

/* a + b + carry_in and a - b - borrow_in with carry/borrow in {0,1}. On
 * x86-64 the compiler intrinsics give clean adc/sbb chains, which gcc does
 * not form from the portable expressions. */
#if defined(__x86_64__) && LIMB_BITS == 64 && (defined(__GNUC__) || defined(__clang__))
#include <x86intrin.h>
static inline limb_t mont_adc(limb_t a, limb_t b, limb_t *carry) {
    unsigned long long s;
    *carry = _addcarry_u64((unsigned char)*carry, a, b, &s);
    return s;
}
static inline limb_t mont_sbb(limb_t a, limb_t b, limb_t *borrow) {
    unsigned long long d;
    *borrow = _subborrow_u64((unsigned char)*borrow, a, b, &d);
    return d;
}
#else
static inline limb_t mont_adc(limb_t a, limb_t b, limb_t *carry) {
    dlimb_t s = (dlimb_t)a + b + *carry;
    *carry = (limb_t)(s >> LIMB_BITS);
    return (limb_t)s;
}
static inline limb_t mont_sbb(limb_t a, limb_t b, limb_t *borrow) {
    dlimb_t d = (dlimb_t)a - b - *borrow;
    *borrow = (limb_t)(d >> LIMB_BITS) & 1;
    return (limb_t)d;
}
#endif

#if LIMB_BITS == 32
/* 32-bit limbs: sums and differences chain their carries over 64-bit words
 * (pairs of limbs), half the steps where 64-bit arithmetic is native but
 * there is no add-with-carry (WebAssembly). Used for even n. */
static inline uint64_t mont_pair(const limb_t *p, int i) {
    return (uint64_t)p[2 * i] | (uint64_t)p[2 * i + 1] << 32;
}
static inline void mont_set_pair(limb_t *p, int i, uint64_t v) {
    p[2 * i] = (limb_t)v;
    p[2 * i + 1] = (limb_t)(v >> 32);
}
static inline uint64_t mont_adc64(uint64_t a, uint64_t b, limb_t *carry) {
    uint64_t s = a + b, t = s + *carry;
    *carry = (limb_t)(s < a) | (limb_t)(t < s);
    return t;
}
static inline uint64_t mont_sbb64(uint64_t a, uint64_t b, limb_t *borrow) {
    uint64_t d = a - b, t = d - *borrow;
    *borrow = (limb_t)(a < b) | (limb_t)(d < *borrow);
    return t;
}
#define MONT_PAIRS(n) ((n) % 2 == 0)
#endif

/* r = a + (b & mask), returns the carry (0 or 1). */
static inline limb_t mont_add_mask_n(limb_t *r, const limb_t *a, const limb_t *b, limb_t mask, int n) {
    limb_t carry = 0;
#if LIMB_BITS == 32
    if (MONT_PAIRS(n)) {
        const uint64_t mask64 = (uint64_t)mask << 32 | mask;
        MONT_UNROLL_SUM
        for (int i = 0; i < n / 2; i++) mont_set_pair(r, i, mont_adc64(mont_pair(a, i), mont_pair(b, i) & mask64, &carry));
        return carry;
    }
#endif
    MONT_UNROLL_SUM
    for (int i = 0; i < n; i++) r[i] = mont_adc(a[i], b[i] & mask, &carry);
    return carry;
}

/* r = a + b, returns the carry (0 or 1). */
static inline limb_t mont_add_n(limb_t *r, const limb_t *a, const limb_t *b, int n) {
    return mont_add_mask_n(r, a, b, ~(limb_t)0, n);
}

/* r = a - b, returns the borrow (0 or 1). */
static inline limb_t mont_sub_n(limb_t *r, const limb_t *a, const limb_t *b, int n) {
    limb_t borrow = 0;
#if LIMB_BITS == 32
    if (MONT_PAIRS(n)) {
        MONT_UNROLL_SUM
        for (int i = 0; i < n / 2; i++) mont_set_pair(r, i, mont_sbb64(mont_pair(a, i), mont_pair(b, i), &borrow));
        return borrow;
    }
#endif
    MONT_UNROLL_SUM
    for (int i = 0; i < n; i++) r[i] = mont_sbb(a[i], b[i], &borrow);
    return borrow;
}

/* r = a + c - b for a + c >= b and a + c < 2^(n w): one pass, with the
 * sum's carries and the difference's borrows in two chains side by side. */
static inline void mont_add_sub_n(limb_t *r, const limb_t *a, const limb_t *c, const limb_t *b, int n) {
    limb_t carry = 0, borrow = 0;
#if LIMB_BITS == 32
    if (MONT_PAIRS(n)) {
        MONT_UNROLL_SUM
        for (int i = 0; i < n / 2; i++) {
            const uint64_t s = mont_adc64(mont_pair(a, i), mont_pair(c, i), &carry);
            mont_set_pair(r, i, mont_sbb64(s, mont_pair(b, i), &borrow));
        }
        return;
    }
#endif
    MONT_UNROLL_SUM
    for (int i = 0; i < n; i++) r[i] = mont_sbb(mont_adc(a[i], c[i], &carry), b[i], &borrow);
}

/* r = a - b - c, returns the borrow (0, 1 or 2): one pass where two
 * mont_sub_n would take two. With 32-bit limbs, per pair of limbs the
 * three differences' borrows are summed (at most 2 come in, at most 2 go
 * out: a - b - c - 2 > -2^65); elsewhere the two differences in turn (on
 * x86-64, interleaved borrow chains would share one carry flag). */
static inline limb_t mont_sub2_n(limb_t *r, const limb_t *a, const limb_t *b, const limb_t *c, int n) {
#if LIMB_BITS == 32
    if (MONT_PAIRS(n)) {
        limb_t borrow = 0;
        MONT_UNROLL_SUM
        for (int i = 0; i < n / 2; i++) {
            const uint64_t x = mont_pair(a, i), y = mont_pair(b, i), z = mont_pair(c, i);
            const uint64_t d = x - y, e = d - z, f = e - borrow;
            borrow = (limb_t)(x < y) + (limb_t)(d < z) + (limb_t)(e < borrow);
            mont_set_pair(r, i, f);
        }
        return borrow;
    }
#endif
    limb_t borrow = mont_sub_n(r, a, b, n);
    return borrow + mont_sub_n(r, r, c, n);
}

/* r = (mask ? a : b); with 32-bit limbs a pair at a time, which the sums
 * above then store as one 64-bit word rather than two halves. */
static inline void mont_select_n(limb_t *r, const limb_t *a, const limb_t *b, limb_t mask, int n) {
#if LIMB_BITS == 32
    if (MONT_PAIRS(n)) {
        const uint64_t mask64 = (uint64_t)mask << 32 | mask;
        MONT_UNROLL_SUM
        for (int i = 0; i < n / 2; i++) mont_set_pair(r, i, (mont_pair(a, i) & mask64) | (mont_pair(b, i) & ~mask64));
        return;
    }
#endif
    MONT_UNROLL_SUM
    for (int i = 0; i < n; i++) r[i] = (a[i] & mask) | (b[i] & ~mask);
}

/* r = t mod m for t < 2m: subtract m unless that borrows. */
static inline void mont_reduce_once(limb_t *r, const limb_t *t, const limb_t *m, int n) {
    limb_t d[MONT_MAX_LIMBS];
    limb_t borrow = mont_sub_n(d, t, m, n);
    mont_select_n(r, t, d, (limb_t)0 - borrow, n);
}

#if LIMB_BITS == 32
/* r = v mod m for v = ka a + kb b + kc c + kd d + km m, a to d below m and
 * small constant coefficients (kb to kd may be 0 with their operand null)
 * for which v lies in [0, 2^(32n + 1)): a linear combination of field
 * elements in one pass over the limbs instead of one modular sum or
 * difference per term. The quotient comes first, from the top limbs alone:
 * with T' the top column's sum (the coefficients times the operands' top
 * limbs, and km m_t for m_t the top limb of m, a public constant) and N
 * the sum of the negative coefficients' magnitudes, the top
 * v_t = floor(v / 2^(32(n-1))) of v is T' plus the carry out of the lower
 * columns, in [-N, P) (P the sum of the positive ones), so T = T' - N is at
 * most v_t and above v_t - N - P. q = floor(T K / 2^40) for
 * K = floor(2^40 / (m_t + 1)) is then at most v / m (since
 * (m_t + 1) 2^(32(n-1)) > m) and more than v / m - 2 where m_t >= 2^20 (the
 * errors of v_t / (m_t + 1) against v / m, of K against 2^40 / (m_t + 1)
 * and of T against v_t are each below 2^-7), so that v - q m is in
 * [0, 2m); q is -1 where T < 0, for which v < m. The pass then takes
 * v - q m and v - (q + 1) m in two chains of signed carries (an arithmetic
 * shift of a 64-bit column) side by side, and keeps the one in [0, m).
 * Constant time: q is a product, no branch or index depends on v. */
static inline __attribute__((always_inline)) void mont_comb_n(limb_t *r, const limb_t *a, int ka, const limb_t *b,
                                                              int kb, const limb_t *c, int kc, const limb_t *d,
                                                              int kd, int km, const limb_t *m, int n) {
    limb_t s[MONT_MAX_LIMBS], t[MONT_MAX_LIMBS];
    const int neg = (ka < 0 ? -ka : 0) + (kb < 0 ? -kb : 0) + (kc < 0 ? -kc : 0) + (kd < 0 ? -kd : 0) +
                    (km < 0 ? -km : 0);
    int64_t top = (int64_t)ka * a[n - 1] + (int64_t)km * m[n - 1] - neg;
    if (kb) top += (int64_t)kb * b[n - 1];
    if (kc) top += (int64_t)kc * c[n - 1];
    if (kd) top += (int64_t)kd * d[n - 1];
    const int64_t k = (int64_t)((((uint64_t)1 << 40)) / ((uint64_t)m[n - 1] + 1));
    const int64_t q = (top * k) >> 40; /* arithmetic: -1 for top < 0 */
    const int64_t kq = km - q;
    int64_t cs = 0, ct = 0;
    MONT_UNROLL_SUM
    for (int i = 0; i < n; i++) {
        int64_t x = (int64_t)ka * a[i] + kq * m[i];
        if (kb) x += (int64_t)kb * b[i];
        if (kc) x += (int64_t)kc * c[i];
        if (kd) x += (int64_t)kd * d[i];
        const int64_t xs = x + cs, xt = x - m[i] + ct;
        s[i] = (limb_t)xs;
        t[i] = (limb_t)xt;
        cs = xs >> 32;
        ct = xt >> 32;
    }
    mont_select_n(r, s, t, (limb_t)ct, n); /* all ones if v < (q + 1) m */
}
#endif

/* 32-bit limbs: the products of fields of up to 20 limbs (R30_FITS: Fp
 * of every curve, Fr of all but BLS48-581) in radix 2^30
 * (mont_r30.h, which ends them with mont_reduce_once). */
#if LIMB_BITS == 32
#include "arith/mont_r30.h"
#endif

/* The x86-64 sums and differences of mont_adx.h for n = 4, 6, 8, 10 (a
 * constant); `op` is modadd, modsub, modadd_wide or modsub_wide. */
#if MONT_ADX
#define MONT_ADX_SUM(op, r, a, b, m, n)                                      \
    do {                                                                     \
        if ((n) == 6) { mont_adx_##op##6(r, a, b, m); return; }             \
        if ((n) == 4) { mont_adx_##op##4(r, a, b, m); return; }             \
        if ((n) == 8) { mont_adx_##op##8(r, a, b, m); return; }             \
        if ((n) == 10) { mont_adx_##op##10(r, a, b, m); return; }           \
    } while (0)
#else
#define MONT_ADX_SUM(op, r, a, b, m, n) do { } while (0)
#endif

/* r = a + b mod m for a, b < m (no carry out: 2m < 2^(n w)). */
static inline void mont_modadd(limb_t *r, const limb_t *a, const limb_t *b, const limb_t *m, int n) {
    MONT_ADX_SUM(modadd, r, a, b, m, n);
    limb_t t[MONT_MAX_LIMBS];
    mont_add_n(t, a, b, n);
    mont_reduce_once(r, t, m, n);
}

/* r = a - b mod m for a, b < m: m is added back if the difference borrowed. */
static inline void mont_modsub(limb_t *r, const limb_t *a, const limb_t *b, const limb_t *m, int n) {
    MONT_ADX_SUM(modsub, r, a, b, m, n);
    limb_t t[MONT_MAX_LIMBS];
    limb_t borrow = mont_sub_n(t, a, b, n);
    mont_add_mask_n(r, t, m, (limb_t)0 - borrow, n);
}

static inline limb_t mont_is_zero_n(const limb_t *a, int n) {
    limb_t acc = 0;
    for (int i = 0; i < n; i++) acc |= a[i];
    return limb_is_zero_mask(acc);
}

static inline void mont_modneg(limb_t *r, const limb_t *a, const limb_t *m, int n) {
    limb_t t[MONT_MAX_LIMBS];
    limb_t nz = ~mont_is_zero_n(a, n);
    mont_sub_n(t, m, a, n);
    for (int i = 0; i < n; i++) r[i] = t[i] & nz;
}

/*
 * Double-width values for lazy reduction: integers below M = m 2^(n w),
 * which is what Montgomery reduction accepts; sums and differences are
 * taken modulo M, so they stay in range whatever the operands, and M = 0
 * mod m leaves the reduced value unchanged. M has a zero low half: fixing
 * a sum or difference up touches the high half only.
 */

/* r = a + b mod M for 2n-limb a, b < M. */
static inline void mont_modadd_wide_n(limb_t *r, const limb_t *a, const limb_t *b, const limb_t *m, int n) {
    MONT_ADX_SUM(modadd_wide, r, a, b, m, n);
    limb_t t[MONT_MAX_LIMBS];
    mont_add_n(r, a, b, 2 * n);
    limb_t borrow = mont_sub_n(t, r + n, m, n);
    mont_select_n(r + n, r + n, t, (limb_t)0 - borrow, n);
}

/* r = a - b mod M for 2n-limb a, b < M. */
static inline void mont_modsub_wide_n(limb_t *r, const limb_t *a, const limb_t *b, const limb_t *m, int n) {
    MONT_ADX_SUM(modsub_wide, r, a, b, m, n);
    limb_t borrow = mont_sub_n(r, a, b, 2 * n);
    mont_add_mask_n(r + n, r + n, m, (limb_t)0 - borrow, n);
}

/* r = a - b - c mod M for 2n-limb a, b, c < M: the difference is above
 * -2M > -2^(2n w), so it borrows at most once, and then it is in [-M, 0)
 * or [-2M, -M): M is added if it borrowed, and M again if that addition
 * did not carry out (the value was still negative). One pass over the
 * limbs instead of mont_modsub_wide_n's two. */
static inline void mont_modsub2_wide_n(limb_t *r, const limb_t *a, const limb_t *b, const limb_t *c,
                                       const limb_t *m, int n) {
#if MONT_ADX
    if (n == 4 || n == 6 || n == 8 || n == 10) {
        mont_modsub_wide_n(r, a, b, m, n);
        mont_modsub_wide_n(r, r, c, m, n);
        return;
    }
#endif
    limb_t mask = (limb_t)0 - mont_sub2_n(r, a, b, c, 2 * n);
    limb_t carry = mont_add_mask_n(r + n, r + n, m, mask, n);
    mont_add_mask_n(r + n, r + n, m, mask & (carry - 1), n);
}

/* (c2:acc) += a * b */
static inline void mont_mac3(dlimb_t *acc, limb_t *c2, limb_t a, limb_t b) {
    dlimb_t p = (dlimb_t)a * b;
    *acc += p;
    *c2 += (limb_t)(*acc < p);
}

/* Montgomery product r = a b / 2^(n w) mod m, by finely integrated product
 * scanning: column by column, the product a b and the multiple q m that
 * clears the low half are summed into one three-limb accumulator. The
 * result is below 2m and one conditional subtraction reduces it. */
static inline void mont_mul_n(limb_t *r, const limb_t *a, const limb_t *b, const limb_t *m,
                              limb_t n0, int n) {
#if MONT_ADX
    if (n == 6) {
        mont_adx_mul6(r, a, b, m, n0);
        return;
    }
    if (n == 4) {
        mont_adx_mul4(r, a, b, m, n0);
        return;
    }
    if (n == 8) {
        mont_adx_mul8(r, a, b, m, n0);
        return;
    }
    if (n == 10) {
        mont_adx_mul10(r, a, b, m, n0);
        return;
    }
#endif
#if LIMB_BITS == 32
    if (R30_FITS(n)) {
        mont_r30_mul(r, a, b, m, n0, n);
        return;
    }
#endif
    limb_t q[MONT_MAX_LIMBS], t[MONT_MAX_LIMBS];
    dlimb_t acc = 0;
    limb_t c2 = 0;
    MONT_UNROLL
    for (int i = 0; i < n; i++) {
        MONT_UNROLL
        for (int j = 0; j < i; j++) {
            mont_mac3(&acc, &c2, a[j], b[i - j]);
            mont_mac3(&acc, &c2, q[j], m[i - j]);
        }
        mont_mac3(&acc, &c2, a[i], b[0]);
        q[i] = (limb_t)acc * n0;
        mont_mac3(&acc, &c2, q[i], m[0]); /* clears the low limb */
        acc = (acc >> LIMB_BITS) | ((dlimb_t)c2 << LIMB_BITS);
        c2 = 0;
    }
    MONT_UNROLL
    for (int i = n; i < 2 * n - 1; i++) {
        MONT_UNROLL
        for (int j = i - n + 1; j < n; j++) {
            mont_mac3(&acc, &c2, a[j], b[i - j]);
            mont_mac3(&acc, &c2, q[j], m[i - j]);
        }
        t[i - n] = (limb_t)acc;
        acc = (acc >> LIMB_BITS) | ((dlimb_t)c2 << LIMB_BITS);
        c2 = 0;
    }
    t[n - 1] = (limb_t)acc; /* the rest is 0: the result is below 2m < 2^(n w) */
    mont_reduce_once(r, t, m, n);
}

/* r = a^(2^k) / 2^(n w (2^k - 1)) mod m for a < m and k >= 1 (k squarings,
 * in radix 2^30 without leaving its digits between them: mont_r30.h).
 * One function for a square and for a run of them (mont_pow_n), not two
 * copies of the unrolled square. */
static inline void mont_sqr_times_n(limb_t *r, const limb_t *a, int k, const limb_t *m, limb_t n0, int n);

/* r = a^2 / 2^(n w) mod m for a < m: the squares of mont_adx.h on x86-64
 * with BMI2 and ADX and in radix 2^30, which take each cross product once
 * (but mont_adx.h's four-limb square, the product a a: its dependent chain
 * is shorter); the Montgomery product otherwise. */
static inline void mont_sqr_n(limb_t *r, const limb_t *a, const limb_t *m, limb_t n0, int n) {
#if MONT_ADX
    if (n == 6) {
        mont_adx_sqr6(r, a, m, n0);
        return;
    }
    if (n == 4) {
        mont_adx_sqr4(r, a, m, n0);
        return;
    }
    if (n == 8) {
        mont_adx_sqr8(r, a, m, n0);
        return;
    }
    if (n == 10) {
        mont_adx_sqr10(r, a, m, n0);
        return;
    }
#endif
#if LIMB_BITS == 32
    if (R30_FITS(n)) {
        mont_sqr_times_n(r, a, 1, m, n0, n);
        return;
    }
#endif
    mont_mul_n(r, a, a, m, n0, n);
}

static inline void mont_sqr_times_n(limb_t *r, const limb_t *a, int k, const limb_t *m, limb_t n0, int n) {
#if LIMB_BITS == 32
    if (R30_FITS(n)) {
        mont_r30_sqr_times(r, a, k, m, n0, n);
        return;
    }
#endif
    mont_sqr_n(r, a, m, n0, n);
    for (int j = 1; j < k; j++) mont_sqr_n(r, r, m, n0, n);
}

/* Double-width product r[0..2n) = a b (plain integers), for lazy reduction. */
static inline void mont_mul_wide_n(limb_t *r, const limb_t *a, const limb_t *b, int n) {
#if MONT_ADX
    if (n == 6) {
        mont_adx_mul_wide6(r, a, b);
        return;
    }
    if (n == 4) {
        mont_adx_mul_wide4(r, a, b);
        return;
    }
    if (n == 8) {
        mont_adx_mul_wide8(r, a, b);
        return;
    }
    if (n == 10) {
        mont_adx_mul_wide10(r, a, b);
        return;
    }
#endif
#if LIMB_BITS == 32
    if (R30_FITS(n)) {
        mont_r30_mul_wide(r, a, b, n);
        return;
    }
#endif
    dlimb_t acc = 0;
    limb_t c2 = 0;
    MONT_UNROLL
    for (int k = 0; k < n; k++) {
        MONT_UNROLL
        for (int i = 0; i <= k; i++) mont_mac3(&acc, &c2, a[i], b[k - i]);
        r[k] = (limb_t)acc;
        acc = (acc >> LIMB_BITS) | ((dlimb_t)c2 << LIMB_BITS);
        c2 = 0;
    }
    MONT_UNROLL
    for (int k = n; k < 2 * n - 1; k++) {
        MONT_UNROLL
        for (int i = k - n + 1; i < n; i++) mont_mac3(&acc, &c2, a[i], b[k - i]);
        r[k] = (limb_t)acc;
        acc = (acc >> LIMB_BITS) | ((dlimb_t)c2 << LIMB_BITS);
        c2 = 0;
    }
    r[2 * n - 1] = (limb_t)acc;
}

/* Double-width square r[0..2n) = a^2 (r not aliasing a): each cross
 * product once, doubled, plus the squares on the diagonal (n(n+1)/2
 * products instead of n^2). */
static inline void mont_sqr_wide_n(limb_t *r, const limb_t *a, int n) {
#if MONT_ADX
    if (n == 6) {
        mont_adx_sqr_wide6(r, a);
        return;
    }
    if (n == 4) {
        mont_adx_sqr_wide4(r, a);
        return;
    }
    if (n == 8) {
        mont_adx_sqr_wide8(r, a);
        return;
    }
    if (n == 10) {
        mont_adx_sqr_wide10(r, a);
        return;
    }
#endif

    dlimb_t acc = 0;
    limb_t c2 = 0, carry = 0, top = 0;
    r[0] = 0;
    MONT_UNROLL
    for (int k = 1; k < n; k++) {
        MONT_UNROLL
        for (int i = 0; 2 * i < k; i++) mont_mac3(&acc, &c2, a[i], a[k - i]);
        r[k] = (limb_t)acc;
        acc = (acc >> LIMB_BITS) | ((dlimb_t)c2 << LIMB_BITS);
        c2 = 0;
    }
    MONT_UNROLL
    for (int k = n; k < 2 * n - 1; k++) {
        MONT_UNROLL
        for (int i = k - n + 1; 2 * i < k; i++) mont_mac3(&acc, &c2, a[i], a[k - i]);
        r[k] = (limb_t)acc;
        acc = (acc >> LIMB_BITS) | ((dlimb_t)c2 << LIMB_BITS);
        c2 = 0;
    }
    r[2 * n - 1] = (limb_t)acc;
    MONT_UNROLL
    for (int i = 0; i < 2 * n; i++) { /* r = 2r */
        limb_t next = r[i] >> (LIMB_BITS - 1);
        r[i] = (r[i] << 1) | top;
        top = next;
    }
    MONT_UNROLL
    for (int i = 0; i < n; i++) {
        dlimb_t p = (dlimb_t)a[i] * a[i];
        r[2 * i] = mont_adc(r[2 * i], (limb_t)p, &carry);
        r[2 * i + 1] = mont_adc(r[2 * i + 1], (limb_t)(p >> LIMB_BITS), &carry);
    }
}

/* Montgomery reduction r = t / 2^(n w) mod m of a 2n-limb t < m 2^(n w). */
static inline void mont_redc_n(limb_t *r, const limb_t *t, const limb_t *m, limb_t n0, int n) {
#if MONT_ADX
    if (n == 6) {
        mont_adx_redc6(r, t, m, n0);
        return;
    }
    if (n == 4) {
        mont_adx_redc4(r, t, m, n0);
        return;
    }
    if (n == 8) {
        mont_adx_redc8(r, t, m, n0);
        return;
    }
    if (n == 10) {
        mont_adx_redc10(r, t, m, n0);
        return;
    }
#endif
#if LIMB_BITS == 32
    if (R30_FITS(n)) {
        mont_r30_redc(r, t, m, n0, n);
        return;
    }
#endif
    limb_t q[MONT_MAX_LIMBS], u[MONT_MAX_LIMBS];
    dlimb_t acc = 0;
    limb_t c2 = 0;
    MONT_UNROLL
    for (int i = 0; i < n; i++) {
        acc += t[i];
        c2 += (limb_t)(acc < t[i]);
        MONT_UNROLL
        for (int j = 0; j < i; j++) mont_mac3(&acc, &c2, q[j], m[i - j]);
        q[i] = (limb_t)acc * n0;
        mont_mac3(&acc, &c2, q[i], m[0]);
        acc = (acc >> LIMB_BITS) | ((dlimb_t)c2 << LIMB_BITS);
        c2 = 0;
    }
    MONT_UNROLL
    for (int i = n; i < 2 * n; i++) {
        acc += t[i];
        c2 += (limb_t)(acc < t[i]);
        MONT_UNROLL
        for (int j = i - n + 1; j < n; j++) mont_mac3(&acc, &c2, q[j], m[i - j]);
        u[i - n] = (limb_t)acc;
        acc = (acc >> LIMB_BITS) | ((dlimb_t)c2 << LIMB_BITS);
        c2 = 0;
    }
    mont_reduce_once(r, u, m, n); /* u < 2m */
}

/* Constant-time comparison a < b as a mask. */
static inline limb_t mont_lt_n(const limb_t *a, const limb_t *b, int n) {
    limb_t t[MONT_MAX_LIMBS];
    return (limb_t)0 - mont_sub_n(t, a, b, n);
}

/* nbytes big-endian bytes -> n little-endian limbs, nbytes <= n * LIMB_BITS
 * / 8 (fewer when the encoding is shorter than the limbs: BN462's 58-byte
 * elements in 64 bytes of limbs); the limbs' top bytes are zero. */
static inline void mont_limbs_from_be(limb_t *r, int n, const uint8_t *in, int nbytes) {
    const int bytes = LIMB_BITS / 8;
    for (int i = 0; i < n; i++) r[i] = 0;
    for (int k = 0; k < nbytes; k++) r[k / bytes] |= (limb_t)in[nbytes - 1 - k] << (8 * (k % bytes));
}

/* n little-endian limbs -> nbytes big-endian bytes; the value must fit. */
static inline void mont_limbs_to_be(uint8_t *out, int nbytes, const limb_t *a, int n) {
    const int bytes = LIMB_BITS / 8;
    (void)n;
    for (int k = 0; k < nbytes; k++) out[nbytes - 1 - k] = (uint8_t)(a[k / bytes] >> (8 * (k % bytes)));
}

/* r = a^e (Montgomery form in and out) for an exponent e that is public:
 * sliding windows of up to MONT_POW_W bits over the odd powers a, a^3, ...,
 * a^(2^MONT_POW_W - 1), so the sequence of operations depends only on e
 * (about 381 squarings and 80 multiplications for a 381-bit e, against 104
 * multiplications with fixed 4-bit windows). */
#define MONT_POW_W 5
static inline void mont_pow_n(limb_t *r, const limb_t *a, const limb_t *e, int elimbs,
                              const limb_t *m, limb_t n0, const limb_t *one, int n) {
    limb_t odd[1 << (MONT_POW_W - 1)][MONT_MAX_LIMBS], sq[MONT_MAX_LIMBS], acc[MONT_MAX_LIMBS];
    int i = elimbs * LIMB_BITS - 1, started = 0, squarings = 0;
#define MONT_POW_BIT(k) ((int)(e[(k) / LIMB_BITS] >> ((k) % LIMB_BITS)) & 1)
    for (int j = 0; j < n; j++) { odd[0][j] = a[j]; acc[j] = one[j]; }
    mont_sqr_n(sq, a, m, n0, n);
    for (int k = 1; k < 1 << (MONT_POW_W - 1); k++) mont_mul_n(odd[k], odd[k - 1], sq, m, n0, n);
    /* The squarings between two products run together (mont_sqr_times_n). */
    for (;;) {
        while (i >= 0 && !MONT_POW_BIT(i)) {
            squarings += started;
            i--;
        }
        if (i < 0) break;
        /* the longest window e[i..low] of at most MONT_POW_W bits ending in a 1 */
        int low = i - MONT_POW_W + 1 < 0 ? 0 : i - MONT_POW_W + 1;
        while (!MONT_POW_BIT(low)) low++;
        unsigned w = 0;
        for (int k = i; k >= low; k--) {
            w = (w << 1) | (unsigned)MONT_POW_BIT(k);
            squarings += started;
        }
        i = low - 1;
        if (!started) {
            for (int j = 0; j < n; j++) acc[j] = odd[w >> 1][j];
            started = 1;
            continue;
        }
        mont_sqr_times_n(acc, acc, squarings, m, n0, n);
        squarings = 0;
        mont_mul_n(acc, acc, odd[w >> 1], m, n0, n);
    }
#undef MONT_POW_BIT
    if (squarings) {
        mont_sqr_times_n(r, acc, squarings, m, n0, n);
    } else {
        for (int j = 0; j < n; j++) r[j] = acc[j];
    }
}

/* r = a^e for a fixed exponent e given as an addition chain (generated by
 * build-scripts/pow_chain.py): steps {dst, src, k, mul} computing
 * t[dst] = t[src]^(2^k) t[mul] (no product when mul is 0xff) over the
 * registers t, t[0] = a, the result in the last step's t[dst]. The operations
 * depend only on the chain. */
static inline void mont_pow_chain_n(limb_t *r, const limb_t *a, const uint8_t (*steps)[4], int nsteps,
                                    limb_t (*t)[MONT_MAX_LIMBS], const limb_t *m, limb_t n0, int n) {
    for (int j = 0; j < n; j++) t[0][j] = a[j];
    for (int s = 0; s < nsteps; s++) {
        limb_t *dst = t[steps[s][0]];
        const limb_t *src = t[steps[s][1]];
        int k = steps[s][2], mul = steps[s][3];
        if (mul == 0xff) {
            mont_sqr_times_n(dst, src, k, m, n0, n);
        } else if (k) {
            mont_sqr_times_n(dst, src, k, m, n0, n);
            mont_mul_n(dst, dst, t[mul], m, n0, n);
        } else {
            mont_mul_n(dst, src, t[mul], m, n0, n);
        }
    }
    for (int j = 0; j < n; j++) r[j] = t[steps[nsteps - 1][0]][j];
}

#endif /* PYBLS_MONT_H */
