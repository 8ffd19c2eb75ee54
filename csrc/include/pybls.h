/*
 * pybls.h - the one public C ABI of the pybls core (BLS12-381; the
 * libraries of other curves export the same functions under their names,
 * with the sizes of their fields).
 *
 * Rules of this interface (they keep it usable from cffi, ctypes and
 * WebAssembly alike):
 *   - every argument is a pointer to a fixed-size byte buffer, or a
 *     uint32_t length/count; no structs, no callbacks, no 64-bit integers;
 *   - every function returns int: PYBLS_OK (0) or a negative PYBLS_ERR_*
 *     status; predicates return 1 (true) or 0 (false);
 *   - output buffers may alias input buffers of the same type;
 *   - "internal" buffers hold the core's own representation (Montgomery
 *     form, projective coordinates, little-endian limbs). They are only
 *     meaningful to this library; encodings are produced by the *_encode /
 *     *_compress / *_to_bytes functions.
 *
 * The Python bindings (cffi and ctypes) are generated from the function
 * declarations below by build-scripts/gen_bindings.py: keep each declaration
 * on one line, in the form `int pybls_name(type arg, ...);`.
 */
#ifndef PYBLS_H
#define PYBLS_H

#include <stdint.h>

/* Compiled for another curve than BLS12-381 (PYBLS_CURVE_<NAME>), the
 * functions below carry the curve in their names: pybls_bn254_g1_add, ... */
#include "pybls_curve_names.h"

/* Sizes in bytes of internal representations. */
#define PYBLS_SCALAR_SIZE 32 /* Fr element, Montgomery form */
#define PYBLS_FP_SIZE 48     /* Fp element, Montgomery form */
#define PYBLS_G1_SIZE 144    /* projective X, Y, Z over Fp */
#define PYBLS_G2_SIZE 288    /* projective X, Y, Z over Fp2 */
#define PYBLS_GT_SIZE 576    /* Fp12 element, Montgomery form */

/* Sizes in bytes of encodings. */
#define PYBLS_SCALAR_BYTES 32 /* big-endian integer < r */
#define PYBLS_FP_BYTES 48     /* big-endian integer < p */
#define PYBLS_G1_COMPRESSED_BYTES 48
#define PYBLS_G1_UNCOMPRESSED_BYTES 96
#define PYBLS_G2_COMPRESSED_BYTES 96
#define PYBLS_G2_UNCOMPRESSED_BYTES 192
#define PYBLS_GT_BYTES 576
#define PYBLS_AEAD_KEY_BYTES 32   /* ChaCha20-Poly1305 key */
#define PYBLS_AEAD_NONCE_BYTES 12 /* ChaCha20-Poly1305 nonce */
#define PYBLS_AEAD_TAG_BYTES 16   /* Poly1305 tag */

/* Status codes. */
#define PYBLS_OK 0
#define PYBLS_ERR_LENGTH -1          /* input has the wrong length */
#define PYBLS_ERR_FLAGS -2           /* point flag bits are invalid */
#define PYBLS_ERR_NONCANONICAL -3    /* field element >= p or scalar >= r */
#define PYBLS_ERR_NOT_ON_CURVE -4    /* point is not on the curve */
#define PYBLS_ERR_NOT_IN_SUBGROUP -5 /* point/element not of order r */
#define PYBLS_ERR_ZERO_DIVISOR -6    /* inverse of zero requested */
#define PYBLS_ERR_NOT_SQUARE -7      /* square root of a non-residue */
#define PYBLS_ERR_ARGUMENT -8        /* count or size argument out of range */
#define PYBLS_ERR_AUTH -9            /* authentication tag does not match */

/* Flags for pybls_g1_decode / pybls_g2_decode. Decoding always checks
 * lengths, flag bits, canonical coordinates and curve membership; subgroup
 * membership too unless this flag is given (for callers that check it
 * themselves or clear the cofactor). */
#define PYBLS_DECODE_SKIP_SUBGROUP_CHECK 1

