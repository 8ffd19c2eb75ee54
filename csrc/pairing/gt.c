/* gt.c - the target group GT (order-r subgroup of Fp12^*): exponentiation,
 * membership and the encoding (GT_BYTES bytes). */
#include "curves/consts.h"
#include "pairing/gt.h"

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
