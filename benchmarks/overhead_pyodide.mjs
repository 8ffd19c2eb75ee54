#!/usr/bin/env node
// Where the time of pybls's calls goes inside Pyodide under Node (V8, the
// engine of Chromium, though not Chromium's version of it): the browser
// table's rows (benchmarks/browser/pybls_bench.py),
// each timed as
//
//   total    the call as the table makes it (pybls_bench's operation);
//   binding  the core's function through pybls._lib, its arguments already
//            in the core's form (the one call left once the Python classes'
//            checks, conversions and object creation are gone);
//   ctypes   the same function called through ctypes directly, into an
//            output buffer made in advance (no status check, no copy);
//   core     the module's exported function called from JavaScript on
//            buffers in the module's memory: the C core's work alone;
//   python   the call with the curve's C functions replaced by stubs in
//            Python: the Python layer alone (ctypes' calls left out), and
//            how many C calls one operation makes;
//   call     one ctypes call of a C function doing almost nothing;
//   mcl      mcl-wasm's call of the row (benchmarks/browser/peers.mjs),
//
// all in alternation, round after round, so that a load on the machine
// slows all of them alike. Printed per row: the median time per call of
// each (us), the overhead total - core, and as medians of the rounds'
// ratios (steadier than ratios of medians on a shared machine) total / core
// (all the overhead), total / binding (the Python classes' part), ctypes /
// core (ctypes' own), mcl / total (the table's ratio) and mcl / core (the
// ratio with no Python or ctypes cost at all: the row's ceiling).
//
//   node benchmarks/overhead_pyodide.mjs [--rounds N] [--ms N] [--only bn254|bls12_381] [--op NAME] [--wheel PATH ...]
//
// Each --wheel boots a Pyodide of its own with that wheel (default: the one
// of web/dist, `make wasm`); their totals take turns in every round, and
// each wheel's total and Python layer are printed against the first's. The
// binding, ctypes and core timings are the first wheel's. mcl-wasm comes
// from benchmarks/browser/node_modules (`make bench-browser`).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const here = (path) => new URL(path, import.meta.url);
const { loadPybls } = await import(here("../web/pybls.mjs").href);
const { mclOps, mclBn254Ops } = await import(here("browser/peers.mjs").href);
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : fallback;
};
const rounds = Number(option("--rounds", 15));
const roundMs = Number(option("--ms", 4)); // per variant and round
const only = option("--only", null);
const onlyOp = option("--op", null);
const wheels = args.flatMap((a, i) => (a === "--wheel" ? [args[i + 1]] : []));

// The browser table's rows below 1.3 (mcl-wasm / pybls), by table and by
// pybls_bench's name: the C function the operation comes down to
// (pybls._lib's name, without the curve's prefix) and a Python expression
// of its arguments in the core's form (after the output buffer), over the
// names the table's operations use.
const ROWS = {
  bls12_381: {
    g1_mul: { fn: "g1_mul_flags", args: "[P._b, k._b, P._s]" },
    aggregate_128: {
      fn: "g2_sum",
      args: "[b''.join(s._point._b for s in sigs), len(sigs), scratch(G2._sum_scratch_size(len(sigs))), G2._sum_scratch_size(len(sigs))]",
    },
    g2_decompress: { fn: "g2_decode", args: "[sig_bytes, len(sig_bytes), 0]" },
  },
  bn254: {
    g1_decompress: { fn: "g1_decode", args: "[p_packed, len(p_packed), 0]" },
    encode_to_G1: { fn: "g1_encode_to_curve", args: "[msg, len(msg), BN_DST_NU, len(BN_DST_NU)]" },
    g1_mul: { fn: "g1_mul_flags", args: "[P._b, k._b, P._s]" },
    g1_msm64: {
      fn: "g1_msm",
      args: "[b''.join(p._b for p in points), b''.join(bn254.Scalar(s)._b for s in scalars), len(points), scratch(bn254.G1._msm_scratch_size(len(points))), bn254.G1._msm_scratch_size(len(points))]",
    },
  },
};

