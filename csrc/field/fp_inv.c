/*
 * fp_inv.c - inversion in Fp by Bernstein and Yang's constant-time
 * "safegcd" ("Fast constant-time gcd computation and modular inversion",
 * TCHES 2019), about ten times fewer instructions than Fermat's a^(p-2).
 *
 * The divstep on (delta, f, g), f odd, in the variant with delta
 * starting at 1/2 (Wuille, "Bounds on divsteps iterations in safegcd";
 * delta is kept doubled, so odd, starting at 1):
 *   delta > 0 and g odd:  (2 - delta, g, (g - f) / 2)
 *   g odd otherwise:      (2 + delta, f, (g + f) / 2)
 *   g even:               (2 + delta, f, g / 2)
 * From (1, p, a), 0 <= a < p, f ends at +-1 and g at 0 after at most
 * floor((3787 d + 2166) / 1644) divsteps, d = log2 p (his bound for
 * 0 <= g <= f <= M, M >= 4257874, checked by exact convex-hull computations
 * for every M up to 2^3805, not proven in general as Bernstein and Yang's
 * theorem 11.2 is for their own variant, delta starting at 1, which takes
 * about a quarter more, floor((49 d + 57) / 17)): CURVE_P_DIVSTEPS, 878
 * for BLS12-381, 585 for BN254. fp_inv runs that many steps, rounded up
 * to whole runs (below), whatever the input.
 *
 * The steps are taken in batches of B (60 with 64-bit limbs, 30 with 32-bit
 * ones): a batch depends only on the low B bits of f and g, so it runs on
 * single words and yields a 2x2 matrix M with 2^B [f', g'] = M [f, g],
 * which is then applied to the whole numbers. Within a batch the steps go
 * by runs of 20 (15 with 32-bit limbs) on words that hold a row of the
 * run's matrix together with f or g (divsteps_run), the runs' matrices
 * multiplied into the batch's. Alongside, d and e with d a = c f,
 * e a = c g (mod p) follow the same matrix, divided by 2^B modulo p: at the
 * end c a^-1 = +-d; c = R^2 mod p (e starts at c, d at 0) makes that the
 * inverse's Montgomery form (a = x R, c a^-1 = x^-1 R). The last batch
 * takes the runs left (on BLS12-381 14 batches of 60 steps and one of 40
 * with 64-bit limbs, 29 of 30 and one of 15 with 32-bit ones), and
 * updates d alone.
 *
 * Numbers are kept as signed radix-2^B limbs: limbs 0 .. SN-2 in [0, 2^B),
 * the top one signed. fp_inv is constant time: no branch or index
 * depends on the values. fp_inv_vartime, for public values only (the
 * points of a precompile's call data), runs the same steps with branches,
 * several at once over zero bits, and stops when g reaches 0.
 */
#include "curves/consts.h"
#include "arith/mont.h"

#if LIMB_BITS == 64
typedef int64_t sl_t;    /* signed limb */
typedef uint64_t sw_t;   /* the same width, unsigned (wrapping) */
typedef __int128 sdl_t;  /* double width, signed */
#define SB 60
#else
typedef int32_t sl_t;
typedef uint32_t sw_t;
typedef int64_t sdl_t;
#define SB 30
#endif
/* Signed radix-2^B limbs: a B-bit limb beyond p's bits for the sign and the
 * range (-2p, 2p) of d and e (5 x 60 and 9 x 30 for BN254's 254 bits, 7 x
 * 60 and 13 x 30 for BLS12-381's 381, 8 x 60 and 16 x 30 for BN462's 462);
 * low_word takes 64 bits below the top limb. */
#define SN (CURVE_P_BITS / SB + 1)
_Static_assert((SN - 1) * SB >= 64, "64 bits below the top limb");
/* The divsteps run: the bound, unless a test builds this unit with fewer
 * (tests/test_fp_inv.py: a count that the half-delta rule's longest known
 * inputs fit in and the original rule's do not). */
#ifndef FP_INV_DIVSTEPS
#define FP_INV_DIVSTEPS CURVE_P_DIVSTEPS
#endif
/* Batches for the divstep bound (the variable-time inversion's limit). */
#define BATCHES ((FP_INV_DIVSTEPS + SB - 1) / SB)
#define SW_BITS ((int)(8 * sizeof(sw_t)))
#define SMASK (((sw_t)1 << SB) - 1)

