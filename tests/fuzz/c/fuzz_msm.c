/*
 * fuzz_msm.c - multi-scalar multiplication in G1 and G2 with arbitrary
 * counts, points and scalars, against an algebraic reference whose cost
 * does not grow with the count.
 *
 * Input: a selector byte (bit 0: G2; the rest: the oversized count below),
 * a count byte, a scratch-slack byte, then per point an opcode byte and its
 * data, and a scalar. Points: the identity, a copy, the negation or the
 * double of the previous point, the sum of the previous point and an
 * earlier one (so buckets see P + P and P - P), a multiple of the
 * generator, or a fresh point: decoded from compressed bytes without the
 * subgroup check, or the image of a field element under map_to_curve (on
 * the curve, generally outside the subgroup). Scalars: 0, 1, r - 1, or an
 * integer of 1 to 32 bytes or of 64 bytes reduced mod r (the input picks
 * the length: short scalars make short products, so that most inputs are
 * cheap while the fuzzer still reaches the full width).
 *
 * The fuzz builds move the MSM's switches down (the Makefile's FUZZ_DEFS,
 * ec_msm_template.h): the bucket method from PYBLS_MSM_BUCKETS_FROM points
 * on and batched affine levels from PYBLS_MSM_MIN_BATCH pairs, so that a
 * handful of points reach the lanes, the buckets and their batched levels
 * in both groups, and an input costs a few products rather than dozens.
 *
 * The reference. Each point is built as P_i = sum_j a_ij B_j + [d_i]G from
 * at most FRESH_MAX fresh points B_j, whose order is unknown, with small
 * integers a_ij and d_i mod r that the harness tracks (a group operation
 * per point, no multiplication). So sum_i [k_i]P_i is [sum d_i k_i mod r]G
 * plus sum_j [K_j]B_j for the integers K_j = sum_i a_ij k_i (not reduced
 * mod r: B_j need not have order r). The first term is read off a table of
 * [v 16^w]G (an addition per 4 bits of the scalar), the second is one
 * binary chain of doublings and additions shared by the fresh points, as
 * long as the largest |K_j|: algorithms unlike the MSM's lanes and buckets,
 * on the group's addition and doubling alone, whatever the count. The
 * integers are the schoolbook big numbers of fuzz_common.h.
 *
 * Also: a scratch buffer one byte short, or a count whose scratch size
 * overflows, must give PYBLS_ERR_ARGUMENT without touching the points.
 */
#include "fuzz_common.h"

#if !defined(PYBLS_MSM_BUCKETS_FROM) || !defined(PYBLS_MSM_MIN_BATCH)
#error "fuzz_msm.c needs the fuzz builds' MSM switches (the Makefile's FUZZ_DEFS)"
#endif
/* Twice the bucket method's switch and more: several points a bucket, so
 * that the batched levels run; larger counts run the same code, slower. */
#define MAX_POINTS (2 * PYBLS_MSM_BUCKETS_FROM + 4)
#define FRESH_MAX 2
/* |a_ij| stays below this, so |K_j| < 2^(255 + 24 + 4) */
#define COEF_MAX ((int64_t)1 << 24)
/* bits of the integers K_j (REF_MAX limbs hold them) */
#define K_BITS (REF_MAX * LIMB_BITS)

typedef struct {
    int64_t a[FRESH_MAX];             /* coefficients of the fresh points */
    uint8_t d[PYBLS_SCALAR_SIZE];     /* coefficient of G, mod r */
} dlog_t;

static size_t psize_of(int g2) { return g2 ? PYBLS_G2_SIZE : PYBLS_G1_SIZE; }

static void add(int g2, uint8_t *r, const uint8_t *a, const uint8_t *b) {
    if (g2) pybls_g2_add(r, a, b); else pybls_g1_add(r, a, b);
}

static void dbl(int g2, uint8_t *r, const uint8_t *a) {
    if (g2) pybls_g2_dbl(r, a); else pybls_g1_dbl(r, a);
}

static void identity(int g2, uint8_t *p) {
    if (g2) pybls_g2_identity(p); else pybls_g1_identity(p);
}

static void scalar_small(uint8_t *k, uint8_t v) { pybls_scalar_from_bytes_wide(k, &v, 1); }

/* The table of [v 16^w]G, w < 64, v < 16, of either group: built by
 * additions and doublings on the group's first input. */
