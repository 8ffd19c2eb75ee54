/*
 * kernels.c - the BLS12-381 pairing of the WebAssembly build against the
 * radix-2^30 kernels it is made of (arith/mont_r30.h), in one module (see
 * kernels.mjs, which builds and runs it):
 *
 *   digit_mul   a 13-digit product (r30_mul_digits)
 *   digit_sqr   a 13-digit square (r30_sqr_digits)
 *   digit_redc  a Montgomery reduction of 26 digits (r30_redc_digits)
 *   fp_mul      a whole Fp product (unpack, product, reduction, pack)
 *   pairing     the Miller loop and the final exponentiation of two
 *               affine points (no decoding)
 *
 * Each kernel runs on LANES independent operands per step, as the tower's
 * products of different coefficients do, so that its time is that of a
 * stream of such operations rather than of one dependent chain. Built with
 * PYBLS_R30_COUNT, the module also counts the kernels one pairing calls:
 * the counts times the kernels' times bound the pairing from below.
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

enum { NL = FP_LIMBS, ND = R30_DIGITS(FP_LIMBS), LANES = 8 };
static uint32_t da[LANES][ND], db[LANES][ND], dt[LANES][2 * ND];
static fp_t fa[LANES], fb[LANES];
static gt_field_t loop_value, result;
static g1_affine_t p_aff;
static g2_affine_t q_aff;

/* Each result becomes its lane's next operand (every digit of it), so
 * that no part of a step can be hoisted out of the loop. */
EXPORT void digit_mul(int steps) {
    uint32_t d[2 * ND];
    for (int s = 0; s < steps; s++)
        for (int l = 0; l < LANES; l++) {
            r30_mul_digits(d, da[l], db[l], ND);
            for (int i = 0; i < ND; i++) da[l][i] = d[ND - 1 + i];
            da[l][ND - 1] &= 0xfffff;
        }
}

EXPORT void digit_sqr(int steps) {
    uint32_t d[2 * ND];
    for (int s = 0; s < steps; s++)
        for (int l = 0; l < LANES; l++) {
            r30_sqr_digits(d, da[l], ND);
            for (int i = 0; i < ND; i++) da[l][i] = d[ND - 1 + i];
            da[l][ND - 1] &= 0xfffff;
        }
}

EXPORT void digit_redc(int steps) {
    uint32_t u[NL];
    for (int s = 0; s < steps; s++)
        for (int l = 0; l < LANES; l++) {
            r30_redc_digits(u, dt[l], P_MODULUS, P_N0, NL);
            for (int i = 0; i < 2 * ND - 1; i++) dt[l][i] ^= u[i % NL] & R30_MASK;
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
    /* Operands below p (a top digit of 20 bits) and t below p 2^384. */
    uint32_t x = 12345;
    for (int l = 0; l < LANES; l++) {
        for (int i = 0; i < ND; i++) {
            da[l][i] = (x = x * 1103515245u + 12345u) & R30_MASK;
            db[l][i] = (x = x * 1103515245u + 12345u) & R30_MASK;
        }
        da[l][ND - 1] &= 0xfffff;
        db[l][ND - 1] &= 0xfffff;
        for (int i = 0; i < 2 * ND; i++) dt[l][i] = (x = x * 1103515245u + 12345u) & R30_MASK;
        dt[l][2 * ND - 1] &= 0x3fff;
        for (int i = 0; i < NL; i++) {
            fa[l].l[i] = x = x * 1103515245u + 12345u;
            fb[l].l[i] = x = x * 1103515245u + 12345u;
        }
        fa[l].l[NL - 1] &= 0x0fffffff;
        fb[l].l[NL - 1] &= 0x0fffffff;
    }
    p_aff.x = G1_GEN_X;
    p_aff.y = G1_GEN_Y;
    q_aff.x = G2_GEN_X;
    q_aff.y = G2_GEN_Y;
    return 0;
}
