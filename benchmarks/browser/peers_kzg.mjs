// kzg-wasm (c-kzg-4844 compiled to WebAssembly), the KZG peer of pybls.kzg.
// `ref` comes from pybls_bench.run_kzg: blobs, pybls's commitments and
// proofs, as hex. kzg-wasm must reproduce them byte for byte before it is
// timed. Works in the page and in Node (tests/test_bench_kzg_peer.py): the
// caller passes kzg-wasm's `loadKZG`.

import { alternate, timed } from "./alternate.mjs";

const hex = (s) => (s.startsWith("0x") ? s : "0x" + s);
// kzg-wasm returns upper-case hex, pybls_bench lower-case.
const same = (a, b) => hex(a).toLowerCase() === hex(b).toLowerCase();

/** Throws unless `kzg` (loaded by kzg-wasm's loadKZG) agrees with `ref`:
 * the same commitment and proof bytes for every blob, and pybls's proofs
 * accepted, one by one and as a batch, and one swapped proof rejected. */
export function checkKzg(kzg, ref) {
  const n = ref.blobs.length;
  if (n < 2 || ref.commitments.length !== n || ref.proofs.length !== n) {
    throw new Error("kzg-wasm: the reference needs at least 2 blobs, each with a commitment and a proof");
  }
  for (let i = 0; i < n; i++) {
    const c = kzg.blobToKZGCommitment(hex(ref.blobs[i]));
    if (!same(c, ref.commitments[i])) {
      throw new Error(`kzg-wasm: commitment of blob ${i} differs from pybls's: ${c} != ${hex(ref.commitments[i])}`);
    }
    const p = kzg.computeBlobKZGProof(hex(ref.blobs[i]), c);
    if (!same(p, ref.proofs[i])) {
      throw new Error(`kzg-wasm: proof of blob ${i} differs from pybls's: ${p} != ${hex(ref.proofs[i])}`);
    }
    if (!kzg.verifyBlobKZGProof(hex(ref.blobs[i]), hex(ref.commitments[i]), hex(ref.proofs[i]))) {
      throw new Error(`kzg-wasm: rejects pybls's proof of blob ${i}`);
    }
  }
  if (kzg.verifyBlobKZGProof(hex(ref.blobs[0]), hex(ref.commitments[0]), hex(ref.proofs[1]))) {
    throw new Error("kzg-wasm: accepts the proof of blob 1 for blob 0");
  }
  if (!kzg.verifyBlobKZGProofBatch(ref.blobs.map(hex), ref.commitments.map(hex), ref.proofs.map(hex))) {
    throw new Error("kzg-wasm: rejects pybls's batch");
  }
}

/** The KZG times of pybls and kzg-wasm on `ref`'s blobs, with Ethereum's
 * mainnet setup (kzg-wasm's built-in copy, precompute 0), after checkKzg:
 * `{ pybls: {op: ms}, "kzg-wasm": {op: ms}, ratios: {op: kzg-wasm / pybls}, calls: {op: {lib: calls per turn}} }`.
 * Each operation is timed in alternation (alternate.mjs), `pyTime(op, n)` (n
 * calls of pybls's, from Python in Pyodide, in ms) then kzg-wasm's.
 * kzg-wasm's functions take and return 0x-prefixed hex, as its users call
 * them; its batch check verifies the blobs one by one (kzg-wasm 1.0.0). */
export async function benchKzgWasm(loadKZG, ref, pyTime, opts = {}) {
  // Timed once: loadKZG compiles the module (150 KB) and loads the setup
  // with c-kzg's precomputations for cells, seconds of work.
  const t0 = performance.now();
  const kzg = await loadKZG();
  const loadMs = performance.now() - t0;
  checkKzg(kzg, ref);
  const blobs = ref.blobs.map(hex);
  const cs = ref.commitments.map(hex);
  const ps = ref.proofs.map(hex);
  const ops = {
    blob_to_kzg_commitment: () => kzg.blobToKZGCommitment(blobs[0]),
    compute_blob_kzg_proof: () => kzg.computeBlobKZGProof(blobs[0], cs[0]),
    verify_blob_kzg_proof: () => kzg.verifyBlobKZGProof(blobs[0], cs[0], ps[0]),
    verify_blob_kzg_proof_batch: () => kzg.verifyBlobKZGProofBatch(blobs, cs, ps),
  };
  const ours = Object.fromEntries(Object.keys(ops).map((op) => [op, (n = 1) => pyTime(op, n)]));
  const { times, ratios, calls } = await alternate({ pybls: ours, "kzg-wasm": timed(ops) }, opts);
  return {
    pybls: times.pybls,
    "kzg-wasm": { load_trusted_setup: loadMs, ...times["kzg-wasm"] },
    ratios: ratios["kzg-wasm"],
    calls,
  };
}
