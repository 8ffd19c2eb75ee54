"""Feldman commitments: a polynomial's coefficients times the generator.

A :class:`PublicPolynomial` ``(c_0 G, ..., c_{t-1} G)`` lets anyone compute
``f(i) G``, the public key of share ``i``, and check a secret share against
it without learning f. Its constant term ``c_0 G`` is the group public key.
It lives in the public-key group of the signature variant: G1 for ``MinPk``,
G2 for ``MinSig``, of any curve (its scalars are taken modulo that curve's r).

>>> from pybls import G1, Scalar
>>> from pybls.threshold import Polynomial, PublicPolynomial
>>> f = Polynomial([Scalar(3), Scalar(4)])
>>> C = f.commit(G1)
>>> C.threshold, C.evaluate(2) == G1.generator() * 11
(2, True)
>>> PublicPolynomial.from_bytes(C.to_bytes()) == C
True
>>> (C + C).evaluate(0) == G1.generator() * 6
True

The encoding does not name the curve: decode another curve's with
``from_bytes(data, curve=...)``.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Sequence, Tuple, Type

from .._convert import as_bytes, as_int
from ..errors import ArgumentError, PyblsError
from ..points import _Point
from ..sig import PublicKey
from ..sig.curve import CurveLike, curve_of_group, sig_curve
from ..sig.values import _encoded_size
from ..sig.variants import variant_of
from ._util import Reader, check_index, u32
from .errors import InvalidDegreeError, MalformedMessageError

__all__ = ["PublicPolynomial"]

Point = _Point
#: The largest threshold a commitment may carry (bounds decoding work).
MAX_THRESHOLD = 1 << 16


class PublicPolynomial:
    """The commitment ``(c_0 G, ..., c_{t-1} G)`` to a polynomial of degree t - 1.

    Immutable and hashable. ``threshold`` is t, the number of
    coefficients; ``public_key`` is the group key ``c_0 G``;
    ``public_share(i)`` the key of share i.

    With the secret key of the Ethereum consensus tests
    (ethereum/bls12-381-tests) as the constant term, the group key is that
    test's public key:

    >>> from pybls import G1
    >>> from pybls.threshold import Polynomial
    >>> sk = 0x328388aff0d4a5b7dc9205abd374e7e98f3cd9f3418edb4eafda5fb16473d216
    >>> C = Polynomial([sk, 166, 94]).commit(G1)
    >>> C.public_key.to_bytes().hex()
    'b53d21a4cfd562c469cc81514d4ce5a6b577d8403d32a394dc265dd190b47fa9f829fdd7963afdf972e5e77854051f6f'
    >>> C.public_share(2) == G1.generator() * (sk + 166 * 2 + 94 * 4)
    True
    >>> C.to_bytes()[:5].hex(), len(C.to_bytes())    # tag 1 (G1), t = 3, three 48-byte points
    ('0100000003', 149)
    """

    __slots__ = ("_points", "_group", "_cache", "_flags")
    _points: Tuple[Point, ...]
    # The group of every coefficient (G1 or G2 of one curve).
    _group: Type[_Point]
    _cache: Dict[int, Point]
    _flags: int

    def __init__(self, points: Sequence[Point]) -> None:
        pts = tuple(points)
        if not pts:
            raise InvalidDegreeError("a public polynomial needs at least one coefficient")
        group = type(pts[0])
        if not isinstance(pts[0], _Point) or any(type(p) is not group for p in pts):
            raise TypeError("a public polynomial is a sequence of G1 points or of G2 points of one curve")
        self._points = pts
        self._group = group
        self._cache = {}
        # the "known in subgroup" flag all coefficients share (as _Point.sum
        # computes it), kept so sums of commitments need not look at each point
        self._flags = min(p._s for p in pts)

    # -- properties -----------------------------------------------------------

    @property
    def group(self) -> Type[Any]:
        """G1 or G2 (of the points' curve)."""
        return self._group

    @property
    def coefficients(self) -> List[Point]:
        """The committed coefficients c_k G."""
        return list(self._points)

    @property
    def threshold(self) -> int:
        """t: the number of coefficients (degree + 1), the shares needed."""
        return len(self._points)

    @property
    def degree(self) -> int:
        """t - 1."""
        return len(self._points) - 1

    @property
    def constant(self) -> Point:
        """c_0 G, the committed secret."""
        return self._points[0]

    @property
    def public_key(self) -> PublicKey:
        """The group public key c_0 G as a :class:`pybls.sig.PublicKey` (of
        the variant whose keys live in this group)."""
        group = self._group
        curve = curve_of_group(group)
        variant = variant_of(curve, "MinPk" if group is curve.G1 else "MinSig")
        return variant.PublicKey(self._points[0])

    def check_threshold(self, t: int) -> None:
        """Raise :class:`~pybls.threshold.errors.InvalidDegreeError` unless
        this commits to a polynomial of degree t - 1."""
        if len(self._points) != t:
            raise InvalidDegreeError(
                f"expected a commitment of degree {t - 1} ({t} coefficients), got degree {self.degree}")

    # -- evaluation -------------------------------------------------------------

    def evaluate(self, x: Any) -> Point:
        """f(x) G = sum_k x^k c_k G (a multi-scalar multiplication; x public).

        Results at indices are cached (a commitment is immutable).
        """
        r = self._group._SCALAR.R
        xi = as_int(x, "x") % r
        hit = self._cache.get(xi)
        if hit is not None:
            return hit
        pts = self._points
        if len(pts) == 1 or xi == 0:
            out = pts[0]
        elif xi < 1 << 32:  # a share index: Horner's rule with small multipliers
            out = self._group.poly_eval(pts, xi)
        else:
            powers = [1] * len(pts)
            for k in range(1, len(pts)):
                powers[k] = powers[k - 1] * xi % r
            out = self._group.msm(pts, powers)
        if len(self._cache) < 4096:
            self._cache[xi] = out
        return out

    def public_share(self, index: int) -> Point:
        """f(index) G: the public counterpart of share `index` (>= 1)."""
        return self.evaluate(check_index(index))

    # -- arithmetic ---------------------------------------------------------------

    def __add__(self, other: Any) -> "PublicPolynomial":
        if not isinstance(other, PublicPolynomial):
            return NotImplemented
        if other._group is not self._group:
            raise TypeError("cannot add commitments in different groups")
        a, b = self._points, other._points
        if len(a) < len(b):
            a, b = b, a
        return PublicPolynomial([x + y for x, y in zip(a, b)] + list(a[len(b):]))

    @classmethod
    def sum(cls, commitments: Iterable["PublicPolynomial"]) -> "PublicPolynomial":
        """The coefficient-wise sum (the commitment to the sum of the polynomials)."""
        cs = list(commitments)
        if not cs:
            raise ArgumentError("sum of no commitments")
        group = cs[0]._group
        if any(c._group is not group for c in cs):
            raise TypeError("cannot add commitments in different groups")
        width = max(len(c._points) for c in cs)
        if all(len(c._points) == width for c in cs):  # every point is of `group` (checked at construction)
            rows = group._sum_rows([c._points for c in cs], width, min(c._flags for c in cs))
            return cls(rows)
        cols: List[List[Point]] = [[] for _ in range(width)]
        for c in cs:
            for k, p in enumerate(c._points):
                cols[k].append(p)
        return cls([group.sum(col) for col in cols])

    @classmethod
    def combine(cls, commitments: Sequence["PublicPolynomial"], weights: Sequence[int]) -> "PublicPolynomial":
        """sum_j weights[j] * commitments[j], coefficient-wise (by multi-scalar
        multiplication; the weights are public)."""
        if len(commitments) != len(weights) or not commitments:
            raise ArgumentError("combine needs as many weights as (at least one) commitments")
        width = max(c.threshold for c in commitments)
        group = commitments[0]._group
        out: List[Point] = []
        for k in range(width):
            pts = [c._points[k] for c in commitments if k < len(c._points)]
            ws = [w for c, w in zip(commitments, weights) if k < len(c._points)]
            out.append(group.msm(pts, ws))
        return cls(out)

    # -- encoding -------------------------------------------------------------------

    def to_bytes(self) -> bytes:
        """Group tag (1 = G1, 2 = G2), t as 4 bytes, then the t points in
        their curve's default encoding (compressed on BLS12-381)."""
        tag = 1 if self._group is curve_of_group(self._group).G1 else 2
        return bytes([tag]) + u32(len(self._points)) + b"".join(p.to_bytes() for p in self._points)

    def __bytes__(self) -> bytes:
        return self.to_bytes()

    @classmethod
    def from_bytes(cls, data: Any, curve: CurveLike = None) -> "PublicPolynomial":
        """Decode :meth:`to_bytes` of a commitment on `curve` (default
        BLS12-381); every point is checked (curve and subgroup).

        Raises :class:`~pybls.threshold.errors.MalformedMessageError`.
        """
        r = Reader(as_bytes(data, "public polynomial"), "public polynomial")
        obj = cls._read(r, curve)
        r.end()
        return obj

    @classmethod
    def _read(cls, r: Reader, curve: CurveLike = None) -> "PublicPolynomial":
        c = sig_curve(curve)
        group = {1: c.G1, 2: c.G2}.get(r.u8())
        if group is None:
            raise MalformedMessageError(f"{r.what}: unknown group tag")
        t = r.u32()
        if not 1 <= t <= MAX_THRESHOLD:
            raise MalformedMessageError(f"{r.what}: a commitment needs 1 to {MAX_THRESHOLD} coefficients, got {t}")
        size = _encoded_size(group)
        pts = []
        for k in range(t):
            try:
                pts.append(group.from_bytes(r.take(size)))
            except MalformedMessageError:
                raise
            except PyblsError as e:
                raise MalformedMessageError(f"{r.what}: coefficient {k}: {e}") from None
        return cls(pts)

    # -- comparison -------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PublicPolynomial):
            return NotImplemented
        return self._group is other._group and self._points == other._points

    def __hash__(self) -> int:
        return hash(self._points)

    def __repr__(self) -> str:
        return f"PublicPolynomial({self._group.__name__}, t={len(self._points)}, key={self._points[0]!r})"


def as_public_polynomial(value: Any) -> PublicPolynomial:
    """`value` if it is a PublicPolynomial, else :class:`TypeError`."""
    if not isinstance(value, PublicPolynomial):
        raise TypeError(f"expected a PublicPolynomial, not {type(value).__name__}")
    return value
