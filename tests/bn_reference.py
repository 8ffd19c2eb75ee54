"""A slow pure-Python BN pairing, straight from the definitions, to check the
C core on curves no outside library serves (BN381_1, BN462).

It shares nothing with build-scripts/gen_constants.py or csrc/: Fp12 is
Fp[W]/(W^12 - 2c W^6 + c^2 + 1), where W = w is the tower's w (w^6 = xi =
c + i, so (W^6 - c)^2 = -1); points of E(Fp12) are affine pairs of such
polynomials; the twist's points are mapped into E(Fp12) by the D-type
untwist (x', y') -> (x' w^2, y' w^3); the optimal ate pairing is Miller's
algorithm over 6u + 2 with affine lines, then the two Frobenius lines, then
f^((p^12 - 1)/r) by plain exponentiation. Only the curve's u, b and xi = c + i
are taken from outside.

Hashing follows RFC 9380 as its sections read: expand_message_xmd,
hash_to_field, and the Shallue-van de Woestijne map in 6.6.1's steps, to
E over Fp (SvdW) and to the twist over Fp2 (SvdW2, with square roots by
Adj and Rodriguez-Henriquez's algorithm for p = 3 mod 4 and squares told
by Euler's criterion in Fp2). G2's cofactor is cleared by [u]Q + psi([3u]Q)
+ psi^2([u]Q) + psi^3(Q), psi being untwist, the p-power Frobenius of
Fp12, and twist back: no precomputed constant.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Optional, Tuple


@dataclass(frozen=True)
class BNCurve:
    u: int
    b: int
    xi_c: int  # xi = xi_c + i

    @property
    def p(self) -> int:
        u = self.u
        return 36 * u**4 + 36 * u**3 + 24 * u**2 + 6 * u + 1

    @property
    def r(self) -> int:
        u = self.u
        return 36 * u**4 + 36 * u**3 + 18 * u**2 + 6 * u + 1


def power(one: Any, base: Any, e: int) -> Any:
    """base^e (e >= 0) by square and multiply, in any of the fields here."""
    out = one
    while e:
        if e & 1:
            out = out * base
        base = base * base
        e >>= 1
    return out


def affine_add(a: Any, b: Any) -> Any:
    """a + b on y^2 = x^3 + B over any of the fields here: affine pairs
    with .inv() and .is_zero(), None for the identity."""
    if a is None:
        return b
    if b is None:
        return a
    (x1, y1), (x2, y2) = a, b
    if x1 == x2:
        if y1 == y2 and not y1.is_zero():
            lam = x1 * x1 * 3 * (y1 * 2).inv()
        else:
            return None
    else:
        lam = (y2 - y1) * (x2 - x1).inv()
    x3 = lam * lam - x1 - x2
    return (x3, lam * (x1 - x3) - y1)


def affine_mul(a: Any, k: int) -> Any:
    """[k]a by double and add (k < 0 negates a first)."""
    if k < 0:
        a, k = (None if a is None else (a[0], -a[1])), -k
    acc = None
    while k:
        if k & 1:
            acc = affine_add(acc, a)
        a = affine_add(a, a)
        k >>= 1
    return acc


class F12:
    """Fp[W]/(W^12 - 2c W^6 + c^2 + 1): twelve coefficients, lowest first."""

    __slots__ = ("c", "k")

    def __init__(self, k: "BN", coeffs: List[int]) -> None:
        self.k = k
        p = k.p
        self.c = [v % p for v in coeffs] + [0] * (12 - len(coeffs))

    def __add__(self, o: "F12") -> "F12":
        return F12(self.k, [a + b for a, b in zip(self.c, o.c)])

    def __sub__(self, o: "F12") -> "F12":
        return F12(self.k, [a - b for a, b in zip(self.c, o.c)])

    def __neg__(self) -> "F12":
        return F12(self.k, [-a for a in self.c])

    def __mul__(self, o: "F12 | int") -> "F12":
        if isinstance(o, int):
            return F12(self.k, [a * o for a in self.c])
        t = [0] * 23
        for i, a in enumerate(self.c):
            if a:
                for j, b in enumerate(o.c):
                    t[i + j] += a * b
        # W^12 = 2c W^6 - (c^2 + 1)
        two_c, c2 = 2 * self.k.curve.xi_c, self.k.curve.xi_c**2 + 1
        for d in range(22, 11, -1):
            if t[d]:
                t[d - 6] += two_c * t[d]
                t[d - 12] -= c2 * t[d]
        return F12(self.k, t[:12])

    def __eq__(self, o: object) -> bool:
        return isinstance(o, F12) and self.c == o.c

    def __hash__(self) -> int:
        return hash(tuple(self.c))

    def __pow__(self, e: int) -> "F12":
        return power(self.k.one(), self, e)

    def inv(self) -> "F12":
        """By the extended Euclidean algorithm on polynomials over Fp."""
        p = self.k.p
        c = self.k.curve.xi_c
        modulus = [c * c + 1, 0, 0, 0, 0, 0, -2 * c, 0, 0, 0, 0, 0, 1]

        def trim(a: List[int]) -> List[int]:
            a = [v % p for v in a]
            while a and a[-1] == 0:
                a.pop()
            return a

        def divmod_poly(a: List[int], b: List[int]) -> Tuple[List[int], List[int]]:
            a, q = a[:], [0] * max(len(a) - len(b) + 1, 1)
            inv_lead = pow(b[-1], -1, p)
            while len(a) >= len(b) and a:
                f = a[-1] * inv_lead % p
                s = len(a) - len(b)
                q[s] = f
                for i, bv in enumerate(b):
                    a[s + i] -= f * bv
                a = trim(a)
            return q, a

        def sub_mul(x: List[int], q: List[int], y: List[int]) -> List[int]:
            out = x + [0] * max(0, len(q) + len(y) - len(x))
            for i, qv in enumerate(q):
                for j, yv in enumerate(y):
                    out[i + j] -= qv * yv
            return trim(out)

        r0, r1 = trim(modulus), trim(self.c)
        s0, s1 = [], [1]
        while len(r1) > 1:
            q, rem = divmod_poly(r0, r1)
            r0, r1 = r1, rem
            s0, s1 = s1, sub_mul(s0, q, s1)
        assert len(r1) == 1, "not invertible"
        k = pow(r1[0], -1, p)
        return F12(self.k, [v * k for v in s1][:12])

    def is_zero(self) -> bool:
        return not any(self.c)

    def frobenius(self) -> "F12":
        """self^p: the coefficients lie in Fp, so it is sum c_k (W^p)^k."""
        out = F12(self.k, [])
        for ck, wpk in zip(self.c, self.k.frobenius_basis()):
            if ck:
                out = out + wpk * ck
        return out


Point = Optional[Tuple[F12, F12]]


class BN:
    """The curve E: y^2 = x^3 + b over Fp12 and its optimal ate pairing."""

    def __init__(self, curve: BNCurve) -> None:
        self.curve = curve
        self.p, self.r = curve.p, curve.r
        self._frobenius_basis: Optional[List[F12]] = None

    def one(self) -> F12:
        return F12(self, [1])

    def frobenius_basis(self) -> List[F12]:
        """(W^p)^k for k = 0..11, computed once."""
        basis = self._frobenius_basis
        if basis is None:
            wp = self.w(1) ** self.p
            basis = [self.one()]
            for _ in range(11):
                basis.append(basis[-1] * wp)
            self._frobenius_basis = basis
        return basis

    def fp(self, v: int) -> F12:
        return F12(self, [v])

    def fp2(self, a: int, b: int) -> F12:
        """a + b i with i = W^6 - c."""
        return F12(self, [a - b * self.curve.xi_c, 0, 0, 0, 0, 0, b])

    def w(self, k: int) -> F12:
        assert 0 <= k < 12
        return F12(self, [0] * k + [1])

    # -- points --------------------------------------------------------------
    def on_curve(self, pt: Point) -> bool:
        if pt is None:
            return True
        x, y = pt
        return y * y == x * x * x + self.fp(self.curve.b)

    def add(self, a: Point, b: Point) -> Point:
        return affine_add(a, b)

    def neg(self, a: Point) -> Point:
        return None if a is None else (a[0], -a[1])

    def mul(self, a: Point, k: int) -> Point:
        return affine_mul(a, k)

    def g1(self, x: int, y: int) -> Point:
        return (self.fp(x), self.fp(y))

    def untwist(self, x: Tuple[int, int], y: Tuple[int, int]) -> Point:
        """A point of the D-type twist y^2 = x^3 + b / xi over Fp2, in E(Fp12)."""
        return (self.fp2(*x) * self.w(2), self.fp2(*y) * self.w(3))

    # -- the pairing ---------------------------------------------------------
    def _line(self, t: Tuple[F12, F12], q: Tuple[F12, F12], pt: Tuple[F12, F12]) -> F12:
        """The line through t and q (the tangent if t = q) at pt."""
        (x1, y1), (x2, y2), (xp, yp) = t, q, pt
        if x1 == x2 and y1 == y2:
            lam = x1 * x1 * 3 * (y1 * 2).inv()
        else:
            lam = (y2 - y1) * (x2 - x1).inv()
        return (yp - y1) - lam * (xp - x1)

    def frobenius(self, pt: Point) -> Point:
        assert pt is not None
        return (pt[0].frobenius(), pt[1].frobenius())

    def miller_loop(self, P: Point, Q: Point) -> F12:
        """f_{6u+2,Q}(P) l_{T,pi(Q)}(P) l_{T+pi(Q),-pi^2(Q)}(P), T = [6u+2]Q."""
        assert P is not None and Q is not None
        m = 6 * self.curve.u + 2
        f, t = self.one(), Q
        for bit in bin(abs(m))[3:]:
            f = f * f * self._line(t, t, P)
            t = self.add(t, t)
            if bit == "1":
                f = f * self._line(t, Q, P)
                t = self.add(t, Q)
        if m < 0:  # f_{-m} = 1 / (f_m v_{mQ}); the vertical line dies in the final exponentiation
            f, t = f.inv(), self.neg(t)
        q1 = self.frobenius(Q)
        q2 = self.neg(self.frobenius(q1))
        f = f * self._line(t, q1, P)
        t = self.add(t, q1)
        return f * self._line(t, q2, P)

    def final_exponentiation(self, f: F12) -> F12:
        return f ** ((self.p**12 - 1) // self.r)

    def pairing(self, P: Point, Q: Point) -> F12:
        return self.final_exponentiation(self.miller_loop(P, Q))

    # -- the core's GT encoding ------------------------------------------------
    def from_tower(self, coeffs: List[int]) -> F12:
        """The element sum c[6j + 2k + e] i^e v^k w^j (v = w^2, the core's
        struct order c0.b0.a0, c0.b0.a1, ..., c1.b2.a1) as an F12."""
        out = F12(self, [])
        for j in range(2):
            for k in range(3):
                a, b = coeffs[6 * j + 2 * k], coeffs[6 * j + 2 * k + 1]
                out = out + self.fp2(a, b) * self.w(2 * k + j)
        return out


# -- RFC 9380 hashing to G1 with the Shallue-van de Woestijne map -------------

def expand_message_xmd(hash_fn, block_size, msg, dst, n):
    """5.3.1 expand_message_xmd (with 5.3.3 for long DSTs); b_in_bytes = 32."""
    if len(dst) > 255:
        dst = hash_fn(b"H2C-OVERSIZE-DST-" + dst)
    ell = -(-n // 32)
    assert ell <= 255 and n <= 65535
    dst_prime = dst + bytes([len(dst)])
    msg_prime = bytes(block_size) + msg + n.to_bytes(2, "big") + b"\0" + dst_prime
    b0 = hash_fn(msg_prime)
    blocks = [hash_fn(b0 + b"\x01" + dst_prime)]
    for i in range(2, ell + 1):
        blocks.append(hash_fn(bytes(a ^ b for a, b in zip(b0, blocks[-1])) + bytes([i]) + dst_prime))
    return b"".join(blocks)[:n]


def fp_affine_add(a: Optional[Tuple[int, int]], c: Optional[Tuple[int, int]], p: int) -> Optional[Tuple[int, int]]:
    """a + c on y^2 = x^3 + B over the integers mod p (None: the identity)."""
    if a is None:
        return c
    if c is None:
        return a
    (x1, y1), (x2, y2) = a, c
    if x1 == x2:
        if (y1 + y2) % p == 0:
            return None
        lam = 3 * x1 * x1 * pow(2 * y1, -1, p) % p
    else:
        lam = (y2 - y1) * pow(x2 - x1, -1, p) % p
    x3 = (lam * lam - x1 - x2) % p
    return x3, (lam * (x1 - x3) - y1) % p


class SvdW:
    """hash_to_curve and encode_to_curve to y^2 = x^3 + b over Fp (cofactor
    1) with expand_message_xmd over SHA-256 and the SvdW map of 6.6.1 in
    the steps that section lists, Z given."""

    def __init__(self, p: int, b: int, z: int) -> None:
        self.p, self.b, self.z = p, b, z % p
        self.L = -(-(p.bit_length() + 128) // 8)  # ceil((ceil(log2 p) + k) / 8), k = 128

    def hash_to_field(self, msg: bytes, dst: bytes, count: int) -> List[int]:
        import hashlib

        uniform = expand_message_xmd(lambda d: hashlib.sha256(d).digest(), 64, msg, dst, count * self.L)
        return [int.from_bytes(uniform[self.L * i:self.L * (i + 1)], "big") % self.p for i in range(count)]

    def _g(self, x: int) -> int:
        return (x * x * x + self.b) % self.p

    def _sqrt(self, v: int) -> int:
        s = pow(v, (self.p + 1) // 4, self.p)  # p = 3 mod 4
        assert s * s % self.p == v % self.p
        return s

    def _is_square(self, v: int) -> bool:
        return v % self.p == 0 or pow(v, (self.p - 1) // 2, self.p) == 1

    def map_to_curve(self, u: int) -> Tuple[int, int]:
        p, z, g = self.p, self.z, self._g
        inv0 = lambda v: pow(v, p - 2, p)  # noqa: E731
        tv1 = u * u * g(z) % p
        tv2, tv1 = (1 + tv1) % p, (1 - tv1) % p
        tv3 = inv0(tv1 * tv2 % p)
        tv4 = self._sqrt(-g(z) * (3 * z * z) % p)  # A = 0
        if tv4 % 2 == 1:
            tv4 = -tv4 % p
        tv5 = u * tv1 * tv3 * tv4 % p
        tv6 = -4 * g(z) * inv0(3 * z * z) % p
        x1 = (-z * inv0(2) - tv5) % p
        x2 = (-z * inv0(2) + tv5) % p
        x3 = (z + tv6 * pow(tv2 * tv2 * tv3, 2, p)) % p
        x = x1 if self._is_square(g(x1)) else x2 if self._is_square(g(x2)) else x3
        y = self._sqrt(g(x))
        if u % 2 != y % 2:
            y = -y % p
        return x, y

    def hash_to_curve(self, msg: bytes, dst: bytes) -> Optional[Tuple[int, int]]:
        u0, u1 = self.hash_to_field(msg, dst, 2)
        return fp_affine_add(self.map_to_curve(u0), self.map_to_curve(u1), self.p)

    def encode_to_curve(self, msg: bytes, dst: bytes) -> Tuple[int, int]:
        return self.map_to_curve(self.hash_to_field(msg, dst, 1)[0])


# -- hashing to G2: the twist over Fp2 ------------------------------------------

class Fp2:
    """a + b i with i^2 = -1."""

    __slots__ = ("p", "a", "b")

    def __init__(self, p: int, a: int, b: int = 0) -> None:
        self.p, self.a, self.b = p, a % p, b % p

    def __add__(self, o: "Fp2") -> "Fp2":
        return Fp2(self.p, self.a + o.a, self.b + o.b)

    def __sub__(self, o: "Fp2") -> "Fp2":
        return Fp2(self.p, self.a - o.a, self.b - o.b)

    def __neg__(self) -> "Fp2":
        return Fp2(self.p, -self.a, -self.b)

    def __mul__(self, o: "Fp2 | int") -> "Fp2":
        if isinstance(o, int):
            return Fp2(self.p, self.a * o, self.b * o)
        return Fp2(self.p, self.a * o.a - self.b * o.b, self.a * o.b + self.b * o.a)

    def __pow__(self, e: int) -> "Fp2":
        return power(Fp2(self.p, 1), self, e)

    def __eq__(self, o: object) -> bool:
        return isinstance(o, Fp2) and (self.a, self.b) == (o.a, o.b)

    def __hash__(self) -> int:
        return hash((self.a, self.b))

    def is_zero(self) -> bool:
        return self.a == 0 and self.b == 0

    def inv0(self) -> "Fp2":
        """1 / self = conj(self) / norm(self), and 0 for 0 (RFC 9380's inv0)."""
        if self.is_zero():
            return self
        n = pow(self.a * self.a + self.b * self.b, -1, self.p)
        return Fp2(self.p, self.a * n, -self.b * n)

    inv = inv0

    def is_square(self) -> bool:
        """Euler's criterion in Fp2 (0 counts as a square)."""
        return self.is_zero() or self ** ((self.p * self.p - 1) // 2) == Fp2(self.p, 1)

    def sqrt(self) -> "Fp2":
        """A square root for p = 3 mod 4 (Adj and Rodriguez-Henriquez,
        "Square root computation over even extension fields", algorithm 9)."""
        p = self.p
        a1 = self ** ((p - 3) // 4)
        alpha = a1 * a1 * self
        x0 = a1 * self
        if alpha == Fp2(p, -1):
            x = Fp2(p, 0, 1) * x0
        else:
            x = (alpha + Fp2(p, 1)) ** ((p - 1) // 2) * x0
        assert x * x == self, "not a square"
        return x

    def sgn0(self) -> int:
        """RFC 9380 4.1, m = 2."""
        return (self.a % 2) | (int(self.a == 0) & (self.b % 2))


Point2 = Optional[Tuple[Fp2, Fp2]]


class SvdW2:
    """hash_to_curve and encode_to_curve to G2 of a BN curve: hash_to_field
    to Fp2 (m = 2) with expand_message_xmd over SHA-256, the SvdW map of
    6.6.1 in its steps to the D-type twist y^2 = x^3 + b / xi, Z given, and
    the cofactor cleared as the module docstring says."""

    def __init__(self, bn: BN, z: Tuple[int, int]) -> None:
        self.bn = bn
        p = self.p = bn.p
        self.b2 = Fp2(p, bn.curve.b) * Fp2(p, bn.curve.xi_c, 1).inv0()
        self.z = Fp2(p, *z)
        self.L = -(-(p.bit_length() + 128) // 8)
        self._untwist_inv: Optional[Tuple[F12, F12]] = None

    def hash_to_field(self, msg: bytes, dst: bytes, count: int) -> List[Tuple[int, int]]:
        import hashlib

        m, L, p = 2, self.L, self.p
        uniform = expand_message_xmd(lambda d: hashlib.sha256(d).digest(), 64, msg, dst, count * m * L)
        out = []
        for i in range(count):
            e = [int.from_bytes(uniform[L * (j + i * m):L * (j + i * m) + L], "big") % p for j in range(m)]
            out.append((e[0], e[1]))
        return out

    def g(self, x: Fp2) -> Fp2:
        return x * x * x + self.b2

    def on_curve(self, pt: Point2) -> bool:
        return pt is None or pt[1] * pt[1] == self.g(pt[0])

    def map_to_curve(self, u_pair: Tuple[int, int]) -> Tuple[Fp2, Fp2]:
        x, y, _ = self.map_to_curve_steps(u_pair)
        return x, y

    def map_to_curve_steps(self, u_pair: Tuple[int, int]) -> Tuple[Fp2, Fp2, int]:
        """6.6.1's steps: x, y and which of x1, x2, x3 was taken."""
        p, z, g = self.p, self.z, self.g
        u = Fp2(p, *u_pair)
        one = Fp2(p, 1)
        tv1 = u * u * g(z)
        tv2 = one + tv1
        tv1 = one - tv1
        tv3 = (tv1 * tv2).inv0()
        tv4 = (-g(z) * (z * z * 3)).sqrt()  # A = 0
        if tv4.sgn0() == 1:
            tv4 = -tv4
        tv5 = u * tv1 * tv3 * tv4
        tv6 = -g(z) * 4 * (z * z * 3).inv0()
        half_z = z * Fp2(p, 2).inv0()
        x1 = -half_z - tv5
        x2 = -half_z + tv5
        t = tv2 * tv2 * tv3
        x3 = z + tv6 * t * t
        if g(x1).is_square():
            x, y, taken = x1, g(x1).sqrt(), 1
        elif g(x2).is_square():
            x, y, taken = x2, g(x2).sqrt(), 2
        else:
            x, y, taken = x3, g(x3).sqrt(), 3
        if u.sgn0() != y.sgn0():
            y = -y
        return x, y, taken

    # -- the twist's group law ------------------------------------------------
    def add(self, a: Point2, c: Point2) -> Point2:
        return affine_add(a, c)

    def mul(self, a: Point2, k: int) -> Point2:
        return affine_mul(a, k)

    # -- psi: untwist, Frobenius, twist back ----------------------------------
    def _to_fp2(self, v: F12) -> Fp2:
        """An element of F12 that lies in Fp2 = Fp(i), i = W^6 - c."""
        assert not any(v.c[k] for k in range(12) if k not in (0, 6)), "not in Fp2"
        b = v.c[6]
        return Fp2(self.p, v.c[0] + b * self.bn.curve.xi_c, b)

    def psi(self, pt: Point2) -> Point2:
        if pt is None:
            return None
        if self._untwist_inv is None:
            self._untwist_inv = (self.bn.w(2).inv(), self.bn.w(3).inv())
        wx, wy = self._untwist_inv
        q = self.bn.untwist((pt[0].a, pt[0].b), (pt[1].a, pt[1].b))
        assert q is not None
        fx, fy = q[0].frobenius(), q[1].frobenius()
        return self._to_fp2(fx * wx), self._to_fp2(fy * wy)

    def clear_cofactor(self, pt: Point2) -> Point2:
        """[u]Q + psi([3u]Q) + psi^2([u]Q) + psi^3(Q)."""
        u = self.bn.curve.u
        uq = self.mul(pt, u)
        out = self.add(uq, self.psi(self.mul(pt, 3 * u)))
        out = self.add(out, self.psi(self.psi(uq)))
        return self.add(out, self.psi(self.psi(self.psi(pt))))

    def hash_to_curve(self, msg: bytes, dst: bytes) -> Point2:
        u0, u1 = self.hash_to_field(msg, dst, 2)
        return self.clear_cofactor(self.add(self.map_to_curve(u0), self.map_to_curve(u1)))

    def encode_to_curve(self, msg: bytes, dst: bytes) -> Point2:
        return self.clear_cofactor(self.map_to_curve(self.hash_to_field(msg, dst, 1)[0]))
