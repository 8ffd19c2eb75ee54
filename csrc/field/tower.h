/*
 * tower.h - Fp6 = Fp2[v]/(v^3 - xi) and Fp12 = Fp6[w]/(w^2 - v) (xi = 1 + u
 * on BLS12-381, 9 + u on BN254), the extension fields the pairing lives in,
 * plus the cyclotomic-subgroup
 * operations used by the final exponentiation and by GT.
 * Constant time unless marked _vartime; outputs may alias inputs.
 */
#ifndef PYBLS_TOWER_H
#define PYBLS_TOWER_H

#include "field/field.h"

/*
 * Karatsuba's operand sums for fp2_mul_wide (fp6.c, fp12.c; units that
 * include arith/mont.h). With the x86-64 kernels, whose double-width
 * product takes any limbs, and 2^CURVE_FP_BITS >= 8p, fp2_mul_wide also
 * takes coefficients below 2p: its sums stay below 4p < 2^CURVE_FP_BITS,
 * (a0 + a1)(b0 + b1) < 16p^2 fits double width, and the results a0 b0,
 * a1 b1 < 4p^2 and c1 = a0 b1 + a1 b0 < 8p^2 stay below M = p
 * 2^CURVE_FP_BITS, the bound every double-width value keeps. There,
 * fp2_add_ksum adds without reducing (its operands below p), inline;
 * elsewhere it is fp2_add_wide_operand (field.h: unreduced too where
 * FP2_WIDE_HEADROOM). Its result may only enter fp2_mul_wide.
 */
#if defined(PYBLS_MONT_H) && MONT_ADX && CURVE_FP_BITS - CURVE_P_BITS >= 3
static inline void fp2_add_ksum(fp2_t *r, const fp2_t *a, const fp2_t *b) {
    mont_add_n(r->c0.l, a->c0.l, b->c0.l, FP_LIMBS);
    mont_add_n(r->c1.l, a->c1.l, b->c1.l, FP_LIMBS);
}
#else
#define fp2_add_ksum fp2_add_wide_operand
#endif

void fp6_set_zero(fp6_t *r);
void fp6_set_one(fp6_t *r);
void fp6_add(fp6_t *r, const fp6_t *a, const fp6_t *b);
void fp6_sub(fp6_t *r, const fp6_t *a, const fp6_t *b);
void fp6_neg(fp6_t *r, const fp6_t *a);
void fp6_mul(fp6_t *r, const fp6_t *a, const fp6_t *b);
void fp6_sqr(fp6_t *r, const fp6_t *a);
void fp6_mul_v(fp6_t *r, const fp6_t *a); /* times v */
/* a * (b0 + b1 v) and a * (b1 v): the sparse products of line evaluation. */
void fp6_mul_01(fp6_t *r, const fp6_t *a, const fp2_t *b0, const fp2_t *b1);
void fp6_mul_1(fp6_t *r, const fp6_t *a, const fp2_t *b1);
void fp6_inv(fp6_t *r, const fp6_t *a);
/* Lazy reduction: Fp6 products before reduction (see fp2x2_t). */
typedef struct { fp2x2_t c0, c1, c2; } fp6x2_t;
void fp6_mul_wide(fp6x2_t *r, const fp6_t *a, const fp6_t *b);
void fp6_mul_01_wide(fp6x2_t *r, const fp6_t *a, const fp2_t *b0, const fp2_t *b1);
void fp6_mul_1_wide(fp6x2_t *r, const fp6_t *a, const fp2_t *b1);
#if CURVE_FAMILY_BN
void fp6_mul_0_wide(fp6x2_t *r, const fp6_t *a, const fp2_t *b0); /* a b0, b0 in Fp2 */
#endif
void fp6x2_redc(fp6_t *r, const fp6x2_t *a);
void fp6_frobenius(fp6_t *r, const fp6_t *a, int k); /* a^(p^k), k = 1, 2, 3 */
limb_t fp6_is_zero(const fp6_t *a);

void fp12_set_one(fp12_t *r);
void fp12_mul(fp12_t *r, const fp12_t *a, const fp12_t *b);
void fp12_sqr(fp12_t *r, const fp12_t *a);
void fp12_inv(fp12_t *r, const fp12_t *a);
void fp12_conj(fp12_t *r, const fp12_t *a); /* a^(p^6): the inverse in GT */
void fp12_frobenius(fp12_t *r, const fp12_t *a, int k); /* a^(p^k), k = 1, 2, 3 */
/* a * (c00 + c01 v + c11 v w): multiplication by a line value. */
void fp12_mul_014(fp12_t *r, const fp12_t *a, const fp2_t *c00, const fp2_t *c01, const fp2_t *c11);
/* a * l * m for two such line values l = (c00, c01, c11), m likewise. */
void fp12_mul_014_014(fp12_t *r, const fp12_t *a, const fp2_t l[3], const fp2_t m[3]);
/* r = l * m (a = 1 above: the lines' product alone). */
void fp12_set_014_014(fp12_t *r, const fp2_t l[3], const fp2_t m[3]);
#if CURVE_FAMILY_BN
/* The same for the line values of a D-type twist (BN254),
 * c00 + c10 w + c11 v w, and for two of them l = (c00, c10, c11), m. */
void fp12_mul_034(fp12_t *r, const fp12_t *a, const fp2_t *c00, const fp2_t *c10, const fp2_t *c11);
void fp12_mul_034_034(fp12_t *r, const fp12_t *a, const fp2_t l[3], const fp2_t m[3]);
void fp12_set_034_034(fp12_t *r, const fp2_t l[3], const fp2_t m[3]);
#endif
limb_t fp12_eq(const fp12_t *a, const fp12_t *b);
limb_t fp12_is_one(const fp12_t *a);

/* Squaring valid only in the cyclotomic subgroup (Granger-Scott). */
void fp12_cyclotomic_sqr(fp12_t *r, const fp12_t *a);
/* a^x for the curve's parameter x (BLS12: x < 0; BN: u, BLS_X_ABS and
 * BLS_X_IS_NEGATIVE give it), a in the cyclotomic subgroup. */
void fp12_cyclotomic_exp_x(fp12_t *r, const fp12_t *a);

#endif /* PYBLS_TOWER_H */
