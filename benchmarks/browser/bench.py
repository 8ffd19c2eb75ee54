"""Browser benchmark: pybls (Python in Pyodide) against JavaScript peers.

    python benchmarks/browser/bench.py [--quick] [--only TABLE,...] [--kernel-curves CURVE,...]
                                       [--chromium /usr/bin/chromium] [--chromium-arg ARG ...] [--json FILE]

Serves the repository on 127.0.0.1, opens benchmarks/browser/bench.html in
headless Chromium (Debian's, driven by Python Playwright; never a downloaded
browser) and prints, per operation, the median time of pybls measured from
Python inside Pyodide, of @noble/curves, mcl-wasm and bls-eth-wasm measured
in the same page, and the ratios peer / pybls (above 1: pybls is faster).
Every table times its libraries in alternation: one turn of each, round
after round, so that a load on the machine slows all of them alike; a turn
is a run of calls lasting at least a millisecond (alternate.mjs says why) and
a ratio is the median of the rounds' ratios. Also Pyodide start-up and `import
pybls`. Writes the numbers as JSON.

G1 scalar multiplication is measured twice, like for like: g1_mul in
constant time, as a secret scalar needs (pybls `P * k`, noble `multiply`,
mcl's `mclBnG1_mulCT`), and g1_mul_vartime in variable time, for public
scalars (pybls `mul_vartime`, noble `multiplyUnsafe`, mcl `mul`, which is
mcl's default).

BN254 (alt_bn128) has a table of its own: pybls.bn254 against
@noble/curves' bn254 and mcl-wasm's BN_SNARK1, each checked first against
pybls's results (products, decoded points, the MSM, the pairing value);
BN_NOTES says what each peer runs where the libraries differ.

KZG (EIP-4844) has a table against kzg-wasm (c-kzg-4844 compiled to
WebAssembly), on the same blobs with Ethereum's mainnet setup in both; the
peer must first reproduce pybls's commitment and proof bytes (KZG_NOTES).
SHE has a table of pybls.she on BLS12-381 alone (no peer has an SHE API in
the browser): each time in ms and as a ratio to one pairing, timed in
alternation with the operation (the median of the rounds' ratios), and
the fastest time of each (the least disturbed by other work).

The curves table times pybls's higher-security curves, BN381_1, BN462 and
BLS48-581 (no peer serves them), against its own BLS12-381 in the same
page: the pairing and G1 and G2 multiplication by a secret scalar
(constant time), each curve's call in turn, round after round, after a
warm-up of each; printed as times and as the median of the rounds' ratios
to BLS12-381, next to the targets (CURVE_TARGETS).

The kernels table measures how far the WebAssembly pairing is from the
floor its radix-2^30 kernels put on it, in Chromium: the module of
benchmarks/wasm/kernels.c (the core built as the wheel's, plus counters of
the kernels; built here as `node benchmarks/wasm/kernels.mjs` builds it)
counts the digit products, squares and reductions of one pairing, and the
page times each kernel, the module's own pairing and pybls's pairing from
Python in Pyodide (on the same generators; also the call of the core's
function alone, without pybls's Python around it) in alternation, round
after round, with the loop the Node runner uses (benchmarks/wasm/
kernels_timing.mjs). The bound is the counts times the kernels' fastest
times, printed against each pairing's fastest time with the time outside
the kernels; medians are printed too, but on a loaded machine only the
fastest times (the undisturbed ones) agree from run to run.
--kernel-curves picks the curves (default: bls12_381,bn254_nogami); its
timings last about 3 ms (--kernel-ms) rather than the Node runner's
40, over 201 rounds (--kernel-rounds; 51 with --quick): on a shared
machine a timing loses whole time slices to other processes, more of many
short timings run undisturbed, and the fastest of them is what the bound
takes (the page is cross-origin isolated: its clock ticks in microseconds).

Every run records the machine's load average before and after it, and
--chromium-arg=ARG passes an argument to Chromium (e.g.
--chromium-arg=--js-flags=--no-liftoff: WebAssembly compiled by the
optimising compiler only, to see whether a table measured baseline code).

--only bls12_381,bn254,kzg,she,curves,kernels measures the tables named
(default: all).

Needs `make wasm` and `npm ci` in benchmarks/browser (`make bench-browser`
does both), and emcc for the kernels table.
"""

