"""pybls: BLS12-381 pairing-based cryptography for Python.

One C core, used natively through cffi and in WebAssembly (Pyodide) through
ctypes, under the same API:

>>> import pybls
>>> from pybls import G1, G2, Scalar, pairing
>>> a, b = Scalar.random(), Scalar.random()
>>> P, Q = G1.generator(), G2.generator()
>>> pairing(P * a, Q * b) == pairing(P, Q) ** (a * b)
True
>>> pybls.backend() in ("cffi", "ctypes")
True
"""

from typing import TYPE_CHECKING

from . import errors
from ._lib import BACKEND as _BACKEND
from .errors import (
    DecodeError,
    InvalidFlagsError,
    InvalidLengthError,
    NonCanonicalError,
    NotInSubgroupError,
    NotOnCurveError,
    NotSquareError,
    PyblsError,
)
from .gt import GT
from .hashing import hash_to_field
from .pairing import final_exponentiation, miller_loop, pairing, pairing_check, pairing_product
from .points import FIELD_MODULUS, G1, G2
from .scalar import R as CURVE_ORDER
from .scalar import Scalar

if TYPE_CHECKING:  # loaded on first use (__getattr__ below); typed as the module
    from . import sig

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "backend",
    "errors",
    "sig",
    "Scalar",
    "G1",
    "G2",
    "GT",
    "pairing",
    "pairing_product",
    "pairing_check",
    "miller_loop",
    "final_exponentiation",
    "hash_to_field",
    "CURVE_ORDER",
    "FIELD_MODULUS",
    "PyblsError",
    "DecodeError",
    "InvalidLengthError",
    "InvalidFlagsError",
    "NonCanonicalError",
    "NotOnCurveError",
    "NotInSubgroupError",
    "NotSquareError",
]


def backend() -> str:
    """The binding in use: ``"cffi"`` (native extension) or ``"ctypes"``.

    ``pybls._lib.library_path`` tells which file was loaded; the environment
    variables ``PYBLS_BACKEND`` and ``PYBLS_LIBRARY`` choose (see
    :mod:`pybls._lib`).

    >>> import pybls
    >>> pybls.backend() in ("cffi", "ctypes")
    True
    """
    return _BACKEND


# The scheme modules and the other curves (each its own library) load on
# first use, so that `import pybls` stays light and `pybls.sig.MinPk` or
# `pybls.bn254.pairing(...)` works without importing the module first.
_LAZY_MODULES = frozenset({
    "aead", "compat", "drand", "eip2333", "evm", "ibe", "kzg", "she", "sig", "threshold", "tlock",
    "bn254", "bn254_nogami", "bn381", "bn462", "bls48_581",
})


def __getattr__(name: str) -> object:
    if name in _LAZY_MODULES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
