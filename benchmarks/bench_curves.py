#!/usr/bin/env python3
"""The curves side by side: pybls's BN254 (alt_bn128) next to py_ecc's bn128
in the same process and mcl-wasm's BN_SNARK1 in Node, and pybls's BN254
pairing as a fraction of its own BLS12-381 pairing; then pybls's
higher-security curves (BN381_1, BN462, BLS48-581: no peer serves them)
as multiples of its BLS12-381 times, against their targets.

Operations: pairing, G1 and G2 multiplication by a secret scalar (constant
time) and by a public one, decompression with the subgroup check, and a
G1 MSM of 64 points. Every time is the median over several runs of a
calibrated loop (as in bench_native.py); ratios are pybls's time over the
peer's. Before timing, py_ecc's results are compared with pybls's. Prints a
table and writes benchmarks/results/curves.json.

Usage:
    python benchmarks/bench_curves.py [--quick] [--json PATH] [--no-mcl]
"""

from __future__ import annotations

import argparse
import datetime
import json
import pathlib
import platform
import random
import shutil
import subprocess
import sys
from typing import Any, Dict, Optional

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing
sys.path.insert(0, str(HERE))

import pybls  # noqa: E402
from bench_native import fmt_ns, measure  # noqa: E402
from pybls import bn254, curves  # noqa: E402
from timing import alternating  # noqa: E402

try:
    from py_ecc import optimized_bn128 as pe
except Exception as exc:  # pragma: no cover - optional peer
    pe = None
    PY_ECC_ERROR: Optional[str] = repr(exc)
else:
    PY_ECC_ERROR = None

MCL_SCRIPT = HERE / "curves" / "mcl_bench.mjs"
OPS = ["pairing", "g1_mul", "g1_mul_vartime", "g2_mul", "g2_mul_vartime", "g1_decompress", "g2_decompress", "g1_msm64"]
# The higher-security curves, with the targets for their pairing
# as a multiple of BLS12-381's, and for their G2 multiplication where one is set.
HIGH_CURVES = {"bn381": 1.6, "bn462": 3.0, "bls48_581": 20.0}
G2_MUL_TARGETS = {"bls48_581": 25.0}


def interleaved_ratio(fa: Any, fb: Any, rounds: int, calls: int) -> float:
    """The median over `rounds` of time(fa) / time(fb), each round timing
    `calls` calls of one right after the other (timing.py), so that both
    see the same load of a shared machine."""
    return alternating({"a": fa, "b": fb}, rounds, 0, calls=calls).ratio("a", "b")[1]


def pybls_curve(mod: Any, rng: random.Random, runs: int, target: int) -> Dict[str, float]:
    """OPS on one pybls curve module."""
    r = mod.Scalar.R
    a, b = rng.randrange(1, r), rng.randrange(1, r)
    P, Q = mod.G1.generator() * a, mod.G2.generator() * b
    k = mod.Scalar(rng.randrange(r))
    p_packed, q_packed = P.to_bytes(compressed=True), Q.to_bytes(compressed=True)
    pts = [mod.G1.generator() * rng.randrange(1, r) for _ in range(64)]
    ks = [rng.randrange(r) for _ in range(64)]
    fns = {
        "pairing": lambda: mod.pairing(P, Q),
        "g1_mul": lambda: P * k,
        "g1_mul_vartime": lambda: P.mul_vartime(k),
        "g2_mul": lambda: Q * k,
        "g2_mul_vartime": lambda: Q.mul_vartime(k),
        "g1_decompress": lambda: mod.G1.from_bytes(p_packed),
        "g2_decompress": lambda: mod.G2.from_bytes(q_packed),
        "g1_msm64": lambda: mod.G1.msm(pts, ks),
    }
    return {op: measure(fn, runs, target)["median_ns"] for op, fn in fns.items()}


