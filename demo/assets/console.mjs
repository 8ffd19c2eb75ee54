// console.html: run arbitrary Python in this page's Pyodide, pybls imported.
// The examples are the "# %%" sections of demo/py/console.py.
import { startDemo, setResult, onClick, errorDetail, fmtMs } from "./demo.mjs";

const $ = (id) => document.getElementById(id);
const demo = await startDemo({ python: "py/console.py" });
const { pyodide } = demo;
const repr = pyodide.globals.get("repr");
let namespace = fresh();
let output = "";

function fresh() {
  const ns = pyodide.globals.get("dict")();
  pyodide.runPython("import pybls", { globals: ns });
  return ns;
}

// stdout and stderr of the running code go to the output box.
const decoder = new TextDecoder();
const sink = (kind) => ({
  write(bytes) {
    const text = decoder.decode(bytes, { stream: true });
    output += text;
    $("output").textContent = output;
    return bytes.length;
  },
});
pyodide.setStdout(sink("stdout"));
pyodide.setStderr(sink("stderr"));

for (const name of demo.sections.keys()) $("example").append(new Option(name, name));

function loadExample() {
  $("code").value = demo.code($("example").value);
  $("code").focus();
}

// A traceback without Pyodide's own frames: from the first frame of the user's code.
function userTraceback(text) {
  const lines = text.split("\n");
  const first = lines.findIndex((l) => l.includes('File "<exec>"'));
  return first > 0 ? [lines[0], ...lines.slice(first)].join("\n") : text;
}

async function run() {
  output = "";
  setResult($("output"), "busy", "running…");
  const code = $("code").value;
  const start = performance.now();
  let state = "info";
  try {
    const value = await pyodide.runPythonAsync(code, { globals: namespace });
    pyodide.runPython("import sys; sys.stdout.flush(); sys.stderr.flush()");
    if (value !== undefined) {
      output += (output && !output.endsWith("\n") ? "\n" : "") + repr(value);
      if (value && typeof value.destroy === "function") value.destroy();
    }
  } catch (error) {
    state = "error";
    output += (output && !output.endsWith("\n") ? "\n" : "") + userTraceback(errorDetail(error));
  }
  const ms = performance.now() - start;
  setResult($("output"), state, `${output}${output && !output.endsWith("\n") ? "\n" : ""}[${state === "error" ? "exception" : "done"} in ${fmtMs(ms)}]`);
}

onClick("#run", null, run);
onClick("#load-example", null, async () => loadExample());
$("clear").addEventListener("click", () => setResult($("output"), "info", ""));
$("reset").addEventListener("click", () => {
  namespace.destroy();
  namespace = fresh();
  setResult($("output"), "info", "names cleared; pybls imported");
});
$("code").addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
    e.preventDefault();
    $("run").click();
  }
});
demo.ready();
