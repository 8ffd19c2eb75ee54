#!/usr/bin/env python3
"""Derive every constant of the C core from the curves' descriptions.

Each curve is described once, in build-scripts/curves/<name>.py: its family,
parameter u, coefficient b, the tower's non-residue, the twist and its
hash-to-curve data. This script derives the rest and writes
csrc/curves/<name>/params.h (sizes and family, read by field/field.h) and
csrc/curves/<name>/consts.h (moduli, Montgomery constants, generators,
Frobenius coefficients, endomorphism constants, hash-to-curve constants),
plus csrc/curves/params.h and consts.h, which pick the curve a translation
unit is compiled for (PYBLS_CURVE_<NAME>; BLS12-381 by default). Nothing in
those files is typed in by hand, and each derived constant is checked here
before it is written.

    python build-scripts/gen_constants.py          # rewrite csrc/curves/
    python build-scripts/gen_constants.py --check  # exit 1 if anything is stale
"""

from __future__ import annotations

import argparse
import math
from fractions import Fraction
import random
import runpy
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gen_bls48 import bls48_params, emit_bls48  # noqa: E402
from pow_chain import c_lines as pow_chain_lines  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CURVES_DIR = ROOT / "build-scripts" / "curves"
CSRC_CURVES = ROOT / "csrc" / "curves"
OUT = CSRC_CURVES / "bls12_381" / "consts.h"

# --- the defining parameters: the curve's description ------------------------
CURVE = SimpleNamespace(**runpy.run_path(str(CURVES_DIR / "bls12_381.py")))
assert CURVE.FAMILY == "BLS12" and CURVE.TWIST == "M"
X = CURVE.U
R_ORDER = X**4 - X**2 + 1
P = (X - 1) ** 2 * R_ORDER // 3 + X
assert (X - 1) ** 2 * R_ORDER % 3 == 0
assert P.bit_length() == 381 and R_ORDER.bit_length() == 255
CURVE_P = {CURVE.NAME: P}
CURVE_R = {CURVE.NAME: R_ORDER}
assert P % 4 == 3 and pow(2, P - 1, P) == 1 and pow(3, R_ORDER - 1, R_ORDER) == 1

# Curve E: y^2 = x^3 + 4 over Fp; twist E': y^2 = x^3 + 4(1 + u) over Fp2.
B = CURVE.B
# Effective cofactor for G1 used by RFC 9380 (1 - x).
H_EFF_G1 = 1 - X
# Cofactor of E(Fp).
H1 = (X - 1) ** 2 // 3


# --- tiny reference arithmetic (for derivation and self-checks only) --------
class Fq2:
    """c0 + c1 u with u^2 = -1 over Fp for any p = 3 mod 4."""

    __slots__ = ("p", "a", "b")

    def __init__(self, p: int, a: int, b: int = 0) -> None:
        self.p, self.a, self.b = p, a % p, b % p

    def _mk(self, a: int, b: int = 0) -> "Fq2":
        return Fq2(self.p, a, b)

    def __add__(self, o: "Fq2") -> "Fq2":
        return self._mk(self.a + o.a, self.b + o.b)

    def __sub__(self, o: "Fq2") -> "Fq2":
        return self._mk(self.a - o.a, self.b - o.b)

    def __neg__(self) -> "Fq2":
        return self._mk(-self.a, -self.b)

    def __mul__(self, o: "Fq2 | int") -> "Fq2":
        if isinstance(o, int):
            return self._mk(self.a * o, self.b * o)
        return self._mk(self.a * o.a - self.b * o.b, self.a * o.b + self.b * o.a)

    def __eq__(self, o: object) -> bool:
        return isinstance(o, Fq2) and (self.a, self.b) == (o.a, o.b)

    def __hash__(self) -> int:
        return hash((self.a, self.b))

    def conj(self) -> "Fq2":
        return self._mk(self.a, -self.b)

    def inv(self) -> "Fq2":
        d = pow(self.a * self.a + self.b * self.b, -1, self.p)
        return self._mk(self.a * d, -self.b * d)

    def __pow__(self, e: int) -> "Fq2":
        out, base = self._mk(1), self
        while e:
            if e & 1:
                out = out * base
            base = base * base
            e >>= 1
        return out

    def is_zero(self) -> bool:
        return self.a == 0 and self.b == 0


class Fq1(Fq2):
    """An element of Fp with the interface of Fq2 (c1 = 0)."""

    def __init__(self, p: int, a: int) -> None:
        super().__init__(p, a, 0)

    def _mk(self, a: int, b: int = 0) -> "Fq2":
        assert b % self.p == 0
        return Fq1(self.p, a)

    def inv(self) -> "Fq2":
        return Fq1(self.p, pow(self.a, -1, self.p))


class Fp2(Fq2):
    """a0 + a1*u with u^2 = -1 over BLS12-381's Fp."""

    __slots__ = ()

    def __init__(self, a: int, b: int = 0) -> None:
        super().__init__(P, a, b)

    def _mk(self, a: int, b: int = 0) -> "Fp2":
        return Fp2(a, b)


XI = Fp2(*CURVE.XI)  # the non-residue defining Fp6 = Fp2[v]/(v^3 - xi)
B2 = XI * B


def affine_add(p1, p2, zero, inv):
    """Affine addition on a short Weierstrass curve with a = 0 (None = O)."""
    if p1 is None:
        return p2
    if p2 is None:
        return p1
    (x1, y1), (x2, y2) = p1, p2
    if x1 == x2:
        if y1 == y2 and not (y1 == zero):
            lam = x1 * x1 * 3 * inv(y1 * 2)
        else:
            return None
    else:
        lam = (y2 - y1) * inv(x2 - x1)
    x3 = lam * lam - x1 - x2
    return (x3, lam * (x1 - x3) - y1)


def affine_mul(pt, k, zero, inv):
    neg = k < 0
    k = abs(k)
    acc = None
    while k:
        if k & 1:
            acc = affine_add(acc, pt, zero, inv)
        pt = affine_add(pt, pt, zero, inv)
        k >>= 1
    if neg and acc is not None:
        acc = (acc[0], -acc[1])
    return acc


class Fp1:
    """Prime-field wrapper giving ints the same interface as Fp2."""

    __slots__ = ("v",)

    def __init__(self, v: int) -> None:
        self.v = v % P

    def __add__(self, o):
        return Fp1(self.v + o.v)

    def __sub__(self, o):
        return Fp1(self.v - o.v)

    def __neg__(self):
        return Fp1(-self.v)

    def __mul__(self, o):
        return Fp1(self.v * (o if isinstance(o, int) else o.v))

    def __eq__(self, o):
        return isinstance(o, Fp1) and self.v == o.v

    def __hash__(self):
        return hash(self.v)

    def inv(self):
        return Fp1(pow(self.v, -1, P))


def g1_mul(pt, k):
    return affine_mul(pt, k, Fp1(0), lambda a: a.inv())


def g2_mul(pt, k):
    return affine_mul(pt, k, Fp2(0), lambda a: a.inv())