#define COMB_WINDOWS 64
static const uint8_t *comb(int g2, int w, int v) {
    static uint8_t g1_table[COMB_WINDOWS][16][PYBLS_G1_SIZE], g2_table[COMB_WINDOWS][16][PYBLS_G2_SIZE];
    static int built[2];
    const size_t psize = psize_of(g2);
    uint8_t *t = g2 ? &g2_table[0][0][0] : &g1_table[0][0][0];
#define COMB_AT(w_, v_) (t + ((size_t)(w_) * 16 + (size_t)(v_)) * psize)
    if (!built[g2]) {
        for (int i = 0; i < COMB_WINDOWS; i++) {
            identity(g2, COMB_AT(i, 0));
            if (i == 0) {
                if (g2) pybls_g2_generator(COMB_AT(0, 1)); else pybls_g1_generator(COMB_AT(0, 1));
            } else { /* 16^i G: four doublings of 16^(i-1) G */
                memcpy(COMB_AT(i, 1), COMB_AT(i - 1, 1), psize);
                for (int j = 0; j < 4; j++) dbl(g2, COMB_AT(i, 1), COMB_AT(i, 1));
            }
            for (int j = 2; j < 16; j++) add(g2, COMB_AT(i, j), COMB_AT(i, j - 1), COMB_AT(i, 1));
        }
        built[g2] = 1;
    }
    return COMB_AT(w, v);
#undef COMB_AT
}

/* r = [k]G for a scalar k, off the table: an addition per nonzero 4 bits. */
static void comb_mul(int g2, uint8_t *r, const uint8_t *k) {
    uint8_t be[32];
    pybls_scalar_to_bytes(be, k);
    identity(g2, r);
    for (int w = 0; w < COMB_WINDOWS; w++) {
        const uint8_t byte = be[31 - w / 2], v = w % 2 ? byte >> 4 : byte & 15;
        if (v) add(g2, r, r, comb(g2, w, v));
    }
}

/* A fresh point from the input, or 0 if its bytes give none. */
static int fresh_point(int g2, uint8_t *p, int how, fuzz_in_t *in) {
    uint8_t buf[PYBLS_G2_COMPRESSED_BYTES], u[2 * PYBLS_FP_SIZE];
    if (how == 0) {
        const size_t n = g2 ? PYBLS_G2_COMPRESSED_BYTES : PYBLS_G1_COMPRESSED_BYTES;
        fuzz_take(in, buf, n);
        int rc = g2 ? pybls_g2_decode(p, buf, (uint32_t)n, PYBLS_DECODE_SKIP_SUBGROUP_CHECK)
                    : pybls_g1_decode(p, buf, (uint32_t)n, PYBLS_DECODE_SKIP_SUBGROUP_CHECK);
        return rc == PYBLS_OK;
    }
    int ok = 1;
    for (int i = 0; i < (g2 ? 2 : 1); i++) {
        fuzz_take(in, buf, PYBLS_FP_BYTES);
        buf[0] &= 0x1f;
        ok &= pybls_fp_from_bytes(u + i * PYBLS_FP_SIZE, buf) == PYBLS_OK;
    }
    if (ok) {
        if (g2) pybls_g2_map_to_curve(p, u); else pybls_g1_map_to_curve(p, u);
    }
    return ok;
}

/* 1 if every coefficient of x stays below COEF_MAX in magnitude. */
static int small(const dlog_t *x) {
    for (int j = 0; j < FRESH_MAX; j++)
        if (x->a[j] >= COEF_MAX || x->a[j] <= -COEF_MAX) return 0;
    return 1;
}

/* Builds point i (p, with its coefficients *x) from the input; points
 * holds the i earlier ones, dl their coefficients; *nfresh counts the fresh
 * points so far (fresh[j] is B_j). */
