/* api_field.c - the public ABI for scalars (Fr) and base-field elements. */
#include "pybls.h"
#include "curves/consts.h"

int pybls_abi_version(void) { return 1; }
int pybls_limb_bits(void) { return LIMB_BITS; }

/* Internal buffers are the element structs' bytes; copy them in and out so
 * callers need not align their buffers. */
#define LOAD(type, name, buf) type name; ct_memcpy(&name, buf, sizeof name)
#define STORE(buf, name) ct_memcpy(buf, &name, sizeof name)

int pybls_scalar_from_bytes(uint8_t *out, const uint8_t *in32) {
    fr_t r;
    limb_t ok = fr_from_bytes(&r, in32);
    STORE(out, r);
    return (int)(~ok & 1) * PYBLS_ERR_NONCANONICAL;
}

int pybls_scalar_from_bytes_wide(uint8_t *out, const uint8_t *in, uint32_t len) {
    uint8_t wide[2 * CURVE_FR_BYTES];
    fr_t r;
    if (len > sizeof wide) return PYBLS_ERR_LENGTH;
    for (uint32_t i = 0; i < sizeof wide - len; i++) wide[i] = 0;
    for (uint32_t i = 0; i < len; i++) wide[sizeof wide - len + i] = in[i];
    fr_from_bytes_wide(&r, wide);
    ct_memzero(wide, sizeof wide);
    STORE(out, r);
    return PYBLS_OK;
}

int pybls_scalar_to_bytes(uint8_t *out32, const uint8_t *a) {
    LOAD(fr_t, x, a);
    fr_to_bytes(out32, &x);
    return PYBLS_OK;
}

#define SCALAR_BINOP(name, fn)                                               \
    int pybls_scalar_##name(uint8_t *out, const uint8_t *a, const uint8_t *b) { \
        LOAD(fr_t, x, a);                                                    \
        LOAD(fr_t, y, b);                                                    \
        fn(&x, &x, &y);                                                      \
        STORE(out, x);                                                       \
        return PYBLS_OK;                                                     \
    }
SCALAR_BINOP(add, fr_add)
SCALAR_BINOP(sub, fr_sub)
SCALAR_BINOP(mul, fr_mul)

int pybls_scalar_neg(uint8_t *out, const uint8_t *a) {
    LOAD(fr_t, x, a);
    fr_neg(&x, &x);
    STORE(out, x);
    return PYBLS_OK;
}

int pybls_scalar_sqr(uint8_t *out, const uint8_t *a) {
    LOAD(fr_t, x, a);
    fr_sqr(&x, &x);
    STORE(out, x);
    return PYBLS_OK;
}

/* The inverse is computed whatever the input, so timing does not reveal
 * whether it was zero; only the returned status does. */
int pybls_scalar_inv(uint8_t *out, const uint8_t *a) {
    LOAD(fr_t, x, a);
    limb_t zero = fr_is_zero(&x);
    fr_inv(&x, &x);
    STORE(out, x);
    return (int)(zero & 1) * PYBLS_ERR_ZERO_DIVISOR;
}

int pybls_scalar_pow(uint8_t *out, const uint8_t *a, const uint8_t *exp_be, uint32_t exp_len) {
    LOAD(fr_t, x, a);
    fr_pow_bytes(&x, &x, exp_be, exp_len);
    STORE(out, x);
    return PYBLS_OK;
}

int pybls_scalar_is_zero(const uint8_t *a) {
    LOAD(fr_t, x, a);
    return (int)(fr_is_zero(&x) & 1);
}

int pybls_scalar_eq(const uint8_t *a, const uint8_t *b) {
    LOAD(fr_t, x, a);
    LOAD(fr_t, y, b);
    return (int)(fr_eq(&x, &y) & 1);
}

int pybls_fp_from_bytes(uint8_t *out, const uint8_t *in48) {
    fp_t r;
    limb_t ok = fp_from_bytes(&r, in48);
    if (!(ok & 1)) return PYBLS_ERR_NONCANONICAL;
    STORE(out, r);
    return PYBLS_OK;
}

int pybls_fp_to_bytes(uint8_t *out48, const uint8_t *a) {
    LOAD(fp_t, x, a);
    fp_to_bytes(out48, &x);
    return PYBLS_OK;
}

#define FP_BINOP(name, fn)                                                   \
    int pybls_fp_##name(uint8_t *out, const uint8_t *a, const uint8_t *b) {   \
        LOAD(fp_t, x, a);                                                    \
        LOAD(fp_t, y, b);                                                    \
        fn(&x, &x, &y);                                                      \
        STORE(out, x);                                                       \
        return PYBLS_OK;                                                     \
    }
FP_BINOP(add, fp_add)
FP_BINOP(sub, fp_sub)
FP_BINOP(mul, fp_mul)

#define FP_UNOP(name, fn)                                                    \
    int pybls_fp_##name(uint8_t *out, const uint8_t *a) {                     \
        LOAD(fp_t, x, a);                                                    \
        fn(&x, &x);                                                          \
        STORE(out, x);                                                       \
        return PYBLS_OK;                                                     \
    }
FP_UNOP(neg, fp_neg)
FP_UNOP(sqr, fp_sqr)

int pybls_fp_inv(uint8_t *out, const uint8_t *a) {
    LOAD(fp_t, x, a);
    limb_t zero = fp_is_zero(&x);
    fp_inv(&x, &x);
    STORE(out, x);
    return (int)(zero & 1) * PYBLS_ERR_ZERO_DIVISOR;
}

int pybls_fp_inv_vartime(uint8_t *out, const uint8_t *a) {
    LOAD(fp_t, x, a);
    limb_t zero = fp_is_zero(&x);
    fp_inv_vartime(&x, &x);
    STORE(out, x);
    return (int)(zero & 1) * PYBLS_ERR_ZERO_DIVISOR;
}

int pybls_fp_sqrt(uint8_t *out, const uint8_t *a) {
    LOAD(fp_t, x, a);
    fp_t root;
    limb_t ok = fp_sqrt(&root, &x);
    if (!(ok & 1)) return PYBLS_ERR_NOT_SQUARE;
    STORE(out, root);
    return PYBLS_OK;
}

int pybls_fp_legendre(const uint8_t *a) {
    LOAD(fp_t, x, a);
    return fp_legendre(&x);
}
