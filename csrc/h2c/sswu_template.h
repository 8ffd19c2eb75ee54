/*
 * sswu_template.h - the simplified SWU map and the isogeny to E, written
 * once for any field (RFC 9380 6.6.2, 6.6.3 and the straight-line map of
 * F.2), included by map_to_curve.c once per group. Before including it,
 * define, as for ec_group_template.h:
 *
 *   POINT             the group's point type (g1_t, g2_t; see ec.h)
 *   FE                the field element type (fp_t, fp2_t)
 *   F(op)             the field operation op (fp_##op): set_zero, set_one,
 *                     add, neg, mul, sqr, is_zero, sgn0
 *   EC(name)          the group's name for a function (g1_##name)
 *
 * and for the map:
 *
 *   SSWU_A, SSWU_B, SSWU_Z
 *                     the isogenous curve y^2 = x^3 + A x + B and its Z
 *   SSWU_SQRT_RATIO   limb_t f(FE *y, const FE *u, const FE *v):
 *                     y = sqrt(u / v) and all-ones if u / v is a square,
 *                     else y = sqrt(Z u / v) and 0 (v != 0)
 *   SSWU_ISO_X_NUM, SSWU_ISO_X_DEN, SSWU_ISO_Y_NUM, SSWU_ISO_Y_DEN
 *                     the isogeny's coefficient arrays, lowest degree first,
 *                     with deg X_NUM = deg X_DEN + 1 and deg Y_NUM =
 *                     deg Y_DEN (true of both BLS12-381 maps; the generator
 *                     checks it)
 *
 * It defines EC(map_to_curve)(r, u): the point of E that u maps to, without
 * cofactor clearing. No inversion: x' stays a fraction xn / xd
 * and the isogeny is evaluated on the homogenised polynomials.
 * Constant time given a constant-time SSWU_SQRT_RATIO.
 */

#define SSWU_DEG(k) ((int)(sizeof(k) / sizeof((k)[0])) - 1)

/* x' = xn / xd, y' on the isogenous curve (RFC 9380 F.2 without step 25). */
static void EC(sswu)(FE *xn, FE *xd, FE *y, const FE *u) {
    FE tv1, tv2, tv3, tv4, tv5, tv6, x, y1;
    F(sqr)(&tv1, u);
    F(mul)(&tv1, &tv1, &SSWU_Z);     /* tv1 = Z u^2 */
    F(sqr)(&tv2, &tv1);
    F(add)(&tv2, &tv2, &tv1);        /* tv2 = Z^2 u^4 + Z u^2 */
    F(set_one)(&tv3);
    F(add)(&tv3, &tv2, &tv3);
    F(mul)(&tv3, &tv3, &SSWU_B);     /* tv3 = B (tv2 + 1) */
    tv4 = SSWU_Z;                          /* tv4 = A (tv2 != 0 ? -tv2 : Z) */
    F(neg)(&tv5, &tv2);
    ct_cmov(&tv4, &tv5, sizeof tv4, ~F(is_zero)(&tv2));
    F(mul)(&tv4, &tv4, &SSWU_A);
    F(sqr)(&tv2, &tv3);
    F(sqr)(&tv6, &tv4);
    F(mul)(&tv5, &tv6, &SSWU_A);
    F(add)(&tv2, &tv2, &tv5);
    F(mul)(&tv2, &tv2, &tv3);
    F(mul)(&tv6, &tv6, &tv4);
    F(mul)(&tv5, &tv6, &SSWU_B);
    F(add)(&tv2, &tv2, &tv5);        /* tv2 / tv6 = g(x1), x1 = tv3 / tv4 */
    F(mul)(&x, &tv1, &tv3);          /* x2 = tv1 x1 */
    limb_t gx1_square = SSWU_SQRT_RATIO(&y1, &tv2, &tv6);
    F(mul)(y, &tv1, u);
    F(mul)(y, y, &y1);
    ct_cmov(&x, &tv3, sizeof x, gx1_square);
    ct_cmov(y, &y1, sizeof y1, gx1_square);
    F(neg)(&tv5, y);                 /* sgn0(y) = sgn0(u) */
    ct_cmov(y, &tv5, sizeof tv5, F(sgn0)(u) ^ F(sgn0)(y));
    *xn = x;
    *xd = tv4;
}

/* sum_i k_i xn^i xd^(d - i) for k of degree d, given xd_pow[j] = xd^j. */
static void EC(iso_poly)(FE *r, const FE *k, int d, const FE *xn,
                                const FE *xd_pow) {
    FE acc = k[d], t;
    for (int i = d - 1; i >= 0; i--) {
        F(mul)(&acc, &acc, xn);
        F(mul)(&t, &k[i], &xd_pow[d - i]);
        F(add)(&acc, &acc, &t);
    }
    *r = acc;
}

void EC(map_to_curve)(POINT *r, const FE *u) {
    FE xn, xd, y, xd_pow[SSWU_DEG(SSWU_ISO_Y_DEN) + 1], x_num, x_den, y_num, y_den, t;
    EC(sswu)(&xn, &xd, &y, u);
    F(set_one)(&xd_pow[0]);
    xd_pow[1] = xd;
    for (int j = 2; j <= SSWU_DEG(SSWU_ISO_Y_DEN); j++) F(mul)(&xd_pow[j], &xd_pow[j - 1], &xd);
    /* With x' = xn / xd: x = x_num / (x_den xd), y = y' y_num / y_den. */
    EC(iso_poly)(&x_num, SSWU_ISO_X_NUM, SSWU_DEG(SSWU_ISO_X_NUM), &xn, xd_pow);
    EC(iso_poly)(&x_den, SSWU_ISO_X_DEN, SSWU_DEG(SSWU_ISO_X_DEN), &xn, xd_pow);
    EC(iso_poly)(&y_num, SSWU_ISO_Y_NUM, SSWU_DEG(SSWU_ISO_Y_NUM), &xn, xd_pow);
    EC(iso_poly)(&y_den, SSWU_ISO_Y_DEN, SSWU_DEG(SSWU_ISO_Y_DEN), &xn, xd_pow);
    F(mul)(&t, &x_den, &xd);
    F(mul)(&r->z, &t, &y_den);
    F(mul)(&r->x, &x_num, &y_den);
    F(mul)(&r->y, &y, &y_num);
    F(mul)(&r->y, &r->y, &t);
    /* A vanishing denominator means the identity (RFC 9380 6.6.3). */
    POINT o;
    EC(set_identity)(&o);
    ct_cmov(r, &o, sizeof o, F(is_zero)(&r->z));
}

#undef SSWU_DEG
