/* pairing.c - Miller loop with line evaluations, and the final
 * exponentiation of the optimal ate pairing, for the family of the curve
 * the unit is compiled for: BLS12 (loop over |x|, M-type twist) or BN
 * (loop over 6u + 2, D-type twist). */
#include "curves/consts.h"
#include "pairing/pairing.h"


/* The Miller loop's running point T on the twist E': y^2 = x^3 + b'
 * (b' = 4 (1 + u) on BLS12-381, 3 / (9 + u) on BN254), in homogeneous
 * projective coordinates (x = X/Z, y = Y/Z). */
typedef struct {
    fp2_t x, y, z;
} twist_projective_t;

/* The coordinates of P as the line evaluations use them. */
typedef struct {
    fp_t x, x3, neg_y; /* x_P, 3 x_P, -y_P */
} g1_prepared_t;

/*
 * A line through T with slope m on the twist E', mapped to E and evaluated
 * at P in E(Fp), has three nonzero Fp2 coefficients: a constant one (from
 * T and m only), one times x_P and one times y_P. Where they sit depends
 * on the twist (w^6 = xi):
 *   M-type (BLS12), E': y^2 = x^3 + b xi, untwisted by
 *   (x, y) -> (x / w^2, y / w^3) and scaled by w^3:
 *     (m x_T - y_T) - m x_P v + y_P v w     coefficients 1, v, v w;
 *   D-type (BN), E': y^2 = x^3 + b / xi, untwisted by
 *   (x, y) -> (x w^2, y w^3):
 *     y_P - m x_P w + (m x_T - y_T) v w     coefficients 1, w, v w.
 * The steps write the three into line[] in the order of those
 * coefficients, as the sparse products fp12_mul_014 and fp12_mul_034 take
 * them: LINE_C, LINE_X and LINE_Y are the places of the constant, x_P and
 * y_P terms. Each step multiplies the line by a factor in Fp2, which the
 * final exponentiation removes. The step formulas are those of Costello,
 * Lange and Naehrig ("Faster pairing computations on curves with
 * high-degree twists") in the form of Aranha, Karabina, Longa, Gebotys
 * and Lopez ("Faster explicit formulas for computing pairings over
 * ordinary curves").
 */
#if CURVE_FAMILY_BN
#define LINE_C 2
#define LINE_X 1
#define LINE_Y 0
#else
#define LINE_C 0
#define LINE_X 1
#define LINE_Y 2
#endif

/* T = 2T; f *= line tangent at T evaluated at P. With m = 3X^2 / (2YZ)
 * and the curve equation Y^2 Z = X^3 + b' Z^3, the line's three terms
 * times -2YZ^2 / Z are
 *   constant 3b'Z^2 - Y^2, x_P term 3X^2 x_P, y_P term -2YZ y_P. */
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
#if CURVE_FAMILY_BN
    fp2_mul(&e, &c, &G2_B3);       /* E = 3b'C */
#else
    fp2_mul_xi(&e, &c);
    fp2_dbl(&e, &e);
    fp2_dbl(&e, &e);
    fp2_mul3(&e, &e);              /* E = 3b'C = 12 (1 + u) Z^2 */
#endif
    fp2_mul3(&tmp, &e);            /* F = 3E */
    fp2_add(&g, &b, &tmp);
    fp2_half(&g, &g);              /* G = (B + F) / 2 */
    fp2_sub(&tmp, &b, &tmp);
    fp2_mul(&t->x, &a, &tmp);      /* X3 = A (B - F) */
    fp2_sub(&line[LINE_C], &e, &b);    /* I = E - B */
    fp2_sqr(&e, &e);
    fp2_mul3(&e, &e);
    fp2_sqr(&g, &g);
    fp2_sub(&t->y, &g, &e);        /* Y3 = G^2 - 3E^2 */
    fp2_mul(&t->z, &b, &h);        /* Z3 = B H */
    fp2_mul_fp(&line[LINE_X], &j, &p->x3);
    fp2_mul_fp(&line[LINE_Y], &h, &p->neg_y);
}

