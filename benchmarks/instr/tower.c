/*
 * tower.c - single field and tower operations of the curve the build
 * selects, one per run, for instruction counts under callgrind (see
 * count_tower.sh). Only run_tower_op is counted, and the operation is
 * chosen before it, so a count is that of one call. callgrind's own call
 * counts are unreliable for these (inline assembly, tail calls), so the
 * cost of a pairing's parts is best read off these counts times the number
 * of calls the code makes.
 *
 *   fp_mul fp_sqr fp_inv fp2_mul fp2_sqr fp12_mul fp12_sqr fp12_mul_line
 *   cyclotomic_sqr cyclotomic_exp_x
 *
 * The operands come from a pairing value (an element of the cyclotomic
 * subgroup, as the squarings and the exponentiation by x require); every
 * operation is constant time, so the counts do not depend on them. The
 * program prints a digest of the result.
 */
#include <stdio.h>
#include <string.h>
#include "curves/consts.h"
#include "pairing/pairing.h"

static fp12_t a, b, r12;
static fp2_t r2;
static fp_t r1;

static const char *const OPS[] = {"fp_mul",   "fp_inv",        "fp2_mul",        "fp2_sqr",         "fp12_mul",
                                  "fp12_sqr", "fp12_mul_line", "cyclotomic_sqr", "cyclotomic_exp_x", "fp_sqr"};

__attribute__((noinline)) static void run_tower_op(int op) {
    switch (op) {
    case 0: fp_mul(&r1, &a.c0.c0.c0, &b.c1.c2.c1); break;
    case 1: fp_inv(&r1, &a.c0.c0.c0); break;
    case 2: fp2_mul(&r2, &a.c0.c0, &b.c1.c2); break;
    case 3: fp2_sqr(&r2, &a.c0.c0); break;
    case 4: fp12_mul(&r12, &a, &b); break;
    case 5: fp12_sqr(&r12, &a); break;
#if CURVE_FAMILY_BN
    case 6: fp12_mul_034(&r12, &a, &b.c0.c0, &b.c0.c1, &b.c1.c1); break;
#else
    case 6: fp12_mul_014(&r12, &a, &b.c0.c0, &b.c0.c1, &b.c1.c1); break;
#endif
    case 7: fp12_cyclotomic_sqr(&r12, &a); break;
    case 8: fp12_cyclotomic_exp_x(&r12, &a); break;
    default: fp_sqr(&r1, &b.c1.c2.c1); break;
    }
}

int main(int argc, char **argv) {
    const int n_ops = (int)(sizeof OPS / sizeof OPS[0]);
    int op = -1;
    for (int i = 0; argc == 2 && i < n_ops; i++)
        if (!strcmp(argv[1], OPS[i])) op = i;
    if (op < 0) {
        fprintf(stderr, "usage: %s OP, OP one of:", argv[0]);
        for (int i = 0; i < n_ops; i++) fprintf(stderr, " %s", OPS[i]);
        fprintf(stderr, "\n");
        return 2;
    }
    g1_affine_t p = {G1_GEN_X, G1_GEN_Y};
    g2_affine_t q = {G2_GEN_X, G2_GEN_Y};
    fp12_t f;
    fp12_set_one(&f);
    miller_loop_affine(&f, &p, &q, 1);
    final_exponentiation(&a, &f);
    fp12_cyclotomic_sqr(&b, &a);
    run_tower_op(op);
    const uint8_t *bytes[] = {(const uint8_t *)&r1, (const uint8_t *)&r2, (const uint8_t *)&r12};
    const size_t sizes[] = {sizeof r1, sizeof r2, sizeof r12};
    uint32_t h = 2166136261u; /* FNV-1a */
    for (int k = 0; k < 3; k++)
        for (size_t i = 0; i < sizes[k]; i++) h = (h ^ bytes[k][i]) * 16777619u;
    printf("%08x\n", (unsigned)h);
    return 0;
}
