#!/usr/bin/env python3
"""pybls.kzg side by side with ckzg (c-kzg-4844 over blst) in the same
process, single-threaded, with the same trusted setup and `precompute`:
every EIP-4844 and EIP-7594 function on the same random blobs, the outputs
checked equal before timing. The two are timed in alternating runs, so that
a change in the machine's load hits both alike, and each ratio is the
median of the runs' ratios. Prints a table with pybls / ckzg time ratios
(below 1: pybls is faster) and writes benchmarks/results/kzg.json.

Usage:
    python benchmarks/bench_kzg.py [--quick] [--precompute N] [--json PATH]
"""

from __future__ import annotations

import argparse
import datetime
import json
import pathlib
import platform
import random
import sys
import time
from typing import Any, Callable, Dict, List

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing
sys.path.insert(0, str(HERE))

import ckzg  # noqa: E402

from bench_native import fmt_ns  # noqa: E402
from timing import alternating  # noqa: E402
from pybls import kzg  # noqa: E402
from pybls.kzg._field import R  # noqa: E402


def measure_pair(ours: Callable[[], Any], theirs: Callable[[], Any], runs: int, target_ns: int) -> Dict[str, Any]:
    """Alternating timing runs of both (timing.py): each side's median ns
    per call, and the median, min and max of the runs' ratios."""
    alt = alternating({"pybls": ours, "ckzg": theirs}, runs, target_ns)
    lo, mid, hi = alt.ratio("pybls", "ckzg")
    return {"pybls": alt.summary("pybls"), "ckzg": alt.summary("ckzg"), "ratio": mid, "ratio_min": lo, "ratio_max": hi}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer, shorter runs")
    ap.add_argument("--precompute", type=int, default=0)
    ap.add_argument("--batch", type=int, default=64, help="blobs in verify_blob_kzg_proof_batch")
    ap.add_argument("--json", type=pathlib.Path, default=HERE / "results" / "kzg.json")
    args = ap.parse_args()
    runs, target = (7, 100_000_000) if args.quick else (9, 500_000_000)

    t0 = time.perf_counter()
    ts = kzg.load_trusted_setup(kzg.MAINNET, args.precompute)
    load_pybls = time.perf_counter() - t0
    t0 = time.perf_counter()
    cts = ckzg.load_trusted_setup(kzg.MAINNET, args.precompute)
    load_ckzg = time.perf_counter() - t0

    rng = random.Random(4844)
    n_blobs = max(args.batch, 1)
    blobs = [b"".join(rng.randrange(R).to_bytes(32, "big") for _ in range(kzg.FIELD_ELEMENTS_PER_BLOB)) for _ in range(n_blobs)]
    blob = blobs[0]
    z = rng.randrange(R).to_bytes(32, "big")
    cs = [ckzg.blob_to_kzg_commitment(b, cts) for b in blobs]
    ps = [ckzg.compute_blob_kzg_proof(b, c, cts) for b, c in zip(blobs, cs)]
    c = cs[0]
    proof, y = ckzg.compute_kzg_proof(blob, z, cts)
    cells, cell_proofs = ckzg.compute_cells_and_kzg_proofs(blob, cts)
    half = list(range(0, 128, 2))
    sel = list(range(0, 128, 2))
    joined = (b"".join(blobs[: args.batch]), b"".join(cs[: args.batch]), b"".join(ps[: args.batch]))

    cases: List[tuple[str, Callable[[], Any], Callable[[], Any]]] = [
        ("blob_to_kzg_commitment", lambda: kzg.blob_to_kzg_commitment(blob, ts), lambda: ckzg.blob_to_kzg_commitment(blob, cts)),
        ("compute_kzg_proof", lambda: kzg.compute_kzg_proof(blob, z, ts), lambda: ckzg.compute_kzg_proof(blob, z, cts)),
        ("compute_blob_kzg_proof", lambda: kzg.compute_blob_kzg_proof(blob, c, ts), lambda: ckzg.compute_blob_kzg_proof(blob, c, cts)),
        ("verify_kzg_proof", lambda: kzg.verify_kzg_proof(c, z, y, proof, ts), lambda: ckzg.verify_kzg_proof(c, z, y, proof, cts)),
        ("verify_blob_kzg_proof", lambda: kzg.verify_blob_kzg_proof(blob, c, ps[0], ts), lambda: ckzg.verify_blob_kzg_proof(blob, c, ps[0], cts)),
        (
            f"verify_blob_kzg_proof_batch ({args.batch})",
            lambda: kzg.verify_blob_kzg_proof_batch(blobs[: args.batch], cs[: args.batch], ps[: args.batch], ts),
            lambda: ckzg.verify_blob_kzg_proof_batch(*joined, cts),
        ),
        ("compute_cells", lambda: kzg.compute_cells(blob, ts), lambda: ckzg.compute_cells(blob, cts)),
        ("compute_cells_and_kzg_proofs", lambda: kzg.compute_cells_and_kzg_proofs(blob, ts), lambda: ckzg.compute_cells_and_kzg_proofs(blob, cts)),
        (
            "recover_cells_and_kzg_proofs (half)",
            lambda: kzg.recover_cells_and_kzg_proofs(half, [cells[i] for i in half], ts),
            lambda: ckzg.recover_cells_and_kzg_proofs(half, [cells[i] for i in half], cts),
        ),
        (
            "verify_cell_kzg_proof_batch (64 cells)",
            lambda: kzg.verify_cell_kzg_proof_batch([c] * len(sel), sel, [cells[i] for i in sel], [cell_proofs[i] for i in sel], ts),
            lambda: ckzg.verify_cell_kzg_proof_batch([c] * len(sel), sel, [cells[i] for i in sel], [cell_proofs[i] for i in sel], cts),
        ),
    ]

    rows: List[Dict[str, Any]] = []
    print(f"trusted setup load: pybls {load_pybls:.2f} s, ckzg {load_ckzg:.2f} s (precompute={args.precompute})")
    print(f"{'function':42} {'pybls':>10} {'ckzg':>10} {'ratio':>7}  (runs' ratios)")
    for name, ours, theirs in cases:
        assert ours() == theirs(), name
        row = measure_pair(ours, theirs, runs, target)
        a, b = row["pybls"], row["ckzg"]
        spread = f"{row['ratio_min']:.2f}-{row['ratio_max']:.2f}"
        print(f"{name:42} {fmt_ns(a['median_ns']):>10} {fmt_ns(b['median_ns']):>10} {row['ratio']:7.2f}  ({spread})")
        rows.append({"function": name, **row})

    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(
        json.dumps(
            {
                "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                "machine": platform.machine(),
                "python": platform.python_version(),
                "precompute": args.precompute,
                "load_seconds": {"pybls": load_pybls, "ckzg": load_ckzg},
                "results": rows,
            },
            indent=2,
        )
        + "\n"
    )


if __name__ == "__main__":
    main()
