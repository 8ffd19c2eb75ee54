/*
 * fpd_comb_check.c - fpd_comb_n (field/fpd.h: Fp in the 30-bit digits of
 * 32-bit builds) on its own, for tests/test_fpd_comb.py.
 *
 * Reads lines "ka kb kc km a b c": four decimal coefficients, then three
 * hexadecimal values below 2p, and prints the hexadecimal value of the
 * digits fpd_comb_n leaves for ka a + kb b + kc c + km 2p (not reduced
 * further: the test checks it lies in [0, 2p)), one line each. The
 * coefficients are read at run time here (the core passes constants); the
 * result does not depend on it.
 *
 * Build: the core's cflags for BN254 or bn254_nogami with
 * -DPYBLS_LIMB_BITS=32 and csrc/arith/ct.c (see the test).
 */
#include <stdio.h>
#include <string.h>
#include "curves/consts.h"
#include "field/field.h"
#include "field/fpd.h"

enum { N = FP_LIMBS };

static void from_hex(uint32_t *out, const char *hex) {
    int len = (int)strlen(hex);
    memset(out, 0, sizeof(uint32_t) * N);
    for (int k = 0; k < len && k < 8 * N; k++) {
        char c = hex[len - 1 - k];
        uint32_t d = (uint32_t)(c <= '9' ? c - '0' : (c | 32) - 'a' + 10);
        out[k / 8] |= d << (4 * (k % 8));
    }
}

int main(void) {
    int k[4];
    char buf[3][256];
    while (scanf("%d %d %d %d %255s %255s %255s", &k[0], &k[1], &k[2], &k[3], buf[0], buf[1], buf[2]) == 7) {
        uint32_t x[N], out[N];
        fpd_t d[3], r;
        for (int i = 0; i < 3; i++) {
            from_hex(x, buf[i]);
            r30_unpack(d[i].d, FPD_DIGITS, x, N);
        }
        fpd_comb_n(&r, &d[0], k[0], &d[1], k[1], &d[2], k[2], k[3]);
        r30_pack(out, N, r.d, FPD_DIGITS, 0);
        for (int i = N - 1; i >= 0; i--) printf("%08x", (unsigned)out[i]);
        printf("\n");
    }
    return 0;
}