/* Flags for pybls_g1_mul_flags / pybls_g2_mul_flags. IN_SUBGROUP: the
 * caller knows the point is in the prime-order subgroup (a generator
 * multiple, a hash-to-curve output, a subgroup-checked decoding), which
 * lets the scalar be split by the endomorphism without a subgroup check;
 * for a point outside it the product is wrong. VARTIME: public scalar and
 * point (variable time in both). */
#define PYBLS_MUL_IN_SUBGROUP 1
#define PYBLS_MUL_VARTIME 2

/* Library information. */
int pybls_abi_version(void);
int pybls_limb_bits(void);
/* 1 if this processor has every instruction set extension the core was
 * compiled to use (x86-64 BMI2 and ADX for Fp when built with -mbmi2
 * -madx), else 0: then no other function may be called. */
int pybls_cpu_supported(void);
/* 1 if this processor is x86-64 with BMI2 and ADX, whatever the core was
 * compiled for, else 0: whether a wheel's build with the Fp assembly can
 * run here (the bindings choose between its two builds by it). */
int pybls_cpu_adx(void);

/* Fr: scalars modulo r (constant time unless marked _vartime). */
int pybls_scalar_from_bytes(uint8_t *out, const uint8_t *in32);
int pybls_scalar_from_bytes_wide(uint8_t *out, const uint8_t *in, uint32_t len);
int pybls_scalar_to_bytes(uint8_t *out32, const uint8_t *a);
int pybls_scalar_add(uint8_t *out, const uint8_t *a, const uint8_t *b);
int pybls_scalar_sub(uint8_t *out, const uint8_t *a, const uint8_t *b);
int pybls_scalar_neg(uint8_t *out, const uint8_t *a);
int pybls_scalar_mul(uint8_t *out, const uint8_t *a, const uint8_t *b);
int pybls_scalar_sqr(uint8_t *out, const uint8_t *a);
int pybls_scalar_inv(uint8_t *out, const uint8_t *a);
int pybls_scalar_pow(uint8_t *out, const uint8_t *a, const uint8_t *exp_be, uint32_t exp_len);
int pybls_scalar_is_zero(const uint8_t *a);
int pybls_scalar_eq(const uint8_t *a, const uint8_t *b);

/* Fr vectors for polynomial commitments (KZG): `count` internal Fr
 * elements back to back, at most 65536. All variable time: KZG has no
 * secret inputs (blobs, cells, evaluation points and the trusted setup are
 * public). from_bytes_batch reads 32-byte big-endian integers and fails
 * with PYBLS_ERR_NONCANONICAL if any is >= r; batch_inv inverts every
 * element (PYBLS_ERR_ZERO_DIVISOR if one is zero); scale_powers writes
 * in[i] * g^i; fft writes scale * sum_j in[j] root^(jk) for a `root` of
 * order count (a power of two), the inverse transform being root^-1 with
 * scale 1/count; its out must not overlap in. */
int pybls_fr_from_bytes_batch(uint8_t *out, uint32_t count, const uint8_t *in);
int pybls_fr_to_bytes_batch(uint8_t *out, uint32_t count, const uint8_t *in);
int pybls_fr_batch_inv(uint8_t *out, uint32_t count, const uint8_t *in);
int pybls_fr_scale_powers(uint8_t *out, uint32_t count, const uint8_t *in, const uint8_t *g);
/* mul_vec: out[i] = a[i] * b[i]. */
int pybls_fr_mul_vec(uint8_t *out, uint32_t count, const uint8_t *a, const uint8_t *b);
int pybls_fr_fft(uint8_t *out, uint32_t count, const uint8_t *in, const uint8_t *root, const uint8_t *scale);
/* bit_reverse: out[reverse(i)] = in[i] for a power-of-two count (out must
 * not overlap in); transpose: the rows x (count / rows) matrix `in`, stored
 * row by row, as its transpose (out must not overlap in). */
