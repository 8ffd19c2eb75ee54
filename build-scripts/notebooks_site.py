"""Build (and serve) the offline JupyterLite site with the example notebooks.

    python build-scripts/notebooks_site.py build [--out build/notebooks-site]
    python build-scripts/notebooks_site.py serve [--port 8001] [--out ...]

Run it with the interpreter that has the pinned ``jupyterlite-core``,
``jupyterlite-pyodide-kernel`` and ``jupyter_server`` installed (``make
notebooks-site`` sets that up in .venv).

What a built site contains, and why:

* ``static/pyodide/``: the Pyodide pinned in web/package.json (the npm
  package in web/node_modules, the same one the pybls wheel is built for).
  The kernel extension would otherwise load its own default Pyodide from a
  CDN; a ``static/pyodide/`` folder in the site's source makes
  ``jupyter lite build`` point the kernel's ``pyodideUrl`` at it instead.
* Next to it, the pure-Python wheels the kernel loads through Pyodide's lock
  file when it starts (micropip, ipython, jedi and their dependencies). The
  npm package carries the lock file but none of these wheels, so they are
  fetched from PyPI with ``pip download``: same names and versions as in the
  lock file, but different bytes (PyPI's builds, not Pyodide's). The site's
  ``pyodide-lock.json`` is therefore rewritten to list exactly the wheels
  served, with the sha256 sums of those files; Pyodide refuses a wheel whose
  sum differs from the lock file, and the kernel would not start.
* ``pypi/``: the site's own wheel index (piplite), with the pybls Pyodide
  wheel from web/dist/ and ``comm`` (which the kernel installs by name at
  start and which is not in Pyodide's lock file). The kernel's fallback to
  PyPI is disabled, so a name that is not in the site fails instead of
  reaching out.
* ``files/``: the notebooks from notebooks/, without outputs.

``build`` writes everything into a fresh output folder (git-ignored, under
build/); ``serve`` serves a built site on 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import http.server
import json
import pathlib
import re
import shutil
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parents[1]
PYODIDE_DIR = REPO / "web" / "node_modules" / "pyodide"
WHEEL_MANIFEST = REPO / "web" / "dist" / "pybls-wheel.json"
NOTEBOOKS = REPO / "notebooks"
DEFAULT_OUT = REPO / "build" / "notebooks-site"
# The site's source folder (the "lite dir") is generated next to the output,
# and the wheels fetched from PyPI are kept there between builds.
DEFAULT_WORK = REPO / "build" / "notebooks-work"

# What the Pyodide kernel (jupyterlite-pyodide-kernel 0.8.6) loads when it
# starts: its worker calls `pyodide.loadPackage(["micropip"])`, then
# `piplite.install(name)` for ipykernel, comm, pyodide-kernel, jedi and
# ipython. ipykernel, piplite and pyodide-kernel are wheels shipped inside the
# kernel extension itself; micropip, jedi and ipython (with all their
# dependencies) resolve through Pyodide's lock file; comm is not in that
# lock file and comes from the site's wheel index.
KERNEL_LOCK_ROOTS = ("micropip", "jedi", "ipython")
KERNEL_INDEX_WHEELS = {"comm": "0.2.3"}

# Files of the npm package the site needs (the rest are TypeScript
# declarations, source maps, a README and demo consoles).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "package.json",
)

# Settings merged into the site's jupyter-lite.json by `jupyter lite build`.
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
LITE_CONFIG = {
    "jupyter-lite-schema-version": 0,
    "jupyter-config-data": {
        "appName": "pybls notebooks",
        "litePluginSettings": {KERNEL_PLUGIN: {"disablePyPIFallback": True}},
    },
}
APPS = ("lab", "tree", "notebooks")


def sha256(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def log(message: str) -> None:
    print(f"notebooks-site: {message}", flush=True)


def canonical(name: str) -> str:
    """A project name as PEP 503 normalizes it (lock keys mix - and _)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def lock_closure(packages: dict, roots: tuple[str, ...]) -> list[str]:
    """The lock entries `roots` need, dependencies included (lock keys)."""
    by_canonical = {canonical(key): key for key in packages}
    seen: list[str] = []
    todo = list(roots)
    while todo:
        key = by_canonical[canonical(todo.pop())]
        if key in seen:
            continue
        seen.append(key)
        todo.extend(packages[key]["depends"])
    return sorted(seen)


