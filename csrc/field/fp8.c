/* fp8.c - Fp8 = Fp4[w]/(w^2 + v) of the BLS48 tower (quad_template.h): G2's
 * coordinates. */
#include "curves/consts.h"
#include "arith/mont.h"
#include "field/tower48.h"

#define T fp8_t
#define BT fp4_t
#define Q(op) fp8_##op
#define B(op) fp4_##op
#define B_MUL_N fp4_mul_nr
#define Q_FROB FROB8_W
#define B_BYTES (4 * CURVE_FP_BYTES)
#define Q_OWN_MUL 1
#define Q_OWN_MUL2 1
#include "field/quad_template.h"

#define PM P_MODULUS

/* Products with lazy reduction: the 27 Fp products of an Fp8 product stay
 * double-width until the eight coefficients are reduced once each, or
 * until the Fp24 product above has combined them (fp8x2_t).
 *
 * p has 581 bits of the 640 of R, which leaves room for two shortcuts:
 *
 * - The Karatsuba sums that only feed a double-width product are left
 *   unreduced (a plain product takes any operands below R). Fp8 operands
 *   with coefficients below 8p (fp8_mul_wide's bound) give Fp4 sums below
 *   16p, Fp2 sums below 32p and sums in sx2_mul below 64p, so every
 *   product is below 2^12 p^2.
 *
 * - Double-width values are signed integers in two's complement (2N
 *   bits, N = FP_LIMBS * LIMB_BITS), summed and subtracted exactly with
 *   no correction modulo p R; one is added, where the value is negative,
 *   just before the reduction (sx2_redc). Fp2 products are below 2^12 p^2
 *   in absolute value, Fp4 and Fp8 combinations of three of them (one
 *   doubled by 1 + u) below 2^14 p^2 and 2^16 p^2, Fp24 ones of up to
 *   five Fp8 values (fp24.c) below 2^19 p^2 and Fp48 ones of three Fp24
 *   values (fp48.c) below 2^21 p^2: all far below p R = p 2^640 (2^22 p^2
 *   < 2^603 p), the bound the reduction needs once a negative value has
 *   had p R added, and below 2^(2N - 1), so nothing wraps. */
enum { NL = FP_LIMBS };
_Static_assert(CURVE_P_BITS + 22 <= FP_LIMBS * LIMB_BITS, "2^22 p^2 < p R: the double-width bounds");
#if LIMB_BITS == 32
_Static_assert(CURVE_P_BITS + 6 <= 30 * R30_WIDE_DIGITS(FP_LIMBS), "plain products of operands below 64p (mont_r30.h)");
#endif

static inline void sx_add(limb_t *r, const limb_t *a, const limb_t *b) { mont_add_n(r, a, b, 2 * NL); }
static inline void sx_sub(limb_t *r, const limb_t *a, const limb_t *b) { mont_sub_n(r, a, b, 2 * NL); }

static void sx2_add(fp2x2_t *r, const fp2x2_t *a, const fp2x2_t *b) {
    sx_add(r->c0, a->c0, b->c0);
    sx_add(r->c1, a->c1, b->c1);
}

static void sx2_sub(fp2x2_t *r, const fp2x2_t *a, const fp2x2_t *b) {
    sx_sub(r->c0, a->c0, b->c0);
    sx_sub(r->c1, a->c1, b->c1);
}

/* (a0 + a1 u)(1 + u) = (a0 - a1) + (a0 + a1) u */
static void sx2_mul_xi(fp2x2_t *r, const fp2x2_t *a) {
    limb_t t[2 * NL];
    sx_sub(t, a->c0, a->c1);
    sx_add(r->c1, a->c0, a->c1);
    for (int i = 0; i < 2 * NL; i++) r->c0[i] = t[i];
}

/* Karatsuba: c1 = (a0 + a1)(b0 + b1) - a0 b0 - a1 b1 = a0 b1 + a1 b0 >= 0,
 * c0 = a0 b0 - a1 b1 (signed). */
static void sx2_mul(fp2x2_t *r, const fp2_t *a, const fp2_t *b) {
    limb_t sa[NL], sb[NL], t1[2 * NL], t2[2 * NL];
    mont_add_n(sa, a->c0.l, a->c1.l, NL);
    mont_add_n(sb, b->c0.l, b->c1.l, NL);
    mont_mul_wide_n(r->c0, a->c0.l, b->c0.l, NL);
    mont_mul_wide_n(t1, a->c1.l, b->c1.l, NL);
    mont_mul_wide_n(t2, sa, sb, NL);
    sx_sub(t2, t2, r->c0);
    sx_sub(r->c1, t2, t1);
    sx_sub(r->c0, r->c0, t1);
}

/* p R added in place to a signed t, |t| < p R, where it is negative (its
 * low half is zero), leaving t in [0, p R) for the reduction. */
