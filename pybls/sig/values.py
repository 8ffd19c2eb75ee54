"""Public keys and signatures: validated group elements with a fixed encoding.

Each variant has its own pair of classes: in ``MinPk`` (Ethereum) a public
key is a G1 point (48 bytes) and a signature a G2 point (96 bytes); in
``MinSig`` (drand quicknet) the other way round. Both are reachable as
``MinPk.PublicKey``, ``MinSig.Signature`` etc. The base classes
:class:`PublicKey` and :class:`Signature` decode either variant, choosing
by length.

>>> from pybls import G1
>>> from pybls.sig import PublicKey, MinPkPublicKey
>>> pk = PublicKey(G1.generator())
>>> type(pk).__name__, len(pk.to_bytes())
('MinPkPublicKey', 48)
>>> PublicKey.from_bytes(pk.to_bytes()) == MinPkPublicKey.from_bytes(bytes(pk)) == pk
True
>>> PublicKey.from_bytes(b"\\xc0" + bytes(47))
Traceback (most recent call last):
...
pybls.errors.InvalidKeyError: a public key must not be the identity (KeyValidate)

On another curve the classes are made with the curve's schemes (see
:func:`pybls.sig.for_curve`), with the group's default encoding
(EIP-196/197's uncompressed points on BN254):

>>> from pybls import sig, bn254
>>> K = sig.for_curve(bn254).MinSig.PublicKey
>>> K.__name__, K.GROUP is bn254.G2, K.SIZE
('BN254MinSigPublicKey', True, 128)

Construction always validates: ``from_bytes`` decodes the compressed
encoding and checks the subgroup, and public keys also refuse the identity
(the draft's KeyValidate). Objects are immutable and hashable.
"""

from __future__ import annotations

from typing import Any, ClassVar, Dict, List, Optional, Tuple, Type, TypeVar

from .._convert import as_bytes, check_length
from .._immutable import Immutable
from ..errors import InvalidKeyError, InvalidLengthError, PyblsError
from ..points import G1, G2, _Point
from .curve import SigCurve, sig_curve

__all__ = [
    "PublicKey",
    "Signature",
    "MinPkPublicKey",
    "MinPkSignature",
    "MinSigPublicKey",
    "MinSigSignature",
    "value_classes",
]

_V = TypeVar("_V", bound="_GroupValue")
_object_new = object.__new__
_BYTES_LIKE = (bytes, bytearray, memoryview)


class _GroupValue(Immutable):
    """A group element with a role (public key or signature) in one variant."""

    __slots__ = ("_point", "_enc")
    _point: _Point
    _enc: Optional[bytes]

    #: The group of this role in this variant (G1 or G2); set by subclasses.
    GROUP: ClassVar[Type[_Point]]
    #: The length of the encoding (the group's default one).
    SIZE: ClassVar[int]
    #: The curve and the variant ("MinPk" or "MinSig") of the class.
    CURVE: ClassVar[SigCurve]
    VARIANT: ClassVar[str]
    _KIND: ClassVar[str] = "value"
    _BY_SIZE: ClassVar[Dict[int, Type["_GroupValue"]]]
    _BY_GROUP: ClassVar[Dict[type, Type["_GroupValue"]]]

    def __new__(cls: Type[_V], point: _Point) -> _V:
        if not hasattr(cls, "GROUP"):
            sub = cls._BY_GROUP.get(type(point))
            if sub is None:
                raise TypeError(f"a {cls._KIND} is a G1 or G2 point of a curve with signatures in the other "
                                f"group, not {type(point).__module__}.{type(point).__name__}")
            cls = sub  # type: ignore[assignment]
        elif type(point) is not cls.GROUP:
            raise TypeError(f"a {cls.__name__} is a {cls.GROUP.__name__} point, not {type(point).__name__}")
        if not point.in_subgroup():
            from ..errors import NotInSubgroupError

            raise NotInSubgroupError(f"{cls._KIND}: not in the prime-order subgroup")
        cls._validate(point)
        return _trusted(cls, point)

    @classmethod
    def _validate(cls, point: _Point) -> None:
        """Role-specific checks beyond subgroup membership."""

    # -- encoding -----------------------------------------------------------

    @classmethod
    def from_bytes(cls: Type[_V], data: Any) -> _V:
        """Decode and validate a compressed encoding.

        Raises a :class:`~pybls.errors.DecodeError` subclass naming what is
        wrong (length, flags, non-canonical coordinate, off the curve, not
        in the subgroup), and for public keys
        :class:`~pybls.errors.InvalidKeyError` for the identity.
        """
        data = as_bytes(data, f"{cls._KIND} encoding")
        if not hasattr(cls, "GROUP"):
            sub = cls._BY_SIZE.get(len(data))
            if sub is None:
                sizes = " or ".join(str(n) for n in sorted(cls._BY_SIZE))
                raise InvalidLengthError(f"a {cls._KIND} encoding must be {sizes} bytes, got {len(data)}")
            cls = sub  # type: ignore[assignment]
        check_length(data, (cls.SIZE,), f"a {cls.__name__} encoding")
        point = cls.GROUP.from_bytes(data)
        cls._validate(point)
        return _trusted(cls, point, data)

    def to_bytes(self) -> bytes:
        """The encoding of the point (on BLS12-381 the compressed one, 48
        bytes for G1 and 96 for G2; on other curves their default one)."""
        enc = self._enc
        if enc is None:
            enc = self._enc = self._point.to_bytes()
        return enc

    def __bytes__(self) -> bytes:
        return self.to_bytes()

    @property
    def point(self) -> Any:
        """The group element (a :class:`~pybls.G1` or :class:`~pybls.G2` point)."""
        return self._point

    # -- comparison, display ------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _GroupValue)
        return self._point == other._point

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.to_bytes()))

    def __repr__(self) -> str:
        h = self.to_bytes().hex()
        return f"{type(self).__name__}(0x{h[:8]}\u2026{h[-8:]})"

    def __reduce__(self) -> Any:
        cls = type(self)
        if cls.__module__ == __name__ and cls.__qualname__ in __all__:
            return (cls.from_bytes, (self.to_bytes(),))
        # A class made for another curve is found again through its curve.
        return (_load, (cls.CURVE.key, cls.VARIANT, cls._KIND, self.to_bytes()))

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "_enc" or not hasattr(self, "_point"):
            object.__setattr__(self, name, value)
        else:
            raise AttributeError(f"{type(self).__name__} objects are immutable")


