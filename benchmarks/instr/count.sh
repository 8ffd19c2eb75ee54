#!/bin/sh
# Instruction counts of core operations (benchmarks/instr/ops.c) under
# callgrind. Usage: sh benchmarks/instr/count.sh [LIMB_BITS] [op ...]
set -e
cd "$(dirname "$0")/../.."
bits=${1:-64}
[ $# -gt 0 ] && shift
ops=${*:-"hash_to_g2 clear_cofactor_g2 sign verify g2_mul g1_mul g2_compress g1_compress g2_decode g1_decode fp_inv pairing g1_mul_vartime64 g2_msm64 g1_msm64"}
mkdir -p build/instr
exe=build/instr/ops-$bits
# shellcheck disable=SC2046 # the manifest's lists split into arguments
${CC:-gcc} -O3 $(python3 build-scripts/core_manifest.py cflags) -DPYBLS_LIMB_BITS=$bits benchmarks/instr/ops.c \
    $(python3 build-scripts/core_manifest.py sources) -o $exe
for op in $ops; do
    valgrind --tool=callgrind --callgrind-out-file=build/instr/$op.out --collect-atstart=no \
        --toggle-collect=run_op $exe $op >/dev/null 2>build/instr/$op.log
    printf '%-20s %12s\n' "$op" "$(grep '^summary:' build/instr/$op.out | cut -d' ' -f2)"
done
