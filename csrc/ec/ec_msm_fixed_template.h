/*
 * ec_msm_fixed_template.h - multi-scalar multiplication over points known
 * in advance (a KZG trusted setup), with a precomputed table; written once
 * for G1 and G2, after ec_msm_template.h (whose buckets it reuses).
 *
 * The bucket method (ec_msm_template.h) splits each scalar into W signed
 * c-bit digits and, per window, sorts the points into buckets, sums them
 * and doubles c times. With the points' shifted copies 2^(s j) P_i for
 * j < t (s = c m, m = ceil(W / t)) in the table, digit j m + u of k_i is
 * digit u of the copy j, so the W windows collapse into m rounds of n t
 * points each: the same number of bucket additions, but only m bucket
 * reductions and m c doublings. t = 1 is the plain method on points kept
 * affine (no conversion per call); larger t trade memory for speed.
 *
 * Everything handled here is public (KZG has no secrets: the setup points
 * and the blobs' scalars are public), so all of it runs in variable time.
 *
 * The table of n points holds n t affine entries, entry i t + j being
 * 2^(s j) P_i; the identity is stored with y = 0, which only points of
 * order 2 share. Where E(Fp) has those (EC_NEEDS_EXACT, BLS48-581's G1), a
 * point with a component of even order, which only skipping the subgroup
 * check gives, is refused when the table is built (PYBLS_ERR_NOT_IN_SUBGROUP):
 * besides the marker, the affine bucket additions would meet their
 * exceptional cases with it.
 */

#define EC_FIXED_MAX_BYTES 0x7fffffffu

typedef struct {
    int c;      /* window bits */
    uint32_t t; /* copies of each point */
    uint32_t m; /* rounds: ceil(W / t) */
} EC(fixed_plan_t);

static uint64_t EC(fixed_msm_layout)(EC(msm_mem_t) *m, POINT **acc, int16_t **digits, uint8_t *base, uint32_t g,
                                     uint32_t n, uint32_t t, int c);

/* The largest number of copies `precompute` allows: none beyond the
 * affine points for 0, else 2^(precompute - 1) per point (c-kzg's table
 * of the same parameter holds as many points per base). */
static uint32_t EC(fixed_max_copies)(uint32_t precompute) {
    return precompute == 0 ? 1 : (uint32_t)1 << (precompute - 1);
}

/* The (c, t) of least estimated cost within the precompute's memory, the
 * table and scratch sizes kept below 2^31 bytes; t = 0 if none fits. */
static EC(fixed_plan_t) EC(fixed_plan)(uint32_t n, uint32_t precompute) {
    EC(fixed_plan_t) best = {0, 0, 0};
    uint64_t best_cost = 0;
    const uint32_t tmax = EC(fixed_max_copies)(precompute);
    for (int c = 2; c <= EC_MSM_MAX_WINDOW; c++) {
        const uint32_t w = EC_MSM_BITS / (uint32_t)c + 1;
        for (uint32_t m = 1; m <= w; m++) {
            const uint32_t t = (w + m - 1) / m;
            if (t > tmax) continue;
            const uint64_t total = (uint64_t)n * t;
            if (total * sizeof(EC(affine_t)) > EC_FIXED_MAX_BYTES ||
                EC_MSM_ALIGN + EC(fixed_msm_layout)(NULL, NULL, NULL, NULL, 1, n, t, c) > EC_FIXED_MAX_BYTES)
                continue;
            const uint64_t cost = (uint64_t)m * EC(msm_window_cost)(total, c);
            if (best.t == 0 || cost < best_cost || (cost == best_cost && t < best.t)) {
                best.c = c;
                best.t = t;
                best.m = m;
                best_cost = cost;
            }
        }
    }
    return best;
}

/* MSMs over consecutive blocks of one table go through the rounds together,
 * so that their bucket trees share inversions: as many blocks at once as
 * keep a round near this many entries. */
#define EC_FIXED_GROUP_ENTRIES (1u << 15)

