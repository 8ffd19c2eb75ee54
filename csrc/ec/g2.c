/* g2.c - G2, the order-r subgroup of the twist E'(Fp2): y^2 = x^3 + b'
 * (E'(Fp8) on BLS48 curves). The
 * group law, multiplications and encodings come from the ec_*_template.h
 * files; this file supplies the field, the endomorphism psi and the
 * subgroup and cofactor maps built on it. */
#include "pybls.h"
#include "curves/consts.h"
#include "ec/ec.h"
#include "ec/ec_scalar.h"

#if CURVE_FAMILY_BLS12
/* 3b = 12 (1 + u) for b = 4 (1 + u): additions are cheaper than a
 * multiplication. */
static void g2_mul_b3(fp2_t *r, const fp2_t *a) {
    fp2_t t;
    fp2_mul_xi(&t, a);
    fp2_dbl(&t, &t);
    fp2_dbl(&t, &t);
    fp2_mul3(r, &t);
}
#elif CURVE_FAMILY_BLS48
/* Products by the sparse constants of G2's formulas, four Fp2 products
 * each instead of an Fp8 product's nine. In Fp4, a (c v) for c in Fp2:
 * (a0 + a1 v) c v = -(1 + u) a1 c + a0 c v (v^2 = -(1 + u)). */
static void fp4_mul_fp2_v(fp4_t *r, const fp4_t *a, const fp2_t *c) {
    fp2_t t;
    fp2_mul(&t, &a->c1, c);
    fp2_mul(&r->c1, &a->c0, c);
    fp2_mul_xi(&t, &t);
    fp2_neg(&r->c0, &t);
}

/* a (c v w) = -v (a1 c v) + (a0 c v) w (w^2 = -v; fp4_mul_nr is -v). */
static void fp8_mul_fp2_vw(fp8_t *r, const fp8_t *a, const fp2_t *c) {
    fp4_t t;
    fp4_mul_fp2_v(&t, &a->c1, c);
    fp4_mul_fp2_v(&r->c1, &a->c0, c);
    fp4_mul_nr(&r->c0, &t);
}

/* 3b' = -3/w = c v w for c = -3/(1 + u) (1/w = v w/(1 + u)): only its
 * coefficients of v w and u v w are nonzero. */
static void g2_mul_b3(fp8_t *r, const fp8_t *a) { fp8_mul_fp2_vw(r, a, &G2_B3.c1.c1); }
#else
/* 3b' = 3b / xi (a D-type twist) is no small multiple: one product. */
static void g2_mul_b3(fp2_t *r, const fp2_t *a) { fp2_mul(r, a, &G2_B3); }
#endif

#define POINT g2_t
#define FE g2_fe_t
#if CURVE_FAMILY_BLS48
#define F(op) fp8_##op
#else
#define F(op) fp2_##op
#endif
#define EC(name) g2_##name
#define EC_B G2_B
#define EC_MUL_B3 g2_mul_b3
#define EC_GEN_X G2_GEN_X
#define EC_GEN_Y G2_GEN_Y
#if CURVE_FAMILY_BLS12
#define EC_ENDO_SPLIT SCALAR_X_DIGITS
#define EC_SPLIT scalar_split_x_ct
#define EC_SPLIT_AFTER_CHECK 1
#elif CURVE_FAMILY_BLS48
/* Sixteen base-|t| digits of BLS_X_ABS_BITS bits (GLS), also for points
 * not known to be in G2 once the check (33 doublings) has passed. */
#define EC_ENDO_SPLIT SCALAR_T_DIGITS
#define EC_SPLIT scalar_split_t_ct
#define EC_SPLIT_AFTER_CHECK 1
#define EC_DIGITS_LIMBS SCALAR_T_DIGITS_LIMBS
#define EC_DIGIT_BITS BLS_X_ABS_BITS
#else
/* BN: four lattice digits (GLS with psi, ec_scalar.h). The subgroup check
 * (a multiplication by u, a quarter of r's bits) costs less than the three
 * quarters of the doublings the split saves. */
