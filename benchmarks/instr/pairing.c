/*
 * pairing.c - the pairing and its two halves on the curve the build
 * selects (PYBLS_CURVE_<NAME>, BLS12-381 by default), one per run, for
 * instruction counts under callgrind (see count_pairing.sh):
 *
 *   pairing      pybls_pairing of multiples of the generators
 *   miller_loop  the Miller loop of the generators
 *   final_exp    the final exponentiation of that loop's value
 *   g2_mul       a G2 point (known to be in G2, as pybls's points are)
 *                times a full-width scalar, constant time
 *   g2_mul_any   a G2 point not known to be in G2 (pybls_g2_mul: split
 *                after a subgroup check where it pays)
 *   g2_mul_vartime  g2_mul, variable time (a public scalar)
 *   gt_pow       the pairing's value to a full-width exponent, constant time
 *   gt_pow_vartime  gt_pow, variable time (a public exponent; the same
 *                digest as gt_pow)
 *   g1_mul       the same in G1
 *   g1_mul_vartime  g1_mul, variable time (a public scalar)
 *   g1_mul_any   a G1 point not known to be in G1 (pybls_g1_mul: split only
 *                where the subgroup check pays)
 *   g2_decompress  the G2 point from its compressed encoding, with the
 *                subgroup check (pybls_g2_decode)
 *   g1_decompress  the same in G1 (pybls_g1_decode)
 *   encode_to_g1 RFC 9380's encode_to_curve to G1 of a short message
 *                (pybls_g1_encode_to_curve; not on BLS48-581, whose map
 *                to G1 is pybls's Python, nor on bn254_nogami, which
 *                hashes as mcl does)
 *   encode_to_g2 the same to G2 (pybls_g2_encode_to_curve; the SvdW map
 *                on the BN curves but bn254_nogami, SSWU on BLS12-381)
 *   hash_mcl_g1  bn254_nogami's hash to G1 as mcl's hashAndMapToG1 of a
 *                short message (pybls_g1_hash_and_map_mcl)
 *   hash_mcl_g2  the same to G2 (pybls_g2_hash_and_map_mcl)
 *   g2_check     G2's subgroup check of that point (pybls_g2_in_subgroup)
 *   g2_sum       the sum of 128 distinct decoded G2 points (Z = 1, as
 *                signatures to aggregate are): pybls_g2_sum
 *   g1_sum       the same in G1
 *   g2_msm       the multi-scalar multiplication of those 128 points by
 *                128 full-width scalars (pybls_g2_msm)
 *   g1_msm       the same in G1
 *   g1_msmN      the G1 MSM of N points (N <= 1024: 8, 16, 64, 1024, ...)
 *                by N full-width scalars, from a set of its own (the
 *                multiples of the same point)
 *   fp_inv       the inverse in Fp of the first coordinate of a G1 point
 *                (fp_inv, constant time)
 *   fp_inv_vartime  the same, variable time (the same digest as fp_inv)
 *   fp_is_square  whether that coordinate is a square (fp_is_square, the
 *                Legendre symbol by a binary GCD, constant time)
 *   fp_sqrt      its square root (fp_sqrt, an exponentiation)
 *
 * Only run_op is counted. The program prints a digest of its output (of a
 * point's serialization, as its projective coordinates depend on how it
 * was computed), so that two builds can be checked to compute the same
 * values.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "pybls.h"
#include "curves/consts.h"
#include "pairing/pairing.h"
#include "ec/ec.h"

/* The compressed encoding of G2: one coordinate. */
#define G2_PACKED_BYTES (CURVE_G2_DEGREE * CURVE_FP_BYTES)

/* Buffers as large as the largest curve's (pybls.h gives BLS12-381's). */
static uint8_t g1[1024], g2[2048], g1_packed[1024], g2_packed[1024], sk[128], sk_full[128], gt[8192], out[8192];
static gt_field_t loop_value;
static enum { OUT_RAW, OUT_G1, OUT_G2 } out_kind = OUT_RAW;
static g1_affine_t p_aff;
static g2_affine_t q_aff;
/* The 128 points of the sums (built by main), their scalars and the
 * scratch of the sums and MSMs (room for BLS48-581's G2). */
#define MANY 128
static uint8_t g1_many[MANY * 1024], g2_many[MANY * 2048], scalars[MANY * 128], scratch[1 << 22];
/* Those of g1_msmN. */
#define MSM_MAX 1024
static uint8_t g1_msm_points[MSM_MAX * 1024], g1_msm_scalars[MSM_MAX * 128];

