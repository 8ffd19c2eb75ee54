/*
 * check_hex.h - reading a field element's big-endian bytes from hexadecimal
 * and answering the request "p" (tests/c_tools.py's FieldTool), for the
 * check programs linked to a curve's library (tests/ext_inv_check.c,
 * tests/fp_inv_check.c, tests/legendre_check.c).
 */
#ifndef PYBLS_CHECK_HEX_H
#define PYBLS_CHECK_HEX_H
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "curves/consts.h"
#include "field/field.h"

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

/* The answer to "p": p - 1 in hex, CURVE_FP_BYTES bytes big-endian. */
static void print_p_minus_1(void) {
    fp_t m;
    uint8_t b[CURVE_FP_BYTES];
    fp_set_one(&m);
    fp_neg(&m, &m);
    fp_to_bytes(b, &m);
    for (int i = 0; i < CURVE_FP_BYTES; i++) printf("%02x", b[i]);
    printf("\n");
}
#endif
