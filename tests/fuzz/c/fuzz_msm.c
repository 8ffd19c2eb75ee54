/*
 * fuzz_msm.c - multi-scalar multiplication in G1 and G2 with arbitrary
 * counts, points and scalars, against an algebraic reference whose cost
 * does not grow with the count.
 *
 * Input: a selector byte (bit 0: G2; bits 1, 2: which multiplication the
 * reference uses; the rest: the oversized count below), a count byte, a
 * scratch-slack byte, then per point an opcode byte and its data, and a
 * scalar. Points: the identity, a copy, the negation or the double of the
 * previous point, the sum of the previous point and an earlier one (so
 * buckets see P + P and P - P), a multiple of the generator, or a fresh
 * point: decoded from compressed bytes without the subgroup check, or the
 * image of a field element under map_to_curve (on the curve, generally
 * outside the subgroup). Scalars: 0, 1, r - 1, one byte, or 64 bytes
 * reduced mod r.
 *
 * The reference. Each point is built as P_i = sum_j a_ij B_j + [d_i]G from
 * at most FRESH_MAX fresh points B_j, whose order is unknown, with small
 * integers a_ij and d_i mod r that the harness tracks (a group operation
 * per point, no multiplication). So sum_i [k_i]P_i is [sum d_i k_i mod r]G
 * plus, per fresh point, [K_j]B_j for the integer K_j = sum_i a_ij k_i
 * (not reduced mod r: B_j need not have order r). Writing |K_j| = q r + s
 * with s < r, [K_j]B_j = +-([s]B_j + [q]([r - 1]B_j + B_j)). That is a
 * handful of scalar multiplications (a different algorithm from the MSM's
 * lanes and buckets) whatever the count, so the MSM under test dominates.
 * The integers are the schoolbook big numbers of fuzz_common.h.
 *
 * Also: a scratch buffer one byte short, or a count whose scratch size
 * overflows, must give PYBLS_ERR_ARGUMENT without touching the points.
 */
#include "fuzz_common.h"

/* Enough for the bucket method on both groups (from 75 points on G1 and 42
 * on G2, see ec_msm_template.h's msm_window) with its batched affine
 * levels; larger counts run the same code, only slower. */
#define MAX_POINTS 80
#define FRESH_MAX 2
/* |a_ij| stays below this, so |K_j| < 2^(255 + 24 + 7) */
#define COEF_MAX ((int64_t)1 << 24)

typedef struct {
    int64_t a[FRESH_MAX];             /* coefficients of the fresh points */
    uint8_t d[PYBLS_SCALAR_SIZE];     /* coefficient of G, mod r */
} dlog_t;

static size_t psize_of(int g2) { return g2 ? PYBLS_G2_SIZE : PYBLS_G1_SIZE; }

static void add(int g2, uint8_t *r, const uint8_t *a, const uint8_t *b) {
    if (g2) pybls_g2_add(r, a, b); else pybls_g1_add(r, a, b);
}

static void identity(int g2, uint8_t *p) {
    if (g2) pybls_g2_identity(p); else pybls_g1_identity(p);
}

static void scalar_small(uint8_t *k, uint8_t v) { pybls_scalar_from_bytes_wide(k, &v, 1); }

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
    memcpy(p, generator_multiple(g2, m), psize);
    scalar_small(x->d, m);
}

static void make_scalar(uint8_t *k, fuzz_in_t *in) {
    uint8_t buf[64];
    switch (fuzz_byte(in) % 5) {
    case 0: memset(buf, 0, 32); break;
    case 1: memset(buf, 0, 32); buf[31] = 1; break;
    case 2: memcpy(buf, REF_R_BE, 32); buf[31] -= 1; break;
    case 3: scalar_small(k, fuzz_byte(in)); return;
    default:
        fuzz_take(in, buf, 64);
        pybls_scalar_from_bytes_wide(k, buf, 64);
        return;
    }
    FUZZ_CHECK(pybls_scalar_from_bytes(k, buf) == PYBLS_OK, "scalar");
}

/* t = [k]p for any point of the curve: constant time, or variable time
 * (which checks the subgroup itself before using the endomorphism). */