/* points[i] = (i + 1) p for i < count through its serialization, so that Z = 1. */
static int multiples(uint8_t *points, int count, const uint8_t *p, size_t size, int g2) {
    uint8_t acc[2048], ser[2048];
    memcpy(acc, p, size);
    for (int i = 0; i < count; i++) {
        if (i > 0 && (g2 ? pybls_g2_add(acc, acc, p) : pybls_g1_add(acc, acc, p))) return 1;
        if (g2 ? pybls_g2_serialize(ser, acc) : pybls_g1_serialize(ser, acc)) return 1;
        const uint32_t len = (uint32_t)(2 * (g2 ? CURVE_G2_DEGREE : 1) * CURVE_FP_BYTES);
        int rc = g2 ? pybls_g2_decode(points + (size_t)i * size, ser, len, PYBLS_DECODE_SKIP_SUBGROUP_CHECK)
                    : pybls_g1_decode(points + (size_t)i * size, ser, len, PYBLS_DECODE_SKIP_SUBGROUP_CHECK);
        if (rc) return 1;
    }
    return 0;
}

static int many_multiples(uint8_t *points, const uint8_t *p, size_t size, int g2) {
    return multiples(points, MANY, p, size, g2);
}

__attribute__((noinline)) static int run_op(const char *op) {
    if (!strcmp(op, "pairing")) return pybls_pairing(out, g1, g2);
    if (!strcmp(op, "miller_loop")) {
        gt_field_t f;
        GT(set_one)(&f);
        miller_loop_affine(&f, &p_aff, &q_aff, 1);
        memcpy(out, &f, sizeof f);
        return 0;
    }
    if (!strncmp(op, "g2_", 3)) out_kind = OUT_G2;
    if (!strncmp(op, "g1_", 3)) out_kind = OUT_G1;
    if (!strcmp(op, "g2_mul")) return pybls_g2_mul_flags(out, g2, sk_full, PYBLS_MUL_IN_SUBGROUP);
    if (!strcmp(op, "g2_mul_any")) return pybls_g2_mul(out, g2, sk_full);
    if (!strcmp(op, "g2_mul_vartime"))
        return pybls_g2_mul_flags(out, g2, sk_full, PYBLS_MUL_IN_SUBGROUP | PYBLS_MUL_VARTIME);
    if (!strcmp(op, "gt_pow")) return pybls_gt_pow(out, gt, sk_full);
    if (!strcmp(op, "gt_pow_vartime")) return pybls_gt_pow_vartime(out, gt, sk_full);
    if (!strcmp(op, "g1_mul")) return pybls_g1_mul_flags(out, g1, sk_full, PYBLS_MUL_IN_SUBGROUP);
    if (!strcmp(op, "g1_mul_any")) return pybls_g1_mul(out, g1, sk_full);
    if (!strcmp(op, "g1_mul_vartime"))
        return pybls_g1_mul_flags(out, g1, sk_full, PYBLS_MUL_IN_SUBGROUP | PYBLS_MUL_VARTIME);
    if (!strcmp(op, "g2_decompress")) return pybls_g2_decode(out, g2_packed, G2_PACKED_BYTES, 0);
    if (!strcmp(op, "g1_decompress")) return pybls_g1_decode(out, g1_packed, CURVE_FP_BYTES, 0);
#if !CURVE_FAMILY_BLS48 && !defined(PYBLS_CURVE_BN254_NOGAMI)
    if (!strcmp(op, "encode_to_g1")) {
        static const uint8_t msg[] = "abcdef0123456789", dst[] = "QUUX-V01-CS02-with-expander-SHA256-128";
        out_kind = OUT_G1;
        return pybls_g1_encode_to_curve(out, msg, sizeof msg - 1, dst, sizeof dst - 1);
    }
    if (!strcmp(op, "encode_to_g2")) {
        static const uint8_t msg[] = "abcdef0123456789", dst[] = "QUUX-V01-CS02-with-expander-SHA256-128";
        out_kind = OUT_G2;
        return pybls_g2_encode_to_curve(out, msg, sizeof msg - 1, dst, sizeof dst - 1);
    }
#endif
#ifdef PYBLS_CURVE_BN254_NOGAMI
    if (!strcmp(op, "hash_mcl_g1")) {
        static const uint8_t msg[] = "abcdef0123456789";
        out_kind = OUT_G1;
        return pybls_g1_hash_and_map_mcl(out, msg, sizeof msg - 1);
    }
    if (!strcmp(op, "hash_mcl_g2")) {
        static const uint8_t msg[] = "abcdef0123456789";
        out_kind = OUT_G2;
        return pybls_g2_hash_and_map_mcl(out, msg, sizeof msg - 1);
    }
#endif
    if (!strcmp(op, "g2_check")) {
        out_kind = OUT_RAW; /* a flag, not a point */
        out[0] = (uint8_t)pybls_g2_in_subgroup(g2);
        return 0;
    }
    if (!strcmp(op, "g2_sum")) return pybls_g2_sum(out, g2_many, MANY, scratch, sizeof scratch);
    if (!strcmp(op, "g1_sum")) return pybls_g1_sum(out, g1_many, MANY, scratch, sizeof scratch);
    if (!strcmp(op, "g2_msm")) return pybls_g2_msm(out, g2_many, scalars, MANY, scratch, sizeof scratch);
    if (!strcmp(op, "g1_msm")) return pybls_g1_msm(out, g1_many, scalars, MANY, scratch, sizeof scratch);
    if (!strncmp(op, "g1_msm", 6) && op[6] >= '1' && op[6] <= '9') {
        int n = atoi(op + 6);
        if (n > MSM_MAX) return 2;
        return pybls_g1_msm(out, g1_msm_points, g1_msm_scalars, (uint32_t)n, scratch, sizeof scratch);
    }
    if (!strcmp(op, "fp_inv")) return pybls_fp_inv(out, g1);
    if (!strcmp(op, "fp_inv_vartime")) return pybls_fp_inv_vartime(out, g1);
    if (!strcmp(op, "fp_is_square")) {
        fp_t a;
        memcpy(&a, g1, sizeof a);
        out[0] = (uint8_t)fp_is_square(&a);
        return 0;
    }
    if (!strcmp(op, "fp_sqrt")) {
        fp_t a, r;
        memcpy(&a, g1, sizeof a);
        out[0] = (uint8_t)fp_sqrt(&r, &a);
        memcpy(out + 1, &r, sizeof r);
        return 0;
    }
    if (!strcmp(op, "final_exp")) {
        gt_field_t r;
        final_exponentiation(&r, &loop_value);
        memcpy(out, &r, sizeof r);
        return 0;
    }
    fprintf(stderr, "unknown op %s\n", op);
    return 2;
}

