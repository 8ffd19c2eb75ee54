/*
 * fuzz_hash_bn254.c - hashing on BN254's library with arbitrary messages,
 * DSTs, counts and output lengths, for both expanders (SHA-256 and
 * Keccak-256, drand evmnet's): expand_message_xmd, hash_to_field and
 * hash/encode to G1 through the SvdW map.
 *
 * Input: a selector byte, a 16-bit DST length, a 16-bit count or output
 * length, then DST || message (as fuzz_hash.c). Checked:
 *   - sizes beyond the documented limits return PYBLS_ERR_ARGUMENT (outputs
 *     are heap buffers of exactly the requested size, so a write past them
 *     is an AddressSanitizer report);
 *   - a DST over 255 bytes gives the result of the DST H("H2C-OVERSIZE-DST-"
 *     || DST) for the expander's own hash H (RFC 9380, 5.3.3);
 *   - every hash_to_field element is canonical;
 *   - hash_to_curve is map(u0) + map(u1) and encode_to_curve map(u0) of
 *     hash_to_field with the same expander (G1 has cofactor 1), and both
 *     are on the curve;
 *   - on G2 (SHA-256 only), the same with the cofactor cleared, the result
 *     in G2 (selector bit 0x40 picks G2).
 */
#ifndef PYBLS_CURVE_BN254
#error "fuzz_hash_bn254.c is built with BN254's library (-DPYBLS_CURVE_BN254)"
#endif

#include "fuzz_common.h"
#include "sym/sha256.h"

#define XMD_MAX 8160
/* hash_to_field's L = ceil((ceil(log2 p) + 128) / 8) bytes per element (48
 * on BN254), so at most XMD_MAX / L elements. */
#define H2F_L ((CURVE_P_BITS + 128 + 7) / 8)
#define H2F_MAX (XMD_MAX / H2F_L)
#define FP_INTERNAL (CURVE_FP_BITS / 8)
#define G1_INTERNAL (3 * FP_INTERNAL)
#define G2_INTERNAL (6 * FP_INTERNAL)

typedef int (*xmd_fn)(uint8_t *, uint32_t, const uint8_t *, uint32_t, const uint8_t *, uint32_t);
typedef int (*h2f_fn)(uint8_t *, uint32_t, const uint8_t *, uint32_t, const uint8_t *, uint32_t);
typedef int (*h2c_fn)(uint8_t *, const uint8_t *, uint32_t, const uint8_t *, uint32_t);

/* The expander's hash of "H2C-OVERSIZE-DST-" || dst. */
static void oversize_dst(int keccak, uint8_t out[32], const uint8_t *dst, size_t len) {
    static const char prefix[] = "H2C-OVERSIZE-DST-";
    uint8_t *all = malloc(sizeof prefix - 1 + len + 1);
    memcpy(all, prefix, sizeof prefix - 1);
    if (len) memcpy(all + sizeof prefix - 1, dst, len);
    if (keccak) {
        FUZZ_CHECK(pybls_keccak256(out, all, (uint32_t)(sizeof prefix - 1 + len)) == PYBLS_OK, "keccak256");
    } else {
        sha256_t h;
        sha256_init(&h);
        sha256_update(&h, all, sizeof prefix - 1 + len);
        sha256_final(out, &h);
    }
    free(all);
}

static void check_xmd(int keccak, uint32_t out_len, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst,
                      uint32_t dst_len) {
    xmd_fn xmd = keccak ? pybls_expand_message_xmd_keccak256 : pybls_expand_message_xmd;
    uint8_t *out = malloc(out_len ? out_len : 1);
    int rc = xmd(out, out_len, msg, msg_len, dst, dst_len);
    if (out_len > XMD_MAX) {
        FUZZ_CHECK(rc == PYBLS_ERR_ARGUMENT, "out_len %u accepted (%d)", out_len, rc);
    } else if (out_len > 0) {
        FUZZ_CHECK(rc == PYBLS_OK, "out_len %u rejected (%d)", out_len, rc);
        if (dst_len > 255) {
            uint8_t h[32];
            uint8_t *again = malloc(out_len);
            oversize_dst(keccak, h, dst, dst_len);
            FUZZ_CHECK(xmd(again, out_len, msg, msg_len, h, 32) == PYBLS_OK, "xmd");
            FUZZ_CHECK(memcmp(out, again, out_len) == 0, "long DST rule not applied");
            free(again);
        }
    }
    free(out);
}

static void check_h2f(int keccak, uint32_t count, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst,
                      uint32_t dst_len) {
    h2f_fn h2f = keccak ? pybls_hash_to_field_fp_keccak256 : pybls_hash_to_field_fp;
    uint8_t *out = malloc(count ? (size_t)count * FP_INTERNAL : 1);
    int rc = h2f(out, count, msg, msg_len, dst, dst_len);
    if (count == 0 || count > H2F_MAX) {
        FUZZ_CHECK(rc == PYBLS_ERR_ARGUMENT, "count %u accepted (%d)", count, rc);
    } else {
        FUZZ_CHECK(rc == PYBLS_OK, "count %u rejected (%d)", count, rc);
        for (uint32_t i = 0; i < count; i++) { /* canonical: it round-trips */
            uint8_t be[FUZZ_FP_BYTES], back[FP_INTERNAL];
            pybls_fp_to_bytes(be, out + (size_t)i * FP_INTERNAL);
            FUZZ_CHECK(pybls_fp_from_bytes(back, be) == PYBLS_OK, "element not below p");
            FUZZ_CHECK(memcmp(back, out + (size_t)i * FP_INTERNAL, FP_INTERNAL) == 0, "element not reduced");
        }
    }
    free(out);
}

