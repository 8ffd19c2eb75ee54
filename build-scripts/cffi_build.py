"""cffi build script for the extension module ``pybls._lib._native``.

Used by setup.py (``cffi_modules=["build-scripts/cffi_build.py:ffibuilder"]``)
or run directly to build the module in place for development::

    python build-scripts/cffi_build.py

API mode: every csrc/*.c file is compiled into the extension as is, and the
declarations come from pybls/_lib/_abi.py, generated from
csrc/include/pybls.h by build-scripts/gen_bindings.py.
"""

import glob
import os
import runpy
import sys

from cffi import FFI

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _path(*parts: str) -> str:
    # setuptools runs from the project root and prefers relative paths;
    # ffibuilder.compile() changes directory, so a direct run needs absolute ones.
    full = os.path.join(ROOT, *parts)
    if __name__ == "__main__" or os.path.abspath(os.getcwd()) != ROOT:
        return full
    return os.path.relpath(full)


SOURCES = sorted(_path("csrc", os.path.basename(p)) for p in glob.glob(os.path.join(ROOT, "csrc", "*.c")))
CDEF = runpy.run_path(os.path.join(ROOT, "pybls", "_lib", "_abi.py"))["CDEF"]

if sys.platform == "win32":
    EXTRA_COMPILE_ARGS = ["/O2"]
else:
    EXTRA_COMPILE_ARGS = ["-O3", "-std=c11", "-fvisibility=hidden", "-fno-strict-aliasing"]

ffibuilder = FFI()
ffibuilder.cdef(CDEF)
ffibuilder.set_source(
    "pybls._lib._native",
    '#include "pybls.h"',
    sources=SOURCES,
    include_dirs=[_path("csrc", "include"), _path("csrc")],
    extra_compile_args=EXTRA_COMPILE_ARGS,
)

if __name__ == "__main__":
    tmpdir = os.path.join(ROOT, "build", "cffi")
    built = ffibuilder.compile(tmpdir=tmpdir, verbose=True)
    # compile() leaves the module under tmpdir; move it next to pybls/_lib/__init__.py.
    os.replace(built, os.path.join(ROOT, "pybls", "_lib", os.path.basename(built)))
