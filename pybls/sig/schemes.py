"""The three schemes of draft-irtf-cfrg-bls-signature-05: Basic, Message
Augmentation and Proof of Possession, for either variant.

Scheme objects are immutable and carry their curve, their domain
separation tag and the hash of their hash to curve; the ready-made ones
are ``MinPk.Basic``, ``MinPk.Aug``, ``MinPk.PoP`` and the same for
``MinSig`` (see :mod:`pybls.sig.variants`), on BLS12-381 or, through
:func:`pybls.sig.for_curve`, on any curve that hashes to the signature
group. The code below knows no curve: it reads groups, scalars and the
pairing from the scheme's :class:`~pybls.sig.curve.SigCurve`.

>>> from pybls.sig import MinPk
>>> sk = MinPk.PoP.key_gen(b"\\x01" * 32)
>>> pk = MinPk.PoP.sk_to_pk(sk)
>>> sig = MinPk.PoP.sign(sk, b"hello")
>>> MinPk.PoP.verify(pk, b"hello", sig), MinPk.PoP.verify(pk, b"other", sig)
(True, False)
>>> MinPk.PoP.verify(pk.to_bytes(), b"hello", sig.to_bytes())
True
>>> MinPk.PoP.verify(pk, b"hello", b"\\x00" * 96)
False

Verification functions answer ``False`` for invalid public keys,
signatures and malformed bytes (they raise only :class:`TypeError` for
arguments of the wrong Python type, such as a ``str`` message); functions
that build values (``sign``, ``aggregate``, ...) raise named
:mod:`pybls.errors` exceptions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Type, TypeVar

from .. import workers as _workers
from .._convert import as_bytes
from ..errors import ArgumentError, InvalidKeyError
from .._lib import _abi
from ..points import _Point
from . import batch as _batch
from .curve import SigCurve, default_curve
from .keys import SecretKey, key_gen
from .values import PublicKey, Signature, _GroupValue, coerce, coerce_or_none

_IN_SUBGROUP = _abi.PYBLS_MUL_IN_SUBGROUP

if TYPE_CHECKING:  # pragma: no cover
    from .variants import Variant

__all__ = ["Scheme", "BasicScheme", "AugScheme", "PoPScheme"]

_S = TypeVar("_S", bound="Scheme")
_V = TypeVar("_V", bound=_GroupValue)
_MAX_DST = 255

#: Anything a verifier accepts as a public key / signature.
PublicKeyLike = Any
SignatureLike = Any


class Scheme:
    """Operations common to the three schemes (those of Basic, by default).

    Instances are made by :mod:`pybls.sig.variants`; use
    :meth:`with_dst` for another domain separation tag.

    >>> from pybls.sig import MinPk, SecretKey
    >>> sk = SecretKey.from_int(0x47b8192d77bf871b62e87859d653922725724a5c031afeabc60bcef5ff665138)
    >>> sig = MinPk.PoP.sign(sk, bytes(32))       # Ethereum's consensus test vector
    >>> sig.to_bytes().hex()[:32], MinPk.PoP.verify(MinPk.PoP.sk_to_pk(sk), bytes(32), sig)
    ('b23c46be3a001c63ca711f87a005c200', True)
    """

    __slots__ = ("variant", "dst", "hash", "curve", "_pk_cls", "_sig_cls", "_sig_group", "_pk_group", "_min_pk",
                 "_hash_fn")

    #: The scheme's name in the draft.
    NAME = "Basic"

    variant: "Variant"
    dst: bytes
    #: The hash of expand_message_xmd (None: the suite's own, SHA-256 on
    #: BLS12-381 and BN254; "keccak256" for drand's evmnet).
    hash: Optional[str]
    curve: SigCurve
    # From the variant: the public key and signature classes and their groups.
    _pk_cls: Type[PublicKey]
    _sig_cls: Type[Signature]
    _pk_group: Type[_Point]
    _sig_group: Type[_Point]
    _min_pk: bool  # public keys in G1
    # hash_to_curve into the signature group: (msg, len, dst, len) -> point.
    _hash_fn: Callable[[bytes, int, bytes, int], bytes]

    def __init__(self, variant: "Variant", dst: Any, *, hash: Optional[str] = None) -> None:
        d = as_bytes(dst, "domain separation tag")
        if not 0 < len(d) <= _MAX_DST:
            raise ArgumentError(f"a domain separation tag must be 1 to {_MAX_DST} bytes, got {len(d)}")
        group = variant.Signature.GROUP
        object.__setattr__(self, "variant", variant)
        object.__setattr__(self, "dst", d)
        object.__setattr__(self, "hash", hash)
        object.__setattr__(self, "curve", variant.curve)
        object.__setattr__(self, "_pk_cls", variant.PublicKey)
        object.__setattr__(self, "_sig_cls", variant.Signature)
        object.__setattr__(self, "_pk_group", variant.PublicKey.GROUP)
        object.__setattr__(self, "_sig_group", group)
        object.__setattr__(self, "_min_pk", variant.PublicKey.GROUP is variant.curve.G1)
        fn = group._hash_fn("hash_to_curve", hash)
        object.__setattr__(self, "_hash_fn", fn)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("scheme objects are immutable; use with_dst() for another tag")

    def with_dst(self: _S, dst: Any) -> _S:
        """The same scheme and variant with the domain separation tag `dst`.

        >>> from pybls.sig import MinPk
        >>> MinPk.Basic.with_dst(b"MY-APP-V01-CS01-with-BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_").dst[:6]
        b'MY-APP'
        """
        return type(self)(self.variant, dst, hash=self.hash)

    def _label(self) -> str:
        """Variant and scheme, with the curve unless it is BLS12-381."""
        return f"{self.variant.label}.{self.NAME}" + (f" hash={self.hash}" if self.hash else "")

    def __repr__(self) -> str:
        return f"<{self._label()} dst={self.dst!r}>"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Scheme)
        return self.variant is other.variant and self.dst == other.dst and self.hash == other.hash

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.variant.label, self.dst, self.hash))

    def __reduce__(self) -> Any:
        return _reducer(self, ())

    # -- keys ---------------------------------------------------------------

    def key_gen(self, ikm: Any, key_info: Any = b"") -> SecretKey:
        """KeyGen of the draft (section 2.3) for this scheme's curve; see
        :func:`pybls.sig.key_gen`."""
        return key_gen(ikm, key_info, curve=self.curve)

    def _key(self, sk: Any, what: str) -> bytes:
        """The internal scalar of a secret key of this scheme's curve."""
        if not isinstance(sk, SecretKey):
            raise TypeError(f"{what} takes a SecretKey, not {type(sk).__name__}")
        if sk._curve is not self.curve:
            raise TypeError(f"{what}: a secret key of {sk._curve.name} does not sign on {self.curve.name}")
        return sk._internal()

    def sk_to_pk(self, sk: SecretKey) -> PublicKey:
        """SkToPk: the public key ``sk * generator`` of this variant's key group."""
        k = self._key(sk, "sk_to_pk")
        group = self._pk_group
        cached = isinstance(sk, SecretKey) and sk._curve is self.curve
        pk = sk._cached_pk(group) if cached else None
        if pk is None:
            point = group._mul_flags(group._GENERATOR, k, _IN_SUBGROUP)
            pk = _wrap_value(self._pk_cls, group, point)
            if cached:
                sk._cache_pk(group, pk)
        return pk

    def key_validate(self, pk: PublicKeyLike) -> bool:
        """KeyValidate: whether `pk` decodes to a subgroup point other than the identity."""
        return coerce_or_none(self._pk_cls, pk) is not None

    # -- single signatures --------------------------------------------------

    def _message(self, pk: PublicKey, msg: bytes) -> bytes:
        """The octet string actually signed (Message Augmentation prepends the key)."""
        return msg

    def _hash(self, msg: bytes) -> bytes:
        """hash_to_point: the internal form of H(msg) in the signature group."""
        d = self.dst
        return self._hash_fn(msg, len(msg), d, len(d))

    def _sign_with(self, k: bytes, msg: bytes, dst: bytes) -> Signature:
        """sk * H(msg) under the tag `dst`, for the internal scalar `k`."""
        group = self._sig_group
        h = self._hash_fn(msg, len(msg), dst, len(dst))
        # h is a hash_to_curve output, in the subgroup.
        return _wrap_value(self._sig_cls, group, group._mul_flags(h, k, _IN_SUBGROUP))

    def sign(self, sk: SecretKey, msg: Any) -> Signature:
        """Sign: ``sk * H(msg)`` (constant time in `sk`).

        >>> from pybls.sig import MinSig
        >>> sk = MinSig.Basic.key_gen(bytes(32))
        >>> len(MinSig.Basic.sign(sk, b"m").to_bytes())
        48
        """
        k = self._key(sk, "sign")
        m = as_bytes(msg, "message")
        if type(self)._message is not Scheme._message:
            m = self._message(self.sk_to_pk(sk), m)
        return self._sign_with(k, m, self.dst)

    def _core_verify(self, pk: PublicKey, h: bytes, sig: Signature) -> bool:
        """e(pk, H) == e(g, sig), as one product of two pairings against 1."""
        c = self.curve
        if self._min_pk:  # pk in G1, H and sig in G2: e(pk, H) * e(-g1, sig)
            return c.product_is_one([pk._point._b, c.neg_g1], [h, sig._point._b])
        # pk in G2, H and sig in G1: e(H, pk) * e(sig, -g2)
        return c.product_is_one([h, sig._point._b], [pk._point._b, c.neg_g2])

    def verify(self, pk: PublicKeyLike, msg: Any, sig: SignatureLike) -> bool:
        """Verify: whether `sig` is a signature of `msg` under `pk`.

        `pk` and `sig` may be objects, their encodings or points; anything
        invalid (bad bytes, the identity key, a point outside the subgroup)
        gives ``False``.
        """
        m = as_bytes(msg, "message")
        p = coerce_or_none(self._pk_cls, pk)
        s = coerce_or_none(self._sig_cls, sig)
        if p is None or s is None:
            return False
        return self._core_verify(p, self._hash(self._message(p, m)), s)

    # -- aggregation --------------------------------------------------------

    def aggregate(self, signatures: Iterable[SignatureLike]) -> Signature:
        """Aggregate: the sum of the signatures (objects or encodings).

        Raises :class:`~pybls.errors.ArgumentError` for an empty list and
        the decoding errors for an invalid signature.
        """
        cls = self._sig_cls
        # Objects of the class (the common case) are read without a call each.
        internals = [(s if type(s) is cls else coerce(cls, s))._point._b for s in signatures]
        if not internals:
            raise ArgumentError("aggregate needs at least one signature")
        return _wrap_value(cls, self._sig_group, _sum(self._sig_group, internals))

    def aggregate_public_keys(self, public_keys: Iterable[PublicKeyLike]) -> PublicKey:
        """The sum of public keys (each validated), as used by FastAggregateVerify.

        Raises :class:`~pybls.errors.ArgumentError` for an empty list and
        :class:`~pybls.errors.InvalidKeyError` if the sum is the identity.
        """
        pks = [coerce(self._pk_cls, p) for p in public_keys]
        if not pks:
            raise ArgumentError("aggregate_public_keys needs at least one public key")
        total = _sum(self._pk_group, [p._point._b for p in pks])
        if self._pk_group._is_identity(total) == 1:
            raise InvalidKeyError("the aggregate public key is the identity")
        return _wrap_value(self._pk_cls, self._pk_group, total)

    def _messages_ok(self, msgs: Sequence[bytes]) -> bool:
        """Basic refuses aggregate verification of repeated messages."""
        return len(set(msgs)) == len(msgs)

    def aggregate_verify(self, public_keys: Sequence[PublicKeyLike], messages: Sequence[Any],
                         signature: SignatureLike) -> bool:
        """AggregateVerify: whether `signature` aggregates signatures of
        ``messages[i]`` under ``public_keys[i]``, with one product of n + 1
        pairings.

        False for empty or unequal lists, any invalid key or signature, and
        (Basic only) repeated messages.
        """
        pks_in = list(public_keys)
        msgs = [as_bytes(m, "message") for m in messages]
        if not msgs or len(pks_in) != len(msgs) or not self._messages_ok(msgs):
            return False
        s = coerce_or_none(self._sig_cls, signature)
        if s is None:
            return False
        pks = []
        for p in pks_in:
            k = coerce_or_none(self._pk_cls, p)
            if k is None:
                return False
            pks.append(k)
        # Keys signing the same (augmented) message share one pairing.
        by_msg: Dict[bytes, List[bytes]] = {}
        for k, m in zip(pks, msgs):
            by_msg.setdefault(self._message(k, m), []).append(k._point._b)
        g1s: List[bytes] = []
        g2s: List[bytes] = []
        for m, keys in by_msg.items():
            kp = _sum(self._pk_group, keys)
            h = self._hash(m)
            if self._min_pk:
                g1s.append(kp)
                g2s.append(h)
            else:
                g1s.append(h)
                g2s.append(kp)
        if self._min_pk:
            g1s.append(self.curve.neg_g1)
            g2s.append(s._point._b)
        else:
            g1s.append(s._point._b)
            g2s.append(self.curve.neg_g2)
        return self.curve.product_is_one(g1s, g2s)

    # -- batch verification -------------------------------------------------

    def batch_verify(self, triples: Iterable[Tuple[PublicKeyLike, Any, SignatureLike]],
                     workers: Optional[int] = _workers.DEFAULT) -> bool:
        """Whether every ``(public_key, message, signature)`` triple verifies.

        One product of pairings (one per distinct message, plus one) with a
        single final exponentiation, over a random linear combination with
        nonzero 64-bit coefficients from :mod:`secrets`: a set with an
        invalid triple passes with probability at most 2^-64. Invalid keys,
        signatures or encodings give False; an empty list is True.
        ``workers=n`` checks n parts on n threads (:mod:`pybls.workers`;
        default 1, ``None`` for one per CPU).

        >>> from pybls.sig import MinPk
        >>> keys = [MinPk.PoP.key_gen(bytes([i]) * 32) for i in range(1, 4)]
        >>> triples = [(MinPk.PoP.sk_to_pk(k), b"m%d" % i, MinPk.PoP.sign(k, b"m%d" % i)) for i, k in enumerate(keys)]
        >>> MinPk.PoP.batch_verify(triples), MinPk.PoP.batch_verify(triples, workers=2)
        (True, True)
        >>> triples[1] = (triples[1][0], b"forged", triples[1][2])
        >>> MinPk.PoP.batch_verify(triples), MinPk.PoP.find_invalid(triples, workers=2)
        (False, [1])
        """
        return _batch.batch_verify(self, triples, workers)

    def find_invalid(self, triples: Iterable[Tuple[PublicKeyLike, Any, SignatureLike]],
                     workers: Optional[int] = _workers.DEFAULT) -> List[int]:
        """The sorted indices of the triples that do not verify.

        Undecodable or invalid inputs are found directly; the rest by
        bisection with batch checks, so a few bad triples among many cost
        a few batch verifications rather than one pairing product each.
        ``workers=n`` searches n parts on n threads (:mod:`pybls.workers`).
        """
        return _batch.find_invalid(self, triples, workers)


