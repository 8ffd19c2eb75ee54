"""A trusted dealer: one party picks the secret and hands out shares.

>>> from pybls import threshold
>>> d = threshold.deal(2, 4)
>>> len(d.shares), [s.index for s in d.shares], len(bytes(d.public_key))
(4, [1, 2, 3, 4], 48)
>>> all(threshold.verify_share(s, d.public_polynomial) for s in d.shares)
True
>>> d.public_polynomial.public_key == d.public_key
True

On another curve (any whose signature group it hashes to):

>>> from pybls import bn254
>>> d = threshold.deal(2, 3, curve=bn254)
>>> d.scheme.dst, len(bytes(d.public_key))
(b'BLS_SIG_BN254G2_XMD:SHA-256_SVDW_RO_POP_', 64)

The dealer knows the secret; :mod:`pybls.threshold.dkg` generates a key
that no single party ever holds.
"""

from __future__ import annotations

from typing import Any, List, Optional

from .._convert import as_int
from ..sig import PublicKey, Scheme
from ..sig.curve import CurveLike
from ._util import MAX_INDEX
from .ciphersuite import resolve_scheme
from .commitment import PublicPolynomial, as_public_polynomial
from .errors import InvalidDegreeError
from .polynomial import Polynomial
from .share import Share
from ..errors import ArgumentError

__all__ = ["Dealing", "deal", "verify_share", "check_parameters"]


def check_parameters(t: Any, n: Any) -> "tuple[int, int]":
    """(t, n) as ints with 1 <= t <= n < 2^32, else
    :class:`~pybls.threshold.errors.InvalidDegreeError`.

    >>> check_parameters(2, 3)
    (2, 3)
    >>> check_parameters(4, 3)
    Traceback (most recent call last):
      ...
    pybls.threshold.errors.InvalidDegreeError: the threshold must be in [1, n] = [1, 3], got 4
    """
    tt, nn = as_int(t, "t"), as_int(n, "n")
    if not 1 <= nn <= MAX_INDEX:
        raise InvalidDegreeError(f"n must be in [1, 2^32), got {nn}")
    if not 1 <= tt <= nn:
        raise InvalidDegreeError(f"the threshold must be in [1, n] = [1, {nn}], got {tt}")
    return tt, nn


class Dealing:
    """The output of :func:`deal`: the public data and the n shares.

    >>> d = deal(2, 3)
    >>> len(d.shares), d.public_polynomial.degree + 1 == d.threshold
    (3, True)
    """

    __slots__ = ("threshold", "n", "scheme", "public_polynomial", "public_key", "shares")

    threshold: int
    n: int
    scheme: Scheme
    public_polynomial: PublicPolynomial
    public_key: PublicKey
    shares: List[Share]

    def __init__(self, threshold: int, n: int, scheme: Scheme, public_polynomial: PublicPolynomial,
                 shares: List[Share]) -> None:
        self.threshold = threshold
        self.n = n
        self.scheme = scheme
        self.public_polynomial = public_polynomial
        self.public_key = public_polynomial.public_key
        self.shares = shares

    def __repr__(self) -> str:
        return f"<Dealing t={self.threshold} n={self.n} {self.scheme!r} key={self.public_key!r}>"


def deal(t: int, n: int, variant: Any = None, scheme: Any = None,
         secret: Optional[Any] = None, *, curve: CurveLike = None) -> Dealing:
    """Share a random (or the given nonzero) secret among `n` parties,
    any `t` of which can sign.

    `variant` is ``MinPk`` (default) or ``MinSig`` (objects or names);
    `scheme` a scheme of that variant or its name (default ``PoP``);
    `curve` the curve (a module or name; BLS12-381 by default, or that of
    the variant or scheme given); `secret` a scalar of that curve or an int.

    >>> d = deal(3, 5)
    >>> d.threshold, d.n, [s.index for s in d.shares]
    (3, 5, [1, 2, 3, 4, 5])
    >>> all(verify_share(s, d.public_polynomial) for s in d.shares)
    True
    """
    tt, nn = check_parameters(t, n)
    s = resolve_scheme(variant, scheme, curve)
    scalar = s.curve.Scalar
    if secret is not None and scalar(secret).is_zero():
        raise ArgumentError("the shared secret must not be zero")
    while True:
        f = Polynomial.random(tt - 1, secret, scalar)
        if not f.constant.is_zero():
            break
    commitment = f.commit(s.variant.PublicKey.GROUP)
    pk = commitment.public_key
    shares = [Share(i, f.evaluate(i), s, pk) for i in range(1, nn + 1)]
    return Dealing(tt, nn, s, commitment, shares)


def verify_share(share: Share, commitment: PublicPolynomial) -> bool:
    """Whether ``share.value * G == commitment(share.index)`` (Feldman's check).

    >>> d, other = deal(2, 3), deal(2, 3)
    >>> verify_share(d.shares[1], d.public_polynomial), verify_share(other.shares[1], d.public_polynomial)
    (True, False)
    """
    if not isinstance(share, Share):
        raise TypeError(f"expected a Share, not {type(share).__name__}")
    group = as_public_polynomial(commitment).group
    return bool(group.generator() * share.value == commitment.public_share(share.index))
