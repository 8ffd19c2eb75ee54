/*
 * api_group_template.h - the public pybls_g1_* / pybls_g2_* functions,
 * written once; api_groups.c includes it for each group with
 *
 *   PUB(name)   the public name (pybls_g1_##name)
 *   EC(name)    the internal name (g1_##name, see ec.h)
 *   POINT       the internal point type
 *   FE, F(op)   its coordinates' field type and functions
 *
 * and LOAD / STORE, which copy internal buffers through the structs' bytes
 * so callers need not align them.
 */

int PUB(generator)(uint8_t *out) {
    POINT r;
    EC(set_generator)(&r);
    STORE(out, r);
    return PYBLS_OK;
}

int PUB(identity)(uint8_t *out) {
    POINT r;
    EC(set_identity)(&r);
    STORE(out, r);
    return PYBLS_OK;
}

/* r = p + q (r distinct from p and q). On a curve whose E(Fp) has points
 * of order 2, the complete formulas return all zeros when p - q is one
 * (points outside the subgroup only): if p and q may be outside it, that
 * sum is made again with every case handled. The check branches on r, so
 * callers whose r must stay secret pass outside = 0 (their points are in
 * the subgroup). */
static void PUB(add_points)(POINT *r, const POINT *p, const POINT *q, int outside) {
    EC(add)(r, p, q);
#ifdef EC_EXACT_ADD
    if (outside && (EC(is_identity)(r) & F(is_zero)(&r->y) & 1)) EC_EXACT_ADD(r, p, q);
#else
    (void)outside;
#endif
}

int PUB(add)(uint8_t *out, const uint8_t *a, const uint8_t *b) {
    LOAD(POINT, p, a);
    LOAD(POINT, q, b);
    POINT r;
    PUB(add_points)(&r, &p, &q, 1);
    STORE(out, r);
    return PYBLS_OK;
}

int PUB(dbl)(uint8_t *out, const uint8_t *a) {
    LOAD(POINT, p, a);
    EC(dbl)(&p, &p);
    STORE(out, p);
    return PYBLS_OK;
}

int PUB(neg)(uint8_t *out, const uint8_t *a) {
    LOAD(POINT, p, a);
    EC(neg)(&p, &p);
    STORE(out, p);
    return PYBLS_OK;
}

int PUB(eq)(const uint8_t *a, const uint8_t *b) {
    LOAD(POINT, p, a);
    LOAD(POINT, q, b);
    return (int)(EC(eq)(&p, &q) & 1);
}

int PUB(is_identity)(const uint8_t *a) {
    LOAD(POINT, p, a);
    return (int)(EC(is_identity)(&p) & 1);
}

int PUB(is_on_curve)(const uint8_t *a) {
    LOAD(POINT, p, a);
    return (int)(EC(is_on_curve)(&p) & 1);
}

int PUB(in_subgroup)(const uint8_t *a) {
    LOAD(POINT, p, a);
    return (EC(is_on_curve)(&p) & 1) && EC(in_subgroup_vartime)(&p);
}

int PUB(clear_cofactor)(uint8_t *out, const uint8_t *a) {
    LOAD(POINT, p, a);
    EC(clear_cofactor)(&p, &p);
    STORE(out, p);
    return PYBLS_OK;
}

int PUB(mul)(uint8_t *out, const uint8_t *p, const uint8_t *scalar) {
    LOAD(POINT, q, p);
    LOAD(fr_t, k, scalar);
    EC(mul)(&q, &q, &k);
    ct_memzero(&k, sizeof k);
    STORE(out, q);
    return PYBLS_OK;
}

int PUB(mul_vartime)(uint8_t *out, const uint8_t *p, const uint8_t *scalar) {
    LOAD(POINT, q, p);
    LOAD(fr_t, k, scalar);
    EC(mul_vartime)(&q, &q, &k);
    STORE(out, q);
    return PYBLS_OK;
}

int PUB(mul_flags)(uint8_t *out, const uint8_t *p, const uint8_t *scalar, uint32_t flags) {
    if (flags & ~(uint32_t)(PYBLS_MUL_IN_SUBGROUP | PYBLS_MUL_VARTIME)) return PYBLS_ERR_ARGUMENT;
    LOAD(POINT, q, p);
    LOAD(fr_t, k, scalar);
    switch (flags) {
    case 0: EC(mul)(&q, &q, &k); break;
    case PYBLS_MUL_IN_SUBGROUP: EC(mul_subgroup)(&q, &q, &k); break;
    case PYBLS_MUL_VARTIME: EC(mul_vartime)(&q, &q, &k); break;
    default: EC(mul_subgroup_vartime)(&q, &q, &k); break;
    }
    ct_memzero(&k, sizeof k);
    STORE(out, q);
    return PYBLS_OK;
}

