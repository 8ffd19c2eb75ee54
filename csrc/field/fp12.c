/* fp12.c - Fp12 = Fp6[w]/(w^2 - v) and its cyclotomic subgroup. */
#include "curves/consts.h"
#include "arith/mont.h"
#include "field/tower.h"

void fp12_set_one(fp12_t *r) { fp6_set_one(&r->c0); fp6_set_zero(&r->c1); }

/* r = T2 - T0 - T1 (the w coefficient) and T0 + v T1 (the constant one),
 * each reduced once: six Fp2 reductions per Fp12 product. */
static void fp12_karatsuba_finish(fp12_t *r, const fp6x2_t *t0, const fp6x2_t *t1, fp6x2_t *t2) {
    fp2x2_t u;
    fp2x2_sub2(&t2->c0, &t2->c0, &t0->c0, &t1->c0);
    fp2x2_sub2(&t2->c1, &t2->c1, &t0->c1, &t1->c1);
    fp2x2_sub2(&t2->c2, &t2->c2, &t0->c2, &t1->c2);
    fp6x2_redc(&r->c1, t2);
    /* v (x0 + x1 v + x2 v^2) = xi x2 + x0 v + x1 v^2 */
    fp2x2_mul_xi(&u, &t1->c2);
    fp2x2_add(&u, &u, &t0->c0);
    fp2x2_redc(&r->c0.c0, &u);
    fp2x2_add(&u, &t0->c1, &t1->c0);
    fp2x2_redc(&r->c0.c1, &u);
    fp2x2_add(&u, &t0->c2, &t1->c1);
    fp2x2_redc(&r->c0.c2, &u);
}

void fp12_mul(fp12_t *r, const fp12_t *a, const fp12_t *b) {
    fp6x2_t t0, t1, t2;
    fp6_t s, u;
    fp6_mul_wide(&t0, &a->c0, &b->c0);
    fp6_mul_wide(&t1, &a->c1, &b->c1);
    fp6_add(&s, &a->c0, &a->c1);
    fp6_add(&u, &b->c0, &b->c1);
    fp6_mul_wide(&t2, &s, &u);
    fp12_karatsuba_finish(r, &t0, &t1, &t2);
}

/* (a0 + a1 w)^2 = (a0 + a1)(a0 + v a1) - (1 + v) a0 a1 + 2 a0 a1 w */
void fp12_sqr(fp12_t *r, const fp12_t *a) {
    fp6x2_t ab, st;
    fp6_t s, t;
    fp2x2_t u;
    fp6_mul_wide(&ab, &a->c0, &a->c1);
    fp6_add(&s, &a->c0, &a->c1);
    fp6_mul_v(&t, &a->c1);
    fp6_add(&t, &t, &a->c0);
    fp6_mul_wide(&st, &s, &t);
    /* c0 = st - ab - v ab */
    fp2x2_mul_xi(&u, &ab.c2);
    fp2x2_sub2(&st.c0, &st.c0, &ab.c0, &u);
    fp2x2_sub2(&st.c1, &st.c1, &ab.c1, &ab.c0);
    fp2x2_sub2(&st.c2, &st.c2, &ab.c2, &ab.c1);
    fp6x2_redc(&r->c0, &st);
    fp6x2_redc(&r->c1, &ab);
    fp6_add(&r->c1, &r->c1, &r->c1);
}

void fp12_inv(fp12_t *r, const fp12_t *a) {
    fp6_t t0, t1;
    fp6_sqr(&t0, &a->c0);
    fp6_sqr(&t1, &a->c1);
    fp6_mul_v(&t1, &t1);
    fp6_sub(&t0, &t0, &t1);
    fp6_inv(&t0, &t0);
    fp6_mul(&r->c0, &a->c0, &t0);
    fp6_mul(&t1, &a->c1, &t0);
    fp6_neg(&r->c1, &t1);
}

void fp12_conj(fp12_t *r, const fp12_t *a) {
    r->c0 = a->c0;
    fp6_neg(&r->c1, &a->c1);
}

void fp12_frobenius(fp12_t *r, const fp12_t *a, int k) {
    const fp2_t *gamma = &FROB12_W[k - 1];
    fp6_frobenius(&r->c0, &a->c0, k);
    fp6_frobenius(&r->c1, &a->c1, k);
    fp2_mul(&r->c1.c0, &r->c1.c0, gamma);
    fp2_mul(&r->c1.c1, &r->c1.c1, gamma);
    fp2_mul(&r->c1.c2, &r->c1.c2, gamma);
}

/* a (L0 + L1 w) with L0 = c00 + c01 v and L1 = c11 v: 13 Fp2 products
 * instead of 18, reduced lazily. */
void fp12_mul_014(fp12_t *r, const fp12_t *a, const fp2_t *c00, const fp2_t *c01, const fp2_t *c11) {
    fp6x2_t t0, t1, t2;
    fp6_t s;
    fp2_t b1;
    fp6_mul_01_wide(&t0, &a->c0, c00, c01);
    fp6_mul_1_wide(&t1, &a->c1, c11);
    fp6_add(&s, &a->c0, &a->c1);
    fp2_add(&b1, c01, c11);
    fp6_mul_01_wide(&t2, &s, c00, &b1);
    fp12_karatsuba_finish(r, &t0, &t1, &t2);
}

