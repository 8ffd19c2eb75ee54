#!/usr/bin/env node
// The pairing of the WebAssembly build (BLS12-381's, or --curve NAME's) and
// the lower bound its radix-2^30 kernels put on it (kernels.c): builds
// kernels.c with the curve's core (csrc/manifest.txt, 32-bit limbs, -O3 as
// build_wasm.sh) into a standalone
// module, counts the digit products, squares and reductions of one pairing,
// times each kernel and the pairing in alternation, and prints the fastest
// round of each (the least disturbed by other work on the machine), the
// bound (counts x times) and the bound / pairing. The counting and timing
// are kernels_timing.mjs's, which the browser benchmark runs on the same
// module in Chromium (`benchmarks/browser/bench.py --only kernels`).
//
//   node benchmarks/wasm/kernels.mjs [--rounds N] [--ms MS] [--curve NAME] [--module PATH] [--build-only] [--names]
//
// --ms: the time of each timing (default 40 ms; shorter timings, with
// more rounds, are more often undisturbed on a loaded machine).
// --module runs a module built earlier (it must be kernels.c's) instead;
// --build-only builds the module and prints its path; --names builds it
// with its functions' names (emcc --profiling-funcs, the same code), for a
// profile: `node --cpu-prof benchmarks/wasm/kernels.mjs --names`.

import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { instantiate, measureKernels } from "./kernels_timing.mjs";

const root = new URL("../../", import.meta.url).pathname;
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const rounds = Number(option("--rounds", 31));
const targetMs = Number(option("--ms", 40));
const curve = option("--curve", "bls12_381");
let module = option("--module", null);
if (!module) {
  const manifest = (what) =>
    execFileSync("python3", ["build-scripts/core_manifest.py", what, curve], { cwd: root, encoding: "utf8" })
      .split(/\s+/)
      .filter(Boolean);
  mkdirSync(`${root}build/wasm-kernels`, { recursive: true });
  const names = args.includes("--names");
  module = `${root}build/wasm-kernels/kernels-${curve}${names ? "-names" : ""}.wasm`;
  execFileSync(
    process.env.EMCC || "emcc",
    ["-O3", ...manifest("cflags"), "-DPYBLS_LIMB_BITS=32", "-DPYBLS_R30_COUNT", "-sSTANDALONE_WASM",
     ...(names ? ["--profiling-funcs"] : []), "benchmarks/wasm/kernels.c", ...manifest("sources"), "-o", module],
    { cwd: root, stdio: "inherit" },
  );
}
if (args.includes("--build-only")) {
  console.log(module);
  process.exit(0);
}
const k = await instantiate(readFileSync(module));
const m = await measureKernels(k, { rounds, targetMs });
console.log(`pairing digest ${m.digest}`);
for (const name of Object.keys(m.fastest)) console.log(`${name.padEnd(13)} ${(m.fastest[name] * 1e6).toFixed(1).padStart(12)} ns`);
console.log(
  `one pairing: ${m.counts.digit_mul} products, ${m.counts.digit_sqr} squares, ${m.counts.digit_redc} reductions; ` +
    `their kernels alone ${m.bound.toFixed(3)} ms, the pairing ${m.fastest.pairing.toFixed(3)} ms ` +
    `(bound / pairing ${m.boundRatio.toFixed(2)}; fastest of ${rounds} rounds)`,
);
