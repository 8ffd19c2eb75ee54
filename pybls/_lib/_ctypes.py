"""The ctypes backend: the C core as a shared library.

Natively that is ``libpybls.so`` built with gcc; under Pyodide
(``sys.platform == "emscripten"``) it is the WebAssembly side module shipped
inside the package, which Pyodide's ``ctypes.CDLL`` loads the same way.

Every pointer parameter is declared ``c_char_p`` so ``bytes`` pass without a
copy; outputs are preallocated ``c_char * n`` arrays (much cheaper to create
than ``create_string_buffer``) read back with ``.raw``.
"""

from __future__ import annotations

import ctypes
import os
import sys
from typing import Any, Callable, Dict, List, Optional, Tuple

NAME = "ctypes"

ALLOC = "ctype()"
ALLOC_VAR = "create_string_buffer(size)"
READ = "out.raw"
NAMESPACE: Dict[str, Any] = {"create_string_buffer": ctypes.create_string_buffer}

_ARGTYPES = {"u8*": ctypes.c_char_p, "const u8*": ctypes.c_char_p, "u32": ctypes.c_uint32}
_RESTYPES = {"int": ctypes.c_int}

_DEFAULT_NAMES = {"darwin": ["libpybls.dylib", "libpybls.so"], "win32": ["pybls.dll"]}

library_path = ""
_dll: Optional[ctypes.CDLL] = None


def default_candidates() -> List[str]:
    """Where the library is looked for when ``PYBLS_LIBRARY`` is unset."""
    here = os.path.dirname(os.path.abspath(__file__))
    return [os.path.join(here, n) for n in _DEFAULT_NAMES.get(sys.platform, ["libpybls.so"])]


def load(path: Optional[str]) -> None:
    """Open the shared library at `path`, or at the first default location."""
    global _dll, library_path
    if path:
        candidates = [os.path.abspath(path)]
    else:
        candidates = [p for p in default_candidates() if os.path.exists(p)]
        if not candidates:
            raise ImportError(
                "pybls: no shared library for the ctypes backend; looked for "
                + ", ".join(default_candidates())
                + " (set PYBLS_LIBRARY to its path)"
            )
    try:
        _dll = ctypes.CDLL(candidates[0])
    except OSError as e:
        raise ImportError(f"pybls: cannot load {candidates[0]}: {e}") from e
    library_path = candidates[0]


def functions(signatures: Dict[str, Tuple[str, List[str]]]) -> Dict[str, Callable[..., int]]:
    """The C functions by name, with argtypes and restype set from `signatures`."""
    assert _dll is not None, "load() first"
    out: Dict[str, Callable[..., int]] = {}
    for name, (restype, argtypes) in signatures.items():
        try:
            fn = getattr(_dll, name)
        except AttributeError as e:
            raise ImportError(f"pybls: {library_path} does not export {name} (stale or partial build?)") from e
        fn.restype = _RESTYPES[restype]
        fn.argtypes = [_ARGTYPES[t] for t in argtypes]
        out[name] = fn
    return out


def buffer_type(size: int) -> Any:
    """The type `ALLOC` instantiates for an output of `size` bytes."""
    return ctypes.c_char * size


def scratch(size: int) -> Any:
    """A zeroed writable buffer of `size` bytes, accepted as ``c_char_p``."""
    return (ctypes.c_char * size)()
