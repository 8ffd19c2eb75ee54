/*
 * fp_mul_chain.c - time of one 4-limb Montgomery product and square on
 * bn254_nogami's base field, pybls's fp_mul / fp_sqr next to mcl's
 * (mclBnFp_mul / mclBnFp_sqr of the mclbn256 wheel, the same field in the
 * same Montgomery form, loaded with dlopen), in one process (see
 * fp_mul_chain.sh, which builds and runs it).
 *
 *   fp_mul_chain LIBMCLBN256 [ROUNDS]
 *
 * Each round times, for every contestant in turn (the order rotating from
 * round to round), a loop of N calls in four forms: a dependent chain of
 * products (x = x y, each waiting for the one before: the latency), two
 * such chains interleaved (x = x y, w = w y: what out-of-order execution
 * makes of two independent products), and the same for squares; the table
 * gives the least time of a call over the rounds, in TSC ticks and in core
 * cycles (the ticks of a loop of dependent one-cycle additions, timed in
 * the same round, give the ratio). Every call goes through a function
 * pointer; "empty call" is a function that returns at once, called the same
 * way, and mcl's entries are its exported functions (a jump through its
 * operation table to the generated code) and the generated code itself.
 * "wide + redc" is the double-width product or square followed by the
 * Montgomery reduction (mont_adx_mul_wide4 or mont_adx_sqr_wide4, then
 * mont_adx_redc4), the tower's lazily reduced form.
 *
 * Before timing, every contestant's products and squares are compared
 * limb by limb with mcl's on a few hundred values (both libraries keep Fp
 * as a R mod p with R = 2^256).
 *
 * With -DOLD_MONT_ADX (and old_mont_adx.h on the include path: a copy of
 * csrc/arith/mont_adx.h with its functions renamed old_adx_), the copy's
 * kernels run as further contestants, so that two versions of them are
 * timed in the same process.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "curves/consts.h"
#include "tsc.h"
#include "field/field.h"
#include "arith/mont.h"
#if defined(OLD_MONT_ADX)
#include "old_mont_adx.h"
#endif

#define N 64

typedef void (*mul_fn)(void *, const void *, const void *);
typedef void (*sqr_fn)(void *, const void *);

__attribute__((noinline)) static void empty_mul(void *r, const void *a, const void *b) {
    (void)r, (void)a, (void)b;
    __asm__ volatile("" ::: "memory");
}
__attribute__((noinline)) static void empty_sqr(void *r, const void *a) {
    (void)r, (void)a;
    __asm__ volatile("" ::: "memory");
}
static void pybls_mul(void *r, const void *a, const void *b) { fp_mul(r, a, b); }
static void pybls_sqr(void *r, const void *a) { fp_sqr(r, a); }
/* The double-width product and its reduction apart (as the tower's lazy
 * reductions use them). */
__attribute__((noinline)) static void wide_mul(void *r, const void *a, const void *b) {
    limb_t t[8];
    mont_adx_mul_wide4(t, a, b);
    mont_adx_redc4(r, t, P_MODULUS, P_N0);
}
__attribute__((noinline)) static void wide_sqr(void *r, const void *a) {
    limb_t t[8];
    mont_adx_sqr_wide4(t, a);
    mont_adx_redc4(r, t, P_MODULUS, P_N0);
}
#if defined(OLD_MONT_ADX)
__attribute__((noinline)) static void old_mul(void *r, const void *a, const void *b) {
    old_adx_mul4(r, a, b, P_MODULUS, P_N0);
}
__attribute__((noinline)) static void old_sqr(void *r, const void *a) { old_adx_sqr4(r, a, P_MODULUS, P_N0); }
__attribute__((noinline)) static void old_wide_mul(void *r, const void *a, const void *b) {
    limb_t t[8];
    old_adx_mul_wide4(t, a, b);
    old_adx_redc4(r, t, P_MODULUS, P_N0);
}
__attribute__((noinline)) static void old_wide_sqr(void *r, const void *a) {
    limb_t t[8];
    old_adx_sqr_wide4(t, a);
    old_adx_redc4(r, t, P_MODULUS, P_N0);
}
#endif

typedef struct {
    const char *name;
    mul_fn mul;
    sqr_fn sqr;
} contestant_t;

/* Ticks of N calls in form `form` (0: dependent products, 1: two chains of
 * products, 2: dependent squares, 3: two chains of squares). */
static uint64_t run(const contestant_t *c, int form, fp_t *x, fp_t *w, const fp_t *y) {
    mul_fn volatile mul = c->mul;
    sqr_fn volatile sqr = c->sqr;
    mul_fn m = mul;
    sqr_fn s = sqr;
    uint64_t t0 = ticks();
    switch (form) {
    case 0:
        for (int i = 0; i < N; i++) m(x, x, y);
        break;
    case 1:
        for (int i = 0; i < N / 2; i++) m(x, x, y), m(w, w, y);
        break;
    case 2:
        for (int i = 0; i < N; i++) s(x, x);
        break;
    default:
        for (int i = 0; i < N / 2; i++) s(x, x), s(w, w);
        break;
    }
    return ticks() - t0;
}

