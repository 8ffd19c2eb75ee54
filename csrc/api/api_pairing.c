/* api_pairing.c - the public ABI for GT and the pairing. */
#include "pybls.h"
#include "curves/consts.h"
#include "pairing/gt.h"
#include "pairing/pairing.h"
#include "ec/ec.h"

#define LOAD(type, name, buf) type name; ct_memcpy(&name, buf, sizeof name)
#define STORE(buf, name) ct_memcpy(buf, &name, sizeof name)

/* Internal point layouts (homogeneous projective; Z = 0 is the identity).
 * Their sizes, and GT_BYTES, are the curve's: on BLS12-381 those of the
 * ABI (pybls.h). */
typedef struct { fp_t x, y, z; } g1_projective_bytes_t;
typedef struct { g2_field_t x, y, z; } g2_projective_bytes_t;
#define G1_BYTES sizeof(g1_projective_bytes_t)
#define G2_BYTES sizeof(g2_projective_bytes_t)
#if CURVE_FAMILY_BLS12
_Static_assert(G1_BYTES == PYBLS_G1_SIZE && G2_BYTES == PYBLS_G2_SIZE && GT_BYTES == PYBLS_GT_BYTES &&
                   sizeof(fp12_t) == PYBLS_GT_SIZE,
               "BLS12-381's internal sizes are the ABI's");
#endif

int pybls_gt_one(uint8_t *out) {
    gt_field_t r;
    GT(set_one)(&r);
    STORE(out, r);
    return PYBLS_OK;
}

int pybls_gt_mul(uint8_t *out, const uint8_t *a, const uint8_t *b) {
    LOAD(gt_field_t, x, a);
    LOAD(gt_field_t, y, b);
    GT(mul)(&x, &x, &y);
    STORE(out, x);
    return PYBLS_OK;
}

int pybls_gt_inv(uint8_t *out, const uint8_t *a) {
    LOAD(gt_field_t, x, a);
    GT(conj)(&x, &x);
    STORE(out, x);
    return PYBLS_OK;
}

int pybls_gt_sqr(uint8_t *out, const uint8_t *a) {
    LOAD(gt_field_t, x, a);
    GT(cyclotomic_sqr)(&x, &x);
    STORE(out, x);
    return PYBLS_OK;
}

int pybls_gt_pow(uint8_t *out, const uint8_t *a, const uint8_t *scalar) {
    LOAD(gt_field_t, x, a);
    LOAD(fr_t, e, scalar);
    gt_pow(&x, &x, &e);
    ct_memzero(&e, sizeof e);
    STORE(out, x);
    return PYBLS_OK;
}

int pybls_gt_pow_vartime(uint8_t *out, const uint8_t *a, const uint8_t *scalar) {
    LOAD(gt_field_t, x, a);
    LOAD(fr_t, e, scalar);
    gt_pow_vartime(&x, &x, &e);
    STORE(out, x);
    return PYBLS_OK;
}

int pybls_gt_eq(const uint8_t *a, const uint8_t *b) {
    LOAD(gt_field_t, x, a);
    LOAD(gt_field_t, y, b);
    return (int)(GT(eq)(&x, &y) & 1);
}

int pybls_gt_is_one(const uint8_t *a) {
    LOAD(gt_field_t, x, a);
    return (int)(GT(is_one)(&x) & 1);
}

int pybls_gt_encode(uint8_t *out, const uint8_t *a) {
    LOAD(gt_field_t, x, a);
    gt_encode(out, &x);
    return PYBLS_OK;
}

int pybls_gt_decode(uint8_t *out, const uint8_t *in, uint32_t len) {
    gt_field_t x;
    if (len != GT_BYTES) return PYBLS_ERR_LENGTH;
    if (!(gt_decode_coefficients(&x, in) & 1)) return PYBLS_ERR_NONCANONICAL;
    if (!gt_is_member_vartime(&x)) return PYBLS_ERR_NOT_IN_SUBGROUP;
    STORE(out, x);
    return PYBLS_OK;
}