#define EC_ENDO_SPLIT SCALAR_GLS_DIGITS
#define EC_SPLIT scalar_split_gls_ct
#define EC_SPLIT_AFTER_CHECK 1
#define EC_DIGITS_LIMBS SCALAR_GLS_DIGITS_LIMBS
#define EC_DIGIT_BITS GLS_DIGIT_BITS
#endif
#if CURVE_FAMILY_BLS48
#define EC_WNAF_W 3 /* sixteen lanes of tables: two points each */
#else
#define EC_WNAF_W 4
#endif
#if CURVE_FAMILY_BN || CURVE_FAMILY_BLS12
/* Split products from affine tables, constant-time and variable-time (E,
 * +-psi, conjugates Z: the tables go to the curve scaled by a norm, in Fp,
 * which it keeps; E^2 = psi^2 is cheap on affine points). */
#define EC_CT_AFFINE 1
#define EC_CT_AFFINE_NORM 1
#define EC_ENDO2_AFFINE 1
#define EC_VT_AFFINE_W 5
#endif
/* The batch inversions of sums and MSMs are variable time (public points):
 * an Fp2 inversion costs about 7 Fp2 multiplications there (instructions,
 * 32-bit limbs; 14 in constant time), an affine addition ~5 fewer than a
 * projective one. 4 counted a few percent fewer instructions than 8 for
 * 128-point sums and MSMs. */
#define EC_MSM_MIN_BATCH 4
#define EC_COORD_BYTES (CURVE_G2_DEGREE * CURVE_FP_BYTES)
/* An extension-field square costs well under a product (2 against 3 Fp
 * products in Fp2): the Jacobian doubling trades a product for one. */
#define EC_SQR_CHEAP 1
#if LIMB_BITS == 32 && CURVE_FAMILY_BLS12
/* As in g1.c, one combination per Fp coefficient. */
#include "arith/mont.h"
#define EC_COMB(r, a, ka, b, kb, c, kc, d, kd, km)                                                        \
    do {                                                                                                   \
        mont_comb_n((r)->c0.l, (a)->c0.l, ka, (b)->c0.l, kb, (c)->c0.l, kc, (d)->c0.l, kd, km, P_MODULUS, \
                    FP_LIMBS);                                                                             \
        mont_comb_n((r)->c1.l, (a)->c1.l, ka, (b)->c1.l, kb, (c)->c1.l, kc, (d)->c1.l, kd, km, P_MODULUS, \
                    FP_LIMBS);                                                                             \
    } while (0)
#endif
#if CURVE_FAMILY_BLS48
#define EC_SQRT fp8_sqrt_vartime
#define EC_Y_PARITY(y) fp_is_odd(&(y)->c0.c0.c0)
#else
#define EC_SQRT fp2_sqrt
#define EC_Y_PARITY(y) fp_is_odd(&(y)->c0)
#endif

#include "ec/ec_group_template.h"

#if CURVE_FAMILY_BLS48
/* conj(a) k for the Fp2 constant k, conj(a) k u and conj(a) k for k in Fp:
 * (a0 - a1 u) k u = a1 k + a0 k u. */
static void fp2_conj_mul(fp2_t *r, const fp2_t *a, const fp2_t *k) {
    fp2_t c;
    fp2_conj(&c, a);
    fp2_mul(r, &c, k);
}

static void fp2_conj_mul_u(fp2_t *r, const fp2_t *a, const fp_t *k) {
    fp_t t;
    fp_mul(&t, &a->c0, k);
    fp_mul(&r->c0, &a->c1, k);
    r->c1 = t;
}

static void fp2_conj_mul_fp(fp2_t *r, const fp2_t *a, const fp_t *k) {
    fp_mul(&r->c0, &a->c0, k);
    fp_mul(&r->c1, &a->c1, k);
    fp_neg(&r->c1, &r->c1);
}

/* psi = untwist^-1 . Frobenius . untwist, [t] on G2 (gen_bls48.py checks
 * it); E = -psi acts as [|t|]. The Frobenius applies to Z too. With the
 * Frobenius constants folded into psi's (G2_ENDO, consts.h), each Fp2
 * coefficient of the result is one conjugated input coefficient times one
 * constant, several of them in Fp or Fp u. */
