/*
 * quad_template.h - a quadratic extension T = BT[X]/(X^2 - n), written once
 * for the Fp4 and Fp8 of the BLS48 tower (fp4.c, fp8.c). The including file
 * defines:
 *
 *   T, BT          the element types (struct { BT c0, c1; }) and the base's
 *   Q(op), B(op)   the operations of T (declared in tower48.h) and of BT
 *   B_MUL_N(r, a)  r = n a in BT
 *   Q_FROB         the BT array with X^(p^k) = Q_FROB[k-1] X, k = 1..8
 *   B_BYTES        bytes of a BT encoding
 *   Q_OWN_MUL      (optional) the including file defines Q(mul) and Q(sqr)
 *   Q_OWN_MUL2     (optional) the including file defines Q(mul2_add) and
 *                  Q(mul2_sub)
 *
 * Products are Karatsuba's (three base products), squares the complex
 * method's (two). Constant time except Q(inv_vartime) and Q(sqrt_vartime).
 */

void Q(set_zero)(T *r) {
    B(set_zero)(&r->c0);
    B(set_zero)(&r->c1);
}

void Q(set_one)(T *r) {
    B(set_one)(&r->c0);
    B(set_zero)(&r->c1);
}

void Q(add)(T *r, const T *a, const T *b) {
    B(add)(&r->c0, &a->c0, &b->c0);
    B(add)(&r->c1, &a->c1, &b->c1);
}

void Q(sub)(T *r, const T *a, const T *b) {
    B(sub)(&r->c0, &a->c0, &b->c0);
    B(sub)(&r->c1, &a->c1, &b->c1);
}

void Q(dbl)(T *r, const T *a) {
    B(dbl)(&r->c0, &a->c0);
    B(dbl)(&r->c1, &a->c1);
}

void Q(neg)(T *r, const T *a) {
    B(neg)(&r->c0, &a->c0);
    B(neg)(&r->c1, &a->c1);
}

void Q(half)(T *r, const T *a) {
    B(half)(&r->c0, &a->c0);
    B(half)(&r->c1, &a->c1);
}

void Q(mul3)(T *r, const T *a) {
    B(mul3)(&r->c0, &a->c0);
    B(mul3)(&r->c1, &a->c1);
}

#ifndef Q_OWN_MUL
void Q(mul)(T *r, const T *a, const T *b) {
    BT v0, v1, s, t;
    B(mul)(&v0, &a->c0, &b->c0);
    B(mul)(&v1, &a->c1, &b->c1);
    B(add)(&s, &a->c0, &a->c1);
    B(add)(&t, &b->c0, &b->c1);
    B(mul)(&s, &s, &t);
    B(sub)(&s, &s, &v0);
    B(sub)(&r->c1, &s, &v1);
    B_MUL_N(&v1, &v1);
    B(add)(&r->c0, &v0, &v1);
}

/* (a0 + a1 X)^2 = (a0 + a1)(a0 + n a1) - (1 + n) a0 a1 + 2 a0 a1 X. */
void Q(sqr)(T *r, const T *a) {
    BT v, s, t;
    B(mul)(&v, &a->c0, &a->c1);
    B(add)(&s, &a->c0, &a->c1);
    B_MUL_N(&t, &a->c1);
    B(add)(&t, &t, &a->c0);
    B(mul)(&s, &s, &t);
    B(sub)(&s, &s, &v);
    B_MUL_N(&t, &v);
    B(sub)(&r->c0, &s, &t);
    B(dbl)(&r->c1, &v);
}
#endif

void Q(mul_base)(T *r, const T *a, const BT *b) {
    B(mul)(&r->c0, &a->c0, b);
    B(mul)(&r->c1, &a->c1, b);
}

#ifndef Q_OWN_MUL2
void Q(mul2_add)(T *r, const T *a, const T *b, const T *c, const T *d) {
    T x, y;
    Q(mul)(&x, a, b);
    Q(mul)(&y, c, d);
    Q(add)(r, &x, &y);
}

void Q(mul2_sub)(T *r, const T *a, const T *b, const T *c, const T *d) {
    T x, y;
    Q(mul)(&x, a, b);
    Q(mul)(&y, c, d);
    Q(sub)(r, &x, &y);
}
#endif

