/*
 * tower48.h - the degree-48 tower of BLS48 curves (the CFRG draft's):
 *   Fp4 = Fp2[v]/(v^2 + u + 1), Fp8 = Fp4[w]/(w^2 + v),
 *   Fp24 = Fp8[z]/(z^3 + w), Fp48 = Fp24[s]/(s^2 + z).
 * G2 lives over Fp8, GT in Fp48. Element structs nest in that order, so an
 * element's Fp coefficients lie in memory in the draft's order (lowest
 * tower element first: 1, u, v, uv, w, ..., the coefficient of
 * u v w z^2 s last).
 * Constant time unless marked _vartime; outputs may alias inputs.
 */
#ifndef PYBLS_TOWER48_H
#define PYBLS_TOWER48_H

#include "field/field.h"

typedef struct { fp2_t c0, c1; } fp4_t;        /* c0 + c1 v */
typedef struct { fp4_t c0, c1; } fp8_t;        /* c0 + c1 w */
typedef struct { fp8_t c0, c1, c2; } fp24_t;   /* c0 + c1 z + c2 z^2 */
typedef struct { fp24_t c0, c1; } fp48_t;      /* c0 + c1 s */

/* The operations of Fp4 and Fp8 (field/quad_template.h), those the curve
 * templates need for G2 and those the tower above needs. */
#define TOWER48_DECLARE_QUAD(Q, T, BT)                                                      \
    void Q##_set_zero(T *r);                                                                \
    void Q##_set_one(T *r);                                                                 \
    void Q##_add(T *r, const T *a, const T *b);                                             \
    void Q##_sub(T *r, const T *a, const T *b);                                             \
    void Q##_dbl(T *r, const T *a);                                                         \
    void Q##_neg(T *r, const T *a);                                                         \
    void Q##_half(T *r, const T *a);                                                        \
    void Q##_mul3(T *r, const T *a);                                                        \
    void Q##_mul(T *r, const T *a, const T *b);                                             \
    void Q##_sqr(T *r, const T *a);                                                         \
    void Q##_mul_base(T *r, const T *a, const BT *b);                                       \
    /* r = a b + c d, r = a b - c d (r may alias any input). */                            \
    void Q##_mul2_add(T *r, const T *a, const T *b, const T *c, const T *d);               \
    void Q##_mul2_sub(T *r, const T *a, const T *b, const T *c, const T *d);               \
    /* times the generator of the next level's non-residue (see each file). */            \
    void Q##_mul_nr(T *r, const T *a);                                                      \
    void Q##_inv(T *r, const T *a); /* 0 -> 0 */                                            \
    void Q##_inv_vartime(T *r, const T *a); /* the same for public values only */          \
    limb_t Q##_is_zero(const T *a);                                                         \
    limb_t Q##_eq(const T *a, const T *b);                                                  \
    /* The sign of the highest nonzero coefficient (> (p-1)/2): the draft's. */            \
    limb_t Q##_is_lexically_largest(const T *a);                                            \
    /* a^(p^k), k = 1..8. */                                                               \
    void Q##_frobenius(T *r, const T *a, int k);                                            \
    /* A square root (either), all-ones if a is a square; variable time. */               \
    limb_t Q##_sqrt_vartime(T *r, const T *a);                                              \
    /* Coefficients highest first, each CURVE_FP_BYTES big-endian; all-ones if canonical. */ \
    limb_t Q##_from_bytes(T *r, const uint8_t *in);                                         \
    void Q##_to_bytes(uint8_t *out, const T *a);

TOWER48_DECLARE_QUAD(fp4, fp4_t, fp2_t)
TOWER48_DECLARE_QUAD(fp8, fp8_t, fp4_t)

/* Lazy reduction (fp8.c): Fp8 products before reduction, coefficients
 * double-width signed integers (two's complement in fp2x2_t storage),
 * summed and subtracted exactly and brought into range at the reduction;
 * fp8.c gives their bounds. The products take operands whose coefficients
 * are below 8p, so sums that only feed them are left unreduced
 * (fp8_add_plain). */
