/*
 * fuzz_decode_bn462.c - every decoder of bn462's library (mcl's
 * serialization) on arbitrary bytes: decode_mcl.h's checks for
 * BN462: y^2 = x^3 + 5, xi = 2 + u.
 */
#ifndef PYBLS_CURVE_BN462
#error "fuzz_decode_bn462.c is built with bn462's library (-DPYBLS_CURVE_BN462)"
#endif

#define CURVE_B_SMALL 5
#define CURVE_XI_SMALL 2
#include "decode_mcl.h"
