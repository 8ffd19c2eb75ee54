"""pyproject.toml names its packages one by one ([tool.setuptools]
packages); a package directory missing from that list is silently left out
of the wheel (pybls.she once was). Every directory under pybls/ that holds
an __init__.py must be listed, and nothing else."""

import pathlib
import re

import pytest

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent

pytestmark = [pytest.mark.once, pytest.mark.native_only]


def _listed_packages():
    text = (REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8")
    # The [tool.setuptools] table's `packages = [...]` (tomllib is 3.11+;
    # the suite runs on older interpreters too).
    table = re.search(r"^\[tool\.setuptools\]\n(.*?)(?=^\[)", text, flags=re.S | re.M)
    assert table, "pyproject.toml has no [tool.setuptools] table"
    match = re.search(r"^packages\s*=\s*\[(.*?)\]", table.group(1), flags=re.S | re.M)
    assert match, "[tool.setuptools] names no packages"
    return re.findall(r'"([^"]+)"', match.group(1))


def _package_dirs():
    root = REPO_ROOT / "pybls"
    return sorted(
        ".".join(init.parent.relative_to(REPO_ROOT).parts)
        for init in root.rglob("__init__.py")
        if "__pycache__" not in init.parts
    )


def test_every_package_directory_is_listed():
    listed = _listed_packages()
    assert len(listed) == len(set(listed)), f"a package is listed twice: {listed}"
    dirs = _package_dirs()
    assert "pybls.she" in dirs and "pybls" in dirs
    missing = sorted(set(dirs) - set(listed))
    assert not missing, f"pyproject.toml's packages list leaves out {missing}: the wheel would lack them"
    stale = sorted(set(listed) - set(dirs))
    assert not stale, f"pyproject.toml lists {stale}, which are not package directories under pybls/"
