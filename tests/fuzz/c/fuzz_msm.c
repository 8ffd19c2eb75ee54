/*
 * fuzz_msm.c - multi-scalar multiplication in G1 and G2 with arbitrary
 * counts, points and scalars, against an independent reference.
 *
 * Input: a selector byte (bit 0: G2), a count byte, a scratch-slack byte,
 * then per point an opcode byte and its data: the identity, a copy or the
 * negation of the previous point (so buckets see P + P and P - P), a point
 * decoded from compressed bytes without the subgroup check, the image of a
 * field element under map_to_curve (on the curve, generally outside the
 * subgroup), or a multiple of the generator. Scalars: 0, 1, r - 1 or 64
 * bytes reduced mod r.
 *
 * The reference. Every point built from the generator (the identity, its
 * multiples, their copies and negations) is [d]G for a d the harness tracks
 * mod r, so together they contribute [sum of d * k mod r]G: one
 * multiplication after scalar arithmetic (itself checked by fuzz_field).
 * The other points, whose order is unknown, go through straus() below:
 * 4-bit windows with shared doublings, on the public add and dbl only. The
 * first CT_MAX points, whatever they are, are multiplied one by one, by the
 * constant-time multiplication when the selector's bit 1 asks (else the
 * variable-time one with its subgroup check). This keeps the reference
 * cheaper than the MSM under test.
 *
 * Also: a scratch buffer one byte short, or a count whose scratch size
 * overflows, must give PYBLS_ERR_ARGUMENT without touching the points.
 */
#include "fuzz_common.h"

#define MAX_POINTS 128
#define CT_MAX 2

/* [i]G for i < 256, by repeated addition once per process. */
static const uint8_t *generator_multiple(int g2, uint8_t i) {
    static uint8_t g1_table[256][PYBLS_G1_SIZE], g2_table[256][PYBLS_G2_SIZE];
    static int built;
    if (!built) {
        uint8_t g[PYBLS_G2_SIZE];
        pybls_g1_identity(g1_table[0]);
        pybls_g1_generator(g);
        for (int j = 1; j < 256; j++) pybls_g1_add(g1_table[j], g1_table[j - 1], g);
        pybls_g2_identity(g2_table[0]);
        pybls_g2_generator(g);
        for (int j = 1; j < 256; j++) pybls_g2_add(g2_table[j], g2_table[j - 1], g);
        built = 1;
    }
    return g2 ? g2_table[i] : g1_table[i];
}

/* Builds point p; returns 1 with *dlog = d if p = [d]G by construction, 0 if
 * its discrete logarithm (or order) is unknown. prev_dlog is NULL when the
 * previous point's is unknown. */
static int make_point(int g2, uint8_t *p, uint8_t *dlog, const uint8_t *prev, const uint8_t *prev_dlog,
                      fuzz_in_t *in) {
    const size_t psize = g2 ? PYBLS_G2_SIZE : PYBLS_G1_SIZE;
    uint8_t buf[PYBLS_G2_COMPRESSED_BYTES], u[2 * PYBLS_FP_SIZE];
    switch (fuzz_byte(in) % 6) {
    case 0:
        if (g2) pybls_g2_identity(p); else pybls_g1_identity(p);
        memset(buf, 0, 1);
        pybls_scalar_from_bytes_wide(dlog, buf, 1);
        return 1;
    case 1:
        if (prev) {
            memcpy(p, prev, psize);
            if (prev_dlog) memcpy(dlog, prev_dlog, PYBLS_SCALAR_SIZE);
            return prev_dlog != NULL;
        }
        break;
    case 2:
        if (prev) {
            if (g2) pybls_g2_neg(p, prev); else pybls_g1_neg(p, prev);
            if (prev_dlog) pybls_scalar_neg(dlog, prev_dlog);
            return prev_dlog != NULL;
        }
        break;
    case 3: {
        size_t n = g2 ? PYBLS_G2_COMPRESSED_BYTES : PYBLS_G1_COMPRESSED_BYTES;
        fuzz_take(in, buf, n);
        int rc = g2 ? pybls_g2_decode(p, buf, (uint32_t)n, PYBLS_DECODE_SKIP_SUBGROUP_CHECK)
                    : pybls_g1_decode(p, buf, (uint32_t)n, PYBLS_DECODE_SKIP_SUBGROUP_CHECK);
        if (rc == PYBLS_OK) return 0;
        break;
    }
    case 4: {
        int ok = 1;
        for (int i = 0; i < (g2 ? 2 : 1); i++) {
            fuzz_take(in, buf, 48);
            buf[0] &= 0x1f;
            ok &= pybls_fp_from_bytes(u + i * PYBLS_FP_SIZE, buf) == PYBLS_OK;
        }
        if (ok) {
            if (g2) pybls_g2_map_to_curve(p, u); else pybls_g1_map_to_curve(p, u);
            return 0;
        }
        break;
    }
    default:
        break;
    }
    /* a multiple of the generator by the next byte */
    fuzz_take(in, buf, 1);
    memcpy(p, generator_multiple(g2, buf[0]), psize);
    pybls_scalar_from_bytes_wide(dlog, buf, 1);
    return 1;
}

