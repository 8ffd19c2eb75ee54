#!/usr/bin/env python3
"""Derive every BLS12-381 constant of the C core from the curve parameter x.

Writes csrc/curves/bls12_381/consts.h. Nothing in that file is typed in by hand: the field
moduli, Montgomery constants, generators, Frobenius coefficients and
endomorphism constants all follow from x = -0xd201000000010000 (plus the
standard choices of tower and generators documented below), and each derived
constant is checked here before it is written.

    python build-scripts/gen_constants.py          # rewrite csrc/curves/bls12_381/consts.h
    python build-scripts/gen_constants.py --check  # exit 1 if it is stale
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "csrc" / "curves" / "bls12_381" / "consts.h"

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
# On G2, -psi acts as [|x|]: a scalar k < r is written in base |x|, four
# 64-bit digits since r < |x|^4, for the GLS multiplication.
X_ABS = -X
assert X_ABS < 2**64 and R_ORDER < X_ABS**4

# --- Frobenius coefficients of the tower ------------------------------------
# Fp6 = Fp2[v]/(v^3 - xi), Fp12 = Fp6[w]/(w^2 - v).
FROB6_V = [XI ** ((P**k - 1) // 3) for k in range(1, 4)]
FROB6_V2 = [XI ** (2 * (P**k - 1) // 3) for k in range(1, 4)]
FROB12_W = [XI ** ((P**k - 1) // 6) for k in range(1, 4)]


# --- hashing to the curve (RFC 9380 section 8.8, appendices E.2 and E.3) ----
# Specification data, transcribed from RFC 9380: the curves E1': y^2 = x^3 +
# A1' x + B1' over Fp (11-isogenous to E) and E2': y^2 = x^3 + A2' x + B2'
# over Fp2 (3-isogenous to the twist E'), the SSWU constants Z, and the
# isogeny maps x = x_num(x') / x_den(x'), y = y' y_num(x') / y_den(x'). The
# coefficient lists give k_(i,0), k_(i,1), ... (lowest degree first); the
# denominators are monic, their leading 1 is implied (as in the RFC). G2
# coefficients are (c0, c1) = c0 + c1 * I. Everything below is checked.
SSWU_G1_A = 0x144698A3B8E9433D693A02C96D4982B0EA985383EE66A8D8E8981AEFD881AC98936F8DA0E0F97F5CF428082D584C1D
SSWU_G1_B = 0x12E2908D11688030018B12E8753EEE3B2016C1F0F24F4070A0B9C14FCEF35EF55A23215A316CEAA5D1CC48E98E172BE0
SSWU_G1_Z = 11
SSWU_G2_A = Fp2(0, 240)
SSWU_G2_B = Fp2(1012, 1012)
SSWU_G2_Z = Fp2(-2, -1)

ISO_G1_X_NUM = [
    "11a05f2b1e833340b809101dd99815856b303e88a2d7005ff2627b56cdb4e2c85610c2d5f2e62d6eaeac1662734649b7",
    "17294ed3e943ab2f0588bab22147a81c7c17e75b2f6a8417f565e33c70d1e86b4838f2a6f318c356e834eef1b3cb83bb",
    "d54005db97678ec1d1048c5d10a9a1bce032473295983e56878e501ec68e25c958c3e3d2a09729fe0179f9dac9edcb0",
    "1778e7166fcc6db74e0609d307e55412d7f5e4656a8dbf25f1b33289f1b330835336e25ce3107193c5b388641d9b6861",
    "e99726a3199f4436642b4b3e4118e5499db995a1257fb3f086eeb65982fac18985a286f301e77c451154ce9ac8895d9",
    "1630c3250d7313ff01d1201bf7a74ab5db3cb17dd952799b9ed3ab9097e68f90a0870d2dcae73d19cd13c1c66f652983",
    "d6ed6553fe44d296a3726c38ae652bfb11586264f0f8ce19008e218f9c86b2a8da25128c1052ecaddd7f225a139ed84",
    "17b81e7701abdbe2e8743884d1117e53356de5ab275b4db1a682c62ef0f2753339b7c8f8c8f475af9ccb5618e3f0c88e",
    "80d3cf1f9a78fc47b90b33563be990dc43b756ce79f5574a2c596c928c5d1de4fa295f296b74e956d71986a8497e317",
    "169b1f8e1bcfa7c42e0c37515d138f22dd2ecb803a0c5c99676314baf4bb1b7fa3190b2edc0327797f241067be390c9e",
    "10321da079ce07e272d8ec09d2565b0dfa7dccdde6787f96d50af36003b14866f69b771f8c285decca67df3f1605fb7b",
    "6e08c248e260e70bd1e962381edee3d31d79d7e22c837bc23c0bf1bc24c6b68c24b1b80b64d391fa9c8ba2e8ba2d229",
]
ISO_G1_X_DEN = [
    "8ca8d548cff19ae18b2e62f4bd3fa6f01d5ef4ba35b48ba9c9588617fc8ac62b558d681be343df8993cf9fa40d21b1c",
    "12561a5deb559c4348b4711298e536367041e8ca0cf0800c0126c2588c48bf5713daa8846cb026e9e5c8276ec82b3bff",
    "b2962fe57a3225e8137e629bff2991f6f89416f5a718cd1fca64e00b11aceacd6a3d0967c94fedcfcc239ba5cb83e19",
    "3425581a58ae2fec83aafef7c40eb545b08243f16b1655154cca8abc28d6fd04976d5243eecf5c4130de8938dc62cd8",
    "13a8e162022914a80a6f1d5f43e7a07dffdfc759a12062bb8d6b44e833b306da9bd29ba81f35781d539d395b3532a21e",
    "e7355f8e4e667b955390f7f0506c6e9395735e9ce9cad4d0a43bcef24b8982f7400d24bc4228f11c02df9a29f6304a5",
    "772caacf16936190f3e0c63e0596721570f5799af53a1894e2e073062aede9cea73b3538f0de06cec2574496ee84a3a",
    "14a7ac2a9d64a8b230b3f5b074cf01996e7f63c21bca68a81996e1cdf9822c580fa5b9489d11e2d311f7d99bbdcc5a5e",
    "a10ecf6ada54f825e920b3dafc7a3cce07f8d1d7161366b74100da67f39883503826692abba43704776ec3a79a1d641",
    "95fc13ab9e92ad4476d6e3eb3a56680f682b4ee96f7d03776df533978f31c1593174e4b4b7865002d6384d168ecdd0a",
]
ISO_G1_Y_NUM = [
    "90d97c81ba24ee0259d1f094980dcfa11ad138e48a869522b52af6c956543d3cd0c7aee9b3ba3c2be9845719707bb33",
    "134996a104ee5811d51036d776fb46831223e96c254f383d0f906343eb67ad34d6c56711962fa8bfe097e75a2e41c696",
    "cc786baa966e66f4a384c86a3b49942552e2d658a31ce2c344be4b91400da7d26d521628b00523b8dfe240c72de1f6",
    "1f86376e8981c217898751ad8746757d42aa7b90eeb791c09e4a3ec03251cf9de405aba9ec61deca6355c77b0e5f4cb",
    "8cc03fdefe0ff135caf4fe2a21529c4195536fbe3ce50b879833fd221351adc2ee7f8dc099040a841b6daecf2e8fedb",
    "16603fca40634b6a2211e11db8f0a6a074a7d0d4afadb7bd76505c3d3ad5544e203f6326c95a807299b23ab13633a5f0",
    "4ab0b9bcfac1bbcb2c977d027796b3ce75bb8ca2be184cb5231413c4d634f3747a87ac2460f415ec961f8855fe9d6f2",
    "987c8d5333ab86fde9926bd2ca6c674170a05bfe3bdd81ffd038da6c26c842642f64550fedfe935a15e4ca31870fb29",
    "9fc4018bd96684be88c9e221e4da1bb8f3abd16679dc26c1e8b6e6a1f20cabe69d65201c78607a360370e577bdba587",
    "e1bba7a1186bdb5223abde7ada14a23c42a0ca7915af6fe06985e7ed1e4d43b9b3f7055dd4eba6f2bafaaebca731c30",
    "19713e47937cd1be0dfd0b8f1d43fb93cd2fcbcb6caf493fd1183e416389e61031bf3a5cce3fbafce813711ad011c132",
    "18b46a908f36f6deb918c143fed2edcc523559b8aaf0c2462e6bfe7f911f643249d9cdf41b44d606ce07c8a4d0074d8e",
    "b182cac101b9399d155096004f53f447aa7b12a3426b08ec02710e807b4633f06c851c1919211f20d4c04f00b971ef8",
    "245a394ad1eca9b72fc00ae7be315dc757b3b080d4c158013e6632d3c40659cc6cf90ad1c232a6442d9d3f5db980133",
    "5c129645e44cf1102a159f748c4a3fc5e673d81d7e86568d9ab0f5d396a7ce46ba1049b6579afb7866b1e715475224b",
    "15e6be4e990f03ce4ea50b3b42df2eb5cb181d8f84965a3957add4fa95af01b2b665027efec01c7704b456be69c8b604",
]
ISO_G1_Y_DEN = [
    "16112c4c3a9c98b252181140fad0eae9601a6de578980be6eec3232b5be72e7a07f3688ef60c206d01479253b03663c1",
    "1962d75c2381201e1a0cbd6c43c348b885c84ff731c4d59ca4a10356f453e01f78a4260763529e3532f6102c2e49a03d",
    "58df3306640da276faaae7d6e8eb15778c4855551ae7f310c35a5dd279cd2eca6757cd636f96f891e2538b53dbf67f2",
    "16b7d288798e5395f20d23bf89edb4d1d115c5dbddbcd30e123da489e726af41727364f2c28297ada8d26d98445f5416",
    "be0e079545f43e4b00cc912f8228ddcc6d19c9f0f69bbb0542eda0fc9dec916a20b15dc0fd2ededda39142311a5001d",
    "8d9e5297186db2d9fb266eaac783182b70152c65550d881c5ecd87b6f0f5a6449f38db9dfa9cce202c6477faaf9b7ac",
    "166007c08a99db2fc3ba8734ace9824b5eecfdfa8d0cf8ef5dd365bc400a0051d5fa9c01a58b1fb93d1a1399126a775c",
    "16a3ef08be3ea7ea03bcddfabba6ff6ee5a4375efa1f4fd7feb34fd206357132b920f5b00801dee460ee415a15812ed9",
    "1866c8ed336c61231a1be54fd1d74cc4f9fb0ce4c6af5920abc5750c4bf39b4852cfe2f7bb9248836b233d9d55535d4a",
    "167a55cda70a6e1cea820597d94a84903216f763e13d87bb5308592e7ea7d4fbc7385ea3d529b35e346ef48bb8913f55",
    "4d2f259eea405bd48f010a01ad2911d9c6dd039bb61a6290e591b36e636a5c871a5c29f4f83060400f8b49cba8f6aa8",
    "accbb67481d033ff5852c1e48c50c477f94ff8aefce42d28c0f9a88cea7913516f968986f7ebbea9684b529e2561092",
    "ad6b9514c767fe3c3613144b45f1496543346d98adf02267d5ceef9a00d9b8693000763e3b90ac11e99b138573345cc",
    "2660400eb2e4f3b628bdd0d53cd76f2bf565b94e72927c1cb748df27942480e420517bd8714cc80d1fadc1326ed06f7",
    "e0fa1d816ddc03e6b24255e0d7819c171c40f65e273b853324efcd6356caa205ca2f570f13497804415473a1d634b8f",
]
ISO_G2_X_NUM = [
    ("5c759507e8e333ebb5b7a9a47d7ed8532c52d39fd3a042a88b58423c50ae15d5c2638e343d9c71c6238aaaaaaaa97d6", "5c759507e8e333ebb5b7a9a47d7ed8532c52d39fd3a042a88b58423c50ae15d5c2638e343d9c71c6238aaaaaaaa97d6"),
    ("0", "11560bf17baa99bc32126fced787c88f984f87adf7ae0c7f9a208c6b4f20a4181472aaa9cb8d555526a9ffffffffc71a"),
    ("11560bf17baa99bc32126fced787c88f984f87adf7ae0c7f9a208c6b4f20a4181472aaa9cb8d555526a9ffffffffc71e", "8ab05f8bdd54cde190937e76bc3e447cc27c3d6fbd7063fcd104635a790520c0a395554e5c6aaaa9354ffffffffe38d"),
    ("171d6541fa38ccfaed6dea691f5fb614cb14b4e7f4e810aa22d6108f142b85757098e38d0f671c7188e2aaaaaaaa5ed1", "0"),
]
ISO_G2_X_DEN = [
    ("0", "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaa63"),
    ("c", "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaa9f"),
]
ISO_G2_Y_NUM = [
    ("1530477c7ab4113b59a4c18b076d11930f7da5d4a07f649bf54439d87d27e500fc8c25ebf8c92f6812cfc71c71c6d706", "1530477c7ab4113b59a4c18b076d11930f7da5d4a07f649bf54439d87d27e500fc8c25ebf8c92f6812cfc71c71c6d706"),
    ("0", "5c759507e8e333ebb5b7a9a47d7ed8532c52d39fd3a042a88b58423c50ae15d5c2638e343d9c71c6238aaaaaaaa97be"),
    ("11560bf17baa99bc32126fced787c88f984f87adf7ae0c7f9a208c6b4f20a4181472aaa9cb8d555526a9ffffffffc71c", "8ab05f8bdd54cde190937e76bc3e447cc27c3d6fbd7063fcd104635a790520c0a395554e5c6aaaa9354ffffffffe38f"),
    ("124c9ad43b6cf79bfbf7043de3811ad0761b0f37a1e26286b0e977c69aa274524e79097a56dc4bd9e1b371c71c718b10", "0"),
]
ISO_G2_Y_DEN = [
    ("1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffa8fb", "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffa8fb"),
    ("0", "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffa9d3"),
    ("12", "1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaa99"),
]


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
        "/* 2^384 mod p: hash_to_field reduces 64-byte strings as hi 2^384 + lo. */",
        f"static const fp_t FP_2_384 = {c_fp((1 << 384) % P)};",
        "",
        "/* Isogeny maps E1' -> E (degree 11) and E2' -> E' (degree 3), RFC 9380",
        " * appendices E.2 and E.3: coefficients k_(i,0), k_(i,1), ..., lowest degree",
        " * first; the denominators are monic and their leading 1 is included. */",
    ]
    out += [fp_array(f"ISO_G1_{n}", ks) for n, ks in zip(names, ISO_G1)]
    out += [fp2_array(f"ISO_G2_{n}", ks) for n, ks in zip(names, ISO_G2)]
    return out

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
    w("/* Frobenius: v^(p^k) = FROB6_V[k-1] v, (v^2)^(p^k) = FROB6_V2[k-1] v^2,")
    w(" * w^(p^k) = FROB12_W[k-1] w, for k = 1, 2, 3. */")
    w("static const fp2_t FROB6_V[3] = {" + ", ".join(c_fp2(c) for c in FROB6_V) + "};")
    w("static const fp2_t FROB6_V2[3] = {" + ", ".join(c_fp2(c) for c in FROB6_V2) + "};")
    w("static const fp2_t FROB12_W[3] = {" + ", ".join(c_fp2(c) for c in FROB12_W) + "};")
    w("")
    out.extend(emit_hash_to_curve())
    w("")
    w("#endif /* PYBLS_CONSTS_H */")
    return "\n".join(out) + "\n"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="fail if csrc/curves/bls12_381/consts.h is stale")
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
