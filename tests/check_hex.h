/*
 * check_hex.h - reading a field element's big-endian bytes from hexadecimal,
 * for the check programs linked to a curve's library (tests/ext_inv_check.c,
 * tests/fp_inv_check.c, tests/legendre_check.c).
 */
#ifndef PYBLS_CHECK_HEX_H
#define PYBLS_CHECK_HEX_H
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* out[0..len) = the bytes of hex (2 len digits); 0 if it is not that. */
static int read_hex(uint8_t *out, const char *hex, size_t len) {
    if (strlen(hex) != 2 * len) return 0;
    for (size_t i = 0; i < len; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) return 0;
        out[i] = (uint8_t)v;
    }
    return 1;
}
#endif
