/*
 * fuzz_field.c - Fp and Fr arithmetic of the core against the schoolbook
 * big-integer reference of fuzz_common.h, on the same limb width.
 *
 * Input: a selector byte, then two operands of 48 (Fp) or 32 (Fr) bytes
 * (the top bits masked so they are mostly, but not always, below the
 * modulus; out-of-range operands must be refused by from_bytes) and, for
 * Fr powers, an exponent of up to 8 bytes.
 *
 * Checked against the reference: add, sub, neg, mul, sqr, pow; inversion
 * by a * a^-1 == 1 (and zero refused); square roots by s^2 == a, and a
 * refused square root by -a having one (p = 3 mod 4, so -1 is not a
 * square); the Legendre symbol against both. Fp2 = Fp[u]/(u^2 + 1)
 * products and squares (the lazily reduced double-width products and
 * their Montgomery reductions: in assembly on x86-64 with ADX, in radix
 * 2^30 with 32-bit limbs) against the reference on their coefficients.
 */
#include "fuzz_common.h"
#include "field/field.h"

typedef struct {
    size_t bytes;                 /* encoding size */
    const uint8_t *mod_be;        /* the modulus */
    int (*from)(uint8_t *, const uint8_t *);
    int (*to)(uint8_t *, const uint8_t *);
    int (*add)(uint8_t *, const uint8_t *, const uint8_t *);
    int (*sub)(uint8_t *, const uint8_t *, const uint8_t *);
    int (*mul)(uint8_t *, const uint8_t *, const uint8_t *);
    int (*neg)(uint8_t *, const uint8_t *);
    int (*sqr)(uint8_t *, const uint8_t *);
    int (*inv)(uint8_t *, const uint8_t *);
} field_t;

static const field_t FP = {48, REF_P_BE, pybls_fp_from_bytes, pybls_fp_to_bytes, pybls_fp_add, pybls_fp_sub,
                           pybls_fp_mul, pybls_fp_neg, pybls_fp_sqr, pybls_fp_inv};
static const field_t FR = {32, REF_R_BE, pybls_scalar_from_bytes, pybls_scalar_to_bytes, pybls_scalar_add,
                           pybls_scalar_sub, pybls_scalar_mul, pybls_scalar_neg, pybls_scalar_sqr, pybls_scalar_inv};

/* the core's result (internal form) equals the reference value */
static void expect(const field_t *f, const uint8_t *got, const ref_t *want, const char *what) {
    uint8_t be[48], wbe[48];
    f->to(be, got);
    ref_to_be(wbe, f->bytes, want);
    FUZZ_CHECK(memcmp(be, wbe, f->bytes) == 0, "%s differs from the reference", what);
}

/* r = (x0 y0 - x1 y1) and (x0 y1 + x1 y0) mod m, the coefficients of an Fp2 product */
static void ref_fp2_mul(ref_t *r0, ref_t *r1, const ref_t *x0, const ref_t *x1, const ref_t *y0, const ref_t *y1,
                        const ref_t *m) {
    ref_t s, t;
    ref_mulmod(&s, x0, y0, m);
    ref_mulmod(&t, x1, y1, m);
    ref_add(r0, &s, m);
    ref_sub(r0, r0, &t);
    ref_mod(r0, r0, m);
    ref_mulmod(&s, x0, y1, m);
    ref_mulmod(&t, x1, y0, m);
    ref_add(r1, &s, &t);
    ref_mod(r1, r1, m);
}

/* An Fp coefficient (internal form) equals the reference value. */
static void expect_fp(const fp_t *got, const ref_t *want, const char *what) {
    expect(&FP, (const uint8_t *)got, want, what);
}

/* x = a + b u (internal forms a, b of the reference values ra, rb) times
 * y = c + d u from the input, and x^2. */
