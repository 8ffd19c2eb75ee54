#!/usr/bin/env node
// pybls.tlock timed inside Pyodide under Node (the WebAssembly build from
// web/dist, booted by web/pybls.mjs), for benchmarks/bench_tlock.py.
//
//   node benchmarks/tlock/pybls_pyodide.mjs REQUEST.json
//
// REQUEST is the "bench" request of tlock_js.mjs; the timings are those of
// pybls_tlock_bench.run(), printed as one JSON line.

import { readFileSync } from "node:fs";

const { loadPybls } = await import(new URL("../../web/pybls.mjs", import.meta.url).href);
const request = readFileSync(process.argv[2], "utf8");
const code = readFileSync(new URL("./pybls_tlock_bench.py", import.meta.url), "utf8");

const pyodide = await loadPybls();
pyodide.FS.writeFile("/tmp/pybls_tlock_bench.py", code);
pyodide.globals.set("request_json", request);
const answer = pyodide.runPython(`
import json, platform, sys
sys.path.insert(0, "/tmp")
import pybls_tlock_bench
out = pybls_tlock_bench.run(json.loads(request_json))
out["python"] = platform.python_version()
json.dumps(out)
`);
process.stdout.write(answer + "\n");