/* The product of two lines L0 + L1 w and M0 + M1 w with L0 = l0 + l1 v,
 * L1 = l2 v and M likewise: X0 + X1 w with
 *   X0 = L0 M0 + v L1 M1 = (l0 m0 + xi l2 m2) + (l0 m1 + l1 m0) v + l1 m1 v^2,
 *   X1 = L0 M1 + L1 M0 = (l0 m2 + l2 m0) v + (l1 m2 + l2 m1) v^2,
 * six Fp2 products (Karatsuba for the cross terms). Returns X0 and the two
 * coefficients y1, y2 of X1 = y1 v + y2 v^2. */
static void lines_014_product(fp6_t *x, fp2_t *y1, fp2_t *y2, const fp2_t l[3], const fp2_t m[3]) {
    fp2x2_t p0, p1, p2, w;
    fp2_t s, u;
    fp2_mul_wide(&p0, &l[0], &m[0]);
    fp2_mul_wide(&p1, &l[1], &m[1]);
    fp2_mul_wide(&p2, &l[2], &m[2]);
    fp2x2_mul_xi(&w, &p2);
    fp2x2_add(&w, &w, &p0);
    fp2x2_redc(&x->c0, &w);
    fp2x2_redc(&x->c2, &p1);
    fp2_add_ksum(&s, &l[0], &l[1]);
    fp2_add_ksum(&u, &m[0], &m[1]);
    fp2_mul_wide(&w, &s, &u);
    fp2x2_sub2(&w, &w, &p0, &p1);
    fp2x2_redc(&x->c1, &w);
    fp2_add_ksum(&s, &l[0], &l[2]);
    fp2_add_ksum(&u, &m[0], &m[2]);
    fp2_mul_wide(&w, &s, &u);
    fp2x2_sub2(&w, &w, &p0, &p2);
    fp2x2_redc(y1, &w);
    fp2_add_ksum(&s, &l[1], &l[2]);
    fp2_add_ksum(&u, &m[1], &m[2]);
    fp2_mul_wide(&w, &s, &u);
    fp2x2_sub2(&w, &w, &p1, &p2);
    fp2x2_redc(y2, &w);
}

/* a (L0 + L1 w)(M0 + M1 w) for two lines as above: with their product
 * X0 + X1 w, a0 X0 is a full Fp6 product and a1 X1 = v (a1 (y1 + y2 v)) a
 * sparse one. */
void fp12_mul_014_014(fp12_t *r, const fp12_t *a, const fp2_t l[3], const fp2_t m[3]) {
    fp2_t y1, y2;
    fp6_t xx, sa;
    fp6x2_t t0, t1, t2, d;
    lines_014_product(&xx, &y1, &y2, l, m);
    /* t0 = a0 X0, t1 = a1 X1 = v (a1 (y1 + y2 v)), t2 = (a0 + a1)(X0 + X1) */
    fp6_mul_wide(&t0, &a->c0, &xx);
    fp6_mul_01_wide(&d, &a->c1, &y1, &y2);
    fp2x2_mul_xi(&t1.c0, &d.c2);
    t1.c1 = d.c0;
    t1.c2 = d.c1;
    fp2_add(&xx.c1, &xx.c1, &y1);
    fp2_add(&xx.c2, &xx.c2, &y2);
    fp6_add(&sa, &a->c0, &a->c1);
    fp6_mul_wide(&t2, &sa, &xx);
    fp12_karatsuba_finish(r, &t0, &t1, &t2);
}

/* r = the product of two lines (fp12_mul_014_014 with a = 1). */
void fp12_set_014_014(fp12_t *r, const fp2_t l[3], const fp2_t m[3]) {
    fp2_t y1, y2;
    lines_014_product(&r->c0, &y1, &y2, l, m);
    fp2_set_zero(&r->c1.c0);
    r->c1.c1 = y1;
    r->c1.c2 = y2;
}

#if CURVE_FAMILY_BN
/* a (L0 + L1 w) with L0 = c00 and L1 = c10 + c11 v: 13 Fp2 products
 * instead of 18, reduced lazily. */
void fp12_mul_034(fp12_t *r, const fp12_t *a, const fp2_t *c00, const fp2_t *c10, const fp2_t *c11) {
    fp6x2_t t0, t1, t2;
    fp6_t s;
    fp2_t b0;
    fp6_mul_0_wide(&t0, &a->c0, c00);
    fp6_mul_01_wide(&t1, &a->c1, c10, c11);
    fp6_add(&s, &a->c0, &a->c1);
    fp2_add(&b0, c00, c10);
    fp6_mul_01_wide(&t2, &s, &b0, c11);
    fp12_karatsuba_finish(r, &t0, &t1, &t2);
}

