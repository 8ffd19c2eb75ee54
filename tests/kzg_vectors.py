"""Reading the KZG reference vectors (../shared/vectors/kzg/, c-kzg-4844's
subset of the consensus-spec-tests): ``<op>/kzg-mainnet/<case>/data.yaml``.

The files use a small part of YAML (mappings, block and flow lists, quoted
hex strings, ints, true/false/null); this reader handles exactly that, so
that the tests need no YAML package (none is available in Pyodide).
"""

import pathlib
from typing import Any, Iterator, List, Tuple

from reference import vectors_path

KZG_DIR = vectors_path() / "kzg"


def _scalar(text: str) -> Any:
    text = text.strip()
    if text in ("null", "~", ""):
        return None
    if text == "true":
        return True
    if text == "false":
        return False
    if text[0] in "'\"":
        text = text[1:-1]
    if text.startswith("0x"):
        return bytes.fromhex(text[2:])
    return int(text)


def _flow(text: str) -> Any:
    text = text.strip()
    if not text.startswith("["):
        return _scalar(text)
    inner = text[1:-1].strip()
    return [_scalar(x) for x in inner.split(",")] if inner else []


def _block(lines: List[List[Any]], i: int, indent: int) -> Tuple[Any, int]:
    if lines[i][1].startswith("-"):
        items = []
        while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("-"):
            content = lines[i][1][1:].lstrip()
            lines[i] = [indent + 2, content]
            if content.startswith("-") or (":" in content and not content.startswith("'")):
                value, i = _block(lines, i, indent + 2)
            else:
                value, i = _flow(content), i + 1
            items.append(value)
        return items, i
    out = {}
    while i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("-"):
        key, _, rest = lines[i][1].partition(":")
        rest = rest.strip()
        i += 1
        if rest.startswith("[") and not rest.endswith("]"):
            while not rest.endswith("]"):
                rest += " " + lines[i][1]
                i += 1
        if rest:
            out[key] = _flow(rest)
        elif i < len(lines) and (lines[i][0] > indent or (lines[i][0] == indent and lines[i][1].startswith("-"))):
            out[key], i = _block(lines, i, lines[i][0])
        else:
            out[key] = None
    return out, i


def load(path: pathlib.Path) -> Any:
    """The data of one data.yaml file."""
    lines = []
    for raw in path.read_text().splitlines():
        if raw.strip() and not raw.lstrip().startswith("#"):
            lines.append([len(raw) - len(raw.lstrip()), raw.strip()])
    return _block(lines, 0, 0)[0]


def cases(op: str) -> Iterator[Tuple[str, Any]]:
    """(case name, data) for every case of `op`, sorted by name."""
    for d in sorted((KZG_DIR / op / "kzg-mainnet").iterdir()):
        yield d.name, load(d / "data.yaml")
