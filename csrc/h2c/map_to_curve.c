/* map_to_curve.c - simplified SWU and isogeny maps for G1 and G2 (RFC 9380
 * 6.6.2, 6.6.3, 8.8), from sswu_template.h plus each field's sqrt_ratio. */
#include "h2c/map_to_curve.h"
#include "curves/consts.h"

#define fp_sgn0 fp_is_odd

/* sqrt_ratio for q = p = 3 mod 4 (RFC 9380 F.2.1.2): one exponentiation. */
static limb_t fp_sqrt_ratio(fp_t *y, const fp_t *u, const fp_t *v) {
    fp_t tv1, tv2, y1, y2, tv3;
    fp_sqr(&tv1, v);
    fp_mul(&tv2, u, v);
    fp_mul(&tv1, &tv1, &tv2);                      /* u v^3 */
    fp_pow_p_minus_3_div_4(&y1, &tv1);
    fp_mul(&y1, &y1, &tv2);                        /* u v (u v^3)^((p-3)/4) */
    fp_mul(&y2, &y1, &SSWU_G1_SQRT_MINUS_Z);
    fp_sqr(&tv3, &y1);
    fp_mul(&tv3, &tv3, v);
    limb_t is_square = fp_eq(&tv3, u);
    ct_cmov(&y2, &y1, sizeof y2, is_square);
    *y = y2;
    return is_square;
}

/* sqrt_ratio over Fp2 through the norm N(x) = x conj(x) to Fp: two Fp
 * exponentiations, against one Fp2 exponentiation of twice the length for
 * the generic method.
 *
 * u / v = a / n with a = u conj(v), n = N(v) in Fp. a / n is a square iff
 * N(a) is; if not, a is replaced by Z a, which is then (Z is a
 * non-square). s = sqrt(N(a)) comes from r = N(a)^((p+1)/4): r itself, or
 * sqrt(-N(Z)) r when N(a) is not a square (then r^2 = -N(a)).
 * A root x0 + x1 I of a / n has x0^2 = t / n with t = (a0 + s) / 2 (for one
 * of the two s; t = 0 only if a1 = 0 and a0 = -s, and then t = a0 is the
 * other choice) and 2 x0 x1 = a1 / n. With w = (t n^3)^((p-3)/4):
 *   t n^3 w^2 = 1:  x0 = t n w,  x1 = a1 n w / 2;
 *   t n^3 w^2 = -1: t / n is not a square in Fp, but -t / n is, and the root
 *                   is a1 n w / 2 - t n w I (the root of -a / n times -I).
 * ((p-3)/4 is even, so (-t n^3)^((p-3)/4) = w too.) */
static limb_t fp2_sqrt_ratio(fp2_t *y, const fp2_t *u, const fp2_t *v) {
    fp2_t a, za, root, other;
    fp_t n, na, r, s, t, d, w, k, sq;
    fp2_conj(&a, v);
    fp2_mul(&a, u, &a);
    fp_sqr(&n, &v->c0);
    fp_sqr(&t, &v->c1);
    fp_add(&n, &n, &t);
    fp_sqr(&na, &a.c0);
    fp_sqr(&t, &a.c1);
    fp_add(&na, &na, &t);
    limb_t is_square = fp_sqrt(&r, &na);
    fp2_mul(&za, &a, &SSWU_G2_Z);
    ct_cmov(&a, &za, sizeof a, ~is_square);
    fp_mul(&s, &r, &SSWU_G2_SQRT_MINUS_NORM_Z);
    ct_cmov(&s, &r, sizeof s, is_square);
    fp_add(&t, &a.c0, &s);
    fp_mul(&t, &t, &FP_INV2);
    ct_cmov(&t, &a.c0, sizeof t, fp_is_zero(&t));
    fp_sqr(&d, &n);
    fp_mul(&d, &d, &n);
    fp_mul(&d, &d, &t);                            /* t n^3 */
    fp_pow_p_minus_3_div_4(&w, &d);
    fp_mul(&k, &w, &n);
    fp_mul(&root.c0, &t, &k);
    fp_mul(&root.c1, &a.c1, &k);
    fp_mul(&root.c1, &root.c1, &FP_INV2);
    other.c0 = root.c1;
    fp_neg(&other.c1, &root.c0);
    fp_sqr(&sq, &w);
    fp_mul(&sq, &sq, &d);                          /* chi(t n): 1, -1 (or 0 if a = 0) */
    ct_cmov(&root, &other, sizeof root, ~fp_eq(&sq, &FP_ONE));
    *y = root;
    return is_square;
}

/* G1: E1' over Fp, 11-isogeny. */
#define POINT g1_t
#define FE fp_t
#define F(op) fp_##op
#define EC(name) g1_##name
#define SSWU_A SSWU_G1_A
#define SSWU_B SSWU_G1_B
#define SSWU_Z SSWU_G1_Z
#define SSWU_SQRT_RATIO fp_sqrt_ratio
#define SSWU_ISO_X_NUM ISO_G1_X_NUM
#define SSWU_ISO_X_DEN ISO_G1_X_DEN
#define SSWU_ISO_Y_NUM ISO_G1_Y_NUM
#define SSWU_ISO_Y_DEN ISO_G1_Y_DEN
#include "h2c/sswu_template.h"
#undef POINT
#undef FE
#undef F
#undef EC
#undef SSWU_A
#undef SSWU_B
#undef SSWU_Z
#undef SSWU_SQRT_RATIO
#undef SSWU_ISO_X_NUM
#undef SSWU_ISO_X_DEN
#undef SSWU_ISO_Y_NUM
#undef SSWU_ISO_Y_DEN

/* G2: E2' over Fp2, 3-isogeny. */
#define POINT g2_t
#define FE fp2_t
#define F(op) fp2_##op
#define EC(name) g2_##name
#define SSWU_A SSWU_G2_A
#define SSWU_B SSWU_G2_B
#define SSWU_Z SSWU_G2_Z
#define SSWU_SQRT_RATIO fp2_sqrt_ratio
#define SSWU_ISO_X_NUM ISO_G2_X_NUM
#define SSWU_ISO_X_DEN ISO_G2_X_DEN
#define SSWU_ISO_Y_NUM ISO_G2_Y_NUM
#define SSWU_ISO_Y_DEN ISO_G2_Y_DEN
#include "h2c/sswu_template.h"
