/*
 * ec_mul_template.h - scalar multiplication, written once for G1 and G2.
 * Included by g1.c and g2.c after ec_group_template.h, with, besides the
 * macros listed there:
 *
 *   EC_ENDO_SPLIT  how many digits a scalar is split into for the
 *                  endomorphism EC(endo), which acts on the subgroup as
 *                  [beta] for the base beta of those digits: G2 four
 *                  base-|x| digits (E = -psi acts as [|x|]), G1 two
 *                  base-x^2 digits (E = -phi acts as [x^2]; ec_scalar.h),
 *                  BN's G1 two GLV digits (E = phi acts as [lambda]),
 *                  BN's G2 four GLS digits (E = psi acts as [6u^2])
 *   EC_SPLIT(d, k) writes the EC_ENDO_SPLIT digits of the canonical k
 *   EC_SPLIT_AFTER_CHECK  1 if a subgroup check costs less than the split
 *                  saves, so that points not known to be in the subgroup
 *                  are checked and split (G2: 64 doublings to save 192;
 *                  on BN curves a multiplication by u to save 3/4 of r's);
 *                  0 if only points known to be in it are split (G1: the
 *                  check costs 128 doublings and saves about as many;
 *                  BN's G1 is the whole curve, its check free: 1)
 *   EC(endo)(r, p) that endomorphism
 *   EC_WNAF_W      the window of the variable-time multiplication
 *   EC_DIGITS_LIMBS  (optional) limbs of the split digits, if not FR_LIMBS
 *   EC_DIGIT_BITS  (optional) bits of each split digit, if fewer than its limbs'
 *   EC_CT_AFFINE   (optional) the constant-time split multiplies from
 *                  affine tables in Jacobian coordinates (below); E keeps
 *                  Z, or with EC_CT_AFFINE_NORM conjugates it
 *   EC_CT_AFFINE_NORM (optional) E is Frobenius-like (G2's psi): it maps
 *                  the curve scaled by z to the one scaled by conj(z), and
 *                  keeps a scaling in the base field, so the tables are
 *                  moved to the curve scaled by z conj(z) before E is applied
 *   EC(endo2_affine)(x, y, px, py) (optional, EC_ENDO2_AFFINE defined) E^2
 *                  of an affine point, cheaper than E twice (G2: psi^2)
 *   EC_CT_UNIFIED_WINDOWS (optional, with EC_CT_AFFINE) how many of the
 *                  lowest windows of that product may add +-the
 *                  accumulator itself, so that they take the unified
 *                  addition and the others the cheaper plain one (unset:
 *                  every window takes the unified one)
 *   EC_CT_DIGITS   (optional, with EC_CT_AFFINE) the accumulator of that
 *                  product is kept in another representation of the field,
 *                  EC_DFE, with the operations ED(op) for op in from_fp,
 *                  to_fp, mul, sqr, add, sub, half, is_zero, and comb
 *                  (r, a, ka, b, kb, c, kc, km: ka a + kb b + kc c plus km
 *                  times the modulus, constant coefficients, b and c null
 *                  where theirs are 0) (g1.c: Fp in the digits of its
 *                  32-bit products, fpd_t)
 *   EC_VT_AFFINE_W (optional, with EC_CT_AFFINE) the width of the NAF of
 *                  the variable-time split product from those affine
 *                  tables (below; EC_WNAF_W if unset)
 *
 * Products are right for every point of the curve, not only the subgroup:
 * points outside it are reachable by skipping the subgroup check, and [k]P
 * is then plain repeated addition for the canonical k < r. E acts as
 * [beta] only on the subgroup, so the split is used after a subgroup check
 * or when the caller knows the point is in the subgroup (EC(mul_subgroup),
 * EC(mul_subgroup_vartime)). That branch depends on the point, never on
 * the scalar.
 */

#if defined(EC_VT_AFFINE_W) && !defined(EC_CT_AFFINE)
#error "EC_VT_AFFINE_W is the width of EC_CT_AFFINE's variable-time product"
#endif

#define EC_CT_WINDOW 5
#define EC_CT_TABLE (1 << (EC_CT_WINDOW - 1)) /* P, 2P, ..., 16P */
#define EC_WNAF_TABLE (1 << (EC_WNAF_W - 2)) /* odd multiples 1, 3, ..., 2^(w-1) - 1 */
#define EC_NAF_LEN (FR_LIMBS * LIMB_BITS + 1)
#define EC_MAX_DIGITS EC_ENDO_SPLIT
#ifndef EC_DIGITS_LIMBS
#define EC_DIGITS_LIMBS FR_LIMBS
#endif
/* The limbs of each of ndigits digits, and the bits the windows run over. */
#define EC_DIGIT_LIMBS(ndigits) ((ndigits) == 1 ? FR_LIMBS : EC_DIGITS_LIMBS / (ndigits))
#ifdef EC_DIGIT_BITS
#define EC_WINDOW_BITS(ndigits) ((ndigits) == 1 ? FR_LIMBS * LIMB_BITS : EC_DIGIT_BITS)
#else
#define EC_WINDOW_BITS(ndigits) (EC_DIGIT_LIMBS(ndigits) * LIMB_BITS)
#endif

/* How EC(scalar_digits) may split: never, after a subgroup check, or
 * always (the caller knows the point is in the subgroup). */
enum { EC_SPLIT_NEVER, EC_SPLIT_CHECKED, EC_SPLIT_KNOWN };

#if CURVE_FAMILY_BLS12
/* Double-and-add over the public |x|: doublings in Jacobian coordinates,
 * the few additions (|x| has six bits set) projective; constant time. */
