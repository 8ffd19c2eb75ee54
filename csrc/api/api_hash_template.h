/*
 * api_hash_template.h - the public pybls_g1_* / pybls_g2_* hashing
 * functions (RFC 9380), written once; api_hash.c includes it for each group
 * the curve hashes to, with
 *
 *   PUB(name)       the public name (pybls_g1_##name)
 *   EC(name)        the internal name (g1_##name, see ec.h, map_to_curve.h)
 *   POINT, FE       the point and field element types
 *   HASH_TO_FIELD   hash_to_field_fp or hash_to_field_fp2
 *   HASH_TO_FIELD_KECCAK256
 *                   optional: hash_to_field_fp_keccak256, which adds
 *                   PUB(hash_to_curve_keccak256) and
 *                   PUB(encode_to_curve_keccak256)
 *
 * and LOAD / STORE.
 */

int PUB(map_to_curve)(uint8_t *out, const uint8_t *u) {
    LOAD(FE, e, u);
    POINT r;
    EC(map_to_curve)(&r, &e);
    STORE(out, r);
    return PYBLS_OK;
}

/* hash_to_curve (count = 2) and encode_to_curve (count = 1): clear_cofactor
 * of the sum of the images of `count` field elements from h2f. */
static int EC(hash_or_encode)(uint8_t *out,
                              int (*h2f)(FE *, size_t, const uint8_t *, size_t, const uint8_t *, size_t),
                              const uint8_t *msg, uint32_t msg_len,
                              const uint8_t *dst, uint32_t dst_len, int count) {
    FE u[2];
    POINT r, q;
    h2f(u, (size_t)count, msg, msg_len, dst, dst_len); /* cannot fail for 1 or 2 */
    EC(map_to_curve)(&r, &u[0]);
    if (count == 2) {
        EC(map_to_curve)(&q, &u[1]);
        EC(add)(&r, &r, &q);
    }
    EC(clear_cofactor)(&r, &r);
    STORE(out, r);
    return PYBLS_OK;
}

int PUB(hash_to_curve)(uint8_t *out, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len) {
    return EC(hash_or_encode)(out, HASH_TO_FIELD, msg, msg_len, dst, dst_len, 2);
}

int PUB(encode_to_curve)(uint8_t *out, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len) {
    return EC(hash_or_encode)(out, HASH_TO_FIELD, msg, msg_len, dst, dst_len, 1);
}

#ifdef HASH_TO_FIELD_KECCAK256
int PUB(hash_to_curve_keccak256)(uint8_t *out, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len) {
    return EC(hash_or_encode)(out, HASH_TO_FIELD_KECCAK256, msg, msg_len, dst, dst_len, 2);
}

int PUB(encode_to_curve_keccak256)(uint8_t *out, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len) {
    return EC(hash_or_encode)(out, HASH_TO_FIELD_KECCAK256, msg, msg_len, dst, dst_len, 1);
}
#endif
