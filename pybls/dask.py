"""Batch verification spread over a Dask cluster (``pip install pybls[dask]``).

For histories too long for one machine: every drand beacon since genesis,
a day of Ethereum attestations. The input is cut into partitions; each is
batch-verified by a task on a Dask worker (:meth:`pybls.sig.Scheme.batch_verify`,
one product of pairings per partition) and a partition that fails is
searched for its invalid items (:meth:`~pybls.sig.Scheme.find_invalid`).

The tasks run on the current :mod:`dask.distributed` client (the last
``Client(...)`` made, or the one of the worker calling), on a laptop's
``LocalCluster`` as on a cluster of many machines; without a client,
on Dask's default local scheduler.

>>> import pybls.dask
>>> from pybls.sig import MinPk
>>> keys = [MinPk.PoP.key_gen(bytes([i]) * 32) for i in range(1, 6)]
>>> triples = [(MinPk.PoP.sk_to_pk(k), b"m%d" % i, MinPk.PoP.sign(k, b"m%d" % i)) for i, k in enumerate(keys)]
>>> triples[3] = (triples[3][0], b"forged", triples[3][2])
>>> res = pybls.dask.verify_many(triples, partition_size=2)
>>> res.valid, res.invalid, res.total
(False, [3], 5)

Keys, signatures, points and schemes pickle, so the triples may hold
pybls objects or encodings; secret keys refuse to pickle and never leave
the process that holds them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

import dask
import dask.bag

from . import drand as _drand
from .errors import ArgumentError
from ._convert import as_tuple
from .sig import scheme as _scheme_named
from .sig.batch import TRIPLE
from .sig.schemes import Scheme
from .sig.values import _GroupValue

# dask's functions are untyped: called through Any.
_dask: Any = dask
_Bag: Any = dask.bag.Bag

__all__ = ["DEFAULT_PARTITION_SIZE", "VerifyResult", "verify_many", "verify_beacon_chain"]

#: Items per task when the input is a list: about a second of work per task
#: (a batch of 1024 BLS12-381 signatures), large enough that Dask's
#: per-task overhead does not show and the final exponentiation is shared.
DEFAULT_PARTITION_SIZE = 1024

# One partition's answer: how many items it held, and which of them (by
# position in the partition, or by round) are invalid.
_PartResult = Tuple[int, List[int]]


@dataclass(frozen=True)
class VerifyResult:
    """The answer of :func:`verify_many` or :func:`verify_beacon_chain`.

    ``valid`` says whether every item verified, ``invalid`` lists the
    invalid ones in ascending order (positions in the input for
    :func:`verify_many`, round numbers for :func:`verify_beacon_chain`),
    ``total`` counts the items checked. It is true exactly when valid.

    >>> r = VerifyResult(False, [2], 10)
    >>> bool(r), r.invalid, r.total
    (False, [2], 10)
    """

    valid: bool
    invalid: List[int] = field(default_factory=list)
    total: int = 0

    def __bool__(self) -> bool:
        return self.valid


def verify_many(triples: Any, scheme: Optional[Scheme] = None, *,
                partition_size: int = DEFAULT_PARTITION_SIZE) -> VerifyResult:
    """Verify many ``(public_key, message, signature)`` triples on Dask.

    `triples` is a list (or any iterable) of triples, a :class:`dask.bag.Bag`
    of them, or a pandas or Dask dataframe whose first three columns are
    the public key, the message and the signature. A list is cut into
    partitions of `partition_size`; a bag or a Dask dataframe keeps its own.

    `scheme` is a :mod:`pybls.sig` scheme; without one, the PoP scheme of
    the variant and curve of the first triple's key or signature if they
    are pybls objects, else ``MinPk.PoP`` (Ethereum's), for every
    partition (the first triple of a bag is taken from its first partition
    that has one). Positions in
    ``invalid`` count from 0 over the whole input, in its order.

    >>> from pybls.sig import MinSig
    >>> sk = MinSig.Basic.key_gen(bytes(32))
    >>> pk = MinSig.Basic.sk_to_pk(sk).to_bytes()
    >>> triples = [(pk, b"%d" % i, MinSig.Basic.sign(sk, b"%d" % i).to_bytes()) for i in range(4)]
    >>> triples[0] = (pk, b"0", bytes(48))                      # not a valid signature
    >>> verify_many(triples, MinSig.Basic, partition_size=3)
    VerifyResult(valid=False, invalid=[0], total=4)
    """
    parts = _partition_results(triples, scheme, partition_size)
    invalid: List[int] = []
    start = 0
    for count, bad in parts:
        invalid.extend(start + i for i in bad)
        start += count
    return VerifyResult(not invalid, invalid, start)


def verify_beacon_chain(chain: Union[str, "_drand.Chain"], rounds: Any, *,
                        partition_size: int = DEFAULT_PARTITION_SIZE) -> VerifyResult:
    """Verify many beacons of a drand chain on Dask.

    `chain` is a :class:`pybls.drand.Chain` or the name of one of
    :data:`pybls.drand.CHAINS`. `rounds` maps round numbers to signatures
    (bytes or hex), or is a list or :class:`dask.bag.Bag` of
    ``(round, signature)`` or ``(round, signature, previous_signature)``.
    A chained scheme signs the previous round's signature: in a mapping or
    a list it is taken from round - 1's entry when one is given (the
    genesis seed for round 1); in a bag, items must carry it.
    ``invalid`` lists the rounds that do not verify.

    >>> from pybls import drand
    >>> beacon = drand.LocalBeacon(genesis_time=0)             # every round published
    >>> sigs = {r: beacon.signature(r) for r in range(1, 7)}
    >>> sigs[4] = sigs[5]                                       # a wrong signature for round 4
    >>> verify_beacon_chain(beacon.chain, sigs, partition_size=4)
    VerifyResult(valid=False, invalid=[4], total=6)
    """
    c = _drand.get_chain(chain)
    if isinstance(rounds, _Bag):
        parts = rounds.map_partitions(_beacon_partition, c).compute()
        return _from_rounds(parts)
    items = list(rounds.items()) if isinstance(rounds, Mapping) else [tuple(item) for item in rounds]
    if c.chained:
        by_round: Dict[Any, Any] = {item[0]: item[1] for item in items}
        items = [item if len(item) == 3 else (item[0], item[1], _previous(c, by_round, item[0]))
                 for item in items]
    _check_partition_size(partition_size)
    tasks = [items[i:i + partition_size] for i in range(0, len(items), partition_size)]
    return _from_rounds([p for ps in _run(_beacon_partition, tasks, c) for p in ps])


# -- partitions ----------------------------------------------------------------

def _check_partition_size(size: int) -> None:
    if isinstance(size, bool) or not isinstance(size, int):
        raise TypeError(f"partition_size must be an int, not {type(size).__name__}")
    if size < 1:
        raise ArgumentError(f"partition_size must be positive, got {size}")


def _partition_results(triples: Any, scheme: Optional[Scheme], partition_size: int) -> List[_PartResult]:
    """Each partition's (count, invalid positions in it), in input order."""
    _check_partition_size(partition_size)
    if scheme is not None and not isinstance(scheme, Scheme):
        raise TypeError(f"scheme must be a pybls.sig scheme (MinPk.PoP...) or None, not {type(scheme).__name__}")
    if _is_dask_dataframe(triples):
        triples = triples[list(triples.columns[:3])].to_bag(index=False)
    if isinstance(triples, _Bag):
        if scheme is None:
            scheme = _default_scheme(_first_of_bag(triples))
        out: List[_PartResult] = triples.map_partitions(_triples_partition, scheme).compute()
        return out
    if hasattr(triples, "itertuples"):  # a pandas dataframe
        items = [row[:3] for row in triples.itertuples(index=False, name=None)]
    else:
        items = [_triple(t) for t in triples]
    if scheme is None:  # one scheme for every partition, from the first triple
        scheme = _default_scheme(items)
    tasks = [items[i:i + partition_size] for i in range(0, len(items), partition_size)]
    return [p for ps in _run(_triples_partition, tasks, scheme) for p in ps]


