#!/usr/bin/env python3
"""Derive every BLS12-381 constant of the C core from the curve parameter x.

Writes csrc/consts.h. Nothing in that file is typed in by hand: the field
moduli, Montgomery constants, generators, Frobenius coefficients and
endomorphism constants all follow from x = -0xd201000000010000 (plus the
standard choices of tower and generators documented below), and each derived
constant is checked here before it is written.

    python build-scripts/gen_constants.py          # rewrite csrc/consts.h
    python build-scripts/gen_constants.py --check  # exit 1 if it is stale
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "csrc" / "consts.h"

# --- the defining parameter -------------------------------------------------
X = -0xD201000000010000
R_ORDER = X**4 - X**2 + 1
P = (X - 1) ** 2 * R_ORDER // 3 + X
assert (X - 1) ** 2 * R_ORDER % 3 == 0
assert P.bit_length() == 381 and R_ORDER.bit_length() == 255
assert P % 4 == 3 and pow(2, P - 1, P) == 1 and pow(3, R_ORDER - 1, R_ORDER) == 1

# Curve E: y^2 = x^3 + 4 over Fp; twist E': y^2 = x^3 + 4(1 + u) over Fp2.
B = 4
# Effective cofactor for G1 used by RFC 9380 (1 - x).
H_EFF_G1 = 1 - X
# Cofactor of E(Fp).
H1 = (X - 1) ** 2 // 3


# --- tiny reference arithmetic (for derivation and self-checks only) --------
class Fp2:
    """a0 + a1*u with u^2 = -1."""

    __slots__ = ("a", "b")

    def __init__(self, a: int, b: int = 0) -> None:
        self.a, self.b = a % P, b % P

    def __add__(self, o: "Fp2") -> "Fp2":
        return Fp2(self.a + o.a, self.b + o.b)

    def __sub__(self, o: "Fp2") -> "Fp2":
        return Fp2(self.a - o.a, self.b - o.b)

    def __neg__(self) -> "Fp2":
        return Fp2(-self.a, -self.b)

    def __mul__(self, o: "Fp2 | int") -> "Fp2":
        if isinstance(o, int):
            return Fp2(self.a * o, self.b * o)
        return Fp2(self.a * o.a - self.b * o.b, self.a * o.b + self.b * o.a)

    def __eq__(self, o: object) -> bool:
        return isinstance(o, Fp2) and (self.a, self.b) == (o.a, o.b)

    def __hash__(self) -> int:
        return hash((self.a, self.b))

    def conj(self) -> "Fp2":
        return Fp2(self.a, -self.b)

    def inv(self) -> "Fp2":
        d = pow(self.a * self.a + self.b * self.b, P - 2, P)
        return Fp2(self.a * d, -self.b * d)

    def __pow__(self, e: int) -> "Fp2":
        out, base = Fp2(1), self
        while e:
            if e & 1:
                out = out * base
            base = base * base
            e >>= 1
        return out

    def is_zero(self) -> bool:
        return self.a == 0 and self.b == 0


XI = Fp2(1, 1)  # the non-residue 1 + u defining Fp6 = Fp2[v]/(v^3 - xi)
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
        return Fp1(pow(self.v, P - 2, P))


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
# On G2, psi acts as [x] = [-|x|]; on G1, -phi acts as [x^2]. A scalar k < r
# is written in base |x| (four 64-bit digits, since r < |x|^4) for G2 and in
# base x^2 (two 128-bit digits) for G1.
X_ABS = -X
assert X_ABS < 2**64 and R_ORDER < X_ABS**4 and R_ORDER // X_ABS**2 < 2**128
assert X_ABS**2 < 2**128

# --- Frobenius coefficients of the tower ------------------------------------
# Fp6 = Fp2[v]/(v^3 - xi), Fp12 = Fp6[w]/(w^2 - v).
FROB6_V = [XI ** ((P**k - 1) // 3) for k in range(1, 4)]
FROB6_V2 = [XI ** (2 * (P**k - 1) // 3) for k in range(1, 4)]
FROB12_W = [XI ** ((P**k - 1) // 6) for k in range(1, 4)]


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
    w('#include "field.h"')
    w("")
    w("/* |x|, the BLS parameter's absolute value (x itself is negative). */")
    w(f"#define BLS_X_ABS 0x{-X:016x}ULL")
    w("#define BLS_X_IS_NEGATIVE 1")
    w("")
    w("/* Fp: p, -p^-1 mod 2^64 (truncated to a limb), R^2 mod p, exponents. */")
    w(f"static const limb_t P_MODULUS[FP_LIMBS] = {c_limbs(P, 384)};")
    w(f"#define P_N0 ((limb_t)0x{(-pow(P, -1, 2**64)) % 2**64:016x}ULL)")
    w(f"static const limb_t P_R2[FP_LIMBS] = {c_limbs((1 << 768) % P, 384)};")
    w(f"static const limb_t P_MINUS_2[FP_LIMBS] = {c_limbs(P - 2, 384)};")
    w(f"static const limb_t P_PLUS_1_DIV_4[FP_LIMBS] = {c_limbs((P + 1) // 4, 384)};")
    w(f"static const limb_t P_MINUS_1_DIV_2[FP_LIMBS] = {c_limbs((P - 1) // 2, 384)};")
    w(f"static const limb_t P_MINUS_3_DIV_4[FP_LIMBS] = {c_limbs((P - 3) // 4, 384)};")
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
    w("/* Curve coefficients (Montgomery form): b, 3b on E and b', 3b' on E'. */")
    w(f"static const fp_t G1_B = {c_fp(B)};")
    w(f"static const fp_t G1_B3 = {c_fp(3 * B)};")
    w(f"static const fp2_t G2_B = {c_fp2(B2)};")
    w(f"static const fp2_t G2_B3 = {c_fp2(B2 * 3)};")
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
    w("/* |x| and x^2 as limbs: the bases in which scalars are split for the")
    w(" * endomorphisms (-phi is [x^2] on G1, -psi is [|x|] on G2). */")
    w(f"static const limb_t BLS_X_ABS_LIMBS[64 / LIMB_BITS] = {c_limbs(X_ABS, 64)};")
    w(f"static const limb_t BLS_X_SQR_LIMBS[128 / LIMB_BITS] = {c_limbs(X_ABS**2, 128)};")
    w("")
    w("/* Frobenius: v^(p^k) = FROB6_V[k-1] v, (v^2)^(p^k) = FROB6_V2[k-1] v^2,")
    w(" * w^(p^k) = FROB12_W[k-1] w, for k = 1, 2, 3. */")
    w("static const fp2_t FROB6_V[3] = {" + ", ".join(c_fp2(c) for c in FROB6_V) + "};")
    w("static const fp2_t FROB6_V2[3] = {" + ", ".join(c_fp2(c) for c in FROB6_V2) + "};")
    w("static const fp2_t FROB12_W[3] = {" + ", ".join(c_fp2(c) for c in FROB12_W) + "};")
    w("")
    w("#endif /* PYBLS_CONSTS_H */")
    return "\n".join(out) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if csrc/consts.h is stale")
    args = ap.parse_args()
    text = emit()
    if args.check:
        if not OUT.exists() or OUT.read_text() != text:
            print(f"{OUT} is not what {Path(__file__).name} generates", file=sys.stderr)
            return 1
        print(f"{OUT.relative_to(ROOT)} is up to date")
        return 0
    OUT.write_text(text)
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
