/* chacha20poly1305.c - ChaCha20, Poly1305 and AEAD_CHACHA20_POLY1305
 * (RFC 8439, sections 2.1-2.8). */
#include "sym/chacha20poly1305.h"
#include "field/field.h" /* ct_memzero */

static inline uint32_t load32_le(const uint8_t *p) {
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline void store32_le(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

static inline void store64_le(uint8_t *p, uint64_t v) {
    store32_le(p, (uint32_t)v);
    store32_le(p + 4, (uint32_t)(v >> 32));
}

/* ---- ChaCha20 (2.1-2.4) ------------------------------------------------- */

static inline uint32_t rotl(uint32_t x, unsigned n) { return (x << n) | (x >> (32 - n)); }

#define QUARTER_ROUND(x, a, b, c, d)                                                                        \
    do {                                                                                                    \
        x[a] += x[b]; x[d] = rotl(x[d] ^ x[a], 16);                                                         \
        x[c] += x[d]; x[b] = rotl(x[b] ^ x[c], 12);                                                         \
        x[a] += x[b]; x[d] = rotl(x[d] ^ x[a], 8);                                                          \
        x[c] += x[d]; x[b] = rotl(x[b] ^ x[c], 7);                                                          \
    } while (0)

/* One 64-byte key-stream block of the state `in` (2.3). */
static void chacha20_block(uint8_t out[64], const uint32_t in[16]) {
    uint32_t x[16];
    for (int i = 0; i < 16; i++) x[i] = in[i];
    for (int i = 0; i < 10; i++) {
        QUARTER_ROUND(x, 0, 4, 8, 12);
        QUARTER_ROUND(x, 1, 5, 9, 13);
        QUARTER_ROUND(x, 2, 6, 10, 14);
        QUARTER_ROUND(x, 3, 7, 11, 15);
        QUARTER_ROUND(x, 0, 5, 10, 15);
        QUARTER_ROUND(x, 1, 6, 11, 12);
        QUARTER_ROUND(x, 2, 7, 8, 13);
        QUARTER_ROUND(x, 3, 4, 9, 14);
    }
    for (int i = 0; i < 16; i++) store32_le(out + 4 * i, x[i] + in[i]);
    ct_memzero(x, sizeof x);
}

void chacha20_xor(uint8_t *out, const uint8_t *in, size_t len, const uint8_t key[CHACHA20_KEY_SIZE],
                  const uint8_t nonce[CHACHA20_NONCE_SIZE], uint32_t counter) {
    uint32_t state[16];
    uint8_t block[64];
    /* "expand 32-byte k" */
    state[0] = 0x61707865;
    state[1] = 0x3320646e;
    state[2] = 0x79622d32;
    state[3] = 0x6b206574;
    for (int i = 0; i < 8; i++) state[4 + i] = load32_le(key + 4 * i);
    state[12] = counter;
    for (int i = 0; i < 3; i++) state[13 + i] = load32_le(nonce + 4 * i);
    while (len > 0) {
        size_t n = len < 64 ? len : 64;
        chacha20_block(block, state);
        for (size_t i = 0; i < n; i++) out[i] = in[i] ^ block[i];
        state[12]++;
        out += n;
        in += n;
        len -= n;
    }
    ct_memzero(state, sizeof state);
    ct_memzero(block, sizeof block);
}

/* ---- Poly1305 (2.5) ----------------------------------------------------- */

#define M26 0x3ffffffu

void poly1305_init(poly1305_t *st, const uint8_t key[POLY1305_KEY_SIZE]) {
    /* r = key[0..16] clamped (2.5.1), split into five 26-bit limbs. */
    st->r[0] = load32_le(key + 0) & 0x3ffffff;
    st->r[1] = (load32_le(key + 3) >> 2) & 0x3ffff03;
    st->r[2] = (load32_le(key + 6) >> 4) & 0x3ffc0ff;
    st->r[3] = (load32_le(key + 9) >> 6) & 0x3f03fff;
    st->r[4] = (load32_le(key + 12) >> 8) & 0x00fffff;
    for (int i = 0; i < 5; i++) st->h[i] = 0;
    for (int i = 0; i < 4; i++) st->pad[i] = load32_le(key + 16 + 4 * i);
    st->buf_len = 0;
}

/* h = (h + block + hibit * 2^128) * r mod 2^130 - 5, for each 16-byte block. */
static void poly1305_blocks(poly1305_t *st, const uint8_t *m, size_t len, uint32_t hibit) {
    const uint32_t r0 = st->r[0], r1 = st->r[1], r2 = st->r[2], r3 = st->r[3], r4 = st->r[4];
    /* 2^130 = 5 mod p: limbs that overflow past 2^130 come back times 5. */
    const uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
    uint32_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2], h3 = st->h[3], h4 = st->h[4];
    while (len >= 16) {
        h0 += load32_le(m + 0) & M26;
        h1 += (load32_le(m + 3) >> 2) & M26;
        h2 += (load32_le(m + 6) >> 4) & M26;
        h3 += (load32_le(m + 9) >> 6) & M26;
        h4 += (load32_le(m + 12) >> 8) | hibit;

        uint64_t d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 + (uint64_t)h3 * s2 + (uint64_t)h4 * s1;
        uint64_t d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 + (uint64_t)h3 * s3 + (uint64_t)h4 * s2;
        uint64_t d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 + (uint64_t)h3 * s4 + (uint64_t)h4 * s3;
        uint64_t d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 + (uint64_t)h3 * r0 + (uint64_t)h4 * s4;
        uint64_t d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 + (uint64_t)h3 * r1 + (uint64_t)h4 * r0;

        uint32_t c;
        c = (uint32_t)(d0 >> 26); h0 = (uint32_t)d0 & M26;
        d1 += c; c = (uint32_t)(d1 >> 26); h1 = (uint32_t)d1 & M26;
        d2 += c; c = (uint32_t)(d2 >> 26); h2 = (uint32_t)d2 & M26;
        d3 += c; c = (uint32_t)(d3 >> 26); h3 = (uint32_t)d3 & M26;
        d4 += c; c = (uint32_t)(d4 >> 26); h4 = (uint32_t)d4 & M26;
        h0 += c * 5; c = h0 >> 26; h0 &= M26;
        h1 += c;

        m += 16;
        len -= 16;
    }
    st->h[0] = h0; st->h[1] = h1; st->h[2] = h2; st->h[3] = h3; st->h[4] = h4;
}

void poly1305_update(poly1305_t *st, const uint8_t *msg, size_t len) {
    if (st->buf_len) {
        size_t n = 16 - st->buf_len;
        if (n > len) n = len;
        for (size_t i = 0; i < n; i++) st->buf[st->buf_len + i] = msg[i];
        st->buf_len += n;
        msg += n;
        len -= n;
        if (st->buf_len < 16) return;
        poly1305_blocks(st, st->buf, 16, 1u << 24);
        st->buf_len = 0;
    }
    size_t whole = len & ~(size_t)15;
    poly1305_blocks(st, msg, whole, 1u << 24);
    msg += whole;
    len -= whole;
    for (size_t i = 0; i < len; i++) st->buf[i] = msg[i];
    st->buf_len = len;
}

void poly1305_pad16(poly1305_t *st) {
    if (st->buf_len == 0) return;
    for (size_t i = st->buf_len; i < 16; i++) st->buf[i] = 0;
    poly1305_blocks(st, st->buf, 16, 1u << 24);
    st->buf_len = 0;
}

void poly1305_final(uint8_t tag[POLY1305_TAG_SIZE], poly1305_t *st) {
    if (st->buf_len) { /* last partial block: a 1 byte after it, no 2^128 bit */
        st->buf[st->buf_len] = 1;
        for (size_t i = st->buf_len + 1; i < 16; i++) st->buf[i] = 0;
        poly1305_blocks(st, st->buf, 16, 0);
    }
    uint32_t h0 = st->h[0], h1 = st->h[1], h2 = st->h[2], h3 = st->h[3], h4 = st->h[4], c;

    /* Carry fully: h < 2^130 + small. */
    c = h1 >> 26; h1 &= M26; h2 += c;
    c = h2 >> 26; h2 &= M26; h3 += c;
    c = h3 >> 26; h3 &= M26; h4 += c;
    c = h4 >> 26; h4 &= M26; h0 += c * 5;
    c = h0 >> 26; h0 &= M26; h1 += c;

    /* g = h + 5 - 2^130; use g where it is not negative (h >= p). */
    uint32_t g0 = h0 + 5; c = g0 >> 26; g0 &= M26;
    uint32_t g1 = h1 + c; c = g1 >> 26; g1 &= M26;
    uint32_t g2 = h2 + c; c = g2 >> 26; g2 &= M26;
    uint32_t g3 = h3 + c; c = g3 >> 26; g3 &= M26;
    uint32_t g4 = h4 + c - (1u << 26);
    uint32_t use_g = (g4 >> 31) - 1; /* all ones when g4 did not borrow */
    h0 = (h0 & ~use_g) | (g0 & use_g);
    h1 = (h1 & ~use_g) | (g1 & use_g);
    h2 = (h2 & ~use_g) | (g2 & use_g);
    h3 = (h3 & ~use_g) | (g3 & use_g);
    h4 = (h4 & ~use_g) | (g4 & use_g);

    /* h mod 2^128 as four 32-bit words, plus s mod 2^128. */
    uint32_t w0 = h0 | (h1 << 26);
    uint32_t w1 = (h1 >> 6) | (h2 << 20);
    uint32_t w2 = (h2 >> 12) | (h3 << 14);
    uint32_t w3 = (h3 >> 18) | (h4 << 8);
    uint64_t f;
    f = (uint64_t)w0 + st->pad[0]; store32_le(tag + 0, (uint32_t)f);
    f = (uint64_t)w1 + st->pad[1] + (f >> 32); store32_le(tag + 4, (uint32_t)f);
    f = (uint64_t)w2 + st->pad[2] + (f >> 32); store32_le(tag + 8, (uint32_t)f);
    f = (uint64_t)w3 + st->pad[3] + (f >> 32); store32_le(tag + 12, (uint32_t)f);
    ct_memzero(st, sizeof *st);
}

/* ---- AEAD_CHACHA20_POLY1305 (2.6-2.8) ----------------------------------- */

/* The tag over aad and ciphertext, with the one-time key of block 0 (2.6). */
static void aead_tag(uint8_t tag[POLY1305_TAG_SIZE], const uint8_t key[CHACHA20_KEY_SIZE],
                     const uint8_t nonce[CHACHA20_NONCE_SIZE], const uint8_t *aad, size_t aad_len,
                     const uint8_t *ct, size_t ct_len) {
    uint8_t otk[64] = {0};
    uint8_t lengths[16];
    poly1305_t st;
    chacha20_xor(otk, otk, sizeof otk, key, nonce, 0);
    poly1305_init(&st, otk);
    poly1305_update(&st, aad, aad_len);
    poly1305_pad16(&st);
    poly1305_update(&st, ct, ct_len);
    poly1305_pad16(&st);
    store64_le(lengths, (uint64_t)aad_len);
    store64_le(lengths + 8, (uint64_t)ct_len);
    poly1305_update(&st, lengths, sizeof lengths);
    poly1305_final(tag, &st);
    ct_memzero(otk, sizeof otk);
}

void aead_chacha20poly1305_seal(uint8_t *ct, uint8_t tag[POLY1305_TAG_SIZE], const uint8_t key[CHACHA20_KEY_SIZE],
                                const uint8_t nonce[CHACHA20_NONCE_SIZE], const uint8_t *aad, size_t aad_len,
                                const uint8_t *msg, size_t msg_len) {
    chacha20_xor(ct, msg, msg_len, key, nonce, 1);
    aead_tag(tag, key, nonce, aad, aad_len, ct, msg_len);
}

int aead_chacha20poly1305_open(uint8_t *msg, const uint8_t key[CHACHA20_KEY_SIZE],
                               const uint8_t nonce[CHACHA20_NONCE_SIZE], const uint8_t *aad, size_t aad_len,
                               const uint8_t *ct, size_t ct_len, const uint8_t tag[POLY1305_TAG_SIZE]) {
    uint8_t expected[POLY1305_TAG_SIZE];
    uint32_t diff = 0;
    aead_tag(expected, key, nonce, aad, aad_len, ct, ct_len);
    for (int i = 0; i < POLY1305_TAG_SIZE; i++) diff |= (uint32_t)(expected[i] ^ tag[i]);
    ct_memzero(expected, sizeof expected);
    /* No branch on the comparison: decrypt, then keep the bytes only if the
     * tags matched (diff is in [0, 255], so diff - 1 borrows iff it is 0). */
    uint32_t ok = ((diff - 1) >> 8) & 1;
    uint8_t keep = (uint8_t)(0u - ok);
    chacha20_xor(msg, ct, ct_len, key, nonce, 1);
    for (size_t i = 0; i < ct_len; i++) msg[i] &= keep;
    return (int)ok - 1;
}
