#!/usr/bin/env node
// Where the time of pybls's calls goes inside Pyodide under Node (V8, the
// engine of Chromium, though not Chromium's version of it): the browser
// table's slower rows (benchmarks/browser/pybls_bench.py), each split into
// the call as users make it, the binding call, ctypes alone, the core's
// exported function called from JavaScript, the Python layer alone and
// mcl-wasm's call, in alternation (benchmarks/browser/overhead.mjs says how
// each is timed and what the ratios mean; benchmarks/browser/overhead.py
// runs the same in Chromium, and this script next to it).
//
//   node benchmarks/overhead_pyodide.mjs [--rounds N] [--ms N] [--only bn254|bls12_381] [--op NAME] [--wheel PATH ...] [--json FILE]
//
// Each --wheel boots a Pyodide of its own with that wheel (default: the one
// of web/dist, `make wasm`); their totals take turns in every round, and
// each wheel's total and Python layer are printed against the first's. The
// binding, ctypes and core timings are the first wheel's. mcl-wasm comes
// from benchmarks/browser/node_modules (`make bench-browser`). --json writes
// the measurements (and the engine's versions) to FILE as well.

import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";

const here = (path) => new URL(path, import.meta.url);
const { loadPybls } = await import(here("../web/pybls.mjs").href);
const { setUp, measure, report } = await import(here("browser/overhead.mjs").href);
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const rounds = Number(option("--rounds", 15));
const roundMs = Number(option("--ms", 4)); // per variant and round
const only = option("--only", null);
const onlyOp = option("--op", null);
const json = option("--json", null);
const wheels = args.flatMap((a, i) => (a === "--wheel" ? [args[i + 1]] : []));

const sources = {
  benchSource: readFileSync(here("browser/pybls_bench.py")),
  overheadSource: readFileSync(here("browser/pybls_overhead.py")),
};
const builds = [];
for (const path of wheels.length ? wheels : [null]) {
  const pyodide = await loadPybls(path ? { wheel: readFileSync(path) } : {});
  builds.push(setUp(pyodide, { ...sources, label: path ?? "web/dist" }));
}
const mcl = createRequire(here("browser/package.json"))("mcl-wasm");
const loadBefore = loadavg();
const result = await measure({ builds, mcl, rounds, roundMs, only, onlyOp });
const labels = builds.map((b) => b.label);
console.log(report(result, { labels, rounds }).join("\n"));
if (json) {
  const engine = { node: process.versions.node, v8: process.versions.v8 };
  const load = { before: loadBefore, after: loadavg() };
  writeFileSync(json, JSON.stringify({ engine, load, rounds, roundMs, labels, result }, null, 2) + "\n");
}
