"""The overhead benchmark in headless Chromium, and next to Node's.

    python benchmarks/browser/overhead.py [--chromium /usr/bin/chromium] [--chromium-arg ARG ...]
                                          [--rounds N] [--ms MS] [--only bn254|bls12_381] [--op NAME]
                                          [--node] [--json FILE]

Opens benchmarks/browser/overhead.html in headless Chromium (as bench.py
opens its page): the split of the browser table's slower rows that
`node benchmarks/overhead_pyodide.mjs` makes under Node (the same code,
benchmarks/browser/overhead.mjs: the call as users make it, the binding
call, ctypes alone, the core's exported function from JavaScript, the
Python layer alone and mcl-wasm's call, in alternation), and prints its
table. With --node the Node script then runs with the same options, and
both tables are printed, then per row side by side: total, core, python
and mcl in each engine, mcl / total and mcl / core (medians of the rounds'
ratios, taken in alternation within each engine), and each time in
Chromium over Node's, of the medians and of the fastest timings (two runs
one after the other: a change of the load between them shows there, least
in the fastest, not in the ratios within an engine). The load average is
printed before and after.

The rounds are separated by a pause (in the page a turn of its event loop,
as bench.py's rounds are; under Node none), and for each engine the call
as users make it and mcl's are also printed as timed first in a round,
right after the pause, and last. With --ms 0 each timing is one call, as
in bench.py's tables.
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
from typing import Any, Dict, List

import bench

ROOT = bench.ROOT
# The timings compared side by side: the call as users make it, the core
# alone, the Python layer alone, mcl-wasm's call.
TIMES = ("total0", "core", "python0", "mcl")


def run_chromium(args: argparse.Namespace) -> Dict[str, Any]:
    query = [f"rounds={args.rounds}", f"ms={args.ms}"]
    query += [f"only={args.only}"] if args.only else []
    query += [f"op={args.op}"] if args.op else []
    result = bench.open_page(args.chromium, "overhead.html", query, "overheadResult", args.timeout,
                             args.chromium_arg)
    if not result.get("ok"):
        raise SystemExit("overhead page failed:\n" + result.get("error", "?") + "\n" + "\n".join(result["messages"]))
    return result


def run_node(args: argparse.Namespace) -> Dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        out = pathlib.Path(tmp) / "node.json"
        cmd = ["node", str(ROOT / "benchmarks" / "overhead_pyodide.mjs"), "--rounds", str(args.rounds),
               "--ms", str(args.ms), "--json", str(out)]
        cmd += ["--only", args.only] if args.only else []
        cmd += ["--op", args.op] if args.op else []
        printed = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, text=True).stdout
        node: Dict[str, Any] = json.loads(out.read_text())
    node["lines"] = printed.lstrip("\n").splitlines()
    return node


def side_by_side(chromium: Dict[str, Any], node: Dict[str, Any]) -> List[str]:
    """Per row: each engine's medians (us) and in-engine ratios, then
    Chromium's times over Node's (C/N): of the medians, of the in-engine
    ratios, and of the fastest timings (the least disturbed by a load)."""
    head = f"{'op':<16}{'':>7}{'total':>9}{'core':>9}{'python':>9}{'mcl':>9}{'mcl/total':>11}{'mcl/core':>10}"
    lines = []
    for table, rows in chromium["result"].items():
        lines += ["", f"{table}: us per call, Chromium against Node", head]
        for op, c in rows.items():
            n = node["result"].get(table, {}).get(op)
            if n is None:
                continue
            for engine, r in (("chromium", c), ("node", n)):
                m, q = r["medians"], r["ratios"]
                lines.append(f"{op if engine == 'chromium' else '':<16}{engine:>9}" +
                             "".join(f"{m[k] * 1e6:9.1f}" for k in TIMES) +
                             f"{q['mcl/total']:11.2f}{q['mcl/core']:10.2f}")
            lines.append(f"{'':<16}{'C/N':>9}" +
                         "".join(f"{c['medians'][k] / n['medians'][k]:9.2f}" for k in TIMES) +
                         f"{c['ratios']['mcl/total'] / n['ratios']['mcl/total']:11.2f}"
                         f"{c['ratios']['mcl/core'] / n['ratios']['mcl/core']:10.2f}")
            lines.append(f"{'':<16}{'fastest':>9}" +
                         "".join(f"{c['fastest'][k] / n['fastest'][k]:9.2f}" for k in TIMES))
    return lines


def after_pause(engine: str, run: Dict[str, Any]) -> List[str]:
    """Per row, the call as users make it and mcl's, timed first in a round
    (right after the pause between rounds: in the page a turn of its event
    loop, under Node none) and last (right after the other timings): the
    medians of each and of mcl / total. The rounds alternate the order, so
    each position holds half of the rounds."""
    med = lambda xs: sorted(xs)[len(xs) // 2]  # noqa: E731
    lines = [f"{engine}: us per call, first in a round (after the pause) and last",
             f"{'op':<16}{'total first':>12}{'last':>8}{'mcl first':>11}{'last':>8}"
             f"{'mcl/total, total first':>24}{'mcl first':>11}"]
    for table, rows in run["result"].items():
        for op, r in rows.items():
            t, m = r["times"]["total0"], r["times"]["mcl"]
            even, odd = range(2, len(t), 2), range(1, len(t), 2)  # round 0 follows the warm-up
            lines.append(f"{op:<16}{med([t[i] for i in even]) * 1e6:12.1f}{med([t[i] for i in odd]) * 1e6:8.1f}"
                         f"{med([m[i] for i in odd]) * 1e6:11.1f}{med([m[i] for i in even]) * 1e6:8.1f}"
                         f"{med([m[i] / t[i] for i in even]):24.2f}{med([m[i] / t[i] for i in odd]):11.2f}")
    return lines


def main(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--chromium", default=None, help="default: chromium on PATH")
    ap.add_argument("--chromium-arg", action="append", default=[], metavar="ARG",
                    help="an extra Chromium argument, as --chromium-arg=ARG "
                         "(e.g. --chromium-arg=--js-flags=--no-liftoff)")
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--ms", type=float, default=4, help="ms of calls per timing and round")
    ap.add_argument("--only", choices=["bn254", "bls12_381"], default=None)
    ap.add_argument("--op", default=None, help="one row only (pybls_bench's name)")
    ap.add_argument("--node", action="store_true", help="run the Node script after, and compare")
    ap.add_argument("--timeout", type=float, default=900.0)
    ap.add_argument("--json", type=pathlib.Path, default=None, help="write both engines' measurements to FILE")
    args = ap.parse_args(argv)
    load = {"before": os.getloadavg()}
    chromium = run_chromium(args)
    load["after_chromium"] = os.getloadavg()
    print(f"Chromium {chromium['chromium']} (cross-origin isolated: {chromium['crossOriginIsolated']}"
          + (f"; arguments {' '.join(args.chromium_arg)}" if args.chromium_arg else "") + ")")
    print("\n".join(chromium["lines"]).lstrip("\n"))
    print("\n" + "\n".join(after_pause("Chromium", chromium)))
    out: Dict[str, Any] = {"chromium": chromium, "chromium_args": args.chromium_arg}
    if args.node:
        node = run_node(args)
        load["after_node"] = os.getloadavg()
        print(f"\nNode {node['engine']['node']} (V8 {node['engine']['v8']}), run after Chromium")
        print("\n".join(node["lines"]))
        print("\n" + "\n".join(after_pause("Node", node)))
        out["node"] = node
        print("\n".join(side_by_side(chromium, node)))
    out["load_average"] = load
    print("load average (1, 5, 15 min): " + "; ".join(
        f"{when.replace('_', ' ')} {' '.join(f'{x:.2f}' for x in avg)}" for when, avg in load.items()))
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
