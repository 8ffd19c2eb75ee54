/* fp2.c - Fp2 = Fp[u]/(u^2 + 1), and multiplication by the tower's xi. */
#include "curves/consts.h"
#include "arith/mont.h"

void fp2_set_zero(fp2_t *r) { fp_set_zero(&r->c0); fp_set_zero(&r->c1); }
void fp2_set_one(fp2_t *r) { fp_set_one(&r->c0); fp_set_zero(&r->c1); }

/* The Fp operations are used inline here, rather than through fp_add and
 * friends, to spare a call per coefficient. */
#define PM P_MODULUS
enum { NL = FP_LIMBS };

void fp2_add(fp2_t *r, const fp2_t *a, const fp2_t *b) {
    mont_modadd(r->c0.l, a->c0.l, b->c0.l, PM, NL);
    mont_modadd(r->c1.l, a->c1.l, b->c1.l, PM, NL);
}

void fp2_sub(fp2_t *r, const fp2_t *a, const fp2_t *b) {
    mont_modsub(r->c0.l, a->c0.l, b->c0.l, PM, NL);
    mont_modsub(r->c1.l, a->c1.l, b->c1.l, PM, NL);
}

void fp2_dbl(fp2_t *r, const fp2_t *a) {
    mont_modadd(r->c0.l, a->c0.l, a->c0.l, PM, NL);
    mont_modadd(r->c1.l, a->c1.l, a->c1.l, PM, NL);
}

void fp2_neg(fp2_t *r, const fp2_t *a) {
    mont_modneg(r->c0.l, a->c0.l, PM, NL);
    mont_modneg(r->c1.l, a->c1.l, PM, NL);
}

void fp2_conj(fp2_t *r, const fp2_t *a) {
    r->c0 = a->c0;
    fp_neg(&r->c1, &a->c1);
}

/* Double-width arithmetic for lazy reduction: values below M = p 2^(FP_BITS)
 * (about 9.8 p^2 on BLS12-381), sums and differences modulo M (mont.h). */
static inline void fpx2_add(limb_t *r, const limb_t *a, const limb_t *b) { mont_modadd_wide_n(r, a, b, PM, NL); }
static inline void fpx2_sub(limb_t *r, const limb_t *a, const limb_t *b) { mont_modsub_wide_n(r, a, b, PM, NL); }

void fp2x2_add(fp2x2_t *r, const fp2x2_t *a, const fp2x2_t *b) {
    fpx2_add(r->c0, a->c0, b->c0);
    fpx2_add(r->c1, a->c1, b->c1);
}

void fp2x2_sub(fp2x2_t *r, const fp2x2_t *a, const fp2x2_t *b) {
    fpx2_sub(r->c0, a->c0, b->c0);
    fpx2_sub(r->c1, a->c1, b->c1);
}

void fp2x2_sub2(fp2x2_t *r, const fp2x2_t *a, const fp2x2_t *b, const fp2x2_t *c) {
    mont_modsub2_wide_n(r->c0, a->c0, b->c0, c->c0, PM, NL);
    mont_modsub2_wide_n(r->c1, a->c1, b->c1, c->c1, PM, NL);
}

#ifdef CURVE_XI_C0
/* xi = c + u for a small c = CURVE_XI_C0: (a0 + a1 u)(c + u) =
 * (c a0 - a1) + (a0 + c a1) u, the multiples by c from doublings and
 * additions along the bits of c below its top one. Every condition of
 * XI_C0_CHAIN is a constant, so the steps are straight-line code: a loop
 * over the bits of c branched on them, public but tested with x86's `bt`,
 * whose flags valgrind's memcheck takes as mixed with those of the secret
 * arithmetic before it (tests/ct/ct_check.c flagged the jump). */
#if CURVE_XI_C0 < 1 || CURVE_XI_C0 > 31
#error "CURVE_XI_C0 must be in 1..31"
#endif
#define XI_C0_STEP(bit, dbl, add)                                            \
    if (CURVE_XI_C0 >> ((bit) + 1)) {                                        \
        dbl;                                                                 \
        if ((CURVE_XI_C0 >> (bit)) & 1) add;                                 \
    }
#define XI_C0_CHAIN(dbl, add)                                                \
    XI_C0_STEP(3, dbl, add)                                                  \
    XI_C0_STEP(2, dbl, add)                                                  \
    XI_C0_STEP(1, dbl, add)                                                  \
    XI_C0_STEP(0, dbl, add)

