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
['bls12_381', 'bls48_581', 'bn254', 'bn254_nogami', 'bn381', 'bn462']
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Dict, Iterator, Mapping

from .errors import UnknownCurveError

__all__ = ["CURVES", "get", "ALIASES"]

#: Other names for each curve: Ethereum's and py_ecc's (alt_bn128, bn128),
#: mcl's (BN_SNARK1, BN254, BN381_1, BN462, BLS12_381; BN462 and BLS48_581
#: are also the CFRG draft's names), constantine's (BN254_Snarks,
#: BN254_Nogami) and arkworks'/gnark's (bn254, bls12-381). Names are
#: compared exactly, then without case where that is unambiguous: mcl's
#: "BN254" is Nogami's curve while "bn254" is Ethereum's, as in arkworks,
#: gnark, noble-curves and this package.
ALIASES: Dict[str, str] = {
    "bls12_381": "bls12_381",
    "BLS12_381": "bls12_381",
    "bls12-381": "bls12_381",
    "BLS12-381": "bls12_381",
    "bls12381": "bls12_381",
    "bn254": "bn254",
    "alt_bn128": "bn254",
    "bn128": "bn254",
    "BN_SNARK1": "bn254",
    "bn254_snarks": "bn254",
    "BN254_Snarks": "bn254",
    "bn254_nogami": "bn254_nogami",
    "BN254_Nogami": "bn254_nogami",
    "BN254": "bn254_nogami",
    "bn381": "bn381",
    "BN381_1": "bn381",
    "bn381_1": "bn381",
    "bn462": "bn462",
    "BN462": "bn462",
    "bls48_581": "bls48_581",
    "BLS48_581": "bls48_581",
    "bls48-581": "bls48_581",
    "BLS48-581": "bls48_581",
}


class _Curves(Mapping[str, ModuleType]):
    """The curve modules by their pybls names, imported on first access."""

    _NAMES = ("bls12_381", "bls48_581", "bn254", "bn254_nogami", "bn381", "bn462")

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
    """The module of the curve `name` (a name of :data:`ALIASES`; another
    case of one is accepted where it names one curve only);
    :class:`~pybls.errors.UnknownCurveError` (a :class:`LookupError`) for
    an unknown or ambiguous name, :class:`TypeError` for a name that is not
    a str.

    >>> get("bn128") is get("BN_SNARK1") is get("bn254")
    True
    >>> get("BN254").__name__
    'pybls.bn254_nogami'
    """
    if not isinstance(name, str):
        raise TypeError(f"a curve name is a str, not {type(name).__name__}")
    key = ALIASES.get(name)
    if key is None:
        matches = {curve for alias, curve in ALIASES.items() if alias.lower() == name.lower()}
        if len(matches) > 1:
            raise UnknownCurveError(
                f"curve name {name!r} is ambiguous: 'bn254' is Ethereum's alt_bn128, "
                "'BN254' (mcl's name) is Nogami's curve"
            )
        if not matches:
            raise UnknownCurveError(f"unknown curve {name!r}; known: {', '.join(sorted(ALIASES))}")
        key = matches.pop()
    return CURVES[key]
