/*
 * ec_group_template.h - the group law of a curve y^2 = x^3 + b (a = 0) of
 * odd order in homogeneous projective coordinates, written once for G1 and
 * G2. g1.c and g2.c include it after defining:
 *
 *   POINT          the point type, a struct { FE x, y, z; }
 *   FE             the coordinate field's element type
 *   F(op)          that field's operation op (fp_##op or fp2_##op)
 *   EC(name)       the group's name for a function (g1_##name, g2_##name)
 *   EC_B           the constant b (an FE lvalue)
 *   EC_MUL_B3(r,a) r = 3b a
 *   EC_GEN_X, EC_GEN_Y  the generator's affine coordinates
 *   EC_ADD_LAZY(r,a,b)  (optional) r = a + b left unreduced where the sum
 *                  is only a product's operand (F(add) if not defined)
 *   EC_SUB_LAZY(r,a,b)  (optional) r = a - b left unreduced where the
 *                  difference is only a product's operand, below 2p for
 *                  reduced a and b, or below 3p as the product's one
 *                  operand above p (F(sub) if not defined)
 *   EC_COMB(r, a, ka, b, kb, c, kc, d, kd, km)  (optional) r = ka a + kb b
 *                  + kc c + kd d + km p reduced, for small constant
 *                  coefficients and the value in [0, 2R) (mont_comb_n per
 *                  Fp coefficient; kb to kd may be 0): one linear
 *                  combination where a chain of modular sums feeds one value
 *
 * Addition and doubling are the complete formulas of Renes, Costello and
 * Batina (eprint 2015/1060, algorithms 7, 8 and 9): with a = 0 and no point
 * of order 2 they have no exceptional case (the identity included), so the
 * group law is branch-free and constant time.
 */

#ifndef EC_ADD_LAZY
#define EC_ADD_LAZY F(add)
#endif
#ifndef EC_SUB_LAZY
#define EC_SUB_LAZY F(sub)
#endif

#ifdef EC_COMB
/* 3a, below 3p, in one combination rather than two modular sums: 0.998 of
 * the instructions of BLS12-381's G1 product and of G2 decompression at
 * 32 bits. The other chains of the doubling gain nothing: a combination
 * of two to four terms costs about as much as the differences it replaces
 * (the doubling's five differences of X3 and 2 (4 X Y^2 - X3) as two
 * combinations of four terms took 1.002 of G2 decompression's). */
__attribute__((noinline)) static void EC(comb_mul3)(FE *r, const FE *a) { EC_COMB(r, a, 3, a, 0, a, 0, a, 0, 0); }
#define EC_MUL3 EC(comb_mul3)
#else
#define EC_MUL3 F(mul3)
#endif

void EC(set_identity)(POINT *r) {
    F(set_zero)(&r->x);
    F(set_one)(&r->y);
    F(set_zero)(&r->z);
}

void EC(set_generator)(POINT *r) { EC(from_affine)(r, &EC_GEN_X, &EC_GEN_Y); }

void EC(from_affine)(POINT *r, const FE *x, const FE *y) {
    r->x = *x;
    r->y = *y;
    F(set_one)(&r->z);
}

void EC(to_affine)(FE *x, FE *y, const POINT *p) {
    FE zi;
    F(inv)(&zi, &p->z); /* 0 -> 0, so the identity maps to (0, 0) */
    F(mul)(x, &p->x, &zi);
    F(mul)(y, &p->y, &zi);
}

/* The common end of algorithms 7 and 8, from t0 = X1 X2, t1 = Y1 Y2,
 * t2 = 3b Z1 Z2, t3 = X1 Y2 + X2 Y1, t4 = Y1 Z2 + Y2 Z1,
 * y3 = X1 Z2 + X2 Z1. */
static inline void EC(add_finish)(POINT *r, FE t0, FE t1, const FE *t2, const FE *t3, const FE *t4, FE y3) {
    FE x3, z3, u;
    F(mul3)(&t0, &t0);
    F(add)(&z3, &t1, t2);
    F(sub)(&t1, &t1, t2);
    EC_MUL_B3(&y3, &y3);
    /* r is written only here, after every input is read */
    F(mul2_sub)(&x3, t3, &t1, t4, &y3);
    F(mul2_add)(&u, &t1, &z3, &y3, &t0);
    F(mul2_add)(&r->z, &z3, t4, &t0, t3);
    r->x = x3;
    r->y = u;
}

