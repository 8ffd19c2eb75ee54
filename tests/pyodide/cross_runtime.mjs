#!/usr/bin/env node
// Evaluate tests/pyodide/values.py inside Pyodide with the pybls wasm wheel
// and print its compute() dict as one JSON object on stdout (with the
// backend and the limb width the values came from). Used by
// tests/test_cross_runtime.py, which compares it with the native values.
//
//   node tests/pyodide/cross_runtime.mjs

import { readFileSync } from "node:fs";

const { loadPybls } = await import(new URL("../../web/pybls.mjs", import.meta.url).href);

// Anything Python prints goes to stderr: stdout carries only the JSON.
const pyodide = await loadPybls({
  pyodideOptions: {
    stdout: (line) => process.stderr.write(line + "\n"),
    stderr: (line) => process.stderr.write(line + "\n"),
  },
});
const source = readFileSync(new URL("./values.py", import.meta.url), "utf8");
pyodide.FS.mkdirTree("/cross_runtime");
pyodide.FS.writeFile("/cross_runtime/pybls_cross_values.py", source);
const result = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/cross_runtime")
import pybls._lib
import pybls_cross_values
json.dumps({
    "backend": pybls._lib.BACKEND,
    "limb_bits": pybls._lib.limb_bits,
    "platform": sys.platform,
    "values": pybls_cross_values.compute(),
})
`);
process.stdout.write(result + "\n");
