#!/bin/sh
# Instruction counts of one call of each field and tower operation
# (benchmarks/instr/tower.c) under callgrind, per curve and limb width,
# with the digest of each result. Usage:
#   sh benchmarks/instr/count_tower.sh [LIMB_BITS] [curve ...]
# OPS="fp12_mul fp12_sqr" selects operations.
set -e
cd "$(dirname "$0")/../.."
bits=${1:-64}
[ $# -gt 0 ] && shift
curves=${*:-"bls12_381 bn254 bn254_nogami bn381 bn462"}
ops=${OPS:-"fp_mul fp_inv fp2_mul fp2_sqr fp12_mul fp12_sqr fp12_mul_line cyclotomic_sqr cyclotomic_exp_x"}
mkdir -p build/instr
# The extension's x86-64 flags where the CPU has them (mont_adx.h), and its
# optimisation level (build-scripts/cffi_build.py).
if [ "$bits" = 64 ] && grep -qw adx /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo; then
    arch="-mbmi2 -madx"
else
    arch=""
fi
for curve in $curves; do
    exe=build/instr/tower-$curve-$bits
    # shellcheck disable=SC2046 # the manifest's lists split into arguments
    ${CC:-gcc} -O3 $arch $(python3 build-scripts/core_manifest.py cflags "$curve") -DPYBLS_LIMB_BITS="$bits" \
        benchmarks/instr/tower.c $(python3 build-scripts/core_manifest.py sources "$curve") -o "$exe"
    for op in $ops; do
        out=build/instr/tower-$curve-$bits-$op
        valgrind --tool=callgrind --callgrind-out-file="$out.out" --collect-atstart=no \
            --toggle-collect=run_tower_op "$exe" "$op" >"$out.digest" 2>"$out.log"
        printf '%-13s %2s %-17s %10s  %s\n' "$curve" "$bits" "$op" \
            "$(grep '^summary:' "$out.out" | cut -d' ' -f2)" "$(cat "$out.digest")"
    done
done
