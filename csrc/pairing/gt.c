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
