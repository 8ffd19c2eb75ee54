"""SHE ciphertexts at level 1 (G1, G2) and level 2 (GT), and their
homomorphic operations.

A level-1 ciphertext of m under the public key (xP, yQ) is a lifted ElGamal
pair: in G1 (S, T) = (m·P + r·xP, r·P), in G2 (m·Q + r·yQ, r·Q). Sums,
differences, negations and integer multiples are taken component-wise. The
product of a G1 and a G2 ciphertext is the GT ciphertext of the products of
their plaintexts, (e(S1, S2), e(S1, T2), e(T1, S2), e(T1, T2)); GT
ciphertexts again add (multiply component-wise) and take integer multiples.

>>> from pybls import she
>>> sk = she.SecretKey.generate()
>>> pk = sk.public_key()
>>> a, b = pk.enc_g1(3), pk.enc_g2(-4)
>>> sk.decrypt(a * 5 - a), sk.decrypt(-b)
(12, 4)
>>> sk.decrypt(a * b + pk.enc_gt(2))
-10
>>> sk.decrypt(she.inner_product([a, a], [b, pk.enc_g2(1)]))
-9
>>> c = she.CipherTextG1.from_bytes(a.to_bytes())
>>> c == a, sk.decrypt(c.rerandomize(pk)), c.rerandomize(pk) == c
(True, 3, False)
"""

from __future__ import annotations

from types import ModuleType
from typing import Any, ClassVar, Iterable, List, Sequence, Tuple, Type, TypeVar

from .._convert import as_bytes, as_int, as_tuple, check_length
from ._curve import CurveLike, DEFAULT_CURVE, reduce_by_encoding, resolve
from ..errors import ArgumentError

__all__ = ["CipherTextG1", "CipherTextG2", "CipherTextGT", "inner_product"]

_A = TypeVar("_A", bound="_CipherTextA")


def _same_curve(a: Any, b: Any, what: str) -> None:
    if a._curve is not b._curve:
        raise TypeError(f"{what}: the ciphertexts are of different curves")


def _multiplier(curve: ModuleType, k: Any) -> Any:
    """An int (or the curve's Scalar) multiplier as the curve's Scalar."""
    if isinstance(k, curve.Scalar):
        return k
    if isinstance(k, (_CipherTextA, CipherTextGT)):
        raise TypeError("ciphertexts multiply only as a G1 ciphertext times a G2 ciphertext")
    return curve.Scalar(as_int(k, "multiplier"))


class _CipherTextA:
    """A level-1 ciphertext (S, T) in G1 or G2 of one curve; immutable."""

    __slots__ = ("_curve", "_S", "_T")
    _curve: ModuleType
    _S: Any
    _T: Any
    _GROUP: ClassVar[str]  # "G1" or "G2"

    def __init__(self) -> None:
        raise TypeError(f"ciphertexts come from encryption (pk.enc_{self._GROUP.lower()}) or {type(self).__name__}.from_bytes")

    @classmethod
    def _make(cls: Type[_A], curve: ModuleType, S: Any, T: Any) -> _A:
        c = object.__new__(cls)
        c._curve, c._S, c._T = curve, S, T
        return c

    @property
    def curve(self) -> ModuleType:
        """The curve module of the ciphertext."""
        return self._curve

    @property
    def components(self) -> Tuple[Any, Any]:
        """The points (S, T)."""
        return self._S, self._T

    # -- homomorphic operations ---------------------------------------------

    def __add__(self: _A, other: Any) -> _A:
        if type(other) is not type(self):
            return NotImplemented
        _same_curve(self, other, "+")
        return self._make(self._curve, self._S + other._S, self._T + other._T)

    def __sub__(self: _A, other: Any) -> _A:
        if type(other) is not type(self):
            return NotImplemented
        _same_curve(self, other, "-")
        return self._make(self._curve, self._S - other._S, self._T - other._T)

    def __neg__(self: _A) -> _A:
        return self._make(self._curve, -self._S, -self._T)

    def __mul__(self, other: Any) -> Any:
        if isinstance(other, _CipherTextA):
            if type(other) is type(self):
                raise TypeError(f"{type(self).__name__} * {type(other).__name__}: multiply a G1 ciphertext by a G2 one")
            g1, g2 = (self, other) if self._GROUP == "G1" else (other, self)
            return CipherTextGT.product_sum([(g1, g2)])  # type: ignore[list-item]
        try:
            k = _multiplier(self._curve, other)
        except TypeError:
            return NotImplemented
        # Constant time: the multiplier may be secret (a weight).
        return self._make(self._curve, self._S * k, self._T * k)

    def __rmul__(self, other: Any) -> Any:
        return self.__mul__(other)

    def rerandomize(self: _A, pk: Any) -> _A:
        """The same plaintext under fresh randomness (this plus an
        encryption of 0): unlinkable to this ciphertext."""
        zero = pk.enc_g1(0) if self._GROUP == "G1" else pk.enc_g2(0)
        if type(zero) is not type(self) or pk.curve is not self._curve:
            raise TypeError("rerandomize takes a public key of the ciphertext's curve")
        return self + zero

    def to_gt(self) -> "CipherTextGT":
        """The GT ciphertext of the same plaintext (multiplication by an
        encryption of 1 with no randomness): G1 (S, T) gives
        (e(S, Q), 1, e(T, Q), 1), G2 (S, T) gives (e(P, S), e(P, T), 1, 1).
        Its structure shows where it came from; ``rerandomize`` hides it."""
        c = self._curve
        one = c.GT.one()
        if self._GROUP == "G1":
            Q = c.G2.generator()
            return CipherTextGT._make(c, (c.pairing(self._S, Q), one, c.pairing(self._T, Q), one))
        P = c.G1.generator()
        return CipherTextGT._make(c, (c.pairing(P, self._S), c.pairing(P, self._T), one, one))

    # -- encoding -----------------------------------------------------------

    def to_bytes(self) -> bytes:
        """S then T, each in the curve's compressed point encoding."""
        return self._S.to_bytes(compressed=True) + self._T.to_bytes(compressed=True)  # type: ignore[no-any-return]

    __reduce__ = reduce_by_encoding

    def __bytes__(self) -> bytes:
        return self.to_bytes()

    @classmethod
    def from_bytes(cls: Type[_A], data: Any, curve: CurveLike = DEFAULT_CURVE) -> _A:
        """Decode :meth:`to_bytes`. Each point is checked (encoding, curve,
        subgroup) and a bad one raises the :mod:`pybls.errors` exception
        of the point decoder; a wrong length :class:`~pybls.errors.InvalidLengthError`."""
        mod = resolve(curve)
        group = getattr(mod, cls._GROUP)
        data = as_bytes(data, f"{cls.__name__} encoding")
        half = group._COMPRESSED
        check_length(data, (2 * half,), f"a {cls.__name__} of {mod.__name__}")
        return cls._make(mod, group.from_bytes(data[:half]), group.from_bytes(data[half:]))

    # -- comparison and display ---------------------------------------------

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _CipherTextA)
        return self._curve is other._curve and self._S == other._S and self._T == other._T

    def __hash__(self) -> int:
        return hash(self.to_bytes())

    def __repr__(self) -> str:
        h = self.to_bytes().hex()
        return f"{type(self).__name__}(0x{h[:8]}\u2026{h[-8:]})"


