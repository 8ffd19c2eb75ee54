#!/usr/bin/env bash
# Build the WebAssembly core and the Pyodide wheel.
#
#   build/wasm/libpybls.so   the core (csrc/manifest.txt) compiled by emcc into a side module
#   build/wasm/libpybls_<curve>.so  the same for each other curve
#                            (-sSIDE_MODULE=1, 32-bit limbs, -O3) that
#                            Pyodide's ctypes.CDLL loads; it does not depend
#                            on the Python ABI.
#   web/dist/pybls-<version>-py3-none-pyemscripten_<abi>_wasm32.whl
#                            the pure-Python package plus that module in
#                            pybls/_lib/, tagged with the ABI of the Pyodide
#                            pinned in web/package.json.
#
# Needs emcc (Debian's `emscripten` package, or any newer emcc on PATH) and
# web/node_modules/pyodide (run `npm ci` in web/ first; `make wasm` does).
# Environment: EMCC (compiler, default emcc), WASM_OUT (default build/wasm),
# DIST (default web/dist, next to the loader web/pybls.mjs, which reads
# the wheel name from $DIST/pybls-wheel.json).
set -euo pipefail
cd "$(dirname "$0")/.."

EMCC=${EMCC:-emcc}
OUT=${WASM_OUT:-build/wasm}
DIST=${DIST:-web/dist}
LOCK=web/node_modules/pyodide/pyodide-lock.json
MAX_MODULE=$((200 * 1024))     # BLS12-381's module
# every curve's together (six curves, 140-200 KB each); what users download
# is bounded by the wheel's limit below
MAX_MODULES=$((1100 * 1024))
# 600 KB of code and the KZG data of pybls.kzg (~820 KB deflated: the
# mainnet trusted setup and its cell-proof table, pybls/kzg/*mainnet*).
MAX_WHEEL=$((1550 * 1024))

command -v "$EMCC" >/dev/null 2>&1 || {
    echo "build_wasm.sh: $EMCC not found; install Debian's emscripten package (apt-get install emscripten)" >&2
    exit 1
}
[ -f "$LOCK" ] || {
    echo "build_wasm.sh: $LOCK not found; run \`npm ci\` in web/ first" >&2
    exit 1
}

# Each curve's library, from the sources and flags every build reads
# (csrc/manifest.txt): libpybls.so for BLS12-381, libpybls_<curve>.so for
# the others, each a side module loaded on first use of its curve. The
# curves compile side by side, WASM_JOBS at a time (default: the number of
# processors); each emcc call is a single process.
mkdir -p "$OUT" "$DIST"
JOBS=${WASM_JOBS:-$(nproc 2>/dev/null || echo 1)}
curve_modules=()
# Scalar WebAssembly only: Pyodide loads side modules built with -msimd128,
# but neither compiler vectorisation nor the digit products of mont_r30.h
# in i64x2 lanes (extmul) made the BLS12-381 pairing faster in Node 20, and
# -mbulk-memory (inline memory.copy) did not either.
build_module() {
    # shellcheck disable=SC2046 # word splitting of the manifest's lists is intended
    "$EMCC" -O3 $(python3 build-scripts/core_manifest.py cflags "$1") -sSIDE_MODULE=1 -DPYBLS_LIMB_BITS=32 \
        $(python3 build-scripts/core_manifest.py sources "$1") -o "$OUT/$2.tmp" \
        && mv "$OUT/$2.tmp" "$OUT/$2"
}
for lib in $(python3 build-scripts/core_manifest.py libraries); do
    if [ "$lib" = bls12_381 ]; then name=libpybls.so; else name=libpybls_$lib.so; fi
    rm -f "$OUT/$name" "$OUT/$name.failed"
    while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n || true; done
    build_module "$lib" "$name" || touch "$OUT/$name.failed" &
    [ "$lib" = bls12_381 ] || curve_modules+=(--curve-module "$OUT/$name")
done
wait
if compgen -G "$OUT/*.failed" >/dev/null; then
    echo "build_wasm.sh: compiling failed:" "$OUT"/*.failed >&2
    rm -f "$OUT"/*.failed
    exit 1
fi

wheel=$(python3 build-scripts/pyodide_wheel.py --lock "$LOCK" --module "$OUT/libpybls.so" "${curve_modules[@]}" --dist "$DIST")

module_size=$(stat -c %s "$OUT/libpybls.so")
modules_size=$(cat "$OUT"/libpybls.so "$OUT"/libpybls_*.so 2>/dev/null | wc -c)
wheel_size=$(stat -c %s "$wheel")
for m in "$OUT"/libpybls.so "$OUT"/libpybls_*.so; do
    [ -f "$m" ] && printf 'wasm module  %-60s %7d bytes (%d KB)\n' "$m" "$(stat -c %s "$m")" $(($(stat -c %s "$m") / 1024))
done
printf 'modules      %-60s %7d bytes (%d KB, limits 200 KB for BLS12-381, 1100 KB in all)\n' "" "$modules_size" $((modules_size / 1024))
printf 'wheel        %-60s %7d bytes (%d KB, limit 1550 KB)\n' "$wheel" "$wheel_size" $((wheel_size / 1024))
status=0
if [ "$module_size" -ge "$MAX_MODULE" ]; then echo "build_wasm.sh: the BLS12-381 wasm module exceeds 200 KB" >&2; status=1; fi
if [ "$modules_size" -ge "$MAX_MODULES" ]; then echo "build_wasm.sh: the wasm modules exceed 1100 KB together" >&2; status=1; fi
if [ "$wheel_size" -ge "$MAX_WHEEL" ]; then echo "build_wasm.sh: the wheel exceeds 1550 KB" >&2; status=1; fi
exit $status
