"""The public record of a run, and the outcome every participant derives from it.

Everything broadcast (deals, complaints, justifications) goes into a
:class:`Transcript`; since all participants see the same broadcasts, they
all compute the same :class:`Result`: which dealers are qualified, which
are excluded and why, and the new public polynomial and group key.

A dealer is excluded if it sent no deal, a commitment of the wrong degree
or in the wrong group, two different deals, (when resharing) a commitment
whose constant term is not the public key of its old share, a
justification inconsistent with its commitment, no justification for a
complaint, or complaints from ``t`` or more players (answering them would
make its polynomial public).

The new key is the sum of the qualified dealers' polynomials: all of them,
or the ``config.contributors`` lowest-indexed ones. A resharing combines
the old threshold of them, lowest-indexed first.

The phases (deals, then complaints, then justifications) and their
deadlines are the caller's to enforce: :meth:`Transcript.result` judges
whatever has been recorded when it is called, so a complaint recorded
after the justification phase closed counts as unanswered.

A run of three in which dealer 3 never deals and player 3 gets no share
from dealer 2, which answers the complaint by revealing that share:

>>> from pybls.threshold.dkg import Config, Dealer, Player
>>> cfg = Config.new(2, 3)
>>> d1, d2 = Dealer(cfg, 1), Dealer(cfg, 2)
>>> transcript = Transcript(cfg)
>>> transcript.add(d1.deal()[0])
>>> transcript.add(d2.deal()[0])
>>> complaint = Player(cfg, 3).receive(d2.deal()[0], None)
>>> transcript.add(complaint)
>>> for j in d2.justify([complaint]):
...     transcript.add(j)
>>> result = transcript.result()
>>> result.qualified, result.disqualified
([1, 2], {3: 'sent no deal'})
"""

from __future__ import annotations

from typing import Dict, List, Optional, Set, Tuple

from ...scalar import ScalarField
from ...sig import PublicKey
from ..commitment import PublicPolynomial
from ..errors import ProtocolError
from ..lagrange import lagrange_ints, lagrange_scaled
from .config import Config
from .messages import Complaint, Deal, Justification, Message, PrivateShare

__all__ = ["Transcript", "Result", "check_deal"]


def check_deal(config: Config, deal: Deal) -> Optional[str]:
    """Why `deal` is unacceptable in the run `config`, or None if it is fine.

    >>> from pybls.threshold import Polynomial
    >>> cfg = Config.new(2, 3)
    >>> check_deal(cfg, Deal(1, Polynomial([5, 7]).commit())) is None
    True
    >>> check_deal(cfg, Deal(1, Polynomial([5, 7, 9]).commit()))
    'commitment of degree 2, expected 1'
    >>> check_deal(cfg, Deal(1, Polynomial([0, 7]).commit()))
    'commitment to a zero secret'
    """
    c = deal.commitment
    expected = config.scheme.variant.PublicKey.GROUP
    if c.group is not expected:
        return f"commitment in {c.group._CURVE} {c.group.__name__}, expected {expected._CURVE} {expected.__name__}"
    if c.threshold != config.threshold:
        return f"commitment of degree {c.degree}, expected {config.threshold - 1}"
    if config.previous is not None and c.constant != config.previous.public_share(deal.dealer):
        return "commitment does not reshare the dealer's previous share"
    if config.previous is None and c.constant.is_identity():
        return "commitment to a zero secret"
    return None


def _combine_lagrange(commitments: List[PublicPolynomial], indices: List[int],
                      weights: List[int]) -> PublicPolynomial:
    """sum_j weights[j] * commitments[j] for the Lagrange coefficients
    `weights` of `indices` at 0 (modulo the r of the commitments' curve).
    For few indices the coefficients are w_j / L with small integers w_j,
    L: the sums take multiplications by the small w_j and one by 1/L per
    coefficient instead of full-width ones."""
    if sum(i.bit_length() for i in indices) > 192:  # the w_j would be large
        return PublicPolynomial.combine(commitments, weights)
    ws, big = lagrange_scaled(indices)
    if max(abs(w) for w in ws).bit_length() > 128:
        return PublicPolynomial.combine(commitments, weights)
    signed = [c if w >= 0 else PublicPolynomial([-p for p in c.coefficients]) for c, w in zip(commitments, ws)]
    summed = PublicPolynomial.combine(signed, [abs(w) for w in ws])
    if big == 1:
        return summed
    inv = pow(big, -1, commitments[0].group._SCALAR.R)
    return PublicPolynomial([p.mul_vartime(inv) for p in summed.coefficients])


class Result:
    """The outcome of a run: ``qualified`` dealers (sorted),
    ``disqualified`` (dealer index -> reason), the new
    ``public_polynomial`` and ``public_key`` (unchanged by a resharing).

    With ``contributors=2`` the key sums the polynomials of the two
    lowest-indexed qualified dealers only:

    >>> from pybls.threshold.dkg import Dealer
    >>> cfg = Config.new(2, 3, contributors=2)
    >>> transcript = Transcript(cfg)
    >>> deals = [Dealer(cfg, i).deal()[0] for i in cfg.dealers]
    >>> for deal in deals:
    ...     transcript.add(deal)
    >>> result = transcript.result()
    >>> result.qualified, result.contributors, result.threshold
    ([1, 2, 3], [1, 2], 2)
    >>> result.public_polynomial.constant == deals[0].commitment.constant + deals[1].commitment.constant
    True
    """

    __slots__ = ("config", "qualified", "disqualified", "public_polynomial", "public_key",
                 "contributors", "weights", "revealed", "commitments")

    def __init__(self, config: Config, qualified: List[int], disqualified: Dict[int, str],
                 public_polynomial: PublicPolynomial, contributors: List[int], weights: List[int],
                 revealed: Dict[Tuple[int, int], ScalarField], commitments: Dict[int, PublicPolynomial]) -> None:
        self.config = config
        self.qualified = qualified
        self.disqualified = disqualified
        self.public_polynomial = public_polynomial
        self.public_key: PublicKey = public_polynomial.public_key
        #: The dealers whose polynomials make up the new sharing, and their weights.
        self.contributors = contributors
        self.weights = weights
        #: Shares revealed by justifications, by (dealer, player).
        self.revealed = revealed
        #: The commitment of each contributing dealer.
        self.commitments = commitments

    @property
    def threshold(self) -> int:
        return self.config.threshold

    def __repr__(self) -> str:
        return (f"<Result qualified={self.qualified} disqualified={sorted(self.disqualified)} "
                f"key={self.public_key!r}>")


