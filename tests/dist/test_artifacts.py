"""The files `make dist` writes into dist/ (PYBLS_DIST_DIR): their names and
tags, what each carries, and one set of metadata across the three."""

import email
import email.policy
import json
import os
import pathlib
import re
import tarfile
import zipfile

import pytest
from test_native_build import assembly_in

pytestmark = pytest.mark.native_only

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _source_version():
    text = (ROOT / "pybls" / "__init__.py").read_text()
    return re.search(r'^__version__ = "([^"]+)"$', text, re.M).group(1)


def _libraries():
    """The core's libraries, as csrc/manifest.txt lists them."""
    text = (ROOT / "csrc" / "manifest.txt").read_text()
    return re.findall(r"^library\s+(\S+)", text, re.M)


VERSION = _source_version()


@pytest.fixture(scope="module")
def dist():
    path = os.environ.get("PYBLS_DIST_DIR")
    assert path, "PYBLS_DIST_DIR must name the directory `make dist` wrote"
    return pathlib.Path(path)


def _one(dist, pattern):
    found = sorted(dist.glob(pattern))
    assert len(found) == 1, f"{pattern}: {found}"
    return found[0]


@pytest.fixture(scope="module")
def sdist(dist):
    return _one(dist, f"pybls-{VERSION}.tar.gz")


@pytest.fixture(scope="module")
def native(dist):
    return _one(dist, f"pybls-{VERSION}-cp39-abi3-manylinux*_x86_64.whl")


@pytest.fixture(scope="module")
def pyodide(dist):
    return _one(dist, f"pybls-{VERSION}-py3-none-pyemscripten_*_wasm32.whl")


def _headers(text):
    msg = email.message_from_string(text, policy=email.policy.compat32)
    # setuptools marks License-File as computed at build time; the rest is the record.
    return sorted((k, v) for k, v in msg.items() if k != "Dynamic"), msg.get_payload()


def test_only_the_three_artifacts(dist):
    assert sorted(p.name for p in dist.iterdir() if not p.name.startswith(".")) == sorted(
        [f"pybls-{VERSION}.tar.gz"] + [p.name for p in dist.glob("*.whl")]
    )
    assert len(list(dist.glob("*.whl"))) == 2


def test_the_metadata_is_one(sdist, native, pyodide):
    with tarfile.open(sdist) as tf:
        pkg_info = tf.extractfile(f"pybls-{VERSION}/PKG-INFO").read().decode()
    with zipfile.ZipFile(native) as zf:
        native_meta = zf.read(f"pybls-{VERSION}.dist-info/METADATA").decode()
    with zipfile.ZipFile(pyodide) as zf:
        pyodide_meta = zf.read(f"pybls-{VERSION}.dist-info/METADATA").decode()
    reference = _headers(native_meta)
    assert _headers(pkg_info) == reference
    assert _headers(pyodide_meta) == reference
    assert ("Version", VERSION) in reference[0]


def test_the_native_wheel_is_manylinux_and_self_contained(native):
    tag = re.search(r"[-.](manylinux_\d+_\d+)_x86_64\.whl$", native.name).group(1)
    with zipfile.ZipFile(native) as zf:
        names = set(zf.namelist())
        wheel = zf.read(f"pybls-{VERSION}.dist-info/WHEEL").decode()
    assert f"Tag: cp39-abi3-{tag}_x86_64" in wheel.splitlines()
    # auditwheel found nothing to graft: no bundled shared libraries.
    assert not any(n.startswith("pybls.libs/") for n in names), names
    for lib in _libraries():
        # each curve's core twice: portable, and with the BMI2/ADX assembly
        suffix = "" if lib == "bls12_381" else f"_{lib}"
        with zipfile.ZipFile(native) as zf:
            portable = zf.read(f"pybls/_lib/_native{suffix}.abi3.so")
            adx = zf.read(f"pybls/_lib/_native{suffix}_adx.abi3.so")
        assert not assembly_in(portable) and assembly_in(adx), lib
    for data in ("pybls/py.typed", "pybls/_lib/_functions.pyi", "pybls/drand_chains.json",
                 f"pybls-{VERSION}.dist-info/licenses/LICENSE"):
        assert data in names


def test_the_pyodide_wheel_is_tagged_per_pep_783(pyodide):
    lock = json.loads((ROOT / "web" / "node_modules" / "pyodide" / "pyodide-lock.json").read_text())
    abi = lock["info"]["abi_version"]
    assert pyodide.name == f"pybls-{VERSION}-py3-none-pyemscripten_{abi}_wasm32.whl"
    with zipfile.ZipFile(pyodide) as zf:
        names = set(zf.namelist())
        wheel = zf.read(f"pybls-{VERSION}.dist-info/WHEEL").decode()
        modules = {n: zf.read(n) for n in names if n.endswith(".so")}
    assert f"Tag: py3-none-pyemscripten_{abi}_wasm32" in wheel.splitlines()
    expected = {f"pybls/_lib/libpybls{'' if lib == 'bls12_381' else '_' + lib}.so" for lib in _libraries()}
    assert set(modules) == expected
    assert all(data[:4] == b"\0asm" for data in modules.values()), "not WebAssembly"
    for data in ("pybls/py.typed", "pybls/_lib/_functions.pyi", "pybls/drand_chains.json",
                 f"pybls-{VERSION}.dist-info/licenses/LICENSE"):
        assert data in names
    assert "pybls/_lib/_cffi.py" not in names


def test_the_sdist_carries_the_sources(sdist):
    with tarfile.open(sdist) as tf:
        names = {n.split("/", 1)[1] for n in tf.getnames() if "/" in n}
    manifest = (ROOT / "csrc" / "manifest.txt").read_text()
    sources = {"csrc/" + s for s in re.findall(r"^src\s+(\S+)", manifest, re.M)}
    assert sources and sources <= names, sorted(sources - names)
    for needed in ("setup.py", "pyproject.toml", "LICENSE", "README.md", "CHANGELOG.md", "csrc/manifest.txt",
                   "build-scripts/cffi_build.py", "build-scripts/core_manifest.py", "pybls/_lib/_functions.pyi"):
        assert needed in names
    assert not any(n.endswith((".so", ".o")) for n in names)
