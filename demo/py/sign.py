# BLS signatures with pybls.sig: the code run by sign.html.
# Each "# %%" section is one step of the page; the page sets the variables
# named in its form (variant, secret_hex, message, target, n, batch_size)
# before running a step.

# %% keys
from pybls.sig import MinPk, MinSig, SecretKey

bls = (MinPk if variant == "MinPk" else MinSig).PoP  # proof-of-possession ciphersuite
if secret_hex:
    sk = SecretKey.from_bytes(bytes.fromhex(secret_hex))
else:
    sk = SecretKey.random()
pk = bls.sk_to_pk(sk)
{"secret": sk.to_bytes().hex(), "public": pk.to_bytes().hex()}

# %% sign
sig = bls.sign(sk, message.encode())
sig.to_bytes().hex()

# %% verify
bls.verify(pk, message.encode(), sig)

# %% tamper
def flip(data: bytes) -> bytes:
    """`data` with the lowest bit of its last byte flipped."""
    return data[:-1] + bytes([data[-1] ^ 1]) if data else b"\x01"


pk_bytes, msg_bytes, sig_bytes = pk.to_bytes(), message.encode(), sig.to_bytes()
if target == "message":
    msg_bytes = flip(msg_bytes)
elif target == "public key":
    pk_bytes = flip(pk_bytes)
else:
    sig_bytes = flip(sig_bytes)
{"valid": bls.verify(pk_bytes, msg_bytes, sig_bytes),
 "message": msg_bytes.decode(errors="replace"), "public": pk_bytes.hex(), "signature": sig_bytes.hex()}

# %% signers
# n signers (with PoP, each would also register bls.pop_prove(key) once)
signers = [SecretKey.random() for _ in range(n)]
public_keys = [bls.sk_to_pk(key) for key in signers]

# %% sign-all
signatures = [bls.sign(key, message.encode()) for key in signers]

# %% aggregate
aggregate = bls.aggregate(signatures)
aggregate.to_bytes().hex()

# %% fast-verify
{"valid": bls.fast_aggregate_verify(public_keys, message.encode(), aggregate),
 "without_first_signer": bls.fast_aggregate_verify(public_keys[1:], message.encode(), aggregate)}

# %% batch
# batch_size signers, each signing a message of its own
triples = []
for i in range(batch_size):
    key = SecretKey.random()
    msg = f"{message} #{i}".encode()
    triples.append((bls.sk_to_pk(key), msg, bls.sign(key, msg)))

# %% batch-verify
bls.batch_verify(triples)  # one multi-pairing with random weights

# %% one-by-one
all(bls.verify(p, m, s) for p, m, s in triples)

# %% batch-bad
bad = list(triples)
p, m, s = bad[-1]
bad[-1] = (p, m + b"!", s)  # the last signer's message changed
{"valid": bls.batch_verify(bad), "invalid": bls.find_invalid(bad)}
