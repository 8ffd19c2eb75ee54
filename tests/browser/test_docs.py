"""The API documentation (`make docs`, build/docs/) as `make demo` serves it
at /docs/: the index and a module page load with no console error, no
failed request and nothing fetched from elsewhere, and the search works."""

import re

import pytest

import pybls
from conftest import DemoPage


@pytest.fixture(scope="module")
def index(open_page):
    return open_page("docs/index.html", ready=DemoPage.STATIC_READY)


def test_index_lists_guides_and_modules(index):
    page = index.page
    assert page.inner_text("#pybls-title") == f"pybls {pybls.__version__}"
    hrefs = page.eval_on_selector_all("nav a[href]", "as => as.map(a => a.getAttribute('href'))")
    for guide in ("guides/install.html", "guides/signatures.html", "guides/changelog.html"):
        assert guide in hrefs
    for module in ("pybls.html", "pybls/sig.html", "pybls/bn254.html", "pybls/threshold.html"):
        assert module in hrefs
    assert "Pairing-based cryptography" in page.inner_text("#opening")
    index.assert_clean()


def test_search_finds_a_name(index):
    page = index.page
    page.focus("input[type=search]")
    page.fill("input[type=search]", "fast_aggregate_verify")
    page.wait_for_selector("main.pdoc section.search-result", timeout=30_000)
    found = page.eval_on_selector_all("main.pdoc section.search-result > a", "as => as.map(a => a.getAttribute('href'))")
    assert any("pybls/sig" in href and "fast_aggregate_verify" in href for href in found), found
    index.assert_clean()
    index.screenshot()


def test_module_page(open_page):
    doc = open_page("docs/pybls/sig.html", ready=DemoPage.STATIC_READY)
    page = doc.page
    assert page.inner_text("h1.modulename").replace("\n", "").replace(" ", "") == "pybls.sig"
    # Docstrings with their runnable examples, rendered.
    text = page.inner_text("main")
    assert "fast_aggregate_verify" in text and ">>>" in text
    assert re.search(r"MinPk", text)
    doc.assert_clean()
    doc.screenshot()


def test_guide_page_links_the_reference(open_page):
    doc = open_page("docs/guides/signatures.html", ready=DemoPage.STATIC_READY)
    hrefs = doc.page.eval_on_selector_all("main a[href]", "as => as.map(a => a.getAttribute('href'))")
    assert any(h.startswith("../pybls/sig.html") for h in hrefs), hrefs
    doc.assert_clean()
