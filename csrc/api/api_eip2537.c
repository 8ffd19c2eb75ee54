/*
 * api_eip2537.c - EIP-2537's encodings and its additions and single
 * multiplications on raw call data (BLS12-381 only).
 *
 * A field element is 64 bytes big-endian, the top 16 zero; an Fp2 element
 * c0 || c1; a point x || y, all zero for the point at infinity. Precompile
 * inputs are public: everything here is variable time (the affine outputs
 * take one variable-time inversion; the additions add in affine
 * coordinates). The status says what kind of error was found first;
 * pybls.evm words the message.
 */
#include "pybls.h"
#include "curves/consts.h"
#include "ec/ec.h"

#define LOAD(type, name, buf) type name; ct_memcpy(&name, buf, sizeof name)
#define STORE(buf, name) ct_memcpy(buf, &name, sizeof name)

#define EIP_FP 64                  /* bytes of an encoded field element */
#define EIP_PAD (EIP_FP - CURVE_FP_BYTES) /* its zero padding */
#define EIP_G1 (2 * EIP_FP)
#define EIP_G2 (4 * EIP_FP)
#define EIP_SCALAR 32

static int all_zero(const uint8_t *in, uint32_t len) {
    uint8_t acc = 0;
    for (uint32_t i = 0; i < len; i++) acc |= in[i];
    return acc == 0;
}

/* A padded field element: PYBLS_ERR_NONCANONICAL for non-zero padding or a
 * value >= p. */
static int read_fp(fp_t *r, const uint8_t in[EIP_FP]) {
    if (!all_zero(in, EIP_PAD)) return PYBLS_ERR_NONCANONICAL;
    return fp_from_bytes(r, in + EIP_PAD) ? PYBLS_OK : PYBLS_ERR_NONCANONICAL;
}

static void write_fp(uint8_t out[EIP_FP], const fp_t *a) {
    for (int i = 0; i < EIP_PAD; i++) out[i] = 0;
    fp_to_bytes(out + EIP_PAD, a);
}

/* NAME(x3, y3, x1, y1, x2, y2): the sum of two affine points of the curve,
 * neither the identity, in affine coordinates with one variable-time
 * inversion; 0 if it is the identity (P2 = -P1). Both curves have odd
 * order, hence no point with y = 0: a doubling's 2y is invertible. */
#define AFFINE_ADD(NAME, FE, F, INV)                                                    \
    static int NAME(FE *x3, FE *y3, const FE *x1, const FE *y1, const FE *x2,         \
                    const FE *y2) {                                                     \
        FE num, den, l, t;                                                              \
        if (F(eq)(x1, x2) & 1) {                                                        \
            if (!(F(eq)(y1, y2) & 1)) return 0;                                         \
            F(sqr)(&num, x1); /* the tangent's slope 3 x^2 / 2 y */                     \
            F(mul3)(&num, &num);                                                        \
            F(dbl)(&den, y1);                                                           \
        } else {                                                                        \
            F(sub)(&num, y2, y1);                                                       \
            F(sub)(&den, x2, x1);                                                       \
        }                                                                               \
        INV(&den, &den);                                                                \
        F(mul)(&l, &num, &den);                                                         \
        F(sqr)(&t, &l);                                                                 \
        F(sub)(&t, &t, x1);                                                             \
        F(sub)(&t, &t, x2);                                                             \
        F(sub)(&num, x1, &t);                                                           \
        F(mul)(&num, &num, &l);                                                         \
        F(sub)(y3, &num, y1);                                                           \
        *x3 = t;                                                                        \
        return 1;                                                                       \
    }

#define FP_OP(op) fp_##op
#define FP2_OP(op) fp2_##op
AFFINE_ADD(g1_affine_add, fp_t, FP_OP, fp_inv_vartime)
AFFINE_ADD(g2_affine_add, fp2_t, FP2_OP, fp2_inv_vartime)

