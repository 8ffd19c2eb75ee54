"""Arithmetic in BLS48-581's Fp8, the tower of the pairing-friendly-curves
draft: Fp2 = Fp[u]/(u² + 1), Fp4 = Fp2[v]/(v² + u + 1), Fp8 = Fp4[w]/(w² + v),
for the hash to G2 in Python (:mod:`pybls._svdw_fp8`).

An element is the 8-tuple of its coefficients over 1, u, v, uv, w, uw, vw,
uvw, as :meth:`pybls.bls48_581.G2.to_affine` gives them. Each level is a
quadratic extension K[x]/(x² − β) of the one below; square roots go down
the tower (the norm to K, then one root in K), in variable time: the hash
runs on public messages.

>>> from pybls._fp8 import Fp8Field
>>> F = Fp8Field(107)                       # a toy prime, 3 mod 8
>>> a = (1, 2, 3, 4, 5, 6, 7, 8)
>>> F.mul(a, F.inv(a)) == F.one
True
>>> s = F.sqrt(F.sqr(a))
>>> s is not None and F.sqr(s) == F.sqr(a)
True
"""

from __future__ import annotations

from typing import Callable, Optional, Tuple

__all__ = ["Fp8", "Fp8Field"]

#: An element of Fp8: coefficients over 1, u, v, uv, w, uw, vw, uvw.
Fp8 = Tuple[int, int, int, int, int, int, int, int]
# Within a level, an element is a flat tuple: its lower half a0, its upper
# half a1, for a0 + a1·x.
_Elt = Tuple[int, ...]