static void make_point(int g2, uint8_t *points, dlog_t *dl, uint32_t i, uint8_t fresh[][PYBLS_G2_SIZE],
                       int *nfresh, fuzz_in_t *in) {
    const size_t psize = psize_of(g2);
    uint8_t *p = points + i * psize;
    const uint8_t *prev = i ? p - psize : NULL;
    dlog_t *x = &dl[i], t;
    const uint8_t op = fuzz_byte(in);
    memset(x, 0, sizeof *x);
    switch (op % 8) {
    case 0:
        identity(g2, p);
        scalar_small(x->d, 0);
        return;
    case 1:
        if (!prev) break;
        memcpy(p, prev, psize);
        *x = dl[i - 1];
        return;
    case 2:
        if (!prev) break;
        if (g2) pybls_g2_neg(p, prev); else pybls_g1_neg(p, prev);
        for (int j = 0; j < FRESH_MAX; j++) x->a[j] = -dl[i - 1].a[j];
        pybls_scalar_neg(x->d, dl[i - 1].d);
        return;
    case 3: {
        if (!prev) break;
        for (int j = 0; j < FRESH_MAX; j++) t.a[j] = 2 * dl[i - 1].a[j];
        if (!small(&t)) break;
        if (g2) pybls_g2_dbl(p, prev); else pybls_g1_dbl(p, prev);
        *x = t;
        pybls_scalar_add(x->d, dl[i - 1].d, dl[i - 1].d);
        return;
    }
    case 4: {
        /* the previous point plus point i - 1 - (byte % i): itself included */
        if (!prev) break;
        const uint32_t e = i - 1 - fuzz_byte(in) % i;
        for (int j = 0; j < FRESH_MAX; j++) t.a[j] = dl[i - 1].a[j] + dl[e].a[j];
        if (!small(&t)) break;
        add(g2, p, prev, points + e * psize);
        *x = t;
        pybls_scalar_add(x->d, dl[i - 1].d, dl[e].d);
        return;
    }
    case 5:
    case 6:
        if (*nfresh == FRESH_MAX || !fresh_point(g2, p, op % 8 - 5, in)) break;
        memcpy(fresh[*nfresh], p, psize);
        x->a[(*nfresh)++] = 1;
        scalar_small(x->d, 0);
        return;
    default:
        break;
    }
    /* a multiple of the generator by the next byte */
    const uint8_t m = fuzz_byte(in);
    memset(x, 0, sizeof *x);
    add(g2, p, comb(g2, 0, m & 15), comb(g2, 1, m >> 4));
    scalar_small(x->d, m);
}

