#!/usr/bin/env python3
"""Native benchmark: pybls next to blst (through pyblst and blspy) and py_ecc,
measured in the same process.

For every operation the benchmark times the libraries in alternation
(timing.py): each round times one loop of calls of every library back to
back, so that a change in the machine's load weighs on all alike. It
reports each library's median time per call and the ratio pybls / blst as
the median of the rounds' ratios with its spread (lowest-highest round),
prints a table and writes JSON to benchmarks/results/native.json. py_ecc,
far slower, is timed apart with fewer calls. pyblst, blspy and py_ecc are optional:
a library that fails to import is left out. Before timing, every library's
result is compared with pybls's, so that the rows compare equal work.

Usage:
    python benchmarks/bench_native.py [--quick] [--json PATH] [--only SUBSTR]
                                      [--no-py-ecc]
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
from typing import Any, Callable, Dict, List, Optional

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing

import pybls  # noqa: E402
from pybls import G1, G2, Scalar, pairing  # noqa: E402
from timing import Alternated, alternating  # noqa: E402

try:
    import pyblst
except Exception as exc:  # pragma: no cover - optional peer
    pyblst = None
    PYBLST_ERROR = repr(exc)
else:
    PYBLST_ERROR = None

try:
    import blspy
except Exception as exc:  # pragma: no cover - optional peer
    blspy = None
    BLSPY_ERROR = repr(exc)
else:
    BLSPY_ERROR = None

try:
    from py_ecc import optimized_bls12_381 as pe
    from py_ecc.bls import point_compression as pe_comp
except Exception as exc:  # pragma: no cover - optional peer
    pe = None
    PY_ECC_ERROR = repr(exc)
else:
    PY_ECC_ERROR = None

R = pybls.CURVE_ORDER

LIBRARIES = ["pybls", "blst (pyblst)", "blst (blspy)", "py_ecc"]


# --------------------------------------------------------------------------
# timing


def measure(fn: Callable[[], Any], runs: int, target_ns: int, max_iters: int = 1 << 20) -> Dict[str, Any]:
    """Median ns per call over `runs` runs; each run loops until it lasts
    about `target_ns` (the loop count is fixed after a calibration call)."""
    t0 = time.perf_counter_ns()
    fn()
    one = max(time.perf_counter_ns() - t0, 1)
    iters = max(1, min(max_iters, target_ns // one))
    per_call = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        for _ in range(iters):
            fn()
        per_call.append((time.perf_counter_ns() - start) / iters)
    return {
        "median_ns": statistics.median(per_call),
        "min_ns": min(per_call),
        "max_ns": max(per_call),
        "runs": len(per_call),
        "iterations_per_run": iters,
    }


def fmt_ns(ns: Optional[float]) -> str:
    if ns is None:
        return "-"
    if ns >= 1e9:
        return f"{ns / 1e9:.2f} s"
    if ns >= 1e6:
        return f"{ns / 1e6:.2f} ms"
    if ns >= 1e3:
        return f"{ns / 1e3:.1f} µs"
    return f"{ns:.0f} ns"


# --------------------------------------------------------------------------
# inputs shared by all libraries


class Inputs:
    def __init__(self, seed: int) -> None:
        rng = random.Random(seed)
        self.k_secret = rng.randrange(1, R)
        self.k_public = rng.randrange(1, R)
        self.a = rng.randrange(1, R)
        self.b = rng.randrange(1, R)
        self.p1 = G1.generator() * self.a
        self.p2 = G2.generator() * self.b
        self.p1_bytes = self.p1.to_bytes()
        self.p2_bytes = self.p2.to_bytes()
        self.msm: Dict[int, Any] = {}
        for n in (64, 1024):
            ks = [rng.randrange(R) for _ in range(n)]
            g1s = [G1.generator() * rng.randrange(1, R) for _ in range(n)]
            g2s = [G2.generator() * rng.randrange(1, R) for _ in range(n)]
            self.msm[n] = (ks, g1s, g2s)


# --------------------------------------------------------------------------
# one benchmark = an op with an implementation per library


class Bench:
    def __init__(self, op: str, note: str = "") -> None:
        self.op = op
        self.note = note
        self.impls: Dict[str, Callable[[], Any]] = {}
        self.checks: Dict[str, Callable[[], bool]] = {}
        self.slow: Dict[str, bool] = {}
        self.notes: Dict[str, str] = {}

    def add(self, lib: str, fn: Callable[[], Any], check: Callable[[], bool], slow: bool = False, note: str = "") -> None:
        self.impls[lib] = fn
        self.checks[lib] = check
        self.slow[lib] = slow
        if note:
            self.notes[lib] = note


def build_benches(inp: Inputs, args: argparse.Namespace) -> List[Bench]:
    benches: List[Bench] = []
    k_s, k_p = Scalar(inp.k_secret), inp.k_public

    # ---- pybls
    mul1_s = inp.p1 * k_s
    mul1_p = inp.p1.mul_vartime(k_p)
    mul2_s = inp.p2 * k_s
    mul2_p = inp.p2.mul_vartime(k_p)

    b = Bench("pairing", "e(P, Q) for random P in G1, Q in G2")
    b.add("pybls", lambda: pairing(inp.p1, inp.p2), lambda: True)
    benches.append(b)
    b_g1s = Bench("G1 mul, secret scalar", "pybls: constant-time P * k")
    b_g1s.add("pybls", lambda: inp.p1 * k_s, lambda: True)
    benches.append(b_g1s)
    b_g1p = Bench("G1 mul, public scalar", "pybls: P.mul_vartime(k)")
    b_g1p.add("pybls", lambda: inp.p1.mul_vartime(k_p), lambda: True)
    benches.append(b_g1p)
    b_g2s = Bench("G2 mul, secret scalar", "pybls: constant-time Q * k")
    b_g2s.add("pybls", lambda: inp.p2 * k_s, lambda: True)
    benches.append(b_g2s)
    b_g2p = Bench("G2 mul, public scalar", "pybls: Q.mul_vartime(k)")
    b_g2p.add("pybls", lambda: inp.p2.mul_vartime(k_p), lambda: True)
    benches.append(b_g2p)
    b_d1 = Bench("G1 decompress + subgroup check")
    b_d1.add("pybls", lambda: G1.from_bytes(inp.p1_bytes), lambda: True)
    benches.append(b_d1)
    b_d2 = Bench("G2 decompress + subgroup check")
    b_d2.add("pybls", lambda: G2.from_bytes(inp.p2_bytes), lambda: True)
    benches.append(b_d2)

    msm_benches = {}
    msm_expected = {}
    for n in (64, 1024):
        ks, g1s, g2s = inp.msm[n]
        for gname, pts, group in (("G1", g1s, G1), ("G2", g2s, G2)):
            bm = Bench(f"{gname} MSM n={n}", "public scalars")
            bm.add("pybls", (lambda group=group, pts=pts, ks=ks: group.msm(pts, ks)), lambda: True)
            msm_benches[(gname, n)] = bm
            msm_expected[(gname, n)] = group.msm(pts, ks).to_bytes()
            benches.append(bm)

    # ---- blst through pyblst
    if pyblst is not None:
        lib = "blst (pyblst)"
        B1 = pyblst.BlstP1Element.uncompress(inp.p1_bytes)
        B2 = pyblst.BlstP2Element.uncompress(inp.p2_bytes)
        one = pyblst.BlstFP12Element()

        def blst_pairing() -> bool:
            return pyblst.final_verify(pyblst.miller_loop(B1, B2), one)

        def blst_pairing_check() -> bool:
            # e(P, Q) != 1 and equals e(aG1, bG2) computed separately
            g1 = pyblst.BlstP1Element.uncompress(G1.generator().to_bytes())
            g2 = pyblst.BlstP2Element.uncompress(G2.generator().to_bytes())
            lhs = pyblst.miller_loop(B1, B2)
            rhs = pyblst.miller_loop(g1.scalar_mul(inp.a * inp.b % R), g2)
            return pyblst.final_verify(lhs, rhs) and not blst_pairing()

        benches[0].add(lib, blst_pairing, blst_pairing_check, note="miller_loop + final_verify against 1 (one final exponentiation)")
        b_g1s.add(lib, lambda: B1.scalar_mul(inp.k_secret), lambda: B1.scalar_mul(inp.k_secret).compress() == mul1_s.to_bytes(), note="scalar_mul (blst_p1_mult)")
        b_g1p.add(lib, lambda: B1.scalar_mul(k_p), lambda: B1.scalar_mul(k_p).compress() == mul1_p.to_bytes(), note="same scalar_mul: no variable-time binding")
        b_g2s.add(lib, lambda: B2.scalar_mul(inp.k_secret), lambda: B2.scalar_mul(inp.k_secret).compress() == mul2_s.to_bytes(), note="scalar_mul (blst_p2_mult)")
        b_g2p.add(lib, lambda: B2.scalar_mul(k_p), lambda: B2.scalar_mul(k_p).compress() == mul2_p.to_bytes(), note="same scalar_mul: no variable-time binding")
        b_d1.add(lib, lambda: pyblst.BlstP1Element.uncompress(inp.p1_bytes), lambda: pyblst.BlstP1Element.uncompress(inp.p1_bytes).compress() == inp.p1_bytes, note="uncompress (checks the subgroup)")
        b_d2.add(lib, lambda: pyblst.BlstP2Element.uncompress(inp.p2_bytes), lambda: pyblst.BlstP2Element.uncompress(inp.p2_bytes).compress() == inp.p2_bytes, note="uncompress (checks the subgroup)")
        for n in (64, 1024):
            ks, g1s, g2s = inp.msm[n]
            for gname, pts, cls in (("G1", g1s, pyblst.BlstP1Element), ("G2", g2s, pyblst.BlstP2Element)):
                bpts = [cls.uncompress(p.to_bytes()) for p in pts]

                def naive(bpts=bpts, ks=ks, cls=cls):
                    acc = cls()
                    for p, k in zip(bpts, ks):
                        acc = acc + p.scalar_mul(k)
                    return acc

                expected = msm_expected[(gname, n)]
                msm_benches[(gname, n)].add(
                    lib, naive, (lambda naive=naive, expected=expected: naive().compress() == expected),
                    note="no MSM binding: sum of scalar_mul",
                )

    # ---- blst through blspy (chia's bls-signatures)
    if blspy is not None:
        lib = "blst (blspy)"
        C1 = blspy.G1Element.from_bytes(inp.p1_bytes)
        C2 = blspy.G2Element.from_bytes(inp.p2_bytes)
        sk_bytes = inp.k_secret.to_bytes(32, "big")
        gen_k = (G1.generator() * k_s).to_bytes()
        benches[0].add(lib, lambda: C1.pair(C2), lambda: C1.pair(C2) != blspy.GTElement.unity(), note="G1Element.pair")
        # get_g1 caches the public key in the PrivateKey object: make a
        # fresh one per call (from_bytes alone costs about 2 µs).
        b_g1s.add(
            lib,
            lambda: blspy.PrivateKey.from_bytes(sk_bytes).get_g1(),
            lambda: bytes(blspy.PrivateKey.from_bytes(sk_bytes).get_g1()) == gen_k,
            note="PrivateKey.from_bytes(k).get_g1(): generator base (no other base exposed)",
        )
        b_d1.add(lib, lambda: blspy.G1Element.from_bytes(inp.p1_bytes), lambda: bytes(blspy.G1Element.from_bytes(inp.p1_bytes)) == inp.p1_bytes, note="from_bytes (checks the subgroup)")
        b_d2.add(lib, lambda: blspy.G2Element.from_bytes(inp.p2_bytes), lambda: bytes(blspy.G2Element.from_bytes(inp.p2_bytes)) == inp.p2_bytes, note="from_bytes (checks the subgroup)")

    # ---- py_ecc (pure Python; few iterations)
    if pe is not None and not args.no_py_ecc:
        lib = "py_ecc"
        Q1 = pe_comp.decompress_G1(int.from_bytes(inp.p1_bytes, "big"))
        Q2 = pe_comp.decompress_G2((int.from_bytes(inp.p2_bytes[:48], "big"), int.from_bytes(inp.p2_bytes[48:], "big")))

        def g1_bytes(p):
            return pe_comp.compress_G1(p).to_bytes(48, "big")

        def g2_bytes(p):
            z1, z2 = pe_comp.compress_G2(p)
            return z1.to_bytes(48, "big") + z2.to_bytes(48, "big")

        def dec1():
            p = pe_comp.decompress_G1(int.from_bytes(inp.p1_bytes, "big"))
            assert pe.is_inf(pe.multiply(p, R))
            return p

        def dec2():
            p = pe_comp.decompress_G2((int.from_bytes(inp.p2_bytes[:48], "big"), int.from_bytes(inp.p2_bytes[48:], "big")))
            assert pe.is_inf(pe.multiply(p, R))
            return p

        benches[0].add(lib, lambda: pe.pairing(Q2, Q1), lambda: True, slow=True, note="literal final exponent (value = pybls's^(1/3))")
        b_g1s.add(lib, lambda: pe.multiply(Q1, inp.k_secret), lambda: g1_bytes(pe.multiply(Q1, inp.k_secret)) == mul1_s.to_bytes(), slow=True, note="multiply (not constant time)")
        b_g1p.add(lib, lambda: pe.multiply(Q1, k_p), lambda: g1_bytes(pe.multiply(Q1, k_p)) == mul1_p.to_bytes(), slow=True, note="multiply")
        b_g2s.add(lib, lambda: pe.multiply(Q2, inp.k_secret), lambda: g2_bytes(pe.multiply(Q2, inp.k_secret)) == mul2_s.to_bytes(), slow=True, note="multiply (not constant time)")
        b_g2p.add(lib, lambda: pe.multiply(Q2, k_p), lambda: g2_bytes(pe.multiply(Q2, k_p)) == mul2_p.to_bytes(), slow=True, note="multiply")
        b_d1.add(lib, dec1, lambda: g1_bytes(dec1()) == inp.p1_bytes, slow=True, note="decompress_G1 + multiply by r")
        b_d2.add(lib, dec2, lambda: g2_bytes(dec2()) == inp.p2_bytes, slow=True, note="decompress_G2 + multiply by r")
        if not args.quick:
            ks, g1s, g2s = inp.msm[64]
            for gname, pts, enc in (("G1", g1s, g1_bytes), ("G2", g2s, g2_bytes)):
                if gname == "G1":
                    qpts = [pe_comp.decompress_G1(int.from_bytes(p.to_bytes(), "big")) for p in pts]
                    zero = pe.Z1
                else:
                    qpts = [
                        pe_comp.decompress_G2((int.from_bytes(p.to_bytes()[:48], "big"), int.from_bytes(p.to_bytes()[48:], "big")))
                        for p in pts
                    ]
                    zero = pe.Z2

                def naive(qpts=qpts, ks=ks, zero=zero):
                    acc = zero
                    for p, k in zip(qpts, ks):
                        acc = pe.add(acc, pe.multiply(p, k))
                    return acc

                msm_benches[(gname, 64)].add(lib, naive, lambda: True, slow=True, note="sum of multiply")
    return benches


# --------------------------------------------------------------------------


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer and shorter runs")
    ap.add_argument("--json", default=str(HERE / "results" / "native.json"), help="where to write the results")
    ap.add_argument("--only", default="", help="run only the ops whose name contains this")
    ap.add_argument("--no-py-ecc", action="store_true", help="leave out py_ecc (slow)")
    ap.add_argument("--seed", type=int, default=381)
    args = ap.parse_args(argv)

    runs, target = (5, 20_000_000) if args.quick else (11, 150_000_000)
    slow_runs = 1 if args.quick else 3

    print(f"pybls {pybls.__version__}, backend {pybls.backend()} ({pybls._lib.limb_bits}-bit limbs)")
    for name, err in (("pyblst", PYBLST_ERROR), ("blspy", BLSPY_ERROR), ("py_ecc", PY_ECC_ERROR)):
        if err:
            print(f"{name}: not available ({err})")
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; "
          f"{'quick' if args.quick else 'full'} run: median of {runs} runs (py_ecc: {slow_runs})")
    print()

    inp = Inputs(args.seed)
    benches = [b for b in build_benches(inp, args) if args.only in b.op]

    results = []
    rows = []
    spreads: Dict[str, Any] = {}
    for bench in benches:
        row: Dict[str, Optional[float]] = {lib: None for lib in LIBRARIES}
        for lib in bench.impls:
            if not bench.checks[lib]():
                raise SystemExit(f"{lib} disagrees with pybls on {bench.op}")
        fast = {lib: fn for lib, fn in bench.impls.items() if not bench.slow[lib]}
        timed: Dict[str, Dict[str, Any]] = {}
        alt: Alternated = alternating(fast, runs, target)
        for lib in fast:
            timed[lib] = alt.summary(lib)
        for lib, fn in bench.impls.items():
            if bench.slow[lib]:
                timed[lib] = measure(fn, slow_runs, 0, max_iters=1)
        for lib, m in timed.items():
            row[lib] = m["median_ns"]
            results.append({"op": bench.op, "library": lib, "note": bench.notes.get(lib, bench.note if lib == "pybls" else ""), **m})
            print(f"  {bench.op:<34} {lib:<14} {fmt_ns(m['median_ns']):>10}", file=sys.stderr)
        # Against pyblst where it has the op, else blspy: round by round.
        blst = next((lib for lib in ("blst (pyblst)", "blst (blspy)") if lib in fast), None)
        spreads[bench.op] = alt.ratio("pybls", blst) if (blst and "pybls" in fast) else None
        rows.append((bench.op, row))

    ratios = {}
    header = (f"{'operation':<34}" + "".join(f"{lib:>15}" for lib in LIBRARIES)
              + f"{'pybls/blst':>12}{'(rounds)':>14}")
    print(header)
    print("-" * len(header))
    for op, row in rows:
        spread = spreads[op]
        ratios[op] = spread[1] if spread else None
        print(f"{op:<34}" + "".join(f"{fmt_ns(row[lib]):>15}" for lib in LIBRARIES)
              + (f"{spread[1]:>11.2f}x{spread[0]:>8.2f}-{spread[2]:.2f}" if spread else f"{'-':>12}"))
    print()
    print("pybls/blst: against pyblst where it has the op, else blspy; the median of the rounds' ratios")
    print("(each round times every library once, back to back) and its lowest-highest round.")
    print("What each peer's row measures:")
    seen = set()
    for bench in benches:
        for lib, note in bench.notes.items():
            if (lib, note) not in seen:
                seen.add((lib, note))
                print(f"  {bench.op} / {lib}: {note}")

    out = pathlib.Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    versions = {}
    for dist in ("pyblst", "blspy", "py_ecc"):
        try:
            from importlib.metadata import version

            versions[dist] = version(dist)
        except Exception:
            versions[dist] = None
    doc = {
        "meta": {
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "python": platform.python_version(),
            "machine": platform.machine(),
            "cpus": os.cpu_count(),
            "pybls": pybls.__version__,
            "backend": pybls.backend(),
            "limb_bits": pybls._lib.limb_bits,
            "versions": versions,
            "quick": args.quick,
            "runs": runs,
            "slow_runs": slow_runs,
            "timer": "time.perf_counter_ns; libraries alternated round by round (timing.py), "
                     "ratio = median of the rounds' ratios",
        },
        "results": results,
        "ratio_pybls_over_blst": ratios,
        "ratio_spread": {op: ({"min": sp[0], "max": sp[2]} if sp else None) for op, sp in spreads.items()},
    }
    out.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
