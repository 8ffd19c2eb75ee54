"""Secret keys and the draft's KeyGen (draft-irtf-cfrg-bls-signature-05, 2.3).

>>> from pybls.sig import SecretKey, key_gen
>>> sk = key_gen(bytes(range(32)))
>>> sk
SecretKey(<hidden>)
>>> SecretKey.from_bytes(sk.to_bytes()) == sk
True
>>> with SecretKey.from_int(7) as k:
...     k.to_bytes()[-1]
7
>>> k.is_zeroized()
True

A secret key belongs to one curve (BLS12-381 unless a ``curve`` is given):
it is a scalar of that curve, in [1, r), encoded as the curve's scalars are.

>>> from pybls import bn254
>>> k = key_gen(bytes(range(32)), curve=bn254)
>>> k.curve is bn254, k.scalar() == bn254.Scalar.from_bytes(k.to_bytes())
(True, True)

A secret key keeps its bytes in a ``bytearray`` that :meth:`SecretKey.zeroize`
(or leaving a ``with`` block, or garbage collection) overwrites. Python cannot
promise more: ``to_bytes()`` and every signing operation make short-lived
``bytes`` copies that the interpreter frees but does not wipe.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import TYPE_CHECKING, Any, Dict, Optional, Type

from types import ModuleType

from .._convert import as_bytes, as_int, check_length
from ..errors import ArgumentError, InvalidKeyError, PyblsError
from ..scalar import ScalarField
from ..scalar import _wrap as _wrap_scalar
from ..aead import hkdf_expand, hkdf_extract
from .curve import CurveLike, SigCurve, curve_of_scalar, sig_curve

if TYPE_CHECKING:  # pragma: no cover
    from ..points import _Point
    from .values import PublicKey

__all__ = ["SecretKey", "key_gen"]

_KEYGEN_SALT = b"BLS-SIG-KEYGEN-SALT-"
_MIN_IKM = 32

_object_new = object.__new__


class SecretKey:
    """A BLS secret key: an integer in [1, r) for one curve's r, never shown.

    Make one with :func:`key_gen` (or a scheme's ``key_gen``),
    :meth:`random`, :meth:`from_bytes` or :meth:`from_int`. ``repr``,
    ``str`` and exception messages never contain the key; equality is
    constant time (:func:`hmac.compare_digest`); keys are not hashable and
    refuse to be pickled (serialize explicitly with :meth:`to_bytes`).

    >>> sk = SecretKey.random()
    >>> str(sk), sk == SecretKey.from_bytes(sk.to_bytes())
    ('SecretKey(<hidden>)', True)
    >>> sk.zeroize()
    >>> sk.to_bytes()
    Traceback (most recent call last):
    ...
    pybls.errors.InvalidKeyError: this secret key was zeroized
    """

    __slots__ = ("_key", "_live", "_pk_cache", "_curve", "__weakref__")
    _key: bytearray
    _live: bool
    _curve: SigCurve
    _pk_cache: Dict[Type[_Point], PublicKey]

    def __init__(self) -> None:
        raise TypeError("use key_gen(), SecretKey.random(), .from_bytes() or .from_int() to make a secret key")

    # -- construction -------------------------------------------------------

    @classmethod
    def from_bytes(cls, data: Any, curve: CurveLike = None) -> "SecretKey":
        """Decode a key of `curve` (default BLS12-381): big-endian bytes, as
        many as the curve's scalars take (32 on BLS12-381), encoding an
        integer in [1, r).

        Raises :class:`~pybls.errors.InvalidLengthError` for another length
        and :class:`~pybls.errors.InvalidKeyError` for 0 or a value >= r.

        >>> SecretKey.from_bytes(bytes(32))
        Traceback (most recent call last):
        ...
        pybls.errors.InvalidKeyError: a secret key must be an integer in [1, r)
        """
        c = sig_curve(curve)
        data = as_bytes(data, "secret key encoding")
        check_length(data, (c.Scalar._BYTES,), "a secret key encoding")
        return _checked(data, c)

    @classmethod
    def from_int(cls, value: int, curve: CurveLike = None) -> "SecretKey":
        """The key `value` of `curve` (default BLS12-381), an int in [1, r)
        (:class:`~pybls.errors.InvalidKeyError` otherwise).

        Python integers are not constant time: prefer :meth:`from_bytes`
        for keys read from storage.
        """
        c = sig_curve(curve)
        v = as_int(value, "secret key")
        if not 0 < v < c.Scalar.R:
            raise InvalidKeyError("a secret key must be an integer in [1, r)")
        return _new(bytearray(v.to_bytes(c.Scalar._BYTES, "big")), c)

    @classmethod
    def from_scalar(cls, value: ScalarField) -> "SecretKey":
        """The key of a nonzero scalar of any curve, for that curve.

        >>> from pybls import bn254
        >>> SecretKey.from_scalar(bn254.Scalar(5)).curve is bn254
        True
        """
        if not isinstance(value, ScalarField):
            raise TypeError(f"from_scalar takes a curve's Scalar, not {type(value).__name__}")
        return _checked(value.to_bytes(), curve_of_scalar(type(value)))

    @classmethod
    def random(cls, curve: CurveLike = None) -> "SecretKey":
        """A fresh key of `curve` (default BLS12-381): :func:`key_gen` of
        32 bytes from :mod:`secrets`."""
        return key_gen(secrets.token_bytes(_MIN_IKM), curve=curve)

    # -- use ----------------------------------------------------------------

    def to_bytes(self) -> bytes:
        """The big-endian encoding, as the curve's scalars (32 bytes on
        BLS12-381; handle with care)."""
        return bytes(self._live_key())

    def scalar(self) -> ScalarField:
        """The key as a scalar of its curve (a :class:`~pybls.Scalar` on
        BLS12-381; for threshold schemes and the like)."""
        return _wrap_scalar(self._curve.Scalar, self._internal())

    @property
    def curve(self) -> ModuleType:
        """The module of the key's curve (:mod:`pybls.bls12_381` by default)."""
        return self._curve.module

    def _internal(self) -> bytes:
        """The key in the core's internal scalar form, for its curve."""
        return self._curve.Scalar._f_from_bytes(bytes(self._live_key()))

    def _live_key(self) -> bytearray:
        if not self._live:
            raise InvalidKeyError("this secret key was zeroized")
        return self._key

    # -- wiping -------------------------------------------------------------

    def zeroize(self) -> None:
        """Overwrite the key bytes with zeros; the key is unusable afterwards."""
        key = getattr(self, "_key", None)
        if key is not None:
            key[:] = bytes(len(key))
        self._live = False
        self._pk_cache = {}

    def is_zeroized(self) -> bool:
        """Whether :meth:`zeroize` was called."""
        return not self._live

    def __enter__(self) -> "SecretKey":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.zeroize()

    def __del__(self) -> None:
        try:
            self.zeroize()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass

    # -- comparison, display, copying ---------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SecretKey):
            return NotImplemented
        same_curve = self._curve is other._curve
        return hmac.compare_digest(self._live_key(), other._live_key()) and same_curve

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        state = "<hidden>" if self._live else "<zeroized>"
        if self._curve.key != sig_curve().key:
            return f"SecretKey({state}, curve={self._curve.name})"
        return f"SecretKey({state})"

    __str__ = __repr__

    def __reduce__(self) -> Any:
        raise TypeError("secret keys are not pickled; serialize one explicitly with to_bytes()")

    def __copy__(self) -> "SecretKey":
        return _new(bytearray(self._live_key()), self._curve)

    def __deepcopy__(self, memo: Any) -> "SecretKey":
        return self.__copy__()

    # -- cached public keys (public data) -------------------------------------

    def _cached_pk(self, group: Type[_Point]) -> Optional[PublicKey]:
        return self._pk_cache.get(group)

    def _cache_pk(self, group: Type[_Point], pk: PublicKey) -> None:
        self._pk_cache[group] = pk


