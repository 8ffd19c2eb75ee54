// What every demo page shares: booting Pyodide with pybls (with a progress
// bar fed by the loader's stages), reporting errors in the page, and running
// the page's Python, the "# %%" sections of one file in demo/py/, each shown
// verbatim in a <pre data-code="NAME"> and run as shown.
//
//   import { startDemo } from "./assets/demo.mjs";
//   const demo = await startDemo({ python: "py/sign.py" });
//   const { value, ms } = await demo.run("keys", { variant: "MinPk" });
//
// The page provides (all optional): #load-progress (a <progress>),
// #load-status, #load-log (a <details> or <ol> listing the stages),
// #page-error (the error region), and a <fieldset id="app" disabled> holding
// the controls, enabled once pybls is ready. A page calls demo.ready() when
// it has set itself up (body[data-ready], which the browser tests wait for).

import { loadPybls } from "../web/pybls.mjs";

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
    // pyodide.ffi.PythonError: the message is the whole traceback
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

/** Let the browser paint (a status message) before a long synchronous run. */
export function paint() {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

function progressReporter() {
  const bar = $("load-progress");
  const status = $("load-status");
  const log = $("load-log");
  return (e) => {
    if (bar) bar.value = STAGE_START[e.stage] ?? bar.value;
    if (status) status.textContent = `${e.message} (${(e.elapsedMs / 1000).toFixed(1)} s)`;
    if (log) {
      const li = document.createElement("li");
      li.textContent = `${(e.elapsedMs / 1000).toFixed(2)} s: ${e.message}`;
      log.append(li);
    }
  };
}

/** Convert a Python result to plain JS (dicts to objects), freeing the proxy. */
export function toJS(value) {
  if (value && typeof value.toJs === "function") {
    const out = value.toJs({ dict_converter: Object.fromEntries, create_pyproxies: false });
    value.destroy();
    return out;
  }
  return value;
}

/**
 * Boot Pyodide and pybls, fetch the page's Python, fill each <pre data-code>,
 * enable #app. Resolves to the demo object, or rejects after reporting the
 * failure in the page.
 */
export async function startDemo({ python } = {}) {
  const app = $("app");
  const loader = $("loader");
  loader?.setAttribute("aria-busy", "true");
  let pyodide;
  let sections = new Map();
  try {
    const [py, text] = await Promise.all([
      loadPybls({ onProgress: progressReporter() }),
      python ? fetch(python).then((r) => {
        if (!r.ok) throw new Error(`${python}: HTTP ${r.status}`);
        return r.text();
      }) : Promise.resolve(""),
    ]);
    pyodide = py;
    sections = splitSections(text);
  } catch (error) {
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
  const versions = toJS(
    pyodide.runPython("import sys, pybls; {'pybls': pybls.__version__, 'python': sys.version.split()[0], 'backend': pybls.backend()}"),
  );
  versions.pyodide = pyodide.version;
  const namespace = pyodide.globals.get("dict")();
  loader?.setAttribute("aria-busy", "false");
  loader?.classList.add("done");
  if (app) app.disabled = false;

  const demo = {
    pyodide,
    versions,
    namespace,
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
    async run(name, inputs = {}) {
      const code = demo.code(name);
      for (const [key, value] of Object.entries(inputs)) {
        const py = value !== null && typeof value === "object" ? pyodide.toPy(value) : value;
        namespace.set(key, py);
        if (py !== value) py.destroy();
      }
      await paint();
      const start = performance.now();
      const value = await pyodide.runPythonAsync(code, { globals: namespace });
      const ms = performance.now() - start;
      return { value: toJS(value), ms };
    },
  };
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
 * Wire `button` to run `action` (after any action still running): shows
 * "running…" in `out`, and reports a Python or JS exception there, or in
 * the page's error region when there is no `out`.
 */
export function onClick(button, out, action) {
  if (typeof button === "string") button = document.querySelector(button);
  if (typeof out === "string") out = document.querySelector(out);
  button.addEventListener("click", () => {
    pending += 1;
    document.body.dataset.busy = "true";
    button.setAttribute("aria-busy", "true");
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
        button.removeAttribute("aria-busy");
        pending -= 1;
        if (pending === 0) document.body.dataset.busy = "false";
      }
    });
  });
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
