/*
 * pairing.h - the optimal ate pairing of the curve the unit is compiled for
 * (BLS12-381, or a BN curve such as BN254).
 *
 * miller_loop_affine multiplies f by the Miller loop values of n pairs of
 * affine points (none of them the identity), sharing the squarings of f.
 * final_exponentiation raises to
 *   BLS12: (p^12 - 1)/r times 3, the exponent blst, noble and kyber use
 *   (the extra factor 3 is coprime to r, so the pairing stays bilinear and
 *   non-degenerate; it makes the hard part cheaper);
 *   BN: (p^12 - 1)/r exactly, the value of py_ecc (mcl's is its power
 *   2u(6u^2 + 3u + 1));
 *   BLS48: (p^48 - 1)/r times 3 (pairing_bls48.c), the CFRG draft's
 *   BLS48-581 test vector.
 * Variable time in the points (pairing inputs are public).
 */
#ifndef PYBLS_PAIRING_H
#define PYBLS_PAIRING_H

#include "pairing/gt.h"

typedef struct {
    fp_t x, y;
} g1_affine_t;

typedef struct {
    g2_field_t x, y;
} g2_affine_t;

#define MILLER_MAX_PAIRS 8

void miller_loop_affine(gt_field_t *f, const g1_affine_t *p, const g2_affine_t *q, int n);
#if !CURVE_FAMILY_BLS48
/* miller_loop_affine for Q_j on the twist but possibly outside G2: all ones
 * if every Q_j is in G2 (pairing.c). */
limb_t miller_loop_affine_g2_check(gt_field_t *f, const g1_affine_t *p, const g2_affine_t *q, int n);
#endif
void final_exponentiation(gt_field_t *r, const gt_field_t *f);

#endif /* PYBLS_PAIRING_H */
