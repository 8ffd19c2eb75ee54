#!/usr/bin/env node
// mcl-wasm (herumi's mcl compiled to WebAssembly) as a differential oracle:
// one JSON batch of operations on stdin, one JSON answer on stdout.
//
//   node tests/oracles/mcl/mcl_oracle.mjs < batch.json
//
// Batch:
//   {"curve": "BLS12_381" | "BN_SNARK1" | "BN254",
//    "eth_serialization": bool,  // BLS12_381 only; default true
//    "map_to_mode": "irtf" | "original",  // default "irtf" on BLS12_381
//    "verify_order": bool,       // subgroup check in decode; default true
//    "ops": [OP, ...]}
//
// Points and GT elements travel as hex strings of mcl's serialization in the
// batch's mode. On BLS12_381 with eth_serialization (the default) G1 and G2
// are the 48- and 96-byte compressed ZCash encodings; otherwise mcl's own
// format (little-endian x, the parity of y in the top bit of the last byte).
// Scalars are decimal strings, any integer (taken modulo r). Field elements
// are "0x..." hex strings; an Fp2 element is [c0, c1] (c0 + c1*i).
//
// Operations (G is "g1" or "g2"):
//   {"op": "generators"}                       -> {"g1": P, "g2": Q}
//   {"op": "G_decode", "point": P}             -> {"point": P', "zero": bool}
//        (decodes, checks, re-encodes)
//   {"op": "G_affine", "point": P}             -> {"x": X, "y": Y} (null for zero)
//   {"op": "G_from_affine", "x": X, "y": Y}    -> {"point": P}
//   {"op": "G_mul", "point": P, "scalar": K}   -> {"point": K*P}
//   {"op": "G_add", "points": [P, ...]}        -> {"point": sum}
//   {"op": "G_neg", "point": P}                -> {"point": -P}
//   {"op": "G_hash", "msg_hex": M}             -> {"point": H(M)}
//        (mcl's hashAndMapTo with mcl's default DST and the batch's mode)
//   {"op": "pairing", "g1": P, "g2": Q}        -> {"gt": E, "coeffs": [12 x "0x.."]}
//   {"op": "miller_loop", "g1": P, "g2": Q}    -> {"gt": E, "coeffs": [...]}
//   {"op": "final_exp", "gt": E}               -> {"gt": E', "coeffs": [...]}
//   {"op": "gt_decode", "gt": E}               -> {"gt": E', "coeffs": [...], "one": bool}
//   {"op": "gt_mul", "gts": [E, ...]}          -> {"gt": product, "coeffs": [...]}
//   {"op": "gt_pow", "gt": E, "scalar": K}     -> {"gt": E^K, "coeffs": [...]}
// "coeffs" lists the twelve Fp coefficients of the Fp12 element lowest tower
// element first (as mcl prints it: a.a.a, a.a.b, a.b.a, ..., b.c.b).
//
// Answer: {"curve", "mcl_wasm": version, "settings": {...}, "results": [...]},
// one result per op, in order; a failed op gives {"error": message} and the
// others still run. A bad batch (unknown curve, malformed JSON) exits 2 with
// the message on stderr.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const mcl = require("mcl-wasm");
const MCL_VERSION = require("mcl-wasm/package.json").version;

// The curves mcl-wasm's build initialises (its Fp stops at 384 bits and its
// Fr at 256 bits, so BN381_1 and BN462 are not among them).
const CURVES = { BN254: mcl.BN254, BN_SNARK1: mcl.BN_SNARK1, BLS12_381: mcl.BLS12_381 };

