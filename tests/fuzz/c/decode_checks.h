/*
 * decode_checks.h - the properties of pybls.h's decoders that hold on every
 * curve, for the decode targets (fuzz_decode.c for BLS12-381,
 * fuzz_decode_<curve>.c for the others), with the sizes and the point
 * encoding of the curve built for.
 *
 * Input layout: a selector byte, a flags byte (bit 0: skip the subgroup
 * check), then the bytes to decode. Besides "no crash, no sanitizer
 * report", a decoder that accepts must have been given the one canonical
 * encoding of what it returns (re-encoding gives the input back), and what
 * it returns must satisfy what the status promises (on the curve, in the
 * subgroup, below the modulus).
 *
 *   selector % 8   decoder
 *   0, 1           g1_decode, g2_decode (the rest of the input, any length)
 *   2              gt_decode (any length)
 *   3              scalar_from_bytes (the scalar size)
 *   4              scalar_from_bytes_wide (any length)
 *   5              fp_from_bytes (an Fp encoding)
 *   6, 7           g1_from_affine_bytes, g2_from_affine_bytes (x || y)
 *
 * Inputs shorter than a fixed size are padded with zeros (fuzz_take).
 */
#ifndef PYBLS_FUZZ_DECODE_CHECKS_H
#define PYBLS_FUZZ_DECODE_CHECKS_H

#include "fuzz_common.h"

#define FPB FUZZ_FP_BYTES

/* 1 if the n bytes are all zero (the encodings' identity and padding). */
static inline int all_zero(const uint8_t *b, size_t n) {
    uint8_t acc = 0;
    for (size_t i = 0; i < n; i++) acc |= b[i];
    return acc == 0;
}

/* 1 if each of the n big-endian coordinates of FPB bytes is below p. */
static inline int be_coordinates_below_p(const uint8_t *b, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!ref_be_below(b + i * FPB, REF_P_BE, FPB)) return 0;
    return 1;
}

/* A GT encoding of big-endian coefficients is NONCANONICAL exactly when
 * one of them is >= p (other lengths: PYBLS_ERR_LENGTH, check_gt's). */
static inline void expect_gt_be(const uint8_t *in, size_t len, int rc) {
    if (len != FUZZ_GT_BYTES) return;
    int canonical = be_coordinates_below_p(in, FUZZ_GT_BYTES / FPB);
    FUZZ_CHECK((rc == PYBLS_ERR_NONCANONICAL) == !canonical, "GT status %d, coefficients below p %d", rc, canonical);
}

/* One parsed input: the decoder, its flags and the bytes it is given. */
typedef struct {
    int sel;        /* 0 to 7, as above */
    uint32_t flags; /* PYBLS_DECODE_SKIP_SUBGROUP_CHECK or 0 */
    const uint8_t *in;
    size_t len;
    uint8_t buf[2 * FUZZ_G2_COMPRESSED_BYTES]; /* the fixed-size input of selectors 3, 5, 6, 7 */
} decode_input_t;

/* 0 for an input too short to have a selector and flags. */
static int decode_parse(decode_input_t *d, const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    d->sel = data[0] % 8;
    d->flags = data[1] & 1 ? PYBLS_DECODE_SKIP_SUBGROUP_CHECK : 0;
    d->in = data + 2;
    d->len = size - 2;
    fuzz_in_t cur = {d->in, d->len};
    switch (d->sel) {
    case 3: fuzz_take(&cur, d->buf, FUZZ_SCALAR_BYTES); break;
    case 5: fuzz_take(&cur, d->buf, FUZZ_FP_BYTES); break;
    case 6: fuzz_take(&cur, d->buf, 2 * FUZZ_G1_COMPRESSED_BYTES); break;
    case 7: fuzz_take(&cur, d->buf, 2 * FUZZ_G2_COMPRESSED_BYTES); break;
    default: memset(d->buf, 0, sizeof d->buf);
    }
    return 1;
}

