/* gt.c - the target group GT (order-r subgroup of Fp12^*): exponentiation,
 * membership and the encoding (GT_BYTES bytes). */
#include "curves/consts.h"
#include "pairing/gt.h"
#include "ec/ec_scalar.h"

#if CURVE_FAMILY_BN
/* BN: the p-power Frobenius acts on GT as [p mod r] = [6u^2], psi's
 * eigenvalue on G2, so an exponent splits into G2's four digits
 * (ec_scalar.h) and a^e = prod_j frobenius^j(a)^(e_j), for a quarter of the
 * squarings. Signed 5-bit windows (Booth) from the table a^1 .. a^16, the
 * negative ones by conjugation (the inverse in GT), every window reading
 * the whole table; the four digits of a window are combined Horner-style
 * through the Frobenius. The elements are in GT (gt.h's callers only pass
 * those), where the Frobenius is that power. */
#define GT_POW_WINDOW 5
#define GT_POW_TABLE (1 << (GT_POW_WINDOW - 1))

/* r = a^d for a signed digit |d| <= GT_POW_TABLE from table[i] = a^(i + 1),
 * reading every entry (d may be secret). */
static void gt_lookup_ct(gt_field_t *r, const gt_field_t table[GT_POW_TABLE], int d) {
    limb_t negative = (limb_t)0 - (limb_t)((unsigned)d >> (sizeof(unsigned) * 8 - 1));
    unsigned magnitude = ((unsigned)d ^ (unsigned)negative) + (unsigned)(negative & 1);
    gt_field_t one, inverse;
    ct_lookup(r, table, sizeof *r, GT_POW_TABLE, (size_t)magnitude - 1); /* zero for d = 0 */
    GT(set_one)(&one);
    ct_cmov(r, &one, sizeof *r, limb_is_zero_mask((limb_t)magnitude));
    GT(conj)(&inverse, r);
    ct_cmov(r, &inverse, sizeof *r, negative);
}

void gt_pow(gt_field_t *r, const gt_field_t *a, const fr_t *e) {
    enum { DLIMBS = SCALAR_GLS_DIGITS_LIMBS / SCALAR_GLS_DIGITS };
    gt_field_t table[GT_POW_TABLE], acc, sum, pick;
    limb_t k[FR_LIMBS], digits[SCALAR_GLS_DIGITS_LIMBS];
    fr_to_canonical(k, e);
    scalar_split_gls_ct(digits, k);
    table[0] = *a;
    GT(cyclotomic_sqr)(&table[1], a);
    for (int i = 2; i < GT_POW_TABLE; i++) GT(mul)(&table[i], &table[i - 1], a);
    GT(set_one)(&acc);
    for (int w = GLS_DIGIT_BITS / GT_POW_WINDOW; w >= 0; w--) {
        for (int s = 0; s < GT_POW_WINDOW; s++) GT(cyclotomic_sqr)(&acc, &acc);
        for (int i = SCALAR_GLS_DIGITS - 1; i >= 0; i--) {
            gt_lookup_ct(&pick, table, scalar_booth_digit(digits + i * DLIMBS, DLIMBS, w, GT_POW_WINDOW));
            if (i == SCALAR_GLS_DIGITS - 1) {
                sum = pick;
            } else {
                GT(frobenius)(&sum, &sum, 1);
                GT(mul)(&sum, &sum, &pick);
            }
        }
        GT(mul)(&acc, &acc, &sum);
    }
    *r = acc;
    ct_memzero(k, sizeof k);
    ct_memzero(digits, sizeof digits);
    ct_memzero(&sum, sizeof sum);
    ct_memzero(&pick, sizeof pick);
}
#else
/* Secret-safe exponentiation: 4-bit windows over all CURVE_FR_BITS bits of the
 * canonical exponent, reading the whole table for every window. */
void gt_pow(gt_field_t *r, const gt_field_t *a, const fr_t *e) {
    gt_field_t table[16], acc, pick;
    limb_t k[FR_LIMBS];
    fr_to_canonical(k, e);
    GT(set_one)(&table[0]);
    table[1] = *a;
    for (int i = 2; i < 16; i++) GT(mul)(&table[i], &table[i - 1], a);
    GT(set_one)(&acc);
    for (int i = CURVE_FR_BITS / 4 - 1; i >= 0; i--) {
        for (int s = 0; s < 4; s++) GT(cyclotomic_sqr)(&acc, &acc);
        unsigned w = scalar_window(k, FR_LIMBS, (unsigned)i * 4, 4);
        ct_lookup(&pick, table, sizeof pick, 16, w);
        GT(mul)(&acc, &acc, &pick);
    }
    ct_memzero(k, sizeof k);
    *r = acc;
}
#endif

