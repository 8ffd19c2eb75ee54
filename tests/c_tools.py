"""Shared by the tests that compile a small C program against the core
(tests/*_check.c) and talk to it one line per request: the core's compiler
flags for a curve, whether this machine can run the x86-64 kernels, and
the line protocol."""

import pathlib
import platform
import subprocess
import sys

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent


def core_cflags(curve):
    """The compiler flags every build of `curve`'s core takes
    (build-scripts/core_manifest.py)."""
    out = subprocess.run([sys.executable, str(REPO_ROOT / "build-scripts" / "core_manifest.py"), "cflags", curve],
                         capture_output=True, text=True, check=True, cwd=REPO_ROOT)
    return out.stdout.split()


def cpu_has_adx():
    """Whether this is an x86-64 machine with BMI2 and ADX (Linux)."""
    if platform.machine() not in ("x86_64", "AMD64"):
        return False
    try:
        text = pathlib.Path("/proc/cpuinfo").read_text()
    except OSError:
        return False
    flags = next((line.split(":", 1)[1].split() for line in text.splitlines() if line.startswith("flags")), [])
    return "adx" in flags and "bmi2" in flags


class LineTool:
    """A check program: each input line is one request, answered by one
    output line."""

    def __init__(self, exe):
        self.exe = exe

    def run(self, *lines):
        proc = subprocess.run([str(self.exe)], input="".join(line + "\n" for line in lines),
                              capture_output=True, text=True, timeout=600)
        assert proc.returncode == 0, proc.stderr
        out = proc.stdout.splitlines()
        assert len(out) == len(lines), proc.stdout
        return out