/* The product of two lines L0 + L1 w and M0 + M1 w with L0 = l0,
 * L1 = l1 + l2 v and M likewise. With w^2 = v and v^3 = xi, it is X0 + X1 w
 * with
 *   X0 = L0 M0 + v L1 M1 = (l0 m0 + xi l2 m2) + l1 m1 v + (l1 m2 + l2 m1) v^2,
 *   X1 = L0 M1 + L1 M0 = (l0 m1 + l1 m0) + (l0 m2 + l2 m0) v,
 * six Fp2 products (Karatsuba for the cross terms). Returns X0 and the two
 * coefficients y0, y1 of X1 = y0 + y1 v. */
static void lines_034_product(fp6_t *xx, fp2_t *y0, fp2_t *y1, const fp2_t l[3], const fp2_t m[3]) {
    fp2x2_t p0, p1, p2, w;
    fp2_t s, u;
    fp2_mul_wide(&p0, &l[0], &m[0]);
    fp2_mul_wide(&p1, &l[1], &m[1]);
    fp2_mul_wide(&p2, &l[2], &m[2]);
    fp2x2_mul_xi(&w, &p2);
    fp2x2_add(&w, &w, &p0);
    fp2x2_redc(&xx->c0, &w);
    fp2x2_redc(&xx->c1, &p1);
    fp2_add_ksum(&s, &l[1], &l[2]);
    fp2_add_ksum(&u, &m[1], &m[2]);
    fp2_mul_wide(&w, &s, &u);
    fp2x2_sub2(&w, &w, &p1, &p2);
    fp2x2_redc(&xx->c2, &w);
    fp2_add_ksum(&s, &l[0], &l[1]);
    fp2_add_ksum(&u, &m[0], &m[1]);
    fp2_mul_wide(&w, &s, &u);
    fp2x2_sub2(&w, &w, &p0, &p1);
    fp2x2_redc(y0, &w);
    fp2_add_ksum(&s, &l[0], &l[2]);
    fp2_add_ksum(&u, &m[0], &m[2]);
    fp2_mul_wide(&w, &s, &u);
    fp2x2_sub2(&w, &w, &p0, &p2);
    fp2x2_redc(y1, &w);
}

/* a (L0 + L1 w)(M0 + M1 w) for two lines as above: with their product
 * X0 + X1 w, a0 X0 and (a0 + a1)(X0 + X1) are full Fp6 products and a1 X1
 * a sparse one. */
void fp12_mul_034_034(fp12_t *r, const fp12_t *a, const fp2_t l[3], const fp2_t m[3]) {
    fp2_t y0, y1;
    fp6_t xx, sa;
    fp6x2_t t0, t1, t2;
    lines_034_product(&xx, &y0, &y1, l, m);
    /* t0 = a0 X0, t1 = a1 X1, t2 = (a0 + a1)(X0 + X1) */
    fp6_mul_wide(&t0, &a->c0, &xx);
    fp6_mul_01_wide(&t1, &a->c1, &y0, &y1);
    fp2_add(&xx.c0, &xx.c0, &y0);
    fp2_add(&xx.c1, &xx.c1, &y1);
    fp6_add(&sa, &a->c0, &a->c1);
    fp6_mul_wide(&t2, &sa, &xx);
    fp12_karatsuba_finish(r, &t0, &t1, &t2);
}

/* r = the product of two lines (fp12_mul_034_034 with a = 1). */
void fp12_set_034_034(fp12_t *r, const fp2_t l[3], const fp2_t m[3]) {
    fp2_t y0, y1;
    lines_034_product(&r->c0, &y0, &y1, l, m);
    r->c1.c0 = y0;
    r->c1.c1 = y1;
    fp2_set_zero(&r->c1.c2);
}
#endif

limb_t fp12_eq(const fp12_t *a, const fp12_t *b) {
    return fp2_eq(&a->c0.c0, &b->c0.c0) & fp2_eq(&a->c0.c1, &b->c0.c1) & fp2_eq(&a->c0.c2, &b->c0.c2) &
           fp2_eq(&a->c1.c0, &b->c1.c0) & fp2_eq(&a->c1.c1, &b->c1.c1) & fp2_eq(&a->c1.c2, &b->c1.c2);
}

limb_t fp12_is_one(const fp12_t *a) {
    fp12_t one;
    fp12_set_one(&one);
    return fp12_eq(a, &one);
}

/* Fp2 additions with the limb routines inline: the cyclotomic squaring
 * below is mostly additions around its nine Fp2 squarings. */
#define FPN FP_LIMBS
static inline void fp2_add_inl(fp2_t *r, const fp2_t *a, const fp2_t *b) {
    mont_modadd(r->c0.l, a->c0.l, b->c0.l, P_MODULUS, FPN);
    mont_modadd(r->c1.l, a->c1.l, b->c1.l, P_MODULUS, FPN);
}

static inline void fp2_sub_inl(fp2_t *r, const fp2_t *a, const fp2_t *b) {
    mont_modsub(r->c0.l, a->c0.l, b->c0.l, P_MODULUS, FPN);
    mont_modsub(r->c1.l, a->c1.l, b->c1.l, P_MODULUS, FPN);
}

