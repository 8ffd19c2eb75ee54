/* g1.c - G1, the order-r subgroup of E(Fp): y^2 = x^3 + b. The group law,
 * multiplications and encodings come from the ec_*_template.h files; this
 * file supplies the field, the endomorphism and the subgroup and cofactor
 * maps, for the family of the curve compiled for. */
#include "pybls.h"
#include "curves/consts.h"
#include "ec/ec.h"
#include "ec/ec_scalar.h"

#if CURVE_FAMILY_BLS12
/* 3b = 12 for b = 4: additions are cheaper than a multiplication. */
static void g1_mul_b3(fp_t *r, const fp_t *a) {
    fp_t t;
    fp_dbl(&t, a);
    fp_dbl(&t, &t);
    fp_mul3(r, &t);
}
#else
/* 3b for a small b, from doublings and additions. */
static void g1_mul_b3(fp_t *r, const fp_t *a) {
    fp_t t, acc;
    fp_mul3(&t, a);
    acc = t;
    int top = 4;
    while (!((CURVE_B >> top) & 1)) top--;
    for (int i = top - 1; i >= 0; i--) {
        fp_dbl(&acc, &acc);
        if ((CURVE_B >> i) & 1) fp_add(&acc, &acc, &t);
    }
    *r = acc;
}
#endif

#define POINT g1_t
#define FE fp_t
#define F(op) fp_##op
#define EC(name) g1_##name
#define EC_B G1_B
#define EC_MUL_B3 g1_mul_b3
#define EC_GEN_X G1_GEN_X
#define EC_GEN_Y G1_GEN_Y
#if CURVE_FAMILY_BLS12
#define EC_ENDO_SPLIT SCALAR_X2_DIGITS
#define EC_SPLIT scalar_split_x2_ct
#define EC_SPLIT_AFTER_CHECK 0
#elif CURVE_FAMILY_BN
/* E(Fp) = G1 on BN curves: every point splits (the check is free). */
#define EC_ENDO_SPLIT SCALAR_GLV_DIGITS
#define EC_SPLIT scalar_split_glv_ct
#define EC_DIGIT_BITS GLV_DIGIT_BITS
#define EC_SPLIT_AFTER_CHECK 1
#else
#define EC_ENDO_SPLIT 1
#define EC_SPLIT scalar_split_none
#define EC_SPLIT_AFTER_CHECK 0
#endif
#define EC_WNAF_W 5
#if LIMB_BITS == 32
/* Radix 2^30 squares an Fp element for about 3/4 of a product
 * (arith/mont_r30.h): the Jacobian doubling trades a product for a square
 * and two additions (0.96 of the WebAssembly G1 product's time in Node). */
#define EC_SQR_CHEAP 1
/* The sums that only feed products are left unreduced (fp_add_nr): a
 * modular addition costs a ninth of a product here (no carry flag in
 * WebAssembly), the compare and subtract half of that. */
#define EC_ADD_LAZY fp_add_nr
/* So are the differences (fp_sub_nr: one pass, no selection). */
#define EC_SUB_LAZY fp_sub_nr
#if CURVE_FAMILY_BLS12
/* BLS12-381: the group law's chains of sums that feed one value as one
 * linear combination each (EC_COMB, ec_group_template.h; mont_comb_n).
 * Only there, as fp12.c's FP12_COMB: each combination is a function of its
 * own, about 1 KB of a WebAssembly module, and the other modules' size
 * budget has no room for them. */
#include "arith/mont.h"
#define EC_COMB(r, a, ka, b, kb, c, kc, d, kd, km) \
    mont_comb_n((r)->l, (a)->l, ka, (b)->l, kb, (c)->l, kc, (d)->l, kd, km, P_MODULUS, FP_LIMBS)
#endif
#endif
/* On 64-bit limbs EC_SQR_CHEAP stays unset: an Fp square costs less than a
 * product (152 against 167 instructions on four limbs, 287 against 311 on
 * six), but not by the sums the Jacobian doubling would spend to trade one
 * for the other. */
/* The batch inversions of sums and MSMs are variable time (public points):
 * an Fp inversion costs about half the ~110 multiplications of the
 * constant-time safegcd there, an affine addition ~5 fewer than a
 * projective one. 12 counted 3-8% fewer instructions than 24 for 128-point
 * sums and MSMs on BLS12-381. */
#define EC_MSM_MIN_BATCH 12
#ifndef EC_MSM_TREE_BATCH
#if LIMB_BITS == 32
/* Radix 2^30 (32-bit limbs, WebAssembly): the variable-time inversion
 * costs about three batched affine additions, a mixed projective addition
 * two, so a level of the MSM's bucket trees pays from 3 or 4 additions. */