#if CURVE_XI_C0 >= 3
/*
 * A larger c (9 on BN254) takes one pass instead of a chain of doublings:
 * each coefficient of a xi is a small combination h = c x + y (+ p or M to
 * keep it nonnegative) below 16p, reduced by a quotient estimated from its
 * top bits. With N the bits of the limbs, p in (2^(N-4), 2^(N-2)) and
 * T = h >> (N - 8) < 2^10, the estimate q = T K >> 32 for
 * K = 2^56 / (p_32 + 1), p_32 the top 32 bits of p, is at most h / p and
 * more than h / p - 2, so h - q p < 2p and one conditional subtraction
 * ends the reduction. p is public: K costs no secret-dependent time.
 */
#if CURVE_P_BITS > CURVE_FP_BITS - 2 || CURVE_P_BITS < CURVE_FP_BITS - 3 || CURVE_XI_C0 > 14
#error "the one-pass product by xi needs p in (2^(N-4), 2^(N-2)) and c <= 14"
#endif
#define XI_C0 ((limb_t)CURVE_XI_C0)

/* The top bits of h times K: the quotient estimate described above. */
static inline limb_t fp_small_quotient(const limb_t *h) {
    const uint64_t p32 = LIMB_BITS == 64 ? (uint64_t)PM[NL - 1] >> 32 : (uint64_t)PM[NL - 1];
    const uint64_t k = ((uint64_t)1 << 56) / (p32 + 1);
    uint64_t top = ((uint64_t)h[NL] << 8) | (uint64_t)(h[NL - 1] >> (LIMB_BITS - 8));
    return (limb_t)((top * k) >> 32);
}

#if MONT_ADX
/* With BMI2, the products' low and high words go through two separate
 * carry chains: gcc spills registers around mont_mac's 128-bit sums
 * (fp2_mul_xi took 222 instructions that way, 183 this way). */
typedef unsigned long long fp_word_t;

/* r = h mod p for the (NL + 1)-limb h < 16p. */
static inline void fp_reduce_small(limb_t *r, const limb_t *h) {
    fp_word_t q = fp_small_quotient(h), lo[NL], hi[NL], d[NL + 1];
    unsigned char b = 0;
    limb_t t[NL + 1];
    MONT_UNROLL
    for (int i = 0; i < NL; i++) lo[i] = _mulx_u64(PM[i], q, &hi[i]);
    /* h - q p = h - lo - (hi shifted up a word) */
    MONT_UNROLL
    for (int i = 0; i < NL; i++) b = _subborrow_u64(b, h[i], lo[i], &d[i]);
    d[NL] = h[NL] - b;
    b = 0;
    t[0] = d[0];
    MONT_UNROLL
    for (int i = 1; i <= NL; i++) {
        fp_word_t w;
        b = _subborrow_u64(b, d[i], hi[i - 1], &w);
        t[i] = w;
    }
    mont_reduce_once(r, t, PM, NL); /* t < 2p: its top limb is 0 */
}

/* h = c x + y (NL + 1 limbs) for NL-limb x, y, with a carry-in. */
static inline void fp_mul_small_add(limb_t *h, const limb_t *x, const limb_t *y, limb_t carry) {
    fp_word_t lo[NL], hi[NL], s[NL];
    unsigned char c = 0, e = 0;
    MONT_UNROLL
    for (int i = 0; i < NL; i++) lo[i] = _mulx_u64(x[i], XI_C0, &hi[i]);
    MONT_UNROLL
    for (int i = 0; i < NL; i++) c = _addcarry_u64(c, lo[i], y[i], &s[i]);
    fp_word_t w;
    e = _addcarry_u64(0, s[0], carry, &w);
    h[0] = w;
    MONT_UNROLL
    for (int i = 1; i < NL; i++) {
        e = _addcarry_u64(e, s[i], hi[i - 1], &w);
        h[i] = w;
    }
    h[NL] = hi[NL - 1] + c + e; /* h < 2^(N (NL + 1)): no carry out */
}
#else
/* r = h mod p for the (NL + 1)-limb h < 16p. */
static inline void fp_reduce_small(limb_t *r, const limb_t *h) {
    limb_t q = fp_small_quotient(h);
    limb_t t[NL + 1], carry = 0, borrow = 0;
    MONT_UNROLL
    for (int i = 0; i < NL; i++) t[i] = mont_mac(0, PM[i], q, &carry);
    t[NL] = carry;
    MONT_UNROLL
    for (int i = 0; i < NL + 1; i++) t[i] = mont_sbb(h[i], t[i], &borrow);
    mont_reduce_once(r, t, PM, NL); /* t < 2p: its top limb is 0 */
}

