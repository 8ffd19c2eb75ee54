/*
 * fuzz_verify.c - BLS signature verification (the pairing check
 * e(pk, H(m)) == e(g, sig)) with arbitrary public key, signature and
 * message bytes, in both variants.
 *
 * Input: a selector byte (bit 0: MinPk or MinSig; bit 1: decode without
 * the subgroup check, so points outside the subgroup reach the pairing;
 * bit 2: cross-check the pairing functions; bit 3: the NUL scheme's DST,
 * as drand uses, instead of the PoP scheme's), then the public key, the
 * signature (compressed sizes) and the message.
 *
 * Whatever decodes is verified with pairing_product; with bit 2 the answer
 * must agree with two separate pairings compared in GT, and with the
 * product of the two Miller loops before one final exponentiation.
 */
#include "fuzz_common.h"

static const uint8_t DST_MINPK[2][44] = {"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_",
                                          "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_"};
static const uint8_t DST_MINSIG[2][44] = {"BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_POP_",
                                           "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_"};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in_t in = {data, size};
    const uint8_t sel = fuzz_byte(&in);
    const int minsig = sel & 1;
    const uint32_t flags = sel & 2 ? PYBLS_DECODE_SKIP_SUBGROUP_CHECK : 0;
    const int nul = (sel >> 3) & 1;
    const size_t g1b = PYBLS_G1_COMPRESSED_BYTES, g2b = PYBLS_G2_COMPRESSED_BYTES;
    uint8_t pk_bytes[96], sig_bytes[96];
    fuzz_take(&in, pk_bytes, minsig ? g2b : g1b);
    fuzz_take(&in, sig_bytes, minsig ? g1b : g2b);
    const uint8_t *msg = in.p;
    const uint32_t msg_len = (uint32_t)in.left;

    /* g1s = (P, -g1) and g2s = (H(m) or sig, ...) laid out for the product */
    uint8_t g1s[2 * PYBLS_G1_SIZE], g2s[2 * PYBLS_G2_SIZE];
    int rc;
    if (!minsig) {
        rc = pybls_g1_decode(g1s, pk_bytes, (uint32_t)g1b, flags);
        if (rc != PYBLS_OK) return 0;
        rc = pybls_g2_decode(g2s + PYBLS_G2_SIZE, sig_bytes, (uint32_t)g2b, flags);
        if (rc != PYBLS_OK) return 0;
        FUZZ_CHECK(pybls_g2_hash_to_curve(g2s, msg, msg_len, DST_MINPK[nul], 43) == PYBLS_OK, "h2c");
        pybls_g1_generator(g1s + PYBLS_G1_SIZE);
        pybls_g1_neg(g1s + PYBLS_G1_SIZE, g1s + PYBLS_G1_SIZE);
    } else {
        rc = pybls_g2_decode(g2s, pk_bytes, (uint32_t)g2b, flags);
        if (rc != PYBLS_OK) return 0;
        rc = pybls_g1_decode(g1s + PYBLS_G1_SIZE, sig_bytes, (uint32_t)g1b, flags);
        if (rc != PYBLS_OK) return 0;
        FUZZ_CHECK(pybls_g1_hash_to_curve(g1s, msg, msg_len, DST_MINSIG[nul], 43) == PYBLS_OK, "h2c");
        pybls_g2_generator(g2s + PYBLS_G2_SIZE);
        pybls_g2_neg(g2s + PYBLS_G2_SIZE, g2s + PYBLS_G2_SIZE);
    }
    uint8_t prod[PYBLS_GT_SIZE];
    FUZZ_CHECK(pybls_pairing_product(prod, g1s, g2s, 2) == PYBLS_OK, "pairing_product");
    const int valid = pybls_gt_is_one(prod);
    if (!(sel & 4)) return 0;

    uint8_t e1[PYBLS_GT_SIZE], e2[PYBLS_GT_SIZE], inv[PYBLS_GT_SIZE], f1[PYBLS_GT_SIZE], f2[PYBLS_GT_SIZE];
    FUZZ_CHECK(pybls_pairing(e1, g1s, g2s) == PYBLS_OK, "pairing");
    FUZZ_CHECK(pybls_pairing(e2, g1s + PYBLS_G1_SIZE, g2s + PYBLS_G2_SIZE) == PYBLS_OK, "pairing");
    pybls_gt_inv(inv, e2);
    FUZZ_CHECK(pybls_gt_eq(e1, inv) == valid, "pairing_product and two pairings disagree");
    pybls_gt_mul(e1, e1, e2);
    FUZZ_CHECK(pybls_gt_eq(e1, prod), "product of pairings != pairing_product");
    FUZZ_CHECK(pybls_miller_loop(f1, g1s, g2s) == PYBLS_OK, "miller");
    FUZZ_CHECK(pybls_miller_loop(f2, g1s + PYBLS_G1_SIZE, g2s + PYBLS_G2_SIZE) == PYBLS_OK, "miller");
    pybls_gt_mul(f1, f1, f2);
    FUZZ_CHECK(pybls_final_exponentiation(f1, f1) == PYBLS_OK, "final exponentiation");
    FUZZ_CHECK(pybls_gt_eq(f1, prod), "final_exp(miller * miller) != pairing_product");
    /* the encoding of the product decodes back to it: a pairing value of
     * subgroup points lies in GT, otherwise it may not */
    uint8_t enc[PYBLS_GT_BYTES], back[PYBLS_GT_SIZE];
    pybls_gt_encode(enc, prod);
    rc = pybls_gt_decode(back, enc, PYBLS_GT_BYTES);
    if (!flags) FUZZ_CHECK(rc == PYBLS_OK && pybls_gt_eq(back, prod), "pairing value rejected by gt_decode (%d)", rc);
    return 0;
}