/* The keys of center / K_i and center * K_i for n internal GT elements K_i
 * (1 / K_i is the conjugate in GT): the last 8 bytes of each encoding (the
 * low 64 bits of its constant coefficient), little-endian. The giant steps
 * of SHE's GT decryption tables; variable time, for public values. */
int pybls_gt_step_keys(uint8_t *out, uint32_t out_len, const uint8_t *center, const uint8_t *steps, uint32_t n) {
    if ((uint64_t)out_len != (uint64_t)n * 16) return PYBLS_ERR_ARGUMENT;
    LOAD(gt_field_t, c, center);
    uint8_t enc[GT_BYTES];
    for (uint32_t i = 0; i < n; i++) {
        gt_field_t k, r;
        ct_memcpy(&k, steps + (size_t)i * sizeof k, sizeof k);
        for (int side = 0; side < 2; side++) {
            if (side == 0) {
                GT(conj)(&r, &k);
                GT(mul)(&r, &c, &r);
            } else {
                GT(mul)(&r, &c, &k);
            }
            gt_encode(enc, &r);
            uint8_t *key = out + (size_t)i * 16 + 8 * side;
            for (int b = 0; b < 8; b++) key[b] = enc[GT_BYTES - 1 - b];
        }
    }
    return PYBLS_OK;
}

#if CURVE_FAMILY_BLS48
/* Affine coordinates of n pairs, in constant time (a secret point is
 * possible: an IBE key). A pair with an identity becomes (0, 0) and the G2
 * generator, whose line values at (0, 0) lie in Fp8 + Fp8 s z, a field
 * (Fp24 = Fp8[s z], (s z)^2 = -z^3 = w) the final exponentiation maps to 1;
 * the pair then adds nothing, as e(O, Q) = e(P, O) = 1 requires. */
static void load_pairs(g1_affine_t *p, g2_affine_t *q, const uint8_t *g1s, const uint8_t *g2s, int n) {
    g2_affine_t gen = {G2_GEN_X, G2_GEN_Y};
    fp_t zero;
    fp_set_zero(&zero);
    for (int i = 0; i < n; i++) {
        g1_projective_bytes_t a;
        g2_projective_bytes_t b;
        fp_t zi;
        g2_field_t zi2;
        ct_memcpy(&a, g1s + (size_t)i * G1_BYTES, sizeof a);
        ct_memcpy(&b, g2s + (size_t)i * G2_BYTES, sizeof b);
        limb_t identity = fp_is_zero(&a.z) | fp8_is_zero(&b.z);
        fp_inv(&zi, &a.z);
        fp_mul(&p[i].x, &a.x, &zi);
        fp_mul(&p[i].y, &a.y, &zi);
        fp8_inv(&zi2, &b.z);
        fp8_mul(&q[i].x, &b.x, &zi2);
        fp8_mul(&q[i].y, &b.y, &zi2);
        ct_cmov(&p[i].x, &zero, sizeof zero, identity);
        ct_cmov(&p[i].y, &zero, sizeof zero, identity);
        ct_cmov(&q[i], &gen, sizeof gen, identity);
    }
}
#else
/* Affine coordinates of n pairs, in constant time: the pairing may take a
 * secret point (an IBE key). If either point of a pair is the identity, the
 * pair becomes (0, 0) and the G2 generator: every line value at P = (0, 0)
 * lies in Fp2 (M-type twist) or in Fp2 v w (D-type twist: (v w)^2 = xi and
 * conj(v w) = -v w), which the final exponentiation maps to 1, so the pair
 * adds nothing to the product, as e(O, Q) = e(P, O) = 1 requires.
 * One field inversion serves all 2n denominators (Montgomery's trick: the
 * G1 Z and the norm of the G2 Z of each pair); a zero denominator is
 * replaced by one, its pair being replaced anyway. */
