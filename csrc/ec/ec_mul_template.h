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
 *                  BN's G1 two GLV digits (E = phi acts as [lambda])
 *   EC_SPLIT(d, k) writes the EC_ENDO_SPLIT digits of the canonical k
 *   EC_SPLIT_AFTER_CHECK  1 if a subgroup check costs less than the split
 *                  saves, so that points not known to be in the subgroup
 *                  are checked and split (G2: 64 doublings to save 192);
 *                  0 if only points known to be in it are split (G1: the
 *                  check costs 128 doublings and saves about as many;
 *                  BN's G1 is the whole curve, its check free: 1)
 *   EC(endo)(r, p) that endomorphism
 *   EC_WNAF_W      the window of the variable-time multiplication
 *   EC_DIGITS_LIMBS  (optional) limbs of the split digits, if not FR_LIMBS
 *   EC_DIGIT_BITS  (optional) bits of each split digit, if fewer than its limbs'
 *
 * Products are right for every point of the curve, not only the subgroup:
 * points outside it are reachable by skipping the subgroup check, and [k]P
 * is then plain repeated addition for the canonical k < r. E acts as
 * [beta] only on the subgroup, so the split is used after a subgroup check
 * or when the caller knows the point is in the subgroup (EC(mul_subgroup),
 * EC(mul_subgroup_vartime)). That branch depends on the point, never on
 * the scalar.
 */

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
    for (int i = top - 1; i >= 0; i--) {
        EC(jacobian_dbl)(&acc, &acc);
        if ((BLS_X_ABS >> i) & 1) {
            EC(from_jacobian)(&t, &acc);
            EC(add)(&t, &t, &base);
            EC(to_jacobian)(&acc, &t);
        }
    }
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
    for (int i = U_WNAF_LEN - 2; i >= 0; i--) {
        EC(jacobian_dbl)(&acc, &acc);
        const int d = U_WNAF[i];
        if (d != 0) {
            POINT q = table[(d > 0 ? d : -d) / 2];
            if (d < 0) EC(neg)(&q, &q);
            EC(from_jacobian)(&t, &acc);
            EC(add)(&t, &t, &q);
            EC(to_jacobian)(&acc, &t);
        }
    }
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
        for (int s = 0; s < EC_CT_WINDOW; s++) EC(jacobian_dbl)(&jacc, &jacc);
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

static void EC(mul_split_vartime)(POINT *r, const POINT *p, const fr_t *k, int split) {
    POINT tables[EC_MAX_DIGITS * EC_WNAF_TABLE];
    int8_t nafs[EC_MAX_DIGITS * EC_NAF_LEN];
    EC(lane_t) lanes[EC_MAX_DIGITS];
    limb_t kc[FR_LIMBS], high = 0;
    EC_TAKE_EXACT(r, p, k, split)
    /* A public scalar of at most half r's limbs gains nothing from a split
     * (whose digits may be offset to full width: BN's G1). */
    fr_to_canonical(kc, k);
    for (int j = FR_LIMBS / 2; j < FR_LIMBS; j++) high |= kc[j];
    if (!high) split = EC_SPLIT_NEVER;
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
