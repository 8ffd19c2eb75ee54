/* mcl_map.c - mcl's hashAndMapToG1 / hashAndMapToG2 on BN curves in mcl's
 * default mode ("original"), for the curves whose description asks for it
 * (bn254_nogami: mcl's BN254): the message's SHA-256 digest read as a
 * little-endian integer, masked to p's bit length (and to one bit less
 * when that is not below p), mapped by mcl_map_template.h; on G2 the
 * element is (t, 0) and the cofactor is cleared (g2_clear_cofactor, the
 * same map as mcl's mulByCofactorBN). */
#include "h2c/mcl_map.h"
#include "curves/consts.h"
#include "sym/sha256.h"

#ifndef CURVE_HASH_MCL
#error "mcl_map.c is built for curves with mcl's map (CURVE_HASH_MCL)"
#endif
#if CURVE_FP_BYTES != SHA256_DIGEST_SIZE
#error "mcl hashes with SHA-256 to fields of at most 256 bits"
#endif

/* mcl's Fp::setHashOf. */
void mcl_hash_to_fp(fp_t *r, const uint8_t *msg, size_t len) {
    uint8_t digest[SHA256_DIGEST_SIZE], be[CURVE_FP_BYTES];
    sha256_t h;
    fp_t lower;
    sha256_init(&h);
    sha256_update(&h, msg, len);
    sha256_final(digest, &h);
    for (size_t i = 0; i < CURVE_FP_BYTES; i++) be[i] = digest[CURVE_FP_BYTES - 1 - i];
    be[0] &= (uint8_t)(0xffu >> (8 * CURVE_FP_BYTES - CURVE_P_BITS));
    limb_t below = fp_from_bytes(r, be);
    be[0] &= (uint8_t)(0xffu >> (8 * CURVE_FP_BYTES - CURVE_P_BITS + 1));
    (void)fp_from_bytes(&lower, be);
    ct_cmov(r, &lower, sizeof lower, ~below);
    ct_memzero(&h, sizeof h);
}

/* G1: E over Fp; mcl's root of a square is the one that is a square. */
#define POINT g1_t
#define FE fp_t
#define F(op) fp_##op
#define EC(name) g1_##name
#define MCL_B G1_B
#define MCL_C1_FE MCL_MAP_C1
#define MCL_C2_FE MCL_MAP_C2
#define MCL_IS_SQUARE(a) fp_is_square(a)
#define MCL_ROOT_SIGN(y) fp_is_square(y)
#include "h2c/mcl_map_template.h"
#undef POINT
#undef FE
#undef F
#undef EC
#undef MCL_B
#undef MCL_C1_FE
#undef MCL_C2_FE
#undef MCL_IS_SQUARE
#undef MCL_ROOT_SIGN

/* G2: E' over Fp2; mcl's root y of a square has a square real part, or, when
 * that is 0, a square imaginary part. */
static limb_t fp2_mcl_root(const fp2_t *y) {
    limb_t c0_zero = fp_is_zero(&y->c0);
    return (~c0_zero & fp_is_square(&y->c0)) | (c0_zero & fp_is_square(&y->c1));
}

#define POINT g2_t
#define FE fp2_t
#define F(op) fp2_##op
#define EC(name) g2_##name
#define MCL_B G2_B
#define MCL_C1_FE MCL_MAP_C1_FP2
#define MCL_C2_FE MCL_MAP_C2_FP2
#define MCL_IS_SQUARE(a) fp2_is_square(a)
#define MCL_ROOT_SIGN(y) fp2_mcl_root(y)
#include "h2c/mcl_map_template.h"

void g1_hash_and_map_mcl(g1_t *r, const uint8_t *msg, size_t len) {
    fp_t t;
    mcl_hash_to_fp(&t, msg, len);
    g1_map_to_curve_mcl(r, &t);
}

void g2_hash_and_map_mcl(g2_t *r, const uint8_t *msg, size_t len) {
    fp2_t t;
    mcl_hash_to_fp(&t.c0, msg, len);
    fp_set_zero(&t.c1);
    g2_map_to_curve_mcl(r, &t);
    g2_clear_cofactor(r, r);
}