static int check_point(int g2, const uint8_t *in, size_t len, uint32_t flags) {
    uint8_t p[FUZZ_G2_SIZE], q[FUZZ_G2_SIZE], enc[FUZZ_G2_UNCOMPRESSED_BYTES];
    const size_t cb = g2 ? FUZZ_G2_COMPRESSED_BYTES : FUZZ_G1_COMPRESSED_BYTES;
    const int rc0 = g2 ? pybls_g2_decode(p, in, (uint32_t)len, flags) : pybls_g1_decode(p, in, (uint32_t)len, flags);
    int rc = rc0;
    if (len != cb && len != 2 * cb) {
        FUZZ_CHECK(rc == PYBLS_ERR_LENGTH, "length %zu gave %d", len, rc);
        return rc0;
    }
    FUZZ_CHECK(rc <= 0 && rc >= PYBLS_ERR_NOT_IN_SUBGROUP, "unexpected status %d", rc);
    if (rc == PYBLS_ERR_NOT_IN_SUBGROUP) {
        /* the same bytes without the subgroup check must decode */
        int rc2 = g2 ? pybls_g2_decode(q, in, (uint32_t)len, PYBLS_DECODE_SKIP_SUBGROUP_CHECK)
                     : pybls_g1_decode(q, in, (uint32_t)len, PYBLS_DECODE_SKIP_SUBGROUP_CHECK);
        FUZZ_CHECK(rc2 == PYBLS_OK, "rejected for the subgroup but %d without the check", rc2);
        FUZZ_CHECK(!(g2 ? pybls_g2_in_subgroup(q) : pybls_g1_in_subgroup(q)), "in_subgroup disagrees");
        return rc0;
    }
    if (rc != PYBLS_OK) return rc0;
    FUZZ_CHECK(g2 ? pybls_g2_is_on_curve(p) : pybls_g1_is_on_curve(p), "decoded point off the curve");
    if (!(flags & PYBLS_DECODE_SKIP_SUBGROUP_CHECK))
        FUZZ_CHECK(g2 ? pybls_g2_in_subgroup(p) : pybls_g1_in_subgroup(p), "decoded point not in subgroup");
    if (len == cb) {
        if (g2) pybls_g2_compress(enc, p); else pybls_g1_compress(enc, p);
    } else {
        if (g2) pybls_g2_serialize(enc, p); else pybls_g1_serialize(enc, p);
    }
    FUZZ_CHECK(memcmp(enc, in, len) == 0, "accepted a non-canonical encoding");
    /* the other encoding decodes to the same point */
    if (len == cb) {
        if (g2) pybls_g2_serialize(enc, p); else pybls_g1_serialize(enc, p);
    } else {
        if (g2) pybls_g2_compress(enc, p); else pybls_g1_compress(enc, p);
    }
    size_t other = len == cb ? 2 * cb : cb;
    rc = g2 ? pybls_g2_decode(q, enc, (uint32_t)other, flags) : pybls_g1_decode(q, enc, (uint32_t)other, flags);
    FUZZ_CHECK(rc == PYBLS_OK, "re-encoding rejected (%d)", rc);
    FUZZ_CHECK(g2 ? pybls_g2_eq(p, q) : pybls_g1_eq(p, q), "re-encoding decodes to another point");
    return rc0;
}

/* The uncompressed encoding's x || y and from_affine_bytes's big-endian
 * coordinates (of cb bytes each) into each other: the same bytes, except in
 * mcl's serialization, whose coordinates are little-endian (an Fp2 one c0
 * first: the whole coordinate reversed). */
static void encoding_coordinates(uint8_t *out, const uint8_t *in, size_t cb) {
#if CURVE_ENCODING_MCL
    for (size_t c = 0; c < 2; c++)
        for (size_t i = 0; i < cb; i++) out[c * cb + i] = in[c * cb + cb - 1 - i];
#else
    memcpy(out, in, 2 * cb);
#endif
}

static int check_affine(int g2, const uint8_t *xy, uint32_t flags) {
    uint8_t p[FUZZ_G2_SIZE], enc[FUZZ_G2_UNCOMPRESSED_BYTES], be[FUZZ_G2_UNCOMPRESSED_BYTES];
    const size_t cb = g2 ? FUZZ_G2_COMPRESSED_BYTES : FUZZ_G1_COMPRESSED_BYTES;
    const int rc0 = g2 ? pybls_g2_from_affine_bytes(p, xy, xy + cb, flags) : pybls_g1_from_affine_bytes(p, xy, xy + cb, flags);
    int rc = rc0;
    FUZZ_CHECK(rc <= 0 && rc >= PYBLS_ERR_NOT_IN_SUBGROUP && rc != PYBLS_ERR_LENGTH && rc != PYBLS_ERR_FLAGS,
               "unexpected status %d", rc);
    if (rc != PYBLS_OK) return rc0;
    FUZZ_CHECK(g2 ? pybls_g2_is_on_curve(p) : pybls_g1_is_on_curve(p), "point off the curve");
    FUZZ_CHECK(!(g2 ? pybls_g2_is_identity(p) : pybls_g1_is_identity(p)), "affine coordinates gave the identity");
    if (g2) pybls_g2_serialize(enc, p); else pybls_g1_serialize(enc, p);
    encoding_coordinates(be, enc, cb);
    FUZZ_CHECK(memcmp(be, xy, 2 * cb) == 0, "coordinates do not round-trip");
    /* the same coordinates as an uncompressed encoding decode alike */
    uint8_t q[FUZZ_G2_SIZE];
    encoding_coordinates(enc, xy, cb);
    rc = g2 ? pybls_g2_decode(q, enc, (uint32_t)(2 * cb), flags) : pybls_g1_decode(q, enc, (uint32_t)(2 * cb), flags);
    FUZZ_CHECK(rc == PYBLS_OK && (g2 ? pybls_g2_eq(p, q) : pybls_g1_eq(p, q)), "decode disagrees (%d)", rc);
    return rc0;
}

