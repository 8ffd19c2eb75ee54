#!/bin/sh
# Instruction counts of the pairing, the Miller loop, the final
# exponentiation and a G2 multiplication (benchmarks/instr/pairing.c) under
# callgrind, per curve and limb width, with the digest of each output (equal
# digests: equal values).
# Usage: [OPS="pairing g2_mul"] sh benchmarks/instr/count_pairing.sh [LIMB_BITS] [curve ...]
set -e
cd "$(dirname "$0")/../.."
bits=${1:-64}
[ $# -gt 0 ] && shift
curves=${*:-"bls12_381 bn254 bn254_nogami bn381 bn462 bls48_581"}
ops=${OPS:-"pairing miller_loop final_exp g2_mul"}
mkdir -p build/instr
# The extension's x86-64 flags where the CPU has them (mont_adx.h).
if [ "$bits" = 64 ] && grep -qw adx /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo; then
    arch="-mbmi2 -madx"
else
    arch=""
fi
for curve in $curves; do
    exe=build/instr/pairing-$curve-$bits
    # shellcheck disable=SC2046 # the manifest's lists split into arguments
    ${CC:-gcc} -O2 $arch $(python3 build-scripts/core_manifest.py cflags "$curve") -DPYBLS_LIMB_BITS="$bits" \
        benchmarks/instr/pairing.c $(python3 build-scripts/core_manifest.py sources "$curve") -o "$exe"
    for op in $ops; do
        out=build/instr/$curve-$bits-$op
        valgrind --tool=callgrind --callgrind-out-file="$out.out" --collect-atstart=no \
            --toggle-collect=run_op "$exe" "$op" >"$out.digest" 2>"$out.log"
        printf '%-13s %2s %-12s %12s  %s\n' "$curve" "$bits" "$op" \
            "$(grep '^summary:' "$out.out" | cut -d' ' -f2)" "$(cat "$out.digest")"
    done
done
