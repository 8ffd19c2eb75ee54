"""Threshold BLS signatures: any t of n parties sign for one group key.

A key is shared with a polynomial f of degree t - 1 over Fr: party i holds
f(i), and everyone knows the Feldman commitment (the public polynomial)
whose constant term is the group public key. Each party signs alone
(a partial signature); any t valid partials recover the one ordinary BLS
signature under the group key.

>>> from pybls import threshold
>>> from pybls.sig import MinPk
>>> d = threshold.deal(3, 5)                    # trusted dealer, min-pk PoP
>>> partials = [d.shares[i].sign(b"msg") for i in (4, 0, 2)]
>>> sig = threshold.recover(partials, 3)
>>> len(bytes(d.public_key)), len(bytes(sig)), MinPk.PoP.verify(d.public_key, b"msg", sig)
(48, 96, True)

Without a dealer, :mod:`pybls.threshold.dkg` runs a distributed key
generation; the same protocol reshares an existing key to a new committee
(new n and t, same group key).
"""

from . import dkg, errors
from .ciphersuite import resolve_scheme
from .commitment import PublicPolynomial
from .dealer import Dealing, deal, verify_share
from .lagrange import interpolate, interpolate_points, lagrange_coefficients
from .polynomial import Polynomial
from .share import PartialSignature, Share
from .signing import batch_verify_partials, find_invalid_partials, recover, verify_partial

__all__ = [
    "errors",
    "dkg",
    "Polynomial",
    "PublicPolynomial",
    "lagrange_coefficients",
    "interpolate",
    "interpolate_points",
    "resolve_scheme",
    "Share",
    "PartialSignature",
    "Dealing",
    "deal",
    "verify_share",
    "verify_partial",
    "batch_verify_partials",
    "find_invalid_partials",
    "recover",
]
