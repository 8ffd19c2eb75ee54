/*
 * fuzz_keccak.c - Keccak-256 fed in arbitrary pieces, and expand_message_xmd
 * over it with long DSTs.
 *
 * Input: a selector byte, an 8-byte seed, then the message. Checked:
 *   - keccak256_update over pieces of the message whose lengths (0 to 300,
 *     so across the 136-byte rate either way) come from the seed gives
 *     pybls_keccak256's digest of the whole;
 *   - both equal a sponge written out here over the core's permutation:
 *     the message padded in a buffer (0x01, zeros, 0x80), absorbed block by
 *     block;
 *   - expand_message_xmd_keccak256 with the message as DST (any length; out_len
 *     from the selector) is the same with H("H2C-OVERSIZE-DST-" || DST) as
 *     DST when the DST is over 255 bytes (RFC 9380, 5.3.3), H Keccak-256.
 * Buffers are heap copies of the exact sizes, so overruns are reported.
 */
#include "fuzz_common.h"
#include "sym/keccak256.h"

#define RATE KECCAK256_RATE

static uint8_t *dup(const uint8_t *p, size_t n) {
    uint8_t *d = malloc(n ? n : 1);
    if (n) memcpy(d, p, n);
    return d;
}

/* xorshift64: the piece lengths */
static uint64_t next(uint64_t *x) {
    *x ^= *x << 13;
    *x ^= *x >> 7;
    *x ^= *x << 17;
    return *x;
}

static void sponge(uint8_t out[32], const uint8_t *msg, size_t len) {
    const size_t padded = (len / RATE + 1) * RATE;
    uint8_t *m = calloc(padded, 1);
    if (len) memcpy(m, msg, len);
    m[len] ^= 0x01;
    m[padded - 1] ^= 0x80;
    uint64_t a[25] = {0};
    for (size_t off = 0; off < padded; off += RATE) {
        for (size_t j = 0; j < RATE; j++) a[j / 8] ^= (uint64_t)m[off + j] << (8 * (j % 8));
        keccak_f1600(a);
    }
    for (size_t j = 0; j < 32; j++) out[j] = (uint8_t)(a[j / 8] >> (8 * (j % 8)));
    free(m);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in_t in = {data, size};
    uint8_t seed[8];
    const uint8_t sel = fuzz_byte(&in);
    fuzz_take(&in, seed, 8);
    uint64_t x = 0x9e3779b97f4a7c15;
    for (int i = 0; i < 8; i++) x = x << 8 ^ seed[i] ^ x >> 56;
    if (x == 0) x = 1;
    const uint32_t len = (uint32_t)in.left;
    uint8_t *msg = dup(in.p, len);

    uint8_t whole[32], pieces[32], ref[32];
    FUZZ_CHECK(pybls_keccak256(whole, msg, len) == PYBLS_OK, "keccak256");
    keccak256_t s;
    keccak256_init(&s);
    for (size_t done = 0; done < len;) {
        size_t n = (size_t)(next(&x) % 301);
        if (n > len - done) n = len - done;
        uint8_t *piece = dup(msg + done, n); /* exact size: reads past it are caught */
        keccak256_update(&s, piece, n);
        free(piece);
        done += n;
    }
    keccak256_final(pieces, &s);
    FUZZ_CHECK(memcmp(whole, pieces, 32) == 0, "pieces and whole differ (len %u)", len);
    sponge(ref, msg, len);
    FUZZ_CHECK(memcmp(whole, ref, 32) == 0, "digest differs from the padded sponge (len %u)", len);

    /* expand_message_xmd_keccak256, the message as DST */
    const uint32_t out_len = 1 + (uint32_t)sel * 3; /* 1 to 766: up to 24 blocks */
    uint8_t *out = malloc(out_len);
    static const uint8_t m[] = "message";
    FUZZ_CHECK(pybls_expand_message_xmd_keccak256(out, out_len, m, sizeof m - 1, msg, len) == PYBLS_OK, "xmd");
    if (len > 255) {
        static const char prefix[] = "H2C-OVERSIZE-DST-";
        uint8_t h[32];
        uint8_t *again = malloc(out_len);
        keccak256_init(&s);
        keccak256_update(&s, (const uint8_t *)prefix, sizeof prefix - 1);
        keccak256_update(&s, msg, len);
        keccak256_final(h, &s);
        FUZZ_CHECK(pybls_expand_message_xmd_keccak256(again, out_len, m, sizeof m - 1, h, 32) == PYBLS_OK, "xmd");
        FUZZ_CHECK(memcmp(out, again, out_len) == 0, "long DST rule not applied");
        free(again);
    }
    FUZZ_CHECK(pybls_expand_message_xmd_keccak256(out, 8161, m, sizeof m - 1, msg, len) == PYBLS_ERR_ARGUMENT,
               "out_len 8161 accepted");
    free(out);
    free(msg);
    return 0;
}
