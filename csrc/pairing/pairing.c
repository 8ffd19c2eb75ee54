/* pairing.c - Miller loop with line evaluations, and the final
 * exponentiation of the optimal ate pairing. */
#include "curves/consts.h"
#include "pairing/pairing.h"

/* The Miller loop's running point T on the twist E': y^2 = x^3 + b',
 * b' = 4 (1 + u), in homogeneous projective coordinates (x = X/Z,
 * y = Y/Z). */
typedef struct {
    fp2_t x, y, z;
} twist_projective_t;

/* The coordinates of P as the line evaluations use them. */
typedef struct {
    fp_t x, x3, neg_y; /* x_P, 3 x_P, -y_P */
} g1_prepared_t;

/*
 * A line through T with slope m on the twist E', untwisted by
 * (x, y) -> (x / w^2, y / w^3) and scaled by w^3, evaluated at P in E(Fp):
 *   (m x_T - y_T) - m x_P v + y_P v w,
 * an element with only the coefficients 1, v and v w. Each step below
 * multiplies it by a factor in Fp2, which the final exponentiation
 * removes. The step formulas are those of Costello, Lange and Naehrig
 * ("Faster pairing computations on curves with high-degree twists") in
 * the form of Aranha, Karabina, Longa, Gebotys and Lopez ("Faster explicit
 * formulas for computing pairings over ordinary curves").
 */

/* T = 2T; f *= line tangent at T evaluated at P. With m = 3X^2 / (2YZ)
 * and the curve equation Y^2 Z = X^3 + b' Z^3, the line times -2YZ^2 / Z is
 *   (3b'Z^2 - Y^2) + 3X^2 x_P v - 2YZ y_P v w. */
static void doubling_step(fp2_t line[3], twist_projective_t *t, const g1_prepared_t *p) {
    fp2_t a, b, c, e, g, h, j, tmp;
    fp2_sqr(&j, &t->x);            /* J = X^2 */
    fp2_mul(&a, &t->x, &t->y);
    fp2_half(&a, &a);              /* A = XY / 2 */
    fp2_sqr(&b, &t->y);            /* B = Y^2 */
    fp2_sqr(&c, &t->z);            /* C = Z^2 */
    fp2_add(&h, &t->y, &t->z);
    fp2_sqr(&h, &h);
    fp2_sub(&h, &h, &b);
    fp2_sub(&h, &h, &c);           /* H = (Y + Z)^2 - B - C = 2YZ */
    fp2_mul_xi(&e, &c);
    fp2_dbl(&e, &e);
    fp2_dbl(&e, &e);
    fp2_mul3(&e, &e);              /* E = 3b'C = 12 (1 + u) Z^2 */
    fp2_mul3(&tmp, &e);            /* F = 3E */
    fp2_add(&g, &b, &tmp);
    fp2_half(&g, &g);              /* G = (B + F) / 2 */
    fp2_sub(&tmp, &b, &tmp);
    fp2_mul(&t->x, &a, &tmp);      /* X3 = A (B - F) */
    fp2_sub(&line[0], &e, &b);         /* I = E - B */
    fp2_sqr(&e, &e);
    fp2_mul3(&e, &e);
    fp2_sqr(&g, &g);
    fp2_sub(&t->y, &g, &e);        /* Y3 = G^2 - 3E^2 */
    fp2_mul(&t->z, &b, &h);        /* Z3 = B H */
    fp2_mul_fp(&line[1], &j, &p->x3);
    fp2_mul_fp(&line[2], &h, &p->neg_y);
}

/* T = T + Q; f *= line through T and Q evaluated at P. With
 * theta = Y - y_Q Z and lambda = X - x_Q Z, m = theta / lambda and the line
 * times -lambda is
 *   (lambda y_Q - theta x_Q) + theta x_P v - lambda y_P v w. */
static void addition_step(fp2_t line[3], twist_projective_t *t, const g2_affine_t *q,
                          const g1_prepared_t *p) {
    fp2_t theta, lambda, c, d, e, ff, g, h, tmp;
    fp2_mul(&theta, &q->y, &t->z);
    fp2_sub(&theta, &t->y, &theta);
    fp2_mul(&lambda, &q->x, &t->z);
    fp2_sub(&lambda, &t->x, &lambda); /* never 0: T is never +-Q inside the loop */
    fp2_sqr(&c, &theta);
    fp2_sqr(&d, &lambda);
    fp2_mul(&e, &lambda, &d);          /* E = lambda^3 */
    fp2_mul(&ff, &t->z, &c);           /* F = Z theta^2 */
    fp2_mul(&g, &t->x, &d);            /* G = X lambda^2 */
    fp2_add(&h, &e, &ff);
    fp2_sub(&h, &h, &g);
    fp2_sub(&h, &h, &g);               /* H = E + F - 2G */
    fp2_mul(&t->x, &lambda, &h);       /* X3 = lambda H */
    fp2_sub(&tmp, &g, &h);
    fp2_mul(&tmp, &theta, &tmp);
    fp2_mul(&g, &t->y, &e);
    fp2_sub(&t->y, &tmp, &g);          /* Y3 = theta (G - H) - Y E */
    fp2_mul(&t->z, &t->z, &e);         /* Z3 = Z E */
    fp2_mul(&line[0], &lambda, &q->y);
    fp2_mul(&tmp, &theta, &q->x);
    fp2_sub(&line[0], &line[0], &tmp);
    fp2_mul_fp(&line[1], &theta, &p->x);
    fp2_mul_fp(&line[2], &lambda, &p->neg_y);
}

/* f *= the n lines, two at a time: the product of two lines costs 6 Fp2
 * multiplications and multiplying it into f 17, against 2 x 13 for the
 * lines one by one. */
static void mul_lines(fp12_t *f, fp2_t lines[][3], int n) {
    int j = 0;
    for (; j + 1 < n; j += 2) fp12_mul_014_014(f, f, lines[j], lines[j + 1]);
    if (j < n) fp12_mul_014(f, f, &lines[j][0], &lines[j][1], &lines[j][2]);
}

void miller_loop_affine(fp12_t *f, const g1_affine_t *p, const g2_affine_t *q, int n) {
    twist_projective_t t[MILLER_MAX_PAIRS];
    g1_prepared_t pp[MILLER_MAX_PAIRS];
    fp2_t lines[MILLER_MAX_PAIRS][3];
    fp12_t acc;
    fp12_set_one(&acc);
    for (int j = 0; j < n; j++) {
        t[j].x = q[j].x;
        t[j].y = q[j].y;
        fp2_set_one(&t[j].z);
        pp[j].x = p[j].x;
        fp_mul3(&pp[j].x3, &p[j].x);
        fp_neg(&pp[j].neg_y, &p[j].y);
    }
    /* Bits of |x| below the top one, most significant first. */
    for (int i = 62; i >= 0; i--) {
        if (i != 62) fp12_sqr(&acc, &acc);
        for (int j = 0; j < n; j++) doubling_step(lines[j], &t[j], &pp[j]);
        mul_lines(&acc, lines, n);
        if ((BLS_X_ABS >> i) & 1) {
            for (int j = 0; j < n; j++) addition_step(lines[j], &t[j], &q[j], &pp[j]);
            mul_lines(&acc, lines, n);
        }
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