/* T = T + Q; f *= line through T and Q evaluated at P. With
 * theta = Y - y_Q Z and lambda = X - x_Q Z, m = theta / lambda and the
 * line's three terms times -lambda are
 *   constant lambda y_Q - theta x_Q, x_P term theta x_P,
 *   y_P term -lambda y_P. */
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
    fp2_mul(&line[LINE_C], &lambda, &q->y);
    fp2_mul(&tmp, &theta, &q->x);
    fp2_sub(&line[LINE_C], &line[LINE_C], &tmp);
    fp2_mul_fp(&line[LINE_X], &theta, &p->x);
    fp2_mul_fp(&line[LINE_Y], &lambda, &p->neg_y);
}

/* f *= the n lines, two at a time: the product of two lines costs 6 Fp2
 * multiplications and multiplying it into f 17, against 2 x 13 for the
 * lines one by one. */
static void mul_lines(fp12_t *f, fp2_t lines[][3], int n) {
    int j = 0;
#if CURVE_FAMILY_BN
    for (; j + 1 < n; j += 2) fp12_mul_034_034(f, f, lines[j], lines[j + 1]);
    if (j < n) fp12_mul_034(f, f, &lines[j][0], &lines[j][1], &lines[j][2]);
#else
    for (; j + 1 < n; j += 2) fp12_mul_014_014(f, f, lines[j], lines[j + 1]);
    if (j < n) fp12_mul_014(f, f, &lines[j][0], &lines[j][1], &lines[j][2]);
#endif
}

/* f = the product of the n >= 2 lines: f is 1 before, and the first two
 * lines' product is set rather than multiplied into it (6 Fp2 products
 * instead of 6 + 17). */
static void set_lines(fp12_t *f, fp2_t lines[][3], int n) {
#if CURVE_FAMILY_BN
    fp12_set_034_034(f, lines[0], lines[1]);
#else
    fp12_set_014_014(f, lines[0], lines[1]);
#endif
    mul_lines(f, lines + 2, n - 2);
}

/* The loop's digits below the top one, from LOOP_TOP down to 0: the bits
 * of |x| (BLS12, whose top bit is bit 63) or the NAF digits of |6u + 2| (BN;
 * a digit -1 adds -Q). */
#if CURVE_FAMILY_BN
#define LOOP_TOP (BN_LOOP_LEN - 2)
#define LOOP_DIGIT(i) BN_LOOP_NAF[i]
#else
#define LOOP_TOP 62
#define LOOP_DIGIT(i) ((BLS_X_ABS >> (i)) & 1)
#endif

/* f = one line, as the sparse Fp12 element whose product mul_lines takes. */
static void fp12_set_line(fp12_t *f, fp2_t line[3]) {
    fp12_set_one(f);
    f->c0.c0 = line[0];
#if CURVE_FAMILY_BN
    f->c1.c0 = line[1]; /* coefficients 1, w, v w */
#else
    f->c0.c1 = line[1]; /* coefficients 1, v, v w */
#endif
    f->c1.c1 = line[2];
}

#if CURVE_FAMILY_BN
/* The optimal ate pairing's last two lines on BN curves (Vercauteren,
 * "Optimal pairings"; 6u + 2 + p - p^2 + p^3 = 0 mod r): through
 * T = [6u + 2]Q and Q1 = pi(Q), then through T + Q1 and -Q2 = -pi^2(Q),
 * where pi is the p-power Frobenius of E, which acts on the twist's points
 * as psi: pi(Q) = (conj(x) PSI_X, conj(y) PSI_Y), pi^2(Q) = (PSI2_X x, -y).
 * Neither addition meets a vertical line: [6u + 2]Q != +-Q1 and
 * [6u + 2 + p]Q != +-Q2 for Q != O. */
static void frobenius_lines(fp12_t *f, twist_projective_t *t, const g2_affine_t *q,
                            const g1_prepared_t *pp, int n) {
    fp2_t lines[2 * MILLER_MAX_PAIRS][3];
    for (int j = 0; j < n; j++) {
        g2_affine_t q1, q2;
        fp2_conj(&q1.x, &q[j].x);
        fp2_mul(&q1.x, &q1.x, &G2_PSI_X);
        fp2_conj(&q1.y, &q[j].y);
        fp2_mul(&q1.y, &q1.y, &G2_PSI_Y);
        fp2_mul_fp(&q2.x, &q[j].x, &G2_PSI2_X);
        q2.y = q[j].y; /* -pi^2(Q) */
        addition_step(lines[2 * j], &t[j], &q1, &pp[j]);
        addition_step(lines[2 * j + 1], &t[j], &q2, &pp[j]);
    }
    mul_lines(f, lines, 2 * n);
}
#endif