/* y^2 = x^3 + b, the curve's equation in affine coordinates. */
#define ON_CURVE(NAME, FE, F, B)                                                        \
    static int NAME(const FE *x, const FE *y) {                                         \
        FE lhs, rhs;                                                                    \
        F(sqr)(&lhs, y);                                                                \
        F(sqr)(&rhs, x);                                                                \
        F(mul)(&rhs, &rhs, x);                                                          \
        F(add)(&rhs, &rhs, &B);                                                         \
        return (int)(F(eq)(&lhs, &rhs) & 1);                                            \
    }

ON_CURVE(g1_affine_on_curve, fp_t, FP_OP, G1_B)
ON_CURVE(g2_affine_on_curve, fp2_t, FP2_OP, G2_B)

/* ---- G1 ----------------------------------------------------------------- */

/* The affine coordinates of a point of E(Fp), *inf = 1 for the identity. */
static int read_g1_affine(fp_t *x, fp_t *y, int *inf, const uint8_t in[EIP_G1]) {
    int status;
    if ((status = read_fp(x, in)) || (status = read_fp(y, in + EIP_FP))) return status;
    *inf = all_zero(in, EIP_G1);
    if (!*inf && !g1_affine_on_curve(x, y)) return PYBLS_ERR_NOT_ON_CURVE;
    return PYBLS_OK;
}

/* A point of E(Fp) (on the curve, in G1 too if `subgroup`). */
static int read_g1(g1_t *r, const uint8_t in[EIP_G1], int subgroup) {
    fp_t x, y;
    int inf, status = read_g1_affine(&x, &y, &inf, in);
    if (status) return status;
    if (inf) {
        g1_set_identity(r);
        return PYBLS_OK;
    }
    g1_from_affine(r, &x, &y);
    if (subgroup && !g1_in_subgroup_vartime(r)) return PYBLS_ERR_NOT_IN_SUBGROUP;
    return PYBLS_OK;
}

static void write_g1(uint8_t out[EIP_G1], const g1_t *p) {
    fp_t zi, x, y;
    if (g1_is_identity(p)) {
        for (int i = 0; i < EIP_G1; i++) out[i] = 0;
        return;
    }
    fp_inv_vartime(&zi, &p->z);
    fp_mul(&x, &p->x, &zi);
    fp_mul(&y, &p->y, &zi);
    write_fp(out, &x);
    write_fp(out + EIP_FP, &y);
}

int pybls_eip2537_g1_add(uint8_t *out128, const uint8_t *in256) {
    fp_t x1, y1, x2, y2;
    int inf1, inf2, status;
    if ((status = read_g1_affine(&x1, &y1, &inf1, in256)) ||
        (status = read_g1_affine(&x2, &y2, &inf2, in256 + EIP_G1)))
        return status;
    if (inf1 || inf2) { /* the other point, as given (a valid encoding) */
        ct_memcpy(out128, inf1 ? in256 + EIP_G1 : in256, EIP_G1);
        return PYBLS_OK;
    }
    if (!g1_affine_add(&x1, &y1, &x1, &y1, &x2, &y2)) {
        for (int i = 0; i < EIP_G1; i++) out128[i] = 0;
        return PYBLS_OK;
    }
    write_fp(out128, &x1);
    write_fp(out128 + EIP_FP, &y1);
    return PYBLS_OK;
}

int pybls_eip2537_g1_decode(uint8_t *out, const uint8_t *in128, uint32_t subgroup) {
    g1_t p;
    int status = read_g1(&p, in128, subgroup != 0);
    if (status) return status;
    STORE(out, p);
    return PYBLS_OK;
}

int pybls_eip2537_g1_encode(uint8_t *out128, const uint8_t *p) {
    LOAD(g1_t, q, p);
    write_g1(out128, &q);
    return PYBLS_OK;
}

/* ---- G2 ----------------------------------------------------------------- */

static int read_fp2(fp2_t *r, const uint8_t in[2 * EIP_FP]) {
    int status = read_fp(&r->c0, in);
    return status ? status : read_fp(&r->c1, in + EIP_FP);
}

static void write_fp2(uint8_t out[2 * EIP_FP], const fp2_t *a) {
    write_fp(out, &a->c0);
    write_fp(out + EIP_FP, &a->c1);
}