static void load_pairs(g1_affine_t *p, g2_affine_t *q, const uint8_t *g1s, const uint8_t *g2s, int n) {
    g1_projective_bytes_t a[MILLER_MAX_PAIRS];
    g2_projective_bytes_t b[MILLER_MAX_PAIRS];
    limb_t identity[MILLER_MAX_PAIRS];
    fp_t d[2 * MILLER_MAX_PAIRS], prefix[2 * MILLER_MAX_PAIRS], inv, t, zero;
    g2_affine_t gen = {G2_GEN_X, G2_GEN_Y};
    fp_set_zero(&zero);
    for (int i = 0; i < n; i++) {
        ct_memcpy(&a[i], g1s + (size_t)i * G1_BYTES, sizeof a[i]);
        ct_memcpy(&b[i], g2s + (size_t)i * G2_BYTES, sizeof b[i]);
        d[2 * i] = a[i].z;
        fp_sqr(&d[2 * i + 1], &b[i].z.c0);
        fp_sqr(&t, &b[i].z.c1);
        fp_add(&d[2 * i + 1], &d[2 * i + 1], &t);
        identity[i] = fp_is_zero(&d[2 * i]) | fp_is_zero(&d[2 * i + 1]);
        ct_cmov(&d[2 * i], &FP_ONE, sizeof t, fp_is_zero(&d[2 * i]));
        ct_cmov(&d[2 * i + 1], &FP_ONE, sizeof t, fp_is_zero(&d[2 * i + 1]));
    }
    prefix[0] = d[0];
    for (int i = 1; i < 2 * n; i++) fp_mul(&prefix[i], &prefix[i - 1], &d[i]);
    fp_inv(&inv, &prefix[2 * n - 1]);
    for (int i = 2 * n - 1; i > 0; i--) {
        fp_mul(&t, &inv, &prefix[i - 1]); /* 1 / d[i] */
        fp_mul(&inv, &inv, &d[i]);
        d[i] = t;
    }
    d[0] = inv;
    for (int i = 0; i < n; i++) {
        fp2_t zi2;
        fp_mul(&p[i].x, &a[i].x, &d[2 * i]);
        fp_mul(&p[i].y, &a[i].y, &d[2 * i]);
        /* 1 / z = conj(z) / norm(z) */
        fp_mul(&zi2.c0, &b[i].z.c0, &d[2 * i + 1]);
        fp_mul(&t, &b[i].z.c1, &d[2 * i + 1]);
        fp_neg(&zi2.c1, &t);
        fp2_mul(&q[i].x, &b[i].x, &zi2);
        fp2_mul(&q[i].y, &b[i].y, &zi2);
        ct_cmov(&p[i].x, &zero, sizeof zero, identity[i]);
        ct_cmov(&p[i].y, &zero, sizeof zero, identity[i]);
        ct_cmov(&q[i], &gen, sizeof gen, identity[i]);
    }
}

#endif

int pybls_miller_loop(uint8_t *out, const uint8_t *g1, const uint8_t *g2) {
    gt_field_t f;
    g1_affine_t p;
    g2_affine_t q;
    GT(set_one)(&f);
    load_pairs(&p, &q, g1, g2, 1);
    miller_loop_affine(&f, &p, &q, 1);
    STORE(out, f);
    return PYBLS_OK;
}

int pybls_final_exponentiation(uint8_t *out, const uint8_t *fbuf) {
    LOAD(gt_field_t, f, fbuf);
    if (GT(eq)(&f, &(gt_field_t){0}) & 1) return PYBLS_ERR_ZERO_DIVISOR;
    final_exponentiation(&f, &f);
    STORE(out, f);
    return PYBLS_OK;
}

static int pairing_product_checking(uint8_t *out, const uint8_t *g1s, const uint8_t *g2s, uint32_t n,
                                    int check_g2);

int pybls_pairing_product(uint8_t *out, const uint8_t *g1s, const uint8_t *g2s, uint32_t n) {
    return pairing_product_checking(out, g1s, g2s, n, 0);
}

int pybls_pairing(uint8_t *out, const uint8_t *g1, const uint8_t *g2) {
    return pybls_pairing_product(out, g1, g2, 1);
}

/* `count` products of n pairings each, product k of the pairs k n .. k n +
 * n - 1 (SHE's multiplication: four products of one pair). The pairs go
 * through load_pairs MILLER_MAX_PAIRS at a time whatever product they
 * belong to, sharing its inversion; consecutive pairs of one product share
 * a Miller loop. Each product is accumulated in its slot of out, then
 * raised to the final exponent. */
