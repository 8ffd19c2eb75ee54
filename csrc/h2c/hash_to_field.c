/* hash_to_field.c - expand_message_xmd (SHA-256 or Keccak-256) and
 * hash_to_field. */
#include "h2c/hash_to_field.h"
#include "curves/consts.h"
#include "sym/keccak256.h"
#include "sym/sha256.h"

/* The hash H of expand_message_xmd. Both give b_in_bytes = 32; they differ
 * in r_in_bytes, the block size (64 and 136), which is Z_pad's length. */
typedef enum { XMD_SHA256, XMD_KECCAK256 } xmd_hash_t;

#define XMD_B 32
_Static_assert(SHA256_DIGEST_SIZE == XMD_B && KECCAK256_DIGEST_SIZE == XMD_B, "b_in_bytes");

typedef struct {
    xmd_hash_t hash;
    union {
        sha256_t sha256;
        keccak256_t keccak256;
    } u;
} xmd_h_t;

static void h_init(xmd_h_t *h, xmd_hash_t hash) {
    h->hash = hash;
    if (hash == XMD_KECCAK256)
        keccak256_init(&h->u.keccak256);
    else
        sha256_init(&h->u.sha256);
}

static void h_update(xmd_h_t *h, const uint8_t *data, size_t len) {
    if (h->hash == XMD_KECCAK256)
        keccak256_update(&h->u.keccak256, data, len);
    else
        sha256_update(&h->u.sha256, data, len);
}

static void h_final(uint8_t out[XMD_B], xmd_h_t *h) {
    if (h->hash == XMD_KECCAK256)
        keccak256_final(out, &h->u.keccak256);
    else
        sha256_final(out, &h->u.sha256);
}

static size_t h_block_size(xmd_hash_t hash) {
    return hash == XMD_KECCAK256 ? KECCAK256_RATE : SHA256_BLOCK_SIZE;
}

/* The expander yields b_1, b_2, ... one 32-byte block at a time, so any
 * output length works without a buffer for the whole string. */
typedef struct {
    uint8_t b0[XMD_B];
    uint8_t bi[XMD_B];              /* the last block produced */
    uint8_t dst_hash[XMD_B];
    const uint8_t *dst;             /* the caller's DST, or dst_hash */
    xmd_hash_t hash;
    uint8_t dst_len;
    uint8_t i;                      /* index of the last block produced */
    uint8_t used;                   /* bytes of bi that xmd_read has taken */
} xmd_t;

static void xmd_absorb_dst(xmd_h_t *h, const xmd_t *x) {
    h_update(h, x->dst, x->dst_len);
    h_update(h, &x->dst_len, 1); /* DST_prime = DST || I2OSP(len(DST), 1) */
}

/* msg_prime = Z_pad || msg || I2OSP(len, 2) || I2OSP(0, 1) || DST_prime. */
static void xmd_init(xmd_t *x, xmd_hash_t hash, const uint8_t *msg, size_t msg_len,
                     const uint8_t *dst, size_t dst_len, size_t len) {
    static const char oversize[] = "H2C-OVERSIZE-DST-"; /* hashed without its NUL */
    static const uint8_t z_pad[KECCAK256_RATE] = {0};   /* the larger block size */
    xmd_h_t h;
    if (dst_len > 255) {
        h_init(&h, hash);
        h_update(&h, (const uint8_t *)oversize, sizeof oversize - 1);
        h_update(&h, dst, dst_len);
        h_final(x->dst_hash, &h);
        dst = x->dst_hash;
        dst_len = XMD_B;
    }
    x->dst = dst;
    x->hash = hash;
    x->dst_len = (uint8_t)dst_len;
    x->i = 0;
    x->used = XMD_B;
    uint8_t tail[3] = {(uint8_t)(len >> 8), (uint8_t)len, 0};
    h_init(&h, hash);
    h_update(&h, z_pad, h_block_size(hash));
    h_update(&h, msg, msg_len);
    h_update(&h, tail, sizeof tail);
    xmd_absorb_dst(&h, x);
    h_final(x->b0, &h);
}

/* b_i = H((b_0 xor b_(i-1)) || I2OSP(i, 1) || DST_prime), with b_0 xor b_0
 * standing for b_0 alone when i = 1 (b_(0) reads as zero). */