static void check_fp2(const uint8_t *a, const uint8_t *b, const ref_t *ra, const ref_t *rb, const ref_t *rm,
                      fuzz_in_t *in) {
    uint8_t cbe[48], dbe[48];
    fp2_t x, y, z;
    ref_t rc, rd, w0, w1;
    fuzz_take(in, cbe, 48);
    fuzz_take(in, dbe, 48);
    cbe[0] &= 0x1f;
    dbe[0] &= 0x1f;
    if (pybls_fp_from_bytes((uint8_t *)&y.c0, cbe) != PYBLS_OK || pybls_fp_from_bytes((uint8_t *)&y.c1, dbe) != PYBLS_OK)
        return;
    ref_from_be(&rc, cbe, 48);
    ref_from_be(&rd, dbe, 48);
    memcpy(&x.c0, a, sizeof x.c0);
    memcpy(&x.c1, b, sizeof x.c1);
    ref_fp2_mul(&w0, &w1, ra, rb, &rc, &rd, rm);
    fp2_mul(&z, &x, &y);
    expect_fp(&z.c0, &w0, "Fp2 product, c0");
    expect_fp(&z.c1, &w1, "Fp2 product, c1");
    fp2_mul(&y, &x, &y); /* outputs may alias inputs */
    expect_fp(&y.c1, &w1, "aliased Fp2 product");
    ref_fp2_mul(&w0, &w1, ra, rb, ra, rb, rm);
    fp2_sqr(&z, &x);
    expect_fp(&z.c0, &w0, "Fp2 square, c0");
    expect_fp(&z.c1, &w1, "Fp2 square, c1");
}

