/*
 * decode_mcl.h - the decode target of a curve with mcl's serialization
 * (fuzz_decode_bn254_nogami.c, fuzz_decode_bn381.c, fuzz_decode_bn462.c):
 * the properties and input layout of decode_checks.h, and besides the exact
 * status mcl's encoding gives each point input, from computations other than
 * the decoders':
 *
 *   - coordinates are little-endian (an Fp2 one c0 first); all zero is the
 *     identity (decode only: from_affine_bytes, big-endian, finds (0, 0)
 *     off the curve, as b != 0);
 *   - x || y: NONCANONICAL when a coordinate is >= p, else NOT_ON_CURVE
 *     exactly when y^2 != x^3 + b on G1, (y^2 - x^3)(xi) != b on G2
 *     (b' = b / xi, xi = XI_C0 + u), by the schoolbook reference of
 *     fuzz_common.h;
 *   - x compressed, the parity of y in the top bit of the last byte:
 *     NONCANONICAL when x (that bit cleared) is >= p; on G1 NOT_ON_CURVE
 *     exactly when x^3 + b is not a square (its Legendre symbol, not the
 *     decoder's square root);
 *   - a point on the curve decodes, except that G2 may be NOT_IN_SUBGROUP
 *     when its subgroup is checked (G1, of cofactor 1, never is).
 *
 * The includer defines CURVE_B_SMALL (b) and CURVE_XI_SMALL (XI_C0), from
 * the curve's definition.
 */
#ifndef PYBLS_FUZZ_DECODE_MCL_H
#define PYBLS_FUZZ_DECODE_MCL_H

#include "decode_checks.h"

#if !CURVE_ENCODING_MCL
#error "decode_mcl.h is for the curves with mcl's serialization"
#endif


/* n little-endian coordinates of FPB bytes into big-endian ones (an Fp2
 * coordinate: c1 || c0, as the reference below reads it) */
static void coordinates_be(uint8_t *be, const uint8_t *le, size_t n, int g2) {
    const size_t cb = g2 ? 2 * FPB : FPB;
    for (size_t c = 0; c < n * FPB / cb; c++)
        for (size_t i = 0; i < cb; i++) be[c * cb + i] = le[c * cb + cb - 1 - i];
}

static int coordinates_below_p(const uint8_t *be, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!ref_be_below(be + i * FPB, REF_P_BE, FPB)) return 0;
    return 1;
}

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

/* Fp2 = Fp[u]/(u^2 + 1), c0 + c1 u, from big-endian c1 || c0 */
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

/* y^2 == x^3 + b, big-endian canonical x || y */
static int ref_g1_on_curve(const uint8_t *xy) {
    ref_t p, x, y, lhs, rhs, b;
    ref_from_be(&p, REF_P_BE, FPB);
    ref_from_be(&x, xy, FPB);
    ref_from_be(&y, xy + FPB, FPB);
    ref_mulmod(&lhs, &y, &y, &p);
    ref_mulmod(&rhs, &x, &x, &p);
    ref_mulmod(&rhs, &rhs, &x, &p);
    ref_small(&b, CURVE_B_SMALL);
    ref_addmod(&rhs, &rhs, &b, &p);
    return ref_cmp(&lhs, &rhs) == 0;
}

/* y^2 == x^3 + b / xi, checked as (y^2 - x^3) xi == b */
static int ref_g2_on_curve(const uint8_t *xy) {
    ref_t p, xi0, t0, t1, b, zero;
    ref2_t x, y, y2, x3, d;
    ref_from_be(&p, REF_P_BE, FPB);
    ref2_from_be(&x, xy);
    ref2_from_be(&y, xy + 2 * FPB);
    ref2_mul(&y2, &y, &y, &p);
    ref2_mul(&x3, &x, &x, &p);
    ref2_mul(&x3, &x3, &x, &p);
    ref_submod(&d.c0, &y2.c0, &x3.c0, &p);
    ref_submod(&d.c1, &y2.c1, &x3.c1, &p);
    /* (d0 + d1 u)(xi0 + u) = (xi0 d0 - d1) + (d0 + xi0 d1) u */
    ref_small(&xi0, CURVE_XI_SMALL);
    ref_mulmod(&t0, &d.c0, &xi0, &p);
    ref_submod(&t0, &t0, &d.c1, &p);
    ref_mulmod(&t1, &d.c1, &xi0, &p);
    ref_addmod(&t1, &t1, &d.c0, &p);
    ref_small(&b, CURVE_B_SMALL);
    ref_zero(&zero);
    return ref_cmp(&t0, &b) == 0 && ref_cmp(&t1, &zero) == 0;
}

