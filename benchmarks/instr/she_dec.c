/*
 * she_dec.c - SHE level-1 decryption in the core against one pairing, on
 * the curve the build selects, one operation per run, for instruction
 * counts under callgrind (see count_she_dec.sh):
 *
 *   pairing       pybls_pairing of multiples of the generators
 *   mul_sub       S - [x]T as three calls: mul_flags (constant time, T in
 *                 the subgroup), neg, add
 *   mul_sub_vartime  the same with a variable-time multiplication, as
 *                 mcl's decryption does (Ec::mul with constTime false):
 *                 for comparison with mcl's ratio only; pybls never
 *                 multiplies by a secret key in variable time
 *   step_keys     the keys of R -/+ k s P, k = 0..8 (s = 2^17 + 1: a
 *                 20-bit value and a table of 2^16 entries)
 *   decrypt_keys  both in one call (pybls_g1_decrypt_keys)
 *
 * Only run_op is counted. The program prints a digest of its output, the
 * point part (mul_sub, mul_sub_vartime, decrypt_keys's R) serialized, so
 * that the digest does not depend on the projective representative.
 */
#include <stdio.h>
#include <string.h>
#include "pybls.h"
#include "ec/ec.h"
#include "curves/params.h"

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
    if (!strcmp(op, "mul_sub_vartime")) {
        uint8_t xt[1024];
        pybls_g1_mul_flags(xt, t_pt, x, PYBLS_MUL_IN_SUBGROUP | PYBLS_MUL_VARTIME);
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
    uint8_t b[2 * CURVE_FR_BYTES] = {0}, k[128], m[128], xt[1024], mp[1024];
    pybls_g1_generator(g1);
    const int n = (int)sizeof b, rc = PYBLS_OK;
    /* Every scalar is reduced from 2 CURVE_FR_BYTES bytes; a failure
     * would leave it 0, so it stops the run. */
    for (int i = 0; i < n; i++) b[i] = (uint8_t)(i * 131 + 7);
    if (pybls_scalar_from_bytes_wide(x, b, n) != rc) return 1; /* the secret key: full width */
    for (int i = 0; i < n; i++) b[i] = (uint8_t)(i * 71 + 5);
    if (pybls_scalar_from_bytes_wide(r, b, n) != rc) return 1;
    memset(b, 0, sizeof b);
    b[n - 3] = 0x0f, b[n - 2] = 0xff, b[n - 1] = 0xff; /* m = 2^20 - 1 */
    if (pybls_scalar_from_bytes_wide(m, b, n) != rc) return 1;
    pybls_g2_generator(g2);
    /* S = mP + r xP, T = rP */
    pybls_g1_mul(t_pt, g1, r);
    pybls_g1_mul(xt, t_pt, x);
    pybls_g1_mul(mp, g1, m);
    pybls_g1_add(s_pt, mp, xt);
    memcpy(rr, mp, sizeof mp);
    memset(b, 0, sizeof b);
    b[n - 3] = 0x02, b[n - 1] = 0x01; /* s = 2^17 + 1 */
    if (pybls_scalar_from_bytes_wide(k, b, n) != rc) return 1;
    pybls_g1_identity(giants);
    pybls_g1_mul_vartime(giants + g1_size, g1, k);
    for (int i = 2; i < STEPS; i++)
        pybls_g1_add(giants + i * g1_size, giants + (i - 1) * g1_size, giants + g1_size);
    pybls_g1_mul(g1, g1, x);
    pybls_g2_mul(g2, g2, r);
    for (int i = 1; i < argc; i++)
        if (run_op(argv[i])) return 1;
    if (!strncmp(argv[argc - 1], "mul_sub", 7) || !strcmp(argv[argc - 1], "decrypt_keys")) {
        uint8_t point[1024];
        memcpy(point, out, g1_size);
        memset(out, 0, g1_size);
        if (pybls_g1_serialize(out, point)) return 1;
    }
    uint32_t h = 2166136261u; /* FNV-1a */
    for (size_t i = 0; i < sizeof out; i++) h = (h ^ out[i]) * 16777619u;
    printf("%08x\n", (unsigned)h);
    return 0;
}