/* Scratch of g MSMs of n points at once: their running totals (g each),
 * the canonical scalars (g n), one round's bucket contents, inversion
 * buffers and digits (g n t each), the bucket segments (g 2^(c-1)). */
static uint64_t EC(fixed_msm_layout)(EC(msm_mem_t) *m, POINT **acc, int16_t **digits, uint8_t *base, uint32_t g,
                                     uint32_t n, uint32_t t, int c) {
    uint64_t off = 0, nb = (uint64_t)g << (c - 1), total = (uint64_t)g * n * t;
    if (acc) *acc = (POINT *)(void *)base;
    /* acc and tot (g points each), then the affine running sums (2 g, and
     * their identity flags) of EC(fixed_running_sums) */
    off += 2 * (uint64_t)g * sizeof(POINT) + 2 * (uint64_t)g * sizeof(EC(affine_t)) + ((2 * (uint64_t)g + 15) & ~(uint64_t)15);
#define EC_CARVE(field, type, count)                                        \
    do {                                                                    \
        if (m) m->field = (type)(void *)(base + off);                       \
        off += (uint64_t)(count) * sizeof(*m->field);                       \
    } while (0)
    EC_CARVE(work, EC(affine_t) *, total);
    EC_CARVE(den, FE *, total);
    EC_CARVE(pre, FE *, total);
    EC_CARVE(ks, limb_t(*)[FR_LIMBS], (uint64_t)g * n);
    EC_CARVE(start, uint32_t *, nb);
    EC_CARVE(count, uint32_t *, nb);
    if (digits) *digits = (int16_t *)(void *)(base + off);
    off += total * sizeof(int16_t);
    EC_CARVE(work_inf, uint8_t *, total);
#undef EC_CARVE
    if (m) {
        m->pts = NULL;
        m->pts_inf = NULL;
        m->secret = 0; /* public points: variable-time inversions */
    }
    return off;
}

/* Blocks per group for `count` MSMs of n points. */
static uint32_t EC(fixed_group)(uint32_t count, uint32_t n, const EC(fixed_plan_t) *plan) {
    uint64_t entries = (uint64_t)n * plan->t, g = entries >= EC_FIXED_GROUP_ENTRIES ? 1 : EC_FIXED_GROUP_ENTRIES / entries;
    if (g > count) g = count;
    return g == 0 ? 1 : (uint32_t)g;
}

int EC(fixed_table_size)(uint32_t n, uint32_t precompute) {
    EC(fixed_plan_t) plan = EC(fixed_plan)(n, precompute);
    if (plan.t == 0) return -1;
    return (int)((uint64_t)n * plan.t * sizeof(EC(affine_t)));
}

/* One MSM without copies of few points is cheaper as NAF lanes
 * (ec_msm_template.h); several go through the buckets together. */
static int EC(fixed_use_lanes)(uint32_t count, uint32_t n, const EC(fixed_plan_t) *plan) {
    return count == 1 && plan->t == 1 && n <= EC_MSM_LANES_MAX &&
           EC(msm_cost_lanes)(n) <= (uint64_t)plan->m * EC(msm_window_cost)(n, plan->c);
}

int EC(fixed_msm_scratch_size)(uint32_t count, uint32_t n, uint32_t precompute) {
    EC(fixed_plan_t) plan = EC(fixed_plan)(n, precompute);
    uint64_t bytes;
    if (plan.t == 0) return -1;
    if (EC(fixed_use_lanes)(count, n, &plan))
        bytes = EC_MSM_ALIGN + (uint64_t)n * EC_LANES_BYTES_PER_POINT;
    else
        bytes = EC_MSM_ALIGN +
                EC(fixed_msm_layout)(NULL, NULL, NULL, NULL, EC(fixed_group)(count, n, &plan), n, plan.t, plan.c);
    return bytes > EC_FIXED_MAX_BYTES ? -1 : (int)bytes;
}

/* Building the table: n current points (Jacobian, whose doublings are the
 * cheapest), then n field elements twice for the shared inversion. */