import argparse
import datetime
import json
import os
import pathlib
import platform
import subprocess
import sys
from typing import Any, Dict, List

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "build-scripts"))

import localweb  # noqa: E402

OPS = ["pairing", "hash_to_G2", "sign", "verify", "g1_mul", "g1_mul_vartime", "aggregate_128",
       "g2_decompress", "fast_aggregate_verify_128"]
PEERS = ["noble", "mcl", "bls-eth-wasm"]
BN_OPS = ["pairing", "g1_mul", "g2_mul", "g1_decompress", "g2_decompress", "g1_msm64", "hash_to_G1",
          "encode_to_G1"]
BN_PEERS = ["noble", "mcl"]
# Rows whose peer computes something else than pybls (marked * in the table).
BN_UNLIKE = {"encode_to_G1"}
BN_NOTES = {
    "pairing": "noble's and mcl's values are pybls's to the fixed power 2u(6u^2 + 3u + 1), checked",
    "g1_mul/g2_mul": "secret scalar, constant time: pybls P * k, noble multiply, "
                     "mcl mclBnG1_mulCT/mclBnG2_mulCT",
    "g1/g2_decompress": "each library's compressed form with the subgroup check: pybls gnark's (32/64 bytes), "
                        "noble SEC 1 (33/65 bytes, Point.fromBytes), mcl its own (32/64 bytes, verifyOrderG2); "
                        "G1 is the whole curve, where none checks an order",
    "g1_msm64": "pybls G1.msm, noble pippenger, mcl mulVec",
    "hash_to_G1": "RFC 9380 hash_to_curve, BN254G1_XMD:SHA-256_SVDW_RO_; neither peer has one",
    "encode_to_G1": "* pybls RFC 9380 encode_to_curve (one field element, one SvdW map); mcl hashAndMapToG1: "
                    "SHA-256 to one Fp element and mcl's own SvdW map, the same work but other points "
                    "(only checked to be valid); noble has no hashing to BN254",
}
TABLES = ["bls12_381", "bn254", "kzg", "she", "curves", "kernels"]
KERNEL_CURVES = ["bls12_381", "bn254_nogami"]
KERNEL_NAMES = {"bls12_381": "BLS12-381", "bn254": "BN254 (alt_bn128)", "bn254_nogami": "bn254_nogami (mcl's BN254)",
                "bn381": "BN381_1", "bn462": "BN462", "bls48_581": "BLS48-581"}
CURVES = ["bls12_381", "bn381", "bn462", "bls48_581"]
CURVE_NAMES = {"bls12_381": "BLS12-381", "bn381": "BN381_1", "bn462": "BN462", "bls48_581": "BLS48-581"}
CURVE_OPS = ["pairing", "g1_mul", "g2_mul"]
# The browser targets: a pairing at most this multiple of BLS12-381's in
# the same page, or (ms) under this time.
CURVE_TARGETS = {("bn462", "pairing"): "<= 3.5x", ("bls48_581", "pairing"): "< 60 ms"}
KZG_OPS = ["load_trusted_setup", "blob_to_kzg_commitment", "compute_blob_kzg_proof", "verify_blob_kzg_proof",
           "verify_blob_kzg_proof_batch"]
KZG_NOTES = {
    "all": "the same blobs and mainnet setup (precompute 0) in both; kzg-wasm's commitments and proofs "
           "are checked to be pybls's bytes first, and its verifiers to accept them; each operation is "
           "timed in alternation, pybls then kzg-wasm, round after round",
    "load_trusted_setup": "not like for like: pybls load_trusted_setup(bytes of the mainnet file), median of 3, "
                          "what blobs need (the cell-proof table ships with pybls, read on first use); "
                          "kzg-wasm loadKZG() once: compiling its module and c-kzg's load with its "
                          "precomputation for cells (FK20)",
    "verify_blob_kzg_proof_batch": "4 blobs; kzg-wasm 1.0.0 verifies them one by one, pybls with one "
                                   "pairing check",
    "api": "kzg-wasm takes and returns 0x-prefixed hex, pybls bytes; each is timed as its users call it",
}


