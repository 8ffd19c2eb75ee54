/* keccak256.c - Keccak-f[1600] and Keccak-256 (the Keccak submission's
 * padding, as in Ethereum). */
#include "sym/keccak256.h"

/* Round constants of the iota step (FIPS 202, 3.2.5). */
static const uint64_t RC[24] = {
    0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
    0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
    0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
    0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
    0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
};

/* Rotation of lane (x, y) in the rho step, at index x + 5 y. */
static const unsigned RHO[25] = {
    0,  1,  62, 28, 27,
    36, 44, 6,  55, 20,
    3,  10, 43, 25, 39,
    41, 45, 15, 21, 8,
    18, 2,  61, 56, 14,
};

/* Valid for n = 0 too (both shifts by 0). */
static inline uint64_t rotl(uint64_t x, unsigned n) { return (x << n) | (x >> ((64 - n) & 63)); }

void keccak_f1600(uint64_t a[25]) {
    uint64_t b[25], c[5], d[5];
    for (int round = 0; round < 24; round++) {
        /* theta: each lane absorbs the parities of two neighbouring columns */
        for (int x = 0; x < 5; x++) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (int x = 0; x < 5; x++) d[x] = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1);
        for (int i = 0; i < 25; i++) a[i] ^= d[i % 5];
        /* rho and pi: lane (x, y) rotated, moved to (y, 2x + 3y) */
        for (int x = 0; x < 5; x++)
            for (int y = 0; y < 5; y++) b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(a[x + 5 * y], RHO[x + 5 * y]);
        /* chi: the only non-linear step, along rows */
        for (int y = 0; y < 25; y += 5)
            for (int x = 0; x < 5; x++) a[y + x] = b[y + x] ^ (~b[y + (x + 1) % 5] & b[y + (x + 2) % 5]);
        /* iota */
        a[0] ^= RC[round];
    }
}

static inline uint64_t load64_le(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

void keccak256_init(keccak256_t *s) {
    for (int i = 0; i < 25; i++) s->a[i] = 0;
    s->pos = 0;
}

/* Bytes are XORed into the state where they belong, so no block buffer is
 * needed; whole blocks at a block boundary go in a lane at a time. */
void keccak256_update(keccak256_t *s, const uint8_t *data, size_t len) {
    while (len) {
        if (s->pos == 0 && len >= KECCAK256_RATE) {
            for (int i = 0; i < KECCAK256_RATE / 8; i++) s->a[i] ^= load64_le(data + 8 * i);
            data += KECCAK256_RATE;
            len -= KECCAK256_RATE;
            keccak_f1600(s->a);
            continue;
        }
        s->a[s->pos >> 3] ^= (uint64_t)*data++ << (8 * (s->pos & 7));
        len--;
        if (++s->pos == KECCAK256_RATE) {
            keccak_f1600(s->a);
            s->pos = 0;
        }
    }
}

/* pad10*1 with the 0x01 domain byte: 0x01 after the message, 0x80 in the
 * last byte of the block (0x81 when they coincide). */
void keccak256_final(uint8_t out[KECCAK256_DIGEST_SIZE], keccak256_t *s) {
    s->a[s->pos >> 3] ^= (uint64_t)0x01 << (8 * (s->pos & 7));
    s->a[(KECCAK256_RATE - 1) >> 3] ^= (uint64_t)0x80 << (8 * ((KECCAK256_RATE - 1) & 7));
    keccak_f1600(s->a);
    for (int i = 0; i < KECCAK256_DIGEST_SIZE; i++) out[i] = (uint8_t)(s->a[i >> 3] >> (8 * (i & 7)));
}

void keccak256(uint8_t out[KECCAK256_DIGEST_SIZE], const uint8_t *data, size_t len) {
    keccak256_t s;
    keccak256_init(&s);
    keccak256_update(&s, data, len);
    keccak256_final(out, &s);
}