/* All-ones if x < 0, else 0. */
static inline sl_t sign_mask(sl_t x) { return (sl_t)((sw_t)0 - ((sw_t)x >> (SW_BITS - 1))); }

/* Trailing zero bits of a nonzero word (variable time). */
static inline int ctz_word(sw_t x) {
#if LIMB_BITS == 64
    return __builtin_ctzll(x);
#else
    return __builtin_ctz(x);
#endif
}

typedef struct {
    sl_t u, v, q, r; /* 2^B f' = u f + v g, 2^B g' = q f + r g */
} divstep_matrix_t;

/* ---- Constant time: the divsteps in packed runs -------------------------
 * The steps are taken RUN at a time (20 with 64-bit limbs, three runs a
 * batch; 15 with 32-bit ones, two a batch) on 64-bit words, which
 * WebAssembly has too, each holding a row of the run's matrix with its
 * number:
 *     F = f + 2^W U + 2^(2W) V,   G = g + 2^W Q + 2^(2W) R,   W = RUN + 1,
 * where f, g start as the low RUN bits of f and g (all that RUN steps read)
 * and U, V, Q, R are the entries u, v, q, r of the rational matrix with
 * [f_i, g_i] = M_i [f_0, g_0] (in 2^-i Z, |u| + |v| <= 1, |q| + |r| <= 1)
 * times 2^RUN, integers. A step adds or negates rows, which acts on the
 * three fields of a word at once, and halves g's row, an arithmetic shift
 * of G: exact, as g + f (or g) is even then and 2^W Q, 2^(2W) R are even.
 * Ranges: |f_i|, |g_i| < 2^RUN from f_0, g_0 in [0, 2^RUN); an entry reaches
 * 1 in absolute value only as the identity's untouched 1 (u = 1, or v = 1
 * after a swap at the first step: a halved row with an entry +-1 would
 * equal the other row up to sign, and M is invertible), so U, V, Q, R
 * lie in [1 - 2^RUN, 2^RUN] and g's row before its halving, twice a halved
 * one, in [2 - 2^W, 2^W - 2]: for RUN = 20, |G| < 2^21 + 2^42 + 2^42 (2^21
 * - 2) < 2^63 at every step, no overflow. Adding 2^RUN - 1 to each field
 * at the end makes the fields digits of [0, 2^W), read by shifts. */
#if LIMB_BITS == 64
#define RUN 20
#else
#define RUN 15
#endif
#define RUNS_PER_BATCH (SB / RUN)
_Static_assert(RUNS_PER_BATCH * RUN == SB, "a batch is whole runs");
/* Runs for the divstep bound; all but the last batch are full, the last
 * one takes the runs left (one to RUNS_PER_BATCH). */
#define RUNS ((FP_INV_DIVSTEPS + RUN - 1) / RUN)
#define FULL_BATCHES ((RUNS - 1) / RUNS_PER_BATCH)
#define LAST_RUNS (RUNS - FULL_BATCHES * RUNS_PER_BATCH)
#define RUN_W (RUN + 1)

/* RUN divsteps on the low RUN bits of f and g from z = -delta (whose sign
 * bit alone says delta > 0; z' = ~z - 1, that is delta - 2, after a swap,
 * z - 2 otherwise); m gets 2^RUN times the matrix: 2^RUN [f', g'] =
 * m [f, g]. Returns z. */
