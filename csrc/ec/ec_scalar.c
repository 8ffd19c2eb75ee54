/* ec_scalar.c - scalar splitting (constant time) and recoding (public). */
#include "ec/ec_scalar.h"
#include "curves/consts.h"
#include "arith/mont.h"

#if CURVE_FAMILY_BLS12 || CURVE_FAMILY_BLS48
/* The endomorphism splits of ec_scalar.h (BLS12 and BLS48 curves). */

/* q = a div d, rem = a mod d for a divisor of dn limbs: binary long
 * division whose subtraction is applied through a mask, so every a takes
 * the same operations. The remainder before each shift is below d, so it
 * needs one bit more than d after it: that bit is `top`. */
static void divmod_ct(limb_t q[FR_LIMBS], limb_t *rem, const limb_t a[FR_LIMBS], const limb_t *d,
                      int dn) {
    limb_t r[FR_LIMBS] = {0}, diff[FR_LIMBS];
    for (int j = 0; j < FR_LIMBS; j++) q[j] = 0;
    for (int i = FR_LIMBS * LIMB_BITS - 1; i >= 0; i--) {
        limb_t top = r[dn - 1] >> (LIMB_BITS - 1);
        for (int j = dn - 1; j > 0; j--) r[j] = (r[j] << 1) | (r[j - 1] >> (LIMB_BITS - 1));
        r[0] = (r[0] << 1) | ((a[i / LIMB_BITS] >> (i % LIMB_BITS)) & 1);
        limb_t borrow = mont_sub_n(diff, r, d, dn);
        limb_t take = top | (borrow ^ 1); /* the shifted remainder is >= d */
        mont_select_n(r, diff, r, (limb_t)0 - take, dn);
        q[i / LIMB_BITS] |= take << (i % LIMB_BITS);
    }
    for (int j = 0; j < dn; j++) rem[j] = r[j];
}

#if CURVE_FAMILY_BLS48
void scalar_split_t_ct(limb_t digits[SCALAR_T_DIGITS_LIMBS], const limb_t k[FR_LIMBS]) {
    const int dn = 64 / LIMB_BITS;
    limb_t cur[FR_LIMBS], q[FR_LIMBS];
    for (int j = 0; j < FR_LIMBS; j++) cur[j] = k[j];
    for (int i = 0; i < SCALAR_T_DIGITS - 1; i++) {
        divmod_ct(q, digits + i * dn, cur, BLS_X_ABS_LIMBS, dn);
        for (int j = 0; j < FR_LIMBS; j++) cur[j] = q[j];
    }
    /* k < r < |t|^16, so the last quotient fits in one digit. */
    for (int j = 0; j < dn; j++) digits[(SCALAR_T_DIGITS - 1) * dn + j] = cur[j];
    ct_memzero(cur, sizeof cur);
    ct_memzero(q, sizeof q);
}
#else
void scalar_split_x_ct(limb_t digits[FR_LIMBS], const limb_t k[FR_LIMBS]) {
    const int dn = FR_LIMBS / SCALAR_X_DIGITS;
    limb_t cur[FR_LIMBS], q[FR_LIMBS];
    for (int j = 0; j < FR_LIMBS; j++) cur[j] = k[j];
    for (int i = 0; i < SCALAR_X_DIGITS - 1; i++) {
        divmod_ct(q, digits + i * dn, cur, BLS_X_ABS_LIMBS, dn);
        for (int j = 0; j < FR_LIMBS; j++) cur[j] = q[j];
    }
    /* k < r < |x|^4, so the last quotient fits in one digit. */
    for (int j = 0; j < dn; j++) digits[(SCALAR_X_DIGITS - 1) * dn + j] = cur[j];
    ct_memzero(cur, sizeof cur);
    ct_memzero(q, sizeof q);
}

/* e_i = d_2i + d_2i+1 |x| from the base-|x| digits d: each fits in two
 * digits' limbs as d < |x| gives e < |x|^2. */