/* f *= the Miller loop values of the n pairs; t[j] ends as the loop's last
 * point for Q_j (BN: [6u + 2]Q + pi(Q) - pi^2(Q); BLS12: [|x|]Q). */
static void miller_loop_points(fp12_t *f, twist_projective_t t[], const g1_affine_t *p, const g2_affine_t *q,
                               int n) {
    g1_prepared_t pp[MILLER_MAX_PAIRS];
    /* the doubling lines, then (for a nonzero digit) the addition lines */
    fp2_t lines[2 * MILLER_MAX_PAIRS][3];
    fp12_t acc;
#if CURVE_FAMILY_BN
    g2_affine_t neg_q[MILLER_MAX_PAIRS];
#endif
    fp12_set_one(&acc);
    for (int j = 0; j < n; j++) {
        t[j].x = q[j].x;
        t[j].y = q[j].y;
        fp2_set_one(&t[j].z);
        pp[j].x = p[j].x;
        fp_mul3(&pp[j].x3, &p[j].x);
        fp_neg(&pp[j].neg_y, &p[j].y);
#if CURVE_FAMILY_BN
        neg_q[j].x = q[j].x;
        fp2_neg(&neg_q[j].y, &q[j].y);
#endif
    }
    for (int i = LOOP_TOP; i >= 0; i--) {
        if (i != LOOP_TOP) fp12_sqr(&acc, &acc);
        for (int j = 0; j < n; j++) doubling_step(lines[j], &t[j], &pp[j]);
        int m = n;
        if (LOOP_DIGIT(i)) {
#if CURVE_FAMILY_BN
            const g2_affine_t *qs = LOOP_DIGIT(i) > 0 ? q : neg_q;
#else
            const g2_affine_t *qs = q;
#endif
            for (int j = 0; j < n; j++) addition_step(lines[n + j], &t[j], &qs[j], &pp[j]);
            m = 2 * n;
        }
        /* one product of all the iteration's lines: with a single pair, the
         * doubling and addition lines multiply together first (6 + 17 Fp2
         * products instead of 2 x 13) */
        if (i == LOOP_TOP && m == 1)
            fp12_set_line(&acc, lines[0]); /* acc = 1 times the line */
        else if (i == LOOP_TOP)
            set_lines(&acc, lines, m);
        else
            mul_lines(&acc, lines, m);
    }
#if CURVE_FAMILY_BN
#if BLS_X_IS_NEGATIVE
    /* 6u + 2 < 0: the loop ran over |6u + 2|, and f_{6u+2,Q} = 1/f_{|6u+2|,Q}
     * up to factors the final exponentiation removes (1/f is the conjugate
     * after it); T = [6u + 2]Q is the negated point. */
    fp12_conj(&acc, &acc);
    for (int j = 0; j < n; j++) fp2_neg(&t[j].y, &t[j].y);
#endif
    frobenius_lines(&acc, t, q, pp, n);
#else
    /* x < 0: f_{x,Q} = 1 / f_{|x|,Q} up to factors the final exponentiation
     * removes, and 1/f equals the conjugate after it. */
    fp12_conj(&acc, &acc);
#endif
    fp12_mul(f, f, &acc);
}

void miller_loop_affine(fp12_t *f, const g1_affine_t *p, const g2_affine_t *q, int n) {
    twist_projective_t t[MILLER_MAX_PAIRS];
    miller_loop_points(f, t, p, q, n);
}

/*
 * The loop's last point decides whether Q is in G2, for any Q on the twist
 * (Q != O): no extra multiplication is needed.
 *   BLS12: T = [|x|]Q, and Q is in G2 iff psi(Q) = [x]Q (Scott, eprint
 *   2021/1130), that is T = -psi(Q) as x < 0 (T = psi(Q) for x > 0).
 *   BN: 6u + 2 + p - p^2 + p^3 = 0 mod r, and Q is in G2 iff
 *   phi(Q) = [6u + 2]Q + psi(Q) - psi^2(Q) + psi^3(Q) = O, that is
 *   T = -psi^3(Q). With psi^2 - t psi + p = 0 on the twist, phi = a + b psi
 *   for a = 6u + 2 + p - t p and b = 1 - t + t^2 - p, of norm
 *   N = a^2 + t a b + p b^2. If phi(Q) = O then [N]Q = O; N is coprime to
 *   the cofactor h2 = #E'(Fp2) / r for every BN curve here (alt_bn128,
 *   Nogami's BN254, BN381_1, BN462: tests/test_pairing_check.py computes
 *   the gcd), and r^2 does not divide #E'(Fp2), so the order of Q divides r.
 * The formulas above are exact except where T = +-Q in an addition or
 * T = O, and every such case sets Z = 0 (lambda = 0 makes Z3 = Z lambda^3
 * = 0; Z3 = 2 Y^3 Z and Z3 = Z lambda^3 keep Z = 0; no point of the twist
 * has order 2, #E'(Fp2) being odd). For Q in G2 none happens (its order r
 * exceeds every multiple the loop forms), so Z != 0 is required: a Q
 * outside G2 cannot pass through an exceptional case.
 * Returns all ones if every Q_j passes. Variable time (public points).
 */
