#!/usr/bin/env python3
"""pybls.dask.verify_many on a LocalCluster of 1 and then 2 worker
processes (one thread each): throughput in signatures per second and the
scaling (2 workers' throughput over 1's), in the same run.

The input is --n MinPk.PoP triples of encodings (distinct keys and
messages, as a day of attestations), with a handful made invalid, which
the result must name. Making 10^6 signatures takes a while, so they are
made once, on every core, and cached under build/bench_dask/ (the file
names the count and seed); later runs read them back.

Usage:
    python benchmarks/bench_dask.py [--n 1000000] [--partition-size 1024] [--json PATH]
    python benchmarks/bench_dask.py --quick        # 20000 signatures
"""

from __future__ import annotations

import argparse
import concurrent.futures
import datetime
import json
import os
import pathlib
import platform
import random
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

import pybls  # noqa: E402
import pybls.dask  # noqa: E402
from pybls import CURVE_ORDER  # noqa: E402
from pybls.sig import MinPk, SecretKey  # noqa: E402

BLS = MinPk.PoP
PK, SIG = 48, 96
MSG = 32
# Keys are reused across triples (a validator set signs many messages):
# generating 10^6 keys would double the set-up for nothing measured.
KEYS = 4096
CHUNK = 8192


def _make_chunk(args: Tuple[int, int, int]) -> bytes:
    """Triples start..end as fixed-size records pk || msg || sig."""
    seed, start, end = args
    keys: Dict[int, Tuple[SecretKey, bytes]] = {}
    out = bytearray()
    for i in range(start, end):
        j = i % KEYS
        if j not in keys:  # a secret from the seed (a scalar: cheaper than KeyGen's HKDF)
            sk = SecretKey.from_int(random.Random(seed * 1_000_003 + j).randrange(1, CURVE_ORDER))
            keys[j] = (sk, BLS.sk_to_pk(sk).to_bytes())
        sk, pk = keys[j]
        msg = random.Random(seed ^ (i << 20)).randbytes(MSG)
        out += pk + msg + BLS.sign(sk, msg).to_bytes()
    return bytes(out)


def load_triples(n: int, seed: int) -> List[Tuple[bytes, bytes, bytes]]:
    path = ROOT / "build" / "bench_dask" / f"triples-{n}-{seed}.bin"
    record = PK + MSG + SIG
    if not path.exists() or path.stat().st_size != n * record:
        t0 = time.perf_counter()
        path.parent.mkdir(parents=True, exist_ok=True)
        jobs = [(seed, s, min(s + CHUNK, n)) for s in range(0, n, CHUNK)]
        with concurrent.futures.ProcessPoolExecutor() as pool:
            data = b"".join(pool.map(_make_chunk, jobs))
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(data)
        tmp.replace(path)
        print(f"made {n} signatures in {time.perf_counter() - t0:.1f} s, cached in {path}")
    data = path.read_bytes()
    return [(data[o:o + PK], data[o + PK:o + PK + MSG], data[o + PK + MSG:o + record])
            for o in range(0, n * record, record)]


def plant_invalid(triples: List[Tuple[bytes, bytes, bytes]], rng: random.Random) -> List[int]:
    bad = sorted(rng.sample(range(len(triples)), min(5, len(triples))))
    for i in bad:
        pk, msg, sig = triples[i]
        triples[i] = (pk, bytes([msg[0] ^ 1]) + msg[1:], sig)
    return bad


def run(triples: List[Any], workers: int, partition_size: int) -> Tuple[float, Any]:
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            client.run(lambda: __import__("pybls.dask"))  # imports done before timing
            t0 = time.perf_counter()
            res = pybls.dask.verify_many(triples, BLS, partition_size=partition_size)
            return time.perf_counter() - t0, res


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=1_000_000, help="signatures (default 10^6)")
    ap.add_argument("--quick", action="store_true", help="20000 signatures (unless --n says otherwise)")
    ap.add_argument("--partition-size", type=int, default=pybls.dask.DEFAULT_PARTITION_SIZE)
    ap.add_argument("--max-workers", type=int, default=2, help="measure 1..this many workers (default 2)")
    ap.add_argument("--seed", type=int, default=6)
    ap.add_argument("--json", default=str(HERE / "results" / "dask.json"))
    args = ap.parse_args(argv)
    if args.quick and "--n" not in (argv if argv is not None else sys.argv):
        args.n = 20_000

    triples = load_triples(args.n, args.seed)
    bad = plant_invalid(triples, random.Random(args.seed))
    print(f"pybls {pybls.__version__} ({pybls.backend()}), {os.cpu_count()} CPUs, "
          f"{args.n} signatures, partitions of {args.partition_size}")
    rows: List[Dict[str, Any]] = []
    for w in range(1, args.max_workers + 1):
        seconds, res = run(triples, w, args.partition_size)
        if res.invalid != bad or res.total != args.n:
            raise SystemExit(f"{w} workers: found {res.invalid[:10]} of {res.total}, planted {bad}")
        rate = args.n / seconds
        rows.append({"workers": w, "seconds": seconds, "signatures_per_second": rate,
                     "scaling": rate / rows[0]["signatures_per_second"] if rows else 1.0})
        print(f"  {w} worker{'s' if w > 1 else ' '}  {seconds:8.2f} s  {rate:9.0f} signatures/s"
              f"  x{rows[-1]['scaling']:.2f}", flush=True)

    out = pathlib.Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
        "backend": pybls.backend(), "n": args.n, "partition_size": args.partition_size, "rows": rows,
    }, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