int PUB(sum_scratch_size)(uint32_t n) {
    int size = EC(sum_scratch_size)(n);
    return size < 0 ? PYBLS_ERR_ARGUMENT : size;
}

int PUB(sum)(uint8_t *out, const uint8_t *points, uint32_t n, uint8_t *scratch, uint32_t scratch_len) {
    POINT r;
    int rc = EC(sum)(&r, points, n, scratch, scratch_len);
    if (rc == PYBLS_OK) STORE(out, r);
    return rc;
}

int PUB(sum_columns)(uint8_t *out, uint32_t cols, const uint8_t *points, uint32_t rows,
                     uint8_t *scratch, uint32_t scratch_len) {
    for (uint32_t j = 0; j < cols; j += 16) { /* through a small buffer: no allocation */
        POINT r[16];
        uint32_t c = cols - j < 16 ? cols - j : 16;
        int rc = EC(sum_columns)(r, points + (size_t)j * sizeof(POINT), rows, cols, c, scratch, scratch_len);
        if (rc != PYBLS_OK) return rc;
        for (uint32_t i = 0; i < c; i++) STORE(out + (size_t)(j + i) * sizeof(POINT), r[i]);
    }
    return PYBLS_OK;
}

int PUB(poly_eval)(uint8_t *out, const uint8_t *points, uint32_t n, uint32_t x) {
    POINT r;
    int rc = EC(poly_eval)(&r, points, n, x);
    if (rc == PYBLS_OK) STORE(out, r);
    return rc;
}

int PUB(fft)(uint8_t *out, uint32_t count, const uint8_t *in, const uint8_t *root) {
    LOAD(fr_t, w, root);
    return EC(fft)(out, count, in, &w);
}

int PUB(msm_scratch_size)(uint32_t n) {
    int size = EC(msm_scratch_size)(n);
    return size < 0 ? PYBLS_ERR_ARGUMENT : size;
}

int PUB(msm)(uint8_t *out, const uint8_t *points, const uint8_t *scalars, uint32_t n,
             uint8_t *scratch, uint32_t scratch_len) {
    POINT r;
    int rc = EC(msm)(&r, points, scalars, n, scratch, scratch_len);
    if (rc == PYBLS_OK) STORE(out, r);
    return rc;
}

int PUB(msm_secret_points)(uint8_t *out, const uint8_t *points, const uint8_t *scalars, uint32_t n,
                           uint8_t *scratch, uint32_t scratch_len) {
    POINT r;
    int rc = EC(msm_secret_points)(&r, points, scalars, n, scratch, scratch_len);
    if (rc == PYBLS_OK) STORE(out, r);
    ct_memzero(&r, sizeof r);
    return rc;
}

int PUB(fixed_table_size)(uint32_t n, uint32_t precompute) {
    int size = precompute > PYBLS_MAX_PRECOMPUTE ? -1 : EC(fixed_table_size)(n, precompute);
    return size < 0 ? PYBLS_ERR_ARGUMENT : size;
}

int PUB(fixed_table_scratch_size)(uint32_t n) {
    int size = EC(fixed_table_scratch_size)(n);
    return size < 0 ? PYBLS_ERR_ARGUMENT : size;
}

int PUB(fixed_table)(uint32_t count, uint32_t n, uint32_t precompute, const uint8_t *points, uint8_t *table,
                     uint8_t *scratch, uint32_t scratch_len) {
    int size = PUB(fixed_table_size)(n, precompute);
    if (size < 0) return size;
    for (uint32_t k = 0; k < count; k++) {
        int rc = EC(fixed_table)(table + (size_t)k * (size_t)size, points + (size_t)k * n * sizeof(POINT), n,
                                 precompute, scratch, scratch_len);
        if (rc != PYBLS_OK) return rc;
    }
    return PYBLS_OK;
}

int PUB(fixed_msm_scratch_size)(uint32_t count, uint32_t n, uint32_t precompute) {
    int size = precompute > PYBLS_MAX_PRECOMPUTE ? -1 : EC(fixed_msm_scratch_size)(count, n, precompute);
    return size < 0 ? PYBLS_ERR_ARGUMENT : size;
}

int PUB(fixed_msm)(uint8_t *out, uint32_t count, const uint8_t *table, const uint8_t *scalars, uint32_t n,
                   uint32_t precompute, uint8_t *scratch, uint32_t scratch_len) {
    if (precompute > PYBLS_MAX_PRECOMPUTE) return PYBLS_ERR_ARGUMENT;
    return EC(fixed_msm)(out, count, table, scalars, n, precompute, scratch, scratch_len);
}

