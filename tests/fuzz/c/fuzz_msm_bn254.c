/*
 * fuzz_msm_bn254.c - BN254's G1 multi-scalar multiplication, whose scalars
 * split in two with the endomorphism phi(x, y) = (beta x, y) = [lambda]
 * (EC_MSM_ENDO in csrc/ec/ec_msm_template.h: every term above 2^128 gives
 * the terms [e_0]P and [e_1]phi(P), in the NAF lanes and in the buckets),
 * against a reference that sees no split.
 *
 * Input: a selector byte (bit 0: msm_secret_points; the rest: the
 * oversized count below), a count byte, a scratch-slack byte, then per
 * point an opcode byte and its data, and a scalar. Points: the identity, a
 * copy, the negation, the double or phi of the previous point, the sum of
 * the previous point and an earlier one (so that buckets see P + P and
 * P - P, and phi(P) meets P's own terms), a multiple of the generator, or
 * a fresh point (compressed bytes, or the image of a field element under
 * map_to_curve). Scalars: 0, 1, r - 1 - b, 2^128 + b for a small signed b
 * (the split starts at 2^128), 2^e + b, D + A + B lambda for signed A and
 * B of up to 126 bits, near zero or near 2^126 (D = 2^126 (1 + lambda),
 * the split's offset: the lattice coefficients of such a scalar are about
 * A and B, of both signs, up to the bound of the digits), or 1 to 32 bytes
 * or 64 bytes reduced mod r.
 *
 * The fuzz builds move the MSM's switches down (the Makefile's FUZZ_DEFS):
 * the bucket method from PYBLS_MSM_BUCKETS_FROM points, the NAF lanes
 * below, and batched affine levels from PYBLS_MSM_MIN_BATCH pairs.
 *
 * The reference. G1 = E(Fp) has prime order r, so each point is tracked as
 * P_i = [d_i]G + sum_j [a_ij]B_j, with d_i and a_ij mod r, over at most
 * FRESH_MAX fresh points B_j (phi multiplies the coefficients by lambda).
 * Then sum_i [k_i]P_i = [sum_i d_i k_i]G + sum_j [sum_i a_ij k_i]B_j: the
 * first term off a table of [v 16^w]G (an addition per 4 bits), the
 * second one binary chain of doublings and additions shared by the fresh
 * points, both on the group's addition and doubling alone, with 254-bit
 * scalars that are never split.
 *
 * lambda and beta (facts of the curve: beta is a cube root of unity mod p
 * and lambda the one mod r with phi = [lambda] on G1) are checked against
 * each other once: phi(G) must be [lambda]G off the table.
 *
 * Also: a scratch buffer one byte short, or a count whose scratch size
 * overflows, must give PYBLS_ERR_ARGUMENT without touching the points.
 */
#ifndef PYBLS_CURVE_BN254
#error "fuzz_msm_bn254.c is built with BN254's library (-DPYBLS_CURVE_BN254)"
#endif

#include "fuzz_common.h"

#if !defined(PYBLS_MSM_BUCKETS_FROM) || !defined(PYBLS_MSM_MIN_BATCH)
#error "fuzz_msm_bn254.c needs the fuzz builds' MSM switches (the Makefile's FUZZ_DEFS)"
#endif
#define MAX_POINTS (2 * PYBLS_MSM_BUCKETS_FROM + 4)
#define FRESH_MAX 2
#define PSIZE FUZZ_G1_SIZE
#define SSIZE FUZZ_SCALAR_SIZE
#define FPB FUZZ_FP_BYTES

static const uint8_t LAMBDA_BE[32] = {
    0x30, 0x64, 0x4e, 0x72, 0xe1, 0x31, 0xa0, 0x29, 0x04, 0x8b, 0x6e, 0x19, 0x3f, 0xd8, 0x41, 0x04,
    0xcc, 0x37, 0xa7, 0x3f, 0xec, 0x2b, 0xc5, 0xe9, 0xb8, 0xca, 0x0b, 0x2d, 0x36, 0x63, 0x6f, 0x23};
