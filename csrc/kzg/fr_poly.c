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

static void load(fr_t *r, const uint8_t *buf, uint32_t i) { ct_memcpy(r, buf + (size_t)i * FR_SIZE, FR_SIZE); }
static void store(uint8_t *buf, uint32_t i, const fr_t *a) { ct_memcpy(buf + (size_t)i * FR_SIZE, a, FR_SIZE); }

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

/* out[k] = scale * sum_j in[j] root^(jk) for a root of unity `root` of
 * order `count` (a power of two): iterative Cooley-Tukey, decimation in
 * time, on a bit-reversed copy in `out`. The twiddles of a stage are the
 * powers of that stage's root, kept in a running product (no table, so no
 * scratch); `out` must not overlap `in`. */
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
        for (uint32_t start = 0; start < count; start += len) {
            fr_set_one(&w);
            for (uint32_t j = 0; j < len / 2; j++) {
                load(&u, out, start + j);
                load(&v, out, start + j + len / 2);
                fr_mul(&v, &v, &w);
                fr_t sum, diff;
                fr_add(&sum, &u, &v);
                fr_sub(&diff, &u, &v);
                store(out, start + j, &sum);
                store(out, start + j + len / 2, &diff);
                fr_mul(&w, &w, &w_len);
            }
        }
    }
    ct_memcpy(&s, scale, FR_SIZE);
    for (uint32_t i = 0; i < count; i++) {
        load(&u, out, i);
        fr_mul(&u, &u, &s);
        store(out, i, &u);
    }
    return PYBLS_OK;
}