void EC(mul_x_abs)(POINT *r, const POINT *p) {
    const POINT base = *p;
    POINT t;
    EC(jacobian_t) acc;
    int top = 63;
    while (!((BLS_X_ABS >> top) & 1)) top--;
    EC(to_jacobian)(&acc, &base);
    EC(jacobian_to_w)(&acc);
    for (int i = top - 1; i >= 0; i--) {
        EC(jacobian_dbl_w)(&acc, &acc);
        if ((BLS_X_ABS >> i) & 1) {
            EC(jacobian_from_w)(&acc);
            EC(from_jacobian)(&t, &acc);
            EC(add)(&t, &t, &base);
            EC(to_jacobian)(&acc, &t);
            EC(jacobian_to_w)(&acc);
        }
    }
    EC(jacobian_from_w)(&acc);
    EC(from_jacobian)(r, &acc);
}
#else
/* BN: [|u|]P over the signed window digits U_WNAF of the public |u| (any
 * width), with the odd multiples P, 3P, ... in a table: doublings in
 * Jacobian coordinates, additions projective; constant time. */
#define EC_U_TABLE (1 << (U_WINDOW - 2))
void EC(mul_x_abs)(POINT *r, const POINT *p) {
    POINT table[EC_U_TABLE], t;
    EC(jacobian_t) acc;
    table[0] = *p;
    if (EC_U_TABLE > 1) {
        EC(dbl)(&t, p);
        for (int i = 1; i < EC_U_TABLE; i++) EC(add)(&table[i], &table[i - 1], &t);
    }
    EC(to_jacobian)(&acc, &table[(U_WNAF[U_WNAF_LEN - 1] - 1) / 2]);
    EC(jacobian_to_w)(&acc);
    for (int i = U_WNAF_LEN - 2; i >= 0; i--) {
        EC(jacobian_dbl_w)(&acc, &acc);
        const int d = U_WNAF[i];
        if (d != 0) {
            POINT q = table[(d > 0 ? d : -d) / 2];
            if (d < 0) EC(neg)(&q, &q);
            EC(jacobian_from_w)(&acc);
            EC(from_jacobian)(&t, &acc);
            EC(add)(&t, &t, &q);
            EC(to_jacobian)(&acc, &t);
            EC(jacobian_to_w)(&acc);
        }
    }
    EC(jacobian_from_w)(&acc);
    EC(from_jacobian)(r, &acc);
}
#undef EC_U_TABLE
#endif

/* r = [d]P for a signed digit |d| <= EC_CT_TABLE from table[i] = [i + 1]P,
 * reading every entry and negating through a mask (d may be secret). */
static void EC(lookup_ct)(POINT *r, const POINT *table, int d) {
    limb_t negative = (limb_t)0 - (limb_t)((unsigned)d >> (sizeof(unsigned) * 8 - 1));
    unsigned magnitude = ((unsigned)d ^ (unsigned)negative) + (unsigned)(negative & 1);
    POINT minus, identity;
    ct_lookup(r, table, sizeof *r, EC_CT_TABLE, (size_t)magnitude - 1); /* zero for d = 0 */
    EC(set_identity)(&identity);
    EC(cmov)(r, &identity, limb_is_zero_mask((limb_t)magnitude));
    EC(neg)(&minus, r);
    EC(cmov)(r, &minus, negative);
}

/* The digits [k]P is computed from: the canonical k (returns 1), or its
 * EC_ENDO_SPLIT digits when E acts as [beta] on P: always for
 * EC_SPLIT_KNOWN, after a subgroup check for EC_SPLIT_CHECKED where that
 * check pays. Constant time in k. */
static int EC(scalar_digits)(limb_t digits[EC_DIGITS_LIMBS], const POINT *p, const fr_t *k, int split) {
    fr_to_canonical(digits, k);
    if (split == EC_SPLIT_KNOWN ||
        (split == EC_SPLIT_CHECKED && EC_SPLIT_AFTER_CHECK && EC(in_subgroup_vartime)(p))) {
        limb_t kc[FR_LIMBS];
        for (int j = 0; j < FR_LIMBS; j++) kc[j] = digits[j];
        EC_SPLIT(digits, kc);
        ct_memzero(kc, sizeof kc);
        return EC_ENDO_SPLIT;
    }
    return 1;
}

/* Constant time: signed 5-bit (Booth) windows over every digit bit; each
 * window's doublings run in Jacobian coordinates (the conversions handle the
 * identity without branching), and each window reads the whole table and
 * performs the same additions (complete formulas, so adding the identity
 * for a zero window is fine). Within a
 * window the digits are combined Horner-style, E(...E(T[w_3]) + T[w_2]...)
 * + T[w_0], so one table serves all of them. */
static void EC(mul_digits_ct)(POINT *r, const POINT *p, const limb_t *digits, int ndigits) {
    const int dlimbs = EC_DIGIT_LIMBS(ndigits);
    POINT table[EC_CT_TABLE], acc, sum, pick;
    table[0] = *p;
    EC(dbl)(&table[1], p);
    for (int i = 2; i < EC_CT_TABLE; i++) {
        if (i & 1)
            EC(dbl)(&table[i], &table[i / 2]);
        else
            EC(add)(&table[i], &table[i - 1], &table[0]);
    }
    EC(set_identity)(&acc);
    for (int w = EC_WINDOW_BITS(ndigits) / EC_CT_WINDOW; w >= 0; w--) {
        EC(jacobian_t) jacc; /* the window's doublings in Jacobian coordinates */
        EC(to_jacobian)(&jacc, &acc);
        EC(jacobian_dbl_n)(&jacc, EC_CT_WINDOW);
        EC(from_jacobian)(&acc, &jacc);
        for (int i = ndigits - 1; i >= 0; i--) {
            int d = scalar_booth_digit(digits + i * dlimbs, dlimbs, w, EC_CT_WINDOW);
            EC(lookup_ct)(&pick, table, d);
            if (i == ndigits - 1) {
                sum = pick;
            } else {
                EC(endo)(&sum, &sum);
                EC(add)(&sum, &sum, &pick);
            }
        }
        EC(add)(&acc, &acc, &sum);
    }
    *r = acc;
    ct_memzero(&sum, sizeof sum);
    ct_memzero(&pick, sizeof pick);
}

