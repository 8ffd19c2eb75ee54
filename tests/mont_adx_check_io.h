/*
 * mont_adx_check_io.h - the hexadecimal input and output and the Montgomery
 * constant of tests/mont_adx_sqr_check.c and tests/mont_adx_ops_check.c,
 * which check the kernels of csrc/arith/mont_adx.h against Python integers.
 */
#ifndef PYBLS_MONT_ADX_CHECK_IO_H
#define PYBLS_MONT_ADX_CHECK_IO_H
#include <stdint.h>
#include <stdio.h>
#include <string.h>
typedef uint64_t limb_t;

/* out[0..n) = the hexadecimal hex, most significant digit first. */
static void from_hex(limb_t *out, int n, const char *hex) {
    int len = (int)strlen(hex);
    memset(out, 0, 8 * (size_t)n);
    for (int k = 0; k < len && k < 16 * n; k++) {
        char c = hex[len - 1 - k];
        limb_t d = (limb_t)(c <= '9' ? c - '0' : (c | 32) - 'a' + 10);
        out[k / 16] |= d << (4 * (k % 16));
    }
}

static void print_hex(const limb_t *a, int n) {
    for (int i = n - 1; i >= 0; i--) printf("%016llx", (unsigned long long)a[i]);
}

/* -1/m0 mod 2^64 for odd m0. */
static limb_t neg_inv64(limb_t m0) {
    limb_t inv = 1;
    for (int i = 0; i < 6; i++) inv *= 2 - m0 * inv; /* Newton: 1/m0 mod 2^64 */
    return 0 - inv;
}
#endif
