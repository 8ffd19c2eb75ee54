/*
 * map_to_curve.h - RFC 9380 map_to_curve, the curve's own: on BLS12-381 the
 * simplified SWU map to a curve isogenous to E (G1) or E' (G2), then the
 * isogeny (11 for G1, 3 for G2) (map_to_curve.c); on BN254 the
 * Shallue-van de Woestijne map to E and to E' (svdw.c). Outputs homogeneous
 * projective coordinates (Z = 0 for the identity, as (0 : 1 : 0)); the
 * cofactor is not cleared.
 * Constant time (no branch or index depends on u): u may come from a
 * secret message in some protocols.
 */
#ifndef PYBLS_MAP_TO_CURVE_H
#define PYBLS_MAP_TO_CURVE_H

#include "ec/ec.h"

void g1_map_to_curve(g1_t *r, const fp_t *u);
void g2_map_to_curve(g2_t *r, const fp2_t *u); /* where the curve hashes to G2 */

#endif /* PYBLS_MAP_TO_CURVE_H */
