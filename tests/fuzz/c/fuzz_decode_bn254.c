/*
 * fuzz_decode_bn254.c - every decoder of BN254's library (EIP-196/197
 * encodings) on arbitrary bytes: the properties and input layout of
 * decode_checks.h, as fuzz_decode.c for BLS12-381, and besides the exact
 * status the encodings give each input, from computations other than the
 * decoders':
 *
 *   - x || y (uncompressed, and the coordinates of from_affine_bytes): all
 *     zero is the identity (decode only: from_affine_bytes finds (0, 0) off
 *     the curve, as b != 0); else NONCANONICAL when a coordinate is >= p
 *     (flag bits included: never FLAGS), else NOT_ON_CURVE exactly when
 *     y^2 != x^3 + 3 on G1, (y^2 - x^3)(9 + u) != 3 on G2 (b' = 3 / (9 + u))
 *     by the schoolbook reference of fuzz_common.h;
 *   - x compressed: top bits 01 and every other bit zero is the identity, 01
 *     with another bit set or 00 is FLAGS; 10 and 11: NONCANONICAL when x >= p,
 *     else NOT_ON_CURVE exactly when x^3 + b is not a square (its Legendre
 *     symbol, of its norm on G2, rather than the decoder's square root);
 *   - a point on the curve decodes, except that G2 may be NOT_IN_SUBGROUP
 *     when its subgroup is checked (G1, of cofactor 1, never is);
 *   - GT: NONCANONICAL exactly when one of the 12 coefficients is >= p.
 */
#ifndef PYBLS_CURVE_BN254
#error "fuzz_decode_bn254.c is built with BN254's library (-DPYBLS_CURVE_BN254)"
#endif

#include "decode_checks.h"

/* ---- the curve equations on the schoolbook reference (values below p) --- */

static void ref_small(ref_t *a, unsigned v) {
    ref_zero(a);
    a->l[0] = v;
}

static void ref_addmod(ref_t *r, const ref_t *a, const ref_t *b, const ref_t *p) {
    ref_add(r, a, b);
    if (ref_cmp(r, p) >= 0) ref_sub(r, r, p);
}

static void ref_submod(ref_t *r, const ref_t *a, const ref_t *b, const ref_t *p) {
    if (ref_cmp(a, b) >= 0) {
        ref_sub(r, a, b);
    } else {
        ref_t t;
        ref_add(&t, a, p);
        ref_sub(r, &t, b);
    }
}

/* Fp2 = Fp[u]/(u^2 + 1), c0 + c1 u; encoded c1 || c0. */
typedef struct {
    ref_t c0, c1;
} ref2_t;

static void ref2_from_be(ref2_t *a, const uint8_t *be) {
    ref_from_be(&a->c1, be, FPB);
    ref_from_be(&a->c0, be + FPB, FPB);
}

static void ref2_mul(ref2_t *r, const ref2_t *a, const ref2_t *b, const ref_t *p) {
    ref_t t00, t11, t01, t10;
    ref_mulmod(&t00, &a->c0, &b->c0, p);
    ref_mulmod(&t11, &a->c1, &b->c1, p);
    ref_mulmod(&t01, &a->c0, &b->c1, p);
    ref_mulmod(&t10, &a->c1, &b->c0, p);
    ref_submod(&r->c0, &t00, &t11, p);
    ref_addmod(&r->c1, &t01, &t10, p);
}

/* y^2 == x^3 + 3 for canonical coordinates x || y */
static int ref_g1_on_curve(const uint8_t *xy) {
    ref_t p, x, y, lhs, rhs, three;
    ref_from_be(&p, REF_P_BE, FPB);
    ref_from_be(&x, xy, FPB);
    ref_from_be(&y, xy + FPB, FPB);
    ref_mulmod(&lhs, &y, &y, &p);
    ref_mulmod(&rhs, &x, &x, &p);
    ref_mulmod(&rhs, &rhs, &x, &p);
    ref_small(&three, 3);
    ref_addmod(&rhs, &rhs, &three, &p);
    return ref_cmp(&lhs, &rhs) == 0;
}