/* ---- variable time, for public exponents --------------------------------
 * The exponent splits as for gt_pow where an endomorphism of GT acts as a
 * power: on BN curves the Frobenius as [6u^2] (four GLS digits), on BLS12
 * curves the conjugate of the Frobenius as [-x] = [|x|] (x < 0: four
 * base-|x| digits, as G2's split). Each digit is written in width-
 * GT_VT_WINDOW NAF ("lanes", summed with shared squarings) over the odd
 * powers a^1, a^3, ..., a^(2^(w-1) - 1), the next digit's table the
 * endomorphism of the previous one's; a negative digit takes the conjugate
 * (the inverse in GT). BLS48 curves run one lane over the whole exponent
 * (their sixteen base-|t| digits would need sixteen tables of Fp48
 * elements). An exponent of at most half r's limbs is not split, as for
 * G1 and G2: its digits would be as long as it. */
#if CURVE_FAMILY_BN
#define GT_VT_DIGITS SCALAR_GLS_DIGITS
#define GT_VT_DIGIT_LIMBS (SCALAR_GLS_DIGITS_LIMBS / SCALAR_GLS_DIGITS)
#define GT_VT_SPLIT(d, k) scalar_split_gls_ct(d, k)
#define GT_VT_WINDOW 5
static void gt_vt_endo(gt_field_t *r, const gt_field_t *a) { GT(frobenius)(r, a, 1); }
#elif CURVE_FAMILY_BLS12
_Static_assert(BLS_X_IS_NEGATIVE, "the conjugated Frobenius acts as [|x|] for x < 0");
#define GT_VT_DIGITS SCALAR_X_DIGITS
#define GT_VT_DIGIT_LIMBS (FR_LIMBS / SCALAR_X_DIGITS)
#define GT_VT_SPLIT(d, k) scalar_split_x_ct(d, k)
#define GT_VT_WINDOW 5
static void gt_vt_endo(gt_field_t *r, const gt_field_t *a) {
    GT(frobenius)(r, a, 1);
    GT(conj)(r, r);
}
#else
#define GT_VT_DIGITS 1
#define GT_VT_DIGIT_LIMBS FR_LIMBS
#define GT_VT_SPLIT(d, k) scalar_split_none(d, k)
#define GT_VT_WINDOW 6
static void gt_vt_endo(gt_field_t *r, const gt_field_t *a) { *r = *a; } /* unused: one lane */
#endif
#define GT_VT_TABLE (1 << (GT_VT_WINDOW - 2))

void gt_pow_vartime(gt_field_t *r, const gt_field_t *a, const fr_t *e) {
    enum { NAF_LEN = FR_LIMBS * LIMB_BITS + 1 };
    gt_field_t table[GT_VT_DIGITS][GT_VT_TABLE], acc, t;
    int8_t naf[GT_VT_DIGITS][NAF_LEN];
    int len[GT_VT_DIGITS], top = 0, started = 0, ndigits = GT_VT_DIGITS;
    limb_t k[FR_LIMBS], digits[FR_LIMBS > GT_VT_DIGITS * GT_VT_DIGIT_LIMBS ? FR_LIMBS
                                                                            : GT_VT_DIGITS * GT_VT_DIGIT_LIMBS];
    limb_t high = 0;
    fr_to_canonical(k, e);
    for (int j = FR_LIMBS / 2; j < FR_LIMBS; j++) high |= k[j];
    if (!high) ndigits = 1;
    if (ndigits == 1) {
        len[0] = scalar_wnaf_vartime(naf[0], k, FR_LIMBS, GT_VT_WINDOW);
    } else {
        GT_VT_SPLIT(digits, k);
        for (int i = 0; i < ndigits; i++)
            len[i] = scalar_wnaf_vartime(naf[i], digits + i * GT_VT_DIGIT_LIMBS, GT_VT_DIGIT_LIMBS, GT_VT_WINDOW);
    }
    for (int i = 0; i < ndigits; i++)
        if (len[i] > top) top = len[i];
    table[0][0] = *a;
    if (GT_VT_TABLE > 1) {
        GT(cyclotomic_sqr)(&t, a);
        for (int j = 1; j < GT_VT_TABLE; j++) GT(mul)(&table[0][j], &table[0][j - 1], &t);
    }
    /* the tables up to the last lane with a digit */
    int lanes = ndigits;
    while (lanes > 1 && len[lanes - 1] == 0) lanes--;
    for (int i = 1; i < lanes; i++)
        for (int j = 0; j < GT_VT_TABLE; j++) gt_vt_endo(&table[i][j], &table[i - 1][j]);
    GT(set_one)(&acc);
    for (int pos = top - 1; pos >= 0; pos--) {
        if (started) GT(cyclotomic_sqr)(&acc, &acc);
        for (int i = 0; i < lanes; i++) {
            int d = pos < len[i] ? naf[i][pos] : 0;
            if (d == 0) continue;
            const gt_field_t *pick = &table[i][(d > 0 ? d : -d) >> 1];
            if (d < 0) {
                GT(conj)(&t, pick);
                pick = &t;
            }
            if (started)
                GT(mul)(&acc, &acc, pick);
            else
                acc = *pick;
            started = 1;
        }
    }
    *r = acc;
}
#undef GT_VT_SPLIT