/* h = c x + y (NL + 1 limbs) for NL-limb x, y, with a carry-in. */
static inline void fp_mul_small_add(limb_t *h, const limb_t *x, const limb_t *y, limb_t carry) {
    MONT_UNROLL
    for (int i = 0; i < NL; i++) h[i] = mont_mac(y[i], x[i], XI_C0, &carry);
    h[NL] = carry;
}
#endif

/* (a0 + a1 u)(c + u) = (c a0 - a1) + (a0 + c a1) u: c a0 + (p - a1) and
 * c a1 + a0 are below (c + 1) p. */
void fp2_mul_xi(fp2_t *r, const fp2_t *a) {
    limb_t h[NL + 1], t[NL];
    fp_t r0;
    mont_sub_n(t, PM, a->c1.l, NL);
    fp_mul_small_add(h, a->c0.l, t, 0);
    fp_reduce_small(r0.l, h);
    fp_mul_small_add(h, a->c1.l, a->c0.l, 0);
    fp_reduce_small(r->c1.l, h);
    r->c0 = r0;
}

/* The same modulo M = p 2^N, whose low half is zero: the low halves
 * combine as integers, the high halves with their carry as above. */
void fp2x2_mul_xi(fp2x2_t *r, const fp2x2_t *a) {
    limb_t h[NL + 1], t[NL], lo[NL], carry = 0, borrow = 0;
    /* c a0 - a1 + M */
    MONT_UNROLL
    for (int i = 0; i < NL; i++) lo[i] = mont_mac(0, a->c0[i], XI_C0, &carry);
    MONT_UNROLL
    for (int i = 0; i < NL; i++) lo[i] = mont_sbb(lo[i], a->c1[i], &borrow);
    limb_t b2 = 0;
    MONT_UNROLL
    for (int i = 0; i < NL; i++) t[i] = mont_sbb(PM[i], a->c1[NL + i], &b2);
    b2 = 0;
    t[0] = mont_sbb(t[0], borrow, &b2); /* p - a1.hi - borrow >= 0 */
    MONT_UNROLL
    for (int i = 1; i < NL; i++) t[i] = mont_sbb(t[i], 0, &b2);
    fp_mul_small_add(h, a->c0 + NL, t, carry);
    /* a0 + c a1 */
    limb_t c1[2 * NL];
    carry = 0;
    MONT_UNROLL
    for (int i = 0; i < NL; i++) c1[i] = mont_mac(a->c0[i], a->c1[i], XI_C0, &carry);
    limb_t h1[NL + 1];
    fp_mul_small_add(h1, a->c1 + NL, a->c0 + NL, carry);
    fp_reduce_small(c1 + NL, h1);
    for (int i = 0; i < NL; i++) r->c0[i] = lo[i];
    fp_reduce_small(r->c0 + NL, h);
    for (int i = 0; i < 2 * NL; i++) r->c1[i] = c1[i];
}
#else
static void fpx2_mul_xi_c0(limb_t *r, const limb_t *a) {
    limb_t acc[2 * NL];
    for (int i = 0; i < 2 * NL; i++) acc[i] = a[i];
    XI_C0_CHAIN(fpx2_add(acc, acc, acc), fpx2_add(acc, acc, a))
    for (int i = 0; i < 2 * NL; i++) r[i] = acc[i];
}

void fp2x2_mul_xi(fp2x2_t *r, const fp2x2_t *a) {
    limb_t t0[2 * NL], t1[2 * NL];
    fpx2_mul_xi_c0(t0, a->c0);
    fpx2_mul_xi_c0(t1, a->c1);
    fpx2_sub(t0, t0, a->c1);
    fpx2_add(r->c1, a->c0, t1);
    for (int i = 0; i < 2 * NL; i++) r->c0[i] = t0[i];
}
#endif
#else
/* (a0 + a1 u)(1 + u) = (a0 - a1) + (a0 + a1) u */
void fp2x2_mul_xi(fp2x2_t *r, const fp2x2_t *a) {
    limb_t t[2 * NL];
    fpx2_sub(t, a->c0, a->c1);
    fpx2_add(r->c1, a->c0, a->c1);
    for (int i = 0; i < 2 * NL; i++) r->c0[i] = t[i];
}
#endif