/* x^3 + b a square in Fp (x big-endian, canonical), by the core's Legendre symbol */
static int g1_rhs_is_square(const uint8_t *x_be) {
    uint8_t x[FUZZ_FP_SIZE], t[FUZZ_FP_SIZE], b[FUZZ_FP_SIZE], b_be[FPB] = {0};
    FUZZ_CHECK(pybls_fp_from_bytes(x, x_be) == PYBLS_OK, "canonical coordinate rejected");
    b_be[FPB - 1] = CURVE_B_SMALL;
    FUZZ_CHECK(pybls_fp_from_bytes(b, b_be) == PYBLS_OK, "b");
    pybls_fp_sqr(t, x);
    pybls_fp_mul(t, t, x);
    pybls_fp_add(t, t, b);
    return pybls_fp_legendre(t) >= 0;
}

static void expect_on_curve(int g2, uint32_t flags, int rc, const char *what) {
    int subgroup_checked = g2 && !(flags & PYBLS_DECODE_SKIP_SUBGROUP_CHECK);
    FUZZ_CHECK(rc == PYBLS_OK || (subgroup_checked && rc == PYBLS_ERR_NOT_IN_SUBGROUP),
               "%s on the curve gave %d (G%d, flags %u)", what, rc, g2 + 1, flags);
}

/* big-endian x || y (from_affine_bytes's, or an uncompressed encoding's
 * turned around), the identity allowed when `identity` */
static void expect_coordinates(int g2, const uint8_t *xy, uint32_t flags, int rc, int identity) {
    const size_t n = g2 ? 4 : 2;
    if (identity && all_zero(xy, n * FPB)) {
        FUZZ_CHECK(rc == PYBLS_OK, "all-zero encoding (the identity) gave %d", rc);
        return;
    }
    if (!coordinates_below_p(xy, n)) {
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
    uint8_t le[2 * FPB], x[2 * FPB];
    if (all_zero(in, cb)) {
        FUZZ_CHECK(rc == PYBLS_OK, "all-zero encoding (the identity) gave %d", rc);
        return;
    }
    memcpy(le, in, cb);
    le[cb - 1] &= 0x7f; /* the parity of y */
    coordinates_be(x, le, cb / FPB, g2);
    if (!coordinates_below_p(x, cb / FPB)) {
        FUZZ_CHECK(rc == PYBLS_ERR_NONCANONICAL, "compressed x >= p gave %d", rc);
        return;
    }
    FUZZ_CHECK(rc != PYBLS_ERR_NONCANONICAL && rc != PYBLS_ERR_FLAGS && rc != PYBLS_ERR_LENGTH,
               "compressed x < p gave %d", rc);
    if (g2) return; /* on the curve or not: decode_checks.h's round trip */
    if (!g1_rhs_is_square(x)) {
        FUZZ_CHECK(rc == PYBLS_ERR_NOT_ON_CURVE, "x^3 + b not a square gave %d", rc);
        return;
    }
    expect_on_curve(0, flags, rc, "compressed x");
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
        if (d.len == 2 * cb) {
            uint8_t xy[2 * 2 * FPB];
            coordinates_be(xy, d.in, g2 ? 4 : 2, g2);
            expect_coordinates(g2, xy, d.flags, rc, 1);
        }
        if (d.len == cb) expect_compressed(g2, d.in, d.flags, rc);
        break;
    }
    case 6:
    case 7: expect_coordinates(d.sel - 6, d.buf, d.flags, rc, 0); break;
    default: break; /* scalars, Fp and GT: decode_checks.h */
    }
    return 0;
}

#endif /* PYBLS_FUZZ_DECODE_MCL_H */
