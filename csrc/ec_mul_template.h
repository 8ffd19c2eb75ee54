/*
 * ec_mul_template.h - scalar multiplication, written once for G1 and G2.
 * Included by g1.c and g2.c after ec_group_template.h, with, besides the
 * macros listed there:
 *
 *   EC_DIMS        how many digits a scalar is split into (2 or 4)
 *   EC(endo)(r, p) the endomorphism E acting as [D], D = |x|^(4/EC_DIMS)
 *   EC_WNAF_W      the window of the variable-time multiplication
 *
 * [k]P = sum_i [d_i] E^i(P) for the base-D digits d_i of k (ec_scalar.h),
 * so both multiplications double only EC_DIGIT_BITS times (64 on G2, 128
 * on G1) instead of 255.
 */

#define EC_DIGIT_LIMBS (FR_LIMBS / EC_DIMS)
#define EC_DIGIT_BITS (EC_DIGIT_LIMBS * LIMB_BITS)
#define EC_CT_WINDOW 4
#define EC_CT_TABLE (1 << EC_CT_WINDOW)
#define EC_WNAF_TABLE (1 << (EC_WNAF_W - 2)) /* odd multiples 1, 3, ..., 2^(w-1) - 1 */
#define EC_NAF_LEN (EC_DIGIT_BITS + 1)

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

/* r = table[idx], reading every entry (idx may be secret). */
static void EC(lookup_ct)(POINT *r, const POINT *table, unsigned idx) {
    *r = table[0];
    for (unsigned j = 1; j < EC_CT_TABLE; j++) EC(cmov)(r, &table[j], limb_is_zero_mask((limb_t)(j ^ idx)));
}

/* Constant time: fixed 4-bit windows over every digit bit; each window
 * reads the whole table and performs the same additions (complete
 * formulas, so adding the identity for a zero window is fine). Within a
 * window the digits are combined Horner-style, E(...E(T[w_3]) + T[w_2]...)
 * + T[w_0], so one table serves all of them. */
void EC(mul)(POINT *r, const POINT *p, const fr_t *k) {
    limb_t kc[FR_LIMBS], digits[FR_LIMBS];
    POINT table[EC_CT_TABLE], acc, sum, pick;
    fr_to_canonical(kc, k);
    scalar_split_ct(digits, kc, EC_DIMS);
    EC(set_identity)(&table[0]);
    table[1] = *p;
    for (int i = 2; i < EC_CT_TABLE; i++) {
        if (i & 1)
            EC(add)(&table[i], &table[i - 1], &table[1]);
        else
            EC(dbl)(&table[i], &table[i / 2]);
    }
    EC(set_identity)(&acc);
    for (int w = EC_DIGIT_BITS / EC_CT_WINDOW - 1; w >= 0; w--) {
        for (int s = 0; s < EC_CT_WINDOW; s++) EC(dbl)(&acc, &acc);
        for (int i = EC_DIMS - 1; i >= 0; i--) {
            unsigned bits = scalar_window(digits + i * EC_DIGIT_LIMBS, EC_DIGIT_LIMBS,
                                          (unsigned)(w * EC_CT_WINDOW), EC_CT_WINDOW);
            EC(lookup_ct)(&pick, table, bits);
            if (i == EC_DIMS - 1) {
                sum = pick;
            } else {
                EC(endo)(&sum, &sum);
                EC(add)(&sum, &sum, &pick);
            }
        }
        EC(add)(&acc, &acc, &sum);
    }
    *r = acc;
    ct_memzero(kc, sizeof kc);
    ct_memzero(digits, sizeof digits);
    ct_memzero(&sum, sizeof sum);
    ct_memzero(&pick, sizeof pick);
}

/* ---- variable time ------------------------------------------------------
 * A "lane" is one digit of one scalar in width-w NAF together with the odd
 * multiples of its base point; lanes are summed with shared doublings. */
typedef struct {
    const POINT *table; /* EC_WNAF_TABLE odd multiples */
    const int8_t *naf;
    int len;
} EC(lane_t);

/* The EC_DIMS lanes of [k]P: tables (EC_DIMS * EC_WNAF_TABLE points) and
 * nafs (EC_DIMS * EC_NAF_LEN digits) are the caller's storage. */
static void EC(glv_lanes)(EC(lane_t) *lanes, POINT *tables, int8_t *nafs, const POINT *p,
                          const fr_t *k) {
    limb_t kc[FR_LIMBS], digits[FR_LIMBS];
    POINT p2;
    fr_to_canonical(kc, k);
    scalar_split_ct(digits, kc, EC_DIMS);
    tables[0] = *p;
    EC(dbl)(&p2, p);
    for (int j = 1; j < EC_WNAF_TABLE; j++) EC(add)(&tables[j], &tables[j - 1], &p2);
    for (int i = 0; i < EC_DIMS; i++) {
        POINT *t = tables + i * EC_WNAF_TABLE;
        if (i > 0)
            for (int j = 0; j < EC_WNAF_TABLE; j++) EC(endo)(&t[j], &t[j - EC_WNAF_TABLE]);
        lanes[i].table = t;
        lanes[i].naf = nafs + i * EC_NAF_LEN;
        lanes[i].len = scalar_wnaf_vartime(nafs + i * EC_NAF_LEN, digits + i * EC_DIGIT_LIMBS,
                                           EC_DIGIT_LIMBS, EC_WNAF_W);
    }
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

void EC(mul_vartime)(POINT *r, const POINT *p, const fr_t *k) {
    POINT tables[EC_DIMS * EC_WNAF_TABLE];
    int8_t nafs[EC_DIMS * EC_NAF_LEN];
    EC(lane_t) lanes[EC_DIMS];
    EC(glv_lanes)(lanes, tables, nafs, p, k);
    EC(sum_lanes_vartime)(r, lanes, EC_DIMS);
}
