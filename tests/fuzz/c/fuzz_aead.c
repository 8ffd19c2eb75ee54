/*
 * fuzz_aead.c - ChaCha20, Poly1305 and AEAD_CHACHA20_POLY1305 (RFC 8439)
 * with arbitrary keys, nonces, counters, associated data and messages.
 *
 * Input: a selector byte, key (32), nonce (12), a 32-bit counter, an AAD
 * length byte, the AAD, then the message. Checked:
 *   - chacha20_xor is an involution, refuses a counter that would wrap and
 *     any out_len other than in_len;
 *   - seal is ChaCha20 from block 1 followed by the Poly1305 tag, under the
 *     one-time key of block 0, of aad || pad || ct || pad || lengths
 *     (recomputed here from the two primitives);
 *   - open(seal(m)) == m; a flipped bit anywhere in the ciphertext or tag,
 *     or a truncated input, gives PYBLS_ERR_AUTH with the output zeroed;
 *     wrong out_len values are refused.
 * Buffers are heap copies of the exact sizes, so overruns are reported.
 */
#include "fuzz_common.h"

static uint8_t *dup(const uint8_t *p, size_t n) {
    uint8_t *d = malloc(n ? n : 1);
    if (n) memcpy(d, p, n);
    return d;
}

static void le64(uint8_t out[8], uint64_t x) {
    for (int i = 0; i < 8; i++) out[i] = (uint8_t)(x >> (8 * i));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in_t in = {data, size};
    uint8_t key[32], nonce[12], cnt[4];
    const uint8_t sel = fuzz_byte(&in);
    fuzz_take(&in, key, 32);
    fuzz_take(&in, nonce, 12);
    fuzz_take(&in, cnt, 4);
    const uint32_t counter = (uint32_t)cnt[0] << 24 | (uint32_t)cnt[1] << 16 | (uint32_t)cnt[2] << 8 | cnt[3];
    uint32_t aad_len = fuzz_byte(&in);
    if (aad_len > in.left) aad_len = (uint32_t)in.left;
    uint8_t *aad = dup(in.p, aad_len);
    in.p += aad_len;
    in.left -= aad_len;
    const uint32_t len = (uint32_t)in.left;
    uint8_t *msg = dup(in.p, len);

    /* ChaCha20 alone */
    uint8_t *x = malloc(len ? len : 1), *y = malloc(len ? len : 1);
    int rc = pybls_chacha20_xor(x, len, key, nonce, counter, msg, len);
    const uint64_t blocks = ((uint64_t)len + 63) / 64;
    const int wraps = blocks > (uint64_t)0x100000000 - counter;
    FUZZ_CHECK(rc == (wraps ? PYBLS_ERR_ARGUMENT : PYBLS_OK), "chacha20_xor status %d (wraps %d)", rc, wraps);
    if (rc == PYBLS_OK) {
        FUZZ_CHECK(pybls_chacha20_xor(y, len, key, nonce, counter, x, len) == PYBLS_OK, "chacha20_xor");
        FUZZ_CHECK(memcmp(y, msg, len) == 0, "chacha20_xor is not an involution");
    }
    if (len > 0)
        FUZZ_CHECK(pybls_chacha20_xor(x, len - 1, key, nonce, counter, msg, len) == PYBLS_ERR_LENGTH, "short out_len");

    /* seal, against its definition */
    const uint32_t ct_len = len + PYBLS_AEAD_TAG_BYTES;
    uint8_t *ct = malloc(ct_len);
    FUZZ_CHECK(pybls_aead_chacha20poly1305_seal(ct, ct_len, key, nonce, aad, aad_len, msg, len) == PYBLS_OK, "seal");
    FUZZ_CHECK(pybls_aead_chacha20poly1305_seal(ct, ct_len - 1, key, nonce, aad, aad_len, msg, len) == PYBLS_ERR_LENGTH,
               "seal with a short out_len");
    FUZZ_CHECK(pybls_chacha20_xor(x, len, key, nonce, 1, msg, len) == PYBLS_OK, "chacha20_xor from block 1");
    FUZZ_CHECK(memcmp(x, ct, len) == 0, "sealed text is not ChaCha20 from block 1");
    uint8_t zeros[64] = {0}, block0[64], tag[16];
    FUZZ_CHECK(pybls_chacha20_xor(block0, 64, key, nonce, 0, zeros, 64) == PYBLS_OK, "block 0");
    const size_t pad_a = (16 - aad_len % 16) % 16, pad_c = (16 - len % 16) % 16;
    const size_t mac_len = aad_len + pad_a + len + pad_c + 16;
    uint8_t *mac = calloc(mac_len, 1);
    memcpy(mac, aad, aad_len);
    memcpy(mac + aad_len + pad_a, ct, len);
    le64(mac + mac_len - 16, aad_len);
    le64(mac + mac_len - 8, len);
    FUZZ_CHECK(pybls_poly1305(tag, block0, mac, (uint32_t)mac_len) == PYBLS_OK, "poly1305");
    FUZZ_CHECK(memcmp(tag, ct + len, 16) == 0, "tag is not Poly1305 of the RFC 8439 layout");
    free(mac);

    /* open */
    uint8_t *pt = malloc(len ? len : 1);
    FUZZ_CHECK(pybls_aead_chacha20poly1305_open(pt, len, key, nonce, aad, aad_len, ct, ct_len) == PYBLS_OK, "open");
    FUZZ_CHECK(memcmp(pt, msg, len) == 0, "open(seal(m)) != m");
    if (len > 0)
        FUZZ_CHECK(pybls_aead_chacha20poly1305_open(pt, len - 1, key, nonce, aad, aad_len, ct, ct_len) == PYBLS_ERR_LENGTH,
                   "open with a short out_len");
    /* one flipped bit, chosen by the selector and the lengths */
    const uint32_t bit = (uint32_t)((sel * 2654435761u + len) % (8 * (uint64_t)ct_len));
    ct[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    memset(pt, 0xa5, len);
    rc = pybls_aead_chacha20poly1305_open(pt, len, key, nonce, aad, aad_len, ct, ct_len);
    FUZZ_CHECK(rc == PYBLS_ERR_AUTH, "a flipped bit was accepted (%d)", rc);
    for (uint32_t i = 0; i < len; i++) FUZZ_CHECK(pt[i] == 0, "unauthenticated plaintext left in out");
    ct[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    if (aad_len > 0) {
        aad[sel % aad_len] ^= 1;
        rc = pybls_aead_chacha20poly1305_open(pt, len, key, nonce, aad, aad_len, ct, ct_len);
        FUZZ_CHECK(rc == PYBLS_ERR_AUTH, "altered associated data accepted (%d)", rc);
    }
    /* too short to hold a tag */
    const uint32_t short_len = sel % PYBLS_AEAD_TAG_BYTES;
    rc = pybls_aead_chacha20poly1305_open(pt, 0, key, nonce, aad, aad_len, ct, short_len);
    FUZZ_CHECK(rc == PYBLS_ERR_AUTH, "a %u-byte ciphertext gave %d", short_len, rc);
    free(pt);
    free(ct);
    free(x);
    free(y);
    free(msg);
    free(aad);
    return 0;
}
