"""demo/index.html: versions of what runs, the first computation, the links."""

import json

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
    notebooks = serve.site_info()["notebooks"]
    page.wait_for_function("document.getElementById('notebooks-card').hidden === %s" % str(not notebooks).lower())
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
    the page or from its Python worker) and a console error are caught."""
    page = index.page
    page.evaluate("fetch('http://192.0.2.1/x').catch(() => null)")
    page.evaluate("window.pyblsDemo.exec(\"import js\\njs.fetch('http://192.0.2.2/y')\").catch(() => null)")
    page.evaluate("console.error('deliberate')")
    try:
        page.wait_for_timeout(500)
        assert any("192.0.2.1" in u for u in index.outside), index.outside
        assert any("192.0.2.2" in u for u in index.outside), index.outside
        assert any("deliberate" in e for e in index.errors), index.errors
    finally:
        index.outside.clear()
        index.errors.clear()
    index.assert_clean()