// pybls_bench.py's operations, plus for each row the prepared binding call
// and the raw ctypes call, and the row's arguments for JavaScript.
const SETUP = `
import ctypes, sys, time
sys.path.insert(0, "/bench")
import pybls_bench as pb
from pybls import _lib, bn254, G1, G2

def _rows(table, rows, prepare):
    out = prepare(0)
    ns = dict(vars(pb)); ns.update(_closure_values(table))
    binding = _lib if table == "bls12_381" else _lib.curve_binding(table)
    ns["scratch"] = binding.scratch
    raw_lib = _raw_library(binding)
    made = {}
    for op, (fn, arg_src) in rows.items():
        a = eval(arg_src, ns)
        bound = getattr(binding, fn)
        cfn = _raw_function(raw_lib, table, fn)
        size = len(bound(*a))
        out_buf = (ctypes.c_char * size)()
        made[op] = {
            "total": pb._ops[table][op],
            "binding": (lambda bound=bound, a=a: bound(*a)),
            "ctypes": (lambda cfn=cfn, o=out_buf, a=a: cfn(o, *a)),
            "args": a, "size": size, "cname": cfn.__name__,
        }
    return made

def _closure_values(table):
    # The values the table's lambdas close over, by name.
    vals = {}
    for op, f in pb._ops[table].items():
        if f.__closure__:
            vals.update(zip(f.__code__.co_freevars, (c.cell_contents for c in f.__closure__)))
    from pybls import Scalar
    vals.update(G1=G1, G2=G2, bn254=bn254, msg=b"message 1", Scalar=Scalar)
    return vals

def _raw_library(binding):
    return ctypes.CDLL(binding.library_path) if binding is not _lib else ctypes.CDLL(_lib.library_path)

def _raw_function(dll, table, fn):
    prefix = "pybls_" if table == "bls12_381" else f"pybls_{table}_"
    f = getattr(dll, prefix + fn)
    f.restype = ctypes.c_int
    return f

class Stubbed:
    """The curve's C functions replaced by Python stubs, for timing the
    Python layer alone and counting the C calls of an operation: each
    wrapper's ctypes function returns 0 (its output stays zero), and each
    function without an output buffer (the scratch sizes) what the real one
    returned for the same arguments."""

    def __init__(self, table):
        binding = _lib if table == "bls12_381" else _lib.curve_binding(table)
        mod = __import__("pybls" if table == "bls12_381" else f"pybls.{table}", fromlist=["G1"])
        self.calls = 0
        self.patches = []  # (namespace or class, name, original, stub)
        for name in dir(binding):
            f = getattr(binding, name)
            if hasattr(f, "__globals__") and "fn" in f.__globals__:
                self.patches.append((f.__globals__, "fn", f.__globals__["fn"], self._stub(lambda *a: 0)))
        for cls in (mod.G1, mod.G2, mod.Scalar):
            for name, f in list(vars(cls).items()):
                if isinstance(f, staticmethod) and isinstance(f.__func__, ctypes._CFuncPtr):
                    self.patches.append((cls, name, f, staticmethod(self._stub(self._memo(f.__func__)))))

    def _stub(self, f):
        def stub(*a):
            self.calls += 1
            return f(*a)
        return stub

    @staticmethod
    def _memo(f):
        seen = {}
        def g(*a):
            if a not in seen:
                seen[a] = f(*a)
            return seen[a]
        return g

    def __enter__(self):
        for where, name, _, stub in self.patches:
            if isinstance(where, dict):
                where[name] = stub
            else:
                setattr(where, name, stub)
        return self

    def __exit__(self, *exc):
        for where, name, original, _ in self.patches:
            if isinstance(where, dict):
                where[name] = original
            else:
                setattr(where, name, original)

def python_layer(table, op, ms):
    """The operation's time with its C calls stubbed (the Python layer
    alone, with ctypes' calls left out), per call."""
    with STUBS[table]:
        return run(table, op, "total", ms)

def c_calls(table, op):
    """How many C functions one call of the operation calls."""
    stubs = STUBS[table]
    with stubs:
        stubs.calls = 0
        MADE[table][op]["total"]()
        return stubs.calls

_trivial = None
def ctypes_call(ms):
    """One ctypes call of a C function doing almost nothing (whether a
    point is the identity), with a bytes argument as the core's take."""
    global _trivial
    if _trivial is None:
        f = ctypes.CDLL(_lib.library_path).pybls_g1_is_identity
        f.restype, f.argtypes = ctypes.c_int, [ctypes.c_char_p]
        p = G1.generator()._b
        _trivial = lambda: f(p)
    n, start = 0, time.perf_counter()
    end = start + ms / 1000
    while True:
        _trivial(); n += 1
        t = time.perf_counter()
        if t >= end:
            return (t - start) / n

MADE, STUBS = {}, {}
def prepare(table, rows_json):
    import json
    rows = {op: (r["fn"], r["args"]) for op, r in json.loads(rows_json).items()}
    prep = pb.prepare_bls12_381 if table == "bls12_381" else pb.prepare_bn254
    MADE[table] = _rows(table, rows, prep)
    STUBS[table] = Stubbed(table)
    ref = None
    if table == "bn254":
        ref = pb.prepare_bn254(0)["ref"]
    return json.dumps({"ref": ref, "rows": {op: {"args": [a.hex() if isinstance(a, bytes) else (bytes(a).hex() if isinstance(a, ctypes.Array) else a) for a in m["args"]], "size": m["size"], "cname": m["cname"]} for op, m in MADE[table].items()}})

def run(table, op, variant, ms):
    fn = MADE[table][op][variant]
    n, start = 0, time.perf_counter()
    end = start + ms / 1000
    while True:
        fn(); n += 1
        t = time.perf_counter()
        if t >= end:
            return (t - start) / n
`;

async function boot(path) {
  const pyodide = await loadPybls(path ? { wheel: readFileSync(path) } : {});
  pyodide.FS.mkdirTree("/bench");
  pyodide.FS.writeFile("/bench/pybls_bench.py", readFileSync(here("browser/pybls_bench.py")));
  pyodide.runPython(SETUP);
  const get = (name) => pyodide.globals.get(name);
  return {
    label: path ?? "web/dist", pyodide, run: get("run"), prepare: get("prepare"),
    python: get("python_layer"), ctypesCall: get("ctypes_call"),
  };
}