static void g2_endo(g2_t *r, const g2_t *p) {
    g2_t e;
    fp2_conj_mul(&e.x.c0.c1, &p->x.c0.c0, &G2_ENDO[0][0]);
    fp2_conj_mul(&e.x.c0.c0, &p->x.c0.c1, &G2_ENDO[0][1]);
    fp2_conj_mul_u(&e.x.c1.c0, &p->x.c1.c0, &G2_ENDO[0][2].c1);
    fp2_conj_mul(&e.x.c1.c1, &p->x.c1.c1, &G2_ENDO[0][3]);
    fp2_conj_mul(&e.y.c1.c0, &p->y.c0.c0, &G2_ENDO[1][0]);
    fp2_conj_mul_u(&e.y.c1.c1, &p->y.c0.c1, &G2_ENDO[1][1].c1);
    fp2_conj_mul_fp(&e.y.c0.c0, &p->y.c1.c0, &G2_ENDO[1][2].c0);
    fp2_conj_mul(&e.y.c0.c1, &p->y.c1.c1, &G2_ENDO[1][3]);
    fp2_conj(&e.z.c0.c0, &p->z.c0.c0);
    fp2_conj_mul(&e.z.c0.c1, &p->z.c0.c1, &G2_ENDO[2][1]);
    fp2_conj_mul_u(&e.z.c1.c1, &p->z.c1.c0, &G2_ENDO[2][2].c1);
    fp2_conj_mul_fp(&e.z.c1.c0, &p->z.c1.c1, &G2_ENDO[2][3].c0);
    *r = e;
}
#else
/* psi = twist^-1 . Frobenius . twist, which acts as [p] on G2 (as [x] on
 * BLS12 curves); in projective coordinates the Frobenius (conjugation)
 * applies to Z too. */
static void g2_psi(g2_t *r, const g2_t *p) {
    fp2_conj(&r->x, &p->x);
    fp2_mul(&r->x, &r->x, &G2_PSI_X);
    fp2_conj(&r->y, &p->y);
    fp2_mul(&r->y, &r->y, &G2_PSI_Y);
    fp2_conj(&r->z, &p->z);
}

#if CURVE_FAMILY_BLS12
/* psi^2: (x, y) -> (PSI2_X x, -y). */
static void g2_psi2(g2_t *r, const g2_t *p) {
    fp2_mul_fp(&r->x, &p->x, &G2_PSI2_X);
    fp2_neg(&r->y, &p->y);
    r->z = p->z;
}

/* E = -psi acts as [|x|] on G2. */
static void g2_endo(g2_t *r, const g2_t *p) {
    g2_psi(r, p);
    fp2_neg(&r->y, &r->y);
}
#else
/* BN: E = psi acts as [p mod r] = [6u^2] on G2 (gen_constants.py checks it). */
static void g2_endo(g2_t *r, const g2_t *p) { g2_psi(r, p); }
#endif

/* E^2 = psi^2 of an affine point (on BLS12 and BN curves alike): (x, y) ->
 * (PSI2_X x, -y), PSI2_X = PSI_X conj(PSI_X) in Fp, and PSI_Y conj(PSI_Y)
 * = -1 (the twist's xi is no square in Fp2). */
static void g2_endo2_affine(fp2_t *x, fp2_t *y, const fp2_t *px, const fp2_t *py) {
    fp2_mul_fp(x, px, &G2_PSI2_X);
    fp2_neg(y, py);
}
#endif /* CURVE_FAMILY_BLS48 */

#include "ec/ec_mul_template.h"
#include "ec/ec_msm_template.h"
#include "ec/ec_msm_fixed_template.h"
#include "ec/ec_fft_template.h"
#include EC_ENCODING_TEMPLATE

