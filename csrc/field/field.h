/*
 * field.h - limb layer, field element types and the prime-field APIs
 * (Fp, Fr) plus Fp2.
 *
 * The limb width is a compile-time switch: 64-bit limbs with 128-bit
 * products where the compiler has unsigned __int128 (native builds), 32-bit
 * limbs with 64-bit products otherwise (WebAssembly), or forced with
 * -DPYBLS_LIMB_BITS=32 (the products of fields up to 640 bits but BLS48-581's Fr then run over
 * 30-bit digits inside mont.h; the stored form is unchanged). Both widths store an element as the same
 * little-endian bytes (R = 2^CURVE_FP_BITS for Fp and 2^CURVE_FR_BITS for Fr
 * either way, whole 64-bit words: 2^384 and 2^256 on BLS12-381), so the
 * internal byte representation does not depend on the build.
 *
 * All functions here are constant time unless their name ends in _vartime.
 * Outputs may alias inputs.
 */
#ifndef PYBLS_FIELD_H
#define PYBLS_FIELD_H

#include <stddef.h>
#include <stdint.h>

#include "curves/params.h"

#ifndef PYBLS_LIMB_BITS
#if defined(__SIZEOF_INT128__)
#define PYBLS_LIMB_BITS 64
#else
#define PYBLS_LIMB_BITS 32
#endif
#endif

#if PYBLS_LIMB_BITS == 64
typedef uint64_t limb_t;
typedef unsigned __int128 dlimb_t;
/* A 64-bit constant as limbs. */
#define LIMB64(x) ((limb_t)(x))
#elif PYBLS_LIMB_BITS == 32
typedef uint32_t limb_t;
typedef uint64_t dlimb_t;
#define LIMB64(x) ((limb_t)((x)&0xffffffffu)), ((limb_t)((uint64_t)(x) >> 32))
#else
#error "PYBLS_LIMB_BITS must be 32 or 64"
#endif

#define LIMB_BITS PYBLS_LIMB_BITS
#define FP_LIMBS (CURVE_FP_BITS / LIMB_BITS)
#define FR_LIMBS (CURVE_FR_BITS / LIMB_BITS)

typedef struct { limb_t l[FP_LIMBS]; } fp_t;
typedef struct { limb_t l[FR_LIMBS]; } fr_t;
typedef struct { fp_t c0, c1; } fp2_t;      /* c0 + c1 u, u^2 = -1 */
typedef struct { fp2_t c0, c1, c2; } fp6_t; /* c0 + c1 v + c2 v^2, v^3 = u + 1 */
typedef struct { fp6_t c0, c1; } fp12_t;    /* c0 + c1 w, w^2 = v */

/* All-ones if x == 0, else zero; constant time. */
static inline limb_t limb_is_zero_mask(limb_t x) {
    return (limb_t)0 - (limb_t)(1 & ((~x & (x - 1)) >> (LIMB_BITS - 1)));
}

/* Copy helpers usable on any of the types above. */
void ct_memcpy(void *dst, const void *src, size_t len);
void ct_memzero(void *dst, size_t len);
/* dst = mask ? src : dst, mask all-ones or zero; constant time. len is a
 * whole number of limbs (pairs of them for every type above; fpd_t's nine
 * 32-bit digits are odd). */
void ct_cmov(void *dst, const void *src, size_t len, limb_t mask);
/* dst = table[index] of count entries of len bytes (as for ct_cmov), or all
 * zero if index >= count; reads every entry, so constant time in index. */
void ct_lookup(void *dst, const void *table, size_t len, size_t count, size_t index);

/* ---- Fp ---------------------------------------------------------------- */
void fp_set_zero(fp_t *r);
void fp_set_one(fp_t *r);
void fp_add(fp_t *r, const fp_t *a, const fp_t *b);
/* a + b not reduced: below 2p for a, b < p, an operand of fp_mul and fp_sqr
 * only (they take a b < p R, and 4p < R on every curve). */
void fp_add_nr(fp_t *r, const fp_t *a, const fp_t *b);
void fp_sub(fp_t *r, const fp_t *a, const fp_t *b);
/* a + p - b not reduced, for a < 2p and b < p, a product's operand only:
 * below 2p for a < p (of fp_sqr, or of fp_mul with the other below 2p),
 * below 3p for a < 2p (of fp_mul with the other below p: a b < p R). */
