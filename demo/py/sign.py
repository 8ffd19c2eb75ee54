# BLS signatures with pybls.sig: the code run by sign.html.
# Each "# %%" section is one step of the page; the page sets the variables
# named in its form (curve, variant, secret_hex, message, target, n,
# batch_size, compare_curve) before running a step.

# %% curves
from pybls import curves

# The curves the page offers (pybls name: the curve's name and the security
# level in bits that the CFRG pairing-friendly-curves draft classes it at
# after the exTNFS attacks). A curve is listed once pybls has a module for
# it; listing imports none (a curve's core loads when it is first picked).
OFFERED = {
    "bls12_381": ("BLS12-381", 128),
    "bn254": ("BN254", 100),
    "bn462": ("BN462", 128),
    "bls48_581": ("BLS48-581", 256),
}
[{"key": key, "name": name, "security": bits}
 for key, (name, bits) in OFFERED.items() if key in list(curves.CURVES)]

# %% curve
from pybls import sig
from pybls.sig import SecretKey
from pybls.sig.curve import sig_curve

schemes = sig.for_curve(curve)  # the first use of a curve imports pybls.<curve>, loading its core
variants = {v.name: v for v in schemes.variants}  # those whose signature group the curve hashes to
{"name": sig_curve(curve).name,  # "BLS12-381", "BN462", ...
 "secret_bytes": len(schemes.curve.Scalar(1).to_bytes()),
 "variants": {name: {"public": len(v.PublicKey.GROUP.generator().to_bytes()),
                     "signature": len(v.Signature.GROUP.generator().to_bytes())}
              for name, v in variants.items()},
 "ciphersuites": [f"{v} {kind}: {dst.decode()}" for v, kind, dst, _ in sig.ciphersuites(curve)]}

# %% keys
bls = sig.scheme(curve, variant, "PoP")  # proof-of-possession ciphersuite
if secret_hex:
    sk = SecretKey.from_bytes(bytes.fromhex(secret_hex), curve)
else:
    sk = SecretKey.random(curve)
pk = bls.sk_to_pk(sk)
{"secret": sk.to_bytes().hex(), "public": pk.to_bytes().hex()}

# %% sign
signature = bls.sign(sk, message.encode())
signature.to_bytes().hex()

# %% verify
bls.verify(pk, message.encode(), signature)

# %% tamper
def flip(data: bytes) -> bytes:
    """`data` with the lowest bit of its last byte flipped."""
    return data[:-1] + bytes([data[-1] ^ 1]) if data else b"\x01"


pk_bytes, msg_bytes, sig_bytes = pk.to_bytes(), message.encode(), signature.to_bytes()
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
signers = [SecretKey.random(curve) for _ in range(n)]
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
    key = SecretKey.random(curve)
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

# %% measure
import statistics
import time

from pybls.sig import SecretKey, for_curve


def median_ms(op, budget=0.25, most=7):
    """The median time of op() in milliseconds: one call to warm up, then
    timed calls, up to `most` of them or until `budget` seconds have passed."""
    op()
    times = []
    start = time.perf_counter()
    while len(times) < most and (not times or time.perf_counter() - start < budget):
        t = time.perf_counter()
        op()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def measure(key, wanted):
    """Sizes and times of the PoP scheme on curve `key`, in the variant
    `wanted` if the curve has it, else in the one it has."""
    have = {v.name: v for v in for_curve(key).variants}
    if not have:
        return {"unavailable": "hashes to neither G1 nor G2: no BLS signatures"}
    scheme = (have.get(wanted) or next(iter(have.values()))).PoP
    secret = SecretKey.random(key)
    public, msg = scheme.sk_to_pk(secret), b"measured in this page"
    signature = scheme.sign(secret, msg)
    return {"variant": scheme.variant.name,
            "public": len(public.to_bytes()), "signature": len(signature.to_bytes()),
            "verifies": scheme.verify(public, msg, signature),
            "keygen": median_ms(lambda: scheme.sk_to_pk(SecretKey.random(key))),
            "sign": median_ms(lambda: scheme.sign(secret, msg)),
            "verify": median_ms(lambda: scheme.verify(public, msg, signature))}


measure(compare_curve, variant)
