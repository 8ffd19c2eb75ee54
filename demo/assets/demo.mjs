// What every demo page shares: booting Pyodide with pybls (with a progress
// bar fed by the loader's stages), reporting errors in the page, and running
// the page's Python, the "# %%" sections of one file in demo/py/, each shown
// verbatim in a <pre data-code="NAME"> and run as shown.
//
//   import { startDemo } from "./assets/demo.mjs";
//   const demo = await startDemo({ python: "py/sign.py" });
//   const { value, ms } = await demo.run("keys", { variant: "MinPk" });
//
// Importing this module adds the pages' common parts: the site header with
// the navigation, the footer, and, in the page's <div data-loader>, the
// loading indicator (#load-progress, #load-status, #load-log) and the error
// region (#page-error). A page keeps its controls in a
// <fieldset id="app" disabled>, enabled once pybls is ready. A page calls demo.ready() when
// it has set itself up (body[data-ready], which the browser tests wait for).

// Where each loader stage starts on the progress bar (from measured start-up:
// booting Pyodide is most of the wait).
const STAGE_START = {
  pyodide: 0.02,
  "pyodide-ready": 0.8,
  wheel: 0.82,
  install: 0.88,
  import: 0.92,
  ready: 1.0,
};
const MARKER = /^# %% (\S+)\s*$/m;

const $ = (id) => document.getElementById(id);

// The demo pages, in the navigation's order.
const PAGES = [
  ["./", "Home"],
  ["sign.html", "Signatures"],
  ["threshold.html", "Threshold"],
  ["ibe.html", "Encryption"],
  ["she.html", "Homomorphic"],
  ["console.html", "Console"],
  ["docs/", "Docs"],
];

function html(text) {
  const t = document.createElement("template");
  t.innerHTML = text.trim();
  return t.content;
}

function addCommonParts() {
  const here = location.pathname.split("/").pop() || "./";
  const links = PAGES.map(([href, label]) => {
    const current = href === here || (href === "./" && here === "index.html");
    return `<a href="${href}"${current ? ' aria-current="page"' : ""}>${label}</a>`;
  }).join("\n");
  document.body.prepend(html(`
    <header class="site">
      <a class="brand" href="./">pybls</a>
      <nav aria-label="Demos">${links}</nav>
    </header>`));
  document.body.append(html(`
    <footer class="site">pybls runs here on Pyodide from this server;
    no CDN, no web fonts, no requests elsewhere.</footer>`));
  document.querySelector("[data-loader]")?.replaceWith(html(`
    <div id="loader" role="status" aria-live="polite">
      <label for="load-progress">Loading Python and pybls</label>
      <progress id="load-progress" max="1" value="0"></progress>
      <p id="load-status">starting…</p>
      <details><summary>Loading steps</summary><ol id="load-log"></ol></details>
    </div>
    <div id="page-error" role="alert" hidden><h2>Something went wrong</h2></div>`));
}
addCommonParts();

/** Show an error in the page (and keep it for the tests and for screen readers). */
export function showError(error, context = "") {
  const box = $("page-error");
  const text = (context ? context + ": " : "") + describeError(error);
  if (!box) {
    document.body.prepend(Object.assign(document.createElement("pre"), { textContent: text }));
    return;
  }
  box.hidden = false;
  const item = document.createElement("pre");
  item.textContent = text;
  box.append(item);
}

/** A Python exception's last line (its type and message), or a JS error's message. */
export function describeError(error) {
  if (error && error.type && typeof error.message === "string") {
    // a Python exception: the message is the whole traceback
    const lines = error.message.trim().split("\n");
    return lines[lines.length - 1];
  }
  return String((error && error.message) || error);
}

/** The full text of an error: a Python traceback, or a JS stack. */
export function errorDetail(error) {
  if (error && error.type && typeof error.message === "string") return error.message.trim();
  return String((error && error.stack) || error);
}

window.addEventListener("error", (e) => showError(e.error || e.message, "unexpected error"));
window.addEventListener("unhandledrejection", (e) => showError(e.reason, "unexpected error"));

/** Split a Python file into its "# %% name" sections (the text before the first is a preamble). */
export function splitSections(text) {
  const parts = text.split(MARKER);
  const out = new Map();
  for (let k = 1; k < parts.length; k += 2) {
    out.set(parts[k], parts[k + 1].replace(/^\n+/, "").replace(/\s+$/, "") + "\n");
  }
  return out;
}

// Pyodide's large files: booting starts when they have arrived.
const PYODIDE_FILES = ["pyodide.asm.wasm", "python_stdlib.zip"];
const DOWNLOAD_END = 0.4; // the bar's share of the Pyodide stage spent downloading
const BOOT_SECONDS = 3; // time constant of the bar while Python starts

