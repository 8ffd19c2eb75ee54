"""Fixtures of the demo page tests: one local server and one Chromium per
pytest process (`make test-demo` runs pytest-xdist workers, a test file each).

The demo pages (demo/) and web/ are served by demo/serve.py's layout on
127.0.0.1 (a free port); Playwright for Python drives Debian's Chromium
(`chromium` on PATH, or PYBLS_CHROMIUM), never a downloaded browser. Each
page records console errors, uncaught exceptions, every request that is not
to 127.0.0.1, every response with an error status and every request that
failed before its response; the server records every error status it sent.
Tests end with ``page.assert_clean()``. Screenshots go to build/screenshots/.

The pages load without request interception (no ``route``): with it,
Chromium does not fetch the favicon at all, so a missing favicon, which a
plain Chromium reports as a console error on every load, went unseen.
Requests cannot leave the machine all the same: the browser resolves no
name but 127.0.0.1 (localweb.CHROMIUM_ARGS), and the listeners see them.

Run by `make test-demo` (and so `make test`); the main pytest passes do not
collect this directory (see tests/conftest.py).
"""

import importlib.util
import os
import pathlib
import sys
import urllib.parse

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "build" / "screenshots"
LOAD_TIMEOUT_MS = 180_000
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}

sys.path.insert(0, str(ROOT / "build-scripts"))
import localweb  # noqa: E402


def _load_serve():
    spec = importlib.util.spec_from_file_location("demo_serve", ROOT / "demo" / "serve.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


serve = _load_serve()


@pytest.fixture(scope="session")
def demo_server():
    """The demo server (its ``failures``: the error statuses it sent)."""
    gaps = serve.missing()
    assert not gaps, "build the demo's pieces first (make wasm): " + "; ".join(gaps)
    server, base = localweb.start_server(serve.mounts(), dynamic=serve.dynamic(), unisolated=serve.UNISOLATED)
    server.base_url = base
    yield server
    server.shutdown()


@pytest.fixture(scope="session")
def demo_url(demo_server):
    return demo_server.base_url


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = localweb.launch_chromium(p, os.environ.get("PYBLS_CHROMIUM"))
        yield b
        b.close()


class DemoPage:
    """A loaded demo page and what it did that it should not have."""

    # What "loaded" means: a demo page is ready (fieldset enabled,
    # body[data-ready]) or shows a load failure; a static page has loaded.
    DEMO_READY = "document.body.dataset.ready === 'true' || !document.getElementById('page-error').hidden"
    STATIC_READY = "document.readyState === 'complete'"

    def __init__(self, browser, base, path, server=None, ready=DEMO_READY):
        self.context = browser.new_context(viewport=DESKTOP)
        self.page = self.context.new_page()
        self.name = path[:-len(".html")].replace("/", "-") if path.endswith(".html") else path.replace("/", "-")
        self.errors = []
        self.outside = []
        self.server = server
        self.served_failures = len(server.failures) if server is not None else 0
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"))
        self.page.on("pageerror", lambda e: self.errors.append(f"uncaught: {e}"))
        # The context's events include the Web Worker's requests.
        self.context.on("request", self._request)
        self.context.on("response", self._response)
        self.context.on("requestfailed", self._failed)
        self.page.goto(base + path)
        self.page.wait_for_function(ready, timeout=LOAD_TIMEOUT_MS, polling=250)
        self.assert_clean()

    @staticmethod
    def _local(url):
        parts = urllib.parse.urlsplit(url)
        return parts.scheme in ("data", "blob", "about") or parts.hostname == "127.0.0.1"

    def _request(self, request):
        if not self._local(request.url):
            self.outside.append(request.url)

    def _response(self, response):
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.request.method} {response.url}")

    def _failed(self, request):
        # A request answered with a success status and then given up by the
        # page (the worker's HEAD requests, whose bodies nobody reads) did
        # not fail; one that got no response did.
        if request.response() is None and self._local(request.url):
            self.errors.append(f"failed: {request.method} {request.url}: {request.failure}")

    def assert_clean(self):
        shown = self.page.locator("#page-error")
        if shown.count() and shown.is_visible():
            raise AssertionError("the page shows an error: " + shown.inner_text())
        # What the browser asked for (tests fetch missing paths on purpose).
        sent = [f for f in self.server.failures[self.served_failures:] if "Chrome" in f] if self.server else []
        assert not (self.errors or sent), f"{self.errors}; the server answered with errors: {sent}"
        assert not self.outside, f"requests left 127.0.0.1: {self.outside}"

    def idle(self, timeout=LOAD_TIMEOUT_MS):
        """Wait until every action the page was asked for has finished."""
        self.page.wait_for_function("document.body.dataset.busy !== 'true'", timeout=timeout, polling=100)

    def click_and_wait(self, button, output, timeout=LOAD_TIMEOUT_MS):
        """Click `button`, wait until the page is idle; `output`'s state and text."""
        self.page.click(button)
        self.idle(timeout)
        out = self.page.locator(output)
        return out.get_attribute("data-state"), out.inner_text()

    def screenshot(self, label=""):
        """Full-page screenshots at desktop and phone widths."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        stem = self.name + (f"-{label}" if label else "")
        self.page.set_viewport_size(DESKTOP)
        self.page.screenshot(path=str(SCREENSHOTS / f"{stem}-desktop.png"), full_page=True)
        self.page.set_viewport_size(PHONE)
        self.page.screenshot(path=str(SCREENSHOTS / f"{stem}-phone.png"), full_page=True)
        width = self.page.evaluate("document.documentElement.scrollWidth")
        self.page.set_viewport_size(DESKTOP)
        assert width <= PHONE["width"], f"{stem}: {width}px wide at a {PHONE['width']}px viewport"

    def close(self):
        self.context.close()


@pytest.fixture(scope="module")
def open_page(browser, demo_url, demo_server):
    """open_page('sign.html') -> a loaded DemoPage, closed after the module
    (``ready=DemoPage.STATIC_READY`` for a page that is not a demo)."""
    opened = []

    def _open(path, ready=DemoPage.DEMO_READY):
        p = DemoPage(browser, demo_url, path, demo_server, ready)
        opened.append(p)
        return p

    yield _open
    for p in opened:
        p.close()
