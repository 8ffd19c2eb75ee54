/*
 * tower_vs_mcl.c - core cycles of bn254_nogami's tower and pairing
 * operations, pybls's next to mcl's (the mclbn256 wheel's library, loaded
 * with dlopen), in one process: where the pairing's ratio to mcl comes
 * from (see tower_vs_mcl.sh, which builds and runs it).
 *
 *   tower_vs_mcl LIBMCLBN256 [ROUNDS]
 *
 * Each round times every operation once for each library, the order
 * alternating from round to round, as a loop of calls on the same values;
 * the table gives the least time of a call over the rounds in core cycles
 * (the TSC ticks of a loop of dependent one-cycle additions, timed in the
 * same round, give the ratio) and pybls's over mcl's. mcl is called
 * through its exported C functions; each pybls operation is one call of the
 * core's own function.
 *
 * Before timing, Fp2 and Fp12 products and squares are compared element by
 * element with mcl's (both keep Fp as a R mod p with R = 2^256, Fp2 as
 * c0 + c1 u with u^2 = -1, and Fp12 as Fp6[w] over Fp2[v] in the same
 * coefficient order), and the pairing of two points hashed by mcl is
 * compared after raising pybls's exact value to mcl's multiple
 * 2u(6u^2 + 3u + 1) of the exponent (pairing.h).
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
#include "field/tower.h"
#include "pairing/pairing.h"

/* mcl's C types: Jacobian points of Montgomery-form coordinates. */
typedef struct {
    fp_t x, y, z;
} mcl_g1_t;
typedef struct {
    fp2_t x, y, z;
} mcl_g2_t;

typedef void (*bin_fn)(void *, const void *, const void *);
typedef void (*un_fn)(void *, const void *);

static struct {
    bin_fn fp2_mul, gt_mul, miller, pairing;
    un_fn fp_inv, fp2_sqr, fp2_inv, gt_sqr, gt_inv, final_exp, g1_normalize, g2_normalize;
    int (*g1_hash)(void *, const void *, size_t);
    int (*g2_hash)(void *, const void *, size_t);
    int (*fp_sqrt)(void *, const void *);
} mcl;

/* The operands every operation reads (valid field elements and points). */
static fp_t a1, sq1;
static fp2_t a2, b2;
static fp12_t a12, b12, f12;
static g1_affine_t p_aff;
static g2_affine_t q_aff;
static mcl_g1_t p_mcl;
static mcl_g2_t q_mcl;
static union {
    fp_t f1;
    fp2_t f2;
    fp12_t f12;
} out;

enum { FP_INV, FP_INV_VT, FP_SQRT, FP2_MUL, FP2_SQR, FP2_INV, FP12_MUL, FP12_SQR, FP12_INV, FINAL_EXP, MILLER,
       PAIRING, NOPS };
/* fp_inv_vartime stands beside mcl's one inversion (mclBnFp_inv, in
 * variable time) too; fp_sqrt is of a square. */
static const char *const names[NOPS] = {"fp_inv", "fp_inv_vartime", "fp_sqrt", "fp2_mul", "fp2_sqr", "fp2_inv",
                                        "fp12_mul", "fp12_sqr", "fp12_inv", "final_exp", "miller_loop", "pairing"};
/* Calls per timing: enough for the cheap ones to dwarf the timer. */
static const int calls[NOPS] = {8, 8, 8, 64, 64, 8, 16, 16, 4, 1, 1, 1};

static void run_pybls(int op) {
    switch (op) {
    case FP_INV: fp_inv(&out.f1, &a1); break;
    case FP_INV_VT: fp_inv_vartime(&out.f1, &a1); break;
    case FP_SQRT: fp_sqrt(&out.f1, &sq1); break;
    case FP2_MUL: fp2_mul(&out.f2, &a2, &b2); break;
    case FP2_SQR: fp2_sqr(&out.f2, &a2); break;
    case FP2_INV: fp2_inv(&out.f2, &a2); break;
    case FP12_MUL: fp12_mul(&out.f12, &a12, &b12); break;
    case FP12_SQR: fp12_sqr(&out.f12, &a12); break;
    case FP12_INV: fp12_inv(&out.f12, &a12); break;
    case FINAL_EXP: final_exponentiation(&out.f12, &f12); break;
    case MILLER: fp12_set_one(&out.f12), miller_loop_affine(&out.f12, &p_aff, &q_aff, 1); break;
    default:
        fp12_set_one(&out.f12), miller_loop_affine(&out.f12, &p_aff, &q_aff, 1);
        final_exponentiation(&out.f12, &out.f12);
        break;
    }
}