/* A point in affine coordinates (or on an isomorphic curve): the tables
 * of the affine products below. */
typedef struct { FE x, y; } EC(affine_xy_t);

#ifdef EC_CT_AFFINE
#ifndef EC_CT_UNIFIED_WINDOWS
#define EC_CT_UNIFIED_WINDOWS (1 << 20) /* every window */
#endif
/* ---- constant time from affine tables -----------------------------------
 * With EC_CT_AFFINE defined (E keeps Z, as for EC_FFT_AFFINE, or
 * conjugates it with EC_CT_AFFINE_NORM), a point in the prime-order
 * subgroup (the split digits: never the identity's multiples in the table)
 * is multiplied from affine tables, one per digit (E of the previous one,
 * no Horner step; EC(affine_tables)), into a Jacobian accumulator
 * that never leaves Jacobian coordinates (the W form of
 * EC(jacobian_dbl_w)): a doubling is 3M + 4S (2M + 5S with EC_SQR_CHEAP)
 * and an addition 7M + 5S (8M + 3S where EC_CT_UNIFIED_WINDOWS shows it
 * cannot double), instead of the complete formulas' 12M and the
 * conversions around each window's doublings. */

/* r += (x2, y2), the affine point not the identity, r in the W form
 * (X, W = 2Y, Z) of EC(jacobian_dbl_w) in and out, with the slope
 * (x1^2 + x1 x2 + x2^2) / (y1 + y2): the chord's (y1 - y2) / (x1 - x2)
 * times (x1^2 + x1 x2 + x2^2) / (x1^2 + x1 x2 + x2^2), and the tangent's
 * when the points are equal, so one formula serves both (Brier and Joye).
 * It is 0/0 only when y1 + y2 = 0 and x1^3 = x2^3; the chord's slope is
 * taken then, which gives Z = 0 (the identity) for r = -(x2, y2). An
 * identity r gives (x2, y2). No branch: constant time in both points. */
static void EC(jacobian_add_affine_ct)(EC(jacobian_t) *r, const FE *x2, const FE *y2) {
    FE zz, u2, s1, s2, t, m, num, den, n, tn, x3, y3;
    const limb_t r_identity = F(is_zero)(&r->z);
    F(half)(&s1, &r->y); /* Y1 */
    F(sqr)(&zz, &r->z);
    F(mul)(&u2, x2, &zz);
    F(mul)(&s2, y2, &r->z);
    F(mul)(&s2, &s2, &zz); /* the points over the common Z^2, Z^3 */
    EC_ADD_LAZY(&t, &r->x, &u2); /* an operand of products only */
    F(add)(&m, &s1, &s2);
    F(sub)(&den, &r->x, &u2);
    F(mul)(&u2, &r->x, &u2);
    F(sqr)(&num, &t);
    F(sub)(&num, &num, &u2); /* U1^2 + U1 U2 + U2^2 */
    const limb_t degenerate = F(is_zero)(&m);
    /* S1 - S2 = 2 S1 = W1 where S2 = -S1 */
    ct_cmov(&num, &r->y, sizeof num, degenerate);
    ct_cmov(&den, &m, sizeof den, ~degenerate);
    F(sqr)(&n, &den);
    F(mul)(&tn, &t, &n);
    /* M den^3 in 2 Y3 below: den^4 as M = den, else 0 as M = 0 */
    F(sqr)(&n, &n);
    ct_cmov(&n, &m, sizeof n, degenerate);
    F(sqr)(&x3, &num);
    F(sub)(&x3, &x3, &tn); /* X3 = num^2 - T den^2 */
    F(dbl)(&y3, &x3);
    F(sub)(&y3, &tn, &y3);
    F(mul)(&y3, &num, &y3);
    F(sub)(&r->y, &y3, &n); /* W3 = 2 Y3 = num (T den^2 - 2 X3) - M den^3 */
    F(mul)(&r->z, &r->z, &den);
    r->x = x3;
    EC(jacobian_t) q;
    EC(jacobian_from_affine_w)(&q, x2, y2);
    ct_cmov(r, &q, sizeof *r, r_identity);
}

#ifdef EC_COMB
/* X3's s - a - 2c + 3p, in (0, 4p), in one combination (EC_COMB) rather
 * than three differences: 0.998 of the instructions of BLS12-381's G1
 * product at 32 bits. */
__attribute__((noinline)) static void EC(comb_x3)(FE *r, const FE *s, const FE *a, const FE *c) {
    EC_COMB(r, s, 1, a, -1, c, -2, c, 0, 3);
}
#endif

/* r += (x2, y2) for r not +-(x2, y2), r in the W form in and out, by the
 * plain mixed addition (Z3 = Z1 H with H = x2 Z1^2 - X1; 8M + 3S against
 * the unified formula's 7M + 5S, and none of its selections): H = 0 there
 * gives Z3 = 0 for a doubling too, so it is used only for the additions
 * that can never meet +-(x2, y2) (EC_CT_UNIFIED_WINDOWS). An identity r
 * gives (x2, y2), as there. No branch: constant time in both points. */
static void EC(jacobian_add_affine_distinct_ct)(EC(jacobian_t) *r, const FE *x2, const FE *y2) {
    FE zz, u2, s2, y1, h, rr, hh, j, v, x3;
    const limb_t r_identity = F(is_zero)(&r->z);
    F(sqr)(&zz, &r->z);
    F(mul)(&u2, x2, &zz);
    F(mul)(&s2, y2, &r->z);
    F(mul)(&s2, &s2, &zz); /* the point over Z1^2, Z1^3 */
    F(half)(&y1, &r->y);
    EC_SUB_LAZY(&h, &u2, &r->x); /* H and R: operands of products only */
    EC_SUB_LAZY(&rr, &s2, &y1);
    F(sqr)(&hh, &h);
    F(mul)(&j, &h, &hh);     /* H^3 */
    F(mul)(&v, &r->x, &hh);  /* X1 H^2 */
    F(sqr)(&x3, &rr);
#ifdef EC_COMB
    EC(comb_x3)(&x3, &x3, &j, &v); /* X3 = R^2 - H^3 - 2 X1 H^2 */
#else
    F(sub)(&x3, &x3, &j);
    F(sub)(&x3, &x3, &v);
    F(sub)(&x3, &x3, &v);    /* X3 = R^2 - H^3 - 2 X1 H^2 */
#endif
    EC_SUB_LAZY(&v, &v, &x3);
    F(mul)(&v, &rr, &v);
    F(mul)(&j, &y1, &j);
    F(sub)(&v, &v, &j);
    F(dbl)(&r->y, &v);       /* W3 = 2 (R (X1 H^2 - X3) - Y1 H^3) */
    F(mul)(&r->z, &r->z, &h);
    r->x = x3;
    EC(jacobian_t) q;
    EC(jacobian_from_affine_w)(&q, x2, y2);
    ct_cmov(r, &q, sizeof *r, r_identity);
}

