/* fr.c - the scalar field Fr (the curve's r) in Montgomery form. */
#include "curves/consts.h"
#include "arith/mont.h"

#define N FR_LIMBS

void fr_set_zero(fr_t *r) { for (int i = 0; i < N; i++) r->l[i] = 0; }
void fr_set_one(fr_t *r) { *r = FR_ONE; }

void fr_add(fr_t *r, const fr_t *a, const fr_t *b) { mont_modadd(r->l, a->l, b->l, R_MODULUS, N); }
void fr_sub(fr_t *r, const fr_t *a, const fr_t *b) { mont_modsub(r->l, a->l, b->l, R_MODULUS, N); }
void fr_neg(fr_t *r, const fr_t *a) { mont_modneg(r->l, a->l, R_MODULUS, N); }
void fr_mul(fr_t *r, const fr_t *a, const fr_t *b) { mont_mul_n(r->l, a->l, b->l, R_MODULUS, R_N0, N); }
void fr_sqr(fr_t *r, const fr_t *a) {
    limb_t t[2 * N];
    mont_sqr_wide_n(t, a->l, N);
    mont_redc_n(r->l, t, R_MODULUS, R_N0, N);
}

/* Fermat: a^(r-2), public exponent, constant time in a. */
void fr_inv(fr_t *r, const fr_t *a) {
    mont_pow_n(r->l, a->l, R_MINUS_2, N, R_MODULUS, R_N0, FR_ONE.l, N);
}

limb_t fr_is_zero(const fr_t *a) { return mont_is_zero_n(a->l, N); }

limb_t fr_eq(const fr_t *a, const fr_t *b) {
    limb_t acc = 0;
    for (int i = 0; i < N; i++) acc |= a->l[i] ^ b->l[i];
    return limb_is_zero_mask(acc);
}

/* Exponent may be secret: 4-bit windows with a table read in full each time. */
void fr_pow_bytes(fr_t *r, const fr_t *a, const uint8_t *e_be, size_t elen) {
    fr_t table[16], acc = FR_ONE, pick;
    table[0] = FR_ONE;
    table[1] = *a;
    for (int i = 2; i < 16; i++) fr_mul(&table[i], &table[i - 1], a);
    for (size_t i = 0; i < 2 * elen; i++) {
        unsigned w = (i & 1) ? (e_be[i / 2] & 15u) : (e_be[i / 2] >> 4);
        for (int s = 0; s < 4; s++) fr_sqr(&acc, &acc);
        ct_lookup(&pick, table, sizeof pick, 16, w);
        fr_mul(&acc, &acc, &pick);
    }
    *r = acc;
}

limb_t fr_from_bytes(fr_t *r, const uint8_t in[CURVE_FR_BYTES]) {
    limb_t t[N];
    mont_limbs_from_be(t, N, in, CURVE_FR_BYTES);
    limb_t ok = mont_lt_n(t, R_MODULUS, N);
    mont_mul_n(r->l, R_R2, t, R_MODULUS, R_N0, N);
    return ok;
}

/* in = hi S + lo with S = 2^(8 CURVE_FR_BYTES) (R itself when the encoding
 * fills the limbs); R_R3 = S R^2 mod r, so hi R_R3 / R + lo R^2 / R =
 * (hi S + lo) R. */
void fr_from_bytes_wide(fr_t *r, const uint8_t in[2 * CURVE_FR_BYTES]) {
    limb_t hi[N], lo[N];
    fr_t a, b;
    mont_limbs_from_be(hi, N, in, CURVE_FR_BYTES);
    mont_limbs_from_be(lo, N, in + CURVE_FR_BYTES, CURVE_FR_BYTES);
    mont_mul_n(a.l, R_R3, hi, R_MODULUS, R_N0, N);
    mont_mul_n(b.l, R_R2, lo, R_MODULUS, R_N0, N);
    fr_add(r, &a, &b);
}

void fr_to_canonical(limb_t out[FR_LIMBS], const fr_t *a) {
    limb_t one[N] = {1};
    mont_mul_n(out, a->l, one, R_MODULUS, R_N0, N);
}

void fr_to_bytes(uint8_t out[CURVE_FR_BYTES], const fr_t *a) {
    limb_t c[N];
    fr_to_canonical(c, a);
    mont_limbs_to_be(out, CURVE_FR_BYTES, c, N);
}

unsigned scalar_window(const limb_t *k, int nlimbs, unsigned i, unsigned w) {
    unsigned v = 0;
    for (unsigned b = 0; b < w; b++) {
        unsigned bit = i + b;
        if (bit < (unsigned)nlimbs * LIMB_BITS) v |= scalar_bit(k, bit) << b;
    }
    return v;
}
