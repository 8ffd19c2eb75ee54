"""Scalars and a reference power shared by the tests of the split
multiplications and powers (test_bn_split.py, test_gt_vartime.py,
test_g1_mul_ct.py, test_g2_mul_ct.py): the cube roots of unity modulo r,
the edges of Fr and the powers of an endomorphism's eigenvalue, the scalars at
which the core's Babai rounding changes side (read from the constants it
compiles, csrc/curves/<name>/consts.h: native checkouts only), and
square-and-multiply over a group's own product and square."""

import pathlib
import random
import re

BN_CURVES = ["bn254", "bn254_nogami", "bn381", "bn462"]
CONSTS = pathlib.Path(__file__).resolve().parent.parent / "csrc" / "curves"


def _limbs(text, name):
    """The integers of consts.h's array `name` (LIMB64 words, least
    significant first within each integer of `count` words)."""
    body = re.search(r"\b" + name + r"\[[^=]*=\s*\{(.*?)\};", text, re.S).group(1)
    return [int(w, 16) for w in re.findall(r"LIMB64\(0x([0-9a-f]+)\)", body)]


def _words_to_ints(words, per):
    return [sum(w << (64 * i) for i, w in enumerate(words[j:j + per])) for j in range(0, len(words), per)]


def _boundary_scalars(name, r):
    """Scalars k for which (k - GLS_D) GLS_G[i] / 2^m, the Babai coefficient
    before rounding, lies next to a half-integer, and their neighbours."""
    text = (CONSTS / name / "consts.h").read_text()
    per = int(re.search(r"#define CURVE_FR_BITS (\d+)", (CONSTS / name / "params.h").read_text()).group(1)) // 64
    (d,) = _words_to_ints(_limbs(text, "GLS_D"), per)
    g = _words_to_ints(_limbs(text, "GLS_G"), per)
    m = 64 * per + 64
    out = []
    for gi in g:
        top = (r * gi) >> m  # the coefficient's range over kk < r
        for t in (0, 1, top // 3, top - 1):
            kk = ((2 * t + 1) << (m - 1)) // gi  # kk gi / 2^m just below t + 1/2
            out += [(kk + s + d) % r for s in (-1, 0, 1, 2)]
    return out


def _cube_roots_of_unity(r):
    """The two primitive cube roots of unity modulo the prime r ([] if
    there are none, r = 2 mod 3)."""
    if (r - 1) % 3:
        return []
    for g in range(2, 100):
        w = pow(g, (r - 1) // 3, r)
        if w != 1:
            return [w, w * w % r]
    return []


def _scalars(r, lam):
    """Edges, powers of lam and four random scalars."""
    rng = random.Random(r)
    quarter = r.bit_length() // 4
    scalars = [0, 1, 2, r - 1, r - 2, r // 2, 2**64 - 1, 2**64, lam, r - lam, lam + 1,
               lam * lam % r, pow(lam, 3, r), (1 + lam + lam * lam + pow(lam, 3, r)) % r,
               2**quarter - 1, 2**quarter, 2**(quarter + 1) + 1]
    return scalars + [rng.randrange(r) for _ in range(4)]


def _square_multiply(one, a, k):
    out = one
    for bit in bin(k)[2:]:
        out = out.square()
        if bit == "1":
            out = out * a
    return out