/* y^2 == x^3 + 3 / (9 + u), checked as (y^2 - x^3)(9 + u) == 3 */
static int ref_g2_on_curve(const uint8_t *xy) {
    ref_t p, nine, t0, t1, three, zero;
    ref2_t x, y, y2, x3, d;
    ref_from_be(&p, REF_P_BE, FPB);
    ref2_from_be(&x, xy);
    ref2_from_be(&y, xy + 2 * FPB);
    ref2_mul(&y2, &y, &y, &p);
    ref2_mul(&x3, &x, &x, &p);
    ref2_mul(&x3, &x3, &x, &p);
    ref_submod(&d.c0, &y2.c0, &x3.c0, &p);
    ref_submod(&d.c1, &y2.c1, &x3.c1, &p);
    /* (d0 + d1 u)(9 + u) = (9 d0 - d1) + (d0 + 9 d1) u */
    ref_small(&nine, 9);
    ref_mulmod(&t0, &d.c0, &nine, &p);
    ref_submod(&t0, &t0, &d.c1, &p);
    ref_mulmod(&t1, &d.c1, &nine, &p);
    ref_addmod(&t1, &t1, &d.c0, &p);
    ref_small(&three, 3);
    ref_zero(&zero);
    return ref_cmp(&t0, &three) == 0 && ref_cmp(&t1, &zero) == 0;
}

/* ---- whether x^3 + b is a square, by Legendre symbols (the core's Fp) ---- */

static void fp_small(uint8_t out[PYBLS_FP_SIZE], unsigned v) {
    uint8_t be[FPB] = {0};
    be[FPB - 1] = (uint8_t)v;
    FUZZ_CHECK(pybls_fp_from_bytes(out, be) == PYBLS_OK, "fp constant");
}

static void fp_arg(uint8_t out[PYBLS_FP_SIZE], const uint8_t *be) {
    FUZZ_CHECK(pybls_fp_from_bytes(out, be) == PYBLS_OK, "canonical coordinate rejected");
}

/* x^3 + 3 on G1; on G2 the norm of x^3 + b', b' = 3 / (9 + u) = (27 - 3 u) / 82,
 * which is a square in Fp exactly when x^3 + b' is one in Fp2. */
static int rhs_is_square(int g2, const uint8_t *x_be) {
    uint8_t t[PYBLS_FP_SIZE], u[PYBLS_FP_SIZE];
    if (!g2) {
        uint8_t x[PYBLS_FP_SIZE];
        fp_arg(x, x_be);
        pybls_fp_sqr(t, x);
        pybls_fp_mul(t, t, x);
        fp_small(u, 3);
        pybls_fp_add(t, t, u);
        return pybls_fp_legendre(t) >= 0;
    }
    uint8_t x0[PYBLS_FP_SIZE], x1[PYBLS_FP_SIZE], s0[PYBLS_FP_SIZE], s1[PYBLS_FP_SIZE];
    uint8_t c0[PYBLS_FP_SIZE], c1[PYBLS_FP_SIZE], inv82[PYBLS_FP_SIZE], b[PYBLS_FP_SIZE];
    fp_arg(x1, x_be);
    fp_arg(x0, x_be + FPB);
    /* s = x^2 = (x0^2 - x1^2) + 2 x0 x1 u */
    pybls_fp_sqr(t, x0);
    pybls_fp_sqr(u, x1);
    pybls_fp_sub(s0, t, u);
    pybls_fp_mul(s1, x0, x1);
    pybls_fp_add(s1, s1, s1);
    /* c = s x = (s0 x0 - s1 x1) + (s0 x1 + s1 x0) u */
    pybls_fp_mul(t, s0, x0);
    pybls_fp_mul(u, s1, x1);
    pybls_fp_sub(c0, t, u);
    pybls_fp_mul(t, s0, x1);
    pybls_fp_mul(u, s1, x0);
    pybls_fp_add(c1, t, u);
    /* + b' */
    fp_small(t, 82);
    FUZZ_CHECK(pybls_fp_inv(inv82, t) == PYBLS_OK, "1 / 82");
    fp_small(t, 27);
    pybls_fp_mul(b, t, inv82);
    pybls_fp_add(c0, c0, b);
    fp_small(t, 3);
    pybls_fp_mul(b, t, inv82);
    pybls_fp_sub(c1, c1, b);
    /* the norm c0^2 + c1^2 */
    pybls_fp_sqr(t, c0);
    pybls_fp_sqr(u, c1);
    pybls_fp_add(t, t, u);
    return pybls_fp_legendre(t) >= 0;
}

