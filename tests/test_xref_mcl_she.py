"""pybls.she against mcl (through mcl-wasm 2.4.1 in Node, tests/mcl_oracle.py).

mcl-wasm exposes mcl's curves but not its SHE (that is the separate npm
package she-wasm, which the project's package sources do not carry), and
mcl's SHE tests (test/she_test.cpp) publish no known answers: every value
there is random. So the interoperability checked here is that of the
scheme's formulas under mcl's own group arithmetic and pairing, the ones
mcl's she.hpp uses: mcl encrypts under a pybls public key with
ElGamalEnc's (S, T) = (m·P + r·xP, r·P) in G1 and G2, adds ciphertexts and
multiplies them with its pairing ((e(S1, S2), e(S1, T2), e(T1, S2),
e(T1, T2)), as CipherTextGT::mul), and pybls decrypts; and mcl decrypts
pybls's ciphertexts as SecretKey::dec does (S - x·T = m·P). The bases are
the curves' generators on both sides (mcl's SHE hashes "0" to its bases;
pybls uses the generators), and on mcl's BN254 mcl's pairing is pybls's
raised to a fixed power K (tests/test_xref_mcl_bn254_nogami.py), which is
taken out before decrypting.
"""

import random

import pytest

import mcl_oracle
from mcl_oracle import ok
from pybls import curves, she

pytestmark = pytest.mark.native_only

RNG = random.Random(0x736865)
Z = -(2**62 + 2**55 + 1)  # mcl's BN254 parameter
# (pybls curve, mcl curve, mcl's pairing = pybls's ** K)
CASES = [
    ("bls12_381", "BLS12_381", 1),
    ("bn254_nogami", "BN254", 2 * Z * (6 * Z * Z + 3 * Z + 1)),
]


def hx(point):
    return point.to_bytes(compressed=True).hex()


def gt_from_coeffs(c, coeffs):
    # mcl lists the coefficients lowest first; pybls encodes highest first.
    n = c.GT._BYTES // 12
    return c.GT.from_bytes(b"".join(int(x, 16).to_bytes(n, "big") for x in reversed(coeffs)))


@pytest.mark.parametrize("name, mcl_curve, k", CASES)
def test_mcl_encrypts_adds_multiplies_pybls_decrypts(name, mcl_curve, k):
    c = curves.get(name)
    R = c.CURVE_ORDER
    sk = she.SecretKey.generate(name)
    pk = sk.public_key()
    xP, yQ = pk._xP, pk._yQ
    P, Q = c.G1.generator(), c.G2.generator()
    m = [RNG.randrange(-900, 900) for _ in range(4)]  # two in G1, two in G2
    r = [RNG.randrange(1, R) for _ in range(4)]
    run = lambda ops: [ok(a) for a in mcl_oracle.run(mcl_curve, ops)]  # noqa: E731
    ops = []
    for i, (g, base, pub) in enumerate((("g1", P, xP), ("g1", P, xP), ("g2", Q, yQ), ("g2", Q, yQ))):
        ops += [
            {"op": f"{g}_mul", "point": hx(base), "scalar": str(m[i])},
            {"op": f"{g}_mul", "point": hx(pub), "scalar": str(r[i])},
            {"op": f"{g}_mul", "point": hx(base), "scalar": str(r[i])},
        ]
    parts = [a["point"] for a in run(ops)]
    # S = m·P + r·xP, T = r·P; then the sums of the two ciphertexts of each group.
    ops = [{"op": f"{g}_add", "points": parts[3 * i : 3 * i + 2]} for i, g in enumerate(("g1", "g1", "g2", "g2"))]
    S = [a["point"] for a in run(ops)]
    T = [parts[3 * i + 2] for i in range(4)]
    sums = run([
        {"op": "g1_add", "points": [S[0], S[1]]}, {"op": "g1_add", "points": [T[0], T[1]]},
        {"op": "g2_add", "points": [S[2], S[3]]}, {"op": "g2_add", "points": [T[2], T[3]]},
    ])
    cts = [
        (she.CipherTextG1 if i < 2 else she.CipherTextG2).from_bytes(bytes.fromhex(S[i] + T[i]), name)
        for i in range(4)
    ]
    small = {g: she.DecryptionTable.build(name, g, bound=10**6, baby_steps=512) for g in ("g1", "g2", "gt")}
    assert [sk.decrypt(ct, small["g1" if i < 2 else "g2"]) for i, ct in enumerate(cts)] == m
    sum1 = she.CipherTextG1.from_bytes(bytes.fromhex(sums[0]["point"] + sums[1]["point"]), name)
    sum2 = she.CipherTextG2.from_bytes(bytes.fromhex(sums[2]["point"] + sums[3]["point"]), name)
    assert sk.decrypt(sum1, small["g1"]) == m[0] + m[1] and sk.decrypt(sum2, small["g2"]) == m[2] + m[3]
    # mcl's CipherTextGT::mul of sum1 and sum2, with mcl's pairing.
    S1, T1, S2, T2 = (sums[i]["point"] for i in range(4))
    gts = run([{"op": "pairing", "g1": a, "g2": b} for a, b in ((S1, S2), (S1, T2), (T1, S2), (T1, T2))])
    unpower = pow(k, -1, R)
    prod = she.CipherTextGT._make(c, [gt_from_coeffs(c, a["coeffs"]) ** unpower for a in gts])
    assert sk.decrypt(prod, small["gt"]) == (m[0] + m[1]) * (m[2] + m[3])
    # And pybls's own product of mcl's ciphertexts agrees.
    assert sk.decrypt(sum1 * sum2, small["gt"]) == (m[0] + m[1]) * (m[2] + m[3])


@pytest.mark.parametrize("name, mcl_curve, k", CASES)
def test_mcl_decrypts_pybls_ciphertexts(name, mcl_curve, k):
    c = curves.get(name)
    R = c.CURVE_ORDER
    sk = she.SecretKey.generate(name)
    pk = sk.public_key()
    x, y = int(sk._x), int(sk._y)
    a, b = RNG.randrange(-10**6, 10**6), RNG.randrange(-10**6, 10**6)
    c1, c2 = pk.enc_g1(a) + pk.enc_g1(1), pk.enc_g2(b) * 3
    (S1, T1), (S2, T2) = c1.components, c2.components
    run = lambda ops: [ok(r) for r in mcl_oracle.run(mcl_curve, ops)]  # noqa: E731
    neg = run([
        {"op": "g1_mul", "point": hx(T1), "scalar": str(R - x)},
        {"op": "g2_mul", "point": hx(T2), "scalar": str(R - y)},
        {"op": "g1_mul", "point": hx(c.G1.generator()), "scalar": str(a + 1)},
        {"op": "g2_mul", "point": hx(c.G2.generator()), "scalar": str(3 * b)},
    ])
    dec = run([
        {"op": "g1_add", "points": [hx(S1), neg[0]["point"]]},
        {"op": "g2_add", "points": [hx(S2), neg[1]["point"]]},
    ])
    assert dec[0]["point"] == neg[2]["point"] and dec[1]["point"] == neg[3]["point"]
