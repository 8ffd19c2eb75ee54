"""cffi build script for the extension module ``pybls._lib._native``.

Used by setup.py (``cffi_modules=["build-scripts/cffi_build.py:ffibuilder"]``);
for development, ``pip install -e .`` builds the module into pybls/_lib/.

API mode: the core's sources and flags come from csrc/manifest.txt (read by
build-scripts/core_manifest.py, as every build of the core reads it), and the
declarations come from pybls/_lib/_abi.py, generated from
csrc/include/pybls.h by build-scripts/gen_bindings.py.

On x86-64 Linux machines with BMI2 and ADX the core is compiled with
-mbmi2 -madx, which brings in the Fp assembly; PYBLS_NO_ASM=1 leaves it
out (for a build meant to run on older processors).
"""

import os
import platform
import runpy
import sys

from cffi import FFI

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


_MANIFEST = runpy.run_path(os.path.join(ROOT, "build-scripts", "core_manifest.py"))
# setuptools runs from the project root and prefers relative paths.
_ROOT_ARG = "." if os.path.abspath(os.getcwd()) == ROOT else ROOT
INCLUDE_DIRS = _MANIFEST["include_dirs"](_ROOT_ARG)
CORE_FLAGS = _MANIFEST["flags"](_ROOT_ARG)


def _cpu_has_adx() -> bool:
    """Whether this x86-64 machine has BMI2 and ADX (Linux: /proc/cpuinfo),
    so the Fp assembly of csrc/arith/mont_adx.h can be compiled in. The core's
    pybls_cpu_supported() refuses, at import, a processor that lacks them."""
    if os.environ.get("PYBLS_NO_ASM") or platform.machine().lower() not in ("x86_64", "amd64"):
        return False
    try:
        with open("/proc/cpuinfo") as f:
            flags = next((line.split(":", 1)[1].split() for line in f if line.startswith("flags")), [])
    except OSError:
        return False
    return "adx" in flags and "bmi2" in flags


if sys.platform == "win32":
    EXTRA_COMPILE_ARGS = ["/O2"]
else:
    # -g0 undoes the -g of Python's own CFLAGS: debug information makes the
    # build about a third slower at -O3, and the wheel's is stripped anyway.
    EXTRA_COMPILE_ARGS = ["-O3", "-g0", *CORE_FLAGS, "-fvisibility=hidden"]
    if _cpu_has_adx():
        EXTRA_COMPILE_ARGS += ["-mbmi2", "-madx"]

def _builder(library: str) -> FFI:
    """The extension of one curve's library: pybls._lib._native for
    BLS12-381, pybls._lib._native_<curve> for the others."""
    suffix = "" if library == "bls12_381" else f"_{library}"
    abi = runpy.run_path(os.path.join(ROOT, "pybls", "_lib", f"_abi{suffix}.py"))
    builder = FFI()
    builder.cdef(abi["CDEF"])
    builder.set_source(
        f"pybls._lib._native{suffix}",
        '#include "pybls.h"',
        sources=_MANIFEST["sources"](_ROOT_ARG, library),
        include_dirs=INCLUDE_DIRS,
        define_macros=[(d, "1") for d in _MANIFEST["defines"](_ROOT_ARG, library)],
        extra_compile_args=EXTRA_COMPILE_ARGS,
    )
    return builder


# setup.py lists one builder per library of csrc/manifest.txt (LIBRARIES).
LIBRARIES = _MANIFEST["libraries"](_ROOT_ARG)
ffibuilder = _builder("bls12_381")
for _library in LIBRARIES:
    if _library != "bls12_381":
        globals()[f"ffibuilder_{_library}"] = _builder(_library)
