#!/usr/bin/env node
// Times mcl-wasm (the pinned copy of tests/oracles/mcl) on one curve, in
// Node, for benchmarks/bench_curves.py: pairing, G1 and G2 multiplication
// (constant time and variable time), G1/G2 deserialization with the
// subgroup check, and a G1 MSM of 64. Prints one JSON object: median
// nanoseconds per call by operation.
//
//   node benchmarks/curves/mcl_bench.mjs BN_SNARK1 [--quick]
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, "../../tests/oracles/mcl/package.json"));
const mcl = require("mcl-wasm");

const curveName = process.argv[2] || "BN_SNARK1";
const quick = process.argv.includes("--quick");
await mcl.init(mcl[curveName]);

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

// Median ns per call over runs of a calibrated loop, as bench_native.py does.
function measure(fn) {
  const targetNs = quick ? 5e7 : 2e8;
  let t0 = process.hrtime.bigint();
  fn();
  const one = Math.max(Number(process.hrtime.bigint() - t0), 1);
  const iters = Math.max(1, Math.min(1 << 20, Math.floor(targetNs / one)));
  const runs = [];
  for (let r = 0; r < (quick ? 3 : 7); r++) {
    t0 = process.hrtime.bigint();
    for (let i = 0; i < iters; i++) fn();
    runs.push(Number(process.hrtime.bigint() - t0) / iters);
  }
  return median(runs);
}

// Generators: EIP-196/197's for BN_SNARK1 (mcl builds in none).
const P = new mcl.G1();
P.setStr("1 1 2", 10);
const Q = new mcl.G2();
Q.setStr(
  "1 10857046999023057135944570762232829481370756359578518086990519993285655852781 " +
    "11559732032986387107991004021392285783925812861821192530917403151452391805634 " +
    "8495653923123431417604973247489272438418190587263600148770280649306958101930 " +
    "4082367875863433681332203403145435568316851327593401208105741076214120093531",
  10,
);
const a = new mcl.Fr();
a.setByCSPRNG();
const b = new mcl.Fr();
b.setByCSPRNG();
const aP = mcl.mul(P, a);
const bQ = mcl.mul(Q, b);
const g1Bytes = aP.serialize();
const g2Bytes = bQ.serialize();
mcl.verifyOrderG1(true);
mcl.verifyOrderG2(true);
const points = [];
const scalars = [];
for (let i = 0; i < 64; i++) {
  const k = new mcl.Fr();
  k.setByCSPRNG();
  const s = new mcl.Fr();
  s.setByCSPRNG();
  points.push(mcl.mul(P, k));
  scalars.push(s);
}

// mcl-wasm's JavaScript exposes no constant-time product; its module has
// mclBnG1_mulCT and mclBnG2_mulCT (as benchmarks/browser/peers.mjs uses).
const mulCT1 = (point, k) => point._op2(mcl.mod._mclBnG1_mulCT, k);
const mulCT2 = (point, k) => point._op2(mcl.mod._mclBnG2_mulCT, k);
if (!mulCT1(aP, b).isEqual(mcl.mul(aP, b)) || !mulCT2(bQ, a).isEqual(mcl.mul(bQ, a))) {
  throw new Error("mcl: mulCT != mul");
}

const out = {
  curve: curveName,
  pairing: measure(() => mcl.pairing(aP, bQ)),
  g1_mul: measure(() => mulCT1(aP, b)),
  g1_mul_vartime: measure(() => mcl.mul(aP, b)),
  g2_mul: measure(() => mulCT2(bQ, a)),
  g2_mul_vartime: measure(() => mcl.mul(bQ, a)),
  g1_decompress: measure(() => new mcl.G1().deserialize(g1Bytes)),
  g2_decompress: measure(() => new mcl.G2().deserialize(g2Bytes)),
  g1_msm64: measure(() => mcl.mulVec(points, scalars)),
};
process.stdout.write(JSON.stringify(out) + "\n");
