/*
 * ec_scalar.h - scalar splitting and recoding for scalar multiplication.
 *
 * On G2 the endomorphism E = -psi acts as [|x|] (x the BLS parameter), so a
 * scalar k < r < |x|^4, written in base |x| as four 64-bit digits d_i,
 * gives [k]Q = sum_i [d_i] E^i(Q) with a quarter of the doublings of a
 * plain 255-bit multiplication (Galbraith-Lin-Scott). On G1, E = -phi acts
 * as [x^2], and pairs of those digits give two base-x^2 digits of 128 bits
 * (Gallant-Lambert-Vanstone), halving the doublings. On a BN curve's G1,
 * phi acts as a cube root of unity lambda that is no power of a small base:
 * its two digits come from Babai rounding in a short lattice basis, and so
 * do the four digits of a scalar for psi on a BN curve's G2.
 */
#ifndef PYBLS_EC_SCALAR_H
#define PYBLS_EC_SCALAR_H

#include "field/field.h"

/* The base-|x| digits of k (canonical little-endian limbs, k < r): digit
 * i occupies digits[i * FR_LIMBS / 4 ...], FR_LIMBS / 4 limbs. Constant
 * time in k. */
#define SCALAR_X_DIGITS 4
void scalar_split_x_ct(limb_t digits[FR_LIMBS], const limb_t k[FR_LIMBS]);

/* The base-x^2 digits of k: k = e_0 + e_1 x^2 with 0 <= e_i < x^2, digit i
 * in digits[i * FR_LIMBS / 2 ...]. Constant time in k. */
#define SCALAR_X2_DIGITS 2
void scalar_split_x2_ct(limb_t digits[FR_LIMBS], const limb_t k[FR_LIMBS]);

/* BLS48 curves: -psi acts as [|t|] on G2 and r < |t|^16, so k < r has
 * sixteen base-|t| digits, digit i in digits[i * 64 / LIMB_BITS ...] (one
 * 64-bit word each). Constant time in k. */
#define SCALAR_T_DIGITS 16
#define SCALAR_T_DIGITS_LIMBS (SCALAR_T_DIGITS * 64 / LIMB_BITS)
void scalar_split_t_ct(limb_t digits[SCALAR_T_DIGITS_LIMBS], const limb_t k[FR_LIMBS]);

/* BN curves: phi(x, y) = (beta x, y) acts as [lambda] on G1, and k
 * splits into two nonnegative digits of GLV_DIGIT_BITS bits, k = e_0 +
 * e_1 lambda mod r (consts.h), digit i in digits[i * FR_LIMBS / 2 ...].
 * Constant time in k. */
#define SCALAR_GLV_DIGITS 2
void scalar_split_glv_ct(limb_t digits[FR_LIMBS], const limb_t k[FR_LIMBS]);

/* BN curves: psi acts as [lambda] = [6u^2] on G2, and k splits into four
 * nonnegative digits of GLS_DIGIT_BITS bits, k = sum_j e_j lambda^j mod r
 * (consts.h), digit j in digits[j * FR_LIMBS / 2 ...]. Constant time in k. */
#define SCALAR_GLS_DIGITS 4
#define SCALAR_GLS_DIGITS_LIMBS (SCALAR_GLS_DIGITS * FR_LIMBS / 2)
void scalar_split_gls_ct(limb_t digits[SCALAR_GLS_DIGITS_LIMBS], const limb_t k[FR_LIMBS]);

/* No split (curves without an endomorphism split): digits = k. */
static inline void scalar_split_none(limb_t digits[FR_LIMBS], const limb_t k[FR_LIMBS]) {
    for (int i = 0; i < FR_LIMBS; i++) digits[i] = k[i];
}

/* Width-w non-adjacent form of the nlimbs-limb value k (2 <= w <= 7):
 * naf[i] is 0 or odd with |naf[i]| < 2^(w-1), k = sum naf[i] 2^i. Writes
 * at most nlimbs * LIMB_BITS + 1 digits and returns how many. Variable
 * time: public scalars only. */
int scalar_wnaf_vartime(int8_t *naf, const limb_t *k, int nlimbs, int w);

/* Signed base-2^c digit j of the nlimbs-limb k (1 <= c <= 16), Booth
 * style: digit_j = k_{jc-1} + (bits jc .. jc+c-1 of k read as a c-bit two's
 * complement number), in [-2^(c-1), 2^(c-1)], and k = sum_j digit_j 2^(c j)
 * over the floor(bits / c) + 1 digits of a bits-bit k. Constant time in k. */
int scalar_booth_digit(const limb_t *k, int nlimbs, int j, int c);

#endif /* PYBLS_EC_SCALAR_H */
