"""The cffi backend: the extension module ``pybls._lib._native``.

It is built by ``pip install`` from build-scripts/cffi_build.py (API mode:
the C core is compiled into the extension, and cffi releases the GIL around
every call). cffi accepts ``bytes`` for ``const uint8_t *`` arguments without
copying; outputs are written to a fresh ``uint8_t[n]`` and copied out once.
Fixed-size outputs are not zeroed first (every C function writes its whole
output before returning PYBLS_OK, and only then is it read): that saves a
memset per call.
"""

from __future__ import annotations

from typing import Any, Callable, Dict

from ._native import ffi, lib  # type: ignore[import-not-found]
from ._native import __file__ as library_path

NAME = "cffi"

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
