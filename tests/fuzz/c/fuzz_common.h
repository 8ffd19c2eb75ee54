/*
 * fuzz_common.h - shared pieces of the libFuzzer targets in this directory.
 *
 * Each target is one file defining LLVMFuzzerTestOneInput. It is linked
 * with the whole core either under libFuzzer (with AddressSanitizer and
 * UndefinedBehaviorSanitizer) or with replay_main.c, a plain main() that
 * feeds it files, for valgrind and for the regression corpus.
 *
 * Unlike the core, the targets are ordinary hosted C: they may use libc.
 *
 * A broken property calls FUZZ_FAIL, which prints where and aborts; under
 * libFuzzer the abort becomes a crash report with the input saved.
 *
 * A target whose name ends in _<curve> (fuzz_decode_bn254.c) is built with
 * that curve's library of csrc/manifest.txt and its -D flags (the Makefile
 * and tests/fuzz/test_c_replay.py read the suffix); the others with
 * BLS12-381's. The FUZZ_*_BYTES and FUZZ_*_SIZE macros give the sizes of the
 * curve built for.
 */
#ifndef PYBLS_FUZZ_COMMON_H
#define PYBLS_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pybls.h"
#include "field/field.h" /* limb_t, dlimb_t: the reference below uses the core's limb width */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* pybls.h gives BLS12-381's sizes; another curve's library has the same
 * layouts over its own Fp and its own degrees of G2's and GT's fields
 * (build-scripts/gen_bindings.py scales them so): larger ones on BN381
 * (48-byte scalars), BN462 (58-byte encodings, 64-byte internal elements)
 * and BLS48-581 (73-byte Fp encodings, G2 over Fp8, GT in Fp48). */
#define FUZZ_FP_BYTES CURVE_FP_BYTES
#define FUZZ_SCALAR_BYTES CURVE_FR_BYTES
#define FUZZ_G1_COMPRESSED_BYTES CURVE_FP_BYTES
#define FUZZ_G2_COMPRESSED_BYTES (CURVE_G2_DEGREE * CURVE_FP_BYTES)
#define FUZZ_G2_UNCOMPRESSED_BYTES (2 * FUZZ_G2_COMPRESSED_BYTES)
#define FUZZ_GT_BYTES (CURVE_GT_DEGREE * CURVE_FP_BYTES)
/* internal representations: whole limbs of storage */
#define FUZZ_FP_SIZE (CURVE_FP_BITS / 8)
#define FUZZ_SCALAR_SIZE (CURVE_FR_BITS / 8)
#define FUZZ_G1_SIZE (3 * FUZZ_FP_SIZE)
#define FUZZ_G2_SIZE (3 * CURVE_G2_DEGREE * FUZZ_FP_SIZE)
#define FUZZ_GT_SIZE (CURVE_GT_DEGREE * FUZZ_FP_SIZE)

#define FUZZ_FAIL(...)                                                       \
    do {                                                                     \
        fprintf(stderr, "%s:%d: property failed: ", __FILE__, __LINE__);     \
        fprintf(stderr, __VA_ARGS__);                                        \
        fprintf(stderr, "\n");                                               \
        abort();                                                             \
    } while (0)

#define FUZZ_CHECK(cond, ...)                                                \
    do {                                                                     \
        if (!(cond)) FUZZ_FAIL(__VA_ARGS__);                                 \
    } while (0)

/* A cursor over the fuzzer's input: take() hands out the next n bytes, or
 * zeros once the input is exhausted, so every input is usable. */
typedef struct {
    const uint8_t *p;
    size_t left;
} fuzz_in_t;

static inline void fuzz_take(fuzz_in_t *in, uint8_t *out, size_t n) {
    size_t k = n < in->left ? n : in->left;
    if (k) memcpy(out, in->p, k);
    if (n > k) memset(out + k, 0, n - k);
    in->p += k;
    in->left -= k;
}

static inline uint8_t fuzz_byte(fuzz_in_t *in) {
    uint8_t b;
    fuzz_take(in, &b, 1);
    return b;
}

static inline uint32_t fuzz_u16(fuzz_in_t *in) {
    uint8_t b[2];
    fuzz_take(in, b, 2);
    return (uint32_t)b[0] << 8 | b[1];
}

/* The layout of the hashing targets (fuzz_hash*.c): a selector byte, a
 * 16-bit DST length, a 16-bit count or output length, then DST || message,
 * the DST taking what it asks for up to the end of the input. The DST and
 * message are heap copies of exactly their sizes, so that reading past them
 * is an AddressSanitizer report; fuzz_hash_input_free releases them. */
typedef struct {
    uint8_t sel;
    uint32_t n, dst_len, msg_len;
    uint8_t *dst, *msg;
} fuzz_hash_input_t;