// The row's C function called from JavaScript: its arguments copied once
// into the module's memory (bytes as buffers, numbers as they are), then
// `n` calls timed in a loop.
function direct(pyodide, table, row) {
  const m = pyodide._module;
  const lib = table === "bls12_381" ? "libpybls.so" : `libpybls_${table}.so`;
  const dso = Object.entries(m.LDSO.loadedLibsByName).find(([name]) => name.endsWith(`/${lib}`))[1];
  const fn = dso.exports[row.cname];
  const alloc = (n) => m._malloc(Math.max(n, 1));
  const out = alloc(row.size);
  const ptrs = row.args.map((a) => {
    if (typeof a !== "string") return a;
    const bytes = Buffer.from(a, "hex");
    const p = alloc(bytes.length);
    m.HEAPU8.set(bytes, p);
    return p;
  });
  const status = fn(out, ...ptrs);
  if (status !== 0) throw new Error(`${row.cname} from JavaScript: status ${status}`);
  return (ms) => {
    let n = 0;
    const start = performance.now();
    let t;
    do {
      fn(out, ...ptrs);
      n++;
      t = performance.now();
    } while (t - start < ms);
    return (t - start) / 1e3 / n;
  };
}

// mcl-wasm's call of each row, timed as the others (ms of calls in a loop).
function looped(timedFn) {
  return (ms) => {
    let n = 0, total = 0;
    const start = performance.now();
    do {
      total += timedFn();
      n++;
    } while (performance.now() - start < ms);
    return total / 1e3 / n;
  };
}

const require = createRequire(here("browser/package.json"));
const mcl = require("mcl-wasm");
const builds = [];
for (const path of wheels.length ? wheels : [null]) builds.push(await boot(path));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const us = (s) => (s * 1e6).toFixed(1).padStart(8);

for (const table of Object.keys(ROWS)) {
  if (only && only !== table) continue;
  let info;
  for (const build of builds) info = JSON.parse(build.prepare(table, JSON.stringify(ROWS[table])));
  const peer = table === "bls12_381" ? await mclOps(mcl) : await mclBn254Ops(mcl, info.ref);
  const first = builds[0];
  const label = (b) => b.label.split("/").pop();
  console.log(`\n${table}: us per call, medians of ${rounds} rounds; ratios: medians of the rounds'`);
  console.log(
    "op                 total  binding   ctypes     core      mcl   python calls  total/core total/binding ctypes/core" +
      "  mcl/total  mcl/core" + builds.slice(1).map((b) => `  ${label(b)}/${label(first)}`).join(""),
  );
  for (const op of Object.keys(ROWS[table])) {
    if (onlyOp && onlyOp !== op) continue;
    const core = direct(first.pyodide, table, info.rows[op]);
    const calls = builds.map((b) => b.pyodide.globals.get("c_calls")(table, op));
    const variants = {
      ...Object.fromEntries(builds.map((b, i) => [`total${i}`, (ms) => b.run(table, op, "total", ms)])),
      ...Object.fromEntries(builds.map((b, i) => [`python${i}`, (ms) => b.python(table, op, ms)])),
      binding: (ms) => first.run(table, op, "binding", ms),
      ctypes: (ms) => first.run(table, op, "ctypes", ms),
      call: (ms) => first.ctypesCall(ms),
      core,
      mcl: looped(peer[op]),
    };
    const times = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
    for (const k of Object.keys(variants)) variants[k](roundMs); // warm-up
    for (let r = 0; r < rounds; r++) {
      const names = Object.keys(variants);
      for (const k of r % 2 ? names.reverse() : names) times[k].push(variants[k](roundMs));
    }
    const m = Object.fromEntries(Object.entries(times).map(([k, xs]) => [k, median(xs)]));
    const ratio = (a, b) => median(times[a].map((t, i) => t / times[b][i])).toFixed(2);
    console.log(
      `${op.padEnd(16)}${us(m.total0)} ${us(m.binding)} ${us(m.ctypes)} ${us(m.core)} ${us(m.mcl)} ` +
        `${us(m.python0)} ${String(calls[0]).padStart(5)} ${ratio("total0", "core").padStart(11)} ` +
        `${ratio("total0", "binding").padStart(13)} ${ratio("ctypes", "core").padStart(11)} ` +
        `${ratio("mcl", "total0").padStart(10)} ${ratio("mcl", "core").padStart(9)}` +
        builds.slice(1).map((b, i) => ratio(`total${i + 1}`, "total0").padStart(label(b).length + label(first).length + 3)).join(""),
    );
    for (const [i, b] of builds.entries()) {
      if (i === 0 && builds.length === 1) break;
      const against = i ? `, ${ratio(`python${i}`, "python0")} of ${label(first)}'s` : "";
      console.log(`  ${label(b)}: python ${us(m[`python${i}`]).trim()} us${against}, ${calls[i]} C calls`);
    }
    console.log(`  one ctypes call of a trivial function: ${us(m.call).trim()} us`);
  }
}