/* The cyclotomic squarings of 32-bit builds of BLS12-381 (FP12_COMB):
 * each Fp coefficient of a result (3 x0 - 2y, 3 x1 + 2y or 3 xi x1 + 2y
 * for an Fp4 square x0 + x1 s, below) in one linear combination of the
 * three Fp2 squares the Fp4 square takes and of y (mont_comb_n: one
 * pass over the limbs, where the modular sums took two or three each,
 * some ten of them per Fp2 result). BLS12-381's pairing took 0.97 of its
 * time in Pyodide under Node (benchmarks/pairing_pyodide.mjs). The other
 * curves keep the modular sums: the combinations are functions of their
 * own, 1 KB each in a WebAssembly module, and the size budget leaves the
 * modules little room (build_wasm.sh). mont_comb_n must be inlined in
 * each: one function of coefficients passed at run time made the pairing
 * slower (1.02 of its time). */
#define FP12_COMB (LIMB_BITS == 32 && CURVE_FAMILY_BLS12)
#if !FP12_COMB
/* (a + b s)^2 in Fp4 = Fp2[s]/(s^2 - xi): returns (a^2 + xi b^2, 2ab). */
#if LIMB_BITS == 64 && !(MONT_ADX && defined(CURVE_XI_C0) && CURVE_XI_C0 > 2)
/* With 64-bit limbs, lazily: the three Fp2 squares a^2, b^2 and (a + b)^2
 * stay double width (fp2x2_t: below M = p 2^(FP_BITS), sums and
 * differences modulo M), and the two results take four reductions instead
 * of six. Each square (x0 + x1 u)^2 = (x0 + x1)(x0 - x1) + 2 x0 x1 u has
 * operands x0 + x1, 2 x0 < 2p (no carry out of the limbs: 2p < 2^FP_BITS,
 * mont.h) and x0 - x1, x1 < p, which the double-width product takes (the
 * x86-64 and the portable one take any limbs): products below 2p^2 < M.
 * The product by xi = c + u is modulo M like the sums: inline sums for
 * c = 1, 2, fp2x2_mul_xi's for BN254's c = 9 (in portable C only: with the
 * x86-64 kernels, whose fused product costs less than a double-width one
 * and its reduction apart, the lazy form took 0.3% more instructions in
 * BN254's final exponentiation, its double-width product by 9 + u more
 * than the two reductions saved).
 * The same bounds hold in radix 2^30 (operands below 2^(30 R30_WIDE_DIGITS)
 * >= 2^FP_BITS on every curve with an Fp12), but there the six products
 * packed into double-width limbs and the four reductions unpacked from
 * them cost more than the two reductions saved: 32-bit builds take the
 * three Fp2 squares below (the lazy way, BLS12-381's final exponentiation
 * took 2.2% more instructions, the BN curves' 0.6% to 2.9%; in Pyodide
 * under Node, bn254_nogami's pairing 1.05 to 1.10 times the time, BLS12-381's
 * no faster beyond the noise, and the WebAssembly modules 21 KB larger,
 * past their size budget). */
static inline void fp2_sqr_wide_inl(fp2x2_t *r, const fp2_t *x) {
    limb_t s[FPN], d[FPN], dbl[FPN];
    mont_add_n(s, x->c0.l, x->c1.l, FPN);
    mont_add_n(dbl, x->c0.l, x->c0.l, FPN);
    mont_modsub(d, x->c0.l, x->c1.l, P_MODULUS, FPN);
    mont_mul_wide_n(r->c0, s, d, FPN);
    mont_mul_wide_n(r->c1, x->c1.l, dbl, FPN);
}

