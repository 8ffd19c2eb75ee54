"""Pure-Python reference data and helpers for the tests.

Everything here is written from the curve's definition and the ZCash/IETF
serialization rules, with plain Python integers, so that it can check pybls
independently (and runs under Pyodide as well as natively). Nothing in here
uses pybls.
"""

import os
import pathlib
import random

# --------------------------------------------------------------------------
# BLS12-381 parameters

#: the BLS parameter x (negative)
X = -0xD201000000010000
#: base field modulus
P = 0x1A0111EA397FE69A4B1BA7B6434BACD764774B84F38512BF6730D2A0F6B0F6241EABFFFEB153FFFFB9FEFFFFFFFFAAAB
#: prime order of G1, G2 and GT
R = 0x73EDA753299D7D483339D80809A1D80553BDA402FFFE5BFEFFFFFFFF00000001
#: cofactor of G1 in E(Fp)
H1 = 0x396C8C005555E1568C00AAAB0000AAAB
#: cofactor of G2 in E'(Fp2)
H2 = 0x5D543A95414E7F1091D50792876A202CD91DE4547085ABAA68A205B2E5A7DDFA628F1CB4D9E82EF21537E293A6691AE1616EC6E786F0C70CF1C38E31C7238E5
#: effective cofactors of RFC 9380, section 8.8.1 and 8.8.2
H_EFF_G1 = 0xD201000000010001
H_EFF_G2 = 0x0BC69F08F2EE75B3584C6A0EA91B352888E2A8E9145AD7689986FF031508FFE1329C2F178731DB956D82BF015D1212B02EC0EC69D7477C1AE954CBC06689F6A359894C0ADEBBF6B4E8020005AAA95551

# Sanity of the constants themselves (so that a typo cannot make a test
# vacuous): p and r are the BLS12 polynomials in x, and the cofactors are the
# curve orders divided by r.
assert P == ((X - 1) ** 2 * (X**4 - X**2 + 1)) // 3 + X
assert R == X**4 - X**2 + 1
assert H1 * R == P + 1 - (X + 1)
assert H_EFF_G1 == 1 - X

#: generators, affine coordinates (G2 coordinates are (c0, c1) = c0 + c1*u)
G1_X = 0x17F1D3A73197D7942695638C4FA9AC0FC3688C4F9774B905A14E3A3F171BAC586C55E83FF97A1AEFFB3AF00ADB22C6BB
G1_Y = 0x08B3F481E3AAA0F1A09E30ED741D8AE4FCF5E095D5D00AF600DB18CB2C04B3EDD03CC744A2888AE40CAA232946C5E7E1
G2_X = (
    0x024AA2B2F08F0A91260805272DC51051C6E47AD4FA403B02B4510B647AE3D1770BAC0326A805BBEFD48056C8C121BDB8,
    0x13E02B6052719F607DACD3A088274F65596BD0D09920B61AB5DA61BBDC7F5049334CF11213945D57E5AC7D055D042B7E,
)
G2_Y = (
    0x0CE5D527727D6E118CC9CDC6DA2E351AADFD9BAA8CBDD3A76D429A695160D12C923AC9CC3BACA289E193548608B82801,
    0x0606C4A02EA734CC32ACD2B02BC28B99CB3E287E85A763AF267492AB572E99AB3F370D275CEC1DA1AAA9075FF05F79BE,
)

#: The well-known ZCash compressed encodings of the generators.
G1_GEN_COMPRESSED = bytes.fromhex(
    "97f1d3a73197d7942695638c4fa9ac0fc3688c4f9774b905a14e3a3f171bac586c55e83ff97a1aeffb3af00adb22c6bb"
)
G2_GEN_COMPRESSED = bytes.fromhex(
    "93e02b6052719f607dacd3a088274f65596bd0d09920b61ab5da61bbdc7f5049334cf11213945d57e5ac7d055d042b7e"
    "024aa2b2f08f0a91260805272dc51051c6e47ad4fa403b02b4510b647ae3d1770bac0326a805bbefd48056c8c121bdb8"
)
G1_INFINITY_COMPRESSED = bytes([0xC0]) + bytes(47)
G2_INFINITY_COMPRESSED = bytes([0xC0]) + bytes(95)
G1_INFINITY_UNCOMPRESSED = bytes([0x40]) + bytes(95)
G2_INFINITY_UNCOMPRESSED = bytes([0x40]) + bytes(191)

