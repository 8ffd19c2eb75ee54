/* fp48.c - Fp48 = Fp24[s]/(s^2 + z) of the BLS48 tower, where GT lives:
 * products, Frobenius maps, line multiplication and the cyclotomic
 * squaring and exponentiation by t of the final exponentiation. */
#include "curves/consts.h"
#include "field/tower48.h"

void fp48_set_one(fp48_t *r) {
    fp24_set_one(&r->c0);
    fp24_set_zero(&r->c1);
}

/* Coefficients below 2p of an Fp24 sum, unreduced: fp24_mul takes them. */
static void fp24_add_plain(fp24_t *r, const fp24_t *a, const fp24_t *b) {
    fp8_add_plain(&r->c0, &a->c0, &b->c0);
    fp8_add_plain(&r->c1, &a->c1, &b->c1);
    fp8_add_plain(&r->c2, &a->c2, &b->c2);
}

/* Karatsuba over Fp24, combined double-width and reduced once per
 * coefficient: (a0 + a1 s)(b0 + b1 s) = (v0 + n v1) + (s - v0 - v1) s
 * for n = s^2 = -z, with -z (x0 + x1 z + x2 z^2) = w x2 - x0 z - x1 z^2. */
void fp48_mul(fp48_t *r, const fp48_t *a, const fp48_t *b) {
    fp24x2_t v0, v1, x;
    fp24_t s, t;
    fp24_mul_wide(&v0, &a->c0, &b->c0);
    fp24_mul_wide(&v1, &a->c1, &b->c1);
    fp24_add_plain(&s, &a->c0, &a->c1);
    fp24_add_plain(&t, &b->c0, &b->c1);
    fp24_mul_wide(&x, &s, &t);
    fp8x2_sub(&x.c0, &x.c0, &v0.c0);
    fp8x2_sub(&x.c1, &x.c1, &v0.c1);
    fp8x2_sub(&x.c2, &x.c2, &v0.c2);
    fp8x2_sub(&x.c0, &x.c0, &v1.c0);
    fp8x2_sub(&x.c1, &x.c1, &v1.c1);
    fp8x2_sub(&x.c2, &x.c2, &v1.c2);
    fp24x2_redc(&r->c1, &x); /* a and b are read no more */
    fp8x2_sub_nr(&x.c0, &v0.c0, &v1.c2);
    fp8x2_sub(&x.c1, &v0.c1, &v1.c0);
    fp8x2_sub(&x.c2, &v0.c2, &v1.c1);
    fp24x2_redc(&r->c0, &x);
}

