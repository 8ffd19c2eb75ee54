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
