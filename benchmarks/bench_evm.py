#!/usr/bin/env python3
"""Ethereum's pairing precompiles through pybls.evm: time per call and the
gas throughput it amounts to (Mgas/s = gas per µs), for every precompile,
with the BN254 ones side by side with the same precompiles written on
py_ecc's optimized_bn128 (field checks, curve checks, the G2 subgroup
check by multiplication by r, as EIP-196/197 require).

Inputs: EIP-2537's benchmark inputs (bench_vectors.md: the additions, the
worst-case double-and-add multiplications, pairing checks of 2, 4 and 6
pairs), the first case of each map vector file, MSMs of 8 and 128 distinct
random points with random 256-bit scalars, and go-ethereum's BN254 vectors
(bn256Add chfast1, bn256ScalarMul chfast1, bn256Pairing jeff1 and
ten_point_match_1). Each output is checked (against the vector, or against
py_ecc) before timing. Prints a table and writes
benchmarks/results/evm.json.

blst (pyblst) is timed on the EIP-2537 rows whose work its binding
expresses: the additions and the k = 1 multiplications, each with its
result encoded (compressed, which takes the same affine conversion), and
the pairing checks (k Miller loops, their product and one final
exponentiation), in turns with the precompile (pybls/blst is the median
of the rounds' ratios). Its points are decoded before timing, so its column
leaves out the parsing and the checks (field elements, curve, subgroup)
the precompile's time includes: the ratio flatters blst. The MSMs and the maps have no pyblst equivalent.

Usage:
    python benchmarks/bench_evm.py [--quick] [--json PATH] [--no-py-ecc]
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import json
import os
import pathlib
import platform
import random
import re
import sys
from typing import Any, Callable, Dict, List, Optional, Tuple

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing
sys.path.insert(0, str(HERE))

import pybls  # noqa: E402
from bench_native import fmt_ns, measure  # noqa: E402
from timing import alternating  # noqa: E402
from pybls import G1, G2, bn254, evm  # noqa: E402

try:
    from py_ecc import optimized_bn128 as pe
except Exception as exc:  # pragma: no cover - optional peer
    pe = None
    PY_ECC_ERROR: Optional[str] = repr(exc)
else:
    PY_ECC_ERROR = None

try:
    import pyblst
except Exception as exc:  # pragma: no cover - optional peer
    pyblst = None
    BLST_ERROR: Optional[str] = repr(exc)
else:
    BLST_ERROR = None

VECTORS = pathlib.Path(os.environ.get("PYBLS_VECTORS") or HERE.parent.parent / "shared" / "vectors")

# bench_vectors.md's input names, and the precompile each goes to.
EIP2537_BENCH = {
    "G1 addition example input": ("G1ADD", 0x0B),
    "G2 addition example input": ("G2ADD", 0x0D),
    "G1 mul double and add worst case": ("G1MSM k=1 (worst case)", 0x0C),
    "G2 mul double and add worst case": ("G2MSM k=1 (worst case)", 0x0E),
    "Pairing case for 2 pairs": ("PAIRING_CHECK 2 pairs", 0x0F),
    "Pairing case for 4 pairs": ("PAIRING_CHECK 4 pairs", 0x0F),
    "Pairing case for 6 pairs": ("PAIRING_CHECK 6 pairs", 0x0F),
}
GETH_BENCH = [
    ("bn256Add.json", "chfast1", "ECADD"),
    ("bn256ScalarMul.json", "chfast1", "ECMUL"),
    ("bn256Pairing.json", "jeff1", "ECPAIRING 2 pairs"),
    ("bn256Pairing.json", "ten_point_match_1", "ECPAIRING 10 pairs"),
]


class Case:
    def __init__(self, name: str, address: int, data: bytes, expected: Optional[bytes]) -> None:
        self.name, self.address, self.data, self.expected = name, address, data, expected


def _load(path: pathlib.Path) -> List[Dict[str, Any]]:
    opener: Callable[..., Any] = gzip.open if path.name.endswith(".gz") else open
    with opener(path, "rt") as f:
        data: List[Dict[str, Any]] = json.load(f)
    return data


def _fp(v: int) -> bytes:
    return v.to_bytes(64, "big")


def _enc_g1(p: G1) -> bytes:
    x, y = p.to_affine()
    return _fp(x) + _fp(y)


def _enc_g2(q: G2) -> bytes:
    (x0, x1), (y0, y1) = q.to_affine()
    return _fp(x0) + _fp(x1) + _fp(y0) + _fp(y1)


def cases(rng: random.Random) -> List[Case]:
    out: List[Case] = []
    text = (VECTORS / "eip2537" / "bench_vectors.md").read_text()
    for title, value in re.findall(r"^([^\n=]+?) = *\n([0-9a-f]+)$", text, re.M):
        name, address = EIP2537_BENCH[title.strip()]
        out.append(Case(name, address, bytes.fromhex(value), None))
    for file, name, address in (("map_fp_to_G1_bls.json", "MAP_FP_TO_G1", 0x10),
                                ("map_fp2_to_G2_bls.json", "MAP_FP2_TO_G2", 0x11)):
        first = _load(VECTORS / "eip2537" / file)[0]
        out.append(Case(name, address, bytes.fromhex(first["Input"]), bytes.fromhex(first["Expected"])))
    for k in (8, 128):
        ks = [rng.randrange(1 << 256) for _ in range(k)]
        g1s = [G1.generator() * rng.randrange(1, pybls.CURVE_ORDER) for _ in range(k)]
        g2s = [G2.generator() * rng.randrange(1, pybls.CURVE_ORDER) for _ in range(k)]
        want1, want2 = G1.msm(g1s, ks), G2.msm(g2s, ks)
        out.append(Case(f"G1MSM k={k}", 0x0C, b"".join(_enc_g1(p) + s.to_bytes(32, "big") for p, s in zip(g1s, ks)),
                        _enc_g1(want1)))
        out.append(Case(f"G2MSM k={k}", 0x0E, b"".join(_enc_g2(q) + s.to_bytes(32, "big") for q, s in zip(g2s, ks)),
                        _enc_g2(want2)))
    for file, vector, name in GETH_BENCH:
        case = next(c for c in _load(VECTORS / "bn254" / file) if c["Name"] == vector)
        address = {"bn256Add.json": 0x06, "bn256ScalarMul.json": 0x07, "bn256Pairing.json": 0x08}[file]
        out.append(Case(name, address, bytes.fromhex(case["Input"]), bytes.fromhex(case["Expected"])))
    return out


# --------------------------------------------------------------------------
# The BN254 precompiles on py_ecc


def _pe_point(data: bytes, g2: bool) -> Any:
    assert pe is not None
    p = pe.field_modulus
    words = [int.from_bytes(data[i:i + 32], "big") for i in range(0, len(data), 32)]
    if any(w >= p for w in words):
        raise ValueError("coordinate not below p")
    if not any(words):
        return pe.Z2 if g2 else pe.Z1
    if g2:
        pt = (pe.FQ2([words[1], words[0]]), pe.FQ2([words[3], words[2]]), pe.FQ2.one())
        if not pe.is_on_curve(pt, pe.b2) or not pe.is_inf(pe.multiply(pt, pe.curve_order)):
            raise ValueError("G2 point invalid")
        return pt
    pt = (pe.FQ(words[0]), pe.FQ(words[1]), pe.FQ.one())
    if not pe.is_on_curve(pt, pe.b):
        raise ValueError("G1 point not on the curve")
    return pt


def _pe_g1_bytes(pt: Any) -> bytes:
    assert pe is not None
    if pe.is_inf(pt):
        return bytes(64)
    x, y = pe.normalize(pt)
    return int(x).to_bytes(32, "big") + int(y).to_bytes(32, "big")


def py_ecc_precompile(address: int, data: bytes) -> bytes:
    assert pe is not None
    if address == 0x06:
        d = (data + bytes(128))[:128]
        return _pe_g1_bytes(pe.add(_pe_point(d[:64], False), _pe_point(d[64:], False)))
    if address == 0x07:
        d = (data + bytes(96))[:96]
        return _pe_g1_bytes(pe.multiply(_pe_point(d[:64], False), int.from_bytes(d[64:], "big") % pe.curve_order))
    if len(data) % 192:
        raise ValueError("length")
    f = pe.FQ12.one()
    for i in range(0, len(data), 192):
        p, q = _pe_point(data[i:i + 64], False), _pe_point(data[i + 64:i + 192], True)
        if not (pe.is_inf(p) or pe.is_inf(q)):
            f = f * pe.pairing(q, p, final_exponentiate=False)
    return bytes(31) + bytes([pe.final_exponentiate(f) == pe.FQ12.one()])


# --------------------------------------------------------------------------
# The same work on blst, for the EIP-2537 precompiles pyblst can express


def _bls_g1(data: bytes) -> G1:
    return G1.from_affine(int.from_bytes(data[:64], "big"), int.from_bytes(data[64:128], "big"))


def _bls_g2(data: bytes) -> G2:
    w = [int.from_bytes(data[i:i + 64], "big") for i in range(0, 256, 64)]
    return G2.from_affine((w[0], w[1]), (w[2], w[3]))


def blst_equivalent(case: Case) -> Optional[Tuple[Callable[[], Any], Callable[[], bytes]]]:
    """(work, result as pybls bytes) on blst with the inputs decoded
    beforehand, or None where pyblst has no equivalent."""
    if pyblst is None:
        return None
    d = case.data
    if case.address in (0x0B, 0x0D):
        group, size, dec, blst_t = ((G1, 128, _bls_g1, pyblst.BlstP1Element) if case.address == 0x0B
                                    else (G2, 256, _bls_g2, pyblst.BlstP2Element))
        a, b = (blst_t().uncompress(dec(d[i:i + size]).to_bytes()) for i in (0, size))
        return (lambda: (a + b).compress()), (lambda: (a + b).compress())
    if case.address in (0x0C, 0x0E) and case.name.endswith("(worst case)"):
        size, dec, blst_t = ((128, _bls_g1, pyblst.BlstP1Element) if case.address == 0x0C
                             else (256, _bls_g2, pyblst.BlstP2Element))
        pt = blst_t().uncompress(dec(d[:size]).to_bytes())
        k = int.from_bytes(d[size:size + 32], "big")
        return (lambda: pt.scalar_mul(k).compress()), (lambda: pt.scalar_mul(k).compress())
    if case.address == 0x0F:
        pairs = [(pyblst.BlstP1Element().uncompress(_bls_g1(d[i:i + 128]).to_bytes()),
                  pyblst.BlstP2Element().uncompress(_bls_g2(d[i + 128:i + 384]).to_bytes()))
                 for i in range(0, len(d), 384)]
        one = pyblst.miller_loop(pyblst.BlstP1Element(), pyblst.BlstP2Element())

        def check() -> bool:
            f = pyblst.miller_loop(*pairs[0])
            for p, q in pairs[1:]:
                f = f * pyblst.miller_loop(p, q)
            return bool(pyblst.final_verify(f, one))

        return check, (lambda: bytes(31) + bytes([check()]))
    return None


def _blst_agrees(case: Case, got: bytes, out: bytes) -> bool:
    if case.address == 0x0F:
        return got == out
    group = G1 if case.address in (0x0B, 0x0C) else G2
    want = (_bls_g1 if group is G1 else _bls_g2)(out)
    return group.from_bytes(got) == want


# --------------------------------------------------------------------------


def interleaved(mine: Callable[[], Any], peer: Callable[[], Any], runs: int, target_ns: int) -> Dict[str, float]:
    """Median ns per call of `mine` and `peer` and the median of their
    ratio over `runs` rounds, each timing one loop of each (timing.py), so
    that a change in the machine's load weighs on both alike."""
    alt = alternating({"mine": mine, "peer": peer}, runs, target_ns)
    return {"mine_ns": alt.median_ns("mine"), "peer_ns": alt.median_ns("peer"), "ratio": alt.ratio("mine", "peer")[1]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer, shorter runs")
    ap.add_argument("--json", type=pathlib.Path, default=HERE / "results" / "evm.json")
    ap.add_argument("--no-py-ecc", action="store_true", help="leave out py_ecc")
    ap.add_argument("--no-blst", action="store_true", help="leave out blst")
    args = ap.parse_args()
    runs, target = (3, 50_000_000) if args.quick else (7, 200_000_000)
    use_pe = pe is not None and not args.no_py_ecc

    rows: List[Dict[str, Any]] = []
    for case in cases(random.Random(2537)):
        fn = evm.PRECOMPILES[case.address]
        out = fn(case.data)
        if case.expected is not None:
            assert out == case.expected, case.name
        gas = evm.gas(case.address, case.data)
        blst = blst_equivalent(case) if not args.no_blst else None
        turns: Optional[Dict[str, float]] = None
        if blst is not None:  # timed in turns with blst's equivalent
            work, result = blst
            assert _blst_agrees(case, result(), out), case.name
            turns = interleaved(lambda: fn(case.data), work, runs, target)
            ns = turns["mine_ns"]
        else:
            ns = measure(lambda: fn(case.data), runs, target)["median_ns"]
        row: Dict[str, Any] = {"name": case.name, "address": case.address, "gas": gas, "pybls_ns": ns,
                               "pybls_mgas_per_s": gas / (ns / 1e3)}
        if use_pe and case.address in (0x06, 0x07, 0x08):
            assert py_ecc_precompile(case.address, case.data) == out, case.name
            pe_ns = measure(lambda: py_ecc_precompile(case.address, case.data), max(2, runs // 2), target)["median_ns"]
            row.update(py_ecc_ns=pe_ns, py_ecc_mgas_per_s=gas / (pe_ns / 1e3))
        if turns is not None:
            row.update(blst_ns=turns["peer_ns"], pybls_over_blst=turns["ratio"])
        rows.append(row)

    header = (f"{'precompile':<26} {'addr':>4} {'gas':>8} {'pybls':>10} {'Mgas/s':>8}"
              f" {'py_ecc':>10} {'Mgas/s':>8} {'speed-up':>8} {'blst':>10} {'pybls/blst':>10}")
    print(header)
    print("-" * len(header))
    for r in rows:
        line = (f"{r['name']:<26} {r['address']:>#4x} {r['gas']:>8} {fmt_ns(r['pybls_ns']):>10}"
                f" {r['pybls_mgas_per_s']:>8.1f}")
        if "py_ecc_ns" in r:
            line += (f" {fmt_ns(r['py_ecc_ns']):>10} {r['py_ecc_mgas_per_s']:>8.2f}"
                     f" {r['py_ecc_ns'] / r['pybls_ns']:>7.0f}x")
        elif "blst_ns" in r:
            line += " " * 29
        if "blst_ns" in r:
            line += f" {fmt_ns(r['blst_ns']):>10} {r['pybls_over_blst']:>9.2f}x"
        print(line)
    print("\nMgas/s = gas / µs per call; speed-up = py_ecc's time / pybls's;"
          " pybls/blst = the precompile's time / blst's on decoded points")
    if not use_pe:
        print(f"left out: py_ecc: {PY_ECC_ERROR or '--no-py-ecc'}")
    if pyblst is None or args.no_blst:
        print(f"left out: blst: {BLST_ERROR or '--no-blst'}")

    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": platform.platform(),
        "python": platform.python_version(),
        "backend": pybls.backend(),
        "rows": rows,
    }, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
