"""Read csrc/manifest.txt, the list of the C core's sources and flags that
every build uses (see the comments at the top of that file).

    python build-scripts/core_manifest.py sources    # csrc/... one a line
    python build-scripts/core_manifest.py cflags     # -I... and flags

From Python: ``runpy.run_path`` this file, then ``sources(root)``,
``include_dirs(root)`` and ``flags(root)``; paths come back relative to
``root`` (the repository) when ``root`` is relative, else absolute.
"""

import os
import sys
from typing import List, Tuple

MANIFEST = os.path.join("csrc", "manifest.txt")


def _entries(root: str) -> List[Tuple[str, str]]:
    out = []
    with open(os.path.join(root, MANIFEST)) as f:
        for number, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            kind, _, value = line.partition(" ")
            if kind not in ("include", "flag", "src") or not value.strip():
                raise ValueError(f"{MANIFEST}:{number}: expected 'include DIR', 'flag FLAG' or 'src FILE'")
            out.append((kind, value.strip()))
    return out


def _csrc_path(root: str, rel: str) -> str:
    return os.path.normpath(os.path.join(root, "csrc", rel))


def sources(root: str = ".") -> List[str]:
    return [_csrc_path(root, v) for k, v in _entries(root) if k == "src"]


def include_dirs(root: str = ".") -> List[str]:
    return [_csrc_path(root, v) for k, v in _entries(root) if k == "include"]


def flags(root: str = ".") -> List[str]:
    return [v for k, v in _entries(root) if k == "flag"]


def cflags(root: str = ".") -> List[str]:
    return [f"-I{d}" for d in include_dirs(root)] + flags(root)


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    if what not in ("sources", "cflags"):
        sys.exit("usage: core_manifest.py sources|cflags")
    print("\n".join(sources() if what == "sources" else cflags()))