static void make_scalar(uint8_t *k, fuzz_in_t *in) {
    uint8_t buf[64];
    switch (fuzz_byte(in) % 5) {
    case 0: memset(buf, 0, 32); break;
    case 1: memset(buf, 0, 32); buf[31] = 1; break;
    case 2: memcpy(buf, REF_R_BE, 32); buf[31] -= 1; break;
    case 3: {
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
    FUZZ_CHECK(pybls_scalar_from_bytes(k, buf) == PYBLS_OK, "scalar");
}

static int ref_bit(const ref_t *a, int i) { return (int)(a->l[i / LIMB_BITS] >> (i % LIMB_BITS) & 1); }

/* r += sum_j [K_j]B_j for the nfresh integers K_j = pos_j - neg_j: one
 * left-to-right binary chain over the bits of the |K_j|, adding the sum
 * of the +-B_j whose bit is set (a table of the 2^nfresh subset sums). */
static void add_multiples(int g2, uint8_t *r, uint8_t b[][PYBLS_G2_SIZE], int nfresh, const ref_t *pos,
                          const ref_t *neg) {
    ref_t mag[FRESH_MAX];
    uint8_t sub[1 << FRESH_MAX][PYBLS_G2_SIZE], acc[PYBLS_G2_SIZE];
    const size_t psize = psize_of(g2);
    int top = -1;
    identity(g2, sub[0]);
    for (int j = 0; j < nfresh; j++) {
        uint8_t bj[PYBLS_G2_SIZE];
        const int sign = ref_cmp(&pos[j], &neg[j]);
        ref_sub(&mag[j], sign >= 0 ? &pos[j] : &neg[j], sign >= 0 ? &neg[j] : &pos[j]);
        memcpy(bj, b[j], psize);
        if (sign < 0) {
            if (g2) pybls_g2_neg(bj, bj); else pybls_g1_neg(bj, bj);
        }
        for (int s = 0; s < 1 << j; s++) add(g2, sub[s | 1 << j], sub[s], bj);
        for (int i = K_BITS - 1; i > top; i--)
            if (ref_bit(&mag[j], i)) top = i;
    }
    identity(g2, acc);
    for (int i = top; i >= 0; i--) {
        int s = 0;
        dbl(g2, acc, acc);
        for (int j = 0; j < nfresh; j++) s |= ref_bit(&mag[j], i) << j;
        if (s) add(g2, acc, acc, sub[s]);
    }
    add(g2, r, r, acc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in_t in = {data, size};
    const uint8_t sel = fuzz_byte(&in);
    const int g2 = sel & 1;
    (void)comb(g2, 0, 0); /* the group's table, once per process */
    const uint32_t n = fuzz_byte(&in) % (MAX_POINTS + 1);
    const uint32_t slack = fuzz_byte(&in) % 17;
    const size_t psize = psize_of(g2);
    uint8_t *points = malloc(n ? n * psize : 1), *scalars = malloc(n ? n * PYBLS_SCALAR_SIZE : 1);
    static dlog_t dl[MAX_POINTS];
    static uint8_t fresh[FRESH_MAX][PYBLS_G2_SIZE];
    int nfresh = 0;
    for (uint32_t i = 0; i < n; i++) {
        make_point(g2, points, dl, i, fresh, &nfresh, &in);
        make_scalar(scalars + i * PYBLS_SCALAR_SIZE, &in);
    }
    int need = g2 ? pybls_g2_msm_scratch_size(n) : pybls_g1_msm_scratch_size(n);
    FUZZ_CHECK(need >= 0, "scratch size %d for %u points", need, n);
    /* exactly sized heap buffers (one byte when empty): any overrun is an
     * ASan report */
    uint8_t *scratch = malloc(need + slack ? (size_t)need + slack : 1), out[PYBLS_G2_SIZE], want[PYBLS_G2_SIZE];
    if (need > 0) {
        int rc = g2 ? pybls_g2_msm(out, points, scalars, n, scratch, (uint32_t)need - 1)
                    : pybls_g1_msm(out, points, scalars, n, scratch, (uint32_t)need - 1);
        FUZZ_CHECK(rc == PYBLS_ERR_ARGUMENT, "short scratch accepted (%d)", rc);
    }
    /* misalign the scratch by `slack` bytes; the core aligns it itself */
    int rc = g2 ? pybls_g2_msm(out, points, scalars, n, scratch + slack, (uint32_t)need)
                : pybls_g1_msm(out, points, scalars, n, scratch + slack, (uint32_t)need);
    FUZZ_CHECK(rc == PYBLS_OK, "msm failed (%d)", rc);

    /* the reference: sum d_i k_i mod r, and K_j = pos_j - neg_j */
    uint8_t d[PYBLS_SCALAR_SIZE], dk[PYBLS_SCALAR_SIZE];
    ref_t pos[FRESH_MAX], neg[FRESH_MAX];
    scalar_small(d, 0);
    for (int j = 0; j < FRESH_MAX; j++) {
        ref_zero(&pos[j]);
        ref_zero(&neg[j]);
    }
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *k = scalars + i * PYBLS_SCALAR_SIZE;
        pybls_scalar_mul(dk, dl[i].d, k);
        pybls_scalar_add(d, d, dk);
        uint8_t k_be[32];
        ref_t kr, ar, prod;
        pybls_scalar_to_bytes(k_be, k);
        ref_from_be(&kr, k_be, 32);
        for (int j = 0; j < nfresh; j++) {
            const int64_t a = dl[i].a[j];
            if (!a) continue;
            uint64_t m = (uint64_t)(a < 0 ? -a : a);
            uint8_t m_be[8];
            for (int b = 0; b < 8; b++) m_be[b] = (uint8_t)(m >> (56 - 8 * b));
            ref_from_be(&ar, m_be, 8);
            ref_mul(&prod, &kr, &ar);
            ref_add(a < 0 ? &neg[j] : &pos[j], a < 0 ? &neg[j] : &pos[j], &prod);
        }
    }
    comb_mul(g2, want, d);
    add_multiples(g2, want, fresh, nfresh, pos, neg);
    FUZZ_CHECK(g2 ? pybls_g2_eq(out, want) : pybls_g1_eq(out, want), "msm of %u points != reference", n);

    /* counts whose scratch does not fit an int: rejected, points unread */
    const uint32_t huge = 0xffffffffu - (sel >> 1);
    FUZZ_CHECK((g2 ? pybls_g2_msm_scratch_size(huge) : pybls_g1_msm_scratch_size(huge)) == PYBLS_ERR_ARGUMENT,
               "scratch size of %u points", huge);
    rc = g2 ? pybls_g2_msm(out, points, scalars, huge, scratch, (uint32_t)need)
            : pybls_g1_msm(out, points, scalars, huge, scratch, (uint32_t)need);
    FUZZ_CHECK(rc == PYBLS_ERR_ARGUMENT, "huge count accepted (%d)", rc);
    free(scratch);
    free(points);
    free(scalars);
    return 0;
}