def build_kernels(curves: List[str]) -> None:
    """kernels.c's module of each curve, in build/wasm-kernels/, built by
    the Node runner (emcc, the wheel's flags plus the kernels' counters)."""
    for curve in curves:
        subprocess.run(["node", str(ROOT / "benchmarks" / "wasm" / "kernels.mjs"), "--build-only", "--curve", curve],
                       check=True, stdout=subprocess.DEVNULL)


def run_page(chromium, quick, timeout, only=None, kernel_curves=None, chromium_args=(), kernel_query=()):
    query = (["quick"] if quick else []) + ([f"only={','.join(only)}"] if only else [])
    query += [f"kernels={','.join(kernel_curves)}"] if kernel_curves else []
    query += list(kernel_query)
    return open_page(chromium, "bench.html", query, "benchResult", timeout, chromium_args)


def open_page(chromium, name, query, result_name, timeout, chromium_args=()):
    """Serves the repository, opens benchmarks/browser/`name`?`query` (a
    list of key=value) in headless Chromium and returns the page's
    window.`result_name` once set, with Chromium's version and the page's
    console messages and errors."""
    from playwright.sync_api import sync_playwright

    server, base = localweb.start_server({"/": ROOT})
    url = base + "benchmarks/browser/" + name + ("?" + "&".join(query) if query else "")
    messages = []
    try:
        with sync_playwright() as p:
            browser = localweb.launch_chromium(p, chromium, args=list(chromium_args))
            page = browser.new_page()
            page.on("console", lambda m: messages.append(f"console.{m.type}: {m.text}"))
            page.on("pageerror", lambda e: messages.append(f"page error: {e}"))
            page.goto(url)
            page.wait_for_function(f"window.{result_name} !== undefined", timeout=timeout * 1000, polling=500)
            result = page.evaluate(f"window.{result_name}")
            result["chromium"] = browser.version
            browser.close()
    finally:
        server.shutdown()
    result["messages"] = messages
    return result


def rows(res, ops, peers, unlike=(), ratios=None):
    """One line per operation: each library's median time and its ratio to
    pybls's, the median of the rounds' ratios where the page alternated the
    libraries (`ratios`), else the ratio of the medians."""
    ratios = ratios or {}
    lines = [f"{'operation':<28}{'pybls':>10}" + "".join(f"{p:>17}" for p in peers) + "   best-peer/pybls"]
    for op in ops:
        ours = res["pybls"][op]
        row = f"{op + (' *' if op in unlike else ''):<28}{ours:>8.2f}ms"
        best = None
        for peer in peers:
            t = res.get(peer, {}).get(op)
            if t is None:
                row += f"{'-':>17}"
                continue
            ratio = ratios.get(peer, {}).get(op, t / ours)
            row += f"{t:>10.2f} ({ratio:4.1f}x)"
            best = ratio if best is None else min(best, ratio)
        row += f"   {best:5.2f}" if best else ""
        lines.append(row)
    return lines


def kzg_rows(kzg):
    """The KZG rows: times and, where pybls_bench alternated the two
    libraries round by round, the median of the rounds' ratios."""
    res, ratios = kzg["results"], kzg.get("ratios", {})
    lines = [f"{'operation':<28}{'pybls':>10}{'kzg-wasm':>12}   kzg-wasm/pybls"]
    for op in KZG_OPS:
        ours, theirs = res["pybls"][op], res["kzg-wasm"][op]
        ratio = ratios.get(op, theirs / ours)
        how = "" if op in ratios else "  (of the medians)"
        lines.append(f"{op:<28}{ours:>8.2f}ms{theirs:>10.2f}ms   {ratio:6.2f}{how}")
    return lines


