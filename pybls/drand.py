"""drand randomness beacons: chain descriptions, round times and beacon verification.

A drand chain publishes, every ``period`` seconds from ``genesis_time`` on,
a BLS signature of its round number under the chain's threshold key; the
randomness of the round is the SHA-256 of that signature. The chains that
drand runs ship with pybls as data (:data:`CHAINS`, from the package file
``drand_chains.json``, in drand's ``/info`` format):

>>> from pybls import drand
>>> qn = drand.CHAINS["quicknet"]
>>> qn.scheme, qn.period, qn.hash.hex()[:16]
('bls-unchained-g1-rfc9380', 3, '52db9ba70e0cc0f6')
>>> qn.round_at(1692803367 + 3 * 999), qn.time_of_round(1000)
(1000, 1692806364)
>>> sig = bytes.fromhex(
...     "b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125"
...     "e342b73a8dd2bacbe47e4b6b63ed5e39")
>>> drand.verify_beacon("quicknet", 1000, sig), drand.verify_beacon("quicknet", 1001, sig)
(True, False)
>>> drand.randomness(sig).hex()[:16]
'fe290beca10872ef'

Chained schemes (the ``default`` mainnet chain) sign the previous round's
signature too, so verifying needs it (for round 1 it is the chain's genesis
seed, used when no previous signature is given).

No networking happens here: beacons are fetched by the caller (for instance
from ``https://api.drand.sh/<chain hash>/public/<round>``) or made by
:class:`LocalBeacon` for tests and demos.

The supported schemes (``schemeID``):

==========================  ==========  =========  =====================================
scheme                      public key  signature  message signed
==========================  ==========  =========  =====================================
``pedersen-bls-chained``    G1          G2         sha256(previous_signature ‖ round)
``pedersen-bls-unchained``  G1          G2         sha256(round)
``bls-unchained-g1-rfc9380``  G2        G1         sha256(round)
``bls-unchained-on-g1``     G2          G1         sha256(round), with the G2 tag (legacy)
``bls-bn254-unchained-on-g1``  G2 (BN254)  G1 (BN254)  keccak256(round)
==========================  ==========  =========  =====================================

where ``round`` is the round number as 8 big-endian bytes and the hash to
the signature group is RFC 9380's ``_XMD:SHA-256_SSWU_RO_`` with the
ciphersuite tag ``BLS_SIG_BLS12381G{1,2}_XMD:SHA-256_SSWU_RO_NUL_`` of the
signature group, except for the legacy ``bls-unchained-on-g1`` (drand's
deprecated fastnet) which hashes to G1 under the G2 tag, and for
``bls-bn254-unchained-on-g1`` (the ``evmnet`` chain, whose beacons an EVM
contract can verify): BN254 (alt_bn128) with RFC 9380's
``BN254G1_XMD:KECCAK-256_SVDW_RO_`` and the tag
``BLS_SIG_BN254G1_XMD:KECCAK-256_SVDW_RO_NUL_``, keys and signatures in
EIP-197/196's 128- and 64-byte encodings (:mod:`pybls.sig.bn254`).

>>> evm = CHAINS["evmnet"]
>>> evm.signature_group.__module__, evm.period
('pybls.bn254', 3)
>>> sig = ("0d0d705983f50d6a2846e77d8d12a238f0be277a2307eb3e0d5206dc6765b0f9"
...        "1f04e596e3b28295086e8fda9047d40d37f7c2d8fb2f6686839101692e4f5f13")
>>> verify_beacon(evm, 6390578, sig), verify_beacon(evm, 6390579, sig)
(True, False)
>>> randomness(sig).hex()[:16]
'466262e8cb504073'
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import math
import os
import struct
import time as _time
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Callable, Dict, Iterable, Mapping, Optional, Tuple, Union

from ._convert import as_bytes
from .errors import ArgumentError, PyblsError, RoundNotReachedError, UnknownChainError
from .sig import MinPk, MinSig
from .sig.keys import SecretKey
from .sig.schemes import Scheme
from .sig.bn254 import MinSigBN254
from .sig.values import coerce_or_none
from .hashing import keccak256

__all__ = [
    "CHAINS",
    "SCHEMES",
    "Beacon",
    "Chain",
    "LocalBeacon",
    "chain_by_hash",
    "check_round",
    "get_chain",
    "randomness",
    "verify_beacon",
]

_G2_TAG = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_"
_MAX_ROUND = (1 << 64) - 1


@dataclass(frozen=True)
class _SchemeSpec:
    """How a drand scheme signs: its BLS scheme (groups and tag), chaining,
    and the hash of the signed message."""

    bls: Any  # a pybls.sig Scheme, or pybls.sig.bn254's for BN254
    chained: bool
    message_hash: Callable[[bytes], bytes] = field(default=lambda data: hashlib.sha256(data).digest())
    curve: str = "bls12_381"  # the pybls.curves name of the scheme's curve


#: The drand schemes pybls verifies, by drand's ``schemeID``.
SCHEMES: Mapping[str, _SchemeSpec] = MappingProxyType({
    "pedersen-bls-chained": _SchemeSpec(MinPk.Basic, True),
    "pedersen-bls-unchained": _SchemeSpec(MinPk.Basic, False),
    "bls-unchained-g1-rfc9380": _SchemeSpec(MinSig.Basic, False),
    # drand's deprecated fastnet: G1 signatures hashed with the G2 tag.
    "bls-unchained-on-g1": _SchemeSpec(MinSig.Basic.with_dst(_G2_TAG), False),
    # evmnet: BN254, verifiable by the EVM's pairing precompile.
    "bls-bn254-unchained-on-g1": _SchemeSpec(MinSigBN254.Basic, False, keccak256, "bn254"),
})

Time = Union[int, float, _dt.datetime]


def _seconds(t: Time) -> Union[int, float]:
    if isinstance(t, _dt.datetime):
        if t.tzinfo is None:
            raise ArgumentError("a datetime for a drand round must be timezone-aware")
        return t.timestamp()
    if isinstance(t, bool) or not isinstance(t, (int, float)):
        raise TypeError(f"a time must be unix seconds (int or float) or a datetime, not {type(t).__name__}")
    if isinstance(t, float) and not math.isfinite(t):
        raise ArgumentError("a time must be finite")
    return t


def _hex_or_bytes(value: Any, what: str) -> bytes:
    """Bytes, or a hex string as drand's JSON gives them (ArgumentError, a ValueError, if not hex)."""
    if isinstance(value, str):
        try:
            return bytes.fromhex(value)
        except ValueError:
            raise ArgumentError(f"{what}: not a hex string") from None
    return as_bytes(value, what)


