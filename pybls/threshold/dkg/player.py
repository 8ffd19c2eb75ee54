"""A player of a key generation or resharing: checks its shares, complains
about bad ones, and derives its share of the new key from the result.

>>> from pybls.threshold import verify_share
>>> from pybls.threshold.dkg import Config, Dealer, Transcript
>>> cfg = Config.new(2, 2)
>>> deals = [Dealer(cfg, i).deal() for i in cfg.dealers]
>>> player = Player(cfg, 1)
>>> player.receive_all([(deal, shares[1]) for deal, shares in deals])
[]
>>> transcript = Transcript(cfg)
>>> for deal, _ in deals:
...     transcript.add(deal)
>>> result = transcript.result()
>>> verify_share(player.finalize(result), result.public_polynomial)
True
"""

from __future__ import annotations

import secrets
from typing import Any, Dict, Iterable, List, Optional, Tuple

from ..._convert import as_tuple
from ...scalar import ScalarField
from ..commitment import PublicPolynomial
from ..errors import ProtocolError
from ..share import Share
from .config import Config
from .messages import Complaint, Deal, PrivateShare
from .transcript import Result, check_deal

__all__ = ["Player"]


class Player:
    """Player `index` of the run `config`.

    Call :meth:`receive` with each dealer's deal and private share (None if
    it never came); it returns a :class:`Complaint` to broadcast when the
    share is missing or inconsistent with the commitment. After the
    transcript is settled, :meth:`finalize` gives the player's new share.

    >>> from pybls.threshold.dkg import Config, Dealer, PrivateShare
    >>> cfg = Config.new(2, 3)
    >>> deal, shares = Dealer(cfg, 1).deal()
    >>> p = Player(cfg, 2)
    >>> p.receive(deal, shares[2]) is None
    True
    >>> p.receive(deal, PrivateShare(1, 2, shares[2].value + 1))   # a wrong share
    Complaint(player=2, dealer=1)
    >>> p.receive(deal, None)                                      # no share came
    Complaint(player=2, dealer=1)
    """

    __slots__ = ("config", "index", "_values", "_commitments")

    def __init__(self, config: Config, index: int) -> None:
        config.check_player(index)
        self.config = config
        self.index = index
        self._values: Dict[int, ScalarField] = {}
        self._commitments: Dict[int, PublicPolynomial] = {}

    def __reduce__(self) -> Any:
        raise TypeError("DKG players are not pickled: they hold the private shares they received")

    def receive(self, deal: Deal, share: Optional[PrivateShare]) -> Optional[Complaint]:
        """Check `share` against `deal`; a complaint if it is missing or wrong."""
        self.config.check_dealer(deal.dealer)
        if share is not None and (share.dealer != deal.dealer or share.player != self.index):
            raise ProtocolError(f"share from dealer {share.dealer} for player {share.player} "
                                f"given to player {self.index} with the deal of dealer {deal.dealer}")
        self._commitments[deal.dealer] = deal.commitment
        if check_deal(self.config, deal) is not None:
            return None  # a public fault: the transcript excludes the dealer
        c = deal.commitment
        if share is not None and c.group.generator() * share.value == c.public_share(self.index):
            self._values[deal.dealer] = share.value
            return None
        self._values.pop(deal.dealer, None)
        return Complaint(self.index, deal.dealer)

    def receive_all(self, items: Iterable[Tuple[Deal, Optional[PrivateShare]]]) -> List[Complaint]:
        """:meth:`receive` for many dealers at once, with one batch check.

        All valid-looking shares are checked together with random 64-bit
        weights r_d: ``(sum r_d s_d) G == sum_d r_d C_d(index)``, one
        multi-scalar multiplication over the dealers' public shares
        C_d(index); only if that fails is each share checked alone, to find
        the ones to complain about. Returns the complaints, in the order of `items`.
        """
        pending: List[Tuple[Deal, PrivateShare]] = []
        complaints: Dict[int, Complaint] = {}
        order: List[int] = []
        for item in items:
            deal, share = as_tuple(item, 2, "a (Deal, PrivateShare or None) pair")
            self.config.check_dealer(deal.dealer)
            order.append(deal.dealer)
            if share is None or check_deal(self.config, deal) is not None:
                c = self.receive(deal, share)
                if c is not None:
                    complaints[deal.dealer] = c
                continue
            if share.dealer != deal.dealer or share.player != self.index:
                self.receive(deal, share)  # raises ProtocolError
            self._commitments[deal.dealer] = deal.commitment
            pending.append((deal, share))
        if pending and not self._batch_ok(pending):
            for deal, share in pending:
                c = self.receive(deal, share)
                if c is not None:
                    complaints[deal.dealer] = c
        else:
            for deal, share in pending:
                self._values[deal.dealer] = share.value
        return [complaints[d] for d in order if d in complaints]

    def _batch_ok(self, pending: List[Tuple[Deal, PrivateShare]]) -> bool:
        # Each dealer's public share C_d(index) by Horner's rule (cached by
        # the commitment, so the per-share checks after a failed batch
        # reuse them), then one small multi-scalar multiplication.
        top = (1 << 64) - 1
        acc = self.config.scalar(0)
        points = []
        weights = []
        for deal, share in pending:
            r = secrets.randbelow(top) + 1
            acc = acc + share.value * r
            points.append(deal.commitment.public_share(self.index))
            weights.append(r)
        group = self.config.scheme.variant.PublicKey.GROUP
        return bool(group.generator() * acc == group.msm(points, weights))

    def finalize(self, result: Result) -> Share:
        """This player's share of the key decided by `result`.

        Raises :class:`~pybls.threshold.errors.ProtocolError` if the player
        lacks a valid share from a contributing dealer (it received none and
        did not complain) or saw a different commitment from it than the
        transcript holds. The share is consistent with
        ``result.public_polynomial`` (:func:`~pybls.threshold.verify_share`).
        """
        acc = self.config.scalar(0)
        for d, w in zip(result.contributors, result.weights):
            seen = self._commitments.get(d)
            if seen is not None and seen != result.commitments.get(d):
                raise ProtocolError(f"dealer {d} sent this player a different commitment")
            value = self._values.get(d)
            if value is None:
                value = result.revealed.get((d, self.index))
            if value is None:
                raise ProtocolError(f"player {self.index} has no valid share from dealer {d}")
            acc = acc + value if w == 1 else acc + value * w
        # Each value was checked against its dealer's commitment (or
        # revealed and checked by the transcript), and the commitments are
        # the transcript's, so the share matches the public polynomial.
        return Share(self.index, acc, self.config.scheme, result.public_key)