int pybls_fr_bit_reverse(uint8_t *out, uint32_t count, const uint8_t *in);
int pybls_fr_transpose(uint8_t *out, uint32_t count, const uint8_t *in, uint32_t rows);
/* coset_interpolate_sum: the `count` coefficients of sum_k weights[k] I_k
 * for k < num, I_k the polynomial of degree < count that takes the values
 * evals[k] (count elements, bit-reversed order) on the coset
 * shift_k <w>, w = 1 / root_inv of order count (a power of two, at most
 * 128); shift_invs holds the num elements 1 / shift_k (KZG cell proofs). */
int pybls_fr_coset_interpolate_sum(uint8_t *out, uint32_t count, const uint8_t *evals, const uint8_t *weights, const uint8_t *shift_invs, uint32_t num, const uint8_t *root_inv);
/* eval_barycentric: the polynomial given by its evaluations at the n-th
 * roots of unity `roots` (any order; n a power of two), at z (scratch: n
 * elements). quotient: the evaluations of (p(X) - y) / (X - z) at those
 * roots from p's, where y = p(z), including at a root equal to z. */
int pybls_fr_eval_barycentric(uint8_t *out, const uint8_t *evals, const uint8_t *roots, uint32_t n, const uint8_t *z, uint8_t *scratch);
int pybls_fr_quotient(uint8_t *out, uint32_t count, const uint8_t *evals, const uint8_t *roots, const uint8_t *z, const uint8_t *y);

/* Fp: the base field (exposed for tests and tools). */
int pybls_fp_from_bytes(uint8_t *out, const uint8_t *in48);
int pybls_fp_to_bytes(uint8_t *out48, const uint8_t *a);
int pybls_fp_add(uint8_t *out, const uint8_t *a, const uint8_t *b);
int pybls_fp_sub(uint8_t *out, const uint8_t *a, const uint8_t *b);
int pybls_fp_neg(uint8_t *out, const uint8_t *a);
int pybls_fp_mul(uint8_t *out, const uint8_t *a, const uint8_t *b);
int pybls_fp_sqr(uint8_t *out, const uint8_t *a);
int pybls_fp_inv(uint8_t *out, const uint8_t *a);
/* The same in variable time, for public values only. */
int pybls_fp_inv_vartime(uint8_t *out, const uint8_t *a);
int pybls_fp_sqrt(uint8_t *out, const uint8_t *a);
int pybls_fp_legendre(const uint8_t *a);

/* Point encodings follow the ZCash/IETF format: compressed G1 is x (48
 * bytes), uncompressed x || y; an Fp2 coordinate c0 + c1*u is written
 * c1 || c0. The top three bits of the first byte are the compression,
 * infinity and sign flags. *_from_affine_bytes take the coordinates in that
 * same big-endian form (without flags), and *_to_affine_bytes give them so
 * (PYBLS_ERR_ARGUMENT for the identity), whatever the curve's encodings.
 * GT encoding: the 12 Fp coefficients of c0 + c1*w (Fp6 = b0 + b1*v +
 * b2*v^2, Fp2 = a0 + a1*u), each 48 bytes big-endian, written from the
 * highest to the lowest: c1.b2.a1, c1.b2.a0, c1.b1.a1, ..., c0.b0.a0 (the
 * order drand/kyber use). The pairing is the optimal ate pairing with the
 * final exponentiation of blst, noble and kyber (the draft-irtf-cfrg-
 * pairing-friendly-curves value cubed). */

/* msm (sum k_i P_i) and sum (sum P_i) take n internal points (and
 * scalars) back to back and a caller-provided scratch buffer of at least
 * *_scratch_size(n) bytes (any alignment; the size depends on n and does
 * not grow with it everywhere: a buffer sized for some n may be short for
 * a smaller one); both are variable time, for public points and scalars. msm_secret_points is msm for points that may
 * be secret (shares of a secret point combined with public coefficients):
 * its field inversions are constant time, and it does not branch on the
 * points outside the exceptional cases of the additions (equal x, the
 * identity); the scalars must be public. sum_columns writes the `count` column sums of
 * a rows x count matrix of internal points stored row by row (scratch:
 * sum_scratch_size(rows) at least; with sum_scratch_size(rows * k), k <= 16
 * columns at a time share the additions' inversions). poly_eval gives sum_k x^k P_k for n internal
 * points P_0..P_{n-1} (a committed polynomial at a small public x), in
 * variable time. */

