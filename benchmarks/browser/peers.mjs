// JavaScript peers of pybls, measured in the same page: @noble/curves
// (bls12_381), mcl-wasm and bls-eth-wasm. Every function returns
// { operation: median milliseconds }.

import { bls12_381 } from "@noble/curves/bls12-381.js";

export const DST = new TextEncoder().encode("BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_");
export const N_AGG = 128;

/** Median time of fn() in ms: at least `minRuns` runs and `minMs` in total (at most `maxRuns`). */
export async function median(fn, { minRuns = 5, minMs = 400, maxRuns = 200 } = {}) {
  fn(); // warm-up
  const times = [];
  const start = performance.now();
  while (times.length < minRuns || (performance.now() - start < minMs && times.length < maxRuns)) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
    if (times.length % 10 === 0) await new Promise((r) => setTimeout(r, 0)); // keep the page alive
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

const msg = (i) => new TextEncoder().encode(`message ${i}`);

export async function benchNoble(opts) {
  const b = bls12_381;
  const ls = b.longSignatures;
  const sks = Array.from({ length: N_AGG }, () => ls.keygen().secretKey);
  const pks = sks.map((sk) => ls.getPublicKey(sk));
  const H = ls.hash(msg(0), DST);
  const sigs = sks.map((sk) => ls.sign(H, sk));
  const agg = ls.aggregateSignatures(sigs);
  const sigBytes = sigs[0].toBytes(true);
  const P = b.G1.Point.BASE.multiply(12345n);
  const Q = b.G2.Point.BASE.multiply(67890n);
  const k = b.fields.Fr.ORDER - 1234567891011n;
  const r = {};
  r.pairing = await median(() => b.pairing(P, Q), opts);
  r.hash_to_G2 = await median(() => b.G2.hashToCurve(msg(1), { DST }), opts);
  r.sign = await median(() => ls.sign(ls.hash(msg(0), DST), sks[0]), opts);
  r.verify = await median(() => ls.verify(sigs[0], ls.hash(msg(0), DST), pks[0]), opts);
  r.g1_mul = await median(() => P.multiply(k), opts);
  r.g1_mul_vartime = await median(() => P.multiplyUnsafe(k), opts);
  r.aggregate_128 = await median(() => ls.aggregateSignatures(sigs), opts);
  r.g2_decompress = await median(() => ls.Signature.fromBytes(sigBytes), opts);
  r.fast_aggregate_verify_128 = await median(
    () => ls.verify(agg, ls.hash(msg(0), DST), ls.aggregatePublicKeys(pks)),
    opts,
  );
  return r;
}

export async function benchMcl(mcl, opts) {
  await mcl.init(mcl.BLS12_381);
  mcl.setETHserialization(true);
  mcl.setMapToMode(mcl.IRTF);
  mcl.verifyOrderG2(true);
  const g1 = mcl.hashAndMapToG1("generator");
  const m = msg(0);
  const sks = Array.from({ length: N_AGG }, () => {
    const sk = new mcl.Fr();
    sk.setByCSPRNG();
    return sk;
  });
  const pks = sks.map((sk) => mcl.mul(g1, sk));
  const sigs = sks.map((sk) => mcl.mul(mcl.hashAndMapToG2(m), sk));
  const aggregate = (points) => points.reduce((acc, p) => mcl.add(acc, p));
  const agg = aggregate(sigs);
  const sigBytes = sigs[0].serialize();
  const P = mcl.hashAndMapToG1("P");
  const Q = mcl.hashAndMapToG2("Q");
  const k = new mcl.Fr();
  k.setByCSPRNG();
  const negG1 = mcl.neg(g1);
  const verify = (pk, message, sig) =>
    mcl
      .finalExp(mcl.mul(mcl.millerLoop(pk, mcl.hashAndMapToG2(message)), mcl.millerLoop(negG1, sig)))
      .isOne();
  if (!verify(pks[0], m, sigs[0])) throw new Error("mcl: verify failed");
  const r = {};
  r.pairing = await median(() => mcl.pairing(P, Q), opts);
  r.hash_to_G2 = await median(() => mcl.hashAndMapToG2(msg(1)), opts);
  r.sign = await median(() => mcl.mul(mcl.hashAndMapToG2(m), sks[0]), opts);
  r.verify = await median(() => verify(pks[0], m, sigs[0]), opts);
  // mcl.mul is variable time; mcl's constant-time product is exported
  // from its module but has no wrapper, so it is called as mul is.
  const mulCT = (point, scalar) => point._op2(mcl.mod._mclBnG1_mulCT, scalar);
  if (!mulCT(P, k).isEqual(mcl.mul(P, k))) throw new Error("mcl: mulCT != mul");
  r.g1_mul = await median(() => mulCT(P, k), opts);
  r.g1_mul_vartime = await median(() => mcl.mul(P, k), opts);
  r.aggregate_128 = await median(() => aggregate(sigs), opts);
  r.g2_decompress = await median(() => {
    const s = new mcl.G2();
    s.deserialize(sigBytes);
  }, opts);
  r.fast_aggregate_verify_128 = await median(() => verify(aggregate(pks), m, agg), opts);
  return r;
}

export async function benchBlsEth(bls, opts) {
  await bls.init(bls.BLS12_381);
  bls.verifySignatureOrder(true);
  const m = msg(0);
  const sks = Array.from({ length: N_AGG }, () => {
    const sk = new bls.SecretKey();
    sk.setByCSPRNG();
    return sk;
  });
  const pks = sks.map((sk) => sk.getPublicKey());
  const sigs = sks.map((sk) => sk.sign(m));
  const agg = new bls.Signature();
  agg.aggregate(sigs);
  if (!agg.fastAggregateVerify(pks, m)) throw new Error("bls-eth-wasm: fastAggregateVerify failed");
  const sigBytes = sigs[0].serialize();
  const r = {};
  r.sign = await median(() => sks[0].sign(m), opts);
  r.verify = await median(() => pks[0].verify(sigs[0], m), opts);
  r.aggregate_128 = await median(() => new bls.Signature().aggregate(sigs), opts);
  r.g2_decompress = await median(() => new bls.Signature().deserialize(sigBytes), opts);
  r.fast_aggregate_verify_128 = await median(() => agg.fastAggregateVerify(pks, m), opts);
  return r;
}
