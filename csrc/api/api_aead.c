/* api_aead.c - the public ABI for ChaCha20, Poly1305 and the
 * ChaCha20-Poly1305 AEAD (RFC 8439). Lengths are checked here; the
 * primitives themselves are in chacha20poly1305.c. */
#include "pybls.h"
#include "sym/chacha20poly1305.h"

int pybls_chacha20_xor(uint8_t *out, uint32_t out_len, const uint8_t *key32, const uint8_t *nonce12, uint32_t counter, const uint8_t *in, uint32_t in_len) {
    if (out_len != in_len) return PYBLS_ERR_LENGTH;
    /* The 32-bit block counter must not wrap (RFC 8439, 2.4). */
    uint64_t blocks = ((uint64_t)in_len + 63) / 64;
    if (blocks > (uint64_t)0x100000000 - counter) return PYBLS_ERR_ARGUMENT;
    chacha20_xor(out, in, in_len, key32, nonce12, counter);
    return PYBLS_OK;
}

int pybls_poly1305(uint8_t *out16, const uint8_t *key32, const uint8_t *msg, uint32_t msg_len) {
    poly1305_t st;
    poly1305_init(&st, key32);
    poly1305_update(&st, msg, msg_len);
    poly1305_final(out16, &st);
    return PYBLS_OK;
}

int pybls_aead_chacha20poly1305_seal(uint8_t *out, uint32_t out_len, const uint8_t *key32, const uint8_t *nonce12, const uint8_t *aad, uint32_t aad_len, const uint8_t *msg, uint32_t msg_len) {
    if (msg_len > UINT32_MAX - PYBLS_AEAD_TAG_BYTES) return PYBLS_ERR_ARGUMENT;
    if (out_len != msg_len + PYBLS_AEAD_TAG_BYTES) return PYBLS_ERR_LENGTH;
    aead_chacha20poly1305_seal(out, out + msg_len, key32, nonce12, aad, aad_len, msg, msg_len);
    return PYBLS_OK;
}

int pybls_aead_chacha20poly1305_open(uint8_t *out, uint32_t out_len, const uint8_t *key32, const uint8_t *nonce12, const uint8_t *aad, uint32_t aad_len, const uint8_t *ct, uint32_t ct_len) {
    if (ct_len < PYBLS_AEAD_TAG_BYTES) return PYBLS_ERR_AUTH; /* too short to hold a tag */
    uint32_t msg_len = ct_len - PYBLS_AEAD_TAG_BYTES;
    if (out_len != msg_len) return PYBLS_ERR_LENGTH;
    /* 0 or -1 (all ones), turned into the status without a branch */
    int rc = aead_chacha20poly1305_open(out, key32, nonce12, aad, aad_len, ct, msg_len, ct + msg_len);
    return PYBLS_ERR_AUTH & rc;
}