static const uint8_t *xmd_next(xmd_t *x) {
    uint8_t in[XMD_B + 1];
    xmd_h_t h;
    for (int j = 0; j < XMD_B; j++) in[j] = x->b0[j] ^ (x->i ? x->bi[j] : 0);
    in[XMD_B] = ++x->i;
    h_init(&h, x->hash);
    h_update(&h, in, sizeof in);
    xmd_absorb_dst(&h, x);
    h_final(x->bi, &h);
    return x->bi;
}

static int xmd_expand(xmd_hash_t hash, uint8_t *out, size_t out_len, const uint8_t *msg,
                      size_t msg_len, const uint8_t *dst, size_t dst_len) {
    xmd_t x;
    if (out_len > XMD_MAX_LEN) return -1;
    xmd_init(&x, hash, msg, msg_len, dst, dst_len, out_len);
    for (size_t done = 0; done < out_len;) {
        const uint8_t *b = xmd_next(&x);
        for (int j = 0; j < XMD_B && done < out_len; j++) out[done++] = b[j];
    }
    return 0;
}

int expand_message_xmd(uint8_t *out, size_t out_len, const uint8_t *msg, size_t msg_len,
                       const uint8_t *dst, size_t dst_len) {
    return xmd_expand(XMD_SHA256, out, out_len, msg, msg_len, dst, dst_len);
}

int expand_message_xmd_keccak256(uint8_t *out, size_t out_len, const uint8_t *msg,
                                 size_t msg_len, const uint8_t *dst, size_t dst_len) {
    return xmd_expand(XMD_KECCAK256, out, out_len, msg, msg_len, dst, dst_len);
}

/* The next n bytes of the output stream, across block boundaries. */
static void xmd_read(xmd_t *x, uint8_t *out, size_t n) {
    for (size_t j = 0; j < n; j++) {
        if (x->used == XMD_B) {
            xmd_next(x);
            x->used = 0;
        }
        out[j] = x->bi[x->used++];
    }
}

/* hi 2^(8 CURVE_FP_BYTES) + lo below needs hi < 2^(8 CURVE_FP_BYTES). */
_Static_assert(CURVE_FP_BYTES < H2F_L && H2F_L <= 2 * CURVE_FP_BYTES, "L");

/* OS2IP of the next L bytes mod p, as hi 2^(8 CURVE_FP_BYTES) + lo with lo
 * the last CURVE_FP_BYTES of them and hi the L - CURVE_FP_BYTES before;
 * both are below 2^(8 CURVE_FP_BYTES), which fp_from_bytes reduces. */
static void xmd_next_fp(xmd_t *x, fp_t *r) {
    uint8_t hi[CURVE_FP_BYTES] = {0}, lo[CURVE_FP_BYTES];
    xmd_read(x, hi + (2 * CURVE_FP_BYTES - H2F_L), H2F_L - CURVE_FP_BYTES);
    xmd_read(x, lo, CURVE_FP_BYTES);
    fp_t h, l;
    fp_from_bytes(&h, hi);
    fp_from_bytes(&l, lo);
    fp_mul(&h, &h, &H2F_SHIFT);
    fp_add(r, &h, &l);
}

static int h2f_fp(xmd_hash_t hash, fp_t *out, size_t count, const uint8_t *msg, size_t msg_len,
                  const uint8_t *dst, size_t dst_len) {
    xmd_t x;
    if (count == 0 || count > H2F_MAX_FP) return -1;
    xmd_init(&x, hash, msg, msg_len, dst, dst_len, count * H2F_L);
    for (size_t i = 0; i < count; i++) xmd_next_fp(&x, &out[i]);
    return 0;
}

int hash_to_field_fp(fp_t *out, size_t count, const uint8_t *msg, size_t msg_len,
                     const uint8_t *dst, size_t dst_len) {
    return h2f_fp(XMD_SHA256, out, count, msg, msg_len, dst, dst_len);
}

int hash_to_field_fp_keccak256(fp_t *out, size_t count, const uint8_t *msg, size_t msg_len,
                               const uint8_t *dst, size_t dst_len) {
    return h2f_fp(XMD_KECCAK256, out, count, msg, msg_len, dst, dst_len);
}

int hash_to_field_fp2(fp2_t *out, size_t count, const uint8_t *msg, size_t msg_len,
                      const uint8_t *dst, size_t dst_len) {
    xmd_t x;
    if (count == 0 || count > H2F_MAX_FP2) return -1;
    xmd_init(&x, XMD_SHA256, msg, msg_len, dst, dst_len, count * 2 * H2F_L);
    for (size_t i = 0; i < count; i++) {
        xmd_next_fp(&x, &out[i].c0);
        xmd_next_fp(&x, &out[i].c1);
    }
    return 0;
}
