/* fr_poly.c - vectors of Fr elements for polynomial commitments (KZG):
 * batch decoding and encoding, batch inversion, scaling by powers, and the
 * radix-2 FFT over the multiplicative subgroups of Fr.
 *
 * Every value these functions see is public (blobs, cells, evaluation
 * points, roots of unity): KZG over a public trusted setup has no secret
 * inputs, so the code here is variable time and says so in its names'
 * documentation in pybls.h. Buffers are arrays of internal Fr elements
 * (PYBLS_SCALAR_SIZE bytes each), copied through a local so callers need
 * not align them. */
#include "pybls.h"
#include "field/field.h"

#define FR_SIZE ((uint32_t)sizeof(fr_t))
#define MAX_FFT (1u << 16)

/* Public values: a plain (inlined) memcpy, not the constant-time copy. */
static void load(fr_t *r, const uint8_t *buf, uint32_t i) { __builtin_memcpy(r, buf + (size_t)i * FR_SIZE, FR_SIZE); }
static void store(uint8_t *buf, uint32_t i, const fr_t *a) { __builtin_memcpy(buf + (size_t)i * FR_SIZE, a, FR_SIZE); }

int pybls_fr_from_bytes_batch(uint8_t *out, uint32_t count, const uint8_t *in) {
    int status = PYBLS_OK;
    for (uint32_t i = 0; i < count; i++) {
        fr_t a;
        if (!(fr_from_bytes(&a, in + (size_t)i * 32) & 1)) status = PYBLS_ERR_NONCANONICAL;
        store(out, i, &a);
    }
    return status;
}

int pybls_fr_to_bytes_batch(uint8_t *out, uint32_t count, const uint8_t *in) {
    for (uint32_t i = 0; i < count; i++) {
        fr_t a;
        load(&a, in, i);
        fr_to_bytes(out + (size_t)i * 32, &a);
    }
    return PYBLS_OK;
}

/* Montgomery's trick: prefix products forward, one inversion, then back. */
int pybls_fr_batch_inv(uint8_t *out, uint32_t count, const uint8_t *in) {
    fr_t acc, a, inv, prev;
    if (count == 0) return PYBLS_OK;
    fr_set_one(&acc);
    for (uint32_t i = 0; i < count; i++) {
        load(&a, in, i);
        if (fr_is_zero(&a)) return PYBLS_ERR_ZERO_DIVISOR;
        fr_mul(&acc, &acc, &a);
        store(out, i, &acc);
    }
    fr_inv(&inv, &acc);
    for (uint32_t i = count - 1; i > 0; i--) {
        load(&a, in, i);
        load(&prev, out, i - 1);
        fr_mul(&prev, &prev, &inv); /* 1 / in[i] */
        fr_mul(&inv, &inv, &a);     /* 1 / (in[0] ... in[i-1]) */
        store(out, i, &prev);
    }
    store(out, 0, &inv);
    return PYBLS_OK;
}

int pybls_fr_mul_vec(uint8_t *out, uint32_t count, const uint8_t *a, const uint8_t *b) {
    fr_t x, y;
    for (uint32_t i = 0; i < count; i++) {
        load(&x, a, i);
        load(&y, b, i);
        fr_mul(&x, &x, &y);
        store(out, i, &x);
    }
    return PYBLS_OK;
}

int pybls_fr_scale_powers(uint8_t *out, uint32_t count, const uint8_t *in, const uint8_t *g) {
    fr_t x, a, w;
    fr_set_one(&w);
    ct_memcpy(&x, g, FR_SIZE);
    for (uint32_t i = 0; i < count; i++) {
        load(&a, in, i);
        fr_mul(&a, &a, &w);
        store(out, i, &a);
        fr_mul(&w, &w, &x);
    }
    return PYBLS_OK;
}

static uint32_t reverse_bits(uint32_t i, unsigned bits) {
    uint32_t r = 0;
    for (unsigned b = 0; b < bits; b++) r |= ((i >> b) & 1u) << (bits - 1 - b);
    return r;
}

int pybls_fr_bit_reverse(uint8_t *out, uint32_t count, const uint8_t *in) {
    unsigned bits = 0;
    if (count == 0 || count > MAX_FFT || (count & (count - 1))) return PYBLS_ERR_ARGUMENT;
    while ((1u << bits) < count) bits++;
    for (uint32_t i = 0; i < count; i++)
        __builtin_memcpy(out + (size_t)reverse_bits(i, bits) * FR_SIZE, in + (size_t)i * FR_SIZE, FR_SIZE);
    return PYBLS_OK;
}