void scalar_split_x2_ct(limb_t digits[FR_LIMBS], const limb_t k[FR_LIMBS]) {
    const int dn = FR_LIMBS / SCALAR_X_DIGITS;
    limb_t d[FR_LIMBS];
    scalar_split_x_ct(d, k);
    for (int i = 0; i < SCALAR_X2_DIGITS; i++) {
        const limb_t *lo = d + 2 * i * dn, *hi = lo + dn;
        limb_t *e = digits + 2 * i * dn;
        for (int j = 0; j < 2 * dn; j++) e[j] = j < dn ? lo[j] : 0;
        for (int a = 0; a < dn; a++) { /* e += hi[a] |x| 2^(a LIMB_BITS) */
            limb_t carry = 0;
            for (int b = 0; b < dn; b++)
                e[a + b] = mont_mac(e[a + b], hi[a], BLS_X_ABS_LIMBS[b], &carry);
            for (int j = a + dn; j < 2 * dn; j++) { /* carry is a whole limb */
                dlimb_t t = (dlimb_t)e[j] + carry;
                e[j] = (limb_t)t;
                carry = (limb_t)(t >> LIMB_BITS);
            }
        }
    }
    ct_memzero(d, sizeof d);
}
#endif
#endif /* CURVE_FAMILY_BLS12 || CURVE_FAMILY_BLS48 */

#if CURVE_FAMILY_BN
/* r = a * b mod 2^(n LIMB_BITS), for a of n limbs and b of bn <= n. */
static void mul_low_ct(limb_t *r, const limb_t *a, const limb_t *b, int n, int bn) {
    for (int j = 0; j < n; j++) r[j] = 0;
    for (int i = 0; i < bn; i++) {
        limb_t carry = 0;
        for (int j = 0; i + j < n; j++) r[i + j] = mont_mac(r[i + j], a[j], b[i], &carry);
    }
}

/* A lattice split of the constants' comment (curves/<name>/consts.h):
 * k - d = sum_j k_j lambda^j by Babai rounding with the n coefficients
 * c_i = round(kk g[i] / 2^(FR bits + 64)), written as the n nonnegative
 * digits k_j + 2^b_bits of FR_LIMBS / 2 limbs each. g is n x FR_LIMBS
 * limbs, a n x n x FR_LIMBS / 2 with the signs a_neg (public constants).
 * Every step is fixed-size limb arithmetic: constant time in k. The digits
 * are computed modulo 2^(FR_LIMBS LIMB_BITS), where they are exact as they
 * lie in [0, 2^(b_bits + 1)). */
static void scalar_split_lattice_ct(limb_t *digits, const limb_t k[FR_LIMBS], int n, const limb_t *d,
                                    const limb_t *g, const limb_t *a, const int *a_neg, int b_bits) {
    /* c < kk g / 2^(FR bits + 64) < 2^(FR bits - 64): CL limbs */
    enum { H = FR_LIMBS / 2, ROUND = FR_LIMBS + 64 / LIMB_BITS, CL = FR_LIMBS - 64 / LIMB_BITS, N = 4 };
    limb_t kk[FR_LIMBS], t[FR_LIMBS], prod[2 * FR_LIMBS], c[N][CL], e[FR_LIMBS];
    /* kk = k - d mod r */
    limb_t borrow = mont_sub_n(kk, k, d, FR_LIMBS);
    mont_add_n(t, kk, R_MODULUS, FR_LIMBS);
    mont_select_n(kk, t, kk, (limb_t)0 - borrow, FR_LIMBS);
    /* c_i = round(kk g[i] / 2^(FR bits + 64)) */
    for (int i = 0; i < n; i++) {
        const limb_t *gi = g + i * FR_LIMBS;
        for (int j = 0; j < 2 * FR_LIMBS; j++) prod[j] = 0;
        for (int x = 0; x < FR_LIMBS; x++) {
            limb_t carry = 0;
            for (int y = 0; y < FR_LIMBS; y++) prod[x + y] = mont_mac(prod[x + y], kk[x], gi[y], &carry);
            prod[x + FR_LIMBS] = carry;
        }
        limb_t carry = (limb_t)1 << (LIMB_BITS - 1); /* + 2^(FR bits + 63) */
        for (int j = ROUND - 1; j < 2 * FR_LIMBS; j++) {
            dlimb_t s = (dlimb_t)prod[j] + carry;
            prod[j] = (limb_t)s;
            carry = (limb_t)(s >> LIMB_BITS);
        }
        for (int j = 0; j < CL; j++) c[i][j] = prod[ROUND + j];
    }
    /* e_j = kk [j = 0] + 2^b_bits + sum_i c_i a[i][j] */
    for (int j = 0; j < n; j++) {
        limb_t bit[FR_LIMBS] = {0};
        for (int x = 0; x < FR_LIMBS; x++) e[x] = j == 0 ? kk[x] : 0;
        bit[b_bits / LIMB_BITS] = (limb_t)1 << (b_bits % LIMB_BITS);
        mont_add_n(e, e, bit, FR_LIMBS);
        for (int i = 0; i < n; i++) {
            const limb_t *aij = a + (i * n + j) * H;
            limb_t ai[FR_LIMBS] = {0};
            for (int x = 0; x < H; x++) ai[x] = aij[x];
            mul_low_ct(t, ai, c[i], FR_LIMBS, CL);
            if (a_neg[i * n + j]) /* a public constant's sign */
                mont_sub_n(e, e, t, FR_LIMBS);
            else
                mont_add_n(e, e, t, FR_LIMBS);
        }
        for (int x = 0; x < H; x++) digits[j * H + x] = e[x];
    }
    ct_memzero(kk, sizeof kk);
    ct_memzero(t, sizeof t);
    ct_memzero(prod, sizeof prod);
    ct_memzero(c, sizeof c);
    ct_memzero(e, sizeof e);
}

