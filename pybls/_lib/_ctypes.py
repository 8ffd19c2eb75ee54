"""The ctypes backend: the C core as a shared library.

Natively that is ``libpybls.so`` built with gcc; under Pyodide
(``sys.platform == "emscripten"``) it is the WebAssembly side module shipped
inside the package, which Pyodide's ``ctypes.CDLL`` loads the same way.
Functions of a ``CDLL`` (unlike a ``PyDLL``) release the GIL for the
duration of each call, so threads run the core in parallel, as with cffi.

Every pointer parameter is declared ``c_char_p`` so ``bytes`` pass without a
copy; outputs are preallocated ``c_char * n`` arrays (much cheaper to create
than ``create_string_buffer``) read back with ``.raw``.
"""

from __future__ import annotations

import ctypes
import os
import sys
from types import SimpleNamespace
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


def _functions(dll: ctypes.CDLL, path: str, signatures: Dict[str, Tuple[str, List[str]]]) -> Dict[str, Callable[..., int]]:
    out: Dict[str, Callable[..., int]] = {}
    for name, (restype, argtypes) in signatures.items():
        try:
            fn = getattr(dll, name)
        except AttributeError as e:
            raise ImportError(f"pybls: {path} does not export {name} (stale or partial build?)") from e
        fn.restype = _RESTYPES[restype]
        fn.argtypes = [_ARGTYPES[t] for t in argtypes]
        out[name] = fn
    return out


def functions(signatures: Dict[str, Tuple[str, List[str]]]) -> Dict[str, Callable[..., int]]:
    """The C functions by name, with argtypes and restype set from `signatures`."""
    assert _dll is not None, "load() first"
    return _functions(_dll, library_path, signatures)


def curve_library_path(curve: str) -> str:
    """Where another curve's library is: beside the one loaded, with the
    curve in its name (libpybls32.so -> libpybls32_bn254.so)."""
    assert library_path, "load() first"
    stem, ext = os.path.splitext(library_path)
    return f"{stem}_{curve}{ext}"


def open_curve(curve: str) -> SimpleNamespace:
    """The library of another curve than BLS12-381, with this module's interface."""
    path = curve_library_path(curve)
    try:
        dll = ctypes.CDLL(path)
    except OSError as e:
        raise ImportError(f"pybls: cannot load {path}: {e}") from e
    return SimpleNamespace(
        NAME=NAME,
        ALLOC=ALLOC,
        ALLOC_VAR=ALLOC_VAR,
        READ=READ,
        NAMESPACE=NAMESPACE,
        functions=lambda signatures: _functions(dll, path, signatures),
        buffer_type=buffer_type,
        scratch=scratch,
        library_path=path,
    )


def buffer_type(size: int) -> Any:
    """The type `ALLOC` instantiates for an output of `size` bytes."""
    return ctypes.c_char * size


def scratch(size: int) -> Any:
    """A zeroed writable buffer of `size` bytes, accepted as ``c_char_p``."""
    return (ctypes.c_char * size)()
