"""BN254 of Nogami et al. (ISO/IEC 15946-5): mcl's default curve "BN254"
(not Ethereum's alt_bn128, which is build-scripts/curves/bn254.py).

A description, not code: build-scripts/gen_constants.py derives every
constant of csrc/curves/bn254_nogami/ from what is stated here, and checks
each value given here.
"""

NAME = "bn254_nogami"
TITLE = "BN254 (Nogami)"
FAMILY = "BN"
# The BN parameter u = -(2^62 + 2^55 + 1) (mcl's z).
U = -(2**62 + 2**55 + 1)
# E: y^2 = x^3 + 2 over Fp; cofactor 1.
B = 2
# Fp2 = Fp[u]/(u^2 + 1); Fp6 = Fp2[v]/(v^3 - XI) with XI = 1 + u; Fp12 =
# Fp6[w]/(w^2 - v). The twist E': y^2 = x^3 + B / XI is a D-type twist.
XI = (1, 1)
TWIST = "D"
# Encodings: mcl's serialization (little-endian coordinates; compressed:
# x with the parity of y, of y's c0 on G2, in the top bit of the last byte).
ENCODING = "mcl"
# mcl defines no generators for its pairing curves; these are the points of
# its test suite (test/bn_test.cpp): G1 = (-1, 1), and G2 as (c0, c1) pairs.
G1_GEN = (-1, 1)
G2_GEN = (
    (12723517038133731887338407189719511622662176727675373276651903807414909099441,
     4168783608814932154536427934509895782246573715297911553964171371032945126671),
    (13891744915211034074451795021214165905772212241412891944830863846330766296736,
     7937318970632701341203597196594272556916396164729705624521405069090520231616),
)
# mcl's hashAndMapToG1/G2 in its default mode (MapTo::calcBN, after Fouque
# and Tibouchi): SHA-256, then a map with the constants sqrt(-3) and
# (-1 + sqrt(-3)) / 2 that mcl fixes for this curve (include/mcl's
# map_impl.hpp, MapTo::initBN).
MCL_HASH_SQRT_M3 = 0x252364824000000126CD890000000003CF0F0000000000060C00000000000004
MCL_HASH_C2 = 0x25236482400000017080EB4000000006181800000000000CD98000000000000B