static inline int64_t divsteps_run(int64_t z, uint64_t f, uint64_t g, int64_t m[4]) {
    const uint64_t low = ((uint64_t)1 << RUN) - 1;
    uint64_t fr = (f & low) + ((uint64_t)1 << (RUN_W + RUN)); /* U = 2^RUN */
    uint64_t gr = (g & low) + ((uint64_t)1 << (2 * RUN_W + RUN)); /* R = 2^RUN */
#pragma GCC unroll 20
    for (int i = 0; i < RUN; i++) {
        uint64_t pos = (uint64_t)(z >> 63); /* delta > 0 */
        uint64_t odd = (uint64_t)0 - (gr & 1);
        uint64_t x = (fr ^ pos) - pos; /* -F if delta > 0 */
        gr += x & odd;
        uint64_t swap = pos & odd;
        z = (int64_t)(((uint64_t)z ^ swap) + ((uint64_t)0 - 2 - swap));
        fr += gr & swap; /* F + (G - F) = G */
        gr = (uint64_t)((int64_t)gr >> 1);
    }
    const uint64_t digit = ((uint64_t)1 << RUN_W) - 1;
    const uint64_t bias = low + (low << RUN_W) + (low << 2 * RUN_W);
    fr += bias;
    gr += bias;
    m[0] = (int64_t)((fr >> RUN_W) & digit) - (int64_t)low;
    m[1] = (int64_t)(fr >> 2 * RUN_W) - (int64_t)low;
    m[2] = (int64_t)((gr >> RUN_W) & digit) - (int64_t)low;
    m[3] = (int64_t)(gr >> 2 * RUN_W) - (int64_t)low;
    return z;
}

/* `runs` runs (runs RUN steps, at most B) from f and g modulo 2^L (L = B:
 * their low limbs, or 64), each run's f and g from the one before's matrix
 * (exact modulo 2^(L - RUN k) after k runs, at least RUN bits); m = the
 * product of the runs' matrices, 2^(runs RUN) [f', g'] = m [f, g], entries
 * at most 2^(runs RUN) in absolute value. Also *fl = f' modulo
 * 2^(L - runs RUN), read after the last batch for f's sign. Returns z. */
static inline int64_t divsteps_ct(int64_t z, uint64_t f, uint64_t g, int runs, int64_t m[4],
                                  uint64_t *fl) {
    int64_t a[4], t[4];
    z = divsteps_run(z, f, g, a);
    for (int i = 0; i < 4; i++) m[i] = a[i];
    for (int k = 1; k < runs; k++) {
        uint64_t f1 = ((uint64_t)a[0] * f + (uint64_t)a[1] * g) >> RUN;
        uint64_t g1 = ((uint64_t)a[2] * f + (uint64_t)a[3] * g) >> RUN;
        f = f1;
        g = g1;
        z = divsteps_run(z, f, g, a);
        t[0] = a[0] * m[0] + a[1] * m[2];
        t[1] = a[0] * m[1] + a[1] * m[3];
        t[2] = a[2] * m[0] + a[3] * m[2];
        t[3] = a[2] * m[1] + a[3] * m[3];
        for (int i = 0; i < 4; i++) m[i] = t[i];
    }
    *fl = ((uint64_t)a[0] * f + (uint64_t)a[1] * g) >> RUN;
    return z;
}

/* [f, g] = M [f, g] / 2^B (exact). */
static void update_fg(sl_t f[SN], sl_t g[SN], const divstep_matrix_t *m) {
    sdl_t cf = (sdl_t)m->u * f[0] + (sdl_t)m->v * g[0];
    sdl_t cg = (sdl_t)m->q * f[0] + (sdl_t)m->r * g[0];
    cf >>= SB; /* the low B bits are zero */
    cg >>= SB;
    for (int i = 1; i < SN; i++) {
        cf += (sdl_t)m->u * f[i] + (sdl_t)m->v * g[i];
        cg += (sdl_t)m->q * f[i] + (sdl_t)m->r * g[i];
        f[i - 1] = (sl_t)((sw_t)cf & SMASK);
        g[i - 1] = (sl_t)((sw_t)cg & SMASK);
        cf >>= SB;
        cg >>= SB;
    }
    f[SN - 1] = (sl_t)cf;
    g[SN - 1] = (sl_t)cg;
}

/* [d, e] = M [d, e] / 2^B mod p, for d, e in (-2p, p), staying there:
 * multiples of p chosen to clear the low B bits are added first, plus u p
 * (and q p) if d < 0 and v p (and r p) if e < 0. */
