/* pairing.c - Miller loop with line evaluations, and the final
 * exponentiation of the optimal ate pairing. */
#include "consts.h"
#include "pairing.h"

/* The Miller loop's running point T on the twist, in Jacobian coordinates
 * (x = X/Z^2, y = Y/Z^3). */
typedef struct {
    fp2_t x, y, z;
} twist_jacobian_t;

/*
 * A line through T with slope m on the twist E', untwisted by
 * (x, y) -> (x / w^2, y / w^3) and scaled by w^3, evaluated at P in E(Fp):
 *   (m x_T - y_T) - m x_P v + y_P v w,
 * an element with only the coefficients 1, v and v w. Each step below
 * multiplies it by a denominator in Fp2, which the final exponentiation
 * removes.
 */

/* T = 2T; f *= line tangent at T evaluated at P. */
static void doubling_step(fp12_t *f, twist_jacobian_t *t, const g1_affine_t *p) {
    fp2_t a, b, c, d, e, g, zz, l00, l01, l11, tmp;
    fp2_sqr(&a, &t->x);            /* X^2 */
    fp2_sqr(&b, &t->y);            /* Y^2 */
    fp2_sqr(&c, &b);               /* Y^4 */
    fp2_sqr(&zz, &t->z);           /* Z^2 */
    fp2_add(&d, &t->x, &b);
    fp2_sqr(&d, &d);
    fp2_sub(&d, &d, &a);
    fp2_sub(&d, &d, &c);
    fp2_dbl(&d, &d);               /* 4 X Y^2 */
    fp2_mul3(&e, &a);              /* 3 X^2 */
    fp2_sqr(&g, &e);               /* 9 X^4 */
    /* line (scaled by 2 Y Z^3): 3X^3 - 2Y^2, -3X^2 Z^2 x_P, 2 Y Z^3 y_P */
    fp2_mul(&l00, &e, &t->x);
    fp2_dbl(&tmp, &b);
    fp2_sub(&l00, &l00, &tmp);
    fp2_mul(&l01, &e, &zz);
    fp2_mul_fp(&l01, &l01, &p->x);
    fp2_neg(&l01, &l01);
    /* Z3 = 2 Y Z */
    fp2_mul(&tmp, &t->y, &t->z);
    fp2_dbl(&t->z, &tmp);
    fp2_mul(&l11, &t->z, &zz);
    fp2_mul_fp(&l11, &l11, &p->y);
    /* X3 = E^2 - 2D, Y3 = E (D - X3) - 8 C */
    fp2_dbl(&tmp, &d);
    fp2_sub(&t->x, &g, &tmp);
    fp2_sub(&tmp, &d, &t->x);
    fp2_mul(&t->y, &e, &tmp);
    fp2_dbl(&c, &c);
    fp2_dbl(&c, &c);
    fp2_dbl(&c, &c);
    fp2_sub(&t->y, &t->y, &c);
    fp12_mul_014(f, f, &l00, &l01, &l11);
}

/* T = T + Q; f *= line through T and Q evaluated at P. */
static void addition_step(fp12_t *f, twist_jacobian_t *t, const g2_affine_t *q, const g1_affine_t *p) {
    fp2_t zz, u2, s2, h, rr, hh, hhh, v, l00, l01, l11, tmp;
    fp2_sqr(&zz, &t->z);
    fp2_mul(&u2, &q->x, &zz);
    fp2_mul(&s2, &q->y, &zz);
    fp2_mul(&s2, &s2, &t->z);
    fp2_sub(&h, &u2, &t->x);  /* never 0: T is never +-Q inside the loop */
    fp2_sub(&rr, &s2, &t->y);
    fp2_sqr(&hh, &h);
    fp2_mul(&hhh, &hh, &h);
    fp2_mul(&v, &t->x, &hh);
    /* X3 = R^2 - H^3 - 2V, Y3 = R (V - X3) - Y H^3, Z3 = Z H */
    fp2_sqr(&tmp, &rr);
    fp2_sub(&tmp, &tmp, &hhh);
    fp2_sub(&tmp, &tmp, &v);
    fp2_sub(&t->x, &tmp, &v);
    fp2_sub(&tmp, &v, &t->x);
    fp2_mul(&tmp, &tmp, &rr);
    fp2_mul(&hhh, &hhh, &t->y);
    fp2_sub(&t->y, &tmp, &hhh);
    fp2_mul(&t->z, &t->z, &h);
    /* line through Q (scaled by Z3): R x_Q - Z3 y_Q, -R x_P, Z3 y_P */
    fp2_mul(&l00, &rr, &q->x);
    fp2_mul(&tmp, &t->z, &q->y);
    fp2_sub(&l00, &l00, &tmp);
    fp2_mul_fp(&l01, &rr, &p->x);
    fp2_neg(&l01, &l01);
    fp2_mul_fp(&l11, &t->z, &p->y);
    fp12_mul_014(f, f, &l00, &l01, &l11);
}