function progressReporter() {
  const bar = $("load-progress");
  const status = $("load-status");
  const log = $("load-log");
  const files = new Map(); // name -> [loaded, total]
  let stage = "pyodide";
  let booting = null; // interval while Python starts after the downloads
  const mb = (n) => (n / 1e6).toFixed(1);
  const advance = (v) => {
    if (bar) bar.value = Math.max(bar.value, v);
  };
  const stopBoot = () => {
    if (booting !== null) clearInterval(booting);
    booting = null;
  };
  const onStage = (e) => {
    stage = e.stage;
    if (stage !== "pyodide") stopBoot();
    advance(STAGE_START[e.stage] ?? 0);
    if (status) status.textContent = `${e.message} (${(e.elapsedMs / 1000).toFixed(1)} s)`;
    if (log) {
      const li = document.createElement("li");
      li.textContent = `${(e.elapsedMs / 1000).toFixed(2)} s: ${e.message}`;
      log.append(li);
    }
  };
  // Then Python starts (the WebAssembly compiled, the interpreter booted):
  // no byte counts there, so the bar approaches the next stage with time.
  const boot = () => {
    const start = performance.now();
    booting = setInterval(() => {
      const t = (performance.now() - start) / 1000;
      const from = DOWNLOAD_END;
      advance(from + (STAGE_START["pyodide-ready"] - from) * (1 - Math.exp(-t / BOOT_SECONDS)) * 0.95);
      if (status) status.textContent = `starting Python: compiling WebAssembly, booting the interpreter (${t.toFixed(1)} s)`;
    }, 200);
  };
  // Downloads move the bar in proportion to the bytes received.
  const onBytes = (name, loaded, total) => {
    const known = files.get(name);
    files.set(name, [Math.max(loaded, known ? known[0] : 0), Math.max(total, loaded, known ? known[1] : 0)]);
    if (stage !== "pyodide" || booting !== null) return;
    let got = 0;
    let all = 0;
    for (const [l, t] of files.values()) {
      got += l;
      all += t;
    }
    if (all === 0) return;
    advance(STAGE_START.pyodide + (DOWNLOAD_END - STAGE_START.pyodide) * (got / all));
    if (status && all > 1e5) status.textContent = `downloading Pyodide: ${mb(got)} of ${mb(all)} MB`;
    if (got === all && PYODIDE_FILES.every((f) => files.get(f)?.[0] > 0)) boot();
  };
  const fail = () => {
    stage = "failed";
    stopBoot();
  };
  return { onStage, onBytes, fail };
}

/** An error reported by the worker, as an Error (with `type` for a Python exception). */
function asError(e) {
  const error = new Error(e.message);
  error.name = e.name;
  if (e.type) error.type = e.type;
  return error;
}

/** Start the Python worker; `call(op, payload)` resolves to its reply. */
function startWorker(progress) {
  const worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
  const pending = new Map(); // id -> {resolve, reject, onOutput}
  let next = 1;
  worker.addEventListener("message", ({ data }) => {
    if (data.type === "progress") return progress.onStage(data.event);
    if (data.type === "bytes") return progress.onBytes(data.name, data.loaded, data.total);
    if (data.type === "output") return pending.get(data.id)?.onOutput?.(data.text);
    const p = pending.get(data.id);
    if (!p) return;
    pending.delete(data.id);
    if (data.ok) p.resolve(data.result);
    else p.reject(asError(data.error));
  });
  let failed = null; // the worker's fatal error: later calls fail at once
  worker.addEventListener("error", (e) => {
    e.preventDefault();
    failed = new Error(`the Python worker failed: ${e.message || "it could not be started"}`);
    for (const p of pending.values()) p.reject(failed);
    pending.clear();
  });
  return (op, payload = {}, onOutput = null) =>
    new Promise((resolve, reject) => {
      if (failed) return reject(failed);
      const id = next++;
      pending.set(id, { resolve, reject, onOutput });
      worker.postMessage({ id, op, ...payload });
    });
}

/**
 * Start Python with pybls (in a worker), fetch the page's Python, fill each
 * <pre data-code>, enable #app. Resolves to the demo object, or rejects
 * after reporting the failure in the page.
 */