#ifdef EC_CT_DIGITS
/* The accumulator in EC_DFE: the W form of EC(jacobian_dbl_w), the
 * doubling and the plain mixed addition as there (the sums and differences
 * reduced, each value the field's below 2p in digits), converted from and to
 * EC(jacobian_t) where the product starts, takes the unified addition and
 * ends. Written out again rather than one body with the Jacobian ones: they
 * differ in more than the ops' names (the product for 4 X Y^2 where 32-bit
 * G1 takes EC_SQR_CHEAP's square, reduced sums where those leave some
 * lazy, the affine point converted), so one body would be a macro with a
 * parameter for each, whose lines valgrind's reports and a debugger lose. */
typedef struct { EC_DFE x, y, z; } EC(djacobian_t);

static void EC(djacobian_from)(EC(djacobian_t) *r, const EC(jacobian_t) *p) {
    ED(from_fp)(&r->x, &p->x);
    ED(from_fp)(&r->y, &p->y);
    ED(from_fp)(&r->z, &p->z);
}

static void EC(djacobian_to)(EC(jacobian_t) *r, const EC(djacobian_t) *p) {
    ED(to_fp)(&r->x, &p->x);
    ED(to_fp)(&r->y, &p->y);
    ED(to_fp)(&r->z, &p->z);
}

/* EC(jacobian_dbl_w) with the product 4 X Y^2 (3M + 4S): in digits a sum
 * costs a sixth of a product, and EC_SQR_CHEAP's square for it with its
 * three sums took 1.01x of the G1 product's time in Node. With E = 3 X^2
 * and D = 4 X Y^2, X3 = E^2 - 2D = 9 F - 2D for F = X^4, and
 * 2 E (D - X3) = X^2 (18 D - 54 F): the sums are two combinations
 * (ED(comb)) and a difference instead of seven sums and differences. The
 * values are those of the formula as written first, modulo p. */
static void EC(djacobian_dbl_w)(EC(djacobian_t) *r, const EC(djacobian_t) *p) {
    EC_DFE a, b, c, d, f, g, z3;
    ED(sqr)(&a, &p->x);
    ED(sqr)(&b, &p->y);       /* 4 Y^2 */
    ED(mul)(&z3, &p->y, &p->z); /* 2 Y Z */
    ED(sqr)(&c, &b);          /* 16 Y^4 */
    ED(mul)(&d, &p->x, &b);   /* 4 X Y^2 */
    ED(sqr)(&f, &a);          /* X^4 */
    ED(comb)(&r->x, &f, 9, &d, -2, NULL, 0, 2);   /* X3 = 9 X^4 - 8 X Y^2 */
    ED(comb)(&g, &d, 18, &f, -54, NULL, 0, 54);   /* 6 (4 X Y^2 - X3) */
    ED(mul)(&g, &a, &g);
    ED(sub)(&r->y, &g, &c);   /* W3 = 2 Y3 = 2 E (4 X Y^2 - X3) - 16 Y^4 */
    r->z = z3;
}

/* EC(jacobian_add_affine_distinct_ct) on the accumulator in EC_DFE, the
 * affine point (x2, y2) in FE: the same formula, the same cases. */
static void EC(djacobian_add_affine_distinct_ct)(EC(djacobian_t) *r, const FE *x2, const FE *y2) {
    EC_DFE px, py, zz, u2, s2, y1, h, rr, hh, j, v, x3;
    const limb_t r_identity = ED(is_zero)(&r->z);
    ED(from_fp)(&px, x2);
    ED(from_fp)(&py, y2);
    ED(sqr)(&zz, &r->z);
    ED(mul)(&u2, &px, &zz);
    ED(mul)(&s2, &py, &r->z);
    ED(mul)(&s2, &s2, &zz);   /* the point over Z1^2, Z1^3 */
    ED(half)(&y1, &r->y);
    ED(sub)(&h, &u2, &r->x);
    ED(sub)(&rr, &s2, &y1);
    ED(sqr)(&hh, &h);
    ED(mul)(&j, &h, &hh);     /* H^3 */
    ED(mul)(&v, &r->x, &hh);  /* X1 H^2 */
    ED(sqr)(&x3, &rr);
    ED(comb)(&x3, &x3, 1, &j, -1, &v, -2, 3); /* X3 = R^2 - H^3 - 2 X1 H^2 */
    ED(sub)(&v, &v, &x3);
    ED(mul)(&v, &rr, &v);
    ED(mul)(&j, &y1, &j);
    ED(comb)(&r->y, &v, 2, &j, -2, NULL, 0, 2); /* W3 = 2 (R (X1 H^2 - X3) - Y1 H^3) */
    ED(mul)(&r->z, &r->z, &h);
    r->x = x3;
    /* an identity r gives (x2, 2 y2, 1) */
    EC(jacobian_t) q;
    EC(djacobian_t) dq;
    EC(jacobian_from_affine_w)(&q, x2, y2);
    EC(djacobian_from)(&dq, &q);
    ct_cmov(r, &dq, sizeof *r, r_identity);
}

