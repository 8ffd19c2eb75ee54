/*
 * sha256.h - SHA-256 (FIPS 180-4), incremental, for expand_message_xmd.
 * The state lives in a caller-provided struct; nothing is allocated.
 */
#ifndef PYBLS_SHA256_H
#define PYBLS_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_DIGEST_SIZE 32
#define SHA256_BLOCK_SIZE 64

typedef struct {
    uint32_t h[8];
    uint8_t buf[SHA256_BLOCK_SIZE];
    size_t buf_len;   /* bytes waiting in buf, < 64 */
    uint64_t total;   /* bytes absorbed so far */
} sha256_t;

void sha256_init(sha256_t *s);
void sha256_update(sha256_t *s, const uint8_t *data, size_t len);
/* Writes the digest; s must be re-initialised before further use. */
void sha256_final(uint8_t out[SHA256_DIGEST_SIZE], sha256_t *s);

#endif /* PYBLS_SHA256_H */