static void make_scalar(uint8_t *k, fuzz_in_t *in) {
    uint8_t buf[64];
    switch (fuzz_byte(in) % 4) {
    case 0: memset(buf, 0, 32); break;
    case 1: memset(buf, 0, 32); buf[31] = 1; break;
    case 2: memcpy(buf, REF_R_BE, 32); buf[31] -= 1; break;
    default:
        fuzz_take(in, buf, 64);
        pybls_scalar_from_bytes_wide(k, buf, 64);
        return;
    }
    FUZZ_CHECK(pybls_scalar_from_bytes(k, buf) == PYBLS_OK, "scalar");
}

static void add(int g2, uint8_t *r, const uint8_t *a, const uint8_t *b) {
    if (g2) pybls_g2_add(r, a, b); else pybls_g1_add(r, a, b);
}

/* r += sum of [k_i]P_i over the m points listed in idx (Straus: 4-bit
 * windows, one table of [1..15]P_i per point, shared doublings). */
static void straus(int g2, uint8_t *r, const uint8_t *points, const uint8_t *scalars, const uint32_t *idx,
                   uint32_t m) {
    static uint8_t tables[MAX_POINTS][15][PYBLS_G2_SIZE], digits[MAX_POINTS][PYBLS_SCALAR_SIZE];
    const size_t psize = g2 ? PYBLS_G2_SIZE : PYBLS_G1_SIZE;
    uint8_t acc[PYBLS_G2_SIZE];
    if (m == 0) return;
    for (uint32_t j = 0; j < m; j++) {
        const uint8_t *p = points + idx[j] * psize;
        memcpy(tables[j][0], p, psize);
        for (int d = 1; d < 15; d++) add(g2, tables[j][d], tables[j][d - 1], p);
        pybls_scalar_to_bytes(digits[j], scalars + idx[j] * PYBLS_SCALAR_SIZE); /* big-endian */
    }
    if (g2) pybls_g2_identity(acc); else pybls_g1_identity(acc);
    for (int w = 0; w < 2 * PYBLS_SCALAR_SIZE; w++) {
        for (int b = 0; b < 4; b++) {
            if (g2) pybls_g2_dbl(acc, acc); else pybls_g1_dbl(acc, acc);
        }
        for (uint32_t j = 0; j < m; j++) {
            const int d = w & 1 ? digits[j][w / 2] & 15 : digits[j][w / 2] >> 4;
            if (d) add(g2, acc, acc, tables[j][d - 1]);
        }
    }
    add(g2, r, r, acc);
}

/* t = [k]p: constant time, or variable time with the subgroup check, or
 * variable time trusting that p is in the subgroup. */
