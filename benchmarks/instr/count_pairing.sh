#!/bin/sh
# Instruction counts of the pairing, the Miller loop, the final
# exponentiation and a G2 multiplication (benchmarks/instr/pairing.c) under
# callgrind, per curve and limb width, with the digest of each output (equal
# digests: equal values).
# Usage: [OPS="pairing g2_mul"] sh benchmarks/instr/count_pairing.sh [LIMB_BITS] [curve ...]
set -e
cd "$(dirname "$0")/../.."
. benchmarks/instr/callgrind_ops.sh
count_ops pairing run_op -O2 "bls12_381 bn254 bn254_nogami bn381 bn462 bls48_581" \
    "pairing miller_loop final_exp g2_mul" "$@"