void fp_sub_nr(fp_t *r, const fp_t *a, const fp_t *b);
void fp_dbl(fp_t *r, const fp_t *a);
void fp_half(fp_t *r, const fp_t *a); /* a / 2 */
void fp_neg(fp_t *r, const fp_t *a);
void fp_mul(fp_t *r, const fp_t *a, const fp_t *b);
void fp_sqr(fp_t *r, const fp_t *a);
void fp_inv(fp_t *r, const fp_t *a); /* 0 -> 0 */
/* The same in variable time: for public values only. */
void fp_inv_vartime(fp_t *r, const fp_t *a);
/* r = a^((p-3)/4), by an addition chain (constant time). */
void fp_pow_p_minus_3_div_4(fp_t *r, const fp_t *a);
/* Sets r = sqrt(a) (some root) and returns all-ones if a is a square. */
limb_t fp_sqrt(fp_t *r, const fp_t *a);
/* All-ones if a is a square (0 included), else 0: the Legendre symbol by a
 * batched binary GCD, constant time (on BN254 0.6 of a root with 64-bit
 * limbs, 0.15 with 32-bit ones). In WebAssembly, BN curves only (fp_inv.c). */
limb_t fp_is_square(const fp_t *a);
/* 1 for a nonzero square, -1 for a non-square, 0 for zero. */
int fp_legendre(const fp_t *a);
limb_t fp_is_zero(const fp_t *a); /* all-ones mask or 0 */
limb_t fp_eq(const fp_t *a, const fp_t *b);
/* Canonical (non-Montgomery) value is odd / is > (p-1)/2; masks. */
limb_t fp_is_odd(const fp_t *a);
limb_t fp_is_lexically_largest(const fp_t *a);
/* Big-endian CURVE_FP_BYTES bytes -> Montgomery form; returns all-ones if canonical
 * (< p). A non-canonical input still yields a reduced element. */
limb_t fp_from_bytes(fp_t *r, const uint8_t in[CURVE_FP_BYTES]);
void fp_to_bytes(uint8_t out[CURVE_FP_BYTES], const fp_t *a);
/* Small multiples used by curve formulas. */
void fp_mul3(fp_t *r, const fp_t *a);
/* r = a b + c d, r = a b - c d (r may alias any input). */
void fp_mul2_add(fp_t *r, const fp_t *a, const fp_t *b, const fp_t *c, const fp_t *d);
void fp_mul2_sub(fp_t *r, const fp_t *a, const fp_t *b, const fp_t *c, const fp_t *d);

#if LIMB_BITS == 32
/* Fp in the 30-bit digits of the radix-2^30 products (arith/mont_r30.h),
 * for a run of operations that stays in them: an element is any value
 * below 2p (Montgomery form, as fp_t), its digits below 2^30. A product
 * leaves its result in digits, below 2p (4p < R: fp.c), where fp_mul
 * packs it into limbs, reduces it below p and unpacks it again for the
 * next product (a ninth of a product's time in WebAssembly for BN254's
 * 9 digits: 47 against 53 ns in Node). */
#define FPD_DIGITS ((32 * FP_LIMBS + 29) / 30)
typedef struct { uint32_t d[FPD_DIGITS]; } fpd_t;
/* Its operations: field/fpd.h. */
#endif

/* ---- Fr ---------------------------------------------------------------- */
void fr_set_zero(fr_t *r);
void fr_set_one(fr_t *r);
void fr_add(fr_t *r, const fr_t *a, const fr_t *b);
void fr_sub(fr_t *r, const fr_t *a, const fr_t *b);
void fr_neg(fr_t *r, const fr_t *a);
void fr_mul(fr_t *r, const fr_t *a, const fr_t *b);
void fr_sqr(fr_t *r, const fr_t *a);
void fr_inv(fr_t *r, const fr_t *a); /* 0 -> 0 */
/* r = a^e, e a secret-safe big-endian byte string (constant time in both). */
void fr_pow_bytes(fr_t *r, const fr_t *a, const uint8_t *e_be, size_t elen);
limb_t fr_is_zero(const fr_t *a);
limb_t fr_eq(const fr_t *a, const fr_t *b);
limb_t fr_from_bytes(fr_t *r, const uint8_t in[CURVE_FR_BYTES]); /* all-ones if < r */
void fr_from_bytes_wide(fr_t *r, const uint8_t in[2 * CURVE_FR_BYTES]); /* reduce mod r */
void fr_to_bytes(uint8_t out[CURVE_FR_BYTES], const fr_t *a);
/* Canonical integer value as little-endian limbs (for scalar multiplication). */
void fr_to_canonical(limb_t out[FR_LIMBS], const fr_t *a);
/* Bit i (0 = least significant) of a canonical little-endian limb vector. */
static inline unsigned scalar_bit(const limb_t *k, unsigned i) {
    return (unsigned)(k[i / LIMB_BITS] >> (i % LIMB_BITS)) & 1u;
}
/* w bits starting at bit i (w <= 8, bits past the vector read as 0). */
unsigned scalar_window(const limb_t *k, int nlimbs, unsigned i, unsigned w);

