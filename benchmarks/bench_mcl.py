#!/usr/bin/env python3
"""Native benchmark: pybls's bn254_nogami next to mcl's BN254 (the same
curve, mcl's default) through the mclbn256 wheel (mcl's shared library,
called with ctypes), in the same process.

mcl and pybls share this curve's encodings, so each input travels as pybls's
own bytes. Before timing, every operation's result is compared with pybls's
(pairing values through mcl's fixed extra exponent 2z(6z² + 3z + 1), GT
bytes in mcl's order, the reverse of pybls's). Each operation is then timed
interleaved: every round times a loop of pybls's calls and a loop of mcl's,
one right after the other (alternating which goes first), so both see the
same load of a shared machine; the table gives the median ratio
pybls / mcl over the rounds with its spread (the lowest and highest round).
Both sides are called from Python (cffi for pybls, ctypes for mcl), so a
call's overhead (about a microsecond) is in both.

Without mclbn256 installed, the benchmark prints that the peer is missing
and exits cleanly. Writes benchmarks/results/mcl.json.

Usage:
    python benchmarks/bench_mcl.py [--quick] [--json PATH] [--only SUBSTR]
"""

from __future__ import annotations

import argparse
import ctypes
import datetime
import json
import pathlib
import platform
import random
import sys
from typing import Any, Callable, Dict, List, Optional, Tuple

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing

import pybls  # noqa: E402
from pybls import bn254_nogami as bn  # noqa: E402
from timing import alternating  # noqa: E402

try:
    import mclbn256.mclbn256 as mclbn  # its import loads mcl and calls mclBn_init for BN254
    MCL: Optional[Any] = mclbn.load_library("libmclbn256")
except Exception as exc:  # pragma: no cover - optional peer
    MCL = None
    MCL_ERROR: Optional[str] = repr(exc)
else:
    MCL_ERROR = None

R = bn.CURVE_ORDER
Z = -(2**62 + 2**55 + 1)
# mcl's pairing is pybls's raised to this fixed exponent.
MCL_EXP = 2 * Z * (6 * Z * Z + 3 * Z + 1) % R

# mcl's C types for a 4-limb Fp: Fr 4 words, G1 3 Fp (Jacobian), G2 3 Fp2, GT 12 Fp.
Fr = ctypes.c_uint64 * 4
G1T = ctypes.c_uint64 * 12
G2T = ctypes.c_uint64 * 24
GTT = ctypes.c_uint64 * 48


def interleaved(fa: Callable[[], Any], fb: Callable[[], Any], rounds: int, target_s: float) -> Dict[str, float]:
    """Per-call times of fa and fb from `rounds` rounds, each timing a loop of
    each back to back (timing.py), each loop lasting about target_s. Returns
    the median ratio fa/fb with the lowest and highest round, and the median
    per-call times."""
    alt = alternating({"pybls": fa, "mcl": fb}, rounds, int(target_s * 1e9))
    lo, mid, hi = alt.ratio("pybls", "mcl")
    return {
        "ratio": mid,
        "ratio_min": lo,
        "ratio_max": hi,
        "pybls_ns": alt.median_ns("pybls"),
        "mcl_ns": alt.median_ns("mcl"),
        "calls_per_round": alt.iterations["pybls"],
        "mcl_calls_per_round": alt.iterations["mcl"],
        "rounds": rounds,
    }


# --------------------------------------------------------------------------
# mcl through ctypes: decoding pybls's bytes, encoding back


def mcl_call(name: str, *args: Any) -> int:
    assert MCL is not None
    return int(getattr(MCL, name)(*args))


def mcl_fr(k: int) -> Any:
    x = Fr()
    data = (k % R).to_bytes(32, "little")
    if mcl_call("mclBnFr_deserialize", ctypes.byref(x), data, len(data)) != len(data):
        raise RuntimeError("mcl rejected a scalar")
    return x


def mcl_point(kind: str, data: bytes) -> Any:
    x = G1T() if kind == "G1" else G2T()
    if mcl_call(f"mclBn{kind}_deserialize", ctypes.byref(x), data, len(data)) != len(data):
        raise RuntimeError(f"mcl rejected a {kind} encoding")
    return x


def mcl_bytes(kind: str, x: Any, size: int) -> bytes:
    buf = ctypes.create_string_buffer(size)
    n = mcl_call(f"mclBn{kind}_serialize", buf, size, ctypes.byref(x))
    if n != size:
        raise RuntimeError(f"mcl wrote {n} bytes for a {kind}, not {size}")
    return buf.raw


def mcl_gt_as_pybls(x: Any) -> bn.GT:
    """An mcl GT value as pybls's GT (mcl writes pybls's bytes reversed)."""
    return bn.GT.from_bytes(mcl_bytes("GT", x, 384)[::-1])


