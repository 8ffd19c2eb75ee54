"""The core under several Python threads at once: every C call releases the
GIL and keeps no global state, so concurrent verifications, hashes,
decodings and MSMs must each give the answer they give alone. The answers
are known by construction (planted invalid signatures) or from py_ecc.
This checks results, never timing (``benchmarks/bench_workers.py``
measures the scaling)."""

import threading

import pytest

from pybls import G1, G2, pairing
from pybls.sig import MinPk, MinSig

pytestmark = pytest.mark.native_only  # Pyodide starts no threads

THREADS = 4
ROUNDS = 3


def _cases(bls, n):
    """(pk, msg, sig, expected) with every third signature over another message."""
    out = []
    for i in range(n):
        sk = bls.key_gen(bytes([i + 1]) * 32)
        m = b"message %d" % i
        sig = bls.sign(sk, m if i % 3 else b"not the message")
        out.append((bls.sk_to_pk(sk).to_bytes(), m, sig.to_bytes(), i % 3 != 0))
    return out


def _run_threads(work):
    """Run work(thread_index) on THREADS threads started together; re-raise
    the first failure."""
    barrier = threading.Barrier(THREADS)
    errors = []

    def target(t):
        try:
            barrier.wait()
            work(t)
        except BaseException as e:  # noqa: BLE001 - reported to the test below
            errors.append(e)

    threads = [threading.Thread(target=target, args=(t,)) for t in range(THREADS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    if errors:
        raise errors[0]


def test_concurrent_verifications_are_correct():
    cases = {bls: _cases(bls, 9) for bls in (MinPk.PoP, MinSig.Basic)}
    results = [[] for _ in range(THREADS)]

    def work(t):
        for _ in range(ROUNDS):
            for bls, cs in cases.items():
                # each thread walks the cases in its own order
                for pk, m, sig, _ in cs[t % len(cs):] + cs[:t % len(cs)]:
                    results[t].append((bls, m, bls.verify(pk, m, sig)))
                results[t].append((bls, None, bls.find_invalid([c[:3] for c in cs])))

    _run_threads(work)
    for bls, cs in cases.items():
        expected = {m: ok for _, m, _, ok in cs}
        bad = [i for i, c in enumerate(cs) if not c[3]]
        for t in range(THREADS):
            got = [(m, v) for b, m, v in results[t] if b is bls]
            assert len(got) == ROUNDS * (len(cs) + 1)
            for m, v in got:
                assert v == (bad if m is None else expected[m])


def test_concurrent_arithmetic_matches_the_reference():
    # Each thread multiplies, decodes and pairs its own points; the
    # py_ecc gives the expected coordinates.
    from py_ecc.optimized_bls12_381 import G1 as ECC_G1, multiply, normalize

    scalars = [[(t + 2) * 1000003 + 17 * j for j in range(4)] for t in range(THREADS)]
    out = [[] for _ in range(THREADS)]

    def work(t):
        g1, g2 = G1.generator(), G2.generator()
        for k in scalars[t]:
            p = G1.from_bytes((g1 * k).to_bytes())
            q = G2.msm([g2, g2], [k, 1])
            out[t].append((p.to_affine(), pairing(p, g2) == pairing(g1, g2 * k), q == g2 * (k + 1)))

    _run_threads(work)
    for t in range(THREADS):
        for k, (affine, bilinear, msm_ok) in zip(scalars[t], out[t]):
            x, y = normalize(multiply(ECC_G1, k))
            assert affine == (int(x), int(y))
            assert bilinear and msm_ok
