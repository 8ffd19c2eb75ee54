/* pairing_bls48.c - the optimal ate pairing of a BLS48 curve: the Miller
 * loop over |t| with the lines of the D-type twist, and the final
 * exponentiation to 3 (p^48 - 1)/r. */
#include "curves/consts.h"
#include "pairing/pairing.h"

/* a u for u^2 = -1, on each Fp2 coefficient of an Fp8. */
static void fp8_mul_u(fp8_t *r, const fp8_t *a) {
    const fp2_t *ia = (const fp2_t *)a;
    fp2_t *ir = (fp2_t *)r;
    for (int i = 0; i < 4; i++) {
        fp_t t;
        fp_neg(&t, &ia[i].c1);
        ir[i].c1 = ia[i].c0;
        ir[i].c0 = t;
    }
}

/* a c for c in Fp. */
static void fp8_mul_fp(fp8_t *r, const fp8_t *a, const fp_t *c) {
    const fp_t *ia = (const fp_t *)a;
    fp_t *ir = (fp_t *)r;
    for (int i = 0; i < 8; i++) fp_mul(&ir[i], &ia[i], c);
}

/*
 * A line through T with slope m on E': y^2 = x^3 - 1/w, untwisted by
 * (x, y) -> (x xi^2, y xi^3) with xi = u s (xi^3 = u s z, as s^2 = -z),
 * has slope m xi on E; at P = (x_P, y_P) it is
 *   y_P - m x_P xi + (m x_T - y_T) xi^3 = y_P + (-u m x_P) s + u (m x_T - y_T) s z,
 * multiplied into f by fp48_mul_line. T moves to 2T or T + Q (affine
 * coordinates: one Fp8 inversion a step). Vertical lines are left out:
 * they lie in Fp24, which the final exponentiation maps to 1.
 */
static void line_step(fp48_t *f, g2_affine_t *t, const fp8_t *m, const fp8_t *x2, const g1_affine_t *p) {
    fp8_t c1, c3, x3, y3, s;
    fp8_mul_fp(&c1, m, &p->x);
    fp8_neg(&c1, &c1);
    fp8_mul_u(&c1, &c1);
    fp8_mul(&c3, m, &t->x);
    fp8_sub(&c3, &c3, &t->y);
    fp8_mul_u(&c3, &c3);
    fp48_mul_line(f, f, &p->y, &c1, &c3);
    /* x3 = m^2 - x_T - x2, y3 = m (x_T - x3) - y_T */
    fp8_sqr(&x3, m);
    fp8_sub(&x3, &x3, &t->x);
    fp8_sub(&x3, &x3, x2);
    fp8_sub(&s, &t->x, &x3);
    fp8_mul(&y3, m, &s);
    fp8_sub(&y3, &y3, &t->y);
    t->x = x3;
    t->y = y3;
}

static void doubling_step(fp48_t *f, g2_affine_t *t, const g1_affine_t *p) {
    fp8_t m, d, x;
    fp8_sqr(&m, &t->x);
    fp8_mul3(&m, &m);
    fp8_dbl(&d, &t->y);
    fp8_inv(&d, &d);
    fp8_mul(&m, &m, &d);
    x = t->x;
    line_step(f, t, &m, &x, p);
}

static void addition_step(fp48_t *f, g2_affine_t *t, const g2_affine_t *q, const g1_affine_t *p) {
    fp8_t m, d;
    fp8_sub(&m, &q->y, &t->y);
    fp8_sub(&d, &q->x, &t->x);
    fp8_inv(&d, &d);
    fp8_mul(&m, &m, &d);
    line_step(f, t, &m, &q->x, p);
}

/* f_{|t|,Q}(P) for each pair, sharing the squarings; then inverted
 * (conjugated: the final exponentiation makes that the inverse) for t < 0. */
void miller_loop_affine(fp48_t *f, const g1_affine_t *p, const g2_affine_t *q, int n) {
    g2_affine_t t[MILLER_MAX_PAIRS], neg_q[MILLER_MAX_PAIRS];
    fp48_t g;
    for (int j = 0; j < n; j++) {
        t[j] = q[j];
        neg_q[j].x = q[j].x;
        fp8_neg(&neg_q[j].y, &q[j].y);
    }
    fp48_set_one(&g);
    for (int i = BLS48_LOOP_LEN - 2; i >= 0; i--) {
        fp48_sqr(&g, &g);
        for (int j = 0; j < n; j++) {
            doubling_step(&g, &t[j], &p[j]);
            if (BLS48_LOOP_NAF[i] > 0)
                addition_step(&g, &t[j], &q[j], &p[j]);
            else if (BLS48_LOOP_NAF[i] < 0)
                addition_step(&g, &t[j], &neg_q[j], &p[j]);
        }
    }
    if (BLS_X_IS_NEGATIVE) fp48_conj(&g, &g);
    fp48_mul(f, f, &g);
}

/* a^(t^k) for a in the cyclotomic subgroup. */
static void exp_t_times(fp48_t *r, const fp48_t *a, int k) {
    *r = *a;
    for (int i = 0; i < k; i++) fp48_cyclotomic_exp_t(r, r);
}

/* Easy part f^((p^24 - 1)(p^8 + 1)), then the hard part through
 *   3 (p^16 - p^8 + 1)/r = (t - 1)^2 (t + p)(t^2 + p^2)(t^4 + p^4)(t^8 + p^8 - 1) + 3
 * (gen_bls48.py checks it): 17 exponentiations by t. */
void final_exponentiation(fp48_t *r, const fp48_t *f) {
    fp48_t m, a, b, c;
    fp48_inv(&a, f);
    fp48_conj(&m, f);
    fp48_mul(&m, &m, &a);
    fp48_frobenius(&a, &m, 8);
    fp48_mul(&m, &m, &a);
    /* a = m^((t - 1)^2) */
    fp48_cyclotomic_exp_t(&a, &m);
    fp48_conj(&b, &m);
    fp48_mul(&a, &a, &b);
    fp48_cyclotomic_exp_t(&b, &a);
    fp48_conj(&a, &a);
    fp48_mul(&a, &a, &b);
    /* a = a^(t + p) */
    fp48_cyclotomic_exp_t(&b, &a);
    fp48_frobenius(&c, &a, 1);
    fp48_mul(&a, &b, &c);
    /* a = a^(t^2 + p^2) */
    exp_t_times(&b, &a, 2);
    fp48_frobenius(&c, &a, 2);
    fp48_mul(&a, &b, &c);
    /* a = a^(t^4 + p^4) */
    exp_t_times(&b, &a, 4);
    fp48_frobenius(&c, &a, 4);
    fp48_mul(&a, &b, &c);
    /* a = a^(t^8 + p^8 - 1) */
    exp_t_times(&b, &a, 8);
    fp48_frobenius(&c, &a, 8);
    fp48_mul(&b, &b, &c);
    fp48_conj(&c, &a);
    fp48_mul(&a, &b, &c);
    /* times m^3 */
    fp48_cyclotomic_sqr(&b, &m);
    fp48_mul(&b, &b, &m);
    fp48_mul(r, &a, &b);
}
