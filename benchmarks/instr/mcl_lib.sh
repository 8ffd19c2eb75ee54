#!/bin/sh
# Writes mcl's native library out of the mclbn256 wheel in .venv (the
# module carries it as a hex string) to build/instr/mcl/libmclbn256.so (and
# the libmcl.so it links, under lib/), for the benchmarks that load it with
# dlopen (fp_mul_chain.sh, tower_vs_mcl.sh). Run from the repository root.
set -e
mkdir -p build/instr/mcl/lib
.venv/bin/python - <<'PY'
import importlib.util, re
src = open(importlib.util.find_spec("mclbn256.mclbn256").origin).read()
for name, out in (("mcl_bs", "lib/libmcl.so"), ("mclbn256_bs", "libmclbn256.so")):
    blob = re.search(name + r" = bytes\.fromhex\('([0-9a-f]*)'\)", src).group(1)
    open("build/instr/mcl/" + out, "wb").write(bytes.fromhex(blob))
PY
