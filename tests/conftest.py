"""Shared pytest configuration for the pybls test suite.

The suite runs in three settings:

* natively with the cffi backend (64-bit limbs): every test;
* natively with ``PYBLS_BACKEND=ctypes PYBLS_LIBRARY=build/libpybls32.so``
  (32-bit limbs) and ``-m "(native_only or native32) and not once and not
  scheme"``: the tests the Pyodide pass cannot run (py_ecc, blst, mcl-wasm
  in Node, the C check programs) and the known answers and field and curve
  arithmetic (``native32``: gcc's build of the 32-bit C, which platforms
  without 128-bit integers compile), but the ``once`` tests (those that do
  not depend on the limb width, such as reproducibility and the
  constant-time check, and a few whose 32-bit side other tests cover) and
  the schemes' tests;
* inside Pyodide (32-bit limbs, the same C compiled to WebAssembly):
  everything except the ``native_only`` tests and the ``once`` tests.

(``make test`` also runs the suite under ASan/UBSan, ``make test-sanitize``.)

Markers (registered below, because ``[tool.pytest.ini_options]`` belongs to
the packaging configuration):

``once``
    left out of the 32-bit passes (native ctypes and Pyodide); the cffi
    pass and the ASan/UBSan pass run it.
``native_only``
    can never run under Pyodide. The tests of the modules the Pyodide run
    does not even collect (PYODIDE_IGNORED) carry it natively too, so that
    the 32-bit native pass selects them.
``scheme``
    a scheme built on the core's operations (signatures, threshold, IBE,
    SHE, drand), whose 32-bit run is the Pyodide pass's: so never on a
    ``native_only`` test or a module that skips itself in Pyodide.
``native32``
    also run by the native 32-bit pass (NATIVE32_MODULES, marked here):
    the known answers and the field and curve arithmetic. The rest of the
    suite runs at 32 bits in WebAssembly (the Pyodide pass) and, where
    Pyodide cannot run it, natively.
"""

import fnmatch
import os
import pathlib
import sys

import pytest

TESTS_DIR = pathlib.Path(__file__).resolve().parent
REPO_ROOT = TESTS_DIR.parent

# The helper modules next to this file (reference.py, ...) must be importable
# whatever import mode pytest was configured with.
if str(TESTS_DIR) not in sys.path:
    sys.path.insert(0, str(TESTS_DIR))

from reference import vectors_path  # noqa: E402

IN_PYODIDE = sys.platform == "emscripten"

# Modules that import native-only packages (py_ecc, ...) at import time are
# not even collected under Pyodide.
PYODIDE_IGNORED = [
    "pyecc_ref.py",
    "test_xref_*.py",
    "test_compat_py_ecc_*.py",
    "test_bn254_pairing_c.py",
    "test_ext_inv_vartime.py",
    "test_fp_inv.py",
    "test_fp_is_square.py",
    "test_constant_time.py",
    "test_reproducible.py",
]
if IN_PYODIDE:
    collect_ignore_glob = PYODIDE_IGNORED

# The modules the native 32-bit pass runs besides the native_only tests:
# cheap (seconds), and they keep gcc's build of the 32-bit arithmetic under
# the known answers.
NATIVE32_MODULES = [
    "test_known_answers.py",
    "test_deserialization_vectors.py",
    "test_fp.py",
    "test_scalar.py",
    "test_curves.py",
    "test_tower_edges.py",
    "test_hash_to_curve.py",
]


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "once: left out of the 32-bit passes of `make test` (native ctypes "
        "and Pyodide): limb-width independent, or its 32-bit side covered by "
        "other tests",
    )
    config.addinivalue_line(
        "markers",
        "native_only: needs a native CPython environment (py_ecc, blst, "
        "valgrind, subprocesses); never run under Pyodide",
    )
    config.addinivalue_line(
        "markers",
        "native32: also run by the native 32-bit pass of `make test` "
        "(the known answers and the field and curve arithmetic)",
    )
    config.addinivalue_line(
        "markers",
        "scheme: a scheme's test, whose 32-bit run is the Pyodide pass's "
        "(left out of the native 32-bit pass of `make test`)",
    )
    # pytest-xdist's own mark (`--dist loadgroup` in `make test`), declared
    # here too for the runs without it (Pyodide, a plain `pytest`).
    config.addinivalue_line(
        "markers",
        "xdist_group(name): tests that pytest-xdist runs in one worker",
    )