static void update_de(sl_t d[SN], sl_t e[SN], const divstep_matrix_t *m, const sl_t pm[SN],
                      sw_t pinv) {
    sl_t sd = sign_mask(d[SN - 1]), se = sign_mask(e[SN - 1]);
    sl_t md = (m->u & sd) + (m->v & se), me = (m->q & sd) + (m->r & se);
    sdl_t cd = (sdl_t)m->u * d[0] + (sdl_t)m->v * e[0];
    sdl_t ce = (sdl_t)m->q * d[0] + (sdl_t)m->r * e[0];
    md -= (sl_t)((pinv * (sw_t)cd + (sw_t)md) & SMASK);
    me -= (sl_t)((pinv * (sw_t)ce + (sw_t)me) & SMASK);
    cd += (sdl_t)pm[0] * md;
    ce += (sdl_t)pm[0] * me;
    cd >>= SB;
    ce >>= SB;
    for (int i = 1; i < SN; i++) {
        cd += (sdl_t)m->u * d[i] + (sdl_t)m->v * e[i] + (sdl_t)pm[i] * md;
        ce += (sdl_t)m->q * d[i] + (sdl_t)m->r * e[i] + (sdl_t)pm[i] * me;
        d[i - 1] = (sl_t)((sw_t)cd & SMASK);
        e[i - 1] = (sl_t)((sw_t)ce & SMASK);
        cd >>= SB;
        ce >>= SB;
    }
    d[SN - 1] = (sl_t)cd;
    e[SN - 1] = (sl_t)ce;
}

/* d alone of update_de (after the last batch e is not needed). */
static void update_d(sl_t d[SN], const sl_t e[SN], const divstep_matrix_t *m, const sl_t pm[SN],
                     sw_t pinv) {
    sl_t md = (m->u & sign_mask(d[SN - 1])) + (m->v & sign_mask(e[SN - 1]));
    sdl_t cd = (sdl_t)m->u * d[0] + (sdl_t)m->v * e[0];
    md -= (sl_t)((pinv * (sw_t)cd + (sw_t)md) & SMASK);
    cd += (sdl_t)pm[0] * md;
    cd >>= SB;
    for (int i = 1; i < SN; i++) {
        cd += (sdl_t)m->u * d[i] + (sdl_t)m->v * e[i] + (sdl_t)pm[i] * md;
        d[i - 1] = (sl_t)((sw_t)cd & SMASK);
        cd >>= SB;
    }
    d[SN - 1] = (sl_t)cd;
}

/* Carries of limbs in (-2^(B+1), 2^(B+1)) pushed up: limbs back in [0, 2^B). */
static void normalize(sl_t a[SN]) {
    for (int i = 0; i < SN - 1; i++) {
        a[i + 1] += (sl_t)((sdl_t)a[i] >> SB);
        a[i] = (sl_t)((sw_t)a[i] & SMASK);
    }
}

/* a += mask & b */
static void add_masked(sl_t a[SN], const sl_t b[SN], sl_t mask) {
    for (int i = 0; i < SN; i++) a[i] += b[i] & mask;
    normalize(a);
}

/* Limbs of 2^LIMB_BITS <-> limbs of 2^B (nonnegative values below
 * 2^(LIMB_BITS FP_LIMBS)). */
static void to_signed(sl_t out[SN], const limb_t in[FP_LIMBS]) {
    for (int i = 0; i < SN; i++) {
        int pos = i * SB, w = pos / LIMB_BITS, s = pos % LIMB_BITS;
        dlimb_t v = w < FP_LIMBS ? in[w] : 0;
        if (w + 1 < FP_LIMBS) v |= (dlimb_t)in[w + 1] << LIMB_BITS;
        out[i] = (sl_t)((sw_t)(v >> s) & SMASK);
    }
}

static void from_signed(limb_t out[FP_LIMBS], const sl_t in[SN]) {
    for (int j = 0; j < FP_LIMBS; j++) out[j] = 0;
    for (int i = 0; i < SN; i++) {
        int pos = i * SB, w = pos / LIMB_BITS, s = pos % LIMB_BITS;
        dlimb_t v = (dlimb_t)(sw_t)in[i] << s;
        if (w < FP_LIMBS) out[w] |= (limb_t)v;
        if (w + 1 < FP_LIMBS) out[w + 1] |= (limb_t)(v >> LIMB_BITS);
    }
}

/* r = d f mod p, for d in (-2p, 2p) and f = +-1 at the end of the divsteps
 * (neg all-ones if f = -1). With e starting at R^2 mod p instead of 1, d f
 * is R^2 a^-1 = x^-1 R for a = x R: r in Montgomery form, with no product.
 * Constant time. */
