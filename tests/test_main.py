"""``python -m pybls``: the report of backends and curves, and the demo."""

import os
import subprocess
import sys

import pytest

import pybls

pytestmark = pytest.mark.native_only


def _run(*args):
    return subprocess.run([sys.executable, "-m", "pybls", *args], capture_output=True, text=True,
                          env=dict(os.environ), timeout=120)


def test_report_names_backends_and_curves():
    done = _run()
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.splitlines()[0] == f"pybls {pybls.__version__}"
    assert f"backend in use: {pybls.backend()}" in out
    for line in ("  cffi ", "  ctypes "):
        assert line in out
    for curve, alias in (("bls12_381", "BLS12-381"), ("bn254", "alt_bn128"), ("bn254_nogami", "BN254_Nogami")):
        assert f"  {curve} " in out and alias in out
    assert "not available" not in out.split("curves")[1], out


@pytest.mark.once
def test_demo_checks_pass():
    done = _run("demo")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "FAILED" not in done.stdout and done.stdout.count(": ok") == 3, done.stdout
    assert "pairing" in done.stdout


def test_unknown_argument_shows_usage():
    done = _run("nonsense")
    assert done.returncode == 2
    assert "python -m pybls demo" in done.stderr
