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
 *   2u(6u^2 + 3u + 1)).
 * Variable time in the points (pairing inputs are public).
 */
#ifndef PYBLS_PAIRING_H
#define PYBLS_PAIRING_H

#include "field/tower.h"

typedef struct {
    fp_t x, y;
} g1_affine_t;

typedef struct {
    fp2_t x, y;
} g2_affine_t;

#define MILLER_MAX_PAIRS 8

void miller_loop_affine(fp12_t *f, const g1_affine_t *p, const g2_affine_t *q, int n);
void final_exponentiation(fp12_t *r, const fp12_t *f);

#endif /* PYBLS_PAIRING_H */
