/* api_pairing.c - the public ABI for GT and the pairing. */
#include "pybls.h"
#include "consts.h"
#include "gt.h"
#include "pairing.h"

#define LOAD(type, name, buf) type name; ct_memcpy(&name, buf, sizeof name)
#define STORE(buf, name) ct_memcpy(buf, &name, sizeof name)

/* Internal point layouts (homogeneous projective; Z = 0 is the identity). */
typedef struct { fp_t x, y, z; } g1_projective_bytes_t;
typedef struct { fp2_t x, y, z; } g2_projective_bytes_t;

int pybls_gt_one(uint8_t *out) {
    fp12_t r;
    fp12_set_one(&r);
    STORE(out, r);
    return PYBLS_OK;
}

int pybls_gt_mul(uint8_t *out, const uint8_t *a, const uint8_t *b) {
    LOAD(fp12_t, x, a);
    LOAD(fp12_t, y, b);
    fp12_mul(&x, &x, &y);
    STORE(out, x);
    return PYBLS_OK;
}

int pybls_gt_inv(uint8_t *out, const uint8_t *a) {
    LOAD(fp12_t, x, a);
    fp12_conj(&x, &x);
    STORE(out, x);
    return PYBLS_OK;
}

int pybls_gt_sqr(uint8_t *out, const uint8_t *a) {
    LOAD(fp12_t, x, a);
    fp12_cyclotomic_sqr(&x, &x);
    STORE(out, x);
    return PYBLS_OK;
}

int pybls_gt_pow(uint8_t *out, const uint8_t *a, const uint8_t *scalar) {
    LOAD(fp12_t, x, a);
    LOAD(fr_t, e, scalar);
    gt_pow(&x, &x, &e);
    ct_memzero(&e, sizeof e);
    STORE(out, x);
    return PYBLS_OK;
}

int pybls_gt_eq(const uint8_t *a, const uint8_t *b) {
    LOAD(fp12_t, x, a);
    LOAD(fp12_t, y, b);
    return (int)(fp12_eq(&x, &y) & 1);
}

int pybls_gt_is_one(const uint8_t *a) {
    LOAD(fp12_t, x, a);
    return (int)(fp12_is_one(&x) & 1);
}

int pybls_gt_encode(uint8_t *out576, const uint8_t *a) {
    LOAD(fp12_t, x, a);
    gt_encode(out576, &x);
    return PYBLS_OK;
}

int pybls_gt_decode(uint8_t *out, const uint8_t *in, uint32_t len) {
    fp12_t x;
    if (len != PYBLS_GT_BYTES) return PYBLS_ERR_LENGTH;
    if (!(gt_decode_coefficients(&x, in) & 1)) return PYBLS_ERR_NONCANONICAL;
    if (!gt_is_member_vartime(&x)) return PYBLS_ERR_NOT_IN_SUBGROUP;
    STORE(out, x);
    return PYBLS_OK;
}

/* Affine coordinates of a pair's points, in constant time: the pairing may
 * take a secret point (an IBE key). If either point is the identity, the
 * pair becomes (0, 0) and the G2 generator: every line value at P = (0, 0)
 * lies in Fp2, which the final exponentiation maps to 1, so the pair adds
 * nothing to the product, as e(O, Q) = e(P, O) = 1 requires. */
static void load_pair(g1_affine_t *p, g2_affine_t *q, const uint8_t *g1, const uint8_t *g2) {
    LOAD(g1_projective_bytes_t, a, g1);
    LOAD(g2_projective_bytes_t, b, g2);
    limb_t identity = fp_is_zero(&a.z) | fp2_is_zero(&b.z);
    fp_t zi, zero;
    fp2_t zi2;
    g2_affine_t gen = {G2_GEN_X, G2_GEN_Y};
    fp_inv(&zi, &a.z);
    fp_mul(&p->x, &a.x, &zi);
    fp_mul(&p->y, &a.y, &zi);
    fp2_inv(&zi2, &b.z);
    fp2_mul(&q->x, &b.x, &zi2);
    fp2_mul(&q->y, &b.y, &zi2);
    fp_set_zero(&zero);
    ct_cmov(&p->x, &zero, sizeof zero, identity);
    ct_cmov(&p->y, &zero, sizeof zero, identity);
    ct_cmov(q, &gen, sizeof gen, identity);
}

int pybls_miller_loop(uint8_t *out, const uint8_t *g1, const uint8_t *g2) {
    fp12_t f;
    g1_affine_t p;
    g2_affine_t q;
    fp12_set_one(&f);
    load_pair(&p, &q, g1, g2);
    miller_loop_affine(&f, &p, &q, 1);
    STORE(out, f);
    return PYBLS_OK;
}

int pybls_final_exponentiation(uint8_t *out, const uint8_t *fbuf) {
    LOAD(fp12_t, f, fbuf);
    if (fp12_eq(&f, &(fp12_t){0}) & 1) return PYBLS_ERR_ZERO_DIVISOR;
    final_exponentiation(&f, &f);
    STORE(out, f);
    return PYBLS_OK;
}

int pybls_pairing_product(uint8_t *out, const uint8_t *g1s, const uint8_t *g2s, uint32_t n) {
    g1_affine_t p[MILLER_MAX_PAIRS];
    g2_affine_t q[MILLER_MAX_PAIRS];
    fp12_t f;
    int k = 0;
    fp12_set_one(&f);
    for (uint32_t i = 0; i < n; i++) {
        load_pair(&p[k], &q[k], g1s + (size_t)i * PYBLS_G1_SIZE, g2s + (size_t)i * PYBLS_G2_SIZE);
        k++;
        if (k == MILLER_MAX_PAIRS || i + 1 == n) {
            miller_loop_affine(&f, p, q, k);
            k = 0;
        }
    }
    final_exponentiation(&f, &f);
    STORE(out, f);
    return PYBLS_OK;
}

int pybls_pairing(uint8_t *out, const uint8_t *g1, const uint8_t *g2) {
    return pybls_pairing_product(out, g1, g2, 1);
}