def she_rows(she):
    """Medians, ratios to a pairing, and the fastest times (the least
    disturbed by other work on the machine; the one-off table has none)."""
    pairing_ms, fastest = she["pairing_ms"], she.get("fastest", {})
    lines = [f"{'operation':<28}{'pybls':>10}   pairings (median of each round's ratio; "
             f"one pairing: {pairing_ms:.2f} ms)   fastest"]
    for op, ms in she["results"]["pybls"].items():
        best = f"{fastest[op]:>8.2f}ms" if op in fastest else ""
        lines.append(f"{op:<28}{ms:>8.2f}ms   {she['pairings'][op]:8.2f}{'':<42}{best}")
    if "pairing_fastest_ms" in she:
        lines.append(f"{'one pairing':<28}{pairing_ms:>8.2f}ms   {1.0:8.2f}{'':<42}{she['pairing_fastest_ms']:>8.2f}ms")
    return lines


def curves_rows(curves):
    """One line per curve and operation: the median time and the median of
    the rounds' ratios to BLS12-381's (timed in the same rounds)."""
    res, ratios = curves["results"], curves.get("ratios", {})
    lines = [f"{'operation':<28}" + "".join(f"{CURVE_NAMES[c]:>22}" for c in CURVES) + "   target"]
    for op in CURVE_OPS:
        row = f"{op:<28}"
        for c in CURVES:
            t = res[c][op]
            row += (f"{t:.2f}ms" + (f" ({ratios[c][op]:.2f}x)" if c in ratios else "")).rjust(22)
        targets = [f"{CURVE_NAMES[c]} {CURVE_TARGETS[c, op]}" for c in CURVES if (c, op) in CURVE_TARGETS]
        lines.append(row + ("   " + ", ".join(targets) if targets else ""))
    return lines


def kernels_rows(kernels: Dict[str, Any]) -> List[str]:
    """Per curve: the kernels' counts in one pairing and their times, the
    bound (counts x times), and the module's and pybls's pairing against it:
    the fastest times (and the medians), bound / pairing and the time
    outside the kernels, with how many timings came within 3% of the
    fastest."""
    lines = []
    for curve, m in kernels.items():
        c, fast, med = m["counts"], m["fastest"], m["median"]
        lines.append(f"{KERNEL_NAMES.get(curve, curve)}: one pairing {c['digit_mul']} digit products, "
                     f"{c['digit_sqr']} squares, {c['digit_redc']} reductions (digest {m['digest']})")
        near = m["near"]
        lines.append("  per operation, ns (fastest, median, timings within 3%): " + ", ".join(
            f"{name} {fast[name] * 1e6:.1f} ({med[name] * 1e6:.1f}, {near[name]})"
            for name in ("digit_mul", "digit_sqr", "digit_redc", "fp_mul_lanes")))
        lines.append(f"  kernels alone (bound) {m['bound']:.3f} ms")
        for name, label in (("pairing", "kernels.c's pairing"), ("pybls_pairing", "pybls pairing (Pyodide)"),
                            ("binding_pairing", "  its core call alone")):
            t = fast[name]
            lines.append(f"  {label:<26}{t:>7.3f} ms (median {med[name]:.3f}, {near[name]})   bound / pairing "
                         f"{m['bound'] / t:.2f}; outside the kernels {t - m['bound']:.3f} ms, {1 - m['bound'] / t:.0%}")
    rounds = next(iter(kernels.values()))["rounds"] if kernels else 0
    settled = ", ".join(str(m.get("settleRounds", "?")) for m in kernels.values())
    lines.append(f"  (fastest of {rounds} rounds, after {settled} untimed rounds of warm-up; each round times every "
                 "row once, in turn)")
    return lines


