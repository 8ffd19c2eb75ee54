"""The browser benchmark's KZG agreement check (benchmarks/browser/peers_kzg.mjs),
run in Node on kzg-wasm (c-kzg-4844 compiled to WebAssembly, installed by
`make benchmarks/browser/node_modules/.package-lock.json`).

Before kzg-wasm is timed against pybls.kzg, `checkKzg` requires it to
reproduce pybls's commitment and proof bytes of the benchmark's blobs: here
it passes on pybls's reference, which also cross-checks pybls.kzg against
c-kzg, and fails on a reference with one commitment or one proof changed,
so that a comparison of different work cannot go unnoticed.
"""

import json
import pathlib
import shutil
import subprocess

import pytest

from pybls import kzg

# kzg-wasm takes about 15 s of CPU to load its setup: once is enough.
pytestmark = [pytest.mark.native_only, pytest.mark.once]

REPO = pathlib.Path(__file__).resolve().parent.parent
BENCH = REPO / "benchmarks" / "browser"
MAKE_TARGET = "benchmarks/browser/node_modules/.package-lock.json"

# Loads kzg-wasm once, runs checkKzg on each reference read from stdin and
# prints, per reference, null or the error it raised.
DRIVER = """
import { loadKZG } from "kzg-wasm";
import { checkKzg } from "./peers_kzg.mjs";
let input = "";
for await (const chunk of process.stdin) input += chunk;
const kzg = await loadKZG();
const out = JSON.parse(input).map((ref) => {
  try { checkKzg(kzg, ref); return null; } catch (e) { return String(e.message); }
});
console.log(JSON.stringify(out));
"""


def run_checks(refs):
    hint = f"run `make {MAKE_TARGET}` (npm ci in benchmarks/browser), or `make test`"
    assert shutil.which("node"), f"node is not installed: {hint}"
    assert (BENCH / "node_modules" / "kzg-wasm").is_dir(), f"kzg-wasm is not installed: {hint}"
    out = subprocess.run(
        ["node", "--input-type=module", "-e", DRIVER], cwd=BENCH, input=json.dumps(refs),
        capture_output=True, text=True, timeout=600,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_kzg_peer_check_passes_on_pybls_and_fails_on_changed_bytes(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))  # here: the Pyodide run collects this file without benchmarks/
    import pybls_bench

    ts = kzg.load_trusted_setup(kzg.MAINNET)
    ref = pybls_bench.kzg_reference(pybls_bench.kzg_blobs(2), ts)
    wrong_commitment = {**ref, "commitments": [ref["commitments"][0], ref["commitments"][0]]}
    wrong_proof = {**ref, "proofs": [ref["proofs"][1], ref["proofs"][1]]}
    # A proof that is a valid G1 point but not the blob's: pybls rejects it too.
    assert not kzg.verify_blob_kzg_proof(
        bytes.fromhex(ref["blobs"][0]), bytes.fromhex(ref["commitments"][0]), bytes.fromhex(ref["proofs"][1]), ts,
    )
    ok, bad_c, bad_p = run_checks([ref, wrong_commitment, wrong_proof])
    assert ok is None, ok
    assert bad_c is not None and "commitment of blob 1 differs" in bad_c, bad_c
    assert bad_p is not None and "proof of blob 0 differs" in bad_p, bad_p
