"""Shared by the tests that compile a small C program against the core
(tests/*_check.c) and talk to it one line per request: the core's compiler
flags for a curve, whether this machine can run the x86-64 kernels, and
the line protocol, and the core's libraries to link them with."""

import pathlib
import platform
import runpy
import shutil
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



class FieldTool(LineTool):
    """A check program over a curve's field (linked with build_check): the
    request "p" answers p - 1 in hexadecimal, which gives p and the bytes of
    an element; an answer starting with "err" fails the test."""

    def __init__(self, exe):
        super().__init__(exe)
        (p_minus_1,) = self.run("p")
        self.p = int(p_minus_1, 16) + 1
        self.nbytes = len(p_minus_1) // 2

    def run(self, *lines):
        out = super().run(*lines)
        assert not any(o.startswith("err") for o in out), out
        return out

def core_library(curve, bits):
    """The core of `curve` with `bits`-bit limbs as the ctypes backend loads
    it (build/libpybls[32][_CURVE].so, `make libs`), made by make if missing
    or older than its sources. Check programs that link it test the
    library's own build (and its internal functions, which it exports)
    instead of compiling the core again."""
    name = "libpybls" + ("32" if bits == 32 else "") + ("" if curve == "bls12_381" else f"_{curve}") + ".so"
    target = f"build/{name}"
    lib = REPO_ROOT / target
    newest = max(f.stat().st_mtime for f in (REPO_ROOT / "csrc").rglob("*") if f.is_file())
    if lib.is_file() and lib.stat().st_mtime >= newest:
        return lib
    import fcntl  # POSIX; the check programs are native only

    (REPO_ROOT / "build").mkdir(exist_ok=True)
    # pytest-xdist workers may ask for the same library at once: one make at a time.
    with open(REPO_ROOT / "build" / ".core_library.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        proc = subprocess.run(["make", "--no-print-directory", "-s", target], capture_output=True, text=True,
                              cwd=REPO_ROOT)
    assert proc.returncode == 0, f"make {target} failed:\n{proc.stdout}{proc.stderr}"
    return lib


def link_flags(library):
    """gcc's arguments that link a check program to `library` (a path from
    core_library) and let it find it when run."""
    return [str(library), f"-Wl,-rpath,{library.parent}"]


def build_check(source, curve, bits, exe):
    """Compiles the check program `source` for `curve` with `bits`-bit limbs
    into `exe` (the core's flags for the curve), linked to the library of
    core_library."""
    cmd = ["gcc", "-O2", "-Wall", *core_cflags(curve), f"-DPYBLS_LIMB_BITS={bits}", str(source),
           *link_flags(core_library(curve, bits)), "-o", str(exe)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, f"building {source.name} failed:\n{' '.join(cmd)}\n{proc.stderr}"
    return exe


# Every curve's core, with both limb widths: the parameters (and their ids)
# of a module fixture that builds a check program for each (curve_tool).
# None where only tests/ is there (the Pyodide runner's copy, which
# collects no check program but imports this module).
_MANIFEST = REPO_ROOT / "build-scripts" / "core_manifest.py"
CURVES = runpy.run_path(str(_MANIFEST))["libraries"](str(REPO_ROOT)) if _MANIFEST.is_file() else []
CURVE_WIDTHS = [(c, bits) for c in CURVES for bits in (64, 32)]
CURVE_WIDTH_IDS = [f"{c}-limb{bits}" for c, bits in CURVE_WIDTHS]


def curve_tool(request, tmp_path_factory, source, make_tool):
    """make_tool(exe, curve) for the check program `source` built for the
    (curve, bits) of a fixture parametrized over CURVE_WIDTHS, with the
    curve's name as its `curve`."""
    curve, bits = request.param
    if shutil.which("gcc") is None:
        import pytest

        pytest.fail(f"gcc is required to build {source.relative_to(REPO_ROOT)}")
    exe = build_check(source, curve, bits, tmp_path_factory.mktemp(source.stem) / f"{source.stem}-{curve}-{bits}")
    tool = make_tool(exe, curve)
    tool.curve = curve
    return tool