static void random_fp(fp_t *x, uint64_t *seed) {
    for (int j = 0; j < FP_LIMBS; j++) {
        *seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
        x->l[j] = *seed ^ (*seed >> 29);
    }
    x->l[FP_LIMBS - 1] %= P_MODULUS[FP_LIMBS - 1]; /* below p */
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s LIBMCLBN256 [ROUNDS]\n", argv[0]);
        return 2;
    }
    int rounds = argc > 2 ? atoi(argv[2]) : 3000;
    void *lib = dlopen(argv[1], RTLD_NOW);
    if (!lib) {
        fprintf(stderr, "%s\n", dlerror());
        return 1;
    }
    int (*init)(int, int) = (int (*)(int, int))dlsym(lib, "mclBn_init");
    mul_fn mcl_mul = (mul_fn)dlsym(lib, "mclBnFp_mul");
    sqr_fn mcl_sqr = (sqr_fn)dlsym(lib, "mclBnFp_sqr");
    /* mcl::FpT<bn::local::FpTag, 256>::op_, whose fp_mul and fp_sqr (at the
     * offsets mclBnFp_mul and mclBnFp_sqr jump through) are the generated
     * code. */
    char *op = (char *)dlsym(lib, "_ZN3mcl3FpTINS_2bn5local5FpTagELm256EE3op_E");
    if (!init || !mcl_mul || !mcl_sqr || !op || init(0, 4 + 4 * 10)) { /* BN254, 4-limb Fp and Fr */
        fprintf(stderr, "mcl: missing symbol or mclBn_init failed\n");
        return 1;
    }
    mul_fn jit_mul = *(mul_fn *)(op + 0x600);
    sqr_fn jit_sqr = *(sqr_fn *)(op + 0x608);
    if (getenv("DUMP_JIT")) { /* the generated code's first bytes, for a disassembler */
        FILE *f = fopen(getenv("DUMP_JIT"), "wb");
        fwrite((const void *)jit_mul, 1, 4096, f);
        fclose(f);
        printf("mul at %p, sqr at %p (sqr - mul = %ld)\n", (void *)jit_mul, (void *)jit_sqr,
               (long)((char *)jit_sqr - (char *)jit_mul));
    }
    contestant_t cs[] = {
        {"empty call", empty_mul, empty_sqr},
        {"pybls fp_mul", pybls_mul, pybls_sqr},
        {"pybls wide + redc", wide_mul, wide_sqr},
#if defined(OLD_MONT_ADX)
        {"old kernels", old_mul, old_sqr},
        {"old wide + redc", old_wide_mul, old_wide_sqr},
#endif
        {"mclBnFp_mul", mcl_mul, mcl_sqr},
        {"mcl generated code", jit_mul, jit_sqr},
    };
    const int nc = (int)(sizeof cs / sizeof cs[0]);

    /* The same values through every contestant: results equal to mcl's. */
    uint64_t seed = 1;
    for (int k = 0; k < 300; k++) {
        fp_t a, b, ref_m, ref_s, got;
        random_fp(&a, &seed);
        random_fp(&b, &seed);
        if (k == 0) memcpy(&a, P_MODULUS, sizeof a), a.l[0] -= 1, b = a; /* p - 1 */
        mcl_mul(&ref_m, &a, &b);
        mcl_sqr(&ref_s, &a);
        for (int c = 1; c < nc; c++) {
            cs[c].mul(&got, &a, &b);
            if (memcmp(&got, &ref_m, sizeof got)) return fprintf(stderr, "%s: product differs\n", cs[c].name), 1;
            cs[c].sqr(&got, &a);
            if (memcmp(&got, &ref_s, sizeof got)) return fprintf(stderr, "%s: square differs\n", cs[c].name), 1;
        }
    }

    uint64_t best[16][4], cal = UINT64_MAX;
    for (int c = 0; c < nc; c++)
        for (int f = 0; f < 4; f++) best[c][f] = UINT64_MAX;
    fp_t x, w, y;
    random_fp(&x, &seed), random_fp(&w, &seed), random_fp(&y, &seed);
    for (int r = 0; r < rounds; r++) {
        uint64_t k = calibrate(seed | 1);
        if (k < cal) cal = k;
        for (int f = 0; f < 4; f++)
            for (int i = 0; i < nc; i++) {
                int c = (i + r) % nc;
                uint64_t t = run(&cs[c], f, &x, &w, &y);
                if (t < best[c][f]) best[c][f] = t;
            }
    }
    double cyc = 1000.0 / (double)cal; /* core cycles per tick */
    printf("core cycles per TSC tick %.3f (%d rounds of %d calls, least time)\n", cyc, rounds, N);
    printf("%-20s %12s %12s %12s %12s   (core cycles per call)\n", "", "mul chain", "mul 2 chains", "sqr chain",
           "sqr 2 chains");
    for (int c = 0; c < nc; c++) {
        printf("%-20s", cs[c].name);
        for (int f = 0; f < 4; f++) printf(" %12.2f", (double)best[c][f] * cyc / N);
        printf("\n");
    }
    return 0;
}
