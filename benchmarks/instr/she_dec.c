/*
 * she_dec.c - SHE level-1 decryption in the core against one pairing, on
 * the curve the build selects, one operation per run, for instruction
 * counts under callgrind (see count_she_dec.sh):
 *
 *   pairing       pybls_pairing of multiples of the generators
 *   mul_sub       S - [x]T as three calls: mul_flags (constant time, T in
 *                 the subgroup), neg, add
 *   step_keys     the keys of R -/+ k s P, k = 0..8 (s = 2^17 + 1: a
 *                 20-bit value and a table of 2^16 entries)
 *   decrypt_keys  both in one call (pybls_g1_decrypt_keys)
 *
 * Only run_op is counted. The program prints a digest of its output.
 */
#include <stdio.h>
#include <string.h>
#include "pybls.h"
#include "ec/ec.h"

#define STEPS 9
static uint8_t g1[1024], g2[2048], x[128], r[128], s_pt[1024], t_pt[1024], rr[1024];
static uint8_t giants[STEPS * 1024], out[8192];
static const size_t g1_size = sizeof(g1_t);

__attribute__((noinline)) static int run_op(const char *op) {
    if (!strcmp(op, "pairing")) return pybls_pairing(out, g1, g2);
    if (!strcmp(op, "mul_sub")) {
        uint8_t xt[1024];
        pybls_g1_mul_flags(xt, t_pt, x, PYBLS_MUL_IN_SUBGROUP);
        pybls_g1_neg(xt, xt);
        return pybls_g1_add(out, s_pt, xt);
    }
    if (!strcmp(op, "step_keys")) return pybls_g1_step_keys(out, 16 * STEPS, rr, giants, STEPS);
    if (!strcmp(op, "decrypt_keys"))
        return pybls_g1_decrypt_keys(out, (uint32_t)(g1_size + 16 * STEPS), s_pt, t_pt, x, PYBLS_MUL_IN_SUBGROUP,
                                     giants, STEPS);
    fprintf(stderr, "unknown op %s\n", op);
    return 2;
}

int main(int argc, char **argv) {
    uint8_t b[128] = {0}, k[128], m[128], xt[1024], mp[1024];
    pybls_g1_generator(g1);
    for (int i = 0; i < 128; i++) b[i] = (uint8_t)(i * 131 + 7);
    pybls_scalar_from_bytes_wide(x, b, 128); /* the secret key: full width */
    for (int i = 0; i < 128; i++) b[i] = (uint8_t)(i * 71 + 5);
    pybls_scalar_from_bytes_wide(r, b, 128);
    memset(b, 0, sizeof b);
    b[125] = 0x0f, b[126] = 0xff, b[127] = 0xff; /* m = 2^20 - 1 */
    pybls_scalar_from_bytes_wide(m, b, 128);
    pybls_g2_generator(g2);
    /* S = mP + r xP, T = rP */
    pybls_g1_mul(t_pt, g1, r);
    pybls_g1_mul(xt, t_pt, x);
    pybls_g1_mul(mp, g1, m);
    pybls_g1_add(s_pt, mp, xt);
    memcpy(rr, mp, sizeof mp);
    memset(b, 0, sizeof b);
    b[125] = 0x02, b[127] = 0x01; /* s = 2^17 + 1 */
    pybls_scalar_from_bytes_wide(k, b, 128);
    pybls_g1_identity(giants);
    pybls_g1_mul_vartime(giants + g1_size, g1, k);
    for (int i = 2; i < STEPS; i++)
        pybls_g1_add(giants + i * g1_size, giants + (i - 1) * g1_size, giants + g1_size);
    pybls_g1_mul(g1, g1, x);
    pybls_g2_mul(g2, g2, r);
    for (int i = 1; i < argc; i++)
        if (run_op(argv[i])) return 1;
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < sizeof out; i++) h = (h ^ out[i]) * 16777619u;
    printf("%08x\n", (unsigned)h);
    return 0;
}