static void check_curve(int keccak, int encode, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst,
                        uint32_t dst_len) {
    h2c_fn h2c = keccak ? (encode ? pybls_g1_encode_to_curve_keccak256 : pybls_g1_hash_to_curve_keccak256)
                        : (encode ? pybls_g1_encode_to_curve : pybls_g1_hash_to_curve);
    h2f_fn h2f = keccak ? pybls_hash_to_field_fp_keccak256 : pybls_hash_to_field_fp;
    uint8_t p[G1_INTERNAL], q[G1_INTERNAL], m[G1_INTERNAL], u[2 * FP_INTERNAL];
    FUZZ_CHECK(h2c(p, msg, msg_len, dst, dst_len) == PYBLS_OK, "hash to curve failed");
    FUZZ_CHECK(pybls_g1_is_on_curve(p) && pybls_g1_in_subgroup(p), "hash output not in G1");
    const uint32_t count = encode ? 1 : 2;
    FUZZ_CHECK(h2f(u, count, msg, msg_len, dst, dst_len) == PYBLS_OK, "hash_to_field failed");
    FUZZ_CHECK(pybls_g1_map_to_curve(q, u) == PYBLS_OK, "map_to_curve failed");
    FUZZ_CHECK(pybls_g1_is_on_curve(q), "map_to_curve off the curve");
    if (count == 2) {
        FUZZ_CHECK(pybls_g1_map_to_curve(m, u + FP_INTERNAL) == PYBLS_OK, "map_to_curve failed");
        pybls_g1_add(q, q, m);
    }
    FUZZ_CHECK(pybls_g1_eq(p, q), "hash to curve != map(u0) + map(u1)");
    if (dst_len > 255) {
        uint8_t h[32];
        oversize_dst(keccak, h, dst, dst_len);
        FUZZ_CHECK(h2c(q, msg, msg_len, h, 32) == PYBLS_OK && pybls_g1_eq(p, q), "long DST rule not applied");
    }
}

static void check_curve_g2(int encode, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len) {
    h2c_fn h2c = encode ? pybls_g2_encode_to_curve : pybls_g2_hash_to_curve;
    uint8_t p[G2_INTERNAL], q[G2_INTERNAL], m[G2_INTERNAL], u[4 * FP_INTERNAL];
    FUZZ_CHECK(h2c(p, msg, msg_len, dst, dst_len) == PYBLS_OK, "hash to G2 failed");
    FUZZ_CHECK(pybls_g2_is_on_curve(p) && pybls_g2_in_subgroup(p), "hash output not in G2");
    const uint32_t count = encode ? 1 : 2;
    FUZZ_CHECK(pybls_hash_to_field_fp2(u, count, msg, msg_len, dst, dst_len) == PYBLS_OK, "hash_to_field failed");
    FUZZ_CHECK(pybls_g2_map_to_curve(q, u) == PYBLS_OK, "map_to_curve failed");
    FUZZ_CHECK(pybls_g2_is_on_curve(q), "map_to_curve off the curve");
    if (count == 2) {
        FUZZ_CHECK(pybls_g2_map_to_curve(m, u + 2 * FP_INTERNAL) == PYBLS_OK, "map_to_curve failed");
        pybls_g2_add(q, q, m);
    }
    pybls_g2_clear_cofactor(q, q);
    FUZZ_CHECK(pybls_g2_eq(p, q), "hash to G2 != clear(map(u0) + map(u1))");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_hash_input_t h = fuzz_hash_input(data, size);
    const uint8_t sel = h.sel;
    const uint32_t n = h.n, dst_len = h.dst_len, msg_len = h.msg_len;
    const uint8_t *dst = h.dst, *msg = h.msg;
    const int keccak = (sel >> 3) & 1;
    switch (sel % 4) {
    case 0: check_xmd(keccak, n, msg, msg_len, dst, dst_len); break;
    case 1: check_h2f(keccak, n & 0x1ff, msg, msg_len, dst, dst_len); break;
    case 2:
    case 3:
        if ((sel & 0x40) && !keccak)
            check_curve_g2(sel % 4 == 3, msg, msg_len, dst, dst_len);
        else
            check_curve(keccak, sel % 4 == 3, msg, msg_len, dst, dst_len);
        break;
    }
    if (sel & 0x80) { /* counts and lengths at the edges of the ABI */
        uint8_t one[2 * FP_INTERNAL];
        FUZZ_CHECK(pybls_expand_message_xmd_keccak256(one, 0xffffffffu, msg, msg_len, dst, dst_len) == PYBLS_ERR_ARGUMENT, "xmd");
        FUZZ_CHECK(pybls_hash_to_field_fp_keccak256(one, 0xffffffffu, msg, msg_len, dst, dst_len) == PYBLS_ERR_ARGUMENT, "h2f");
    }
    fuzz_hash_input_free(&h);
    return 0;
}
