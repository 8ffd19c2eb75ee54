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
#include "field/quad_template.h"

/* Products with lazy reduction: the 27 Fp products of an Fp8 product stay
 * double-width (fp2x2_t, sums taken modulo M = p R) until the eight
 * coefficients are reduced once each, or until the Fp24 product above has
 * combined them (fp8x2_t).
 *
 * The Karatsuba sums that only feed a double-width product are left
 * unreduced: a plain product takes any operands below R = 2^640, and p
 * has 581 bits. Fp8 operands with coefficients below 8p (fp8_mul_wide's
 * bound) give Fp4 sums below 16p, Fp2 sums below 32p and sums in
 * fp2_mul_wide below 64p, so every double-width product is below
 * 2^12 p^2 < 2^593 p < M, the bound the differences modulo M and the
 * reduction need. */
enum { NL = FP_LIMBS };
_Static_assert(CURVE_P_BITS + 12 <= FP_LIMBS * LIMB_BITS, "2^12 p^2 < p R: the unreduced sums' products");

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
    fp2_mul_wide(&v0, &a->c0, &b->c0);
    fp2_mul_wide(&v1, &a->c1, &b->c1);
    fp2_add_plain(&sa, &a->c0, &a->c1);
    fp2_add_plain(&sb, &b->c0, &b->c1);
    fp2_mul_wide(&t, &sa, &sb);
    fp2x2_sub(&t, &t, &v0);
    fp2x2_sub(&r->c1, &t, &v1);
    fp2x2_mul_xi(&v1, &v1);
    fp2x2_sub(&r->c0, &v0, &v1);
}

static void fp4x2_add(fp4x2_t *r, const fp4x2_t *a, const fp4x2_t *b) {
    fp2x2_add(&r->c0, &a->c0, &b->c0);
    fp2x2_add(&r->c1, &a->c1, &b->c1);
}

static void fp4x2_sub(fp4x2_t *r, const fp4x2_t *a, const fp4x2_t *b) {
    fp2x2_sub(&r->c0, &a->c0, &b->c0);
    fp2x2_sub(&r->c1, &a->c1, &b->c1);
}

/* r = a + n b for n = w^2 = -v: (x0 + x1 v)(-v) = (1 + u) x1 - x0 v. */
static void fp4x2_add_nr(fp4x2_t *r, const fp4x2_t *a, const fp4x2_t *b) {
    fp2x2_t t;
    fp2x2_mul_xi(&t, &b->c1);
    fp2x2_sub(&r->c1, &a->c1, &b->c0);
    fp2x2_add(&r->c0, &a->c0, &t);
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
    fp2x2_mul_xi(&t, &b->c1.c1);
    fp2x2_sub(&r->c0.c0, &a->c0.c0, &t);
    fp2x2_add(&r->c0.c1, &a->c0.c1, &b->c1.c0);
    fp2x2_sub(&r->c1.c0, &a->c1.c0, &b->c0.c0);
    fp2x2_sub(&r->c1.c1, &a->c1.c1, &b->c0.c1);
}

void fp8x2_redc(fp8_t *r, const fp8x2_t *a) {
    fp2x2_redc(&r->c0.c0, &a->c0.c0);
    fp2x2_redc(&r->c0.c1, &a->c0.c1);
    fp2x2_redc(&r->c1.c0, &a->c1.c0);
    fp2x2_redc(&r->c1.c1, &a->c1.c1);
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

/* (a0 + a1 w)^2 = (a0 + a1)(a0 + n a1) - v - n v + 2 v w, v = a0 a1. */
void fp8_sqr(fp8_t *r, const fp8_t *a) {
    fp4x2_t v, s, c0, c1;
    fp4_t x, y;
    fp4_mul_wide(&v, &a->c0, &a->c1);
    fp4_add_plain(&x, &a->c0, &a->c1);
    fp4_mul_nr(&y, &a->c1);
    fp4_add_plain(&y, &y, &a->c0);
    fp4_mul_wide(&s, &x, &y);
    fp2x2_sub(&s.c0, &s.c0, &v.c0);
    fp2x2_sub(&s.c1, &s.c1, &v.c1);
    {
        fp4x2_t nv, zero = {{{0}, {0}}, {{0}, {0}}};
        fp4x2_add_nr(&nv, &zero, &v);
        fp2x2_sub(&c0.c0, &s.c0, &nv.c0);
        fp2x2_sub(&c0.c1, &s.c1, &nv.c1);
    }
    fp2x2_add(&c1.c0, &v.c0, &v.c0);
    fp2x2_add(&c1.c1, &v.c1, &v.c1);
    fp8x2_t t = {c0, c1};
    fp8x2_redc(r, &t);
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
