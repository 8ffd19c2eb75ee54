"""BN381_1: mcl's 381-bit BN curve ("BN381_1", u = -(2^94 + 2^76 + 2^72 + 1),
from "A Family of Implementation-Friendly BN Elliptic Curves"), with a
382-bit p and r (six 64-bit limbs, as BLS12-381).

A description, not code: build-scripts/gen_constants.py derives every
constant of csrc/curves/bn381/ from what is stated here, and checks each
value given here.
"""

NAME = "bn381"
TITLE = "BN381_1"
FAMILY = "BN"
# The BN parameter u (mcl's z); |u| has 95 bits, so the C code takes it as
# NAF digits rather than one 64-bit word.
U = -(2**94 + 2**76 + 2**72 + 1)
# E: y^2 = x^3 + 2 over Fp; cofactor 1.
B = 2
# Fp2 = Fp[u]/(u^2 + 1); Fp6 = Fp2[v]/(v^3 - XI) with XI = 1 + u; Fp12 =
# Fp6[w]/(w^2 - v). The twist E': y^2 = x^3 + B / XI is a D-type twist.
XI = (1, 1)
TWIST = "D"
# Encodings: mcl's serialization (little-endian coordinates; compressed:
# x with the parity of y, of y's c0 on G2, in the top bit of the last byte).
ENCODING = "mcl"
# mcl fixes no generators for this curve (its tests map integers to the
# curve). G1 = (-1, 1), which lies on y^2 = x^3 + 2 as on mcl's BN254; G2 is
# chosen as BLS12-381's is: the smallest x = c0 (c1 = 0, here c0 = 5) with
# x^3 + b' a square, the root y smaller in (c1, c0), times the cofactor
# 2p - r. The generator checks both have order r.
G1_GEN = (-1, 1)
G2_GEN = (
    (1612386095696339851423718045573586892440766966129287433751525830503058653068632485178553285513832627122143031976412,
     5161971198339640189035417504704920756683320674959579685409972535411307903867416608382999826393544538762586360781548),
    (3176740533901939572367382053335698422287078401374777098783104292592620957643047529049533096325930175622868174521230,
     641422737772082548710505383513580236773939357131336944019938138752761198842429255802045687188939689610177818477144),
)
# Hashing to G1 (RFC 9380 6.6.1): the Shallue-van de Woestijne map with this
# Z, the first candidate of RFC 9380's find_z_svdw (sgn0 is the parity; the
# cofactor is 1, so nothing is cleared). Suites BN381G1_XMD:SHA-256_SVDW_RO_
# and _NU_.
SVDW_Z = -1
# Hashing to G2: the same map over Fp2 with this Z (as (c0, c1)), again the
# first candidate of find_z_svdw, then cofactor clearing by Fuentes-Castaneda,
# Knapp and Rodriguez-Henriquez's [u]Q + psi([3u]Q) + psi^2([u]Q) + psi^3(Q), as
# on BN254: suites BN381G2_XMD:SHA-256_SVDW_RO_ and _NU_.
SVDW_Z2 = (-1, 0)