static inline fuzz_hash_input_t fuzz_hash_input(const uint8_t *data, size_t size) {
    fuzz_in_t in = {data, size};
    fuzz_hash_input_t h;
    h.sel = fuzz_byte(&in);
    h.dst_len = fuzz_u16(&in);
    h.n = fuzz_u16(&in);
    if (h.dst_len > in.left) h.dst_len = (uint32_t)in.left;
    h.dst = malloc(h.dst_len ? h.dst_len : 1);
    fuzz_take(&in, h.dst, h.dst_len);
    h.msg_len = (uint32_t)in.left;
    h.msg = malloc(h.msg_len ? h.msg_len : 1);
    fuzz_take(&in, h.msg, h.msg_len);
    return h;
}

static inline void fuzz_hash_input_free(fuzz_hash_input_t *h) {
    free(h->dst);
    free(h->msg);
}

/* ---- schoolbook big integers on the core's limbs -------------------------
 * Little-endian arrays of limb_t, at most REF_MAX limbs; deliberately the
 * slowest obvious algorithms (bit-serial reduction), independent of the
 * core's Montgomery arithmetic. */
#define REF_MAX (2 * FP_LIMBS + 2)

typedef struct {
    limb_t l[REF_MAX];
} ref_t;

static inline void ref_zero(ref_t *a) { memset(a, 0, sizeof *a); }

static inline void ref_from_be(ref_t *a, const uint8_t *be, size_t len) {
    ref_zero(a);
    for (size_t i = 0; i < len; i++) {
        size_t bit = 8 * (len - 1 - i);
        if (bit / LIMB_BITS < REF_MAX) a->l[bit / LIMB_BITS] |= (limb_t)be[i] << (bit % LIMB_BITS);
    }
}

static inline void ref_to_be(uint8_t *be, size_t len, const ref_t *a) {
    for (size_t i = 0; i < len; i++) {
        size_t bit = 8 * (len - 1 - i);
        be[i] = bit / LIMB_BITS < REF_MAX ? (uint8_t)(a->l[bit / LIMB_BITS] >> (bit % LIMB_BITS)) : 0;
    }
}

static inline int ref_cmp(const ref_t *a, const ref_t *b) {
    for (int i = REF_MAX - 1; i >= 0; i--)
        if (a->l[i] != b->l[i]) return a->l[i] < b->l[i] ? -1 : 1;
    return 0;
}

static inline int ref_is_zero(const ref_t *a) {
    ref_t z;
    ref_zero(&z);
    return ref_cmp(a, &z) == 0;
}

/* a - b, requires a >= b */
static inline void ref_sub(ref_t *r, const ref_t *a, const ref_t *b) {
    limb_t borrow = 0;
    for (int i = 0; i < REF_MAX; i++) {
        dlimb_t d = (dlimb_t)a->l[i] - b->l[i] - borrow;
        r->l[i] = (limb_t)d;
        borrow = (limb_t)(d >> (2 * LIMB_BITS - 1)) & 1;
    }
}

static inline void ref_add(ref_t *r, const ref_t *a, const ref_t *b) {
    limb_t carry = 0;
    for (int i = 0; i < REF_MAX; i++) {
        dlimb_t s = (dlimb_t)a->l[i] + b->l[i] + carry;
        r->l[i] = (limb_t)s;
        carry = (limb_t)(s >> LIMB_BITS);
    }
}

/* a * b; the operands must fit in half of REF_MAX limbs */
static inline void ref_mul(ref_t *r, const ref_t *a, const ref_t *b) {
    ref_t t;
    ref_zero(&t);
    for (int i = 0; i < REF_MAX / 2; i++) {
        limb_t carry = 0;
        for (int j = 0; j < REF_MAX / 2; j++) {
            dlimb_t s = (dlimb_t)a->l[i] * b->l[j] + t.l[i + j] + carry;
            t.l[i + j] = (limb_t)s;
            carry = (limb_t)(s >> LIMB_BITS);
        }
        t.l[i + REF_MAX / 2] = carry;
    }
    *r = t;
}

/* a mod m for m below 2^(LIMB_BITS FP_LIMBS), one bit at a time (the remainder stays below
 * 2m, within FP_LIMBS + 1 limbs) */
