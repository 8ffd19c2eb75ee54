"""Print how many tests passed in each runtime of `make test`.

    python tests/pyodide/summary.py build/test-results

reads the JUnit XML files of the native passes (``native-*.xml``), of the
browser tests (``browser-*.xml``: the notebooks and the demo pages in
Chromium) and the JSON written by run_pytest.mjs (``pyodide.json``) in that
directory, then those of `make test-dist` (``dist-native.xml``,
``dist-native-portable.xml``, ``dist-pyodide.json``: the release
artifacts, installed).
"""

import json
import pathlib
import sys
import xml.etree.ElementTree as ET

LABELS = {
    "native-cffi": "CPython, cffi, 64-bit limbs",
    "native-ctypes32": "CPython, ctypes, 32-bit limbs (subset)",
    "native-sanitize": "CPython, ctypes, ASan/UBSan build of the core",
    "browser-notebooks": "Chromium, notebooks in JupyterLite (Pyodide)",
    "browser-demo": "Chromium, demo pages (Pyodide, wasm)",
    "dist-native": "CPython, the manylinux wheel installed (subset)",
    "dist-native-portable": "  the same, its portable build (PYBLS_NO_ASM=1)",
}


def junit_counts(path):
    root = ET.parse(path).getroot()
    suites = [root] if root.tag == "testsuite" else root.findall("testsuite")
    total = {k: 0 for k in ("tests", "failures", "errors", "skipped")}
    for suite in suites:
        for key in total:
            total[key] += int(suite.get(key, 0))
    passed = total["tests"] - total["failures"] - total["errors"] - total["skipped"]
    return {"passed": passed, "failed": total["failures"], "error": total["errors"], "skipped": total["skipped"]}


def line(label, counts):
    rest = ", ".join(f"{counts[k]} {k}" for k in ("failed", "error", "skipped") if counts.get(k))
    return f"  {label:<45} {counts.get('passed', 0):5d} passed" + (f" ({rest})" if rest else "")


def main(directory):
    directory = pathlib.Path(directory)
    print("tests passed per runtime:")
    for path in sorted(directory.glob("native-*.xml")):
        print(line(LABELS.get(path.stem, path.stem), junit_counts(path)))
    for path in sorted(directory.glob("browser-*.xml")):
        print(line(LABELS.get(path.stem, path.stem), junit_counts(path)))
    pyodide = directory / "pyodide.json"
    if pyodide.is_file():
        data = json.loads(pyodide.read_text())
        label = f"Pyodide {data['pyodide']} (Python {data['python']}), wasm, 32-bit"
        print(line(label, data["counts"]))
        t = data["timings"]
        print(
            f"  Pyodide start-up {t['pyodide_startup_ms'] / 1000:.1f} s, "
            f"import pybls {t['import_pybls_ms']:.0f} ms, pytest {t['pytest_ms'] / 1000:.1f} s"
            + (f" (the slowest of {data['shards']} processes)" if data.get("shards", 1) > 1 else "")
        )
    dist_native = directory / "dist-native.xml"
    if dist_native.is_file():
        print(line(LABELS["dist-native"], junit_counts(dist_native)))
    dist_portable = directory / "dist-native-portable.xml"
    if dist_portable.is_file():
        print(line(LABELS["dist-native-portable"], junit_counts(dist_portable)))
    dist_pyodide = directory / "dist-pyodide.json"
    if dist_pyodide.is_file():
        data = json.loads(dist_pyodide.read_text())
        print(line(f"Pyodide {data['pyodide']}, the PEP 783 wheel installed (subset)", data["counts"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "build/test-results"))
