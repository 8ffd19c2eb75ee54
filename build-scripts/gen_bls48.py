"""The BLS48 family's part of build-scripts/gen_constants.py: derive and check
csrc/curves/<name>/consts.h of a BLS48 curve from its description.

The tower is the draft's: Fp2 = Fp[u]/(u^2 + 1), Fp4 = Fp2[v]/(v^2 + u + 1),
Fp8 = Fp4[w]/(w^2 + v), Fp24 = Fp8[z]/(z^3 + w), Fp48 = Fp24[s]/(s^2 + z),
so s^6 = w and Fp48 = Fp8[s]/(s^6 - w). The small arithmetic below serves
the derivations and self-checks only.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Callable, List, Optional, Tuple

from pow_chain import c_lines as pow_chain_lines


def bls48_params(t: int) -> "tuple[int, int]":
    r = t**16 - t**8 + 1
    assert (t - 1) ** 2 * r % 3 == 0
    return (t - 1) ** 2 * r // 3 + t, r


class Quad:
    """c0 + c1 X over a base field with X^2 = nr, where the base's
    `mul_nr` multiplies by nr. Fp itself is the class Base below."""

    __slots__ = ("c0", "c1", "mul_nr")

    def __init__(self, c0: Any, c1: Any, mul_nr: Callable[[Any], Any]) -> None:
        self.c0, self.c1, self.mul_nr = c0, c1, mul_nr

    def _mk(self, c0: Any, c1: Any) -> "Quad":
        return Quad(c0, c1, self.mul_nr)

    def __add__(self, o: "Quad") -> "Quad":
        return self._mk(self.c0 + o.c0, self.c1 + o.c1)

    def __sub__(self, o: "Quad") -> "Quad":
        return self._mk(self.c0 - o.c0, self.c1 - o.c1)

    def __neg__(self) -> "Quad":
        return self._mk(-self.c0, -self.c1)

    def __mul__(self, o: "Quad") -> "Quad":
        a0b0, a1b1 = self.c0 * o.c0, self.c1 * o.c1
        return self._mk(a0b0 + self.mul_nr(a1b1), self.c0 * o.c1 + self.c1 * o.c0)

    def __eq__(self, o: object) -> bool:
        return isinstance(o, Quad) and self.c0 == o.c0 and self.c1 == o.c1

    def __hash__(self) -> int:
        return hash((self.c0, self.c1))

    def is_zero(self) -> bool:
        return self.c0.is_zero() and self.c1.is_zero()

    def inv(self) -> "Quad":
        n = self.c0 * self.c0 - self.mul_nr(self.c1 * self.c1)
        ni = n.inv()
        return self._mk(self.c0 * ni, -(self.c1 * ni))

    def __pow__(self, e: int) -> "Quad":
        out, base = self.one(), self
        while e:
            if e & 1:
                out = out * base
            base = base * base
            e >>= 1
        return out

    def one(self) -> "Quad":
        return self._mk(self.c0.one(), self.c0.zero())

    def zero(self) -> "Quad":
        return self._mk(self.c0.zero(), self.c0.zero())

    def flat(self) -> "list[int]":
        return self.c0.flat() + self.c1.flat()


class Base:
    """An element of Fp with the interface of Quad."""

    __slots__ = ("v", "p")

    def __init__(self, v: int, p: int) -> None:
        self.v, self.p = v % p, p

    def __add__(self, o: "Base") -> "Base":
        return Base(self.v + o.v, self.p)

    def __sub__(self, o: "Base") -> "Base":
        return Base(self.v - o.v, self.p)

    def __neg__(self) -> "Base":
        return Base(-self.v, self.p)

    def __mul__(self, o: "Base") -> "Base":
        return Base(self.v * o.v, self.p)

    def __eq__(self, o: object) -> bool:
        return isinstance(o, Base) and self.v == o.v

    def __hash__(self) -> int:
        return hash(self.v)

    def is_zero(self) -> bool:
        return self.v == 0

    def inv(self) -> "Base":
        return Base(pow(self.v, -1, self.p), self.p)

    def one(self) -> "Base":
        return Base(1, self.p)

    def zero(self) -> "Base":
        return Base(0, self.p)

    def flat(self) -> "list[int]":
        return [self.v]


class Tower:
    """Constructors of Fp2, Fp4 and Fp8 elements of the draft's tower."""

    def __init__(self, p: int) -> None:
        self.p = p
        self.fp2_nr = lambda a: -a                            # u^2 = -1
        self.fp4_nr = lambda a: -(a * self.fp2(1, 1))         # v^2 = -(1 + u)
        self.fp8_nr = lambda a: -(a * self.fp4([0, 0, 1, 0]))  # w^2 = -v

    def fp(self, a: int) -> Base:
        return Base(a, self.p)

    def fp2(self, a: int, b: int = 0) -> Quad:
        return Quad(self.fp(a), self.fp(b), self.fp2_nr)

    def fp4(self, c: "list[int]") -> Quad:
        return Quad(self.fp2(c[0], c[1]), self.fp2(c[2], c[3]), self.fp4_nr)

    def fp8(self, c: "list[int]") -> Quad:
        return Quad(self.fp4(list(c[0:4])), self.fp4(list(c[4:8])), self.fp8_nr)


