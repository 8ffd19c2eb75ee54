/*
 * fp_inv.c - inversion in Fp by Bernstein and Yang's constant-time
 * "safegcd" ("Fast constant-time gcd computation and modular inversion",
 * TCHES 2019), about ten times fewer instructions than Fermat's a^(p-2).
 *
 * The divstep on (delta, f, g), f odd:
 *   delta > 0 and g odd:  (1 - delta, g, (g - f) / 2)
 *   g odd otherwise:      (1 + delta, f, (g + f) / 2)
 *   g even:               (1 + delta, f, g / 2)
 * From (1, p, a), f ends at +-1 and g at 0 after at most
 * floor((49 d + 57) / 17) divsteps for d-bit inputs, 0 <= a < p < 2^d
 * (their theorem 11.2, which gives that bound for d >= 46 and
 * floor((49 d + 80) / 17) below; every field here has d >= 254: 1101 for
 * BLS12-381's 381 bits, 735 for BN254's 254), and every step is run
 * whatever the input.
 *
 * The steps are taken in batches of B (60 with 64-bit limbs, 30 with 32-bit
 * ones; on BLS12-381 19 x 60 = 1140 and 37 x 30 = 1110 steps, on BN254
 * 13 x 60 and 25 x 30): a batch depends only on
 * the low B bits of f and g, so it runs on single words and yields a 2x2
 * matrix M with 2^B [f', g'] = M [f, g], which is then applied to the whole
 * numbers. With 64-bit limbs a batch is two halves of 30 steps whose
 * matrices, of entries below 2^31 in absolute value, travel two to a word
 * (divsteps_half), and whose product is the batch's matrix. Alongside, d
 * and e with d a = f, e a = g (mod p) follow the same matrix, divided by
 * 2^B modulo p: at the end a^-1 = +-d.
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
#define SN_MIN 5         /* 5 x 60 = 300 bits (BN254; BLS12-381 and BN381_1 take 7) */
#else
typedef int32_t sl_t;
typedef uint32_t sw_t;
typedef int64_t sdl_t;
#define SB 30
#define SN_MIN 13        /* 13 x 30 = 390 bits */
#endif
/* Signed radix-2^B limbs: a B-bit limb beyond p's bits for the sign and the
 * range (-2p, 2p) of d and e (8 x 60 and 16 x 30 for BN462's 462 bits). */
#define SN_FOR_P (CURVE_P_BITS / SB + 1)
#define SN (SN_FOR_P > SN_MIN ? SN_FOR_P : SN_MIN)
/* Enough batches for the divstep bound of p's bit length (d >= 46). */
#define DIVSTEPS ((49 * CURVE_P_BITS + 57) / 17)
#define BATCHES (DIVSTEPS / SB + 1)
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

/* One divstep on (z, f, g) with the matrix (u, v; q, r), in place; z =
 * -delta, whose sign bit alone says delta > 0, steps as z' = ~z
 * (1 - delta) after a swap, z - 1 (1 + delta) otherwise. The f row of the
 * matrix is doubled at each step, so that after step i, 2^i [f_i, g_i] =
 * M [f, g] with integer entries (|u| + |v| <= 2^i and |q| + |r| <= 2^i).
 * Every operation on u and v (on q and r) is the same linear one, as the
 * packed halves below require. */
#define DIVSTEP(z, f, g, u, v, q, r)                                         \
    do {                                                                     \
        sw_t pos_ = (sw_t)((z) >> (SW_BITS - 1)); /* delta > 0 */            \
        sw_t odd_ = (sw_t)0 - ((g) & 1);                                     \
        sw_t x_ = ((f) ^ pos_) - pos_; /* -f if delta > 0 */                 \
        (g) += x_ & odd_;                                                    \
        sw_t swap_ = pos_ & odd_;                                            \
        (z) = (sl_t)(((sw_t)(z) ^ swap_) + ~swap_);                          \
        (f) += (g) & swap_; /* f + (g - f) = g */                            \
        (g) >>= 1;                                                           \
        DIVSTEP_ROWS(pos_, odd_, swap_, u, v, q, r)                          \
    } while (0)

