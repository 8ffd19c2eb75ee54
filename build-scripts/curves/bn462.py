"""BN462: the CFRG pairing-friendly-curves draft's BN curve for 128-bit
security after the exTNFS attacks (also mcl's "BN462"), u = 2^114 + 2^101 -
2^14 - 1, with a 462-bit p and r (eight 64-bit limbs; 58-byte encodings).

A description, not code: build-scripts/gen_constants.py derives every
constant of csrc/curves/bn462/ from what is stated here, and checks each
value given here.
"""

NAME = "bn462"
TITLE = "BN462"
FAMILY = "BN"
# The BN parameter u (the draft's t, mcl's z); |u| has 115 bits, so the C
# code takes it as NAF digits rather than one 64-bit word.
U = 2**114 + 2**101 - 2**14 - 1
# E: y^2 = x^3 + 5 over Fp; cofactor 1.
B = 5
# Fp2 = Fp[u]/(u^2 + 1); Fp6 = Fp2[v]/(v^3 - XI) with XI = 2 + u; Fp12 =
# Fp6[w]/(w^2 - v). The twist E': y^2 = x^3 + B / XI is a D-type twist.
XI = (2, 1)
TWIST = "D"
# Encodings: mcl's serialization. The draft defines none for BN462 (58
# bytes leave two spare bits); mcl's needs one: the parity of y in the top
# bit of a compressed x's last (little-endian) byte.
ENCODING = "mcl"
# The draft's base points (section "BN462"), G2's as (c0, c1) pairs.
G1_GEN = (
    0x21A6D67EF250191FADBA34A0A30160B9AC9264B6F95F63B3EDBEC3CF4B2E689DB1BBB4E69A416A0B1E79239C0372E5CD70113C98D91F36B6980D,
    0x0118EA0460F7F7ABB82B33676A7432A490EEDA842CCCFA7D788C659650426E6AF77DF11B8AE40EB80F475432C66600622ECAA8A5734D36FB03DE,
)
G2_GEN = (
    (0x0257CCC85B58DDA0DFB38E3A8CBDC5482E0337E7C1CD96ED61C913820408208F9AD2699BAD92E0032AE1F0AA6A8B48807695468E3D934AE1E4DF,
     0x1D2E4343E8599102AF8EDCA849566BA3C98E2A354730CBED9176884058B18134DD86BAE555B783718F50AF8B59BF7E850E9B73108BA6AA8CD283),
    (0x0A0650439DA22C1979517427A20809ECA035634706E23C3FA7A6BB42FE810F1399A1F41C9DDAE32E03695A140E7B11D7C3376E5B68DF0DB7154E,
     0x073EF0CBD438CBE0172C8AE37306324D44D5E6B0C69AC57B393F1AB370FD725CC647692444A04EF87387AA68D53743493B9EBA14CC552CA2A93A),
)
# Hashing to G1 (RFC 9380 6.6.1): the Shallue-van de Woestijne map with this
# Z, the first candidate of RFC 9380's find_z_svdw (sgn0 is the parity; the
# cofactor is 1, so nothing is cleared). Suites BN462G1_XMD:SHA-256_SVDW_RO_
# and _NU_ (SHA-256 for 128-bit security).
SVDW_Z = 1
# Hashing to G2: the same map over Fp2 with this Z (as (c0, c1)), again the
# first candidate of find_z_svdw, then cofactor clearing by Fuentes-Castaneda,
# Knapp and Rodriguez-Henriquez's [u]Q + psi([3u]Q) + psi^2([u]Q) + psi^3(Q), as
# on BN254: suites BN462G2_XMD:SHA-256_SVDW_RO_ and _NU_.
SVDW_Z2 = (1, 0)
