"""``workers=`` of the batch functions: every count gives the answer of one
thread, which is checked against what the inputs were made to be (planted
invalid items) or computed another way (MSM as a sum of products). Under
Pyodide, which has no threads, every count means one worker and the same
calls must still work."""

import os
import subprocess
import sys

import pytest

from pybls import G1, G2, bn254, errors, kzg, threshold, workers
from pybls.sig import MinPk, MinSig, for_curve

COUNTS = [1, 2, 3, None]


def _triples(bls, n, bad=()):
    keys = [bls.key_gen(bytes([i + 1]) * 32) for i in range(n)]
    out = []
    for i, k in enumerate(keys):
        m = b"msg %d" % (i % 5)  # repeated messages share a pairing
        out.append((bls.sk_to_pk(k), m, bls.sign(k, m if i not in bad else b"other")))
    return out


def test_resolve_and_split():
    assert workers.DEFAULT == 1
    assert workers.resolve(1) == 1
    assert workers.resolve(3) == (3 if workers.THREADS_AVAILABLE else 1)
    assert workers.resolve(None) >= 1
    with pytest.raises(errors.ArgumentError):
        workers.resolve(0)
    with pytest.raises(TypeError):
        workers.resolve("2")
    with pytest.raises(TypeError):
        workers.resolve(True)
    for n in range(0, 9):
        for parts in range(1, 5):
            got = workers.split(list(range(n)), parts)
            assert [x for p in got for x in p] == list(range(n))
            assert all(p for p in got) and len(got) == min(parts, n)
            assert max(map(len, got), default=0) - min(map(len, got), default=0) <= 1


def test_no_threads_under_pyodide():
    assert workers.THREADS_AVAILABLE == (sys.platform != "emscripten")
    if sys.platform == "emscripten":
        assert workers.resolve(4) == 1 and workers.resolve(None) == 1


