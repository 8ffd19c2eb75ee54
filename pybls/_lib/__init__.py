"""The binding to the C core, with the backend chosen at import.

Backends:

``cffi``
    the extension module ``pybls._lib._native`` that ``pip install`` builds
    (the default where it exists; in the manylinux wheel, its build with
    the BMI2/ADX assembly, ``_native_adx``, where the processor has those
    instructions and ``PYBLS_NO_ASM`` is not set: see _cffi.py);
``ctypes``
    a shared library opened with ctypes: ``PYBLS_LIBRARY`` if set, else
    ``libpybls.so`` in this directory (where the Pyodide wheel puts the
    WebAssembly side module).

``PYBLS_BACKEND`` = ``auto`` (default: cffi, else ctypes), ``cffi`` or
``ctypes`` forces the choice.

Whatever the backend, this module exposes every C function ``pybls_NAME`` of
csrc/include/pybls.h as ``NAME``, called the same way:

* functions with an output buffer (the first C parameter ``out``) take the
  remaining arguments (``bytes`` for buffers, ``int`` for ``uint32_t``),
  return the output as fresh ``bytes``, and raise the matching
  :mod:`pybls.errors` exception on a negative status; where the output
  size is an argument (``out_len``, ``count``), the buffer is sized from it;
* the other functions (predicates, sizes) return the C ``int`` unchanged.

Buffer arguments must be ``bytes`` of at least the size the C function
reads; the Python classes above this layer guarantee it. ``scratch(n)``
makes the writable buffer that the ``*_msm`` functions take.

That is the core of BLS12-381. Each other curve is a library of its own,
opened on first use with the same backend: ``curve_binding("bn254")``
returns the same kind of namespace for it (its functions without the
``pybls_bn254_`` prefix, ``library_path``, ``limb_bits``, ``scratch``).
"""

from __future__ import annotations

import importlib
import linecache
import os
from types import ModuleType, SimpleNamespace
from typing import TYPE_CHECKING, Any, Callable, Dict, NoReturn

from . import _abi

if TYPE_CHECKING:
    # The signatures of the functions bound below, generated from the header
    # with _abi.py (a stub: never imported at run time).
    from ._functions import *  # noqa: F403
    from ._functions import Scratch

__all__ = ["BACKEND", "library_path", "limb_bits", "abi_version", "scratch", "curve_binding"]

# Labels for error messages, by function group (the word after `pybls_`).
_WHAT = {
    "scalar": "scalar",
    "fr": "Fr vector",
    "fp": "Fp element",
    "g1": "G1 point",
    "g2": "G2 point",
    "gt": "GT element",
    "pairing": "pairing",
    "miller": "pairing",
    "final": "GT element",
    "expand": "expand_message_xmd",
    "hash": "hash to field",
    "keccak256": "Keccak-256",
    "chacha20": "ChaCha20",
    "poly1305": "Poly1305",
    "aead": "ChaCha20-Poly1305",
}

# One wrapper per function with an output buffer, specialised by arity so a
# call costs one allocation, the C call, one status test and one copy.
_TEMPLATE = """\
def {name}({args}):
    out = {alloc}
    status = fn(out{comma}{args})
    if status:
        fail(status, what)
    return {read}
"""

# The same when an argument gives the output size (the C function checks
# its own limits; this bound only keeps a bad count from allocating much;
# the byte-stream functions, whose size the caller computes from its own
# input, may produce anything a uint32_t length allows).
_VARIABLE_TEMPLATE = """\
def {name}({args}):
    size = a{position} * unit
    if not 0 <= size <= max_output:
        fail(ERR_ARGUMENT, what)
    out = {alloc_var}
    status = fn(out, {args})
    if status:
        fail(status, what)
    return {read}
"""
MAX_VARIABLE_OUTPUT = 1 << 16
_STREAM_GROUPS = ("chacha20", "aead")
# Fr vectors (KZG) hold up to 65536 elements of 32 bytes; batches of points
# (a KZG trusted setup's, decoded at once) up to 65536 G1 or G2 points.
_VECTOR_GROUPS = {"fr": 1 << 21, "g1": 1 << 24, "g2": 1 << 25}


def _fail(status: int, what: str) -> NoReturn:
    from ..errors import status_error  # imported late: pybls.errors imports this package

    raise status_error(status, what)


