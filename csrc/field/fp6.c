/* fp6.c - Fp6 = Fp2[v]/(v^3 - xi), xi = u + 1. */
#include "curves/consts.h"
#include "arith/mont.h"
#include "field/tower.h"

void fp6_set_zero(fp6_t *r) { fp2_set_zero(&r->c0); fp2_set_zero(&r->c1); fp2_set_zero(&r->c2); }
void fp6_set_one(fp6_t *r) { fp2_set_one(&r->c0); fp2_set_zero(&r->c1); fp2_set_zero(&r->c2); }

void fp6_add(fp6_t *r, const fp6_t *a, const fp6_t *b) {
    fp2_add(&r->c0, &a->c0, &b->c0);
    fp2_add(&r->c1, &a->c1, &b->c1);
    fp2_add(&r->c2, &a->c2, &b->c2);
}

void fp6_sub(fp6_t *r, const fp6_t *a, const fp6_t *b) {
    fp2_sub(&r->c0, &a->c0, &b->c0);
    fp2_sub(&r->c1, &a->c1, &b->c1);
    fp2_sub(&r->c2, &a->c2, &b->c2);
}

void fp6_neg(fp6_t *r, const fp6_t *a) {
    fp2_neg(&r->c0, &a->c0);
    fp2_neg(&r->c1, &a->c1);
    fp2_neg(&r->c2, &a->c2);
}

limb_t fp6_is_zero(const fp6_t *a) { return fp2_is_zero(&a->c0) & fp2_is_zero(&a->c1) & fp2_is_zero(&a->c2); }

/* (a0 + a1 v + a2 v^2) v = xi a2 + a0 v + a1 v^2 */
void fp6_mul_v(fp6_t *r, const fp6_t *a) {
    fp2_t t;
    fp2_mul_xi(&t, &a->c2);
    r->c2 = a->c1;
    r->c1 = a->c0;
    r->c0 = t;
}

void fp6x2_redc(fp6_t *r, const fp6x2_t *a) {
    fp2x2_redc(&r->c0, &a->c0);
    fp2x2_redc(&r->c1, &a->c1);
    fp2x2_redc(&r->c2, &a->c2);
}

/* Karatsuba over three coefficients: six Fp2 products, kept double width
 * (lazy reduction). The sums of coefficients enter the products unreduced
 * where fp2_mul_wide allows (fp2_add_wide_operand); a and b are reduced. */
void fp6_mul_wide(fp6x2_t *r, const fp6_t *a, const fp6_t *b) {
    fp2x2_t t0, t1, t2, m;
    fp2_t s, u;
    fp2_mul_wide(&t0, &a->c0, &b->c0);
    fp2_mul_wide(&t1, &a->c1, &b->c1);
    fp2_mul_wide(&t2, &a->c2, &b->c2);
    /* c0 = ((a1 + a2)(b1 + b2) - t1 - t2) xi + t0 */
    fp2_add_ksum(&s, &a->c1, &a->c2);
    fp2_add_ksum(&u, &b->c1, &b->c2);
    fp2_mul_wide(&m, &s, &u);
    fp2x2_sub2(&m, &m, &t1, &t2);
    fp2x2_mul_xi(&m, &m);
    fp2x2_add(&r->c0, &m, &t0);
    /* c1 = (a0 + a1)(b0 + b1) - t0 - t1 + xi t2 */
    fp2_add_ksum(&s, &a->c0, &a->c1);
    fp2_add_ksum(&u, &b->c0, &b->c1);
    fp2_mul_wide(&m, &s, &u);
    fp2x2_sub2(&m, &m, &t0, &t1);
    fp2x2_mul_xi(&r->c1, &t2);
    fp2x2_add(&r->c1, &m, &r->c1);
    /* c2 = (a0 + a2)(b0 + b2) - t0 - t2 + t1 */
    fp2_add_ksum(&s, &a->c0, &a->c2);
    fp2_add_ksum(&u, &b->c0, &b->c2);
    fp2_mul_wide(&m, &s, &u);
    fp2x2_sub2(&m, &m, &t0, &t2);
    fp2x2_add(&r->c2, &m, &t1);
}

/* Three Fp2 reductions instead of six. */
void fp6_mul(fp6_t *r, const fp6_t *a, const fp6_t *b) {
    fp6x2_t t;
    fp6_mul_wide(&t, a, b);
    fp6x2_redc(r, &t);
}

/* Chung-Hasan SQR2. */
void fp6_sqr(fp6_t *r, const fp6_t *a) {
    fp2_t s0, s1, s2, s3, s4, t;
    fp2_sqr(&s0, &a->c0);
    fp2_mul(&s1, &a->c0, &a->c1);
    fp2_dbl(&s1, &s1);
    fp2_sub(&t, &a->c0, &a->c1);
    fp2_add(&t, &t, &a->c2);
    fp2_sqr(&s2, &t);
    fp2_mul(&s3, &a->c1, &a->c2);
    fp2_dbl(&s3, &s3);
    fp2_sqr(&s4, &a->c2);
    /* c2 = s1 + s2 + s3 - s0 - s4 */
    fp2_add(&t, &s1, &s2);
    fp2_add(&t, &t, &s3);
    fp2_sub(&t, &t, &s0);
    fp2_sub(&r->c2, &t, &s4);
    /* c0 = xi s3 + s0; c1 = xi s4 + s1 */
    fp2_mul_xi(&s3, &s3);
    fp2_add(&r->c0, &s3, &s0);
    fp2_mul_xi(&s4, &s4);
    fp2_add(&r->c1, &s4, &s1);
}

