// JavaScript peers of pybls, measured in the same page: @noble/curves
// (bls12_381, bn254), mcl-wasm (BLS12_381, BN_SNARK1) and bls-eth-wasm.
// Every function sets its library up, checks it where pybls's results are
// given, and returns { operation: fn }, fn(n) making n calls and returning
// their time in ms (alternate.mjs's timed), for alternate.mjs to time side by
// side with pybls.

import { pippenger } from "@noble/curves/abstract/curve.js";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bn254 } from "@noble/curves/bn254.js";
import { timed } from "./alternate.mjs";

export const DST = new TextEncoder().encode("BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_");
export const N_AGG = 128;

const msg = (i) => new TextEncoder().encode(`message ${i}`);

export function nobleOps() {
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
  return timed({
    pairing: () => b.pairing(P, Q),
    hash_to_G2: () => b.G2.hashToCurve(msg(1), { DST }),
    sign: () => ls.sign(ls.hash(msg(0), DST), sks[0]),
    verify: () => ls.verify(sigs[0], ls.hash(msg(0), DST), pks[0]),
    g1_mul: () => P.multiply(k),
    g1_mul_vartime: () => P.multiplyUnsafe(k),
    aggregate_128: () => ls.aggregateSignatures(sigs),
    g2_decompress: () => ls.Signature.fromBytes(sigBytes),
    fast_aggregate_verify_128: () => ls.verify(agg, ls.hash(msg(0), DST), ls.aggregatePublicKeys(pks)),
  });
}

export async function mclOps(mcl) {
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
  // mcl.mul is variable time; mcl's constant-time product is exported
  // from its module but has no wrapper, so it is called as mul is.
  const mulCT = (point, scalar) => point._op2(mcl.mod._mclBnG1_mulCT, scalar);
  if (!mulCT(P, k).isEqual(mcl.mul(P, k))) throw new Error("mcl: mulCT != mul");
  return timed({
    pairing: () => mcl.pairing(P, Q),
    hash_to_G2: () => mcl.hashAndMapToG2(msg(1)),
    sign: () => mcl.mul(mcl.hashAndMapToG2(m), sks[0]),
    verify: () => verify(pks[0], m, sigs[0]),
    g1_mul: () => mulCT(P, k),
    g1_mul_vartime: () => mcl.mul(P, k),
    aggregate_128: () => aggregate(sigs),
    g2_decompress: () => new mcl.G2().deserialize(sigBytes),
    fast_aggregate_verify_128: () => verify(aggregate(pks), m, agg),
  });
}

export async function blsEthOps(bls) {
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
  return timed({
    sign: () => sks[0].sign(m),
    verify: () => pks[0].verify(sigs[0], m),
    aggregate_128: () => new bls.Signature().aggregate(sigs),
    g2_decompress: () => new bls.Signature().deserialize(sigBytes),
    fast_aggregate_verify_128: () => agg.fastAggregateVerify(pks, m),
  });
}

// -- BN254 (alt_bn128) -------------------------------------------------------
// `ref` comes from pybls_bench.run_bn254: the points and scalars to time on
// and pybls's results, as decimal strings. Each peer's results are compared
// with them before anything is timed.