static void fp4_sqr(fp2_t *r0, fp2_t *r1, const fp2_t *a, const fp2_t *b) {
    fp2x2_t a2, b2, t;
    fp2_t s;
    fp2_sqr_wide_inl(&a2, a);
    fp2_sqr_wide_inl(&b2, b);
    fp2_add_inl(&s, a, b);
    fp2_sqr_wide_inl(&t, &s);
    /* 2ab = (a + b)^2 - a^2 - b^2: with the x86-64 kernels two
     * differences per coefficient, interleaved (the two coefficients'
     * chains independent: BLS12-381's pairing took 1% longer with each
     * coefficient's two in a row); in one pass elsewhere. */
#if MONT_ADX
    mont_modsub_wide_n(t.c0, t.c0, a2.c0, P_MODULUS, FPN);
    mont_modsub_wide_n(t.c1, t.c1, a2.c1, P_MODULUS, FPN);
    mont_modsub_wide_n(t.c0, t.c0, b2.c0, P_MODULUS, FPN);
    mont_modsub_wide_n(t.c1, t.c1, b2.c1, P_MODULUS, FPN);
#else
    mont_modsub2_wide_n(t.c0, t.c0, a2.c0, b2.c0, P_MODULUS, FPN);
    mont_modsub2_wide_n(t.c1, t.c1, a2.c1, b2.c1, P_MODULUS, FPN);
#endif
    mont_redc_n(r1->c0.l, t.c0, P_MODULUS, P_N0, FPN);
    mont_redc_n(r1->c1.l, t.c1, P_MODULUS, P_N0, FPN);
    /* a^2 + xi b^2, xi b2 = (c b2.c0 - b2.c1) + (b2.c0 + c b2.c1) u */
#if defined(CURVE_XI_C0) && CURVE_XI_C0 > 2
    fp2x2_mul_xi(&t, &b2);
#elif defined(CURVE_XI_C0) && CURVE_XI_C0 == 2
    mont_modadd_wide_n(t.c0, b2.c0, b2.c0, P_MODULUS, FPN);
    mont_modadd_wide_n(t.c1, b2.c1, b2.c1, P_MODULUS, FPN);
    mont_modsub_wide_n(t.c0, t.c0, b2.c1, P_MODULUS, FPN);
    mont_modadd_wide_n(t.c1, t.c1, b2.c0, P_MODULUS, FPN);
#else /* c = 1 */
    mont_modsub_wide_n(t.c0, b2.c0, b2.c1, P_MODULUS, FPN);
    mont_modadd_wide_n(t.c1, b2.c0, b2.c1, P_MODULUS, FPN);
#endif
    mont_modadd_wide_n(t.c0, t.c0, a2.c0, P_MODULUS, FPN);
    mont_modadd_wide_n(t.c1, t.c1, a2.c1, P_MODULUS, FPN);
    mont_redc_n(r0->c0.l, t.c0, P_MODULUS, P_N0, FPN);
    mont_redc_n(r0->c1.l, t.c1, P_MODULUS, P_N0, FPN);
}
#else
static void fp4_sqr(fp2_t *r0, fp2_t *r1, const fp2_t *a, const fp2_t *b) {
    fp2_t a2, b2, t;
    fp2_sqr(&a2, a);
    fp2_sqr(&b2, b);
    fp2_add_inl(&t, a, b);
    fp2_sqr(&t, &t);
    fp2_sub_inl(&t, &t, &a2);
    fp2_sub_inl(r1, &t, &b2);
#ifdef CURVE_XI_C0
    fp2_mul_xi(&t, &b2);
#else
    /* xi b2 = (b2.c0 - b2.c1) + (b2.c0 + b2.c1) u */
    mont_modsub(t.c0.l, b2.c0.l, b2.c1.l, P_MODULUS, FPN);
    mont_modadd(t.c1.l, b2.c0.l, b2.c1.l, P_MODULUS, FPN);
#endif
    fp2_add_inl(r0, &a2, &t);
}
#endif

/* 3 x - 2 y and 3 x + 2 y */
static void three_minus_two(fp2_t *r, const fp2_t *x, const fp2_t *y) {
    fp2_t t;
    fp2_sub_inl(&t, x, y);
    fp2_add_inl(&t, &t, &t);
    fp2_add_inl(r, &t, x);
}

static void three_plus_two(fp2_t *r, const fp2_t *x, const fp2_t *y) {
    fp2_t t;
    fp2_add_inl(&t, x, y);
    fp2_add_inl(&t, &t, &t);
    fp2_add_inl(r, &t, x);
}

/* Granger-Scott: view a as A + B t + C t^2 over Fp4 = Fp2[s] (s = w^3,
 * t = w), with A = (c0.c0, c1.c1), B = (c1.c0, c0.c2), C = (c0.c1, c1.c2);
 * then A' = 3A^2 - 2conj(A), B' = 3sC^2 + 2conj(B), C' = 3B^2 - 2conj(C). */
void fp12_cyclotomic_sqr(fp12_t *r, const fp12_t *a) {
    fp2_t x0, x1, y0, y1, z0, z1;
    fp4_sqr(&x0, &x1, &a->c0.c0, &a->c1.c1); /* A^2 */
    fp4_sqr(&z0, &z1, &a->c1.c0, &a->c0.c2); /* B^2 */
    fp4_sqr(&y0, &y1, &a->c0.c1, &a->c1.c2); /* C^2 */
    fp2_t b0 = a->c1.c0, b1 = a->c0.c2;
    fp2_t c0 = a->c0.c1, c1 = a->c1.c2;
    three_minus_two(&r->c0.c0, &x0, &a->c0.c0);
    three_plus_two(&r->c1.c1, &x1, &a->c1.c1);
    fp2_mul_xi(&y1, &y1); /* s C^2 = (xi y1, y0) */
    three_plus_two(&r->c1.c0, &y1, &b0);
    three_minus_two(&r->c0.c2, &y0, &b1);
    three_minus_two(&r->c0.c1, &z0, &c0);
    three_plus_two(&r->c1.c2, &z1, &c1);
}

#else
#ifdef CURVE_XI_C0
#error "FP12_COMB's a^2 + xi b^2 is for xi = 1 + u"
#endif
/* For an Fp4 square (a + b s)^2 = x0 + x1 s with x0 = a^2 + xi b^2 and
 * x1 = (a + b)^2 - a^2 - b^2, from the Fp2 squares a^2, b^2 and
 * t = (a + b)^2 (below p) and y below p, the Fp coefficients of
 *   x1:            t - a^2 - b^2 + 2p, in (0, 3p);
 *   3 xi x1 + 2y:  3 x1.c0 - 3 x1.c1 + 2 y.c0 + 3p and 3 x1.c0 + 3 x1.c1
 *                  + 2 y.c1, below 8p;
 *   3 x0 - 2y:     3 a^2.c0 + 3 b^2.c0 - 3 b^2.c1 - 2 y.c0 + 5p and
 *                  3 a^2.c1 + 3 b^2.c0 + 3 b^2.c1 - 2 y.c1 + 2p, in (0, 11p);
 *   3 x1 + 2y:     3t - 3 a^2 - 3 b^2 + 2y + 6p, in (0, 11p).
 * All below 11p < 2R, as mont_comb_n takes. */
