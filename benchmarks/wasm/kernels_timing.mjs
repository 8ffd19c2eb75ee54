// The counting and timing of kernels.c's module, shared by the Node runner
// (kernels.mjs) and the browser benchmark's page (benchmarks/browser/,
// `bench.py --only kernels`): both run the same module through the same
// loop, so that their numbers differ only by the engine.
//
// No Node or browser API beyond `performance.now()` and WebAssembly.

/** The radix-2^30 kernels a pairing is counted in (kernels.c's pairing_count kinds). */
export const KINDS = ["digit_mul", "digit_sqr", "digit_redc"];

/**
 * The one WASI import of the standalone emcc module (-sSTANDALONE_WASM):
 * `proc_exit`, which ends `_start` (kernels.c's main, setting the operands)
 * by throwing WasiExit. A module asking for more fails to link, saying
 * which import is missing.
 */
export class WasiExit extends Error {
  constructor(code) {
    super(`exit ${code}`);
    this.code = code;
  }
}

export function wasiImports() {
  return {
    wasi_snapshot_preview1: {
      proc_exit: (code) => {
        throw new WasiExit(code);
      },
    },
  };
}

/** Runs the module's `_start` (kernels.c's main) with wasiImports(). */
export async function instantiate(bytes) {
  const { instance } = await WebAssembly.instantiate(bytes, wasiImports());
  try {
    instance.exports._start();
  } catch (e) {
    if (!(e instanceof WasiExit) || e.code !== 0) throw e;
  }
  return instance.exports;
}

/** The counts of each of KINDS in one pairing of module `k`. */
export function pairingCounts(k) {
  return Object.fromEntries(KINDS.map((name, kind) => [name, Number(k.pairing_count(kind))]));
}

/** The hex digest of the module's last pairing (to compare two builds). */
export function pairingDigest(k) {
  return (k.pairing_digest() >>> 0).toString(16).padStart(8, "0");
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/**
 * Times module `k`'s kernels (kernels.c: 8 lanes per step) and its pairing,
 * plus the entries of `extra` (`{ name: { run(steps), steps, lanes } }`;
 * `run` makes `steps` steps of `lanes` operations each and may return their
 * time in ms, measured by itself, else it is timed here), all in
 * alternation: one timing of each per round, `rounds` rounds, after a
 * warm-up that scales every entry's steps to about `targetMs` a timing and
 * then runs rounds, untimed, until `patience` rounds in a row are no faster
 * than 0.97 of the fastest yet (at most `settleMs`): the engine first runs
 * a function from its baseline compiler and swaps in optimised code once
 * the function is hot, compiled in the background, which on a loaded
 * machine can take seconds. `pause` is awaited between rounds (a page
 * yields to its event loop).
 *
 * Returns `{ counts, digest, steps, settleRounds, times: { name: [ms per
 * operation, one a round] }, fastest: { name: ms }, median: { name: ms },
 * near: { name: timings within 3% of the fastest }, bound, boundRatio }`:
 * `bound` is the counts times the fastest kernel times, `boundRatio` bound
 * / the module's fastest pairing. On a loaded machine a timing loses whole
 * time slices to other processes, so the fastest timings are the
 * undisturbed ones and their ratios hold from run to run while medians do
 * not; `near` says how many timings the fastest stands for.
 */
export async function measureKernels(
  k,
  { rounds = 31, extra = {}, targetMs = 40, patience = 3, settleMs = 20000, pause = null } = {},
) {
  const counts = pairingCounts(k);
  const digest = pairingDigest(k);
  const entries = {
    digit_mul: { run: (s) => k.digit_mul(s), steps: 4000, lanes: 8 },
    digit_sqr: { run: (s) => k.digit_sqr(s), steps: 4000, lanes: 8 },
    digit_redc: { run: (s) => k.digit_redc(s), steps: 4000, lanes: 8 },
    fp_mul_lanes: { run: (s) => k.fp_mul_lanes(s), steps: 2000, lanes: 8 },
    pairing: { run: (s) => k.pairing(s), steps: 10, lanes: 1 },
    ...extra,
  };
  const timeOnce = (entry, steps) => {
    const start = performance.now();
    const own = entry.run(steps);
    const ms = performance.now() - start;
    return typeof own === "number" ? own : ms;
  };
  // Warm up (tier-up), then scale each entry's steps to about targetMs a
  // timing (the curves differ threefold in a kernel and 30-fold in the
  // pairing), from the fastest of three timings (the least disturbed).
  const steps = {};
  for (const [name, entry] of Object.entries(entries)) {
    timeOnce(entry, entry.steps);
    const ms = Math.min(...[0, 1, 2].map(() => timeOnce(entry, entry.steps)));
    steps[name] = Math.max(1, Math.round((entry.steps * targetMs) / Math.max(ms, 0.01)));
  }
  const settleEnd = performance.now() + settleMs;
  let best = Infinity;
  let settleRounds = 0;
  for (let stale = 0; stale < patience && performance.now() < settleEnd; settleRounds++) {
    let round = 0;
    for (const [name, entry] of Object.entries(entries)) round += timeOnce(entry, steps[name]);
    [best, stale] = round < 0.97 * best ? [round, 0] : [best, stale + 1];
    if (pause) await pause();
  }
  const times = Object.fromEntries(Object.keys(entries).map((name) => [name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const [name, entry] of Object.entries(entries)) {
      times[name].push(timeOnce(entry, steps[name]) / (steps[name] * entry.lanes));
    }
    if (pause) await pause();
  }
  const pick = (f) => Object.fromEntries(Object.entries(times).map(([name, t]) => [name, f(t)]));
  const fastest = pick((t) => Math.min(...t));
  const bound = KINDS.reduce((sum, name) => sum + counts[name] * fastest[name], 0);
  return {
    counts,
    digest,
    steps,
    settleRounds,
    times,
    fastest,
    median: pick(median),
    bound,
    boundRatio: bound / fastest.pairing,
    near: pick((t) => t.filter((x) => x <= 1.03 * Math.min(...t)).length),
  };
}