/* (a0 + a1 s)^2 = (a0 + a1)(a0 + n a1) - (1 + n) a0 a1 + 2 a0 a1 s, n = -z. */
void fp48_sqr(fp48_t *r, const fp48_t *a) {
    fp24_t v, s, t;
    fp24_mul(&v, &a->c0, &a->c1);
    fp24_add_plain(&s, &a->c0, &a->c1);
    fp24_mul_nr(&t, &a->c1);
    fp24_add_plain(&t, &t, &a->c0);
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

/* a * (b0 + b1 z) in Fp24: five Fp8 products, a0 b1 + a1 b0 by Karatsuba,
 * combined double-width and reduced once. */
static void fp24_mul_01(fp24_t *r, const fp24_t *a, const fp8_t *b0, const fp8_t *b1) {
    fp8x2_t v0, v1, x, y;
    fp8_t s, t, c0;
    fp8_mul_wide(&v0, &a->c0, b0);
    fp8_mul_wide(&v1, &a->c1, b1);
    /* c0 = v0 - w a2 b1 */
    fp8_mul_wide(&x, &a->c2, b1);
    fp8x2_add_nr(&y, &v0, &x);
    fp8x2_redc(&c0, &y);
    /* c2 = v1 + a2 b0 */
    fp8_mul_wide(&x, &a->c2, b0);
    fp8x2_add(&y, &v1, &x);
    /* c1 = (a0 + a1)(b0 + b1) - v0 - v1 */
    fp8_add_plain(&s, &a->c0, &a->c1);
    fp8_add_plain(&t, b0, b1);
    fp8_mul_wide(&x, &s, &t);
    fp8x2_sub(&x, &x, &v0);
    fp8x2_sub(&x, &x, &v1);
    fp8x2_redc(&r->c1, &x); /* a is read no more: r may alias it */
    fp8x2_redc(&r->c2, &y);
    r->c0 = c0;
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

/* Times w: (a0 + a1 w) w = a1 w^2 + a0 w = -v a1 + a0 w (no negations). */
static void fp8_mul_w(fp8_t *r, const fp8_t *a) {
    fp4_t t;
    fp4_mul_nr(&t, &a->c1);
    r->c1 = a->c0;
    r->c0 = t;
}

/* (x + y S)^2 = (x^2 + w y^2) + 2 x y S, from (x + y)(x + w y) - (1 + w) x y
 * (the sums, below 2p, enter the product unreduced: fp8_mul_wide). */
static void fp16_sqr(fp16_t *r, const fp16_t *a) {
    fp8_t v, s, t;
    fp8_mul(&v, &a->x, &a->y);
    fp8_add_plain(&s, &a->x, &a->y);
    fp8_mul_w(&t, &a->y);
    fp8_add_plain(&t, &t, &a->x);
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

/*
 * a^t = conj(a^|t|) (t < 0) from the NAF digits +-1 of |t|: the product of
 * a^(+-2^i) over the nonzero digits, with the squarings in Karabina's
 * compressed form ("Squaring in cyclotomic subgroups"), which keeps four of
 * the six Fp8 coefficients e_d of s^d (Fp48 = Fp8[s]/(s^6 - w)) and costs two
 * Fp16 squarings instead of three. As for Fp12 (fp12.c), with g0 = e0,
 * g1 = e3, g2 = e1, g3 = e4, g4 = e2, g5 = e5 and w for xi: the squarings
 * above give the new (g2, g3) and (g4, g5) from those two pairs alone, and
 * the powers the product needs are decompressed together, with one
 * inversion:
 *   g1 = (w g5^2 + 3 g4^2 - 2 g3) / (4 g2), or 2 g4 g5 / g3 if g2 = 0,
 *   g0 = w (2 g1^2 + g2 g5 - 3 g3 g4) + 1.
 * Both denominators vanish only for 1 (decompressed correctly: its
 * numerators vanish too) and for a negligible part of the subgroup.
 * Variable time in the public t only.
 */
typedef struct {
    fp8_t g2, g3, g4, g5;
} fp48_compressed_t;

/* Nonzero digits of |t| decompressed per inversion. */
#define EXP_T_BATCH 8

/* r = 3 x + 2 y (sign = +1) or 3 x - 2 y (sign = -1). */
static void three_plus_minus_two(fp8_t *r, const fp8_t *x, const fp8_t *y, int sign) {
    fp8_t t;
    if (sign > 0)
        fp8_add(&t, x, y);
    else
        fp8_sub(&t, x, y);
    fp8_dbl(&t, &t);
    fp8_add(r, &t, x);
}

static void compressed_sqr(fp48_compressed_t *r, const fp48_compressed_t *a) {
    fp16_t x, y, c;
    c.x = a->g4;
    c.y = a->g5;
    fp16_sqr(&x, &c); /* (g4 + g5 S)^2 */
    c.x = a->g2;
    c.y = a->g3;
    fp16_sqr(&y, &c); /* (g2 + g3 S)^2 */
    fp8_mul_w(&x.y, &x.y);
    three_plus_minus_two(&r->g2, &x.y, &a->g2, +1);
    three_plus_minus_two(&r->g3, &x.x, &a->g3, -1);
    three_plus_minus_two(&r->g4, &y.x, &a->g4, -1);
    three_plus_minus_two(&r->g5, &y.y, &a->g5, +1);
}

/* acc = acc * prod c[i]^sign[i] (acc = that product if !*started). */
static void decompress_mul(fp48_t *acc, int *started, const fp48_compressed_t *c, const int *sign, int k) {
    fp8_t num[EXP_T_BATCH], den[EXP_T_BATCH], prefix[EXP_T_BATCH], inv, t, u, one;
    fp8_set_one(&one);
    for (int i = 0; i < k; i++) {
        limb_t g2_zero = fp8_is_zero(&c[i].g2);
        fp8_sqr(&t, &c[i].g5);
        fp8_mul_w(&t, &t);
        fp8_sqr(&u, &c[i].g4);
        fp8_mul3(&u, &u);
        fp8_add(&t, &t, &u);
        fp8_dbl(&u, &c[i].g3);
        fp8_sub(&num[i], &t, &u);
        fp8_dbl(&den[i], &c[i].g2);
        fp8_dbl(&den[i], &den[i]);
        fp8_mul(&t, &c[i].g4, &c[i].g5);
        fp8_dbl(&t, &t);
        ct_cmov(&num[i], &t, sizeof t, g2_zero);
        ct_cmov(&den[i], &c[i].g3, sizeof t, g2_zero);
        ct_cmov(&den[i], &one, sizeof t, fp8_is_zero(&den[i]));
        if (i == 0)
            prefix[0] = den[0];
        else
            fp8_mul(&prefix[i], &prefix[i - 1], &den[i]);
    }
    fp8_inv(&inv, &prefix[k - 1]);
    for (int i = k - 1; i >= 0; i--) {
        fp48_t x;
        fp8_t g1;
        const fp48_compressed_t *g = &c[i];
        if (i > 0) {
            fp8_mul(&t, &inv, &prefix[i - 1]); /* 1 / den[i] */
            fp8_mul(&inv, &inv, &den[i]);
        } else {
            t = inv;
        }
        fp8_mul(&g1, &num[i], &t);
        fp8_mul3(&u, &g->g4);
        fp8_mul2_sub(&u, &g->g2, &g->g5, &g->g3, &u); /* g2 g5 - 3 g3 g4 */
        fp8_sqr(&t, &g1);
        fp8_dbl(&t, &t);
        fp8_add(&t, &t, &u);
        fp8_mul_w(&t, &t);
        fp8_add(&x.c0.c0, &t, &one); /* g0 */
        fp8_neg(&x.c1.c1, &g1);
        x.c1.c0 = g->g2;
        x.c0.c2 = g->g3;
        fp8_neg(&x.c0.c1, &g->g4);
        x.c1.c2 = g->g5;
        if (sign[i] < 0) fp48_conj(&x, &x);
        if (*started) {
            fp48_mul(acc, acc, &x);
        } else {
            *acc = x;
            *started = 1;
        }
    }
}

void fp48_cyclotomic_exp_t(fp48_t *r, const fp48_t *a) {
    fp48_compressed_t c, batch[EXP_T_BATCH];
    int sign[EXP_T_BATCH], k = 0, started = 0;
    fp48_t acc;
    fp48_set_one(&acc);
    if (BLS48_LOOP_NAF[0]) {
        if (BLS48_LOOP_NAF[0] > 0)
            acc = *a;
        else
            fp48_conj(&acc, a);
        started = 1;
    }
    c.g2 = a->c1.c0;
    c.g3 = a->c0.c2;
    fp8_neg(&c.g4, &a->c0.c1);
    c.g5 = a->c1.c2;
    for (int i = 1; i < BLS48_LOOP_LEN; i++) {
        compressed_sqr(&c, &c);
        if (!BLS48_LOOP_NAF[i]) continue;
        batch[k] = c;
        sign[k++] = BLS48_LOOP_NAF[i];
        if (k == EXP_T_BATCH || i == BLS48_LOOP_LEN - 1) {
            decompress_mul(&acc, &started, batch, sign, k);
            k = 0;
        }
    }
    if (BLS_X_IS_NEGATIVE)
        fp48_conj(r, &acc);
    else
        *r = acc;
}
