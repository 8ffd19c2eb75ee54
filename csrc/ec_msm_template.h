/*
 * ec_msm_template.h - multi-scalar multiplication sum_i [k_i] P_i of public
 * points and scalars, written once for G1 and G2 (after ec_mul_template.h).
 *
 * Few points: the width-w NAF lanes of the points (ec_mul_template.h,
 * without the endomorphism split, which would cost each point a subgroup
 * check) are summed with one shared chain of doublings. Many points:
 * Pippenger's bucket method with signed c-bit digits, so 2^(c-1) buckets
 * per window. Either way the result is right for any points of the curve.
 * Everything lives in the caller's scratch buffer, laid out after an
 * alignment pad as: lanes method: n tables, n lane records, n naf digit
 * strings; buckets method: n points, n canonical scalars, the buckets.
 */

#define EC_MSM_MAX_WINDOW 16
#define EC_MSM_LANES_MAX 128 /* above this the lane tables get large */

/* Estimated point additions of each method (a doubling counts as one). */
static uint64_t EC(msm_cost_buckets)(uint32_t n, int c) {
    return (uint64_t)(255 / c + 1) * ((uint64_t)n + ((uint64_t)1 << c) + (uint64_t)c);
}

static uint64_t EC(msm_cost_lanes)(uint32_t n) {
    uint64_t per_lane = 255 / (EC_WNAF_W + 1) + EC_WNAF_TABLE;
    return 255 + (uint64_t)n * per_lane;
}

/* The bucket window minimising the cost, or 0 if the lanes are cheaper. */
static int EC(msm_window)(uint32_t n) {
    int best = 1;
    for (int c = 2; c <= EC_MSM_MAX_WINDOW; c++)
        if (EC(msm_cost_buckets)(n, c) < EC(msm_cost_buckets)(n, best)) best = c;
    if (n <= EC_MSM_LANES_MAX && EC(msm_cost_lanes)(n) <= EC(msm_cost_buckets)(n, best)) return 0;
    return best;
}

#define EC_MSM_ALIGN 16
#define EC_LANES_BYTES_PER_POINT                                                              \
    (EC_WNAF_TABLE * sizeof(POINT) + sizeof(EC(lane_t)) + EC_NAF_LEN)
#define EC_BUCKETS_BYTES_PER_POINT (sizeof(POINT) + FR_LIMBS * sizeof(limb_t))

static uint64_t EC(msm_bytes)(uint32_t n) {
    int c = EC(msm_window)(n);
    if (c == 0) return EC_MSM_ALIGN + (uint64_t)n * EC_LANES_BYTES_PER_POINT;
    return EC_MSM_ALIGN + (uint64_t)n * EC_BUCKETS_BYTES_PER_POINT +
           ((uint64_t)1 << (c - 1)) * sizeof(POINT);
}

int EC(msm_scratch_size)(uint32_t n) {
    uint64_t bytes = EC(msm_bytes)(n);
    return bytes > 0x7fffffff ? -1 : (int)bytes;
}

static void EC(msm_lanes)(POINT *r, const uint8_t *points, const uint8_t *scalars, uint32_t n,
                          uint8_t *mem) {
    /* Largest alignment first: tables, lane records, then the int8 digits. */
    POINT *tables = (POINT *)mem;
    EC(lane_t) *lanes = (EC(lane_t) *)(tables + (size_t)n * EC_WNAF_TABLE);
    int8_t *nafs = (int8_t *)(lanes + n);
    for (uint32_t i = 0; i < n; i++) {
        POINT p;
        fr_t k;
        ct_memcpy(&p, points + (size_t)i * sizeof(POINT), sizeof p);
        ct_memcpy(&k, scalars + (size_t)i * sizeof(fr_t), sizeof k);
        EC(point_lanes)(lanes + i, tables + (size_t)i * EC_WNAF_TABLE, nafs + (size_t)i * EC_NAF_LEN, &p,
                        &k, 0);
    }
    EC(sum_lanes_vartime)(r, lanes, n);
}

static void EC(msm_buckets)(POINT *r, const uint8_t *points, const uint8_t *scalars, uint32_t n,
                            int c, uint8_t *mem) {
    POINT *pts = (POINT *)mem;
    limb_t(*ks)[FR_LIMBS] = (limb_t(*)[FR_LIMBS])(pts + n);
    POINT *buckets = (POINT *)(ks + n);
    const int nbuckets = 1 << (c - 1), nwindows = 255 / c + 1;
    POINT acc, sum, tot, t;
    for (uint32_t i = 0; i < n; i++) {
        fr_t k;
        ct_memcpy(&pts[i], points + (size_t)i * sizeof(POINT), sizeof(POINT));
        ct_memcpy(&k, scalars + (size_t)i * sizeof(fr_t), sizeof k);
        fr_to_canonical(ks[i], &k);
    }
    EC(set_identity)(&acc);
    for (int j = nwindows - 1; j >= 0; j--) {
        if (!(EC(is_identity)(&acc) & 1))
            for (int s = 0; s < c; s++) EC(dbl)(&acc, &acc);
        for (int b = 0; b < nbuckets; b++) EC(set_identity)(&buckets[b]);
        for (uint32_t i = 0; i < n; i++) {
            int d = scalar_booth_digit(ks[i], FR_LIMBS, j, c);
            if (d == 0) continue;
            POINT *bucket = &buckets[(d < 0 ? -d : d) - 1];
            const POINT *q = &pts[i];
            if (d < 0) {
                EC(neg)(&t, q);
                q = &t;
            }
            if (EC(is_identity)(bucket) & 1)
                *bucket = *q;
            else
                EC(add)(bucket, bucket, q);
        }
        /* sum_b (b + 1) bucket[b] as a running sum from the top */
        EC(set_identity)(&sum);
        EC(set_identity)(&tot);
        for (int b = nbuckets - 1; b >= 0; b--) {
            if (!(EC(is_identity)(&buckets[b]) & 1)) EC(add)(&sum, &sum, &buckets[b]);
            if (!(EC(is_identity)(&sum) & 1)) EC(add)(&tot, &tot, &sum);
        }
        EC(add)(&acc, &acc, &tot);
    }
    *r = acc;
}

int EC(msm)(POINT *r, const uint8_t *points, const uint8_t *scalars, uint32_t n, uint8_t *scratch,
            size_t scratch_len) {
    int need = EC(msm_scratch_size)(n);
    if (need < 0 || scratch_len < (size_t)need) return PYBLS_ERR_ARGUMENT;
    uint8_t *mem = scratch + ((EC_MSM_ALIGN - ((uintptr_t)scratch % EC_MSM_ALIGN)) % EC_MSM_ALIGN);
    int c = EC(msm_window)(n);
    if (n == 0) {
        EC(set_identity)(r);
    } else if (n == 1) { /* may use the endomorphism split */
        POINT p;
        fr_t k;
        ct_memcpy(&p, points, sizeof p);
        ct_memcpy(&k, scalars, sizeof k);
        EC(mul_vartime)(r, &p, &k);
    } else if (c == 0)
        EC(msm_lanes)(r, points, scalars, n, mem);
    else
        EC(msm_buckets)(r, points, scalars, n, c, mem);
    return PYBLS_OK;
}