/* fft writes out[t] = sum_k [root^(t k)] in[k] for `count` internal points
 * of the prime-order subgroup (a power of two, at most 65536) and an
 * internal Fr `root` of order count: the inverse transform is root^-1,
 * unscaled (KZG's FK20 cell proofs). Variable time, for public points; out
 * may be in (else they must not overlap). Outside the subgroup, where
 * scalars act modulo a multiple of r, the twiddles reduced modulo r do not
 * compose and the result is not that sum. */

/* step_keys writes, for n internal points K_i (back to back) and an
 * internal point C, the keys of C - K_i and C + K_i (out_len = 16 n bytes):
 * the low 64 bits of each affine x coordinate (of its constant coefficient
 * in an extension field), little-endian, 8 bytes each; both all zero where
 * x(K_i) = x(C) != x(O) (C = K_i or C = -K_i); the decryption tables of SHE
 * look them up. Variable time, for public points.
 *
 * decrypt_keys begins a SHE decryption in one call: R = S - [k]T for
 * internal points S, T and a secret scalar k, constant time in k (flags:
 * PYBLS_MUL_IN_SUBGROUP if S and T are known to be in the subgroup, as
 * for mul_flags), written first, then the keys of R - K_i and R + K_i as
 * step_keys writes them (out_len = the point's size + 16 n). */

/* decode_batch decodes `count` encodings of `len` bytes each, back to back,
 * as decode does, stopping at the first invalid one (its status). */

/* Fixed-base msm, for points known in advance (a KZG trusted setup; public
 * points and scalars, variable time). fixed_table writes, for each of
 * `count` blocks of n internal points, a table of fixed_table_size(n,
 * precompute) bytes (blocks back to back; scratch: fixed_table_scratch_size(n)).
 * `precompute` (0 to PYBLS_MAX_PRECOMPUTE, as c-kzg's) bounds the table: the
 * points in affine form for 0, at most 2^(precompute-1) shifted copies of
 * each for more, which make the msm faster. fixed_msm writes `count` sums,
 * the k-th of n scalars (at k n) on the k-th block of the table (scratch:
 * fixed_msm_scratch_size(count, n, precompute); several blocks go through
 * the buckets together, sharing inversions). Where E(Fp) has points of
 * order 2 (BLS48-581's G1), fixed_table refuses a point with a component of
 * even order (PYBLS_ERR_NOT_IN_SUBGROUP); only points decoded without the
 * subgroup check can have one. */
#define PYBLS_MAX_PRECOMPUTE 15

