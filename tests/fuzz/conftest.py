"""pytest configuration of tests/fuzz: the helper modules of py/ are
importable, and the files that are programs rather than tests (the atheris
entry point, the runners) are not collected for doctests. Under Pyodide the
native-only pieces are not collected at all."""

import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
for path in (HERE, HERE / "py"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

collect_ignore = ["py/atheris_main.py", "py/run_py_fuzz.py", "run_fuzz.py", "make_seeds.py", "sanitizer_probe.py"]
if sys.platform == "emscripten":
    collect_ignore += ["py/fuzz_differential.py", "test_c_replay.py", "test_differential.py", "test_run_fuzz.py"]