class BasicScheme(Scheme):
    """The Basic scheme: AggregateVerify requires distinct messages.

    >>> from pybls.sig import MinSig, SecretKey
    >>> sk = SecretKey.from_int(42)
    >>> bls = MinSig.Basic                       # drand quicknet's ciphersuite
    >>> bls.dst
    b'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_'
    >>> sigs = [bls.sign(sk, m) for m in (b"a", b"b")]
    >>> bls.aggregate_verify([bls.sk_to_pk(sk)] * 2, [b"a", b"b"], bls.aggregate(sigs))
    True
    """

    __slots__ = ()
    NAME = "Basic"


class AugScheme(Scheme):
    """Message Augmentation: every signature covers ``public_key || message``.

    >>> from pybls.sig import MinPk, SecretKey
    >>> sk = SecretKey.from_int(42)
    >>> pk = MinPk.Aug.sk_to_pk(sk)
    >>> MinPk.Aug.dst
    b'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_AUG_'
    >>> MinPk.Aug.sign(sk, b"m") == MinPk.Basic.with_dst(MinPk.Aug.dst).sign(sk, pk.to_bytes() + b"m")
    True
    """

    __slots__ = ()
    NAME = "Aug"

    def _message(self, pk: PublicKey, msg: bytes) -> bytes:
        return pk.to_bytes() + msg

    def _messages_ok(self, msgs: Sequence[bytes]) -> bool:
        return True