export async function startDemo({ python } = {}) {
  const app = $("app");
  const loader = $("loader");
  loader?.setAttribute("aria-busy", "true");
  const progress = progressReporter();
  const call = startWorker(progress);
  // Where the page asks running Python to stop (needs cross-origin isolation,
  // which demo/serve.py's headers give).
  const interrupt = globalThis.crossOriginIsolated ? new SharedArrayBuffer(1) : null;
  let versions;
  let sections = new Map();
  try {
    const [v, text] = await Promise.all([
      call("load", { interrupt }),
      python ? fetch(python).then((r) => {
        if (!r.ok) throw new Error(`${python}: HTTP ${r.status}`);
        return r.text();
      }) : Promise.resolve(""),
    ]);
    versions = v;
    sections = splitSections(text);
  } catch (error) {
    progress.fail();
    const status = $("load-status");
    if (status) status.textContent = "pybls could not be loaded";
    showError(error, "loading pybls");
    loader?.setAttribute("aria-busy", "false");
    throw error;
  }
  for (const pre of document.querySelectorAll("pre[data-code]")) {
    const code = sections.get(pre.dataset.code);
    if (code === undefined) showError(`no section "${pre.dataset.code}" in ${python}`, "page");
    else pre.textContent = code;
  }
  loader?.setAttribute("aria-busy", "false");
  loader?.classList.add("done");
  if (app) app.disabled = false;

  const demo = {
    versions,
    sections,
    /** Mark the page ready (body[data-ready]), once its first actions have been asked for. */
    ready: () => {
      document.body.dataset.ready = "true";
    },
    code: (name) => {
      const code = sections.get(name);
      if (code === undefined) throw new Error(`no Python section "${name}"`);
      return code;
    },
    /** Run section `name` after setting `inputs` as Python variables; its last expression's value and the time. */
    run: (name, inputs = {}) => demo.exec(demo.code(name), { inputs }),
    /**
     * Run any code in namespace `ns` (pybls imported) after setting `inputs`
     * there; `repr`: the last value's repr instead of its conversion;
     * `onOutput(text)`: stdout and stderr.
     */
    exec: (code, { ns = "page", inputs = {}, repr = false, onOutput = null } = {}) => {
      if (interrupt) new Uint8Array(interrupt)[0] = 0; // a Stop pressed earlier is forgotten
      return call("run", { ns, code, inputs, repr }, onOutput);
    },
    /** Whether running code can be interrupted (see interrupt). */
    canInterrupt: interrupt !== null,
    /** Raise KeyboardInterrupt in the Python code running now, if any. */
    interrupt: () => {
      if (interrupt) new Uint8Array(interrupt)[0] = 2;
    },
    /** Forget the names defined in namespace `ns`. */
    reset: (ns) => call("reset", { ns }),
  };
  window.pyblsDemo = demo; // for the browser's developer console
  return demo;
}

/** Format milliseconds for a timing cell. */
export function fmtMs(ms) {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(ms < 10 ? 2 : 1)} ms`;
}

/**
 * Set an <output>/element's result: `state` is "valid", "invalid", "info",
 * "error" or "busy" (a data-state attribute the CSS colours); text is its content.
 */
export function setResult(el, state, text) {
  if (typeof el === "string") el = document.querySelector(el);
  el.dataset.state = state;
  el.textContent = text;
}

// Actions run one after the other, in the order they were asked for; while
// any is pending, body[data-busy] is "true".
let queue = Promise.resolve();
let pending = 0;

/**
 * Run `action` after any action still running: shows "running…" in `out`,
 * and reports a Python or JS exception there, or in the page's error region
 * when there is no `out`. Resolves when it has run.
 */
export function enqueue(out, action, button = null) {
  if (typeof out === "string") out = document.querySelector(out);
  pending += 1;
  document.body.dataset.busy = "true";
  button?.setAttribute("aria-busy", "true");
  if (out) setResult(out, "busy", "waiting…");
  queue = queue.then(async () => {
    if (out) setResult(out, "busy", "running…");
    try {
      await action();
    } catch (error) {
      if (out) {
        setResult(out, "error", describeError(error));
        out.title = errorDetail(error);
      } else {
        showError(error);
      }
    } finally {
      button?.removeAttribute("aria-busy");
      pending -= 1;
      if (pending === 0) document.body.dataset.busy = "false";
    }
  });
  return queue;
}

/** Wire `button` to enqueue `action` with output `out` (see enqueue). */
export function onClick(button, out, action) {
  if (typeof button === "string") button = document.querySelector(button);
  button.addEventListener("click", () => enqueue(out, action, button));
}

/** Shorten a long hex string for display: first and last characters. */
export function shortHex(hex, keep = 16) {
  return hex.length <= 2 * keep + 1 ? hex : `${hex.slice(0, keep)}…${hex.slice(-keep)}`;
}

/** Empty a timings table's body. */
export function clearRows(table) {
  if (typeof table === "string") table = document.querySelector(table);
  table.tBodies[0].replaceChildren();
}

/** Append a row (step, result, time) to a timings table; `state` colours the result. */
export function addRow(table, step, result, ms, state = "") {
  if (typeof table === "string") table = document.querySelector(table);
  const tr = table.tBodies[0].insertRow();
  tr.dataset.step = step;
  tr.insertCell().textContent = step;
  const res = tr.insertCell();
  res.textContent = result;
  if (state) res.dataset.state = state;
  const time = tr.insertCell();
  time.className = "num";
  time.textContent = ms === null ? "" : fmtMs(ms);
  return tr;
}
