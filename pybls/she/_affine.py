"""Affine point additions in Python integers, many at a time (private).

The decryption tables need the x coordinates of thousands of consecutive
multiples of a point. Each affine addition needs an inversion; done in
batches they share one (Montgomery's trick), so a step costs a handful of
modular multiplications of Python ints, several times cheaper than a call
into the core per point plus its own inversion (and, in WebAssembly, than
the call overhead alone). Only public points are handled here (multiples
of the generators and of a decrypted value), so variable time is fine.

G1 coordinates are ints mod p; G2 coordinates are pairs (c0, c1) for
c0 + c1·u in Fp2 = Fp[u]/(u² + 1), the quadratic extension of every curve
pybls implements (the table checks this against the core when it is built).
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Sequence, Tuple

Fp2 = Tuple[int, int]
Affine = Tuple[Any, Any]

# The key of a point in a table: the low 64 bits of x (of x's c0 on G2).
# x is shared by P and -P, so one entry serves both signs.
KEY_MASK = (1 << 64) - 1


class Field:
    """The arithmetic of one field of coordinates, as plain functions."""

    def __init__(self, p: int, degree: int) -> None:
        self.p, self.degree = p, degree
        if degree == 1:
            self.sub: Callable[[Any, Any], Any] = lambda a, b: (a - b) % p
            self.neg: Callable[[Any], Any] = lambda a: -a % p
            self.mul: Callable[[Any, Any], Any] = lambda a, b: a * b % p
            self.inv: Callable[[Any], Any] = lambda a: pow(a, -1, p)
            self.is_zero: Callable[[Any], bool] = lambda a: a == 0
            self.key: Callable[[Any], int] = lambda x: x & KEY_MASK
        else:
            self.sub = lambda a, b: ((a[0] - b[0]) % p, (a[1] - b[1]) % p)
            self.neg = lambda a: (-a[0] % p, -a[1] % p)
            self.mul = _fp2_mul(p)
            self.inv = _fp2_inv(p)
            self.is_zero = lambda a: a == (0, 0)
            self.key = lambda x: x[0] & KEY_MASK

    def batch_inverse(self, values: Sequence[Any]) -> List[Any]:
        """The inverses of nonzero `values`, with one field inversion."""
        mul = self.mul
        prefix: List[Any] = []
        acc = None
        for v in values:
            acc = v if acc is None else mul(acc, v)
            prefix.append(acc)
        if acc is None:
            return []
        inv = self.inv(acc)
        out: List[Any] = [None] * len(values)
        for i in range(len(values) - 1, 0, -1):
            out[i] = mul(inv, prefix[i - 1])
            inv = mul(inv, values[i])
        out[0] = inv
        return out

    def add_to_all(self, points: Sequence[Affine], q: Affine) -> List[Optional[Affine]]:
        """``P + q`` for each affine point P of `points` (none of them the
        identity); None where P = ±q (the caller computes those itself)."""
        sub, mul, is_zero = self.sub, self.mul, self.is_zero
        xq, yq = q
        dens = [sub(x, xq) for x, _ in points]
        live = [i for i, d in enumerate(dens) if not is_zero(d)]
        invs = self.batch_inverse([dens[i] for i in live])
        out: List[Optional[Affine]] = [None] * len(points)
        for i, inv in zip(live, invs):
            x, y = points[i]
            lam = mul(sub(y, yq), inv)
            x3 = sub(sub(mul(lam, lam), x), xq)
            out[i] = (x3, sub(mul(lam, sub(x, x3)), y))
        return out

    def keys_of_r_minus_plus(self, r: Affine, points: Sequence[Affine]) -> List[Tuple[Optional[int], Optional[int]]]:
        """For each affine K of `points`, the keys of r - K and r + K (the
        same denominator serves both); None for a sum that is the identity
        or where x(K) = x(r) (the caller checks those points itself)."""
        sub, mul, neg, is_zero, key = self.sub, self.mul, self.neg, self.is_zero, self.key
        xr, yr = r
        dens = [sub(x, xr) for x, _ in points]
        live = [i for i, d in enumerate(dens) if not is_zero(d)]
        invs = self.batch_inverse([dens[i] for i in live])
        out: List[Tuple[Optional[int], Optional[int]]] = [(None, None)] * len(points)
        for i, inv in zip(live, invs):
            x, y = points[i]
            lam_minus = mul(sub(neg(y), yr), inv)  # r + (x, -y)
            lam_plus = mul(sub(y, yr), inv)  # r + (x, y)
            out[i] = (key(sub(sub(mul(lam_minus, lam_minus), x), xr)), key(sub(sub(mul(lam_plus, lam_plus), x), xr)))
        return out


def _fp2_mul(p: int) -> Callable[[Fp2, Fp2], Fp2]:
    def mul(a: Fp2, b: Fp2) -> Fp2:
        a0, a1 = a
        b0, b1 = b
        t0, t1 = a0 * b0, a1 * b1
        return ((t0 - t1) % p, ((a0 + a1) * (b0 + b1) - t0 - t1) % p)

    return mul


def _fp2_inv(p: int) -> Callable[[Fp2], Fp2]:
    def inv(a: Fp2) -> Fp2:
        a0, a1 = a
        n = pow((a0 * a0 + a1 * a1) % p, -1, p)
        return (a0 * n % p, -a1 * n % p)

    return inv
