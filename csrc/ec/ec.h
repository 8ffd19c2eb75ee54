/*
 * ec.h - the curve groups: G1 on E(Fp): y^2 = x^3 + b and G2 on the twist
 * E'(Fp2): y^2 = x^3 + b' (on BLS12-381 b = 4, b' = 4(u + 1)), both in
 * homogeneous projective
 * coordinates (X : Y : Z) with x = X/Z, y = Y/Z and the identity (0 : 1 : 0).
 *
 * A point's internal byte representation (PYBLS_G1_SIZE, PYBLS_G2_SIZE) is
 * the bytes of g1_t / g2_t. The two groups share one implementation
 * (ec_*_template.h, instantiated by g1.c and g2.c), so they also share this
 * list of operations.
 *
 * Constant time unless the name ends in _vartime or the operation only
 * makes sense on public data (encodings, subgroup checks, multi-scalar
 * multiplication); G##_mul is constant time in the scalar and branches only
 * on whether the point is in the subgroup. Scalar multiplications are right
 * for every point of the curve, in the subgroup or not. Outputs may alias
 * inputs.
 */
#ifndef PYBLS_EC_H
#define PYBLS_EC_H

#include "field/field.h"

/* The point encodings of the curve's users (ec_encoding_*_template.h). */
#if CURVE_ENCODING_EIP196
#define EC_ENCODING_TEMPLATE "ec/ec_encoding_eip196_template.h"
#elif CURVE_ENCODING_MCL
#define EC_ENCODING_TEMPLATE "ec/ec_encoding_mcl_template.h"
#else
#define EC_ENCODING_TEMPLATE "ec/ec_encoding_template.h"
#endif

/* G2's coordinates: Fp2, or Fp8 on BLS48 curves. */
#if CURVE_FAMILY_BLS48
#include "field/tower48.h"
typedef fp8_t g2_fe_t;
#else
typedef fp2_t g2_fe_t;
#endif

typedef struct { fp_t x, y, z; } g1_t;
typedef struct { g2_fe_t x, y, z; } g2_t;

