/*
 * karatsuba_sums_check.c - the tower's double-width Fp2 product and the
 * Fp6 product on their own, for tests/test_karatsuba_sums.py.
 *
 * Reads lines of hexadecimal integers and prints one line per input line:
 *   "w a0 a1 b0 b1"      -> "c0 c1" of fp2_mul_wide(a, b), double width
 *   "m x0 .. x5 y0 .. y5" -> the six Fp coefficients of fp6_mul(x, y)
 *                           (c0.c0 c0.c1 c1.c0 c1.c1 c2.c0 c2.c1)
 * An element's limbs are taken as given (Montgomery form is the caller's
 * business). The first output line is "LOOSE 1" when fp2_mul_wide takes
 * coefficients below 2p in this build (fp2_add_ksum adds without
 * reducing), "LOOSE 0" otherwise.
 *
 * Build: the core's cflags and csrc/field/{fp,fp2,fp6,fp_inv}.c,
 * csrc/arith/ct.c for one curve (see the test).
 */
#include <stdio.h>
#include <string.h>
#include "curves/consts.h"
#include "arith/mont.h"
#include "field/tower.h"

enum { N = FP_LIMBS };

static void from_hex(limb_t *out, int n, const char *hex) {
    int len = (int)strlen(hex);
    memset(out, 0, sizeof(limb_t) * (size_t)n);
    for (int k = 0; k < len && k < (int)(2 * sizeof(limb_t)) * n; k++) {
        char c = hex[len - 1 - k];
        limb_t d = (limb_t)(c <= '9' ? c - '0' : (c | 32) - 'a' + 10);
        out[k / (2 * sizeof(limb_t))] |= d << (4 * (k % (2 * sizeof(limb_t))));
    }
}

static void print_hex(const limb_t *a, int n) {
    for (int i = n - 1; i >= 0; i--) printf(LIMB_BITS == 64 ? "%016llx" : "%08llx", (unsigned long long)a[i]);
}

static int read_fp(fp_t *r) {
    char buf[512];
    if (scanf("%511s", buf) != 1) return 0;
    from_hex(r->l, N, buf);
    return 1;
}

int main(void) {
    char op[8];
#if defined(fp2_add_ksum)
    printf("LOOSE 0\n");
#else
    printf("LOOSE 1\n");
#endif
    while (scanf("%7s", op) == 1) {
        if (op[0] == 'w') {
            fp2_t a, b;
            fp2x2_t r;
            if (!(read_fp(&a.c0) && read_fp(&a.c1) && read_fp(&b.c0) && read_fp(&b.c1))) return 1;
            fp2_mul_wide(&r, &a, &b);
            print_hex(r.c0, 2 * N);
            printf(" ");
            print_hex(r.c1, 2 * N);
            printf("\n");
        } else if (op[0] == 'm') {
            fp6_t x, y, r;
            fp2_t *xs[3] = {&x.c0, &x.c1, &x.c2}, *ys[3] = {&y.c0, &y.c1, &y.c2}, *rs[3] = {&r.c0, &r.c1, &r.c2};
            for (int i = 0; i < 3; i++)
                if (!(read_fp(&xs[i]->c0) && read_fp(&xs[i]->c1))) return 1;
            for (int i = 0; i < 3; i++)
                if (!(read_fp(&ys[i]->c0) && read_fp(&ys[i]->c1))) return 1;
            fp6_mul(&r, &x, &y);
            for (int i = 0; i < 3; i++) {
                print_hex(rs[i]->c0.l, N);
                printf(" ");
                print_hex(rs[i]->c1.l, N);
                printf(i < 2 ? " " : "\n");
            }
        } else {
            return 1;
        }
    }
    return 0;
}
