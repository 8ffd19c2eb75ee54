#!/bin/sh
# Cycles of one 4-limb Montgomery product and square, pybls's against
# mcl's (benchmarks/instr/fp_mul_chain.c), on this machine's x86-64 CPU
# with BMI2 and ADX. mcl's library comes out of the mclbn256 wheel in .venv
# (mcl_lib.sh).
# Usage: [OLD=REV] sh benchmarks/instr/fp_mul_chain.sh [ROUNDS]
# With OLD, the kernels of csrc/arith/mont_adx.h at git revision REV (or of
# the file REV) run as a further contestant, next to the working tree's.
set -e
cd "$(dirname "$0")/../.."
sh benchmarks/instr/mcl_lib.sh
old=""
if [ -n "$OLD" ]; then
    { [ -f "$OLD" ] && cat "$OLD" || git show "$OLD:csrc/arith/mont_adx.h"; } | sed 's/mont_adx_/old_adx_/g; s/PYBLS_MONT_ADX_H/OLD_MONT_ADX_H/g' \
        >build/instr/old_mont_adx.h
    old="-DOLD_MONT_ADX -Ibuild/instr"
fi
# shellcheck disable=SC2046,SC2086 # the lists split into arguments
${CC:-gcc} -O3 -mbmi2 -madx $old $(python3 build-scripts/core_manifest.py cflags bn254_nogami) \
    -DPYBLS_LIMB_BITS=64 benchmarks/instr/fp_mul_chain.c \
    $(python3 build-scripts/core_manifest.py sources bn254_nogami) -ldl -o build/instr/fp_mul_chain
build/instr/fp_mul_chain "$PWD/build/instr/mcl/libmclbn256.so" "${1:-3000}"
