"""Deterministic pybls outputs, computed the same way in every runtime.

``compute()`` returns a dict ``name -> hex string`` (or ``"True"`` /
``"False"``) of encodings, pairing values, hash-to-curve outputs, keys and
signatures for fixed inputs. test_cross_runtime.py evaluates it natively
and, through cross_runtime.mjs, inside Pyodide with the wasm wheel, and
requires the two dicts to be equal byte for byte. Only pybls and the
standard library are used here (this file is copied into Pyodide as is).
"""

import hashlib

import pybls
from pybls import G1, G2, GT, Scalar, hash_to_field, pairing, pairing_product

DST_G1 = b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_RO_"
DST_G2 = b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_RO_"
DST_G1_NU = b"QUUX-V01-CS02-with-BLS12381G1_XMD:SHA-256_SSWU_NU_"
DST_G2_NU = b"QUUX-V01-CS02-with-BLS12381G2_XMD:SHA-256_SSWU_NU_"
MESSAGES = [b"", b"abc", b"a" * 512, bytes(range(256))]


def _scalar(i):
    """A full-width scalar derived from `i` (deterministic, not small)."""
    return Scalar.from_bytes_wide(hashlib.sha512(b"pybls cross-runtime %d" % i).digest())


def _hex(data):
    return data.hex() if isinstance(data, (bytes, bytearray)) else str(data)


def compute():
    out = {}

    def put(name, value):
        assert name not in out, name
        out[name] = _hex(value)

    P, Q = G1.generator(), G2.generator()
    scalars = [_scalar(i) for i in range(4)]
    for i, k in enumerate(scalars):
        put(f"scalar{i}", k.to_bytes())
        put(f"scalar{i}.inverse", k.inverse().to_bytes())
        a, b = P * k, Q * k
        put(f"g1*scalar{i}", a.to_bytes())
        put(f"g1*scalar{i}.uncompressed", a.to_bytes(compressed=False))
        put(f"g2*scalar{i}", b.to_bytes())
        put(f"g2*scalar{i}.uncompressed", b.to_bytes(compressed=False))
        put(f"g1*scalar{i}.vartime", P.mul_vartime(k).to_bytes())
        put(f"e(g1*scalar{i}, g2)", pairing(a, Q).to_bytes())
        put(f"e(g1, g2*scalar{i})==", pairing(P, b) == pairing(a, Q))
    put("scalar0*scalar1+scalar2", (scalars[0] * scalars[1] + scalars[2]).to_bytes())

    # Points at odd places: identity, sums, doubling, MSM, cofactor clearing.
    put("g1.identity", G1.identity().to_bytes())
    put("g2.identity", G2.identity().to_bytes(compressed=False))
    put("g1 sum", (P * scalars[0] + P * scalars[1] - P).to_bytes())
    put("g2 sum", (Q * scalars[0] + Q * scalars[1] - Q).double().to_bytes())
    put("g1 msm", G1.msm([P * s for s in scalars], scalars[::-1]).to_bytes())
    put("g2 msm", G2.msm([Q * s for s in scalars], scalars[::-1]).to_bytes())

    # The pairing and GT.
    e = pairing(P, Q)
    put("e(g1, g2)", e.to_bytes())
    put("e(g1, g2)^scalar3", (e ** scalars[3]).to_bytes())
    put("e(g1, g2)^-1", e.inverse().to_bytes())
    put("GT.generator", GT.generator().to_bytes())
    pairs = [(P * scalars[0], Q * scalars[1]), (P * scalars[2], Q * scalars[3])]
    put("pairing_product", pairing_product(pairs).to_bytes())

    # Hashing to the curve (RFC 9380 suites) and to the field.
    for j, msg in enumerate(MESSAGES):
        put(f"hash_to_G1[{j}]", G1.hash_to_curve(msg, DST_G1).to_bytes(compressed=False))
        put(f"hash_to_G2[{j}]", G2.hash_to_curve(msg, DST_G2).to_bytes(compressed=False))
        put(f"encode_to_G1[{j}]", G1.encode_to_curve(msg, DST_G1_NU).to_bytes())
        put(f"encode_to_G2[{j}]", G2.encode_to_curve(msg, DST_G2_NU).to_bytes())
    for group in (G1, G2):
        fields = hash_to_field(b"abc", DST_G2, 2, group)
        put(f"hash_to_field[{group.__name__}]", repr(fields).encode())

    # Decoding round trips (what a wallet or a verifier does first).
    h = G2.hash_to_curve(b"round trip", DST_G2)
    put("G2 decode", G2.from_bytes(h.to_bytes()).to_bytes(compressed=False))
    put("G1 decode", G1.from_bytes((P * scalars[1]).to_bytes(compressed=False)).to_bytes())

    # BLS signatures, if pybls.sig is there.
    sig = getattr(pybls, "sig", None)
    if sig is not None:
        for variant_name in ("MinPk", "MinSig"):
            variant = getattr(sig, variant_name)
            for scheme_name in ("Basic", "Aug", "PoP"):
                scheme = getattr(variant, scheme_name)
                tag = f"{variant_name}.{scheme_name}"
                sks = [sig.key_gen(bytes([i + 1]) * 32, b"cross-runtime") for i in range(3)]
                pks = [scheme.sk_to_pk(sk) for sk in sks]
                msgs = [b"message %d" % i for i in range(3)]
                sigs = [scheme.sign(sk, m) for sk, m in zip(sks, msgs)]
                put(f"{tag} sk0", sks[0].to_bytes())
                for i in range(3):
                    put(f"{tag} pk{i}", pks[i].to_bytes())
                    put(f"{tag} sig{i}", sigs[i].to_bytes())
                agg = scheme.aggregate(sigs)
                put(f"{tag} aggregate", agg.to_bytes())
                put(f"{tag} verify", scheme.verify(pks[0], msgs[0], sigs[0]))
                put(f"{tag} verify wrong msg", scheme.verify(pks[0], msgs[1], sigs[0]))
                put(f"{tag} aggregate_verify", scheme.aggregate_verify(pks, msgs, agg))
                if scheme_name == "PoP":
                    proof = scheme.pop_prove(sks[0])
                    put(f"{tag} pop", proof.to_bytes())
                    put(f"{tag} pop_verify", scheme.pop_verify(pks[0], proof))
                    same = [scheme.sign(sk, b"same") for sk in sks]
                    put(
                        f"{tag} fast_aggregate_verify",
                        scheme.fast_aggregate_verify(pks, b"same", scheme.aggregate(same)),
                    )
    return out