void miller_loop_affine(fp12_t *f, const g1_affine_t *p, const g2_affine_t *q, int n) {
    twist_jacobian_t t[MILLER_MAX_PAIRS];
    fp12_t acc;
    fp12_set_one(&acc);
    for (int j = 0; j < n; j++) {
        t[j].x = q[j].x;
        t[j].y = q[j].y;
        fp2_set_one(&t[j].z);
    }
    /* Bits of |x| below the top one, most significant first. */
    for (int i = 62; i >= 0; i--) {
        if (i != 62) fp12_sqr(&acc, &acc);
        for (int j = 0; j < n; j++) doubling_step(&acc, &t[j], &p[j]);
        if ((BLS_X_ABS >> i) & 1)
            for (int j = 0; j < n; j++) addition_step(&acc, &t[j], &q[j], &p[j]);
    }
    /* x < 0: f_{x,Q} = 1 / f_{|x|,Q} up to factors the final exponentiation
     * removes, and 1/f equals the conjugate after it. */
    fp12_conj(&acc, &acc);
    fp12_mul(f, f, &acc);
}

/*
 * f^(3 (p^12 - 1)/r). Easy part: f^((p^6 - 1)(p^2 + 1)). Hard part, with
 * 3 (p^4 - p^2 + 1)/r = (x - 1)^2 (x + p)(x^2 + p^2 - 1) + 3 expanded by
 * powers of p: a = f^((x-1)^2), then
 *   a^(x^3 - x) * (a^(x^2 - 1))^p * (a^x)^(p^2) * a^(p^3) * f^3.
 */
void final_exponentiation(fp12_t *r, const fp12_t *f) {
    fp12_t t, g, a, b, d, e, res;
    /* easy part */
    fp12_inv(&t, f);
    fp12_conj(&g, f);
    fp12_mul(&g, &g, &t);           /* f^(p^6 - 1) */
    fp12_frobenius(&t, &g, 2);
    fp12_mul(&g, &t, &g);           /* ^(p^2 + 1) */
    /* hard part */
    fp12_cyclotomic_exp_x(&t, &g);
    fp12_conj(&a, &g);
    fp12_mul(&t, &t, &a);           /* g^(x - 1) */
    fp12_cyclotomic_exp_x(&a, &t);
    fp12_conj(&t, &t);
    fp12_mul(&a, &a, &t);           /* a = g^((x - 1)^2) */
    fp12_cyclotomic_exp_x(&b, &a);  /* a^x */
    fp12_cyclotomic_exp_x(&d, &b);  /* a^(x^2) */
    fp12_cyclotomic_exp_x(&e, &d);  /* a^(x^3) */
    fp12_conj(&t, &b);
    fp12_mul(&res, &e, &t);         /* a^(x^3 - x) */
    fp12_conj(&t, &a);
    fp12_mul(&t, &d, &t);
    fp12_frobenius(&t, &t, 1);
    fp12_mul(&res, &res, &t);       /* * (a^(x^2 - 1))^p */
    fp12_frobenius(&t, &b, 2);
    fp12_mul(&res, &res, &t);       /* * (a^x)^(p^2) */
    fp12_frobenius(&t, &a, 3);
    fp12_mul(&res, &res, &t);       /* * a^(p^3) */
    fp12_cyclotomic_sqr(&t, &g);
    fp12_mul(&t, &t, &g);
    fp12_mul(r, &res, &t);          /* * g^3 */
}