static void finish(fp_t *r, sl_t d[SN], sl_t neg, const sl_t pm[SN]) {
    sl_t t[SN];
    for (int i = 0; i < SN; i++) d[i] = (d[i] ^ neg) - neg;
    normalize(d);
    add_masked(d, pm, sign_mask(d[SN - 1]));
    add_masked(d, pm, sign_mask(d[SN - 1]));
    for (int i = 0; i < SN; i++) t[i] = d[i] - pm[i]; /* subtract p if d >= p */
    normalize(t);
    sl_t keep = sign_mask(t[SN - 1]);
    for (int i = 0; i < SN; i++) d[i] = (d[i] & keep) | (t[i] & ~keep);
    from_signed(r->l, d);
    ct_memzero(t, sizeof t);
}

/* f and g modulo 2^64, from their limbs (limbs below the top one are in
 * [0, 2^B); SN >= 5 puts 64 bits below the top limb). */
static uint64_t low_word(const sl_t a[SN]) {
    uint64_t w = 0;
    for (int i = 0; i * SB < 64; i++) w |= (uint64_t)(sw_t)a[i] << (i * SB);
    return w;
}

void fp_inv(fp_t *r, const fp_t *a) {
    sl_t f[SN], g[SN], d[SN] = {0}, e[SN] = {0}, pm[SN];
    const sw_t pinv = ((sw_t)0 - (sw_t)P_N0) & SMASK; /* p^-1 mod 2^B (P_N0 = -p^-1) */
    int64_t z = -1; /* -delta, delta = 1 */
    int64_t mm[4];
    uint64_t fl;
    divstep_matrix_t m;
    to_signed(pm, P_MODULUS);
    to_signed(g, a->l);
    for (int i = 0; i < SN; i++) f[i] = pm[i];
    to_signed(e, P_R2); /* d a = R^2 f, e a = R^2 g (mod p) */
    for (int b = 0; b < FULL_BATCHES; b++) {
        z = divsteps_ct(z, (uint64_t)(sw_t)f[0], (uint64_t)(sw_t)g[0], RUNS_PER_BATCH, mm, &fl);
        m.u = (sl_t)mm[0];
        m.v = (sl_t)mm[1];
        m.q = (sl_t)mm[2];
        m.r = (sl_t)mm[3];
        update_fg(f, g, &m);
        update_de(d, e, &m, pm, pinv);
    }
    /* The last batch: LAST_RUNS runs, their matrix times 2^(B - LAST_RUNS
     * RUN) to divide by 2^B; f' (+-1, or p for a = 0, with d = 0) is read
     * from its low bits, and g', e' are not needed. */
    z = divsteps_ct(z, low_word(f), low_word(g), LAST_RUNS, mm, &fl);
    const int up = SB - LAST_RUNS * RUN;
    m.u = (sl_t)((uint64_t)mm[0] << up);
    m.v = (sl_t)((uint64_t)mm[1] << up);
    m.q = (sl_t)((uint64_t)mm[2] << up);
    m.r = (sl_t)((uint64_t)mm[3] << up);
    update_d(d, e, &m, pm, pinv);
    /* a^-1 = d f, in (-2p, 2p); f = -1 is ...1111 in binary, +1 ...0001 */
    finish(r, d, (sl_t)((sw_t)0 - (sw_t)((fl >> 1) & 1)), pm);
    ct_memzero(f, sizeof f);
    ct_memzero(g, sizeof g);
    ct_memzero(d, sizeof d);
    ct_memzero(e, sizeof e);
    ct_memzero(&m, sizeof m);
    ct_memzero(mm, sizeof mm);
    ct_memzero(&fl, sizeof fl);
}

/* ---- Variable time, for public values only ----------------------------- */

/* A batch's B divsteps (those of divsteps_ct) with branches: a run of zero
 * low bits of g is taken at once (each is one step: g / 2, delta + 2), and
 * an odd g costs one addition, after a swap when delta > 0 (delta = -delta:
 * with the halving's + 2 that follows, 2 - delta). The matrix is the
 * same. */
