/*
 * chacha20poly1305.h - ChaCha20, Poly1305 and the ChaCha20-Poly1305 AEAD
 * of RFC 8439. Nothing is allocated; states live in caller-provided
 * structs. Everything is constant time in the key, the nonce and the data
 * (only lengths steer control flow).
 */
#ifndef PYBLS_CHACHA20POLY1305_H
#define PYBLS_CHACHA20POLY1305_H

#include <stddef.h>
#include <stdint.h>

#define CHACHA20_KEY_SIZE 32
#define CHACHA20_NONCE_SIZE 12
#define POLY1305_KEY_SIZE 32
#define POLY1305_TAG_SIZE 16

/* out = in XOR the ChaCha20 key stream (RFC 8439, 2.4) starting at block
 * `counter`; out may equal in. The caller keeps len <= 64 * (2^32 - counter). */
void chacha20_xor(uint8_t *out, const uint8_t *in, size_t len, const uint8_t key[CHACHA20_KEY_SIZE],
                  const uint8_t nonce[CHACHA20_NONCE_SIZE], uint32_t counter);

/* Poly1305 (RFC 8439, 2.5) over radix-2^26 limbs: 32x32->64-bit products
 * only, so it is the same code for native and WebAssembly builds. */
typedef struct {
    uint32_t r[5];  /* clamped r */
    uint32_t h[5];  /* accumulator */
    uint32_t pad[4]; /* s, added at the end */
    uint8_t buf[16];
    size_t buf_len; /* bytes waiting in buf, < 16 */
} poly1305_t;

void poly1305_init(poly1305_t *st, const uint8_t key[POLY1305_KEY_SIZE]);
void poly1305_update(poly1305_t *st, const uint8_t *msg, size_t len);
/* Zero bytes up to the next multiple of 16 of the input so far (the AEAD's pad16). */
void poly1305_pad16(poly1305_t *st);
/* Writes the tag and wipes the state. */
void poly1305_final(uint8_t tag[POLY1305_TAG_SIZE], poly1305_t *st);

/* AEAD_CHACHA20_POLY1305 (RFC 8439, 2.8). seal writes len(msg) ciphertext
 * bytes to ct and the tag to tag. open computes the tag over aad and ct,
 * compares it in constant time, and decrypts into msg without branching on
 * the result: it returns 0, or -1 with msg all zeros when the tag does not
 * match (so no unauthenticated byte is ever left there). ct may equal msg. */
void aead_chacha20poly1305_seal(uint8_t *ct, uint8_t tag[POLY1305_TAG_SIZE], const uint8_t key[CHACHA20_KEY_SIZE],
                                const uint8_t nonce[CHACHA20_NONCE_SIZE], const uint8_t *aad, size_t aad_len,
                                const uint8_t *msg, size_t msg_len);
int aead_chacha20poly1305_open(uint8_t *msg, const uint8_t key[CHACHA20_KEY_SIZE],
                               const uint8_t nonce[CHACHA20_NONCE_SIZE], const uint8_t *aad, size_t aad_len,
                               const uint8_t *ct, size_t ct_len, const uint8_t tag[POLY1305_TAG_SIZE]);

#endif /* PYBLS_CHACHA20POLY1305_H */
