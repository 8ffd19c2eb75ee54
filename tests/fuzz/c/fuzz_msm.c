/*
 * fuzz_msm.c - multi-scalar multiplication in G1 and G2 with arbitrary
 * counts, points and scalars, against the sum of single multiplications.
 *
 * Input: a selector byte (bit 0: G2), a count byte, a scratch-slack byte,
 * then per point an opcode byte and its data: the identity, a copy or the
 * negation of the previous point (so buckets see P + P and P - P), a point
 * decoded from compressed bytes without the subgroup check, the image of a
 * field element under map_to_curve (on the curve, generally outside the
 * subgroup), or a multiple of the generator. Scalars: 0, 1, r - 1 or 64
 * bytes reduced mod r.
 *
 * The reference: for up to NAIVE_MAX points (or when the selector asks),
 * the sum of single multiplications; for more, the sum of MSMs of two or
 * more chunks of at most CHUNK points, which the core computes with its other method
 * (lanes of wNAF digits instead of Pippenger's buckets), itself checked
 * against single multiplications whenever the count is small. This keeps
 * large counts, the buckets' domain, cheap enough to fuzz.
 *
 * Also: a scratch buffer one byte short, or a count whose scratch size
 * overflows, must give PYBLS_ERR_ARGUMENT without touching the points.
 */
#include "fuzz_common.h"

#define MAX_POINTS 128
#define NAIVE_MAX 16
#define CHUNK 48 /* below the bucket method's threshold in both groups */

static void make_point(int g2, uint8_t *p, const uint8_t *prev, fuzz_in_t *in) {
    const size_t psize = g2 ? PYBLS_G2_SIZE : PYBLS_G1_SIZE;
    uint8_t buf[PYBLS_G2_COMPRESSED_BYTES], u[2 * PYBLS_FP_SIZE], k[PYBLS_SCALAR_SIZE];
    switch (fuzz_byte(in) % 6) {
    case 0:
        if (g2) pybls_g2_identity(p); else pybls_g1_identity(p);
        return;
    case 1:
        if (prev) { memcpy(p, prev, psize); return; }
        break;
    case 2:
        if (prev) { if (g2) pybls_g2_neg(p, prev); else pybls_g1_neg(p, prev); return; }
        break;
    case 3: {
        size_t n = g2 ? PYBLS_G2_COMPRESSED_BYTES : PYBLS_G1_COMPRESSED_BYTES;
        fuzz_take(in, buf, n);
        int rc = g2 ? pybls_g2_decode(p, buf, (uint32_t)n, PYBLS_DECODE_SKIP_SUBGROUP_CHECK)
                    : pybls_g1_decode(p, buf, (uint32_t)n, PYBLS_DECODE_SKIP_SUBGROUP_CHECK);
        if (rc == PYBLS_OK) return;
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
            return;
        }
        break;
    }
    default:
        break;
    }
    /* a multiple of the generator by the next byte */
    fuzz_take(in, buf, 1);
    pybls_scalar_from_bytes_wide(k, buf, 1);
    if (g2) { pybls_g2_generator(p); pybls_g2_mul_vartime(p, p, k); }
    else { pybls_g1_generator(p); pybls_g1_mul_vartime(p, p, k); }
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in_t in = {data, size};
    const uint8_t sel = fuzz_byte(&in);
    const int g2 = sel & 1;
    const uint32_t n = fuzz_byte(&in) % (MAX_POINTS + 1);
    const uint32_t slack = fuzz_byte(&in) % 17;
    const size_t psize = g2 ? PYBLS_G2_SIZE : PYBLS_G1_SIZE;
    uint8_t *points = malloc(n ? n * psize : 1), *scalars = malloc(n ? n * PYBLS_SCALAR_SIZE : 1);
    for (uint32_t i = 0; i < n; i++) {
        make_point(g2, points + i * psize, i ? points + (i - 1) * psize : NULL, &in);
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
    if (g2) pybls_g2_identity(want); else pybls_g1_identity(want);
    if (n <= NAIVE_MAX || (sel & 4)) {
        for (uint32_t i = 0; i < n; i++) {
            const uint8_t *p = points + i * psize, *k = scalars + i * PYBLS_SCALAR_SIZE;
            if (sel & 2) {
                if (g2) pybls_g2_mul(t, p, k); else pybls_g1_mul(t, p, k);
            } else {
                if (g2) pybls_g2_mul_vartime(t, p, k); else pybls_g1_mul_vartime(t, p, k);
            }
            if (g2) pybls_g2_add(want, want, t); else pybls_g1_add(want, want, t);
        }
    } else {
        /* at least two chunks, so the reference never repeats the call */
        const uint32_t chunk = (n + 1) / 2 < CHUNK ? (n + 1) / 2 : CHUNK;
        for (uint32_t i = 0; i < n; i += chunk) {
            uint32_t m = n - i < chunk ? n - i : chunk;
            const uint8_t *p = points + i * psize, *k = scalars + i * PYBLS_SCALAR_SIZE;
            /* the scratch size of each count (it need not grow with it) */
            int cneed = g2 ? pybls_g2_msm_scratch_size(m) : pybls_g1_msm_scratch_size(m);
            uint8_t *cscratch = malloc((size_t)cneed);
            rc = g2 ? pybls_g2_msm(t, p, k, m, cscratch, (uint32_t)cneed) : pybls_g1_msm(t, p, k, m, cscratch, (uint32_t)cneed);
            FUZZ_CHECK(rc == PYBLS_OK, "chunk msm of %u points failed (%d)", m, rc);
            free(cscratch);
            if (g2) pybls_g2_add(want, want, t); else pybls_g1_add(want, want, t);
        }
    }
    FUZZ_CHECK(g2 ? pybls_g2_eq(out, want) : pybls_g1_eq(out, want), "msm of %u points != sum of products", n);
    /* counts whose scratch does not fit an int: rejected, points unread */
    const uint32_t huge = 0xffffffffu - (sel >> 2);
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