static inline void sx_to_redc_range(limb_t *t) {
    limb_t negative = (limb_t)0 - (t[2 * NL - 1] >> (LIMB_BITS - 1));
    mont_add_mask_n(t + NL, t + NL, PM, negative, NL);
}

/* r = a / R mod p; a is overwritten. 32-bit builds (WebAssembly) call
 * fp2.c's reduction rather than inline another copy of the unrolled
 * radix-2^30 one (8 KB of the module); 64-bit ones inline the kernel. */
#if LIMB_BITS == 32
static void sx2_redc(fp2_t *r, fp2x2_t *a) {
    sx_to_redc_range(a->c0);
    sx_to_redc_range(a->c1);
    fp2x2_redc(r, a);
}
#else
static void sx_redc(limb_t *r, limb_t *t) {
    sx_to_redc_range(t);
    mont_redc_n(r, t, PM, P_N0, NL);
}

static void sx2_redc(fp2_t *r, fp2x2_t *a) {
    sx_redc(r->c0.l, a->c0);
    sx_redc(r->c1.l, a->c1);
}
#endif

/* r = a + b without reduction, for a, b below 2^(N - 1) (N = FP_LIMBS *
 * LIMB_BITS): no carry leaves the top limb. */
static void fp2_add_plain(fp2_t *r, const fp2_t *a, const fp2_t *b) {
    mont_add_n(r->c0.l, a->c0.l, b->c0.l, NL);
    mont_add_n(r->c1.l, a->c1.l, b->c1.l, NL);
}

static void fp4_add_plain(fp4_t *r, const fp4_t *a, const fp4_t *b) {
    fp2_add_plain(&r->c0, &a->c0, &b->c0);
    fp2_add_plain(&r->c1, &a->c1, &b->c1);
}

void fp8_add_plain(fp8_t *r, const fp8_t *a, const fp8_t *b) {
    fp4_add_plain(&r->c0, &a->c0, &b->c0);
    fp4_add_plain(&r->c1, &a->c1, &b->c1);
}

/* a b in Fp4 before reduction (Karatsuba; v^2 = -(1 + u)), for
 * coefficients below 16p (see above). */
static void fp4_mul_wide(fp4x2_t *r, const fp4_t *a, const fp4_t *b) {
    fp2x2_t v0, v1, t;
    fp2_t sa, sb;
    sx2_mul(&v0, &a->c0, &b->c0);
    sx2_mul(&v1, &a->c1, &b->c1);
    fp2_add_plain(&sa, &a->c0, &a->c1);
    fp2_add_plain(&sb, &b->c0, &b->c1);
    sx2_mul(&t, &sa, &sb);
    sx2_sub(&t, &t, &v0);
    sx2_sub(&r->c1, &t, &v1);
    /* c0 = v0 - (1 + u) v1 = (v0.0 - v1.0 + v1.1) + (v0.1 - v1.0 - v1.1) u */
    sx_sub(r->c0.c0, v0.c0, v1.c0);
    sx_add(r->c0.c0, r->c0.c0, v1.c1);
    sx_sub(r->c0.c1, v0.c1, v1.c0);
    sx_sub(r->c0.c1, r->c0.c1, v1.c1);
}

static void fp4x2_add(fp4x2_t *r, const fp4x2_t *a, const fp4x2_t *b) {
    sx2_add(&r->c0, &a->c0, &b->c0);
    sx2_add(&r->c1, &a->c1, &b->c1);
}

static void fp4x2_sub(fp4x2_t *r, const fp4x2_t *a, const fp4x2_t *b) {
    sx2_sub(&r->c0, &a->c0, &b->c0);
    sx2_sub(&r->c1, &a->c1, &b->c1);
}

/* r = a + n b for n = w^2 = -v: (x0 + x1 v)(-v) = (1 + u) x1 - x0 v. */
static void fp4x2_add_nr(fp4x2_t *r, const fp4x2_t *a, const fp4x2_t *b) {
    fp2x2_t t;
    sx2_mul_xi(&t, &b->c1);
    sx2_sub(&r->c1, &a->c1, &b->c0);
    sx2_add(&r->c0, &a->c0, &t);
}

void fp8x2_add(fp8x2_t *r, const fp8x2_t *a, const fp8x2_t *b) {
    fp4x2_add(&r->c0, &a->c0, &b->c0);
    fp4x2_add(&r->c1, &a->c1, &b->c1);
}

void fp8x2_sub(fp8x2_t *r, const fp8x2_t *a, const fp8x2_t *b) {
    fp4x2_sub(&r->c0, &a->c0, &b->c0);
    fp4x2_sub(&r->c1, &a->c1, &b->c1);
}

/* r = a + (-w) b: -w (b0 + b1 w) = b1 v - b0 w, and b1 v = (x0 + x1 v) v
 * = -(1 + u) x1 + x0 v. */
