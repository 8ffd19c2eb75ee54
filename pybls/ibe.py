"""Identity-based encryption: Boneh–Franklin on BLS12-381, and on any curve
that hashes to its identity group.

Anyone can encrypt to a name (an e-mail address, a date, a drand round)
knowing only the master public key; the key authority later *extracts* the
decryption key for that name from its master key. The scheme is
Boneh–Franklin's CCA-secure *FullIdent* (the Fujisaki–Okamoto transform of
BasicIdent), with the hash functions of drand's kyber ``encrypt/ibe``
package, so the same code decrypts drand timelock (tlock) ciphertexts.

>>> from pybls import ibe
>>> master = ibe.MasterKey.generate()
>>> mpk = master.public_key()
>>> box = ibe.encrypt(mpk, b"alice@example.com", b"meet me at noon")
>>> alice = master.extract(b"alice@example.com")
>>> alice.verify(mpk, b"alice@example.com")
True
>>> ibe.decrypt(alice, box)
b'meet me at noon'
>>> ibe.decrypt(master.extract(b"bob@example.com"), box)
Traceback (most recent call last):
...
pybls.errors.DecryptionError: the ciphertext does not decrypt with this identity key

Orientations (:class:`Variant`)
    :data:`MinSig` (the default): master public key and ``U`` in G2,
    identities and identity keys in G1 — drand quicknet's layout and kyber's
    ``EncryptCCAonG2``. :data:`MinPk`: master public key and ``U`` in G1,
    identities and identity keys in G2 — kyber's ``EncryptCCAonG1``. The
    names are those of the signature variants (:mod:`pybls.sig`): an
    identity key is a BLS signature on the identity.

Identities
    ``Qid = hash_to_curve(identity, DST)`` in the identity group (RFC 9380,
    ``_XMD:SHA-256_SSWU_RO_``) with ``DST`` = :attr:`Variant.dst`,
    ``PYBLS-IBE-V01-CS01-with-BLS12381G1_XMD:SHA-256_SSWU_RO_`` (MinSig) or
    ``...G2...`` (MinPk). Identities are any bytes, including empty ones.
    The identity key is ``s·Qid`` for the master secret ``s``.

FullIdent (:func:`bf_encrypt`, :func:`bf_decrypt`), for a message ``M`` of
16 or 32 bytes, with ``g`` the generator of the master key's group::

    sigma random, |sigma| = |M|;  r = H3(sigma, M);  U = r·g
    V = sigma XOR H2(e(Qid, Ppub)^r);  W = M XOR H4(sigma)
    decrypt: sigma = V XOR H2(e(d, U)); M = W XOR H4(sigma); reject unless H3(sigma, M)·g == U

    H2(x) = SHA-256("IBE-H2" || x.to_bytes())[:|M|]   (GT in kyber's 576-byte order)
    H4(s) = SHA-256("IBE-H4" || s)[:|M|]
    H3(sigma, M): b = SHA-256("IBE-H3" || sigma || M); for i = 1, 2, ...:
        h = SHA-256(uint16_le(i) || b) with its first byte shifted right once;
        the first h (big-endian) below r

For 16-byte messages this is exactly kyber's (and tlock's) scheme; kyber
uses the same formulas for any length up to 32 bytes, so the 32-byte case
is kyber's too. H3 takes a variable number of SHA-256 rounds (as kyber
does); that count depends on ``sigma`` but reveals nothing usable about it.

Messages of any length (:func:`encrypt`, :func:`decrypt`) use a hybrid
construction: FullIdent protects a fresh 32-byte key ``k``, and the message
is sealed with ChaCha20-Poly1305 (RFC 8439) under
``HKDF-SHA256(ikm=k, salt="", info="pybls-ibe-v1 payload")`` with an
all-zero nonce (each key is used once), the header below being the
associated data. The bytes are::

    0x01                 format version
    variant              0x01 MinSig (U: 96-byte compressed G2) or 0x02 MinPk (U: 48-byte G1)
    U || V || W          the FullIdent ciphertext of k (V and W are 32 bytes each)
    payload || tag       ChaCha20-Poly1305 of the message, 16-byte tag

so a ciphertext is 178 (MinSig) or 130 (MinPk) bytes longer than its
message. Decryption returns nothing unauthenticated: any altered, cut or
extended ciphertext, a wrong identity key or a key for another identity
raises :class:`~pybls.errors.DecryptionError`.

Other curves: ``MasterKey.generate(variant, curve=bn254)`` (or a variant of
:func:`variant_of`) runs the same scheme on that curve, with identities
hashed by the curve's RFC 9380 suite (``dst`` =
``PYBLS-IBE-V01-CS01-with-`` + the suite ID), ``H3`` drawing as many bytes
as the curve's scalars, the first shifted right by as many bits as the
draw has beyond r's length (one on BLS12-381, as kyber; on curves
with scalars over 32 bytes, the SHA-256 blocks
``SHA-256(uint16_le(i) || b || uint8(j))``, j = 1, 2, ..., extend each draw),
``U`` compressed as the curve compresses points, and ``H2`` over the
curve's GT encoding. Points carry their curve, so :func:`encrypt` to a
master public key point and :func:`decrypt` with an identity key need no
curve argument:

>>> from pybls import bn254
>>> m = MasterKey.generate("MinSig", curve=bn254)
>>> box = encrypt(m.public_key(), b"dave", b"on another curve")
>>> decrypt(m.extract(b"dave"), box), m.variant.dst
(b'on another curve', b'PYBLS-IBE-V01-CS01-with-BN254G1_XMD:SHA-256_SVDW_RO_')

Secrets: the master key lives in a wipeable buffer (:meth:`MasterKey.zeroize`,
or a ``with`` block) and is never shown by ``repr``; ``sigma``, ``r`` and
``k`` are local to one call and, like every Python ``bytes``, freed but not
wiped. Identity keys are points (immutable) and are not shown by ``repr``
either.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any, Callable, Dict, Optional, Tuple, Type, Union

from ._convert import as_bytes
from ._immutable import Immutable
from .aead import chacha20poly1305_decrypt, chacha20poly1305_encrypt, hkdf_sha256
from .errors import (
    ArgumentError,
    DecodeError,
    DecryptionError,
    InvalidKeyError,
    InvalidLengthError,
    NonCanonicalError,
    NotInSubgroupError,
)
from .gt import GTElement
from .points import G1, G2, _Point
from .scalar import Scalar
from .sig.curve import CurveLike, SigCurve, curve_of_group, default_curve, sig_curve
from .sig.keys import SecretKey

__all__ = [
    "Variant",
    "MinSig",
    "MinPk",
    "MasterKey",
    "IdentityKey",
    "Ciphertext",
    "variant_of",
    "encrypt",
    "decrypt",
    "bf_encrypt",
    "bf_decrypt",
    "h2",
    "h3",
    "h4",
]

Point = _Point

_MESSAGE_SIZES = (16, 32)
_FORMAT_VERSION = 1
_HYBRID_KEY_SIZE = 32
_PAYLOAD_INFO = b"pybls-ibe-v1 payload"
_PAYLOAD_NONCE = bytes(12)
_DECRYPT_FAILED = "the ciphertext does not decrypt with this identity key"


# ---------------------------------------------------------------------------
# orientations


class Variant:
    """One orientation of the scheme: which group holds the master public key.

    ``key_group`` holds the master public key and ``U``; ``id_group`` holds
    hashed identities and identity keys. ``dst`` is the hash-to-curve domain
    separation tag of identities and ``code`` the variant byte of the hybrid
    format.

    >>> MinSig
    <IBE variant MinSig: master public key in G2, identity keys in G1>
    >>> MinPk.dst
    b'PYBLS-IBE-V01-CS01-with-BLS12381G2_XMD:SHA-256_SSWU_RO_'
    """

    __slots__ = ("name", "key_group", "id_group", "dst", "code", "curve")

    name: str
    key_group: Type[Point]
    id_group: Type[Point]
    dst: bytes
    code: int
    curve: SigCurve

    def __init__(self, name: str, key_group: Type[Point], id_group: Type[Point], code: int,
                 curve: Optional[SigCurve] = None) -> None:
        c = default_curve() if curve is None else curve
        self.name = name
        self.key_group = key_group
        self.id_group = id_group
        # Raises UnsupportedCurveError if the curve does not hash to id_group.
        suite = c.hash_suite("G1" if id_group is c.G1 else "G2")
        self.dst = b"PYBLS-IBE-V01-CS01-with-" + suite.encode()
        self.code = code
        self.curve = c

    def hash_identity(self, identity: bytes) -> Point:
        """``Qid``: `identity` hashed to the identity group with :attr:`dst`."""
        return self.id_group.hash_to_curve(as_bytes(identity, "identity"), self.dst)

    def __repr__(self) -> str:
        where = "" if self.curve is default_curve() else f" on {self.curve.name}"
        return (f"<IBE variant {self.name}{where}: master public key in {self.key_group.__name__}, "
                f"identity keys in {self.id_group.__name__}>")

    def __reduce__(self) -> Any:
        if self.curve is default_curve():
            return self.name  # pickled by reference to the module attribute
        return (variant_of, (self.name, self.curve.key))


#: Master public key in G2 (96 bytes), identity keys in G1 (48 bytes): drand quicknet's orientation.
MinSig = Variant("MinSig", G2, G1, 1)
#: Master public key in G1 (48 bytes), identity keys in G2 (96 bytes).
MinPk = Variant("MinPk", G1, G2, 2)

_VARIANTS = {"MinSig": MinSig, "MinPk": MinPk}
_MADE: Dict[Tuple[str, str], Variant] = {(default_curve().key, v.name): v for v in (MinSig, MinPk)}


def variant_of(name: str, curve: CurveLike = None) -> Variant:
    """The IBE variant `name` (``"MinSig"`` or ``"MinPk"``) on `curve` (a
    curve module or its name; BLS12-381 by default), made once;
    :class:`~pybls.errors.UnsupportedCurveError` if the curve does not hash
    to the variant's identity group.

    >>> variant_of("MinPk") is MinPk, variant_of("MinSig", "bn254").id_group.__module__
    (True, 'pybls.bn254')
    """
    if name not in _VARIANTS:
        raise ArgumentError(f"unknown IBE variant {name!r}; use MinSig or MinPk")
    c = sig_curve(curve)
    v = _MADE.get((c.key, name))
    if v is None:
        key_group, id_group = (c.G2, c.G1) if name == "MinSig" else (c.G1, c.G2)
        v = _MADE[(c.key, name)] = Variant(name, key_group, id_group, _VARIANTS[name].code, c)
    return v


def _variant(v: Any, curve: CurveLike = None) -> Variant:
    """An IBE variant from itself, its name (on `curve`), or the signature
    variant of the same orientation and curve (pybls.sig.MinSig: keys in
    G2, as ibe.MinSig's master key; pybls.sig.MinPk likewise), so that one
    name serves both modules."""
    c = None if curve is None else sig_curve(curve)
    from .sig.variants import Variant as SigVariant

    if isinstance(v, Variant):
        out = v
    elif isinstance(v, str) and v in _VARIANTS:
        out = variant_of(v, c)
    elif isinstance(v, SigVariant) and v.name in _VARIANTS:
        out = variant_of(v.name, v.curve)
    else:
        raise ArgumentError(f"unknown IBE variant {v!r}; use MinSig or MinPk")
    if c is not None and out.curve is not c:
        raise ArgumentError(f"{out!r} is not a variant of {c.name}")
    return out


def _by_group(group: Type[Point], role: str) -> Variant:
    """The variant whose `role` ("key" or "id") group is `group`."""
    c = curve_of_group(group)
    is_g1 = group is c.G1
    return variant_of(("MinPk" if is_g1 else "MinSig") if role == "key" else ("MinSig" if is_g1 else "MinPk"), c)


def _in_subgroup(point: Point, what: str) -> Point:
    """`point` if it is in the prime-order subgroup, else NotInSubgroupError."""
    if not point.in_subgroup():
        raise NotInSubgroupError(f"{what}: not in the prime-order subgroup")
    return point


def _pair(id_point: Point, key_point: Point) -> GTElement:
    """e(id_point, key_point) with the G1 argument first, whatever the orientation."""
    c = curve_of_group(type(id_point))
    if type(id_point) is c.G1:
        return c.module.pairing(id_point, key_point)  # type: ignore[no-any-return]
    return c.module.pairing(key_point, id_point)  # type: ignore[no-any-return]


# ---------------------------------------------------------------------------
# the hash functions of kyber's encrypt/ibe


def h2(x: GTElement, length: int = 16) -> bytes:
    """H2: SHA-256("IBE-H2" || the encoding of `x` (576 bytes on BLS12-381)), first `length` bytes (<= 32).

    >>> import hashlib
    >>> from pybls import GT
    >>> x = GT.generator()
    >>> h2(x) == hashlib.sha256(b"IBE-H2" + x.to_bytes()).digest()[:16]
    True
    """
    return hashlib.sha256(b"IBE-H2" + x.to_bytes()).digest()[:length]


def h4(sigma: bytes, length: int = 16) -> bytes:
    """H4: SHA-256("IBE-H4" || sigma), first `length` bytes (<= 32).

    >>> import hashlib
    >>> h4(b"sigma", 32) == hashlib.sha256(b"IBE-H4" + b"sigma").digest()
    True
    """
    return hashlib.sha256(b"IBE-H4" + sigma).digest()[:length]


def h3(sigma: bytes, message: bytes, scalar: Type[Any] = Scalar) -> Any:
    """H3: (sigma, message) to a scalar below r (of the class `scalar`, a
    curve's ``Scalar``; BLS12-381's by default), by kyber's rejection
    sampling: each draw is as long as the curve's scalars, its first byte
    shifted right by the draw's bits beyond r's length (one on BLS12-381).

    >>> int(h3(bytes(16), bytes(16))) > 0
    True
    """
    size = scalar._BYTES
    shift = 8 * size - scalar.R.bit_length()  # 1 on BLS12-381, as kyber's
    seed = hashlib.sha256(b"IBE-H3" + sigma + message).digest()
    for i in range(1, 1 << 16):
        counter = i.to_bytes(2, "little")
        draw = hashlib.sha256(counter + seed).digest()
        j = 1
        while len(draw) < size:  # scalars over 32 bytes
            draw += hashlib.sha256(counter + seed + bytes([j])).digest()
            j += 1
        h = bytearray(draw[:size])
        h[0] >>= shift
        try:
            return scalar.from_bytes(bytes(h))  # rejects values >= r, in constant time
        except NonCanonicalError:
            continue
    raise AssertionError("unreachable: 65535 draws all above r")  # pragma: no cover


def _xor(a: bytes, b: bytes) -> bytes:
    return (int.from_bytes(a, "little") ^ int.from_bytes(b, "little")).to_bytes(len(a), "little")


# ---------------------------------------------------------------------------
# FullIdent


def _layouts(groups: Tuple[Type[Point], ...]) -> Dict[int, Tuple[Type[Point], int]]:
    """Ciphertext length -> (U's group, message length) for U in `groups`
    (for both groups of BLS12-381 the four lengths are distinct; on
    other curves the group must be known)."""
    return {group._COMPRESSED + 2 * n: (group, n) for group in groups for n in _MESSAGE_SIZES}


@dataclass(frozen=True)
class Ciphertext:
    """A FullIdent ciphertext ``(U, V, W)``.

    ``U`` is a point of the master key's group, ``V`` and ``W`` are byte
    strings as long as the message (16 or 32 bytes). ``to_bytes()`` is
    ``U`` compressed (96 bytes in G2, 48 in G1) followed by ``V`` and ``W``:
    128 bytes for a 16-byte message under a G2 master key, which is
    tlock's stanza body. The four possible lengths (80, 112, 128, 160)
    identify the group and the message size.

    >>> ct = bf_encrypt(G2.generator(), G1.hash_to_curve(b"id", b"DST"), bytes(16))
    >>> len(ct.to_bytes()), Ciphertext.from_bytes(ct.to_bytes()) == ct
    (128, True)
    >>> Ciphertext.from_bytes(bytes(100))
    Traceback (most recent call last):
    ...
    pybls.errors.InvalidLengthError: a FullIdent ciphertext must be 80, 112, 128 or 160 bytes, got 100
    """

    U: Point
    V: bytes
    W: bytes

    def __post_init__(self) -> None:
        if not isinstance(self.U, _Point):
            raise TypeError(f"U must be a G1 or G2 point, not {type(self.U).__name__}")
        if type(self.V) is not bytes or type(self.W) is not bytes:
            raise TypeError("V and W must be bytes")
        if len(self.V) != len(self.W) or len(self.V) not in _MESSAGE_SIZES:
            raise InvalidLengthError(f"V and W must both be 16 or 32 bytes, got {len(self.V)} and {len(self.W)}")

    def to_bytes(self) -> bytes:
        """``U`` (compressed) || ``V`` || ``W``."""
        return self.U.to_bytes(compressed=True) + self.V + self.W

    @classmethod
    def from_bytes(cls, data: bytes, group: Optional[Type[Point]] = None) -> "Ciphertext":
        """Parse :meth:`to_bytes` output; `group` (G1 or G2 of any curve), if
        given, must be ``U``'s; without it, ``U`` is a BLS12-381 point.

        Raises :class:`~pybls.errors.InvalidLengthError` for a length that is
        none of the four, and the point decoding errors
        (:class:`~pybls.errors.DecodeError` subclasses) for a bad ``U``.
        """
        data = as_bytes(data, "ciphertext")
        if group is not None:
            try:
                curve_of_group(group)
            except TypeError:
                raise TypeError("group must be G1 or G2") from None
            layouts = _layouts((group,))
        else:
            layouts = _layouts((G1, G2))
        if len(data) not in layouts:
            sizes = ", ".join(str(k) for k in sorted(layouts)[:-1]) + f" or {max(layouts)}"
            raise InvalidLengthError(f"a FullIdent ciphertext must be {sizes} bytes, got {len(data)}")
        point_cls, n = layouts[len(data)]
        u_len = point_cls._COMPRESSED
        return cls(point_cls.from_bytes(data[:u_len]), data[u_len:u_len + n], data[u_len + n:])


def bf_encrypt(master_public_key: Point, q_id: Point, message: bytes, *,
               rng: Optional[Callable[[int], bytes]] = None) -> Ciphertext:
    """FullIdent encryption of a 16- or 32-byte `message` to the hashed identity `q_id`.

    `master_public_key` is a G2 point with `q_id` in G1 (kyber's
    ``EncryptCCAonG2``, drand quicknet) or a G1 point with `q_id` in G2
    (``EncryptCCAonG1``). `rng(n)` returns `n` random bytes (default
    :func:`secrets.token_bytes`; pass a deterministic one only for tests).

    >>> s = Scalar.random()                        # the master secret
    >>> q_id = G1.hash_to_curve(b"dave", b"EXAMPLE-IBE")
    >>> ct = bf_encrypt(G2.generator() * s, q_id, b"sixteen byte msg")
    >>> bf_decrypt(q_id * s, ct)
    b'sixteen byte msg'
    """
    if not isinstance(master_public_key, _Point) or not _other_groups(type(master_public_key), type(q_id)):
        raise TypeError("bf_encrypt takes a G2 master public key with a G1 identity point, or G1 with G2, "
                        "of one curve")
    message = as_bytes(message, "message")
    n = len(message)
    if n not in _MESSAGE_SIZES:
        raise ArgumentError(f"FullIdent encrypts 16- or 32-byte messages, got {n} bytes")
    if master_public_key.is_identity():
        raise InvalidKeyError("the master public key is the identity point")
    _in_subgroup(master_public_key, "master public key")
    _in_subgroup(q_id, "identity point")
    if q_id.is_identity():
        raise ArgumentError("the identity point is the group identity")
    sigma = (rng or secrets.token_bytes)(n)
    if type(sigma) is not bytes or len(sigma) != n:
        raise ArgumentError(f"rng({n}) must return {n} bytes")
    r = h3(sigma, message, master_public_key._SCALAR)
    U = type(master_public_key).generator() * r
    g_id_r = _pair(q_id * r, master_public_key)  # e(Qid, Ppub)^r
    return Ciphertext(U, _xor(sigma, h2(g_id_r, n)), _xor(message, h4(sigma, n)))


def _key_point(identity_key: Any) -> Point:
    """The point of an identity key given as an :class:`IdentityKey` or as
    the point itself."""
    if isinstance(identity_key, IdentityKey):
        return identity_key.point
    if isinstance(identity_key, _Point):
        return identity_key
    raise TypeError(f"identity_key must be a point or an IdentityKey, not {type(identity_key).__name__}")


def bf_decrypt(identity_key: Union[Point, "IdentityKey"], ct: Ciphertext) -> bytes:
    """FullIdent decryption with the identity key (``s·Qid``, a drand beacon
    signature for tlock; a point, or an :class:`IdentityKey`).

    Raises :class:`~pybls.errors.DecryptionError` when the Fujisaki–Okamoto
    check fails (wrong key, key for another identity, altered ciphertext),
    :class:`TypeError` when the key is in the same group as ``U``, and
    :class:`~pybls.errors.NotInSubgroupError` for a key point made without
    a subgroup check that is outside the subgroup.

    >>> s = Scalar.random()
    >>> q_id = G1.hash_to_curve(b"erin", b"EXAMPLE-IBE")
    >>> ct = bf_encrypt(G2.generator() * s, q_id, bytes(32))
    >>> bf_decrypt(q_id * s, ct) == bytes(32)
    True
    >>> bf_decrypt(q_id * (s + 1), ct)
    Traceback (most recent call last):
      ...
    pybls.errors.DecryptionError: the ciphertext does not decrypt with this identity key
    """
    if not isinstance(ct, Ciphertext):
        raise TypeError(f"ct must be a Ciphertext, not {type(ct).__name__}")
    identity_key = _key_point(identity_key)
    if not _other_groups(type(ct.U), type(identity_key)):
        raise TypeError("the identity key must be a point of the group other than U's, of U's curve")
    _in_subgroup(identity_key, "identity key")
    n = len(ct.V)
    sigma = _xor(ct.V, h2(_pair(identity_key, ct.U), n))
    message = _xor(ct.W, h4(sigma, n))
    r = h3(sigma, message, ct.U._SCALAR)
    if type(ct.U).generator() * r != ct.U:
        raise DecryptionError(_DECRYPT_FAILED)
    return message


def _other_groups(a: Type[Any], b: Type[Any]) -> bool:
    """Whether `a` and `b` are G1 and G2 (or G2 and G1) of one curve."""
    try:
        c = curve_of_group(a)
    except TypeError:
        return False
    return (a is c.G1 and b is c.G2) or (a is c.G2 and b is c.G1)


# ---------------------------------------------------------------------------
# keys


class IdentityKey(Immutable):
    """The decryption key of one identity: ``s·Qid``, a point of the identity group.

    Made by :meth:`MasterKey.extract`, or from a point (for drand, a
    round's beacon signature) or its encoding; a point outside the
    prime-order subgroup raises :class:`~pybls.errors.NotInSubgroupError`
    (it could pass :meth:`verify`). ``repr`` does not show it.

    >>> master = MasterKey.generate(MinPk)
    >>> key = master.extract(b"carol")
    >>> key
    IdentityKey(MinPk, <hidden>)
    >>> IdentityKey.from_bytes(key.to_bytes()).verify(master.public_key(), b"carol")
    True
    """

    __slots__ = ("_point",)
    _point: Point

    def __init__(self, point: Point) -> None:
        if not isinstance(point, _Point):
            raise TypeError(f"an identity key is a G1 or G2 point, not {type(point).__name__}")
        _by_group(type(point), "id")  # UnsupportedCurveError without a hash to its group
        if point.is_identity():
            raise InvalidKeyError("an identity key cannot be the identity point")
        _in_subgroup(point, "identity key")
        object.__setattr__(self, "_point", point)

    @classmethod
    def from_bytes(cls, data: bytes, curve: CurveLike = None) -> "IdentityKey":
        """Decode a compressed point of `curve` (default BLS12-381): on
        BLS12-381 48 bytes (G1, MinSig) or 96 bytes (G2, MinPk)."""
        c = sig_curve(curve)
        data = as_bytes(data, "identity key")
        if len(data) not in (c.G1._COMPRESSED, c.G2._COMPRESSED):
            raise InvalidLengthError(
                f"an identity key must be {c.G1._COMPRESSED} or {c.G2._COMPRESSED} bytes, got {len(data)}")
        group = c.G1 if len(data) == c.G1._COMPRESSED else c.G2
        return cls(group.from_bytes(data))

    def to_bytes(self) -> bytes:
        """The compressed point (handle with care: it decrypts everything sent to its identity)."""
        return self._point.to_bytes(compressed=True)

    @property
    def point(self) -> Point:
        """The key as a point."""
        return self._point

    @property
    def variant(self) -> Variant:
        """:data:`MinSig` for a G1 key, :data:`MinPk` for a G2 key (of the key's curve)."""
        return _by_group(type(self._point), "id")

    def verify(self, master_public_key: Union[Point, bytes], identity: bytes) -> bool:
        """Whether this is the key of `identity` under `master_public_key` (one pairing check).

        ``e(d, g) == e(Qid, Ppub)`` with ``g`` the generator of the master
        key's group. The master public key is a point or its compressed
        encoding; one in the wrong group is a :class:`TypeError`.
        """
        variant = self.variant
        master_public_key = _master_public_key(master_public_key, variant.curve)
        if not isinstance(master_public_key, variant.key_group):
            raise TypeError(f"a {variant.name} identity key verifies against a "
                            f"{variant.key_group.__name__} master public key")
        if master_public_key.is_identity():
            return False
        q_id = variant.hash_identity(identity)
        g = variant.key_group.generator()
        if variant.name == "MinSig":
            pairs = [(self._point, -g), (q_id, master_public_key)]
        else:
            pairs = [(-g, self._point), (master_public_key, q_id)]
        return bool(variant.curve.module.pairing_product(pairs).is_one())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, IdentityKey):
            return NotImplemented
        return type(self._point) is type(other._point) and hmac.compare_digest(
            self._point.to_bytes(), other._point.to_bytes())

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"IdentityKey({self.variant.name}, <hidden>)"

    __str__ = __repr__

    def __reduce__(self) -> Any:
        raise TypeError("identity keys are not pickled; serialize one explicitly with to_bytes()")


class MasterKey:
    """The key authority's master secret ``s`` and its orientation.

    ``repr`` never shows the secret; :meth:`zeroize` (or leaving a ``with``
    block, or garbage collection) overwrites it.

    >>> with MasterKey.generate() as master:
    ...     print(master, type(master.public_key()).__name__)
    MasterKey(MinSig, <hidden>) G2
    >>> master
    MasterKey(MinSig, <zeroized>)
    """

    __slots__ = ("_sk", "_variant", "__weakref__")
    _sk: SecretKey
    _variant: Variant

    def __init__(self) -> None:
        raise TypeError("use MasterKey.generate() or MasterKey.from_bytes() to make a master key")

    @classmethod
    def generate(cls, variant: Union[Variant, str, Any] = "MinSig", curve: CurveLike = None) -> "MasterKey":
        """A fresh random master key; `variant` is :data:`MinSig` (default) or
        :data:`MinPk`, their names (on `curve`, BLS12-381 by default), or
        pybls.sig's variant of the same name (on its curve).

        >>> from pybls import sig
        >>> MasterKey.generate(sig.MinPk).variant is MinPk
        True
        """
        v = _variant(variant, curve)
        return _new_master(SecretKey.random(curve=v.curve), v)

    @classmethod
    def from_bytes(cls, data: bytes, variant: Union[Variant, str, Any] = "MinSig",
                   curve: CurveLike = None) -> "MasterKey":
        """A master key from the big-endian bytes of an integer in [1, r)
        (as many as the curve's scalars: 32 on BLS12-381)."""
        v = _variant(variant, curve)
        return _new_master(SecretKey.from_bytes(data, curve=v.curve), v)

    def to_bytes(self) -> bytes:
        """The secret as big-endian bytes (32 on BLS12-381; handle with care)."""
        return self._sk.to_bytes()

    @property
    def variant(self) -> Variant:
        """The orientation: :data:`MinSig` or :data:`MinPk`."""
        return self._variant

    def public_key(self) -> Point:
        """The master public key ``s·g``: a G2 point (MinSig) or a G1 point (MinPk)."""
        group = self._variant.key_group
        return group.generator() * self._sk.scalar()

    def extract(self, identity: bytes) -> IdentityKey:
        """The identity key ``s·Qid`` of `identity` (any bytes), in constant time in ``s``."""
        q_id = self._variant.hash_identity(identity)
        return IdentityKey(q_id * self._sk.scalar())

    def zeroize(self) -> None:
        """Overwrite the secret; the key is unusable afterwards."""
        sk = getattr(self, "_sk", None)
        if sk is not None:
            sk.zeroize()

    def is_zeroized(self) -> bool:
        """Whether :meth:`zeroize` was called."""
        return self._sk.is_zeroized()

    def __enter__(self) -> "MasterKey":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.zeroize()

    def __repr__(self) -> str:
        state = "<zeroized>" if self._sk.is_zeroized() else "<hidden>"
        return f"MasterKey({self._variant.name}, {state})"

    __str__ = __repr__

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MasterKey):
            return NotImplemented
        return self._variant is other._variant and self._sk == other._sk

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> Any:
        raise TypeError("master keys are not pickled; serialize one explicitly with to_bytes()")

    # an independent key (as a pybls.sig SecretKey copies): zeroizing one
    # leaves the other
    def __copy__(self) -> "MasterKey":
        return _new_master(self._sk.__copy__(), self._variant)

    def __deepcopy__(self, memo: Any) -> "MasterKey":
        return self.__copy__()


def _new_master(sk: SecretKey, variant: Variant) -> MasterKey:
    mk = object.__new__(MasterKey)
    mk._sk = sk
    mk._variant = variant
    return mk


# ---------------------------------------------------------------------------
# hybrid encryption of messages of any length


def _master_public_key(mpk: Any, curve: CurveLike = None) -> Point:
    """A master public key given as a point (of any curve) or as a
    compressed point of `curve` (BLS12-381: 48 or 96 bytes)."""
    if isinstance(mpk, _Point):
        return _in_subgroup(mpk, "master public key")
    if isinstance(mpk, (bytes, bytearray, memoryview)):
        c = sig_curve(curve)
        data = as_bytes(mpk, "master public key")
        if len(data) not in (c.G1._COMPRESSED, c.G2._COMPRESSED):
            raise InvalidLengthError(f"a compressed master public key must be {c.G1._COMPRESSED} or "
                                     f"{c.G2._COMPRESSED} bytes, got {len(data)}")
        return (c.G1 if len(data) == c.G1._COMPRESSED else c.G2).from_bytes(data)
    raise TypeError(f"the master public key must be a G1 or G2 point or its encoding, not {type(mpk).__name__}")


def _header_size(variant: Variant) -> int:
    return 2 + variant.key_group._COMPRESSED + 2 * _HYBRID_KEY_SIZE


def encrypt(master_public_key: Union[Point, bytes], identity: bytes, message: bytes,
            curve: CurveLike = None) -> bytes:
    """Encrypt `message` (any length) to `identity` under `master_public_key`.

    The master public key is a point or its compressed encoding (of
    `curve`, BLS12-381 by default; a point carries its curve); its group
    gives the orientation (G2, 96 bytes: MinSig; G1, 48 bytes: MinPk). The
    result is in the hybrid format described in the module documentation,
    :func:`decrypt` reverses it.

    >>> master = MasterKey.generate(MinPk)
    >>> box = encrypt(master.public_key().to_bytes(), b"id", b"hi")
    >>> len(box), decrypt(master.extract(b"id"), box)
    (132, b'hi')
    """
    master_public_key = _master_public_key(master_public_key, curve)
    variant = _by_group(type(master_public_key), "key")
    q_id = variant.hash_identity(identity)
    message = as_bytes(message, "message")
    key = secrets.token_bytes(_HYBRID_KEY_SIZE)
    header = bytes([_FORMAT_VERSION, variant.code]) + bf_encrypt(master_public_key, q_id, key).to_bytes()
    payload_key = hkdf_sha256(key, b"", _PAYLOAD_INFO, 32)
    return header + chacha20poly1305_encrypt(payload_key, _PAYLOAD_NONCE, message, header)


def decrypt(identity_key: Union[IdentityKey, Point], ciphertext: bytes) -> bytes:
    """Decrypt what :func:`encrypt` produced, with the identity key of its recipient.

    `identity_key` is an :class:`IdentityKey` or its point. Raises
    :class:`~pybls.errors.DecryptionError` (and returns nothing) for any
    ciphertext that was not made by :func:`encrypt` for this key's identity
    and master key, whole and unaltered.

    >>> master = MasterKey.generate()
    >>> box = encrypt(master.public_key(), b"carol", b"hello carol")
    >>> decrypt(master.extract(b"carol"), box)
    b'hello carol'
    >>> decrypt(master.extract(b"carol").point, box)        # the key's point alone
    b'hello carol'
    """
    point = _key_point(identity_key)
    data = as_bytes(ciphertext, "ciphertext")
    variant = _by_group(type(point), "id")
    size = _header_size(variant)
    if len(data) < size + 16 or data[0] != _FORMAT_VERSION or data[1] != variant.code:
        raise DecryptionError(_DECRYPT_FAILED)
    header = data[:size]
    try:
        ct = Ciphertext.from_bytes(header[2:], variant.key_group)
    except DecodeError:
        raise DecryptionError(_DECRYPT_FAILED) from None
    key = bf_decrypt(point, ct)
    payload_key = hkdf_sha256(key, b"", _PAYLOAD_INFO, 32)
    try:
        return chacha20poly1305_decrypt(payload_key, _PAYLOAD_NONCE, data[size:], header)
    except DecryptionError:
        raise DecryptionError(_DECRYPT_FAILED) from None