def _is_dask_dataframe(obj: Any) -> bool:
    return hasattr(obj, "to_bag") and hasattr(obj, "npartitions") and hasattr(obj, "columns")


def _run(fn: Any, tasks: List[List[Any]], arg: Any) -> List[List[_PartResult]]:
    """``[fn(task, arg) for task in tasks]`` as Dask tasks, on the current
    distributed client (the partitions scattered to the workers rather than
    shipped inside the task graph) or else Dask's default scheduler."""
    if not tasks:
        return []
    client = _current_client()
    if client is not None:
        futures = client.scatter(tasks, hash=False)  # unique keys: a partition may repeat an earlier call's
        return list(client.gather(client.map(fn, futures, [arg] * len(tasks))))
    delayed = _dask.delayed(fn, pure=True)
    return list(_dask.compute(*[delayed(t, arg) for t in tasks]))


def _current_client() -> Any:
    """The dask.distributed client in use, if any."""
    try:
        import distributed
    except ImportError:  # dask without distributed: the local scheduler
        return None
    dist: Any = distributed
    try:
        return dist.default_client()
    except ValueError:
        return None


def _first_of_bag(bag: Any) -> List[Tuple[Any, ...]]:
    """The first item of a bag, as a list of at most one triple (computing
    its first partition, or more where that one is empty)."""
    first = bag.take(1, npartitions=1, warn=False) or bag.take(1, npartitions=-1, warn=False)
    return [_triple(t) for t in first]


