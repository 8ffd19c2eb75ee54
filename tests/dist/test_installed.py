"""The installed pybls, as a user gets it from a release artifact (run by
`make test-dist`, natively against the manylinux wheel and in Pyodide
against the PEP 783 wheel): it is imported from the installation, not from
a source tree, and its metadata says what the project publishes."""

import importlib.metadata as md
import pathlib
import re
import sys

import pytest

import pybls
from pybls import _lib, curves

TESTS_DIR = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = pathlib.Path(pybls.__file__).resolve().parent


@pytest.fixture(scope="module")
def meta():
    return md.metadata("pybls")


def test_imported_from_the_installation():
    assert PACKAGE.parent.name in ("site-packages", "dist-packages"), PACKAGE
    assert PACKAGE != TESTS_DIR.parent / "pybls", PACKAGE
    assert md.distribution("pybls").locate_file("pybls/__init__.py").resolve() == PACKAGE / "__init__.py"


def test_every_curve_runs_on_an_installed_core():
    for name in curves.CURVES:
        module = curves.get(name)
        core = _lib if name == "bls12_381" else _lib.curve_binding(name)
        assert pathlib.Path(core.library_path).resolve().parent == PACKAGE / "_lib", (name, core.library_path)
        P = module.G1.generator()
        assert P * 3 == P + P + P
        assert module.pairing(P * 2, module.G2.generator()) == module.pairing(P, module.G2.generator() * 2)


def test_typing_files_are_installed():
    assert (PACKAGE / "py.typed").is_file()
    stub = (PACKAGE / "_lib" / "_functions.pyi").read_text()
    assert "def pairing(" in stub


def test_version_is_the_package_version(meta):
    assert meta["Version"] == pybls.__version__ == md.version("pybls")
    assert re.fullmatch(r"\d+\.\d+\.\d+([ab]|rc)?\d*", pybls.__version__)


def test_license(meta):
    assert meta["License-Expression"] == "MIT"
    assert meta.get_all("License-File") == ["LICENSE"]
    text = md.distribution("pybls").read_text("licenses/LICENSE")
    assert text is not None and text.startswith("MIT License")


def test_project_urls(meta):
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert {"Homepage", "Source", "Issues", "Changelog"} <= set(urls), urls
    assert all(u.startswith("https://") for u in urls.values()), urls


def test_python_versions(meta):
    assert meta["Requires-Python"] == ">=3.9"
    assert sys.version_info >= (3, 9)
    classifiers = meta.get_all("Classifier")
    versions = [c.rsplit(" :: ", 1)[1] for c in classifiers if re.fullmatch(r"Programming Language :: Python :: 3\.\d+", c)]
    assert versions and min(versions, key=lambda v: int(v.split(".")[1])) == "3.9", versions
    assert f"{sys.version_info[0]}.{sys.version_info[1]}" in versions, versions
    for wanted in ("Typing :: Typed", "Topic :: Security :: Cryptography", "Environment :: WebAssembly :: Emscripten"):
        assert wanted in classifiers


def test_extras(meta):
    assert {"test", "dask"} <= set(meta.get_all("Provides-Extra"))
    requires = meta.get_all("Requires-Dist")
    for extra, needs in (("test", {"pytest", "hypothesis"}), ("dask", {"dask"})):
        named = {re.split(r"[ ;<>=!~\[]", r, maxsplit=1)[0] for r in requires if f'extra == "{extra}"' in r}
        assert needs <= named, (extra, requires)
    # cffi at run time, except under Pyodide (the ctypes backend there).
    assert any(r.startswith("cffi") and 'sys_platform != "emscripten"' in r for r in requires), requires


def test_readme_is_the_description(meta):
    assert meta["Description-Content-Type"] == "text/markdown"
    assert meta.get_payload().startswith("# pybls")
