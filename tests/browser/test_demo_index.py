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
    for target in ("sign.html", "threshold.html", "console.html"):
        assert target in hrefs
    notebooks = serve.site_info()["notebooks"]
    page.wait_for_function("document.getElementById('notebooks-card').hidden === %s" % str(not notebooks).lower())
    index.assert_clean()
    index.screenshot()
