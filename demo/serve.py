"""Serve the pybls demo pages on 127.0.0.1.

    python demo/serve.py [--port 8000]

Serves demo/ at / and web/ (the loader, the pinned Pyodide in
web/node_modules/ and the wheel in web/dist/) at /web/, the API
documentation (`make docs`, build/docs/) at /docs/ and, when it has been
built, the notebooks site at /notebooks/. Everything the pages load
comes from this server. `make demo` builds what is missing first and runs
this; it serves until interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import signal
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build-scripts"))

import localweb  # noqa: E402

DEMO = ROOT / "demo"
WEB = ROOT / "web"
# The notebooks site (the JupyterLite build of notebooks/). The index links to
# /notebooks/ only when this directory holds an index.html: see
# site_info(), served as /site.json, which demo/index.html reads.
NOTEBOOKS_SITE = ROOT / "build" / "notebooks-site"
# The API documentation (`make docs`, which `make demo` runs first).
DOCS = ROOT / "build" / "docs"
# Served without cross-origin isolation: under it, JupyterLite's Pyodide
# kernel takes its SharedArrayBuffer path and never becomes idle.
UNISOLATED = ("/notebooks/",)


def mounts(notebooks: pathlib.Path = NOTEBOOKS_SITE, docs: pathlib.Path = DOCS) -> dict:
    """URL prefix -> directory, as the pages expect them."""
    return {"/": DEMO, "/web/": WEB, "/notebooks/": notebooks, "/docs/": docs}


def site_info(notebooks: pathlib.Path = NOTEBOOKS_SITE, docs: pathlib.Path = DOCS) -> dict:
    """What this server offers besides the demos (served as /site.json)."""
    return {"notebooks": (notebooks / "index.html").is_file(), "docs": (docs / "index.html").is_file()}


def dynamic(notebooks: pathlib.Path = NOTEBOOKS_SITE, docs: pathlib.Path = DOCS) -> dict:
    return {"/site.json": lambda: ("application/json", json.dumps(site_info(notebooks, docs)).encode())}


def missing() -> list:
    """Pieces the pages need that are not built yet, with the command that builds them."""
    out = []
    if not (WEB / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        out.append("Pyodide (web/node_modules/pyodide): run `npm ci` in web/ or `make wasm`")
    if not (WEB / "dist" / "pybls-wheel.json").is_file():
        out.append("the pybls wheel (web/dist/pybls-wheel.json): run `make wasm`")
    return out


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def main(argv: list) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--port", type=int, default=8000, help="TCP port (default 8000; 0: any free port)")
    ap.add_argument("--notebooks", type=pathlib.Path, default=NOTEBOOKS_SITE,
                    help="directory of the built notebooks site, served at /notebooks/")
    ap.add_argument("--log", action="store_true", help="log each request")
    args = ap.parse_args(argv)
    gaps = missing()
    if gaps:
        print("cannot serve the demos yet; missing:\n  " + "\n  ".join(gaps), file=sys.stderr)
        return 1
    try:
        server = localweb.make_server(mounts(args.notebooks), args.port, dynamic=dynamic(args.notebooks),
                                      quiet=not args.log, unisolated=UNISOLATED)
    except OSError as e:
        print(f"cannot listen on {localweb.HOST}:{args.port}: {e.strerror} (try PORT=NNNN)", file=sys.stderr)
        return 1
    url = f"http://{localweb.HOST}:{server.server_address[1]}/"
    print(f"pybls demos: {url}  (Ctrl-C to stop)", flush=True)
    signal.signal(signal.SIGTERM, _stop)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nstopped")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