def pip_download(requirements: list[str], dest: pathlib.Path) -> None:
    """Fetch pure-Python wheels for CPython 3.14 (Pyodide's), nothing else."""
    dest.mkdir(parents=True, exist_ok=True)
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
         "--no-deps", "--only-binary=:all:", "--python-version", "3.14",
         "--implementation", "py", "--platform", "any", "-d", str(dest), *requirements],
        check=True,
    )


def fetch_wheels(wanted: dict[str, str], cache: pathlib.Path) -> dict[str, pathlib.Path]:
    """Wheel file name -> local file, downloading from PyPI what is missing.

    `wanted` maps each expected wheel file name to its requirement
    (``name==version``); a download that brings another file name (another
    build tag, a renamed project) is an error, since the lock file names the
    file it expects.
    """
    missing = [req for name, req in wanted.items() if not (cache / name).is_file()]
    if missing:
        log(f"pip download {' '.join(missing)}")
        pip_download(missing, cache)
    absent = [name for name in wanted if not (cache / name).is_file()]
    if absent:
        sys.exit(f"notebooks-site: pip download did not bring {', '.join(absent)}")
    return {name: cache / name for name in wanted}


def write_pyodide(static: pathlib.Path, cache: pathlib.Path) -> list[str]:
    """static/pyodide/: the pinned Pyodide, the kernel's wheels, their lock."""
    for name in PYODIDE_FILES:
        if not (PYODIDE_DIR / name).is_file():
            sys.exit(f"notebooks-site: {PYODIDE_DIR / name} missing (run `npm ci` in web/, or `make wasm`)")
    static.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_DIR / name, static / name)

    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    keys = lock_closure(lock["packages"], KERNEL_LOCK_ROOTS)
    entries = {key: lock["packages"][key] for key in keys}
    for key, entry in entries.items():
        if entry["package_type"] != "package" or not entry["file_name"].endswith("-none-any.whl"):
            sys.exit(f"notebooks-site: {key} in the lock file is not a pure-Python wheel: {entry['file_name']}")
    wheels = fetch_wheels(
        {entry["file_name"]: f"{entry['name']}=={entry['version']}" for entry in entries.values()},
        cache,
    )
    # Only the packages actually served stay in the lock file, each with the
    # sum of the file served: anything else would point at a missing file.
    for entry in entries.values():
        served = static / entry["file_name"]
        shutil.copy2(wheels[entry["file_name"]], served)
        entry["sha256"] = sha256(served)
    lock["packages"] = entries
    (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return keys


def write_wheel_index(pypi: pathlib.Path, cache: pathlib.Path) -> str:
    """pypi/: the pybls wheel (checked against its manifest) and comm."""
    if not WHEEL_MANIFEST.is_file():
        sys.exit(f"notebooks-site: {WHEEL_MANIFEST} missing (run `make wasm`)")
    manifest = json.loads(WHEEL_MANIFEST.read_text())
    wheel = WHEEL_MANIFEST.parent / manifest["wheel"]
    if not wheel.is_file() or sha256(wheel) != manifest["sha256"]:
        sys.exit(f"notebooks-site: {wheel} missing or not the one {WHEEL_MANIFEST.name} names (run `make wasm`)")
    pypi.mkdir(parents=True)
    shutil.copy2(wheel, pypi / wheel.name)
    extra = fetch_wheels(
        {f"{name}-{version}-py3-none-any.whl": f"{name}=={version}" for name, version in KERNEL_INDEX_WHEELS.items()},
        cache,
    )
    for name, path in extra.items():
        shutil.copy2(path, pypi / name)
    return wheel.name


def check_site(out: pathlib.Path) -> None:
    """Fail unless the built site points at its own Pyodide and wheels only."""
    config = json.loads((out / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"][KERNEL_PLUGIN]
    problems = []
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        problems.append(f"pyodideUrl is {kernel.get('pyodideUrl')!r}")
    if kernel.get("disablePyPIFallback") is not True:
        problems.append("PyPI fallback is not disabled")
    for url in kernel.get("pipliteUrls", []):
        if "://" in url:
            problems.append(f"wheel index outside the site: {url}")
    lock = json.loads((out / "static" / "pyodide" / "pyodide-lock.json").read_text())
    for entry in lock["packages"].values():
        served = out / "static" / "pyodide" / entry["file_name"]
        if not served.is_file() or sha256(served) != entry["sha256"]:
            problems.append(f"{served} missing or not matching the lock file")
    if problems:
        sys.exit("notebooks-site: the built site is not self-contained:\n  " + "\n  ".join(problems))


def build(out: pathlib.Path, work: pathlib.Path) -> None:
    notebooks = sorted(NOTEBOOKS.glob("*.ipynb"))
    if not notebooks:
        sys.exit(f"notebooks-site: no notebooks in {NOTEBOOKS}")
    cache = work / "wheels"
    lite = work / "site-source"
    # A fresh source folder and output on every build: no stale notebook or
    # wheel survives from an earlier one (the PyPI wheels stay cached).
    shutil.rmtree(lite, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    lite.mkdir(parents=True)

    kernel_packages = write_pyodide(lite / "static" / "pyodide", cache)
    wheel = write_wheel_index(lite / "pypi", cache)
    (lite / "files").mkdir()
    for notebook in notebooks:
        shutil.copy2(notebook, lite / "files" / notebook.name)
    (lite / "jupyter-lite.json").write_text(json.dumps(LITE_CONFIG, indent=2) + "\n")

    command = [sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite),
               "--output-dir", str(out), "--no-sourcemaps", "--no-unused-shared-packages"]
    for app in APPS:
        command += ["--apps", app]
    log("jupyter lite build")
    # Its task-by-task log is long; shown only when the build fails.
    done = subprocess.run(command, cwd=lite, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if done.returncode:
        sys.exit(f"{done.stdout}\nnotebooks-site: jupyter lite build failed (exit {done.returncode})")
    check_site(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"built {out.relative_to(REPO) if out.is_relative_to(REPO) else out} "
        f"({size / 1e6:.0f} MB): {len(notebooks)} notebooks, {wheel}, "
        f"kernel packages {', '.join(kernel_packages)}")


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the types module workers and WebAssembly need."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".ipynb": "application/json",
        ".whl": "application/octet-stream",
        ".zip": "application/zip",
    }

    def log_message(self, *args):  # quiet: the notebooks are the output
        pass


def make_server(out: pathlib.Path, port: int) -> http.server.ThreadingHTTPServer:
    """A server for the built site on 127.0.0.1 (port 0: any free port)."""
    if not (out / "index.html").is_file():
        sys.exit(f"notebooks-site: no site in {out} (run `make notebooks-site`)")
    return http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Handler, directory=str(out)))


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=("build", "serve"))
    ap.add_argument("--out", type=pathlib.Path, default=DEFAULT_OUT, help="the built site")
    ap.add_argument("--work", type=pathlib.Path, default=DEFAULT_WORK, help="site source and wheel cache")
    ap.add_argument("--port", type=int, default=8001)
    args = ap.parse_args(argv)
    if args.command == "build":
        build(args.out.resolve(), args.work.resolve())
        return 0
    server = make_server(args.out.resolve(), args.port)
    print(f"pybls notebooks: http://127.0.0.1:{server.server_address[1]}/lab/index.html "
          f"(Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
