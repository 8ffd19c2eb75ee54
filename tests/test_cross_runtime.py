"""The same results in Pyodide as natively, byte for byte.

tests/pyodide/values.py computes encodings, pairing values, hash-to-curve
outputs, keys and signatures for fixed inputs; this test evaluates it here
(cffi, 64-bit limbs in the first pass of `make test`) and inside Pyodide
under Node with the wasm wheel (ctypes, 32-bit limbs), and compares.

Needs node and the wheel from `make wasm`; without them it is skipped,
except when ``PYBLS_REQUIRE_WASM=1`` (set by `make test`), where that is a
failure.
"""

import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

pytestmark = [pytest.mark.once, pytest.mark.native_only]

TESTS_DIR = pathlib.Path(__file__).resolve().parent
REPO_ROOT = TESTS_DIR.parent
SCRIPT = TESTS_DIR / "pyodide" / "cross_runtime.mjs"
REQUIREMENTS = {
    "the pybls Pyodide wheel (make wasm)": REPO_ROOT / "web" / "dist" / "pybls-wheel.json",
    "Pyodide (npm ci in web/)": REPO_ROOT / "web" / "node_modules" / "pyodide" / "pyodide.mjs",
}


def _missing():
    missing = [name for name, path in REQUIREMENTS.items() if not path.is_file()]
    if shutil.which("node") is None:
        missing.append("node")
    return missing


@pytest.fixture(scope="module")
def wasm_values():
    missing = _missing()
    if missing:
        message = "cross-runtime check needs " + ", ".join(missing)
        if os.environ.get("PYBLS_REQUIRE_WASM") == "1":
            pytest.fail(message)
        pytest.skip(message)
    proc = subprocess.run(["node", str(SCRIPT)], capture_output=True, text=True, timeout=600, cwd=REPO_ROOT)
    assert proc.returncode == 0, f"{SCRIPT.name} failed:\n{proc.stderr}"
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def native_values():
    sys.path.insert(0, str(TESTS_DIR / "pyodide"))
    try:
        import values
    finally:
        sys.path.remove(str(TESTS_DIR / "pyodide"))
    return values.compute()


def test_wasm_runtime_is_really_wasm(wasm_values):
    assert wasm_values["platform"] == "emscripten"
    assert (wasm_values["backend"], wasm_values["limb_bits"]) == ("ctypes", 32)


def test_same_values_in_pyodide(native_values, wasm_values):
    theirs = wasm_values["values"]
    only_native = sorted(set(native_values) - set(theirs))
    only_wasm = sorted(set(theirs) - set(native_values))
    assert not only_native and not only_wasm, (
        f"computed only natively: {only_native}; only in Pyodide: {only_wasm} (stale wheel? `make wasm`)"
    )
    differ = [name for name in native_values if native_values[name] != theirs[name]]
    assert not differ, "differ between native and Pyodide: " + ", ".join(differ)
    assert len(native_values) > 100


def test_values_cover_signatures(native_values):
    import pybls

    if hasattr(pybls, "sig"):
        assert "MinPk.PoP aggregate" in native_values
        assert native_values["MinPk.PoP verify"] == "True"
        assert native_values["MinPk.PoP verify wrong msg"] == "False"
