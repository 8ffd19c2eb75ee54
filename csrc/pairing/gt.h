/* gt.h - operations on GT beyond plain Fp12 arithmetic. */
#ifndef PYBLS_GT_H
#define PYBLS_GT_H

#include "field/tower.h"

/* The field GT lives in (GT(op) its operations), and G2's coordinates':
 * Fp12 and Fp2, or Fp48 and Fp8 on BLS48 curves. */
#if CURVE_FAMILY_BLS48
#include "field/tower48.h"
typedef fp48_t gt_field_t;
typedef fp8_t g2_field_t;
#define GT(op) fp48_##op
#define gt_cyclotomic_exp_x fp48_cyclotomic_exp_t
#else
typedef fp12_t gt_field_t;
typedef fp2_t g2_field_t;
#define GT(op) fp12_##op
#define gt_cyclotomic_exp_x fp12_cyclotomic_exp_x
#endif

/* Bytes of the encoding: CURVE_GT_DEGREE coefficients in Fp (576 on
 * BLS12-381, 384 on BN254, 3504 on BLS48-581). */
#define GT_BYTES (CURVE_GT_DEGREE * CURVE_FP_BYTES)

void gt_pow(gt_field_t *r, const gt_field_t *a, const fr_t *e); /* constant time */
/* The same for a public e, in variable time. */
void gt_pow_vartime(gt_field_t *r, const gt_field_t *a, const fr_t *e);
int gt_is_member_vartime(const gt_field_t *a);
void gt_encode(uint8_t out[GT_BYTES], const gt_field_t *a);
/* Reads the coefficients; all-ones if every one is canonical. */
limb_t gt_decode_coefficients(gt_field_t *r, const uint8_t in[GT_BYTES]);

#endif /* PYBLS_GT_H */