#if LIMB_BITS == 64
/* 30 divsteps on the low 30 bits of f and g (the bits above are ignored),
 * with u + 2^32 v and q + 2^32 r held in one word each: the steps add,
 * negate and double rows, linear maps that act on the packed word as on
 * each entry, and after 30 steps |u| + |v| and |q| + |r| are at most 2^30
 * (u alone reaches 2^30 without a swap), below 2^31, so the low half read as a signed 32-bit number is u (or q) and
 * the rest, shifted down, v (or r). Returns z. */
#define DIVSTEP_ROWS(pos, odd, swap, uv, unused1, qr, unused2)               \
    {                                                                        \
        sw_t y_ = ((uv) ^ (pos)) - (pos);                                    \
        (qr) += y_ & (odd);                                                  \
        (uv) += (qr) & (swap);                                               \
        (uv) <<= 1;                                                          \
    }
#define HALF_STEPS 30
static inline sl_t divsteps_half(sl_t z, sw_t f, sw_t g, sl_t m[4]) {
    sw_t uv = 1, qr = (sw_t)1 << 32;
#pragma GCC unroll 10
    for (int i = 0; i < HALF_STEPS; i++) DIVSTEP(z, f, g, uv, 0, qr, 0);
    m[0] = (sl_t)(int32_t)(uint32_t)uv;
    m[1] = (sl_t)(uv - (sw_t)m[0]) >> 32;
    m[2] = (sl_t)(int32_t)(uint32_t)qr;
    m[3] = (sl_t)(qr - (sw_t)m[2]) >> 32;
    return z;
}
#undef DIVSTEP_ROWS

/* B = 60 divsteps on the low words of f and g, as two halves: the first
 * half's matrix gives the low 30 bits of f and g after it (2^30 f' =
 * u f + v g, exact modulo 2^60), the second runs on those, and the batch's
 * matrix is the product of the two (entries up to 2^60 in absolute value). */
static sl_t divsteps(sl_t z, sw_t f, sw_t g, divstep_matrix_t *m) {
    sl_t a[4], b[4];
    z = divsteps_half(z, f, g, a);
    sw_t f1 = ((sw_t)a[0] * f + (sw_t)a[1] * g) >> HALF_STEPS;
    sw_t g1 = ((sw_t)a[2] * f + (sw_t)a[3] * g) >> HALF_STEPS;
    z = divsteps_half(z, f1, g1, b);
    m->u = b[0] * a[0] + b[1] * a[2];
    m->v = b[0] * a[1] + b[1] * a[3];
    m->q = b[2] * a[0] + b[3] * a[2];
    m->r = b[2] * a[1] + b[3] * a[3];
    return z;
}
#else
#define DIVSTEP_ROWS(pos, odd, swap, u, v, q, r)                             \
    {                                                                        \
        sw_t y_ = ((u) ^ (pos)) - (pos), w_ = ((v) ^ (pos)) - (pos);         \
        (q) += y_ & (odd);                                                   \
        (r) += w_ & (odd);                                                   \
        (u) += (q) & (swap);                                                 \
        (v) += (r) & (swap);                                                 \
        (u) <<= 1;                                                           \
        (v) <<= 1;                                                           \
    }
/* B divsteps on the low words of f and g; takes and returns z. */
static sl_t divsteps(sl_t z, sw_t f, sw_t g, divstep_matrix_t *m) {
    sw_t u = 1, v = 0, q = 0, r = 1;
    /* unrolled: the loop counter costs about a tenth of a step otherwise */
#pragma GCC unroll 8
    for (int i = 0; i < SB; i++) DIVSTEP(z, f, g, u, v, q, r);
    m->u = (sl_t)u;
    m->v = (sl_t)v;
    m->q = (sl_t)q;
    m->r = (sl_t)r;
    return z;
}
#endif

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