#define EC_MSM_TREE_BATCH 4
#endif
#endif
#define EC_COORD_BYTES CURVE_FP_BYTES
#define EC_SQRT fp_sqrt
#define EC_Y_PARITY(y) fp_is_odd(y)

#include "ec/ec_group_template.h"

#if CURVE_FAMILY_BLS48
/* E(Fp) has the points of order 2 of y^2 = x^3 + 1 (its cofactor is
 * 4 mod 8, its 2-part E[2]), where the complete formulas have exceptional
 * cases. A point outside G1 with a component of even order is multiplied
 * here instead, in affine coordinates with every case handled (variable
 * time; G1's points never are). */
typedef struct { fp_t x, y; int inf; } g1_exact_t;

static void g1_exact_add(g1_exact_t *r, const g1_exact_t *a, const g1_exact_t *b) {
    fp_t m, t, x3;
    if (a->inf) { *r = *b; return; }
    if (b->inf) { *r = *a; return; }
    if (fp_eq(&a->x, &b->x) & 1) {
        fp_add(&t, &a->y, &b->y);
        if (fp_is_zero(&t) & 1) { r->inf = 1; return; } /* b = -a, or a = b of order 2 */
        fp_sqr(&m, &a->x);
        fp_mul3(&m, &m);
        fp_dbl(&t, &a->y);
    } else {
        fp_sub(&m, &b->y, &a->y);
        fp_sub(&t, &b->x, &a->x);
    }
    fp_inv(&t, &t);
    fp_mul(&m, &m, &t);
    fp_sqr(&x3, &m);
    fp_sub(&x3, &x3, &a->x);
    fp_sub(&x3, &x3, &b->x);
    fp_sub(&t, &a->x, &x3);
    fp_mul(&t, &t, &m);
    fp_sub(&r->y, &t, &a->y);
    r->x = x3;
    r->inf = 0;
}

static void g1_mul_exact(g1_t *r, const g1_t *p, const fr_t *k) {
    limb_t kc[FR_LIMBS];
    g1_exact_t base, acc = {.inf = 1};
    fr_to_canonical(kc, k);
    base.inf = (int)(fp_is_zero(&p->z) & 1);
    if (!base.inf) g1_to_affine(&base.x, &base.y, p);
    for (int i = FR_LIMBS * LIMB_BITS - 1; i >= 0; i--) {
        g1_exact_add(&acc, &acc, &acc);
        if (scalar_bit(kc, (unsigned)i)) g1_exact_add(&acc, &acc, &base);
    }
    if (acc.inf)
        g1_set_identity(r);
    else
        g1_from_affine(r, &acc.x, &acc.y);
    ct_memzero(kc, sizeof kc);
}

/* Whether P has a component of even order, that is P is not in 2E(Fp)
 * (E(Fp)'s 2-part being E[2]): by 2-descent, P = (x, y) with y != 0 is in
 * 2E(Fp) iff x + 1 and x - e are squares, e a root of x^3 + 1 other
 * than -1. Variable time: the point is public. */
static int g1_has_even_component(const g1_t *p) {
    fp_t x, y, t;
    if (g1_is_identity(p) & 1) return 0;
    g1_to_affine(&x, &y, p);
    if (fp_is_zero(&y) & 1) return 1; /* of order 2 */
    fp_add(&t, &x, &FP_ONE);
    if (fp_legendre(&t) != 1) return 1;
    fp_sub(&t, &x, &G1_TWO_TORSION_X);
    return fp_legendre(&t) != 1;
}

/* sum_i [k_i]P_i for n internal points and scalars, every product and sum
 * in affine coordinates with every case handled (variable time): the MSM's
 * way out when its complete formulas met an exceptional case. */
static void g1_msm_exact(g1_t *r, const uint8_t *points, const uint8_t *scalars, uint32_t n) {
    g1_exact_t acc = {.inf = 1}, term;
    for (uint32_t i = 0; i < n; i++) {
        g1_t p, t;
        fr_t k;
        ct_memcpy(&p, points + (size_t)i * sizeof p, sizeof p);
        ct_memcpy(&k, scalars + (size_t)i * sizeof k, sizeof k);
        g1_mul_exact(&t, &p, &k);
        term.inf = (int)(g1_is_identity(&t) & 1);
        if (!term.inf) g1_to_affine(&term.x, &term.y, &t);
        g1_exact_add(&acc, &acc, &term);
    }
    if (acc.inf)
        g1_set_identity(r);
    else
        g1_from_affine(r, &acc.x, &acc.y);
}

/* a + b in affine coordinates with every case handled (variable time):
 * the public addition's way out of the complete formulas' exceptional case. */
