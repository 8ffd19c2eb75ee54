/*
 * ec_encoding_template.h - the ZCash / IETF point encodings, written once
 * for G1 and G2 (after ec_group_template.h). Needs besides its macros:
 *
 *   EC_COORD_BYTES   bytes of one encoded coordinate (48 or 96)
 *   EC_SQRT(r, a)    a square root (see ec_decode_template.h)
 *
 * Compressed: x with the top three bits of its first byte set to the flags
 * C (compressed), I (infinity) and S (y is the lexicographically largest
 * root). Uncompressed: x || y, C = 0, S = 0. The identity is the infinity
 * flag with every other bit zero.
 */

#define EC_FLAG_C 0x80
#define EC_FLAG_I 0x40
#define EC_FLAG_S 0x20
#define EC_FLAG_MASK (EC_FLAG_C | EC_FLAG_I | EC_FLAG_S)

void EC(compress)(uint8_t *out, const POINT *p) {
    FE x, y;
    limb_t inf = EC(is_identity)(p);
    EC(to_affine)(&x, &y, p); /* the identity gives x = 0 */
    F(to_bytes)(out, &x);
    limb_t sign = ~inf & F(is_lexically_largest)(&y);
    out[0] |= (uint8_t)(EC_FLAG_C | (inf & EC_FLAG_I) | (sign & EC_FLAG_S));
}

void EC(serialize)(uint8_t *out, const POINT *p) {
    FE x, y;
    limb_t inf = EC(is_identity)(p);
    EC(to_affine)(&x, &y, p);
    F(to_bytes)(out, &x);
    F(to_bytes)(out + EC_COORD_BYTES, &y);
    out[0] |= (uint8_t)(inf & EC_FLAG_I);
}

#define EC_Y_SIGN(y) F(is_lexically_largest)(y)
#include "ec/ec_decode_template.h"

int EC(decode)(POINT *r, const uint8_t *in, uint32_t len, uint32_t flags) {
    uint8_t x[EC_COORD_BYTES];
    unsigned compressed;
    if (len == EC_COORD_BYTES)
        compressed = 1;
    else if (len == 2 * EC_COORD_BYTES)
        compressed = 0;
    else
        return PYBLS_ERR_LENGTH;
    unsigned c = (in[0] & EC_FLAG_C) != 0, inf = (in[0] & EC_FLAG_I) != 0;
    unsigned s = (in[0] & EC_FLAG_S) != 0;
    if (c != compressed) return PYBLS_ERR_FLAGS;
    if (inf) {
        uint8_t rest = in[0] & (uint8_t)~(EC_FLAG_C | EC_FLAG_I);
        for (uint32_t i = 1; i < len; i++) rest |= in[i];
        if (rest) return PYBLS_ERR_FLAGS;
        EC(set_identity)(r);
        return PYBLS_OK;
    }
    if (s && !compressed) return PYBLS_ERR_FLAGS;
    ct_memcpy(x, in, sizeof x);
    x[0] &= (uint8_t)~EC_FLAG_MASK;
    const uint8_t *y = compressed ? NULL : in + EC_COORD_BYTES;
    return EC(from_coordinates)(r, x, y, (limb_t)0 - s, flags);
}

/* Plain coordinates: any value >= p (flag bits included) is non-canonical. */
int EC(from_affine_bytes)(POINT *r, const uint8_t *x, const uint8_t *y, uint32_t flags) {
    return EC(from_coordinates)(r, x, y, 0, flags);
}