def mcl_gt_from_pybls(data: bytes) -> Any:
    x = GTT()
    rev = data[::-1]
    if mcl_call("mclBnGT_deserialize", ctypes.byref(x), rev, len(rev)) != len(rev):
        raise RuntimeError("mcl rejected an Fp12 encoding")
    return x


# --------------------------------------------------------------------------
# the operations: (name, pybls call, mcl call, check that both agree)

Op = Tuple[str, Callable[[], Any], Callable[[], Any], Callable[[], bool]]


def build_ops(seed: int) -> List[Op]:
    rng = random.Random(seed)
    P = bn.G1.generator() * rng.randrange(1, R)
    Q = bn.G2.generator() * rng.randrange(1, R)
    P2 = bn.G1.generator() * rng.randrange(1, R)
    Q2 = bn.G2.generator() * rng.randrange(1, R)
    k_int = rng.randrange(1, R)
    k = bn.Scalar(k_int)
    p_bytes, q_bytes = P.to_bytes(), Q.to_bytes()
    n_msm = 64
    msm_pts = [bn.G1.generator() * rng.randrange(1, R) for _ in range(n_msm)]
    msm_ks = [rng.randrange(R) for _ in range(n_msm)]
    f = bn.miller_loop(P, Q)
    f_bytes = f.to_bytes()
    gt = bn.pairing(P, Q)

    # mcl's inputs, from pybls's bytes; mcl checks the order on decoding
    # as pybls does.
    mcl_call("mclBn_verifyOrderG1", 1)
    mcl_call("mclBn_verifyOrderG2", 1)
    mP, mQ = mcl_point("G1", p_bytes), mcl_point("G2", q_bytes)
    mP2, mQ2 = mcl_point("G1", P2.to_bytes()), mcl_point("G2", Q2.to_bytes())
    mk = mcl_fr(k_int)
    mf = mcl_gt_from_pybls(f_bytes)
    mgt = mcl_gt_from_pybls(gt.to_bytes())
    m_msm_pts = (G1T * n_msm)(*[mcl_point("G1", p.to_bytes()) for p in msm_pts])
    m_msm_ks = (Fr * n_msm)(*[mcl_fr(s) for s in msm_ks])
    mP_pair = (G1T * 2)(mP, mP2)
    mQ_pair = (G2T * 2)(mQ, mQ2)
    out1, out2, outt, outt2 = G1T(), G2T(), GTT(), GTT()
    by = ctypes.byref

    def agree_g1(expected: bn.G1) -> bool:
        return mcl_bytes("G1", out1, 32) == expected.to_bytes()

    def agree_g2(expected: bn.G2) -> bool:
        return mcl_bytes("G2", out2, 64) == expected.to_bytes()

    def agree_gt(expected: bn.GT) -> bool:
        return mcl_gt_as_pybls(outt) == expected ** MCL_EXP

    def run(fn: Callable[[], Any], check: Callable[[], bool]) -> Callable[[], bool]:
        def both() -> bool:
            fn()
            return check()
        return both

    def ml_mcl() -> None:
        mcl_call("mclBn_millerLoop", by(outt), by(mP), by(mQ))

    def ml_check() -> bool:
        # Miller loop values differ by factors the final exponentiation
        # removes; compare after it.
        ml_mcl()
        mcl_call("mclBn_finalExp", by(outt2), by(outt))
        return mcl_gt_as_pybls(outt2) == gt ** MCL_EXP

    def dec1_mcl() -> None:
        mcl_call("mclBnG1_deserialize", by(out1), p_bytes, 32)

    def dec2_mcl() -> None:
        mcl_call("mclBnG2_deserialize", by(out2), q_bytes, 64)

    def pp_mcl() -> None:
        mcl_call("mclBn_millerLoopVec", by(outt2), mP_pair, mQ_pair, 2)
        mcl_call("mclBn_finalExp", by(outt), by(outt2))

    ops: List[Op] = [
        ("pairing", lambda: bn.pairing(P, Q),
         lambda: mcl_call("mclBn_pairing", by(outt), by(mP), by(mQ)),
         run(lambda: mcl_call("mclBn_pairing", by(outt), by(mP), by(mQ)), lambda: agree_gt(gt))),
        ("miller_loop", lambda: bn.miller_loop(P, Q), ml_mcl, ml_check),
        ("final_exp", lambda: bn.final_exponentiation(f),
         lambda: mcl_call("mclBn_finalExp", by(outt), by(mf)),
         run(lambda: mcl_call("mclBn_finalExp", by(outt), by(mf)), lambda: agree_gt(bn.final_exponentiation(f)))),
        ("pairing_product 2", lambda: bn.pairing_product([(P, Q), (P2, Q2)]), pp_mcl,
         run(pp_mcl, lambda: agree_gt(bn.pairing_product([(P, Q), (P2, Q2)])))),
        ("G1 mul, constant time", lambda: P * k,
         lambda: mcl_call("mclBnG1_mulCT", by(out1), by(mP), by(mk)),
         run(lambda: mcl_call("mclBnG1_mulCT", by(out1), by(mP), by(mk)), lambda: agree_g1(P * k))),
        ("G1 mul, variable time", lambda: P.mul_vartime(k),
         lambda: mcl_call("mclBnG1_mul", by(out1), by(mP), by(mk)),
         run(lambda: mcl_call("mclBnG1_mul", by(out1), by(mP), by(mk)), lambda: agree_g1(P * k))),
        ("G2 mul, constant time", lambda: Q * k,
         lambda: mcl_call("mclBnG2_mulCT", by(out2), by(mQ), by(mk)),
         run(lambda: mcl_call("mclBnG2_mulCT", by(out2), by(mQ), by(mk)), lambda: agree_g2(Q * k))),
        ("G2 mul, variable time", lambda: Q.mul_vartime(k),
         lambda: mcl_call("mclBnG2_mul", by(out2), by(mQ), by(mk)),
         run(lambda: mcl_call("mclBnG2_mul", by(out2), by(mQ), by(mk)), lambda: agree_g2(Q * k))),
        ("G1 decompress + order check", lambda: bn.G1.from_bytes(p_bytes), dec1_mcl,
         run(dec1_mcl, lambda: agree_g1(P))),
        ("G2 decompress + order check", lambda: bn.G2.from_bytes(q_bytes), dec2_mcl,
         run(dec2_mcl, lambda: agree_g2(Q))),
        (f"G1 MSM n={n_msm}", lambda: bn.G1.msm(msm_pts, msm_ks),
         lambda: mcl_call("mclBnG1_mulVec", by(out1), m_msm_pts, m_msm_ks, n_msm),
         run(lambda: mcl_call("mclBnG1_mulVec", by(out1), m_msm_pts, m_msm_ks, n_msm),
             lambda: agree_g1(bn.G1.msm(msm_pts, msm_ks)))),
        ("GT pow", lambda: gt ** k,
         lambda: mcl_call("mclBnGT_pow", by(outt), by(mgt), by(mk)),
         run(lambda: mcl_call("mclBnGT_pow", by(outt), by(mgt), by(mk)),
             lambda: mcl_gt_as_pybls(outt) == gt ** k)),
        # mcl's GT pow is variable time: this row is the like-for-like one.
        ("GT pow, variable time", lambda: gt.pow_vartime(k),
         lambda: mcl_call("mclBnGT_pow", by(outt), by(mgt), by(mk)),
         run(lambda: mcl_call("mclBnGT_pow", by(outt), by(mgt), by(mk)),
             lambda: mcl_gt_as_pybls(outt) == gt.pow_vartime(k) == gt ** k)),
    ]
    return ops


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer, shorter rounds")
    ap.add_argument("--json", type=pathlib.Path, default=HERE / "results" / "mcl.json")
    ap.add_argument("--only", default="", help="run only the operations whose name contains this")
    args = ap.parse_args()
    if MCL is None:
        print(f"left out: mcl (mclbn256): the peer is missing ({MCL_ERROR}); "
              "pip install mclbn256 to compare with it")
        return 0
    rounds, target = (9, 0.02) if args.quick else (21, 0.05)

    ops = [op for op in build_ops(2026) if args.only in op[0]]
    for name, _, _, check in ops:
        if not check():
            raise SystemExit(f"mcl and pybls disagree on {name}; not timing it")

    results: Dict[str, Dict[str, float]] = {}
    header = f"{'bn254_nogami operation':<30} {'pybls':>10} {'mcl':>10} {'pybls/mcl':>10}  spread"
    print(f"pybls {pybls.__version__} ({pybls.backend()}) vs mcl {mcl_call('mclBn_getVersion'):#x} "
          f"(mclbn256), interleaved, {rounds} rounds")
    print(header)
    print("-" * len(header))
    for name, mine, theirs, _ in ops:
        res = interleaved(mine, theirs, rounds, target)
        results[name] = res
        print(f"{name:<30} {res['pybls_ns'] / 1e3:>8.1f}us {res['mcl_ns'] / 1e3:>8.1f}us "
              f"{res['ratio']:>9.2f}x  {res['ratio_min']:.2f}-{res['ratio_max']:.2f}")
    print("\nratio = pybls / mcl, median of rounds (below 1: pybls is faster)")

    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": platform.platform(),
        "python": platform.python_version(),
        "backend": pybls.backend(),
        "mcl_version": hex(mcl_call("mclBn_getVersion")),
        "interleaved": results,
    }, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