def py_ecc_bn128(rng: random.Random, runs: int, target: int) -> Dict[str, float]:
    assert pe is not None
    a, b = rng.randrange(1, pe.curve_order), rng.randrange(1, pe.curve_order)
    P, Q = pe.multiply(pe.G1, a), pe.multiply(pe.G2, b)
    k = rng.randrange(pe.curve_order)
    # The same work as pybls's: compare one result first.
    x, y = pe.normalize(pe.multiply(P, k))
    assert (bn254.G1.generator() * a * k).to_affine() == (int(x), int(y))
    fns = {
        "pairing": lambda: pe.pairing(Q, P),
        "g1_mul": lambda: pe.multiply(P, k),
        "g2_mul": lambda: pe.multiply(Q, k),
    }
    # py_ecc's products are its only ones (variable time).
    out = {op: measure(fn, max(2, runs // 2), target)["median_ns"] for op, fn in fns.items()}
    out["g1_mul_vartime"], out["g2_mul_vartime"] = out["g1_mul"], out["g2_mul"]
    return out


def mcl_wasm(quick: bool) -> Dict[str, float]:
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node not found")
    cmd = [node, str(MCL_SCRIPT), "BN_SNARK1"] + (["--quick"] if quick else [])
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip().splitlines()[-1] if proc.stderr else f"exit {proc.returncode}")
    data = json.loads(proc.stdout)
    return {op: float(data[op]) for op in OPS if op in data}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer, shorter runs")
    ap.add_argument("--json", type=pathlib.Path, default=HERE / "results" / "curves.json")
    ap.add_argument("--no-mcl", action="store_true", help="leave out mcl-wasm (Node)")
    args = ap.parse_args()
    runs, target = (3, 50_000_000) if args.quick else (7, 200_000_000)
    rng = random.Random(2026)

    results: Dict[str, Any] = {"pybls": pybls_curve(bn254, rng, runs, target)}
    errors: Dict[str, str] = {}
    if pe is not None:
        results["py_ecc (bn128)"] = py_ecc_bn128(rng, runs, target)
    else:
        errors["py_ecc (bn128)"] = PY_ECC_ERROR or "not installed"
    if not args.no_mcl:
        try:
            results["mcl-wasm (Node)"] = mcl_wasm(args.quick)
        except Exception as exc:  # the table says why a peer is missing
            errors["mcl-wasm (Node)"] = str(exc)

    bls = pybls_curve(curves.get("bls12_381"), rng, runs, target)
    bls_pairing = bls["pairing"]
    bn_over_bls = results["pybls"]["pairing"] / bls_pairing
    high = {name: pybls_curve(curves.CURVES[name], rng, runs, target) for name in HIGH_CURVES if name in curves.CURVES}

    peers = [name for name in results if name != "pybls"]
    header = f"{'BN254 operation':<18} {'pybls':>10}" + "".join(f" {p:>18} {'ratio':>7}" for p in peers)
    print(header)
    print("-" * len(header))
    for op in OPS:
        mine = results["pybls"][op]
        row = f"{op:<18} {fmt_ns(mine):>10}"
        for peer in peers:
            theirs = results[peer].get(op)
            ratio = f"{mine / theirs:.2f}x" if theirs else "-"
            row += f" {fmt_ns(theirs):>18} {ratio:>7}"
        print(row)
    print(f"\nratio = pybls / peer (below 1: pybls is faster)")
    print(f"BN254 pairing / BLS12-381 pairing (pybls): {bn_over_bls:.2f} "
          f"({fmt_ns(results['pybls']['pairing'])} / {fmt_ns(bls_pairing)})")
    for name, why in errors.items():
        print(f"left out: {name}: {why}")

    interleaved: Dict[str, float] = {}
    if high:
        names = list(high)
        header = f"\n{'operation / BLS12-381':<22} {'BLS12-381':>10}" + "".join(f" {n:>10} {'x':>6}" for n in names)
        print(header)
        print("-" * len(header.strip()))
        for op in OPS:
            row = f"{op:<22} {fmt_ns(bls[op]):>10}"
            for n in names:
                row += f" {fmt_ns(high[n][op]):>10} {high[n][op] / bls[op]:>5.2f}x"
            print(row)
        # The targets are judged on interleaved runs: the medians above come
        # from different moments of a shared machine.
        bls_mod = curves.get("bls12_381")
        P12, Q12 = bls_mod.G1.generator() * 3, bls_mod.G2.generator() * 5
        for n in names:
            mod = curves.CURVES[n]
            P, Q = mod.G1.generator() * 3, mod.G2.generator() * 5
            ratio = interleaved_ratio(lambda: mod.pairing(P, Q), lambda: bls_mod.pairing(P12, Q12),
                                      rounds=11 if args.quick else 31, calls=5)
            interleaved[n] = ratio
            verdict = "meets" if ratio <= HIGH_CURVES[n] else "misses"
            print(f"{n} pairing / BLS12-381 pairing, interleaved: {ratio:.2f} "
                  f"({verdict} the target {HIGH_CURVES[n]:.1f})")
            if n in G2_MUL_TARGETS:
                k, k12 = mod.Scalar(random.Random(n).randrange(mod.Scalar.R)), bls_mod.Scalar(12345678901234567)
                ratio = interleaved_ratio(lambda: Q * k, lambda: Q12 * k12,
                                          rounds=11 if args.quick else 31, calls=5)
                interleaved[f"{n} g2_mul"] = ratio
                verdict = "meets" if ratio <= G2_MUL_TARGETS[n] else "misses"
                print(f"{n} G2 mul / BLS12-381 G2 mul, interleaved: {ratio:.2f} "
                      f"({verdict} the target {G2_MUL_TARGETS[n]:.1f})")
            if "G2" in mod.HASH_SUITES:  # no target: for the record
                ratio = interleaved_ratio(lambda: mod.G2.hash_to_curve(b"message", b"DST"),
                                          lambda: bls_mod.G2.hash_to_curve(b"message", b"DST"),
                                          rounds=11 if args.quick else 31, calls=1)
                interleaved[f"{n} g2_hash"] = ratio
                print(f"{n} hash to G2 / BLS12-381 hash to G2, interleaved: {ratio:.2f}")

    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": platform.platform(),
        "python": platform.python_version(),
        "backend": pybls.backend(),
        "median_ns": results,
        "bls12_381_pairing_ns": bls_pairing,
        "bn254_over_bls12_381_pairing": bn_over_bls,
        "bls12_381_median_ns": bls,
        "high_security_median_ns": high,
        "high_security_over_bls12_381_pairing": {n: high[n]["pairing"] / bls_pairing for n in high},
        "high_security_over_bls12_381_pairing_interleaved": interleaved,
        "left_out": errors,
    }, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
