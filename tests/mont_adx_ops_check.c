/*
 * mont_adx_ops_check.c - the x86-64 products, reductions, sums and
 * differences of csrc/arith/mont_adx.h on their own, for
 * tests/test_mont_adx_ops.py.
 *
 * Reads lines "n m a b A B" (n the limb count, 4, 6, 8 or 10; the n-limb
 * m, a, b and the 2n-limb A, B in hexadecimal) and prints for each, in
 * hexadecimal: mont_adx_mul{n}(a, b), mont_adx_redc{n}(A),
 * mont_adx_modadd{n}(a, b), mont_adx_modsub{n}(a, b),
 * mont_adx_modadd_wide{n}(A, B), mont_adx_modsub_wide{n}(A, B) and
 * mont_adx_mul_wide{n}(a, b), after a decimal mask with bit op set when
 * routine op of op{n} (mul, modadd, modsub, modadd_wide, modsub_wide) with
 * r = a or r = b (r = A, r = B) gives another value than into a separate
 * buffer.
 *
 * Build: gcc -O2 -mbmi2 -madx -Icsrc tests/mont_adx_ops_check.c
 */
#include "mont_adx_check_io.h"
#include "arith/mont_adx.h"

/* The routines of one size, by name: op 0 mul, 1 modadd, 2 modsub (n-limb
 * operands), 3 modadd_wide, 4 modsub_wide (2n-limb operands). */
#define OPS(n)                                                                              \
    static void op##n(int op, limb_t *r, const limb_t *a, const limb_t *b, const limb_t *m, \
                      limb_t n0) {                                                          \
        switch (op) {                                                                       \
        case 0: mont_adx_mul##n(r, a, b, m, n0); break;                                     \
        case 1: mont_adx_modadd##n(r, a, b, m); break;                                      \
        case 2: mont_adx_modsub##n(r, a, b, m); break;                                      \
        case 3: mont_adx_modadd_wide##n(r, a, b, m); break;                                 \
        default: mont_adx_modsub_wide##n(r, a, b, m); break;                                \
        }                                                                                   \
    }
OPS(4)
OPS(6)
OPS(8)
OPS(10)

static void run(int n, int op, limb_t *r, const limb_t *a, const limb_t *b, const limb_t *m, limb_t n0) {
    switch (n) {
    case 4: op4(op, r, a, b, m, n0); break;
    case 6: op6(op, r, a, b, m, n0); break;
    case 8: op8(op, r, a, b, m, n0); break;
    default: op10(op, r, a, b, m, n0); break;
    }
}

int main(void) {
    static char mhex[200], ahex[200], bhex[200], Ahex[400], Bhex[400];
    int n;
    while (scanf("%d %199s %199s %199s %399s %399s", &n, mhex, ahex, bhex, Ahex, Bhex) == 6) {
        limb_t m[10], a[10], b[10], A[20], B[20], t[20], out[5][20], red[10], prod[20], n0;
        int alias = 0;
        if (n != 4 && n != 6 && n != 8 && n != 10) return 2;
        from_hex(m, n, mhex);
        from_hex(a, n, ahex);
        from_hex(b, n, bhex);
        from_hex(A, 2 * n, Ahex);
        from_hex(B, 2 * n, Bhex);
        n0 = neg_inv64(m[0]);
        for (int op = 0; op < 5; op++) {
            const int wide = op >= 3, len = wide ? 2 * n : n;
            const limb_t *x = wide ? A : a, *y = wide ? B : b;
            run(n, op, out[op], x, y, m, n0);
            memcpy(t, x, 8 * (size_t)len); /* r = a */
            run(n, op, t, t, y, m, n0);
            alias |= (memcmp(t, out[op], 8 * (size_t)len) != 0) << op;
            memcpy(t, y, 8 * (size_t)len); /* r = b */
            run(n, op, t, x, t, m, n0);
            alias |= (memcmp(t, out[op], 8 * (size_t)len) != 0) << op;
        }
        switch (n) {
        case 4: mont_adx_redc4(red, A, m, n0); break;
        case 6: mont_adx_redc6(red, A, m, n0); break;
        case 8: mont_adx_redc8(red, A, m, n0); break;
        default: mont_adx_redc10(red, A, m, n0); break;
        }
        switch (n) {
        case 4: mont_adx_mul_wide4(prod, a, b); break;
        case 6: mont_adx_mul_wide6(prod, a, b); break;
        case 8: mont_adx_mul_wide8(prod, a, b); break;
        default: mont_adx_mul_wide10(prod, a, b); break;
        }
        printf("%d ", alias);
        print_hex(out[0], n);
        printf(" ");
        print_hex(red, n);
        for (int op = 1; op < 5; op++) {
            printf(" ");
            print_hex(out[op], op >= 3 ? 2 * n : n);
        }
        printf(" ");
        print_hex(prod, 2 * n);
        printf("\n");
    }
    return 0;
}
