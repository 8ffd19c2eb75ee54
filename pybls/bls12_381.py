"""BLS12-381 as a curve module, with the classes of every curve module
(``G1``, ``G2``, ``GT``, ``Scalar``, ``pairing``): the same objects as
``pybls.G1``, ``pybls.G2``, ... (BLS12-381 is pybls's default curve).

>>> from pybls import bls12_381, G1
>>> bls12_381.G1 is G1
True
"""

from __future__ import annotations

from .gt import GT
from .pairing import final_exponentiation, miller_loop, pairing, pairing_product
from .points import FIELD_MODULUS, G1, G2
from .scalar import R as CURVE_ORDER
from .scalar import Scalar

__all__ = [
    "G1", "G2", "GT", "Scalar", "pairing", "pairing_product", "miller_loop", "final_exponentiation",
    "FIELD_MODULUS", "CURVE_ORDER",
]