int pybls_fr_transpose(uint8_t *out, uint32_t count, const uint8_t *in, uint32_t rows) {
    if (rows == 0 || count % rows) return PYBLS_ERR_ARGUMENT;
    const uint32_t cols = count / rows;
    for (uint32_t r = 0; r < rows; r++)
        for (uint32_t c = 0; c < cols; c++)
            __builtin_memcpy(out + ((size_t)c * rows + r) * FR_SIZE, in + ((size_t)r * cols + c) * FR_SIZE, FR_SIZE);
    return PYBLS_OK;
}

/* out[k] = scale * sum_j in[j] root^(jk) for a root of unity `root` of
 * order `count` (a power of two): iterative Cooley-Tukey, decimation in
 * time, on a bit-reversed copy in `out`. The twiddles of a stage are the
 * powers of that stage's root, kept in a running product (no table, so no
 * scratch) over the butterflies that share one; `out` must not overlap
 * `in`. */
int pybls_fr_fft(uint8_t *out, uint32_t count, const uint8_t *in, const uint8_t *root, const uint8_t *scale) {
    unsigned bits = 0;
    fr_t w_len, w, u, v, s;
    if (count == 0 || count > MAX_FFT || (count & (count - 1))) return PYBLS_ERR_ARGUMENT;
    while ((1u << bits) < count) bits++;
    for (uint32_t i = 0; i < count; i++) {
        load(&u, in, i);
        store(out, reverse_bits(i, bits), &u);
    }
    for (uint32_t len = 2; len <= count; len <<= 1) {
        /* w_len = root^(count / len), of order len */
        ct_memcpy(&w_len, root, FR_SIZE);
        for (uint32_t k = count / len; k > 1; k >>= 1) fr_sqr(&w_len, &w_len);
        fr_set_one(&w);
        for (uint32_t j = 0; j < len / 2; j++) {
            for (uint32_t start = 0; start < count; start += len) {
                load(&u, out, start + j);
                load(&v, out, start + j + len / 2);
                if (j) fr_mul(&v, &v, &w);
                fr_t sum, diff;
                fr_add(&sum, &u, &v);
                fr_sub(&diff, &u, &v);
                store(out, start + j, &sum);
                store(out, start + j + len / 2, &diff);
            }
            fr_mul(&w, &w, &w_len);
        }
    }
    ct_memcpy(&s, scale, FR_SIZE);
    fr_set_one(&u);
    if (fr_eq(&s, &u) & 1) return PYBLS_OK; /* the forward transform: no scaling */
    for (uint32_t i = 0; i < count; i++) {
        load(&u, out, i);
        fr_mul(&u, &u, &s);
        store(out, i, &u);
    }
    return PYBLS_OK;
}

/* The polynomial with the evaluations `evals` at the distinct non-zero
 * points `roots` (the n-th roots of unity in any order), at z: evals[i]
 * when z is roots[i], else the barycentric formula
 * (z^n - 1) / n * sum_i evals[i] roots[i] / (z - roots[i]), with the
 * inverses of the (z - roots[i]) from one inversion: `scratch` (n elements)
 * keeps the prefix products for the backward pass. */
int pybls_fr_eval_barycentric(uint8_t *out, const uint8_t *evals, const uint8_t *roots, uint32_t n, const uint8_t *z, uint8_t *scratch) {
    fr_t zz, w, d, acc, inv, prev, e, sum, t;
    if (n == 0 || (n & (n - 1)) || n > MAX_FFT) return PYBLS_ERR_ARGUMENT;
    ct_memcpy(&zz, z, FR_SIZE);
    fr_set_one(&acc);
    for (uint32_t i = 0; i < n; i++) {
        load(&w, roots, i);
        fr_sub(&d, &zz, &w);
        if (fr_is_zero(&d)) {
            load(&e, evals, i);
            ct_memcpy(out, &e, FR_SIZE);
            return PYBLS_OK;
        }
        fr_mul(&acc, &acc, &d);
        store(scratch, i, &acc);
    }
    fr_inv(&inv, &acc);
    fr_set_zero(&sum);
    for (uint32_t i = n; i-- > 0;) {
        load(&w, roots, i);
        fr_sub(&d, &zz, &w);
        if (i > 0) {
            load(&prev, scratch, i - 1);
            fr_mul(&prev, &prev, &inv); /* 1 / (z - roots[i]) */
        } else {
            prev = inv;
        }
        fr_mul(&inv, &inv, &d);
        load(&e, evals, i);
        fr_mul(&t, &e, &w);
        fr_mul(&t, &t, &prev);
        fr_add(&sum, &sum, &t);
    }
    /* (z^n - 1) / n */
    t = zz;
    for (uint32_t k = n; k > 1; k >>= 1) fr_sqr(&t, &t);
    fr_set_one(&e);
    fr_sub(&t, &t, &e);
    fr_set_zero(&d); /* d = n as a field element */
    for (uint32_t k = 0; k < n; k++) fr_add(&d, &d, &e);
    fr_inv(&d, &d);
    fr_mul(&sum, &sum, &t);
    fr_mul(&sum, &sum, &d);
    ct_memcpy(out, &sum, FR_SIZE);
    return PYBLS_OK;
}

