/*
 * fp_inv_check.c - the inversions of Fp of the C core (fp_inv, constant
 * time, and fp_inv_vartime), driven line by line from stdin, for
 * tests/test_fp_inv.py (which links it to each curve's library, with both
 * limb widths). Values are the limbs as the core holds them (Montgomery
 * form x R), so that a test picks the number the GCD starts from.
 *
 * Each input line is a command, each gives one output line:
 *
 *   p            p - 1 in hex, CURVE_FP_BYTES bytes big-endian
 *   rbits        the bits of R = 2^(limb bits * limbs), in decimal
 *   inv A        fp_inv's and fp_inv_vartime's results for the limbs A
 *                (hex, CURVE_FP_BYTES bytes big-endian, below p), as two
 *                such hex strings separated by a space
 */
#include <stdio.h>
#include <string.h>

#include "curves/consts.h"
#include "field/field.h"
#include "check_hex.h"

/* The limbs of a, and back, as a big-endian number of CURVE_FP_BYTES bytes. */
static void limbs_from_bytes(fp_t *a, const uint8_t b[CURVE_FP_BYTES]) {
    memset(a, 0, sizeof *a);
    for (int i = 0; i < CURVE_FP_BYTES; i++) {
        int bit = 8 * (CURVE_FP_BYTES - 1 - i);
        a->l[bit / LIMB_BITS] |= (limb_t)b[i] << (bit % LIMB_BITS);
    }
}

static void print_limbs(const fp_t *a) {
    for (int i = 0; i < CURVE_FP_BYTES; i++) {
        int bit = 8 * (CURVE_FP_BYTES - 1 - i);
        printf("%02x", (unsigned)(a->l[bit / LIMB_BITS] >> (bit % LIMB_BITS)) & 0xff);
    }
}

int main(void) {
    static char line[1 << 12];
    while (fgets(line, sizeof line, stdin)) {
        char cmd[16], arg[1 << 11];
        int n = sscanf(line, "%15s %2047s", cmd, arg);
        if (n >= 1 && !strcmp(cmd, "p")) {
            print_p_minus_1();
            continue;
        }
        if (n >= 1 && !strcmp(cmd, "rbits")) {
            printf("%d\n", LIMB_BITS * FP_LIMBS);
            continue;
        }
        uint8_t bytes[CURVE_FP_BYTES];
        fp_t a, ct, vt;
        if (n != 2 || strcmp(cmd, "inv") || !read_hex(bytes, arg, sizeof bytes)) {
            printf("err input\n");
            continue;
        }
        limbs_from_bytes(&a, bytes);
        fp_inv(&ct, &a);
        fp_inv_vartime(&vt, &a);
        print_limbs(&ct);
        printf(" ");
        print_limbs(&vt);
        printf("\n");
    }
    return 0;
}
