#!/bin/sh
# Instruction counts of SHE level-1 decryption's core calls against one
# pairing (benchmarks/instr/she_dec.c) under callgrind, per curve and limb
# width, with the digest of each output.
# Usage: [OPS="pairing decrypt_keys"] sh benchmarks/instr/count_she_dec.sh [LIMB_BITS] [curve ...]
set -e
cd "$(dirname "$0")/../.."
. benchmarks/instr/callgrind_ops.sh
count_ops she_dec run_op -O3 "bn254_nogami bls12_381 bn254" "pairing mul_sub step_keys decrypt_keys" "$@"
