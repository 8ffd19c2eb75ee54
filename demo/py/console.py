# Examples for console.html: each "# %%" section is one example the page
# can load into its editor (its name is the section's title).

# %% pairing
# The pairing is bilinear: e(aP, bQ) = e(P, Q)^(ab)
from pybls import G1, G2, Scalar, pairing

a, b = Scalar.random(), Scalar.random()
P, Q = G1.generator(), G2.generator()
print(pairing(P * a, Q * b) == pairing(P, Q) ** (a * b))

# %% signatures
# Sign and verify with the Ethereum ciphersuite (min-pk, proof of possession)
from pybls.sig import MinPk, SecretKey

bls = MinPk.PoP
sk = SecretKey.random()
pk = bls.sk_to_pk(sk)
sig = bls.sign(sk, b"hello from the browser")
print("public key:", pk.to_bytes().hex())
print("signature: ", sig.to_bytes().hex())
print("valid:", bls.verify(pk, b"hello from the browser", sig))
sk  # secret keys never show their value

# %% threshold
# 3-of-5 threshold signature with a trusted dealer
from pybls import threshold
from pybls.sig import MinPk

d = threshold.deal(3, 5)
partials = [d.shares[i].sign(b"msg") for i in (0, 2, 4)]
sig = threshold.recover(partials, 3)
MinPk.PoP.verify(d.public_key, b"msg", sig)

# %% ibe
# Identity-based encryption: encrypt to a name, decrypt with its extracted key
from pybls import ibe

master = ibe.MasterKey.generate()
box = ibe.encrypt(master.public_key(), b"bob@example.com", b"hello Bob")
ibe.decrypt(master.extract(b"bob@example.com"), box)

# %% hash-to-curve
# Hash to G2 (RFC 9380 suite BLS12381G2_XMD:SHA-256_SSWU_RO_)
from pybls import G2

H = G2.hash_to_curve(b"abc", b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_")
print(H.in_subgroup())
H.to_bytes().hex()

# %% errors
# Invalid input raises a named exception
from pybls import G1

G1.from_bytes(bytes.fromhex("a0" + "00" * 47))

# %% runtime
import sys
import pybls

print("platform:", sys.platform, "| python", sys.version.split()[0])
print("pybls", pybls.__version__, "backend:", pybls.backend())