def check_round(round: Any, first: int = 1) -> int:
    """`round` if it is an int from `first` to 2**64 - 1.

    Raises :class:`TypeError` for another type and
    :class:`~pybls.errors.ArgumentError` outside that range.

    >>> check_round(12040883)
    12040883
    >>> check_round(2**64)
    Traceback (most recent call last):
      ...
    pybls.errors.ArgumentError: a round is a number from 1 to 2**64 - 1, got 18446744073709551616
    """
    if isinstance(round, bool) or not isinstance(round, int):
        raise TypeError(f"a round must be an int, not {type(round).__name__}")
    if not first <= round <= _MAX_ROUND:
        raise ArgumentError(f"a round is a number from {first} to 2**64 - 1, got {round}")
    return round


def _round_bytes(round: int) -> bytes:
    return struct.pack(">Q", check_round(round, 0))


@dataclass(frozen=True)
class Chain:
    """A drand chain: its public key, genesis, period and scheme.

    The chain ``hash`` (its id in drand's URLs and in timelock files) is
    computed from the other fields as drand does. Build one from drand's
    ``/info`` JSON with :meth:`from_info`; :meth:`info` gives it back.

    >>> from pybls.drand import CHAINS
    >>> c = CHAINS["default"]
    >>> c.signature_group.__name__, c.chained, c.beacon_id
    ('G2', True, 'default')
    >>> Chain.from_info(c.info()) == c
    True
    """

    public_key: bytes
    genesis_time: int
    period: int
    scheme: str
    genesis_seed: bytes
    beacon_id: str = "default"
    hash: bytes = field(init=False)
    _spec: _SchemeSpec = field(init=False, repr=False, compare=False)
    _pk: Any = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        spec = SCHEMES.get(self.scheme)
        if spec is None:
            raise ArgumentError(f"unsupported drand scheme {self.scheme!r} (known: {', '.join(SCHEMES)})")
        pk_bytes = as_bytes(self.public_key, "public key")
        for name, value in (("genesis_time", self.genesis_time), ("period", self.period)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
        if not 0 < self.period < 1 << 32:
            raise ArgumentError("the period must be a positive number of seconds")
        if not -(1 << 63) <= self.genesis_time < 1 << 63:
            raise ArgumentError("the genesis time must fit in a signed 64-bit integer")
        if not isinstance(self.beacon_id, str):
            raise TypeError(f"beacon_id must be a str, not {type(self.beacon_id).__name__}")
        seed = as_bytes(self.genesis_seed, "genesis seed")
        pk = spec.bls.variant.PublicKey.from_bytes(pk_bytes)  # raises for an invalid key
        if len(pk_bytes) != pk.SIZE:
            raise ArgumentError("the chain public key must be in compressed form")
        h = hashlib.sha256()
        h.update(struct.pack(">Iq", self.period, self.genesis_time))
        h.update(pk_bytes)
        h.update(seed)
        if self.beacon_id not in ("", "default"):
            h.update(self.beacon_id.encode())
        object.__setattr__(self, "public_key", pk_bytes)
        object.__setattr__(self, "genesis_seed", seed)
        object.__setattr__(self, "hash", h.digest())
        object.__setattr__(self, "_spec", spec)
        object.__setattr__(self, "_pk", pk)

    # -- drand's JSON ---------------------------------------------------------

    @classmethod
    def from_info(cls, info: Mapping[str, Any]) -> "Chain":
        """The chain described by drand's ``/info`` JSON (a dict).

        A ``hash`` field, if present, must equal the hash of the other
        fields (:class:`~pybls.errors.ArgumentError` otherwise).
        """
        try:
            chain = cls(
                public_key=bytes.fromhex(info["public_key"]),
                genesis_time=info["genesis_time"],
                period=info["period"],
                scheme=info.get("schemeID", "pedersen-bls-chained"),
                genesis_seed=bytes.fromhex(info["groupHash"]),
                beacon_id=(info.get("metadata") or {}).get("beaconID", "default"),
            )
        except KeyError as e:
            raise ArgumentError(f"drand chain info lacks the field {e.args[0]!r}") from None
        except ValueError as e:
            if isinstance(e, PyblsError):
                raise
            raise ArgumentError("drand chain info: public_key and groupHash must be hex strings") from None
        if "hash" in info and info["hash"] != chain.hash.hex():
            raise ArgumentError("drand chain info: 'hash' does not match the other fields")
        return chain

    def info(self) -> Dict[str, Any]:
        """The chain in drand's ``/info`` JSON form (a dict)."""
        return {
            "public_key": self.public_key.hex(),
            "period": self.period,
            "genesis_time": self.genesis_time,
            "hash": self.hash.hex(),
            "groupHash": self.genesis_seed.hex(),
            "schemeID": self.scheme,
            "metadata": {"beaconID": self.beacon_id},
        }

    # -- scheme ---------------------------------------------------------------

    @property
    def chained(self) -> bool:
        """Whether each round also signs the previous round's signature."""
        return self._spec.chained

    @property
    def curve(self) -> str:
        """The curve of the chain's scheme, as :mod:`pybls.curves` names it."""
        return self._spec.curve

    @property
    def signature_group(self) -> Any:
        """The group of the beacon signatures (:class:`~pybls.G1` or :class:`~pybls.G2`)."""
        return self._spec.bls.variant.Signature.GROUP

    @property
    def public_key_group(self) -> Any:
        """The group of the chain's public key."""
        return self._spec.bls.variant.PublicKey.GROUP

    @property
    def dst(self) -> bytes:
        """The hash-to-curve domain separation tag of the signed messages."""
        dst: bytes = self._spec.bls.dst
        return dst

    @property
    def public_key_point(self) -> Any:
        """The public key as a :class:`~pybls.G1` or :class:`~pybls.G2` point."""
        return self._pk.point

    def message(self, round: int, previous_signature: Optional[bytes] = None) -> bytes:
        """The 32 bytes the chain signs for `round` (see the module's table)."""
        if self.chained:
            if previous_signature is None:
                raise ArgumentError("a chained scheme signs the previous signature: pass previous_signature")
            return bytes(self._spec.message_hash(bytes(previous_signature) + _round_bytes(round)))
        return bytes(self._spec.message_hash(_round_bytes(round)))

    # -- time -----------------------------------------------------------------

    def round_at(self, time: Time) -> int:
        """The latest round published at `time` (unix seconds or an aware datetime).

        0 before genesis, as drand counts; round 1 is published at genesis.
        A time past round 2**64 - 1 (the last a beacon can carry) raises
        :class:`~pybls.errors.ArgumentError`.
        """
        t = _seconds(time)
        if t < self.genesis_time:
            return 0
        if isinstance(t, int):
            r = (t - self.genesis_time) // self.period + 1
        else:
            r = int(math.floor((t - self.genesis_time) / self.period)) + 1
        if r > _MAX_ROUND:
            raise ArgumentError(f"{time!r} is past the last round, 2**64 - 1, of chain {self.beacon_id!r}")
        return r

    def time_of_round(self, round: int) -> int:
        """The unix time (seconds) at which `round` is published (genesis for round 0)."""
        check_round(round, 0)
        return self.genesis_time + max(round - 1, 0) * self.period

    # -- verification ---------------------------------------------------------

    def verify(self, round: int, signature: Any, previous_signature: Any = None) -> bool:
        """Whether `signature` is this chain's beacon for `round` (see :func:`verify_beacon`)."""
        return self.verified_signature(round, signature, previous_signature) is not None

    def verified_signature(self, round: int, signature: Any, previous_signature: Any = None) -> Optional[Any]:
        """The beacon signature as a point if it verifies (see :func:`verify_beacon`), else None."""
        if isinstance(round, bool) or not isinstance(round, int):
            raise TypeError(f"a round must be an int, not {type(round).__name__}")
        if not 1 <= round <= _MAX_ROUND:
            return None  # a verifier answers, it does not raise, for a bad value
        try:
            sig = _hex_or_bytes(signature, "signature")
            prev = None
            if self.chained:
                if previous_signature is None:
                    if round != 1:
                        return None
                    prev = self.genesis_seed
                else:
                    prev = _hex_or_bytes(previous_signature, "previous signature")
        except ValueError:
            return None
        bls = self._spec.bls
        if len(sig) != bls.variant.Signature.SIZE:
            return None
        decoded = coerce_or_none(bls.variant.Signature, sig)
        if decoded is None or not bls.verify(self._pk, self.message(round, prev), decoded):
            return None
        return decoded.point

    def __repr__(self) -> str:
        return f"Chain({self.beacon_id!r}, scheme={self.scheme!r}, period={self.period}, hash={self.hash.hex()[:16]}…)"

    def __reduce__(self) -> Any:
        # by its /info fields: the derived ones (scheme objects, the
        # decoded key) are rebuilt where it is unpickled, say on a Dask worker
        return (_chain_from_info, (self.info(),))


def _chain_from_info(info: Dict[str, Any]) -> Chain:
    return Chain.from_info(info)


def _load_chains() -> Mapping[str, Chain]:
    path = Path(__file__).with_name("drand_chains.json")
    data = json.loads(path.read_text(encoding="utf-8"))
    return MappingProxyType({name: Chain.from_info(info) for name, info in data.items()})


#: The drand chains shipped with pybls, by drand's names: ``quicknet`` and
#: ``default`` (League of Entropy mainnet), ``fastnet`` (deprecated),
#: ``quicknet-t``, ``testnet-unchained-3s`` and ``testnet-default`` (testnets).
CHAINS: Mapping[str, Chain] = _load_chains()


def get_chain(chain: Union[str, Chain]) -> Chain:
    """`chain` itself, or the chain of :data:`CHAINS` with that name or hex hash.

    Raises :class:`~pybls.errors.UnknownChainError` for another name.

    >>> qn = get_chain("quicknet")
    >>> get_chain(qn.hash.hex()) is qn, qn.period
    (True, 3)
    """
    if isinstance(chain, Chain):
        return chain
    if not isinstance(chain, str):
        raise TypeError(f"a chain is a Chain or a chain name, not {type(chain).__name__}")
    found = CHAINS.get(chain)
    if found is None:
        found = next((c for c in CHAINS.values() if c.hash.hex() == chain.lower()), None)
    if found is None:
        raise UnknownChainError(f"unknown drand chain {chain!r} (known: {', '.join(CHAINS)})")
    return found


def chain_by_hash(chain_hash: Union[bytes, str], extra: Iterable[Chain] = ()) -> Chain:
    """The chain with this hash among `extra` and :data:`CHAINS`.

    Raises :class:`~pybls.errors.UnknownChainError` if there is none.

    >>> chain_by_hash("52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971") is CHAINS["quicknet"]
    True
    """
    try:
        h = _hex_or_bytes(chain_hash, "chain hash")
    except ValueError:
        raise UnknownChainError("a chain hash is 32 bytes (64 hex digits)") from None
    for c in (*extra, *CHAINS.values()):
        if c.hash == h:
            return c
    raise UnknownChainError(f"no known drand chain has the hash {h.hex()}")


def verify_beacon(chain: Union[str, Chain], round: int, signature: Any,
                  previous_signature: Any = None) -> bool:
    """Whether `signature` is the beacon of `round` on `chain`.

    `chain` is a :class:`Chain` or a name in :data:`CHAINS`; signatures are
    bytes or hex strings (compressed points, as drand publishes them). For
    a chained scheme the previous round's signature is needed, except for
    round 1 whose predecessor is the chain's genesis seed. Any invalid
    round, signature or previous signature gives ``False``; an unknown chain
    name raises :class:`~pybls.errors.UnknownChainError`.

    >>> verify_beacon("quicknet", 1, b"\\x00" * 48)
    False
    """
    return get_chain(chain).verify(round, signature, previous_signature)


def randomness(signature: Any) -> bytes:
    """The randomness of a beacon: SHA-256 of its signature (bytes or hex).

    >>> import hashlib
    >>> sig = bytes.fromhex("929906c959032ab363c9f26570d215d66f5c06cb0c44fe508c12bb5839f04ec895bb6868e5b9ff13ab289bdb5266b394")
    >>> randomness(sig) == randomness(sig.hex()) == hashlib.sha256(sig).digest()
    True
    """
    return hashlib.sha256(_hex_or_bytes(signature, "signature")).digest()


@dataclass(frozen=True)
class Beacon:
    """One round of a chain: the signature and, for chained schemes, the previous one.

    >>> b = Beacon(1, bytes(48))
    >>> sorted(b.to_json()), b.randomness == randomness(bytes(48))
    (['randomness', 'round', 'signature'], True)
    """

    round: int
    signature: bytes
    previous_signature: Optional[bytes] = None

    @property
    def randomness(self) -> bytes:
        """SHA-256 of the signature."""
        return randomness(self.signature)

    def to_json(self) -> Dict[str, Any]:
        """The beacon as drand's ``/public/<round>`` JSON (a dict)."""
        out: Dict[str, Any] = {"round": self.round, "randomness": self.randomness.hex(),
                               "signature": self.signature.hex()}
        if self.previous_signature is not None:
            out["previous_signature"] = self.previous_signature.hex()
        return out


# A chained LocalBeacon signs rounds in order; beyond this many missing rounds
# it refuses rather than appear to hang (about a minute of signing).
_MAX_CHAINED_FILL = 20_000


class LocalBeacon:
    """A drand-like chain run in-process with a freshly generated key.

    For tests and demos of timelock encryption without a network: it
    publishes (signs) each round once its time has come, like drand.

    >>> import time
    >>> from pybls import drand
    >>> beacon = drand.LocalBeacon(period=3, genesis_time=int(time.time()) - 30)
    >>> r = beacon.current_round()
    >>> r >= 11
    True
    >>> b = beacon.beacon(r)
    >>> drand.verify_beacon(beacon.chain, r, b.signature)
    True
    >>> beacon.chain.scheme
    'bls-unchained-g1-rfc9380'

    `scheme` is any of :data:`SCHEMES`; ``genesis_time`` defaults to now;
    ``clock`` (default :func:`time.time`) decides which rounds exist.
    The secret key never leaves the object.
    """

    def __init__(self, scheme: str = "bls-unchained-g1-rfc9380", *, period: int = 3,
                 genesis_time: Optional[int] = None, beacon_id: str = "pybls-local",
                 secret_key: Optional[SecretKey] = None, clock: Any = _time.time) -> None:
        spec = SCHEMES.get(scheme)
        if spec is None:
            raise ArgumentError(f"unsupported drand scheme {scheme!r} (known: {', '.join(SCHEMES)})")
        self._sk = secret_key if secret_key is not None else SecretKey.random(curve=spec.curve)
        self._bls = spec.bls
        self._clock = clock
        pk = spec.bls.sk_to_pk(self._sk).to_bytes()
        genesis = int(clock()) if genesis_time is None else genesis_time
        seed = hashlib.sha256(b"pybls local drand beacon" + pk + os.urandom(16)).digest()
        self.chain: Chain = Chain(pk, genesis, period, scheme, seed, beacon_id)
        self._signatures: Dict[int, bytes] = {0: seed}

    def current_round(self) -> int:
        """The latest round published now."""
        return self.chain.round_at(self._clock())

    def _sign(self, round: int) -> bytes:
        cached = self._signatures.get(round)
        if cached is not None:
            return cached
        prev = None
        if self.chain.chained:  # every earlier round is needed; fill them in order
            start = max(r for r in self._signatures if r < round)
            if round - start > _MAX_CHAINED_FILL:
                raise ArgumentError(
                    f"a chained local beacon signs every round before {round} in order "
                    f"({round - start} to go); start it with a genesis_time closer to now "
                    "or use an unchained scheme")
            for r in range(start + 1, round):
                self._sign(r)
            prev = self._signatures[round - 1]
        sig: bytes = self._bls.sign(self._sk, self.chain.message(round, prev)).to_bytes()
        self._signatures[round] = sig
        return sig

    def signature(self, round: int, *, wait: bool = False) -> bytes:
        """The signature of `round`, once published.

        A round whose time has not come raises
        :class:`~pybls.errors.RoundNotReachedError`, or with ``wait=True``
        sleeps until its time.
        """
        check_round(round)
        while round > self.current_round():
            delay = self.chain.time_of_round(round) - self._clock()
            if not wait:
                raise RoundNotReachedError(f"round {round} is published in {max(delay, 0):.1f} s")
            _time.sleep(max(min(delay, 1.0), 0.01))
        return self._sign(round)

    def beacon(self, round: int, *, wait: bool = False) -> Beacon:
        """The :class:`Beacon` of `round` (see :meth:`signature`)."""
        sig = self.signature(round, wait=wait)
        prev = self._signatures[round - 1] if self.chain.chained else None
        return Beacon(round, sig, prev)

    def __repr__(self) -> str:
        return f"LocalBeacon({self.chain!r})"