typedef struct { fp2x2_t c0, c1; } fp4x2_t;
typedef struct { fp4x2_t c0, c1; } fp8x2_t;
void fp8_add_plain(fp8_t *r, const fp8_t *a, const fp8_t *b); /* a + b, no reduction */
void fp8_mul_wide(fp8x2_t *r, const fp8_t *a, const fp8_t *b);
void fp8x2_add(fp8x2_t *r, const fp8x2_t *a, const fp8x2_t *b);
void fp8x2_sub(fp8x2_t *r, const fp8x2_t *a, const fp8x2_t *b);
void fp8x2_add_nr(fp8x2_t *r, const fp8x2_t *a, const fp8x2_t *b); /* a + (-w) b */
void fp8x2_sub_nr(fp8x2_t *r, const fp8x2_t *a, const fp8x2_t *b); /* a - (-w) b */
void fp8x2_redc(fp8_t *r, fp8x2_t *a); /* a is overwritten */

/* Fp2 helpers of the tower: a^(p^k) (conjugation for odd k) and a sqrt
 * through the same interface. */
void fp2_frobenius(fp2_t *r, const fp2_t *a, int k);
limb_t fp2_sqrt_vartime(fp2_t *r, const fp2_t *a);

/* Fp24 */
void fp24_set_zero(fp24_t *r);
void fp24_set_one(fp24_t *r);
void fp24_add(fp24_t *r, const fp24_t *a, const fp24_t *b);
void fp24_sub(fp24_t *r, const fp24_t *a, const fp24_t *b);
void fp24_neg(fp24_t *r, const fp24_t *a);
/* Operands' coefficients below 4p (sums of two reduced values, unreduced). */
void fp24_mul(fp24_t *r, const fp24_t *a, const fp24_t *b);
/* The product before reduction (see fp8x2_t), and its reduction. */
typedef struct { fp8x2_t c0, c1, c2; } fp24x2_t;
void fp24_mul_wide(fp24x2_t *r, const fp24_t *a, const fp24_t *b);
void fp24x2_redc(fp24_t *r, fp24x2_t *a); /* a is overwritten */
void fp24_sqr(fp24_t *r, const fp24_t *a);
void fp24_mul_nr(fp24_t *r, const fp24_t *a); /* times -z, the non-residue s^2 */
void fp24_inv(fp24_t *r, const fp24_t *a);
limb_t fp24_is_zero(const fp24_t *a);
limb_t fp24_eq(const fp24_t *a, const fp24_t *b);

/* Fp48 and its cyclotomic subgroup (GT). */
void fp48_set_one(fp48_t *r);
void fp48_mul(fp48_t *r, const fp48_t *a, const fp48_t *b);
void fp48_sqr(fp48_t *r, const fp48_t *a);
void fp48_inv(fp48_t *r, const fp48_t *a);
void fp48_conj(fp48_t *r, const fp48_t *a); /* a^(p^24): the inverse in GT */
void fp48_frobenius(fp48_t *r, const fp48_t *a, int k); /* a^(p^k), k = 1, 2, 4, 8 */
/* a * (c0 + c1 s + c3 s z), the value of a line of the D-type twist (c0 in Fp). */
void fp48_mul_line(fp48_t *r, const fp48_t *a, const fp_t *c0, const fp8_t *c1, const fp8_t *c3);
limb_t fp48_eq(const fp48_t *a, const fp48_t *b);
limb_t fp48_is_one(const fp48_t *a);
limb_t fp48_is_zero(const fp48_t *a);
/* Squaring valid only in the cyclotomic subgroup (Granger-Scott over Fp16). */
void fp48_cyclotomic_sqr(fp48_t *r, const fp48_t *a);
/* a^t for the curve's t (< 0), a in the cyclotomic subgroup. */
void fp48_cyclotomic_exp_t(fp48_t *r, const fp48_t *a);

#endif /* PYBLS_TOWER48_H */