def table(result):
    lines = []
    if "pybls" in result["results"]:
        lines += ["BLS12-381"] + rows(result["results"], OPS, PEERS, ratios=result.get("ratios"))
    if "bn254" in result:
        lines += ["", "BN254 (alt_bn128)"] + rows(result["bn254"]["results"], BN_OPS, BN_PEERS, BN_UNLIKE,
                                                      result["bn254"].get("ratios"))
        lines += [f"  {op}: {note}" for op, note in BN_NOTES.items()]
    if "kzg" in result:
        lines += ["", "KZG (EIP-4844)"] + kzg_rows(result["kzg"])
        lines += [f"  {op}: {note}" for op, note in KZG_NOTES.items()]
    if "she" in result:
        lines += ["", "SHE on BLS12-381 (pybls only)"] + she_rows(result["she"])
    if "curves" in result:
        lines += ["", "pybls's curves against its BLS12-381 (curve / BLS12-381, median of the rounds' ratios)"]
        lines += curves_rows(result["curves"])
    if "kernels" in result:
        lines += ["", "The pairing against its radix-2^30 kernels (benchmarks/wasm/kernels.c), in Chromium"]
        lines += kernels_rows(result["kernels"])
    s = result["startup"]
    peers = bool(result["results"]) or "bn254" in result or "kzg" in result
    imports = "".join(
        f", import pybls.{mod} {s[key]:.0f} ms"
        for mod, key in (("bn254", "import_bn254_ms"), ("kzg", "import_kzg_ms"), ("she", "import_she_ms"))
        if key in s
    ) + "".join(
        f", import pybls.{mod} {ms:.0f} ms" for mod, ms in s.get("import_curves_ms", {}).items() if mod != "bls12_381"
    )
    lines.append(
        f"Pyodide start-up {s['pyodide_ms']:.0f} ms, import pybls {s['import_pybls_ms']:.0f} ms{imports} "
        f"(Chromium {result.get('chromium', '?')}"
        + ("; ratios are peer time / pybls time)" if peers else ")")
    )
    return "\n".join(lines).lstrip("\n")


def tables_arg(text):
    names = [t for t in text.split(",") if t]
    unknown = [t for t in names if t not in TABLES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"unknown table {','.join(unknown) or text!r}; choose from {','.join(TABLES)}")
    return names


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--chromium", default=None, help="default: chromium on PATH")
    ap.add_argument("--quick", action="store_true", help="fewer runs per operation")
    ap.add_argument("--only", type=tables_arg, default=None,
                    help=f"comma-separated tables to measure, of {','.join(TABLES)} (default: all)")
    ap.add_argument("--kernel-curves", type=lambda t: [c for c in t.split(",") if c], default=KERNEL_CURVES,
                    help=f"curves of the kernels table (default: {','.join(KERNEL_CURVES)})")
    ap.add_argument("--kernel-rounds", type=int, default=None,
                    help="rounds of the kernels table (default 201, 51 with --quick)")
    ap.add_argument("--kernel-ms", type=float, default=None,
                    help="the time of each timing of the kernels table, in ms (default 3)")
    ap.add_argument("--chromium-arg", action="append", default=[], metavar="ARG",
                    help="an extra Chromium command-line argument, given as --chromium-arg=ARG "
                         "(e.g. --chromium-arg=--js-flags=--no-liftoff; repeatable)")
    ap.add_argument("--timeout", type=float, default=900.0)
    ap.add_argument("--json", type=pathlib.Path,
                    default=ROOT / "benchmarks" / "results" / "browser.json")
    args = ap.parse_args(argv)
    kernels = args.only is None or "kernels" in args.only
    if kernels:
        build_kernels(args.kernel_curves)
    load_before = os.getloadavg()
    result = run_page(args.chromium, args.quick, args.timeout, args.only, args.kernel_curves if kernels else None,
                      args.chromium_arg,
                      [f"{name}={value}" for name, value in (("kernel_rounds", args.kernel_rounds),
                                                             ("kernel_ms", args.kernel_ms)) if value is not None])
    result["load_average"] = {"before": load_before, "after": os.getloadavg()}
    result["chromium_args"] = args.chromium_arg
    if not result.get("ok"):
        print("benchmark page failed:\n" + result.get("error", "?"), file=sys.stderr)
        print("\n".join(result["messages"]), file=sys.stderr)
        return 1
    if "bn254" in result:
        result["bn254"]["notes"] = BN_NOTES
    if "kzg" in result:
        result["kzg"]["notes"] = KZG_NOTES
    print(table(result))
    load = result["load_average"]
    print(f"load average (1, 5, 15 min) before {' '.join(f'{x:.2f}' for x in load['before'])}, "
          f"after {' '.join(f'{x:.2f}' for x in load['after'])}"
          + (f"; Chromium arguments {' '.join(args.chromium_arg)}" if args.chromium_arg else ""))
    result["date"] = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds")
    result["machine"] = platform.platform()
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(result, indent=2) + "\n")
    print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