static sl_t divsteps_vartime(sl_t delta, sw_t f, sw_t g, divstep_matrix_t *m) {
    sw_t u = 1, v = 0, q = 0, r = 1, t;
    int left = SB;
    for (;;) {
        /* g's low `left` bits are still exact; a zero run stops there */
        int zeros = ctz_word(g | ((sw_t)1 << left));
        g >>= zeros;
        u <<= zeros;
        v <<= zeros;
        delta += 2 * zeros;
        left -= zeros;
        if (left == 0) break;
        if (delta > 0) { /* (f, g) = (g, -f): the next step takes (g - f) / 2 */
            delta = -delta;
            t = f; f = g; g = (sw_t)0 - t;
            t = u; u = q; q = (sw_t)0 - t;
            t = v; v = r; r = (sw_t)0 - t;
        }
        g += f; /* both odd: g even, halved by the next zero run */
        q += u;
        r += v;
    }
    m->u = (sl_t)u;
    m->v = (sl_t)v;
    m->q = (sl_t)q;
    m->r = (sl_t)r;
    return delta;
}

static int is_zero_vartime(const sl_t a[SN]) {
    for (int i = 0; i < SN; i++)
        if (a[i]) return 0;
    return 1;
}

void fp_inv_vartime(fp_t *r, const fp_t *a) {
    sl_t f[SN], g[SN], d[SN] = {0}, e[SN] = {0}, pm[SN];
    const sw_t pinv = ((sw_t)0 - (sw_t)P_N0) & SMASK;
    sl_t delta = 1;
    divstep_matrix_t m;
    to_signed(pm, P_MODULUS);
    to_signed(g, a->l);
    for (int i = 0; i < SN; i++) f[i] = pm[i];
    to_signed(e, P_R2); /* d a = R^2 f, e a = R^2 g (mod p) */
    /* g reaches 0 within the constant-time bound; stop as soon as it does */
    for (int b = 0; b < BATCHES && !is_zero_vartime(g); b++) {
        delta = divsteps_vartime(delta, (sw_t)f[0], (sw_t)g[0], &m);
        update_fg(f, g, &m);
        update_de(d, e, &m, pm, pinv);
    }
    finish(r, d, sign_mask(f[SN - 1]), pm);
}

/* ---- The Legendre symbol, constant time ---------------------------------
 * A binary GCD on x (the canonical value of a) and y = p that tracks the
 * Jacobi symbol (x / |y|), with the steps batched as in Pornin's inversion
 * ("Optimized binary GCD for modular inversion", ePrint 2020/972) and the
 * symbol's rules for signed values from Hamburg ("Computing the Jacobi
 * symbol using Bernstein-Yang", ePrint 2021/1271). One step, y odd:
 *   x odd and x < y:  swap x and y; reciprocity: the symbol flips iff both
 *                     are 3 mod 4 (both odd, not both negative);
 *   x odd:            x = x - y, the symbol unchanged;
 *   then x = x / 2:   the symbol flips iff y = 3 or 5 mod 8 ((2 / |y|)).
 * A batch takes JB = 30 steps on one 64-bit word each for x and y: the low
 * 32 bits exact and, above them, the top 32 bits of the numbers at their
 * common length n (n >= 64; below 2^64 the words are the numbers). The
 * comparisons may then err where the tops are equal, and the exact x of a
 * step go negative, but every flip reads exact bits: the low 32 bits lose
 * one per step and the flips need 3 (32 - 29 >= 3). The steps' matrix,
 * 2^JB [x', y'] = M [x, y] (|M's rows| <= 2^JB), is then applied to the
 * whole numbers; a negative x' is negated, with the flip of (-1 / y')
 * (y' > 0 then: Pornin's x and y are never both negative), and a negative
 * y' just negated ((x / |-y|) = (x / |y|)). Once y = 1 nothing changes
 * the answer: x >= y, no swap and no flip. Pornin proves x = 0, y = gcd =
 * 1 within 2 d - 1 steps (d = CURVE_P_BITS) for batches of k - 1 steps on
 * words of k - 1 exact low and k + 1 top bits; these are his k = 31 with
 * two exact low bits more (the flips need them), which should keep his
 * argument but is not proven here. ceil((2 d - 1) / 30) batches are all
 * run (with x = 0 and y = 1 a batch changes nothing): x = 2^(d - 1) takes
 * every step of them to reach 0, but y = 1 within 9 batches of 17 on
 * BN254; the inputs found to reach y = 1 last took 82% of the batches (the
 * tests' RARE_PATHS, on every curve). The flips' parity is then
 * the answer, forced to "square" for x = 0 (RFC 9380's is_square(0); y
 * stays p then). The numbers are held as 32-bit digits and the words in
 * 64-bit integers with both limb widths (WebAssembly has 64-bit
 * arithmetic); every choice is a mask. */