def affine_add(p1: Any, p2: Any) -> Any:
    """Affine addition on y^2 = x^3 + b (None = O)."""
    if p1 is None:
        return p2
    if p2 is None:
        return p1
    (x1, y1), (x2, y2) = p1, p2
    if x1 == x2:
        if not (y1 == y2) or y1.is_zero():
            return None
        lam = x1 * x1
        lam = (lam + lam + lam) * (y1 + y1).inv()
    else:
        lam = (y2 - y1) * (x2 - x1).inv()
    x3 = lam * lam - x1 - x2
    return (x3, lam * (x1 - x3) - y1)


def affine_mul(pt: Any, k: int) -> Any:
    acc = None
    if k < 0:
        pt, k = (pt[0], -pt[1]), -k
    while k:
        if k & 1:
            acc = affine_add(acc, pt)
        pt = affine_add(pt, pt)
        k >>= 1
    return acc


def _isqrt(n: int) -> int:
    from math import isqrt
    return isqrt(n)


def naf(k: int) -> "list[int]":
    out = []
    while k:
        d = (2 - k % 4) if k & 1 else 0
        out.append(d)
        k = (k - d) // 2
    return out


def emit_bls48(curve: SimpleNamespace, c_limbs: Callable[[int, int], str],
               exp_window: Callable[[int], "tuple[int, list[int]]"]) -> str:
    t = curve.U
    p, r = bls48_params(t)
    assert p.bit_length() == 581 and r.bit_length() == 518
    assert pow(2, p - 1, p) == 1 and pow(3, r - 1, r) == 1
    assert p % 4 == 3 and p % 3 == 1
    fp_bits = -(-p.bit_length() // 64) * 64
    fr_bits = -(-r.bit_length() // 64) * 64
    T = Tower(p)

    # G1: the draft's generator, of order r on E: y^2 = x^3 + 1.
    g1 = (T.fp(curve.G1_GEN[0]), T.fp(curve.G1_GEN[1]))
    assert g1[1] * g1[1] == g1[0] * g1[0] * g1[0] + T.fp(curve.B)
    assert affine_mul(g1, r) is None
    # #E(Fp) = p + 1 - (t + 1) = h r.
    h1 = (p - t) // r
    assert (p - t) % r == 0 and h1 == curve.H1
    # The 2-part of E(Fp) is E[2] (g1.c's cofactor clearing relies on it):
    # h = 4 mod 8, r odd, and x^3 + 1 has three roots (p = 1 mod 3).
    assert h1 % 8 == 4 and r % 2 == 1 and p % 3 == 1
    # e: a root of x^3 + 1 other than -1, for g1.c's 2-descent test.
    omega = next(c for c in (pow(g, (p - 1) // 3, p) for g in range(2, 100)) if c != 1)
    e2 = -omega % p
    assert (e2**3 + 1) % p == 0 and e2 != p - 1

    # #E'(Fp8) from the trace t8 of Frobenius over Fp8 (t_k = t_1 t_(k-1) -
    # p t_(k-2), t_1 = t + 1): of the twists' orders q + 1 - (+-t8 +- 3f)/2
    # (t8^2 - 4q = -3 f^2), exactly one is a multiple of r.
    traces = [2, t + 1]
    for _ in range(7):
        traces.append((t + 1) * traces[-1] - p * traces[-2])
    q, t8 = p**8, traces[8]
    f2, rem = divmod(4 * q - t8 * t8, 3)
    f = _isqrt(f2)
    assert rem == 0 and f * f == f2
    orders = {q + 1 - (a * t8 + b * 3 * f) // 2 for a in (1, -1) for b in (1, -1)}
    multiples = [n for n in orders if n % r == 0]
    assert len(multiples) == 1
    h2 = multiples[0] // r
    assert h2 == curve.H2

    # G2 on E': y^2 = x^3 + b' with b' = -1/w.
    w = T.fp8([0, 0, 0, 0, 1, 0, 0, 0])
    b2 = -(w.inv())
    g2 = (T.fp8(list(curve.G2_GEN[0])), T.fp8(list(curve.G2_GEN[1])))
    assert g2[1] * g2[1] == g2[0] * g2[0] * g2[0] + b2
    assert affine_mul(g2, r) is None

    # psi = untwist^-1 . Frobenius . untwist on E': (x, y) -> (x^p PSI_X,
    # y^p PSI_Y) with PSI_X = (xi^2)^(p-1) = (-w)^((p-1)/3) and PSI_Y =
    # (xi^3)^(p-1) = (-w)^((p-1)/2) (xi^6 = -w), which acts on G2 as [p] =
    # [t] (r divides p - t): E = -psi acts as [|t|], and since r < |t|^16 a
    # scalar splits into 16 base-|t| digits (GLS).
    psi_x = (-w) ** ((p - 1) // 3)
    psi_y = (-w) ** ((p - 1) // 2)
    assert r < abs(t) ** 16 and abs(t) < 2**34

    def psi(pt: Any) -> Any:
        return (pt[0] ** p * psi_x, pt[1] ** p * psi_y)

    assert psi(g2) == affine_mul(g2, t)

    # g2.c's E = -psi with the Frobenius folded into psi's constants: in
    # the Fp2 basis (1, v, w, v w) of Fp8, the Frobenius takes each basis
    # element e_i to a multiple of one e_j, so x^p PSI_X, -y^p PSI_Y and
    # z^p (projective Z) each send the conjugate of coefficient i to one
    # coefficient j times one Fp2 constant. G2_ENDO[c][i] is that constant
    # for coordinate c (x, y, z); ENDO_PERM[c][i] is j. Constants of the
    # form k or k u (one Fp product per output Fp coefficient) are marked
    # "fp" or "u" in ENDO_SHAPE, which g2.c hard-codes.
    basis = [T.fp8([1 if j == 2 * i else 0 for j in range(8)]) for i in range(4)]
    one8 = T.fp8([1, 0, 0, 0, 0, 0, 0, 0])
    endo_consts = []
    endo_perm = []
    endo_shape = []
    for mult in (psi_x, -psi_y, one8):
        consts, perm, shape = [], [], []
        for e in basis:
            img = (e ** p * mult).flat()
            nonzero = [j for j in range(4) if img[2 * j] or img[2 * j + 1]]
            assert len(nonzero) == 1
            j = nonzero[0]
            k = T.fp2(img[2 * j], img[2 * j + 1])
            perm.append(j)
            consts.append(k)
            shape.append("fp" if k.c1.is_zero() else "u" if k.c0.is_zero() else "fp2")
        endo_consts.append(consts)
        endo_perm.append(perm)
        endo_shape.append(shape)
    assert endo_perm == [[1, 0, 2, 3], [2, 3, 0, 1], [0, 1, 3, 2]]
    assert endo_shape == [["fp2", "fp2", "u", "fp2"], ["fp2", "u", "fp", "fp2"], ["fp", "fp2", "u", "fp"]]
    assert endo_consts[2][0] == T.fp2(1)

    def fold(a: Any, c: int) -> Any:
        """a's image under the folded map of coordinate c."""
        coeffs = a.flat()
        out = [0] * 8
        for i in range(4):
            conj = T.fp2(coeffs[2 * i], -coeffs[2 * i + 1] % p)
            v = (conj * endo_consts[c][i]).flat()
            j = endo_perm[c][i]
            out[2 * j], out[2 * j + 1] = v[0], v[1]
        return T.fp8(out)

    z_test = T.fp8([(7 * i + 3) ** 5 % p for i in range(8)])
    assert fold(g2[0] * z_test, 0) == (g2[0] * z_test) ** p * psi_x
    assert fold(g2[1] * z_test, 1) == -((g2[1] * z_test) ** p * psi_y)
    assert fold(z_test, 2) == z_test ** p
    # E(g2) = -psi(g2) = [-t] g2 in projective coordinates (X, Y, Z) =
    # (x z, y z, z).
    minus_t_g2 = affine_mul(g2, -t % r)
    zi = fold(z_test, 2).inv()
    assert (fold(g2[0] * z_test, 0) * zi, fold(g2[1] * z_test, 1) * zi) == minus_t_g2

    # Frobenius coefficients. Fp4: v^(p^k) = FROB4_V[k-1] v with
    # FROB4_V = (v^2)^((p^k - 1)/2) in Fp2; Fp8: w^(p^k) = FROB8_W[k-1] w,
    # (w^2)^((p^k-1)/2) in Fp4; Fp48: s^(p^k) = gamma_k s with gamma_k =
    # w^((p^k - 1)/6) in Fp8, and a coefficient of s-degree d takes gamma_k^d.
    v2 = T.fp4([0, 0, 1, 0]) * T.fp4([0, 0, 1, 0])
    assert v2.c1.is_zero()
    frob4 = [v2.c0 ** ((p**k - 1) // 2) for k in range(1, 9)]
    w2 = w * w
    assert w2.c1.is_zero()
    frob8 = [w2.c0 ** ((p**k - 1) // 2) for k in range(1, 9)]
    frob48_k = (1, 2, 4, 8)
    frob48 = []
    for k in frob48_k:
        assert (p**k - 1) % 6 == 0
        g = w ** ((p**k - 1) // 6)
        frob48.append([g ** d for d in range(1, 6)])

    # The final exponentiation's hard part: 3 (p^16 - p^8 + 1) / r as a
    # polynomial in t and p (Hayashida, Hayasaka and Teruya's form for BLS
    # curves), evaluated by fp48.c with exponentiations by t.
    phi = p**16 - p**8 + 1
    assert phi % r == 0
    assert 3 * phi // r == (t - 1) ** 2 * (t + p) * (t**2 + p**2) * (t**4 + p**4) * (t**8 + p**8 - 1) + 3
    # GT membership: in the cyclotomic subgroup (of order phi), a^p = a^t
    # holds exactly on the order-r elements.
    from math import gcd
    assert gcd(p - t, phi) == r

    # The Miller loop runs over |t| (t < 0: f is inverted after it).
    loop = naf(abs(t))
    assert sum(d << i for i, d in enumerate(loop)) == abs(t)

    def c_f(v: Any) -> str:
        vals = v.flat() if not isinstance(v, int) else [v]
        inner = ", ".join("{" + c_limbs((x << fp_bits) % p, fp_bits) + "}" for x in vals)
        return "{" + inner + "}" if len(vals) > 1 else inner

    def c_nested(v: Any) -> str:
        if isinstance(v, Base):
            return "{" + c_limbs((v.v << fp_bits) % p, fp_bits) + "}"
        return "{" + c_nested(v.c0) + ", " + c_nested(v.c1) + "}"

    out: "list[str]" = []
    o = out.append
    o(f"/* Generated by build-scripts/gen_constants.py from build-scripts/curves/{curve.NAME}.py")
    o(f" * (t = {t:#x}). Do not edit: rerun the script (a test checks this file is reproducible). */")
    o("#ifndef PYBLS_CONSTS_H")
    o("#define PYBLS_CONSTS_H")
    o("")
    o('#include "field/field.h"')
    o('#include "field/tower48.h"')
    o("")
    o("/* The sign of t, the BLS parameter. */")
    o(f"#define BLS_X_IS_NEGATIVE {int(t < 0)}")
    o("")
    o("/* Fp: p, -p^-1 mod 2^64 (truncated to a limb), R^2 mod p, exponents. */")
    o(f"static const limb_t P_MODULUS[FP_LIMBS] = {c_limbs(p, fp_bits)};")
    o(f"#define P_N0 ((limb_t)0x{(-pow(p, -1, 2**64)) % 2**64:016x}ULL)")
    o(f"static const limb_t P_R2[FP_LIMBS] = {c_limbs((1 << (2 * fp_bits)) % p, fp_bits)};")
    o(f"static const limb_t P_MINUS_1_DIV_2[FP_LIMBS] = {c_limbs((p - 1) // 2, fp_bits)};")
    for line in pow_chain_lines("P_MINUS_3_DIV_4_CHAIN", (p - 3) // 4, "((p - 3) / 4)"):
        o(line)
    o(f"static const fp_t FP_ONE = {c_nested(T.fp(1))};")
    o("")
    fr_bytes = -(-r.bit_length() // 8)
    o("/* Fr: r, -r^-1 mod 2^64, R^2 mod r, S R^2 mod r for S = 2^(8 CURVE_FR_BYTES),")
    o(" * r - 2, r - 1. */")
    o(f"static const limb_t R_MODULUS[FR_LIMBS] = {c_limbs(r, fr_bits)};")
    o(f"#define R_N0 ((limb_t)0x{(-pow(r, -1, 2**64)) % 2**64:016x}ULL)")
    o(f"static const limb_t R_R2[FR_LIMBS] = {c_limbs((1 << (2 * fr_bits)) % r, fr_bits)};")
    o(f"static const limb_t R_R3[FR_LIMBS] = {c_limbs((1 << (8 * fr_bytes + 2 * fr_bits)) % r, fr_bits)};")
    o(f"static const limb_t R_MINUS_2[FR_LIMBS] = {c_limbs(r - 2, fr_bits)};")
    o(f"static const limb_t R_MINUS_1[FR_LIMBS] = {c_limbs(r - 1, fr_bits)};")
    o(f"static const fr_t FR_ONE = {{{c_limbs((1 << fr_bits) % r, fr_bits)}}};")
    o("/* r itself, for the subgroup checks [r]P = O. */")
    o(f"static const limb_t R_ORDER_LIMBS[FR_LIMBS] = {c_limbs(r, fr_bits)};")
    o("")
    o("/* Curve coefficients (Montgomery form): b on E, b' = -1/w on E' and 3b'. */")
    o(f"#define CURVE_B {curve.B}")
    o(f"static const fp_t G1_B = {c_nested(T.fp(curve.B))};")
    o(f"static const fp8_t G2_B = {c_nested(b2)};")
    o(f"static const fp8_t G2_B3 = {c_nested(b2 + b2 + b2)};")
    o("/* The cofactor h of E(Fp) = h r, for clearing it on G1. */")
    assert h1 < 2**64
    o(f"#define G1_COFACTOR 0x{h1:016x}ULL")
    o("/* A root of x^3 + 1 other than -1 (the points of order 2 are (-1, 0) and (e, 0)")
    o(" * for the two such roots e). */")
    o(f"static const fp_t G1_TWO_TORSION_X = {c_nested(T.fp(e2))};")
    h2_bits = -(-h2.bit_length() // 64) * 64
    o("/* The cofactor h' of E'(Fp8) = h' r, for clearing it on G2. */")
    o(f"#define G2_COFACTOR_NLIMBS ({h2_bits // 64} * 64 / LIMB_BITS)")
    o(f"static const limb_t G2_COFACTOR_LIMBS[G2_COFACTOR_NLIMBS] = {c_limbs(h2, h2_bits)};")
    # g2.c clears it as [k] h(psi)(Q) with Budroni and Pintore's h(psi) =
    # (t^8 - t^7 - 1) + sum_{i=1..7} (t^(8-i) - t^(7-i)) psi^i + 2 psi^8,
    # which maps E'(Fp8) into G2 as [c h'] for a c prime to r; on G2 psi is
    # [t], so c h' = h(t) = 10 t^8 - 8 t^7 - 1 (mod r) and k = h' / h(t)
    # makes the product [h']Q (the tests compare it with [h']Q).
    h_of_t = 10 * t**8 - 8 * t**7 - 1
    assert h_of_t % r != 0
    k_clear = h2 * pow(h_of_t, -1, r) % r
    o("/* k = h' / h(t) mod r, g2.c's factor after h(psi) (Montgomery form). */")
    o(f"static const fr_t G2_CLEAR_K = {{{c_limbs(k_clear * (1 << fr_bits) % r, fr_bits)}}};")
    o("")
    o("/* |t| and its limbs: -psi acts as [|t|] on G2, whose scalars split into")
    o(" * SCALAR_T_DIGITS base-|t| digits. */")
    o(f"#define BLS_X_ABS 0x{abs(t):016x}ULL")
    o(f"static const limb_t BLS_X_ABS_LIMBS[64 / LIMB_BITS] = {c_limbs(abs(t), 64)};")
    o(f"#define BLS_X_ABS_BITS {abs(t).bit_length()}")
    o("/* E = -psi, psi(x, y) = (x^p PSI_X, y^p PSI_Y) (gen_bls48.py), on projective")
    o(" * (X, Y, Z) with the Frobenius folded into PSI_X and PSI_Y: coefficient")
    o(" * i (basis 1, v, w, v w over Fp2) of X, Y, Z goes conjugated, times")
    o(" * G2_ENDO[c][i], to coefficient j of the result: j = 1, 0, 2, 3 for X,")
    o(" * 2, 3, 0, 1 for Y, 0, 1, 3, 2 for Z. X's entry 2, Y's 1 and Z's 2 are")
    o(" * k u, Y's 2 and Z's 0 and 3 are k, for k in Fp (g2.c relies on it). */")
    o("static const fp2_t G2_ENDO[3][4] = {" + ", ".join(
        "{" + ", ".join(c_nested(k) for k in row) + "}" for row in endo_consts) + "};")
    o("")
    o("/* Generators (affine, Montgomery form): the draft's base points. */")
    o(f"static const fp_t G1_GEN_X = {c_nested(g1[0])};")
    o(f"static const fp_t G1_GEN_Y = {c_nested(g1[1])};")
    o(f"static const fp8_t G2_GEN_X = {c_nested(g2[0])};")
    o(f"static const fp8_t G2_GEN_Y = {c_nested(g2[1])};")
    o("")
    o("/* Frobenius: v^(p^k) = FROB4_V[k-1] v and w^(p^k) = FROB8_W[k-1] w for")
    o(" * k = 1..8; for k = 1, 2, 4, 8 (index 0..3), a coefficient of Fp48 of")
    o(" * s-degree d = 1..5 (Fp48 = Fp8[s]/(s^6 - w)) takes FROB48[i][d-1]. */")
    o("static const fp2_t FROB4_V[8] = {" + ", ".join(c_nested(c) for c in frob4) + "};")
    o("static const fp4_t FROB8_W[8] = {" + ", ".join(c_nested(c) for c in frob8) + "};")
    o("static const fp8_t FROB48[4][5] = {" + ", ".join(
        "{" + ", ".join(c_nested(c) for c in row) + "}" for row in frob48) + "};")
    o("")
    o("/* The optimal ate pairing's loop: |t| in non-adjacent form, least")
    o(" * significant digit first. */")
    o(f"#define BLS48_LOOP_LEN {len(loop)}")
    o("static const signed char BLS48_LOOP_NAF[BLS48_LOOP_LEN] = {" + ", ".join(str(d) for d in loop) + "};")
    o("")
    u_window, u_digits = exp_window(abs(t))
    o("/* |t| in width-U_WINDOW NAF, least significant digit first, for the")
    o(" * multiplications by t of G1 and G2 (ec_mul_template.h). */")
    o(f"#define U_WINDOW {u_window}")
    o(f"#define U_WNAF_LEN {len(u_digits)}")
    o("static const signed char U_WNAF[U_WNAF_LEN] = {" + ", ".join(str(d) for d in u_digits) + "};")
    o("")
    o("#endif /* PYBLS_CONSTS_H */")
    return "\n".join(out) + "\n"