_Static_assert(CURVE_P_BITS + 3 <= CURVE_FP_BITS, "8p <= R: mont_comb_n's values below 11p < 2R");
__attribute__((noinline)) static void fp_comb_x1(fp_t *r, const fp_t *t, const fp_t *a, const fp_t *b) {
    mont_comb_n(r->l, t->l, 1, a->l, -1, b->l, -1, 0, 0, 2, P_MODULUS, FPN);
}

__attribute__((noinline)) static void fp_comb_3xi_c0(fp_t *r, const fp_t *x0, const fp_t *x1, const fp_t *y) {
    mont_comb_n(r->l, x0->l, 3, x1->l, -3, y->l, 2, 0, 0, 3, P_MODULUS, FPN);
}

__attribute__((noinline)) static void fp_comb_3xi_c1(fp_t *r, const fp_t *x0, const fp_t *x1, const fp_t *y) {
    mont_comb_n(r->l, x0->l, 3, x1->l, 3, y->l, 2, 0, 0, 0, P_MODULUS, FPN);
}

__attribute__((noinline)) static void fp_comb_3x0_c0(fp_t *r, const fp_t *a, const fp_t *b0, const fp_t *b1,
                                                     const fp_t *y) {
    mont_comb_n(r->l, a->l, 3, b0->l, 3, b1->l, -3, y->l, -2, 5, P_MODULUS, FPN);
}

__attribute__((noinline)) static void fp_comb_3x0_c1(fp_t *r, const fp_t *a, const fp_t *b0, const fp_t *b1,
                                                     const fp_t *y) {
    mont_comb_n(r->l, a->l, 3, b0->l, 3, b1->l, 3, y->l, -2, 2, P_MODULUS, FPN);
}

__attribute__((noinline)) static void fp_comb_3x1(fp_t *r, const fp_t *t, const fp_t *a, const fp_t *b, const fp_t *y) {
    mont_comb_n(r->l, t->l, 3, a->l, -3, b->l, -3, y->l, 2, 6, P_MODULUS, FPN);
}

/* sq = a^2, b^2, (a + b)^2. */
static void fp4_squares(fp2_t sq[3], const fp2_t *a, const fp2_t *b) {
    fp2_sqr(&sq[0], a);
    fp2_sqr(&sq[1], b);
    fp2_add_inl(&sq[2], a, b);
    fp2_sqr(&sq[2], &sq[2]);
}

/* r = 3 x0 - 2y, 3 x1 + 2y and 3 xi x1 + 2y for (a + b s)^2 = x0 + x1 s
 * from its squares sq (r may be y). */
static void three_x0_minus_two(fp2_t *r, const fp2_t sq[3], const fp2_t *y) {
    fp_comb_3x0_c0(&r->c0, &sq[0].c0, &sq[1].c0, &sq[1].c1, &y->c0);
    fp_comb_3x0_c1(&r->c1, &sq[0].c1, &sq[1].c0, &sq[1].c1, &y->c1);
}

static void three_x1_plus_two(fp2_t *r, const fp2_t sq[3], const fp2_t *y) {
    fp_comb_3x1(&r->c0, &sq[2].c0, &sq[0].c0, &sq[1].c0, &y->c0);
    fp_comb_3x1(&r->c1, &sq[2].c1, &sq[0].c1, &sq[1].c1, &y->c1);
}

static void three_xi_x1_plus_two(fp2_t *r, const fp2_t sq[3], const fp2_t *y) {
    fp2_t x1;
    fp_comb_x1(&x1.c0, &sq[2].c0, &sq[0].c0, &sq[1].c0);
    fp_comb_x1(&x1.c1, &sq[2].c1, &sq[0].c1, &sq[1].c1);
    fp_comb_3xi_c0(&r->c0, &x1.c0, &x1.c1, &y->c0);
    fp_comb_3xi_c1(&r->c1, &x1.c0, &x1.c1, &y->c1);
}

/* Granger-Scott as above, the three Fp4 squares first (r may be a: each
 * result coefficient then takes only a's in its own place). */
void fp12_cyclotomic_sqr(fp12_t *r, const fp12_t *a) {
    fp2_t sa[3], sb[3], sc[3];
    fp4_squares(sa, &a->c0.c0, &a->c1.c1); /* A^2 */
    fp4_squares(sb, &a->c1.c0, &a->c0.c2); /* B^2 */
    fp4_squares(sc, &a->c0.c1, &a->c1.c2); /* C^2 */
    three_x0_minus_two(&r->c0.c0, sa, &a->c0.c0);
    three_x1_plus_two(&r->c1.c1, sa, &a->c1.c1);
    three_xi_x1_plus_two(&r->c1.c0, sc, &a->c1.c0);
    three_x0_minus_two(&r->c0.c2, sc, &a->c0.c2);
    three_x0_minus_two(&r->c0.c1, sb, &a->c0.c1);
    three_x1_plus_two(&r->c1.c2, sb, &a->c1.c2);
}
#endif