void fp8x2_add_nr(fp8x2_t *r, const fp8x2_t *a, const fp8x2_t *b) {
    fp2x2_t t;
    sx2_mul_xi(&t, &b->c1.c1);
    sx2_sub(&r->c0.c0, &a->c0.c0, &t);
    sx2_add(&r->c0.c1, &a->c0.c1, &b->c1.c0);
    sx2_sub(&r->c1.c0, &a->c1.c0, &b->c0.c0);
    sx2_sub(&r->c1.c1, &a->c1.c1, &b->c0.c1);
}

/* r = a - (-w) b = a + w b (see fp8x2_add_nr). */
void fp8x2_sub_nr(fp8x2_t *r, const fp8x2_t *a, const fp8x2_t *b) {
    fp2x2_t t;
    sx2_mul_xi(&t, &b->c1.c1);
    sx2_add(&r->c0.c0, &a->c0.c0, &t);
    sx2_sub(&r->c0.c1, &a->c0.c1, &b->c1.c0);
    sx2_add(&r->c1.c0, &a->c1.c0, &b->c0.c0);
    sx2_add(&r->c1.c1, &a->c1.c1, &b->c0.c1);
}

void fp8x2_redc(fp8_t *r, fp8x2_t *a) {
    sx2_redc(&r->c0.c0, &a->c0.c0);
    sx2_redc(&r->c0.c1, &a->c0.c1);
    sx2_redc(&r->c1.c0, &a->c1.c0);
    sx2_redc(&r->c1.c1, &a->c1.c1);
}

void fp8_mul_wide(fp8x2_t *r, const fp8_t *a, const fp8_t *b) {
    fp4x2_t v0, v1, s;
    fp4_t sa, sb;
    fp4_mul_wide(&v0, &a->c0, &b->c0);
    fp4_mul_wide(&v1, &a->c1, &b->c1);
    fp4_add_plain(&sa, &a->c0, &a->c1);
    fp4_add_plain(&sb, &b->c0, &b->c1);
    fp4_mul_wide(&s, &sa, &sb);
    fp4x2_sub(&s, &s, &v0);
    fp4x2_sub(&r->c1, &s, &v1);
    fp4x2_add_nr(&r->c0, &v0, &v1);
}

void fp8_mul(fp8_t *r, const fp8_t *a, const fp8_t *b) {
    fp8x2_t t;
    fp8_mul_wide(&t, a, b);
    fp8x2_redc(r, &t);
}

/* a b + c d and a b - c d, summed double-width and reduced once. */
void fp8_mul2_add(fp8_t *r, const fp8_t *a, const fp8_t *b, const fp8_t *c, const fp8_t *d) {
    fp8x2_t x, y;
    fp8_mul_wide(&x, a, b);
    fp8_mul_wide(&y, c, d);
    fp8x2_add(&x, &x, &y);
    fp8x2_redc(r, &x);
}

void fp8_mul2_sub(fp8_t *r, const fp8_t *a, const fp8_t *b, const fp8_t *c, const fp8_t *d) {
    fp8x2_t x, y;
    fp8_mul_wide(&x, a, b);
    fp8_mul_wide(&y, c, d);
    fp8x2_sub(&x, &x, &y);
    fp8x2_redc(r, &x);
}

/* (a0 + a1 w)^2 = (a0 + a1)(a0 + n a1) - v - n v + 2 v w, v = a0 a1. */
void fp8_sqr(fp8_t *r, const fp8_t *a) {
    fp4x2_t v, s;
    fp8x2_t c;
    fp2x2_t t;
    fp4_t x, y;
    fp4_mul_wide(&v, &a->c0, &a->c1);
    fp4_add_plain(&x, &a->c0, &a->c1);
    fp4_mul_nr(&y, &a->c1);
    fp4_add_plain(&y, &y, &a->c0);
    fp4_mul_wide(&s, &x, &y);
    fp4x2_sub(&s, &s, &v);
    /* c0 = s - n v, n v = (1 + u) v1 - v0 v */
    sx2_mul_xi(&t, &v.c1);
    sx2_sub(&c.c0.c0, &s.c0, &t);
    sx2_add(&c.c0.c1, &s.c1, &v.c0);
    fp4x2_add(&c.c1, &v, &v);
    fp8x2_redc(r, &c);
}

/* Times -w, the non-residue z^3 of Fp24: (a0 + a1 w)(-w) = -a1 w^2 - a0 w
 * = a1 v - a0 w. */
void fp8_mul_nr(fp8_t *r, const fp8_t *a) {
    fp4_t t;
    fp4_mul_nr(&t, &a->c1); /* -v a1 */
    fp4_neg(&t, &t);
    fp4_neg(&r->c1, &a->c0);
    r->c0 = t;
}
