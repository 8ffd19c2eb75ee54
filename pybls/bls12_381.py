"""BLS12-381 as a curve module, with the classes of every curve module
(``G1``, ``G2``, ``GT``, ``Scalar``, ``pairing``): the same objects as
``pybls.G1``, ``pybls.G2``, ... (BLS12-381 is pybls's default curve).

>>> from pybls import bls12_381, G1
>>> bls12_381.G1 is G1
True
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from .gt import GT
from .pairing import _BLS12_381 as _PAIRING  # noqa: F401  (the curve's Pairing, as other curve modules have)
from .pairing import final_exponentiation, miller_loop, pairing, pairing_check, pairing_product
from .points import FIELD_MODULUS, G1, G2
from .scalar import R as CURVE_ORDER
from .scalar import Scalar

__all__ = [
    "G1", "G2", "GT", "Scalar", "pairing", "pairing_product", "pairing_check", "miller_loop", "final_exponentiation",
    "FIELD_MODULUS", "CURVE_ORDER", "HASH_SUITES",
]

#: RFC 9380's hash-to-curve suite (random oracle) of each group, by group
#: name; the signature schemes build their ciphersuite IDs from these.
HASH_SUITES: Mapping[str, str] = MappingProxyType({
    "G1": "BLS12381G1_XMD:SHA-256_SSWU_RO_",
    "G2": "BLS12381G2_XMD:SHA-256_SSWU_RO_",
})
