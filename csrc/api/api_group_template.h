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

int PUB(add)(uint8_t *out, const uint8_t *a, const uint8_t *b) {
    LOAD(POINT, p, a);
    LOAD(POINT, q, b);
    EC(add)(&p, &p, &q);
    STORE(out, p);
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
 * 16 bytes per step, all zero for the identity. The points are public
 * (SHE decryption tables walk them): the steps go STEP_KEYS_CHUNK at a
 * time, the chunk's points sharing one inversion. */
#define STEP_KEYS_CHUNK (sizeof(POINT) > 1024 ? 4 : 16)
#define STEP_KEYS_FE_BYTES (sizeof(FE) / sizeof(fp_t) * CURVE_FP_BYTES)

int PUB(step_keys)(uint8_t *out, uint32_t out_len, const uint8_t *center, const uint8_t *steps, uint32_t n) {
    if ((uint64_t)out_len != (uint64_t)n * 16) return PYBLS_ERR_ARGUMENT;
    LOAD(POINT, c, center);
    POINT d[2 * STEP_KEYS_CHUNK];
    FE pre[2 * STEP_KEYS_CHUNK], inv, t;
    uint8_t x_bytes[STEP_KEYS_FE_BYTES];
    for (uint32_t start = 0; start < n; start += STEP_KEYS_CHUNK) {
        const uint32_t m = n - start < STEP_KEYS_CHUNK ? n - start : (uint32_t)STEP_KEYS_CHUNK;
        for (uint32_t i = 0; i < m; i++) {
            LOAD(POINT, k, steps + (size_t)(start + i) * sizeof(POINT));
            EC(add)(&d[2 * i + 1], &c, &k);
            EC(neg)(&k, &k);
            EC(add)(&d[2 * i], &c, &k);
        }
        /* One inversion for the chunk (Montgomery's trick); a zero Z (the
         * identity) is skipped through the product as 1. */
        FE one;
        F(set_one)(&one);
        for (uint32_t i = 0; i < 2 * m; i++) {
            const FE *z = (F(is_zero)(&d[i].z) & 1) ? &one : &d[i].z;
            if (i == 0)
                pre[0] = *z;
            else
                F(mul)(&pre[i], &pre[i - 1], z);
        }
        F(inv)(&inv, &pre[2 * m - 1]);
        for (uint32_t i = 2 * m; i-- > 0;) {
            const int identity = (int)(F(is_zero)(&d[i].z) & 1);
            uint8_t *key = out + (size_t)(2 * start + i) * 8;
            if (i > 0)
                F(mul)(&t, &inv, &pre[i - 1]);
            else
                t = inv;
            if (!identity) {
                F(mul)(&inv, &inv, &d[i].z);
                F(mul)(&t, &d[i].x, &t);
                F(to_bytes)(x_bytes, &t);
                for (int b = 0; b < 8; b++) key[b] = x_bytes[STEP_KEYS_FE_BYTES - 1 - b];
            } else {
                for (int b = 0; b < 8; b++) key[b] = 0;
            }
        }
    }
    return PYBLS_OK;
}
#undef STEP_KEYS_CHUNK
#undef STEP_KEYS_FE_BYTES