class CipherTextG1(_CipherTextA):
    """A level-1 ciphertext in G1: ``+``, ``-``, unary ``-``, ``* int``,
    and ``* CipherTextG2`` giving a :class:`CipherTextGT`.

    >>> from pybls import she
    >>> sk = she.SecretKey.generate(); pk = sk.public_key()
    >>> c = pk.enc_g1(7) - pk.enc_g1(2) * 3
    >>> type(c).__name__, sk.decrypt(she.CipherTextG1.from_bytes(c.to_bytes()))
    ('CipherTextG1', 1)
    """

    __slots__ = ()
    _GROUP = "G1"


class CipherTextG2(_CipherTextA):
    """A level-1 ciphertext in G2, with the operations of :class:`CipherTextG1`.

    >>> from pybls import she
    >>> sk = she.SecretKey.generate(); pk = sk.public_key()
    >>> c = pk.enc_g2(5)
    >>> d = c.rerandomize(pk)
    >>> d.to_bytes() != c.to_bytes(), sk.decrypt(d), sk.decrypt(-d)
    (True, 5, -5)
    """

    __slots__ = ()
    _GROUP = "G2"


class CipherTextGT:
    """A level-2 ciphertext: four elements of GT. ``+`` and ``-`` (taken
    component-wise in GT's multiplicative notation), unary ``-`` and
    ``* int``; no further multiplication.

    >>> from pybls import she
    >>> sk = she.SecretKey.generate(); pk = sk.public_key()
    >>> table = she.DecryptionTable.build(group="gt", bound=100, baby_steps=16)
    >>> c = pk.enc_g1(3) * pk.enc_g2(4) + pk.enc_gt(-2)
    >>> type(c).__name__, sk.decrypt(c, table)
    ('CipherTextGT', 10)
    """

    __slots__ = ("_curve", "_g")
    _curve: ModuleType
    _g: Tuple[Any, ...]

    def __init__(self) -> None:
        raise TypeError("GT ciphertexts come from pk.enc_gt, a product of G1 and G2 ciphertexts or from_bytes")

    @classmethod
    def _make(cls, curve: ModuleType, g: Sequence[Any]) -> "CipherTextGT":
        c = object.__new__(cls)
        c._curve, c._g = curve, tuple(g)
        return c

    @property
    def curve(self) -> ModuleType:
        """The curve module of the ciphertext."""
        return self._curve

    @property
    def components(self) -> Tuple[Any, ...]:
        """The four GT elements."""
        return self._g

    @classmethod
    def product_sum(cls, pairs: Iterable[Tuple[CipherTextG1, CipherTextG2]]) -> "CipherTextGT":
        """The sum of the products of the pairs (an encrypted inner product):
        four Miller loops per pair and, for all pairs together, one final
        exponentiation per component.

        >>> from pybls import she
        >>> sk = she.SecretKey.generate("bn254_nogami")
        >>> pk = sk.public_key()
        >>> xs, ys = [1, 2, 3], [4, -5, 6]
        >>> c = she.CipherTextGT.product_sum(zip(map(pk.enc_g1, xs), map(pk.enc_g2, ys)))
        >>> sk.decrypt(c) == sum(x * y for x, y in zip(xs, ys))
        True
        """
        # Product k of the core's call is component k: pairs of (S1 or T1,
        # S2 or T2), all pairs of one component together.
        g1s: List[List[bytes]] = [[], [], [], []]
        g2s: List[List[bytes]] = [[], [], [], []]
        curve = None
        for pair in pairs:
            c1, c2 = as_tuple(pair, 2, "a (CipherTextG1, CipherTextG2) pair")
            if type(c1) is not CipherTextG1 or type(c2) is not CipherTextG2:
                raise TypeError("product_sum takes pairs (CipherTextG1, CipherTextG2)")
            _same_curve(c1, c2, "product")
            if curve is None:
                curve = c1._curve
            elif c1._curve is not curve:
                raise TypeError("product_sum: the ciphertexts are of different curves")
            S1, T1, S2, T2 = c1._S._b, c1._T._b, c2._S._b, c2._T._b
            for k, (a, b) in enumerate(((S1, S2), (S1, T2), (T1, S2), (T1, T2))):
                g1s[k].append(a)
                g2s[k].append(b)
        if curve is None:
            raise ArgumentError("product_sum needs at least one pair")
        return cls._make(curve, curve._PAIRING._pairing_products([b for g in g1s for b in g], [b for g in g2s for b in g], 4))

    # -- homomorphic operations ---------------------------------------------

    def __add__(self, other: Any) -> "CipherTextGT":
        if type(other) is not CipherTextGT:
            return NotImplemented
        _same_curve(self, other, "+")
        return self._make(self._curve, [a * b for a, b in zip(self._g, other._g)])

    def __sub__(self, other: Any) -> "CipherTextGT":
        if type(other) is not CipherTextGT:
            return NotImplemented
        _same_curve(self, other, "-")
        return self._make(self._curve, [a / b for a, b in zip(self._g, other._g)])

    def __neg__(self) -> "CipherTextGT":
        return self._make(self._curve, [a.inverse() for a in self._g])

    def __mul__(self, other: Any) -> "CipherTextGT":
        try:
            k = _multiplier(self._curve, other)
        except TypeError:
            return NotImplemented
        return self._make(self._curve, [a ** k for a in self._g])

    __rmul__ = __mul__

    def rerandomize(self, pk: Any) -> "CipherTextGT":
        """The same plaintext under fresh randomness."""
        if pk.curve is not self._curve:
            raise TypeError("rerandomize takes a public key of the ciphertext's curve")
        return self + pk.enc_gt(0)  # type: ignore[no-any-return]

    # -- encoding -----------------------------------------------------------

    def to_bytes(self) -> bytes:
        """The four GT encodings, in order."""
        return b"".join(a.to_bytes() for a in self._g)

    __reduce__ = reduce_by_encoding

    def __bytes__(self) -> bytes:
        return self.to_bytes()

    @classmethod
    def from_bytes(cls, data: Any, curve: CurveLike = DEFAULT_CURVE) -> "CipherTextGT":
        """Decode :meth:`to_bytes`; each element must be in GT (the
        :mod:`pybls.errors` exception of ``GT.from_bytes`` otherwise)."""
        mod = resolve(curve)
        data = as_bytes(data, "CipherTextGT encoding")
        n = mod.GT._BYTES
        check_length(data, (4 * n,), f"a CipherTextGT of {mod.__name__}")
        return cls._make(mod, [mod.GT.from_bytes(data[i * n : (i + 1) * n]) for i in range(4)])

    def __eq__(self, other: object) -> bool:
        if type(other) is not CipherTextGT:
            return NotImplemented
        return self._curve is other._curve and self._g == other._g

    def __hash__(self) -> int:
        return hash(self.to_bytes())

    def __repr__(self) -> str:
        h = self._g[0].to_bytes().hex()
        return f"CipherTextGT(0x{h[:8]}\u2026)"


def inner_product(xs: Iterable[CipherTextG1], ys: Iterable[CipherTextG2]) -> CipherTextGT:
    """The encrypted inner product sum_i xs[i] * ys[i] of equally long
    sequences (:meth:`CipherTextGT.product_sum`).

    >>> from pybls import she
    >>> sk = she.SecretKey.generate(); pk = sk.public_key()
    >>> xs = [pk.enc_g1(v) for v in (1, 2, 3)]
    >>> ys = [pk.enc_g2(v) for v in (4, 5, 6)]
    >>> sk.decrypt(she.inner_product(xs, ys), she.DecryptionTable.build(group="gt", bound=100, baby_steps=16))
    32
    """
    a, b = list(xs), list(ys)
    if len(a) != len(b):
        raise ArgumentError(f"inner_product needs sequences of equal length, got {len(a)} and {len(b)}")
    if not a:
        raise ArgumentError("inner_product needs at least one pair")
    return CipherTextGT.product_sum(zip(a, b))
