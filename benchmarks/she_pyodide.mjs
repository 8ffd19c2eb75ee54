#!/usr/bin/env node
// benchmarks/bench_she.py inside Pyodide under Node (the WebAssembly build
// from web/dist, booted by web/pybls.mjs).
//
//   node benchmarks/she_pyodide.mjs [--quick] [--curve NAME ...] [--json PATH]
//
// The arguments are bench_she.py's; the table is printed, and --json writes
// the results on the host.

import { readFileSync, writeFileSync } from "node:fs";

const { loadPybls } = await import(new URL("../web/pybls.mjs", import.meta.url).href);
const args = process.argv.slice(2);
const jsonAt = args.indexOf("--json");
const jsonPath = jsonAt >= 0 ? args.splice(jsonAt, 2)[1] : null;
const code = readFileSync(new URL("./bench_she.py", import.meta.url), "utf8");

const pyodide = await loadPybls();
pyodide.setStdout({ batched: (line) => console.log(line) });
pyodide.FS.writeFile("/tmp/bench_she.py", code);
pyodide.globals.set("bench_args", args);
const answer = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/tmp")
import bench_she
json.dumps(bench_she.main(list(bench_args.to_py())))
`);
if (jsonPath) writeFileSync(jsonPath, answer + "\n");
