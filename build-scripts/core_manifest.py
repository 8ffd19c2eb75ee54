"""Read csrc/manifest.txt, the list of the C core's libraries (one per
curve), their sources and the flags every build uses (see the comments at
the top of that file).

    python build-scripts/core_manifest.py libraries          # names, one a line
    python build-scripts/core_manifest.py sources [LIBRARY]  # csrc/... one a line
    python build-scripts/core_manifest.py cflags [LIBRARY]   # -I..., flags, -D...

LIBRARY defaults to bls12_381. From Python: ``runpy.run_path`` this file,
then ``libraries(root)``, ``sources(root, library)``, ``include_dirs(root)``,
``flags(root)``, ``defines(root, library)``, ``abi_groups(root, library)``
and ``cflags(root, library)``; paths come back relative to ``root`` (the
repository) when ``root`` is relative, else absolute.
"""

import os
import sys
from typing import Dict, List, Tuple

MANIFEST = os.path.join("csrc", "manifest.txt")
DEFAULT = "bls12_381"
_KINDS = ("include", "flag", "library", "define", "src", "abi")


def _entries(root: str) -> List[Tuple[str, str, str]]:
    """(kind, value, library) for each line; library is "" before the first."""
    out = []
    library = ""
    with open(os.path.join(root, MANIFEST)) as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            kind, _, value = line.partition(" ")
            value = value.strip()
            if kind not in _KINDS or not value:
                raise ValueError(f"{MANIFEST}:{number}: expected one of {', '.join(_KINDS)} and a value")
            if kind == "library":
                library = value
            elif kind in ("define", "src", "abi") and not library:
                raise ValueError(f"{MANIFEST}:{number}: '{kind}' before any 'library'")
            elif kind in ("include", "flag") and library:
                raise ValueError(f"{MANIFEST}:{number}: '{kind}' applies to every library: put it first")
            out.append((kind, value, library))
    return out


def _csrc_path(root: str, rel: str) -> str:
    return os.path.normpath(os.path.join(root, "csrc", rel))


def libraries(root: str = ".") -> List[str]:
    return [v for k, v, _ in _entries(root) if k == "library"]


def _of(root: str, library: str, kind: str) -> List[str]:
    if library not in libraries(root):
        raise ValueError(f"{MANIFEST}: no library {library!r}")
    return [v for k, v, lib in _entries(root) if k == kind and lib == library]


def sources(root: str = ".", library: str = DEFAULT) -> List[str]:
    return [_csrc_path(root, v) for v in _of(root, library, "src")]


def defines(root: str = ".", library: str = DEFAULT) -> List[str]:
    return _of(root, library, "define")


def abi_groups(root: str = ".", library: str = DEFAULT) -> List[str]:
    return [g for v in _of(root, library, "abi") for g in v.split()]


def include_dirs(root: str = ".") -> List[str]:
    return [_csrc_path(root, v) for k, v, _ in _entries(root) if k == "include"]


def flags(root: str = ".") -> List[str]:
    return [v for k, v, _ in _entries(root) if k == "flag"]


def cflags(root: str = ".", library: str = DEFAULT) -> List[str]:
    return [f"-I{d}" for d in include_dirs(root)] + flags(root) + [f"-D{d}" for d in defines(root, library)]


def library_table(root: str = ".") -> Dict[str, Dict[str, List[str]]]:
    return {
        lib: {"sources": sources(root, lib), "defines": defines(root, lib), "abi": abi_groups(root, lib)}
        for lib in libraries(root)
    }


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    lib = sys.argv[2] if len(sys.argv) > 2 else DEFAULT
    if what == "libraries":
        print("\n".join(libraries()))
    elif what == "sources":
        print("\n".join(sources(".", lib)))
    elif what == "cflags":
        print("\n".join(cflags(".", lib)))
    else:
        sys.exit("usage: core_manifest.py libraries | sources [LIBRARY] | cflags [LIBRARY]")