/* G1: points on E(Fp): y^2 = x^3 + 4. */
int pybls_g1_generator(uint8_t *out);
int pybls_g1_identity(uint8_t *out);
int pybls_g1_add(uint8_t *out, const uint8_t *a, const uint8_t *b);
int pybls_g1_dbl(uint8_t *out, const uint8_t *a);
int pybls_g1_neg(uint8_t *out, const uint8_t *a);
int pybls_g1_eq(const uint8_t *a, const uint8_t *b);
int pybls_g1_is_identity(const uint8_t *a);
int pybls_g1_is_on_curve(const uint8_t *a);
int pybls_g1_in_subgroup(const uint8_t *a);
int pybls_g1_clear_cofactor(uint8_t *out, const uint8_t *a);
int pybls_g1_mul(uint8_t *out, const uint8_t *p, const uint8_t *scalar);
int pybls_g1_mul_vartime(uint8_t *out, const uint8_t *p, const uint8_t *scalar);
int pybls_g1_mul_flags(uint8_t *out, const uint8_t *p, const uint8_t *scalar, uint32_t flags);
int pybls_g1_msm_scratch_size(uint32_t n);
int pybls_g1_msm(uint8_t *out, const uint8_t *points, const uint8_t *scalars, uint32_t n, uint8_t *scratch, uint32_t scratch_len);
int pybls_g1_msm_secret_points(uint8_t *out, const uint8_t *points, const uint8_t *scalars, uint32_t n, uint8_t *scratch, uint32_t scratch_len);
int pybls_g1_sum_scratch_size(uint32_t n);
int pybls_g1_sum(uint8_t *out, const uint8_t *points, uint32_t n, uint8_t *scratch, uint32_t scratch_len);
int pybls_g1_sum_columns(uint8_t *out, uint32_t count, const uint8_t *points, uint32_t rows, uint8_t *scratch, uint32_t scratch_len);
int pybls_g1_poly_eval(uint8_t *out, const uint8_t *points, uint32_t n, uint32_t x);
int pybls_g1_fft(uint8_t *out, uint32_t count, const uint8_t *in, const uint8_t *root);
int pybls_g1_fixed_table_size(uint32_t n, uint32_t precompute);
int pybls_g1_fixed_table_scratch_size(uint32_t n);
int pybls_g1_fixed_table(uint32_t count, uint32_t n, uint32_t precompute, const uint8_t *points, uint8_t *table, uint8_t *scratch, uint32_t scratch_len);
int pybls_g1_fixed_msm_scratch_size(uint32_t count, uint32_t n, uint32_t precompute);
int pybls_g1_fixed_msm(uint8_t *out, uint32_t count, const uint8_t *table, const uint8_t *scalars, uint32_t n, uint32_t precompute, uint8_t *scratch, uint32_t scratch_len);
int pybls_g1_compress(uint8_t *out48, const uint8_t *p);
int pybls_g1_serialize(uint8_t *out96, const uint8_t *p);
int pybls_g1_decode(uint8_t *out, const uint8_t *in, uint32_t len, uint32_t flags);
int pybls_g1_decode_batch(uint8_t *out, uint32_t count, const uint8_t *in, uint32_t len, uint32_t flags);
int pybls_g1_from_affine_bytes(uint8_t *out, const uint8_t *x48, const uint8_t *y48, uint32_t flags);
int pybls_g1_to_affine_bytes(uint8_t *out96, const uint8_t *p);
int pybls_g1_step_keys(uint8_t *out, uint32_t out_len, const uint8_t *center, const uint8_t *steps, uint32_t n);
int pybls_g1_decrypt_keys(uint8_t *out, uint32_t out_len, const uint8_t *s, const uint8_t *t, const uint8_t *scalar, uint32_t flags, const uint8_t *steps, uint32_t n);