/* Algorithm 7: 12 multiplications, 2 by 3b. */
void EC(add)(POINT *r, const POINT *p, const POINT *q) {
    FE t0, t1, t2, t3, t4, x3, y3;
    F(mul)(&t0, &p->x, &q->x);
    F(mul)(&t1, &p->y, &q->y);
    F(mul)(&t2, &p->z, &q->z);
    F(add)(&t3, &p->x, &p->y);
    F(add)(&t4, &q->x, &q->y);
    F(mul)(&t3, &t3, &t4);
    F(add)(&t4, &t0, &t1);
    F(sub)(&t3, &t3, &t4); /* X1 Y2 + X2 Y1 */
    F(add)(&t4, &p->y, &p->z);
    F(add)(&x3, &q->y, &q->z);
    F(mul)(&t4, &t4, &x3);
    F(add)(&x3, &t1, &t2);
    F(sub)(&t4, &t4, &x3); /* Y1 Z2 + Y2 Z1 */
    F(add)(&x3, &p->x, &p->z);
    F(add)(&y3, &q->x, &q->z);
    F(mul)(&x3, &x3, &y3);
    F(add)(&y3, &t0, &t2);
    F(sub)(&y3, &x3, &y3); /* X1 Z2 + X2 Z1 */
    EC_MUL_B3(&t2, &t2);
    EC(add_finish)(r, t0, t1, &t2, &t3, &t4, y3);
}

/* Algorithm 8, q = (x, y) affine and not the identity: 11 multiplications. */
static void EC(add_affine)(POINT *r, const POINT *p, const FE *qx, const FE *qy) {
    FE t0, t1, t2, t3, t4, y3;
    F(mul)(&t0, &p->x, qx);
    F(mul)(&t1, &p->y, qy);
    F(add)(&t3, qx, qy);
    F(add)(&t4, &p->x, &p->y);
    F(mul)(&t3, &t3, &t4);
    F(add)(&t4, &t0, &t1);
    F(sub)(&t3, &t3, &t4);
    F(mul)(&t4, qy, &p->z);
    F(add)(&t4, &t4, &p->y);
    F(mul)(&y3, qx, &p->z);
    F(add)(&y3, &y3, &p->x);
    EC_MUL_B3(&t2, &p->z);
    EC(add_finish)(r, t0, t1, &t2, &t3, &t4, y3);
}

/* Algorithm 9: 6 multiplications, 2 squarings, 1 multiplication by 3b. */
void EC(dbl)(POINT *r, const POINT *p) {
    FE t0, t1, t2, x3, y3, z3;
    F(sqr)(&t0, &p->y);
    F(dbl)(&z3, &t0);
    F(dbl)(&z3, &z3);
    F(dbl)(&z3, &z3); /* 8 Y^2 */
    F(mul)(&t1, &p->y, &p->z);
    F(sqr)(&t2, &p->z);
    EC_MUL_B3(&t2, &t2);
    F(mul)(&x3, &t2, &z3);
    F(add)(&y3, &t0, &t2);
    F(mul)(&z3, &t1, &z3);
    F(mul3)(&t1, &t2);
    F(sub)(&t0, &t0, &t1);
    F(mul)(&y3, &t0, &y3);
    F(add)(&y3, &x3, &y3);
    F(mul)(&t1, &p->x, &p->y);
    F(mul)(&x3, &t0, &t1);
    F(dbl)(&r->x, &x3);
    r->y = y3;
    r->z = z3;
}

void EC(neg)(POINT *r, const POINT *p) {
    r->x = p->x;
    F(neg)(&r->y, &p->y);
    r->z = p->z;
}

limb_t EC(is_identity)(const POINT *p) { return F(is_zero)(&p->z); }

/* X1 Z2 = X2 Z1 and Y1 Z2 = Y2 Z1; the identity (Z = 0, Y != 0) equals
 * only points with Z = 0. */
limb_t EC(eq)(const POINT *p, const POINT *q) {
    FE a, b, c, d;
    F(mul)(&a, &p->x, &q->z);
    F(mul)(&b, &q->x, &p->z);
    F(mul)(&c, &p->y, &q->z);
    F(mul)(&d, &q->y, &p->z);
    limb_t same_kind = ~(EC(is_identity)(p) ^ EC(is_identity)(q));
    return F(eq)(&a, &b) & F(eq)(&c, &d) & same_kind;
}

/* Y^2 Z = X^3 + b Z^3, which also admits the identity (0 : Y : 0); the
 * all-zero triple satisfies it too but is not a point. */
