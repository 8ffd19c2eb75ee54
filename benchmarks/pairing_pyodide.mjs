#!/usr/bin/env node
// The BN254 (or --curve NAME) and the BLS12-381 pairing inside Pyodide
// under Node (the WebAssembly build), the two timed one right after the other.
//
//   node benchmarks/pairing_pyodide.mjs [--rounds N] [--calls N] [--curve NAME] [--wheel PATH ...] [--mcl]
//
// Each --wheel boots a Pyodide of its own with that wheel (default: the one
// of web/dist, `make wasm`); all of them take turns in every round, so that
// two builds compare under the same load of a shared machine. Printed: the
// median time of one pairing per build and curve, the curve / BLS12-381, and
// each build against the first. --mcl adds mcl-wasm's BN_SNARK1 pairing
// (tests/oracles/mcl, `make tests/oracles/mcl/node_modules/.package-lock.json`)
// to the turns and prints each build's BN254 pairing against it (for BN254 only).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const { loadPybls } = await import(new URL("../web/pybls.mjs", import.meta.url).href);
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const rounds = option("--rounds", 11);
const calls = option("--calls", 20);
// The curve timed against BLS12-381 (a pybls curve module's name).
const curve = args.includes("--curve") ? args[args.indexOf("--curve") + 1] : "bn254";
const wheels = args.flatMap((a, i) => (a === "--wheel" ? [args[i + 1]] : []));

const setup = `
import time, pybls.bls12_381 as bls, pybls.${curve} as other
pairs = {name: (m.G1.generator() * 5, m.G2.generator() * 7) for name, m in (("other", other), ("bls12_381", bls))}
mods = {"other": other, "bls12_381": bls}
def run(name, calls):
    m, (P, Q) = mods[name], pairs[name]
    start = time.perf_counter()
    for _ in range(calls):
        m.pairing(P, Q)
    return (time.perf_counter() - start) / calls
`;
let mcl = null;
if (args.includes("--mcl") && curve === "bn254") {
  const require = createRequire(new URL("../tests/oracles/mcl/package.json", import.meta.url));
  const lib = require("mcl-wasm");
  await lib.init(lib.BN_SNARK1);
  const P = lib.mul(lib.hashAndMapToG1("g1"), frOf(lib, 5));
  const Q = lib.mul(lib.hashAndMapToG2("g2"), frOf(lib, 7));
  mcl = {
    times: [],
    run: (n) => {
      const start = performance.now();
      for (let i = 0; i < n; i++) lib.pairing(P, Q);
      return (performance.now() - start) / 1e3 / n;
    },
  };
}
function frOf(lib, v) {
  const x = new lib.Fr();
  x.setInt(v);
  return x;
}
const builds = [];
for (const path of wheels.length ? wheels : [null]) {
  const pyodide = await loadPybls(path ? { wheel: readFileSync(path) } : {});
  pyodide.runPython(setup);
  builds.push({ label: path ?? "web/dist", run: pyodide.globals.get("run"), times: { other: [], bls12_381: [] } });
}
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? ["other", "bls12_381"] : ["bls12_381", "other"];
  for (const build of r % 2 === 0 ? builds : [...builds].reverse()) {
    for (const curve of order) build.times[curve].push(build.run(curve, calls));
  }
  if (mcl) mcl.times.push(mcl.run(calls));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const build of builds) {
  const bn = median(build.times.other), bls = median(build.times.bls12_381);
  const ratios = build.times.other.map((t, i) => t / build.times.bls12_381[i]);
  console.log(
    `${build.label}: ${curve} ${(bn * 1e3).toFixed(3)} ms, BLS12-381 ${(bls * 1e3).toFixed(3)} ms, ` +
      `${curve} / BLS12-381 ${median(ratios).toFixed(2)} (medians of ${rounds} rounds of ${calls})`,
  );
}
// Each build against the first, per curve: the median of the per-round ratios.
for (const build of builds.slice(1)) {
  const against = (curve) =>
    median(build.times[curve].map((t, i) => t / builds[0].times[curve][i])).toFixed(2);
  console.log(`${build.label} / ${builds[0].label}: ${curve} ${against("other")}, BLS12-381 ${against("bls12_381")}`);
}
if (mcl) {
  console.log(`mcl-wasm BN_SNARK1: ${(median(mcl.times) * 1e3).toFixed(3)} ms`);
  for (const build of builds) {
    const ratio = median(build.times.other.map((t, i) => t / mcl.times[i])).toFixed(2);
    console.log(`${build.label}: BN254 / mcl-wasm BN_SNARK1 ${ratio}`);
  }
}