/* The unified addition (the lowest windows only), the first point and the
 * identity through EC(jacobian_t). */
static void EC(djacobian_add_affine_ct)(EC(djacobian_t) *r, const FE *x2, const FE *y2) {
    EC(jacobian_t) j;
    EC(djacobian_to)(&j, r);
    EC(jacobian_add_affine_ct)(&j, x2, y2);
    EC(djacobian_from)(r, &j);
    ct_memzero(&j, sizeof j);
}

static void EC(djacobian_from_affine_w)(EC(djacobian_t) *r, const FE *x, const FE *y) {
    EC(jacobian_t) j;
    EC(jacobian_from_affine_w)(&j, x, y);
    EC(djacobian_from)(r, &j);
    ct_memzero(&j, sizeof j);
}

static void EC(djacobian_set_identity_w)(EC(djacobian_t) *r) {
    EC(jacobian_t) j;
    EC(jacobian_set_identity_w)(&j);
    EC(djacobian_from)(r, &j);
}
#define EC_ACC_T EC(djacobian_t)
#define EC_ACC_SET_IDENTITY_W EC(djacobian_set_identity_w)
#define EC_ACC_FROM_AFFINE_W EC(djacobian_from_affine_w)
#define EC_ACC_DBL_W EC(djacobian_dbl_w)
#define EC_ACC_ADD_DISTINCT EC(djacobian_add_affine_distinct_ct)
#define EC_ACC_ADD_UNIFIED EC(djacobian_add_affine_ct)
#else
#define EC_ACC_T EC(jacobian_t)
#define EC_ACC_SET_IDENTITY_W EC(jacobian_set_identity_w)
#define EC_ACC_FROM_AFFINE_W EC(jacobian_from_affine_w)
#define EC_ACC_DBL_W EC(jacobian_dbl_w)
#define EC_ACC_ADD_DISTINCT EC(jacobian_add_affine_distinct_ct)
#define EC_ACC_ADD_UNIFIED EC(jacobian_add_affine_ct)
#endif

/* The first n multiples of P (table[i] = [i + 1]P), or with odd set its
 * first n odd multiples (table[i] = [2i + 1]P), for P in the prime-order
 * subgroup, as affine points of the isomorphic curve y^2 = x^3 + b z^6,
 * (x, y) -> (x z^2, y z^3) (all zero, with z = 0, for the identity). The
 * doubling and the additions in Jacobian coordinates do not read b, so
 * products are computed on that curve, whose Jacobian (X, Y, Z) is
 * (X, Y, Z z) on E. The table is made by co-Z arithmetic (Meloni;
 * Goundar, Rivain and Sicili): P as (X Z, Y Z^2) with Z = 1 on the curve
 * scaled by P's Z, [2]P doubled in Jacobian coordinates with P brought to
 * its Z (1M + 5S), then each next multiple as the last plus the step (P,
 * or [2]P for odd multiples) by a co-Z addition that leaves the step on
 * the sum's Z (4M + 2S, Z_{j+1} = Z_j L_j), and a pass backwards that
 * brings every multiple to the last Z (4M + 1S each): no inversion
 * (BLS12-381's 16 multiples at 32 bits: 0.30M instructions, where complete
 * projective doublings and additions put on a common Z took 0.53M). The
 * additions never meet a multiple equal to +-step (P's order is a prime
 * larger than 2n). n <= EC_CT_TABLE. Constant time: no branch or index
 * depends on P. */
static void EC(coz_multiples)(EC(affine_xy_t) *table, FE *z, const POINT *p, int n, int odd) {
    FE x1, y1, a, b, c, d, e, f, zc, lam[EC_CT_TABLE], h, yd, w2, f2, f3;
    const int first = odd ? 0 : 1; /* the first entry the chain adds to */
    /* P on the curve scaled by its Z: (X Z, Y Z^2), Z = 1 */
    F(sqr)(&a, &p->z);
    F(mul)(&x1, &p->x, &p->z);
    F(mul)(&y1, &p->y, &a);
    /* [2]P (dbl-2009-l, Z1 = 1) and P on its Z = 2 y1: (4 x1 y1^2, 8 y1^4) */
    F(sqr)(&a, &x1);
    F(sqr)(&b, &y1);
    F(sqr)(&c, &b);
    EC_ADD_LAZY(&d, &x1, &b);
    F(sqr)(&d, &d);
    F(sub)(&d, &d, &a);
    F(sub)(&d, &d, &c);
    F(dbl)(&d, &d); /* 4 x1 y1^2 */
    F(mul3)(&e, &a);
    F(sqr)(&f, &e);
    F(sub)(&f, &f, &d);
    F(sub)(&table[1].x, &f, &d); /* X = E^2 - 2D */
    F(dbl)(&c, &c);
    F(dbl)(&c, &c);
    F(dbl)(&c, &c); /* 8 y1^4 */
    F(sub)(&f, &d, &table[1].x);
    F(mul)(&f, &e, &f);
    F(sub)(&table[1].y, &f, &c); /* Y = E (D - X) - 8 y1^4 */
    F(dbl)(&zc, &y1);                    /* their Z */
    if (odd) { /* table[0] = P, the step [2]P */
        table[0].x = d;
        table[0].y = c;
        x1 = table[1].x;
        y1 = table[1].y;
    } else { /* table[1] = [2]P, the step P */
        x1 = d;
        y1 = c;
    }
    /* table[j + 1] = step + table[j], both on the same Z (ZADDU) */
    for (int j = first; j < n - 1; j++) {
        const FE *x2 = &table[j].x, *y2 = &table[j].y;
        F(sub)(&lam[j], &x1, x2);
        F(sqr)(&c, &lam[j]);
        F(mul)(&a, &x1, &c); /* W1 */
        F(mul)(&w2, x2, &c); /* W2 */
        F(sub)(&yd, &y1, y2);
        F(sqr)(&d, &yd);
        F(sub)(&h, &a, &w2);
        F(mul)(&y1, &y1, &h); /* A1 = Y1 (W1 - W2): the step's new Y */
        F(sub)(&d, &d, &a);
        F(sub)(&table[j + 1].x, &d, &w2); /* X3 = D - W1 - W2 */
        F(sub)(&h, &a, &table[j + 1].x);
        F(mul)(&h, &yd, &h);
        F(sub)(&table[j + 1].y, &h, &y1); /* Y3 = (Y1 - Y2)(W1 - X3) - A1 */
        x1 = a;                           /* the step's new X */
    }
    if (!odd) { /* P on the last Z */
        table[0].x = x1;
        table[0].y = y1;
    }
    /* table[j] for first <= j < n - 1 times Z_last / Z_j = L_j ... L_{n-2} */
    F(set_one)(&f);
    for (int j = n - 2; j >= first; j--) {
        if (j == n - 2)
            f = lam[j];
        else
            F(mul)(&f, &f, &lam[j]);
        F(sqr)(&f2, &f);
        F(mul)(&f3, &f2, &f);
        F(mul)(&table[j].x, &table[j].x, &f2);
        F(mul)(&table[j].y, &table[j].y, &f3);
    }
    F(mul)(&zc, &zc, &f); /* the last Z */
    F(mul)(z, &zc, &p->z);
    ct_memzero(lam, sizeof lam);
    ct_memzero(&f, sizeof f);
    ct_memzero(&x1, sizeof x1);
    ct_memzero(&y1, sizeof y1);
}

