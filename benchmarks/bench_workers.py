#!/usr/bin/env python3
"""Thread scaling of the batch functions: each operation with ``workers=1``
next to ``workers=N`` (default 2), in the same process, runs interleaved,
and the ratio of their medians (the speed-up; N = 2 on 2 free cores gives
at most 2.0).

Rows: batch_verify of 1024 MinPk.PoP triples (distinct messages, encodings
decoded inside the call, as from the network), find_invalid of the same
with one bad triple, FastAggregateVerify over 4096 encoded keys, a G1 MSM
of 8192 points, batch_verify_partials of 256 threshold partials,
verify_blob_kzg_proof_batch of 8 blobs. Every answer is checked before
timing. Each row also says how many cores each call kept busy (process
CPU time over wall time): on a machine loaded by other processes the
speed-up is bounded by what it leaves. Writes JSON to
benchmarks/results/workers.json.

Usage:
    python benchmarks/bench_workers.py [--quick] [--workers N] [--only SUBSTR] [--json PATH]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import platform
import random
import statistics
import sys
import time
from typing import Any, Callable, Dict, List, Optional, Tuple

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing
sys.path.insert(0, str(HERE))

import pybls  # noqa: E402
from bench_native import fmt_ns  # noqa: E402
from pybls import G1, kzg, threshold  # noqa: E402
from pybls.sig import MinPk  # noqa: E402

BLS = MinPk.PoP
N_BATCH = 1024
N_FAV = 4096
N_MSM = 8192
N_PARTIALS = 256
N_BLOBS = 8

# (name, call taking the worker count, expected answer)
Case = Tuple[str, Callable[[Optional[int]], Any], Any]


def cases(rng: random.Random, quick: bool) -> List[Case]:
    n_batch = N_BATCH // 4 if quick else N_BATCH
    sks = [BLS.key_gen(rng.randbytes(32)) for _ in range(n_batch)]
    msgs = [rng.randbytes(32) for _ in sks]
    triples = [(BLS.sk_to_pk(k).to_bytes(), m, BLS.sign(k, m).to_bytes()) for k, m in zip(sks, msgs)]
    bad = list(triples)
    bad[n_batch // 3] = (bad[n_batch // 3][0], b"forged", bad[n_batch // 3][2])

    fav_keys = [BLS.sk_to_pk(sks[i % n_batch]).to_bytes() for i in range(N_FAV)]
    fav_sig = BLS.aggregate([BLS.sign(sks[i % n_batch], b"block") for i in range(N_FAV)])

    g = G1.generator()
    pts = [g * rng.getrandbits(128) for _ in range(256)]
    msm_pts = [pts[i % 256] for i in range(N_MSM)]
    msm_ks = [rng.getrandbits(255) for _ in range(N_MSM)]
    msm_expected = G1.msm(msm_pts, msm_ks)

    d = threshold.deal(N_PARTIALS // 2, N_PARTIALS)
    partials = [s.sign(b"round 1") for s in d.shares]

    ts = kzg.load_trusted_setup(kzg.MAINNET)
    blobs = [b"".join(bytes(1) + rng.randbytes(31) for _ in range(kzg.FIELD_ELEMENTS_PER_BLOB))
             for _ in range(N_BLOBS)]
    cs = [kzg.blob_to_kzg_commitment(b, ts) for b in blobs]
    ps = [kzg.compute_blob_kzg_proof(b, c, ts) for b, c in zip(blobs, cs)]

    return [
        (f"batch_verify {n_batch}", lambda w: BLS.batch_verify(triples, workers=w), True),
        (f"find_invalid {n_batch}, 1 bad", lambda w: BLS.find_invalid(bad, workers=w), [n_batch // 3]),
        (f"FastAggregateVerify {N_FAV} keys", lambda w: BLS.fast_aggregate_verify(fav_keys, b"block", fav_sig,
                                                                                 workers=w), True),
        (f"G1 msm {N_MSM}", lambda w: G1.msm(msm_pts, msm_ks, workers=w), msm_expected),
        (f"batch_verify_partials {N_PARTIALS}",
         lambda w: threshold.batch_verify_partials(partials, d.public_polynomial, b"round 1", workers=w), True),
        (f"verify_blob_kzg_proof_batch {N_BLOBS}",
         lambda w: kzg.verify_blob_kzg_proof_batch(blobs, cs, ps, ts, workers=w), True),
    ]


def timed(fn: Callable[[], Any]) -> Tuple[float, float]:
    """Wall time (ns) of fn() and the process's CPU time over it: their
    ratio is how many cores the call kept busy (below the thread count
    when other processes take the machine)."""
    t0, c0 = time.perf_counter_ns(), time.process_time_ns()
    fn()
    return float(time.perf_counter_ns() - t0), float(time.process_time_ns() - c0)


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a quarter of the batch, fewer runs")
    ap.add_argument("--workers", type=int, default=2, help="threads to compare with one (default 2)")
    ap.add_argument("--runs", type=int, default=0, help="runs of each (default 7, quick 3)")
    ap.add_argument("--only", default="")
    ap.add_argument("--json", default=str(HERE / "results" / "workers.json"))
    ap.add_argument("--seed", type=int, default=1024)
    args = ap.parse_args(argv)
    runs = args.runs or (3 if args.quick else 7)
    n = args.workers

    print(f"pybls {pybls.__version__} ({pybls.backend()}), {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f}, workers=1 vs workers={n} (median times, speed-up, cores kept busy)")
    rows: List[Dict[str, Any]] = []
    for name, call, expected in cases(random.Random(args.seed), args.quick):
        if args.only and args.only not in name:
            continue
        for w in (1, n):
            got = call(w)
            if got != expected:
                raise SystemExit(f"{name}: workers={w} gave {got!r}, expected {expected!r}")
        one: List[Tuple[float, float]] = []
        many: List[Tuple[float, float]] = []
        for _ in range(runs):  # interleaved: both see the same machine load
            one.append(timed(lambda: call(1)))
            many.append(timed(lambda: call(n)))
        t1, tn = statistics.median(w for w, _ in one), statistics.median(w for w, _ in many)
        busy1 = sum(c for _, c in one) / sum(w for w, _ in one)
        busyn = sum(c for _, c in many) / sum(w for w, _ in many)
        rows.append({"op": name, "workers_1_ns": t1, f"workers_{n}_ns": tn, "speedup": t1 / tn,
                     "cores_busy_1": busy1, f"cores_busy_{n}": busyn, "runs": runs})
        print(f"  {name:<38} {fmt_ns(t1):>10} {fmt_ns(tn):>10}   x{t1 / tn:.2f}"
              f"   cores busy {busy1:.2f} / {busyn:.2f}", flush=True)

    out = pathlib.Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
        "backend": pybls.backend(), "workers": n, "rows": rows,
    }, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
