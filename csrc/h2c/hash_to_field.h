/*
 * hash_to_field.h - expand_message_xmd with SHA-256 or Keccak-256, and
 * hash_to_field for Fp and Fp2 (RFC 9380 section 5). A DST longer than 255
 * bytes is first replaced by H("H2C-OVERSIZE-DST-" || DST) (5.3.3), H the
 * expander's hash. Keccak-256 is Ethereum's (original Keccak padding), as
 * in drand's BN254 suites.
 * Variable time (hashing works on public data).
 */
#ifndef PYBLS_HASH_TO_FIELD_H
#define PYBLS_HASH_TO_FIELD_H

#include "field/field.h"

/* Largest expand_message_xmd output: 255 blocks of 32 bytes. */
#define XMD_MAX_LEN (255 * 32)
/* hash_to_field's L, the bytes hashed per Fp element, for the security
 * level k = 128 of the suites here: ceil((ceil(log2 p) + k) / 8), 64 on
 * BLS12-381 and 48 on BN254. */
#define H2F_K 128
#define H2F_L ((CURVE_P_BITS + H2F_K + 7) / 8)
/* Most elements one hash_to_field call can produce (count * m * L bytes
 * must fit in XMD_MAX_LEN). */
#define H2F_MAX_FP (XMD_MAX_LEN / H2F_L)
#define H2F_MAX_FP2 (XMD_MAX_LEN / (2 * H2F_L))

/* Each returns 0, or -1 if the requested length or count is out of range
 * (out_len > XMD_MAX_LEN; count == 0 or above the maximum). hash_to_field_*
 * expand with SHA-256, hash_to_field_fp_keccak256 with Keccak-256. */
int expand_message_xmd(uint8_t *out, size_t out_len, const uint8_t *msg, size_t msg_len,
                       const uint8_t *dst, size_t dst_len);
int expand_message_xmd_keccak256(uint8_t *out, size_t out_len, const uint8_t *msg,
                                 size_t msg_len, const uint8_t *dst, size_t dst_len);
int hash_to_field_fp(fp_t *out, size_t count, const uint8_t *msg, size_t msg_len,
                     const uint8_t *dst, size_t dst_len);
int hash_to_field_fp_keccak256(fp_t *out, size_t count, const uint8_t *msg, size_t msg_len,
                               const uint8_t *dst, size_t dst_len);
int hash_to_field_fp2(fp2_t *out, size_t count, const uint8_t *msg, size_t msg_len,
                      const uint8_t *dst, size_t dst_len);

#endif /* PYBLS_HASH_TO_FIELD_H */
