"""Who takes part in a key generation or a resharing, and with which threshold.

>>> from pybls.threshold.dkg import Config
>>> c = Config.new(3, 5)
>>> c.dealers, c.players, c.threshold, c.is_reshare
([1, 2, 3, 4, 5], [1, 2, 3, 4, 5], 3, False)
>>> c.required_dealers      # 5 - 3 + 1 honest dealers at least
3

On another curve (any whose signature group it hashes to), as
:func:`pybls.threshold.deal` takes one:

>>> from pybls import bn254
>>> Config.new(2, 3, "MinSig", curve=bn254).scheme.dst
b'BLS_SIG_BN254G1_XMD:SHA-256_SVDW_RO_POP_'
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, Iterable, List, Optional, Type

from ...scalar import ScalarField
from ...sig import Scheme
from ...sig.curve import CurveLike
from .._util import check_distinct
from ..ciphersuite import resolve_scheme, variant_of_group
from ..commitment import PublicPolynomial
from ..dealer import check_parameters
from ..errors import InvalidDegreeError, UnknownIndexError
from ...errors import ArgumentError

__all__ = ["Config"]


class Config:
    """The parameters every participant of one run must agree on.

    ``dealers`` deal polynomials; ``players`` receive the new shares, any
    ``threshold`` of which can sign. For a fresh key generation the two
    sets are usually the same parties. The key signs with ``scheme`` of
    ``variant`` on ``curve`` (as :func:`pybls.threshold.deal` resolves
    them: ``MinPk.PoP`` on BLS12-381 by default); a resharing keeps the
    previous key's curve and variant.

    ``required_dealers`` is the fewest qualified dealers with which the
    run completes (``min_dealers``; by default ``len(dealers) - t + 1``,
    the honest dealers there are when at most t - 1 parties misbehave; for
    a resharing the old threshold, enough to interpolate the old secret,
    so up to ``len(dealers) - previous.threshold`` old holders may be
    missing or excluded). For a resharing, ``previous`` is
    the public polynomial of the existing key, the dealers are (some of)
    its share holders, and the group public key stays the same.

    ``contributors`` (fresh key generation only): the key is the sum of the
    polynomials of at most this many qualified dealers, the lowest-indexed
    ones (commonware takes t of them), instead of all qualified dealers, so
    every participant adds fewer commitments. It must be at least
    ``threshold``: with at most t - 1 misbehaving parties, any t qualified
    dealers include an honest one, whose random polynomial keeps the key
    secret. ``None`` (the default) uses every qualified dealer.

    >>> Config.new(3, 5, contributors=3).contributors
    3
    """

    __slots__ = ("threshold", "dealers", "players", "scheme", "previous", "required_dealers", "contributors")

    threshold: int
    dealers: List[int]
    players: List[int]
    scheme: Scheme
    previous: Optional[PublicPolynomial]
    required_dealers: int
    contributors: Optional[int]

    def __init__(self, threshold: int, players: Iterable[int], dealers: Optional[Iterable[int]] = None,
                 variant: Any = None, scheme: Any = None,
                 previous: Optional[PublicPolynomial] = None, min_dealers: Optional[int] = None,
                 contributors: Optional[int] = None, *, curve: CurveLike = None) -> None:
        ps = sorted(check_distinct(players, "player"))
        ds = ps if dealers is None else sorted(check_distinct(dealers, "dealer"))
        t, _ = check_parameters(threshold, len(ps))
        if previous is not None:
            if not isinstance(previous, PublicPolynomial):
                raise TypeError("previous must be a PublicPolynomial")
            pv = variant_of_group(previous.group)
            if variant is not None and variant is not pv:
                raise ArgumentError("the variant must be the previous key's")
            variant = pv
        s = resolve_scheme(variant, scheme, curve)
        if previous is not None and len(ds) < previous.threshold:
            raise InvalidDegreeError(
                f"{len(ds)} dealers cannot reshare a key of threshold {previous.threshold}")
        if min_dealers is None:
            # At most t - 1 parties are assumed faulty, and honest dealers
            # always qualify: fewer qualified dealers means that assumption
            # failed. A resharing needs the old threshold of old holders.
            min_dealers = max(1, len(ds) - t + 1) if previous is None else previous.threshold
        md = int(min_dealers)
        lowest = 1 if previous is None else previous.threshold
        if not lowest <= md <= len(ds):
            raise InvalidDegreeError(f"min_dealers must be in [{lowest}, {len(ds)}], got {md}")
        if contributors is not None:
            if previous is not None:
                raise ArgumentError("a resharing always combines the old threshold of dealers; contributors is for key generation")
            if isinstance(contributors, bool) or not isinstance(contributors, int):
                raise TypeError(f"contributors must be an int or None, not {type(contributors).__name__}")
            if not t <= contributors <= len(ds):
                raise InvalidDegreeError(f"contributors must be in [{t}, {len(ds)}] (the threshold to the dealers), got {contributors}")
        self.threshold = t
        self.dealers = ds
        self.players = ps
        self.scheme = s
        self.previous = previous
        self.required_dealers = md
        self.contributors = contributors

    @classmethod
    def new(cls, t: int, n: int, variant: Any = None, scheme: Any = None,
            min_dealers: Optional[int] = None, contributors: Optional[int] = None, *,
            curve: CurveLike = None) -> "Config":
        """A fresh key generation among parties 1..n, each dealer and player,
        on `curve` (a module or name; BLS12-381 by default)."""
        return cls(t, range(1, n + 1), None, variant, scheme, None, min_dealers, contributors, curve=curve)

    @classmethod
    def reshare(cls, previous: PublicPolynomial, dealers: Iterable[int], t: int, n: int,
                scheme: Any = None, min_dealers: Optional[int] = None) -> "Config":
        """Reshare the key of `previous` from the share holders `dealers`
        to new players 1..n with threshold t."""
        return cls(t, range(1, n + 1), dealers, None, scheme, previous, min_dealers)

    @property
    def curve(self) -> ModuleType:
        """The curve's module (:mod:`pybls.bls12_381`, :mod:`pybls.bn254`, ...).

        >>> Config.new(2, 3, curve="BN462").curve.__name__
        'pybls.bn462'
        """
        return self.scheme.curve.module

    @property
    def scalar(self) -> Type[ScalarField]:
        """The class of the curve's scalars, which shares are."""
        return self.scheme.curve.Scalar

    @property
    def is_reshare(self) -> bool:
        """Whether this run reshares an existing key."""
        return self.previous is not None

    def check_dealer(self, index: int) -> None:
        if index not in self.dealers:
            raise UnknownIndexError(f"{index} is not a dealer of this run")

    def check_player(self, index: int) -> None:
        if index not in self.players:
            raise UnknownIndexError(f"{index} is not a player of this run")

    def __repr__(self) -> str:
        kind = "reshare" if self.previous is not None else "dkg"
        return f"<{kind} t={self.threshold} dealers={len(self.dealers)} players={len(self.players)} {self.scheme!r}>"