/* G2: points on E'(Fp2): y^2 = x^3 + 4(u + 1). */
int pybls_g2_generator(uint8_t *out);
int pybls_g2_identity(uint8_t *out);
int pybls_g2_add(uint8_t *out, const uint8_t *a, const uint8_t *b);
int pybls_g2_dbl(uint8_t *out, const uint8_t *a);
int pybls_g2_neg(uint8_t *out, const uint8_t *a);
int pybls_g2_eq(const uint8_t *a, const uint8_t *b);
int pybls_g2_is_identity(const uint8_t *a);
int pybls_g2_is_on_curve(const uint8_t *a);
int pybls_g2_in_subgroup(const uint8_t *a);
int pybls_g2_clear_cofactor(uint8_t *out, const uint8_t *a);
int pybls_g2_mul(uint8_t *out, const uint8_t *p, const uint8_t *scalar);
int pybls_g2_mul_vartime(uint8_t *out, const uint8_t *p, const uint8_t *scalar);
int pybls_g2_mul_flags(uint8_t *out, const uint8_t *p, const uint8_t *scalar, uint32_t flags);
int pybls_g2_msm_scratch_size(uint32_t n);
int pybls_g2_msm(uint8_t *out, const uint8_t *points, const uint8_t *scalars, uint32_t n, uint8_t *scratch, uint32_t scratch_len);
int pybls_g2_msm_secret_points(uint8_t *out, const uint8_t *points, const uint8_t *scalars, uint32_t n, uint8_t *scratch, uint32_t scratch_len);
int pybls_g2_sum_scratch_size(uint32_t n);
int pybls_g2_sum(uint8_t *out, const uint8_t *points, uint32_t n, uint8_t *scratch, uint32_t scratch_len);
int pybls_g2_sum_columns(uint8_t *out, uint32_t count, const uint8_t *points, uint32_t rows, uint8_t *scratch, uint32_t scratch_len);
int pybls_g2_poly_eval(uint8_t *out, const uint8_t *points, uint32_t n, uint32_t x);
int pybls_g2_fft(uint8_t *out, uint32_t count, const uint8_t *in, const uint8_t *root);
int pybls_g2_fixed_table_size(uint32_t n, uint32_t precompute);
int pybls_g2_fixed_table_scratch_size(uint32_t n);
int pybls_g2_fixed_table(uint32_t count, uint32_t n, uint32_t precompute, const uint8_t *points, uint8_t *table, uint8_t *scratch, uint32_t scratch_len);
int pybls_g2_fixed_msm_scratch_size(uint32_t count, uint32_t n, uint32_t precompute);
int pybls_g2_fixed_msm(uint8_t *out, uint32_t count, const uint8_t *table, const uint8_t *scalars, uint32_t n, uint32_t precompute, uint8_t *scratch, uint32_t scratch_len);
int pybls_g2_compress(uint8_t *out96, const uint8_t *p);
int pybls_g2_serialize(uint8_t *out192, const uint8_t *p);
int pybls_g2_decode(uint8_t *out, const uint8_t *in, uint32_t len, uint32_t flags);
int pybls_g2_decode_batch(uint8_t *out, uint32_t count, const uint8_t *in, uint32_t len, uint32_t flags);
int pybls_g2_from_affine_bytes(uint8_t *out, const uint8_t *x96, const uint8_t *y96, uint32_t flags);
int pybls_g2_to_affine_bytes(uint8_t *out192, const uint8_t *p);
int pybls_g2_step_keys(uint8_t *out, uint32_t out_len, const uint8_t *center, const uint8_t *steps, uint32_t n);
int pybls_g2_decrypt_keys(uint8_t *out, uint32_t out_len, const uint8_t *s, const uint8_t *t, const uint8_t *scalar, uint32_t flags, const uint8_t *steps, uint32_t n);

/* GT: the order-r subgroup of Fp12^*, written multiplicatively. */
int pybls_gt_one(uint8_t *out);
int pybls_gt_mul(uint8_t *out, const uint8_t *a, const uint8_t *b);
int pybls_gt_inv(uint8_t *out, const uint8_t *a);
int pybls_gt_sqr(uint8_t *out, const uint8_t *a);
/* a must be in GT, as every decoded or computed GT value is: the
 * exponent is split by the Frobenius, which acts on GT as [p]. */
int pybls_gt_pow(uint8_t *out, const uint8_t *a, const uint8_t *scalar);
/* gt_pow in variable time, for a public exponent only (a in GT too). */
int pybls_gt_pow_vartime(uint8_t *out, const uint8_t *a, const uint8_t *scalar);
int pybls_gt_eq(const uint8_t *a, const uint8_t *b);
int pybls_gt_is_one(const uint8_t *a);
int pybls_gt_encode(uint8_t *out576, const uint8_t *a);
int pybls_gt_decode(uint8_t *out, const uint8_t *in, uint32_t len);
/* gt_step_keys: as step_keys for G1 and G2, the keys of center / K_i and
 * center * K_i for n internal GT elements (out_len = 16 n): the last 8
 * bytes of each GT encoding, little-endian (SHE's GT decryption tables;
 * variable time, for public values). */
int pybls_gt_step_keys(uint8_t *out, uint32_t out_len, const uint8_t *center, const uint8_t *steps, uint32_t n);

