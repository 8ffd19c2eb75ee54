/*
 * ec_fft_template.h - the discrete Fourier transform of a vector of group
 * points, written once for G1 and G2 (included by g1.c and g2.c after
 * ec_mul_template.h and ec_msm_template.h, with the same macros):
 *
 *     out[t] = sum_k [root^(t k)] in[k],  t < count,
 *
 * for a root of unity `root` of Fr of order count (a power of two). KZG's
 * FK20 multi-proofs (the cell proofs of EIP-7594) transform points this
 * way; all of it is public, so it runs in variable time.
 *
 * `out` may be `in` (else they must not overlap). Radix-2 Cooley-Tukey,
 * decimation in time, in place on a bit-reversed copy:
 * (u, v) -> (u + [w^j] v, u - [w^j] v), with the twiddles w^j of a stage
 * as a running product over the butterflies that share one (no table).
 * Butterflies with j = 0 or an identity v need no multiplication, which
 * the zero padding of FK20's inputs makes common.
 *
 * With EC_FFT_AFFINE (G1: its endomorphism keeps Z, so it maps affine
 * points to affine points), the multiplications of a stage go EC_FFT_CHUNK at a time: the odd multiples
 * of their points in affine form with one shared inversion, then each
 * product with Jacobian doublings and mixed Jacobian-affine additions,
 * cheaper than the complete projective formulas of EC(mul_subgroup_vartime)
 * (a doubling 3M + 4S instead of 6M + 2S, an addition 8M + 3S instead of
 * 12M).
 */

#define EC_FFT_MAX (1u << 16)

static void EC(fft_butterfly)(uint8_t *pu, uint8_t *pv, const POINT *v) {
    POINT u, sum, diff, minus;
    __builtin_memcpy(&u, pu, sizeof u);
    EC(add)(&sum, &u, v);
    EC(neg)(&minus, v);
    EC(add)(&diff, &u, &minus);
    __builtin_memcpy(pu, &sum, sizeof sum);
    __builtin_memcpy(pv, &diff, sizeof diff);
}

#ifdef EC_FFT_AFFINE
#define EC_FFT_CHUNK 8

/* v[i] = [k[i]] v[i] for n <= EC_FFT_CHUNK points of the subgroup, none the
 * identity: the endomorphism's lanes in width-EC_WNAF_W NAF over tables of
 * odd multiples, all made affine with one inversion. */
static void EC(fft_mul_chunk)(POINT *v, const fr_t *k, uint32_t n) {
    POINT proj[EC_FFT_CHUNK * EC_WNAF_TABLE], p2;
    FE zs[EC_FFT_CHUNK * EC_WNAF_TABLE], pre[EC_FFT_CHUNK * EC_WNAF_TABLE];
    FE ax[EC_FFT_CHUNK][EC_MAX_DIGITS][EC_WNAF_TABLE], ay[EC_FFT_CHUNK][EC_MAX_DIGITS][EC_WNAF_TABLE];
    int8_t nafs[EC_FFT_CHUNK][EC_MAX_DIGITS][EC_NAF_LEN];
    int lens[EC_FFT_CHUNK][EC_MAX_DIGITS], ndigits[EC_FFT_CHUNK];
    for (uint32_t i = 0; i < n; i++) {
        limb_t digits[EC_DIGITS_LIMBS];
        POINT *t = proj + i * EC_WNAF_TABLE;
        ndigits[i] = EC(scalar_digits)(digits, &v[i], &k[i], EC_SPLIT_KNOWN);
        const int dlimbs = EC_DIGIT_LIMBS(ndigits[i]);
        for (int d = 0; d < ndigits[i]; d++)
            lens[i][d] = scalar_wnaf_vartime(nafs[i][d], digits + d * dlimbs, dlimbs, EC_WNAF_W);
        t[0] = v[i];
        EC(dbl)(&p2, &v[i]);
        for (int j = 1; j < EC_WNAF_TABLE; j++) EC(add)(&t[j], &t[j - 1], &p2);
        for (int j = 0; j < EC_WNAF_TABLE; j++) zs[i * EC_WNAF_TABLE + j] = t[j].z; /* odd multiples < r: none is the identity */
    }
    EC(batch_inv)(zs, pre, (size_t)n * EC_WNAF_TABLE);
    for (uint32_t i = 0; i < n; i++) {
        for (int j = 0; j < EC_WNAF_TABLE; j++) {
            const POINT *t = &proj[i * EC_WNAF_TABLE + j];
            F(mul)(&ax[i][0][j], &t->x, &zs[i * EC_WNAF_TABLE + j]);
            F(mul)(&ay[i][0][j], &t->y, &zs[i * EC_WNAF_TABLE + j]);
            for (int d = 1; d < ndigits[i]; d++) { /* E keeps Z = 1 */
                POINT a, e;
                a.x = ax[i][d - 1][j];
                a.y = ay[i][d - 1][j];
                F(set_one)(&a.z);
                EC(endo)(&e, &a);
                ax[i][d][j] = e.x;
                ay[i][d][j] = e.y;
            }
        }
        int top = 0;
        for (int d = 0; d < ndigits[i]; d++)
            if (lens[i][d] > top) top = lens[i][d];
        EC(jacobian_t) acc;
        EC(jacobian_set_identity_w)(&acc);
        for (int pos = top - 1; pos >= 0; pos--) { /* acc in the W form */
            EC(jacobian_dbl_w)(&acc, &acc);
            for (int d = 0; d < ndigits[i]; d++) {
                int digit = pos < lens[i][d] ? nafs[i][d][pos] : 0;
                if (digit > 0) {
                    EC(jacobian_add_affine_vartime_w)(&acc, &ax[i][d][digit >> 1], &ay[i][d][digit >> 1]);
                } else if (digit < 0) {
                    FE ny;
                    F(neg)(&ny, &ay[i][d][(-digit) >> 1]);
                    EC(jacobian_add_affine_vartime_w)(&acc, &ax[i][d][(-digit) >> 1], &ny);
                }
            }
        }
        EC(jacobian_from_w)(&acc);
        EC(from_jacobian)(&v[i], &acc);
    }
}

