"""cffi build script for the extension module ``pybls._lib._native``.

Used by setup.py (``cffi_modules=["build-scripts/cffi_build.py:ffibuilder"]``);
for development, ``pip install -e .`` builds the module into pybls/_lib/.

API mode: every csrc/*.c file is compiled into the extension as is, and the
declarations come from pybls/_lib/_abi.py, generated from
csrc/include/pybls.h by build-scripts/gen_bindings.py.

On x86-64 Linux machines with BMI2 and ADX the core is compiled with
-mbmi2 -madx, which brings in the Fp assembly; PYBLS_NO_ASM=1 leaves it
out (for a build meant to run on older processors).
"""

import glob
import os
import platform
import runpy
import sys

from cffi import FFI

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _path(*parts: str) -> str:
    # setuptools runs from the project root and prefers relative paths.
    full = os.path.join(ROOT, *parts)
    return os.path.relpath(full) if os.path.abspath(os.getcwd()) == ROOT else full


SOURCES = sorted(_path("csrc", os.path.basename(p)) for p in glob.glob(os.path.join(ROOT, "csrc", "*.c")))
CDEF = runpy.run_path(os.path.join(ROOT, "pybls", "_lib", "_abi.py"))["CDEF"]



def _cpu_has_adx() -> bool:
    """Whether this x86-64 machine has BMI2 and ADX (Linux: /proc/cpuinfo),
    so the Fp assembly of csrc/mont_adx.h can be compiled in. The core's
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
    EXTRA_COMPILE_ARGS = ["-O3", "-std=c11", "-fvisibility=hidden"]
    if _cpu_has_adx():
        EXTRA_COMPILE_ARGS += ["-mbmi2", "-madx"]

ffibuilder = FFI()
ffibuilder.cdef(CDEF)
ffibuilder.set_source(
    "pybls._lib._native",
    '#include "pybls.h"',
    sources=SOURCES,
    include_dirs=[_path("csrc", "include"), _path("csrc")],
    extra_compile_args=EXTRA_COMPILE_ARGS,
)
