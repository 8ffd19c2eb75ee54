"""What the signature schemes need of a curve, read from its module.

A curve module (:mod:`pybls.bls12_381`, :mod:`pybls.bn254`, ...) gives
``G1``, ``G2``, ``GT``, ``Scalar``, ``pairing_product`` and
``HASH_SUITES``, RFC 9380's suite ID of each group it hashes to. From
these alone :class:`SigCurve` derives the scheme parameters: the
ciphersuite IDs, the key length of KeyGen, the negated generators of the
verification equations. Nothing here is specific to one curve.

>>> from pybls import bn254
>>> c = sig_curve(bn254)
>>> c.key, c.name, c.hash_suite("G2")
('bn254', 'BN254', 'BN254G2_XMD:SHA-256_SVDW_RO_')
>>> c.keygen_length  # the draft's L = ceil(3 * ceil(log2(r)) / 16)
48
>>> sig_curve("alt_bn128") is c is sig_curve(c)
True
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any, Dict, List, Mapping, Optional, Type

from .. import curves
from ..errors import ArgumentError, UnsupportedCurveError
from ..gt import GTElement
from ..points import _Point
from ..scalar import ScalarField

__all__ = ["SigCurve", "sig_curve", "default_curve", "curve_of_scalar", "curve_of_group", "CurveLike"]

#: Anything that names a curve: its module, its name (see
#: :func:`pybls.curves.get`), a :class:`SigCurve`, or None for BLS12-381.
CurveLike = Any

# The names RFC 9380 gives the hashes of expand_message_xmd (HASH_ID), by
# the name the hashing methods take.
_HASH_IDS = {"sha256": "SHA-256", "keccak256": "KECCAK-256", "sha512": "SHA-512"}
_DEFAULT = "bls12_381"
_CACHE: Dict[str, "SigCurve"] = {}
_object_new = object.__new__


class SigCurve:
    """One curve as the signature schemes see it (one object per curve).

    >>> c = sig_curve("alt_bn128")
    >>> c.name, c.key, c.suites["G2"], c.keygen_length
    ('BN254', 'bn254', 'BN254G2_XMD:SHA-256_SVDW_RO_', 48)
    """

    __slots__ = (
        "module", "key", "name", "G1", "G2", "GT", "Scalar", "suites", "keygen_length",
        "neg_g1", "neg_g2", "_product",
    )

    module: ModuleType
    key: str  # the pybls.curves name: "bls12_381", "bn254", ...
    name: str  # the curve's name in messages: "BLS12-381", ...
    G1: Type[_Point]
    G2: Type[_Point]
    GT: Type[GTElement]
    Scalar: Type[ScalarField]
    suites: Mapping[str, str]
    keygen_length: int
    neg_g1: bytes
    neg_g2: bytes

    def __init__(self, module: ModuleType) -> None:
        self.module = module
        self.key = module.__name__.rsplit(".", 1)[-1]
        self.G1, self.G2, self.GT, self.Scalar = module.G1, module.G2, module.GT, module.Scalar
        self.name = self.G1._CURVE
        self.suites = dict(getattr(module, "HASH_SUITES", {}))
        # KeyGen's L (draft section 2.3); r is an odd prime, so its bit
        # length is ceil(log2(r)).
        self.keygen_length = -(-3 * self.Scalar.R.bit_length() // 16)
        self.neg_g1 = self.G1._neg(self.G1._GENERATOR)
        self.neg_g2 = self.G2._neg(self.G2._GENERATOR)
        self._product = module.pairing_product

    def group(self, name: str) -> Type[_Point]:
        """The group class named `name` ("G1" or "G2")."""
        return self.G1 if name == "G1" else self.G2

    def hash_suite(self, group: str, hash: Optional[str] = None) -> str:
        """RFC 9380's suite ID (random oracle) of hashing to `group`, with
        expand_message_xmd over `hash` (the suite's own by default);
        :class:`~pybls.errors.UnsupportedCurveError` if the curve does not
        hash to that group."""
        suite = self.suites.get(group)
        if suite is None:
            raise UnsupportedCurveError(
                f"{self.name} has no hash to {group} (pybls.{self.key} lists no hash-to-curve suite for it), "
                f"so it has no BLS signatures in {group}"
            )
        if hash is None:
            return suite
        if hash not in _HASH_IDS:
            raise ArgumentError(f"hash must be one of {', '.join(map(repr, _HASH_IDS))}, not {hash!r}")
        # CURVE_ID_XMD:HASH_MAP_RO_ with another HASH.
        parts = suite.split("_")
        parts[1] = "XMD:" + _HASH_IDS[hash]
        return "_".join(parts)

    def product_is_one(self, g1s: List[bytes], g2s: List[bytes]) -> bool:
        """Whether the product of the pairings e(g1s[i], g2s[i]) (internal
        forms of subgroup points) is 1, with one final exponentiation."""
        pairs = [(_wrap(self.G1, a), _wrap(self.G2, b)) for a, b in zip(g1s, g2s)]
        return bool(self._product(pairs).is_one())

    def __repr__(self) -> str:
        return f"<signature curve {self.name}>"

    def __reduce__(self) -> Any:
        return (sig_curve, (self.key,))


def _wrap(group: Type[_Point], internal: bytes) -> _Point:
    p = _object_new(group)
    p._b = internal
    p._s = 0
    return p


def sig_curve(curve: CurveLike = None) -> SigCurve:
    """The :class:`SigCurve` of `curve`: a curve module, a name that
    :func:`pybls.curves.get` knows, a SigCurve, or None (BLS12-381).
    :class:`LookupError` for an unknown name, :class:`TypeError` for
    another type.

    >>> from pybls import bn254
    >>> sig_curve(bn254) is sig_curve("bn254") is sig_curve("alt_bn128"), sig_curve(None).name
    (True, 'BLS12-381')
    """
    if isinstance(curve, SigCurve):
        return curve
    if curve is None:
        key = _DEFAULT
    elif isinstance(curve, str):
        key = curves.get(curve).__name__.rsplit(".", 1)[-1]
    elif isinstance(curve, ModuleType):
        key = curve.__name__.rsplit(".", 1)[-1]
        if curves.CURVES.get(key) is not curve:
            raise TypeError(f"{curve.__name__} is not a pybls curve module")
    else:
        raise TypeError(f"a curve is a pybls curve module or its name, not {type(curve).__name__}")
    c = _CACHE.get(key)
    if c is None:
        c = _CACHE[key] = SigCurve(curves.CURVES[key])
    return c


def default_curve() -> SigCurve:
    """BLS12-381, the curve of the schemes without a curve argument.

    >>> default_curve() is sig_curve("BLS12_381")
    True
    """
    return sig_curve(None)


def _curve_with(attribute: str, cls: type) -> Optional[SigCurve]:
    """The curve whose module's `attribute` is `cls`, among the loaded ones
    (a class exists only once its module is loaded)."""
    for key in curves.CURVES:
        module = sys.modules.get(f"{__package__.rsplit('.', 1)[0]}.{key}")
        if module is not None and getattr(module, attribute, None) is cls:
            return sig_curve(module)
    default = sig_curve()
    return default if getattr(default, attribute) is cls else None


def curve_of_scalar(cls: type) -> SigCurve:
    """The curve whose ``Scalar`` class is `cls`; :class:`TypeError` for
    another class.

    >>> from pybls import bn254
    >>> curve_of_scalar(bn254.Scalar).name
    'BN254'
    """
    c = _curve_with("Scalar", cls)
    if c is None:
        raise TypeError(f"{cls.__module__}.{cls.__name__} is not the Scalar class of a pybls curve")
    return c


def curve_of_group(cls: type) -> SigCurve:
    """The curve whose ``G1`` or ``G2`` is `cls`; :class:`TypeError` for
    another class.

    >>> from pybls import bn254, G2
    >>> curve_of_group(bn254.G1).key, curve_of_group(G2).key
    ('bn254', 'bls12_381')
    """
    c = _curve_with("G1", cls) or _curve_with("G2", cls)
    if c is None:
        raise TypeError(f"{getattr(cls, '__name__', cls)!r} is not the G1 or G2 of a pybls curve")
    return c