/* Pairing: e(P, Q) and prod_i e(P_i, Q_i) with one final exponentiation. */
int pybls_pairing(uint8_t *out, const uint8_t *g1, const uint8_t *g2);
int pybls_pairing_product(uint8_t *out, const uint8_t *g1s, const uint8_t *g2s, uint32_t n);
int pybls_miller_loop(uint8_t *out, const uint8_t *g1, const uint8_t *g2);
int pybls_final_exponentiation(uint8_t *out, const uint8_t *f);
/* `count` products of n pairings, each with its own final exponentiation:
 * the k-th is prod_i e(P_i, Q_i) over the pairs i = k n .. k n + n - 1 of
 * the count n points of g1s and g2s (out: count GT values). */
int pybls_pairing_products(uint8_t *out, uint32_t count, const uint8_t *g1s, const uint8_t *g2s, uint32_t n);
/* pairing_product for G2 points known only to be on the twist: returns
 * PYBLS_ERR_NOT_IN_SUBGROUP if one of them is outside G2 (the G1 points
 * must be in G1). The check costs next to nothing on BLS12 and BN curves:
 * the Miller loop's last point decides it. Variable time (public points). */
int pybls_pairing_product_g2_check(uint8_t *out, const uint8_t *g1s, const uint8_t *g2s, uint32_t n);

/* Hashing to the curve (RFC 9380), suites BLS12381G1_XMD:SHA-256_SSWU_RO_/NU_
 * and BLS12381G2_XMD:SHA-256_SSWU_RO_/NU_; on BN254, G1 only, with the
 * Shallue-van de Woestijne map (Z = 1, cofactor 1): BN254G1_XMD:SHA-256_SVDW_RO_/NU_.
 * Any DST length is accepted: a DST over 255 bytes is replaced by
 * H("H2C-OVERSIZE-DST-" || DST) (5.3.3).
 * hash_to_field writes `count` internal Fp (PYBLS_FP_SIZE) or Fp2 (twice
 * that) elements, each reduced from L = ceil((ceil(log2 p) + 128) / 8)
 * bytes (64 on BLS12-381, 48 on BN254); map_to_curve is the SSWU map plus
 * isogeny (BLS12-381) or the SvdW map (BN254), without cofactor clearing
 * (exposed for tests against intermediate values, and for protocols that
 * map field elements themselves).
 * expand_message_xmd writes out_len bytes, at most 8160 (255 * 32);
 * hash_to_field takes 1 <= count <= 8160 / L (Fp: 127 on BLS12-381, 170 on
 * BN254) or 8160 / 2L (Fp2: 63), the counts whose out_len fits; beyond
 * these limits they return PYBLS_ERR_ARGUMENT. */
int pybls_expand_message_xmd(uint8_t *out, uint32_t out_len, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len);
/* expand_message_xmd with Keccak-256 (Ethereum's, the original Keccak
 * padding: b_in_bytes 32, r_in_bytes 136), as drand's BN254 suites use it;
 * the same limits and long-DST rule (the DST hashed with Keccak-256). */
int pybls_expand_message_xmd_keccak256(uint8_t *out, uint32_t out_len, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len);
int pybls_hash_to_field_fp(uint8_t *out, uint32_t count, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len);
int pybls_g1_map_to_curve(uint8_t *out, const uint8_t *u);
int pybls_g1_hash_to_curve(uint8_t *out, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len);
int pybls_g1_encode_to_curve(uint8_t *out, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len);
/* The same for G1 with expand_message_xmd over Keccak-256: on BN254
 * BN254G1_XMD:KECCAK-256_SVDW_RO_/NU_, the hash of drand's evmnet chain
 * (DST BLS_SIG_BN254G1_XMD:KECCAK-256_SVDW_RO_NUL_) and of kyber's bn254;
 * on BLS12-381 BLS12381G1_XMD:KECCAK-256_SSWU_RO_/NU_. */
int pybls_hash_to_field_fp_keccak256(uint8_t *out, uint32_t count, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len);
int pybls_g1_hash_to_curve_keccak256(uint8_t *out, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len);
int pybls_g1_encode_to_curve_keccak256(uint8_t *out, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len);
/* G2 (BLS12-381 only). */
int pybls_hash_to_field_fp2(uint8_t *out, uint32_t count, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len);
int pybls_g2_map_to_curve(uint8_t *out, const uint8_t *u);
int pybls_g2_hash_to_curve(uint8_t *out, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len);
int pybls_g2_encode_to_curve(uint8_t *out, const uint8_t *msg, uint32_t msg_len, const uint8_t *dst, uint32_t dst_len);

