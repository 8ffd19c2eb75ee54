#!/usr/bin/env node
// The pairing of the WebAssembly build (BLS12-381's, or --curve NAME's) and
// the lower bound its radix-2^30 kernels put on it (kernels.c): builds
// kernels.c with the curve's core (csrc/manifest.txt, 32-bit limbs, -O3 as
// build_wasm.sh) into a standalone
// module, counts the digit products, squares and reductions of one pairing,
// times each kernel and the pairing in alternation, and prints the fastest
// round of each (the least disturbed by other work on the machine), the
// bound (counts x times) and the bound / pairing.
//
//   node benchmarks/wasm/kernels.mjs [--rounds N] [--curve NAME] [--module PATH]
//
// --module runs a module built earlier (it must be kernels.c's) instead.

import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { WASI } from "node:wasi";

const root = new URL("../../", import.meta.url).pathname;
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const rounds = Number(option("--rounds", 31));
const curve = option("--curve", "bls12_381");
let module = option("--module", null);
if (!module) {
  const manifest = (what) =>
    execFileSync("python3", ["build-scripts/core_manifest.py", what, curve], { cwd: root, encoding: "utf8" })
      .split(/\s+/)
      .filter(Boolean);
  mkdirSync(`${root}build/wasm-kernels`, { recursive: true });
  module = `${root}build/wasm-kernels/kernels-${curve}.wasm`;
  execFileSync(
    process.env.EMCC || "emcc",
    ["-O3", ...manifest("cflags"), "-DPYBLS_LIMB_BITS=32", "-DPYBLS_R30_COUNT", "-sSTANDALONE_WASM",
     "benchmarks/wasm/kernels.c", ...manifest("sources"), "-o", module],
    { cwd: root, stdio: "inherit" },
  );
}
const wasi = new WASI({ version: "preview1", args: [], env: {} });
const instance = await WebAssembly.instantiate(await WebAssembly.compile(readFileSync(module)), wasi.getImportObject());
wasi.start(instance);
const k = instance.exports;

const counts = { digit_mul: Number(k.pairing_count(0)), digit_sqr: Number(k.pairing_count(1)), digit_redc: Number(k.pairing_count(2)) };
// Steps per timing: the kernels run 8 lanes per step (kernels.c).
const kernels = { digit_mul: [4000, 8], digit_sqr: [4000, 8], digit_redc: [4000, 8], fp_mul_lanes: [2000, 8], pairing: [10, 1] };
const times = Object.fromEntries(Object.keys(kernels).map((name) => [name, []]));
// Warm up (tier-up), then scale each kernel's steps to about 40 ms a timing
// (the curves differ threefold in a kernel and 30-fold in the pairing).
for (const [name, [steps, lanes]] of Object.entries(kernels)) {
  k[name](steps);
  const start = performance.now();
  k[name](steps);
  kernels[name] = [Math.max(1, Math.round((steps * 40) / Math.max(performance.now() - start, 1))), lanes];
}
for (let r = 0; r < rounds; r++) {
  for (const [name, [steps, lanes]] of Object.entries(kernels)) {
    const start = performance.now();
    k[name](steps);
    times[name].push((performance.now() - start) / (steps * lanes));
  }
}
const ms = Object.fromEntries(Object.entries(times).map(([name, t]) => [name, Math.min(...t)]));
console.log(`pairing digest ${(k.pairing_digest() >>> 0).toString(16).padStart(8, "0")}`);
for (const name of Object.keys(kernels)) console.log(`${name.padEnd(13)} ${(ms[name] * 1e6).toFixed(1).padStart(12)} ns`);
const bound = Object.entries(counts).reduce((sum, [name, n]) => sum + n * ms[name], 0);
console.log(
  `one pairing: ${counts.digit_mul} products, ${counts.digit_sqr} squares, ${counts.digit_redc} reductions; ` +
    `their kernels alone ${bound.toFixed(3)} ms, the pairing ${ms.pairing.toFixed(3)} ms ` +
    `(bound / pairing ${(bound / ms.pairing).toFixed(2)}; fastest of ${rounds} rounds)`,
);
