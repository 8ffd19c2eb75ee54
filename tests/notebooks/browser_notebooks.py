"""Each example notebook, opened in the built JupyterLite site in headless
Chromium, runs all its cells in the Pyodide kernel without an error and
prints what it promises; no request leaves 127.0.0.1.

    make test-notebooks

(`make notebooks-site` first; then pytest on this file alone, which pytest
does not collect by itself: the name has no test_ prefix, so neither the
native passes of `make test` nor the Pyodide pass pick it up). Environment:
``PYBLS_NOTEBOOKS_SITE`` (default build/notebooks-site) and
``PYBLS_CHROMIUM`` (default /usr/bin/chromium: Debian's Chromium, never a
browser downloaded by Playwright).

How a notebook is run: the site's Notebook app opens it
(``notebooks/index.html?path=NAME``) and starts the Pyodide kernel; the test
waits for the kernel to be idle, runs the app's own "run all cells"
command, waits for the kernel to be idle again, and reads the notebook's
contents (cells with outputs, as nbformat JSON) back from the app, where
tests/notebook_checks.py checks them as it does the native run's. To reach
the app, the test turns on JupyterLab's ``exposeAppInBrowser`` page option
(``window.jupyterapp``) in the jupyter-lite.json the browser receives; the
site on disk is served unchanged otherwise.

Requests: the requests of the pages and of the kernel's web worker are
seen by Playwright (a ``fetch`` to another host from a notebook cell, run
in the worker, is caught); one to any host but 127.0.0.1 fails the test.
To be sure that worker requests are still seen, the test also requires
those of the kernel's start (Pyodide's wasm from static/pyodide/, the
pybls wheel from pypi/). Chromium itself talks to Google's services when
it starts (updates, accounts; Debian's build carries API keys), which is
not the site's doing: a host resolver rule that leaves only 127.0.0.1
resolvable keeps that traffic, and anything else, from leaving the machine
during the test.
"""

from __future__ import annotations

import importlib.util
import os
import pathlib
import sys
import tempfile
import threading
import time
import urllib.parse

import pytest

from notebook_checks import notebook_names, problems

REPO = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "build-scripts"))
import localweb  # noqa: E402  (Chromium flags shared with the demo tests)

SITE = pathlib.Path(os.environ.get("PYBLS_NOTEBOOKS_SITE", REPO / "build" / "notebooks-site"))
CHROMIUM = os.environ.get("PYBLS_CHROMIUM") or "/usr/bin/chromium"
# Pyodide's start (its wasm, the standard library, ipython and friends) and
# then the notebook's cells, at WebAssembly speed.
KERNEL_START_S = 180
RUN_ALL_S = 300

pytestmark = pytest.mark.native_only