void fp2x2_redc(fp2_t *r, const fp2x2_t *a) {
    mont_redc_n(r->c0.l, a->c0, PM, P_N0, NL);
    mont_redc_n(r->c1.l, a->c1, PM, P_N0, NL);
}

/* Karatsuba: three double-width products. Bounds for coefficients below p:
 * a0 + a1 and b0 + b1 are below 2p, their product below 4p^2 < M;
 * c1 = a0 b1 + a1 b0 < 2p^2 exactly, c0 = a0 b0 - a1 b1 mod M. With
 * FP2_WIDE_HEADROOM the coefficients may be below 2p (fp2_add_wide_operand):
 * a0 + a1 < 4p < R fits the limbs, (a0 + a1)(b0 + b1) < 16p^2 < R^2 the
 * double width, a0 b0 and a1 b1 are below 4p^2 < M, c1 below 8p^2 < M. In
 * radix 2^30 the products take operands below 2^(30 R30_WIDE_DIGITS), at
 * least R but on BLS48-581 (2^600 there, above its 4p < 2^583). */
#if FP2_WIDE_HEADROOM && LIMB_BITS == 32
_Static_assert(CURVE_P_BITS + 2 <= 30 * R30_WIDE_DIGITS(NL), "4p fits the digits of a plain product");
#endif
static inline void fp2_mul_wide_inl(fp2x2_t *r, const fp2_t *a, const fp2_t *b) {
    limb_t sa[NL], sb[NL], t1[2 * NL], t2[2 * NL];
    mont_add_n(sa, a->c0.l, a->c1.l, NL);
    mont_add_n(sb, b->c0.l, b->c1.l, NL);
    mont_mul_wide_n(r->c0, a->c0.l, b->c0.l, NL);
    mont_mul_wide_n(t1, a->c1.l, b->c1.l, NL);
    mont_mul_wide_n(t2, sa, sb, NL);
    /* c1 = t2 - t0 - t1 = a0 b1 + a1 b0 >= 0 */
    mont_sub2_n(r->c1, t2, r->c0, t1, 2 * NL);
    fpx2_sub(r->c0, r->c0, t1);
}

void fp2_mul_wide(fp2x2_t *r, const fp2_t *a, const fp2_t *b) { fp2_mul_wide_inl(r, a, b); }

/* Below 2p per coefficient, no carry out (2p < R). */
void fp2_add_wide_operand(fp2_t *r, const fp2_t *a, const fp2_t *b) {
#if FP2_WIDE_HEADROOM
    mont_add_n(r->c0.l, a->c0.l, b->c0.l, NL);
    mont_add_n(r->c1.l, a->c1.l, b->c1.l, NL);
#else
    fp2_add(r, a, b);
#endif
}

void fp2_mul(fp2_t *r, const fp2_t *a, const fp2_t *b) {
    fp2x2_t t;
    fp2_mul_wide_inl(&t, a, b);
    mont_redc_n(r->c0.l, t.c0, PM, P_N0, NL);
    mont_redc_n(r->c1.l, t.c1, PM, P_N0, NL);
}

/* a b + c d (subtract = 0) or a b - c d (subtract = 1, a constant) with
 * one reduction per coefficient (lazy reduction: the double-width sum or
 * difference stays below M). */
static inline void fp2_mul2(fp2_t *r, const fp2_t *a, const fp2_t *b, const fp2_t *c, const fp2_t *d,
                            int subtract) {
    fp2x2_t s, t;
    fp2_mul_wide_inl(&s, a, b);
    fp2_mul_wide_inl(&t, c, d);
    if (subtract) {
        fpx2_sub(s.c0, s.c0, t.c0);
        fpx2_sub(s.c1, s.c1, t.c1);
    } else {
        fpx2_add(s.c0, s.c0, t.c0);
        fpx2_add(s.c1, s.c1, t.c1);
    }
    mont_redc_n(r->c0.l, s.c0, PM, P_N0, NL);
    mont_redc_n(r->c1.l, s.c1, PM, P_N0, NL);
}

void fp2_mul2_add(fp2_t *r, const fp2_t *a, const fp2_t *b, const fp2_t *c, const fp2_t *d) {
    fp2_mul2(r, a, b, c, d, 0);
}

