/*
 * fuzz_decode_bls48_581.c - every decoder of BLS48-581's library on
 * arbitrary bytes: the properties and input layout of decode_checks.h (73-byte
 * G1 and 584-byte G2 encodings in the ZCash / IETF layout, 3504-byte GT,
 * 65-byte scalars), and besides the exact status the encodings give each
 * input, from computations other than the decoders':
 *
 *   - compressed: the flag bits C, I, S are the top three bits of the first
 *     byte; C = 0 is FLAGS; I = 1 is the identity if every other bit but C
 *     is zero, else FLAGS; otherwise NONCANONICAL exactly when x >= p (each
 *     of G2's eight coefficients), and on G1 NOT_ON_CURVE exactly when
 *     x^3 + 1 is not a square (its Legendre symbol, rather than the
 *     decoder's square root);
 *   - uncompressed x || y: C = 1 or S = 1 is FLAGS; I = 1 is the identity
 *     if every other bit is zero, else FLAGS; otherwise NONCANONICAL exactly
 *     when a coordinate is >= p, and on G1 NOT_ON_CURVE exactly when
 *     y^2 != x^3 + 1 by the schoolbook reference of fuzz_common.h;
 *   - GT: NONCANONICAL exactly when one of the 48 coefficients is >= p.
 */
#ifndef PYBLS_CURVE_BLS48_581
#error "fuzz_decode_bls48_581.c is built with BLS48-581's library (-DPYBLS_CURVE_BLS48_581)"
#endif

#include "decode_checks.h"

/* y^2 == x^3 + 1 for canonical coordinates x || y (G1: y^2 = x^3 + 1). */
static int ref_g1_on_curve(const uint8_t *xy) {
    ref_t p, x, y, lhs, rhs;
    ref_from_be(&p, REF_P_BE, FPB);
    ref_from_be(&x, xy, FPB);
    ref_from_be(&y, xy + FPB, FPB);
    ref_mulmod(&lhs, &y, &y, &p);
    ref_mulmod(&rhs, &x, &x, &p);
    ref_mulmod(&rhs, &rhs, &x, &p);
    ref_t one;
    ref_zero(&one);
    one.l[0] = 1;
    ref_add(&rhs, &rhs, &one);
    if (ref_cmp(&rhs, &p) >= 0) ref_sub(&rhs, &rhs, &p);
    return ref_cmp(&lhs, &rhs) == 0;
}

/* x^3 + 1 is a square in Fp (x canonical, big-endian). */
static int g1_rhs_is_square(const uint8_t *x_be) {
    uint8_t x[FUZZ_FP_SIZE], t[FUZZ_FP_SIZE], one[FUZZ_FP_SIZE], be[FPB] = {0};
    FUZZ_CHECK(pybls_fp_from_bytes(x, x_be) == PYBLS_OK, "canonical coordinate rejected");
    be[FPB - 1] = 1;
    FUZZ_CHECK(pybls_fp_from_bytes(one, be) == PYBLS_OK, "fp constant");
    pybls_fp_sqr(t, x);
    pybls_fp_mul(t, t, x);
    pybls_fp_add(t, t, one);
    return pybls_fp_legendre(t) >= 0;
}

/* The first byte's flags, and the encoding with them cleared. */
static void split_flags(uint8_t *out, uint8_t *flags, const uint8_t *in, size_t len) {
    memcpy(out, in, len);
    *flags = in[0] & 0xe0;
    out[0] &= 0x1f;
}

static void expect_point(int g2, const uint8_t *in, size_t len, uint32_t flags, int rc) {
    const size_t cb = g2 ? FUZZ_G2_COMPRESSED_BYTES : FUZZ_G1_COMPRESSED_BYTES;
    const int compressed = len == cb;
    uint8_t x[FUZZ_G2_UNCOMPRESSED_BYTES], f;
    split_flags(x, &f, in, len);
    if ((f & 0x80) != (compressed ? 0x80 : 0) || (!compressed && (f & 0x20))) {
        FUZZ_CHECK(rc == PYBLS_ERR_FLAGS, "flags %02x (compressed %d) gave %d", f, compressed, rc);
        return;
    }
    if (f & 0x40) {
        int rest = (f & 0x20) || !all_zero(x, len);
        FUZZ_CHECK(rc == (rest ? PYBLS_ERR_FLAGS : PYBLS_OK), "infinity flag gave %d (other bits set: %d)", rc, rest);
        return;
    }
    if (!be_coordinates_below_p(x, len / FPB)) {
        FUZZ_CHECK(rc == PYBLS_ERR_NONCANONICAL, "a coordinate >= p gave %d", rc);
        return;
    }
    FUZZ_CHECK(rc != PYBLS_ERR_NONCANONICAL && rc != PYBLS_ERR_FLAGS, "canonical coordinates gave %d", rc);
    if (!g2) {
        int on = compressed ? g1_rhs_is_square(x) : ref_g1_on_curve(x);
        FUZZ_CHECK(on ? rc == PYBLS_OK || rc == PYBLS_ERR_NOT_IN_SUBGROUP : rc == PYBLS_ERR_NOT_ON_CURVE,
                   "G1 (compressed %d, on the curve: %d) gave %d", compressed, on, rc);
    }
}

/* from_affine_bytes: big-endian x || y without flags. */
static void expect_affine(int g2, const uint8_t *xy, int rc) {
    const size_t n = g2 ? 2 * CURVE_G2_DEGREE : 2;
    if (!be_coordinates_below_p(xy, n)) {
        FUZZ_CHECK(rc == PYBLS_ERR_NONCANONICAL, "a coordinate >= p gave %d", rc);
        return;
    }
    if (!g2) {
        int on = ref_g1_on_curve(xy);
        FUZZ_CHECK(on ? rc == PYBLS_OK || rc == PYBLS_ERR_NOT_IN_SUBGROUP : rc == PYBLS_ERR_NOT_ON_CURVE,
                   "G1 affine (on the curve: %d) gave %d", on, rc);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    decode_input_t d;
    if (!decode_parse(&d, data, size)) return 0;
    int rc = decode_check(&d);
    switch (d.sel) {
    case 0:
    case 1: {
        const size_t cb = d.sel ? FUZZ_G2_COMPRESSED_BYTES : FUZZ_G1_COMPRESSED_BYTES;
        if (d.len == cb || d.len == 2 * cb) expect_point(d.sel, d.in, d.len, d.flags, rc);
        break;
    }
    case 2: expect_gt_be(d.in, d.len, rc); break;
    case 6:
    case 7: expect_affine(d.sel - 6, d.buf, rc); break;
    default: break; /* scalars and Fp: their exact status is checked by decode_checks.h */
    }
    return 0;
}
