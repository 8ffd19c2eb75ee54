/* hash_to_field.c - expand_message_xmd (SHA-256) and hash_to_field. */
#include "h2c/hash_to_field.h"
#include "curves/consts.h"
#include "sym/sha256.h"

/* The expander yields b_1, b_2, ... one 32-byte block at a time, so any
 * output length works without a buffer for the whole string. */
typedef struct {
    uint8_t b0[SHA256_DIGEST_SIZE];
    uint8_t bi[SHA256_DIGEST_SIZE]; /* the last block produced */
    uint8_t dst_hash[SHA256_DIGEST_SIZE];
    const uint8_t *dst;             /* the caller's DST, or dst_hash */
    uint8_t dst_len;
    uint8_t i;                      /* index of the last block produced */
} xmd_t;

static void xmd_absorb_dst(sha256_t *h, const xmd_t *x) {
    sha256_update(h, x->dst, x->dst_len);
    sha256_update(h, &x->dst_len, 1); /* DST_prime = DST || I2OSP(len(DST), 1) */
}

/* msg_prime = Z_pad || msg || I2OSP(len, 2) || I2OSP(0, 1) || DST_prime. */
static void xmd_init(xmd_t *x, const uint8_t *msg, size_t msg_len, const uint8_t *dst,
                     size_t dst_len, size_t len) {
    static const char oversize[] = "H2C-OVERSIZE-DST-"; /* hashed without its NUL */
    static const uint8_t z_pad[SHA256_BLOCK_SIZE] = {0};
    sha256_t h;
    if (dst_len > 255) {
        sha256_init(&h);
        sha256_update(&h, (const uint8_t *)oversize, sizeof oversize - 1);
        sha256_update(&h, dst, dst_len);
        sha256_final(x->dst_hash, &h);
        dst = x->dst_hash;
        dst_len = SHA256_DIGEST_SIZE;
    }
    x->dst = dst;
    x->dst_len = (uint8_t)dst_len;
    x->i = 0;
    uint8_t tail[3] = {(uint8_t)(len >> 8), (uint8_t)len, 0};
    sha256_init(&h);
    sha256_update(&h, z_pad, sizeof z_pad);
    sha256_update(&h, msg, msg_len);
    sha256_update(&h, tail, sizeof tail);
    xmd_absorb_dst(&h, x);
    sha256_final(x->b0, &h);
}

/* b_i = H((b_0 xor b_(i-1)) || I2OSP(i, 1) || DST_prime), with b_0 xor b_0
 * standing for b_0 alone when i = 1 (b_(0) reads as zero). */
static const uint8_t *xmd_next(xmd_t *x) {
    uint8_t in[SHA256_DIGEST_SIZE + 1];
    sha256_t h;
    for (int j = 0; j < SHA256_DIGEST_SIZE; j++) in[j] = x->b0[j] ^ (x->i ? x->bi[j] : 0);
    in[SHA256_DIGEST_SIZE] = ++x->i;
    sha256_init(&h);
    sha256_update(&h, in, sizeof in);
    xmd_absorb_dst(&h, x);
    sha256_final(x->bi, &h);
    return x->bi;
}

int expand_message_xmd(uint8_t *out, size_t out_len, const uint8_t *msg, size_t msg_len,
                       const uint8_t *dst, size_t dst_len) {
    xmd_t x;
    if (out_len > XMD_MAX_LEN) return -1;
    xmd_init(&x, msg, msg_len, dst, dst_len, out_len);
    for (size_t done = 0; done < out_len;) {
        const uint8_t *b = xmd_next(&x);
        for (int j = 0; j < SHA256_DIGEST_SIZE && done < out_len; j++) out[done++] = b[j];
    }
    return 0;
}

/* OS2IP of the next 64 bytes (two blocks) mod p, as hi 2^384 + lo with hi
 * the first 16 bytes; both parts are < 2^384, which fp_from_bytes reduces. */
static void xmd_next_fp(xmd_t *x, fp_t *r) {
    uint8_t hi[48] = {0}, lo[48];
    const uint8_t *b = xmd_next(x);
    for (int j = 0; j < 16; j++) hi[32 + j] = b[j];
    for (int j = 16; j < 32; j++) lo[j - 16] = b[j];
    b = xmd_next(x);
    for (int j = 0; j < 32; j++) lo[16 + j] = b[j];
    fp_t h, l;
    fp_from_bytes(&h, hi);
    fp_from_bytes(&l, lo);
    fp_mul(&h, &h, &FP_2_384);
    fp_add(r, &h, &l);
}

int hash_to_field_fp(fp_t *out, size_t count, const uint8_t *msg, size_t msg_len,
                     const uint8_t *dst, size_t dst_len) {
    xmd_t x;
    if (count == 0 || count > H2F_MAX_FP) return -1;
    xmd_init(&x, msg, msg_len, dst, dst_len, count * 64);
    for (size_t i = 0; i < count; i++) xmd_next_fp(&x, &out[i]);
    return 0;
}

int hash_to_field_fp2(fp2_t *out, size_t count, const uint8_t *msg, size_t msg_len,
                      const uint8_t *dst, size_t dst_len) {
    xmd_t x;
    if (count == 0 || count > H2F_MAX_FP2) return -1;
    xmd_init(&x, msg, msg_len, dst, dst_len, count * 128);
    for (size_t i = 0; i < count; i++) {
        xmd_next_fp(&x, &out[i].c0);
        xmd_next_fp(&x, &out[i].c1);
    }
    return 0;
}
