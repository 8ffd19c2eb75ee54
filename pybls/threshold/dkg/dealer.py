"""A dealer of a key generation or resharing.

A fresh dealer picks a random polynomial of degree t - 1; a resharing
dealer uses its existing share as the constant term, so the dealt
polynomials combine to a sharing of the same secret.

Every private share matches the dealer's commitment:

>>> from pybls.threshold import Polynomial, Share, verify_share
>>> from pybls.threshold.dkg import Config, Dealer
>>> deal, shares = Dealer(Config.new(2, 3), 2).deal()
>>> all(verify_share(Share(j, s.value), deal.commitment) for j, s in shares.items())
True

Resharing the key of f(x) = 5 + 7x, dealer 1 deals a polynomial whose
constant term is its share f(1) = 12:

>>> from pybls import Scalar
>>> old = Polynomial([5, 7]).commit()
>>> cfg = Config.reshare(old, dealers=[1, 2], t=2, n=3)
>>> deal, _ = Dealer(cfg, 1, Share(1, Scalar(12))).deal()
>>> deal.commitment.constant == old.public_share(1)
True
>>> Dealer(cfg, 1)
Traceback (most recent call last):
  ...
pybls.threshold.errors.ProtocolError: resharing dealer 1 needs its share of the previous key
"""

from __future__ import annotations

from typing import Dict, Iterable, List, Optional, Tuple

from ..polynomial import Polynomial
from ..share import Share
from ..errors import ProtocolError
from .config import Config
from .messages import Complaint, Deal, Justification, PrivateShare

__all__ = ["Dealer"]


class Dealer:
    """Dealer `index` of the run `config` (with its old `share` when resharing).

    >>> from pybls.threshold.dkg import Config, Dealer
    >>> deal, shares = Dealer(Config.new(2, 3), 1).deal()
    >>> deal.commitment.threshold, sorted(shares)
    (2, [1, 2, 3])
    """

    __slots__ = ("config", "index", "_poly", "_deal", "_shares")

    def __init__(self, config: Config, index: int, share: Optional[Share] = None) -> None:
        config.check_dealer(index)
        self.config = config
        self.index = index
        if config.previous is not None:
            if share is None or share.index != index:
                raise ProtocolError(f"resharing dealer {index} needs its share of the previous key")
            constant = share.value
        else:
            constant = None
        self._poly = Polynomial.random(config.threshold - 1, constant, config.scalar)
        commitment = self._poly.commit(config.scheme.variant.PublicKey.GROUP)
        self._deal = Deal(index, commitment)
        self._shares = {p: PrivateShare(index, p, self._poly.evaluate(p)) for p in config.players}

    def deal(self) -> Tuple[Deal, Dict[int, PrivateShare]]:
        """The broadcast deal and, for each player index, its private share."""
        return self._deal, dict(self._shares)

    def justify(self, complaints: Iterable[Complaint]) -> List[Justification]:
        """Answers to the complaints against this dealer: the shares, revealed."""
        out = []
        for c in complaints:
            if c.dealer == self.index and c.player in self._shares:
                out.append(Justification(self.index, c.player, self._shares[c.player].value))
        return out

    def __repr__(self) -> str:
        return f"<Dealer {self.index} of {self.config!r}>"
