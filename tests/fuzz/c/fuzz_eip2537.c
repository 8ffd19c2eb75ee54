/*
 * fuzz_eip2537.c - pybls.h's EIP-2537 functions (pybls_eip2537_*) on
 * arbitrary call data, against the generic group functions.
 *
 * Input layout: a selector byte, then the call data (padded with zeros to
 * the function's input size, the rest ignored).
 *
 *   selector % 6   function
 *   0, 1           g1_add, g2_add (two points)
 *   2, 3           g1_mul, g2_mul (a point and a 32-byte scalar)
 *   4, 5           g1_decode, g2_decode (one point; the subgroup check
 *                  when selector / 6 is odd)
 *
 * Properties: the status is one of those the header lists; an addition
 * fails as decoding its two points without the subgroup check does, a
 * multiplication as decoding its point with it; what they return is the
 * encoding of the generic sum / product of the decoded points (g1_add,
 * mul_vartime on the scalar reduced modulo r); a decoded point encodes
 * back to the input and lies on the curve (in the subgroup if asked).
 */
#include "fuzz_common.h"

#define EIP_G1 128
#define EIP_G2 256

static int status_ok(int rc) {
    return rc == PYBLS_OK || rc == PYBLS_ERR_NONCANONICAL || rc == PYBLS_ERR_NOT_ON_CURVE ||
           rc == PYBLS_ERR_NOT_IN_SUBGROUP;
}

static int decode(int g2, uint8_t *p, const uint8_t *in, uint32_t subgroup) {
    return g2 ? pybls_eip2537_g2_decode(p, in, subgroup) : pybls_eip2537_g1_decode(p, in, subgroup);
}

static void encode(int g2, uint8_t *out, const uint8_t *p) {
    if (g2) pybls_eip2537_g2_encode(out, p); else pybls_eip2537_g1_encode(out, p);
}

static void check_add(int g2, const uint8_t *in) {
    const size_t n = g2 ? EIP_G2 : EIP_G1;
    uint8_t out[EIP_G2], want[EIP_G2], a[PYBLS_G2_SIZE], b[PYBLS_G2_SIZE];
    int rc = g2 ? pybls_eip2537_g2_add(out, in) : pybls_eip2537_g1_add(out, in);
    FUZZ_CHECK(status_ok(rc) && rc != PYBLS_ERR_NOT_IN_SUBGROUP, "add: unexpected status %d", rc);
    int ra = decode(g2, a, in, 0);
    int rb = ra ? ra : decode(g2, b, in + n, 0);
    FUZZ_CHECK(rc == rb, "add gave %d, decoding its points %d", rc, rb);
    if (rc) return;
    if (g2) pybls_g2_add(a, a, b); else pybls_g1_add(a, a, b);
    encode(g2, want, a);
    FUZZ_CHECK(memcmp(out, want, n) == 0, "add differs from the generic sum");
}

static void check_mul(int g2, const uint8_t *in) {
    const size_t n = g2 ? EIP_G2 : EIP_G1;
    uint8_t out[EIP_G2], want[EIP_G2], p[PYBLS_G2_SIZE], k[PYBLS_SCALAR_SIZE];
    int rc = g2 ? pybls_eip2537_g2_mul(out, in) : pybls_eip2537_g1_mul(out, in);
    FUZZ_CHECK(status_ok(rc), "mul: unexpected status %d", rc);
    int rp = decode(g2, p, in, 1);
    FUZZ_CHECK(rc == rp, "mul gave %d, decoding its point %d", rc, rp);
    if (rc) return;
    pybls_scalar_from_bytes_wide(k, in + n, 32);
    if (g2) pybls_g2_mul_vartime(p, p, k); else pybls_g1_mul_vartime(p, p, k);
    encode(g2, want, p);
    FUZZ_CHECK(memcmp(out, want, n) == 0, "mul differs from the generic product");
}

static void check_decode(int g2, const uint8_t *in, uint32_t subgroup) {
    const size_t n = g2 ? EIP_G2 : EIP_G1;
    uint8_t p[PYBLS_G2_SIZE], enc[EIP_G2];
    int rc = decode(g2, p, in, subgroup);
    FUZZ_CHECK(status_ok(rc), "decode: unexpected status %d", rc);
    if (rc == PYBLS_ERR_NOT_IN_SUBGROUP) {
        FUZZ_CHECK(subgroup && decode(g2, p, in, 0) == PYBLS_OK, "refused for the subgroup only if asked");
        FUZZ_CHECK(!(g2 ? pybls_g2_in_subgroup(p) : pybls_g1_in_subgroup(p)), "in_subgroup disagrees");
        return;
    }
    if (rc) return;
    FUZZ_CHECK(g2 ? pybls_g2_is_on_curve(p) : pybls_g1_is_on_curve(p), "decoded point off the curve");
    if (subgroup) FUZZ_CHECK(g2 ? pybls_g2_in_subgroup(p) : pybls_g1_in_subgroup(p), "decoded point outside G");
    encode(g2, enc, p);
    FUZZ_CHECK(memcmp(enc, in, n) == 0, "accepted an input that does not encode back to itself");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    uint8_t in[2 * EIP_G2];
    if (size < 1) return 0;
    fuzz_in_t cur = {data + 1, size - 1};
    fuzz_take(&cur, in, sizeof in);
    int sel = data[0] % 6, g2 = sel & 1;
    if (sel < 2) check_add(g2, in);
    else if (sel < 4) check_mul(g2, in);
    else check_decode(g2, in, (uint32_t)(data[0] / 6) & 1);
    return 0;
}