/* mcl's hashAndMapToG1 / hashAndMapToG2 in its default mode, on the curves
 * whose library has them (mcl's BN254: the `mcl` group): SHA-256 of the
 * message, masked into Fp, mapped as mcl's MapTo::calcBN does; G2 clears
 * the cofactor. */
int pybls_g1_hash_and_map_mcl(uint8_t *out, const uint8_t *msg, uint32_t msg_len);
int pybls_g2_hash_and_map_mcl(uint8_t *out, const uint8_t *msg, uint32_t msg_len);

/* Ethereum's EIP-2537 precompiles on their raw call data (BLS12-381
 * only): field elements of 64 bytes big-endian whose top 16 are zero, Fp2
 * elements c0 || c1, points x || y with the point at infinity all zero.
 * g1_add / g2_add take two points of the curve (no subgroup check) and
 * write their sum; g1_mul / g2_mul take a point of the subgroup and a
 * 32-byte big-endian scalar of any size and write their product; decode
 * writes the internal point (in the subgroup if `subgroup` is non-zero)
 * and encode the encoding of an internal point. The status is
 * PYBLS_ERR_NONCANONICAL for non-zero padding or a coordinate >= p,
 * PYBLS_ERR_NOT_ON_CURVE or PYBLS_ERR_NOT_IN_SUBGROUP. Variable time:
 * for public inputs only. */
int pybls_eip2537_g1_add(uint8_t *out128, const uint8_t *in256);
int pybls_eip2537_g1_mul(uint8_t *out128, const uint8_t *in160);
int pybls_eip2537_g1_decode(uint8_t *out144, const uint8_t *in128, uint32_t subgroup);
int pybls_eip2537_g1_encode(uint8_t *out128, const uint8_t *p);
int pybls_eip2537_g2_add(uint8_t *out256, const uint8_t *in512);
int pybls_eip2537_g2_mul(uint8_t *out256, const uint8_t *in288);
int pybls_eip2537_g2_decode(uint8_t *out288, const uint8_t *in256, uint32_t subgroup);
int pybls_eip2537_g2_encode(uint8_t *out256, const uint8_t *p);

/* Keccak-256 as Ethereum defines it (not SHA3-256): the 32-byte digest of
 * msg. */
int pybls_keccak256(uint8_t *out32, const uint8_t *msg, uint32_t len);

/* ChaCha20, Poly1305 and AEAD_CHACHA20_POLY1305 (RFC 8439). Buffers are
 * byte strings with explicit lengths; out_len must equal the output's size:
 * in_len for chacha20_xor (the key stream from block `counter` XORed in,
 * the counter must not wrap), msg_len + 16 for seal (ciphertext || tag),
 * ct_len - 16 for open (ct_len counts the tag). open compares the tag in
 * constant time and returns PYBLS_ERR_AUTH, with out all zeros, on a
 * mismatch (or when ct_len < 16, writing nothing): it never leaves
 * unauthenticated plaintext in out. */
int pybls_chacha20_xor(uint8_t *out, uint32_t out_len, const uint8_t *key32, const uint8_t *nonce12, uint32_t counter, const uint8_t *in, uint32_t in_len);
int pybls_poly1305(uint8_t *out16, const uint8_t *key32, const uint8_t *msg, uint32_t msg_len);
int pybls_aead_chacha20poly1305_seal(uint8_t *out, uint32_t out_len, const uint8_t *key32, const uint8_t *nonce12, const uint8_t *aad, uint32_t aad_len, const uint8_t *msg, uint32_t msg_len);
int pybls_aead_chacha20poly1305_open(uint8_t *out, uint32_t out_len, const uint8_t *key32, const uint8_t *nonce12, const uint8_t *aad, uint32_t aad_len, const uint8_t *ct, uint32_t ct_len);

#endif /* PYBLS_H */
