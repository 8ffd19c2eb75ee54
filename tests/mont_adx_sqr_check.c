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
#include <stdint.h>
#include <stdio.h>
#include <string.h>
typedef uint64_t limb_t;
#include "arith/mont_adx.h"

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
        limb_t m[10], a[10], wide[20], s[10], in_place[10], n0 = 1;
        if (n != 4 && n != 6 && n != 8 && n != 10) return 2;
        from_hex(m, n, mhex);
        from_hex(a, n, ahex);
        for (int i = 0; i < 6; i++) n0 *= 2 - m[0] * n0; /* Newton: 1/m mod 2^64 */
        n0 = 0 - n0;
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
