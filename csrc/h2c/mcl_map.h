/*
 * mcl_map.h - mcl's hashing to BN curves in its default mode (mcl_map.c):
 * hashAndMapToG1 and hashAndMapToG2, the points mcl's BLS signatures sign
 * with on its BN254. Constant time.
 */
#ifndef PYBLS_MCL_MAP_H
#define PYBLS_MCL_MAP_H

#include <stddef.h>
#include "ec/ec.h"

void mcl_hash_to_fp(fp_t *r, const uint8_t *msg, size_t len);
void g1_map_to_curve_mcl(g1_t *r, const fp_t *t);
void g2_map_to_curve_mcl(g2_t *r, const fp2_t *t);
void g1_hash_and_map_mcl(g1_t *r, const uint8_t *msg, size_t len);
void g2_hash_and_map_mcl(g2_t *r, const uint8_t *msg, size_t len);

#endif /* PYBLS_MCL_MAP_H */