class PoPScheme(Scheme):
    """Proof of Possession: aggregate verification of one message under many
    keys costs two pairings, provided every key came with a verified proof.

    >>> from pybls.sig import MinPk
    >>> sks = [MinPk.PoP.key_gen(bytes([i]) * 32) for i in range(1, 5)]
    >>> pks = [MinPk.PoP.sk_to_pk(k) for k in sks]
    >>> all(MinPk.PoP.pop_verify(pk, MinPk.PoP.pop_prove(k)) for k, pk in zip(sks, pks))
    True
    >>> agg = MinPk.PoP.aggregate([MinPk.PoP.sign(k, b"block") for k in sks])
    >>> MinPk.PoP.fast_aggregate_verify(pks, b"block", agg)
    True
    """

    __slots__ = ("pop_dst",)
    NAME = "PoP"

    pop_dst: bytes

    def __init__(self, variant: "Variant", dst: Any, pop_dst: Any = None, *, hash: Optional[str] = None) -> None:
        super().__init__(variant, dst, hash=hash)
        if pop_dst is None:
            pop_dst = _default_pop_dst(self.dst)
        p = as_bytes(pop_dst, "proof of possession tag")
        if not 0 < len(p) <= _MAX_DST:
            raise ArgumentError(f"a domain separation tag must be 1 to {_MAX_DST} bytes, got {len(p)}")
        if p == self.dst:
            # a proof would then be a signature of the key's bytes, and one
            # could be passed off as the other
            raise ArgumentError("the proof of possession tag must differ from the signature tag")
        object.__setattr__(self, "pop_dst", p)

    def with_dst(self, dst: Any, pop_dst: Any = None) -> "PoPScheme":
        """The PoP scheme with signature tag `dst` and proof tag `pop_dst`.

        Without `pop_dst`, a tag ``BLS_SIG_..._POP_`` gets the matching
        ``BLS_POP_..._POP_`` proof tag, as in the draft's ciphersuites; for
        any other tag `pop_dst` is required (:class:`~pybls.errors.ArgumentError`),
        since proofs and signatures must use different tags.
        """
        return PoPScheme(self.variant, dst, pop_dst, hash=self.hash)

    def __repr__(self) -> str:
        return f"<{self._label()} dst={self.dst!r} pop_dst={self.pop_dst!r}>"

    def __eq__(self, other: object) -> bool:
        if type(other) is not PoPScheme:
            return NotImplemented
        assert isinstance(other, PoPScheme)
        return Scheme.__eq__(self, other) is True and self.pop_dst == other.pop_dst

    def __hash__(self) -> int:
        return hash(("PoPScheme", self.variant.label, self.dst, self.pop_dst, self.hash))

    def __reduce__(self) -> Any:
        return _reducer(self, (self.pop_dst,))

    def _messages_ok(self, msgs: Sequence[bytes]) -> bool:
        return True

    def pop_prove(self, sk: SecretKey) -> Signature:
        """PopProve: a signature of the public key's encoding under the proof tag."""
        k = self._key(sk, "pop_prove")
        return self._sign_with(k, self.sk_to_pk(sk).to_bytes(), self.pop_dst)

    def pop_verify(self, pk: PublicKeyLike, proof: SignatureLike) -> bool:
        """PopVerify: whether `proof` proves possession of the key of `pk`."""
        p = coerce_or_none(self._pk_cls, pk)
        s = coerce_or_none(self._sig_cls, proof)
        if p is None or s is None:
            return False
        m = p.to_bytes()
        d = self.pop_dst
        return self._core_verify(p, self._hash_fn(m, len(m), d, len(d)), s)

    def fast_aggregate_verify(self, public_keys: Iterable[PublicKeyLike], msg: Any,
                              signature: SignatureLike, workers: Optional[int] = _workers.DEFAULT) -> bool:
        """FastAggregateVerify: whether `signature` aggregates signatures of
        `msg` by all of `public_keys` (each must have a verified proof of
        possession). False for an empty list or any invalid input.

        ``workers=n`` decodes and sums the keys in n parts on n threads
        (:mod:`pybls.workers`; default 1, ``None`` for one per CPU): worth
        it for thousands of keys.

        >>> from pybls.sig import MinPk
        >>> sks = [MinPk.PoP.key_gen(bytes([i]) * 32) for i in range(1, 6)]
        >>> agg = MinPk.PoP.aggregate([MinPk.PoP.sign(k, b"m") for k in sks])
        >>> MinPk.PoP.fast_aggregate_verify([MinPk.PoP.sk_to_pk(k) for k in sks], b"m", agg, workers=2)
        True
        """
        m = as_bytes(msg, "message")
        n = _workers.resolve(workers)
        pks = list(public_keys)
        sums = _workers.map_parts(self._decode_and_sum, _workers.split(pks, n), n)
        s = coerce_or_none(self._sig_cls, signature)
        if not pks or s is None or any(part is None for part in sums):
            return False
        total = _sum(self._pk_group, [part for part in sums if part is not None])
        if self._pk_group._is_identity(total) == 1:
            return False  # the aggregate fails KeyValidate
        agg = _wrap_value(self._pk_cls, self._pk_group, total)
        return self._core_verify(agg, self._hash(m), s)

    def _decode_and_sum(self, public_keys: List[PublicKeyLike]) -> Optional[bytes]:
        """The sum of the keys' points (internal bytes), None if one is invalid."""
        keys: List[bytes] = []
        for p in public_keys:
            k = coerce_or_none(self._pk_cls, p)
            if k is None:
                return None
            keys.append(k._point._b)
        return _sum(self._pk_group, keys)


