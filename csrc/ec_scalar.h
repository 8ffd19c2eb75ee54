/*
 * ec_scalar.h - scalar splitting and recoding for scalar multiplication.
 *
 * Both groups have an endomorphism that acts as multiplication by a power
 * of the BLS parameter: -psi is [|x|] on G2 and -phi is [x^2] on G1. A
 * scalar k < r < |x|^4 is split into `dims` digits in base D = |x|^(4/dims)
 * (dims = 4: four 64-bit digits for G2; dims = 2: two 128-bit digits for
 * G1), so [k]P = sum_i [d_i] E^i(P) needs a quarter or half of the
 * doublings of a plain 255-bit multiplication.
 */
#ifndef PYBLS_EC_SCALAR_H
#define PYBLS_EC_SCALAR_H

#include "field.h"

/* Digits of k (canonical little-endian limbs, k < r): digit i occupies
 * digits[i * FR_LIMBS / dims ...], FR_LIMBS / dims limbs. dims is 2 or 4.
 * Constant time in k. */
void scalar_split_ct(limb_t *digits, const limb_t k[FR_LIMBS], int dims);

/* Width-w non-adjacent form of the nlimbs-limb value k (2 <= w <= 7):
 * naf[i] is 0 or odd with |naf[i]| < 2^(w-1), k = sum naf[i] 2^i. Writes
 * at most nlimbs * LIMB_BITS + 1 digits and returns how many. Variable
 * time: public scalars only. */
int scalar_wnaf_vartime(int8_t *naf, const limb_t *k, int nlimbs, int w);

/* Signed base-2^c digit j of k (1 <= c <= 16), Booth-style: the digits lie
 * in [-2^(c-1), 2^(c-1)] and k = sum_j digit_j 2^(c j) over the
 * floor(255 / c) + 1 digits of a k < 2^255. Variable time. */
int scalar_signed_digit_vartime(const limb_t k[FR_LIMBS], int j, int c);

#endif /* PYBLS_EC_SCALAR_H */