void g1_add_exact(g1_t *r, const g1_t *a, const g1_t *b) {
    g1_exact_t ea, eb;
    ea.inf = (int)(g1_is_identity(a) & 1);
    if (!ea.inf) g1_to_affine(&ea.x, &ea.y, a);
    eb.inf = (int)(g1_is_identity(b) & 1);
    if (!eb.inf) g1_to_affine(&eb.x, &eb.y, b);
    g1_exact_add(&ea, &ea, &eb);
    if (ea.inf)
        g1_set_identity(r);
    else
        g1_from_affine(r, &ea.x, &ea.y);
}

/* sum_i P_i in affine coordinates with every case handled (variable time). */
static void g1_sum_exact(g1_t *r, const uint8_t *points, uint32_t n) {
    g1_exact_t acc = {.inf = 1}, term;
    for (uint32_t i = 0; i < n; i++) {
        g1_t p;
        ct_memcpy(&p, points + (size_t)i * sizeof p, sizeof p);
        term.inf = (int)(g1_is_identity(&p) & 1);
        if (!term.inf) g1_to_affine(&term.x, &term.y, &p);
        g1_exact_add(&acc, &acc, &term);
    }
    if (acc.inf)
        g1_set_identity(r);
    else
        g1_from_affine(r, &acc.x, &acc.y);
}
#define EC_NEEDS_EXACT(p) g1_has_even_component(p)
#define EC_EXACT_MUL(r, p, k) g1_mul_exact(r, p, k)
#define EC_EXACT_MSM(r, points, scalars, n) g1_msm_exact(r, points, scalars, n)
#define EC_EXACT_SUM(r, points, n) g1_sum_exact(r, points, n)
#endif

#if CURVE_FAMILY_BLS12
/* E = -phi: (x, y) -> (beta x, -y), which acts as [x^2] on G1. It serves
 * the subgroup check, and splits scalars (GLV) for points known to be in
 * the subgroup: checking first would cost as many doublings as the split
 * saves. */
static void g1_endo(g1_t *r, const g1_t *p) {
    fp_mul(&r->x, &p->x, &G1_BETA);
    fp_neg(&r->y, &p->y);
    r->z = p->z;
}
#elif CURVE_FAMILY_BN
/* E = phi: (x, y) -> (beta x, y), which acts as [lambda] on G1 (= E(Fp)). */
static void g1_endo(g1_t *r, const g1_t *p) {
    fp_mul(&r->x, &p->x, &G1_BETA);
    r->y = p->y;
    r->z = p->z;
}
#else
/* No endomorphism split (EC_ENDO_SPLIT is 1): never called. */
static void g1_endo(g1_t *r, const g1_t *p) { *r = *p; }
#endif

#if CURVE_FAMILY_BLS12 || CURVE_FAMILY_BN
/* E keeps Z: the constant-time split multiplies from affine tables. */
#define EC_CT_AFFINE 1
/* Only the last window's additions can meet +-the accumulator. With the
 * digits e_0 + e_1 beta (beta = x^2 or lambda, e_i < 2^E, E = 128 or
 * GLV_DIGIT_BITS) the signed windows above window w sum to
 * D_i = round(e_i / 2^(5w)), so adding [d]P (or [d beta]P) to the
 * accumulator of window w, with |d| <= 16, meets +-it only if a beta + b
 * = 0 mod r for |a|, |b| <= 2^(E - 5w) + 32, not both zero (both zero
 * means d = 0, as the windows above w sum to multiples of 32 and |d| <=
 * 16, or an identity accumulator, which the product handles). The
 * nonzero (a, b) with a beta + b = 0 mod r have max(|a|, |b|) above
 * 2^(E - 1) on every curve here (tests/test_g1_mul_ct.py), so only w = 0
 * can: k = r - 2 does on BLS12-381. */
#define EC_CT_UNIFIED_WINDOWS 1
#if LIMB_BITS == 32 && FP_LIMBS <= 8
/* Its accumulator in the 30-bit digits of the 32-bit products (fpd_t),
 * where no product packs its result into limbs, reduces it and unpacks it
 * for the next: for a 254-bit p (9 digits) 0.93x of the product's time
 * in Node (fpd_mul 47 ns against fp_mul's 53). With the 13 digits of
 * BLS12-381's p the time was the same, for 12 KB more of its module. */
#include "field/fpd.h"
#define EC_CT_DIGITS 1
#define EC_DFE fpd_t
#define ED(op) fpd_##op
#endif
#endif
#if CURVE_FAMILY_BN
/* E(Fp) = G1 (cofactor 1): phi acts as [lambda] on every point the MSM can
 * be given, so it splits the scalars with no subgroup check (all but those
 * below the upper half of r's limbs: ec_msm_template.h). */
#define EC_MSM_ENDO 1
#endif
#include "ec/ec_mul_template.h"
#include "ec/ec_msm_template.h"
#include "ec/ec_msm_fixed_template.h"
/* E keeps Z, so the FFT can multiply from affine tables (ec_fft_template.h). */
#define EC_FFT_AFFINE 1
#include "ec/ec_fft_template.h"
#include EC_ENCODING_TEMPLATE