# -- helpers ------------------------------------------------------------------

def _wrap_value(cls: Type[_V], group: Type[_Point], internal: bytes) -> _V:
    from .values import _trusted

    p = object.__new__(group)
    p._b = internal
    p._s = _IN_SUBGROUP  # keys and signatures are in the subgroup
    return _trusted(cls, p)


def _sum(group: Type[_Point], internals: List[bytes]) -> bytes:
    return group._sum_internal(internals)


def _default_pop_dst(dst: bytes) -> bytes:
    if dst.startswith(b"BLS_SIG_") and dst.endswith(b"_POP_"):
        return b"BLS_POP_" + dst[len(b"BLS_SIG_"):]
    # Proofs must not be signatures under the signing tag (a signature of a
    # message equal to a key's encoding would pass as its proof).
    raise ArgumentError("pass pop_dst: no proof-of-possession tag can be derived from this signature tag")


def _reducer(scheme: Scheme, extra: Tuple[Any, ...]) -> Any:
    """Pickle a scheme by its kind, variant, tags, and (unless they are
    BLS12-381's defaults) curve and hash."""
    args: Tuple[Any, ...] = (type(scheme).__name__, scheme.variant.name, scheme.dst)
    if scheme.variant.curve is not default_curve() or scheme.hash is not None:
        args += (extra[0] if extra else None, scheme.variant.curve.key, scheme.hash)
    else:
        args += extra
    return (_rebuild, args)


def _rebuild(kind: str, variant: str, dst: bytes, pop_dst: Optional[bytes] = None,
             curve: Optional[str] = None, hash: Optional[str] = None) -> Scheme:
    from .suites import for_curve

    v = for_curve(curve).variant(variant)
    cls = {"BasicScheme": BasicScheme, "AugScheme": AugScheme, "PoPScheme": PoPScheme}[kind]
    if cls is PoPScheme:
        return PoPScheme(v, dst, pop_dst, hash=hash)
    return cls(v, dst, hash=hash)