/* a is in GT iff it is not zero, it is in the cyclotomic subgroup
 * (a^(p^4 - p^2 + 1) = 1, a^(p^16 - p^8 + 1) = 1 on BLS48, checked with
 * Frobenius maps: a^(p^2k) a = a^(p^k) for k = GT_CYCLOTOMIC_K), and
 *   BLS12 and BLS48: a^p = a^x (Scott, "A note on group membership tests for G1, G2
 *   and GT on BLS pairing-friendly curves");
 *   BN: a^p = a^(6u^2), that is a^(p - 6u^2) = a^r = 1, as the trace of
 *   Frobenius is t = 6u^2 + 1 and r = p + 1 - t. The cyclotomic check
 *   comes first because fp12_cyclotomic_exp_x squares correctly only
 *   there. */
#if CURVE_FAMILY_BLS48
/* gen_bls48.py checks that gcd(p - t, p^16 - p^8 + 1) = r. */
#define GT_CYCLOTOMIC_K 8
#else
#define GT_CYCLOTOMIC_K 2
#endif
int gt_is_member_vartime(const gt_field_t *a) {
    gt_field_t t, u, zero = {0};
    if (GT(eq)(a, &zero) & 1) return 0; /* 0 passes both equations below */
    GT(frobenius)(&t, a, GT_CYCLOTOMIC_K);
    GT(frobenius)(&u, &t, GT_CYCLOTOMIC_K);
    GT(mul)(&u, &u, a);
    if (!(GT(eq)(&u, &t) & 1)) return 0;
    GT(frobenius)(&t, a, 1);
#if CURVE_FAMILY_BN
    gt_field_t s;
    gt_cyclotomic_exp_x(&u, a);
    gt_cyclotomic_exp_x(&u, &u);
    GT(cyclotomic_sqr)(&u, &u);    /* a^(2u^2) */
    GT(cyclotomic_sqr)(&s, &u);
    GT(mul)(&u, &u, &s);           /* a^(6u^2) */
#else
    gt_cyclotomic_exp_x(&u, a);
#endif
    return (int)(GT(eq)(&t, &u) & 1);
}

/* The coefficients of an Fp12 in struct order are c0.b0.a0, c0.b0.a1, ...,
 * c1.b2.a1; the encoding writes them from the last to the first, each
 * CURVE_FP_BYTES bytes big-endian. */
void gt_encode(uint8_t out[GT_BYTES], const gt_field_t *a) {
    const fp_t *c = (const fp_t *)a;
    for (int i = 0; i < CURVE_GT_DEGREE; i++)
        fp_to_bytes(out + CURVE_FP_BYTES * i, &c[CURVE_GT_DEGREE - 1 - i]);
}

limb_t gt_decode_coefficients(gt_field_t *r, const uint8_t in[GT_BYTES]) {
    fp_t *c = (fp_t *)r;
    limb_t ok = (limb_t)-1;
    for (int i = 0; i < CURVE_GT_DEGREE; i++)
        ok &= fp_from_bytes(&c[CURVE_GT_DEGREE - 1 - i], in + CURVE_FP_BYTES * i);
    return ok;
}
