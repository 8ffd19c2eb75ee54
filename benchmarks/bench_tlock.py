#!/usr/bin/env python3
"""Timelock benchmark: pybls.tlock natively and inside Pyodide (under Node)
next to drand's tlock-js in Node, on the same machine and the same files.

A local beacon (quicknet's scheme: signatures in G1, key in G2) supplies the
chain and the round's signature, so nothing touches the network; tlock-js
gets them through a stub chain client (benchmarks/tlock/tlock_js.mjs) and,
like pybls, verifies the beacon before decrypting. Rows: encrypt and decrypt
of armored files of 32 bytes and 1 MB. Prints a table with the ratios
tlock-js / pybls (above 1: pybls is faster) and writes JSON to
benchmarks/results/tlock.json. Needs `make wasm` and tlock-js installed by
`npm ci` in benchmarks/tlock (`make bench` does both).

Usage:
    python benchmarks/bench_tlock.py [--quick] [--json PATH] [--no-pyodide]
"""

from __future__ import annotations

import argparse
import datetime
import json
import pathlib
import platform
import subprocess
import sys
import tempfile
import time
from typing import Any, Dict, List

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing
sys.path.insert(0, str(HERE / "tlock"))

import pybls  # noqa: E402
import pybls_tlock_bench  # noqa: E402
from pybls.drand import LocalBeacon  # noqa: E402

SIZES = [32, 1_000_000]


def _node(script: str, request: Dict[str, Any]) -> Dict[str, Any]:
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(request, f)
    out = subprocess.run(["node", str(HERE / "tlock" / script), f.name], capture_output=True, text=True,
                         timeout=1800)
    pathlib.Path(f.name).unlink()
    if out.returncode != 0:
        raise SystemExit(f"{script} failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def _by_key(results: List[Dict[str, Any]]) -> Dict[Any, float]:
    return {(r["op"], r["size"]): r["seconds_per_op"] for r in results}


def _fmt(seconds: float) -> str:
    return f"{seconds * 1e3:9.2f} ms"


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="shorter measurements")
    ap.add_argument("--json", type=pathlib.Path, default=HERE / "results" / "tlock.json")
    ap.add_argument("--no-pyodide", action="store_true", help="skip the Pyodide run")
    args = ap.parse_args(argv)

    beacon = LocalBeacon(period=3, genesis_time=int(time.time()) - 300)
    r = beacon.current_round() - 1
    request = {"op": "bench", "chain": beacon.chain.info(), "round": r, "beacons": [beacon.beacon(r).to_json()],
               "sizes": SIZES, "min_time": 0.3 if args.quick else 1.5}

    columns: Dict[str, Dict[Any, float]] = {}
    print("pybls native ...", file=sys.stderr)
    columns["pybls native"] = _by_key(pybls_tlock_bench.run(request)["results"])
    if not args.no_pyodide:
        print("pybls in Pyodide (Node) ...", file=sys.stderr)
        columns["pybls Pyodide"] = _by_key(_node("pybls_pyodide.mjs", request)["results"])
    print("tlock-js (Node) ...", file=sys.stderr)
    js = _node("tlock_js.mjs", request)
    columns["tlock-js Node"] = _by_key(js["results"])

    names = list(columns)
    header = f"{'operation':<22}" + "".join(f"{n:>16}" for n in names)
    ratio_names = [n for n in names if n.startswith("pybls")]
    header += "".join(f"{'js/' + n.split()[1]:>14}" for n in ratio_names)
    print(header)
    print("-" * len(header))
    rows = []
    for op in ("encrypt", "decrypt"):
        for size in SIZES:
            key = (op, size)
            label = f"tlock {op} {size if size < 1000 else size // 1_000_000}{' B' if size < 1000 else ' MB'}"
            line = f"{label:<22}" + "".join(f"{_fmt(columns[n][key]):>16}" for n in names)
            ratios = {n: columns["tlock-js Node"][key] / columns[n][key] for n in ratio_names}
            line += "".join(f"{ratios[n]:>13.2f}x" for n in ratio_names)
            print(line)
            rows.append({"op": op, "size": size, **{n: columns[n][key] for n in names},
                         **{f"tlock-js / {n}": ratios[n] for n in ratio_names}})
    print("\nratios above 1: pybls is faster than tlock-js in Node")

    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": platform.machine(), "python": platform.python_version(), "pybls_backend": pybls.backend(),
        "node": js.get("node"), "quick": args.quick, "rows": rows,
    }, indent=2) + "\n")
    print(f"wrote {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
