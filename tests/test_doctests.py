"""Runs the doctests of every pybls module, and README.md's examples.

(pytest's --doctest-modules does the same natively; this test also covers
runs that do not pass that option, such as the one inside Pyodide and the
installed wheels' tests, and fails if a module cannot even be imported.
Where pytest collects a file's doctests itself, tests/conftest.py leaves
that file out here, so that no doctest runs twice.)
"""

import doctest
import importlib
import importlib.util
import inspect
import pathlib
import pkgutil
import re

import pytest

import pybls

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent


def _module_names():
    names = ["pybls"]
    for info in pkgutil.walk_packages(pybls.__path__, "pybls."):
        names.append(info.name)
    # The backend that is not in use may not be importable here (no
    # extension module under Pyodide); the compiled extension itself has no
    # docstrings to test; nor has the shared library that the ctypes backend
    # loads (the wasm side module in the Pyodide wheel), which pkgutil
    # reports as an extension module because of its .so suffix; the same
    # holds for every other curve's extension and library.
    skip = {"pybls._lib._native", "pybls._lib.libpybls"}
    if pybls.backend() != "cffi":
        skip.add("pybls._lib._cffi")
    # The py_ecc drop-ins use py_ecc's field classes (not installed in Pyodide).
    if importlib.util.find_spec("py_ecc") is None:
        drop_ins = ("bn128", "optimized_bn128", "optimized_bls12_381", "_core", "_projective")
        skip |= {f"pybls.compat.py_ecc.{name}" for name in drop_ins}
    # pybls.dask needs the optional dask (not installed in Pyodide, which
    # has no threads or sockets for dask.distributed).
    if importlib.util.find_spec("dask") is None:
        skip.add("pybls.dask")
    curve_cores = re.compile(r"pybls\._lib\.(_native|libpybls)_[a-z0-9_]+")
    return sorted(n for n in names if n not in skip and not curve_cores.fullmatch(n))


MODULES = _module_names()


def _run_doctests(module):
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out = []
    for test in finder.find(module, module.__name__):
        runner.run(test, out=out.append)
    return runner.summarize(verbose=False), "".join(out)


def test_modules_found():
    for name in ("pybls", "pybls.errors", "pybls.scalar", "pybls.points", "pybls.gt", "pybls.pairing"):
        assert name in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_module_doctests(name):
    module = importlib.import_module(name)
    result, report = _run_doctests(module)
    assert result.failed == 0, report


# Public functions and classes (and modules, "<module>") whose docstrings
# still have no runnable example. Every other one must have one, and a name
# given an example must leave this list: it only shrinks.
WITHOUT_EXAMPLE = {
}


def _examples(module):
    """The public functions and classes defined in `module` (its __all__, or
    its names without a leading underscore), and "<module>": each mapped to
    whether its docstring has an example."""
    out = {"<module>": ">>>" in (module.__doc__ or "")}
    names = getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]
    for name in names:
        obj = getattr(module, name, None)
        if (inspect.isclass(obj) or inspect.isfunction(obj)) and obj.__module__ == module.__name__:
            out[name] = ">>>" in (inspect.getdoc(obj) or "")
    return out


def test_public_names_have_examples():
    # (pybls.compat.py_ecc defines ValidationError itself only where py_ecc
    # is missing, as in Pyodide; natively it is py_ecc's.)
    public = [n for n in MODULES if not any(part.startswith("_") for part in n.split("."))]
    new, done = {}, {}
    for name in public:
        found = _examples(importlib.import_module(name))
        listed = WITHOUT_EXAMPLE.get(name, set())
        new[name] = sorted(k for k, has in found.items() if not has and k not in listed)
        done[name] = sorted(k for k, has in found.items() if has and k in listed)
    new = {n: names for n, names in new.items() if names}
    assert not new, f"public names without a docstring example: {new}"
    done = {n: names for n, names in done.items() if names}
    assert not done, f"these have examples now; remove them from WITHOUT_EXAMPLE: {done}"


def test_package_has_doctests():
    total = 0
    for name in MODULES:
        module = importlib.import_module(name)
        finder = doctest.DocTestFinder(exclude_empty=True)
        total += sum(len(t.examples) for t in finder.find(module, name))
    assert total >= 10


def _readme() -> str:
    path = REPO_ROOT / "README.md"
    assert path.is_file(), "README.md is missing (pyproject.toml names it as the readme)"
    return path.read_text(encoding="utf-8")


@pytest.mark.native_only
def test_readme_doctest():
    text = _readme()
    assert ">>>" in text
    test = doctest.DocTestParser().get_doctest(text, {}, "README.md", str(REPO_ROOT / "README.md"), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    out = []
    runner.run(test, out=out.append)
    assert runner.summarize(verbose=False).failed == 0, "".join(out)


@pytest.mark.native_only
def test_readme_examples():
    text = _readme()
    # fenced Python blocks without prompts are run as scripts
    for block in re.findall(r"```(?:python|py)\n(.*?)```", text, flags=re.S):
        if ">>>" in block:
            continue
        exec(compile(block, "README.md", "exec"), {"__name__": "readme_example"})
