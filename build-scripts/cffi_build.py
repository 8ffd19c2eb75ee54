"""cffi build script for the extension module ``pybls._lib._native``.

Used by setup.py (``cffi_modules``: one ``build-scripts/cffi_build.py:NAME``
per name of BUILDERS);
for development, ``pip install -e .`` builds the module into pybls/_lib/.

API mode: the core's sources and flags come from csrc/manifest.txt (read by
build-scripts/core_manifest.py, as every build of the core reads it), and the
declarations come from pybls/_lib/_abi.py, generated from
csrc/include/pybls.h by build-scripts/gen_bindings.py.

On x86-64 Linux machines with BMI2 and ADX the core is compiled with
-mbmi2 -madx, which brings in the Fp assembly; PYBLS_NO_ASM=1 leaves it
out (for a build meant to run on older processors). PYBLS_ASM_DISPATCH=1
(the wheel of `make dist`, for any x86-64) builds each curve's module both
ways: ``_native<suffix>`` portable and ``_native<suffix>_adx`` with the
assembly, whatever the building machine has; pybls/_lib/_cffi.py loads the
latter where the processor runs it.
"""

import functools
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


def _is_x86_64() -> bool:
    return platform.machine().lower() in ("x86_64", "amd64")


#: Both builds of each module (see above): on x86-64, not on Windows (MSVC
#: takes no -madx).
DISPATCH = bool(os.environ.get("PYBLS_ASM_DISPATCH")) and _is_x86_64() and sys.platform != "win32"
ADX_ARGS = ["-mbmi2", "-madx"]

if sys.platform == "win32":
    EXTRA_COMPILE_ARGS = ["/O2"]
else:
    # -g0 undoes the -g of Python's own CFLAGS: debug information makes the
    # build about a third slower at -O3, and the wheel's is stripped anyway.
    EXTRA_COMPILE_ARGS = ["-O3", "-g0", *CORE_FLAGS, "-fvisibility=hidden"]
    if _cpu_has_adx() and not DISPATCH:
        EXTRA_COMPILE_ARGS += ADX_ARGS

def _builder(library: str, adx: bool = False) -> FFI:
    """The extension of one curve's library: pybls._lib._native for
    BLS12-381, pybls._lib._native_<curve> for the others (+ ``_adx``: the
    build with the assembly, of a dispatching wheel)."""
    suffix = "" if library == "bls12_381" else f"_{library}"
    abi = runpy.run_path(os.path.join(ROOT, "pybls", "_lib", f"_abi{suffix}.py"))
    builder = FFI()
    builder.cdef(abi["CDEF"])
    source = '#include "pybls.h"'
    if DISPATCH and not adx:
        # the mark of a portable build with an _adx twin, which the bindings
        # load instead where the processor runs it (pybls/_lib/_cffi.py);
        # a module built for one machine has none, so a leftover _adx file
        # beside it is never loaded
        builder.cdef("#define PYBLS_ADX_TWIN ...")
        source += "\n#define PYBLS_ADX_TWIN 1"
    builder.set_source(
        f"pybls._lib._native{suffix}{'_adx' if adx else ''}",
        source,
        sources=_MANIFEST["sources"](_ROOT_ARG, library),
        include_dirs=INCLUDE_DIRS,
        define_macros=[(d, "1") for d in _MANIFEST["defines"](_ROOT_ARG, library)],
        extra_compile_args=EXTRA_COMPILE_ARGS + (ADX_ARGS if adx else []),
    )
    return builder


# setup.py lists BUILDERS: one builder per library of csrc/manifest.txt, and
# under DISPATCH its build with the assembly. Each is a function that makes
# the FFI when called (cffi's setuptools hook calls what it finds under the
# name): the hook executes this file once per module it builds, and making
# every module's FFI each time (the cdef parse of the whole API) cost the
# wheel build of `make dist` 40 s of one processor.
LIBRARIES = _MANIFEST["libraries"](_ROOT_ARG)
BUILDERS = []
for _library in LIBRARIES:
    _name = "ffibuilder" if _library == "bls12_381" else f"ffibuilder_{_library}"
    globals()[_name] = functools.partial(_builder, _library)
    BUILDERS.append(_name)
    if DISPATCH:
        globals()[_name + "_adx"] = functools.partial(_builder, _library, adx=True)
        BUILDERS.append(_name + "_adx")