int pybls_pairing_products(uint8_t *out, uint32_t count, const uint8_t *g1s, const uint8_t *g2s, uint32_t n) {
    g1_affine_t p[MILLER_MAX_PAIRS];
    g2_affine_t q[MILLER_MAX_PAIRS];
    gt_field_t f;
    if (count == 0 || n == 0 || (uint64_t)count * n > 0xffffffu) return PYBLS_ERR_ARGUMENT;
    const uint32_t total = count * n;
    GT(set_one)(&f);
    for (uint32_t k = 0; k < count; k++) STORE(out + (size_t)k * sizeof f, f);
    for (uint32_t i = 0; i < total; i += MILLER_MAX_PAIRS) {
        const int m = total - i < MILLER_MAX_PAIRS ? (int)(total - i) : MILLER_MAX_PAIRS;
        load_pairs(p, q, g1s + (size_t)i * G1_BYTES, g2s + (size_t)i * G2_BYTES, m);
        for (int j = 0; j < m;) {
            const uint32_t k = (i + (uint32_t)j) / n;
            int len = (int)((k + 1) * n - (i + (uint32_t)j)); /* pairs left in product k */
            if (len > m - j) len = m - j;
            uint8_t *slot = out + (size_t)k * sizeof f;
            ct_memcpy(&f, slot, sizeof f);
            miller_loop_affine(&f, p + j, q + j, len);
            STORE(slot, f);
            j += len;
        }
    }
    for (uint32_t k = 0; k < count; k++) {
        uint8_t *slot = out + (size_t)k * sizeof f;
        ct_memcpy(&f, slot, sizeof f);
        final_exponentiation(&f, &f);
        STORE(slot, f);
    }
    return PYBLS_OK;
}

/* The G2 point of a pair whose G1 point is the identity skips the Miller
 * loop (load_pairs replaces the pair), so it is checked on its own. */
static int identity_pairs_in_g2(const uint8_t *g1s, const uint8_t *g2s, int n) {
    for (int j = 0; j < n; j++) {
        LOAD(g1_projective_bytes_t, a, g1s + (size_t)j * G1_BYTES);
        LOAD(g2_t, b, g2s + (size_t)j * G2_BYTES);
#if CURVE_FAMILY_BLS48
        (void)a; /* no check in the loop: every G2 point is checked here */
#else
        if (!(fp_is_zero(&a.z) & 1)) continue;
#endif
        if (!g2_in_subgroup_vartime(&b)) return 0;
    }
    return 1;
}

/* The product of n pairings; with check_g2, PYBLS_ERR_NOT_IN_SUBGROUP if
 * a G2 point is outside G2 (the Miller loop decides it, except on BLS48). */
static int pairing_product_checking(uint8_t *out, const uint8_t *g1s, const uint8_t *g2s, uint32_t n,
                                    int check_g2) {
    g1_affine_t p[MILLER_MAX_PAIRS];
    g2_affine_t q[MILLER_MAX_PAIRS];
    gt_field_t f;
    GT(set_one)(&f);
    for (uint32_t i = 0; i < n; i += MILLER_MAX_PAIRS) {
        int k = n - i < MILLER_MAX_PAIRS ? (int)(n - i) : MILLER_MAX_PAIRS;
        const uint8_t *a = g1s + (size_t)i * G1_BYTES, *b = g2s + (size_t)i * G2_BYTES;
        if (check_g2 && !identity_pairs_in_g2(a, b, k)) return PYBLS_ERR_NOT_IN_SUBGROUP;
        load_pairs(p, q, a, b, k);
#if !CURVE_FAMILY_BLS48
        if (check_g2) {
            if (!(miller_loop_affine_g2_check(&f, p, q, k) & 1)) return PYBLS_ERR_NOT_IN_SUBGROUP;
            continue;
        }
#endif
        miller_loop_affine(&f, p, q, k);
    }
    final_exponentiation(&f, &f);
    STORE(out, f);
    return PYBLS_OK;
}

int pybls_pairing_product_g2_check(uint8_t *out, const uint8_t *g1s, const uint8_t *g2s, uint32_t n) {
    return pairing_product_checking(out, g1s, g2s, n, 1);
}