C_FLAG, I_FLAG, S_FLAG = 0x80, 0x40, 0x20

# --------------------------------------------------------------------------
# Fp and Fp2 with Python integers


def fp_inv(a):
    return pow(a, P - 2, P)


def divsteps(g, f=P, step=2):
    """How many divsteps fp_inv's GCD takes from (f, g) to g = 0: Bernstein
    and Yang's divstep with delta starting at 1/2 (kept doubled here, so
    starting at 1 and moving by step = 2); step = 1 is their original rule,
    delta starting at 1."""
    delta, n = 1, 0
    while g:
        if delta > 0 and g & 1:
            delta, f, g = step - delta, g, (g - f) >> 1
        elif g & 1:
            delta, g = step + delta, (g + f) >> 1
        else:
            delta, g = step + delta, g >> 1
        n += 1
    return n


def fp_is_square(a):
    a %= P
    return a == 0 or pow(a, (P - 1) // 2, P) == 1


def fp_sqrt(a):
    """A square root of a mod p, or None (p = 3 mod 4)."""
    a %= P
    y = pow(a, (P + 1) // 4, P)
    return y if y * y % P == a else None


def f2_add(a, b):
    return ((a[0] + b[0]) % P, (a[1] + b[1]) % P)


def f2_sub(a, b):
    return ((a[0] - b[0]) % P, (a[1] - b[1]) % P)


def f2_mul(a, b):
    return ((a[0] * b[0] - a[1] * b[1]) % P, (a[0] * b[1] + a[1] * b[0]) % P)


def f2_pow(a, e):
    result = (1, 0)
    base = a
    while e:
        if e & 1:
            result = f2_mul(result, base)
        base = f2_mul(base, base)
        e >>= 1
    return result


def f2_is_square(a):
    return fp_is_square(a[0] * a[0] + a[1] * a[1])


def fp2_sqrt(a):
    """A square root of a in Fp2 = Fp[u]/(u^2+1), or None."""
    a = (a[0] % P, a[1] % P)
    if a == (0, 0):
        return (0, 0)
    a1 = f2_pow(a, (P - 3) // 4)
    alpha = f2_mul(a1, f2_mul(a1, a))
    x0 = f2_mul(a1, a)
    if alpha == (P - 1, 0):
        x = f2_mul((0, 1), x0)
    else:
        b = f2_pow(f2_add((1, 0), alpha), (P - 1) // 2)
        x = f2_mul(b, x0)
    return x if f2_mul(x, x) == a else None


B1 = 4
B2 = (4, 4)


def g1_on_curve(x, y):
    return (y * y - x * x * x - B1) % P == 0


def g2_on_curve(x, y):
    return f2_sub(f2_mul(y, y), f2_add(f2_mul(f2_mul(x, x), x), B2)) == (0, 0)


# --------------------------------------------------------------------------
# ZCash / IETF point encodings


def _fp_sign(y):
    return y > (P - 1) // 2


def _fp2_sign(y):
    return _fp_sign(y[1]) if y[1] else _fp_sign(y[0])


def encode_g1(point, compressed=True):
    """point: None (infinity) or affine (x, y) ints."""
    if point is None:
        return G1_INFINITY_COMPRESSED if compressed else G1_INFINITY_UNCOMPRESSED
    x, y = point
    if compressed:
        out = bytearray(x.to_bytes(48, "big"))
        out[0] |= C_FLAG | (S_FLAG if _fp_sign(y) else 0)
        return bytes(out)
    return x.to_bytes(48, "big") + y.to_bytes(48, "big")


def _fp2_bytes(a):
    return a[1].to_bytes(48, "big") + a[0].to_bytes(48, "big")


def encode_g2(point, compressed=True):
    """point: None (infinity) or affine ((x0, x1), (y0, y1)) ints."""
    if point is None:
        return G2_INFINITY_COMPRESSED if compressed else G2_INFINITY_UNCOMPRESSED
    x, y = point
    if compressed:
        out = bytearray(_fp2_bytes(x))
        out[0] |= C_FLAG | (S_FLAG if _fp2_sign(y) else 0)
        return bytes(out)
    return _fp2_bytes(x) + _fp2_bytes(y)


# --------------------------------------------------------------------------
# Curve points that are not in the prime-order subgroup


def random_g1_curve_point(rng):
    """A random point of E(Fp) (in G1 with probability 1/h1, i.e. never)."""
    while True:
        x = rng.randrange(P)
        y = fp_sqrt(x**3 + B1)
        if y is not None:
            if rng.getrandbits(1):
                y = (P - y) % P
            return x, y


def random_g2_curve_point(rng):
    """A random point of E'(Fp2) (in G2 with probability 1/h2)."""
    while True:
        x = (rng.randrange(P), rng.randrange(P))
        y = fp2_sqrt(f2_add(f2_mul(f2_mul(x, x), x), B2))
        if y is not None:
            if rng.getrandbits(1):
                y = ((P - y[0]) % P, (P - y[1]) % P)
            return x, y


def random_g1_off_curve(rng):
    while True:
        x, y = rng.randrange(P), rng.randrange(P)
        if not g1_on_curve(x, y):
            return x, y


def random_g1_x_not_on_curve(rng):
    """An x for which x^3 + 4 is not a square: no point has this x."""
    while True:
        x = rng.randrange(P)
        if not fp_is_square(x**3 + B1):
            return x


def random_g2_x_not_on_curve(rng):
    while True:
        x = (rng.randrange(P), rng.randrange(P))
        if not f2_is_square(f2_add(f2_mul(f2_mul(x, x), x), B2)):
            return x


def random_g2_off_curve(rng):
    while True:
        x = (rng.randrange(P), rng.randrange(P))
        y = (rng.randrange(P), rng.randrange(P))
        if not g2_on_curve(x, y):
            return x, y


#: (0, 2) lies on E: 2^2 = 0^3 + 4. It has order 3 (an inflection point).
G1_ORDER3_POINT = (0, 2)

# --------------------------------------------------------------------------
# GT (Fp12) encoding
#
# The tower is Fp2 = Fp[u]/(u^2+1), Fp6 = Fp2[v]/(v^3-(u+1)),
# Fp12 = Fp6[w]/(w^2-v). A "tower list" below holds the 12 coefficients
# lowest first: c0.b0.a0, c0.b0.a1, c0.b1.a0, ..., c1.b2.a1 (the order of the
# draft-irtf-cfrg-pairing-friendly-curves vector). pybls's 576-byte encoding
# writes them highest first, 48 bytes big-endian each.


def gt_encode_tower(coeffs):
    assert len(coeffs) == 12
    return b"".join(c.to_bytes(48, "big") for c in reversed(coeffs))


def gt_decode_tower(data):
    assert len(data) == 576
    return [int.from_bytes(data[i * 48 : (i + 1) * 48], "big") for i in range(12)][::-1]


# --------------------------------------------------------------------------
# misc


def rng_for(seed):
    """A deterministic RNG, so that a failure names its input."""
    return random.Random(seed)


def scalar_bytes(k):
    return (k % R).to_bytes(32, "big")


def vectors_path():
    """Location of the shared test vectors: ``$PYBLS_VECTORS`` if set, else
    ``<repo root>/../shared/vectors``."""
    env = os.environ.get("PYBLS_VECTORS")
    if env:
        return pathlib.Path(env)
    return pathlib.Path(__file__).resolve().parent.parent.parent / "shared" / "vectors"
