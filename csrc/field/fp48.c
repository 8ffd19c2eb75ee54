/* fp48.c - Fp48 = Fp24[s]/(s^2 + z) of the BLS48 tower, where GT lives:
 * products, Frobenius maps, line multiplication and the cyclotomic
 * squaring and exponentiation by t of the final exponentiation. */
#include "curves/consts.h"
#include "field/tower48.h"

void fp48_set_one(fp48_t *r) {
    fp24_set_one(&r->c0);
    fp24_set_zero(&r->c1);
}

void fp48_mul(fp48_t *r, const fp48_t *a, const fp48_t *b) {
    fp24_t v0, v1, s, t;
    fp24_mul(&v0, &a->c0, &b->c0);
    fp24_mul(&v1, &a->c1, &b->c1);
    fp24_add(&s, &a->c0, &a->c1);
    fp24_add(&t, &b->c0, &b->c1);
    fp24_mul(&s, &s, &t);
    fp24_sub(&s, &s, &v0);
    fp24_sub(&r->c1, &s, &v1);
    fp24_mul_nr(&v1, &v1);
    fp24_add(&r->c0, &v0, &v1);
}

/* (a0 + a1 s)^2 = (a0 + a1)(a0 + n a1) - (1 + n) a0 a1 + 2 a0 a1 s, n = -z. */
void fp48_sqr(fp48_t *r, const fp48_t *a) {
    fp24_t v, s, t;
    fp24_mul(&v, &a->c0, &a->c1);
    fp24_add(&s, &a->c0, &a->c1);
    fp24_mul_nr(&t, &a->c1);
    fp24_add(&t, &t, &a->c0);
    fp24_mul(&s, &s, &t);
    fp24_sub(&s, &s, &v);
    fp24_mul_nr(&t, &v);
    fp24_sub(&r->c0, &s, &t);
    fp24_add(&r->c1, &v, &v);
}

void fp48_inv(fp48_t *r, const fp48_t *a) {
    fp24_t n, t;
    fp24_sqr(&n, &a->c0);
    fp24_sqr(&t, &a->c1);
    fp24_mul_nr(&t, &t);
    fp24_sub(&n, &n, &t);
    fp24_inv(&n, &n);
    fp24_mul(&r->c0, &a->c0, &n);
    fp24_mul(&t, &a->c1, &n);
    fp24_neg(&r->c1, &t);
}

void fp48_conj(fp48_t *r, const fp48_t *a) {
    r->c0 = a->c0;
    fp24_neg(&r->c1, &a->c1);
}

/* The coefficient c_j of z^j in c0 (c1) has s-degree 2j (2j + 1), z^j being
 * (-1)^j s^(2j); it is mapped by Fp8's Frobenius and multiplied by
 * gamma_k^degree, gamma_k = s^(p^k - 1) (consts.h). */
void fp48_frobenius(fp48_t *r, const fp48_t *a, int k) {
    const int row = k == 1 ? 0 : k == 2 ? 1 : k == 4 ? 2 : 3;
    const fp24_t *in[2] = {&a->c0, &a->c1};
    fp24_t *out[2] = {&r->c0, &r->c1};
    for (int half = 0; half < 2; half++) {
        const fp8_t *ic = (const fp8_t *)in[half];
        fp8_t *oc = (fp8_t *)out[half];
        for (int j = 0; j < 3; j++) {
            int d = 2 * j + half;
            fp8_frobenius(&oc[j], &ic[j], k);
            if (d > 0) fp8_mul(&oc[j], &oc[j], &FROB48[row][d - 1]);
        }
    }
}

/* a * (b0 + b1 z) in Fp24. */
static void fp24_mul_01(fp24_t *r, const fp24_t *a, const fp8_t *b0, const fp8_t *b1) {
    fp8_t c0, c1, c2, t;
    fp8_mul(&c0, &a->c0, b0);
    fp8_mul(&t, &a->c2, b1);
    fp8_mul_nr(&t, &t);
    fp8_add(&c0, &c0, &t);
    fp8_mul(&c1, &a->c0, b1);
    fp8_mul(&t, &a->c1, b0);
    fp8_add(&c1, &c1, &t);
    fp8_mul(&c2, &a->c1, b1);
    fp8_mul(&t, &a->c2, b0);
    fp8_add(&c2, &c2, &t);
    r->c0 = c0;
    r->c1 = c1;
    r->c2 = c2;
}

/* An Fp24 times an element of Fp: each of its 24 coefficients. */
static void fp24_mul_fp(fp24_t *r, const fp24_t *a, const fp_t *c) {
    const fp_t *ia = (const fp_t *)a;
    fp_t *ir = (fp_t *)r;
    for (int i = 0; i < 24; i++) fp_mul(&ir[i], &ia[i], c);
}

/* a (l0 + l1 s) with l0 = c0 in Fp, l1 = c1 + c3 z:
 * (a0 l0 + n a1 l1) + (a0 l1 + a1 l0) s. */
