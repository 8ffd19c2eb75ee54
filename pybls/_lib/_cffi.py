"""The cffi backend: the extension module ``pybls._lib._native``.

It is built by ``pip install`` from build-scripts/cffi_build.py (API mode:
the C core is compiled into the extension, and cffi releases the GIL around
every call). A wheel built for any x86-64 holds each curve's core twice:
``_native`` (portable C) and ``_native_adx`` (with the Fp assembly for BMI2
and ADX); the latter is loaded where the processor has those instructions
and the environment does not set ``PYBLS_NO_ASM``. cffi accepts ``bytes``
for ``const uint8_t *`` arguments without copying; outputs are written to a
fresh ``uint8_t[n]`` and copied out once.
Fixed-size outputs are not zeroed first (every C function writes its whole
output before returning PYBLS_OK, and only then is it read): that saves a
memset per call.
"""

from __future__ import annotations

import importlib
import os
from types import SimpleNamespace
from typing import Any, Callable, Dict

NAME = "cffi"


def _extension(name: str, cpu_adx: str) -> Any:
    """The extension module `name`, or its build with the Fp assembly
    (`name` + ``_adx``) where `name` is the portable build of a wheel for
    any x86-64 (its constant PYBLS_ADX_TWIN), this processor runs the
    assembly (the portable module's C function `cpu_adx` says so: the other
    is not imported before) and ``PYBLS_NO_ASM`` is unset or empty."""
    module = importlib.import_module(f"{__package__}.{name}")
    if os.environ.get("PYBLS_NO_ASM") or not getattr(module.lib, "PYBLS_ADX_TWIN", 0):
        return module
    if not getattr(module.lib, cpu_adx)():  # a marked build has it: both came with the mark
        return module
    return importlib.import_module(f"{__package__}.{name}_adx")  # built with it: an error here is real


_module = _extension("_native", "pybls_cpu_adx")
ffi, lib, library_path = _module.ffi, _module.lib, _module.__file__

# Expressions and names used by the wrapper template in pybls/_lib/__init__.py.
ALLOC = "new_uncleared(ctype)"
ALLOC_VAR = "new(bytes_type, size)"
READ = "buffer(out)[:]"
NAMESPACE: Dict[str, Any] = {
    "new": ffi.new,
    "new_uncleared": ffi.new_allocator(should_clear_after_alloc=False),
    "buffer": ffi.buffer,
    "bytes_type": ffi.typeof("uint8_t[]"),
}


def functions(signatures: Dict[str, Any]) -> Dict[str, Callable[..., int]]:
    """The C functions by name, callable with bytes and ints."""
    missing = [name for name in signatures if not hasattr(lib, name)]
    if missing:
        raise ImportError(
            f"pybls: the extension {library_path} lacks {', '.join(missing)}: "
            "it is older than pybls/_lib/_abi.py; rebuild it (pip install .)"
        )
    return {name: getattr(lib, name) for name in signatures}


def buffer_type(size: int) -> Any:
    """The type `ALLOC` instantiates for an output of `size` bytes."""
    return ffi.typeof(f"uint8_t[{size}]")


def scratch(size: int) -> Any:
    """A zeroed writable buffer of `size` bytes, passed to C as ``uint8_t *``."""
    return ffi.new("uint8_t[]", size)


def open_curve(curve: str) -> SimpleNamespace:
    """The extension of another curve than BLS12-381 (``pybls._lib._native_<curve>``),
    with this module's interface."""
    try:
        module = _extension(f"_native_{curve}", f"pybls_{curve}_cpu_adx")
    except ImportError as e:
        raise ImportError(
            f"pybls: the extension pybls._lib._native_{curve} cannot be imported ({e}); "
            "rebuild pybls (pip install .)"
        ) from e
    cffi, clib, path = module.ffi, module.lib, module.__file__

    def curve_functions(signatures: Dict[str, Any]) -> Dict[str, Callable[..., int]]:
        missing = [name for name in signatures if not hasattr(clib, name)]
        if missing:
            raise ImportError(f"pybls: the extension {path} lacks {', '.join(missing)}; rebuild it (pip install .)")
        return {name: getattr(clib, name) for name in signatures}

    return SimpleNamespace(
        NAME=NAME,
        ALLOC=ALLOC,
        ALLOC_VAR=ALLOC_VAR,
        READ=READ,
        NAMESPACE={
            "new": cffi.new,
            "new_uncleared": cffi.new_allocator(should_clear_after_alloc=False),
            "buffer": cffi.buffer,
            "bytes_type": cffi.typeof("uint8_t[]"),
        },
        functions=curve_functions,
        buffer_type=lambda size: cffi.typeof(f"uint8_t[{size}]"),
        scratch=lambda size: cffi.new("uint8_t[]", size),
        library_path=path,
    )