limb_t miller_loop_affine_g2_check(fp12_t *f, const g1_affine_t *p, const g2_affine_t *q, int n) {
    twist_projective_t t[MILLER_MAX_PAIRS];
    limb_t ok = ~(limb_t)0;
    miller_loop_points(f, t, p, q, n);
    for (int j = 0; j < n; j++) {
        fp2_t ex, ey, a;
        fp2_conj(&ex, &q[j].x);
        fp2_mul(&ex, &ex, &G2_PSI_X);
        fp2_conj(&ey, &q[j].y);
        fp2_mul(&ey, &ey, &G2_PSI_Y);
#if CURVE_FAMILY_BN
        /* -psi^3(Q) = (PSI2_X PSI_X conj(x), PSI_Y conj(y)) */
        fp2_mul_fp(&ex, &ex, &G2_PSI2_X);
#elif BLS_X_IS_NEGATIVE
        fp2_neg(&ey, &ey); /* -psi(Q) */
#endif
        ok &= ~fp2_is_zero(&t[j].z);
        fp2_mul(&a, &ex, &t[j].z);
        ok &= fp2_eq(&a, &t[j].x);
        fp2_mul(&a, &ey, &t[j].z);
        ok &= fp2_eq(&a, &t[j].y);
    }
    return ok;
}

/* The easy part of the final exponentiation, the same in both families:
 * g = f^((p^6 - 1)(p^2 + 1)), which lies in the cyclotomic subgroup (where
 * the conjugate is the inverse and fp12_cyclotomic_sqr squares); t is
 * scratch. */
static void final_exponentiation_easy(fp12_t *g, fp12_t *t, const fp12_t *f) {
    fp12_inv(t, f);
    fp12_conj(g, f);
    fp12_mul(g, g, t);              /* f^(p^6 - 1) */
    fp12_frobenius(t, g, 2);
    fp12_mul(g, t, g);              /* ^(p^2 + 1) */
}

#if CURVE_FAMILY_BN
/*
 * f^((p^12 - 1)/r), exactly: the pairing value of py_ecc and the EIP-197
 * precompiles' references (mcl's is its power 2u(6u^2 + 3u + 1), the
 * multiple of the hard part that mcl's chain computes). Hard part
 * (p^4 - p^2 + 1)/r written in base p with coefficients polynomial in u
 * (Scott, Benger, Charlemagne, Dominguez Perez and Kachisa, "On the final
 * exponentiation for calculating pairings on ordinary elliptic curves"):
 *   l0 + l1 p + l2 p^2 + l3 p^3 with
 *   l0 = -2 - 18u - 30u^2 - 36u^3, l1 = 1 - 12u - 18u^2 - 36u^3,
 *   l2 = 1 + 6u^2, l3 = 1.
 * Grouping by the coefficients' integer factors, with a = g^u, b = g^(u^2),
 * c = g^(u^3), the value is
 *   y0 y1^2 y2^6 y3^12 y4^18 y5^30 y6^36
 * with y0 = g^p g^(p^2) g^(p^3), y1 = 1/g, y2 = b^(p^2), y3 = 1/a^p,
 * y4 = 1/(a b^p), y5 = 1/b, y6 = 1/(c c^p), and that product takes
 * 4 squarings and 6 multiplications:
 *   s = y6^2 y4 y5, s1 = s y3 y5, s0 = s y2, s1 = (s1^2 s0)^2,
 *   result = (s1 y1)^2 (s1 y0)
 * (exponents of s1 at the end: y6 12, y5 10, y4 6, y3 4, y2 2).
 */