/* ---- the expected statuses ---------------------------------------------- */

/* A point on the curve: decoded, or for G2 outside the subgroup when it is checked. */
static void expect_on_curve(int g2, uint32_t flags, int rc, const char *what) {
    int subgroup_checked = g2 && !(flags & PYBLS_DECODE_SKIP_SUBGROUP_CHECK);
    FUZZ_CHECK(rc == PYBLS_OK || (subgroup_checked && rc == PYBLS_ERR_NOT_IN_SUBGROUP),
               "%s on the curve gave %d (G%d, flags %u)", what, rc, g2 + 1, flags);
}

/* x || y, as decode takes it (affine = 0) or from_affine_bytes (affine = 1). */
static void expect_coordinates(int g2, const uint8_t *xy, uint32_t flags, int rc, int affine) {
    const size_t n = g2 ? 4 : 2; /* coordinates of FPB bytes */
    if (!affine && all_zero(xy, n * FPB)) {
        FUZZ_CHECK(rc == PYBLS_OK, "all-zero encoding (the identity) gave %d", rc);
        return;
    }
    if (!be_coordinates_below_p(xy, n)) {
        FUZZ_CHECK(rc == PYBLS_ERR_NONCANONICAL, "a coordinate >= p gave %d", rc);
        return;
    }
    if (!(g2 ? ref_g2_on_curve(xy) : ref_g1_on_curve(xy))) {
        FUZZ_CHECK(rc == PYBLS_ERR_NOT_ON_CURVE, "a point off the curve gave %d", rc);
        return;
    }
    expect_on_curve(g2, flags, rc, "x || y");
}

static void expect_compressed(int g2, const uint8_t *in, uint32_t flags, int rc) {
    const size_t cb = g2 ? FUZZ_G2_COMPRESSED_BYTES : FUZZ_G1_COMPRESSED_BYTES;
    const uint8_t top = in[0] & 0xc0;
    uint8_t x[2 * FPB];
    if (top == 0x40) {
        int rest = (in[0] & 0x3f) || !all_zero(in + 1, cb - 1);
        FUZZ_CHECK(rc == (rest ? PYBLS_ERR_FLAGS : PYBLS_OK), "identity flag gave %d (other bits set: %d)", rc, rest);
        return;
    }
    if (top == 0) {
        FUZZ_CHECK(rc == PYBLS_ERR_FLAGS, "no compression flag gave %d", rc);
        return;
    }
    memcpy(x, in, cb);
    x[0] &= 0x3f;
    if (!be_coordinates_below_p(x, cb / FPB)) {
        FUZZ_CHECK(rc == PYBLS_ERR_NONCANONICAL, "compressed x >= p gave %d", rc);
        return;
    }
    if (!rhs_is_square(g2, x)) {
        FUZZ_CHECK(rc == PYBLS_ERR_NOT_ON_CURVE, "x^3 + b not a square gave %d", rc);
        return;
    }
    expect_on_curve(g2, flags, rc, "compressed x");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    decode_input_t d;
    if (!decode_parse(&d, data, size)) return 0;
    int rc = decode_check(&d);
    switch (d.sel) {
    case 0:
    case 1: {
        const int g2 = d.sel;
        const size_t cb = g2 ? FUZZ_G2_COMPRESSED_BYTES : FUZZ_G1_COMPRESSED_BYTES;
        if (d.len == 2 * cb) expect_coordinates(g2, d.in, d.flags, rc, 0);
        if (d.len == cb) expect_compressed(g2, d.in, d.flags, rc);
        break;
    }
    case 2: expect_gt_be(d.in, d.len, rc); break;
    case 6:
    case 7: expect_coordinates(d.sel - 6, d.buf, d.flags, rc, 1); break;
    default: break; /* scalars and Fp: their exact status is checked by decode_checks.h */
    }
    return 0;
}
