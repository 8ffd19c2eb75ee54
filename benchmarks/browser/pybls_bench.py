"""pybls timings inside Pyodide, measured from Python (run by bench.html).

``run(min_runs, min_ms)`` returns ``{operation: median milliseconds}`` for
the operations the JavaScript peers are measured on.
"""

import time

from pybls import G1, G2, Scalar, pairing
from pybls.sig import MinPk, key_gen

DST = b"BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_"
N_AGG = 128


def median(fn, min_runs=5, min_ms=400.0, max_runs=200):
    fn()  # warm-up
    times = []
    start = time.perf_counter()
    while len(times) < min_runs or ((time.perf_counter() - start) * 1000 < min_ms and len(times) < max_runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    return times[len(times) // 2]


def run(min_runs=5, min_ms=400.0):
    bls = MinPk.PoP.with_dst(DST) if hasattr(MinPk.PoP, "with_dst") else MinPk.PoP
    sks = [key_gen(i.to_bytes(2, "big") * 16) for i in range(N_AGG)]
    pks = [bls.sk_to_pk(sk) for sk in sks]
    msg = b"message 0"
    sigs = [bls.sign(sk, msg) for sk in sks]
    agg = bls.aggregate(sigs)
    assert bls.fast_aggregate_verify(pks, msg, agg)
    sig_bytes = sigs[0].to_bytes()
    P, Q = G1.generator() * 12345, G2.generator() * 67890
    k = Scalar(-1234567891011)
    m = lambda fn: median(fn, min_runs, min_ms)  # noqa: E731
    return {
        "pairing": m(lambda: pairing(P, Q)),
        "hash_to_G2": m(lambda: G2.hash_to_curve(b"message 1", DST)),
        "sign": m(lambda: bls.sign(sks[0], msg)),
        "verify": m(lambda: bls.verify(pks[0], msg, sigs[0])),
        "g1_mul": m(lambda: P * k),
        "g1_mul_vartime": m(lambda: P.mul_vartime(k)),
        "aggregate_128": m(lambda: bls.aggregate(sigs)),
        "g2_decompress": m(lambda: G2.from_bytes(sig_bytes)),
        "fast_aggregate_verify_128": m(lambda: bls.fast_aggregate_verify(pks, msg, agg)),
    }
