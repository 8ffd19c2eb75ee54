/*
 * mcl_map_template.h - mcl's map from a field element to a BN curve (its
 * MapTo::calcBN, after Fouque and Tibouchi, "Indifferentiable hashing to
 * Barreto-Naehrig curves", 2012), written once for Fp and Fp2; mcl_map.c
 * includes it per group. Before including it, define:
 *
 *   POINT, FE, F(op), EC(name)   as for svdw_template.h
 *   MCL_B                        the curve's B (b, or b' on the twist)
 *   MCL_IS_SQUARE(a)             all-ones if a is a square (0 included)
 *   MCL_ROOT_SIGN(y)             all-ones if y is the root mcl's square
 *                                root returns (the other is -y)
 *
 * and the constants MCL_C1 = sqrt(-3) and MCL_C2 = (-1 + sqrt(-3)) / 2 (in
 * Fp). For t != 0, with w = c1 t / (t^2 + B + 1), the candidates for x are
 * x1 = c2 - t w, x2 = -1 - x1 and x3 = 1 + 1 / w^2, the first with g(x) a
 * square is taken, y is mcl's root of g(x), negated when t is not a square;
 * t = 0 maps to (c2, sqrt(B + 1)). It defines EC(map_to_curve_mcl)(r, t),
 * in projective coordinates, without cofactor clearing. Constant time,
 * unlike mcl's: every candidate is computed and chosen with ct_cmov.
 */

/* y = mcl's square root of g(x) = x^3 + B; all-ones if g(x) is a square. */
static limb_t EC(mcl_sqrt_g)(FE *y, const FE *x) {
    FE gx, ny;
    F(sqr)(&gx, x);
    F(mul)(&gx, &gx, x);
    F(add)(&gx, &gx, &MCL_B);
    limb_t ok = F(sqrt)(y, &gx);
    F(neg)(&ny, y);
    ct_cmov(y, &ny, sizeof ny, ~MCL_ROOT_SIGN(y));
    return ok;
}

void EC(map_to_curve_mcl)(POINT *r, const FE *t) {
    FE one, w, tw, x1, x2, x3, y1, y2, y3, ny, zx, zy;
    const limb_t t_zero = F(is_zero)(t);
    const limb_t negative = ~MCL_IS_SQUARE(t);
    F(set_one)(&one);
    F(sqr)(&w, t);
    F(add)(&w, &w, &MCL_B);
    F(add)(&w, &w, &one);
    F(inv)(&w, &w);                  /* inv0(t^2 + B + 1) */
    F(mul)(&w, &w, t);
    F(mul)(&w, &w, &MCL_C1_FE);      /* w = c1 t / (t^2 + B + 1) */
    F(mul)(&tw, t, &w);
    F(sub)(&x1, &MCL_C2_FE, &tw);    /* x1 = c2 - t w */
    F(add)(&x2, &x1, &one);
    F(neg)(&x2, &x2);                /* x2 = -1 - x1 */
    F(sqr)(&x3, &w);
    F(inv)(&x3, &x3);
    F(add)(&x3, &x3, &one);          /* x3 = 1 + 1 / w^2 */
    limb_t e1 = EC(mcl_sqrt_g)(&y1, &x1);
    limb_t e2 = EC(mcl_sqrt_g)(&y2, &x2) & ~e1;
    (void)EC(mcl_sqrt_g)(&y3, &x3);
    ct_cmov(&x3, &x1, sizeof x3, e1);
    ct_cmov(&y3, &y1, sizeof y3, e1);
    ct_cmov(&x3, &x2, sizeof x3, e2);
    ct_cmov(&y3, &y2, sizeof y3, e2);
    F(neg)(&ny, &y3);
    ct_cmov(&y3, &ny, sizeof ny, negative & ~t_zero);
    /* t = 0: (c2, sqrt(B + 1)) */
    zx = MCL_C2_FE;
    (void)EC(mcl_sqrt_g)(&zy, &zx);  /* g(c2) = c2^3 + B = 1 + B (c2^3 = 1) */
    ct_cmov(&x3, &zx, sizeof zx, t_zero);
    ct_cmov(&y3, &zy, sizeof zy, t_zero);
    EC(from_affine)(r, &x3, &y3);
}
