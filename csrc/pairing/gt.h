/* gt.h - operations on GT beyond plain Fp12 arithmetic. */
#ifndef PYBLS_GT_H
#define PYBLS_GT_H

#include "field/tower.h"

/* Bytes of the encoding: 12 coefficients in Fp (576 on BLS12-381, 384 on
 * BN254). */
#define GT_BYTES (12 * CURVE_FP_BYTES)

void gt_pow(fp12_t *r, const fp12_t *a, const fr_t *e); /* constant time */
int gt_is_member_vartime(const fp12_t *a);
void gt_encode(uint8_t out[GT_BYTES], const fp12_t *a);
/* Reads the 12 coefficients; all-ones if every one is canonical. */
limb_t gt_decode_coefficients(fp12_t *r, const uint8_t in[GT_BYTES]);

#endif /* PYBLS_GT_H */