int PUB(compress)(uint8_t *out, const uint8_t *p) {
    LOAD(POINT, q, p);
    EC(compress)(out, &q);
    return PYBLS_OK;
}

int PUB(serialize)(uint8_t *out, const uint8_t *p) {
    LOAD(POINT, q, p);
    EC(serialize)(out, &q);
    return PYBLS_OK;
}

int PUB(decode)(uint8_t *out, const uint8_t *in, uint32_t len, uint32_t flags) {
    POINT r;
    int rc = EC(decode)(&r, in, len, flags);
    if (rc == PYBLS_OK) STORE(out, r);
    return rc;
}

int PUB(decode_batch)(uint8_t *out, uint32_t count, const uint8_t *in, uint32_t len, uint32_t flags) {
    for (uint32_t i = 0; i < count; i++) {
        int rc = PUB(decode)(out + (size_t)i * sizeof(POINT), in + (size_t)i * len, len, flags);
        if (rc != PYBLS_OK) return rc;
    }
    return PYBLS_OK;
}

int PUB(to_affine_bytes)(uint8_t *out, const uint8_t *a) {
    LOAD(POINT, p, a);
    FE x, y;
    if (EC(is_identity)(&p) & 1) return PYBLS_ERR_ARGUMENT;
    EC(to_affine)(&x, &y, &p);
    F(to_bytes)(out, &x);
    F(to_bytes)(out + sizeof(FE) / sizeof(fp_t) * CURVE_FP_BYTES, &y);
    return PYBLS_OK;
}

int PUB(from_affine_bytes)(uint8_t *out, const uint8_t *x, const uint8_t *y, uint32_t flags) {
    POINT r;
    int rc = EC(from_affine_bytes)(&r, x, y, flags);
    if (rc == PYBLS_OK) STORE(out, r);
    return rc;
}

/* The table keys of C - K_i and C + K_i: the low 64 bits of the affine x
 * (of its constant coefficient over an extension field), little-endian,
 * 16 bytes per step; both all zero where x(K_i) = x(C) (one of them the
 * identity). The points are public (SHE decryption tables walk them):
 * variable time. The steps go STEP_KEYS_CHUNK at a time; a chunk's
 * denominators and Z coordinates share one inversion, and each sum costs
 * a few multiplications (x only: lambda^2 - x(C) - x(K)). */
#define STEP_KEYS_CHUNK (sizeof(POINT) > 1024 ? 4 : 16)
#define STEP_KEYS_FE_BYTES (sizeof(FE) / sizeof(fp_t) * CURVE_FP_BYTES)

static void PUB(write_key)(uint8_t *key, const FE *x) {
    uint8_t x_bytes[STEP_KEYS_FE_BYTES];
    F(to_bytes)(x_bytes, x);
    for (int b = 0; b < 8; b++) key[b] = x_bytes[STEP_KEYS_FE_BYTES - 1 - b];
}