def pytest_itemcollected(item):
    """Natively, the tests of a module Pyodide leaves out are native_only,
    and those of NATIVE32_MODULES native32 (before -m selects: the 32-bit
    native pass selects by these marks)."""
    if IN_PYODIDE:
        return
    if any(fnmatch.fnmatch(item.path.name, pattern) for pattern in PYODIDE_IGNORED):
        item.add_marker(pytest.mark.native_only)
    if item.path.name in NATIVE32_MODULES:
        item.add_marker(pytest.mark.native32)


# trylast: after -k, -m and --deselect have chosen, so that a copy is left
# out only where pytest runs the original.
@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    if not IN_PYODIDE:
        _leave_doctests_to_pytest(config, items)
        return
    skip = pytest.mark.skip(reason="native_only test under Pyodide")
    for item in items:
        if "native_only" in item.keywords:
            item.add_marker(skip)


def _doctested_file(item) -> "pathlib.Path | None":
    """The file whose doctests a test of test_doctests.py runs, if any."""
    if item.module is None or not item.module.__name__.endswith("test_doctests"):
        return None
    if item.originalname == "test_module_doctests":
        import importlib.util

        origin = importlib.util.find_spec(item.callspec.params["name"]).origin
        return pathlib.Path(origin).resolve() if origin else None
    if item.originalname == "test_readme_doctest":
        return (REPO_ROOT / "README.md").resolve()
    return None


def _leave_doctests_to_pytest(config, items):
    """Natively, pytest itself collects the doctests of the package and of
    README.md (--doctest-modules and --doctest-glob in pyproject.toml's
    addopts). test_doctests.py, written for the runs without them (Pyodide,
    the installed wheels), then leaves out the files pytest already runs:
    the same doctests twice cost a few seconds in every native pass. It
    keeps pybls/_lib, which pytest is told to ignore."""
    collected = {pathlib.Path(item.path).resolve() for item in items if type(item).__name__ == "DoctestItem"}
    if not collected:
        return
    keep, drop = [], []
    for item in items:
        path = _doctested_file(item) if isinstance(item, pytest.Function) else None
        (drop if path in collected else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def pytest_collection_finish(session):
    # In a pytest-xdist worker under `--dist loadgroup`, xdist appends
    # "@<group>" to the node id of each xdist_group test, and the scheduler
    # keeps a group in one worker by that suffix. Without it the costly
    # module fixtures (the constant-time harnesses, the dask cluster) run
    # once per worker, so a pytest that drops the suffix is an error.
    if not getattr(session.config.option, "loadgroup", False):  # set in xdist workers only
        return
    for item in session.items:
        if item.get_closest_marker("xdist_group") and "@" not in item.nodeid:
            session.shouldfail = (
                f"--dist loadgroup: pytest-xdist could not group {item.nodeid} "
                "with this pytest (see TEST_DEPS in the Makefile)"
            )
            return


# --------------------------------------------------------------------------
# hypothesis: moderate example counts, no deadlines (the ctypes backend and
# Pyodide are much slower than cffi, and pairings are slow everywhere).
try:
    from hypothesis import HealthCheck, settings
except ImportError:  # pragma: no cover - hypothesis is a test dependency
    pass
else:
    settings.register_profile(
        "pybls",
        max_examples=25,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        print_blob=True,
    )
    settings.register_profile(
        "thorough",
        max_examples=500,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
        print_blob=True,
    )
    settings.load_profile(os.environ.get("PYBLS_HYPOTHESIS_PROFILE", "pybls"))


# --------------------------------------------------------------------------
# test vectors


@pytest.fixture(scope="session")
def vectors_dir():
    path = vectors_path()
    if not (path / "SOURCES.md").is_file():
        # A missing vector directory must not silently turn into green tests.
        pytest.fail(
            f"test vectors not found at {path}; set PYBLS_VECTORS to the "
            "shared/vectors directory"
        )
    return path


@pytest.fixture(scope="session")
def repo_root():
    return REPO_ROOT


# The demo pages' browser tests (tests/browser/, Playwright and Chromium) run
# in a pytest run of their own, `make test-demo`, which sets this variable;
# the cffi, ctypes and Pyodide passes leave them out.
if not os.environ.get("PYBLS_BROWSER_TESTS"):
    collect_ignore = ["browser"]
# The release artifacts' tests (tests/dist/) run against an installed wheel
# in `make test-dist`, which sets this variable.
if not os.environ.get("PYBLS_DIST_TESTS"):
    collect_ignore = [*globals().get("collect_ignore", []), "dist"]