limb_t EC(is_on_curve)(const POINT *p) {
    FE lhs, rhs, t;
    F(sqr)(&lhs, &p->y);
    F(mul)(&lhs, &lhs, &p->z);
    F(sqr)(&t, &p->z);
    F(mul)(&t, &t, &p->z);
    F(mul)(&t, &t, &EC_B);
    F(sqr)(&rhs, &p->x);
    F(mul)(&rhs, &rhs, &p->x);
    F(add)(&rhs, &rhs, &t);
    return F(eq)(&lhs, &rhs) & ~(F(is_zero)(&p->y) & F(is_zero)(&p->z));
}

/* ---- Jacobian coordinates (x = X/Z^2, y = Y/Z^3) for runs of doublings:
 * 3M + 4S (EFD dbl-2009-l, with 4 X Y^2 as a product rather than from a
 * square, which saves additions, unless EC_SQR_CHEAP) instead of 6M + 2S +
 * one by 3b, in the W form below. The doubling formula holds for every
 * point, the identity (Z = 0) included; a point of order 2 (Y = 0: BLS48-581's
 * G1 has one) doubles to Z3 = 2 Y Z = 0, the identity, as it should.
 * Additions go back to the complete projective formulas, or are the mixed
 * ones below. */
typedef struct { FE x, y, z; } EC(jacobian_t);

/* (X : Y : Z) -> (X Z, Y Z^2, Z); the identity becomes (1, 1, 0). The
 * all-zero triple (the complete formulas' result in their exceptional
 * cases, on curves with points of order 2) stays all zero, so that the
 * products that meet one can tell (ec_mul_template.h). */
static void EC(to_jacobian)(EC(jacobian_t) *r, const POINT *p) {
    FE z2;
    EC(jacobian_t) one_one_zero;
    F(sqr)(&z2, &p->z);
    F(mul)(&r->x, &p->x, &p->z);
    F(mul)(&r->y, &p->y, &z2);
    r->z = p->z;
    F(set_one)(&one_one_zero.x);
    F(set_one)(&one_one_zero.y);
    F(set_zero)(&one_one_zero.z);
    ct_cmov(r, &one_one_zero, sizeof *r, F(is_zero)(&p->z) & ~F(is_zero)(&p->y));
}

/* (X, Y, Z) -> (X Z : Y : Z^3); the identity (X, Y, 0) becomes (0 : Y : 0). */
static void EC(from_jacobian)(POINT *r, const EC(jacobian_t) *p) {
    FE z3;
    F(sqr)(&z3, &p->z);
    F(mul)(&z3, &z3, &p->z);
    F(mul)(&r->x, &p->x, &p->z);
    r->y = p->y;
    r->z = z3;
}

/* Runs of doublings keep W = 2Y in place of Y, the "W form" (X, W, Z):
 * with B = W^2 = 4 Y^2 the doubling needs no multiplication of 4 X Y^2,
 * 8 Y^4 or Z3 = 2 Y Z by constants, five modular additions fewer than
 * from Y (dbl-2009-l), which count where there is no add-with-carry
 * (WebAssembly). The formula holds for the identity (Z = 0) too. */
static void EC(jacobian_dbl_w)(EC(jacobian_t) *r, const EC(jacobian_t) *p) {
    FE a, b, c, d, e, f, z3;
    F(sqr)(&a, &p->x);
    F(sqr)(&b, &p->y);  /* 4 Y^2 */
    F(mul)(&z3, &p->y, &p->z); /* 2 Y Z */
    F(sqr)(&c, &b);     /* 16 Y^4 */
#ifdef EC_SQR_CHEAP
    EC_ADD_LAZY(&d, &p->x, &b); /* 8 X Y^2 = (X + B)^2 - X^2 - B^2: a square for a product */
    F(sqr)(&d, &d);
    F(sub)(&d, &d, &a);
    F(sub)(&d, &d, &c);
    EC_MUL3(&e, &a);
    F(sqr)(&f, &e);
    F(sub)(&r->x, &f, &d); /* X3 = E^2 - 8 X Y^2 */
    EC_SUB_LAZY(&d, &d, &r->x);
    EC_SUB_LAZY(&d, &d, &r->x); /* 2 (4 X Y^2 - X3), E (below p) times it only */
#else
    F(mul)(&d, &p->x, &b); /* 4 X Y^2 */
    F(mul3)(&e, &a);
    F(sqr)(&f, &e);
    F(sub)(&r->x, &f, &d);
    F(sub)(&r->x, &r->x, &d); /* X3 = E^2 - 8 X Y^2 */
    F(sub)(&d, &d, &r->x);
    F(dbl)(&d, &d); /* 2 (4 X Y^2 - X3) */
#endif
    F(mul)(&d, &e, &d);
    F(sub)(&r->y, &d, &c); /* W3 = 2 Y3 = 2 E (4 X Y^2 - X3) - 16 Y^4 */
    r->z = z3;
}