/* a (b0 + b1 v): five Fp2 products, double width, the sums as in
 * fp6_mul_wide. */
void fp6_mul_01_wide(fp6x2_t *r, const fp6_t *a, const fp2_t *b0, const fp2_t *b1) {
    fp2x2_t t0, t1, m0, m1, m2;
    fp2_t s, u;
    fp2_mul_wide(&t0, &a->c0, b0);
    fp2_mul_wide(&t1, &a->c1, b1);
    /* c0 = ((a1 + a2) b1 - t1) xi + t0 */
    fp2_add_ksum(&s, &a->c1, &a->c2);
    fp2_mul_wide(&m0, &s, b1);
    /* c1 = (a0 + a1)(b0 + b1) - t0 - t1 */
    fp2_add_ksum(&s, &a->c0, &a->c1);
    fp2_add_ksum(&u, b0, b1);
    fp2_mul_wide(&m1, &s, &u);
    /* c2 = (a0 + a2) b0 - t0 + t1 */
    fp2_add_ksum(&s, &a->c0, &a->c2);
    fp2_mul_wide(&m2, &s, b0);
    fp2x2_sub(&m0, &m0, &t1);
    fp2x2_mul_xi(&m0, &m0);
    fp2x2_add(&r->c0, &m0, &t0);
    fp2x2_sub2(&r->c1, &m1, &t0, &t1);
    fp2x2_sub(&m2, &m2, &t0);
    fp2x2_add(&r->c2, &m2, &t1);
}

void fp6_mul_01(fp6_t *r, const fp6_t *a, const fp2_t *b0, const fp2_t *b1) {
    fp6x2_t t;
    fp6_mul_01_wide(&t, a, b0, b1);
    fp6x2_redc(r, &t);
}

/* a (b1 v) = xi a2 b1 + a0 b1 v + a1 b1 v^2, double width. */
void fp6_mul_1_wide(fp6x2_t *r, const fp6_t *a, const fp2_t *b1) {
    fp2x2_t t;
    fp2_mul_wide(&t, &a->c2, b1);
    fp2_mul_wide(&r->c2, &a->c1, b1);
    fp2_mul_wide(&r->c1, &a->c0, b1);
    fp2x2_mul_xi(&r->c0, &t);
}

void fp6_mul_1(fp6_t *r, const fp6_t *a, const fp2_t *b1) {
    fp6x2_t t;
    fp6_mul_1_wide(&t, a, b1);
    fp6x2_redc(r, &t);
}

#if CURVE_FAMILY_BN
/* a b0 for b0 in Fp2: three Fp2 products, double width (the D-type twist's
 * lines have an Fp2 constant term). */
void fp6_mul_0_wide(fp6x2_t *r, const fp6_t *a, const fp2_t *b0) {
    fp2_mul_wide(&r->c0, &a->c0, b0);
    fp2_mul_wide(&r->c1, &a->c1, b0);
    fp2_mul_wide(&r->c2, &a->c2, b0);
}
#endif

void fp6_inv(fp6_t *r, const fp6_t *a) {
    fp2_t t0, t1, t2, s, d;
    /* t0 = a0^2 - xi a1 a2, t1 = xi a2^2 - a0 a1, t2 = a1^2 - a0 a2 */
    fp2_sqr(&t0, &a->c0);
    fp2_mul(&s, &a->c1, &a->c2);
    fp2_mul_xi(&s, &s);
    fp2_sub(&t0, &t0, &s);
    fp2_sqr(&t1, &a->c2);
    fp2_mul_xi(&t1, &t1);
    fp2_mul(&s, &a->c0, &a->c1);
    fp2_sub(&t1, &t1, &s);
    fp2_sqr(&t2, &a->c1);
    fp2_mul(&s, &a->c0, &a->c2);
    fp2_sub(&t2, &t2, &s);
    /* d = a0 t0 + xi (a2 t1 + a1 t2) */
    fp2_mul(&d, &a->c2, &t1);
    fp2_mul(&s, &a->c1, &t2);
    fp2_add(&d, &d, &s);
    fp2_mul_xi(&d, &d);
    fp2_mul(&s, &a->c0, &t0);
    fp2_add(&d, &d, &s);
    fp2_inv(&d, &d);
    fp2_mul(&r->c0, &t0, &d);
    fp2_mul(&r->c1, &t1, &d);
    fp2_mul(&r->c2, &t2, &d);
}

void fp6_frobenius(fp6_t *r, const fp6_t *a, int k) {
    if (k & 1) {
        fp2_conj(&r->c0, &a->c0);
        fp2_conj(&r->c1, &a->c1);
        fp2_conj(&r->c2, &a->c2);
    } else {
        *r = *a;
    }
    fp2_mul(&r->c1, &r->c1, &FROB6_V[k - 1]);
    fp2_mul(&r->c2, &r->c2, &FROB6_V2[k - 1]);
}