def _trusted(cls: Type[_V], point: _Point, enc: Optional[bytes] = None) -> _V:
    v = _object_new(cls)
    object.__setattr__(v, "_point", point)
    object.__setattr__(v, "_enc", enc)
    return v


class PublicKey(_GroupValue):
    """A public key: a point of the variant's key group, in the subgroup, not the identity.

    ``PublicKey(point)`` and ``PublicKey.from_bytes(data)`` pick the
    variant from the group (length); the subclasses accept only theirs.

    >>> from pybls.sig import MinPk, PublicKey, SecretKey
    >>> pk = MinPk.PoP.sk_to_pk(SecretKey.from_int(0x47b8192d77bf871b62e87859d653922725724a5c031afeabc60bcef5ff665138))
    >>> PublicKey.from_bytes(pk.to_bytes()) == pk, len(pk.to_bytes())
    (True, 48)
    """

    __slots__ = ()
    _KIND = "public key"

    @classmethod
    def _validate(cls, point: _Point) -> None:
        if point.is_identity():
            raise InvalidKeyError("a public key must not be the identity (KeyValidate)")


class Signature(_GroupValue):
    """A signature: a point of the variant's signature group, in the subgroup.

    The identity is a valid encoding (it is the aggregate of no signatures
    and of a signature with its negation), though it verifies nothing.

    >>> from pybls.sig import MinSig, SecretKey, Signature
    >>> sig = MinSig.Basic.sign(SecretKey.from_int(7), b"msg")
    >>> Signature.from_bytes(sig.to_bytes()) == sig, len(sig.to_bytes())
    (True, 48)
    """

    __slots__ = ()
    _KIND = "signature"


def _encoded_size(group: Type[_Point]) -> int:
    """The length of the group's default encoding."""
    return group._COMPRESSED if group._COMPRESSED_BY_DEFAULT else group._UNCOMPRESSED


class MinPkPublicKey(PublicKey):
    """A public key of the minimal-pubkey-size variant: a G1 point (BLS12-381), 48 bytes compressed.

    >>> from pybls.sig import MinPk, SecretKey
    >>> pk = MinPk.PoP.sk_to_pk(SecretKey.from_int(7))
    >>> type(pk).__name__, type(pk).from_bytes(pk.to_bytes()) == pk
    ('MinPkPublicKey', True)
    """

    __slots__ = ()
    GROUP = G1
    SIZE = _encoded_size(G1)
    VARIANT = "MinPk"


class MinSigPublicKey(PublicKey):
    """A public key of the minimal-signature-size variant: a G2 point (BLS12-381), 96 bytes compressed.

    >>> from pybls.sig import MinSig, SecretKey
    >>> pk = MinSig.PoP.sk_to_pk(SecretKey.from_int(7))
    >>> type(pk).__name__, len(pk.to_bytes())
    ('MinSigPublicKey', 96)
    """

    __slots__ = ()
    GROUP = G2
    SIZE = _encoded_size(G2)
    VARIANT = "MinSig"


class MinPkSignature(Signature):
    """A signature of the minimal-pubkey-size variant: a G2 point (BLS12-381), 96 bytes compressed.

    >>> from pybls.sig import MinPk, SecretKey
    >>> sig = MinPk.PoP.sign(SecretKey.from_int(0x47b8192d77bf871b62e87859d653922725724a5c031afeabc60bcef5ff665138), bytes(32))
    >>> type(sig).__name__, sig.to_bytes().hex()[-16:]     # Ethereum's consensus test vector
    ('MinPkSignature', '0a885d5dc6df96d9')
    """

    __slots__ = ()
    GROUP = G2
    SIZE = _encoded_size(G2)
    VARIANT = "MinPk"