def _new(key: bytearray, curve: SigCurve) -> SecretKey:
    sk = _object_new(SecretKey)
    sk._key = key
    sk._live = True
    sk._pk_cache = {}
    sk._curve = curve
    return sk


def _checked(data: bytes, curve: SigCurve) -> SecretKey:
    """A key of `curve` from its big-endian bytes, checked in the core (constant time)."""
    scalar = curve.Scalar
    try:
        internal = scalar._f_from_bytes(data)
    except PyblsError:
        raise InvalidKeyError("a secret key must be an integer in [1, r)") from None
    if scalar._f_is_zero(internal) == 1:
        raise InvalidKeyError("a secret key must be an integer in [1, r)")
    return _new(bytearray(data), curve)


def key_gen(ikm: Any, key_info: Any = b"", curve: CurveLike = None) -> SecretKey:
    """KeyGen(IKM, key_info) of draft-irtf-cfrg-bls-signature-05, section 2.3,
    for `curve` (default BLS12-381; a curve module or its name).

    `ikm` is secret input keying material of at least 32 bytes
    (:class:`ValueError` otherwise); `key_info` is optional context. The
    result is the same for every variant and scheme (HKDF-SHA256 with the
    salt ``H("BLS-SIG-KEYGEN-SALT-")``, re-hashed until the key is
    nonzero), with the curve's r and its output length L =
    ceil(3 * ceil(log2(r)) / 16). On BLS12-381, EIP-2333's ``HKDF_mod_r``
    is the same function, computed by the same code
    (:func:`pybls.eip2333.hkdf_mod_r`), so this equals
    ``derive_master_SK(ikm)`` when `key_info` is empty.

    >>> key_gen(bytes(32)) == key_gen(bytes(32)) != key_gen(bytes(32), b"other")
    True
    >>> key_gen(bytes(16))
    Traceback (most recent call last):
    ...
    pybls.errors.ArgumentError: KeyGen needs at least 32 bytes of input keying material, got 16
    """
    c = sig_curve(curve)
    ikm_b = as_bytes(ikm, "input keying material")
    info = as_bytes(key_info, "key_info")
    if len(ikm_b) < _MIN_IKM:
        raise ArgumentError(f"KeyGen needs at least {_MIN_IKM} bytes of input keying material, got {len(ikm_b)}")
    return _new(bytearray(_key_gen_bytes(ikm_b, info, c)), c)