void fp2_mul2_sub(fp2_t *r, const fp2_t *a, const fp2_t *b, const fp2_t *c, const fp2_t *d) {
    fp2_mul2(r, a, b, c, d, 1);
}

/* (a0 + a1 u)^2 = (a0 + a1)(a0 - a1) + 2 a0 a1 u. The second operand of a
 * Montgomery product may be any 384-bit value, so a0 + a1 and 2 a0 (below
 * 2p < 2^384) enter unreduced. */
void fp2_sqr(fp2_t *r, const fp2_t *a) {
    limb_t s[NL], d[NL], dbl[NL];
    mont_add_n(s, a->c0.l, a->c1.l, NL);
    mont_add_n(dbl, a->c0.l, a->c0.l, NL);
    mont_modsub(d, a->c0.l, a->c1.l, PM, NL);
    mont_mul_n(r->c1.l, a->c1.l, dbl, PM, P_N0, NL);
    mont_mul_n(r->c0.l, d, s, PM, P_N0, NL);
}

/* a / 2: an odd coefficient gets p added first (a + p < 2p fits). */
static void fp_half_limbs(limb_t *r, const limb_t *a) {
    limb_t t[NL];
    mont_add_mask_n(t, a, PM, (limb_t)0 - (a[0] & 1), NL);
    MONT_UNROLL
    for (int i = 0; i < NL - 1; i++) r[i] = (t[i] >> 1) | (t[i + 1] << (LIMB_BITS - 1));
    r[NL - 1] = t[NL - 1] >> 1;
}

void fp2_half(fp2_t *r, const fp2_t *a) {
    fp_half_limbs(r->c0.l, a->c0.l);
    fp_half_limbs(r->c1.l, a->c1.l);
}

void fp2_mul_fp(fp2_t *r, const fp2_t *a, const fp_t *b) {
    fp_mul(&r->c0, &a->c0, b);
    fp_mul(&r->c1, &a->c1, b);
}

#if defined(CURVE_XI_C0) && CURVE_XI_C0 < 3
/* a c for c = CURVE_XI_C0, in straight-line code as fpx2_mul_xi_c0. */
static void fp_mul_xi_c0(fp_t *r, const fp_t *a) {
    fp_t acc = *a;
    XI_C0_CHAIN(mont_modadd(acc.l, acc.l, acc.l, PM, NL), mont_modadd(acc.l, acc.l, a->l, PM, NL))
    *r = acc;
}

/* (a0 + a1 u)(c + u) = (c a0 - a1) + (a0 + c a1) u. */
void fp2_mul_xi(fp2_t *r, const fp2_t *a) {
    fp_t t0, t1;
    fp_mul_xi_c0(&t0, &a->c0);
    fp_mul_xi_c0(&t1, &a->c1);
    mont_modsub(t0.l, t0.l, a->c1.l, PM, NL);
    mont_modadd(r->c1.l, a->c0.l, t1.l, PM, NL);
    r->c0 = t0;
}
#elif !defined(CURVE_XI_C0)
/* (a0 + a1 u)(1 + u) = (a0 - a1) + (a0 + a1) u. */
void fp2_mul_xi(fp2_t *r, const fp2_t *a) {
    fp_t t;
    mont_modsub(t.l, a->c0.l, a->c1.l, PM, NL);
    mont_modadd(r->c1.l, a->c0.l, a->c1.l, PM, NL);
    r->c0 = t;
}
#endif

void fp2_mul3(fp2_t *r, const fp2_t *a) {
    fp_mul3(&r->c0, &a->c0);
    fp_mul3(&r->c1, &a->c1);
}

/* 1 / (a0 + a1 u) = (a0 - a1 u) / (a0^2 + a1^2), the norm inverted by
 * base_inv (0 -> 0). */
static void fp2_inv_by(fp2_t *r, const fp2_t *a, void (*base_inv)(fp_t *, const fp_t *)) {
    fp_t t0, t1;
    fp_sqr(&t0, &a->c0);
    fp_sqr(&t1, &a->c1);
    fp_add(&t0, &t0, &t1);
    base_inv(&t0, &t0);
    fp_mul(&r->c0, &a->c0, &t0);
    fp_mul(&t1, &a->c1, &t0);
    fp_neg(&r->c1, &t1);
}

void fp2_inv(fp2_t *r, const fp2_t *a) { fp2_inv_by(r, a, fp_inv); }