#if !defined(__wasm__) || CURVE_FAMILY_BN
/* (In WebAssembly only for the BN curves, whose maps use it: the SvdW map
 * and mcl's; the modules' size is budgeted.) */
#define JB 30
#define JD (CURVE_P_BITS / 32 + 2) /* digits: room for the signed products */
#define JBATCHES ((2 * CURVE_P_BITS - 1 + JB - 1) / JB)
#define JACOBI_OUT_OF_LINE static __attribute__((noinline))
#ifdef __clang__ /* the digit loops stay loops: a small share of the time */
#define JACOBI_ROLLED _Pragma("clang loop unroll(disable)")
#else
#define JACOBI_ROLLED
#endif

/* Leading zero bits of a nonzero 32-bit word, by masks and shifts. */
static inline uint32_t clz32_ct(uint32_t c) {
    uint32_t n = 0, z;
    z = (uint32_t)((c >> 16) == 0) << 4, c <<= z, n += z;
    z = (uint32_t)((c >> 24) == 0) << 3, c <<= z, n += z;
    z = (uint32_t)((c >> 28) == 0) << 2, c <<= z, n += z;
    z = (uint32_t)((c >> 30) == 0) << 1, c <<= z, n += z;
    return n + (uint32_t)((c >> 31) == 0);
}

/* The batch's words: low 32 bits of x and y, and their top 32 bits at the
 * common length n = max(64, bits of x, bits of y). */
JACOBI_OUT_OF_LINE void jacobi_words(uint64_t *xw, uint64_t *yw, const uint32_t x[JD], const uint32_t y[JD]) {
    uint64_t xh = ((uint64_t)x[1] << 32) | x[0], yh = ((uint64_t)y[1] << 32) | y[0];
    uint32_t top = 0; /* the top nonzero digit, from digit 2 up (n > 64) */
    JACOBI_ROLLED
    for (int i = 2; i < JD; i++) {
        uint32_t nz = x[i] | y[i];
        uint64_t m = (uint64_t)0 - (((uint64_t)0 - nz) >> 63);
        xh ^= (xh ^ (((uint64_t)x[i] << 32) | x[i - 1])) & m;
        yh ^= (yh ^ (((uint64_t)y[i] << 32) | y[i - 1])) & m;
        top ^= (top ^ nz) & (uint32_t)m;
    }
    uint32_t s = clz32_ct(top) & ((uint32_t)0 - (uint32_t)(top != 0));
    *xw = ((xh << s) & ~(uint64_t)0xffffffff) | x[0];
    *yw = ((yh << s) & ~(uint64_t)0xffffffff) | y[0];
}

/* JB steps on the words; returns the flips (bit 1) and the matrix m
 * (2^JB x' = m[0] x + m[1] y, 2^JB y' = m[2] x + m[3] y). A row (u, v) of
 * it is held as one word u + 2^32 v (mod 2^64): the steps only subtract,
 * double and swap rows, which act on both halves at once, and
 * |u| + |v| <= 2^JB keeps u in the low half (signed) and v above it. */
