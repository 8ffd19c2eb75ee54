/*
 * mont.h - Montgomery arithmetic over n limbs, written once for both prime
 * fields. Each function takes the limb count as an argument; fp.c and fr.c
 * call them with compile-time constants so the compiler specialises and
 * unrolls them.
 *
 * mont_mul_n needs a < m; b may be any n-limb value (it is consumed one
 * limb at a time), which is how unreduced inputs are brought into range.
 *
 * Requirement (true for both BLS12-381 moduli and both limb widths): the
 * modulus m satisfies 2m < 2^(n*LIMB_BITS) and its top limb is below
 * 2^(LIMB_BITS-1) - 1, which lets multiplication skip the extra carry limb.
 *
 * Everything is constant time: no branch or index depends on limb values.
 */
#ifndef PYBLS_MONT_H
#define PYBLS_MONT_H

#include "field.h"

#define MONT_MAX_LIMBS FP_LIMBS

/* lo(a + b*c + carry), carry = hi(...). */
static inline limb_t mont_mac(limb_t a, limb_t b, limb_t c, limb_t *carry) {
    dlimb_t t = (dlimb_t)b * c + a + *carry;
    *carry = (limb_t)(t >> LIMB_BITS);
    return (limb_t)t;
}

/* r = a + b, returns the carry (0 or 1). */
static inline limb_t mont_add_n(limb_t *r, const limb_t *a, const limb_t *b, int n) {
    limb_t carry = 0;
    for (int i = 0; i < n; i++) {
        dlimb_t t = (dlimb_t)a[i] + b[i] + carry;
        r[i] = (limb_t)t;
        carry = (limb_t)(t >> LIMB_BITS);
    }
    return carry;
}

/* r = a - b, returns the borrow (0 or 1). */
static inline limb_t mont_sub_n(limb_t *r, const limb_t *a, const limb_t *b, int n) {
    limb_t borrow = 0;
    for (int i = 0; i < n; i++) {
        dlimb_t t = (dlimb_t)a[i] - b[i] - borrow;
        r[i] = (limb_t)t;
        borrow = (limb_t)(t >> LIMB_BITS) & 1;
    }
    return borrow;
}

/* r = (mask ? a : b) */
static inline void mont_select_n(limb_t *r, const limb_t *a, const limb_t *b, limb_t mask, int n) {
    for (int i = 0; i < n; i++) r[i] = (a[i] & mask) | (b[i] & ~mask);
}

/* r = t mod m for t < 2m. */
static inline void mont_reduce_once(limb_t *r, const limb_t *t, const limb_t *m, int n) {
    limb_t d[MONT_MAX_LIMBS];
    limb_t borrow = mont_sub_n(d, t, m, n);
    mont_select_n(r, t, d, (limb_t)0 - borrow, n);
}

static inline void mont_modadd(limb_t *r, const limb_t *a, const limb_t *b, const limb_t *m, int n) {
    limb_t t[MONT_MAX_LIMBS];
    mont_add_n(t, a, b, n); /* no carry out: a + b < 2m < 2^(n*w) */
    mont_reduce_once(r, t, m, n);
}

static inline void mont_modsub(limb_t *r, const limb_t *a, const limb_t *b, const limb_t *m, int n) {
    limb_t t[MONT_MAX_LIMBS], u[MONT_MAX_LIMBS];
    limb_t borrow = mont_sub_n(t, a, b, n);
    mont_add_n(u, t, m, n);
    mont_select_n(r, u, t, (limb_t)0 - borrow, n);
}

static inline limb_t mont_is_zero_n(const limb_t *a, int n) {
    limb_t acc = 0;
    for (int i = 0; i < n; i++) acc |= a[i];
    return limb_is_zero_mask(acc);
}

static inline void mont_modneg(limb_t *r, const limb_t *a, const limb_t *m, int n) {
    limb_t t[MONT_MAX_LIMBS];
    limb_t nz = ~mont_is_zero_n(a, n);
    mont_sub_n(t, m, a, n);
    for (int i = 0; i < n; i++) r[i] = t[i] & nz;
}

/* Montgomery product r = a b / 2^(n w) mod m (CIOS without the extra carry
 * limb; see the requirement above). */
static inline void mont_mul_n(limb_t *r, const limb_t *a, const limb_t *b, const limb_t *m,
                              limb_t n0, int n) {
    limb_t t[MONT_MAX_LIMBS];
    for (int j = 0; j < n; j++) t[j] = 0;
    for (int i = 0; i < n; i++) {
        limb_t A = 0, C = 0;
        t[0] = mont_mac(t[0], a[0], b[i], &A);
        limb_t q = t[0] * n0;
        (void)mont_mac(t[0], q, m[0], &C);
        for (int j = 1; j < n; j++) {
            t[j] = mont_mac(t[j], a[j], b[i], &A);
            t[j - 1] = mont_mac(t[j], q, m[j], &C);
        }
        t[n - 1] = C + A;
    }
    mont_reduce_once(r, t, m, n);
}

/* Constant-time comparison a < b as a mask. */
static inline limb_t mont_lt_n(const limb_t *a, const limb_t *b, int n) {
    limb_t t[MONT_MAX_LIMBS];
    return (limb_t)0 - mont_sub_n(t, a, b, n);
}

/* Big-endian bytes -> little-endian limbs (len == n * LIMB_BITS / 8). */
static inline void mont_limbs_from_be(limb_t *r, const uint8_t *in, int n) {
    const int bytes = LIMB_BITS / 8;
    for (int i = 0; i < n; i++) {
        limb_t v = 0;
        for (int j = 0; j < bytes; j++) v = (v << 8) | in[(n - 1 - i) * bytes + j];
        r[i] = v;
    }
}

static inline void mont_limbs_to_be(uint8_t *out, const limb_t *a, int n) {
    const int bytes = LIMB_BITS / 8;
    for (int i = 0; i < n; i++) {
        limb_t v = a[i];
        for (int j = bytes - 1; j >= 0; j--) {
            out[(n - 1 - i) * bytes + j] = (uint8_t)v;
            v >>= 8;
        }
    }
}

/* r = a^e (Montgomery form in and out) for an exponent e that is public:
 * fixed 4-bit windows, so the sequence of operations depends only on e. */
static inline void mont_pow_n(limb_t *r, const limb_t *a, const limb_t *e, int elimbs,
                              const limb_t *m, limb_t n0, const limb_t *one, int n) {
    limb_t table[16][MONT_MAX_LIMBS], acc[MONT_MAX_LIMBS];
    for (int j = 0; j < n; j++) { table[0][j] = one[j]; table[1][j] = a[j]; }
    for (int i = 2; i < 16; i++) mont_mul_n(table[i], table[i - 1], a, m, n0, n);
    int started = 0; /* leading zero windows of the public exponent are skipped */
    for (int j = 0; j < n; j++) acc[j] = one[j];
    for (int i = elimbs * LIMB_BITS / 4 - 1; i >= 0; i--) {
        unsigned w = (unsigned)(e[i * 4 / LIMB_BITS] >> ((i * 4) % LIMB_BITS)) & 15u;
        if (started)
            for (int s = 0; s < 4; s++) mont_mul_n(acc, acc, acc, m, n0, n);
        if (w) {
            mont_mul_n(acc, acc, table[w], m, n0, n);
            started = 1;
        }
    }
    for (int j = 0; j < n; j++) r[j] = acc[j];
}

#endif /* PYBLS_MONT_H */
