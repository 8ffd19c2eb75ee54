"""demo/serve.py and build-scripts/localweb.py: what is served, with which
MIME type, and that nothing outside the mounted directories is."""

import json
import urllib.error
import urllib.request

import pytest

from conftest import ROOT, localweb, serve


def fetch(url, method="GET"):
    req = urllib.request.Request(url, method=method)
    with urllib.request.urlopen(req, timeout=30) as r:
        return r.status, r.headers.get("Content-Type"), r.read()


@pytest.mark.parametrize("path,ctype", [
    ("index.html", "text/html"),
    ("assets/demo.mjs", "text/javascript"),
    ("assets/demo.css", "text/css"),
    ("py/sign.py", "text/plain"),
    ("web/pybls.mjs", "text/javascript"),
    ("web/dist/pybls-wheel.json", "application/json"),
    ("web/node_modules/pyodide/pyodide.asm.wasm", "application/wasm"),
])
def test_mime_types(demo_url, path, ctype):
    status, got, _ = fetch(demo_url + path, "HEAD")
    assert status == 200 and got.split(";")[0] == ctype


def test_pages_are_cross_origin_isolated(demo_url, open_page):
    """COOP/COEP headers, so the console can interrupt running Python."""
    req = urllib.request.Request(demo_url + "console.html", method="HEAD")
    with urllib.request.urlopen(req, timeout=30) as r:
        assert r.headers["Cross-Origin-Opener-Policy"] == "same-origin"
        assert r.headers["Cross-Origin-Embedder-Policy"] == "require-corp"


def test_wheel_is_served_as_a_zip(demo_url):
    manifest = json.loads(fetch(demo_url + "web/dist/pybls-wheel.json")[2])
    status, ctype, body = fetch(demo_url + "web/dist/" + manifest["wheel"])
    assert (status, ctype) == (200, "application/zip") and body[:4] == b"PK\x03\x04"


@pytest.mark.parametrize("path", ["../Makefile", "%2e%2e/Makefile", "web/../../Makefile", "serve.py/../../README.md",
                                  "web/..%2f..%2fREADME.md"])
def test_nothing_outside_the_mounts(demo_url, path):
    try:
        status, _, body = fetch(demo_url + path)
    except urllib.error.HTTPError as e:
        assert e.code == 404
        return
    assert body not in ((ROOT / "Makefile").read_bytes(), (ROOT / "README.md").read_bytes())


def test_site_json_names_the_notebooks_site_and_docs_when_built(tmp_path):
    notebooks, docs = tmp_path / "notebooks", tmp_path / "docs"
    notebooks.mkdir()
    docs.mkdir()
    assert serve.site_info(notebooks, docs) == {"notebooks": False, "docs": False}
    (notebooks / "index.html").write_text("<!doctype html><title>notebooks</title>")
    (docs / "index.html").write_text("<!doctype html><title>docs</title>")
    assert serve.site_info(notebooks, docs) == {"notebooks": True, "docs": True}
    server, base = localweb.start_server(serve.mounts(notebooks, docs), dynamic=serve.dynamic(notebooks, docs),
                                         unisolated=serve.UNISOLATED)
    try:
        assert json.loads(fetch(base + "site.json")[2]) == {"notebooks": True, "docs": True}
        assert b"<title>docs</title>" in fetch(base + "docs/")[2]
        assert b"<title>notebooks</title>" in fetch(base + "notebooks/")[2]
        # JupyterLite's kernel does not start under cross-origin isolation
        # (tests/notebooks/browser_notebooks.py runs it from this server)
        with urllib.request.urlopen(base + "notebooks/", timeout=30) as r:
            assert "Cross-Origin-Embedder-Policy" not in r.headers
            assert "Cross-Origin-Opener-Policy" not in r.headers
    finally:
        server.shutdown()


def test_listens_on_loopback_only():
    server = localweb.make_server(serve.mounts())
    try:
        assert server.server_address[0] == "127.0.0.1"
    finally:
        server.server_close()
