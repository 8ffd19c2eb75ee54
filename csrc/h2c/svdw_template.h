/*
 * svdw_template.h - the Shallue-van de Woestijne map of RFC 9380 (6.6.1, in
 * the straight-line form of appendix F.1) to a curve y^2 = g(x) = x^3 + B,
 * A = 0 as on BN curves, written once for any field; svdw.c includes it
 * per group. Before including it, define, as for sswu_template.h:
 *
 *   POINT          the group's point type (g1_t, g2_t; see ec.h)
 *   FE             the field element type (fp_t, fp2_t)
 *   F(op)          the field operation op (fp_##op): set_one, add, sub,
 *                  neg, mul, sqr, inv (0 -> 0, RFC 9380's inv0), sqrt
 *                  (a root, and all-ones if there is one), sgn0
 *   EC(name)       the group's name for a function (g1_##name)
 *
 * and for the map:
 *
 *   SVDW_B         the curve's B
 *   SVDW_Z, SVDW_C1, SVDW_C2, SVDW_C3, SVDW_C4
 *                  Z and the constants c1 = g(Z), c2 = -Z / 2,
 *                  c3 = sqrt(-g(Z) (3 Z^2 + 4 A)) with sgn0(c3) = 0 and
 *                  c4 = -4 g(Z) / (3 Z^2 + 4 A) (build-scripts/
 *                  gen_constants.py derives them and checks Z)
 *
 * and, over Fp (p = 3 mod 4, where F(sqrt) leaves a^((p+1)/4) in r
 * whether or not a is a square), optionally
 *
 *   SVDW_C5, SVDW_C6
 *                  c5 = 8 c3 / (9 Z^4) and c6 = sqrt(g(Z)) (gen_constants.py,
 *                  svdw_one_root_constants): the root for x3 then comes
 *                  from the two other exponentiations, saving the third
 *   SVDW_IS_SQUARE(a)
 *                  a constant-time is_square (all-ones for a square, 0
 *                  included), cheaper than a root: the map then takes
 *                  is_square(g(x1)), is_square(g(x2)) and one root, of
 *                  g(x) for the chosen x (SVDW_C5 and SVDW_C6 unused)
 *
 * It defines EC(map_to_curve)(r, u): the point of E that u maps to, in
 * projective coordinates with Z = 1 (never the identity), without cofactor
 * clearing. Constant time: every step runs for every u, the three
 * candidates for x are chosen with ct_cmov, and the field operations used
 * are constant time.
 */

/* gx = g(x) = x^3 + B. */
static void EC(svdw_g)(FE *gx, const FE *x) {
    F(sqr)(gx, x);
    F(mul)(gx, gx, x);
    F(add)(gx, gx, &SVDW_B);
}

/* y = sqrt(g(x)); all-ones if g(x) is a square. */
static limb_t EC(svdw_sqrt_g)(FE *y, const FE *x) {
    FE gx;
    EC(svdw_g)(&gx, x);
    return F(sqrt)(y, &gx);
}

void EC(map_to_curve)(POINT *r, const FE *u) {
    FE one, tv1, tv2, tv3, tv4, t, x1, x2, x3, y3, ny;
    F(set_one)(&one);
    F(sqr)(&tv1, u);
    F(mul)(&tv1, &tv1, &SVDW_C1);     /* c1 u^2 */
    F(add)(&tv2, &one, &tv1);         /* tv2 = 1 + c1 u^2 */
    F(sub)(&tv1, &one, &tv1);         /* tv1 = 1 - c1 u^2 */
    F(mul)(&tv3, &tv1, &tv2);
    F(inv)(&tv3, &tv3);               /* tv3 = inv0(tv1 tv2) */
    F(mul)(&tv4, u, &tv1);
    F(mul)(&tv4, &tv4, &tv3);
    F(mul)(&tv4, &tv4, &SVDW_C3);     /* tv4 = c3 u tv1 / (tv1 tv2) */
    F(sub)(&x1, &SVDW_C2, &tv4);
    F(add)(&x2, &SVDW_C2, &tv4);
    F(sqr)(&t, &tv2);
    F(mul)(&t, &t, &tv3);             /* t = tv2^2 tv3 */
    F(sqr)(&x3, &t);
    F(mul)(&x3, &x3, &SVDW_C4);
    F(add)(&x3, &x3, &SVDW_Z);        /* x3 = Z + c4 t^2 */
#ifdef SVDW_IS_SQUARE
    /* The RFC's is_square(g(x1)) and is_square(g(x2)), then one root, of
     * g(x) for the chosen x (x3 when neither is a square: g(x3) is then). */
    FE gx;
    EC(svdw_g)(&gx, &x1);
    limb_t e1 = SVDW_IS_SQUARE(&gx);
    EC(svdw_g)(&gx, &x2);
    limb_t e2 = SVDW_IS_SQUARE(&gx) & ~e1;
    ct_cmov(&x3, &x1, sizeof x3, e1); /* x = x1 if g(x1) is a square, */
    ct_cmov(&x3, &x2, sizeof x3, e2); /* else x2 if g(x2) is, else x3 */
    (void)EC(svdw_sqrt_g)(&y3, &x3);
    ct_memzero(&gx, sizeof gx);
#else
    /* The RFC's is_square(g(x1)), is_square(g(x2)) and sqrt(g(x)) for the
     * chosen x, as square roots: y comes with its x. g(x3) is a square
     * whenever g(x1) and g(x2) are not. */
    FE y1, y2;
    limb_t e1 = EC(svdw_sqrt_g)(&y1, &x1);
    limb_t e2 = EC(svdw_sqrt_g)(&y2, &x2) & ~e1;
#ifdef SVDW_C5
    /* With t = tv2^2 tv3 (tv2 / tv1 when tv1 tv2 != 0), g(x3) =
     * (c5 t^3)^2 g(x1) g(x2). Where neither g(x1) nor g(x2) is a square,
     * y1^2 = -g(x1) and y2^2 = -g(x2) (p = 3 mod 4), so c5 t^3 y1 y2 is a
     * root of g(x3); where tv1 tv2 = 0, t = 0 and x3 = Z, whose root is c6.
     * Any root serves: its sign is set below. */
    F(sqr)(&tv4, &t);
    F(mul)(&tv4, &tv4, &t);           /* t^3 */
    F(mul)(&tv4, &tv4, &SVDW_C5);
    F(mul)(&y3, &y1, &y2);
    F(mul)(&y3, &y3, &tv4);
    ct_cmov(&y3, &SVDW_C6, sizeof y3, F(is_zero)(&tv3));
#else
    (void)EC(svdw_sqrt_g)(&y3, &x3);
#endif
    ct_cmov(&x3, &x1, sizeof x3, e1); /* x = x1 if g(x1) is a square, */
    ct_cmov(&y3, &y1, sizeof y3, e1);
    ct_cmov(&x3, &x2, sizeof x3, e2); /* else x2 if g(x2) is, else x3 */
    ct_cmov(&y3, &y2, sizeof y3, e2);
#endif
    F(neg)(&ny, &y3);                 /* sgn0(y) = sgn0(u) */
    ct_cmov(&y3, &ny, sizeof ny, F(sgn0)(u) ^ F(sgn0)(&y3));
    EC(from_affine)(r, &x3, &y3);
}