// mcl defines no generators for pairing curves; these are the ones the
// curves' users fix, as affine coordinates (decimal).
const GENERATORS = {
  // the ZCash / IETF generators (mcl's api.md shows how to load them)
  BLS12_381: {
    g1: {
      x: "3685416753713387016781088315183077757961620795782546409894578378688607592378376318836054947676345821548104185464507",
      y: "1339506544944476473020471379941921221584933875938349620426543736416511423956333506472724655353366534992391756441569",
    },
    g2: {
      x: [
        "352701069587466618187139116011060144890029952792775240219908644239793785735715026873347600343865175952761926303160",
        "3059144344244213709971259814753781636986470325476647558659373206291635324768958432433509563104347017837885763365758",
      ],
      y: [
        "1985150602287291935568054521177171638300868978215655730859378665066344726373823718423869104263333984641494340347905",
        "927553665492332455747201965776037880757740193453592970025027978793976877002675564980949289727957565575433344219582",
      ],
    },
  },
  // EIP-196 / EIP-197 (Ethereum's alt_bn128)
  BN_SNARK1: {
    g1: { x: "1", y: "2" },
    g2: {
      x: [
        "10857046999023057135944570762232829481370756359578518086990519993285655852781",
        "11559732032986387107991004021392285783925812861821192530917403151452391805634",
      ],
      y: [
        "8495653923123431417604973247489272438418190587263600148770280649306958101930",
        "4082367875863433681332203403145435568316851327593401208105741076214120093531",
      ],
    },
  },
};

function fail(message) {
  process.stderr.write(`mcl_oracle: ${message}\n`);
  process.exit(2);
}

const hexOf = (bytes) => Buffer.from(bytes).toString("hex");

function bytesOf(hex, what) {
  if (typeof hex !== "string" || !/^([0-9a-fA-F]{2})*$/.test(hex)) throw new Error(`${what}: not a hex string`);
  return Uint8Array.from(Buffer.from(hex, "hex"));
}

function scalar(dec) {
  if (typeof dec !== "string" || !/^-?[0-9]+$/.test(dec)) throw new Error("scalar: not a decimal string");
  let k = BigInt(dec);
  const negative = k < 0n;
  if (negative) k = -k;
  let hex = k.toString(16);
  if (hex.length % 2) hex = "0" + hex;
  const s = new mcl.Fr();
  // setBigEndianMod takes at most twice the size of Fr
  if (hex.length > 128) throw new Error("scalar: more than 512 bits");
  s.setBigEndianMod(bytesOf(hex, "scalar"));
  return negative ? mcl.neg(s) : s;
}

// Field elements as "0x" hex (mcl's getStr(16) has no prefix).
const fpOut = (fp) => "0x" + fp.getStr(16);
function fpIn(value) {
  const fp = new mcl.Fp();
  fp.setStr(String(value)); // decimal, or hex with 0x
  return fp;
}
const fp2Out = (v) => [fpOut(v.get_a()), fpOut(v.get_b())];
function fp2In(value) {
  if (!Array.isArray(value) || value.length !== 2) throw new Error("an Fp2 element is [c0, c1]");
  const v = new mcl.Fp2();
  v.set_a(fpIn(value[0]));
  v.set_b(fpIn(value[1]));
  return v;
}

const GROUPS = {
  g1: { Point: mcl.G1, coord: fpIn, coordOut: fpOut, hash: mcl.hashAndMapToG1 },
  g2: { Point: mcl.G2, coord: fp2In, coordOut: fp2Out, hash: mcl.hashAndMapToG2 },
};

function decode(g, hex, what = "point") {
  const P = new GROUPS[g].Point();
  P.deserialize(bytesOf(hex, what)); // throws on a bad encoding, an off-curve point and (verify_order) a wrong order
  return P;
}

function fromAffine(g, x, y) {
  const { Point, coord } = GROUPS[g];
  const P = new Point();
  P.setX(coord(x));
  P.setY(coord(y));
  P.setZ(coord(g === "g1" ? "1" : ["1", "0"]));
  if (!P.isValid()) throw new Error(`${g}: the point is not on the curve, or not of order r`);
  return P;
}

function gtOut(e) {
  const coeffs = e.getStr(16).trim().split(/\s+/).map((c) => "0x" + c);
  if (coeffs.length !== 12) throw new Error(`GT: ${coeffs.length} coefficients printed`);
  return { gt: hexOf(e.serialize()), coeffs };
}

function gtIn(hex) {
  const e = new mcl.GT();
  e.deserialize(bytesOf(hex, "gt"));
  return e;
}

function sum(items, combine) {
  if (!Array.isArray(items) || items.length === 0) throw new Error("an empty list");
  return items.slice(1).reduce(combine, items[0]);
}

