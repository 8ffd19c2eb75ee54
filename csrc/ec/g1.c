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
#else
#define EC_ENDO_SPLIT 1
#define EC_SPLIT scalar_split_none
#endif
#define EC_SPLIT_AFTER_CHECK 0
#define EC_WNAF_W 5
/* An Fp inversion (safegcd) costs ~110 multiplications, an affine addition
 * ~5 fewer than a projective one. */
#define EC_MSM_MIN_BATCH 24
#define EC_COORD_BYTES CURVE_FP_BYTES
#define EC_SQRT fp_sqrt
#define EC_Y_PARITY(y) fp_is_odd(y)

#include "ec/ec_group_template.h"

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
#else
/* No endomorphism split (EC_ENDO_SPLIT is 1): never called. */
static void g1_endo(g1_t *r, const g1_t *p) { *r = *p; }
#endif

#include "ec/ec_mul_template.h"
#include "ec/ec_msm_template.h"
#include "ec/ec_msm_fixed_template.h"
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

/* RFC 9380's h_eff for G1: 1 - x = |x| + 1. */
void g1_clear_cofactor(g1_t *r, const g1_t *p) {
    g1_t t;
    g1_mul_x_abs(&t, p);
    g1_add(r, &t, p);
}
#elif CURVE_FAMILY_BLS48
/* P is in G1 iff [r]P = O. */
int g1_in_subgroup_vartime(const g1_t *p) {
    g1_t a;
    g1_mul_public_vartime(&a, p, R_ORDER_LIMBS, FR_LIMBS);
    return (int)(g1_is_identity(&a) & 1);
}

/* [h]P for the cofactor h of E(Fp) = h r. */
void g1_clear_cofactor(g1_t *r, const g1_t *p) {
    static const limb_t h[64 / LIMB_BITS] = {LIMB64(G1_COFACTOR)};
    g1_mul_public_vartime(r, p, h, 64 / LIMB_BITS);
}
#else
/* BN curves: E(Fp) has prime order r, so every point of the curve is in G1. */
int g1_in_subgroup_vartime(const g1_t *p) {
    (void)p;
    return 1;
}

void g1_clear_cofactor(g1_t *r, const g1_t *p) { *r = *p; }
#endif
