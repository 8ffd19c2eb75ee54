/*
 * ops.c - one core operation per run, for instruction counts under
 * callgrind (deterministic, unlike wall-clock time on a shared machine):
 *
 *   make -s build/instr-ops   (or see benchmarks/instr/count.sh)
 *   valgrind --tool=callgrind --collect-atstart=no --toggle-collect=run_op \
 *       build/instr-ops sign
 *
 * Only run_op is counted: inputs are prepared before it runs.
 */
#include <stdio.h>
#include <string.h>
#include "pybls.h"

static uint8_t sk[PYBLS_SCALAR_SIZE], k64[PYBLS_SCALAR_SIZE];
static uint8_t g1[PYBLS_G1_SIZE], g2[PYBLS_G2_SIZE], pk[PYBLS_G1_SIZE], neg_g1[PYBLS_G1_SIZE];
static uint8_t h2[PYBLS_G2_SIZE], sig[PYBLS_G2_SIZE], fpa[PYBLS_FP_SIZE];
static uint8_t pk48[48], sig96[96];
static uint8_t pts2[64 * PYBLS_G2_SIZE], pts1[64 * PYBLS_G1_SIZE], ks[64 * PYBLS_SCALAR_SIZE];
static uint8_t aff2[64 * PYBLS_G2_SIZE], aff1[64 * PYBLS_G1_SIZE], scratch[1 << 20], pp1[65 * PYBLS_G1_SIZE], pp2[65 * PYBLS_G2_SIZE];
/* EIP-2537 call data: two G1 points, two G2 points, a point and the
 * all-ones scalar (the double-and-add worst case). */
static uint8_t eip_g1add[256], eip_g2add[512], eip_g1mul[160], eip_g2mul[288];
static const uint8_t msg[32] = "a message to sign, 32 bytes ...";
static const char DST[] = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";

static void setup(void) {
    uint8_t b[32];
    for (int i = 0; i < 32; i++) b[i] = (uint8_t)(0x1f * i + 7);
    b[0] = 0x2a;
    pybls_scalar_from_bytes(sk, b);
    memset(b, 0, 32);
    for (int i = 24; i < 32; i++) b[i] = (uint8_t)(0xa5 ^ i);
    pybls_scalar_from_bytes(k64, b);
    pybls_g1_generator(g1);
    pybls_g2_generator(g2);
    pybls_g1_neg(neg_g1, g1);
    pybls_g1_mul(pk, g1, sk);
    pybls_g1_compress(pk48, pk);
    pybls_g2_hash_to_curve(h2, msg, 32, (const uint8_t *)DST, sizeof DST - 1);
    pybls_g2_mul(sig, h2, sk);
    pybls_g2_compress(sig96, sig);
    pybls_fp_from_bytes(fpa, b + 0); /* small but nonzero; overwritten below */
    for (int i = 0; i < 48; i++) b[i % 32] ^= (uint8_t)i;
    uint8_t f48[48];
    for (int i = 0; i < 48; i++) f48[i] = (uint8_t)(i * 37 + 11);
    f48[0] = 0x11;
    pybls_fp_from_bytes(fpa, f48);
    for (int i = 0; i < 64; i++) {
        uint8_t kb[32] = {0};
        for (int j = 24; j < 32; j++) kb[j] = (uint8_t)(i * 13 + j * 7 + 1);
        pybls_scalar_from_bytes(ks + i * PYBLS_SCALAR_SIZE, kb);
        pybls_g2_mul_vartime(pts2 + i * PYBLS_G2_SIZE, sig, ks + i * PYBLS_SCALAR_SIZE);
        pybls_g1_mul_vartime(pts1 + i * PYBLS_G1_SIZE, pk, ks + i * PYBLS_SCALAR_SIZE);
        uint8_t enc[96];
        pybls_g2_compress(enc, pts2 + i * PYBLS_G2_SIZE);
        pybls_g2_decode(aff2 + i * PYBLS_G2_SIZE, enc, 96, 0);
        pybls_g1_compress(enc, pts1 + i * PYBLS_G1_SIZE);
        pybls_g1_decode(aff1 + i * PYBLS_G1_SIZE, enc, 48, 0);
        memcpy(pp1 + i * PYBLS_G1_SIZE, pts1 + i * PYBLS_G1_SIZE, PYBLS_G1_SIZE);
        memcpy(pp2 + i * PYBLS_G2_SIZE, pts2 + i * PYBLS_G2_SIZE, PYBLS_G2_SIZE);
    }
    pybls_eip2537_g1_encode(eip_g1add, pk);
    pybls_eip2537_g1_encode(eip_g1add + 128, pts1);
    pybls_eip2537_g2_encode(eip_g2add, sig);
    pybls_eip2537_g2_encode(eip_g2add + 256, pts2);
    memcpy(eip_g1mul, eip_g1add, 128);
    memset(eip_g1mul + 128, 0xff, 32);
    memcpy(eip_g2mul, eip_g2add, 256);
    memset(eip_g2mul + 256, 0xff, 32);
    memcpy(pp1 + 64 * PYBLS_G1_SIZE, neg_g1, PYBLS_G1_SIZE);
    memcpy(pp2 + 64 * PYBLS_G2_SIZE, sig, PYBLS_G2_SIZE);
}