function groupOp(g, name, req) {
  const { coordOut, hash } = GROUPS[g];
  switch (name) {
    case "decode": {
      const P = decode(g, req.point);
      return { point: hexOf(P.serialize()), zero: P.isZero() };
    }
    case "affine": {
      const P = decode(g, req.point);
      if (P.isZero()) return { x: null, y: null };
      const A = mcl.normalize(P);
      return { x: coordOut(A.getX()), y: coordOut(A.getY()) };
    }
    case "from_affine":
      return { point: hexOf(fromAffine(g, req.x, req.y).serialize()) };
    case "mul":
      return { point: hexOf(mcl.mul(decode(g, req.point), scalar(req.scalar)).serialize()) };
    case "add":
      return { point: hexOf(sum(req.points.map((p) => decode(g, p)), mcl.add).serialize()) };
    case "neg":
      return { point: hexOf(mcl.neg(decode(g, req.point)).serialize()) };
    case "hash":
      return { point: hexOf(hash(bytesOf(req.msg_hex, "msg_hex")).serialize()) };
    default:
      throw new Error(`unknown op ${g}_${name}`);
  }
}

function answer(req, curve) {
  const op = req.op;
  const m = /^(g1|g2)_(.+)$/.exec(op ?? "");
  if (m) return groupOp(m[1], m[2], req);
  switch (op) {
    case "generators": {
      const gens = GENERATORS[curve];
      if (!gens) throw new Error(`no generators known for ${curve} (mcl defines none): use g1_from_affine / g2_from_affine`);
      return {
        g1: hexOf(fromAffine("g1", gens.g1.x, gens.g1.y).serialize()),
        g2: hexOf(fromAffine("g2", gens.g2.x, gens.g2.y).serialize()),
      };
    }
    case "pairing":
      return gtOut(mcl.pairing(decode("g1", req.g1, "g1"), decode("g2", req.g2, "g2")));
    case "miller_loop":
      return gtOut(mcl.millerLoop(decode("g1", req.g1, "g1"), decode("g2", req.g2, "g2")));
    case "final_exp":
      return gtOut(mcl.finalExp(gtIn(req.gt)));
    case "gt_decode": {
      const e = gtIn(req.gt);
      return { ...gtOut(e), one: e.isOne() };
    }
    case "gt_mul":
      return gtOut(sum(req.gts.map(gtIn), mcl.mul));
    case "gt_pow":
      return gtOut(mcl.pow(gtIn(req.gt), scalar(req.scalar)));
    default:
      throw new Error(`unknown op ${op}`);
  }
}

let batch;
try {
  batch = JSON.parse(readFileSync(0, "utf8"));
} catch (e) {
  fail(`the batch is not JSON: ${e.message}`);
}
const curve = batch.curve;
if (!Object.hasOwn(CURVES, curve)) {
  fail(`curve ${JSON.stringify(curve)} is not one mcl-wasm initialises (${Object.keys(CURVES).join(", ")})`);
}
if (!Array.isArray(batch.ops)) fail('the batch has no "ops" list');

await mcl.init(CURVES[curve]);
const isBLS = curve === "BLS12_381";
const settings = {
  eth_serialization: isBLS && (batch.eth_serialization ?? true),
  map_to_mode: batch.map_to_mode ?? (isBLS ? "irtf" : "original"),
  verify_order: batch.verify_order ?? true,
};
if (settings.eth_serialization && !isBLS) fail("eth_serialization is for BLS12_381 only");
const MAP_TO = { irtf: mcl.IRTF, original: 0 };
if (!Object.hasOwn(MAP_TO, settings.map_to_mode)) fail(`unknown map_to_mode ${settings.map_to_mode}`);
mcl.setETHserialization(settings.eth_serialization);
if (isBLS || batch.map_to_mode !== undefined) mcl.setMapToMode(MAP_TO[settings.map_to_mode]);
mcl.verifyOrderG1(settings.verify_order);
mcl.verifyOrderG2(settings.verify_order);

const results = batch.ops.map((req) => {
  try {
    return answer(req, curve);
  } catch (e) {
    return { error: String(e?.message ?? e) };
  }
});
process.stdout.write(JSON.stringify({ curve, mcl_wasm: MCL_VERSION, settings, results }) + "\n");
