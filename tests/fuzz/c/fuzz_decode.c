/*
 * fuzz_decode.c - every decoder of pybls.h (BLS12-381's library) on
 * arbitrary bytes: the properties and input layout of decode_checks.h,
 * which fuzz_decode_bn254.c shares.
 */
#include "decode_checks.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    decode_input_t d;
    if (decode_parse(&d, data, size)) decode_check(&d);
    return 0;
}
