/*
 * fuzz_decode_bn381.c - every decoder of bn381's library (mcl's
 * serialization) on arbitrary bytes: decode_mcl.h's checks for
 * BN381_1: y^2 = x^3 + 2, xi = 1 + u.
 */
#ifndef PYBLS_CURVE_BN381
#error "fuzz_decode_bn381.c is built with bn381's library (-DPYBLS_CURVE_BN381)"
#endif

#define CURVE_B_SMALL 2
#define CURVE_XI_SMALL 1
#include "decode_mcl.h"
