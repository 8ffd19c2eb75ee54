"""demo/index.html: versions of what runs, the first computation, the links."""

import json
import urllib.request

import pytest

import pybls
from conftest import ROOT, serve


@pytest.fixture(scope="module")
def index(open_page):
    return open_page("index.html")


def test_versions(index):
    page = index.page
    assert page.inner_text("#pybls-version") == pybls.__version__
    pyodide = json.loads((ROOT / "web" / "node_modules" / "pyodide" / "package.json").read_text())["version"]
    assert page.inner_text("#pyodide-version") == pyodide
    assert page.inner_text("#pybls-backend").startswith("ctypes")
    assert float(page.get_attribute("#load-progress", "value")) == 1.0
    assert "pybls is ready" in page.inner_text("#load-status")


def test_first_computation(index):
    page = index.page
    page.wait_for_function("document.querySelector('#check-result').dataset.state !== 'busy'")
    assert page.get_attribute("#check-result", "data-state") == "valid"
    assert page.inner_text("#check-result").startswith("True")
    assert "pairing(P * a, Q * b)" in page.inner_text("pre[data-code=check]")


def test_links(index):
    page = index.page
    hrefs = page.eval_on_selector_all("main a[href]", "as => as.map(a => a.getAttribute('href'))")
    for target in ("sign.html", "threshold.html", "ibe.html", "she.html", "console.html"):
        assert target in hrefs
    # The docs and notebooks cards link their sites when built, else say how to build them.
    site = serve.site_info()
    assert site["docs"], "make test-demo builds the documentation first (make docs)"
    for what, command in (("docs", "make docs"), ("notebooks", "make notebooks-site")):
        page.wait_for_function("document.getElementById('%s-missing').hidden === %s" % (what, str(site[what]).lower()))
        assert page.get_attribute(f"#{what}-link", "href") == (f"{what}/" if site[what] else None)
        if not site[what]:
            assert command in page.inner_text(f"#{what}-missing")
    index.assert_clean()
    index.screenshot()


def test_a_load_failure_is_shown_in_the_page(browser, demo_url):
    """Without Pyodide the page says what is missing and what to run."""
    context = browser.new_context()
    try:
        context.route("**/pyodide.mjs", lambda route: route.fulfill(status=404, body="not here"))
        page = context.new_page()
        page.goto(demo_url + "index.html")
        page.wait_for_selector("#page-error:not([hidden])", timeout=60_000)
        text = page.inner_text("#page-error")
        assert "PyblsLoadError" in text or "Pyodide not found" in text, text
        assert "npm ci" in text
        assert page.inner_text("#load-status") == "pybls could not be loaded"
        assert page.inner_text("#pybls-version") == "loading…"
    finally:
        context.close()


def test_the_guards_see_outside_requests_and_console_errors(index):
    """The checks every test ends with can fail: a request off 127.0.0.1 (from
    the page or from its Python worker), a console error, a missing file
    (fetched by the page, and a favicon, which the browser fetches on its
    own and reports only on the console and to the server) are caught."""
    page = index.page
    page.evaluate("fetch('http://192.0.2.1/x').catch(() => null)")
    page.evaluate("window.pyblsDemo.exec(\"import js\\njs.fetch('http://192.0.2.2/y')\").catch(() => null)")
    page.evaluate("console.error('deliberate')")
    page.evaluate("fetch('missing-on-purpose.txt')")
    page.evaluate("""() => {
        const icon = document.querySelector("link[rel=icon]");
        icon.href = "missing-favicon.ico";
    }""")
    try:
        page.wait_for_timeout(1000)
        assert any("192.0.2.1" in u for u in index.outside), index.outside
        assert any("192.0.2.2" in u for u in index.outside), index.outside
        assert any("deliberate" in e for e in index.errors), index.errors
        assert any("HTTP 404" in e and "missing-on-purpose.txt" in e for e in index.errors), index.errors
        sent = index.server.failures[index.served_failures:]
        assert any("missing-favicon.ico" in f for f in sent), sent
    finally:
        index.outside.clear()
        index.errors.clear()
        index.served_failures = len(index.server.failures)
        page.evaluate("""() => { document.querySelector("link[rel=icon]").href = "assets/favicon.svg"; }""")
    index.assert_clean()


def test_the_favicon_is_served(demo_url):
    """Every demo page names its icon, and the server has it."""
    for html in sorted((ROOT / "demo").glob("*.html")):
        text = html.read_text()
        assert '<link rel="icon" href="assets/favicon.svg"' in text, html.name
    with urllib.request.urlopen(demo_url + "assets/favicon.svg") as r:
        assert r.status == 200 and r.headers["Content-Type"] == "image/svg+xml"
        assert r.read().startswith(b"<svg")