def test_workers_none_counts_the_cpus_this_process_may_use():
    if not hasattr(os, "sched_setaffinity"):  # Pyodide, macOS, Windows: what the system counts
        counter = getattr(os, "process_cpu_count", os.cpu_count)
        assert workers.cpu_count() == (counter() or 1)
        return
    # a process pinned to one CPU (as a container's cpuset or taskset pins
    # it) gets one worker, whatever the machine has
    code = (
        "import os; from pybls import workers; "
        "os.sched_setaffinity(0, {min(os.sched_getaffinity(0))}); "
        "print(workers.cpu_count(), workers.resolve(None))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["1", "1"]
    assert workers.cpu_count() == len(os.sched_getaffinity(0))


@pytest.mark.parametrize("bls", [MinPk.PoP, MinSig.Basic])
def test_batch_verify_and_find_invalid(bls):
    good = _triples(bls, 13)
    bad = _triples(bls, 13, bad={0, 6, 12})
    undecodable = good[:5] + [(good[5][0], good[5][1], b"\x00" * len(good[5][2].to_bytes()))] + good[6:]
    for w in COUNTS:
        assert bls.batch_verify(good, workers=w) is True
        assert bls.batch_verify(bad, workers=w) is False
        assert bls.batch_verify(undecodable, workers=w) is False
        assert bls.batch_verify([], workers=w) is True
        assert bls.find_invalid(good, workers=w) == []
        assert bls.find_invalid(bad, workers=w) == [0, 6, 12]
        assert bls.find_invalid(undecodable, workers=w) == [5]


def test_batch_verify_other_curve():
    bls = for_curve(bn254).MinPk.PoP
    triples = _triples(bls, 6, bad={4})
    for w in (1, 2):
        assert bls.batch_verify(triples[:4], workers=w) is True
        assert bls.find_invalid(triples, workers=w) == [4]


def test_batch_verify_type_errors_whatever_the_workers():
    triples = _triples(MinPk.PoP, 4)
    triples[3] = (triples[3][0], "a str message", triples[3][2])
    for w in (1, 2):
        with pytest.raises(TypeError):
            MinPk.PoP.batch_verify(triples, workers=w)


def test_fast_aggregate_verify():
    bls = MinPk.PoP
    keys = [bls.key_gen(bytes([i + 1]) * 32) for i in range(9)]
    pks = [bls.sk_to_pk(k) for k in keys]
    agg = bls.aggregate([bls.sign(k, b"block") for k in keys])
    wrong = bls.aggregate([bls.sign(k, b"block") for k in keys[:-1]])
    for w in COUNTS:
        assert bls.fast_aggregate_verify(pks, b"block", agg, workers=w)
        assert bls.fast_aggregate_verify([p.to_bytes() for p in pks], b"block", agg, workers=w)
        assert not bls.fast_aggregate_verify(pks, b"block", wrong, workers=w)
        assert not bls.fast_aggregate_verify(pks, b"other", agg, workers=w)
        assert not bls.fast_aggregate_verify(pks[:4] + [b"\x00" * 48] + pks[5:], b"block", agg, workers=w)
        assert not bls.fast_aggregate_verify([], b"block", agg, workers=w)
        # keys summing to the identity fail KeyValidate, in any split
        assert not bls.fast_aggregate_verify([pks[0], -pks[0].point], b"block", agg, workers=w)


@pytest.mark.parametrize("group", [G1, G2, bn254.G1])
def test_msm_equals_sum_of_products(group):
    g = group.generator()
    pts = [g * (3 * i + 1) for i in range(11)]
    ks = [(7 ** i) % group._SCALAR.R for i in range(11)]
    expected = group.identity()
    for p, k in zip(pts, ks):
        expected = expected + p * k
    for w in COUNTS:
        assert group.msm(pts, ks, workers=w) == expected
        # parts whose sums cancel: the total is the identity
        assert group.msm([g, g], [1, group._SCALAR.R - 1], workers=w).is_identity()
        assert group.msm([], [], workers=w) == group.identity()


def test_threshold_batch_functions():
    d = threshold.deal(3, 7)
    partials = [s.sign(b"msg") for s in d.shares[:6]] + [d.shares[6].sign(b"not msg")]
    for w in COUNTS:
        assert threshold.batch_verify_partials(partials[:6], d.public_polynomial, b"msg", workers=w)
        assert not threshold.batch_verify_partials(partials, d.public_polynomial, b"msg", workers=w)
        assert threshold.find_invalid_partials(partials, d.public_polynomial, b"msg", workers=w) == [7]


@pytest.fixture(scope="module")
def setup():
    return kzg.load_trusted_setup(kzg.MAINNET)


def _blob(seed):
    return b"".join(bytes(31) + bytes([(seed * 7 + i) % 251]) for i in range(kzg.FIELD_ELEMENTS_PER_BLOB))


def test_kzg_blob_batch(setup):
    blobs = [_blob(s) for s in range(3)]
    cs = [kzg.blob_to_kzg_commitment(b, setup) for b in blobs]
    ps = [kzg.compute_blob_kzg_proof(b, c, setup) for b, c in zip(blobs, cs)]
    for w in COUNTS:
        assert kzg.verify_blob_kzg_proof_batch(blobs, cs, ps, setup, workers=w)
        assert not kzg.verify_blob_kzg_proof_batch(blobs, cs, [ps[0], ps[2], ps[1]], setup, workers=w)
        with pytest.raises(errors.KzgInputError):  # the same error as one thread, a bad blob
            kzg.verify_blob_kzg_proof_batch(blobs[:2] + [b"\xff" * kzg.BYTES_PER_BLOB], cs, ps, setup, workers=w)


def test_kzg_cell_batch(setup):
    blob = _blob(5)
    c = kzg.blob_to_kzg_commitment(blob, setup)
    cells, proofs = kzg.compute_cells_and_kzg_proofs(blob, setup)
    idx = [0, 3, 64, 127]
    for w in COUNTS:
        assert kzg.verify_cell_kzg_proof_batch([c] * 4, idx, [cells[i] for i in idx], [proofs[i] for i in idx],
                                               setup, workers=w)
        assert not kzg.verify_cell_kzg_proof_batch([c] * 4, idx, [cells[i] for i in idx],
                                                   [proofs[i] for i in (0, 3, 127, 64)], setup, workers=w)