class MinSigSignature(Signature):
    """A signature of the minimal-signature-size variant: a G1 point (BLS12-381), 48 bytes compressed.

    >>> from pybls.sig import MinSig, SecretKey
    >>> sig = MinSig.PoP.sign(SecretKey.from_int(7), b"msg")
    >>> type(sig).__name__, type(sig).from_bytes(sig.to_bytes()) == sig
    ('MinSigSignature', True)
    """

    __slots__ = ()
    GROUP = G1
    SIZE = _encoded_size(G1)
    VARIANT = "MinSig"


# The base classes decode BLS12-381's by length, and wrap any curve's
# points by group (value_classes adds the other curves').
PublicKey._BY_SIZE = {MinPkPublicKey.SIZE: MinPkPublicKey, MinSigPublicKey.SIZE: MinSigPublicKey}
PublicKey._BY_GROUP = {G1: MinPkPublicKey, G2: MinSigPublicKey}
Signature._BY_SIZE = {MinPkSignature.SIZE: MinPkSignature, MinSigSignature.SIZE: MinSigSignature}
Signature._BY_GROUP = {G2: MinPkSignature, G1: MinSigSignature}

_CLASSES: Dict[Tuple[str, str], Tuple[Type[PublicKey], Type[Signature]]] = {}


def value_classes(curve: SigCurve, variant: str) -> Tuple[Type[PublicKey], Type[Signature]]:
    """The public key and signature classes of `variant` ("MinPk": keys in
    G1, or "MinSig": keys in G2) on `curve`, made once per curve.

    >>> value_classes(sig_curve(), "MinPk") == (MinPkPublicKey, MinPkSignature)
    True
    """
    found = _CLASSES.get((curve.key, variant))
    if found is not None:
        return found
    pk_group, sig_group = (curve.G1, curve.G2) if variant == "MinPk" else (curve.G2, curve.G1)
    prefix = curve.key.replace("_", "").upper() if curve.key != sig_curve().key else ""
    made: List[Any] = []
    for base, group, role in ((PublicKey, pk_group, "public key"), (Signature, sig_group, "signature")):
        name = f"{prefix}{variant}{base.__name__}"
        doc = f"A {role} of the {variant} variant on {curve.name}: a {group.__name__} point, {_encoded_size(group)} bytes."
        made.append(type(name, (base,), {
            "__slots__": (), "__doc__": doc, "__module__": __name__, "__qualname__": name,
            "GROUP": group, "SIZE": _encoded_size(group), "CURVE": curve, "VARIANT": variant,
        }))
        base._BY_GROUP.setdefault(group, made[-1])
    found = _CLASSES[(curve.key, variant)] = (made[0], made[1])
    return found


def _load(curve: str, variant: str, kind: str, data: bytes) -> _GroupValue:
    """Unpickle a public key or signature of a class made by value_classes."""
    pk_cls, sig_cls = value_classes(sig_curve(curve), variant)
    cls = pk_cls if kind == PublicKey._KIND else sig_cls
    return cls.from_bytes(data)


for _pk, _sig in ((MinPkPublicKey, MinPkSignature), (MinSigPublicKey, MinSigSignature)):
    _pk.CURVE = _sig.CURVE = sig_curve()
    _CLASSES[(sig_curve().key, _pk.VARIANT)] = (_pk, _sig)


def coerce(cls: Type[_V], value: Any) -> _V:
    """`value` (an object of `cls`, its encoding, or a point of its group) as `cls`.

    Raises the decoding/validation errors, or :class:`TypeError` for
    other types (including the other variant's objects).
    """
    if type(value) is cls:
        return value
    if isinstance(value, _BYTES_LIKE):
        return cls.from_bytes(value)
    if type(value) is cls.GROUP:
        return cls(value)
    raise TypeError(f"expected a {cls.__name__}, its {cls.SIZE}-byte encoding or a {cls.GROUP.__name__} point, "
                    f"not {type(value).__name__}")


def coerce_or_none(cls: Type[_V], value: Any) -> Optional[_V]:
    """Like :func:`coerce`, but None for anything invalid (verifiers answer False).

    Only arguments that are not keys, signatures, points or bytes at all
    (an int, a str) still raise :class:`TypeError`.
    """
    if type(value) is cls:
        return value
    if isinstance(value, _BYTES_LIKE):
        try:
            return cls.from_bytes(value)
        except (PyblsError, ValueError):
            return None
    if isinstance(value, _Point):
        if type(value) is not cls.GROUP:
            return None
        try:
            return cls(value)
        except (PyblsError, ValueError):
            return None
    if isinstance(value, _GroupValue):
        return None  # the other variant's object
    raise TypeError(f"expected a {cls.__name__}, its {cls.SIZE}-byte encoding or a {cls.GROUP.__name__} point, "
                    f"not {type(value).__name__}")
