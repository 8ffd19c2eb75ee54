/* fpd.h - Fp in the 30-bit digits of the radix-2^30 products of 32-bit
 * builds (fpd_t, field.h), for a run of operations that stays in them
 * (the accumulator of g1.c's constant-time product). Only with 32-bit
 * limbs. */
#ifndef PYBLS_FPD_H
#define PYBLS_FPD_H
#include "curves/consts.h"
#include "arith/mont.h"
#if LIMB_BITS != 32
#error "fpd.h: 32-bit limbs only"
#endif
#define FPD_INLINE static inline __attribute__((always_inline))
#define FPD_NOINLINE static __attribute__((noinline))

/* ---- Fp in 30-bit digits (fpd_t) ----------------------------------------
 * Values below 2p in FPD_DIGITS digits below 2^30 (R30_DIGITS(FPD_N)). A
 * product of two of them is below 4p^2 < p R (4p < R: asserted below),
 * which r30_redc_columns takes, and its result, below 2p, is moved down
 * from the reduction's columns by the top bits with no packing, unpacking
 * or subtraction (as mont_r30_sqr_times between squares). Sums and
 * differences subtract or add 2p, selected by a mask; their signed carries
 * take GCC's and Clang's arithmetic right shift of negative values.
 * Constant time: no branch or index depends on a value. */
_Static_assert(FPD_DIGITS == R30_DIGITS(FP_LIMBS) && R30_FITS(FP_LIMBS), "fpd_t holds the radix-2^30 digits of Fp");
_Static_assert(CURVE_P_BITS + 2 <= CURVE_FP_BITS, "4p < R: products of values below 2p");
#define FPD_ND FPD_DIGITS
#define FPD_N FP_LIMBS
#define FPD_TOP R30_TOP_BITS(FP_LIMBS)

/* The digits of p, or of 2p for twice set (folded at compile time). */
FPD_INLINE void fpd_modulus(uint32_t m[FPD_ND], int twice) {
    uint32_t c = 0;
    r30_unpack(m, FPD_ND, P_MODULUS, FPD_N);
    R30_UNROLL
    for (int i = 0; i < FPD_ND && twice; i++) {
        const uint32_t v = 2 * m[i] + c;
        m[i] = v & R30_MASK;
        c = v >> 30;
    }
}

FPD_NOINLINE void fpd_from_fp(fpd_t *r, const fp_t *a) { r30_unpack(r->d, FPD_ND, a->l, FPD_N); }

FPD_NOINLINE void fpd_to_fp(fp_t *r, const fpd_t *a) {
    limb_t v[FPD_N];
    r30_pack(v, FPD_N, a->d, FPD_ND, 0); /* below 2p < 2^(32n): whole */
    mont_reduce_once(r->l, v, P_MODULUS, FPD_N);
}

/* a b and a^2, below 2p for a, b below 2p. */
FPD_NOINLINE void fpd_mul(fpd_t *r, const fpd_t *a, const fpd_t *b) {
    uint32_t d[2 * FPD_ND], u[FPD_ND + 1];
    r30_mul_digits(d, a->d, b->d, FPD_ND);
    r30_redc_columns(u, d, P_MODULUS, P_N0, FPD_N);
    r30_shift_down(r->d, u, FPD_ND, FPD_TOP);
}

FPD_NOINLINE void fpd_sqr(fpd_t *r, const fpd_t *a) {
    uint32_t d[2 * FPD_ND], u[FPD_ND + 1];
    r30_sqr_digits(d, a->d, FPD_ND);
    r30_redc_columns(u, d, P_MODULUS, P_N0, FPD_N);
    r30_shift_down(r->d, u, FPD_ND, FPD_TOP);
}

/* a + sign b for sign 1 or -1 (a constant, folded where it is inlined),
 * in two chains of signed carries side by side (each digit's carry is -1,
 * 0 or 1: an arithmetic shift): the first a + sign b, the second that less
 * sign 2p. A sum, below 4p < 2^(30 FPD_ND), takes the second unless it
 * borrows (its last carry), a difference the first unless that borrows:
 * either way the result is in [0, 2p). */
FPD_INLINE void fpd_add_sign(fpd_t *r, const fpd_t *a, const fpd_t *b, int sign) {
    uint32_t m2[FPD_ND], s[FPD_ND], t[FPD_ND];
    int32_t cs = 0, ct = 0;
    fpd_modulus(m2, 1);
    R30_UNROLL
    for (int i = 0; i < FPD_ND; i++) {
        const int32_t u = (int32_t)a->d[i] + sign * (int32_t)b->d[i]; /* in (-2^30, 2^31) */
        const int32_t vs = u + cs, vt = u - sign * (int32_t)m2[i] + ct;
        s[i] = (uint32_t)vs & R30_MASK;
        t[i] = (uint32_t)vt & R30_MASK;
        cs = vs >> 30;
        ct = vt >> 30;
    }
    /* all ones if the first chain is the result: a + b < 2p, or a >= b */
    const uint32_t first = sign > 0 ? (uint32_t)ct : ~(uint32_t)cs;
    R30_UNROLL
    for (int i = 0; i < FPD_ND; i++) r->d[i] = (s[i] & first) | (t[i] & ~first);
}

/* a + b, less 2p unless that borrows: in [0, 2p). */
FPD_INLINE void fpd_add(fpd_t *r, const fpd_t *a, const fpd_t *b) { fpd_add_sign(r, a, b, 1); }

/* a - b, or a - b + 2p if that is negative: in [0, 2p). */
FPD_INLINE void fpd_sub(fpd_t *r, const fpd_t *a, const fpd_t *b) { fpd_add_sign(r, a, b, -1); }

