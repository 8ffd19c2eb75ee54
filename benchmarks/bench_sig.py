#!/usr/bin/env python3
"""Signature benchmark: pybls.sig (minimal-pubkey-size, proof-of-possession
ciphersuite, as Ethereum) next to blst (through pyblst and blspy) and py_ecc,
measured in the same process.

Rows: sign, verify (from bytes and from decoded objects), aggregate 128
signatures, FastAggregateVerify over 128 keys, AggregateVerify of 8
messages, batch verification of 64 triples (against 64 single
verifications), hash_to_G2. Every peer's result is checked against pybls's
before timing. pyblst exposes only primitives (hash_to_group, scalar_mul,
miller_loop, final_verify), so its rows are those primitives composed the
way blst's own verifiers compose them; blspy has the schemes. Prints a table
with the ratio pybls / blst and writes JSON to benchmarks/results/sig.json.
The libraries are timed in alternation, round by round (timing.py); a ratio
is the median of the rounds' ratios, printed with its lowest and highest
round. py_ecc, far slower, is timed apart with one call.

Usage:
    python benchmarks/bench_sig.py [--quick] [--json PATH] [--only SUBSTR] [--no-py-ecc]
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import pathlib
import platform
import random
import sys
from typing import Any, Callable, Dict, List, Optional

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing
sys.path.insert(0, str(HERE))

import pybls  # noqa: E402
from bench_native import BLSPY_ERROR, PY_ECC_ERROR, PYBLST_ERROR, blspy, fmt_ns, measure, pyblst  # noqa: E402
from timing import alternating  # noqa: E402
from pybls import G1, G2  # noqa: E402
from pybls.sig import MinPk, SecretKey  # noqa: E402

try:
    from py_ecc.bls import G2ProofOfPossession as pe_bls
    from py_ecc.bls.hash_to_curve import hash_to_G2 as pe_hash_to_G2
except Exception:  # pragma: no cover - optional peer
    pe_bls = None

LIBRARIES = ["pybls", "blst (pyblst)", "blst (blspy)", "py_ecc"]
BLS = MinPk.PoP
DST = BLS.dst
N_AGG = 128
N_AV = 8
N_BATCH = 64
PAIRS_2, PAIRS_N = "pairing product, 2 pairs", f"pairing product, {N_BATCH} pairs"


class Bench:
    def __init__(self, op: str, note: str = "") -> None:
        self.op, self.note = op, note
        self.impls: Dict[str, Callable[[], Any]] = {}
        self.checks: Dict[str, Callable[[], bool]] = {}
        self.slow: Dict[str, bool] = {}
        self.notes: Dict[str, str] = {}

    def add(self, lib: str, fn: Callable[[], Any], check: Callable[[], bool] = lambda: True,
            slow: bool = False, note: str = "") -> None:
        self.impls[lib], self.checks[lib], self.slow[lib] = fn, check, slow
        if note:
            self.notes[lib] = note


class Inputs:
    def __init__(self, seed: int) -> None:
        rng = random.Random(seed)
        self.sks = [SecretKey.from_bytes(BLS.key_gen(rng.randbytes(32)).to_bytes()) for _ in range(N_AGG)]
        self.ks = [int.from_bytes(k.to_bytes(), "big") for k in self.sks]
        self.pks = [BLS.sk_to_pk(k) for k in self.sks]
        self.pkb = [p.to_bytes() for p in self.pks]
        self.msg = rng.randbytes(32)
        self.msgs = [rng.randbytes(32) for _ in range(N_AGG)]
        self.sig = BLS.sign(self.sks[0], self.msg)
        self.sigb = self.sig.to_bytes()
        # 128 signatures of one message (FastAggregateVerify), and of distinct ones
        self.same = [BLS.sign(k, self.msg) for k in self.sks]
        self.same_b = [s.to_bytes() for s in self.same]
        self.agg_same = BLS.aggregate(self.same)
        self.distinct = [BLS.sign(k, m) for k, m in zip(self.sks, self.msgs)]
        self.distinct_b = [s.to_bytes() for s in self.distinct]
        self.agg8 = BLS.aggregate(self.distinct[:N_AV])
        self.triples = list(zip(self.pks[:N_BATCH], self.msgs[:N_BATCH], self.distinct[:N_BATCH]))


def build(inp: Inputs, args: argparse.Namespace) -> List[Bench]:
    out: List[Bench] = []
    sk0, k0, pk0, pkb0 = inp.sks[0], inp.ks[0], inp.pks[0], inp.pkb[0]

    b_sign = Bench("sign", "sign(sk, 32-byte msg).to_bytes()")
    b_sign.add("pybls", lambda: BLS.sign(sk0, inp.msg).to_bytes())
    b_ver = Bench("verify (bytes in)", "decode pk + sig with subgroup checks, hash, 2-pairing product")
    b_ver.add("pybls", lambda: BLS.verify(pkb0, inp.msg, inp.sigb), lambda: BLS.verify(pkb0, inp.msg, inp.sigb))
    b_vero = Bench("verify (decoded objects)", "pk and sig already decoded and validated")
    b_vero.add("pybls", lambda: BLS.verify(pk0, inp.msg, inp.sig), lambda: BLS.verify(pk0, inp.msg, inp.sig))
    b_agg = Bench(f"aggregate {N_AGG} sigs (bytes in)", "decode + subgroup-check each, sum, compress")
    agg_expected = BLS.aggregate(inp.distinct).to_bytes()
    b_agg.add("pybls", lambda: BLS.aggregate(inp.distinct_b).to_bytes(),
              lambda: BLS.aggregate(inp.distinct_b).to_bytes() == agg_expected)
    b_aggo = Bench(f"aggregate {N_AGG} sigs (objects)", "sum of decoded signatures, compress")
    b_aggo.add("pybls", lambda: BLS.aggregate(inp.distinct).to_bytes())
    b_fav = Bench(f"FastAggregateVerify {N_AGG} keys", "decoded keys (as validators' keys are cached)")
    b_fav.add("pybls", lambda: BLS.fast_aggregate_verify(inp.pks, inp.msg, inp.agg_same),
              lambda: BLS.fast_aggregate_verify(inp.pks, inp.msg, inp.agg_same))
    b_av = Bench(f"AggregateVerify {N_AV} msgs", "decoded keys and signature")
    b_av.add("pybls", lambda: BLS.aggregate_verify(inp.pks[:N_AV], inp.msgs[:N_AV], inp.agg8),
             lambda: BLS.aggregate_verify(inp.pks[:N_AV], inp.msgs[:N_AV], inp.agg8))
    b_batch = Bench(f"batch verify {N_BATCH} triples", "decoded objects; one multi-pairing, 64-bit coefficients")
    b_batch.add("pybls", lambda: BLS.batch_verify(inp.triples), lambda: BLS.batch_verify(inp.triples))
    b_single = Bench(f"{N_BATCH} single verifies", "decoded objects, one verify each")
    b_single.add("pybls", lambda: all(BLS.verify(p, m, s) for p, m, s in inp.triples))
    b_h2g = Bench("hash_to_G2", "32-byte message, POP ciphersuite tag")
    b_h2g.add("pybls", lambda: G2.hash_to_curve(inp.msg, DST))
    # The parts of a verification, for the ceiling of the batch speed-up.
    hs = [G2.hash_to_curve(m, DST) for m in inp.msgs[:N_BATCH]]
    g1b = b"".join(p._point._b for p in inp.pks[:N_BATCH])
    g2b = b"".join(h._b for h in hs)
    b_p2 = Bench(PAIRS_2, "pybls._lib.pairing_product of 2 (G1, G2) pairs")
    g1b2, g2b2 = g1b[:2 * len(g1b) // N_BATCH], g2b[:2 * len(g2b) // N_BATCH]
    b_p2.add("pybls", lambda: pybls._lib.pairing_product(g1b2, g2b2, 2))
    b_pn = Bench(PAIRS_N, f"pybls._lib.pairing_product of {N_BATCH} pairs (one final exponentiation)")
    b_pn.add("pybls", lambda: pybls._lib.pairing_product(g1b, g2b, N_BATCH))
    out += [b_sign, b_ver, b_vero, b_agg, b_aggo, b_fav, b_av, b_batch, b_single, b_h2g, b_p2, b_pn]

    if pyblst is not None:
        lib = "blst (pyblst)"
        P1, P2 = pyblst.BlstP1Element, pyblst.BlstP2Element
        g1 = P1.uncompress(G1.generator().to_bytes())
        neg_note = "hash_to_group + miller_loop x2 + final_verify"

        def bl_sign():
            return P2.hash_to_group(inp.msg, DST).scalar_mul(k0).compress()

        def bl_verify_bytes():
            pk = P1.uncompress(pkb0)
            sig = P2.uncompress(inp.sigb)
            return pyblst.final_verify(pyblst.miller_loop(pk, P2.hash_to_group(inp.msg, DST)),
                                       pyblst.miller_loop(g1, sig))

        bpk0, bsig = P1.uncompress(pkb0), P2.uncompress(inp.sigb)

        def bl_verify_obj(pk=bpk0, msg=inp.msg, sig=bsig):
            return pyblst.final_verify(pyblst.miller_loop(pk, P2.hash_to_group(msg, DST)), pyblst.miller_loop(g1, sig))

        def bl_agg_bytes():
            acc = P2.uncompress(inp.distinct_b[0])
            for s in inp.distinct_b[1:]:
                acc = acc + P2.uncompress(s)
            return acc.compress()

        bsigs = [P2.uncompress(s) for s in inp.distinct_b]

        def bl_agg_obj():
            acc = bsigs[0]
            for s in bsigs[1:]:
                acc = acc + s
            return acc.compress()

        bpks = [P1.uncompress(p) for p in inp.pkb]
        bagg_same = P2.uncompress(inp.agg_same.to_bytes())

        def bl_fav():
            acc = bpks[0]
            for p in bpks[1:]:
                acc = acc + p
            return pyblst.final_verify(pyblst.miller_loop(acc, P2.hash_to_group(inp.msg, DST)),
                                       pyblst.miller_loop(g1, bagg_same))

        bagg8 = P2.uncompress(inp.agg8.to_bytes())

        def bl_av():
            f = pyblst.miller_loop(bpks[0], P2.hash_to_group(inp.msgs[0], DST))
            for p, m in zip(bpks[1:N_AV], inp.msgs[1:N_AV]):
                f = f * pyblst.miller_loop(p, P2.hash_to_group(m, DST))
            return pyblst.final_verify(f, pyblst.miller_loop(g1, bagg8))

        btriples = [(bpks[i], inp.msgs[i], bsigs[i]) for i in range(N_BATCH)]
        b_sign.add(lib, bl_sign, lambda: bl_sign() == inp.sigb, note="hash_to_group + scalar_mul + compress")
        b_ver.add(lib, bl_verify_bytes, bl_verify_bytes, note="uncompress x2 + " + neg_note)
        b_vero.add(lib, bl_verify_obj, bl_verify_obj, note=neg_note)
        b_agg.add(lib, bl_agg_bytes, lambda: bl_agg_bytes() == agg_expected, note="uncompress + add, compress")
        b_aggo.add(lib, bl_agg_obj, lambda: bl_agg_obj() == agg_expected, note="add, compress")
        b_fav.add(lib, bl_fav, bl_fav, note="add keys + " + neg_note)
        b_av.add(lib, bl_av, bl_av, note="product of 9 miller_loops + final_verify")
        b_batch.add(lib, lambda: all(bl_verify_obj(*t) for t in btriples), note="no batch API: 64 single verifies")
        b_single.add(lib, lambda: all(bl_verify_obj(*t) for t in btriples), note="64 x (" + neg_note + ")")
        b_h2g.add(lib, lambda: P2.hash_to_group(inp.msg, DST),
                  lambda: P2.hash_to_group(inp.msg, DST).compress() == G2.hash_to_curve(inp.msg, DST).to_bytes())

    if blspy is not None:
        lib = "blst (blspy)"
        S = blspy.PopSchemeMPL
        bsk = blspy.PrivateKey.from_bytes(sk0.to_bytes())
        cpk = [blspy.G1Element.from_bytes(p) for p in inp.pkb]
        csig = blspy.G2Element.from_bytes(inp.sigb)
        cdist = [blspy.G2Element.from_bytes(s) for s in inp.distinct_b]
        cagg_same = blspy.G2Element.from_bytes(inp.agg_same.to_bytes())
        cagg8 = blspy.G2Element.from_bytes(inp.agg8.to_bytes())
        b_sign.add(lib, lambda: bytes(S.sign(bsk, inp.msg)), lambda: bytes(S.sign(bsk, inp.msg)) == inp.sigb)
        b_ver.add(lib, lambda: S.verify(blspy.G1Element.from_bytes(pkb0), inp.msg, blspy.G2Element.from_bytes(inp.sigb)),
                  lambda: S.verify(blspy.G1Element.from_bytes(pkb0), inp.msg, blspy.G2Element.from_bytes(inp.sigb)),
                  note="G1/G2Element.from_bytes + PopSchemeMPL.verify")
        b_vero.add(lib, lambda: S.verify(cpk[0], inp.msg, csig), lambda: S.verify(cpk[0], inp.msg, csig))
        b_agg.add(lib, lambda: bytes(S.aggregate([blspy.G2Element.from_bytes(s) for s in inp.distinct_b])),
                  lambda: bytes(S.aggregate([blspy.G2Element.from_bytes(s) for s in inp.distinct_b])) == agg_expected)
        b_aggo.add(lib, lambda: bytes(S.aggregate(cdist)), lambda: bytes(S.aggregate(cdist)) == agg_expected)
        b_fav.add(lib, lambda: S.fast_aggregate_verify(cpk, inp.msg, cagg_same),
                  lambda: S.fast_aggregate_verify(cpk, inp.msg, cagg_same))
        b_av.add(lib, lambda: S.aggregate_verify(cpk[:N_AV], inp.msgs[:N_AV], cagg8),
                 lambda: S.aggregate_verify(cpk[:N_AV], inp.msgs[:N_AV], cagg8))
        ctrip = [(cpk[i], inp.msgs[i], cdist[i]) for i in range(N_BATCH)]
        b_batch.add(lib, lambda: all(S.verify(*t) for t in ctrip), note="no batch API: 64 single verifies")
        b_single.add(lib, lambda: all(S.verify(*t) for t in ctrip))
        b_h2g.add(lib, lambda: S.g2_from_message(inp.msg),
                  lambda: bytes(S.g2_from_message(inp.msg)) == G2.hash_to_curve(inp.msg, DST).to_bytes(),
                  note="PopSchemeMPL.g2_from_message")

    if pe_bls is not None and not args.no_py_ecc:
        lib = "py_ecc"
        b_sign.add(lib, lambda: pe_bls.Sign(k0, inp.msg), lambda: True, slow=True)
        b_ver.add(lib, lambda: pe_bls.Verify(pkb0, inp.msg, inp.sigb), lambda: True, slow=True)
        b_h2g.add(lib, lambda: pe_hash_to_G2(inp.msg, DST, __import__("hashlib").sha256), slow=True)
        if not args.quick:
            b_av.add(lib, lambda: pe_bls.AggregateVerify(inp.pkb[:N_AV], inp.msgs[:N_AV], inp.agg8.to_bytes()),
                     slow=True, note="from bytes")
    return out


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer and shorter runs")
    ap.add_argument("--json", default=str(HERE / "results" / "sig.json"))
    ap.add_argument("--only", default="")
    ap.add_argument("--no-py-ecc", action="store_true")
    ap.add_argument("--seed", type=int, default=381)
    args = ap.parse_args(argv)
    runs, target = (5, 60_000_000) if args.quick else (11, 250_000_000)

    print(f"pybls {pybls.__version__}, backend {pybls.backend()} ({pybls._lib.limb_bits}-bit limbs); "
          f"scheme MinPk.PoP (Ethereum)")
    for name, err in (("pyblst", PYBLST_ERROR), ("blspy", BLSPY_ERROR), ("py_ecc", PY_ECC_ERROR)):
        if err:
            print(f"{name}: not available ({err})")
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs; "
          f"median of {runs} runs (py_ecc: 1 call)")
    inp = Inputs(args.seed)
    benches = [b for b in build(inp, args) if args.only in b.op]
    results, rows = [], []
    spreads: Dict[str, Any] = {}
    for bench in benches:
        row: Dict[str, Optional[float]] = {lib: None for lib in LIBRARIES}
        for lib in bench.impls:
            if not bench.checks[lib]():
                raise SystemExit(f"{lib} disagrees with pybls on {bench.op}")
        fast = {lib: fn for lib, fn in bench.impls.items() if not bench.slow[lib]}
        alt = alternating(fast, runs, target)
        timed = {lib: alt.summary(lib) for lib in fast}
        timed.update({lib: measure(fn, 1, 0, max_iters=1) for lib, fn in bench.impls.items() if bench.slow[lib]})
        for lib, m in timed.items():
            row[lib] = m["median_ns"]
            results.append({"op": bench.op, "library": lib,
                            "note": bench.notes.get(lib, bench.note if lib == "pybls" else ""), **m})
            print(f"  {bench.op:<34} {lib:<14} {fmt_ns(m['median_ns']):>10}", file=sys.stderr)
        # Against the faster blst binding of each round.
        blsts = [lib for lib in ("blst (pyblst)", "blst (blspy)") if lib in fast]
        spreads[bench.op] = alt.ratio_to_fastest("pybls", blsts) if "pybls" in fast else None
        rows.append((bench.op, row))

    ratios: Dict[str, Optional[float]] = {}
    header = (f"{'operation':<34}" + "".join(f"{lib:>15}" for lib in LIBRARIES)
              + f"{'pybls/blst':>12}{'(rounds)':>14}")
    print(header)
    print("-" * len(header))
    for op, row in rows:
        spread = spreads[op]
        ratios[op] = spread[1] if spread else None
        print(f"{op:<34}" + "".join(f"{fmt_ns(row[lib]):>15}" for lib in LIBRARIES)
              + (f"{spread[1]:>11.2f}x{spread[0]:>8.2f}-{spread[2]:.2f}" if spread else f"{'-':>12}"))
    by_op = dict(rows)
    speedup = None
    bk, sk = f"batch verify {N_BATCH} triples", f"{N_BATCH} single verifies"
    if bk in by_op and sk in by_op and by_op[bk]["pybls"] and by_op[sk]["pybls"]:
        speedup = by_op[sk]["pybls"] / by_op[bk]["pybls"]
        print(f"\npybls batch verification: {speedup:.2f}x faster per signature than single verifications "
              f"({fmt_ns(by_op[bk]['pybls'] / N_BATCH)} vs {fmt_ns(by_op[sk]['pybls'] / N_BATCH)} per signature)")
    ceiling = None
    if all(k in by_op and by_op[k]["pybls"] for k in ("hash_to_G2", PAIRS_2, PAIRS_N)):
        # A verification is at least a hash and a 2-pairing product; a batch
        # still hashes every distinct message and gives each its own pair in
        # the Miller loop (the cost of one more pair of the N-pair product).
        h, p2, pn = (by_op[k]["pybls"] for k in ("hash_to_G2", PAIRS_2, PAIRS_N))
        pair = (pn - p2) / (N_BATCH - 2)
        ceiling = (h + p2) / (h + pair)
        print(f"ceiling with distinct messages: (hash + 2-pair product) / (hash + one more pair) = "
              f"({fmt_ns(h)} + {fmt_ns(p2)}) / ({fmt_ns(h)} + {fmt_ns(pair)}) = {ceiling:.2f}x")
    print("\npybls/blst: against the faster of pyblst and blspy in each round; the median of the rounds'")
    print("ratios and its lowest-highest round. What each row measures:")
    for bench in benches:
        for lib, note in [("pybls", bench.note)] + list(bench.notes.items()):
            if note:
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
            "python": platform.python_version(), "machine": platform.machine(), "cpus": os.cpu_count(),
            "pybls": pybls.__version__, "backend": pybls.backend(), "limb_bits": pybls._lib.limb_bits,
            "versions": versions, "quick": args.quick, "runs": runs, "scheme": "MinPk.PoP",
            "timer": "time.perf_counter_ns; libraries alternated round by round (timing.py), "
                     "ratio = median of the rounds' ratios",
        },
        "results": results,
        "ratio_pybls_over_blst": ratios,
        "ratio_spread": {op: ({"min": sp[0], "max": sp[2]} if sp else None) for op, sp in spreads.items()},
        "batch_speedup_per_signature": speedup,
        "batch_speedup_ceiling_distinct_messages": ceiling,
    }
    out.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
