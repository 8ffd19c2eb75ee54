/*
 * ec_encoding_mcl_template.h - mcl's point serialization (its default
 * mode, for its BN curves), written once for G1 and G2 (after
 * ec_group_template.h). Needs besides its macros:
 *
 *   EC_COORD_BYTES   bytes of one encoded coordinate (32 or 64)
 *   EC_SQRT(r, a)    a square root (see ec_decode_template.h)
 *   EC_Y_PARITY(y)   the parity of y as a mask (of y's c0 on G2), which
 *                    the compressed form records
 *
 * Coordinates are little-endian, an Fp2 one c0 first (the reverse of the
 * big-endian c1 || c0 that F(to_bytes) writes). Compressed: x with the
 * parity of y in the top bit of its last byte (a canonical coordinate
 * leaves it clear, p < 2^254). Uncompressed: x || y. The identity is all
 * zero in both (no point of the curve has x = 0, as b is not a square).
 */

#define EC_FLAG_ODD 0x80

static void EC(reverse)(uint8_t *out, const uint8_t *in, uint32_t n) {
    for (uint32_t i = 0; i < n; i++) out[i] = in[n - 1 - i];
}

void EC(compress)(uint8_t *out, const POINT *p) {
    FE x, y;
    uint8_t be[EC_COORD_BYTES];
    limb_t inf = EC(is_identity)(p);
    EC(to_affine)(&x, &y, p); /* the identity gives x = 0 */
    F(to_bytes)(be, &x);
    EC(reverse)(out, be, EC_COORD_BYTES);
    out[EC_COORD_BYTES - 1] |= (uint8_t)(~inf & EC_Y_PARITY(&y) & EC_FLAG_ODD);
}

void EC(serialize)(uint8_t *out, const POINT *p) {
    FE x, y;
    uint8_t be[EC_COORD_BYTES];
    EC(to_affine)(&x, &y, p); /* the identity gives (0, 0) */
    F(to_bytes)(be, &x);
    EC(reverse)(out, be, EC_COORD_BYTES);
    F(to_bytes)(be, &y);
    EC(reverse)(out + EC_COORD_BYTES, be, EC_COORD_BYTES);
}

#define EC_Y_SIGN(y) EC_Y_PARITY(y)
#include "ec/ec_decode_template.h"

int EC(decode)(POINT *r, const uint8_t *in, uint32_t len, uint32_t flags) {
    uint8_t x[EC_COORD_BYTES], y[EC_COORD_BYTES];
    uint8_t any = 0;
    if (len != EC_COORD_BYTES && len != 2 * EC_COORD_BYTES) return PYBLS_ERR_LENGTH;
    for (uint32_t i = 0; i < len; i++) any |= in[i];
    if (!any) {
        EC(set_identity)(r);
        return PYBLS_OK;
    }
    EC(reverse)(x, in, EC_COORD_BYTES);
    if (len == 2 * EC_COORD_BYTES) {
        /* A set top bit makes a coordinate >= p: non-canonical. */
        EC(reverse)(y, in + EC_COORD_BYTES, EC_COORD_BYTES);
        return EC(from_coordinates)(r, x, y, 0, flags);
    }
    limb_t odd = (limb_t)0 - (limb_t)(x[0] >> 7);
    x[0] &= (uint8_t)~EC_FLAG_ODD;
    return EC(from_coordinates)(r, x, NULL, odd, flags);
}

/* Plain big-endian coordinates, as for every curve: any value >= p is
 * non-canonical. */
int EC(from_affine_bytes)(POINT *r, const uint8_t *x, const uint8_t *y, uint32_t flags) {
    return EC(from_coordinates)(r, x, y, 0, flags);
}