/* The tables of the ndigits digits, n entries each (tables + i n for digit
 * i): EC(coz_multiples) of P, on the curve scaled by *z, and E^i of them.
 * E keeps Z = 1; it commutes with the isomorphism when E keeps Z. With
 * EC_CT_AFFINE_NORM it maps the curve scaled by z to the one scaled by
 * conj(z), so the first table is moved first to the curve scaled by the
 * norm z conj(z), which E keeps (2 products per entry, no inversion), and
 * *z is that norm. Constant time. */
static void EC(affine_tables)(EC(affine_xy_t) *tables, FE *z, const POINT *p, int n, int odd, int ndigits) {
    POINT t;
    EC(coz_multiples)(tables, z, p, n, odd);
#ifdef EC_CT_AFFINE_NORM
    FE c, c2, c3;
    F(conj)(&c, z);
    F(sqr)(&c2, &c);
    F(mul)(&c3, &c2, &c);
    for (int j = 0; j < n; j++) {
        F(mul)(&tables[j].x, &tables[j].x, &c2);
        F(mul)(&tables[j].y, &tables[j].y, &c3);
    }
    F(mul)(z, z, &c);
    ct_memzero(&c, sizeof c);
    ct_memzero(&c2, sizeof c2);
    ct_memzero(&c3, sizeof c3);
#endif
    for (int i = 1; i < ndigits; i++)
        for (int j = 0; j < n; j++) {
            const EC(affine_xy_t) *from = &tables[(i - 1) * n + j];
            EC(affine_xy_t) *to = &tables[i * n + j];
#ifdef EC_ENDO2_AFFINE
            if (i >= 2) {
                from = &tables[(i - 2) * n + j];
                EC(endo2_affine)(&to->x, &to->y, &from->x, &from->y);
                continue;
            }
#endif
            EC(from_affine)(&t, &from->x, &from->y);
            EC(endo)(&t, &t);
            to->x = t.x;
            to->y = t.y;
        }
    ct_memzero(&t, sizeof t);
}

/* The words lookups read: with 32-bit limbs pairs of them, 64-bit words,
 * native in WebAssembly (whose builds are scalar, build_wasm.sh): half the
 * steps, 0.96 of the time of the BLS12-381 product in Node. */
#if LIMB_BITS == 32
typedef uint64_t __attribute__((may_alias, aligned(4))) EC(lookup_word_t);
#else
typedef limb_t EC(lookup_word_t);
#endif

/* The affine [d]P for a signed digit 0 < |d| <= EC_CT_TABLE (anything for
 * d = 0, which the caller discards), reading every entry. */
static void EC(lookup_affine_ct)(EC(affine_xy_t) *r, const EC(affine_xy_t) *table, int d) {
    limb_t negative = (limb_t)0 - (limb_t)((unsigned)d >> (sizeof(unsigned) * 8 - 1));
    unsigned magnitude = ((unsigned)d ^ (unsigned)negative) + (unsigned)(negative & 1);
    typedef EC(lookup_word_t) word_t;
    enum { N = sizeof *r / sizeof(word_t) };
    _Static_assert(sizeof *r % sizeof(word_t) == 0, "an affine point is whole words");
    const size_t index = (size_t)magnitude - 1;
    word_t *out = (word_t *)r;
    FE minus;
    /* ct_lookup with the sizes known here, so the compiler can unroll and
     * vectorise the masked reads */
    for (size_t i = 0; i < N; i++) out[i] = 0;
    for (size_t j = 0; j < EC_CT_TABLE; j++) {
        const word_t mask = (word_t)0 - (word_t)(limb_is_zero_mask((limb_t)(j ^ index)) & 1);
        const word_t *entry = (const word_t *)&table[j];
        for (size_t i = 0; i < N; i++) out[i] |= entry[i] & mask;
    }
    F(neg)(&minus, &r->y);
    ct_cmov(&r->y, &minus, sizeof minus, negative);
}

