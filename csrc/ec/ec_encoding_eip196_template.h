/*
 * ec_encoding_eip196_template.h - the point encodings of Ethereum's BN254
 * precompiles (EIP-196, EIP-197), written once for G1 and G2 (after
 * ec_group_template.h). Needs besides its macros:
 *
 *   EC_COORD_BYTES   bytes of one encoded coordinate (32 or 64)
 *   EC_SQRT(r, a)    a square root (see ec_decode_template.h)
 *
 * Uncompressed: x || y, each coordinate big-endian (an Fp2 one imaginary
 * part first), the identity all zero (no curve point has x = y = 0, as
 * b != 0). Compressed, in the form gnark uses: x with the top two bits of
 * its first byte (always zero in a canonical coordinate, p < 2^254) set to
 * 10 (y is not the lexicographically largest root), 11 (it is) or 01 (the
 * identity, every other bit zero).
 */

#define EC_FLAG_COMPRESSED 0x80
#define EC_FLAG_LARGEST 0x40
#define EC_FLAG_INFINITY 0x40 /* without EC_FLAG_COMPRESSED */
#define EC_FLAG_MASK 0xc0

void EC(compress)(uint8_t *out, const POINT *p) {
    FE x, y;
    limb_t inf = EC(is_identity)(p);
    EC(to_affine)(&x, &y, p); /* the identity gives x = 0 */
    F(to_bytes)(out, &x);
    limb_t largest = ~inf & F(is_lexically_largest)(&y);
    out[0] |= (uint8_t)((~inf & EC_FLAG_COMPRESSED) | (inf & EC_FLAG_INFINITY) | (largest & EC_FLAG_LARGEST));
}

void EC(serialize)(uint8_t *out, const POINT *p) {
    FE x, y;
    EC(to_affine)(&x, &y, p); /* the identity gives (0, 0) */
    F(to_bytes)(out, &x);
    F(to_bytes)(out + EC_COORD_BYTES, &y);
}

#define EC_Y_SIGN(y) F(is_lexically_largest)(y)
#include "ec/ec_decode_template.h"

int EC(decode)(POINT *r, const uint8_t *in, uint32_t len, uint32_t flags) {
    uint8_t x[EC_COORD_BYTES];
    uint8_t any = 0;
    for (uint32_t i = 0; i < len && i < 2 * EC_COORD_BYTES; i++) any |= in[i];
    if (len == 2 * EC_COORD_BYTES) {
        if (!any) {
            EC(set_identity)(r);
            return PYBLS_OK;
        }
        /* Flag bits make a coordinate >= p: non-canonical, as EIP-196 says. */
        return EC(from_coordinates)(r, in, in + EC_COORD_BYTES, 0, flags);
    }
    if (len != EC_COORD_BYTES) return PYBLS_ERR_LENGTH;
    uint8_t top = in[0] & EC_FLAG_MASK;
    if (top == EC_FLAG_INFINITY) {
        uint8_t rest = in[0] & (uint8_t)~EC_FLAG_MASK;
        for (uint32_t i = 1; i < len; i++) rest |= in[i];
        if (rest) return PYBLS_ERR_FLAGS;
        EC(set_identity)(r);
        return PYBLS_OK;
    }
    if (!(top & EC_FLAG_COMPRESSED)) return PYBLS_ERR_FLAGS;
    ct_memcpy(x, in, sizeof x);
    x[0] &= (uint8_t)~EC_FLAG_MASK;
    return EC(from_coordinates)(r, x, NULL, (limb_t)0 - (limb_t)((top & EC_FLAG_LARGEST) != 0), flags);
}

/* Plain coordinates: any value >= p is non-canonical. */
int EC(from_affine_bytes)(POINT *r, const uint8_t *x, const uint8_t *y, uint32_t flags) {
    return EC(from_coordinates)(r, x, y, 0, flags);
}
