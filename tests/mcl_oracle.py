"""The Python side of the mcl oracle: `run(curve, ops)` sends one batch of
operations to tests/oracles/mcl/mcl_oracle.mjs (mcl-wasm 2.4.1 in one Node
process; the script documents the operations) and returns mcl's results.
Shared by the tests/test_xref_mcl*.py modules.

A missing Node or mcl-wasm fails the calling test (it is not skipped), with
the command that installs them.
"""

import json
import pathlib
import shutil
import subprocess

REPO = pathlib.Path(__file__).resolve().parent.parent
ORACLE_DIR = REPO / "tests" / "oracles" / "mcl"
ORACLE = ORACLE_DIR / "mcl_oracle.mjs"
MAKE_TARGET = "tests/oracles/mcl/node_modules/.package-lock.json"
MCL_WASM_VERSION = "2.4.1"


def default_settings(curve):
    """The settings the script applies to a batch on `curve` that sets none:
    ETH serialization and RFC 9380 hashing on BLS12-381 only."""
    bls = curve == "BLS12_381"
    return {"eth_serialization": bls, "map_to_mode": "irtf" if bls else "original", "verify_order": True}


def run(curve, ops, **settings):
    """Run one batch on `curve` ("BLS12_381", "BN_SNARK1", "BN254"); return
    the list of results, one per op."""
    hint = f"run `make {MAKE_TARGET}` (npm ci in tests/oracles/mcl), or `make test`"
    assert shutil.which("node"), f"node is not installed: {hint}"
    assert (ORACLE_DIR / "node_modules" / "mcl-wasm").is_dir(), f"mcl-wasm is not installed: {hint}"
    batch = {"curve": curve, "ops": ops, **settings}
    out = subprocess.run(["node", str(ORACLE)], input=json.dumps(batch), capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert answer["curve"] == curve, answer["curve"]
    assert answer["mcl_wasm"] == MCL_WASM_VERSION, answer["mcl_wasm"]
    want = {**default_settings(curve), **settings}
    assert answer["settings"] == want, answer["settings"]
    assert len(answer["results"]) == len(ops)
    return answer["results"]


def ok(result):
    """`result`, after checking that mcl did not report an error."""
    assert "error" not in result, result
    return result