int EC(fixed_table_scratch_size)(uint32_t n) {
    uint64_t bytes = EC_MSM_ALIGN + (uint64_t)n * (sizeof(EC(jacobian_t)) + 2 * sizeof(FE));
    return bytes > EC_FIXED_MAX_BYTES ? -1 : (int)bytes;
}

int EC(fixed_table)(uint8_t *table, const uint8_t *points, uint32_t n, uint32_t precompute,
                    uint8_t *scratch, size_t scratch_len) {
    EC(fixed_plan_t) plan = EC(fixed_plan)(n, precompute);
    int need = EC(fixed_table_scratch_size)(n);
    if (plan.t == 0 || need < 0 || scratch_len < (size_t)need) return PYBLS_ERR_ARGUMENT;
    uint8_t *mem = scratch + (EC_MSM_ALIGN - (uintptr_t)scratch % EC_MSM_ALIGN) % EC_MSM_ALIGN;
    EC(jacobian_t) *cur = (EC(jacobian_t) *)(void *)mem;
    FE *den = (FE *)(void *)(cur + n), *pre = den + n;
    const uint32_t shift = (uint32_t)plan.c * plan.m;
    for (uint32_t i = 0; i < n; i++) {
        POINT p;
        EC_MSM_COPY(&p, points + (size_t)i * sizeof(POINT), sizeof p);
#ifdef EC_NEEDS_EXACT
        if (EC_NEEDS_EXACT(&p)) return PYBLS_ERR_NOT_IN_SUBGROUP;
#endif
        EC(to_jacobian)(&cur[i], &p);
    }
    for (uint32_t j = 0; j < plan.t; j++) {
        if (j > 0)
            for (uint32_t i = 0; i < n; i++)
                if (!(F(is_zero)(&cur[i].z) & 1))
                    EC(jacobian_dbl_n)(&cur[i], (int)shift);
        for (uint32_t i = 0; i < n; i++) {
            if (F(is_zero)(&cur[i].z) & 1)
                F(set_one)(&den[i]);
            else
                den[i] = cur[i].z;
        }
        EC(batch_inv)(den, pre, n);
        for (uint32_t i = 0; i < n; i++) { /* x = X / Z^2, y = Y / Z^3 */
            EC(affine_t) a;
            if (F(is_zero)(&cur[i].z) & 1) {
                F(set_zero)(&a.x);
                F(set_zero)(&a.y);
            } else {
                FE z2;
                F(sqr)(&z2, &den[i]);
                F(mul)(&a.x, &cur[i].x, &z2);
                F(mul)(&z2, &z2, &den[i]);
                F(mul)(&a.y, &cur[i].y, &z2);
            }
            EC_MSM_COPY(table + ((size_t)i * plan.t + j) * sizeof a, &a, sizeof a);
        }
    }
    return PYBLS_OK;
}

/* The running sums of g blocks' buckets at once, tot[k] = sum_b (b + 1)
 * bucket_(k nb + b), in affine coordinates: each step adds one point to
 * every block's sum (or the sum to its total), all g additions sharing one
 * inversion, about 7 multiplications each instead of the 11 and 12 of the
 * projective running sum. rs holds 2 g affine points, rs_inf their flags. */
