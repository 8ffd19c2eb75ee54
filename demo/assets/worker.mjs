// The demo pages' Python: Pyodide with pybls, in a module worker, so that
// the page stays responsive while Python starts and computes. Driven by
// demo.mjs through messages:
//
//   {id, op: "load", interrupt}              -> versions (interrupt: a
//                                               SharedArrayBuffer, or null)
//   {id, op: "run", ns, code, inputs, repr}  -> {value, ms}
//   {id, op: "reset", ns}                    -> null
//
// Replies are {id, ok: true, result} or {id, ok: false, error: {name, type,
// message}} (type: a Python exception's class). Meanwhile it posts
// {type: "progress", event} (the loader's stages), {type: "bytes", name,
// loaded, total} (Pyodide's downloads) and {type: "output", id, text}
// (stdout and stderr of the running code).

import { loadPybls } from "../web/pybls.mjs";

const PYODIDE_DIR = new URL("../web/node_modules/pyodide/", import.meta.url);
const PYODIDE_FILES = ["pyodide.asm.wasm", "python_stdlib.zip"];

let pyodide = null;
let running = null; // id of the request whose output is being produced
const namespaces = new Map();

const post = (message) => self.postMessage(message);

// Count the bytes of each fetched response as they stream in (the server
// sends Content-Length); the sizes of the large files are asked for first.
function countDownloads() {
  const original = globalThis.fetch;
  const report = (name, loaded, total) => post({ type: "bytes", name, loaded, total });
  for (const name of PYODIDE_FILES) {
    original(new URL(name, PYODIDE_DIR), { method: "HEAD" })
      .then((r) => r.ok && report(name, 0, Number(r.headers.get("Content-Length")) || 0))
      .catch(() => {});
  }
  globalThis.fetch = async (...args) => {
    const response = await original(...args);
    if (!response.body || !response.ok) return response;
    const name = new URL(response.url).pathname.split("/").pop();
    const total = Number(response.headers.get("Content-Length")) || 0;
    let loaded = 0;
    report(name, loaded, total);
    const counter = new TransformStream({
      transform(chunk, controller) {
        loaded += chunk.byteLength;
        report(name, loaded, total);
        controller.enqueue(chunk);
      },
    });
    return new Response(response.body.pipeThrough(counter), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  return () => {
    globalThis.fetch = original;
  };
}

async function load(interrupt) {
  const restore = countDownloads();
  try {
    pyodide = await loadPybls({ onProgress: (event) => post({ type: "progress", event }) });
  } finally {
    restore();
  }
  const decoder = new TextDecoder();
  const sink = {
    write(bytes) {
      post({ type: "output", id: running, text: decoder.decode(bytes, { stream: true }) });
      return bytes.length;
    },
  };
  pyodide.setStdout(sink);
  pyodide.setStderr(sink);
  // The page writes 2 (SIGINT) there to raise KeyboardInterrupt in running code.
  if (interrupt) pyodide.setInterruptBuffer(new Uint8Array(interrupt));
  const v = pyodide.runPython(
    "import sys, pybls; {'pybls': pybls.__version__, 'python': sys.version.split()[0], 'backend': pybls.backend()}",
  );
  const versions = v.toJs({ dict_converter: Object.fromEntries });
  v.destroy();
  return { ...versions, pyodide: pyodide.version };
}

function namespace(name) {
  let ns = namespaces.get(name);
  if (!ns) {
    ns = pyodide.globals.get("dict")();
    pyodide.runPython("import pybls", { globals: ns });
    namespaces.set(name, ns);
  }
  return ns;
}

// A Python result as plain data (dicts to objects), or its repr.
function convert(value, repr) {
  if (repr) {
    if (value === undefined) return undefined;
    const r = pyodide.globals.get("repr");
    const text = r(value);
    r.destroy();
    value?.destroy?.();
    return text;
  }
  if (value && typeof value.toJs === "function") {
    const out = value.toJs({ dict_converter: Object.fromEntries, create_pyproxies: false });
    value.destroy();
    return out;
  }
  return value;
}

function run({ id, ns, code, inputs = {}, repr = false }) {
  const globals = namespace(ns);
  for (const [key, value] of Object.entries(inputs)) {
    const py = value !== null && typeof value === "object" ? pyodide.toPy(value) : value;
    globals.set(key, py);
    if (py !== value) py.destroy();
  }
  running = id;
  const start = performance.now();
  try {
    // Synchronously (this is a worker): a KeyboardInterrupt from the page's
    // Stop then ends the run like any exception, outside an event loop.
    const value = pyodide.runPython(code, { globals });
    const ms = performance.now() - start;
    return { value: convert(value, repr), ms };
  } finally {
    pyodide.runPython("import sys; sys.stdout.flush(); sys.stderr.flush()");
    running = null;
  }
}

self.onmessage = async ({ data }) => {
  const { id, op } = data;
  try {
    let result = null;
    if (op === "load") result = await load(data.interrupt);
    else if (op === "run") result = run(data);
    else if (op === "reset") {
      namespaces.get(data.ns)?.destroy();
      namespaces.delete(data.ns);
    } else throw new Error(`unknown operation ${op}`);
    post({ id, ok: true, result });
  } catch (error) {
    post({
      id,
      ok: false,
      error: { name: error?.name ?? "Error", type: error?.type ?? null, message: String(error?.message ?? error) },
    });
  }
};