static void mul(int g2, uint8_t *t, const uint8_t *p, const uint8_t *k, int ct) {
    int rc = ct ? (g2 ? pybls_g2_mul(t, p, k) : pybls_g1_mul(t, p, k))
                : (g2 ? pybls_g2_mul_vartime(t, p, k) : pybls_g1_mul_vartime(t, p, k));
    FUZZ_CHECK(rc == PYBLS_OK, "multiplication failed (%d)", rc);
}

/* [k]G, k in the subgroup: constant time or variable time trusting it. */
static void mul_generator(int g2, uint8_t *t, const uint8_t *k, int ct) {
    const uint32_t known = PYBLS_MUL_IN_SUBGROUP | PYBLS_MUL_VARTIME;
    uint8_t g[PYBLS_G2_SIZE];
    if (g2) pybls_g2_generator(g); else pybls_g1_generator(g);
    int rc = ct ? (g2 ? pybls_g2_mul(t, g, k) : pybls_g1_mul(t, g, k))
                : (g2 ? pybls_g2_mul_flags(t, g, k, known) : pybls_g1_mul_flags(t, g, k, known));
    FUZZ_CHECK(rc == PYBLS_OK, "generator multiplication failed (%d)", rc);
}

/* a <<= 1 */
static void ref_shl1(ref_t *a) {
    for (int i = REF_MAX - 1; i > 0; i--) a->l[i] = a->l[i] << 1 | a->l[i - 1] >> (LIMB_BITS - 1);
    a->l[0] <<= 1;
}

/* r += [K]B for the integer K = pos - neg (pos, neg < 2^(255 + 31)). */
static void add_multiple(int g2, uint8_t *r, const uint8_t *b, const ref_t *pos, const ref_t *neg, int ct) {
    ref_t k, rr;
    const int sign = ref_cmp(pos, neg);
    if (sign == 0) return;
    ref_sub(&k, sign > 0 ? pos : neg, sign > 0 ? neg : pos);
    /* |K| = q r + s by binary long division; q < 2^40 */
    uint64_t q = 0;
    ref_from_be(&rr, REF_R_BE, 32);
    for (int j = 0; j < 40; j++) ref_shl1(&rr);
    for (int j = 40; j >= 0; j--) {
        if (ref_cmp(&k, &rr) >= 0) {
            ref_sub(&k, &k, &rr);
            q |= (uint64_t)1 << j;
        }
        /* rr >>= 1 */
        for (int i = 0; i < REF_MAX - 1; i++) rr.l[i] = rr.l[i] >> 1 | rr.l[i + 1] << (LIMB_BITS - 1);
        rr.l[REF_MAX - 1] >>= 1;
    }
    uint8_t s_be[32], s[PYBLS_SCALAR_SIZE], qs[PYBLS_SCALAR_SIZE], rm1[PYBLS_SCALAR_SIZE];
    uint8_t acc[PYBLS_G2_SIZE], u[PYBLS_G2_SIZE];
    ref_to_be(s_be, 32, &k);
    FUZZ_CHECK(pybls_scalar_from_bytes(s, s_be) == PYBLS_OK, "remainder not below r");
    mul(g2, acc, b, s, ct);
    if (q) {
        uint8_t q_be[8], rm1_be[32];
        for (int i = 0; i < 8; i++) q_be[i] = (uint8_t)(q >> (56 - 8 * i));
        pybls_scalar_from_bytes_wide(qs, q_be, 8);
        memcpy(rm1_be, REF_R_BE, 32);
        rm1_be[31] -= 1;
        FUZZ_CHECK(pybls_scalar_from_bytes(rm1, rm1_be) == PYBLS_OK, "r - 1");
        mul(g2, u, b, rm1, ct);
        add(g2, u, u, b); /* [r]B, the identity when B is in the subgroup */
        mul(g2, u, u, qs, ct);
        add(g2, acc, acc, u);
    }
    if (sign < 0) {
        if (g2) pybls_g2_neg(acc, acc); else pybls_g1_neg(acc, acc);
    }
    add(g2, r, r, acc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in_t in = {data, size};
    const uint8_t sel = fuzz_byte(&in);
    const int g2 = sel & 1;
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
    identity(g2, want);
    for (int j = 0; j < nfresh; j++) add_multiple(g2, want, fresh[j], &pos[j], &neg[j], sel & 2);
    mul_generator(g2, t, d, sel & 4);
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
