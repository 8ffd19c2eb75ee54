#!/usr/bin/env node
// The G1 multi-scalar multiplication of n points by n full-width scalars
// (default BN254, n = 64) inside Pyodide under Node (the WebAssembly build).
//
//   node benchmarks/msm_pyodide.mjs [--rounds N] [--calls N] [--n N] [--curve NAME] [--wheel PATH ...] [--mcl]
//
// Each --wheel boots a Pyodide of its own with that wheel (default: the one
// of web/dist, `make wasm`); all of them take turns in every round, so that
// two builds compare under the same load of a shared machine. Printed: the
// median time of one MSM per build, and each build against the first (the
// median of the per-round ratios). --mcl adds mcl-wasm's BN_SNARK1 G1 mulVec
// of n points by n random scalars (tests/oracles/mcl,
// `make tests/oracles/mcl/node_modules/.package-lock.json`) to the turns,
// and each build's time against it (BN254 only).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const { loadPybls } = await import(new URL("../web/pybls.mjs", import.meta.url).href);
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const rounds = option("--rounds", 11);
const calls = option("--calls", 10);
const n = option("--n", 64);
const curve = args.includes("--curve") ? args[args.indexOf("--curve") + 1] : "bn254";
const wheels = args.flatMap((a, i) => (a === "--wheel" ? [args[i + 1]] : []));

const setup = `
import random, time, pybls.${curve} as m
rng = random.Random(1)
pts = [m.G1.generator() * rng.randrange(1, m.Scalar.R) for _ in range(${n})]
ks = [rng.randrange(m.Scalar.R) for _ in range(${n})]
def run(calls):
    start = time.perf_counter()
    for _ in range(calls):
        m.G1.msm(pts, ks)
    return (time.perf_counter() - start) / calls
`;
let mcl = null;
if (args.includes("--mcl") && curve === "bn254") {
  const require = createRequire(new URL("../tests/oracles/mcl/package.json", import.meta.url));
  const lib = require("mcl-wasm");
  await lib.init(lib.BN_SNARK1);
  const pts = [], ks = [];
  for (let i = 0; i < n; i++) {
    const k = new lib.Fr();
    k.setByCSPRNG();
    ks.push(k);
    const s = new lib.Fr();
    s.setByCSPRNG();
    pts.push(lib.mul(lib.hashAndMapToG1(`g1 ${i}`), s));
  }
  mcl = {
    times: [],
    run: (calls) => {
      const start = performance.now();
      for (let i = 0; i < calls; i++) lib.mulVec(pts, ks);
      return (performance.now() - start) / 1e3 / calls;
    },
  };
}
const builds = [];
for (const path of wheels.length ? wheels : [null]) {
  const pyodide = await loadPybls(path ? { wheel: readFileSync(path) } : {});
  pyodide.runPython(setup);
  builds.push({ label: path ?? "web/dist", run: pyodide.globals.get("run"), times: [] });
}
for (let r = 0; r < rounds; r++) {
  for (const build of r % 2 === 0 ? builds : [...builds].reverse()) build.times.push(build.run(calls));
  if (mcl) mcl.times.push(mcl.run(calls));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const build of builds) {
  const ms = (median(build.times) * 1e3).toFixed(3);
  console.log(`${build.label}: ${curve} G1 msm of ${n} ${ms} ms (median of ${rounds} rounds of ${calls})`);
}
for (const build of builds.slice(1)) {
  const ratio = median(build.times.map((t, i) => t / builds[0].times[i])).toFixed(3);
  console.log(`${build.label} / ${builds[0].label}: ${ratio}`);
}
if (mcl) {
  console.log(`mcl-wasm BN_SNARK1 G1 mulVec of ${n}: ${(median(mcl.times) * 1e3).toFixed(3)} ms`);
  for (const build of builds) {
    const ratio = median(build.times.map((t, i) => mcl.times[i] / t)).toFixed(3);
    console.log(`${build.label}: mcl-wasm time / pybls time ${ratio}`);
  }
}
