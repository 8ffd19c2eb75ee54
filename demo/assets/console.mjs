// console.html: run arbitrary Python in this page's Pyodide, pybls imported.
// The examples are the "# %%" sections of demo/py/console.py.
import { startDemo, setResult, onClick, errorDetail, fmtMs } from "./demo.mjs";

const $ = (id) => document.getElementById(id);
const demo = await startDemo({ python: "py/console.py" });
const NS = "console";

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
  let output = "";
  const out = $("output");
  const append = (text) => {
    output += (output && !output.endsWith("\n") ? "\n" : "") + text;
  };
  setResult(out, "busy", "running…");
  $("stop").disabled = !demo.canInterrupt;
  const start = performance.now();
  let state = "info";
  try {
    const { value } = await demo.exec($("code").value, {
      ns: NS,
      repr: true,
      onOutput: (text) => {
        output += text;
        out.textContent = output;
      },
    });
    if (value !== undefined && value !== null) append(value);
  } catch (error) {
    state = "error";
    append(userTraceback(errorDetail(error)));
  }
  $("stop").disabled = true;
  const ms = performance.now() - start;
  append(`[${state === "error" ? "exception" : "done"} in ${fmtMs(ms)}]`);
  setResult(out, state, output);
}

onClick("#run", null, run);
onClick("#load-example", null, async () => loadExample());
onClick("#reset", "#output", async () => {
  await demo.reset(NS);
  setResult($("output"), "info", "names cleared; pybls imported");
});
$("stop").addEventListener("click", () => demo.interrupt());
$("clear").addEventListener("click", () => setResult($("output"), "info", ""));
$("code").addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
    e.preventDefault();
    $("run").click();
  }
});
demo.ready();
