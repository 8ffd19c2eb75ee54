"""Build hook for the cffi extensions (one per curve, as csrc/manifest.txt
lists them); the metadata lives in pyproject.toml.

The extensions use the limited C API (cffi builds them so: _native.abi3.so),
so the wheel is tagged cp39-abi3: one wheel for every CPython from 3.9."""

import os
import runpy

from setuptools import setup

_HERE = os.path.dirname(os.path.abspath(__file__))
_LIBRARIES = runpy.run_path(os.path.join(_HERE, "build-scripts", "core_manifest.py"))["libraries"](_HERE)

setup(
    cffi_modules=[
        "build-scripts/cffi_build.py:" + ("ffibuilder" if lib == "bls12_381" else f"ffibuilder_{lib}")
        for lib in _LIBRARIES
    ],
    options={"bdist_wheel": {"py_limited_api": "cp39"}},
)