void final_exponentiation(fp12_t *r, const fp12_t *f) {
    fp12_t g, a, b, c, y0, y3, y4, y6, s, s0, s1, t;
    final_exponentiation_easy(&g, &t, f);
    /* hard part */
    fp12_cyclotomic_exp_x(&a, &g);  /* g^u */
    fp12_cyclotomic_exp_x(&b, &a);  /* g^(u^2) */
    fp12_cyclotomic_exp_x(&c, &b);  /* g^(u^3) */
    fp12_frobenius(&y0, &g, 1);
    fp12_frobenius(&t, &g, 2);
    fp12_mul(&y0, &y0, &t);
    fp12_frobenius(&t, &g, 3);
    fp12_mul(&y0, &y0, &t);         /* y0 = g^p g^(p^2) g^(p^3) */
    fp12_frobenius(&y3, &a, 1);
    fp12_conj(&y3, &y3);            /* y3 = 1/a^p */
    fp12_frobenius(&t, &b, 1);
    fp12_mul(&y4, &a, &t);
    fp12_conj(&y4, &y4);            /* y4 = 1/(a b^p) */
    fp12_frobenius(&t, &c, 1);
    fp12_mul(&y6, &c, &t);
    fp12_conj(&y6, &y6);            /* y6 = 1/(c c^p) */
    fp12_conj(&b, &b);              /* y5 = 1/b */
    fp12_cyclotomic_sqr(&s, &y6);
    fp12_mul(&s, &s, &y4);
    fp12_mul(&s, &s, &b);           /* s = y6^2 y4 y5 */
    fp12_mul(&s1, &s, &y3);
    fp12_mul(&s1, &s1, &b);         /* s1 = s y3 y5 */
    fp12_conj(&b, &b);
    fp12_frobenius(&t, &b, 2);      /* y2 = b^(p^2) */
    fp12_mul(&s0, &s, &t);          /* s0 = s y2 */
    fp12_cyclotomic_sqr(&s1, &s1);
    fp12_mul(&s1, &s1, &s0);
    fp12_cyclotomic_sqr(&s1, &s1);
    fp12_conj(&t, &g);
    fp12_mul(&s0, &s1, &t);         /* s1 y1 */
    fp12_mul(&s1, &s1, &y0);        /* s1 y0 */
    fp12_cyclotomic_sqr(&s0, &s0);
    fp12_mul(r, &s0, &s1);
}
#else
/*
 * f^(3 (p^12 - 1)/r). Easy part: f^((p^6 - 1)(p^2 + 1)). Hard part, with
 * 3 (p^4 - p^2 + 1)/r = (x - 1)^2 (x + p)(x^2 + p^2 - 1) + 3 taken factor
 * by factor (Hayashida, Hayasaka and Teruya, "Efficient final
 * exponentiation via cyclotomic structure for pairings over families of
 * elliptic curves"): a = g^((x - 1)^2), b = a^(x + p), then
 *   b^(x^2 + p^2 - 1) * g^3,
 * five exponentiations by x, seven products and two Frobenius maps.
 */
void final_exponentiation(fp12_t *r, const fp12_t *f) {
    fp12_t t, g, a, b;
    final_exponentiation_easy(&g, &t, f);
    /* hard part */
    fp12_cyclotomic_exp_x(&t, &g);
    fp12_conj(&a, &g);
    fp12_mul(&t, &t, &a);           /* g^(x - 1) */
    fp12_cyclotomic_exp_x(&a, &t);
    fp12_conj(&t, &t);
    fp12_mul(&a, &a, &t);           /* a = g^((x - 1)^2) */
    fp12_cyclotomic_exp_x(&b, &a);
    fp12_frobenius(&t, &a, 1);
    fp12_mul(&b, &b, &t);           /* b = a^(x + p) */
    fp12_cyclotomic_exp_x(&a, &b);
    fp12_cyclotomic_exp_x(&a, &a);  /* b^(x^2) */
    fp12_frobenius(&t, &b, 2);
    fp12_mul(&a, &a, &t);
    fp12_conj(&t, &b);
    fp12_mul(&a, &a, &t);           /* b^(x^2 + p^2 - 1) */
    fp12_cyclotomic_sqr(&t, &g);
    fp12_mul(&t, &t, &g);
    fp12_mul(r, &a, &t);            /* * g^3 */
}
#endif