static const uint8_t BETA_BE[32] = {
    0x30, 0x64, 0x4e, 0x72, 0xe1, 0x31, 0xa0, 0x29, 0x5e, 0x6d, 0xd9, 0xe7, 0xe0, 0xac, 0xcc, 0xb0,
    0xc2, 0x8f, 0x06, 0x9f, 0xbb, 0x96, 0x6e, 0x3d, 0xe4, 0xbd, 0x44, 0xe5, 0x60, 0x7c, 0xfd, 0x48};

typedef struct {
    uint8_t a[FRESH_MAX][SSIZE]; /* coefficients of the fresh points, mod r */
    uint8_t d[SSIZE];            /* coefficient of G, mod r */
} dlog_t;

static void scalar_small(uint8_t *k, uint8_t v) { pybls_scalar_from_bytes_wide(k, &v, 1); }

/* 2^e mod r as a scalar, e < 256 */
static void scalar_pow2(uint8_t *k, unsigned e) {
    uint8_t be[32] = {0};
    be[31 - e / 8] = (uint8_t)(1u << (e % 8));
    pybls_scalar_from_bytes_wide(k, be, 32);
}

/* a signed byte as a scalar */
static void scalar_signed(uint8_t *k, uint8_t b) {
    const int v = (int8_t)b;
    scalar_small(k, (uint8_t)(v < 0 ? -v : v));
    if (v < 0) pybls_scalar_neg(k, k);
}

/* The table of [v 16^w]G, w < 64, v < 16, built by additions and doublings. */
#define COMB_WINDOWS 64
static const uint8_t *comb(int w, int v) {
    static uint8_t table[COMB_WINDOWS][16][PSIZE];
    static int built;
    if (!built) {
        for (int i = 0; i < COMB_WINDOWS; i++) {
            pybls_g1_identity(table[i][0]);
            if (i == 0) {
                pybls_g1_generator(table[0][1]);
            } else { /* 16^i G: four doublings of 16^(i-1) G */
                memcpy(table[i][1], table[i - 1][1], PSIZE);
                for (int j = 0; j < 4; j++) pybls_g1_dbl(table[i][1], table[i][1]);
            }
            for (int j = 2; j < 16; j++) pybls_g1_add(table[i][j], table[i][j - 1], table[i][1]);
        }
        built = 1;
    }
    return table[w][v];
}

/* r = [k]G off the table: an addition per nonzero 4 bits of k. */
static void comb_mul(uint8_t *r, const uint8_t *k) {
    uint8_t be[32];
    pybls_scalar_to_bytes(be, k);
    pybls_g1_identity(r);
    for (int w = 0; w < COMB_WINDOWS; w++) {
        const uint8_t byte = be[31 - w / 2], v = w % 2 ? byte >> 4 : byte & 15;
        if (v) pybls_g1_add(r, r, comb(w, v));
    }
}

/* r = phi(p) = (beta x, y) through the affine encoding (the identity stays). */
static void phi(uint8_t *r, const uint8_t *p) {
    static uint8_t beta[FUZZ_FP_SIZE];
    static int have;
    uint8_t xy[2 * FPB], x[FUZZ_FP_SIZE];
    if (!have) {
        FUZZ_CHECK(pybls_fp_from_bytes(beta, BETA_BE) == PYBLS_OK, "beta");
        have = 1;
    }
    if (pybls_g1_is_identity(p)) {
        pybls_g1_identity(r);
        return;
    }
    FUZZ_CHECK(pybls_g1_to_affine_bytes(xy, p) == PYBLS_OK, "to_affine_bytes");
    FUZZ_CHECK(pybls_fp_from_bytes(x, xy) == PYBLS_OK, "x");
    pybls_fp_mul(x, x, beta);
    pybls_fp_to_bytes(xy, x);
    FUZZ_CHECK(pybls_g1_from_affine_bytes(r, xy, xy + FPB, PYBLS_DECODE_SKIP_SUBGROUP_CHECK) == PYBLS_OK,
               "phi(P) off the curve");
}