/* The same through fp_inv_vartime: for public values only. */
void fp2_inv_vartime(fp2_t *r, const fp2_t *a) { fp2_inv_by(r, a, fp_inv_vartime); }

limb_t fp2_is_zero(const fp2_t *a) { return fp_is_zero(&a->c0) & fp_is_zero(&a->c1); }
limb_t fp2_eq(const fp2_t *a, const fp2_t *b) { return fp_eq(&a->c0, &b->c0) & fp_eq(&a->c1, &b->c1); }

/* Square root through the norm, two Fp exponentiations and constant time.
 * With n = a0^2 + a1^2, s = n^((p+1)/4) and t = (2 (a0 + s))^((p-3)/4):
 *   y = (a0 + s) t + a1 t u squares to a when 2 (a0 + s) is a square
 *   (t^2 = 1 / (2 (a0 + s))), and u y does when it is not (t^2 is then
 *   -1 / (2 (a0 + s)): (p-3)/4 is even, so (-c)^((p-3)/4) = c^((p-3)/4)).
 * a0 + s = 0 only if a1 = 0; the other root -s of the norm is used then.
 * Both hold whenever s^2 = n (with c = a0 +- s, c^2 - a1^2 = 2 a0 c, so
 * y^2 = t^2 2c a), and a is a square in Fp2 exactly when its norm is one in
 * Fp (a^((p^2-1)/2) = n^((p-1)/2)): the check s^2 = n decides. */
limb_t fp2_sqrt(fp2_t *r, const fp2_t *a) {
    fp_t n, s, neg_s, c, t, check;
    fp2_t y, uy;
    fp_sqr(&n, &a->c0);
    fp_sqr(&t, &a->c1);
    fp_add(&n, &n, &t);
    fp_pow_p_minus_3_div_4(&s, &n);
    fp_mul(&s, &s, &n);
    fp_sqr(&check, &s);
    limb_t ok = fp_eq(&check, &n);
    fp_add(&c, &a->c0, &s);
    fp_neg(&neg_s, &s);
    fp_add(&t, &a->c0, &neg_s);
    ct_cmov(&c, &t, sizeof c, fp_is_zero(&c));
    fp_dbl(&t, &c);
    fp_pow_p_minus_3_div_4(&t, &t);
    fp_mul(&y.c0, &c, &t);
    fp_mul(&y.c1, &a->c1, &t);
    fp_neg(&uy.c0, &y.c1);
    uy.c1 = y.c0;
    /* 2 c t^2 = 2 (c t) t = 1 exactly when 2 c is a nonzero square */
    fp_mul(&check, &y.c0, &t);
    fp_dbl(&check, &check);
    ct_cmov(&y, &uy, sizeof y, ~fp_eq(&check, &FP_ONE));
    *r = y;
    return ok;
}

#if !defined(__wasm__) || CURVE_FAMILY_BN
/* All-ones if a is a square (0 included): exactly when its norm is a square
 * in Fp (as for fp2_sqrt), told by the Legendre symbol instead of a root. (In
 * WebAssembly only for the BN curves, as fp_is_square.) */
limb_t fp2_is_square(const fp2_t *a) {
    fp_t n, t;
    fp_sqr(&n, &a->c0);
    fp_sqr(&t, &a->c1);
    fp_add(&n, &n, &t);
    limb_t r = fp_is_square(&n);
    ct_memzero(&n, sizeof n);
    ct_memzero(&t, sizeof t);
    return r;
}
#endif

limb_t fp2_is_lexically_largest(const fp2_t *a) {
    limb_t c1_zero = fp_is_zero(&a->c1);
    return (~c1_zero & fp_is_lexically_largest(&a->c1)) | (c1_zero & fp_is_lexically_largest(&a->c0));
}

limb_t fp2_sgn0(const fp2_t *a) {
    return fp_is_odd(&a->c0) | (fp_is_zero(&a->c0) & fp_is_odd(&a->c1));
}

limb_t fp2_from_bytes(fp2_t *r, const uint8_t in[2 * CURVE_FP_BYTES]) {
    limb_t ok1 = fp_from_bytes(&r->c1, in);
    limb_t ok0 = fp_from_bytes(&r->c0, in + CURVE_FP_BYTES);
    return ok0 & ok1;
}

void fp2_to_bytes(uint8_t out[2 * CURVE_FP_BYTES], const fp2_t *a) {
    fp_to_bytes(out, &a->c1);
    fp_to_bytes(out + CURVE_FP_BYTES, &a->c0);
}
