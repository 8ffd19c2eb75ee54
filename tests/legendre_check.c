/*
 * legendre_check.c - the constant-time Legendre symbol of the C core
 * (fp_is_square), driven line by line from stdin, for
 * tests/test_fp_is_square.py (which links it to each curve's library, with
 * both limb widths).
 *
 * Each input line is a command, each gives one output line:
 *
 *   p            p - 1 in hex, CURVE_FP_BYTES bytes big-endian
 *   sq A         1 if A (hex, CURVE_FP_BYTES bytes big-endian, below p) is
 *                a square in Fp (0 included), else 0
 */
#include <stdio.h>
#include <string.h>

#include "curves/consts.h"
#include "field/field.h"
#include "check_hex.h"

int main(void) {
    static char line[1 << 12];
    while (fgets(line, sizeof line, stdin)) {
        char cmd[16], arg[1 << 11];
        int n = sscanf(line, "%15s %2047s", cmd, arg);
        if (n >= 1 && !strcmp(cmd, "p")) {
            print_p_minus_1();
            continue;
        }
        uint8_t bytes[CURVE_FP_BYTES];
        fp_t a;
        if (n != 2 || strcmp(cmd, "sq") || !read_hex(bytes, arg, sizeof bytes)) {
            printf("err input\n");
            continue;
        }
        if (!(fp_from_bytes(&a, bytes) & 1)) {
            printf("err noncanonical\n");
            continue;
        }
        limb_t s = fp_is_square(&a);
        if (s != 0 && s != (limb_t)-1) {
            printf("err mask\n");
            continue;
        }
        printf("%d\n", (int)(s & 1));
    }
    return 0;
}