def fp_sqrt(a: int) -> int | None:
    s = pow(a, (P + 1) // 4, P)
    return s if s * s % P == a % P else None


def fp2_sqrt(a: Fp2) -> Fp2 | None:
    # Candidate roots: a^((p^2 + 7) / 16) times a 16th... use the p = 3 mod 4
    # method: a1 = a^((p-3)/4), alpha = a1^2 a, x0 = a1 a.
    a1 = a ** ((P - 3) // 4)
    alpha = a1 * a1 * a
    x0 = a1 * a
    if alpha == Fp2(-1):
        x = Fp2(0, 1) * x0
    else:
        x = (Fp2(1) + alpha) ** ((P - 1) // 2) * x0
    return x if x * x == a else None


# --- generators ---------------------------------------------------------------
# The standard generators: take the lexicographically smallest x for which
# x^3 + b is a square (Fp2 ordered by (c1, c0)), the smaller of its two y,
# and multiply by the cofactor, skipping points that the cofactor kills.
H2 = (X**8 - 4 * X**7 + 5 * X**6 - 4 * X**4 + 6 * X**3 - 4 * X**2 - 4 * X + 13) // 9


def _derive_g1() -> tuple[int, int]:
    x = 0
    while True:
        y = fp_sqrt((x**3 + B) % P)
        if y is not None:
            pt = g1_mul((Fp1(x), Fp1(min(y, P - y))), H1)
            if pt is not None:
                return pt[0].v, pt[1].v
        x += 1


def _derive_g2() -> tuple[Fp2, Fp2]:
    # The smallest (c1, c0) has c1 = 0 as soon as some c0 works.
    c0 = 0
    while True:
        x = Fp2(c0, 0)
        y = fp2_sqrt(x * x * x + B2)
        if y is not None:
            pt = g2_mul((x, min(y, -y, key=lambda t: (t.b, t.a))), H2)
            if pt is not None:
                return pt
        c0 += 1


G1_X, G1_Y = _derive_g1()
G2_X, G2_Y = _derive_g2()
assert (G1_Y * G1_Y - G1_X**3 - B) % P == 0
assert G2_Y * G2_Y == G2_X * G2_X * G2_X + B2
G1_GEN = (Fp1(G1_X), Fp1(G1_Y))
G2_GEN = (G2_X, G2_Y)
assert g1_mul(G1_GEN, R_ORDER) is None
assert g2_mul(G2_GEN, R_ORDER) is None

# --- GLV endomorphism on G1: phi(x, y) = (beta x, y) acts as [-x^2] ---------
LAMBDA_G1 = (-(X**2)) % R_ORDER
assert (LAMBDA_G1 * LAMBDA_G1 + LAMBDA_G1 + 1) % R_ORDER == 0
_cube_roots = []
for g in range(2, 100):
    c = pow(g, (P - 1) // 3, P)
    if c != 1:
        _cube_roots = [c, c * c % P]
        break
BETA = next(
    b for b in _cube_roots
    if g1_mul(G1_GEN, LAMBDA_G1) == (Fp1(G1_X * b), Fp1(G1_Y))
)

# --- psi on G2: untwist-Frobenius-twist, acts as [p] = [x] on G2 ------------
PSI_X = (XI ** ((P - 1) // 3)).inv()
PSI_Y = (XI ** ((P - 1) // 2)).inv()


def psi(pt):
    return (pt[0].conj() * PSI_X, pt[1].conj() * PSI_Y)


assert psi(G2_GEN) == g2_mul(G2_GEN, X)
PSI2_X = PSI_X * PSI_X.conj()
PSI2_Y = PSI_Y * PSI_Y.conj()
assert PSI2_X.b == 0 and PSI2_Y == Fp2(-1)
assert psi(psi(G2_GEN)) == (G2_GEN[0] * PSI2_X, -G2_GEN[1])

# --- scalar splitting for the endomorphism-accelerated multiplications -------
# On G2, -psi acts as [|x|]: a scalar k < r is written in base |x|, four
# 64-bit digits since r < |x|^4, for the GLS multiplication.
X_ABS = -X
assert X_ABS < 2**64 and R_ORDER < X_ABS**4

# --- Frobenius coefficients of the tower ------------------------------------
# Fp6 = Fp2[v]/(v^3 - xi), Fp12 = Fp6[w]/(w^2 - v).
FROB6_V = [XI ** ((P**k - 1) // 3) for k in range(1, 4)]
FROB6_V2 = [XI ** (2 * (P**k - 1) // 3) for k in range(1, 4)]
FROB12_W = [XI ** ((P**k - 1) // 6) for k in range(1, 4)]


# --- hashing to the curve: the description's RFC 9380 data, checked below ----
SSWU_G1_A = CURVE.SSWU_G1_A
SSWU_G1_B = CURVE.SSWU_G1_B
SSWU_G1_Z = CURVE.SSWU_G1_Z
SSWU_G2_A = Fp2(*CURVE.SSWU_G2_A)
SSWU_G2_B = Fp2(*CURVE.SSWU_G2_B)
SSWU_G2_Z = Fp2(*CURVE.SSWU_G2_Z)
ISO_G1_X_NUM, ISO_G1_X_DEN = CURVE.ISO_G1_X_NUM, CURVE.ISO_G1_X_DEN
ISO_G1_Y_NUM, ISO_G1_Y_DEN = CURVE.ISO_G1_Y_NUM, CURVE.ISO_G1_Y_DEN
ISO_G2_X_NUM, ISO_G2_X_DEN = CURVE.ISO_G2_X_NUM, CURVE.ISO_G2_X_DEN
ISO_G2_Y_NUM, ISO_G2_Y_DEN = CURVE.ISO_G2_Y_NUM, CURVE.ISO_G2_Y_DEN


def _fp2_of(c: "tuple[str, str]") -> Fp2:
    return Fp2(int(c[0], 16), int(c[1], 16))


ISO_G1 = [[Fp1(int(k, 16)) for k in ks] for ks in (ISO_G1_X_NUM, ISO_G1_X_DEN, ISO_G1_Y_NUM, ISO_G1_Y_DEN)]
ISO_G2 = [[_fp2_of(k) for k in ks] for ks in (ISO_G2_X_NUM, ISO_G2_X_DEN, ISO_G2_Y_NUM, ISO_G2_Y_DEN)]
for _iso, _one in ((ISO_G1, Fp1(1)), (ISO_G2, Fp2(1))):
    _iso[1].append(_one)  # the implied leading coefficients of x_den and y_den
    _iso[3].append(_one)
    # The C evaluation (map_to_curve.c) relies on these degree relations:
    # deg x_num = deg x_den + 1 and deg y_num = deg y_den.
    assert len(_iso[0]) == len(_iso[1]) + 1 and len(_iso[2]) == len(_iso[3])
assert [len(k) - 1 for k in ISO_G1] == [11, 10, 15, 15]
assert [len(k) - 1 for k in ISO_G2] == [3, 2, 3, 3]
# Every coefficient is a canonical field element.
assert all(0 <= c.v < P for ks in ISO_G1 for c in ks)
assert all(0 <= int(h, 16) < P for ks in (ISO_G2_X_NUM, ISO_G2_X_DEN, ISO_G2_Y_NUM, ISO_G2_Y_DEN)
           for c in ks for h in c)


def _poly(ks, x):
    acc = ks[-1]
    for k in reversed(ks[:-1]):
        acc = acc * x + k
    return acc


def _iso_map(iso, pt, zero):
    if pt is None:
        return None
    x, y = pt
    xd, yd = _poly(iso[1], x), _poly(iso[3], x)
    if xd == zero or yd == zero:
        return None
    return (_poly(iso[0], x) * xd.inv(), y * _poly(iso[2], x) * yd.inv())


def _affine_add_a(p1, p2, a, zero):
    """Affine addition on y^2 = x^3 + a x + b (None = O)."""
    if p1 is None:
        return p2
    if p2 is None:
        return p1
    (x1, y1), (x2, y2) = p1, p2
    if x1 == x2:
        if not (y1 == y2) or y1 == zero:
            return None
        lam = (x1 * x1 * 3 + a) * (y1 * 2).inv()
    else:
        lam = (y2 - y1) * (x2 - x1).inv()
    x3 = lam * lam - x1 - x2
    return (x3, lam * (x1 - x3) - y1)


def _points(a, b, sqrt, make, count):
    """`count` points of y^2 = x^3 + a x + b with small x = make(1), make(2), ..."""
    out, i = [], 0
    while len(out) < count:
        i += 1
        x = make(i)
        y = sqrt(x * x * x + a * x + b)
        if y is not None:
            out.append((x, y))
    return out


def _fp1_sqrt(a: Fp1):
    s = fp_sqrt(a.v)
    return None if s is None else Fp1(s)


def _fp_is_square(v: int) -> bool:
    return v % P == 0 or pow(v, (P - 1) // 2, P) == 1


def _fp2_is_square(v: Fp2) -> bool:
    return _fp_is_square(v.a * v.a + v.b * v.b)  # through the norm to Fp


def _polymulmod(f, g, m):
    """f g mod m for polynomials as coefficient lists (lowest first), m monic."""
    r = [m[0] * 0 for _ in range(len(f) + len(g) - 1)]
    for i, fi in enumerate(f):
        for j, gj in enumerate(g):
            r[i + j] = r[i + j] + fi * gj
    for i in range(len(r) - 1, len(m) - 2, -1):
        c = r[i]
        for j in range(len(m)):
            r[i - len(m) + 1 + j] = r[i - len(m) + 1 + j] - c * m[j]
    return r[: len(m) - 1]


def _has_root(f, q, one, zero):
    """Whether the monic cubic f has a root in GF(q): gcd(x^q - x, f) != 1."""
    acc, base, e = [one, zero, zero], [zero, one, zero], q
    while e:
        if e & 1:
            acc = _polymulmod(acc, base, f)
        base = _polymulmod(base, base, f)
        e >>= 1
    g = [acc[0], acc[1] - one, acc[2]]  # x^q - x mod f
    a, b = f, g
    while any(not (c == zero) for c in b):
        while b and b[-1] == zero:
            b = b[:-1]
        while len(a) >= len(b):  # a = a mod b
            c = a[-1] * b[-1].inv()
            shift = len(a) - len(b)
            a = [a[i] - (c * b[i - shift] if i >= shift else zero) for i in range(len(a))][:-1]
            while a and a[-1] == zero:
                a = a[:-1]
            if not a:
                break
        a, b = b, (a if a else [zero])
    return len(a) > 1  # a nonconstant gcd


def _check_sswu(a, b, z, is_square, q, one, zero):
    """RFC 9380 6.6.2: Z is a non-square, Z != -1, g(x) - Z is irreducible
    (a cubic without roots) and g(B / (Z A)) is square; A B != 0."""
    assert not is_square(z) and not (z == -one)
    assert not _has_root([b - z, a, zero, one], q, one, zero)
    x = b * (z * a).inv()
    assert is_square(x * x * x + a * x + b)
    assert not (a == zero) and not (b == zero)


def _check_isogeny(iso, a, b, sqrt, make, on_target, add_target, add_zero):
    pts = _points(a, b, sqrt, make, 6)
    images = [_iso_map(iso, pt, add_zero) for pt in pts]
    for im in images:
        assert im is not None and on_target(im), "isogeny image not on the curve"
    # Additivity: iso(P + Q) = iso(P) + iso(Q), including doubling.
    for i in range(len(pts)):
        for j in range(i, len(pts)):
            s = _affine_add_a(pts[i], pts[j], a, add_zero)
            assert _iso_map(iso, s, add_zero) == add_target(images[i], images[j]), "isogeny is not additive"
        # P + (-P) = O on both sides.
        neg = (pts[i][0], -pts[i][1])
        assert _affine_add_a(pts[i], neg, a, add_zero) is None
        assert add_target(images[i], _iso_map(iso, neg, add_zero)) is None


_G1A, _G1B, _G1Z = Fp1(SSWU_G1_A), Fp1(SSWU_G1_B), Fp1(SSWU_G1_Z)
_check_sswu(_G1A, _G1B, _G1Z, lambda v: _fp_is_square(v.v), P, Fp1(1), Fp1(0))
_check_sswu(SSWU_G2_A, SSWU_G2_B, SSWU_G2_Z, _fp2_is_square, P * P, Fp2(1), Fp2(0))
_check_isogeny(
    ISO_G1, _G1A, _G1B, _fp1_sqrt, Fp1,
    lambda q: q[1] * q[1] == q[0] * q[0] * q[0] + Fp1(B),
    lambda p1, p2: affine_add(p1, p2, Fp1(0), lambda v: v.inv()),
    Fp1(0),
)
_check_isogeny(
    ISO_G2, SSWU_G2_A, SSWU_G2_B, fp2_sqrt, lambda i: Fp2(i, 1),
    lambda q: q[1] * q[1] == q[0] * q[0] * q[0] + B2,
    lambda p1, p2: affine_add(p1, p2, Fp2(0), lambda v: v.inv()),
    Fp2(0),
)

# sqrt_ratio constants. Over Fp (p = 3 mod 4, RFC 9380 F.2.1.2): sqrt(-Z).
# Over Fp2 the C code works through norms to Fp: if N(u/v) is not a square
# in Fp, the Fp square root of -N(u/v) times sqrt(-N(Z)) is one of N(Z u/v).
SQRT_MINUS_Z_G1 = fp_sqrt(-SSWU_G1_Z % P)
assert SQRT_MINUS_Z_G1 is not None
SQRT_MINUS_Z_G1 = min(SQRT_MINUS_Z_G1, P - SQRT_MINUS_Z_G1)
_NORM_Z2 = (SSWU_G2_Z.a * SSWU_G2_Z.a + SSWU_G2_Z.b * SSWU_G2_Z.b) % P
assert not _fp_is_square(_NORM_Z2)
SQRT_MINUS_NORM_Z_G2 = fp_sqrt(-_NORM_Z2 % P)
assert SQRT_MINUS_NORM_Z_G2 is not None
SQRT_MINUS_NORM_Z_G2 = min(SQRT_MINUS_NORM_Z_G2, P - SQRT_MINUS_NORM_Z_G2)
# (p - 3) / 4 is even, so (-t)^((p-3)/4) = t^((p-3)/4): the Fp2 sqrt_ratio uses it.
assert ((P - 3) // 4) % 2 == 0
INV2 = pow(2, P - 2, P)


def emit_hash_to_curve() -> "list[str]":
    """The hash-to-curve part of consts.h."""

    def fp_array(name: str, ks) -> str:
        return f"static const fp_t {name}[{len(ks)}] = {{" + ", ".join(c_fp(k.v) for k in ks) + "};"

    def fp2_array(name: str, ks) -> str:
        return f"static const fp2_t {name}[{len(ks)}] = {{" + ", ".join(c_fp2(k) for k in ks) + "};"

    names = ("X_NUM", "X_DEN", "Y_NUM", "Y_DEN")
    out = [
        "/* Hashing to the curve (RFC 9380 8.8, Montgomery form): the SSWU curves",
        " * y^2 = x^3 + A x + B isogenous to E (G1, over Fp) and to E' (G2, over",
        " * Fp2), their Z, and the sqrt_ratio constants sqrt(-Z) (Fp) and",
        " * sqrt(-N(Z)) (the Fp2 map works through the norm N to Fp). */",
        f"static const fp_t SSWU_G1_A = {c_fp(SSWU_G1_A)};",
        f"static const fp_t SSWU_G1_B = {c_fp(SSWU_G1_B)};",
        f"static const fp_t SSWU_G1_Z = {c_fp(SSWU_G1_Z)};",
        f"static const fp_t SSWU_G1_SQRT_MINUS_Z = {c_fp(SQRT_MINUS_Z_G1)};",
        f"static const fp2_t SSWU_G2_A = {c_fp2(SSWU_G2_A)};",
        f"static const fp2_t SSWU_G2_B = {c_fp2(SSWU_G2_B)};",
        f"static const fp2_t SSWU_G2_Z = {c_fp2(SSWU_G2_Z)};",
        f"static const fp_t SSWU_G2_SQRT_MINUS_NORM_Z = {c_fp(SQRT_MINUS_NORM_Z_G2)};",
        f"static const fp_t FP_INV2 = {c_fp(INV2)};",
        "/* 2^(8 CURVE_FP_BYTES) = 2^384 mod p: hash_to_field reduces its L-byte",
        " * strings as hi 2^384 + lo. */",
        f"static const fp_t H2F_SHIFT = {c_fp((1 << 384) % P)};",
        "",
        "/* Isogeny maps E1' -> E (degree 11) and E2' -> E' (degree 3), RFC 9380",
        " * appendices E.2 and E.3: coefficients k_(i,0), k_(i,1), ..., lowest degree",
        " * first; the denominators are monic and their leading 1 is included. */",
    ]
    out += [fp_array(f"ISO_G1_{n}", ks) for n, ks in zip(names, ISO_G1)]
    out += [fp2_array(f"ISO_G2_{n}", ks) for n, ks in zip(names, ISO_G2)]
    return out


def frobenius_lines(c2: Any, v: "list[Any]", v2: "list[Any]", w12: "list[Any]") -> "list[str]":
    """The tower's Frobenius coefficients in C (every curve's tower has the
    shape Fp12 = Fp6[w]/(w^2 - v), Fp6 = Fp2[v]/(v^3 - xi)); `c2` writes an
    Fp2 constant."""
    return [
        "/* Frobenius: v^(p^k) = FROB6_V[k-1] v, (v^2)^(p^k) = FROB6_V2[k-1] v^2,",
        " * w^(p^k) = FROB12_W[k-1] w, for k = 1, 2, 3. */",
        "static const fp2_t FROB6_V[3] = {" + ", ".join(c2(c) for c in v) + "};",
        "static const fp2_t FROB6_V2[3] = {" + ", ".join(c2(c) for c in v2) + "};",
        "static const fp2_t FROB12_W[3] = {" + ", ".join(c2(c) for c in w12) + "};",
    ]


# --- the BN family --------------------------------------------------------------
class PrimeField:
    """Arithmetic modulo a prime p, for the derivations of one curve."""

    def __init__(self, p: int) -> None:
        self.p = p

    def sqrt(self, a: int) -> "int | None":
        assert self.p % 4 == 3
        s = pow(a, (self.p + 1) // 4, self.p)
        return s if s * s % self.p == a % self.p else None


def bn_params(u: int) -> "tuple[int, int]":
    p = 36 * u**4 + 36 * u**3 + 24 * u**2 + 6 * u + 1
    r = 36 * u**4 + 36 * u**3 + 18 * u**2 + 6 * u + 1
    return p, r


def naf(k: int) -> "list[int]":
    """The non-adjacent form of k > 0, least significant digit first."""
    out = []
    while k:
        if k & 1:
            d = 2 - (k % 4)
            k -= d
        else:
            d = 0
        out.append(d)
        k //= 2
    return out


def wnaf(k: int, w: int) -> "list[int]":
    """The width-w non-adjacent form of k > 0 (odd digits below 2^(w-1) in
    absolute value), least significant digit first."""
    out = []
    while k:
        d = 0
        if k & 1:
            d = k % (1 << w)
            if d >= 1 << (w - 1):
                d -= 1 << w
            k -= d
        out.append(d)
        k //= 2
    return out


def exp_window(k: int) -> "tuple[int, list[int]]":
    """The window (2..5) and digits for a fixed exponentiation by k with the
    fewest multiplications: one per nonzero digit but the first, plus the
    table of odd powers (2^(w-2) - 1 products after one squaring)."""
    def cost(w: int) -> int:
        digits = wnaf(k, w)
        return sum(1 for d in digits if d) - 1 + ((1 << (w - 2)) - 1 if w > 2 else 0) + (w > 2)

    w = min(range(2, 6), key=cost)
    digits = wnaf(k, w)
    assert sum(d << i for i, d in enumerate(digits)) == k and digits[-1] > 0
    return w, digits


def _is_square_mod(v: int, p: int) -> bool:
    """Whether v is a square in Fp (0 included), by Euler's criterion."""
    return v % p == 0 or pow(v, (p - 1) // 2, p) == 1


def _svdw_z_ok(p: int, a: int, b: int, z: int) -> bool:
    """RFC 9380 6.6.1's conditions on Z for y^2 = g(x) = x^3 + a x + b:
    g(Z) != 0; -(3 Z^2 + 4 A) / (4 g(Z)) is nonzero and a square; g(Z) or
    g(-Z / 2) is a square."""

    def g(x: int) -> int:
        return (x * x * x + a * x + b) % p

    def is_square(v: int) -> bool:
        return _is_square_mod(v, p)

    if g(z) == 0:
        return False
    h = -(3 * z * z + 4 * a) * pow(4 * g(z), -1, p) % p
    return h != 0 and is_square(h) and (is_square(g(z)) or is_square(g(-z * pow(2, -1, p))))


def svdw_constants(p: int, b: int, z: int) -> "tuple[int, int, int, int, int]":
    """Z and c1..c4 of the straight-line Shallue-van de Woestijne map (RFC
    9380 F.1) to y^2 = x^3 + b over Fp (A = 0), after checking Z; the map is
    then tried on a few inputs, exceptional ones included, whose images must
    lie on the curve."""
    a = 0
    z %= p
    assert _svdw_z_ok(p, a, b, z), "Z fails RFC 9380 6.6.1's conditions"
    # Z is also the one RFC 9380's find_z_svdw (appendix H.1) picks: the
    # first of 1, -1, 2, -2, ... meeting the conditions.
    first = next(c % p for n in range(1, 1000) for c in (n, -n) if _svdw_z_ok(p, a, b, c))
    assert z == first, "Z is not the first candidate of find_z_svdw"
    F = PrimeField(p)
    gz = (z * z * z + a * z + b) % p
    den = (3 * z * z + 4 * a) % p
    c1 = gz
    c2 = -z * pow(2, -1, p) % p
    c3 = F.sqrt(-gz * den % p)
    assert c3 is not None
    c3 = min(c3, p - c3, key=lambda v: v & 1)  # sgn0(c3) = 0: the even root
    c4 = -4 * gz * pow(den, -1, p) % p

    def g(x: int) -> int:
        return (x * x * x + a * x + b) % p

    def map_to_curve(u: int) -> "tuple[int, int]":
        tv1 = u * u * c1 % p
        tv2, tv1 = (1 + tv1) % p, (1 - tv1) % p
        tv3 = pow(tv1 * tv2, p - 2, p)  # inv0
        tv4 = u * tv1 * tv3 * c3 % p
        x1, x2 = (c2 - tv4) % p, (c2 + tv4) % p
        x3 = (pow(tv2 * tv2 * tv3 % p, 2, p) * c4 + z) % p
        x = x1 if _is_square_mod(g(x1), p) else x2 if _is_square_mod(g(x2), p) else x3
        y = F.sqrt(g(x))
        assert y is not None, "SvdW: g(x) is not a square"
        return x, (y if y % 2 == u % 2 else -y % p)

    half = pow(2, -1, p)
    for u in (0, 1, half, p - half, 2, 3, 5, p - 1, p // 3):
        x, y = map_to_curve(u)
        assert (y * y - x * x * x - a * x - b) % p == 0 and y % 2 == u % 2
    return z, c1, c2, c3, c4


def svdw_one_root_constants(p: int, b: int, z: int, c1: int, c2: int, c3: int, c4: int) -> "tuple[int, int]":
    """The constants with which the map to E(Fp) finds y for x3 without an
    exponentiation of its own (svdw_template.h): c5 = 8 c3 / (9 Z^4), and
    c6 = sqrt(g(Z)) (either root; 0 if g(Z) is not a square, when the map
    never picks x3 = Z).

    With t = tv2^2 tv3 = tv2 / tv1, g(x3) = (c5 t^3)^2 g(x1) g(x2) (A = 0).
    For p = 3 mod 4, s = g^((p+1)/4) squares to g or to -g, so when neither
    g(x1) nor g(x2) is a square, c5 t^3 s1 s2 is a root of g(x3). Where
    tv1 tv2 = 0, t = 0 and x3 = Z, whose root is c6. Checked here on the
    exceptional inputs and on pseudo-random ones."""
    assert p % 4 == 3
    F = PrimeField(p)

    def g(x: int) -> int:
        return (x * x * x + b) % p

    c5 = 8 * c3 * pow(9 * pow(z, 4, p), -1, p) % p
    c6 = F.sqrt(g(z)) or 0
    half = pow(2, -1, p)
    picked_x3 = 0
    for u in [0, 1, half, p - half, 2, 3, 5, p - 1, p // 3] + [pow(7, k, p) * 0x9E3779B97F4A7C15 % p for k in range(200)]:
        tv1 = u * u * c1 % p
        tv2, tv1 = (1 + tv1) % p, (1 - tv1) % p
        tv3 = pow(tv1 * tv2, p - 2, p)  # inv0
        tv4 = u * tv1 * tv3 * c3 % p
        x1, x2 = (c2 - tv4) % p, (c2 + tv4) % p
        t = tv2 * tv2 * tv3 % p
        x3 = (t * t * c4 + z) % p
        s1, s2 = pow(g(x1), (p + 1) // 4, p), pow(g(x2), (p + 1) // 4, p)
        if s1 * s1 % p != g(x1) and s2 * s2 % p != g(x2):
            y3 = c5 * pow(t, 3, p) * s1 * s2 % p if t else c6
            assert y3 * y3 % p == g(x3), "SvdW: the root of g(x3) from those of g(x1), g(x2) is wrong"
            picked_x3 += 1
    assert picked_x3 > 0
    return c5, c6

def _fq2_is_square(v: Fq2) -> bool:
    """Whether v is a square in Fp2: its norm is a square in Fp."""
    return _is_square_mod((v.a * v.a + v.b * v.b) % v.p, v.p)


def _fq2_sqrt(v: Fq2) -> "Fq2 | None":
    """A square root in Fp2 = Fp[u]/(u^2 + 1), p = 3 mod 4 (via the norm)."""
    p = v.p
    F = PrimeField(p)
    if v.b == 0:
        r = F.sqrt(v.a)
        if r is not None:
            return v._mk(r)
        r = F.sqrt(-v.a % p)
        return None if r is None else v._mk(0, r)
    n = F.sqrt((v.a * v.a + v.b * v.b) % p)
    if n is None:
        return None
    for s in (n, -n):
        x = F.sqrt((v.a + s) * pow(2, -1, p) % p)
        if x:
            root = v._mk(x, v.b * pow(2 * x, -1, p))
            assert root * root == v
            return root
    return None


def _fq2_sgn0(v: Fq2) -> int:
    """RFC 9380's sgn0 for m = 2."""
    return (v.a & 1) | (int(v.a == 0) & v.b & 1)


def svdw_constants_fp2(b: Fq2, z: "tuple[int, int]") -> "tuple[Fq2, Fq2, Fq2, Fq2, Fq2]":
    """Z and c1..c4 of the straight-line Shallue-van de Woestijne map (RFC
    9380 F.1) to y^2 = x^3 + b over Fp2 (A = 0), after checking Z against
    6.6.1's conditions; the map is then tried on a few inputs, exceptional
    ones included, whose images must lie on the curve with sgn0(y) =
    sgn0(u)."""
    zf = b._mk(*z)

    def g(x: Fq2) -> Fq2:
        return x * x * x + b

    half = b._mk(pow(2, -1, b.p))

    def z_ok(zc: Fq2) -> bool:
        # RFC 9380 6.6.1's conditions, as _svdw_z_ok states them over Fp.
        gzc = g(zc)
        if gzc.is_zero():
            return False
        h = -(zc * zc * 3 * (gzc * 4).inv())
        return not h.is_zero() and _fq2_is_square(h) and (
            _fq2_is_square(gzc) or _fq2_is_square(g(-(zc * half))))

    assert z_ok(zf), "Z fails RFC 9380 6.6.1's conditions"
    # find_z_svdw (appendix H.1) tries F(1), F(-1), F(2), ...: elements of Fp.
    first = next(zc for n in range(1, 1000) for zc in (b._mk(n), b._mk(-n)) if z_ok(zc))
    assert zf == first, "Z is not the first candidate of find_z_svdw"
    three_z2 = zf * zf * 3
    gz = g(zf)
    c1 = gz
    c2 = -(zf * half)
    c3 = _fq2_sqrt(-(gz * three_z2))
    assert c3 is not None
    if _fq2_sgn0(c3):
        c3 = -c3
    c4 = -(gz * 4) * three_z2.inv()
    one = b._mk(1)

    def inv0(v: Fq2) -> Fq2:
        return v if v.is_zero() else v.inv()

    def map_to_curve(u: Fq2) -> "tuple[Fq2, Fq2]":
        tv1 = u * u * c1
        tv2, tv1 = one + tv1, one - tv1
        tv3 = inv0(tv1 * tv2)
        tv4 = u * tv1 * tv3 * c3
        x1, x2 = c2 - tv4, c2 + tv4
        t = tv2 * tv2 * tv3
        x3 = t * t * c4 + zf
        x = x1 if _fq2_is_square(g(x1)) else x2 if _fq2_is_square(g(x2)) else x3
        y = _fq2_sqrt(g(x))
        assert y is not None, "SvdW: g(x) is not a square"
        return x, (y if _fq2_sgn0(y) == _fq2_sgn0(u) else -y)

    for u in ((0, 0), (1, 0), (0, 1), (1, 1), (2, 3), (b.p - 1, 5), (b.p // 3, b.p // 5)):
        x, y = map_to_curve(b._mk(*u))
        assert y * y == g(x)
    return zf, c1, c2, c3, c4


def assert_g2_cofactor_clearing(u: int, p: int, r: int, b2: Fq2, psi: Any, mul: Any) -> None:
    """g2.c clears the cofactor as [u]P + psi([3u]P) + psi^2([u]P) +
    psi^3(P): on G2 (psi = [p]) that is [u + 3u p + u p^2 + p^3], which must
    not vanish mod r; and points of E'(Fp2) outside G2, with components of
    every order dividing the cofactor, must land in G2."""
    assert (u + 3 * u * p + u * p * p + p**3) % r != 0
    zero = b2._mk(0)

    def add(a: Any, b: Any) -> Any:
        return affine_add(a, b, zero, lambda v: v.inv())

    found = 0
    for x0 in range(1, 50):
        x = b2._mk(x0, 1)
        y = _fq2_sqrt(x * x * x + b2)
        if y is None:
            continue
        pt = (x, y)
        assert mul(pt, r, zero) is not None  # outside G2
        up = mul(pt, u, zero)
        image = add(add(add(up, psi(mul(pt, 3 * u, zero))), psi(psi(up))), psi(psi(psi(pt))))
        assert image is not None and mul(image, r, zero) is None
        found += 1
        if found == 3:
            return
    raise AssertionError("no point found to check cofactor clearing on")


def assert_g2_membership_test(u: int, p: int, r: int, h2: int) -> None:
    """g2.c tests Q in G2 as f(psi)(Q) = 0 for f(X) = (u + 1) + u X + u X^2
    - 2u X^3. psi satisfies psi^2 - t psi + p = 0 on E'(Fp2) and acts as
    [p] on G2, so the test accepts all of G2 when f(p) = 0 mod r. It accepts
    nothing else when f(psi) is invertible on the cofactor part, of order
    h2 coprime to r: when the norm of f(psi), the resultant of f and
    X^2 - t X + p, is coprime to h2."""
    t = p + 1 - r
    f = [u + 1, u, u, -2 * u]
    assert sum(c * pow(p, i, r) for i, c in enumerate(f)) % r == 0
    assert math.gcd(h2, r) == 1
    # X^i mod X^2 - t X + p as a + b X, then the norm a^2 + a b t + b^2 p.
    powers = [(1, 0), (0, 1)]
    while len(powers) < len(f):
        a, b = powers[-1]
        powers.append((-b * p, a + b * t))
    a = sum(c * pw[0] for c, pw in zip(f, powers))
    b = sum(c * pw[1] for c, pw in zip(f, powers))
    assert math.gcd(a * a + a * b * t + b * b * p, h2) == 1


def bn_glv(u: int, p: int, r: int, fr_bits: int, g1: Any, mul: Any, f1: Any) -> SimpleNamespace:
    """The GLV split of G1 scalars on a BN curve (see the comment written
    with the constants), checked on the generator and on sample scalars."""
    lam = (-(36 * u**3 + 18 * u**2 + 6 * u + 2)) % r
    assert (lam * lam + lam + 1) % r == 0
    cube = next(c for g in range(2, 100) for c in [pow(g, (p - 1) // 3, p)] if c != 1)
    beta = next(b for b in (cube, cube * cube % p) if mul(g1, lam) == (g1[0] * f1(b), g1[1]))
    v = ((2 * u + 1, 6 * u * u + 4 * u + 1), (6 * u * u + 2 * u, -2 * u - 1))  # short, a + b lam = 0
    det = v[0][0] * v[1][1] - v[0][1] * v[1][0]
    assert abs(det) == r and all((a + b * lam) % r == 0 for a, b in v)
    sign = 1 if det > 0 else -1
    # (k, 0) = beta_0 v_0 + beta_1 v_1 with beta_i = k coef_i / r.
    coef = (sign * v[1][1], -sign * v[0][1])
    m = fr_bits + 64
    g = tuple((abs(c) << m) // r for c in coef)
    # k1 = k - sum_i sign(coef_i) c_i v_i[0], k2 = -sum_i sign(coef_i) c_i v_i[1].
    a = tuple(tuple(-(1 if c > 0 else -1) * v[i][j] for j in range(2)) for i, c in enumerate(coef))
    # |c_i - |beta_i|| <= 1/2 + k / 2^m, so |k_j| <= (1/2 + 2^-64) sum_i |v_i[j]|.
    bound = max(sum(abs(v[i][j]) for i in range(2)) for j in range(2))
    b_bits = (bound // 2 + (bound >> 64) + 1).bit_length()
    assert b_bits + 1 <= fr_bits // 2 and all(x < 1 << fr_bits for x in g)
    assert all(abs(x) + 1 < 1 << (fr_bits // 2) for x in coef) and all(abs(x) < 1 << (fr_bits // 2) for row in a for x in row)
    big = 1 << b_bits
    d = (big + big * lam) % r

    def split(k: int) -> "tuple[int, int]":
        kk = (k - d) % r
        c = [(kk * gi + (1 << (m - 1))) >> m for gi in g]
        k1 = kk + sum(ci * a[i][0] for i, ci in enumerate(c))
        k2 = sum(ci * a[i][1] for i, ci in enumerate(c))
        return k1 + big, k2 + big

    rng = random.Random(r)
    for k in [0, 1, 2, r - 1, r - 2, d, (d + 1) % r, r // 2] + [rng.randrange(r) for _ in range(2000)]:
        e0, e1 = split(k)
        assert 0 <= e0 < 2 * big and 0 <= e1 < 2 * big and (e0 + e1 * lam - k) % r == 0
    return SimpleNamespace(beta=beta, lam=lam, b_bits=b_bits, d=d, g=g, a=a)


def lll_reduce(basis: "list[list[int]]") -> "list[list[int]]":
    """A reduced basis (Lenstra-Lenstra-Lovasz, delta = 3/4) of the integer
    lattice spanned by the rows of basis, in exact rational arithmetic."""
    b = [list(v) for v in basis]
    n = len(b)

    def gram_schmidt() -> "tuple[list[list[Fraction]], list[list[Fraction]]]":
        star: "list[list[Fraction]]" = []
        mu = [[Fraction(0)] * n for _ in range(n)]
        for i in range(n):
            v = [Fraction(x) for x in b[i]]
            for j in range(i):
                mu[i][j] = sum((x * y for x, y in zip(b[i], star[j])), Fraction(0)) / sum(y * y for y in star[j])
                v = [x - mu[i][j] * y for x, y in zip(v, star[j])]
            star.append(v)
        return star, mu

    star, mu = gram_schmidt()
    k = 1
    while k < n:
        for j in range(k - 1, -1, -1):
            q = round(mu[k][j])
            if q:
                b[k] = [x - q * y for x, y in zip(b[k], b[j])]
                star, mu = gram_schmidt()
        norm = [sum(x * x for x in v) for v in star]
        if norm[k] >= (Fraction(3, 4) - mu[k][k - 1] ** 2) * norm[k - 1]:
            k += 1
        else:
            b[k], b[k - 1] = b[k - 1], b[k]
            star, mu = gram_schmidt()
            k = max(k - 1, 1)
    return b


def lattice_split(lam: int, r: int, dims: int, fr_bits: int) -> SimpleNamespace:
    """Constants that split a scalar k < r into dims digits e_j of
    b_bits + 1 bits with sum_j e_j lam^j = k mod r (see the comment written
    with them), from a reduced basis of the lattice of the (a_0, ...,
    a_{dims-1}) with sum_j a_j lam^j = 0 mod r; checked on sample scalars,
    among them scalars whose Babai coefficients round both ways."""
    start = [[r] + [0] * (dims - 1)] + [[-pow(lam, j, r)] + [int(i == j) for i in range(1, dims)] for j in range(1, dims)]
    v = lll_reduce(start)
    assert all(sum(x * pow(lam, j, r) for j, x in enumerate(row)) % r == 0 for row in v)
    # coef = the first row of r V^-1 (V's rows span the lattice, |det V| = r):
    # (k, 0, ..., 0) = sum_i beta_i v_i with beta_i = k coef_i / r.
    inv = [[Fraction(int(i == j)) for j in range(dims)] for i in range(dims)]
    m_ = [[Fraction(x) for x in row] for row in v]
    for col in range(dims):  # Gauss-Jordan on [V | I]
        piv = next(i for i in range(col, dims) if m_[i][col] != 0)
        m_[col], m_[piv] = m_[piv], m_[col]
        inv[col], inv[piv] = inv[piv], inv[col]
        f = m_[col][col]
        m_[col] = [x / f for x in m_[col]]
        inv[col] = [x / f for x in inv[col]]
        for i in range(dims):
            if i != col and m_[i][col] != 0:
                f = m_[i][col]
                m_[i] = [x - f * y for x, y in zip(m_[i], m_[col])]
                inv[i] = [x - f * y for x, y in zip(inv[i], inv[col])]
    coef = [x * r for x in inv[0]]
    assert all(c.denominator == 1 for c in coef)
    coef_i = [int(c) for c in coef]
    assert all(sum(c * v[i][j] for i, c in enumerate(coef_i)) == (r if j == 0 else 0) for j in range(dims))
    m = fr_bits + 64
    g = [(abs(c) << m) // r for c in coef_i]
    # e_j = k [j = 0] + sum_i c_i a[i][j] + 2^b_bits for c_i = round(k g_i / 2^m).
    a = [[-(1 if c > 0 else -1) * v[i][j] for j in range(dims)] for i, c in enumerate(coef_i)]
    # |c_i - |beta_i|| <= 1/2 + k / 2^m, so |k_j| <= (1/2 + 2^-64) sum_i |v_i[j]|.
    bound = max(sum(abs(v[i][j]) for i in range(dims)) for j in range(dims))
    b_bits = (bound // 2 + (bound >> 64) + 1).bit_length()
    half = fr_bits // 2
    assert b_bits + 1 <= half and all(x < 1 << fr_bits for x in g)
    assert all(abs(x) < r for x in coef_i) and all(abs(x) < 1 << half for row in a for x in row)
    big = 1 << b_bits
    d = sum(big * pow(lam, j, r) for j in range(dims)) % r

    def split(k: int) -> "list[int]":
        kk = (k - d) % r
        c = [(kk * gi + (1 << (m - 1))) >> m for gi in g]
        return [int(j == 0) * kk + sum(ci * a[i][j] for i, ci in enumerate(c)) + big for j in range(dims)]

    rng = random.Random(r)
    # kk = k - d with kk |coef_i| / r at a half-integer: the rounding's edge
    edges = [(((2 * t + 1) * r) // (2 * abs(c)) + d + s) % r for c in coef_i if c
             for t in (0, 1, abs(c) // 3) for s in (-1, 0, 1)]
    for k in [0, 1, 2, r - 1, r - 2, d, (d + 1) % r, (d - 1) % r, r // 2] + edges + [rng.randrange(r) for _ in range(2000)]:
        e = split(k)
        assert all(0 <= x < 2 * big for x in e) and (sum(x * pow(lam, j, r) for j, x in enumerate(e)) - k) % r == 0
    return SimpleNamespace(b_bits=b_bits, d=d, g=g, a=a, split=split)


def lattice_lines(prefix: str, split: SimpleNamespace, limbs: Any, fr_bits: int) -> "list[str]":
    """The C arrays of a lattice_split, named <prefix>_*."""
    n = len(split.g)
    return [
        f"#define {prefix}_B_BITS {split.b_bits}",
        f"#define {prefix}_DIGIT_BITS {split.b_bits + 1}",
        f"static const limb_t {prefix}_D[FR_LIMBS] = {limbs(split.d, fr_bits)};",
        f"static const limb_t {prefix}_G[{n}][FR_LIMBS] = {{" + ", ".join(limbs(g, fr_bits) for g in split.g) + "};",
        f"static const limb_t {prefix}_A[{n}][{n}][FR_LIMBS / 2] = {{"
        + ", ".join("{" + ", ".join(limbs(abs(a), fr_bits // 2) for a in row) + "}" for row in split.a) + "};",
        f"static const int {prefix}_A_NEG[{n}][{n}] = {{"
        + ", ".join("{" + ", ".join(str(int(a < 0)) for a in row) + "}" for row in split.a) + "};",
    ]


def bn_gls(u: int, p: int, r: int, fr_bits: int, g2: Any, mul: Any, add: Any, psi: Any) -> SimpleNamespace:
    """The four-digit split of G2 scalars on a BN curve, where psi acts as
    [p mod r] = [6u^2]; checked on the generator."""
    lam = p % r
    assert lam == 6 * u * u and psi(g2) == mul(g2, lam)
    gls = lattice_split(lam, r, 4, fr_bits)
    # the digits of a random scalar recombine on G2 through psi
    k = random.Random(p).randrange(r)
    acc = None
    for e in reversed(gls.split(k)):  # Horner in psi, as the C code does
        acc = add(psi(acc) if acc is not None else None, mul(g2, e))
    assert acc == mul(g2, k)
    return gls


def emit_bn(curve: SimpleNamespace) -> str:
    """consts.h of a BN curve: the same names as BLS12-381's where the C code
    is shared, and the loop of the optimal ate pairing, 6u + 2, in NAF."""
    u = curve.U
    p, r = bn_params(u)
    assert p % 4 == 3 and pow(2, p - 1, p) == 1 and pow(3, r - 1, r) == 1
    assert (p + 1 - r) == 6 * u * u + 1  # the trace of Frobenius
    fp_bits = -(-p.bit_length() // 64) * 64
    fr_bits = -(-r.bit_length() // 64) * 64
    # mont.h skips the extra carry limb: 2p < 2^bits, top limb < 2^(w-1) - 1.
    assert 4 * p < 1 << fp_bits and 4 * r < 1 << fr_bits
    F = PrimeField(p)

    def f1(v: int) -> Fq2:
        return Fq1(p, v)

    def f2(c: "tuple[int, int]") -> Fq2:
        return Fq2(p, c[0], c[1])

    xi = f2(curve.XI)
    # Fp6 = Fp2[v]/(v^3 - xi) and Fp12 = Fp6[w]/(w^2 - v) need xi to be
    # neither a square nor a cube in Fp2.
    assert xi ** ((p * p - 1) // 2) != f2((1, 0)) and xi ** ((p * p - 1) // 3) != f2((1, 0))
    assert curve.TWIST == "D"
    b2 = f2((curve.B, 0)) * xi.inv()

    def on_curve(pt, b) -> bool:
        x, y = pt
        return y * y == x * x * x + b

    def mul(pt, k, zero):
        return affine_mul(pt, k, zero, lambda a: a.inv())

    if curve.ENCODING == "mcl":
        # mcl's encoding writes the identity as all zero, the same bytes as
        # a point with x = 0: there is none when b and b' are not squares.
        assert not _is_square_mod(curve.B, p)
        assert b2 ** ((p * p - 1) // 2) != f2((1, 0))
    g1 = (f1(curve.G1_GEN[0]), f1(curve.G1_GEN[1]))
    g2 = (f2(curve.G2_GEN[0]), f2(curve.G2_GEN[1]))
    assert on_curve(g1, f1(curve.B)) and on_curve(g2, b2)
    assert mul(g1, r, f1(0)) is None and mul(g2, r, f2((0, 0))) is None
    # The twist's group has order (p + 1 - t')... r divides it and G2 = E'[r].
    h2 = 2 * p - r
    assert mul(mul(g2, 1, f2((0, 0))), h2 * r, f2((0, 0))) is None
    assert_g2_membership_test(u, p, r, h2)

    # psi = untwist . Frobenius . twist for a D-type twist: (x, y) ->
    # (conj(x) xi^((p-1)/3), conj(y) xi^((p-1)/2)); it acts as [p] on G2.
    psi_x = xi ** ((p - 1) // 3)
    psi_y = xi ** ((p - 1) // 2)

    def psi(pt):
        return (pt[0].conj() * psi_x, pt[1].conj() * psi_y)

    assert psi(g2) == mul(g2, p % r, f2((0, 0)))
    psi2_x = psi_x * psi_x.conj()
    assert psi2_x.b == 0 and psi_y * psi_y.conj() == f2((-1, 0))
    assert_g2_cofactor_clearing(u, p, r, b2, psi, mul)

    glv = bn_glv(u, p, r, fr_bits, g1, lambda pt, k: mul(pt, k, f1(0)), f1)
    gls = bn_gls(u, p, r, fr_bits, g2, lambda pt, k: mul(pt, k, f2((0, 0))),
                 lambda a, b: affine_add(a, b, f2((0, 0)), lambda v: v.inv()), psi)

    frob6_v = [xi ** ((p**k - 1) // 3) for k in range(1, 4)]
    frob6_v2 = [xi ** (2 * (p**k - 1) // 3) for k in range(1, 4)]
    frob12_w = [xi ** ((p**k - 1) // 6) for k in range(1, 4)]

    svdw = svdw_constants(p, curve.B, curve.SVDW_Z) if hasattr(curve, "SVDW_Z") else None
    svdw2 = svdw_constants_fp2(b2, curve.SVDW_Z2) if hasattr(curve, "SVDW_Z2") else None

    # The loop runs over |6u + 2|; for u < 0 the C code then inverts f and
    # negates T, since f_{-m,Q} = 1/f_{m,Q} up to vertical lines.
    loop = naf(abs(6 * u + 2))
    assert sum(d << i for i, d in enumerate(loop)) == abs(6 * u + 2) and loop[-1] == 1

    def limbs(v: int, nbits: int) -> str:
        return c_limbs(v, nbits)

    def c_f(v: int) -> str:
        return "{" + limbs((v << fp_bits) % p, fp_bits) + "}"

    def c_f2(v: Fq2) -> str:
        return "{" + c_f(v.a) + ", " + c_f(v.b) + "}"

    out: "list[str]" = []
    w = out.append
    w(f"/* Generated by build-scripts/gen_constants.py from build-scripts/curves/{curve.NAME}.py")
    w(f" * (u = {u:#x}). Do not edit: rerun the script (a test checks this file is reproducible). */")
    w("#ifndef PYBLS_CONSTS_H")
    w("#define PYBLS_CONSTS_H")
    w("")
    w('#include "field/field.h"')
    w("")
    # |u| itself, whatever its width (BN381_1's and BN462's exceed 64 bits),
    # is given as signed window digits (U_WNAF, at the end).
    w("/* The sign of u, the BN parameter. */")
    w(f"#define BLS_X_IS_NEGATIVE {int(u < 0)}")
    w("")
    w("/* Fp: p, -p^-1 mod 2^64 (truncated to a limb), R^2 mod p, exponents. */")
    w(f"static const limb_t P_MODULUS[FP_LIMBS] = {limbs(p, fp_bits)};")
    w(f"#define P_N0 ((limb_t)0x{(-pow(p, -1, 2**64)) % 2**64:016x}ULL)")
    w(f"static const limb_t P_R2[FP_LIMBS] = {limbs((1 << (2 * fp_bits)) % p, fp_bits)};")
    w(f"static const limb_t P_MINUS_1_DIV_2[FP_LIMBS] = {limbs((p - 1) // 2, fp_bits)};")
    for line in pow_chain_lines("P_MINUS_3_DIV_4_CHAIN", (p - 3) // 4, "((p - 3) / 4)"):
        w(line)
    w(f"static const fp_t FP_ONE = {c_f(1)};")
    w("")
    # Scalars encode in the fewest bytes that hold r; their wide reduction
    # shifts by 2^(8 fr_bytes), which is R when those fill the limbs.
    fr_bytes = -(-r.bit_length() // 8)
    w("/* Fr: r, -r^-1 mod 2^64, R^2 mod r, S R^2 mod r for S = 2^(8 CURVE_FR_BYTES)")
    w(" * (R^3 when the encoding fills the limbs), r - 2, r - 1. */")
    w(f"static const limb_t R_MODULUS[FR_LIMBS] = {limbs(r, fr_bits)};")
    w(f"#define R_N0 ((limb_t)0x{(-pow(r, -1, 2**64)) % 2**64:016x}ULL)")
    w(f"static const limb_t R_R2[FR_LIMBS] = {limbs((1 << (2 * fr_bits)) % r, fr_bits)};")
    w(f"static const limb_t R_R3[FR_LIMBS] = {limbs((1 << (8 * fr_bytes + 2 * fr_bits)) % r, fr_bits)};")
    w(f"static const limb_t R_MINUS_2[FR_LIMBS] = {limbs(r - 2, fr_bits)};")
    w(f"static const limb_t R_MINUS_1[FR_LIMBS] = {limbs(r - 1, fr_bits)};")
    w(f"static const fr_t FR_ONE = {{{limbs((1 << fr_bits) % r, fr_bits)}}};")
    w("")
    w("/* The tower's non-residue xi = c0 + c1 u (c0 small, c1 = 1). */")
    assert curve.XI[1] == 1 and 0 < curve.XI[0] < 16
    w(f"#define CURVE_XI_C0 {curve.XI[0]}")
    w("")
    w("/* Curve coefficients (Montgomery form): b on E and b' = b / xi on E'. */")
    w(f"#define CURVE_B {curve.B}")
    w(f"static const fp_t G1_B = {c_f(curve.B)};")
    w(f"static const fp2_t G2_B = {c_f2(b2)};")
    w("/* 3b' (the projective formulas' constant). */")
    w(f"static const fp2_t G2_B3 = {c_f2(b2 * 3)};")
    w("")
    w("/* Generators (affine, Montgomery form). */")
    w(f"static const fp_t G1_GEN_X = {c_f(g1[0].a)};")
    w(f"static const fp_t G1_GEN_Y = {c_f(g1[1].a)};")
    w(f"static const fp2_t G2_GEN_X = {c_f2(g2[0])};")
    w(f"static const fp2_t G2_GEN_Y = {c_f2(g2[1])};")
    w("")
    w("/* GLV on G1 (ec_scalar.c): phi(x, y) = (BETA x, y) acts as [lambda],")
    w(" * lambda = -(36u^3 + 18u^2 + 6u + 2) mod r. A scalar k is split as")
    w(" * k - GLV_D = k1 + k2 lambda by Babai rounding in the lattice of (a, b)")
    w(" * with a + b lambda = 0 mod r: c_i = round(k GLV_G[i] / 2^(FR bits + 64)),")
    w(" * k1 = k + sum_i c_i A[i][0], k2 = sum_i c_i A[i][1] (A[i][j] = GLV_A[i][j],")
    w(" * negated where GLV_A_NEG[i][j]); |k_i| < 2^GLV_B_BITS, and GLV_D =")
    w(" * 2^GLV_B_BITS (1 + lambda) mod r makes the digits k_i + 2^GLV_B_BITS")
    w(" * nonnegative and below 2^GLV_DIGIT_BITS. */")
    w(f"static const fp_t G1_BETA = {c_f(glv.beta)};")
    out.extend(lattice_lines("GLV", glv, limbs, fr_bits))
    w("")
    w("/* GLS on G2 (ec_scalar.c): psi (below) acts as [lambda], lambda = p mod r")
    w(" * = 6u^2. k - GLS_D = sum_j k_j lambda^j as for GLV, in a reduced basis of")
    w(" * the lattice of the (a_0, ..., a_3) with sum_j a_j lambda^j = 0 mod r:")
    w(" * c_i = round(k GLS_G[i] / 2^(FR bits + 64)), k_j = k [j = 0] + sum_i c_i")
    w(" * A[i][j]; GLS_D = 2^GLS_B_BITS (1 + lambda + lambda^2 + lambda^3) mod r")
    w(" * makes the digits k_j + 2^GLS_B_BITS nonnegative, below 2^GLS_DIGIT_BITS. */")
    out.extend(lattice_lines("GLS", gls, limbs, fr_bits))
    w("")
    w("/* psi(x, y) = (conj(x) PSI_X, conj(y) PSI_Y) is [p] on G2;")
    w(" * psi^2(x, y) = (x PSI2_X, -y). */")
    w(f"static const fp2_t G2_PSI_X = {c_f2(psi_x)};")
    w(f"static const fp2_t G2_PSI_Y = {c_f2(psi_y)};")
    w(f"static const fp_t G2_PSI2_X = {c_f(psi2_x.a)};")
    w("")
    out.extend(frobenius_lines(c_f2, frob6_v, frob6_v2, frob12_w))
    w("")
    if svdw is not None:
        w("/* Hashing to G1 (RFC 9380 6.6.1): the Shallue-van de Woestijne map to")
        w(" * y^2 = g(x) = x^3 + b (A = 0) with its Z and the constants of the")
        w(" * straight-line map (appendix F.1): c1 = g(Z), c2 = -Z / 2,")
        w(" * c3 = sqrt(-g(Z) (3 Z^2 + 4 A)) with sgn0(c3) = 0, c4 = -4 g(Z) / (3 Z^2 + 4 A). */")
        for name, v in zip(("Z", "C1", "C2", "C3", "C4"), svdw):
            w(f"static const fp_t SVDW_G1_{name} = {c_f(v)};")
        w("/* c5 = 8 c3 / (9 Z^4) and c6 = sqrt(g(Z)): y for x3 from the two other")
        w(" * exponentiations (svdw_template.h, svdw_one_root_constants). */")
        for name, v in zip(("C5", "C6"), svdw_one_root_constants(p, curve.B, *svdw)):
            w(f"static const fp_t SVDW_G1_{name} = {c_f(v)};")
        fp_bytes = -(-p.bit_length() // 8)
        w(f"/* 2^(8 CURVE_FP_BYTES) = 2^{8 * fp_bytes} mod p: hash_to_field reduces its L-byte")
        w(f" * strings as hi 2^{8 * fp_bytes} + lo. */")
        w(f"static const fp_t H2F_SHIFT = {c_f((1 << (8 * fp_bytes)) % p)};")
        w("")
    if hasattr(curve, "MCL_HASH_SQRT_M3"):
        c1m, c2m = curve.MCL_HASH_SQRT_M3, curve.MCL_HASH_C2
        assert c1m * c1m % p == -3 % p and (2 * c2m + 1) % p == c1m and pow(c2m, 3, p) == 1
        w("/* mcl's map to the curve (h2c/mcl_map.c): c1 = sqrt(-3) and c2 = (-1 + c1) / 2 as")
        w(" * mcl fixes them, in Fp and as elements of Fp2. */")
        w("#define CURVE_HASH_MCL 1")
        w(f"static const fp_t MCL_MAP_C1 = {c_f(c1m)};")
        w(f"static const fp_t MCL_MAP_C2 = {c_f(c2m)};")
        w(f"static const fp2_t MCL_MAP_C1_FP2 = {c_f2(f2((c1m, 0)))};")
        w(f"static const fp2_t MCL_MAP_C2_FP2 = {c_f2(f2((c2m, 0)))};")
        w("")
    if svdw2 is not None:
        w("/* Hashing to G2: the same map to E' over Fp2 (sgn0 of RFC 9380 for m = 2),")
        w(" * then cofactor clearing (g2.c). */")
        w("#define CURVE_HASH_G2_SVDW 1")
        for name, v in zip(("Z", "C1", "C2", "C3", "C4"), svdw2):
            w(f"static const fp2_t SVDW_G2_{name} = {c_f2(v)};")
        w("")
    w("/* The optimal ate pairing's loop: |6u + 2| in non-adjacent form, least")
    w(" * significant digit first (6u + 2 < 0 when BLS_X_IS_NEGATIVE). */")
    w(f"#define BN_LOOP_LEN {len(loop)}")
    w("static const signed char BN_LOOP_NAF[BN_LOOP_LEN] = {" + ", ".join(str(d) for d in loop) + "};")
    w("")
    u_window, u_digits = exp_window(abs(u))
    w("/* |u| in width-U_WINDOW NAF, least significant digit first, for the")
    w(" * exponentiations by u of the final exponentiation (fp12.c) and the")
    w(" * multiplications by u of G2 (g2.c): the window that takes the fewest")
    w(" * Fp12 products for this u. */")
    w(f"#define U_WINDOW {u_window}")
    w(f"#define U_WNAF_LEN {len(u_digits)}")
    w("static const signed char U_WNAF[U_WNAF_LEN] = {" + ", ".join(str(d) for d in u_digits) + "};")
    w("")
    w("#endif /* PYBLS_CONSTS_H */")
    return "\n".join(out) + "\n"

# --- output ------------------------------------------------------------------
def limbs64(v: int, nbits: int) -> list[int]:
    assert 0 <= v < 1 << nbits
    return [(v >> (64 * i)) & (2**64 - 1) for i in range(nbits // 64)]


def c_limbs(v: int, nbits: int) -> str:
    return "{" + ", ".join(f"LIMB64(0x{w:016x})" for w in limbs64(v, nbits)) + "}"


def fp_mont(v: int) -> int:
    return (v << 384) % P


def c_fp(v: int) -> str:
    """Fp constant in Montgomery form."""
    return "{" + c_limbs(fp_mont(v), 384) + "}"


def c_fp2(v: Fp2) -> str:
    return "{" + c_fp(v.a) + ", " + c_fp(v.b) + "}"


def emit() -> str:
    out: list[str] = []
    w = out.append
    w("/* Generated by build-scripts/gen_constants.py from x = -0xd201000000010000.")
    w(" * Do not edit: rerun the script (a test checks this file is reproducible). */")
    w("#ifndef PYBLS_CONSTS_H")
    w("#define PYBLS_CONSTS_H")
    w("")
    w('#include "field/field.h"')
    w("")
    w("/* |x|, the BLS parameter's absolute value (x itself is negative). */")
    w(f"#define BLS_X_ABS 0x{-X:016x}ULL")
    w("#define BLS_X_IS_NEGATIVE 1")
    w("")
    w("/* Fp: p, -p^-1 mod 2^64 (truncated to a limb), R^2 mod p, exponents. */")
    w(f"static const limb_t P_MODULUS[FP_LIMBS] = {c_limbs(P, 384)};")
    w(f"#define P_N0 ((limb_t)0x{(-pow(P, -1, 2**64)) % 2**64:016x}ULL)")
    w(f"static const limb_t P_R2[FP_LIMBS] = {c_limbs((1 << 768) % P, 384)};")
    w(f"static const limb_t P_MINUS_1_DIV_2[FP_LIMBS] = {c_limbs((P - 1) // 2, 384)};")
    for line in pow_chain_lines("P_MINUS_3_DIV_4_CHAIN", (P - 3) // 4, "((p - 3) / 4)"):
        w(line)
    w(f"static const fp_t FP_ONE = {c_fp(1)};")
    w("")
    w("/* Fr: r, -r^-1 mod 2^64, R^2 and R^3 mod r, r - 2. */")
    w(f"static const limb_t R_MODULUS[FR_LIMBS] = {c_limbs(R_ORDER, 256)};")
    w(f"#define R_N0 ((limb_t)0x{(-pow(R_ORDER, -1, 2**64)) % 2**64:016x}ULL)")
    w(f"static const limb_t R_R2[FR_LIMBS] = {c_limbs((1 << 512) % R_ORDER, 256)};")
    w(f"static const limb_t R_R3[FR_LIMBS] = {c_limbs((1 << 768) % R_ORDER, 256)};")
    w(f"static const limb_t R_MINUS_2[FR_LIMBS] = {c_limbs(R_ORDER - 2, 256)};")
    w(f"static const fr_t FR_ONE = {{{c_limbs((1 << 256) % R_ORDER, 256)}}};")
    w("")
    w("/* Curve coefficients (Montgomery form): b on E and b' on E'. */")
    w(f"static const fp_t G1_B = {c_fp(B)};")
    w(f"static const fp2_t G2_B = {c_fp2(B2)};")
    w("")
    w("/* Generators (affine, Montgomery form). */")
    w(f"static const fp_t G1_GEN_X = {c_fp(G1_X)};")
    w(f"static const fp_t G1_GEN_Y = {c_fp(G1_Y)};")
    w(f"static const fp2_t G2_GEN_X = {c_fp2(G2_X)};")
    w(f"static const fp2_t G2_GEN_Y = {c_fp2(G2_Y)};")
    w("")
    w("/* phi(x, y) = (BETA x, y) is [-x^2] on G1 (GLV and subgroup check). */")
    w(f"static const fp_t G1_BETA = {c_fp(BETA)};")
    w("")
    w("/* psi(x, y) = (conj(x) PSI_X, conj(y) PSI_Y) is [x] on G2;")
    w(" * psi^2(x, y) = (x PSI2_X, -y). */")
    w(f"static const fp2_t G2_PSI_X = {c_fp2(PSI_X)};")
    w(f"static const fp2_t G2_PSI_Y = {c_fp2(PSI_Y)};")
    w(f"static const fp_t G2_PSI2_X = {c_fp(PSI2_X.a)};")
    w("")
    w("/* |x| as limbs: the base in which G2 scalars are split for -psi = [|x|]. */")
    w(f"static const limb_t BLS_X_ABS_LIMBS[64 / LIMB_BITS] = {c_limbs(X_ABS, 64)};")
    w("")
    out.extend(frobenius_lines(c_fp2, FROB6_V, FROB6_V2, FROB12_W))
    w("")
    out.extend(emit_hash_to_curve())
    w("")
    w("#endif /* PYBLS_CONSTS_H */")
    return "\n".join(out) + "\n"


def curve_names() -> "list[str]":
    """The curves described in build-scripts/curves/, BLS12-381 first (the
    default of every build)."""
    names = sorted(p.stem for p in CURVES_DIR.glob("*.py"))
    return sorted(names, key=lambda n: n != "bls12_381")


def safegcd_divsteps(p: int) -> int:
    """floor((3787 log2 p + 2166) / 1644), exactly: the largest m with
    2^(1644 m - 2166) <= p^3787. Wuille's bound on the divsteps of the
    variant with delta starting at 1/2 ("Bounds on divsteps iterations in
    safegcd", github.com/sipa/safegcd-bounds: for 0 <= g <= f <= M and
    M >= 4257874, checked by convex hulls for every M up to 2^3805)."""
    assert p >= 4257874 and p.bit_length() <= 3805
    m = (3787 * p.bit_length() + 2166) // 1644  # log2 p < bit length: an upper bound
    while 2 ** (1644 * m - 2166) > p ** 3787:
        m -= 1
    return m


def emit_params(curve: SimpleNamespace) -> str:
    """csrc/curves/<name>/params.h: what field.h needs before any type."""
    if curve.FAMILY == "BLS12":
        p, r = CURVE_P[curve.NAME], CURVE_R[curve.NAME]
    elif curve.FAMILY == "BLS48":
        p, r = bls48_params(curve.U)
    else:
        p, r = bn_params(curve.U)
    # The degrees of G2's field and of GT's over Fp (the ABI's sizes scale
    # with them; gen_bindings.py reads them here).
    g2_degree, gt_degree = (8, 48) if curve.FAMILY == "BLS48" else (2, 12)
    fp_bits = -(-p.bit_length() // 64) * 64
    fr_bits = -(-r.bit_length() // 64) * 64
    return "\n".join([
        f"/* Generated by build-scripts/gen_constants.py from build-scripts/curves/{curve.NAME}.py.",
        " * Do not edit: rerun the script (a test checks this file is reproducible). */",
        "#ifndef PYBLS_PARAMS_H",
        "#define PYBLS_PARAMS_H",
        "",
        f'#define CURVE_NAME "{curve.TITLE}"',
        f"#define CURVE_FAMILY_{curve.FAMILY} 1",
        f"#define CURVE_ENCODING_{curve.ENCODING.upper()} 1",
        "/* Bits of p and r (safegcd's bound, hash_to_field's L = ceil((CURVE_P_BITS",
        " * + k) / 8)); bits of storage of an Fp and an Fr element (whole 64-bit",
        " * words), and bytes of their big-endian encodings (the fewest that hold",
        " * p and r: fewer than the storage's on BN462). */",
        f"#define CURVE_P_BITS {p.bit_length()}",
        f"#define CURVE_R_BITS {r.bit_length()}",
        f"#define CURVE_FP_BITS {fp_bits}",
        f"#define CURVE_FR_BITS {fr_bits}",
        f"#define CURVE_FP_BYTES {-(-p.bit_length() // 8)}",
        f"#define CURVE_FR_BYTES {-(-r.bit_length() // 8)}",
        "/* Divsteps that take any (f, g) = (p, a), 0 <= a < p, to g = 0, delta",
        " * starting at 1/2 (fp_inv.c): Wuille's floor((3787 d + 2166) / 1644)",
        " * with d = log2 p (for p >= 4257874, checked up to d = 3805), the",
        " * largest m with 2^(1644 m - 2166) <= p^3787. */",
        f"#define CURVE_P_DIVSTEPS {safegcd_divsteps(p)}",
        "/* Degrees over Fp of G2's coordinates and of GT. */",
        f"#define CURVE_G2_DEGREE {g2_degree}",
        f"#define CURVE_GT_DEGREE {gt_degree}",
        "",
        "#endif /* PYBLS_PARAMS_H */",
        "",
    ])


def emit_dispatch(names: "list[str]", header: str, guard: str, what: str) -> str:
    """csrc/curves/<header>: includes the <header> of the curve a translation
    unit is compiled for (PYBLS_CURVE_<NAME>; BLS12-381 by default)."""
    out = [
        "/* Generated by build-scripts/gen_constants.py; do not edit.",
        f" * {what}",
        " * BLS12-381 unless the build defines PYBLS_CURVE_<NAME>. */",
        f"#ifndef {guard}",
        f"#define {guard}",
        "",
    ]
    others = [n for n in names if n != "bls12_381"]
    for i, n in enumerate(others):
        out.append(f"#{'if' if i == 0 else 'elif'} defined(PYBLS_CURVE_{n.upper()})")
        out.append(f'#include "curves/{n}/{header}"')
    if others:
        out.append("#else")
    out.append(f'#include "curves/bls12_381/{header}"')
    if others:
        out.append("#endif")
    out += ["", f"#endif /* {guard} */", ""]
    return "\n".join(out)


def outputs() -> "dict[Path, str]":
    names = curve_names()
    curves = {n: SimpleNamespace(**runpy.run_path(str(CURVES_DIR / f"{n}.py"))) for n in names}
    out = {
        CSRC_CURVES / "params.h": emit_dispatch(
            names, "params.h", "PYBLS_CURVES_PARAMS_H",
            "The size and family of the curve a translation unit is compiled for:"),
        CSRC_CURVES / "consts.h": emit_dispatch(
            names, "consts.h", "PYBLS_CURVES_CONSTS_H",
            "The constants of the curve a translation unit is compiled for:"),
    }
    for n, curve in curves.items():
        out[CSRC_CURVES / n / "params.h"] = emit_params(curve)
        if curve.FAMILY == "BN":
            out[CSRC_CURVES / n / "consts.h"] = emit_bn(curve)
        elif curve.FAMILY == "BLS48":
            out[CSRC_CURVES / n / "consts.h"] = emit_bls48(curve, c_limbs, exp_window)
    out[OUT] = emit()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if a file of csrc/curves/ is stale")
    args = ap.parse_args()
    stale = 0
    for path, text in outputs().items():
        rel = path.relative_to(ROOT)
        if args.check:
            if not path.exists() or path.read_text() != text:
                print(f"{rel} is not what {Path(__file__).name} generates", file=sys.stderr)
                stale += 1
            else:
                print(f"{rel} is up to date")
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            print(f"wrote {rel}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