int main(int argc, char **argv) {
    uint8_t b[128] = {0};
    for (int i = 0; i < 32; i++) b[i] = (uint8_t)(i * 29 + 3);
    b[0] = 0x0a; /* below every curve's r */
    pybls_scalar_from_bytes(sk, b);
    uint8_t wide[2 * CURVE_FR_BYTES];
    for (int i = 0; i < (int)sizeof wide; i++) wide[i] = (uint8_t)(i * 131 + 7);
    /* Reduced mod r: full width. A failure would leave the scalar 0. */
    if (pybls_scalar_from_bytes_wide(sk_full, wide, sizeof wide) != PYBLS_OK) return 1;
    pybls_g1_generator(g1);
    pybls_g2_generator(g2);
    pybls_g1_mul(g1, g1, sk);
    pybls_g2_mul(g2, g2, sk);
    if (pybls_g2_compress(g2_packed, g2) || pybls_g1_compress(g1_packed, g1)) return 1;
    if (pybls_pairing(gt, g1, g2)) return 1;
    p_aff.x = G1_GEN_X;
    p_aff.y = G1_GEN_Y;
    q_aff.x = G2_GEN_X;
    q_aff.y = G2_GEN_Y;
    if (many_multiples(g1_many, g1, sizeof(g1_t), 0) || many_multiples(g2_many, g2, sizeof(g2_t), 1)) return 1;
    for (int i = 0; i < MANY; i++) {
        for (int j = 0; j < (int)sizeof wide; j++) wide[j] = (uint8_t)(j * 131 + i * 17 + 7);
        if (pybls_scalar_from_bytes_wide(scalars + (size_t)i * sizeof(fr_t), wide, sizeof wide) != PYBLS_OK) return 1;
    }
    for (int i = 1; i < argc; i++)
        if (!strncmp(argv[i], "g1_msm", 6) && argv[i][6] >= '1' && argv[i][6] <= '9') {
            if (multiples(g1_msm_points, MSM_MAX, g1, sizeof(g1_t), 0)) return 1;
            for (int k = 0; k < MSM_MAX; k++) {
                for (int j = 0; j < (int)sizeof wide; j++) wide[j] = (uint8_t)(j * 137 + k * 29 + 11);
                if (pybls_scalar_from_bytes_wide(g1_msm_scalars + (size_t)k * sizeof(fr_t), wide, sizeof wide) !=
                    PYBLS_OK)
                    return 1;
            }
            break;
        }
    GT(set_one)(&loop_value);
    miller_loop_affine(&loop_value, &p_aff, &q_aff, 1);
    for (int i = 1; i < argc; i++)
        if (run_op(argv[i])) return 1;
    if (out_kind != OUT_RAW) {
        uint8_t point[sizeof out];
        memcpy(point, out, sizeof out);
        memset(out, 0, sizeof out);
        if (out_kind == OUT_G1 ? pybls_g1_serialize(out, point) : pybls_g2_serialize(out, point)) return 1;
    }
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < sizeof out; i++) h = (h ^ out[i]) * 16777619u;
    printf("%08x\n", (unsigned)h);
    return 0;
}
