// Side-by-side timing for the browser benchmark: every library's call of
// one operation in turn, round after round, so that a load on the machine
// (or the engine tiering up its code) slows all of them alike. Each round
// starts with the next library: the first call after the pause between
// rounds is the slowest (30-40 us more for a call from Python, a few us for
// a JavaScript one: benchmarks/browser/overhead.py), and no library should
// take that place every time. A library's turn in a round is a run of calls
// lasting at least `turnMs` (one call where one takes longer): a page's clock
// ticks in 5 us steps, and on some machines the first call of a run costs
// tens of microseconds more, for every library, than the calls that follow
// it (mcl-wasm's G1 decompression on BN254: 95-105 us against 50-55 us).

const mid = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/**
 * `libs` maps a library's name to `{ op: fn }`, pybls's first; `fn(n)` makes
 * n calls and returns their time in ms (`timed` wraps a plain JavaScript
 * call; pybls's come from Python, timed there). Every operation pybls has
 * is timed: each library's calls per turn found first (callsPerTurn),
 * then rounds of one turn each, at least `minRuns` rounds and `minMs` per
 * library in total (at most `maxRuns`). A turn's time is per call.
 *
 * Returns `{ times: { lib: { op: median ms } }, ratios: { peer: { op: r } },
 * calls: { op: { lib: calls per turn } } }`, r being the median of the
 * rounds' peer / pybls ratios (above 1: pybls is faster).
 */
export async function alternate(libs, { minRuns = 5, minMs = 400, maxRuns = 200, turnMs = 1 } = {}) {
  const names = Object.keys(libs);
  const [ours, ...peers] = names;
  const out = { times: {}, ratios: {}, calls: {} };
  for (const name of names) out.times[name] = {};
  for (const peer of peers) out.ratios[peer] = {};
  for (const op of Object.keys(libs[ours])) {
    const here = names.filter((name) => op in libs[name]);
    const calls = {};
    for (const name of here) calls[name] = callsPerTurn(libs[name][op], turnMs);
    const runs = Object.fromEntries(here.map((name) => [name, []]));
    const ratios = Object.fromEntries(here.slice(1).map((name) => [name, []]));
    const start = performance.now();
    const budget = minMs * here.length;
    while (runs[ours].length < minRuns || (performance.now() - start < budget && runs[ours].length < maxRuns)) {
      const round = {}, first = runs[ours].length % here.length;
      for (const name of [...here.slice(first), ...here.slice(0, first)]) round[name] = libs[name][op](calls[name]) / calls[name];
      for (const name of here) runs[name].push(round[name]);
      for (const peer of here.slice(1)) ratios[peer].push(round[peer] / round[ours]);
      await new Promise((r) => setTimeout(r, 0)); // keep the page alive
    }
    for (const name of here) out.times[name][op] = mid(runs[name]);
    out.calls[op] = calls;
    for (const peer of here.slice(1)) out.ratios[peer][op] = mid(ratios[peer]);
  }
  return out;
}

/** The calls of `fn` in a turn: after a warm-up call, doubled from 1 until
 * a run of them lasts `turnMs` (on any clock, a coarse one too; at most
 * 1024), one call where one lasts that long. */
function callsPerTurn(fn, turnMs) {
  fn(1); // warm-up
  let n = 1;
  while (n < 1024 && fn(n) < turnMs) n *= 2;
  return n;
}

/** `{ op: fn }` whose `fn(n)` makes n calls and returns their time in ms. */
export function timed(ops) {
  return Object.fromEntries(Object.entries(ops).map(([op, fn]) => [op, (n = 1) => {
    const t = performance.now();
    for (let i = 0; i < n; i++) fn();
    return performance.now() - t;
  }]));
}