#define REF_REM (FP_LIMBS + 1)
static inline void ref_mod(ref_t *r, const ref_t *a, const ref_t *m) {
    ref_t rem;
    int bit = REF_MAX * LIMB_BITS - 1;
    ref_zero(&rem);
    while (bit >= 0 && !((a->l[bit / LIMB_BITS] >> (bit % LIMB_BITS)) & 1)) bit--;
    for (; bit >= 0; bit--) {
        for (int i = REF_REM - 1; i > 0; i--) rem.l[i] = rem.l[i] << 1 | rem.l[i - 1] >> (LIMB_BITS - 1);
        rem.l[0] = rem.l[0] << 1 | ((a->l[bit / LIMB_BITS] >> (bit % LIMB_BITS)) & 1);
        int ge = 1;
        for (int i = REF_REM - 1; i >= 0; i--)
            if (rem.l[i] != m->l[i]) {
                ge = rem.l[i] > m->l[i];
                break;
            }
        if (ge) {
            limb_t borrow = 0;
            for (int i = 0; i < REF_REM; i++) {
                dlimb_t d = (dlimb_t)rem.l[i] - m->l[i] - borrow;
                rem.l[i] = (limb_t)d;
                borrow = (limb_t)(d >> (2 * LIMB_BITS - 1)) & 1;
            }
        }
    }
    *r = rem;
}

static inline void ref_mulmod(ref_t *r, const ref_t *a, const ref_t *b, const ref_t *m) {
    ref_t t;
    ref_mul(&t, a, b);
    ref_mod(r, &t, m);
}

/* The moduli, big-endian (from the curve's definition), of the curve built
 * for: REF_P_BE has FUZZ_FP_BYTES bytes, REF_R_BE FUZZ_SCALAR_BYTES. For
 * the BN curves p = 36u^4 + 36u^3 + 24u^2 + 6u + 1, r = 36u^4 + 36u^3 +
 * 18u^2 + 6u + 1 with mcl's u for bn254_nogami, bn381 and bn462. */
#if defined(PYBLS_CURVE_BN254_NOGAMI)
static const uint8_t REF_P_BE[32] = {
    0x25, 0x23, 0x64, 0x82, 0x40, 0x00, 0x00, 0x01, 0xba, 0x34, 0x4d, 0x80, 0x00, 0x00, 0x00, 0x08,
    0x61, 0x21, 0x00, 0x00, 0x00, 0x00, 0x00, 0x13, 0xa7, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x13};
static const uint8_t REF_R_BE[32] = {
    0x25, 0x23, 0x64, 0x82, 0x40, 0x00, 0x00, 0x01, 0xba, 0x34, 0x4d, 0x80, 0x00, 0x00, 0x00, 0x07,
    0xff, 0x9f, 0x80, 0x00, 0x00, 0x00, 0x00, 0x10, 0xa1, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0d};
#elif defined(PYBLS_CURVE_BN381)
static const uint8_t REF_P_BE[48] = {
    0x24, 0x00, 0x26, 0x40, 0x0f, 0x3d, 0x82, 0xb2, 0xe4, 0x2d, 0xe1, 0x25, 0xb0, 0x01, 0x58, 0x40,
    0x5b, 0x71, 0x08, 0x18, 0xac, 0x00, 0x00, 0x08, 0x40, 0x04, 0x62, 0x00, 0x95, 0x04, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x13, 0x80, 0x05, 0x2e, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x13};
static const uint8_t REF_R_BE[48] = {
    0x24, 0x00, 0x26, 0x40, 0x0f, 0x3d, 0x82, 0xb2, 0xe4, 0x2d, 0xe1, 0x25, 0xb0, 0x01, 0x58, 0x40,
    0x5b, 0x71, 0x08, 0x18, 0xac, 0x00, 0x00, 0x07, 0xe0, 0x04, 0x2f, 0x00, 0x8e, 0x3e, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x10, 0x80, 0x04, 0x62, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0d};
#elif defined(PYBLS_CURVE_BN462)
static const uint8_t REF_P_BE[58] = {
    0x24, 0x04, 0x80, 0x36, 0x01, 0x20, 0x02, 0x3f, 0xff, 0xff, 0xff, 0xff, 0xf6, 0xff, 0x0c, 0xf6,
    0xb7, 0xd9, 0xbf, 0xca, 0x00, 0x00, 0x00, 0x00, 0x00, 0xd8, 0x12, 0x90, 0x8f, 0x41, 0xc8, 0x02,
    0x0f, 0xff, 0xff, 0xff, 0xff, 0xf6, 0xff, 0x66, 0xfc, 0x6f, 0xf6, 0x87, 0xf6, 0x40, 0x00, 0x00,
    0x00, 0x00, 0x24, 0x01, 0xb0, 0x08, 0x40, 0x13, 0x80, 0x13};
static const uint8_t REF_R_BE[58] = {
    0x24, 0x04, 0x80, 0x36, 0x01, 0x20, 0x02, 0x3f, 0xff, 0xff, 0xff, 0xff, 0xf6, 0xff, 0x0c, 0xf6,
    0xb7, 0xd9, 0xbf, 0xca, 0x00, 0x00, 0x00, 0x00, 0x00, 0xd8, 0x12, 0x90, 0x8e, 0xe1, 0xc2, 0x01,
    0xf7, 0xff, 0xff, 0xff, 0xff, 0xf6, 0xff, 0x66, 0xfc, 0x7b, 0xf7, 0x17, 0xf7, 0xc0, 0x00, 0x00,
    0x00, 0x00, 0x24, 0x01, 0xb0, 0x07, 0xe0, 0x10, 0x80, 0x0d};