function check(peer, what, got, want) {
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    throw new Error(`${peer} bn254: ${what} differs from pybls: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
  }
}

export function nobleBn254Ops(ref) {
  const { G1, G2, fields } = bn254;
  const { Fp2 } = fields;
  const g1 = (xy) => G1.Point.fromAffine({ x: BigInt(xy[0]), y: BigInt(xy[1]) });
  const g2 = (c) => G2.Point.fromAffine({
    x: Fp2.fromBigTuple([BigInt(c[0]), BigInt(c[1])]),
    y: Fp2.fromBigTuple([BigInt(c[2]), BigInt(c[3])]),
  });
  const aff1 = (pt) => { const { x, y } = pt.toAffine(); return [x, y].map(String); };
  const aff2 = (pt) => { const { x, y } = pt.toAffine(); return [x.c0, x.c1, y.c0, y.c1].map(String); };
  const P = g1(ref.P);
  const Q = g2(ref.Q);
  P.assertValidity();
  Q.assertValidity();
  const k = BigInt(ref.k);
  const points = ref.msm_points.map(g1);
  const scalars = ref.msm_scalars.map(BigInt);
  // noble has no EIP-196/197 or gnark encoding; its points encode as SEC 1
  // (33 and 65 bytes compressed), which fromBytes decodes with the curve
  // and subgroup checks (assertValidity).
  const pBytes = P.toBytes(true);
  const qBytes = Q.toBytes(true);
  check("noble", "G1 product", aff1(P.multiply(k)), ref.kP);
  check("noble", "G2 product", aff2(Q.multiply(k)), ref.kQ);
  check("noble", "G1 decompression", aff1(G1.Point.fromBytes(pBytes)), ref.P);
  check("noble", "G2 decompression", aff2(G2.Point.fromBytes(qBytes)), ref.Q);
  check("noble", "MSM", aff1(pippenger(G1.Point, points, scalars)), ref.msm);
  const e = bn254.pairing(P, Q);
  const coeffs = [];
  for (const c6 of [e.c0, e.c1]) for (const c2 of [c6.c0, c6.c1, c6.c2]) coeffs.push(String(c2.c0), String(c2.c1));
  check("noble", "pairing", coeffs, ref.pairing_peer);
  return timed({
    pairing: () => bn254.pairing(P, Q),
    g1_mul: () => P.multiply(k),
    g2_mul: () => Q.multiply(k),
    g1_decompress: () => G1.Point.fromBytes(pBytes),
    g2_decompress: () => G2.Point.fromBytes(qBytes),
    g1_msm64: () => pippenger(G1.Point, points, scalars),
  }); // no hashing to BN254 in noble
}

export async function mclBn254Ops(mcl, ref) {
  await mcl.init(mcl.BN_SNARK1); // a fresh module: no setting of the BLS12-381 run remains
  // G1 is the whole curve (cofactor 1): decoding needs no order check there,
  // and neither pybls nor noble makes one; G2's is the subgroup check.
  mcl.verifyOrderG1(false);
  mcl.verifyOrderG2(true);
  const g1 = (xy) => { const p = new mcl.G1(); p.setStr(`1 ${xy[0]} ${xy[1]}`, 10); return p; };
  const g2 = (c) => { const p = new mcl.G2(); p.setStr(`1 ${c.join(" ")}`, 10); return p; };
  const fr = (s) => { const x = new mcl.Fr(); x.setStr(s, 10); return x; };
  const aff = (pt) => mcl.normalize(pt).getStr(10).split(" ").slice(1);
  // mcl builds in no BN_SNARK1 generators; EIP-196/197's, checked by their
  // multiples P = 12345 G1 and Q = 67890 G2.
  const G1gen = g1(["1", "2"]);
  const G2gen = g2([
    "10857046999023057135944570762232829481370756359578518086990519993285655852781",
    "11559732032986387107991004021392285783925812861821192530917403151452391805634",
    "8495653923123431417604973247489272438418190587263600148770280649306958101930",
    "4082367875863433681332203403145435568316851327593401208105741076214120093531",
  ]);
  const P = g1(ref.P);
  const Q = g2(ref.Q);
  if (!P.isValid() || !Q.isValid() || !G1gen.isValid() || !G2gen.isValid()) throw new Error("mcl bn254: invalid point");
  check("mcl", "12345 G1", aff(mcl.mul(G1gen, fr("12345"))), ref.P);
  check("mcl", "67890 G2", aff(mcl.mul(G2gen, fr("67890"))), ref.Q);
  const k = fr(ref.k);
  const points = ref.msm_points.map(g1);
  const scalars = ref.msm_scalars.map(fr);
  // Constant-time products, as the BLS12-381 rows (mcl.mul is variable time).
  const mulCT1 = (point, s) => point._op2(mcl.mod._mclBnG1_mulCT, s);
  const mulCT2 = (point, s) => point._op2(mcl.mod._mclBnG2_mulCT, s);
  // mcl's own compressed form (32 and 64 bytes), decoded with the subgroup
  // check in G2.
  const pBytes = P.serialize();
  const qBytes = Q.serialize();
  const decode = (C, bytes) => { const p = new C(); p.deserialize(bytes); return p; };
  check("mcl", "G1 product", aff(mulCT1(P, k)), ref.kP);
  check("mcl", "G2 product", aff(mulCT2(Q, k)), ref.kQ);
  check("mcl", "G1 decompression", aff(decode(mcl.G1, pBytes)), ref.P);
  check("mcl", "G2 decompression", aff(decode(mcl.G2, qBytes)), ref.Q);
  check("mcl", "MSM", aff(mcl.mulVec(points, scalars)), ref.msm);
  check("mcl", "pairing", mcl.pairing(P, Q).getStr(10).trim().split(/\s+/), ref.pairing_peer);
  // mcl's hashAndMapToG1: SHA-256 of the message to one Fp element and
  // mcl's Shallue-van de Woestijne map (Fouque-Tibouchi's), not RFC 9380;
  // its points differ from pybls's, so only their validity is checked.
  const msg = new TextEncoder().encode("message 1");
  if (!mcl.hashAndMapToG1(msg).isValid()) throw new Error("mcl bn254: hashAndMapToG1 gave an invalid point");
  return timed({
    pairing: () => mcl.pairing(P, Q),
    g1_mul: () => mulCT1(P, k),
    g2_mul: () => mulCT2(Q, k),
    g1_decompress: () => decode(mcl.G1, pBytes),
    g2_decompress: () => decode(mcl.G2, qBytes),
    g1_msm64: () => mcl.mulVec(points, scalars),
    encode_to_G1: () => mcl.hashAndMapToG1(msg),
  });
}
