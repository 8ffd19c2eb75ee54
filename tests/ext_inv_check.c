/*
 * ext_inv_check.c - the inversions of G2's coordinate field (Fp2, or Fp8 on
 * BLS48 curves) of the C core, driven line by line from stdin, for
 * tests/test_ext_inv_vartime.py (which builds it for each curve and limb
 * width from the curve's field sources).
 *
 * Each input line is a command; each gives one output line of hex,
 * coefficients CURVE_FP_BYTES bytes big-endian each, lowest tower element
 * first (1, u for Fp2; 1, u, v, uv, w, uw, vw, uvw for Fp8):
 *
 *   p            p - 1 (the test reads the modulus from it)
 *   inv A        1/A by the variable-time inversion (0 for A = 0)
 *   inv_ct A     1/A by the constant-time inversion (0 for A = 0)
 */
#include <stdio.h>
#include <string.h>

#include "curves/consts.h"
#include "field/field.h"
#include "check_hex.h"
#if CURVE_FAMILY_BLS48
#include "field/tower48.h"
typedef fp8_t ext_t;
#define EXT(op) fp8_##op
#else
typedef fp2_t ext_t;
#define EXT(op) fp2_##op
#endif
#define DEGREE ((int)(sizeof(ext_t) / sizeof(fp_t)))

static void print_fp(const fp_t *a) {
    uint8_t b[CURVE_FP_BYTES];
    fp_to_bytes(b, a);
    for (int i = 0; i < CURVE_FP_BYTES; i++) printf("%02x", b[i]);
}

int main(void) {
    static char line[1 << 14];
    while (fgets(line, sizeof line, stdin)) {
        char cmd[16], arg[1 << 13];
        int n = sscanf(line, "%15s %8191s", cmd, arg);
        if (n >= 1 && !strcmp(cmd, "p")) {
            print_p_minus_1();
            continue;
        }
        uint8_t bytes[DEGREE * CURVE_FP_BYTES];
        ext_t a, r;
        fp_t *c = (fp_t *)(void *)&a;
        if (n != 2 || !read_hex(bytes, arg, sizeof bytes)) {
            printf("err input\n");
            continue;
        }
        for (int i = 0; i < DEGREE; i++)
            if (!(fp_from_bytes(&c[i], bytes + i * CURVE_FP_BYTES) & 1)) {
                printf("err noncanonical\n");
                goto next;
            }
        if (!strcmp(cmd, "inv"))
            EXT(inv_vartime)(&r, &a);
        else if (!strcmp(cmd, "inv_ct"))
            EXT(inv)(&r, &a);
        else {
            printf("err command\n");
            continue;
        }
        for (int i = 0; i < DEGREE; i++) print_fp((const fp_t *)(const void *)&r + i);
        printf("\n");
    next:;
    }
    return 0;
}
