/*
 * keccak256.h - the Keccak-f[1600] permutation and Keccak-256 as Ethereum
 * uses it: rate 136 bytes, capacity 512 bits, the original Keccak padding
 * (a 0x01 byte ... 0x80), not SHA3-256's 0x06. Incremental, for
 * expand_message_xmd; the state lives in a caller-provided struct.
 *
 * Constant time in the data: the only branches and memory indices depend
 * on lengths (64-bit lanes as uint64_t, so 32-bit targets need nothing
 * wider).
 */
#ifndef PYBLS_KECCAK256_H
#define PYBLS_KECCAK256_H

#include <stddef.h>
#include <stdint.h>

#define KECCAK256_DIGEST_SIZE 32
#define KECCAK256_RATE 136 /* bytes absorbed per permutation: the block size */

typedef struct {
    uint64_t a[25]; /* lane (x, y) at a[x + 5 y], bytes little-endian */
    size_t pos;     /* bytes of the current block absorbed so far, < 136 */
} keccak256_t;

/* The 24-round permutation, in place. */
void keccak_f1600(uint64_t a[25]);

void keccak256_init(keccak256_t *s);
void keccak256_update(keccak256_t *s, const uint8_t *data, size_t len);
/* Writes the digest; s must be re-initialised before further use. */
void keccak256_final(uint8_t out[KECCAK256_DIGEST_SIZE], keccak256_t *s);
/* The digest of one buffer. */
void keccak256(uint8_t out[KECCAK256_DIGEST_SIZE], const uint8_t *data, size_t len);

#endif /* PYBLS_KECCAK256_H */