#if CURVE_FAMILY_BLS48
/* Q is in G2 iff psi(Q) = [t]Q, that is E(Q) = [|t|]Q: one multiplication
 * by the 33-bit |t| instead of one by r. Sound because the kernel of
 * [t] - psi has order p - t (psi^2 - (t + 1) psi + p = 0), prime to the
 * cofactor h' of E'(Fp8) = h' r, and r^2 does not divide h' r
 * (tests/test_bls48_581_subgroup.py computes both from t). */
int g2_in_subgroup_vartime(const g2_t *p) {
    g2_t a, b;
    g2_mul_public_vartime(&a, p, BLS_X_ABS_LIMBS, 64 / LIMB_BITS);
    g2_endo(&b, p);
    return (int)(g2_eq(&a, &b) & 1);
}

/* psi = -E on E'(Fp8). */
static void g2_psi(g2_t *r, const g2_t *p) {
    g2_endo(r, p);
    g2_neg(r, r);
}

/* [t]P = -[|t|]P (t < 0). */
static void g2_mul_t(g2_t *r, const g2_t *p) {
    g2_mul_public_vartime(r, p, BLS_X_ABS_LIMBS, 64 / LIMB_BITS);
    g2_neg(r, r);
}

/* [h']P for the cofactor h' of E'(Fp8) = h' r (gen_bls48.py derives it
 * from the trace of Frobenius and checks it against the draft's), as
 * [k] h(psi)(P): Budroni and Pintore's h(psi) = (t^8 - t^7 - 1) +
 * sum_{i=1..7} (t^(8-i) - t^(7-i)) psi^i + 2 psi^8 maps E'(Fp8) into G2
 * for eight multiplications by t (33 bits), and k = h'/h(t) mod r turns
 * its image into [h']P (the tests compare the two). Variable time: what
 * it clears is a public hash. */
void g2_clear_cofactor(g2_t *r, const g2_t *p) {
    g2_t tp[9], acc, d;
    tp[0] = *p;
    for (int i = 1; i <= 8; i++) g2_mul_t(&tp[i], &tp[i - 1]); /* [t^i]P */
    g2_dbl(&acc, p);                                            /* psi^8's 2P */
    for (int i = 7; i >= 0; i--) {                              /* Horner in psi */
        g2_psi(&acc, &acc);
        g2_neg(&d, &tp[7 - i]);
        g2_add(&d, &d, &tp[8 - i]); /* [t^(8-i) - t^(7-i)]P */
        g2_add(&acc, &acc, &d);
    }
    g2_neg(&d, p); /* the constant term's -1 */
    g2_add(&acc, &acc, &d);
    g2_mul_subgroup_vartime(r, &acc, &G2_CLEAR_K);
}
#elif CURVE_FAMILY_BLS12
/* [|x|]P in Jacobian coordinates (Y, not W) for a public P with Z = 1 (as
 * decoded), which is its own Jacobian form: doublings and mixed additions
 * of the affine P, in the W form between. */
static void g2_mul_x_abs_affine_vartime(g2_jacobian_t *acc, const g2_t *p) {
    int top = 63;
    while (!((BLS_X_ABS >> top) & 1)) top--;
    acc->x = p->x;
    acc->y = p->y;
    acc->z = p->z;
    g2_jacobian_to_w(acc);
    for (int i = top - 1; i >= 0; i--) {
        g2_jacobian_dbl_w(acc, acc);
        if ((BLS_X_ABS >> i) & 1) g2_jacobian_add_affine_vartime_w(acc, &p->x, &p->y);
    }
    g2_jacobian_from_w(acc);
}

/* Q is in G2 iff psi(Q) = [x]Q (Scott, eprint 2021/1130), that is
 * E(Q) = [|x|]Q. For Q with Z = 1, E(Q) has Z = 1 too, and the Jacobian
 * [|x|]Q = (X, Y, Z) is compared with it as X = x Z^2, Y = y Z^3. */