static void check_field(const field_t *f, const uint8_t *abe, const uint8_t *bbe, unsigned op, fuzz_in_t *in) {
    uint8_t a[PYBLS_FP_SIZE], b[PYBLS_FP_SIZE], c[PYBLS_FP_SIZE], d[PYBLS_FP_SIZE];
    ref_t ra, rb, rm, rc, one;
    ref_from_be(&ra, abe, f->bytes);
    ref_from_be(&rb, bbe, f->bytes);
    ref_from_be(&rm, f->mod_be, f->bytes);
    ref_zero(&one);
    one.l[0] = 1;
    int oka = f->from(a, abe), okb = f->from(b, bbe);
    FUZZ_CHECK((oka == PYBLS_OK) == (ref_cmp(&ra, &rm) < 0) && (oka == PYBLS_OK || oka == PYBLS_ERR_NONCANONICAL),
               "from_bytes status %d", oka);
    FUZZ_CHECK((okb == PYBLS_OK) == (ref_cmp(&rb, &rm) < 0), "from_bytes status %d", okb);
    if (oka != PYBLS_OK || okb != PYBLS_OK) return;
    switch (op % 8) {
    case 0:
        f->add(c, a, b);
        ref_add(&rc, &ra, &rb);
        ref_mod(&rc, &rc, &rm);
        expect(f, c, &rc, "a + b");
        break;
    case 1:
        f->sub(c, a, b);
        ref_add(&rc, &ra, &rm);
        ref_sub(&rc, &rc, &rb);
        ref_mod(&rc, &rc, &rm);
        expect(f, c, &rc, "a - b");
        f->neg(c, b);
        ref_sub(&rc, &rm, &rb);
        ref_mod(&rc, &rc, &rm);
        expect(f, c, &rc, "-b");
        break;
    case 2:
        f->mul(c, a, b);
        ref_mulmod(&rc, &ra, &rb, &rm);
        expect(f, c, &rc, "a * b");
        /* outputs may alias inputs */
        memcpy(d, a, sizeof d);
        f->mul(d, d, b);
        FUZZ_CHECK(memcmp(c, d, f->bytes) == 0, "aliased a * b");
        break;
    case 3:
        f->sqr(c, a);
        ref_mulmod(&rc, &ra, &ra, &rm);
        expect(f, c, &rc, "a^2");
        break;
    case 4: {
        int rc_inv = f->inv(c, a);
        if (ref_is_zero(&ra)) {
            FUZZ_CHECK(rc_inv == PYBLS_ERR_ZERO_DIVISOR, "inverse of zero gave %d", rc_inv);
            break;
        }
        FUZZ_CHECK(rc_inv == PYBLS_OK, "inverse failed (%d)", rc_inv);
        uint8_t be[48];
        f->to(be, c);
        ref_from_be(&rc, be, f->bytes);
        ref_mulmod(&rc, &rc, &ra, &rm);
        FUZZ_CHECK(ref_cmp(&rc, &one) == 0, "a * a^-1 != 1");
        break;
    }
    case 5:
        if (f == &FP) {
            int rs = pybls_fp_sqrt(c, a), leg = pybls_fp_legendre(a);
            if (rs == PYBLS_OK) {
                uint8_t be[48];
                pybls_fp_to_bytes(be, c);
                ref_from_be(&rc, be, 48);
                ref_mulmod(&rc, &rc, &rc, &rm);
                FUZZ_CHECK(ref_cmp(&rc, &ra) == 0, "sqrt(a)^2 != a");
                FUZZ_CHECK(leg == (ref_is_zero(&ra) ? 0 : 1), "legendre %d of a square", leg);
            } else {
                FUZZ_CHECK(rs == PYBLS_ERR_NOT_SQUARE, "sqrt status %d", rs);
                FUZZ_CHECK(leg == -1, "legendre %d of a non-square", leg);
                pybls_fp_neg(d, a);
                FUZZ_CHECK(pybls_fp_sqrt(c, d) == PYBLS_OK, "neither a nor -a is a square");
                uint8_t be[48];
                pybls_fp_to_bytes(be, c);
                ref_from_be(&rc, be, 48);
                ref_mulmod(&rc, &rc, &rc, &rm);
                ref_sub(&rb, &rm, &ra);
                FUZZ_CHECK(ref_cmp(&rc, &rb) == 0, "sqrt(-a)^2 != -a");
            }
        } else {
            /* Fr equality and zero test against the reference */
            FUZZ_CHECK(pybls_scalar_eq(a, b) == (ref_cmp(&ra, &rb) == 0), "scalar_eq");
            FUZZ_CHECK(pybls_scalar_is_zero(a) == ref_is_zero(&ra), "scalar_is_zero");
        }
        break;
    case 6:
        if (f == &FR) {
            uint8_t e[16];
            uint32_t elen = fuzz_byte(in) % 9;
            fuzz_take(in, e, elen);
            FUZZ_CHECK(pybls_scalar_pow(c, a, e, elen) == PYBLS_OK, "pow");
            ref_t acc = one;
            for (uint32_t i = 0; i < 8 * elen; i++) {
                ref_mulmod(&acc, &acc, &acc, &rm);
                if (e[i / 8] >> (7 - i % 8) & 1) ref_mulmod(&acc, &acc, &ra, &rm);
            }
            expect(f, c, &acc, "a^e");
        } else {
            /* (a + b)(a - b) == a^2 - b^2, all in the core, with aliasing */
            f->add(c, a, b);
            f->sub(d, a, b);
            f->mul(c, c, d);
            f->sqr(d, a);
            uint8_t t[PYBLS_FP_SIZE];
            f->sqr(t, b);
            f->sub(d, d, t);
            FUZZ_CHECK(memcmp(c, d, PYBLS_FP_SIZE) == 0, "(a+b)(a-b) != a^2-b^2");
        }
        break;
    default: {
        if (f == &FP) {
            check_fp2(a, b, &ra, &rb, &rm, in);
            break;
        }
        /* wide scalar reduction of a || b against the reference */
        uint8_t wide[64], k[PYBLS_SCALAR_SIZE];
        memcpy(wide, abe, 32);
        memcpy(wide + 32, bbe, 32);
        ref_t w;
        ref_from_be(&w, wide, 64);
        ref_mod(&w, &w, &rm);
        FUZZ_CHECK(pybls_scalar_from_bytes_wide(k, wide, 64) == PYBLS_OK, "wide");
        expect(f, k, &w, "wide reduction");
        break;
    }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_in_t in = {data, size};
    const uint8_t sel = fuzz_byte(&in);
    const field_t *f = sel & 1 ? &FR : &FP;
    uint8_t a[48], b[48];
    fuzz_take(&in, a, f->bytes);
    fuzz_take(&in, b, f->bytes);
    /* mostly below the modulus: keep the top bits of the modulus' top byte
     * unless the selector asks for raw values */
    if (!(sel & 0x80)) {
        a[0] &= f == &FP ? 0x1f : 0x7f;
        b[0] &= f == &FP ? 0x1f : 0x7f;
    }
    check_field(f, a, b, sel >> 1, &in);
    return 0;
}