static const uint8_t *lambda(void) {
    static uint8_t l[SSIZE];
    static int have;
    if (!have) {
        uint8_t g[PSIZE], want[PSIZE];
        FUZZ_CHECK(pybls_scalar_from_bytes(l, LAMBDA_BE) == PYBLS_OK, "lambda");
        pybls_g1_generator(g);
        phi(g, g);
        comb_mul(want, l);
        FUZZ_CHECK(pybls_g1_eq(g, want), "phi(G) != [lambda]G: the constants disagree");
        have = 1;
    }
    return l;
}

/* A fresh point from the input, or 0 if its bytes give none. */
static int fresh_point(uint8_t *p, int how, fuzz_in_t *in) {
    uint8_t buf[FPB], u[FUZZ_FP_SIZE];
    fuzz_take(in, buf, FPB);
    if (how == 0) return pybls_g1_decode(p, buf, FPB, PYBLS_DECODE_SKIP_SUBGROUP_CHECK) == PYBLS_OK;
    buf[0] &= 0x1f;
    if (pybls_fp_from_bytes(u, buf) != PYBLS_OK) return 0;
    pybls_g1_map_to_curve(p, u);
    return 1;
}

/* Builds point i (with its coefficients dl[i]) from the input; fresh[j]
 * is B_j, *nfresh counts them. */
static void make_point(uint8_t *points, dlog_t *dl, uint32_t i, uint8_t fresh[][PSIZE], int *nfresh,
                       fuzz_in_t *in) {
    uint8_t *p = points + i * PSIZE;
    const uint8_t *prev = i ? p - PSIZE : NULL;
    dlog_t *x = &dl[i];
    const uint8_t op = fuzz_byte(in);
    memset(x, 0, sizeof *x);
    for (int j = 0; j < FRESH_MAX; j++) scalar_small(x->a[j], 0);
    scalar_small(x->d, 0);
    switch (op % 9) {
    case 0:
        pybls_g1_identity(p);
        return;
    case 1:
        if (!prev) break;
        memcpy(p, prev, PSIZE);
        *x = dl[i - 1];
        return;
    case 2:
        if (!prev) break;
        pybls_g1_neg(p, prev);
        for (int j = 0; j < FRESH_MAX; j++) pybls_scalar_neg(x->a[j], dl[i - 1].a[j]);
        pybls_scalar_neg(x->d, dl[i - 1].d);
        return;
    case 3:
        if (!prev) break;
        pybls_g1_dbl(p, prev);
        for (int j = 0; j < FRESH_MAX; j++) pybls_scalar_add(x->a[j], dl[i - 1].a[j], dl[i - 1].a[j]);
        pybls_scalar_add(x->d, dl[i - 1].d, dl[i - 1].d);
        return;
    case 4: {
        /* the previous point plus point i - 1 - (byte % i): itself included */
        if (!prev) break;
        const uint32_t e = i - 1 - fuzz_byte(in) % i;
        pybls_g1_add(p, prev, points + e * PSIZE);
        for (int j = 0; j < FRESH_MAX; j++) pybls_scalar_add(x->a[j], dl[i - 1].a[j], dl[e].a[j]);
        pybls_scalar_add(x->d, dl[i - 1].d, dl[e].d);
        return;
    }
    case 5:
    case 6:
        if (*nfresh == FRESH_MAX || !fresh_point(p, op % 9 - 5, in)) break;
        memcpy(fresh[*nfresh], p, PSIZE);
        scalar_small(x->a[(*nfresh)++], 1);
        return;
    case 7:
        if (!prev) break;
        phi(p, prev);
        for (int j = 0; j < FRESH_MAX; j++) pybls_scalar_mul(x->a[j], dl[i - 1].a[j], lambda());
        pybls_scalar_mul(x->d, dl[i - 1].d, lambda());
        return;
    default:
        break;
    }
    /* a multiple of the generator by the next byte */
    const uint8_t m = fuzz_byte(in);
    for (int j = 0; j < FRESH_MAX; j++) scalar_small(x->a[j], 0);
    pybls_g1_add(p, comb(0, m & 15), comb(1, m >> 4));
    scalar_small(x->d, m);
}