static void EC(mul_digits_affine_ct)(POINT *r, const POINT *p, const limb_t *digits, int ndigits) {
    const int dlimbs = EC_DIGIT_LIMBS(ndigits), top = EC_WINDOW_BITS(ndigits) / EC_CT_WINDOW;
    EC(affine_xy_t) table[EC_MAX_DIGITS][EC_CT_TABLE], pick;
    EC_ACC_T acc, sum;
    POINT identity;
    FE z;
    EC(affine_tables)(table[0], &z, p, EC_CT_TABLE, 0, ndigits);
    EC_ACC_SET_IDENTITY_W(&acc); /* in the W form throughout */
    for (int w = top; w >= 0; w--) {
        if (w < top)
            for (int s = 0; s < EC_CT_WINDOW; s++) EC_ACC_DBL_W(&acc, &acc);
        for (int i = ndigits - 1; i >= 0; i--) {
            int d = scalar_booth_digit(digits + i * dlimbs, dlimbs, w, EC_CT_WINDOW);
            EC(lookup_affine_ct)(&pick, table[i], d);
            /* which addition depends on w and i only, never on the digits */
            if (w == top && i == ndigits - 1) { /* acc is the identity */
                EC_ACC_FROM_AFFINE_W(&sum, &pick.x, &pick.y);
            } else {
                sum = acc;
                if (w >= EC_CT_UNIFIED_WINDOWS)
                    EC_ACC_ADD_DISTINCT(&sum, &pick.x, &pick.y);
                else
                    EC_ACC_ADD_UNIFIED(&sum, &pick.x, &pick.y);
            }
            ct_cmov(&acc, &sum, sizeof acc, ~limb_is_zero_mask((limb_t)(unsigned)d));
        }
    }
#ifdef EC_CT_DIGITS
    EC(jacobian_t) jacc, *out = &jacc;
    EC(djacobian_to)(out, &acc);
    ct_memzero(&acc, sizeof acc);
#else
    EC(jacobian_t) *out = &acc;
#endif
    EC(jacobian_from_w)(out);
    F(mul)(&out->z, &out->z, &z); /* back to E */
    EC(from_jacobian)(r, out);
    /* the identity's Y may be 0 here; P the identity gave a table of zeros */
    EC(set_identity)(&identity);
    EC(cmov)(r, &identity, F(is_zero)(&out->z) | EC(is_identity)(p));
    ct_memzero(out, sizeof *out);
    ct_memzero(&sum, sizeof sum);
    ct_memzero(&pick, sizeof pick);
}
#endif

/* EC_NEEDS_EXACT(p) and EC_EXACT_MUL(r, p, k), if defined: on a curve with
 * points of order 2, where the complete formulas have exceptional cases,
 * a point that may meet them (one outside the subgroup with a component of
 * even order; a public property of the point) is multiplied by
 * EC_EXACT_MUL instead. Points known to be in the subgroup never are. */
#ifdef EC_NEEDS_EXACT
#define EC_TAKE_EXACT(r, p, k, split) \
    if ((split) != EC_SPLIT_KNOWN && EC_NEEDS_EXACT(p)) { \
        EC_EXACT_MUL(r, p, k); \
        return; \
    }
#else
#define EC_TAKE_EXACT(r, p, k, split)
#endif

static void EC(mul_split)(POINT *r, const POINT *p, const fr_t *k, int split) {
    limb_t digits[EC_DIGITS_LIMBS];
    EC_TAKE_EXACT(r, p, k, split)
    int ndigits = EC(scalar_digits)(digits, p, k, split);
#ifdef EC_CT_AFFINE
    if (ndigits > 1) /* P in the subgroup: public, like the split */
        EC(mul_digits_affine_ct)(r, p, digits, ndigits);
    else
#endif
        EC(mul_digits_ct)(r, p, digits, ndigits);
    ct_memzero(digits, sizeof digits);
}

void EC(mul)(POINT *r, const POINT *p, const fr_t *k) { EC(mul_split)(r, p, k, EC_SPLIT_CHECKED); }

void EC(mul_subgroup)(POINT *r, const POINT *p, const fr_t *k) { EC(mul_split)(r, p, k, EC_SPLIT_KNOWN); }

/* ---- variable time ------------------------------------------------------
 * A "lane" is one digit of one scalar in width-w NAF together with the odd
 * multiples of its base point; lanes are summed with shared doublings. */
typedef struct {
    const POINT *table; /* EC_WNAF_TABLE odd multiples */
    const int8_t *naf;
    int len;
} EC(lane_t);

/* The lanes of [k]P, one per digit (returns how many): tables (up to
 * EC_MAX_DIGITS * EC_WNAF_TABLE points) and nafs (up to EC_MAX_DIGITS *
 * EC_NAF_LEN digits) are the caller's storage. */
static int EC(point_lanes)(EC(lane_t) *lanes, POINT *tables, int8_t *nafs, const POINT *p,
                           const fr_t *k, int split) {
    limb_t digits[EC_DIGITS_LIMBS];
    POINT p2;
    int ndigits = EC(scalar_digits)(digits, p, k, split), dlimbs = EC_DIGIT_LIMBS(ndigits);
    tables[0] = *p;
    EC(dbl)(&p2, p);
    for (int j = 1; j < EC_WNAF_TABLE; j++) EC(add)(&tables[j], &tables[j - 1], &p2);
    for (int i = 0; i < ndigits; i++) {
        POINT *t = tables + i * EC_WNAF_TABLE;
        if (i > 0)
            for (int j = 0; j < EC_WNAF_TABLE; j++) EC(endo)(&t[j], &t[j - EC_WNAF_TABLE]);
        int8_t *naf = nafs + i * EC_NAF_LEN;
        lanes[i].table = t;
        lanes[i].naf = naf;
        lanes[i].len = scalar_wnaf_vartime(naf, digits + i * dlimbs, dlimbs, EC_WNAF_W);
    }
    return ndigits;
}

static void EC(sum_lanes_vartime)(POINT *r, const EC(lane_t) *lanes, size_t nlanes) {
    int top = 0, started = 0;
    POINT acc, t;
    for (size_t l = 0; l < nlanes; l++)
        if (lanes[l].len > top) top = lanes[l].len;
    EC(set_identity)(&acc);
    for (int pos = top - 1; pos >= 0; pos--) {
        if (started) EC(dbl)(&acc, &acc);
        for (size_t l = 0; l < nlanes; l++) {
            int d = pos < lanes[l].len ? lanes[l].naf[pos] : 0;
            if (d > 0) {
                EC(add)(&acc, &acc, &lanes[l].table[d >> 1]);
            } else if (d < 0) {
                EC(neg)(&t, &lanes[l].table[(-d) >> 1]);
                EC(add)(&acc, &acc, &t);
            }
            started |= d != 0;
        }
    }
    *r = acc;
}