def _key_gen_bytes(ikm: bytes, key_info: bytes, curve: Optional[SigCurve] = None) -> bytes:
    """The steps of KeyGen (draft section 2.3): the key, in [1, r), as
    big-endian bytes of the curve's scalar length (BLS12-381 by default).

    Shared by :func:`key_gen` and :func:`pybls.eip2333.hkdf_mod_r`, which
    check their arguments differently (32 bytes or more of `ikm` for the
    draft, no minimum for the EIP) and return a :class:`SecretKey` and an
    int. `ikm` and `key_info` are used as given, so a type that cannot be
    concatenated with bytes is a :class:`TypeError`. OS2IP(OKM) mod r and
    the zero test run in the core.

    >>> _key_gen_bytes(bytes(32), b"") == key_gen(bytes(32)).to_bytes()
    True
    >>> len(_key_gen_bytes(b"", b""))  # no minimum length at this level
    32
    """
    c = curve if curve is not None else sig_curve()
    scalar, length = c.Scalar, c.keygen_length
    ikm_0 = ikm + b"\x00"  # IKM || I2OSP(0, 1)
    label = key_info + length.to_bytes(2, "big")  # key_info || I2OSP(L, 2)
    salt = _KEYGEN_SALT
    while True:
        salt = _sha256(salt)
        okm = hkdf_expand(hkdf_extract(salt, ikm_0), label, length)
        internal = scalar._f_from_bytes_wide(okm, len(okm))  # OS2IP(OKM) mod r, in the core
        if scalar._f_is_zero(internal) != 1:
            return scalar._f_to_bytes(internal)


def _sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()