/* ---- Fp2 --------------------------------------------------------------- */
void fp2_set_zero(fp2_t *r);
void fp2_set_one(fp2_t *r);
void fp2_add(fp2_t *r, const fp2_t *a, const fp2_t *b);
void fp2_sub(fp2_t *r, const fp2_t *a, const fp2_t *b);
void fp2_dbl(fp2_t *r, const fp2_t *a);
void fp2_neg(fp2_t *r, const fp2_t *a);
void fp2_conj(fp2_t *r, const fp2_t *a); /* also the p-power Frobenius */
void fp2_mul(fp2_t *r, const fp2_t *a, const fp2_t *b);
void fp2_sqr(fp2_t *r, const fp2_t *a);
void fp2_mul_fp(fp2_t *r, const fp2_t *a, const fp_t *b);
/* r = a b + c d, r = a b - c d with one reduction (r may alias any input). */
void fp2_mul2_add(fp2_t *r, const fp2_t *a, const fp2_t *b, const fp2_t *c, const fp2_t *d);
void fp2_mul2_sub(fp2_t *r, const fp2_t *a, const fp2_t *b, const fp2_t *c, const fp2_t *d);
void fp2_mul_xi(fp2_t *r, const fp2_t *a); /* times (1 + u) */
void fp2_mul3(fp2_t *r, const fp2_t *a);
void fp2_half(fp2_t *r, const fp2_t *a); /* a / 2 */
void fp2_inv(fp2_t *r, const fp2_t *a); /* 0 -> 0 */
/* The same in variable time (fp_inv_vartime of the norm): public values only. */
void fp2_inv_vartime(fp2_t *r, const fp2_t *a);
/* The same in constant time, faster (two Fp exponentiations via the norm). */
limb_t fp2_sqrt(fp2_t *r, const fp2_t *a);
/* All-ones if a is a square (0 included), by its norm's Legendre symbol:
 * fp_is_square and two squarings (fp2.c; in WebAssembly BN curves only). */
limb_t fp2_is_square(const fp2_t *a);
limb_t fp2_is_zero(const fp2_t *a);
limb_t fp2_eq(const fp2_t *a, const fp2_t *b);
/* ZCash sign rule: c1 > (p-1)/2, or c1 == 0 and c0 > (p-1)/2. */
limb_t fp2_is_lexically_largest(const fp2_t *a);
/* RFC 9380 sgn0 for Fp2. */
limb_t fp2_sgn0(const fp2_t *a);
/* 2 CURVE_FP_BYTES bytes c1 || c0, each big-endian; all-ones if both are canonical. */
/* Lazy reduction: an Fp2 product before Montgomery reduction, each
 * coefficient a double-width integer below p R. Sums and differences
 * of such values are taken modulo p R and stay in range; fp2x2_redc
 * reduces. */
typedef struct { limb_t c0[2 * FP_LIMBS], c1[2 * FP_LIMBS]; } fp2x2_t;
/* a b, double width. The coefficients of a and b may be below 2p instead
 * of p where FP2_WIDE_HEADROOM (8p < R: p 3 bits or more below the limbs,
 * BLS12-381, BN462 and BLS48-581): a Karatsuba sum of two of them is then
 * below 4p < R, and c1 = a0 b1 + a1 b0 below 8p^2 < p R = M (fp2.c). */
#define FP2_WIDE_HEADROOM (CURVE_P_BITS + 3 <= CURVE_FP_BITS)
void fp2_mul_wide(fp2x2_t *r, const fp2_t *a, const fp2_t *b);
/* a + b for fp2_mul_wide's operands: coefficients below 2p, unreduced, where
 * FP2_WIDE_HEADROOM, else fp2_add. */
void fp2_add_wide_operand(fp2_t *r, const fp2_t *a, const fp2_t *b);
void fp2x2_add(fp2x2_t *r, const fp2x2_t *a, const fp2x2_t *b);
void fp2x2_sub(fp2x2_t *r, const fp2x2_t *a, const fp2x2_t *b);
void fp2x2_sub2(fp2x2_t *r, const fp2x2_t *a, const fp2x2_t *b, const fp2x2_t *c); /* a - b - c */
void fp2x2_mul_xi(fp2x2_t *r, const fp2x2_t *a);
void fp2x2_redc(fp2_t *r, const fp2x2_t *a);
limb_t fp2_from_bytes(fp2_t *r, const uint8_t in[2 * CURVE_FP_BYTES]);
void fp2_to_bytes(uint8_t out[2 * CURVE_FP_BYTES], const fp2_t *a);

#endif /* PYBLS_FIELD_H */