static void PUB(keys_around)(uint8_t *out, const POINT *center, const uint8_t *steps, uint32_t n) {
    const POINT c = *center;
    FE xc, yc;
    if (EC(is_identity)(&c) & 1) { /* O -/+ K: x(K) twice */
        for (uint32_t i = 0; i < n; i++) {
            LOAD(POINT, k, steps + (size_t)i * sizeof(POINT));
            uint8_t *key = out + (size_t)i * 16;
            if (EC(is_identity)(&k) & 1) {
                for (int b = 0; b < 16; b++) key[b] = 0;
                continue;
            }
            EC(to_affine)(&xc, &yc, &k);
            PUB(write_key)(key, &xc);
            PUB(write_key)(key + 8, &xc);
        }
        return;
    }
    /* vals: the chunk's d_i = X_i Z - X Z_i and Z_i (1 in place of a zero),
     * then Z; inverted in place. */
    FE vals[2 * STEP_KEYS_CHUNK + 1], pre[2 * STEP_KEYS_CHUNK + 1], inv, t, a, b, lam;
    uint8_t kind[STEP_KEYS_CHUNK]; /* 0: a sum, 1: K_i = O, 2: x(K_i) = x(C) */
    for (uint32_t start = 0; start < n; start += STEP_KEYS_CHUNK) {
        const uint32_t m = n - start < STEP_KEYS_CHUNK ? n - start : (uint32_t)STEP_KEYS_CHUNK;
        const uint32_t nv = 2 * m + 1;
        for (uint32_t i = 0; i < m; i++) {
            LOAD(POINT, k, steps + (size_t)(start + i) * sizeof(POINT));
            kind[i] = 0;
            F(set_one)(&vals[2 * i]);
            F(set_one)(&vals[2 * i + 1]);
            if (F(is_zero)(&k.z) & 1) {
                kind[i] = 1;
                continue;
            }
            F(mul)(&a, &k.x, &c.z);
            F(mul)(&b, &c.x, &k.z);
            F(sub)(&t, &a, &b);
            if (F(is_zero)(&t) & 1) {
                kind[i] = 2;
                continue;
            }
            vals[2 * i] = t;
            vals[2 * i + 1] = k.z;
        }
        vals[2 * m] = c.z;
        pre[0] = vals[0];
        for (uint32_t i = 1; i < nv; i++) F(mul)(&pre[i], &pre[i - 1], &vals[i]);
        F_INV_VARTIME(&inv, &pre[nv - 1]);
        for (uint32_t i = nv - 1; i > 0; i--) {
            F(mul)(&t, &inv, &pre[i - 1]);
            F(mul)(&inv, &inv, &vals[i]);
            vals[i] = t;
        }
        vals[0] = inv;
        F(mul)(&xc, &c.x, &vals[2 * m]); /* x(C) */
        for (uint32_t i = 0; i < m; i++) {
            uint8_t *key = out + (size_t)(start + i) * 16;
            if (kind[i] == 1) {
                PUB(write_key)(key, &xc);
                PUB(write_key)(key + 8, &xc);
                continue;
            }
            if (kind[i] == 2) {
                for (int j = 0; j < 16; j++) key[j] = 0;
                continue;
            }
            LOAD(POINT, k, steps + (size_t)(start + i) * sizeof(POINT));
            FE xk, x3;
            F(mul)(&xk, &k.x, &vals[2 * i + 1]);
            F(add)(&xk, &xk, &xc); /* x(K) + x(C) */
            F(mul)(&a, &k.y, &c.z);
            F(mul)(&b, &c.y, &k.z);
            /* C - K: lambda = (-Y_i Z - Y Z_i) / d_i */
            F(add)(&t, &a, &b);
            F(neg)(&t, &t);
            F(mul)(&lam, &t, &vals[2 * i]);
            F(sqr)(&x3, &lam);
            F(sub)(&x3, &x3, &xk);
            PUB(write_key)(key, &x3);
            /* C + K: lambda = (Y_i Z - Y Z_i) / d_i */
            F(sub)(&t, &a, &b);
            F(mul)(&lam, &t, &vals[2 * i]);
            F(sqr)(&x3, &lam);
            F(sub)(&x3, &x3, &xk);
            PUB(write_key)(key + 8, &x3);
        }
    }
}

int PUB(step_keys)(uint8_t *out, uint32_t out_len, const uint8_t *center, const uint8_t *steps, uint32_t n) {
    if ((uint64_t)out_len != (uint64_t)n * 16) return PYBLS_ERR_ARGUMENT;
    LOAD(POINT, c, center);
    PUB(keys_around)(out, &c, steps, n);
    return PYBLS_OK;
}

/* A SHE decryption's first call: R = S - [k]T, constant time in the secret
 * k (flags: PYBLS_MUL_IN_SUBGROUP when S and T are known to be in the
 * subgroup, as for mul_flags), then the keys of R - K_i and R + K_i as
 * step_keys writes them, after R (out_len = the point's size + 16 n). */
int PUB(decrypt_keys)(uint8_t *out, uint32_t out_len, const uint8_t *s, const uint8_t *t, const uint8_t *scalar,
                      uint32_t flags, const uint8_t *steps, uint32_t n) {
    if ((uint64_t)out_len != (uint64_t)n * 16 + sizeof(POINT) || (flags & ~(uint32_t)PYBLS_MUL_IN_SUBGROUP))
        return PYBLS_ERR_ARGUMENT;
    LOAD(POINT, r, t);
    LOAD(POINT, sp, s);
    LOAD(fr_t, k, scalar);
    if (flags)
        EC(mul_subgroup)(&r, &r, &k);
    else
        EC(mul)(&r, &r, &k);
    ct_memzero(&k, sizeof k);
    POINT minus;
    EC(neg)(&minus, &r);
    /* Without PYBLS_MUL_IN_SUBGROUP, S and T may be outside the subgroup;
     * the check then branches on R = mP, which the decryption reveals. */
    PUB(add_points)(&r, &sp, &minus, !flags);
    STORE(out, r);
    if (n) PUB(keys_around)(out + sizeof(POINT), &r, steps, n); /* variable time in R = mP: m is the answer */
    return PYBLS_OK;
}
#undef STEP_KEYS_CHUNK
#undef STEP_KEYS_FE_BYTES
