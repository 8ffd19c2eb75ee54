"""The curves pybls implements, by the names other projects give them.

Each curve is a module with the same classes (``G1``, ``G2``, ``Scalar``;
see :mod:`pybls.bn254`); its core is loaded when the module is first
imported, so naming a curve here costs nothing until it is used.

>>> from pybls import curves
>>> curves.get("alt_bn128").__name__
'pybls.bn254'
>>> curves.get("BLS12_381").__name__
'pybls.bls12_381'
>>> sorted(curves.CURVES)
['bls12_381', 'bn254']
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Dict, Iterator, Mapping

__all__ = ["CURVES", "get", "ALIASES"]

#: Other names for each curve, compared without case: Ethereum's and
#: py_ecc's (alt_bn128, bn128), mcl's (BN_SNARK1, BLS12_381) and
#: arkworks'/gnark's (bn254, bls12-381). mcl's "BN254" is another curve,
#: Nogami's, which pybls does not have yet: that name is not an alias of
#: this bn254.
ALIASES: Dict[str, str] = {
    "bls12_381": "bls12_381",
    "bls12-381": "bls12_381",
    "bls12381": "bls12_381",
    "bn254": "bn254",
    "alt_bn128": "bn254",
    "bn128": "bn254",
    "bn_snark1": "bn254",
    "bn254_snarks": "bn254",
}


class _Curves(Mapping[str, ModuleType]):
    """The curve modules by their pybls names, imported on first access."""

    _NAMES = ("bls12_381", "bn254")

    def __getitem__(self, name: str) -> ModuleType:
        if name not in self._NAMES:
            raise KeyError(name)
        return importlib.import_module(f"pybls.{name}")

    def __iter__(self) -> Iterator[str]:
        return iter(self._NAMES)

    def __len__(self) -> int:
        return len(self._NAMES)


#: The curve modules by their pybls names.
CURVES: Mapping[str, ModuleType] = _Curves()


def get(name: str) -> ModuleType:
    """The module of the curve `name` (any name in :data:`ALIASES`, without
    regard to case); :class:`LookupError` for an unknown name.

    >>> get("bn128") is get("BN_SNARK1")
    True
    """
    key = ALIASES.get(name.lower())
    if key is None:
        raise LookupError(f"unknown curve {name!r}; known: {', '.join(sorted(ALIASES))}")
    return CURVES[key]
