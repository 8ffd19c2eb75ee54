"""BN254 as Ethereum's alt_bn128 (EIP-196/197): mcl's BN_SNARK1, py_ecc's
bn128, arkworks' and gnark's bn254.

A description, not code: build-scripts/gen_constants.py derives every
constant of csrc/curves/bn254/ from what is stated here, and checks each
value given here.
"""

NAME = "bn254"
TITLE = "BN254"
FAMILY = "BN"
# The BN parameter u: p = 36u^4 + 36u^3 + 24u^2 + 6u + 1, r = 36u^4 + 36u^3 + 18u^2 + 6u + 1.
U = 0x44E992B44A6909F1
# E: y^2 = x^3 + B over Fp; its group of points has prime order r (cofactor 1).
B = 3
# Fp2 = Fp[u]/(u^2 + 1); Fp6 = Fp2[v]/(v^3 - XI) with XI = 9 + u (as (c0, c1));
# Fp12 = Fp6[w]/(w^2 - v). The twist E': y^2 = x^3 + B / XI is a D-type twist.
XI = (9, 1)
TWIST = "D"
# Encodings: EIP-196/197 (big-endian x || y, Fp2 imaginary part first, all
# zero for the identity); compressed forms take the top two bits of x.
ENCODING = "eip196"
# The generators of EIP-196/197: G1 = (1, 2); G2 as (c0, c1) pairs.
G1_GEN = (1, 2)
G2_GEN = (
    (0x1800DEEF121F1E76426A00665E5C4479674322D4F75EDADD46DEBD5CD992F6ED,
     0x198E9393920D483A7260BFB731FB5D25F1AA493335A9E71297E485B7AEF312C2),
    (0x12C85EA5DB8C6DEB4AAB71808DCB408FE3D1E7690C43D37B4CE6CC0166FA7DAA,
     0x090689D0585FF075EC9E99AD690C3395BC4B313370B38EF355ACDADCD122975B),
)
# Hashing to G1 (RFC 9380 6.6.1): the Shallue-van de Woestijne map with this
# Z, as drand's evmnet chain and kyber's bn254 use it (sgn0 is the parity;
# the cofactor is 1, so nothing is cleared).
SVDW_Z = 1
# Hashing to G2: the same map over Fp2 with this Z (as (c0, c1)), then
# cofactor clearing by Fuentes-Castaneda, Knapp and Rodriguez-Henriquez's
# [u]Q + psi([3u]Q) + psi^2([u]Q) + psi^3(Q): gnark-crypto's and arkworks'
# suite BN254G2_XMD:SHA-256_SVDW_RO_.
SVDW_Z2 = (1, 0)