static void run_mcl(int op) {
    switch (op) {
    case FP_INV:
    case FP_INV_VT: mcl.fp_inv(&out.f1, &a1); break;
    case FP_SQRT: mcl.fp_sqrt(&out.f1, &sq1); break;
    case FP2_MUL: mcl.fp2_mul(&out.f2, &a2, &b2); break;
    case FP2_SQR: mcl.fp2_sqr(&out.f2, &a2); break;
    case FP2_INV: mcl.fp2_inv(&out.f2, &a2); break;
    case FP12_MUL: mcl.gt_mul(&out.f12, &a12, &b12); break;
    case FP12_SQR: mcl.gt_sqr(&out.f12, &a12); break;
    case FP12_INV: mcl.gt_inv(&out.f12, &a12); break;
    case FINAL_EXP: mcl.final_exp(&out.f12, &f12); break;
    case MILLER: mcl.miller(&out.f12, &p_mcl, &q_mcl); break;
    default: mcl.pairing(&out.f12, &p_mcl, &q_mcl); break;
    }
}

static uint64_t timed(void (*run)(int), int op) {
    uint64_t t0 = ticks();
    for (int i = 0; i < calls[op]; i++) run(op);
    return ticks() - t0;
}

static void random_fp(fp_t *x, uint64_t *seed) {
    for (int j = 0; j < FP_LIMBS; j++) {
        *seed = *seed * 6364136223846793005ULL + 1442695040888963407ULL;
        x->l[j] = *seed ^ (*seed >> 29);
    }
    x->l[FP_LIMBS - 1] %= P_MODULUS[FP_LIMBS - 1]; /* below p */
}

static void random_elements(fp_t *x, int n, uint64_t *seed) {
    for (int i = 0; i < n; i++) random_fp(&x[i], seed);
}

static void *sym(void *lib, const char *name) {
    void *s = dlsym(lib, name);
    if (!s) fprintf(stderr, "mcl: no %s\n", name), exit(1);
    return s;
}

static int check(const char *what, const void *got, const void *want, size_t n) {
    if (memcmp(got, want, n)) return fprintf(stderr, "%s differs from mcl's\n", what), 1;
    return 0;
}

/* f^e for e = 2u(6u^2 + 3u + 1) with u = -(2^62 + 2^55 + 1), by the
 * exponent's bits (a test of the values, not a timed operation). */
static void pow_mcl_multiple(fp12_t *r, const fp12_t *f) {
    /* |e| as 128-bit words; e < 0 as u < 0 and 6u^2 + 3u + 1 > 0. */
    unsigned __int128 u = ((unsigned __int128)1 << 62) + ((unsigned __int128)1 << 55) + 1;
    unsigned __int128 k = 6 * u * u - 3 * u + 1; /* 6u^2 + 3u + 1 with u -> -u */
    unsigned __int128 lo = 0, hi = 0;            /* 2 u k: below 2^255 */
    unsigned __int128 m = 2 * u, kl = (uint64_t)k, kh = k >> 64;
    unsigned __int128 ml = (uint64_t)m, mh = m >> 64; /* mh is 0 */
    unsigned __int128 t0 = ml * kl, t1 = ml * kh;
    lo = t0 + (t1 << 64);
    hi = (t1 >> 64) + (lo < t0) + mh * kl;
    fp12_t acc;
    fp12_set_one(&acc);
    for (int i = 255; i >= 0; i--) {
        fp12_sqr(&acc, &acc);
        int bit = i >= 128 ? (int)(hi >> (i - 128)) & 1 : (int)(lo >> i) & 1;
        if (bit) fp12_mul(&acc, &acc, f);
    }
    fp12_conj(r, &acc); /* e < 0 */
}

