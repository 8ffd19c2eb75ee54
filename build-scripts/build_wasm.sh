#!/usr/bin/env bash
# Build the WebAssembly core and the Pyodide wheel.
#
#   build/wasm/libpybls.so   the core (csrc/manifest.txt) compiled by emcc into a side module
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
MAX_MODULE=$((400 * 1024))
MAX_WHEEL=$((500 * 1024))

command -v "$EMCC" >/dev/null 2>&1 || {
    echo "build_wasm.sh: $EMCC not found; install Debian's emscripten package (apt-get install emscripten)" >&2
    exit 1
}
[ -f "$LOCK" ] || {
    echo "build_wasm.sh: $LOCK not found; run \`npm ci\` in web/ first" >&2
    exit 1
}

# The core's sources and flags, as every build reads them (csrc/manifest.txt).
core_src=$(python3 build-scripts/core_manifest.py sources)
core_flags=$(python3 build-scripts/core_manifest.py cflags)

mkdir -p "$OUT" "$DIST"
# shellcheck disable=SC2086 # word splitting of the manifest's lists is intended
"$EMCC" -O3 $core_flags -sSIDE_MODULE=1 -DPYBLS_LIMB_BITS=32 \
    $core_src -o "$OUT/libpybls.so.tmp"
mv "$OUT/libpybls.so.tmp" "$OUT/libpybls.so"

wheel=$(python3 build-scripts/pyodide_wheel.py --lock "$LOCK" --module "$OUT/libpybls.so" --dist "$DIST")

module_size=$(stat -c %s "$OUT/libpybls.so")
wheel_size=$(stat -c %s "$wheel")
printf 'wasm module  %-60s %7d bytes (%d KB, limit 400 KB)\n' "$OUT/libpybls.so" "$module_size" $((module_size / 1024))
printf 'wheel        %-60s %7d bytes (%d KB, limit 500 KB)\n' "$wheel" "$wheel_size" $((wheel_size / 1024))
status=0
if [ "$module_size" -ge "$MAX_MODULE" ]; then echo "build_wasm.sh: the wasm module exceeds 400 KB" >&2; status=1; fi
if [ "$wheel_size" -ge "$MAX_WHEEL" ]; then echo "build_wasm.sh: the wheel exceeds 500 KB" >&2; status=1; fi
exit $status
