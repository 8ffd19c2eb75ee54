"""Build hook for the cffi extension; the metadata lives in pyproject.toml."""

from setuptools import setup

setup(cffi_modules=["build-scripts/cffi_build.py:ffibuilder"])