void fp48_mul_line(fp48_t *r, const fp48_t *a, const fp_t *c0, const fp8_t *c1, const fp8_t *c3) {
    fp24_t x, y;
    fp24_mul_01(&x, &a->c1, c1, c3);
    fp24_mul_nr(&x, &x);
    fp24_mul_fp(&y, &a->c0, c0);
    fp24_add(&x, &x, &y);
    fp24_mul_01(&y, &a->c0, c1, c3);
    fp24_mul_fp(&r->c1, &a->c1, c0);
    fp24_add(&r->c1, &r->c1, &y);
    r->c0 = x;
}

limb_t fp48_eq(const fp48_t *a, const fp48_t *b) { return fp24_eq(&a->c0, &b->c0) & fp24_eq(&a->c1, &b->c1); }

limb_t fp48_is_one(const fp48_t *a) {
    fp48_t one;
    fp48_set_one(&one);
    return fp48_eq(a, &one);
}

limb_t fp48_is_zero(const fp48_t *a) { return fp24_is_zero(&a->c0) & fp24_is_zero(&a->c1); }

/* ---- the cyclotomic subgroup ---------------------------------------------
 * With S = s^3 (S^2 = w), Fp48 = Fp16[s]/(s^3 - S) for Fp16 = Fp8[S], and
 * an element is g0 + g1 s + g2 s^2 with g_i = e_i + e_(i+3) S, e_d its
 * coefficient of s-degree d (e_2 = -c0.c1, e_3 = -c1.c1: z = -s^2). In the
 * subgroup of order p^16 - p^8 + 1 (Granger and Scott, eprint 2009/565):
 *   f^2 = (3 g0^2 - 2 conj(g0)) + (3 S g2^2 + 2 conj(g1)) s + (3 g1^2 - 2 conj(g2)) s^2,
 * conj(x + y S) = x - y S: six Fp8 products for an Fp48 square. */
typedef struct { fp8_t x, y; } fp16_t; /* x + y S */

static void fp8_mul_w(fp8_t *r, const fp8_t *a) {
    fp8_mul_nr(r, a);
    fp8_neg(r, r);
}

/* (x + y S)^2 = (x^2 + w y^2) + 2 x y S, from (x + y)(x + w y) - (1 + w) x y. */
static void fp16_sqr(fp16_t *r, const fp16_t *a) {
    fp8_t v, s, t;
    fp8_mul(&v, &a->x, &a->y);
    fp8_add(&s, &a->x, &a->y);
    fp8_mul_w(&t, &a->y);
    fp8_add(&t, &t, &a->x);
    fp8_mul(&s, &s, &t);
    fp8_sub(&s, &s, &v);
    fp8_mul_w(&t, &v);
    fp8_sub(&r->x, &s, &t);
    fp8_dbl(&r->y, &v);
}

/* 3 a - 2 conj(g) (sign = -1) or 3 a + 2 conj(g) (sign = +1). */
static void fp16_gs(fp16_t *r, const fp16_t *a, const fp16_t *g, int sign) {
    fp8_t t;
    fp8_mul3(&r->x, &a->x);
    fp8_dbl(&t, &g->x);
    if (sign < 0)
        fp8_sub(&r->x, &r->x, &t);
    else
        fp8_add(&r->x, &r->x, &t);
    fp8_mul3(&r->y, &a->y);
    fp8_dbl(&t, &g->y);
    if (sign < 0)
        fp8_add(&r->y, &r->y, &t);
    else
        fp8_sub(&r->y, &r->y, &t);
}

void fp48_cyclotomic_sqr(fp48_t *r, const fp48_t *a) {
    fp16_t g0, g1, g2, a0, a1, a2, h0, h1, h2;
    g0.x = a->c0.c0;
    fp8_neg(&g0.y, &a->c1.c1);
    g1.x = a->c1.c0;
    g1.y = a->c0.c2;
    fp8_neg(&g2.x, &a->c0.c1);
    g2.y = a->c1.c2;
    fp16_sqr(&a0, &g0);
    fp16_sqr(&a1, &g1);
    fp16_sqr(&a2, &g2);
    { /* S g2^2 = w y + x S */
        fp8_t t;
        fp8_mul_w(&t, &a2.y);
        a2.y = a2.x;
        a2.x = t;
    }
    fp16_gs(&h0, &a0, &g0, -1);
    fp16_gs(&h1, &a2, &g1, +1);
    fp16_gs(&h2, &a1, &g2, -1);
    r->c0.c0 = h0.x;
    fp8_neg(&r->c1.c1, &h0.y);
    r->c1.c0 = h1.x;
    r->c0.c2 = h1.y;
    fp8_neg(&r->c0.c1, &h2.x);
    r->c1.c2 = h2.y;
}

/* a^t = conj(a^|t|) (t < 0), |t| in NAF; variable time in the public t. */
void fp48_cyclotomic_exp_t(fp48_t *r, const fp48_t *a) {
    fp48_t acc, inv;
    fp48_conj(&inv, a);
    acc = *a;
    for (int i = BLS48_LOOP_LEN - 2; i >= 0; i--) {
        fp48_cyclotomic_sqr(&acc, &acc);
        if (BLS48_LOOP_NAF[i] > 0)
            fp48_mul(&acc, &acc, a);
        else if (BLS48_LOOP_NAF[i] < 0)
            fp48_mul(&acc, &acc, &inv);
    }
    if (BLS_X_IS_NEGATIVE)
        fp48_conj(r, &acc);
    else
        *r = acc;
}