/* A signed integer of up to 126 bits from the input, as a scalar: a
 * header byte (bit 0 the sign, bit 1: 2^126 - m rather than m, the rest
 * the length of m, up to 16 bytes), then m. */
static void lattice_coef(uint8_t *c, fuzz_in_t *in) {
    uint8_t buf[16] = {0}, t[SSIZE];
    const uint8_t h = fuzz_byte(in);
    const uint32_t len = (uint32_t)(h >> 2) % 17u;
    fuzz_take(in, buf + 16 - len, len);
    buf[0] &= 0x3f; /* m < 2^126 */
    pybls_scalar_from_bytes_wide(c, buf, 16);
    if (h & 2) {
        scalar_pow2(t, 126);
        pybls_scalar_sub(c, t, c);
    }
    if (h & 1) pybls_scalar_neg(c, c);
}

static void make_scalar(uint8_t *k, fuzz_in_t *in) {
    uint8_t buf[64], t[SSIZE];
    switch (fuzz_byte(in) % 9) {
    case 0: scalar_small(k, 0); return;
    case 1: scalar_small(k, 1); return;
    case 2: /* r - 1 - b */
        scalar_small(t, (uint8_t)(fuzz_byte(in) + 1u));
        scalar_small(k, 0);
        pybls_scalar_sub(k, k, t);
        return;
    case 3: /* 2^128 + b: the split's threshold */
        scalar_pow2(k, 128);
        scalar_signed(t, fuzz_byte(in));
        pybls_scalar_add(k, k, t);
        return;
    case 4: { /* 2^e + b */
        scalar_pow2(k, fuzz_byte(in) % 254u);
        scalar_signed(t, fuzz_byte(in));
        pybls_scalar_add(k, k, t);
        return;
    }
    case 5: { /* D + A + B lambda, D = 2^126 (1 + lambda) */
        uint8_t a[SSIZE], b[SSIZE], d[SSIZE], one[SSIZE];
        lattice_coef(a, in);
        lattice_coef(b, in);
        scalar_small(one, 1);
        scalar_pow2(d, 126);
        pybls_scalar_add(t, one, lambda());
        pybls_scalar_mul(d, d, t);
        pybls_scalar_mul(b, b, lambda());
        pybls_scalar_add(k, d, a);
        pybls_scalar_add(k, k, b);
        return;
    }
    case 6:
    case 7: {
        const uint32_t len = 1 + fuzz_byte(in) % 32u;
        fuzz_take(in, buf, len);
        pybls_scalar_from_bytes_wide(k, buf, len);
        return;
    }
    default:
        fuzz_take(in, buf, 64);
        pybls_scalar_from_bytes_wide(k, buf, 64);
        return;
    }
}

/* r += sum_j [K_j]B_j: one left-to-right binary chain over the bits of the
 * K_j, adding the sum of the B_j whose bit is set (a table of the
 * 2^nfresh subset sums). */