/* The pending butterflies of a stage: v[i] = [k[i]] v[i], then (u, v). */
static void EC(fft_flush)(uint8_t *out, const uint32_t *at, uint32_t half, POINT *v, const fr_t *k, uint32_t n) {
    const size_t size = sizeof(POINT);
    EC(fft_mul_chunk)(v, k, n);
    for (uint32_t i = 0; i < n; i++) EC(fft_butterfly)(out + (size_t)at[i] * size, out + (size_t)(at[i] + half) * size, &v[i]);
}
#endif

/* The points of `in` are in the subgroup (the transform is one of Fr
 * vectors), so the multiplications split their scalars by the
 * endomorphism. */
int EC(fft)(uint8_t *out, uint32_t count, const uint8_t *in, const fr_t *root) {
    const size_t size = sizeof(POINT);
    unsigned bits = 0;
    if (count == 0 || count > EC_FFT_MAX || (count & (count - 1))) return PYBLS_ERR_ARGUMENT;
    while ((1u << bits) < count) bits++;
    if (out != in) __builtin_memcpy(out, in, (size_t)count * size);
    for (uint32_t i = 0; i < count; i++) { /* bit reversal by swaps: out may be in */
        uint32_t r = 0;
        for (unsigned b = 0; b < bits; b++) r |= ((i >> b) & 1u) << (bits - 1 - b);
        if (i < r) {
            POINT t;
            __builtin_memcpy(&t, out + (size_t)i * size, size);
            __builtin_memcpy(out + (size_t)i * size, out + (size_t)r * size, size);
            __builtin_memcpy(out + (size_t)r * size, &t, size);
        }
    }
    for (uint32_t len = 2; len <= count; len <<= 1) {
        const uint32_t half = len / 2;
        fr_t w_len = *root, w;
#ifdef EC_FFT_AFFINE
        POINT pending[EC_FFT_CHUNK];
        fr_t twiddles[EC_FFT_CHUNK];
        uint32_t at[EC_FFT_CHUNK], npending = 0;
#endif
        for (uint32_t k = count / len; k > 1; k >>= 1) fr_sqr(&w_len, &w_len); /* order len */
        fr_set_one(&w);
        for (uint32_t j = 0; j < half; j++) {
            for (uint32_t start = 0; start < count; start += len) {
                uint8_t *pu = out + (size_t)(start + j) * size, *pv = pu + (size_t)half * size;
                POINT v;
                __builtin_memcpy(&v, pv, size);
                if (EC(is_identity)(&v) & 1) {
                    __builtin_memcpy(pv, pu, size);
                    continue;
                }
                if (j) {
#ifdef EC_FFT_AFFINE
                    pending[npending] = v;
                    twiddles[npending] = w;
                    at[npending++] = start + j;
                    if (npending == EC_FFT_CHUNK) {
                        EC(fft_flush)(out, at, half, pending, twiddles, npending);
                        npending = 0;
                    }
                    continue;
#else
                    EC(mul_subgroup_vartime)(&v, &v, &w);
#endif
                }
                EC(fft_butterfly)(pu, pv, &v);
            }
            fr_mul(&w, &w, &w_len);
        }
#ifdef EC_FFT_AFFINE
        if (npending) EC(fft_flush)(out, at, half, pending, twiddles, npending);
#endif
    }
    return PYBLS_OK;
}