int g2_in_subgroup_vartime(const g2_t *p) {
    g2_t a, b;
    FE one;
    F(set_one)(&one);
    g2_endo(&b, p);
    if (F(eq)(&p->z, &one) & 1) {
        g2_jacobian_t acc;
        FE zz, t;
        g2_mul_x_abs_affine_vartime(&acc, p);
        if (F(is_zero)(&acc.z) & 1) return 0; /* the identity is no affine point */
        F(sqr)(&zz, &acc.z);
        F(mul)(&t, &b.x, &zz);
        if (!(F(eq)(&t, &acc.x) & 1)) return 0;
        F(mul)(&zz, &zz, &acc.z);
        F(mul)(&t, &b.y, &zz);
        return (int)(F(eq)(&t, &acc.y) & 1);
    }
    g2_mul_x_abs(&a, p);
    return (int)(g2_eq(&a, &b) & 1);
}

/* RFC 9380's h_eff for G2 (Budroni-Pintore): [x^2 - x - 1]P + [x - 1]psi(P)
 * + psi^2(2P), evaluated as in RFC 9380 appendix G.3 with [x] = -[|x|]. */
void g2_clear_cofactor(g2_t *r, const g2_t *p) {
    g2_t t1, t2, t3;
    g2_mul_x_abs(&t1, p);
    g2_neg(&t1, &t1); /* t1 = [x]P */
    g2_psi(&t2, p);
    g2_dbl(&t3, p);
    g2_psi2(&t3, &t3);
    g2_neg(&t2, &t2);
    g2_add(&t3, &t3, &t2); /* psi^2(2P) - psi(P) */
    g2_neg(&t2, &t2);
    g2_add(&t2, &t1, &t2); /* [x]P + psi(P) */
    g2_mul_x_abs(&t2, &t2);
    g2_neg(&t2, &t2); /* [x]([x]P + psi(P)) */
    g2_add(&t3, &t3, &t2);
    g2_neg(&t1, &t1);
    g2_add(&t3, &t3, &t1); /* - [x]P */
    g2_neg(&t2, p);
    g2_add(r, &t3, &t2); /* - P */
}
#else
/* Q is in G2 iff [u + 1]Q + psi([u]Q) + psi^2([u]Q) = psi^3([2u]Q) (Dai, Lin,
 * Zhao and Zhou, eprint 2022/348): one multiplication by the 64-bit u
 * instead of one by r. gen_constants.py checks, for each curve, that the
 * relation holds on G2 and on no other point of E'(Fp2). */
int g2_in_subgroup_vartime(const g2_t *p) {
    g2_t u_q, lhs, t, rhs;
    g2_mul_x_abs(&u_q, p);
    if (BLS_X_IS_NEGATIVE) g2_neg(&u_q, &u_q);
    g2_add(&lhs, &u_q, p);
    g2_psi(&t, &u_q);
    g2_add(&lhs, &lhs, &t);
    g2_psi(&t, &t);
    g2_add(&lhs, &lhs, &t);
    g2_psi(&t, &t);
    g2_dbl(&rhs, &t);
    return (int)(g2_eq(&lhs, &rhs) & 1);
}

/* Onto G2 by [u]P + psi([3u]P) + psi^2([u]P) + psi^3(P) (Fuentes-Castaneda,
 * Knapp and Rodriguez-Henriquez, "Faster hashing to G2", 6.1): a multiple
 * of [2p - r]P, E'(Fp2) having order r (2p - r), for one multiplication by
 * u; the map gnark-crypto's and arkworks' hashing to BN254's G2 clear
 * with. The branches are on the constant u only. */
void g2_clear_cofactor(g2_t *r, const g2_t *p) {
    g2_t u_p, t, acc;
    g2_mul_x_abs(&u_p, p);
    if (BLS_X_IS_NEGATIVE) g2_neg(&u_p, &u_p);
    g2_dbl(&t, &u_p);
    g2_add(&t, &t, &u_p);
    g2_psi(&acc, &t);         /* psi([3u]P) */
    g2_add(&acc, &acc, &u_p);
    g2_psi(&t, &u_p);
    g2_psi(&t, &t);           /* psi^2([u]P) */
    g2_add(&acc, &acc, &t);
    g2_psi(&t, p);
    g2_psi(&t, &t);
    g2_psi(&t, &t);           /* psi^3(P) */
    g2_add(r, &acc, &t);
}
#endif