#elif defined(PYBLS_CURVE_BLS48_581)
/* p = (t - 1)^2 r / 3 + t, r = t^16 - t^8 + 1, t = -1 + 2^7 - 2^10 - 2^30 - 2^32 */
static const uint8_t REF_P_BE[73] = {
    0x12, 0x80, 0xf7, 0x3f, 0xf3, 0x47, 0x6f, 0x31, 0x38, 0x24, 0xe3, 0x1d, 0x47, 0x01, 0x2a, 0x00,
    0x56, 0xe8, 0x4f, 0x8d, 0x12, 0x21, 0x31, 0xbb, 0x3b, 0xe6, 0xc0, 0xf1, 0xf3, 0x97, 0x54, 0x44,
    0xa4, 0x8a, 0xe4, 0x3a, 0xf6, 0xe0, 0x82, 0xac, 0xd9, 0xcd, 0x30, 0x39, 0x4f, 0x47, 0x36, 0xda,
    0xf6, 0x83, 0x67, 0xa5, 0x51, 0x31, 0x70, 0xee, 0x0a, 0x57, 0x8f, 0xdf, 0x72, 0x1a, 0x4a, 0x48,
    0xac, 0x3e, 0xdc, 0x15, 0x4e, 0x65, 0x65, 0x91, 0x2b};
static const uint8_t REF_R_BE[65] = {
    0x23, 0x86, 0xf8, 0xa9, 0x25, 0xe2, 0x88, 0x5e, 0x23, 0x3a, 0x9c, 0xcc, 0x16, 0x15, 0xc0, 0xd6,
    0xc6, 0x35, 0x38, 0x7a, 0x3f, 0x0b, 0x3c, 0xbe, 0x00, 0x3f, 0xad, 0x6b, 0xc9, 0x72, 0xc2, 0xe6,
    0xe7, 0x41, 0x96, 0x9d, 0x34, 0xc4, 0xc9, 0x20, 0x16, 0xa8, 0x5c, 0x7c, 0xd0, 0x56, 0x23, 0x03,
    0xc4, 0xcc, 0xbe, 0x59, 0x94, 0x67, 0xc2, 0x4d, 0xa1, 0x18, 0xa5, 0xfe, 0x6f, 0xcd, 0x67, 0x1c,
    0x01};
#elif defined(PYBLS_CURVE_BN254)
static const uint8_t REF_P_BE[32] = {
    0x30, 0x64, 0x4e, 0x72, 0xe1, 0x31, 0xa0, 0x29, 0xb8, 0x50, 0x45, 0xb6, 0x81, 0x81, 0x58, 0x5d,
    0x97, 0x81, 0x6a, 0x91, 0x68, 0x71, 0xca, 0x8d, 0x3c, 0x20, 0x8c, 0x16, 0xd8, 0x7c, 0xfd, 0x47};
static const uint8_t REF_R_BE[32] = {
    0x30, 0x64, 0x4e, 0x72, 0xe1, 0x31, 0xa0, 0x29, 0xb8, 0x50, 0x45, 0xb6, 0x81, 0x81, 0x58, 0x5d,
    0x28, 0x33, 0xe8, 0x48, 0x79, 0xb9, 0x70, 0x91, 0x43, 0xe1, 0xf5, 0x93, 0xf0, 0x00, 0x00, 0x01};
#else
static const uint8_t REF_P_BE[48] = {
    0x1a, 0x01, 0x11, 0xea, 0x39, 0x7f, 0xe6, 0x9a, 0x4b, 0x1b, 0xa7, 0xb6, 0x43, 0x4b, 0xac, 0xd7,
    0x64, 0x77, 0x4b, 0x84, 0xf3, 0x85, 0x12, 0xbf, 0x67, 0x30, 0xd2, 0xa0, 0xf6, 0xb0, 0xf6, 0x24,
    0x1e, 0xab, 0xff, 0xfe, 0xb1, 0x53, 0xff, 0xff, 0xb9, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xaa, 0xab};
static const uint8_t REF_R_BE[32] = {
    0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05,
    0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01};
#endif

/* 1 if the big-endian number is below the modulus (also big-endian, same length) */
static inline int ref_be_below(const uint8_t *x, const uint8_t *m, size_t len) {
    return memcmp(x, m, len) < 0;
}

#endif /* PYBLS_FUZZ_COMMON_H */