/* Y -> W = 2Y and back. */
static inline void EC(jacobian_to_w)(EC(jacobian_t) *p) { F(dbl)(&p->y, &p->y); }
static inline void EC(jacobian_from_w)(EC(jacobian_t) *p) { F(half)(&p->y, &p->y); }

/* r = the affine (x, y) in the W form: (x, 2y, 1). */
static inline void EC(jacobian_from_affine_w)(EC(jacobian_t) *r, const FE *x, const FE *y) {
    r->x = *x;
    F(dbl)(&r->y, y);
    F(set_one)(&r->z);
}

/* The identity (1, 1, 0) of EC(to_jacobian) in the W form, (1, 2, 0),
 * which the doubling leaves as it is. */
static inline void EC(jacobian_set_identity_w)(EC(jacobian_t) *r) {
    F(set_one)(&r->x);
    F(set_one)(&r->y);
    F(dbl)(&r->y, &r->y);
    F(set_zero)(&r->z);
}

/* n doublings of p in place (Y form in and out), in the W form between. */
static void EC(jacobian_dbl_n)(EC(jacobian_t) *p, int n) {
    EC(jacobian_to_w)(p);
    for (int i = 0; i < n; i++) EC(jacobian_dbl_w)(p, p);
    EC(jacobian_from_w)(p);
}

/* r += (x, y) in Jacobian coordinates, r in the W form (EC(jacobian_dbl_w))
 * in and out (EFD madd-2007-bl, 8M + 3S with Z3 = 2 Z1 H a product, with 2 (S2 - Y1) as 2 S2 - W1 and
 * 2 Y3 from W1 J), with the cases that formula misses (r the identity,
 * r = +-(x, y)) by branches: for public points only (the FFT, the G2
 * subgroup check, variable-time products). */
static inline void EC(jacobian_add_affine_vartime_w)(EC(jacobian_t) *r, const FE *x, const FE *y) {
    FE z1z1, u2, s2, h, rr, hh, i, j, v, x3;
    if (F(is_zero)(&r->z) & 1) {
        EC(jacobian_from_affine_w)(r, x, y);
        return;
    }
    F(sqr)(&z1z1, &r->z);
    F(mul)(&u2, x, &z1z1);
    F(mul)(&s2, y, &r->z);
    F(mul)(&s2, &s2, &z1z1);
    F(sub)(&h, &u2, &r->x);
    F(dbl)(&s2, &s2);
    F(sub)(&rr, &s2, &r->y); /* 2 (S2 - Y1) */
    if (F(is_zero)(&h) & 1) {
        if (F(is_zero)(&rr) & 1) {
            EC(jacobian_dbl_w)(r, r);
        } else { /* r = -(x, y): the identity, (1, 2, 0) in the W form */
            EC(jacobian_set_identity_w)(r);
        }
        return;
    }
    F(sqr)(&hh, &h);
    F(dbl)(&i, &hh);
    F(dbl)(&i, &i);
    F(mul)(&j, &h, &i);
    F(mul)(&v, &r->x, &i);
    F(sqr)(&x3, &rr);
    F(sub)(&x3, &x3, &j);
    F(sub)(&x3, &x3, &v);
    F(sub)(&x3, &x3, &v);
    F(sub)(&v, &v, &x3);
    F(mul)(&v, &rr, &v);
    F(mul)(&j, &r->y, &j); /* 2 Y1 J */
    F(sub)(&v, &v, &j);
    F(dbl)(&r->y, &v); /* W3 = 2 (rr (V - X3) - 2 Y1 J) */
#ifdef EC_SQR_CHEAP
    EC_ADD_LAZY(&i, &r->z, &h); /* Z3 = 2 Z1 H = (Z1 + H)^2 - Z1Z1 - HH: a square for a product */
    F(sqr)(&i, &i);
    F(sub)(&i, &i, &z1z1);
    F(sub)(&r->z, &i, &hh);
#else
    F(mul)(&r->z, &r->z, &h);
    F(dbl)(&r->z, &r->z);
#endif
    r->x = x3;
}

/* r = mask ? p : r */
static void EC(cmov)(POINT *r, const POINT *p, limb_t mask) { ct_cmov(r, p, sizeof *r, mask); }