static int read_g2_affine(fp2_t *x, fp2_t *y, int *inf, const uint8_t in[EIP_G2]) {
    int status;
    if ((status = read_fp2(x, in)) || (status = read_fp2(y, in + 2 * EIP_FP))) return status;
    *inf = all_zero(in, EIP_G2);
    if (!*inf && !g2_affine_on_curve(x, y)) return PYBLS_ERR_NOT_ON_CURVE;
    return PYBLS_OK;
}

static int read_g2(g2_t *r, const uint8_t in[EIP_G2], int subgroup) {
    fp2_t x, y;
    int inf, status = read_g2_affine(&x, &y, &inf, in);
    if (status) return status;
    if (inf) {
        g2_set_identity(r);
        return PYBLS_OK;
    }
    g2_from_affine(r, &x, &y);
    if (subgroup && !g2_in_subgroup_vartime(r)) return PYBLS_ERR_NOT_IN_SUBGROUP;
    return PYBLS_OK;
}

static void write_g2(uint8_t out[EIP_G2], const g2_t *p) {
    fp2_t zi, x, y;
    if (g2_is_identity(p)) {
        for (int i = 0; i < EIP_G2; i++) out[i] = 0;
        return;
    }
    fp2_inv_vartime(&zi, &p->z);
    fp2_mul(&x, &p->x, &zi);
    fp2_mul(&y, &p->y, &zi);
    write_fp2(out, &x);
    write_fp2(out + 2 * EIP_FP, &y);
}

int pybls_eip2537_g2_add(uint8_t *out256, const uint8_t *in512) {
    fp2_t x1, y1, x2, y2;
    int inf1, inf2, status;
    if ((status = read_g2_affine(&x1, &y1, &inf1, in512)) ||
        (status = read_g2_affine(&x2, &y2, &inf2, in512 + EIP_G2)))
        return status;
    if (inf1 || inf2) {
        ct_memcpy(out256, inf1 ? in512 + EIP_G2 : in512, EIP_G2);
        return PYBLS_OK;
    }
    if (!g2_affine_add(&x1, &y1, &x1, &y1, &x2, &y2)) {
        for (int i = 0; i < EIP_G2; i++) out256[i] = 0;
        return PYBLS_OK;
    }
    write_fp2(out256, &x1);
    write_fp2(out256 + 2 * EIP_FP, &y1);
    return PYBLS_OK;
}

int pybls_eip2537_g2_decode(uint8_t *out, const uint8_t *in256, uint32_t subgroup) {
    g2_t p;
    int status = read_g2(&p, in256, subgroup != 0);
    if (status) return status;
    STORE(out, p);
    return PYBLS_OK;
}

int pybls_eip2537_g2_encode(uint8_t *out256, const uint8_t *p) {
    LOAD(g2_t, q, p);
    write_g2(out256, &q);
    return PYBLS_OK;
}

/* ---- One pair of an MSM: a point of the subgroup times any 256-bit scalar */

/* The scalar reduced modulo r (which leaves k P unchanged for P in G1/G2). */
static void read_scalar(fr_t *k, const uint8_t in[EIP_SCALAR]) {
    uint8_t wide[2 * CURVE_FR_BYTES] = {0};
    for (int i = 0; i < EIP_SCALAR; i++) wide[sizeof wide - EIP_SCALAR + i] = in[i];
    fr_from_bytes_wide(k, wide);
}

int pybls_eip2537_g1_mul(uint8_t *out128, const uint8_t *in160) {
    g1_t p;
    fr_t k;
    int status = read_g1(&p, in160, 0);
    if (status) return status;
    read_scalar(&k, in160 + EIP_G1);
    if (!g1_mul_checked_vartime(&p, &p, &k)) return PYBLS_ERR_NOT_IN_SUBGROUP;
    write_g1(out128, &p);
    return PYBLS_OK;
}

int pybls_eip2537_g2_mul(uint8_t *out256, const uint8_t *in288) {
    g2_t p;
    fr_t k;
    int status = read_g2(&p, in288, 1);
    if (status) return status;
    read_scalar(&k, in288 + EIP_G2);
    g2_mul_subgroup_vartime(&p, &p, &k);
    write_g2(out256, &p);
    return PYBLS_OK;
}