static void EC(fixed_running_sums)(POINT *tot, EC(msm_mem_t) *m, uint32_t g, uint32_t nb, EC(affine_t) *rs,
                                   uint8_t *rs_inf) {
    EC(affine_t) *sum = rs, *acc = rs + g;
    uint8_t *sum_inf = rs_inf, *acc_inf = rs_inf + g;
    for (uint32_t k = 0; k < g; k++) sum_inf[k] = acc_inf[k] = 1;
    for (uint32_t b = nb; b-- > 0;) {
        uint32_t most = 0;
        for (uint32_t k = 0; k < g; k++)
            if (m->count[k * nb + b] > most) most = m->count[k * nb + b];
        for (uint32_t e = 0; e < most; e++) { /* sum_k += entry e of bucket b of block k */
            for (uint32_t k = 0; k < g; k++) {
                const uint32_t bk = k * nb + b, at = m->start[bk] + e;
                if (e < m->count[bk])
                    EC(pair_den)(&m->den[k], &sum[k], sum_inf[k], &m->work[at], m->work_inf[at]);
                else
                    F(set_one)(&m->den[k]);
            }
            EC(batch_inv)(m->den, m->pre, g);
            for (uint32_t k = 0; k < g; k++) {
                const uint32_t bk = k * nb + b, at = m->start[bk] + e;
                if (e < m->count[bk])
                    EC(pair_add)(&sum[k], &sum_inf[k], &sum[k], sum_inf[k], &m->work[at], m->work_inf[at], &m->den[k]);
            }
        }
        for (uint32_t k = 0; k < g; k++) EC(pair_den)(&m->den[k], &acc[k], acc_inf[k], &sum[k], sum_inf[k]);
        EC(batch_inv)(m->den, m->pre, g);
        for (uint32_t k = 0; k < g; k++)
            EC(pair_add)(&acc[k], &acc_inf[k], &acc[k], acc_inf[k], &sum[k], sum_inf[k], &m->den[k]);
    }
    for (uint32_t k = 0; k < g; k++) {
        if (acc_inf[k])
            EC(set_identity)(&tot[k]);
        else
            EC(from_affine)(&tot[k], &acc[k].x, &acc[k].y);
    }
}

/* One round u for g blocks of n points: digit j m + u of every scalar on
 * copy j of its point, into its block's buckets; the trees of all blocks
 * share inversions, then each block's running sum goes to tot[block]
 * (affine and shared too when there are enough blocks to pay for the
 * inversions). */
static void EC(fixed_round)(POINT *tot, EC(msm_mem_t) *m, int16_t *digits, const uint8_t *table, uint32_t g,
                            uint32_t n, const EC(fixed_plan_t) *plan, uint32_t u, EC(affine_t) *rs, uint8_t *rs_inf) {
    const uint32_t nb = (uint32_t)1 << (plan->c - 1), w = EC_MSM_BITS / (uint32_t)plan->c + 1;
    const size_t per_block = (size_t)n * plan->t, total = g * per_block;
    uint32_t next = 0;
    for (uint32_t b = 0; b < g * nb; b++) m->count[b] = 0;
    for (uint32_t i = 0; i < g * n; i++)
        for (uint32_t j = 0, win = u; j < plan->t; j++, win += plan->m) {
            int d = win < w ? scalar_booth_digit(m->ks[i], FR_LIMBS, (int)win, plan->c) : 0;
            digits[(size_t)i * plan->t + j] = (int16_t)d;
            if (d != 0) m->count[(i / n) * nb + (uint32_t)(d < 0 ? -d : d) - 1]++;
        }
    for (uint32_t b = 0; b < g * nb; b++) {
        m->start[b] = next;
        next += m->count[b];
        m->count[b] = 0;
    }
    for (size_t e = 0; e < total; e++) {
        int d = digits[e];
        if (d == 0) continue;
        uint32_t b = (uint32_t)(e / per_block) * nb + (uint32_t)(d < 0 ? -d : d) - 1, at = m->start[b] + m->count[b]++;
        EC_MSM_COPY(&m->work[at], table + e * sizeof(EC(affine_t)), sizeof(EC(affine_t)));
        m->work_inf[at] = (uint8_t)(F(is_zero)(&m->work[at].y) & 1);
        if (d < 0) F(neg)(&m->work[at].y, &m->work[at].y);
    }
    while (EC(msm_tree_level)(m, g * nb, EC_MSM_MIN_BATCH)) {
    }
    if (g >= EC_MSM_MIN_BATCH)
        EC(fixed_running_sums)(tot, m, g, nb, rs, rs_inf);
    else
        for (uint32_t k = 0; k < g; k++) EC(msm_running_sum)(&tot[k], m, k * nb, nb);
}