def _default_scheme(items: Sequence[Tuple[Any, ...]]) -> Scheme:
    """PoP of the variant and curve of the first pybls key or signature."""
    for item in items[:1]:
        for value in item[0], item[2]:
            if isinstance(value, _GroupValue):
                found: Scheme = _scheme_named(type(value).CURVE.key, type(value).VARIANT, "PoP")
                return found
    default: Scheme = _scheme_named(None, "MinPk", "PoP")
    return default


def _triple(item: Any) -> Tuple[Any, ...]:
    """`item` as a (public key, message, signature) tuple, else ArgumentError."""
    return as_tuple(item, 3, TRIPLE)


def _triples_partition(part: Iterable[Any], s: Scheme) -> List[_PartResult]:
    """One partition of triples (a task on a worker)."""
    items = [_triple(t) for t in part]
    if s.batch_verify(items):
        return [(len(items), [])]
    return [(len(items), s.find_invalid(items))]


def _previous(chain: "_drand.Chain", by_round: Dict[Any, Any], round: Any) -> Any:
    """The previous signature of a chained round, from the input."""
    if isinstance(round, int) and round == 1:
        return chain.genesis_seed
    return by_round.get(round - 1) if isinstance(round, int) else None


def _beacon_partition(part: Iterable[Any], chain: "_drand.Chain") -> List[_PartResult]:
    """One partition of beacons (a task on a worker): (count, invalid rounds)."""
    bls = chain._spec.bls
    rounds: List[Any] = []
    triples: List[Tuple[Any, bytes, Any]] = []
    bad: List[Any] = []
    for item in part:
        beacon = as_tuple(item, (2, 3), "a (round, signature) or (round, signature, previous signature) beacon")
        round, sig = beacon[0], beacon[1]
        prev = beacon[2] if len(beacon) > 2 else None
        message = _beacon_message(chain, round, sig, prev)
        if message is None:
            bad.append(round)
        else:
            rounds.append(round)
            triples.append((chain._pk, message, _drand._hex_or_bytes(sig, "signature")))
    count = len(rounds) + len(bad)
    if not bls.batch_verify(triples):
        bad.extend(rounds[i] for i in bls.find_invalid(triples))
    return [(count, bad)]


def _beacon_message(chain: "_drand.Chain", round: Any, sig: Any, prev: Any) -> Optional[bytes]:
    """The message of a beacon, or None if the round or an encoding is bad
    (as :meth:`pybls.drand.Chain.verify` would answer False)."""
    if isinstance(round, bool) or not isinstance(round, int) or not 1 <= round < 1 << 64:
        return None
    try:
        s = _drand._hex_or_bytes(sig, "signature")
        if chain.chained:
            if prev is None:
                return None
            prev = _drand._hex_or_bytes(prev, "previous signature")
    except (ValueError, TypeError):
        return None
    if len(s) != chain._spec.bls.variant.Signature.SIZE:
        return None
    return chain.message(round, prev)


def _from_rounds(parts: List[_PartResult]) -> VerifyResult:
    invalid = sorted(r for _, bad in parts for r in bad)
    return VerifyResult(not invalid, invalid, sum(count for count, _ in parts))