int main(int argc, char **argv) {
    if (argc < 2) return fprintf(stderr, "usage: %s LIBMCLBN256 [ROUNDS]\n", argv[0]), 2;
    int rounds = argc > 2 ? atoi(argv[2]) : 300;
    void *lib = dlopen(argv[1], RTLD_NOW);
    if (!lib) return fprintf(stderr, "%s\n", dlerror()), 1;
    int (*init)(int, int) = (int (*)(int, int))sym(lib, "mclBn_init");
    mcl.fp_inv = (un_fn)sym(lib, "mclBnFp_inv");
    mcl.fp_sqrt = (int (*)(void *, const void *))sym(lib, "mclBnFp_squareRoot");
    mcl.fp2_mul = (bin_fn)sym(lib, "mclBnFp2_mul");
    mcl.fp2_sqr = (un_fn)sym(lib, "mclBnFp2_sqr");
    mcl.fp2_inv = (un_fn)sym(lib, "mclBnFp2_inv");
    mcl.gt_mul = (bin_fn)sym(lib, "mclBnGT_mul");
    mcl.gt_sqr = (un_fn)sym(lib, "mclBnGT_sqr");
    mcl.gt_inv = (un_fn)sym(lib, "mclBnGT_invGeneric");
    mcl.final_exp = (un_fn)sym(lib, "mclBn_finalExp");
    mcl.miller = (bin_fn)sym(lib, "mclBn_millerLoop");
    mcl.pairing = (bin_fn)sym(lib, "mclBn_pairing");
    mcl.g1_normalize = (un_fn)sym(lib, "mclBnG1_normalize");
    mcl.g2_normalize = (un_fn)sym(lib, "mclBnG2_normalize");
    mcl.g1_hash = (int (*)(void *, const void *, size_t))sym(lib, "mclBnG1_hashAndMapTo");
    mcl.g2_hash = (int (*)(void *, const void *, size_t))sym(lib, "mclBnG2_hashAndMapTo");
    if (init(0, 4 + 4 * 10)) return fprintf(stderr, "mclBn_init failed\n"), 1; /* BN254, 4-limb Fp and Fr */

    uint64_t seed = 1;
    random_elements(&a1, 1, &seed);
    fp_sqr(&sq1, &a1);
    random_elements(&a2.c0, 2, &seed);
    random_elements(&b2.c0, 2, &seed);
    random_elements(&a12.c0.c0.c0, 12, &seed);
    random_elements(&b12.c0.c0.c0, 12, &seed);
    if (mcl.g1_hash(&p_mcl, "p", 1) || mcl.g2_hash(&q_mcl, "q", 1))
        return fprintf(stderr, "mcl: hashing failed\n"), 1;
    mcl.g1_normalize(&p_mcl, &p_mcl);
    mcl.g2_normalize(&q_mcl, &q_mcl);
    p_aff.x = p_mcl.x, p_aff.y = p_mcl.y, q_aff.x = q_mcl.x, q_aff.y = q_mcl.y;
    fp12_set_one(&f12);
    miller_loop_affine(&f12, &p_aff, &q_aff, 1);

    /* The same values from both. */
    fp2_t w2;
    fp12_t w12, g12;
    fp_t w1;
    int bad = 0;
    fp_inv(&w1, &a1), mcl.fp_inv(&out.f1, &a1), bad |= check("fp_inv", &w1, &out.f1, sizeof w1);
    fp_inv_vartime(&w1, &a1), bad |= check("fp_inv_vartime", &w1, &out.f1, sizeof w1);
    /* the two roots may differ in sign */
    if (!(fp_sqrt(&w1, &sq1) & 1) || mcl.fp_sqrt(&out.f1, &sq1)) bad |= fprintf(stderr, "fp_sqrt failed\n") > 0;
    fp_sqr(&w1, &w1), bad |= check("fp_sqrt (squared)", &w1, &sq1, sizeof w1);
    fp_sqr(&w1, &out.f1), bad |= check("mcl's root (squared)", &w1, &sq1, sizeof w1);
    fp2_mul(&w2, &a2, &b2), mcl.fp2_mul(&out.f2, &a2, &b2), bad |= check("fp2_mul", &w2, &out.f2, sizeof w2);
    fp2_sqr(&w2, &a2), mcl.fp2_sqr(&out.f2, &a2), bad |= check("fp2_sqr", &w2, &out.f2, sizeof w2);
    fp2_inv(&w2, &a2), mcl.fp2_inv(&out.f2, &a2), bad |= check("fp2_inv", &w2, &out.f2, sizeof w2);
    fp12_mul(&w12, &a12, &b12), mcl.gt_mul(&out.f12, &a12, &b12), bad |= check("fp12_mul", &w12, &out.f12, sizeof w12);
    fp12_sqr(&w12, &a12), mcl.gt_sqr(&out.f12, &a12), bad |= check("fp12_sqr", &w12, &out.f12, sizeof w12);
    fp12_inv(&w12, &a12), mcl.gt_inv(&out.f12, &a12), bad |= check("fp12_inv", &w12, &out.f12, sizeof w12);
    final_exponentiation(&w12, &f12);
    pow_mcl_multiple(&g12, &w12);
    mcl.pairing(&out.f12, &p_mcl, &q_mcl);
    bad |= check("pairing (raised to mcl's multiple)", &g12, &out.f12, sizeof g12);
    if (bad) return 1;

    uint64_t best[NOPS][2], cal = UINT64_MAX;
    for (int op = 0; op < NOPS; op++) best[op][0] = best[op][1] = UINT64_MAX;
    for (int r = 0; r < rounds; r++) {
        uint64_t k = calibrate(seed | 1);
        if (k < cal) cal = k;
        for (int op = 0; op < NOPS; op++)
            for (int i = 0; i < 2; i++) {
                int who = (i + r) & 1;
                uint64_t t = timed(who ? run_mcl : run_pybls, op);
                if (t < best[op][who]) best[op][who] = t;
            }
    }
    double cyc = 1000.0 / (double)cal;
    printf("bn254_nogami, core cycles per call (least of %d rounds; %.3f cycles per TSC tick)\n", rounds, cyc);
    printf("%-15s %10s %10s %8s\n", "", "pybls", "mcl", "ratio");
    for (int op = 0; op < NOPS; op++) {
        double p = (double)best[op][0] * cyc / calls[op], m = (double)best[op][1] * cyc / calls[op];
        printf("%-15s %10.0f %10.0f %8.3f\n", names[op], p, m, p / m);
    }
    return 0;
}
