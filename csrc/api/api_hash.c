/* api_hash.c - the public ABI for hashing to the curve (RFC 9380):
 * expand_message_xmd (SHA-256 and Keccak-256), hash_to_field, and per
 * group (one template; G1 on every curve, G2 where the curve has a G2
 * suite) map_to_curve,
 * hash_to_curve and encode_to_curve, for G1 with either expander; and
 * Keccak-256 itself. */
#include "pybls.h"
#include "curves/consts.h"
#include "h2c/hash_to_field.h"
#include "h2c/map_to_curve.h"
#include "sym/keccak256.h"

#define LOAD(type, name, buf) type name; ct_memcpy(&name, buf, sizeof name)
#define STORE(buf, name) ct_memcpy(buf, &name, sizeof name)

int pybls_expand_message_xmd(uint8_t *out, uint32_t out_len, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len) {
    if (expand_message_xmd(out, out_len, msg, msg_len, dst, dst_len)) return PYBLS_ERR_ARGUMENT;
    return PYBLS_OK;
}

int pybls_expand_message_xmd_keccak256(uint8_t *out, uint32_t out_len, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len) {
    if (expand_message_xmd_keccak256(out, out_len, msg, msg_len, dst, dst_len)) return PYBLS_ERR_ARGUMENT;
    return PYBLS_OK;
}

int pybls_keccak256(uint8_t *out32, const uint8_t *msg, uint32_t len) {
    keccak256(out32, msg, len);
    return PYBLS_OK;
}

/* The elements are produced into an aligned array, then copied out. */
int pybls_hash_to_field_fp(uint8_t *out, uint32_t count, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len) {
    fp_t u[H2F_MAX_FP];
    if (hash_to_field_fp(u, count, msg, msg_len, dst, dst_len)) return PYBLS_ERR_ARGUMENT;
    ct_memcpy(out, u, count * sizeof u[0]);
    return PYBLS_OK;
}

int pybls_hash_to_field_fp_keccak256(uint8_t *out, uint32_t count, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len) {
    fp_t u[H2F_MAX_FP];
    if (hash_to_field_fp_keccak256(u, count, msg, msg_len, dst, dst_len)) return PYBLS_ERR_ARGUMENT;
    ct_memcpy(out, u, count * sizeof u[0]);
    return PYBLS_OK;
}

#define PUB(name) pybls_g1_##name
#define EC(name) g1_##name
#define POINT g1_t
#define FE fp_t
#define HASH_TO_FIELD hash_to_field_fp
#define HASH_TO_FIELD_KECCAK256 hash_to_field_fp_keccak256
#include "api/api_hash_template.h"
#undef PUB
#undef EC
#undef POINT
#undef FE
#undef HASH_TO_FIELD
#undef HASH_TO_FIELD_KECCAK256

/* Hashing to G2: BLS12-381's SSWU suites, the SvdW suites of the BN curves
 * that define one (CURVE_HASH_G2_SVDW). */
#if CURVE_FAMILY_BLS12 || defined(CURVE_HASH_G2_SVDW)
int pybls_hash_to_field_fp2(uint8_t *out, uint32_t count, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len) {
    fp2_t u[H2F_MAX_FP2];
    if (hash_to_field_fp2(u, count, msg, msg_len, dst, dst_len)) return PYBLS_ERR_ARGUMENT;
    ct_memcpy(out, u, count * sizeof u[0]);
    return PYBLS_OK;
}

#define PUB(name) pybls_g2_##name
#define EC(name) g2_##name
#define POINT g2_t
#define FE fp2_t
#define HASH_TO_FIELD hash_to_field_fp2
#include "api/api_hash_template.h"
#endif
