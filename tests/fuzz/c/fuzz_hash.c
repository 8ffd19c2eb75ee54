/*
 * fuzz_hash.c - expand_message_xmd, hash_to_field and hash/encode to curve
 * (RFC 9380) with arbitrary messages, DSTs, counts and output lengths.
 *
 * Input: a selector byte, a 16-bit DST length, a 16-bit count or output
 * length, then DST || message (the DST takes what it asks for, up to the
 * end of the input). Checked:
 *   - sizes beyond the documented limits return PYBLS_ERR_ARGUMENT (the
 *     outputs are heap buffers of exactly the requested size, so a write
 *     past them is an AddressSanitizer report);
 *   - a DST over 255 bytes gives the result of the DST
 *     SHA-256("H2C-OVERSIZE-DST-" || DST) (RFC 9380, 5.3.3);
 *   - hash_to_curve is clear_cofactor(map(u0) + map(u1)) of hash_to_field
 *     with two elements, encode_to_curve clear_cofactor(map(u0)), and both
 *     land in the prime-order subgroup.
 */
#include "fuzz_common.h"
#include "sym/sha256.h"

#define XMD_MAX 8160

static void oversize_dst(uint8_t out[32], const uint8_t *dst, size_t len) {
    static const char prefix[] = "H2C-OVERSIZE-DST-";
    sha256_t h;
    sha256_init(&h);
    sha256_update(&h, (const uint8_t *)prefix, sizeof prefix - 1);
    sha256_update(&h, dst, len);
    sha256_final(out, &h);
}

static void check_xmd(uint32_t out_len, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len) {
    uint8_t *out = malloc(out_len ? out_len : 1);
    int rc = pybls_expand_message_xmd(out, out_len, msg, msg_len, dst, dst_len);
    if (out_len > XMD_MAX) {
        FUZZ_CHECK(rc == PYBLS_ERR_ARGUMENT, "out_len %u accepted (%d)", out_len, rc);
    } else if (out_len > 0) {
        FUZZ_CHECK(rc == PYBLS_OK, "out_len %u rejected (%d)", out_len, rc);
        if (dst_len > 255) {
            uint8_t h[32];
            uint8_t *again = malloc(out_len);
            oversize_dst(h, dst, dst_len);
            FUZZ_CHECK(pybls_expand_message_xmd(again, out_len, msg, msg_len, h, 32) == PYBLS_OK, "xmd");
            FUZZ_CHECK(memcmp(out, again, out_len) == 0, "long DST rule not applied");
            free(again);
        }
    }
    free(out);
}

static void check_h2f(int fp2, uint32_t count, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len) {
    const size_t unit = fp2 ? 2 * PYBLS_FP_SIZE : PYBLS_FP_SIZE;
    const uint32_t max = fp2 ? 63 : 127;
    uint8_t *out = malloc(count ? (size_t)count * unit : 1);
    int rc = fp2 ? pybls_hash_to_field_fp2(out, count, msg, msg_len, dst, dst_len)
                 : pybls_hash_to_field_fp(out, count, msg, msg_len, dst, dst_len);
    if (count == 0 || count > max) {
        FUZZ_CHECK(rc == PYBLS_ERR_ARGUMENT, "count %u accepted (%d)", count, rc);
    } else {
        FUZZ_CHECK(rc == PYBLS_OK, "count %u rejected (%d)", count, rc);
        /* every element canonical: it round-trips through its encoding */
        for (size_t i = 0; i < (size_t)count * unit / PYBLS_FP_SIZE; i++) {
            uint8_t be[48], back[PYBLS_FP_SIZE];
            pybls_fp_to_bytes(be, out + i * PYBLS_FP_SIZE);
            FUZZ_CHECK(pybls_fp_from_bytes(back, be) == PYBLS_OK, "element not below p");
            FUZZ_CHECK(memcmp(back, out + i * PYBLS_FP_SIZE, PYBLS_FP_SIZE) == 0, "element not reduced");
        }
    }
    free(out);
}