def _select() -> Any:
    choice = os.environ.get("PYBLS_BACKEND", "auto").strip().lower() or "auto"
    if choice not in ("auto", "cffi", "ctypes"):
        raise ImportError(f"pybls: PYBLS_BACKEND must be auto, cffi or ctypes, not {choice!r}")
    cffi_error = None
    if choice in ("auto", "cffi"):
        try:
            from . import _cffi

            return _cffi
        except ImportError as e:
            if choice == "cffi":
                raise ImportError(
                    "pybls: PYBLS_BACKEND=cffi but the extension pybls._lib._native cannot be "
                    f"imported ({e}); build it with `pip install .`"
                ) from e
            cffi_error = e
    from . import _ctypes

    try:
        _ctypes.load(os.environ.get("PYBLS_LIBRARY") or None)
    except ImportError as e:
        if cffi_error is not None:
            raise ImportError(f"pybls: no usable backend: cffi: {cffi_error}; ctypes: {e}") from e
        raise
    return _ctypes


def _bind(backend: Any, abi: ModuleType = _abi) -> Dict[str, Callable[..., Any]]:
    prefix = getattr(abi, "PREFIX", "pybls_")
    raw = backend.functions(abi.SIGNATURES)
    bound: Dict[str, Callable[..., Any]] = {}
    for cname, (_, argtypes) in abi.SIGNATURES.items():
        name = cname[len(prefix):]
        namespace = dict(backend.NAMESPACE)
        namespace.update(fn=raw[cname], fail=_fail, what=_WHAT.get(name.split("_", 1)[0], name))
        args = ", ".join(f"a{i}" for i in range(len(argtypes) - 1))
        if cname in abi.OUTPUT_SIZES:
            namespace["ctype"] = backend.buffer_type(abi.OUTPUT_SIZES[cname])
            src = _TEMPLATE.format(name=name, args=args, comma=", " if args else "", alloc=backend.ALLOC, read=backend.READ)
        elif cname in abi.VARIABLE_OUTPUTS:
            position, unit = abi.VARIABLE_OUTPUTS[cname]
            group = name.split("_", 1)[0]
            limit = 0xFFFFFFFF if group in _STREAM_GROUPS else _VECTOR_GROUPS.get(group, MAX_VARIABLE_OUTPUT)
            namespace.update(unit=unit, max_output=limit, ERR_ARGUMENT=abi.PYBLS_ERR_ARGUMENT)
            src = _VARIABLE_TEMPLATE.format(
                name=name, args=args, position=position, alloc_var=backend.ALLOC_VAR, read=backend.READ
            )
        else:
            bound[name] = raw[cname]
            continue
        filename = f"<{prefix[:-1].replace('_', '.', 1)}.{name}>"
        linecache.cache[filename] = (len(src), None, src.splitlines(True), filename)  # for tracebacks
        exec(compile(src, filename, "exec"), namespace)
        bound[name] = namespace[name]
    return bound


_backend = _select()
_bound = _bind(_backend)
_bound.pop("cpu_adx")  # the cffi backend's choice of module (_cffi.py)
if not _bound.pop("cpu_supported")():
    raise ImportError(
        f"pybls: {_backend.library_path} was compiled for x86-64 processors with BMI2 and ADX, which "
        "this one lacks; reinstall pybls from source on this machine (with PYBLS_NO_ASM=1 if "
        "building on a newer one)"
    )
#: Limb width the loaded core was compiled with (64 natively, 32 for wasm).
limb_bits: int = _bound.pop("limb_bits")()
#: ABI version reported by the loaded core.
abi_version: int = _bound.pop("abi_version")()
globals().update(_bound)

#: "cffi" or "ctypes".
BACKEND: str = _backend.NAME
#: The file the C core was loaded from (the extension module or the shared library).
library_path: str = _backend.library_path
#: Allocate the writable scratch buffer the ``*_msm`` functions take.
scratch: Callable[[int], Scratch] = _backend.scratch


_curves: Dict[str, SimpleNamespace] = {}


def curve_binding(curve: str) -> SimpleNamespace:
    """The binding of another curve's library (opened on first use, with the
    backend of BLS12-381's): its C functions ``pybls_<curve>_NAME`` as
    ``NAME``, called as this module's, plus ``library_path``, ``limb_bits``,
    ``abi_version`` and ``scratch``. Raises ImportError if the library is
    missing or was built for other processors."""
    binding = _curves.get(curve)
    if binding is None:
        abi = importlib.import_module(f"{__name__}._abi_{curve}")
        backend = _backend.open_curve(curve)
        funcs = _bind(backend, abi)
        funcs.pop("cpu_adx")
        if not funcs.pop("cpu_supported")():
            raise ImportError(f"pybls: {backend.library_path} was compiled for processors this one is not")
        limb_bits_of_curve = funcs.pop("limb_bits")()
        abi_version_of_curve = funcs.pop("abi_version")()
        binding = SimpleNamespace(
            **funcs,
            limb_bits=limb_bits_of_curve,
            abi_version=abi_version_of_curve,
            library_path=backend.library_path,
            scratch=backend.scratch,
            abi=abi,
        )
        _curves[curve] = binding
    return binding