/* a^x, for x < 0 conj(a^|x|); x is public, so the digit scan may branch. */
#if CURVE_FAMILY_BN && U_WINDOW > 2
/* BN: u has many set bits, so the signed window digits U_WNAF of |u| (the
 * generator picks the window); a negative digit multiplies by the
 * conjugate, the inverse in the cyclotomic subgroup. The digits are a
 * public constant: the sequence of operations never depends on a. */
#define U_TABLE (1 << (U_WINDOW - 2))
void fp12_cyclotomic_exp_x(fp12_t *r, const fp12_t *a) {
    fp12_t table[U_TABLE], acc, t; /* a, a^3, a^5, ... */
    table[0] = *a;
    if (U_TABLE > 1) {
        fp12_cyclotomic_sqr(&t, a);
        for (int i = 1; i < U_TABLE; i++) fp12_mul(&table[i], &table[i - 1], &t);
    }
    acc = table[(U_WNAF[U_WNAF_LEN - 1] - 1) / 2];
    for (int i = U_WNAF_LEN - 2; i >= 0; i--) {
        fp12_cyclotomic_sqr(&acc, &acc);
        int d = U_WNAF[i];
        if (d > 0) fp12_mul(&acc, &acc, &table[(d - 1) / 2]);
        if (d < 0) {
            fp12_conj(&t, &table[(-d - 1) / 2]);
            fp12_mul(&acc, &acc, &t);
        }
    }
#if BLS_X_IS_NEGATIVE
    fp12_conj(r, &acc);
#else
    *r = acc;
#endif
}
#else
/*
 * |x| with digits +-1 only (the bits of a BLS12 x, the NAF of a sparse BN
 * u): a^|x| is the product of a^(+-2^i) over the nonzero digits, and the
 * squarings run in Karabina's compressed form ("Squaring in cyclotomic
 * subgroups"), which keeps four of the six Fp2 coefficients and costs two
 * Fp4 squarings instead of three. Write a = (g0 + g1 s) + (g2 + g3 s) t +
 * (g4 + g5 s) t^2 over Fp4 = Fp2[s] (s = w^3, t = w: g0 = c0.c0,
 * g1 = c1.c1, g2 = c1.c0, g3 = c0.c2, g4 = c0.c1, g5 = c1.c2). The
 * Granger-Scott formulas above give the new (g2, g3) from (g4, g5) and
 * (g2, g3), and the new (g4, g5) from (g2, g3), without g0 and g1; the
 * powers a^(2^i) the product needs are decompressed together, with one
 * inversion:
 *   g1 = (xi g5^2 + 3 g4^2 - 2 g3) / (4 g2), or 2 g4 g5 / g3 if g2 = 0,
 *   g0 = xi (2 g1^2 + g2 g5 - 3 g3 g4) + 1.
 * Both denominators vanish only for 1 (decompressed correctly: its
 * numerators vanish too) and for about p^2 of the p^4 elements of the
 * cyclotomic subgroup, which the squarings of a pairing value reach with
 * negligible probability.
 */
#if CURVE_FAMILY_BN
#define EXP_X_LEN U_WNAF_LEN
#define EXP_X_DIGIT(i) U_WNAF[i]
#else
#define EXP_X_LEN (64 - __builtin_clzll(BLS_X_ABS))
#define EXP_X_DIGIT(i) ((int)((BLS_X_ABS >> (i)) & 1))
#endif
/* Powers decompressed per inversion (more nonzero digits take more
 * batches). */
#define EXP_X_BATCH 8

typedef struct {
    fp2_t g2, g3, g4, g5;
} fp12_compressed_t;

#if FP12_COMB
/* Both Fp4 squares first (r may be a), then the results from them. */
static void compressed_sqr(fp12_compressed_t *r, const fp12_compressed_t *a) {
    fp2_t sx[3], sy[3];
    fp4_squares(sx, &a->g4, &a->g5);
    fp4_squares(sy, &a->g2, &a->g3);
    three_xi_x1_plus_two(&r->g2, sx, &a->g2);
    three_x0_minus_two(&r->g3, sx, &a->g3);
    three_x0_minus_two(&r->g4, sy, &a->g4);
    three_x1_plus_two(&r->g5, sy, &a->g5);
}
#else
static void compressed_sqr(fp12_compressed_t *r, const fp12_compressed_t *a) {
    fp2_t x0, x1, y0, y1;
    fp4_sqr(&x0, &x1, &a->g4, &a->g5); /* (g4 + g5 s)^2 */
    fp4_sqr(&y0, &y1, &a->g2, &a->g3); /* (g2 + g3 s)^2 */
    fp2_mul_xi(&x1, &x1);
    three_plus_two(&r->g2, &x1, &a->g2);
    three_minus_two(&r->g3, &x0, &a->g3);
    three_minus_two(&r->g4, &y0, &a->g4);
    three_plus_two(&r->g5, &y1, &a->g5);
}
#endif

/* acc = acc * prod c[i]^sign[i] (acc = that product if !*started); last,
 * if not null, receives c[k - 1] decompressed. */
