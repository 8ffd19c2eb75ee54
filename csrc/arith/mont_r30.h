/*
 * mont_r30.h - the twelve-limb (Fp) Montgomery product of 32-bit builds,
 * computed in radix 2^30. Included by mont.h when LIMB_BITS == 32.
 *
 * With 32-bit limbs every 64-bit partial product added to a column needs
 * its carry caught (a compare and an add per product), which is most of
 * the cost where there is no add-with-carry instruction (WebAssembly).
 * Split into 30-bit digits (13 for 390 bits), a product is below 2^60 and
 * a 64-bit accumulator takes 13 of them with no carry check at all. The
 * operands are unpacked from, and the result packed back into, the 32-bit
 * limbs every other function uses, and R stays 2^384: twelve reduction
 * digits of 30 bits and a thirteenth of 24 divide by 2^(12*30 + 24).
 *
 * Requirements: m < 2^383 odd, n0 = -m^-1 mod 2^32, and a b < m 2^384 (so
 * any a, b < 2m, or a < m with any 384-bit b). The digits give a value
 * below 2m, which mont_reduce_once (mont.h) brings below m. Constant time.
 */
#ifndef PYBLS_MONT_R30_H
#define PYBLS_MONT_R30_H

#define R30_N 13 /* digits of 30 bits in 384 bits (the top one has 24) */
#define R30_MASK 0x3fffffffu

/* Full unrolling of the 26 columns (GCC's MONT_UNROLL stops at 16);
 * not under PYBLS_NO_UNROLL (see mont.h). */
#if defined(PYBLS_NO_UNROLL)
#define R30_UNROLL
#elif defined(__clang__)
#define R30_UNROLL _Pragma("clang loop unroll(full)")
#elif defined(__GNUC__)
#define R30_UNROLL _Pragma("GCC unroll 32")
#else
#define R30_UNROLL
#endif

/* The pieces are always inlined, so that a constant m folds and the digit
 * arrays stay in registers. */
#if defined(__GNUC__) || defined(__clang__)
#define R30_INLINE static inline __attribute__((always_inline))
#else
#define R30_INLINE static inline
#endif

/* d = the 30-bit digits of the nd-digit value in x (nw 32-bit limbs). */
R30_INLINE void r30_unpack(uint32_t *d, int nd, const uint32_t *x, int nw) {
    R30_UNROLL
    for (int i = 0; i < nd; i++) {
        const int bit = 30 * i, w = bit / 32, s = bit % 32;
        uint32_t v = x[w] >> s;
        if (s > 2 && w + 1 < nw) v |= x[w + 1] << (32 - s);
        d[i] = v & R30_MASK;
    }
}

/* r = the nw 32-bit limbs of (sum d_i 2^(30 i)) >> shift, shift < 30. */
R30_INLINE void r30_pack(uint32_t *r, int nw, const uint32_t *d, int nd, int shift) {
    R30_UNROLL
    for (int j = 0; j < nw; j++) {
        const int bit = 32 * j + shift, i = bit / 30, s = bit % 30;
        uint32_t v = d[i] >> s;
        if (i + 1 < nd) v |= d[i + 1] << (30 - s);
        if (s > 28 && i + 2 < nd) v |= d[i + 2] << (60 - s);
        r[j] = v;
    }
}

/* d = a b in 26 normalised digits: column k sums its products (at most
 * 13, each below 2^60) and the carry from column k-1. */
R30_INLINE void r30_mul_digits(uint32_t d[2 * R30_N], const uint32_t a[R30_N], const uint32_t b[R30_N]) {
    uint64_t carry = 0;
    R30_UNROLL
    for (int k = 0; k < 2 * R30_N - 1; k++) {
        uint64_t s = 0;
        const int lo = k < R30_N ? 0 : k - R30_N + 1, hi = k < R30_N ? k : R30_N - 1;
        R30_UNROLL
        for (int i = lo; i <= hi; i++) s += (uint64_t)a[i] * b[k - i];
        uint64_t col = carry + (s & R30_MASK);
        d[k] = (uint32_t)col & R30_MASK;
        carry = (col >> 30) + (s >> 30);
    }
    d[2 * R30_N - 1] = (uint32_t)carry;
}

/* d = a^2 in 26 normalised digits: each cross product once, against the
 * doubled digit (below 2^61, at most 6 per column with the square: the
 * sum stays below 2^64). */
