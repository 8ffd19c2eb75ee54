"""The optimal ate pairing e: G1 x G2 -> GT.

>>> from pybls import G1, G2, GT, Scalar, pairing, pairing_product
>>> P, Q = G1.generator(), G2.generator()
>>> a, b = Scalar(6), Scalar(7)
>>> pairing(P * a, Q * b) == pairing(P, Q) ** (a * b)
True
>>> pairing_product([(P, Q), (-P, Q)]) == GT.one()
True

The value is the one blst, noble-curves and kyber/drand compute: the
draft-irtf-cfrg-pairing-friendly-curves pairing cubed.
"""

from __future__ import annotations

from typing import Any, Iterable, Tuple

from . import _lib
from .gt import GT, _wrap
from .points import G1, G2

__all__ = ["pairing", "pairing_product", "miller_loop", "final_exponentiation"]


def _check(P: Any, Q: Any) -> None:
    if type(P) is not G1 or type(Q) is not G2:
        raise TypeError(f"a pairing takes a G1 and a G2 point, not {type(P).__name__} and {type(Q).__name__}")


def pairing(P: G1, Q: G2) -> GT:
    """e(P, Q)."""
    _check(P, Q)
    return _wrap(_lib.pairing(P._b, Q._b))


def pairing_product(pairs: Iterable[Tuple[G1, G2]]) -> GT:
    """The product of e(P_i, Q_i) over `pairs`, with one final exponentiation.

    Cheaper than multiplying separate pairings; the empty product is 1.
    """
    g1s = []
    g2s = []
    for P, Q in pairs:
        _check(P, Q)
        g1s.append(P._b)
        g2s.append(Q._b)
    if not g1s:
        return GT.one()
    return _wrap(_lib.pairing_product(b"".join(g1s), b"".join(g2s), len(g1s)))


def miller_loop(P: G1, Q: G2) -> GT:
    """The Miller loop of e(P, Q), before the final exponentiation.

    The result is an Fp12 element that is generally *not* in GT: only
    multiply such values together and pass the product to
    :func:`final_exponentiation` (``GT.from_bytes`` rejects them, and ``**``
    is only meaningful on GT).

    >>> from pybls import G1, G2
    >>> P, Q = G1.generator(), G2.generator()
    >>> final_exponentiation(miller_loop(P, Q)) == pairing(P, Q)
    True
    """
    _check(P, Q)
    return _wrap(_lib.miller_loop(P._b, Q._b))


def final_exponentiation(f: GT) -> GT:
    """Raise a Miller loop output (or a product of them) to (p^12 - 1) / r."""
    if type(f) is not GT:
        raise TypeError(f"final_exponentiation takes a GT value, not {type(f).__name__}")
    return _wrap(_lib.final_exponentiation(f._b))
