#!/bin/sh
# Core cycles of bn254_nogami's Fp2 and Fp12 operations, final
# exponentiation, Miller loop and pairing, pybls's against mcl's
# (benchmarks/instr/tower_vs_mcl.c), on this machine's x86-64 CPU: where
# the pairing's ratio to mcl comes from. mcl's library comes out of the
# mclbn256 wheel in .venv (mcl_lib.sh); pybls's core is built as the
# native library is (core_manifest.py's flags, the ADX kernels).
# Usage: sh benchmarks/instr/tower_vs_mcl.sh [ROUNDS]
set -e
cd "$(dirname "$0")/../.."
sh benchmarks/instr/mcl_lib.sh
# shellcheck disable=SC2046 # the lists split into arguments
${CC:-gcc} -O3 -mbmi2 -madx $(python3 build-scripts/core_manifest.py cflags bn254_nogami) \
    -DPYBLS_LIMB_BITS=64 benchmarks/instr/tower_vs_mcl.c \
    $(python3 build-scripts/core_manifest.py sources bn254_nogami) -ldl -o build/instr/tower_vs_mcl
build/instr/tower_vs_mcl "$PWD/build/instr/mcl/libmclbn256.so" "${1:-300}"
