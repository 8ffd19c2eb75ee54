/* fp24.c - Fp24 = Fp8[z]/(z^3 + w) of the BLS48 tower. */
#include "curves/consts.h"
#include "field/tower48.h"

void fp24_set_zero(fp24_t *r) {
    fp8_set_zero(&r->c0);
    fp8_set_zero(&r->c1);
    fp8_set_zero(&r->c2);
}

void fp24_set_one(fp24_t *r) {
    fp8_set_one(&r->c0);
    fp8_set_zero(&r->c1);
    fp8_set_zero(&r->c2);
}

void fp24_add(fp24_t *r, const fp24_t *a, const fp24_t *b) {
    fp8_add(&r->c0, &a->c0, &b->c0);
    fp8_add(&r->c1, &a->c1, &b->c1);
    fp8_add(&r->c2, &a->c2, &b->c2);
}

void fp24_sub(fp24_t *r, const fp24_t *a, const fp24_t *b) {
    fp8_sub(&r->c0, &a->c0, &b->c0);
    fp8_sub(&r->c1, &a->c1, &b->c1);
    fp8_sub(&r->c2, &a->c2, &b->c2);
}

void fp24_neg(fp24_t *r, const fp24_t *a) {
    fp8_neg(&r->c0, &a->c0);
    fp8_neg(&r->c1, &a->c1);
    fp8_neg(&r->c2, &a->c2);
}

/* Karatsuba over three coefficients (six Fp8 products), z^3 = -w
 * (fp8x2_add_nr), the products combined double-width. The sums feeding
 * the products stay unreduced: operands with coefficients below 4p give
 * sums below 8p, the bound of fp8_mul_wide. */
void fp24_mul_wide(fp24x2_t *r, const fp24_t *a, const fp24_t *b) {
    fp8x2_t v0, v1, v2, x;
    fp8_t s, t;
    fp8_mul_wide(&v0, &a->c0, &b->c0);
    fp8_mul_wide(&v1, &a->c1, &b->c1);
    fp8_mul_wide(&v2, &a->c2, &b->c2);
    /* c0 = v0 - w ((a1 + a2)(b1 + b2) - v1 - v2) */
    fp8_add_plain(&s, &a->c1, &a->c2);
    fp8_add_plain(&t, &b->c1, &b->c2);
    fp8_mul_wide(&x, &s, &t);
    fp8x2_sub(&x, &x, &v1);
    fp8x2_sub(&x, &x, &v2);
    fp8x2_add_nr(&r->c0, &v0, &x);
    /* c1 = (a0 + a1)(b0 + b1) - v0 - v1 - w v2 */
    fp8_add_plain(&s, &a->c0, &a->c1);
    fp8_add_plain(&t, &b->c0, &b->c1);
    fp8_mul_wide(&x, &s, &t);
    fp8x2_sub(&x, &x, &v0);
    fp8x2_sub(&x, &x, &v1);
    fp8x2_add_nr(&r->c1, &x, &v2);
    /* c2 = (a0 + a2)(b0 + b2) - v0 - v2 + v1 */
    fp8_add_plain(&s, &a->c0, &a->c2);
    fp8_add_plain(&t, &b->c0, &b->c2);
    fp8_mul_wide(&x, &s, &t);
    fp8x2_sub(&x, &x, &v0);
    fp8x2_sub(&x, &x, &v2);
    fp8x2_add(&r->c2, &x, &v1);
}

void fp24x2_redc(fp24_t *r, fp24x2_t *a) {
    fp8x2_redc(&r->c0, &a->c0);
    fp8x2_redc(&r->c1, &a->c1);
    fp8x2_redc(&r->c2, &a->c2);
}

/* Reduced once per coefficient: 24 reductions instead of 48. */
void fp24_mul(fp24_t *r, const fp24_t *a, const fp24_t *b) {
    fp24x2_t t;
    fp24_mul_wide(&t, a, b);
    fp24x2_redc(r, &t);
}

/* Chung-Hasan's SQR2: two squares and three products. */
void fp24_sqr(fp24_t *r, const fp24_t *a) {
    fp8_t s0, s1, s2, s3, s4, t;
    fp8_sqr(&s0, &a->c0);
    fp8_mul(&s1, &a->c0, &a->c1);
    fp8_dbl(&s1, &s1);
    fp8_sub(&t, &a->c0, &a->c1);
    fp8_add(&t, &t, &a->c2);
    fp8_sqr(&s2, &t);
    fp8_mul(&s3, &a->c1, &a->c2);
    fp8_dbl(&s3, &s3);
    fp8_sqr(&s4, &a->c2);
    fp8_mul_nr(&t, &s3);
    fp8_add(&r->c0, &s0, &t);
    fp8_mul_nr(&t, &s4);
    fp8_add(&t, &t, &s1);
    fp8_add(&s2, &s2, &s1);
    fp8_add(&s2, &s2, &s3);
    fp8_sub(&s2, &s2, &s0);
    fp8_sub(&r->c2, &s2, &s4);
    r->c1 = t;
}

/* Times -z: (a0 + a1 z + a2 z^2)(-z) = -a2 z^3 - a0 z - a1 z^2
 * = w a2 - a0 z - a1 z^2. */
void fp24_mul_nr(fp24_t *r, const fp24_t *a) {
    fp8_t t;
    fp8_mul_nr(&t, &a->c2); /* -w a2 */
    fp8_neg(&t, &t);
    fp8_neg(&r->c2, &a->c1);
    fp8_neg(&r->c1, &a->c0);
    r->c0 = t;
}

void fp24_inv(fp24_t *r, const fp24_t *a) {
    fp8_t c0, c1, c2, t, u;
    fp8_sqr(&c0, &a->c0);
    fp8_mul(&t, &a->c1, &a->c2);
    fp8_mul_nr(&t, &t);
    fp8_sub(&c0, &c0, &t);
    fp8_sqr(&c1, &a->c2);
    fp8_mul_nr(&c1, &c1);
    fp8_mul(&t, &a->c0, &a->c1);
    fp8_sub(&c1, &c1, &t);
    fp8_sqr(&c2, &a->c1);
    fp8_mul(&t, &a->c0, &a->c2);
    fp8_sub(&c2, &c2, &t);
    fp8_mul(&t, &a->c2, &c1);
    fp8_mul(&u, &a->c1, &c2);
    fp8_add(&t, &t, &u);
    fp8_mul_nr(&t, &t);
    fp8_mul(&u, &a->c0, &c0);
    fp8_add(&t, &t, &u);
    fp8_inv(&t, &t);
    fp8_mul(&r->c0, &c0, &t);
    fp8_mul(&r->c1, &c1, &t);
    fp8_mul(&r->c2, &c2, &t);
}

limb_t fp24_is_zero(const fp24_t *a) { return fp8_is_zero(&a->c0) & fp8_is_zero(&a->c1) & fp8_is_zero(&a->c2); }

limb_t fp24_eq(const fp24_t *a, const fp24_t *b) {
    return fp8_eq(&a->c0, &b->c0) & fp8_eq(&a->c1, &b->c1) & fp8_eq(&a->c2, &b->c2);
}
