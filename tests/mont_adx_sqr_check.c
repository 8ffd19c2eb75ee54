/*
 * mont_adx_sqr_check.c - the x86-64 squares of csrc/arith/mont_adx.h on
 * their own, for tests/test_mont_adx_sqr.py.
 *
 * Reads lines "n m a" (n the limb count, 4, 6, 8 or 10; m and a in
 * hexadecimal) and prints for each "w s": w = a^2 from mont_adx_sqr_wide{n}
 * (2n limbs) and s = a^2 / 2^(64n) mod m from mont_adx_sqr{n}, in
 * hexadecimal; "ALIAS " goes before them when mont_adx_sqr{n} in place
 * (r = a) gives another value than into a separate buffer.
 *
 * Build: gcc -O2 -mbmi2 -madx -Icsrc tests/mont_adx_sqr_check.c
 */
#include "mont_adx_check_io.h"
#include "arith/mont_adx.h"

static void sqr(int n, limb_t *r, const limb_t *a, const limb_t *m, limb_t n0) {
    switch (n) {
    case 4: mont_adx_sqr4(r, a, m, n0); break;
    case 6: mont_adx_sqr6(r, a, m, n0); break;
    case 8: mont_adx_sqr8(r, a, m, n0); break;
    default: mont_adx_sqr10(r, a, m, n0); break;
    }
}

int main(void) {
    static char mhex[200], ahex[200];
    int n;
    while (scanf("%d %199s %199s", &n, mhex, ahex) == 3) {
        limb_t m[10], a[10], wide[20], s[10], in_place[10], n0;
        if (n != 4 && n != 6 && n != 8 && n != 10) return 2;
        from_hex(m, n, mhex);
        from_hex(a, n, ahex);
        n0 = neg_inv64(m[0]);
        switch (n) {
        case 4: mont_adx_sqr_wide4(wide, a); break;
        case 6: mont_adx_sqr_wide6(wide, a); break;
        case 8: mont_adx_sqr_wide8(wide, a); break;
        default: mont_adx_sqr_wide10(wide, a); break;
        }
        sqr(n, s, a, m, n0);
        memcpy(in_place, a, sizeof in_place);
        sqr(n, in_place, in_place, m, n0);
        if (memcmp(in_place, s, 8 * (size_t)n)) printf("ALIAS ");
        print_hex(wide, 2 * n);
        printf(" ");
        print_hex(s, n);
        printf("\n");
    }
    return 0;
}