void scalar_split_glv_ct(limb_t digits[FR_LIMBS], const limb_t k[FR_LIMBS]) {
    scalar_split_lattice_ct(digits, k, SCALAR_GLV_DIGITS, GLV_D, &GLV_G[0][0], &GLV_A[0][0][0], &GLV_A_NEG[0][0],
                            GLV_B_BITS);
}

void scalar_split_gls_ct(limb_t digits[SCALAR_GLS_DIGITS_LIMBS], const limb_t k[FR_LIMBS]) {
    scalar_split_lattice_ct(digits, k, SCALAR_GLS_DIGITS, GLS_D, &GLS_G[0][0], &GLS_A[0][0][0], &GLS_A_NEG[0][0],
                            GLS_B_BITS);
}
#endif

int scalar_wnaf_vartime(int8_t *naf, const limb_t *k, int nlimbs, int w) {
    limb_t t[FR_LIMBS + 1];
    const limb_t window = ((limb_t)1 << w) - 1;
    int len = 0, n = nlimbs + 1;
    for (int j = 0; j < nlimbs; j++) t[j] = k[j];
    t[nlimbs] = 0;
    for (;;) {
        limb_t any = 0;
        for (int j = 0; j < n; j++) any |= t[j];
        if (!any) break;
        int d = 0;
        if (t[0] & 1) {
            d = (int)(t[0] & window);
            if (d >= 1 << (w - 1)) d -= 1 << w;
            /* t -= d clears the low w bits of t; for d < 0 it may carry */
            if (d > 0) {
                t[0] -= (limb_t)d;
            } else {
                t[0] += (limb_t)-d;
                if (t[0] < (limb_t)-d)
                    for (int j = 1; j < n && ++t[j] == 0; j++) {
                    }
            }
        }
        naf[len++] = (int8_t)d;
        for (int j = 0; j < n - 1; j++) t[j] = (t[j] >> 1) | (t[j + 1] << (LIMB_BITS - 1));
        t[n - 1] >>= 1;
    }
    return len;
}

int scalar_booth_digit(const limb_t *k, int nlimbs, int j, int c) {
    /* v = bits j c - 1 ... j c + c - 1 of k (bit -1 and bits past the end are 0);
     * the bit positions are public, the bits themselves are not branched on */
    unsigned v = 0;
    for (int b = c; b >= 0; b--) {
        int i = j * c - 1 + b;
        unsigned bit = i >= 0 && i < nlimbs * LIMB_BITS ? scalar_bit(k, (unsigned)i) : 0;
        v = (v << 1) | bit;
    }
    return (int)(v & 1) + (int)(v >> 1) - (int)((v >> c) << c);
}
