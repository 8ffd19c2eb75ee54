"""Distributed key generation and resharing (Joint-Feldman, as in Pedersen's
DKG and Gennaro et al.), with no trusted dealer.

Every dealer shares a random secret with a Feldman commitment; the group
secret is the sum of the qualified dealers' secrets, which no party ever
learns. One run:

1. each :class:`Dealer` broadcasts its :class:`Deal` (commitment) and sends
   each player a :class:`PrivateShare` over a private channel;
2. each :class:`Player` checks its shares (:meth:`Player.receive`) and
   broadcasts a :class:`Complaint` for each missing or bad one;
3. each accused dealer broadcasts :class:`Justification` s revealing the
   disputed shares (:meth:`Dealer.justify`);
4. the :class:`Transcript` of all broadcasts decides the :class:`Result`
   (qualified dealers, the excluded ones with their faults, the public
   polynomial and group key), and each player derives its share
   (:meth:`Player.finalize`).

Resharing (``Config.reshare``) is the same run with the old share holders
as dealers, each dealing a polynomial whose constant term is its old
share: the new shares, for a new committee and threshold, interpolate to
the same secret, so the group public key does not change. Any
``previous.threshold`` qualified old holders suffice.

A run takes a curve as :func:`pybls.threshold.deal` does
(``Config.new(t, n, "MinSig", curve=bn462)``; BLS12-381 by default); a
resharing keeps the key's curve.

The library holds no sockets: every message has ``to_bytes`` /
``from_bytes`` (``from_bytes(data, curve=...)`` and ``decode(data,
curve=...)`` for another curve than BLS12-381); transport, authentication
and encryption of private shares are the caller's.

>>> from pybls import threshold
>>> from pybls.threshold.dkg import Config, Dealer, Player, Transcript
>>> cfg = Config.new(2, 3)
>>> dealers = {i: Dealer(cfg, i) for i in cfg.dealers}
>>> players = {j: Player(cfg, j) for j in cfg.players}
>>> transcript = Transcript(cfg)
>>> for d in dealers.values():
...     deal, shares = d.deal()
...     transcript.add(deal)
...     for j, p in players.items():
...         assert p.receive(deal, shares[j]) is None      # no complaints
>>> result = transcript.result()
>>> result.qualified, result.disqualified
([1, 2, 3], {})
>>> shares = [players[j].finalize(result) for j in (1, 3)]
>>> sig = threshold.recover([s.sign(b"hi") for s in shares], 2)
>>> cfg.scheme.verify(result.public_key, b"hi", sig)
True
"""

from .config import Config
from .dealer import Dealer
from .messages import Complaint, Deal, Justification, Message, PrivateShare, decode
from .player import Player
from .transcript import Result, Transcript

__all__ = [
    "Config",
    "Dealer",
    "Player",
    "Transcript",
    "Result",
    "Deal",
    "PrivateShare",
    "Complaint",
    "Justification",
    "Message",
    "decode",
]