static void check_curve(int g2, int encode, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len) {
    uint8_t p[PYBLS_G2_SIZE], q[PYBLS_G2_SIZE], m[PYBLS_G2_SIZE], u[2 * 2 * PYBLS_FP_SIZE];
    const size_t fe = g2 ? 2 * PYBLS_FP_SIZE : PYBLS_FP_SIZE;
    int rc;
    if (g2)
        rc = encode ? pybls_g2_encode_to_curve(p, msg, msg_len, dst, dst_len) : pybls_g2_hash_to_curve(p, msg, msg_len, dst, dst_len);
    else
        rc = encode ? pybls_g1_encode_to_curve(p, msg, msg_len, dst, dst_len) : pybls_g1_hash_to_curve(p, msg, msg_len, dst, dst_len);
    FUZZ_CHECK(rc == PYBLS_OK, "hash to curve failed (%d)", rc);
    FUZZ_CHECK(g2 ? pybls_g2_in_subgroup(p) : pybls_g1_in_subgroup(p), "hash output not in the subgroup");
    const uint32_t count = encode ? 1 : 2;
    rc = g2 ? pybls_hash_to_field_fp2(u, count, msg, msg_len, dst, dst_len) : pybls_hash_to_field_fp(u, count, msg, msg_len, dst, dst_len);
    FUZZ_CHECK(rc == PYBLS_OK, "hash_to_field failed (%d)", rc);
    if (g2) pybls_g2_map_to_curve(q, u); else pybls_g1_map_to_curve(q, u);
    FUZZ_CHECK(g2 ? pybls_g2_is_on_curve(q) : pybls_g1_is_on_curve(q), "map_to_curve off the curve");
    if (count == 2) {
        if (g2) pybls_g2_map_to_curve(m, u + fe); else pybls_g1_map_to_curve(m, u + fe);
        if (g2) pybls_g2_add(q, q, m); else pybls_g1_add(q, q, m);
    }
    if (g2) pybls_g2_clear_cofactor(q, q); else pybls_g1_clear_cofactor(q, q);
    FUZZ_CHECK(g2 ? pybls_g2_eq(p, q) : pybls_g1_eq(p, q), "hash to curve != clear_cofactor(map(u))");
    if (dst_len > 255) {
        uint8_t h[32];
        oversize_dst(h, dst, dst_len);
        if (g2)
            rc = encode ? pybls_g2_encode_to_curve(q, msg, msg_len, h, 32) : pybls_g2_hash_to_curve(q, msg, msg_len, h, 32);
        else
            rc = encode ? pybls_g1_encode_to_curve(q, msg, msg_len, h, 32) : pybls_g1_hash_to_curve(q, msg, msg_len, h, 32);
        FUZZ_CHECK(rc == PYBLS_OK && (g2 ? pybls_g2_eq(p, q) : pybls_g1_eq(p, q)), "long DST rule not applied");
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_hash_input_t h = fuzz_hash_input(data, size);
    const uint8_t sel = h.sel;
    const uint32_t n = h.n, dst_len = h.dst_len, msg_len = h.msg_len;
    const uint8_t *dst = h.dst, *msg = h.msg;
    switch (sel % 7) {
    case 0: check_xmd(n, msg, msg_len, dst, dst_len); break;
    case 1: check_h2f(0, n & 0x1ff, msg, msg_len, dst, dst_len); break;
    case 2: check_h2f(1, n & 0x1ff, msg, msg_len, dst, dst_len); break;
    case 3: check_curve(0, 0, msg, msg_len, dst, dst_len); break;
    case 4: check_curve(0, 1, msg, msg_len, dst, dst_len); break;
    case 5: check_curve(1, 0, msg, msg_len, dst, dst_len); break;
    case 6: check_curve(1, 1, msg, msg_len, dst, dst_len); break;
    }
    /* counts and lengths at the edges of the ABI, whatever the input */
    if (sel & 0x80) {
        uint8_t one[PYBLS_FP_SIZE * 2];
        FUZZ_CHECK(pybls_expand_message_xmd(one, 0xffffffffu, msg, msg_len, dst, dst_len) == PYBLS_ERR_ARGUMENT, "xmd");
        FUZZ_CHECK(pybls_hash_to_field_fp(one, 0xffffffffu, msg, msg_len, dst, dst_len) == PYBLS_ERR_ARGUMENT, "h2f");
        FUZZ_CHECK(pybls_hash_to_field_fp2(one, 0x80000000u, msg, msg_len, dst, dst_len) == PYBLS_ERR_ARGUMENT, "h2f2");
    }
    fuzz_hash_input_free(&h);
    return 0;
}