#ifdef EC_CT_AFFINE
/* ---- variable time from affine tables -----------------------------------
 * For P in the prime-order subgroup and not the identity (no multiple in
 * the table is the identity): the odd multiples P, 3P, ..., (2^(w-1) - 1)P
 * of a width-w NAF in affine coordinates, E of them for the other digits,
 * and a Jacobian accumulator (W form) of doublings (3M + 4S) and mixed
 * additions (8M + 3S) instead of the complete formulas' 12M each. The
 * tables are affine on the isomorphic curve of EC(affine_tables), with no
 * inversion. */
#ifndef EC_VT_AFFINE_W
#define EC_VT_AFFINE_W EC_WNAF_W
#endif
#define EC_VT_AFFINE_TABLE (1 << (EC_VT_AFFINE_W - 2))
_Static_assert(EC_VT_AFFINE_TABLE <= EC_CT_TABLE, "EC(coz_multiples) takes at most EC_CT_TABLE points");

static void EC(mul_digits_affine_vartime)(POINT *r, const POINT *p, const limb_t *digits, int ndigits) {
    const int dlimbs = EC_DIGIT_LIMBS(ndigits);
    EC(affine_xy_t) table[EC_MAX_DIGITS][EC_VT_AFFINE_TABLE];
    int8_t nafs[EC_MAX_DIGITS][EC_NAF_LEN];
    int lens[EC_MAX_DIGITS], top = 0;
    EC(jacobian_t) acc;
    FE minus, z;
    EC(affine_tables)(table[0], &z, p, EC_VT_AFFINE_TABLE, 1, ndigits);
    for (int i = 0; i < ndigits; i++) {
        lens[i] = scalar_wnaf_vartime(nafs[i], digits + i * dlimbs, dlimbs, EC_VT_AFFINE_W);
        if (lens[i] > top) top = lens[i];
    }
    EC(jacobian_set_identity_w)(&acc); /* in the W form throughout */
    for (int pos = top - 1; pos >= 0; pos--) {
        if (!(F(is_zero)(&acc.z) & 1)) EC(jacobian_dbl_w)(&acc, &acc);
        for (int i = 0; i < ndigits; i++) {
            const int d = pos < lens[i] ? nafs[i][pos] : 0;
            if (d > 0) {
                EC(jacobian_add_affine_vartime_w)(&acc, &table[i][d >> 1].x, &table[i][d >> 1].y);
            } else if (d < 0) {
                F(neg)(&minus, &table[i][(-d) >> 1].y);
                EC(jacobian_add_affine_vartime_w)(&acc, &table[i][(-d) >> 1].x, &minus);
            }
        }
    }
    if (F(is_zero)(&acc.z) & 1) {
        EC(set_identity)(r);
        return;
    }
    EC(jacobian_from_w)(&acc);
    F(mul)(&acc.z, &acc.z, &z); /* back to E */
    EC(from_jacobian)(r, &acc);
}
#endif

static void EC(mul_split_vartime)(POINT *r, const POINT *p, const fr_t *k, int split) {
    POINT tables[EC_MAX_DIGITS * EC_WNAF_TABLE];
    int8_t nafs[EC_MAX_DIGITS * EC_NAF_LEN];
    EC(lane_t) lanes[EC_MAX_DIGITS];
    limb_t kc[FR_LIMBS], high = 0;
#ifdef EC_CT_AFFINE
    const int known = split == EC_SPLIT_KNOWN;
#endif
    EC_TAKE_EXACT(r, p, k, split)
    /* A public scalar of at most half r's limbs gains nothing from a split
     * (whose digits may be offset to full width: BN's G1). */
    fr_to_canonical(kc, k);
    for (int j = FR_LIMBS / 2; j < FR_LIMBS; j++) high |= kc[j];
    if (!high) split = EC_SPLIT_NEVER;
#ifdef EC_CT_AFFINE
    {
        /* P in the subgroup (known, or checked for the split): the affine
         * tables; the identity, whose table would be all zero, below */
        limb_t digits[EC_DIGITS_LIMBS];
        int ndigits = EC(scalar_digits)(digits, p, k, split);
        if ((ndigits > 1 || known) && !(EC(is_identity)(p) & 1)) {
            EC(mul_digits_affine_vartime)(r, p, digits, ndigits);
            return;
        }
        if (!known) split = EC_SPLIT_NEVER; /* not split: the check, if any, is done */
    }
#endif
    int nlanes = EC(point_lanes)(lanes, tables, nafs, p, k, split);
    EC(sum_lanes_vartime)(r, lanes, (size_t)nlanes);
}

void EC(mul_vartime)(POINT *r, const POINT *p, const fr_t *k) {
    EC(mul_split_vartime)(r, p, k, EC_SPLIT_CHECKED);
}

void EC(mul_subgroup_vartime)(POINT *r, const POINT *p, const fr_t *k) {
    EC(mul_split_vartime)(r, p, k, EC_SPLIT_KNOWN);
}

#if CURVE_FAMILY_BLS48
/* [k]P for a public k of nlimbs limbs (the group order, a cofactor; wider
 * than a scalar): left-to-right double-and-add, variable time. */
static void EC(mul_public_vartime)(POINT *r, const POINT *p, const limb_t *k, int nlimbs) {
    POINT acc;
    int top = nlimbs * LIMB_BITS - 1;
    while (top >= 0 && !scalar_bit(k, (unsigned)top)) top--;
    EC(set_identity)(&acc);
    for (int i = top; i >= 0; i--) {
        EC(dbl)(&acc, &acc);
        if (scalar_bit(k, (unsigned)i)) EC(add)(&acc, &acc, p);
    }
    *r = acc;
}
#endif
