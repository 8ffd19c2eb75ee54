/* fp12.c - Fp12 = Fp6[w]/(w^2 - v) and its cyclotomic subgroup. */
#include "consts.h"
#include "tower.h"

void fp12_set_one(fp12_t *r) { fp6_set_one(&r->c0); fp6_set_zero(&r->c1); }

void fp12_mul(fp12_t *r, const fp12_t *a, const fp12_t *b) {
    fp6_t t0, t1, s, u;
    fp6_mul(&t0, &a->c0, &b->c0);
    fp6_mul(&t1, &a->c1, &b->c1);
    fp6_add(&s, &a->c0, &a->c1);
    fp6_add(&u, &b->c0, &b->c1);
    fp6_mul(&s, &s, &u);
    fp6_sub(&s, &s, &t0);
    fp6_sub(&r->c1, &s, &t1);
    fp6_mul_v(&t1, &t1);
    fp6_add(&r->c0, &t0, &t1);
}

/* (a0 + a1 w)^2 = (a0 + a1)(a0 + v a1) - (1 + v) a0 a1 + 2 a0 a1 w */
void fp12_sqr(fp12_t *r, const fp12_t *a) {
    fp6_t ab, s, t;
    fp6_mul(&ab, &a->c0, &a->c1);
    fp6_add(&s, &a->c0, &a->c1);
    fp6_mul_v(&t, &a->c1);
    fp6_add(&t, &t, &a->c0);
    fp6_mul(&s, &s, &t);
    fp6_sub(&s, &s, &ab);
    fp6_mul_v(&t, &ab);
    fp6_sub(&r->c0, &s, &t);
    fp6_add(&r->c1, &ab, &ab);
}

void fp12_inv(fp12_t *r, const fp12_t *a) {
    fp6_t t0, t1;
    fp6_sqr(&t0, &a->c0);
    fp6_sqr(&t1, &a->c1);
    fp6_mul_v(&t1, &t1);
    fp6_sub(&t0, &t0, &t1);
    fp6_inv(&t0, &t0);
    fp6_mul(&r->c0, &a->c0, &t0);
    fp6_mul(&t1, &a->c1, &t0);
    fp6_neg(&r->c1, &t1);
}

void fp12_conj(fp12_t *r, const fp12_t *a) {
    r->c0 = a->c0;
    fp6_neg(&r->c1, &a->c1);
}

void fp12_frobenius(fp12_t *r, const fp12_t *a, int k) {
    const fp2_t *gamma = &FROB12_W[k - 1];
    fp6_frobenius(&r->c0, &a->c0, k);
    fp6_frobenius(&r->c1, &a->c1, k);
    fp2_mul(&r->c1.c0, &r->c1.c0, gamma);
    fp2_mul(&r->c1.c1, &r->c1.c1, gamma);
    fp2_mul(&r->c1.c2, &r->c1.c2, gamma);
}

/* a (L0 + L1 w) with L0 = c00 + c01 v and L1 = c11 v: 13 Fp2 products
 * instead of 18. */
void fp12_mul_014(fp12_t *r, const fp12_t *a, const fp2_t *c00, const fp2_t *c01, const fp2_t *c11) {
    fp6_t t0, t1, s;
    fp2_t b1;
    fp6_mul_01(&t0, &a->c0, c00, c01);
    fp6_mul_1(&t1, &a->c1, c11);
    fp6_add(&s, &a->c0, &a->c1);
    fp2_add(&b1, c01, c11);
    fp6_mul_01(&s, &s, c00, &b1);
    fp6_sub(&s, &s, &t0);
    fp6_sub(&r->c1, &s, &t1);
    fp6_mul_v(&t1, &t1);
    fp6_add(&r->c0, &t0, &t1);
}

limb_t fp12_eq(const fp12_t *a, const fp12_t *b) {
    return fp2_eq(&a->c0.c0, &b->c0.c0) & fp2_eq(&a->c0.c1, &b->c0.c1) & fp2_eq(&a->c0.c2, &b->c0.c2) &
           fp2_eq(&a->c1.c0, &b->c1.c0) & fp2_eq(&a->c1.c1, &b->c1.c1) & fp2_eq(&a->c1.c2, &b->c1.c2);
}

limb_t fp12_is_one(const fp12_t *a) {
    fp12_t one;
    fp12_set_one(&one);
    return fp12_eq(a, &one);
}

/* (a + b s)^2 in Fp4 = Fp2[s]/(s^2 - xi): returns (a^2 + xi b^2, 2ab). */
static void fp4_sqr(fp2_t *r0, fp2_t *r1, const fp2_t *a, const fp2_t *b) {
    fp2_t a2, b2, t;
    fp2_sqr(&a2, a);
    fp2_sqr(&b2, b);
    fp2_add(&t, a, b);
    fp2_sqr(&t, &t);
    fp2_sub(&t, &t, &a2);
    fp2_sub(r1, &t, &b2);
    fp2_mul_xi(&b2, &b2);
    fp2_add(r0, &a2, &b2);
}

/* 3 x - 2 y and 3 x + 2 y */
static void three_minus_two(fp2_t *r, const fp2_t *x, const fp2_t *y) {
    fp2_t t;
    fp2_sub(&t, x, y);
    fp2_dbl(&t, &t);
    fp2_add(r, &t, x);
}

static void three_plus_two(fp2_t *r, const fp2_t *x, const fp2_t *y) {
    fp2_t t;
    fp2_add(&t, x, y);
    fp2_dbl(&t, &t);
    fp2_add(r, &t, x);
}

/* Granger-Scott: view a as A + B t + C t^2 over Fp4 = Fp2[s] (s = w^3,
 * t = w), with A = (c0.c0, c1.c1), B = (c1.c0, c0.c2), C = (c0.c1, c1.c2);
 * then A' = 3A^2 - 2conj(A), B' = 3sC^2 + 2conj(B), C' = 3B^2 - 2conj(C). */
void fp12_cyclotomic_sqr(fp12_t *r, const fp12_t *a) {
    fp2_t x0, x1, y0, y1, z0, z1;
    fp4_sqr(&x0, &x1, &a->c0.c0, &a->c1.c1); /* A^2 */
    fp4_sqr(&z0, &z1, &a->c1.c0, &a->c0.c2); /* B^2 */
    fp4_sqr(&y0, &y1, &a->c0.c1, &a->c1.c2); /* C^2 */
    fp2_t b0 = a->c1.c0, b1 = a->c0.c2;
    fp2_t c0 = a->c0.c1, c1 = a->c1.c2;
    three_minus_two(&r->c0.c0, &x0, &a->c0.c0);
    three_plus_two(&r->c1.c1, &x1, &a->c1.c1);
    fp2_mul_xi(&y1, &y1); /* s C^2 = (xi y1, y0) */
    three_plus_two(&r->c1.c0, &y1, &b0);
    three_minus_two(&r->c0.c2, &y0, &b1);
    three_minus_two(&r->c0.c1, &z0, &c0);
    three_plus_two(&r->c1.c2, &z1, &c1);
}

/* a^x = conj(a^|x|); |x| = 0xd201000000010000 is public, so the bit scan
 * may branch. */
void fp12_cyclotomic_exp_x(fp12_t *r, const fp12_t *a) {
    fp12_t acc = *a;
    for (int i = 62; i >= 0; i--) {
        fp12_cyclotomic_sqr(&acc, &acc);
        if ((BLS_X_ABS >> i) & 1) fp12_mul(&acc, &acc, a);
    }
    fp12_conj(r, &acc);
}
