"""Affine point additions in Python integers, many at a time (private).

The decryption tables need the x coordinates of thousands of consecutive
multiples of a point. Each affine addition needs an inversion; done in
batches they share one (Montgomery's trick), and C ± K for many points K
share each denominator x(K) - x(C), so a table entry costs a few modular
multiplications of Python ints: fewer operations than a call into the core
per point plus an inversion each, and no call overhead (which dominates in
WebAssembly). Only public points are handled here (multiples of the
generators and of a decrypted value), so variable time is fine.

G1 coordinates are ints mod p; G2 coordinates are pairs (c0, c1) for
c0 + c1·u in Fp2 = Fp[u]/(u² + 1), the quadratic extension of every curve
pybls implements (the table checks this against the core when it is built).
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Sequence, Tuple

Affine = Tuple[Any, Any]
KeyPair = Tuple[Optional[int], Optional[int]]

# The key of a point in a table: the low 64 bits of x (of x's c0 on G2).
# x is shared by P and -P, so one entry serves both signs.
KEY_MASK = (1 << 64) - 1


class Field:
    """Batched affine arithmetic over Fp (`degree` 1) or Fp2 (`degree` 2)."""

    def __init__(self, p: int, degree: int, inverse: Optional[Callable[[int], int]] = None) -> None:
        """`inverse`: the inverse of a nonzero int mod p, by default
        Python's ``pow(a, -1, p)`` (the core's is several times faster)."""
        self.p, self.degree = p, degree
        self.inverse: Callable[[int], int] = inverse or (lambda a: pow(a, -1, p))

    def key(self, x: Any) -> int:
        """The table key of a point with x coordinate `x`."""
        k: int = (x if self.degree == 1 else x[0]) & KEY_MASK
        return k

    # -- inversion ----------------------------------------------------------

    def batch_inverse(self, values: Sequence[Any]) -> List[Any]:
        """The inverses of nonzero `values`, with one field inversion."""
        if not values:
            return []
        p = self.p
        if self.degree == 1:
            prefix, acc = [], 1
            for v in values:
                acc = acc * v % p
                prefix.append(acc)
            inv = self.inverse(acc)
            out: List[Any] = [0] * len(values)
            for i in range(len(values) - 1, 0, -1):
                out[i] = inv * prefix[i - 1] % p
                inv = inv * values[i] % p
            out[0] = inv
            return out
        prefix2: List[Tuple[int, int]] = []
        a0, a1 = 1, 0
        for b0, b1 in values:
            t0, t1 = a0 * b0, a1 * b1
            a0, a1 = (t0 - t1) % p, ((a0 + a1) * (b0 + b1) - t0 - t1) % p
            prefix2.append((a0, a1))
        n = self.inverse((a0 * a0 + a1 * a1) % p)
        i0, i1 = a0 * n % p, -a1 * n % p
        out2: List[Any] = [None] * len(values)
        for i in range(len(values) - 1, 0, -1):
            c0, c1 = prefix2[i - 1]
            t0, t1 = i0 * c0, i1 * c1
            out2[i] = ((t0 - t1) % p, ((i0 + i1) * (c0 + c1) - t0 - t1) % p)
            b0, b1 = values[i]
            t0, t1 = i0 * b0, i1 * b1
            i0, i1 = (t0 - t1) % p, ((i0 + i1) * (b0 + b1) - t0 - t1) % p
        out2[0] = (i0, i1)
        return out2

    def _live_inverses(self, points: Sequence[Affine], xc: Any) -> Tuple[List[int], List[Any]]:
        """The indices i with x(points[i]) != xc and the inverses of
        x(points[i]) - xc for them."""
        p = self.p
        if self.degree == 1:
            dens = [(x - xc) % p for x, _ in points]
            live = [i for i, d in enumerate(dens) if d]
        else:
            c0, c1 = xc
            dens = [((x0 - c0) % p, (x1 - c1) % p) for (x0, x1), _ in points]
            live = [i for i, d in enumerate(dens) if d != (0, 0)]
        return live, self.batch_inverse([dens[i] for i in live])

    # -- sums -----------------------------------------------------------------

    def keys_around(self, center: Affine, points: Sequence[Affine]) -> List[KeyPair]:
        """For each affine K of `points`, the keys of center - K and
        center + K (one denominator serves both; y is not computed); None
        where x(K) = x(center) (the caller checks those points itself)."""
        p = self.p
        live, invs = self._live_inverses(points, center[0])
        out: List[KeyPair] = [(None, None)] * len(points)
        mask = KEY_MASK
        if self.degree == 1:
            xc, yc = center
            for i, inv in zip(live, invs):
                x, y = points[i]
                lm = (-y - yc) * inv % p  # center + (x, -y)
                lp = (y - yc) * inv % p  # center + (x, y)
                s = x + xc
                out[i] = ((lm * lm - s) % p & mask, (lp * lp - s) % p & mask)
            return out
        (xc0, xc1), (yc0, yc1) = center
        for i, (v0, v1) in zip(live, invs):
            (x0, x1), (y0, y1) = points[i]
            s = x0 + xc0
            # lam = (±y - yc) / (x - xc); the key needs c0 of lam² only: (l0 + l1)(l0 - l1).
            a0, a1 = -y0 - yc0, -y1 - yc1
            t0, t1 = a0 * v0, a1 * v1
            l0, l1 = (t0 - t1) % p, ((a0 + a1) * (v0 + v1) - t0 - t1) % p
            km = ((l0 + l1) * (l0 - l1) - s) % p & mask
            a0, a1 = y0 - yc0, y1 - yc1
            t0, t1 = a0 * v0, a1 * v1
            l0, l1 = (t0 - t1) % p, ((a0 + a1) * (v0 + v1) - t0 - t1) % p
            out[i] = (km, ((l0 + l1) * (l0 - l1) - s) % p & mask)
        return out

    def add_to_all(self, points: Sequence[Affine], q: Affine) -> List[Optional[Affine]]:
        """``P + q`` for each affine point P of `points` (none of them the
        identity); None where P = ±q (the caller computes those itself)."""
        p = self.p
        live, invs = self._live_inverses(points, q[0])
        out: List[Optional[Affine]] = [None] * len(points)
        if self.degree == 1:
            xq, yq = q
            for i, inv in zip(live, invs):
                x, y = points[i]
                lam = (y - yq) * inv % p
                x3 = (lam * lam - x - xq) % p
                out[i] = (x3, (lam * (x - x3) - y) % p)
            return out
        (xq0, xq1), (yq0, yq1) = q
        for i, (v0, v1) in zip(live, invs):
            (x0, x1), (y0, y1) = points[i]
            a0, a1 = y0 - yq0, y1 - yq1
            t0, t1 = a0 * v0, a1 * v1
            l0, l1 = (t0 - t1) % p, ((a0 + a1) * (v0 + v1) - t0 - t1) % p
            x30 = ((l0 + l1) * (l0 - l1) - x0 - xq0) % p
            x31 = (2 * l0 * l1 - x1 - xq1) % p
            d0, d1 = x0 - x30, x1 - x31
            t0, t1 = l0 * d0, l1 * d1
            out[i] = ((x30, x31), ((t0 - t1 - y0) % p, ((l0 + l1) * (d0 + d1) - t0 - t1 - y1) % p))
        return out