/* The lanes of ec_msm_template.h over a table without copies. */
static void EC(fixed_lanes)(POINT *r, const uint8_t *table, const uint8_t *scalars, uint32_t n, uint8_t *mem) {
    POINT *tables = (POINT *)(void *)mem;
    EC(lane_t) *lanes = (EC(lane_t) *)(void *)(tables + (size_t)n * EC_WNAF_TABLE);
    int8_t *nafs = (int8_t *)(lanes + n);
    for (uint32_t i = 0; i < n; i++) {
        EC(affine_t) a;
        POINT p;
        fr_t k;
        EC_MSM_COPY(&a, table + (size_t)i * sizeof a, sizeof a);
        EC_MSM_COPY(&k, scalars + (size_t)i * sizeof(fr_t), sizeof k);
        if (F(is_zero)(&a.y) & 1)
            EC(set_identity)(&p);
        else
            EC(from_affine)(&p, &a.x, &a.y);
        EC(point_lanes)(lanes + i, tables + (size_t)i * EC_WNAF_TABLE, nafs + (size_t)i * EC_NAF_LEN, &p, &k,
                        EC_SPLIT_NEVER);
    }
    EC(sum_lanes_vartime)(r, lanes, n);
}

/* The `count` sums of n scalars each (at k n) over the table's blocks,
 * written to out as internal points. */
int EC(fixed_msm)(uint8_t *out, uint32_t count, const uint8_t *table, const uint8_t *scalars, uint32_t n,
                  uint32_t precompute, uint8_t *scratch, size_t scratch_len) {
    EC(fixed_plan_t) plan = EC(fixed_plan)(n, precompute);
    int need = EC(fixed_msm_scratch_size)(count, n, precompute);
    if (plan.t == 0 || need < 0 || scratch_len < (size_t)need) return PYBLS_ERR_ARGUMENT;
    const size_t block_bytes = (size_t)n * plan.t * sizeof(EC(affine_t));
    uint8_t *mem = scratch + (EC_MSM_ALIGN - (uintptr_t)scratch % EC_MSM_ALIGN) % EC_MSM_ALIGN;
    if (n == 0 || EC(fixed_use_lanes)(count, n, &plan)) {
        for (uint32_t k = 0; k < count; k++) {
            POINT r;
            if (n == 0)
                EC(set_identity)(&r);
            else
                EC(fixed_lanes)(&r, table + k * block_bytes, scalars + (size_t)k * n * sizeof(fr_t), n, mem);
            EC_MSM_COPY(out + (size_t)k * sizeof(POINT), &r, sizeof r);
        }
        return PYBLS_OK;
    }
    const uint32_t group = EC(fixed_group)(count, n, &plan);
    EC(msm_mem_t) m;
    int16_t *digits;
    POINT *acc;
    for (uint32_t k0 = 0; k0 < count; k0 += group) {
        const uint32_t g = count - k0 < group ? count - k0 : group;
        EC(fixed_msm_layout)(&m, &acc, &digits, mem, g, n, plan.t, plan.c);
        POINT *tot = acc + g;
        EC(affine_t) *rs = (EC(affine_t) *)(void *)(tot + g);
        uint8_t *rs_inf = (uint8_t *)(void *)(rs + 2 * g);
        for (uint32_t i = 0; i < g * n; i++) {
            fr_t k;
            EC_MSM_COPY(&k, scalars + ((size_t)k0 * n + i) * sizeof(fr_t), sizeof k);
            fr_to_canonical(m.ks[i], &k);
        }
        for (uint32_t k = 0; k < g; k++) EC(set_identity)(&acc[k]);
        for (uint32_t u = plan.m; u-- > 0;) {
            for (uint32_t k = 0; k < g; k++)
                if (!(EC(is_identity)(&acc[k]) & 1))
                    for (int s = 0; s < plan.c; s++) EC(dbl)(&acc[k], &acc[k]);
            EC(fixed_round)(tot, &m, digits, table + k0 * block_bytes, g, n, &plan, u, rs, rs_inf);
            for (uint32_t k = 0; k < g; k++) EC(add)(&acc[k], &acc[k], &tot[k]);
        }
        EC_MSM_COPY(out + (size_t)k0 * sizeof(POINT), acc, (size_t)g * sizeof(POINT));
    }
    return PYBLS_OK;
}