/* 1 / (a0 + a1 X) = (a0 - a1 X) / (a0^2 - n a1^2), the norm inverted by
 * base_inv (0 -> 0). */
static void Q(inv_by)(T *r, const T *a, void (*base_inv)(BT *, const BT *)) {
    BT n, t;
    B(sqr)(&n, &a->c0);
    B(sqr)(&t, &a->c1);
    B_MUL_N(&t, &t);
    B(sub)(&n, &n, &t);
    base_inv(&n, &n);
    B(mul)(&r->c0, &a->c0, &n);
    B(mul)(&t, &a->c1, &n);
    B(neg)(&r->c1, &t);
}

void Q(inv)(T *r, const T *a) { Q(inv_by)(r, a, B(inv)); }

/* The same in variable time, for public values only. */
void Q(inv_vartime)(T *r, const T *a) { Q(inv_by)(r, a, B(inv_vartime)); }

limb_t Q(is_zero)(const T *a) { return B(is_zero)(&a->c0) & B(is_zero)(&a->c1); }

limb_t Q(eq)(const T *a, const T *b) { return B(eq)(&a->c0, &b->c0) & B(eq)(&a->c1, &b->c1); }

limb_t Q(is_lexically_largest)(const T *a) {
    limb_t hi_zero = B(is_zero)(&a->c1);
    return (~hi_zero & B(is_lexically_largest)(&a->c1)) | (hi_zero & B(is_lexically_largest)(&a->c0));
}

void Q(frobenius)(T *r, const T *a, int k) {
    BT t;
    B(frobenius)(&r->c0, &a->c0, k);
    B(frobenius)(&t, &a->c1, k);
    B(mul)(&r->c1, &t, &Q_FROB[k - 1]);
}

/* With N = a0^2 - n a1^2 = (c0^2 - n c1^2)^2 for a root c0 + c1 X: c0^2 =
 * (a0 +- sqrt(N)) / 2 and c1 = a1 / (2 c0); for a1 = 0, either c1 = 0 or
 * c0 = 0 and c1^2 = a0 / n. The result is checked by squaring it. */
limb_t Q(sqrt_vartime)(T *r, const T *a) {
    T x, check;
    BT s, c, t;
    if (B(is_zero)(&a->c1) & 1) {
        if (B(sqrt_vartime)(&x.c0, &a->c0) & 1) {
            B(set_zero)(&x.c1);
        } else {
            B(set_one)(&t);
            B_MUL_N(&t, &t);
            B(inv)(&t, &t);
            B(mul)(&t, &t, &a->c0);
            B(set_zero)(&x.c0);
            if (!(B(sqrt_vartime)(&x.c1, &t) & 1)) return 0;
        }
    } else {
        B(sqr)(&s, &a->c0);
        B(sqr)(&t, &a->c1);
        B_MUL_N(&t, &t);
        B(sub)(&s, &s, &t);
        if (!(B(sqrt_vartime)(&s, &s) & 1)) return 0;
        B(add)(&t, &a->c0, &s);
        B(half)(&t, &t);
        if (!(B(sqrt_vartime)(&c, &t) & 1)) {
            B(sub)(&t, &a->c0, &s);
            B(half)(&t, &t);
            if (!(B(sqrt_vartime)(&c, &t) & 1)) return 0;
        }
        x.c0 = c;
        B(dbl)(&t, &c);
        B(inv)(&t, &t);
        B(mul)(&x.c1, &a->c1, &t);
    }
    Q(sqr)(&check, &x);
    if (!(Q(eq)(&check, a) & 1)) return 0;
    *r = x;
    return (limb_t)-1;
}

limb_t Q(from_bytes)(T *r, const uint8_t *in) {
    limb_t ok1 = B(from_bytes)(&r->c1, in);
    limb_t ok0 = B(from_bytes)(&r->c0, in + B_BYTES);
    return ok0 & ok1;
}

void Q(to_bytes)(uint8_t *out, const T *a) {
    B(to_bytes)(out, &a->c1);
    B(to_bytes)(out + B_BYTES, &a->c0);
}