static int check_gt(const uint8_t *in, size_t len) {
    uint8_t a[FUZZ_GT_SIZE], enc[FUZZ_GT_BYTES];
    int rc = pybls_gt_decode(a, in, (uint32_t)len);
    if (len != FUZZ_GT_BYTES) {
        FUZZ_CHECK(rc == PYBLS_ERR_LENGTH, "length %zu gave %d", len, rc);
        return rc;
    }
    FUZZ_CHECK(rc == PYBLS_OK || rc == PYBLS_ERR_NONCANONICAL || rc == PYBLS_ERR_NOT_IN_SUBGROUP,
               "unexpected status %d", rc);
    if (rc != PYBLS_OK) return rc;
    pybls_gt_encode(enc, a);
    FUZZ_CHECK(memcmp(enc, in, len) == 0, "GT encoding does not round-trip");
    /* an element of order r: a^(r-1) == a^-1 */
    uint8_t k[FUZZ_SCALAR_SIZE], rm1[FUZZ_SCALAR_BYTES], x[FUZZ_GT_SIZE], y[FUZZ_GT_SIZE];
    memcpy(rm1, REF_R_BE, FUZZ_SCALAR_BYTES);
    rm1[FUZZ_SCALAR_BYTES - 1] -= 1;
    FUZZ_CHECK(pybls_scalar_from_bytes(k, rm1) == PYBLS_OK, "r - 1");
    pybls_gt_pow(x, a, k);
    pybls_gt_inv(y, a);
    FUZZ_CHECK(pybls_gt_eq(x, y), "a^(r-1) != a^-1");
    return rc;
}

static int check_scalar(const uint8_t *in32) {
    uint8_t a[FUZZ_SCALAR_SIZE], enc[FUZZ_SCALAR_BYTES];
    int rc = pybls_scalar_from_bytes(a, in32);
    int below = ref_be_below(in32, REF_R_BE, FUZZ_SCALAR_BYTES);
    FUZZ_CHECK(below ? rc == PYBLS_OK : rc == PYBLS_ERR_NONCANONICAL, "scalar status %d, below r %d", rc, below);
    if (rc != PYBLS_OK) return rc;
    pybls_scalar_to_bytes(enc, a);
    FUZZ_CHECK(memcmp(enc, in32, FUZZ_SCALAR_BYTES) == 0, "scalar does not round-trip");
    static const uint8_t zero[FUZZ_SCALAR_BYTES];
    FUZZ_CHECK(pybls_scalar_is_zero(a) == !memcmp(in32, zero, FUZZ_SCALAR_BYTES), "is_zero wrong");
    return rc;
}

static int check_scalar_wide(const uint8_t *in, size_t len) {
    uint8_t a[FUZZ_SCALAR_SIZE], enc[FUZZ_SCALAR_BYTES], want[FUZZ_SCALAR_BYTES];
    int rc = pybls_scalar_from_bytes_wide(a, in, (uint32_t)len);
    if (len > 2 * FUZZ_SCALAR_BYTES) {
        FUZZ_CHECK(rc == PYBLS_ERR_LENGTH, "wide length %zu gave %d", len, rc);
        return rc;
    }
    FUZZ_CHECK(rc == PYBLS_OK, "wide status %d", rc);
    ref_t x, r;
    ref_from_be(&x, in, len);
    ref_from_be(&r, REF_R_BE, FUZZ_SCALAR_BYTES);
    ref_mod(&x, &x, &r);
    ref_to_be(want, FUZZ_SCALAR_BYTES, &x);
    pybls_scalar_to_bytes(enc, a);
    FUZZ_CHECK(memcmp(enc, want, FUZZ_SCALAR_BYTES) == 0, "wide reduction differs from the reference");
    return rc;
}

static int check_fp(const uint8_t *in) {
    uint8_t a[FUZZ_FP_SIZE], enc[FUZZ_FP_BYTES];
    int rc = pybls_fp_from_bytes(a, in);
    int below = ref_be_below(in, REF_P_BE, FUZZ_FP_BYTES);
    FUZZ_CHECK(below ? rc == PYBLS_OK : rc == PYBLS_ERR_NONCANONICAL, "fp status %d, below p %d", rc, below);
    if (rc != PYBLS_OK) return rc;
    pybls_fp_to_bytes(enc, a);
    FUZZ_CHECK(memcmp(enc, in, FUZZ_FP_BYTES) == 0, "fp does not round-trip");
    return rc;
}

/* Runs the decoder the input selects and checks the properties above;
 * returns its status. */
static int decode_check(const decode_input_t *d) {
    switch (d->sel) {
    case 0: return check_point(0, d->in, d->len, d->flags);
    case 1: return check_point(1, d->in, d->len, d->flags);
    case 2: return check_gt(d->in, d->len);
    case 3: return check_scalar(d->buf);
    case 4: return check_scalar_wide(d->in, d->len);
    case 5: return check_fp(d->buf);
    case 6: return check_affine(0, d->buf, d->flags);
    default: return check_affine(1, d->buf, d->flags);
    }
}

#endif /* PYBLS_FUZZ_DECODE_CHECKS_H */
