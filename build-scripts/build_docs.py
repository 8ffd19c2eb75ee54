#!/usr/bin/env python3
"""Build the HTML documentation of pybls with pdoc: the API reference from
the docstrings, and README.md's sections (and CHANGELOG.md) as guide pages.

    python build-scripts/build_docs.py --out build/docs

The guides are the ``## `` sections of README.md, each written as the
docstring of a module of a package ``guides`` generated under
build/docs-src/ (pdoc documents modules; these exist only for it), so that
pdoc links the names they quote (```pybls.sig```) to the reference. The
index (build-scripts/docs_templates/index.html.jinja2) shows README's
opening and lists the guides and the modules.

Every page is self-contained on this server: no web fonts, no scripts or
styles from elsewhere (pdoc's defaults, without math or mermaid), the
favicon a data: URL.
"""

from __future__ import annotations

import argparse
import pathlib
import re
import shutil
import sys
import urllib.parse
import warnings
from typing import List, Tuple

ROOT = pathlib.Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "build-scripts" / "docs_templates"
FAVICON = ROOT / "demo" / "assets" / "favicon.svg"
GUIDES = "guides"


def version() -> str:
    m = re.search(r'^__version__ = "([^"]+)"$', (ROOT / "pybls" / "__init__.py").read_text(), re.M)
    assert m, "no __version__ in pybls/__init__.py"
    return m.group(1)


def public_modules() -> List[str]:
    """pybls and every module under it whose name has no part starting with
    an underscore (pdoc itself would follow ``__all__``, which names the
    package's classes rather than its modules)."""
    import pkgutil

    import pybls

    names = ["pybls"] + [info.name for info in pkgutil.walk_packages(pybls.__path__, "pybls.")]
    return [n for n in names if not any(part.startswith("_") for part in n.split("."))]


def slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_")


def readme_sections() -> Tuple[str, List[Tuple[str, str]]]:
    """README's opening (after its title) and its (title, body) sections."""
    text = (ROOT / "README.md").read_text()
    parts = re.split(r"^## (.+)$", text, flags=re.M)
    opening = re.sub(r"^# .*\n", "", parts[0]).strip()
    sections = [(parts[i].strip(), parts[i + 1].strip()) for i in range(1, len(parts), 2)]
    return opening, sections


def write_guides(src: pathlib.Path) -> List[Tuple[str, str]]:
    """The package of guide modules; returns (module, title) of each page."""
    package = src / GUIDES
    shutil.rmtree(package, ignore_errors=True)
    package.mkdir(parents=True)
    opening, sections = readme_sections()
    changelog = (ROOT / "CHANGELOG.md").read_text()
    pages = sections + [("Changelog", re.sub(r"^# .*\n", "", changelog).strip())]
    listed = []
    for title, body in pages:
        name = slug(title)
        doc = f"# {title}\n\n{body}\n"
        (package / f"{name}.py").write_text(f"{doc!r}\n__docformat__ = 'markdown'\n")
        listed.append((f"{GUIDES}.{name}", title))
    index = "The sections of README.md, one a page:\n\n" + "\n".join(
        f"- [{title}]({module.split('.')[1]}.html)" for module, title in listed
    )
    (package / "__init__.py").write_text(f"{index!r}\n__docformat__ = 'markdown'\n")
    return listed


def build(out: pathlib.Path) -> None:
    import pdoc
    import pdoc.render
    import pdoc.render_helpers

    # The binding's signatures (Scratch, ...) live in a stub,
    # pybls/_lib/_functions.pyi, imported only under TYPE_CHECKING: pdoc
    # cannot evaluate the annotations that name them (private attributes of
    # the point classes, not shown).
    warnings.filterwarnings("ignore", message=r".*(pybls\._lib\._functions|Scratch)", category=UserWarning)
    # Every module is named explicitly; pdoc also finds some of them under
    # their packages, and says so.
    warnings.filterwarnings("ignore", message=r"The module specification .* has already been added", category=UserWarning)
    src = ROOT / "build" / "docs-src"
    guides = write_guides(src)
    sys.path.insert(0, str(src))
    sys.path.insert(0, str(ROOT))
    favicon = "data:image/svg+xml," + urllib.parse.quote(FAVICON.read_text().strip())
    pdoc.render.configure(
        docformat="restructuredtext",
        favicon=favicon,
        footer_text=f"pybls {version()}",
        template_directory=TEMPLATES,
        math=False,
        mermaid=False,
        search=True,
        show_source=True,
    )
    opening, _ = readme_sections()
    pdoc.render.env.globals["pybls_opening"] = pdoc.render_helpers.to_html(opening)
    pdoc.render.env.globals["pybls_guides"] = guides
    pdoc.render.env.globals["pybls_version"] = version()
    shutil.rmtree(out, ignore_errors=True)
    pdoc.pdoc(GUIDES, *(f"{GUIDES}.{m.split('.')[1]}" for m, _ in guides), *public_modules(),
              output_directory=out)


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", type=pathlib.Path, default=ROOT / "build" / "docs")
    args = ap.parse_args(argv)
    build(args.out.resolve())
    print(f"documentation in {args.out}/index.html")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
