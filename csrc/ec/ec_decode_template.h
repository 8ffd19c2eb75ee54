/*
 * ec_decode_template.h - a point from its coordinates, checked as every
 * decoder promises (canonical coordinates, the curve equation, the
 * subgroup unless PYBLS_DECODE_SKIP_SUBGROUP_CHECK), written once for the
 * encodings of every curve (ec_encoding_*_template.h include it). Needs,
 * besides the group template's macros:
 *
 *   EC_SQRT(r, a)   a square root of a, returning an all-ones mask if a is
 *                   a square (may be variable time: decoded points are
 *                   public)
 *   EC_Y_SIGN(y)    the mask of the root a compressed encoding selects:
 *                   all-ones for the lexicographically largest root
 *                   (ZCash, EIP-196) or the odd one (mcl)
 */

/* The point with coordinates x and y (or, if y_bytes is NULL, the x whose
 * y has the sign `largest`), checked as the decoders promise. */
static int EC(from_coordinates)(POINT *r, const uint8_t *x_bytes, const uint8_t *y_bytes,
                                limb_t largest, uint32_t flags) {
    FE x, y;
    POINT p;
    if (!(F(from_bytes)(&x, x_bytes) & 1)) return PYBLS_ERR_NONCANONICAL;
    if (y_bytes) {
        if (!(F(from_bytes)(&y, y_bytes) & 1)) return PYBLS_ERR_NONCANONICAL;
        EC(from_affine)(&p, &x, &y);
        if (!(EC(is_on_curve)(&p) & 1)) return PYBLS_ERR_NOT_ON_CURVE;
    } else {
        FE rhs;
        F(sqr)(&rhs, &x);
        F(mul)(&rhs, &rhs, &x);
        F(add)(&rhs, &rhs, &EC_B);
        if (!(EC_SQRT(&y, &rhs) & 1)) return PYBLS_ERR_NOT_ON_CURVE;
        if ((EC_Y_SIGN(&y) ^ largest) & 1) F(neg)(&y, &y);
        EC(from_affine)(&p, &x, &y);
    }
    if (!(flags & PYBLS_DECODE_SKIP_SUBGROUP_CHECK) && !EC(in_subgroup_vartime)(&p))
        return PYBLS_ERR_NOT_IN_SUBGROUP;
    *r = p;
    return PYBLS_OK;
}