static void add_multiples(uint8_t *r, uint8_t b[][PSIZE], int nfresh, uint8_t k[][SSIZE]) {
    uint8_t sub[1 << FRESH_MAX][PSIZE], acc[PSIZE], be[FRESH_MAX][32];
    pybls_g1_identity(sub[0]);
    for (int j = 0; j < nfresh; j++) {
        pybls_scalar_to_bytes(be[j], k[j]);
        for (int s = 0; s < 1 << j; s++) pybls_g1_add(sub[s | 1 << j], sub[s], b[j]);
    }
    pybls_g1_identity(acc);
    for (int i = 255; i >= 0; i--) {
        int s = 0;
        pybls_g1_dbl(acc, acc);
        for (int j = 0; j < nfresh; j++) s |= (be[j][31 - i / 8] >> (i % 8) & 1) << j;
        if (s) pybls_g1_add(acc, acc, sub[s]);
    }
    pybls_g1_add(r, r, acc);
}

typedef int (*msm_fn)(uint8_t *, const uint8_t *, const uint8_t *, uint32_t, uint8_t *, uint32_t);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in_t in = {data, size};
    const uint8_t sel = fuzz_byte(&in);
    const msm_fn msm = sel & 1 ? pybls_g1_msm_secret_points : pybls_g1_msm;
    (void)lambda(); /* the table and the constants' check, once per process */
    const uint32_t n = fuzz_byte(&in) % (MAX_POINTS + 1);
    const uint32_t slack = fuzz_byte(&in) % 17;
    uint8_t *points = malloc(n ? n * PSIZE : 1), *scalars = malloc(n ? n * SSIZE : 1);
    static dlog_t dl[MAX_POINTS];
    static uint8_t fresh[FRESH_MAX][PSIZE];
    int nfresh = 0;
    for (uint32_t i = 0; i < n; i++) {
        make_point(points, dl, i, fresh, &nfresh, &in);
        make_scalar(scalars + i * SSIZE, &in);
    }
    const int need = pybls_g1_msm_scratch_size(n);
    FUZZ_CHECK(need >= 0, "scratch size %d for %u points", need, n);
    /* exactly sized heap buffers (one byte when empty): any overrun is an
     * ASan report */
    uint8_t *scratch = malloc(need + slack ? (size_t)need + slack : 1), out[PSIZE], want[PSIZE];
    int rc;
    if (need > 0) {
        rc = msm(out, points, scalars, n, scratch, (uint32_t)need - 1);
        FUZZ_CHECK(rc == PYBLS_ERR_ARGUMENT, "short scratch accepted (%d)", rc);
    }
    /* misalign the scratch by `slack` bytes; the core aligns it itself */
    rc = msm(out, points, scalars, n, scratch + slack, (uint32_t)need);
    FUZZ_CHECK(rc == PYBLS_OK, "msm failed (%d)", rc);

    /* the reference: [sum d_i k_i]G + sum_j [sum_i a_ij k_i]B_j */
    uint8_t d[SSIZE], t[SSIZE], kj[FRESH_MAX][SSIZE];
    scalar_small(d, 0);
    for (int j = 0; j < FRESH_MAX; j++) scalar_small(kj[j], 0);
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *k = scalars + i * SSIZE;
        pybls_scalar_mul(t, dl[i].d, k);
        pybls_scalar_add(d, d, t);
        for (int j = 0; j < nfresh; j++) {
            pybls_scalar_mul(t, dl[i].a[j], k);
            pybls_scalar_add(kj[j], kj[j], t);
        }
    }
    comb_mul(want, d);
    add_multiples(want, fresh, nfresh, kj);
    FUZZ_CHECK(pybls_g1_eq(out, want), "msm of %u points != reference", n);

    /* counts whose scratch does not fit an int: rejected, points unread */
    const uint32_t huge = 0xffffffffu - (sel >> 1);
    FUZZ_CHECK(pybls_g1_msm_scratch_size(huge) == PYBLS_ERR_ARGUMENT, "scratch size of %u points", huge);
    rc = msm(out, points, scalars, huge, scratch, (uint32_t)need);
    FUZZ_CHECK(rc == PYBLS_ERR_ARGUMENT, "huge count accepted (%d)", rc);
    free(scratch);
    free(points);
    free(scalars);
    return 0;
}
