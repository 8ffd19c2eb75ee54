/* fp.c - the base field Fp in Montgomery form, for any p = 3 mod 4. */
#include "curves/consts.h"
#include "arith/mont.h"

#define N FP_LIMBS

void fp_set_zero(fp_t *r) { for (int i = 0; i < N; i++) r->l[i] = 0; }
void fp_set_one(fp_t *r) { *r = FP_ONE; }

void fp_add(fp_t *r, const fp_t *a, const fp_t *b) { mont_modadd(r->l, a->l, b->l, P_MODULUS, N); }
_Static_assert(CURVE_P_BITS + 2 <= CURVE_FP_BITS, "4p < R: fp_add_nr's sums are products' operands");
void fp_add_nr(fp_t *r, const fp_t *a, const fp_t *b) { mont_add_n(r->l, a->l, b->l, N); }
void fp_sub(fp_t *r, const fp_t *a, const fp_t *b) { mont_modsub(r->l, a->l, b->l, P_MODULUS, N); }
void fp_sub_nr(fp_t *r, const fp_t *a, const fp_t *b) { mont_add_sub_n(r->l, a->l, P_MODULUS, b->l, N); }
void fp_dbl(fp_t *r, const fp_t *a) { mont_modadd(r->l, a->l, a->l, P_MODULUS, N); }
/* a / 2: a + p if a is odd (below 2^(N w): p < 2^(N w - 1)), shifted right. */
void fp_half(fp_t *r, const fp_t *a) {
    limb_t t[N];
    mont_add_mask_n(t, a->l, P_MODULUS, (limb_t)0 - (a->l[0] & 1), N);
    for (int i = 0; i < N - 1; i++) r->l[i] = (t[i] >> 1) | (t[i + 1] << (LIMB_BITS - 1));
    r->l[N - 1] = t[N - 1] >> 1;
}

void fp_neg(fp_t *r, const fp_t *a) { mont_modneg(r->l, a->l, P_MODULUS, N); }
void fp_mul(fp_t *r, const fp_t *a, const fp_t *b) { mont_mul_n(r->l, a->l, b->l, P_MODULUS, P_N0, N); }
void fp_sqr(fp_t *r, const fp_t *a) { mont_sqr_n(r->l, a->l, P_MODULUS, P_N0, N); }

/* a b + c d and a b - c d (the Fp2 versions reduce once; here two
 * Montgomery products are cheaper). */
void fp_mul2_add(fp_t *r, const fp_t *a, const fp_t *b, const fp_t *c, const fp_t *d) {
    fp_t t;
    fp_mul(&t, c, d);
    fp_mul(r, a, b);
    fp_add(r, r, &t);
}

void fp_mul2_sub(fp_t *r, const fp_t *a, const fp_t *b, const fp_t *c, const fp_t *d) {
    fp_t t;
    fp_mul(&t, c, d);
    fp_mul(r, a, b);
    fp_sub(r, r, &t);
}

void fp_mul3(fp_t *r, const fp_t *a) {
    fp_t t;
    fp_dbl(&t, a);
    fp_add(r, &t, a);
}

/* fp_inv is in fp_inv.c. */

limb_t fp_is_zero(const fp_t *a) { return mont_is_zero_n(a->l, N); }

limb_t fp_eq(const fp_t *a, const fp_t *b) {
    limb_t acc = 0;
    for (int i = 0; i < N; i++) acc |= a->l[i] ^ b->l[i];
    return limb_is_zero_mask(acc);
}

/* a^((p-3)/4) by the curve's addition chain (P_MINUS_3_DIV_4_CHAIN,
 * consts.h), which also gives a^((p+1)/4) = a a^((p-3)/4) and
 * a^((p-1)/2) = a (a^((p-3)/4))^2 for one product or two more. */
void fp_pow_p_minus_3_div_4(fp_t *r, const fp_t *a) {
    limb_t t[P_MINUS_3_DIV_4_CHAIN_REGS][MONT_MAX_LIMBS];
    mont_pow_chain_n(r->l, a->l, P_MINUS_3_DIV_4_CHAIN, P_MINUS_3_DIV_4_CHAIN_STEPS, t, P_MODULUS, P_N0, N);
}

/* p = 3 mod 4, so a^((p+1)/4) is a root whenever one exists. */
limb_t fp_sqrt(fp_t *r, const fp_t *a) {
    fp_t s, check;
    fp_pow_p_minus_3_div_4(&s, a);
    fp_mul(&s, &s, a);
    fp_sqr(&check, &s);
    limb_t ok = fp_eq(&check, a); /* before r is written: r may alias a */
    *r = s;
    return ok;
}

int fp_legendre(const fp_t *a) {
    fp_t t;
    fp_pow_p_minus_3_div_4(&t, a);
    fp_sqr(&t, &t);
    fp_mul(&t, &t, a); /* a^((p-1)/2) */
    limb_t one = fp_eq(&t, &FP_ONE), zero = fp_is_zero(a);
    return (int)(one & 1) - (int)(~(one | zero) & 1);
}

static void fp_canonical(limb_t out[N], const fp_t *a) {
    limb_t one[N] = {1};
    mont_mul_n(out, a->l, one, P_MODULUS, P_N0, N);
}

limb_t fp_is_odd(const fp_t *a) {
    limb_t c[N];
    fp_canonical(c, a);
    return (limb_t)0 - (c[0] & 1);
}

limb_t fp_is_lexically_largest(const fp_t *a) {
    limb_t c[N];
    fp_canonical(c, a);
    return mont_lt_n(P_MINUS_1_DIV_2, c, N);
}

limb_t fp_from_bytes(fp_t *r, const uint8_t in[CURVE_FP_BYTES]) {
    limb_t t[N];
    mont_limbs_from_be(t, N, in, CURVE_FP_BYTES);
    limb_t ok = mont_lt_n(t, P_MODULUS, N);
    /* t < R; t R^2 / R = t R mod p even when t >= p. */
    mont_mul_n(r->l, P_R2, t, P_MODULUS, P_N0, N);
    return ok;
}

void fp_to_bytes(uint8_t out[CURVE_FP_BYTES], const fp_t *a) {
    limb_t c[N];
    fp_canonical(c, a);
    mont_limbs_to_be(out, CURVE_FP_BYTES, c, N);
}
