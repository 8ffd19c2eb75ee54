// `run_pytest.mjs --jobs N`: the same run split over N Node processes, one
// Pyodide each (a Pyodide runs on one thread, so one process leaves the
// other processors idle). Process k runs with `--shard k/N`: every N-th
// selected test from the k-th, in collection order. The first process's
// output is shown as it comes; each other's is printed whole when it ends.
// The outcome counts are summed into one --json file.

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";

function runShard(script, args, live) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    const chunks = [];
    if (!live) {
      child.stdout.on("data", (d) => chunks.push(d));
      child.stderr.on("data", (d) => chunks.push(d));
    }
    child.on("close", (code, signal) => resolve({ code: code ?? 1, signal, output: Buffer.concat(chunks) }));
  });
}

// pytest's exit status over the shards: the first failure's, else 0 if any
// shard ran tests (5 is "no tests collected", which a small selection split
// N ways can give a shard).
function mergedStatus(codes) {
  const failed = codes.find((c) => c !== 0 && c !== 5);
  if (failed !== undefined) return failed;
  return codes.every((c) => c === 5) ? 5 : 0;
}

export async function runShards(script, opts, jobs) {
  const tmp = mkdtempSync(path.join(os.tmpdir(), "pybls-pyodide-shards-"));
  const runs = [];
  for (let k = 1; k <= jobs; k++) {
    const args = ["--wheels", opts.wheels, "--vectors", opts.vectors, "--shard", `${k}/${jobs}`,
      "--json", path.join(tmp, `shard-${k}.json`)];
    if (opts.install) args.push("--install", opts.install);
    args.push("--", ...opts.pytestArgs);
    runs.push(
      runShard(script, args, k === 1).then((r) => {
        if (k > 1) {
          process.stdout.write(`\n--- Pyodide shard ${k}/${jobs} ---\n`);
          process.stdout.write(r.output);
        }
        if (r.signal) process.stdout.write(`shard ${k}/${jobs} ended by ${r.signal}\n`);
        return r;
      }),
    );
  }
  const results = await Promise.all(runs);
  const outcomes = results.map((r, i) => {
    try {
      return JSON.parse(readFileSync(path.join(tmp, `shard-${i + 1}.json`), "utf8"));
    } catch {
      return null; // the shard stopped before pytest ended: its exit code says why
    }
  });
  rmSync(tmp, { recursive: true, force: true });

  // A shard killed, or gone before its outcome was written, failed.
  const codes = results.map((r, i) => (r.signal ? 1 : outcomes[i] ? outcomes[i].status || r.code : r.code || 1));
  // Every process must have split the same tests, in the same order.
  const splits = new Set(outcomes.filter((o) => o).map((o) => JSON.stringify(o.collected)));
  if (splits.size > 1) {
    console.error(`run_pytest.mjs: the shards collected different tests: ${[...splits].join(" ")}`);
    codes.push(1);
  }
  const counts = {};
  for (const o of outcomes) {
    for (const [key, n] of Object.entries(o ? o.counts : { error: 1 })) counts[key] = (counts[key] || 0) + n;
  }
  const first = outcomes.find((o) => o) || {};
  const timings = {};
  for (const o of outcomes) {
    for (const [key, ms] of Object.entries(o ? o.timings : {})) timings[key] = Math.max(timings[key] || 0, ms);
  }
  const summary = { ...first, status: mergedStatus(codes), counts, timings, shards: jobs };
  console.log(
    `pyodide ${first.pyodide} (Python ${first.python}, ${first.backend}, ${first.limb_bits}-bit limbs), ` +
      `${jobs} processes: ${countsText(counts)}; slowest pytest ${((timings.pytest_ms || 0) / 1000).toFixed(1)} s`,
  );
  writeSummary(opts.json, summary);
  return summary.status;
}

// "2150 passed, 3 skipped", as the summary lines show the counts.
export function countsText(counts) {
  return Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(", ") || "no tests";
}

// The --json file, if one was asked for.
export function writeSummary(file, summary) {
  if (!file) return;
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, JSON.stringify(summary, null, 2) + "\n");
}