/* d a^-1 mod p for d = +-a^-1 (mod p) in (-2p, 2p), given the sign of f
 * (+-1 at the end of the divsteps), into r in Montgomery form. Constant time. */
static void finish(fp_t *r, sl_t d[SN], const sl_t f[SN], const sl_t pm[SN]) {
    sl_t t[SN];
    sl_t neg = sign_mask(f[SN - 1]);
    for (int i = 0; i < SN; i++) d[i] = (d[i] ^ neg) - neg;
    normalize(d);
    add_masked(d, pm, sign_mask(d[SN - 1]));
    add_masked(d, pm, sign_mask(d[SN - 1]));
    for (int i = 0; i < SN; i++) t[i] = d[i] - pm[i]; /* subtract p if d >= p */
    normalize(t);
    sl_t keep = sign_mask(t[SN - 1]);
    for (int i = 0; i < SN; i++) d[i] = (d[i] & keep) | (t[i] & ~keep);
    /* The integer inverse of a = x R is x^-1 R^-1; x^-1 R is that times R^2,
     * two Montgomery products by R^2. */
    limb_t inv[FP_LIMBS];
    from_signed(inv, d);
    mont_mul_n(inv, inv, P_R2, P_MODULUS, P_N0, FP_LIMBS);
    mont_mul_n(r->l, inv, P_R2, P_MODULUS, P_N0, FP_LIMBS);
    ct_memzero(t, sizeof t);
    ct_memzero(inv, sizeof inv);
}

void fp_inv(fp_t *r, const fp_t *a) {
    sl_t f[SN], g[SN], d[SN] = {0}, e[SN] = {0}, pm[SN];
    const sw_t pinv = ((sw_t)0 - (sw_t)P_N0) & SMASK; /* p^-1 mod 2^B (P_N0 = -p^-1) */
    sl_t z = -1; /* -delta, delta = 1 */
    divstep_matrix_t m;
    to_signed(pm, P_MODULUS);
    to_signed(g, a->l);
    for (int i = 0; i < SN; i++) f[i] = pm[i];
    e[0] = 1;
    for (int b = 0; b < BATCHES; b++) {
        z = divsteps(z, (sw_t)f[0], (sw_t)g[0], &m);
        update_fg(f, g, &m);
        update_de(d, e, &m, pm, pinv);
    }
    /* f = +-1 (or p for a = 0, with d = 0): a^-1 = d f, in (-2p, 2p) */
    finish(r, d, f, pm);
    ct_memzero(f, sizeof f);
    ct_memzero(g, sizeof g);
    ct_memzero(d, sizeof d);
    ct_memzero(e, sizeof e);
    ct_memzero(&m, sizeof m);
}

/* ---- Variable time, for public values only ----------------------------- */

/* The B divsteps of divsteps() with branches: a run of zero low bits of g
 * is taken at once (each is one step: g / 2, delta + 1), and an odd g costs
 * one addition, after a swap when delta > 0. The matrix is the same. */
static sl_t divsteps_vartime(sl_t delta, sw_t f, sw_t g, divstep_matrix_t *m) {
    sw_t u = 1, v = 0, q = 0, r = 1, t;
    int left = SB;
    for (;;) {
        /* g's low `left` bits are still exact; a zero run stops there */
        int zeros = ctz_word(g | ((sw_t)1 << left));
        g >>= zeros;
        u <<= zeros;
        v <<= zeros;
        delta += zeros;
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
    e[0] = 1;
    /* g reaches 0 within the constant-time bound; stop as soon as it does */
    for (int b = 0; b < BATCHES && !is_zero_vartime(g); b++) {
        delta = divsteps_vartime(delta, (sw_t)f[0], (sw_t)g[0], &m);
        update_fg(f, g, &m);
        update_de(d, e, &m, pm, pinv);
    }
    finish(r, d, f, pm);
}
