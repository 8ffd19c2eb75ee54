"""Build hook for the cffi extensions (one per curve, as csrc/manifest.txt
lists them); the metadata lives in pyproject.toml.

The extensions use the limited C API (cffi builds them so: _native.abi3.so),
so the wheel is tagged cp39-abi3: one wheel for every CPython from 3.9."""

import copy
import os
import runpy

from setuptools import setup
from setuptools.command.build_ext import build_ext

_HERE = os.path.dirname(os.path.abspath(__file__))
# One builder per library of csrc/manifest.txt, and under
# PYBLS_ASM_DISPATCH one more each (the build with the assembly).
_BUILDERS = runpy.run_path(os.path.join(_HERE, "build-scripts", "cffi_build.py"))["BUILDERS"]
# The extensions compile side by side (build -j, which build_ext takes up),
# one per processor: one at a time took twice as long.
_JOBS = max(1, min(len(_BUILDERS), os.cpu_count() or 1))


class build_ext_per_curve(build_ext):
    """Each extension compiles into a temporary directory of its own: the
    curves share their sources, built with different -D flags, so in one
    directory side-by-side builds would link each other's objects."""

    def build_extension(self, ext):
        own = copy.copy(self)
        own.build_temp = os.path.join(self.build_temp, ext.name)
        super(build_ext_per_curve, own).build_extension(ext)


setup(
    cffi_modules=["build-scripts/cffi_build.py:" + name for name in _BUILDERS],
    cmdclass={"build_ext": build_ext_per_curve},
    options={
        "bdist_wheel": {"py_limited_api": "cp39"},
        "build": {"parallel": _JOBS},
    },
)