class Transcript:
    """Collects a run's broadcast messages and decides its :class:`Result`.

    Messages from parties that are not in the run raise
    :class:`~pybls.threshold.errors.UnknownIndexError`; misbehaviour by a
    dealer is recorded against it (see the module docstring).

    A complaint left unanswered excludes its dealer:

    >>> from pybls.threshold.dkg import Dealer
    >>> cfg = Config.new(2, 3)
    >>> transcript = Transcript(cfg)
    >>> for i in cfg.dealers:
    ...     transcript.add(Dealer(cfg, i).deal()[0])
    >>> transcript.add(Complaint(player=1, dealer=3))
    >>> transcript.result().disqualified
    {3: 'did not answer the complaints of players [1]'}
    """

    __slots__ = ("config", "deals", "_faults", "complaints", "justifications")

    def __init__(self, config: Config) -> None:
        self.config = config
        self.deals: Dict[int, Deal] = {}
        self._faults: Dict[int, str] = {}
        self.complaints: Dict[int, Set[int]] = {}
        self.justifications: Dict[Tuple[int, int], ScalarField] = {}

    def add(self, message: Message) -> None:
        """Record any broadcast message."""
        if isinstance(message, Deal):
            self.add_deal(message)
        elif isinstance(message, Complaint):
            self.add_complaint(message)
        elif isinstance(message, Justification):
            self.add_justification(message)
        elif isinstance(message, PrivateShare):
            raise ProtocolError("private shares are not broadcast")
        else:
            raise TypeError(f"not a DKG message: {type(message).__name__}")

    def _fault(self, dealer: int, reason: str) -> None:
        self._faults.setdefault(dealer, reason)

    def add_deal(self, deal: Deal) -> None:
        self.config.check_dealer(deal.dealer)
        old = self.deals.get(deal.dealer)
        if old is not None:
            if old != deal:
                self._fault(deal.dealer, "sent two different deals")
            return
        self.deals[deal.dealer] = deal
        reason = check_deal(self.config, deal)
        if reason is not None:
            self._fault(deal.dealer, reason)

    def add_complaint(self, complaint: Complaint) -> None:
        self.config.check_player(complaint.player)
        self.config.check_dealer(complaint.dealer)
        self.complaints.setdefault(complaint.dealer, set()).add(complaint.player)

    def add_justification(self, j: Justification) -> None:
        self.config.check_dealer(j.dealer)
        self.config.check_player(j.player)
        if j.player not in self.complaints.get(j.dealer, ()):
            raise ProtocolError(f"dealer {j.dealer} justified a share no one complained about (player {j.player})")
        deal = self.deals.get(j.dealer)
        if deal is None or j.dealer in self._faults:
            return
        group = deal.commitment.group
        if group.generator() * j.value != deal.commitment.public_share(j.player):
            self._fault(j.dealer, f"revealed an invalid share for player {j.player}")
            return
        self.justifications[(j.dealer, j.player)] = j.value

    def result(self) -> Result:
        """Decide the qualified dealers and the new public polynomial.

        Raises :class:`~pybls.threshold.errors.ProtocolError` if fewer than
        ``config.required_dealers`` dealers qualify.
        """
        cfg = self.config
        disq: Dict[int, str] = {}
        for d in cfg.dealers:
            if d in self._faults:
                disq[d] = self._faults[d]
            elif d not in self.deals:
                disq[d] = "sent no deal"
            else:
                complainers = self.complaints.get(d, set())
                if len(complainers) >= cfg.threshold:
                    disq[d] = f"complaints from {len(complainers)} players"
                else:
                    missing = sorted(p for p in complainers if (d, p) not in self.justifications)
                    if missing:
                        disq[d] = f"did not answer the complaints of players {missing}"
        qualified = [d for d in cfg.dealers if d not in disq]
        if len(qualified) < cfg.required_dealers:
            err = ProtocolError(f"only {len(qualified)} qualified dealers, {cfg.required_dealers} needed; "
                                f"disqualified: {disq}")
            err.disqualified = disq  # type: ignore[attr-defined]
            raise err
        if cfg.previous is None:
            contributors = qualified if cfg.contributors is None else qualified[:cfg.contributors]
            weights = [1] * len(contributors)
            poly = PublicPolynomial.sum(self.deals[d].commitment for d in contributors)
        else:
            contributors = qualified[:cfg.previous.threshold]
            weights = lagrange_ints(contributors, r=cfg.scalar.R)
            poly = _combine_lagrange([self.deals[d].commitment for d in contributors], contributors, weights)
            if poly.constant != cfg.previous.constant:  # pragma: no cover - implied by check_deal
                raise ProtocolError("resharing changed the group key")
        revealed = {k: v for k, v in self.justifications.items() if k[0] in contributors}
        commitments = {d: self.deals[d].commitment for d in contributors}
        return Result(cfg, qualified, disq, poly, contributors, weights, revealed, commitments)