/* r = v mod 2p, in [0, 2p), for v = ka a + kb b + kc c + km 2p, a to c
 * below 2p and small constant coefficients (kb, kc may be 0 with their
 * operand null) for which v >= 0: a chain of sums and differences that
 * feeds one value, as one pass over the digits instead of one reduced sum
 * or difference per term (each of which takes as long: two chains of
 * carries and a selection). As mont_comb_n (mont.h), for the modulus
 * m = 2p: the quotient first, from the top digit alone, then v - q m and
 * v - (q + 1) m in two chains of signed carries side by side, keeping the
 * one in [0, m). With m_t the top digit of m (m < (m_t + 1) 2^240 for
 * FPD_ND = 9), P and N the sums of the positive and negative coefficients'
 * magnitudes (km among the first), each lower column is in
 * (-N 2^30, P 2^30), so the carry out of them is in [-N, P) and
 * T = (top column) - N is at most v_t = floor(v / 2^(30 (FPD_ND - 1))) and
 * above v_t - N - P. q = floor(T K / 2^40) for K = floor(2^40 / (m_t + 1))
 * is then at most v / m, and more than v / m - 1 - (2P + N + 1) / m_t -
 * T / 2^40 > v / m - 2 (m_t >= 2^13 and P + N <= 128, asserted), so that
 * v - q m is in [0, 2m); q = -1 where T < 0, for which v < (N + P) 2^240
 * < m. Constant time: q is a product, no branch or index depends on v.
 * fpd_comb (the macro below) checks the coefficients at compile time. */
#define FPD_COMB_NEG(k) ((k) < 0 ? -(k) : 0)
#define FPD_COMB_POS(k) ((k) > 0 ? (k) : 0)
_Static_assert(CURVE_P_BITS - 30 * (FPD_ND - 1) >= 13, "fpd_comb: the top digit of 2p is at least 2^13");
FPD_INLINE void fpd_comb_n(fpd_t *r, const fpd_t *a, int ka, const fpd_t *b, int kb, const fpd_t *c, int kc, int km) {
    enum { TOP = FPD_ND - 1 };
    uint32_t m[FPD_ND];
    int64_t col[FPD_ND], cs = 0, ct = 0;
    uint32_t s[FPD_ND], t[FPD_ND];
    const int neg = FPD_COMB_NEG(ka) + FPD_COMB_NEG(kb) + FPD_COMB_NEG(kc);
    fpd_modulus(m, 1);
    R30_UNROLL
    for (int i = 0; i < FPD_ND; i++) {
        int64_t v = (int64_t)ka * a->d[i] + (int64_t)km * m[i];
        if (kb) v += (int64_t)kb * b->d[i];
        if (kc) v += (int64_t)kc * c->d[i];
        col[i] = v;
    }
    const int64_t k40 = ((int64_t)1 << 40) / ((int64_t)m[TOP] + 1);
    const int64_t q = ((col[TOP] - neg) * k40) >> 40; /* floor: arithmetic shift */
    R30_UNROLL
    for (int i = 0; i < FPD_ND; i++) {
        const int64_t u = col[i] - q * (int64_t)m[i];
        const int64_t vs = u + cs, vt = u - (int64_t)m[i] + ct;
        s[i] = (uint32_t)vs & R30_MASK;
        t[i] = (uint32_t)vt & R30_MASK;
        cs = vs >> 30;
        ct = vt >> 30;
    }
    /* all ones if v - (q + 1) m borrows: v - q m is the result */
    const uint32_t first = (uint32_t)ct;
    R30_UNROLL
    for (int i = 0; i < FPD_ND; i++) r->d[i] = (s[i] & first) | (t[i] & ~first);
}
/* v >= 0 (km at least N) and P + N <= 128 */
#define fpd_comb(r, a, ka, b, kb, c, kc, km) \
    do { \
        _Static_assert((km) >= FPD_COMB_NEG(ka) + FPD_COMB_NEG(kb) + FPD_COMB_NEG(kc), "fpd_comb: v >= 0"); \
        _Static_assert(FPD_COMB_POS(ka) + FPD_COMB_POS(kb) + FPD_COMB_POS(kc) + (km) + FPD_COMB_NEG(ka) + \
                           FPD_COMB_NEG(kb) + FPD_COMB_NEG(kc) <= 128, "fpd_comb: P + N <= 128"); \
        fpd_comb_n(r, a, ka, b, kb, c, kc, km); \
    } while (0)

/* a / 2: a, or a + p (below 3p) if a is odd, halved: below 3p/2. */
FPD_NOINLINE void fpd_half(fpd_t *r, const fpd_t *a) {
    uint32_t m[FPD_ND], t[FPD_ND], c = 0;
    const uint32_t odd = 0u - (a->d[0] & 1);
    fpd_modulus(m, 0);
    R30_UNROLL
    for (int i = 0; i < FPD_ND; i++) {
        const uint32_t v = a->d[i] + (m[i] & odd) + c;
        t[i] = v & R30_MASK;
        c = v >> 30;
    }
    R30_UNROLL
    for (int i = 0; i < FPD_ND - 1; i++) r->d[i] = ((t[i] >> 1) | (t[i + 1] << 29)) & R30_MASK;
    r->d[FPD_ND - 1] = t[FPD_ND - 1] >> 1;
}

/* a below 2p is 0 mod p if it is 0 or p. */
FPD_NOINLINE limb_t fpd_is_zero(const fpd_t *a) {
    uint32_t m[FPD_ND], zero = 0, is_p = 0;
    fpd_modulus(m, 0);
    R30_UNROLL
    for (int i = 0; i < FPD_ND; i++) {
        zero |= a->d[i];
        is_p |= a->d[i] ^ m[i];
    }
    return limb_is_zero_mask(zero) | limb_is_zero_mask(is_p);
}

#endif /* PYBLS_FPD_H */
