// Where the time of pybls's calls goes inside Pyodide: the rows and the
// timing loop of the overhead benchmark, shared by its Node entry point
// (benchmarks/overhead_pyodide.mjs) and its page in Chromium
// (benchmarks/browser/overhead.html, opened by overhead.py), so that both
// engines run the same measurement. Each row of the browser table
// (benchmarks/browser/pybls_bench.py) is timed as
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
//   mcl      mcl-wasm's call of the row (peers.mjs),
//
// all in alternation, round after round, so that a load on the machine
// slows all of them alike. The Python side is pybls_overhead.py.

import { mclOps, mclBn254Ops } from "./peers.mjs";

// The browser table's rows below 1.3 (mcl-wasm / pybls), by table and by
// pybls_bench's name: the C function the operation comes down to
// (pybls._lib's name, without the curve's prefix) and a Python expression
// of its arguments in the core's form (after the output buffer), over the
// names the table's operations use.
export const ROWS = {
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

/**
 * Sets up the measurement in a Pyodide with pybls installed: writes
 * pybls_bench.py and pybls_overhead.py (their sources, as text) to /bench
 * and imports the latter. `label` names the build in the report.
 */
export function setUp(pyodide, { benchSource, overheadSource, label }) {
  pyodide.FS.mkdirTree("/bench");
  pyodide.FS.writeFile("/bench/pybls_bench.py", benchSource);
  pyodide.FS.writeFile("/bench/pybls_overhead.py", overheadSource);
  pyodide.runPython("import sys; sys.path.insert(0, '/bench')");
  const py = pyodide.pyimport("pybls_overhead");
  return {
    label, pyodide, run: py.run, prepare: py.prepare, python: py.python_layer,
    ctypesCall: py.ctypes_call, cCalls: py.c_calls,
  };
}

const fromHex = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

// The row's C function called from JavaScript: its arguments copied once
// into the module's memory (bytes as buffers, numbers as they are), then
// calls timed in a loop of `ms`.
function direct(pyodide, table, row) {
  const m = pyodide._module;
  const lib = table === "bls12_381" ? "libpybls.so" : `libpybls_${table}.so`;
  const dso = Object.entries(m.LDSO.loadedLibsByName).find(([name]) => name.endsWith(`/${lib}`))[1];
  const fn = dso.exports[row.cname];
  const alloc = (n) => m._malloc(Math.max(n, 1));
  const out = alloc(row.size);
  const ptrs = row.args.map((a) => {
    if (typeof a !== "string") return a;
    const bytes = fromHex(a);
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

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/**
 * Times every row of the tables asked for, with `builds` (from setUp; the
 * first one's binding, ctypes and core are timed, every build's total and
 * Python layer) and `mcl` (mcl-wasm's module object). `pause` is awaited
 * between rounds (a page stays responsive; in a page, a turn of its event
 * loop). Each round times every variant once, in the order of `variants`
 * in even rounds and in reverse in odd ones, so that the first timing after
 * a pause alternates between the call as users make it and mcl's. Returns,
 * per table and row, the medians and the fastest of the timings (seconds
 * per call; the fastest are the least disturbed by other work on the
 * machine), the timings themselves (`times`, round by round), the medians
 * of the rounds' ratios and the C calls of one operation per build.
 */
export async function measure({ builds, mcl, rounds = 15, roundMs = 4, only = null, onlyOp = null,
                                 pause = async () => {} }) {
  const result = {};
  for (const table of Object.keys(ROWS)) {
    if (only && only !== table) continue;
    // Every build prepares its own operands; the core is called with the
    // first build's (its arguments, its scratch sizes).
    const [info] = builds.map((b) => JSON.parse(b.prepare(table, JSON.stringify(ROWS[table]))));
    const peer = table === "bls12_381" ? await mclOps(mcl) : await mclBn254Ops(mcl, info.ref);
    const first = builds[0];
    result[table] = {};
    for (const op of Object.keys(ROWS[table])) {
      if (onlyOp && onlyOp !== op) continue;
      const core = direct(first.pyodide, table, info.rows[op]);
      const calls = builds.map((b) => b.cCalls(table, op));
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
        await pause();
      }
      const ratio = (a, b) => median(times[a].map((t, i) => t / times[b][i]));
      const ratios = {
        "total/core": ratio("total0", "core"),
        "total/binding": ratio("total0", "binding"),
        "ctypes/core": ratio("ctypes", "core"),
        "mcl/total": ratio("mcl", "total0"),
        "mcl/core": ratio("mcl", "core"),
      };
      for (let i = 1; i < builds.length; i++) {
        ratios[`total${i}/total0`] = ratio(`total${i}`, "total0");
        ratios[`python${i}/python0`] = ratio(`python${i}`, "python0");
      }
      result[table][op] = {
        medians: Object.fromEntries(Object.entries(times).map(([k, xs]) => [k, median(xs)])),
        fastest: Object.fromEntries(Object.entries(times).map(([k, xs]) => [k, Math.min(...xs)])),
        times,
        ratios,
        calls,
      };
    }
  }
  return result;
}

const us = (s) => (s * 1e6).toFixed(1).padStart(8);

/**
 * The report of `measure`'s result, as lines: per row the median time per
 * call of each timing (us) and, as medians of the rounds' ratios (steadier
 * than ratios of medians on a shared machine), total / core (all the
 * overhead), total / binding (the Python classes' part), ctypes / core
 * (ctypes' own), mcl / total (the table's ratio) and mcl / core (the ratio
 * with no Python or ctypes cost at all: the row's ceiling); then each other
 * build's total and Python layer against the first's.
 */
export function report(result, { labels, rounds }) {
  const lines = [];
  const label = (b) => b.split("/").pop();
  const [first, ...others] = labels;
  for (const [table, rows] of Object.entries(result)) {
    lines.push("", `${table}: us per call, medians of ${rounds} rounds; ratios: medians of the rounds'`);
    lines.push(
      "op                 total  binding   ctypes     core      mcl   python calls  total/core total/binding ctypes/core" +
        "  mcl/total  mcl/core" + others.map((b) => `  ${label(b)}/${label(first)}`).join(""),
    );
    for (const [op, { medians: m, ratios: r, calls }] of Object.entries(rows)) {
      const f = (x) => x.toFixed(2);
      lines.push(
        `${op.padEnd(16)}${us(m.total0)} ${us(m.binding)} ${us(m.ctypes)} ${us(m.core)} ${us(m.mcl)} ` +
          `${us(m.python0)} ${String(calls[0]).padStart(5)} ${f(r["total/core"]).padStart(11)} ` +
          `${f(r["total/binding"]).padStart(13)} ${f(r["ctypes/core"]).padStart(11)} ` +
          `${f(r["mcl/total"]).padStart(10)} ${f(r["mcl/core"]).padStart(9)}` +
          others.map((b, i) => f(r[`total${i + 1}/total0`]).padStart(label(b).length + label(first).length + 3)).join(""),
      );
      for (const [i, b] of labels.entries()) {
        if (i === 0 && labels.length === 1) break;
        const against = i ? `, ${f(r[`python${i}/python0`])} of ${label(first)}'s` : "";
        lines.push(`  ${label(b)}: python ${us(m[`python${i}`]).trim()} us${against}, ${calls[i]} C calls`);
      }
      lines.push(`  one ctypes call of a trivial function: ${us(m.call).trim()} us`);
    }
  }
  return lines;
}