def _site_module():
    """build-scripts/notebooks_site.py, for its server."""
    path = REPO / "build-scripts" / "notebooks_site.py"
    spec = importlib.util.spec_from_file_location("notebooks_site", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _demo_module():
    """demo/serve.py, for the mounts `make demo` serves."""
    spec = importlib.util.spec_from_file_location("demo_serve", REPO / "demo" / "serve.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# Each notebook runs once, on one of the two servers in turn (two or three
# notebooks each): what differs between them (the path, cross-origin
# isolation, the kernel's start) is the same for every notebook. Each
# server's notebooks form an xdist_group: under `pytest -n 2 --dist
# loadgroup` (`make test`) the two run side by side, each worker with its
# own Chromium and one server for its notebooks (listed server by server,
# so that one process starts each server once too).
SERVERS = ("site", "demo")
CASES = [
    pytest.param(name, server, marks=pytest.mark.xdist_group(f"notebooks-{server}"))
    for k, server in enumerate(SERVERS)
    for name in notebook_names()[k::len(SERVERS)]
]


@pytest.fixture(scope="module")
def site_url(request):
    """The site from its own server (`make notebooks`), or at /notebooks/
    of the demo server (`make demo`, whose pages are cross-origin isolated)."""
    if not (SITE / "index.html").is_file():
        pytest.fail(f"no JupyterLite site in {SITE}: run `make notebooks-site`")
    if request.param == "site":
        server = _site_module().make_server(SITE, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        yield f"http://127.0.0.1:{server.server_address[1]}"
    else:
        demo = _demo_module()
        server, base = localweb.start_server(demo.mounts(SITE), dynamic=demo.dynamic(SITE),
                                              unisolated=demo.UNISOLATED)
        yield base + "notebooks"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def requested():
    """The URL of every request the site made (pages and workers)."""
    return []


@pytest.fixture(scope="module")
def browser(requested):
    """Chromium with a fresh profile, for the whole module."""
    from playwright.sync_api import sync_playwright

    if not os.path.isfile(CHROMIUM):
        pytest.fail(f"Chromium not found at {CHROMIUM} (`make chromium` installs Debian's)")
    with tempfile.TemporaryDirectory(prefix="pybls-chromium-") as profile, sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            profile,
            executable_path=CHROMIUM,
            headless=True,
            args=localweb.CHROMIUM_ARGS,
        )
        context.on("request", lambda request: requested.append(request.url))
        context.route("**/jupyter-lite.json", _expose_app)
        yield context
        context.close()


def _expose_app(route):
    """Serve jupyter-lite.json with exposeAppInBrowser set."""
    response = route.fetch()
    config = response.json()
    config.setdefault("jupyter-config-data", {})["exposeAppInBrowser"] = True
    route.fulfill(response=response, json=config)


# JavaScript run in the page: the Notebook app, its notebook panel, the kernel.
_KERNEL_IDLE = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const ctx = panel && panel.sessionContext;
  return !!(ctx && ctx.session && ctx.session.kernel && ctx.kernelDisplayStatus === "idle");
}"""
_KERNEL_STATE = """() => {
  const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const ctx = panel && panel.sessionContext;
  return ctx ? `${ctx.kernelDisplayName}: ${ctx.kernelDisplayStatus}` : "no notebook panel";
}"""
_RUN_ALL = """async () => {
  const app = window.jupyterapp;
  const ok = await app.commands.execute("notebook:run-all-cells");
  return ok === undefined ? null : ok;
}"""
_CONTENT = """() => window.jupyterapp.shell.currentWidget.content.model.toJSON()"""


def _leaves_loopback(url: str) -> bool:
    """A network request (not data:, blob:, ...) to another host than 127.0.0.1."""
    parts = urllib.parse.urlsplit(url)
    return parts.scheme in ("http", "https", "ws", "wss", "ftp") and parts.hostname != "127.0.0.1"


def _log_of(page_log: list[str]) -> str:
    return "\n".join(page_log[-40:])


@pytest.mark.parametrize(("name", "site_url"), CASES, indirect=["site_url"], scope="module")
def test_notebook_runs_in_jupyterlite(name, site_url, browser, requested):
    del requested[:]
    page = browser.new_page()
    page_log: list[str] = []
    page.on("console", lambda m: page_log.append(f"console.{m.type}: {m.text}"))
    page.on("pageerror", lambda e: page_log.append(f"page error: {e}"))
    page.on("response", lambda r: r.status >= 400 and page_log.append(f"HTTP {r.status}: {r.url}"))
    try:
        t0 = time.monotonic()
        page.goto(f"{site_url}/notebooks/index.html?path={urllib.parse.quote(name)}")
        try:
            page.wait_for_function(_KERNEL_IDLE, timeout=KERNEL_START_S * 1000, polling=500)
        except Exception:
            pytest.fail(f"{name}: the kernel did not become idle ({page.evaluate(_KERNEL_STATE)})\n"
                        + _log_of(page_log))
        started = time.monotonic() - t0
        page.evaluate(_RUN_ALL)
        page.wait_for_function(_KERNEL_IDLE, timeout=RUN_ALL_S * 1000, polling=500)
        notebook = page.evaluate(_CONTENT)
        ran = time.monotonic() - t0 - started
        print(f"{name}: kernel idle after {started:.1f} s, cells run in {ran:.1f} s")
    finally:
        page.close()
    found = problems(name, notebook, "emscripten")
    found += [f"request left 127.0.0.1: {url}" for url in sorted(set(requested)) if _leaves_loopback(url)]
    for needed in ("/static/pyodide/pyodide.asm.wasm", "/pypi/pybls-"):
        if not any(needed in url for url in requested):
            found.append(f"no request for {needed} seen (are worker requests still reported?)")
    assert not found, "\n".join(found) + "\n" + _log_of(page_log)