class _Level:
    """K[x]/(x² − β) over the level `base` (None: Fp itself), with
    `mul_beta` multiplying an element of K by β."""

    def __init__(self, p: int, base: Optional["_Level"], mul_beta: Callable[[_Elt], _Elt]) -> None:
        self.p, self.base, self.mul_beta = p, base, mul_beta
        self.half: int = 1 if base is None else 2 * base.half  # coefficients of K

    # -- K, the level below (Fp when base is None) --
    def _k_mul(self, a: _Elt, b: _Elt) -> _Elt:
        return (a[0] * b[0] % self.p,) if self.base is None else self.base.mul(a, b)

    def _k_add(self, a: _Elt, b: _Elt) -> _Elt:
        return tuple((x + y) % self.p for x, y in zip(a, b))

    def _k_sub(self, a: _Elt, b: _Elt) -> _Elt:
        return tuple((x - y) % self.p for x, y in zip(a, b))

    def _k_inv(self, a: _Elt) -> _Elt:
        return (pow(a[0], -1, self.p),) if self.base is None else self.base.inv(a)

    def _k_is_square(self, a: _Elt) -> bool:
        if self.base is None:
            return a[0] == 0 or pow(a[0], (self.p - 1) // 2, self.p) == 1
        return self.base.is_square(a)

    def _k_sqrt(self, a: _Elt) -> Optional[_Elt]:
        if self.base is None:  # p = 3 mod 4
            r = pow(a[0], (self.p + 1) // 4, self.p)
            return (r,) if r * r % self.p == a[0] else None
        return self.base.sqrt(a)

    def _split(self, a: _Elt) -> Tuple[_Elt, _Elt]:
        return a[: self.half], a[self.half :]

    # -- this level --
    def mul(self, a: _Elt, b: _Elt) -> _Elt:
        (a0, a1), (b0, b1) = self._split(a), self._split(b)
        t0, t1 = self._k_mul(a0, b0), self._k_mul(a1, b1)
        # Karatsuba: a0 b1 + a1 b0 = (a0 + a1)(b0 + b1) - t0 - t1
        mid = self._k_sub(self._k_sub(self._k_mul(self._k_add(a0, a1), self._k_add(b0, b1)), t0), t1)
        return self._k_add(t0, self.mul_beta(t1)) + mid

    def norm(self, a: _Elt) -> _Elt:
        """a · conj(a) = a0² − β a1², in K."""
        a0, a1 = self._split(a)
        return self._k_sub(self._k_mul(a0, a0), self.mul_beta(self._k_mul(a1, a1)))

    def inv(self, a: _Elt) -> _Elt:
        """1/a (a nonzero): conj(a) / norm(a)."""
        a0, a1 = self._split(a)
        n = self._k_inv(self.norm(a))
        return self._k_mul(a0, n) + self._k_mul(tuple(-c % self.p for c in a1), n)

    def is_square(self, a: _Elt) -> bool:
        """a is a square iff its norm is one in K."""
        return self._k_is_square(self.norm(a))

    def sqrt(self, a: _Elt) -> Optional[_Elt]:
        """A square root of a, or None. With n = sqrt(a0² − β a1²), the root
        is x0 + x1·x where x0² = (a0 ± n)/2 and x1 = a1 / (2 x0)."""
        a0, a1 = self._split(a)
        zero = (0,) * self.half
        inv2 = (pow(2, -1, self.p),) + (0,) * (self.half - 1)
        if a1 == zero:
            r = self._k_sqrt(a0)
            if r is not None:
                return r + zero
            # a0 / β is then a square of K (β is not one): (r x)² = r² β = a0.
            r = self._k_sqrt(self._k_mul(a0, self._k_inv(self.mul_beta(self._one_k()))))
            return None if r is None else zero + r
        n = self._k_sqrt(self.norm(a))
        if n is None:
            return None
        x0 = None
        for t in (self._k_add(a0, n), self._k_sub(a0, n)):
            x0 = self._k_sqrt(self._k_mul(t, inv2))
            if x0 is not None and x0 != zero:
                break
        if x0 is None or x0 == zero:
            return None
        x1 = self._k_mul(a1, self._k_inv(self._k_add(x0, x0)))
        root = x0 + x1
        return root if self.mul(root, root) == a else None

    def _one_k(self) -> _Elt:
        return (1,) + (0,) * (self.half - 1)


class Fp8Field:
    """Fp8 of BLS48-581's tower over Fp for a prime `p` = 3 mod 8: then
    −1 and 2 are not squares mod p, and each step of the tower is a field.

    >>> F = Fp8Field(107)
    >>> w = (0, 0, 0, 0, 1, 0, 0, 0)
    >>> F.sqr(w) == F.neg((0, 0, 1, 0, 0, 0, 0, 0))  # w² = −v
    True
    """

    def __init__(self, p: int) -> None:
        if p % 8 != 3:
            raise ValueError("the tower needs p = 3 mod 8")
        self.p = p

        def fp(a: _Elt) -> _Elt:  # Fp2's β = −1
            return (-a[0] % p,)

        def fp2(a: _Elt) -> _Elt:  # Fp4's β = −(1 + u): (a0 + a1 u)(−1 − u) = (a1 − a0) − (a0 + a1) u
            return ((a[1] - a[0]) % p, -(a[0] + a[1]) % p)

        fp2_level = _Level(p, None, fp)
        fp4_level = _Level(p, fp2_level, fp2)

        def fp4(a: _Elt) -> _Elt:  # Fp8's β = −v: (a0 + a1 v)(−v) = −β₄ a1 − a0 v
            a0, a1 = a[:2], a[2:]
            return tuple(-c % p for c in fp2(a1)) + tuple(-c % p for c in a0)

        self._level = _Level(p, fp4_level, fp4)
        self.zero: Fp8 = (0,) * 8
        self.one: Fp8 = (1,) + (0,) * 7

    def of(self, c: int) -> Fp8:
        """The element c of Fp (an int) in Fp8."""
        return (c % self.p,) + (0,) * 7

    def add(self, a: Fp8, b: Fp8) -> Fp8:
        return tuple((x + y) % self.p for x, y in zip(a, b))  # type: ignore[return-value]

    def sub(self, a: Fp8, b: Fp8) -> Fp8:
        return tuple((x - y) % self.p for x, y in zip(a, b))  # type: ignore[return-value]

    def neg(self, a: Fp8) -> Fp8:
        return tuple(-x % self.p for x in a)  # type: ignore[return-value]

    def mul(self, a: Fp8, b: Fp8) -> Fp8:
        return self._level.mul(a, b)  # type: ignore[return-value]

    def sqr(self, a: Fp8) -> Fp8:
        return self._level.mul(a, a)  # type: ignore[return-value]

    def inv(self, a: Fp8) -> Fp8:
        """1/a for a nonzero a."""
        return self._level.inv(a)  # type: ignore[return-value]

    def inv0(self, a: Fp8) -> Fp8:
        """RFC 9380's inv0: 1/a, and 0 for 0."""
        return self.zero if a == self.zero else self.inv(a)

    def is_square(self, a: Fp8) -> bool:
        """RFC 9380's is_square (true for 0)."""
        return a == self.zero or self._level.is_square(a)

    def sqrt(self, a: Fp8) -> Optional[Fp8]:
        """A square root of a, or None when a is not a square."""
        if a == self.zero:
            return self.zero
        return self._level.sqrt(a)  # type: ignore[return-value]

    @staticmethod
    def sgn0(a: Fp8) -> int:
        """RFC 9380's sgn0 for extensions: the parity of the first nonzero
        coefficient in the order 1, u, v, uv, w, uw, vw, uvw.

        >>> Fp8Field.sgn0((0, 0, 3, 2, 0, 0, 0, 0)), Fp8Field.sgn0((0,) * 8)
        (1, 0)
        """
        for c in a:
            if c:
                return c & 1
        return 0