R30_INLINE void r30_sqr_digits(uint32_t d[2 * R30_N], const uint32_t a[R30_N]) {
    uint64_t carry = 0;
    R30_UNROLL
    for (int k = 0; k < 2 * R30_N - 1; k++) {
        uint64_t s = 0;
        const int lo = k < R30_N ? 0 : k - R30_N + 1;
        R30_UNROLL
        for (int i = lo; 2 * i < k; i++) s += (uint64_t)(2 * a[i]) * a[k - i];
        if (k % 2 == 0) s += (uint64_t)a[k / 2] * a[k / 2];
        uint64_t col = carry + (s & R30_MASK);
        d[k] = (uint32_t)col & R30_MASK;
        carry = (col >> 30) + (s >> 30);
    }
    d[2 * R30_N - 1] = (uint32_t)carry;
}

/* r = t / 2^384 mod m, below 2m, for the 26 digits of t < m 2^384.
 * Column k sums digit t_k, the products q_i m_(k-i) (at most 13) and the
 * carry; q_k clears the column's low 30 bits (k < 12) or 24 bits (k = 12),
 * so columns 12 to 25 hold 2^24 times the result (below 2^408: no carry
 * leaves column 25). */
R30_INLINE void r30_redc_digits(uint32_t r[12], const uint32_t t[2 * R30_N], const uint32_t m32[12],
                                   uint32_t n0) {
    uint32_t m[R30_N], q[R30_N], u[R30_N + 1];
    uint64_t carry = 0;
    r30_unpack(m, R30_N, m32, 12); /* folded at compile time for a constant m */
    R30_UNROLL
    for (int k = 0; k < 2 * R30_N; k++) {
        uint64_t s = 0;
        const int lo = k < R30_N ? 0 : k - R30_N + 1;
        R30_UNROLL
        for (int i = lo; i < R30_N && i < k; i++) s += (uint64_t)q[i] * m[k - i];
        uint64_t col = carry + t[k] + (s & R30_MASK);
        if (k < R30_N) {
            q[k] = ((uint32_t)col * n0) & (k < R30_N - 1 ? R30_MASK : 0xffffffu);
            col += (uint64_t)q[k] * m[0];
        }
        if (k >= R30_N - 1) u[k - (R30_N - 1)] = (uint32_t)col & R30_MASK;
        carry = (col >> 30) + (s >> 30);
    }
    r30_pack(r, 12, u, R30_N + 1, 24);
}

/* r = a b / 2^384 mod m. */
R30_INLINE void mont_r30_mul12(uint32_t r[12], const uint32_t a32[12], const uint32_t b32[12],
                               const uint32_t m32[12], uint32_t n0) {
    uint32_t a[R30_N], b[R30_N], d[2 * R30_N], u[12];
    r30_unpack(a, R30_N, a32, 12);
    r30_unpack(b, R30_N, b32, 12);
    r30_mul_digits(d, a, b);
    r30_redc_digits(u, d, m32, n0);
    mont_reduce_once(r, u, m32, 12);
}

/* r = a^2 / 2^384 mod m, for a < 2m. */
R30_INLINE void mont_r30_sqr12(uint32_t r[12], const uint32_t a32[12], const uint32_t m32[12], uint32_t n0) {
    uint32_t a[R30_N], d[2 * R30_N], u[12];
    r30_unpack(a, R30_N, a32, 12);
    r30_sqr_digits(d, a);
    r30_redc_digits(u, d, m32, n0);
    mont_reduce_once(r, u, m32, 12);
}

/* r[0..24) = a b, plain integers. */
R30_INLINE void mont_r30_mul_wide12(uint32_t r[24], const uint32_t a32[12], const uint32_t b32[12]) {
    uint32_t a[R30_N], b[R30_N], d[2 * R30_N];
    r30_unpack(a, R30_N, a32, 12);
    r30_unpack(b, R30_N, b32, 12);
    r30_mul_digits(d, a, b);
    r30_pack(r, 24, d, 2 * R30_N, 0);
}

/* r = t / 2^384 mod m, for t[0..24) < m 2^384. */
R30_INLINE void mont_r30_redc12(uint32_t r[12], const uint32_t t32[24], const uint32_t m32[12], uint32_t n0) {
    uint32_t t[2 * R30_N], u[12];
    r30_unpack(t, 2 * R30_N, t32, 24);
    r30_redc_digits(u, t, m32, n0);
    mont_reduce_once(r, u, m32, 12);
}

#endif /* PYBLS_MONT_R30_H */