__attribute__((noinline)) static int run_op(const char *op) {
    uint8_t out[PYBLS_GT_SIZE], t2[PYBLS_G2_SIZE], t1[PYBLS_G1_SIZE], pair1[2 * PYBLS_G1_SIZE],
        pair2[2 * PYBLS_G2_SIZE];
    if (!strcmp(op, "hash_to_g2"))
        return pybls_g2_hash_to_curve(out, msg, 32, (const uint8_t *)DST, sizeof DST - 1);
    if (!strcmp(op, "clear_cofactor_g2")) return pybls_g2_clear_cofactor(out, h2);
    if (!strcmp(op, "sign")) {
        pybls_g2_hash_to_curve(t2, msg, 32, (const uint8_t *)DST, sizeof DST - 1);
        pybls_g2_mul(t2, t2, sk);
        return pybls_g2_compress(out, t2);
    }
    if (!strcmp(op, "sign_subgroup")) {
        pybls_g2_hash_to_curve(t2, msg, 32, (const uint8_t *)DST, sizeof DST - 1);
        pybls_g2_mul_flags(t2, t2, sk, PYBLS_MUL_IN_SUBGROUP);
        return pybls_g2_compress(out, t2);
    }
    if (!strcmp(op, "g1_mul_subgroup")) return pybls_g1_mul_flags(out, pk, sk, PYBLS_MUL_IN_SUBGROUP);
    if (!strcmp(op, "g2_mul_subgroup")) return pybls_g2_mul_flags(out, h2, sk, PYBLS_MUL_IN_SUBGROUP);
    if (!strcmp(op, "g1_mul_vartime")) return pybls_g1_mul_vartime(out, pk, sk);
    if (!strcmp(op, "g1_mul_subgroup_vartime"))
        return pybls_g1_mul_flags(out, pk, sk, PYBLS_MUL_IN_SUBGROUP | PYBLS_MUL_VARTIME);
    if (!strcmp(op, "verify")) {
        if (pybls_g1_decode(pair1, pk48, 48, 0) || pybls_g2_decode(pair2 + PYBLS_G2_SIZE, sig96, 96, 0))
            return 1;
        memcpy(pair1 + PYBLS_G1_SIZE, neg_g1, PYBLS_G1_SIZE);
        pybls_g2_hash_to_curve(pair2, msg, 32, (const uint8_t *)DST, sizeof DST - 1);
        pybls_pairing_product(out, pair1, pair2, 2);
        return !pybls_gt_is_one(out);
    }
    if (!strcmp(op, "g2_mul")) return pybls_g2_mul(out, h2, sk);
    if (!strcmp(op, "g1_mul")) return pybls_g1_mul(out, pk, sk);
    if (!strcmp(op, "g2_compress")) return pybls_g2_compress(out, sig);
    if (!strcmp(op, "g1_compress")) return pybls_g1_compress(out, pk);
    if (!strcmp(op, "g2_decode")) return pybls_g2_decode(out, sig96, 96, 0);
    if (!strcmp(op, "g1_decode")) return pybls_g1_decode(out, pk48, 48, 0);
    if (!strcmp(op, "fp_inv")) return pybls_fp_inv(out, fpa);
    if (!strcmp(op, "fp_inv_vartime")) return pybls_fp_inv_vartime(out, fpa);
    if (!strcmp(op, "eip2537_g1_add")) return pybls_eip2537_g1_add(out, eip_g1add);
    if (!strcmp(op, "eip2537_g2_add")) return pybls_eip2537_g2_add(out, eip_g2add);
    if (!strcmp(op, "eip2537_g1_mul")) return pybls_eip2537_g1_mul(out, eip_g1mul);
    if (!strcmp(op, "eip2537_g2_mul")) return pybls_eip2537_g2_mul(out, eip_g2mul);
    if (!strcmp(op, "g1_mul_checked_generic") || !strcmp(op, "g2_mul_checked_generic")) {
        /* the same work through the generic functions: affine decoding with
         * the subgroup check, multiplication, affine encoding */
        int g2 = op[1] == '2';
        uint8_t xy[192], all_ones[32], k[PYBLS_SCALAR_SIZE];
        memset(all_ones, 0xff, 32);
        pybls_scalar_from_bytes_wide(k, all_ones, 32);
        if (g2) {
            pybls_g2_to_affine_bytes(xy, sig);
            pybls_g2_from_affine_bytes(t2, xy, xy + 96, 0);
            pybls_g2_mul_flags(t2, t2, k, PYBLS_MUL_IN_SUBGROUP | PYBLS_MUL_VARTIME);
            return pybls_g2_to_affine_bytes(out, t2);
        }
        pybls_g1_to_affine_bytes(xy, pk);
        pybls_g1_from_affine_bytes(t1, xy, xy + 48, 0);
        pybls_g1_mul_flags(t1, t1, k, PYBLS_MUL_IN_SUBGROUP | PYBLS_MUL_VARTIME);
        return pybls_g1_to_affine_bytes(out, t1);
    }
    if (!strcmp(op, "pairing")) return pybls_pairing(out, pk, sig);
    if (!strcmp(op, "g1_mul_vartime64")) return pybls_g1_mul_vartime(t1, pk, k64);
    if (!strcmp(op, "g2_msm64"))
        return pybls_g2_msm(t2, pts2, ks, 64, scratch, sizeof scratch);
    if (!strcmp(op, "g1_msm64"))
        return pybls_g1_msm(t1, pts1, ks, 64, scratch, sizeof scratch);
    if (!strcmp(op, "g2_add")) return pybls_g2_add(out, h2, sig);
    if (!strcmp(op, "g1_add")) return pybls_g1_add(out, pk, g1);
    if (!strcmp(op, "g2_dbl")) return pybls_g2_dbl(out, h2);
    if (!strcmp(op, "fp_mul")) return pybls_fp_mul(out, fpa, fpa);
    if (!strcmp(op, "g2_sum64")) return pybls_g2_sum(t2, pts2, 64, scratch, sizeof scratch);
    if (!strcmp(op, "g1_sum64")) return pybls_g1_sum(t1, pts1, 64, scratch, sizeof scratch);
    if (!strcmp(op, "g2_sum64_affine")) return pybls_g2_sum(t2, aff2, 64, scratch, sizeof scratch);
    if (!strcmp(op, "g1_sum64_affine")) return pybls_g1_sum(t1, aff1, 64, scratch, sizeof scratch);
    if (!strcmp(op, "g2_add64")) {
        memcpy(t2, pts2, PYBLS_G2_SIZE);
        for (int i = 1; i < 64; i++) pybls_g2_add(t2, t2, pts2 + i * PYBLS_G2_SIZE);
        return 0;
    }
    if (!strcmp(op, "pairing_product2")) return pybls_pairing_product(out, pp1 + 63 * PYBLS_G1_SIZE, pp2 + 63 * PYBLS_G2_SIZE, 2);
    if (!strcmp(op, "pairing_product65")) return pybls_pairing_product(out, pp1, pp2, 65);
    fprintf(stderr, "unknown op %s\n", op);
    return 2;
}

int main(int argc, char **argv) {
    setup();
    for (int i = 1; i < argc; i++)
        if (run_op(argv[i])) {
            fprintf(stderr, "%s failed\n", argv[i]);
            return 1;
        }
    return 0;
}