/* The evaluations of (p(X) - y) / (X - z) at the points `roots` (distinct,
 * non-zero), from those of p: (evals[i] - y) / (roots[i] - z), and at a
 * point roots[m] equal to z (if any), where p(z) = y, the limit
 * -(1/z) sum_{i != m} q_i roots[i] (the derivative's barycentric form).
 * The prefix products of the Montgomery trick live in `out` itself. */
int pybls_fr_quotient(uint8_t *out, uint32_t count, const uint8_t *evals, const uint8_t *roots, const uint8_t *z, const uint8_t *y) {
    fr_t zz, yy, w, d, acc, inv, prev, e, sum;
    uint32_t m = count;
    if (count == 0) return PYBLS_ERR_ARGUMENT;
    ct_memcpy(&zz, z, FR_SIZE);
    ct_memcpy(&yy, y, FR_SIZE);
    fr_set_one(&acc);
    for (uint32_t i = 0; i < count; i++) {
        load(&w, roots, i);
        fr_sub(&d, &w, &zz);
        if (fr_is_zero(&d)) {
            m = i;
            fr_set_one(&d);
        }
        fr_mul(&acc, &acc, &d);
        store(out, i, &acc);
    }
    fr_inv(&inv, &acc);
    for (uint32_t i = count; i-- > 0;) {
        load(&w, roots, i);
        fr_sub(&d, &w, &zz);
        if (i == m) fr_set_one(&d);
        if (i > 0) {
            load(&prev, out, i - 1);
            fr_mul(&prev, &prev, &inv);
        } else {
            prev = inv;
        }
        fr_mul(&inv, &inv, &d);
        load(&e, evals, i);
        fr_sub(&e, &e, &yy);
        fr_mul(&e, &e, &prev);
        store(out, i, &e);
    }
    if (m < count) {
        fr_set_zero(&sum);
        for (uint32_t i = 0; i < count; i++) {
            if (i == m) continue;
            load(&e, out, i);
            load(&w, roots, i);
            fr_mul(&e, &e, &w);
            fr_add(&sum, &sum, &e);
        }
        fr_inv(&inv, &zz);
        fr_mul(&sum, &sum, &inv);
        fr_neg(&sum, &sum);
        store(out, m, &sum);
    }
    return PYBLS_OK;
}

/* sum_k weights[k] I_k, I_k of degree < count taking the values evals[k]
 * (bit-reversed order) on the coset shift_k <w>: the inverse FFT of the
 * values gives the coefficients c_t of I_k(shift_k X), so those of I_k are
 * c_t shift_k^-t; the 1/count of the inverse FFT joins the weight. */
#define MAX_COSET 128
int pybls_fr_coset_interpolate_sum(uint8_t *out, uint32_t count, const uint8_t *evals, const uint8_t *weights, const uint8_t *shift_invs, uint32_t num, const uint8_t *root_inv) {
    uint8_t natural[MAX_COSET * FR_SIZE], coeffs[MAX_COSET * FR_SIZE], one_buf[FR_SIZE];
    fr_t one, n_inv, f, s, c, acc;
    if (count == 0 || count > MAX_COSET || (count & (count - 1))) return PYBLS_ERR_ARGUMENT;
    fr_set_one(&one);
    fr_set_zero(&n_inv);
    for (uint32_t i = 0; i < count; i++) fr_add(&n_inv, &n_inv, &one);
    fr_inv(&n_inv, &n_inv);
    __builtin_memcpy(one_buf, &one, FR_SIZE);
    fr_set_zero(&acc);
    for (uint32_t t = 0; t < count; t++) store(out, t, &acc);
    for (uint32_t k = 0; k < num; k++) {
        const uint8_t *e = evals + (size_t)k * count * FR_SIZE;
        pybls_fr_bit_reverse(natural, count, e);
        pybls_fr_fft(coeffs, count, natural, root_inv, one_buf);
        load(&f, weights, k);
        load(&s, shift_invs, k);
        fr_mul(&f, &f, &n_inv);
        for (uint32_t t = 0; t < count; t++) {
            load(&c, coeffs, t);
            load(&acc, out, t);
            fr_mul(&c, &c, &f);
            fr_add(&acc, &acc, &c);
            store(out, t, &acc);
            fr_mul(&f, &f, &s);
        }
    }
    return PYBLS_OK;
}