static void decompress_mul(fp12_t *acc, int *started, const fp12_compressed_t *c, const int *sign, int k,
                           fp12_t *last) {
    fp2_t num[EXP_X_BATCH], den[EXP_X_BATCH], prefix[EXP_X_BATCH], inv, t, u;
    fp2_t one;
    fp2_set_one(&one);
    for (int i = 0; i < k; i++) {
        limb_t g2_zero = fp2_is_zero(&c[i].g2);
        fp2_sqr(&t, &c[i].g5);
        fp2_mul_xi(&t, &t);
        fp2_sqr(&u, &c[i].g4);
        fp2_mul3(&u, &u);
        fp2_add(&t, &t, &u);
        fp2_dbl(&u, &c[i].g3);
        fp2_sub(&num[i], &t, &u);
        fp2_dbl(&den[i], &c[i].g2);
        fp2_dbl(&den[i], &den[i]);
        fp2_mul(&t, &c[i].g4, &c[i].g5);
        fp2_dbl(&t, &t);
        ct_cmov(&num[i], &t, sizeof t, g2_zero);
        ct_cmov(&den[i], &c[i].g3, sizeof t, g2_zero);
        ct_cmov(&den[i], &one, sizeof t, fp2_is_zero(&den[i]));
        if (i == 0)
            prefix[0] = den[0];
        else
            fp2_mul(&prefix[i], &prefix[i - 1], &den[i]);
    }
    fp2_inv(&inv, &prefix[k - 1]);
    for (int i = k - 1; i >= 0; i--) {
        fp12_t x;
        const fp12_compressed_t *g = &c[i];
        if (i > 0) {
            fp2_mul(&t, &inv, &prefix[i - 1]); /* 1 / den[i] */
            fp2_mul(&inv, &inv, &den[i]);
        } else {
            t = inv;
        }
        fp2_mul(&x.c1.c1, &num[i], &t); /* g1 */
        fp2_mul3(&u, &g->g4);
        fp2_mul2_sub(&u, &g->g2, &g->g5, &g->g3, &u); /* g2 g5 - 3 g3 g4 */
        fp2_sqr(&t, &x.c1.c1);
        fp2_dbl(&t, &t);
        fp2_add(&t, &t, &u);
        fp2_mul_xi(&t, &t);
        fp2_add(&x.c0.c0, &t, &one); /* g0 */
        x.c1.c0 = g->g2;
        x.c0.c2 = g->g3;
        x.c0.c1 = g->g4;
        x.c1.c2 = g->g5;
        if (last && i == k - 1) *last = x;
        if (sign[i] < 0) fp12_conj(&x, &x);
        if (*started) {
            fp12_mul(acc, acc, &x);
        } else {
            *acc = x;
            *started = 1;
        }
    }
}

/* The digits above the one exp_x_tail returns (the first of a final run of
 * nonzero digits at most 3 apart) are taken with Granger-Scott squarings of
 * that power, decompressed: where the gaps are that short, the extra Fp4
 * squaring per step costs less than decompressing each power (BLS12-381's
 * x: bits 57, 60, 62, 63). The BN curves' digits gain nothing from it. */
static int exp_x_tail(void) {
    int tail = EXP_X_LEN - 1;
#if !CURVE_FAMILY_BN
    for (int i = EXP_X_LEN - 2; i > 0; i--) {
        if (!EXP_X_DIGIT(i)) continue;
        if (tail - i > 3) break;
        tail = i;
    }
#endif
    return tail;
}

void fp12_cyclotomic_exp_x(fp12_t *r, const fp12_t *a) {
    fp12_compressed_t c, batch[EXP_X_BATCH];
    int sign[EXP_X_BATCH], k = 0, started = 0;
    const int tail = exp_x_tail();
    fp12_t acc, power;
    if (EXP_X_DIGIT(0)) {
        if (EXP_X_DIGIT(0) > 0) acc = *a; else fp12_conj(&acc, a);
        started = 1;
    }
    c.g2 = a->c1.c0;
    c.g3 = a->c0.c2;
    c.g4 = a->c0.c1;
    c.g5 = a->c1.c2;
    for (int i = 1; i <= tail; i++) {
        compressed_sqr(&c, &c);
        if (!EXP_X_DIGIT(i)) continue;
        batch[k] = c;
        sign[k++] = EXP_X_DIGIT(i);
        if (k == EXP_X_BATCH || i == tail) {
            decompress_mul(&acc, &started, batch, sign, k, i < EXP_X_LEN - 1 && i == tail ? &power : 0);
            k = 0;
        }
    }
    for (int i = tail + 1; i < EXP_X_LEN; i++) {
        fp12_cyclotomic_sqr(&power, &power);
        if (!EXP_X_DIGIT(i)) continue;
        if (EXP_X_DIGIT(i) > 0) {
            fp12_mul(&acc, &acc, &power);
        } else {
            fp12_t t;
            fp12_conj(&t, &power);
            fp12_mul(&acc, &acc, &t);
        }
    }
#if BLS_X_IS_NEGATIVE
    fp12_conj(r, &acc);
#else
    *r = acc;
#endif
}
#endif