enum { MUL_CT, MUL_CHECKED, MUL_KNOWN };
static void mul(int g2, uint8_t *t, const uint8_t *p, const uint8_t *k, int how) {
    int rc;
    switch (how) {
    case MUL_CT: rc = g2 ? pybls_g2_mul(t, p, k) : pybls_g1_mul(t, p, k); break;
    case MUL_CHECKED: rc = g2 ? pybls_g2_mul_vartime(t, p, k) : pybls_g1_mul_vartime(t, p, k); break;
    default: {
        const uint32_t known = PYBLS_MUL_IN_SUBGROUP | PYBLS_MUL_VARTIME;
        rc = g2 ? pybls_g2_mul_flags(t, p, k, known) : pybls_g1_mul_flags(t, p, k, known);
        break;
    }
    }
    FUZZ_CHECK(rc == PYBLS_OK, "multiplication %d failed (%d)", how, rc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in_t in = {data, size};
    const uint8_t sel = fuzz_byte(&in);
    const int g2 = sel & 1;
    const uint32_t n = fuzz_byte(&in) % (MAX_POINTS + 1);
    const uint32_t slack = fuzz_byte(&in) % 17;
    const size_t psize = g2 ? PYBLS_G2_SIZE : PYBLS_G1_SIZE;
    uint8_t *points = malloc(n ? n * psize : 1), *scalars = malloc(n ? n * PYBLS_SCALAR_SIZE : 1);
    static uint8_t dlogs[MAX_POINTS][PYBLS_SCALAR_SIZE];
    uint8_t known[MAX_POINTS];
    for (uint32_t i = 0; i < n; i++) {
        known[i] = (uint8_t)make_point(g2, points + i * psize, dlogs[i], i ? points + (i - 1) * psize : NULL,
                                       i && known[i - 1] ? dlogs[i - 1] : NULL, &in);
        make_scalar(scalars + i * PYBLS_SCALAR_SIZE, &in);
    }
    int need = g2 ? pybls_g2_msm_scratch_size(n) : pybls_g1_msm_scratch_size(n);
    FUZZ_CHECK(need >= 0, "scratch size %d for %u points", need, n);
    /* exactly sized heap buffers: any overrun is an ASan report */
    uint8_t *scratch = malloc((size_t)need + slack + 1), out[PYBLS_G2_SIZE], want[PYBLS_G2_SIZE], t[PYBLS_G2_SIZE];
    if (need > 0) {
        int rc = g2 ? pybls_g2_msm(out, points, scalars, n, scratch, (uint32_t)need - 1)
                    : pybls_g1_msm(out, points, scalars, n, scratch, (uint32_t)need - 1);
        FUZZ_CHECK(rc == PYBLS_ERR_ARGUMENT, "short scratch accepted (%d)", rc);
    }
    /* misalign the scratch by `slack` bytes; the core aligns it itself */
    int rc = g2 ? pybls_g2_msm(out, points, scalars, n, scratch + slack, (uint32_t)need)
                : pybls_g1_msm(out, points, scalars, n, scratch + slack, (uint32_t)need);
    FUZZ_CHECK(rc == PYBLS_OK, "msm failed (%d)", rc);

    uint8_t d[PYBLS_SCALAR_SIZE], dk[PYBLS_SCALAR_SIZE], zero = 0;
    uint32_t unknown[MAX_POINTS], nunknown = 0;
    pybls_scalar_from_bytes_wide(d, &zero, 1);
    if (g2) pybls_g2_identity(want); else pybls_g1_identity(want);
    for (uint32_t i = 0; i < n; i++) {
        const uint8_t *p = points + i * psize, *k = scalars + i * PYBLS_SCALAR_SIZE;
        if (i < CT_MAX) {
            mul(g2, t, p, k, sel & 2 ? MUL_CT : MUL_CHECKED);
            add(g2, want, want, t);
        } else if (known[i]) {
            pybls_scalar_mul(dk, dlogs[i], k);
            pybls_scalar_add(d, d, dk);
        } else {
            unknown[nunknown++] = i;
        }
    }
    straus(g2, want, points, scalars, unknown, nunknown);
    if (g2) pybls_g2_generator(t); else pybls_g1_generator(t);
    mul(g2, t, t, d, sel & 4 ? MUL_CT : MUL_KNOWN);
    add(g2, want, want, t);
    FUZZ_CHECK(g2 ? pybls_g2_eq(out, want) : pybls_g1_eq(out, want), "msm of %u points != reference", n);

    /* counts whose scratch does not fit an int: rejected, points unread */
    const uint32_t huge = 0xffffffffu - (sel >> 3);
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