static uint64_t jacobi_batch(uint64_t xw, uint64_t yw, int64_t m[4]) {
    uint64_t r0 = 1, r1 = (uint64_t)1 << 32, swaps = 0, ys = 0;
    for (int i = 0; i < JB; i++) {
        uint64_t odd = (uint64_t)0 - (xw & 1);
        uint64_t swap = odd & ((uint64_t)0 - (uint64_t)(xw < yw));
        uint64_t dw = (xw ^ yw) & swap, dr = (r0 ^ r1) & swap;
        xw ^= dw, yw ^= dw, r0 ^= dr, r1 ^= dr;
        swaps ^= swap & xw & yw; /* bit 1: both 3 mod 4 */
        xw = (xw - (yw & odd)) >> 1;
        r0 -= r1 & odd;
        r1 += r1;
        ys ^= yw; /* the halving's flip, bit 1 ^ bit 2 of y, summed below */
    }
    m[0] = (int32_t)(uint32_t)r0, m[1] = (int64_t)(r0 - (uint64_t)m[0]) >> 32;
    m[2] = (int32_t)(uint32_t)r1, m[3] = (int64_t)(r1 - (uint64_t)m[2]) >> 32;
    return swaps ^ ys ^ (ys >> 1); /* y = 3 or 5 mod 8: bits 1 and 2 differ */
}

/* out = |u x + v y| / 2^JB; returns the sign of u x + v y as a mask (known
 * from the last carry, before the division's pass, which also takes the
 * absolute value: (w ^ s) - s), through the caller's scratch w.
 * |u| + |v| <= 2^JB keeps each digit's sum below 2^62. (The helpers are kept out of line: the ones called twice are
 * not copied, and WebAssembly's modules have a size budget.) */
JACOBI_OUT_OF_LINE uint32_t jacobi_combine(uint32_t out[JD], const uint32_t x[JD], const uint32_t y[JD], int64_t u,
                                           int64_t v, uint32_t w[JD + 1]) {
    int64_t c = 0;
    JACOBI_ROLLED
    for (int i = 0; i < JD; i++) {
        c += u * (int64_t)x[i] + v * (int64_t)y[i];
        w[i] = (uint32_t)c;
        c >>= 32; /* arithmetic: the carry keeps its sign */
    }
    uint32_t s = (uint32_t)c; /* 0 or all-ones: the sign */
    uint64_t carry = s & 1;
    w[JD] = s;
    JACOBI_ROLLED
    for (int i = 0; i < JD; i++) {
        carry += (uint64_t)(((w[i] >> JB) | (w[i + 1] << (32 - JB))) ^ s);
        out[i] = (uint32_t)carry;
        carry >>= 32;
    }
    return s;
}

/* The digits of a field element's limbs (canonical, below p). */
JACOBI_OUT_OF_LINE void jacobi_digits(uint32_t out[JD], const limb_t in[FP_LIMBS]) {
    for (int i = 0; i < JD; i++) out[i] = 0;
    for (int i = 0; i < FP_LIMBS; i++)
        for (int k = 0; k < LIMB_BITS / 32; k++)
            if (i * (LIMB_BITS / 32) + k < JD) out[i * (LIMB_BITS / 32) + k] = (uint32_t)((uint64_t)in[i] >> (32 * k));
}

limb_t fp_is_square(const fp_t *a) {
    fp_t c, one = {{1}};
    uint32_t v[2][2][JD], w[JD + 1]; /* x and y, and the next batch's */
    uint64_t flips = 0, xw, yw;
    int64_t m[4];
    fp_mul(&c, a, &one); /* a R^-1: canonical */
    jacobi_digits(v[0][0], c.l);
    jacobi_digits(v[0][1], P_MODULUS);
    for (int b = 0; b < JBATCHES; b++) {
        uint32_t *x = v[b & 1][0], *y = v[b & 1][1], *nx = v[~b & 1][0], *ny = v[~b & 1][1];
        jacobi_words(&xw, &yw, x, y);
        flips ^= jacobi_batch(xw, yw, m);
        uint32_t sx = jacobi_combine(nx, x, y, m[0], m[1], w);
        (void)jacobi_combine(ny, x, y, m[2], m[3], w); /* (x / |-y|) = (x / |y|) */
        flips ^= sx & ny[0]; /* (-1 / y') for x' < 0 (y' > 0 then) */
    }
    limb_t non_square = ((limb_t)0 - (limb_t)((flips >> 1) & 1)) & ~fp_is_zero(a);
    ct_memzero(&c, sizeof c);
    ct_memzero(v, sizeof v);
    ct_memzero(w, sizeof w);
    ct_memzero(m, sizeof m);
    ct_memzero(&xw, sizeof xw);
    ct_memzero(&yw, sizeof yw);
    ct_memzero(&flips, sizeof flips);
    return ~non_square;
}
#endif
