/*
 * api_eip2537.c - EIP-2537's encodings and its additions and single
 * multiplications on raw call data (BLS12-381 only).
 *
 * A field element is 64 bytes big-endian, the top 16 zero; an Fp2 element
 * c0 || c1; a point x || y, all zero for the point at infinity. Precompile
 * inputs are public: everything here is variable time (the affine outputs
 * take one variable-time inversion). The status says what kind of error
 * was found first; pybls.evm words the message.
 */
#include "pybls.h"
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

/* Fp2 inversion through the norm: (c0 - c1 u) / (c0^2 + c1^2). */
static void fp2_inv_vartime(fp2_t *r, const fp2_t *a) {
    fp_t n, t;
    fp_sqr(&n, &a->c0);
    fp_sqr(&t, &a->c1);
    fp_add(&n, &n, &t);
    fp_inv_vartime(&n, &n);
    fp_mul(&r->c0, &a->c0, &n);
    fp_mul(&r->c1, &a->c1, &n);
    fp_neg(&r->c1, &r->c1);
}

/* ---- G1 ----------------------------------------------------------------- */

/* A point of E(Fp) (on the curve, in G1 too if `subgroup`). */
static int read_g1(g1_t *r, const uint8_t in[EIP_G1], int subgroup) {
    fp_t x, y;
    int status;
    if ((status = read_fp(&x, in)) || (status = read_fp(&y, in + EIP_FP))) return status;
    if (all_zero(in, EIP_G1)) {
        g1_set_identity(r);
        return PYBLS_OK;
    }
    g1_from_affine(r, &x, &y);
    if (!g1_is_on_curve(r)) return PYBLS_ERR_NOT_ON_CURVE;
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
    g1_t a, b;
    int status;
    if ((status = read_g1(&a, in256, 0)) || (status = read_g1(&b, in256 + EIP_G1, 0))) return status;
    g1_add(&a, &a, &b);
    write_g1(out128, &a);
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

static int read_g2(g2_t *r, const uint8_t in[EIP_G2], int subgroup) {
    fp2_t x, y;
    int status;
    if ((status = read_fp2(&x, in)) || (status = read_fp2(&y, in + 2 * EIP_FP))) return status;
    if (all_zero(in, EIP_G2)) {
        g2_set_identity(r);
        return PYBLS_OK;
    }
    g2_from_affine(r, &x, &y);
    if (!g2_is_on_curve(r)) return PYBLS_ERR_NOT_ON_CURVE;
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
    g2_t a, b;
    int status;
    if ((status = read_g2(&a, in512, 0)) || (status = read_g2(&b, in512 + EIP_G2, 0))) return status;
    g2_add(&a, &a, &b);
    write_g2(out256, &a);
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