#if CURVE_FAMILY_BLS12
/* P is in G1 iff phi(P) = [-x^2]P (Scott, eprint 2021/1130), that is
 * E(P) = [|x|]([|x|]P). */
int g1_in_subgroup_vartime(const g1_t *p) {
    g1_t a, b;
    g1_mul_x_abs(&a, p);
    g1_mul_x_abs(&a, &a);
    g1_endo(&b, p);
    return (int)(g1_eq(&a, &b) & 1);
}

/* [k]P for a point P of the curve checked to be in G1 on the way, in
 * variable time; 0 (r untouched) if it is not. The check computes
 * A1 = [|x|]P and A2 = [|x|]A1 and compares A2 with E(P); in G1 the
 * points P, A1, A2 = E(P) and A3 = [|x|]A2 = E(A1) take the four base-|x|
 * digits of k (64 bits each), so the multiplication that follows the
 * check doubles 64 times instead of the 128 of its base-x^2 split. */
int g1_mul_checked_vartime(g1_t *r, const g1_t *p, const fr_t *k) {
    enum { LANES = SCALAR_X_DIGITS, DIGIT_LIMBS = FR_LIMBS / SCALAR_X_DIGITS };
    g1_t a1, a2, e, p2, tables[LANES * EC_WNAF_TABLE];
    limb_t kc[FR_LIMBS], digits[FR_LIMBS];
    int8_t nafs[LANES * (DIGIT_LIMBS * LIMB_BITS + 1)];
    g1_lane_t lanes[LANES];
    g1_mul_x_abs(&a1, p);
    g1_mul_x_abs(&a2, &a1);
    g1_endo(&e, p);
    if (!(g1_eq(&a2, &e) & 1)) return 0;
    fr_to_canonical(kc, k);
    scalar_split_x_ct(digits, kc);
    /* odd multiples 1, 3, ..., of P (lane 0) and A1 (lane 1); E of them for lanes 2 and 3 */
    for (int i = 0; i < 2; i++) {
        g1_t *t = tables + i * EC_WNAF_TABLE;
        t[0] = i ? a1 : *p;
        g1_dbl(&p2, &t[0]);
        for (int j = 1; j < EC_WNAF_TABLE; j++) g1_add(&t[j], &t[j - 1], &p2);
    }
    for (int j = 0; j < 2 * EC_WNAF_TABLE; j++) g1_endo(&tables[2 * EC_WNAF_TABLE + j], &tables[j]);
    for (int i = 0; i < LANES; i++) {
        int8_t *naf = nafs + i * (DIGIT_LIMBS * LIMB_BITS + 1);
        lanes[i].table = tables + i * EC_WNAF_TABLE;
        lanes[i].naf = naf;
        lanes[i].len = scalar_wnaf_vartime(naf, digits + i * DIGIT_LIMBS, DIGIT_LIMBS, EC_WNAF_W);
    }
    g1_sum_lanes_vartime(r, lanes, LANES);
    return 1;
}

/* RFC 9380's h_eff for G1: 1 - x = |x| + 1. */
void g1_clear_cofactor(g1_t *r, const g1_t *p) {
    g1_t t;
    g1_mul_x_abs(&t, p);
    g1_add(r, &t, p);
}
#elif CURVE_FAMILY_BLS48
/* P is in G1 iff [r]P = O. For a P outside G1 with a component of even
 * order the formulas may meet an exceptional case, whose all-zero result
 * (not the identity (0 : Y : 0), Y != 0) then says so; without one the
 * product is right. */
int g1_in_subgroup_vartime(const g1_t *p) {
    g1_t a;
    g1_mul_public_vartime(&a, p, R_ORDER_LIMBS, FR_LIMBS);
    return (int)(g1_is_identity(&a) & ~fp_is_zero(&a.y) & 1);
}

/* [h]P for the cofactor h of E(Fp) = h r, as [h/2](2P): the 2-part of E(Fp)
 * is E[2] (h = 4 mod 8 with the three points of order 2 rational), so 2P
 * has odd order and the additions after it meet no exceptional case. */
void g1_clear_cofactor(g1_t *r, const g1_t *p) {
    static const limb_t half_h[64 / LIMB_BITS] = {LIMB64(G1_COFACTOR >> 1)};
    g1_t q;
    g1_dbl(&q, p);
    g1_mul_public_vartime(r, &q, half_h, 64 / LIMB_BITS);
}
#else
/* BN curves: E(Fp) has prime order r, so every point of the curve is in G1. */
int g1_in_subgroup_vartime(const g1_t *p) {
    (void)p;
    return 1;
}

void g1_clear_cofactor(g1_t *r, const g1_t *p) { *r = *p; }
#endif
