"""Serve local directories over HTTP on 127.0.0.1 and drive Debian's Chromium.

Shared by the demo server (``demo/serve.py``), the browser tests
(``tests/browser/``) and the browser benchmark (``benchmarks/browser/``):

* :func:`start_server` serves a set of directories, each under a URL prefix
  (``{"/": demo_dir, "/web/": web_dir}``), with the MIME types ES modules,
  WebAssembly and wheels need, on a background thread;
* :func:`launch_chromium` starts the system Chromium through Playwright for
  Python (never a browser Playwright downloads) with the flags that keep it
  off the network.

Import it after putting this directory on ``sys.path``::

    sys.path.insert(0, str(ROOT / "build-scripts"))
    import localweb
"""

from __future__ import annotations

import http.server
import os
import pathlib
import posixpath
import shutil
import threading
import urllib.parse
from typing import Any, Dict, Mapping, Optional, Sequence, Tuple, Union

ROOT = pathlib.Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".ipynb": "application/json",
}

# Chromium without a network life of its own: no QUIC, no background
# requests, no component or sync updates (headless and the sandbox are the
# launch arguments below; Playwright gives each launch a fresh profile
# directory of its own).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Debian's build still calls Google's services at start (it carries API
    # keys); leaving only 127.0.0.1 resolvable keeps that on the machine.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]

Mounts = Mapping[str, Union[str, os.PathLike]]
# A dynamic resource: URL path -> function returning (content type, body).
Dynamic = Mapping[str, Any]


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """GET/HEAD of files from several directories, each under a URL prefix.

    ``mounts`` maps prefixes ending in ``/`` to directories; the longest
    matching prefix wins. Paths are normalised before the lookup, so no
    request reaches outside a mounted directory. ``dynamic`` maps exact
    paths to functions returning ``(content_type, bytes)``.
    """

    mounts: Dict[str, pathlib.Path] = {}
    dynamic: Dict[str, Any] = {}
    unisolated: Tuple[str, ...] = ()  # URL prefixes served without cross-origin isolation
    quiet = True
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def translate_path(self, path: str) -> str:
        path = urllib.parse.unquote(urllib.parse.urlsplit(path).path)
        trailing = path.endswith("/")
        path = posixpath.normpath(path)
        if trailing and not path.endswith("/"):
            path += "/"
        for prefix in sorted(self.mounts, key=len, reverse=True):
            if path == prefix.rstrip("/") or path.startswith(prefix):
                base = self.mounts[prefix]
                rest = path[len(prefix):] if path.startswith(prefix) else ""
                parts = [p for p in rest.split("/") if p not in ("", ".", "..")]
                return str(base.joinpath(*parts)) + ("/" if trailing and parts else "")
        return str(pathlib.Path(os.devnull) / "missing")  # nothing mounted there: 404

    def _dynamic(self) -> Optional[Tuple[str, bytes]]:
        fn = self.dynamic.get(urllib.parse.urlsplit(self.path).path)
        return fn() if fn is not None else None

    def do_GET(self) -> None:
        found = self._dynamic()
        if found is None:
            return super().do_GET()
        self._send(*found, body=True)

    def do_HEAD(self) -> None:
        found = self._dynamic()
        if found is None:
            return super().do_HEAD()
        self._send(*found, body=False)

    def _send(self, ctype: str, data: bytes, body: bool) -> None:
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if body:
            self.wfile.write(data)

    def end_headers(self) -> None:
        # Always the files on disk: a rebuilt wheel is picked up on reload.
        self.send_header("Cache-Control", "no-cache")
        # Cross-origin isolation (everything served is same-origin): pages
        # get SharedArrayBuffer, with which Python running in a worker can
        # be interrupted. Not under the `unisolated` prefixes.
        path = urllib.parse.urlsplit(self.path).path
        if not any(path.startswith(p) for p in self.unisolated):
            self.send_header("Cross-Origin-Opener-Policy", "same-origin")
            self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_request(self, code: Any = "-", size: Any = "-") -> None:
        # Error statuses are kept on the server (``failures``: status, path
        # and user agent), for tests that require pages to load cleanly.
        if isinstance(code, int) and code >= 400:
            failures = getattr(self.server, "failures", None)
            if failures is not None:
                failures.append(f"{int(code)} {self.command} {self.path} ({self.headers.get('User-Agent', '')})")
        super().log_request(code, size)

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(mounts: Mounts, port: int = 0, host: str = HOST, dynamic: Optional[Dynamic] = None,
                quiet: bool = True, unisolated: Sequence[str] = ()) -> http.server.ThreadingHTTPServer:
    """An HTTP server (not yet serving) for `mounts` on host:port (0: any
    free port); paths under the `unisolated` prefixes are served without
    the cross-origin isolation headers."""
    handler = type("Handler", (StaticHandler,), {
        "mounts": {p: pathlib.Path(d).resolve() for p, d in mounts.items()},
        "dynamic": dict(dynamic or {}),
        "unisolated": tuple(unisolated),
        "quiet": quiet,
    })
    server = http.server.ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    server.failures = []  # type: ignore[attr-defined]
    return server


def start_server(mounts: Mounts, port: int = 0, host: str = HOST, dynamic: Optional[Dynamic] = None,
                 unisolated: Sequence[str] = ()) -> Tuple[http.server.ThreadingHTTPServer, str]:
    """Serve `mounts` on a background thread; returns the server and its base URL.

    Stop it with ``server.shutdown()``.
    """
    server = make_server(mounts, port, host, dynamic, unisolated=unisolated)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"


def find_chromium(path: Optional[str] = None) -> str:
    """The Chromium executable: `path`, else `chromium` on PATH, else Debian's."""
    if path:
        return path
    return shutil.which("chromium") or "/usr/bin/chromium"


def launch_chromium(playwright: Any, executable: Optional[str] = None, **options: Any) -> Any:
    """Launch headless Chromium (Debian's) through a Playwright instance."""
    args = CHROMIUM_ARGS + list(options.pop("args", []))
    return playwright.chromium.launch(executable_path=find_chromium(executable), headless=True,
                                      args=args, **options)
