/*
 * fuzz_decode_bn254_nogami.c - every decoder of bn254_nogami's library (mcl's
 * serialization) on arbitrary bytes: decode_mcl.h's checks for
 * BN254 of Nogami et al. (mcl's BN254): y^2 = x^3 + 2, xi = 1 + u.
 */
#ifndef PYBLS_CURVE_BN254_NOGAMI
#error "fuzz_decode_bn254_nogami.c is built with bn254_nogami's library (-DPYBLS_CURVE_BN254_NOGAMI)"
#endif

#define CURVE_B_SMALL 2
#define CURVE_XI_SMALL 1
#include "decode_mcl.h"
