/*
 * mont_comb_check.c - mont_comb_n (arith/mont.h, 32-bit limbs) on its own,
 * for tests/test_mont_comb.py.
 *
 * Reads lines "ka kb kc kd km a b c d": five decimal coefficients, then
 * four hexadecimal field elements, and prints the hexadecimal
 * r = ka a + kb b + kc c + kd d + km p reduced by mont_comb_n, one line
 * each. The coefficients are read at run time here (the core passes
 * constants); the result does not depend on it.
 *
 * Build: the core's cflags with -DPYBLS_LIMB_BITS=32 and
 * csrc/arith/ct.c for one curve (see the test).
 */
#include <stdio.h>
#include <string.h>
#include "curves/consts.h"
#include "arith/mont.h"

enum { N = FP_LIMBS };

static void from_hex(limb_t *out, const char *hex) {
    int len = (int)strlen(hex);
    memset(out, 0, sizeof(limb_t) * N);
    for (int k = 0; k < len && k < 8 * N; k++) {
        char c = hex[len - 1 - k];
        limb_t d = (limb_t)(c <= '9' ? c - '0' : (c | 32) - 'a' + 10);
        out[k / 8] |= d << (4 * (k % 8));
    }
}

int main(void) {
    int k[5];
    char buf[4][256];
    while (scanf("%d %d %d %d %d %255s %255s %255s %255s", &k[0], &k[1], &k[2], &k[3], &k[4], buf[0], buf[1],
                 buf[2], buf[3]) == 9) {
        limb_t x[4][N], r[N];
        for (int i = 0; i < 4; i++) from_hex(x[i], buf[i]);
        mont_comb_n(r, x[0], k[0], x[1], k[1], x[2], k[2], x[3], k[3], k[4], P_MODULUS, N);
        for (int i = N - 1; i >= 0; i--) printf("%08x", (unsigned)r[i]);
        printf("\n");
    }
    return 0;
}
