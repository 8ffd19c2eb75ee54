#!/usr/bin/env python3
"""Pack the Pyodide wheel of pybls: the pure-Python package plus the wasm core.

    python build-scripts/pyodide_wheel.py --lock web/node_modules/pyodide/pyodide-lock.json \\
        --module build/wasm/libpybls.so --dist web/dist

writes ``dist/pybls-<version>-py3-none-pyemscripten_<abi>_wasm32.whl`` and
``dist/pybls-wheel.json`` (its name, size and SHA-256, read by
web/pybls.mjs), and prints the wheel's path. The platform tag comes from the ``info.abi_version`` of the
pinned Pyodide's ``pyodide-lock.json`` (``2026_0`` for Pyodide 314). The
package is every ``.py`` and ``.json`` file (package data such as the drand
chain descriptions) and ``py.typed`` under ``pybls/`` (the native
extension and its cffi loader are left out) with the side module stored as
``pybls/_lib/libpybls.so``, where the ctypes backend looks for it.

The metadata is the native wheel's (see core_metadata), the version
``pybls.__version__``. The wheel is reproducible: sorted entries, fixed timestamps
(``SOURCE_DATE_EPOCH`` if set, else 1980-01-01).
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import re
import sys
import time
import zipfile
from pathlib import Path
from typing import List, Tuple

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pybls"
# Only meaningful natively: the cffi extension and the module that imports it.
MANIFEST = "pybls-wheel.json"
EXCLUDE = {"pybls/_lib/_cffi.py", "pybls/_lib/libpybls.so"}
EXCLUDE_PATTERN = re.compile(r"pybls/_lib/libpybls_[a-z0-9_]+\.so")


def version() -> str:
    """pybls.__version__, from pybls/__init__.py (the one place it is stated)."""
    m = re.search(r'^__version__ = "([^"]+)"$', (PACKAGE / "__init__.py").read_text(), re.M)
    if not m:
        raise SystemExit("pyodide_wheel.py: no __version__ in pybls/__init__.py")
    return m.group(1)


def _requirement(req: str, extra: str = "") -> str:
    """A requirement as core metadata writes it (markers after "; ", an
    extra's marker added)."""
    spec, _, marker = req.partition(";")
    spec, marker = spec.strip(), marker.strip().replace("'", '"')
    if extra:
        marker = f'({marker}) and extra == "{extra}"' if marker else f'extra == "{extra}"'
    return f"{spec}; {marker}" if marker else spec


def core_metadata() -> str:
    """The METADATA of the wheel (core metadata 2.4), from [project] of
    pyproject.toml: the fields setuptools writes into the native wheel, in
    its order (`make test-dist` compares the two)."""
    try:
        import tomllib
    except ImportError:  # Python < 3.11
        raise SystemExit("pyodide_wheel.py needs Python 3.11 or newer (tomllib)")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = [
        "Metadata-Version: 2.4",
        f"Name: {project['name']}",
        f"Version: {version()}",
        f"Summary: {project['description']}",
        f"License-Expression: {project['license']}",
    ]
    lines += [f"Project-URL: {label}, {url}" for label, url in project.get("urls", {}).items()]
    if project.get("keywords"):
        lines.append(f"Keywords: {','.join(project['keywords'])}")
    lines += [f"Classifier: {c}" for c in project.get("classifiers", [])]
    lines += [
        f"Requires-Python: {project['requires-python']}",
        "Description-Content-Type: text/markdown",
    ]
    lines += [f"License-File: {f}" for f in project.get("license-files", [])]
    lines += [f"Requires-Dist: {_requirement(r)}" for r in project.get("dependencies", [])]
    for extra, reqs in project.get("optional-dependencies", {}).items():
        name = re.sub(r"[-_.]+", "-", extra).lower()
        lines.append(f"Provides-Extra: {name}")
        lines += [f"Requires-Dist: {_requirement(r, name)}" for r in reqs]
    return "\n".join(lines) + "\n\n" + (ROOT / project["readme"]).read_text()


def platform_tag(lock: Path) -> str:
    info = json.loads(lock.read_text())["info"]
    abi, arch = info.get("abi_version"), info.get("arch", "wasm32")
    if not abi or not re.fullmatch(r"\d+_\d+", abi):
        raise SystemExit(f"pyodide_wheel.py: {lock} has no usable info.abi_version ({abi!r})")
    return f"pyemscripten_{abi}_{arch}"


def package_files() -> List[Tuple[str, Path]]:
    files = []
    for path in sorted(PACKAGE.rglob("*")):
        rel = path.relative_to(ROOT).as_posix()
        if not path.is_file() or "__pycache__" in path.parts or rel in EXCLUDE or EXCLUDE_PATTERN.fullmatch(rel):
            continue
        if path.suffix in (".py", ".pyi", ".json") or path.name in ("py.typed", "trusted_setup_mainnet.txt", "trusted_setup_mainnet_fk20.bin"):
            files.append((rel, path))
    return files


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def build(lock: Path, module: Path, dist: Path, curve_modules: "List[Path]" = ()) -> Path:
    tag = f"py3-none-{platform_tag(lock)}"
    distinfo = f"pybls-{version()}.dist-info"
    entries: List[Tuple[str, bytes]] = [(rel, path.read_bytes()) for rel, path in package_files()]
    entries.append(("pybls/_lib/libpybls.so", module.read_bytes()))
    # The other curves' side modules, named as the ctypes backend looks for
    # them (libpybls_<curve>.so beside libpybls.so).
    for extra in curve_modules:
        entries.append((f"pybls/_lib/{extra.name}", extra.read_bytes()))
    entries.sort()
    wheel_meta = f"Wheel-Version: 1.0\nGenerator: pybls build-scripts/pyodide_wheel.py\nRoot-Is-Purelib: false\nTag: {tag}\n"
    entries += [
        (f"{distinfo}/METADATA", core_metadata().encode()),
        (f"{distinfo}/licenses/LICENSE", (ROOT / "LICENSE").read_bytes()),
        (f"{distinfo}/WHEEL", wheel_meta.encode()),
        (f"{distinfo}/top_level.txt", b"pybls\n"),
    ]
    record = "\n".join(record_line(n, d) for n, d in entries) + f"\n{distinfo}/RECORD,,\n"
    entries.append((f"{distinfo}/RECORD", record.encode()))

    epoch = max(int(os.environ.get("SOURCE_DATE_EPOCH", "315532800")), 315532800)
    stamp = time.gmtime(epoch)[:6]
    dist.mkdir(parents=True, exist_ok=True)
    out = dist / f"pybls-{version()}-{tag}.whl"
    for old in dist.glob("pybls-*-pyemscripten_*.whl"):
        old.unlink()
    tmp = out.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name, data in entries:
            info = zipfile.ZipInfo(name, stamp)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    tmp.replace(out)
    # The loader (web/pybls.mjs) finds the wheel through this manifest.
    data = out.read_bytes()
    manifest = {
        "wheel": out.name,
        "version": version(),
        "platform": platform_tag(lock),
        "size": len(data),
        "sha256": hashlib.sha256(data).hexdigest(),
    }
    (dist / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n")
    return out


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lock", type=Path, required=True, help="pyodide-lock.json of the pinned Pyodide")
    ap.add_argument("--module", type=Path, required=True, help="the wasm side module (libpybls.so)")
    ap.add_argument("--curve-module", type=Path, action="append", default=[],
                    help="another curve's side module (libpybls_<curve>.so); repeatable")
    ap.add_argument("--dist", type=Path, default=ROOT / "web" / "dist", help="output directory")
    args = ap.parse_args(argv)
    print(build(args.lock, args.module, args.dist, args.curve_module))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