#define EC_DECLARE_GROUP(G, point_t, field_t)                                               \
    void G##_set_identity(point_t *r);                                                      \
    void G##_set_generator(point_t *r);                                                     \
    void G##_from_affine(point_t *r, const field_t *x, const field_t *y);                  \
    /* Affine coordinates (one inversion); the identity gives (0, 0). */                    \
    void G##_to_affine(field_t *x, field_t *y, const point_t *p);                           \
    void G##_add(point_t *r, const point_t *a, const point_t *b);                           \
    void G##_dbl(point_t *r, const point_t *a);                                             \
    void G##_neg(point_t *r, const point_t *a);                                             \
    limb_t G##_eq(const point_t *a, const point_t *b);          /* all-ones mask or 0 */   \
    limb_t G##_is_identity(const point_t *a);                                               \
    limb_t G##_is_on_curve(const point_t *a);                                               \
    /* Membership of the order-r subgroup, for a point on the curve. */                    \
    int G##_in_subgroup_vartime(const point_t *a);                                          \
    /* Multiplication by the effective cofactor of RFC 9380 (maps E onto G). */             \
    void G##_clear_cofactor(point_t *r, const point_t *a);                                  \
    /* [|x|]P for the BLS parameter x (a fixed public chain). */                           \
    void G##_mul_x_abs(point_t *r, const point_t *p);                                       \
    void G##_mul(point_t *r, const point_t *p, const fr_t *k);                              \
    void G##_mul_vartime(point_t *r, const point_t *p, const fr_t *k);                      \
    /* The same for a point the caller knows to be in the subgroup (else wrong). */         \
    void G##_mul_subgroup(point_t *r, const point_t *p, const fr_t *k);                     \
    void G##_mul_subgroup_vartime(point_t *r, const point_t *p, const fr_t *k);             \
    /* Bytes of scratch G##_msm needs for n points, or -1 if n is too large. */            \
    int G##_msm_scratch_size(uint32_t n);                                                   \
    /* sum [k_i] P_i over n internal point buffers and n internal scalars. */              \
    int G##_msm(point_t *r, const uint8_t *points, const uint8_t *scalars, uint32_t n,     \
                uint8_t *scratch, size_t scratch_len);                                      \
    /* The same with constant-time inversions, for points that may be secret. */         \
    int G##_msm_secret_points(point_t *r, const uint8_t *points, const uint8_t *scalars,   \
                              uint32_t n, uint8_t *scratch, size_t scratch_len);            \
    /* Bytes of scratch G##_sum needs for n points, or -1 if n is too large. */            \
    int G##_sum_scratch_size(uint32_t n);                                                   \
    /* sum P_i over n internal point buffers (public points; variable time). */             \
    int G##_sum(point_t *r, const uint8_t *points, uint32_t n, uint8_t *scratch, size_t scratch_len); \
    /* The sums of the first cols columns of rows rows of row_len points each, stored   \
     * row by row; the scratch is G##_sum_scratch_size(rows). */                           \
    int G##_sum_columns(point_t *r, const uint8_t *points, uint32_t rows, uint32_t row_len, \
                        uint32_t cols, uint8_t *scratch, size_t scratch_len);               \
    /* Fixed-base MSM (ec_msm_fixed_template.h): the table of n points for a            \
     * precompute parameter (0..15), its size, and sum [k_i] P_i from it (variable time, \
     * public points and scalars); sizes are -1 if too large. */                          \
    int G##_fixed_table_size(uint32_t n, uint32_t precompute);                             \
    int G##_fixed_table_scratch_size(uint32_t n);                                          \
    int G##_fixed_table(uint8_t *table, const uint8_t *points, uint32_t n, uint32_t precompute, \
                        uint8_t *scratch, size_t scratch_len);                              \
    int G##_fixed_msm_scratch_size(uint32_t count, uint32_t n, uint32_t precompute);       \
    int G##_fixed_msm(uint8_t *out, uint32_t count, const uint8_t *table, const uint8_t *scalars, \
                      uint32_t n, uint32_t precompute, uint8_t *scratch, size_t scratch_len); \
    /* sum x^k P_k over n internal point buffers P_0..P_{n-1} (public; variable time). */  \
    int G##_poly_eval(point_t *r, const uint8_t *points, uint32_t n, uint32_t x);          \
    /* out[t] = sum_k [root^(t k)] in[k] for count (a power of two, at most 2^16) internal  \
     * buffers of subgroup points and a root of order count (ec_fft_template.h; variable  \
     * time). */                                                                           \
    int G##_fft(uint8_t *out, uint32_t count, const uint8_t *in, const fr_t *root);        \
    void G##_compress(uint8_t *out, const point_t *p);                                      \
    void G##_serialize(uint8_t *out, const point_t *p);                                     \
    /* PYBLS_OK or the PYBLS_ERR_* status saying what was wrong. */                        \
    int G##_decode(point_t *r, const uint8_t *in, uint32_t len, uint32_t flags);            \
    int G##_from_affine_bytes(point_t *r, const uint8_t *x, const uint8_t *y, uint32_t flags);

EC_DECLARE_GROUP(g1, g1_t, fp_t)
#if CURVE_FAMILY_BLS48
/* a + b with every case handled, for points outside G1 whose difference
 * has order 2 (the complete formulas' exceptional case); variable time. */
void g1_add_exact(g1_t *r, const g1_t *a, const g1_t *b);
#endif
EC_DECLARE_GROUP(g2, g2_t, g2_fe_t)

#if CURVE_FAMILY_BLS12
/* [k]P in variable time for a point of the curve that this checks to be
 * in G1, sharing the check's work: 1, or 0 (r untouched) if P is not. */
int g1_mul_checked_vartime(g1_t *r, const g1_t *p, const fr_t *k);
#endif

#endif /* PYBLS_EC_H */
