/*
 * kernels.c - the pairing of the WebAssembly build on the curve it is
 * compiled for (PYBLS_CURVE_<NAME>, BLS12-381 by default) against the
 * radix-2^30 kernels it is made of (arith/mont_r30.h), in one module (see
 * kernels.mjs, which builds and runs it):
 *
 *   digit_mul   a product of the digits of plain products (r30_mul_digits,
 *               R30_WIDE_DIGITS: 13 for BLS12-381, 20 for BLS48-581)
 *   digit_sqr   a square of Fp's digits (r30_sqr_digits; 13, 22)
 *   digit_redc  a Montgomery reduction of twice Fp's digits (r30_redc_digits)
 *   fp_mul      a whole Fp product (unpack, product, reduction, pack)
 *   pairing     the Miller loop and the final exponentiation of two
 *               affine points (no decoding)
 *
 * Each kernel runs on LANES independent operands per step, as the tower's
 * products of different coefficients do, so that its time is that of a
 * stream of such operations rather than of one dependent chain. Built with
 * PYBLS_R30_COUNT, the module also counts the kernels one pairing calls:
 * the counts times the kernels' times bound the pairing from below (the
 * few products of Fp's own, mont_mul_n, count as plain ones, which take
 * fewer digits on BLS48-581).
 */
#include <string.h>
#include "curves/consts.h"
#include "arith/mont.h"
#include "pairing/pairing.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define EXPORT
#endif

unsigned long pybls_r30_counts[3];

/* NT: the digits wholly below p R, those of a reduction's input. */
enum { NL = FP_LIMBS, ND = R30_DIGITS(FP_LIMBS), NW = R30_WIDE_DIGITS(FP_LIMBS),
       NT = (32 * FP_LIMBS + CURVE_P_BITS - 1) / 30, LANES = 8 };
static uint32_t da[LANES][ND], db[LANES][ND], dt[LANES][2 * ND];
static fp_t fa[LANES], fb[LANES];
static gt_field_t loop_value, result;
static g1_affine_t p_aff;
static g2_affine_t q_aff;

/* Clears the bits of digits (bits = 30) or limbs (bits = 32) from bit
 * CURVE_P_BITS - 1 up: a value below p. */
static void below_p(uint32_t *x, int n, int bits) {
    for (int i = 0; i < n; i++) {
        const int lo = bits * i, keep = CURVE_P_BITS - 1 - lo;
        if (keep <= 0) x[i] = 0;
        else if (keep < bits) x[i] &= (1u << keep) - 1;
    }
}

/* Each result becomes its lane's next operand (every digit of it), so
 * that no part of a step can be hoisted out of the loop. */
EXPORT void digit_mul(int steps) {
    uint32_t d[2 * NW];
    for (int s = 0; s < steps; s++)
        for (int l = 0; l < LANES; l++) {
            r30_mul_digits(d, da[l], db[l], NW);
            for (int i = 0; i < NW; i++) da[l][i] = d[NW - 1 + i];
            below_p(da[l], NW, 30);
        }
}

EXPORT void digit_sqr(int steps) {
    uint32_t d[2 * ND];
    for (int s = 0; s < steps; s++)
        for (int l = 0; l < LANES; l++) {
            r30_sqr_digits(d, da[l], ND);
            for (int i = 0; i < ND; i++) da[l][i] = d[ND - 1 + i];
            below_p(da[l], ND, 30);
        }
}

EXPORT void digit_redc(int steps) {
    uint32_t u[NL];
    for (int s = 0; s < steps; s++)
        for (int l = 0; l < LANES; l++) {
            r30_redc_digits(u, dt[l], P_MODULUS, P_N0, NL);
            for (int i = 0; i < NT; i++) dt[l][i] ^= u[i % NL] & R30_MASK;
        }
}

EXPORT void fp_mul_lanes(int steps) {
    fp_t r;
    for (int s = 0; s < steps; s++)
        for (int l = 0; l < LANES; l++) {
            fp_mul(&r, &fa[l], &fb[l]);
            fa[l] = r;
        }
}

EXPORT void pairing(int steps) {
    for (int s = 0; s < steps; s++) {
        GT(set_one)(&loop_value);
        miller_loop_affine(&loop_value, &p_aff, &q_aff, 1);
        final_exponentiation(&result, &loop_value);
    }
}

/* The count of kind (0 products, 1 squares, 2 reductions) in one pairing. */
EXPORT unsigned long pairing_count(int kind) {
    unsigned long before = pybls_r30_counts[kind];
    pairing(1);
    return pybls_r30_counts[kind] - before;
}

/* A digest of the last pairing, to check two builds compute the same. */
EXPORT uint32_t pairing_digest(void) {
    const uint8_t *b = (const uint8_t *)&result;
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < sizeof result; i++) h = (h ^ b[i]) * 16777619u;
    return h;
}

int main(void) {
    /* Operands below p and t below p R. */
    uint32_t x = 12345;
    for (int l = 0; l < LANES; l++) {
        for (int i = 0; i < ND; i++) {
            da[l][i] = (x = x * 1103515245u + 12345u) & R30_MASK;
            db[l][i] = (x = x * 1103515245u + 12345u) & R30_MASK;
        }
        below_p(da[l], ND, 30);
        below_p(db[l], ND, 30);
        for (int i = 0; i < 2 * ND; i++) dt[l][i] = i < NT ? (x = x * 1103515245u + 12345u) & R30_MASK : 0;
        for (int i = 0; i < NL; i++) {
            fa[l].l[i] = x = x * 1103515245u + 12345u;
            fb[l].l[i] = x = x * 1103515245u + 12345u;
        }
        below_p(fa[l].l, NL, 32);
        below_p(fb[l].l, NL, 32);
    }
    p_aff.x = G1_GEN_X;
    p_aff.y = G1_GEN_Y;
    q_aff.x = G2_GEN_X;
    q_aff.y = G2_GEN_Y;
    return 0;
}
