#!/bin/sh
# Instruction counts of one call of each field and tower operation
# (benchmarks/instr/tower.c) under callgrind, per curve and limb width,
# with the digest of each result, at the extension's optimisation level
# (build-scripts/cffi_build.py). Usage:
#   [OPS="fp12_mul fp12_sqr"] sh benchmarks/instr/count_tower.sh [LIMB_BITS] [curve ...]
set -e
cd "$(dirname "$0")/../.."
. benchmarks/instr/callgrind_ops.sh
count_ops tower run_tower_op -O3 "bls12_381 bn254 bn254_nogami bn381 bn462" \
    "fp_mul fp_sqr fp_inv fp2_mul fp2_sqr fp12_mul fp12_sqr fp12_mul_line cyclotomic_sqr cyclotomic_exp_x" "$@"
