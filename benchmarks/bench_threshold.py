#!/usr/bin/env python3
"""Threshold benchmark: pybls.threshold beside commonware's published figures.

For n in (5, 10, 20, 50, 100, 250, 500) and t = floor(2n/3) + 1, measures

* dealer: ``threshold.deal(t, n)`` (polynomial, commitment, n shares);
* DKG recovery: one player's work once the run is settled, as commonware
  measures it: the transcript's result (the public polynomial, the sum of
  the qualified commitments) and the player's share (``finalize``). With
  ``contributors=t`` the key is made of the first t qualified dealers, as
  commonware's arbiter selects them (the row compared with its figure);
  the default, all n qualified dealers, is shown beside it. The check of
  the n received shares (``Player.receive_all``, one batch check) is shown
  separately;
* reshare recovery: the same for a resharing of a (t, n) key to a new
  (t, n) committee (Lagrange combination of t commitments);
* signature recovery from t partial signatures;
* one partial signature, and the verification of one, including the
  evaluation of the public polynomial at its index, and with that public
  share already computed (``PublicPolynomial`` caches them);
* batch verification of t partial signatures.

Commonware's figures (Apple M3 Pro, from its documentation; MinSig
variant, so public polynomials live in G2) are printed beside ours, with
the pybls / blst time ratio for one two-pairing check on this machine
(blst through pyblst), so that the comparison can be calibrated. By
default the MinSig variant is measured, as commonware's; ``--variant
minpk`` measures the Ethereum variant.

To keep the setup of large runs short, the n dealings of a DKG or
resharing benchmark are derived from one another by adding a fixed
polynomial (the player's recovery does not depend on how the dealers
chose their polynomials), and the player's received shares are recorded
without the per-message check (timed separately). The commitments are
held as a player holds them after decoding the deals from the wire:
affine points (Z = 1) known to be in the subgroup.

Usage:
    python benchmarks/bench_threshold.py [--quick] [--max-n N] [--variant minsig|minpk] [--json PATH]
"""

from __future__ import annotations

import argparse
import datetime
import json
import pathlib
import platform
import sys
import time
from typing import Any, Callable, Dict, List, Optional

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))  # run from a checkout without installing
sys.path.insert(0, str(HERE))

import pybls  # noqa: E402
from bench_native import PYBLST_ERROR, fmt_ns, pyblst  # noqa: E402
from pybls import G1, G2, GT, pairing_product, threshold  # noqa: E402
from pybls.sig import MinPk, MinSig  # noqa: E402
from pybls.points import _IN_SUBGROUP, _wrap  # noqa: E402
from pybls.threshold import Polynomial  # noqa: E402
from pybls.threshold.dkg import Config, Deal, Player, PrivateShare, Transcript  # noqa: E402

SIZES = [5, 10, 20, 50, 100, 250, 500]
QUICK_SIZES = [5, 10, 20, 50]
MSG = b"hello"

# Commonware's published figures (Apple M3 Pro), in ns, by operation and n.
COMMONWARE: Dict[str, Dict[int, float]] = {
    "dkg recovery, t dealers": {5: 8.0956e3, 10: 33.436e3, 20: 123.02e3, 50: 761.27e3, 100: 3.531e6,
                     250: 19.226e6, 500: 80.812e6},
    "reshare recovery": {5: 253.86e3, 10: 1.5347e6, 20: 5.0793e6, 500: 7.02e9},
    "signature recovery": {500: 37.7e6},
    "partial signature": {n: 234e3 for n in SIZES},
    "verify partial": {n: 981e3 for n in SIZES},
    "verify partial, share cached": {n: 981e3 for n in SIZES},
}


def quorum(n: int) -> int:
    return 2 * n // 3 + 1


def timed(fn: Callable[[], Any], budget_s: float = 0.5, max_runs: int = 50) -> float:
    """Median seconds of fn() over repeated runs within about budget_s."""
    times = []
    start = time.perf_counter()
    while len(times) < max_runs:
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
        if times[0] > budget_s:  # too slow to repeat
            break
        if time.perf_counter() - start > budget_s and len(times) >= 3:
            break
    times.sort()
    return times[len(times) // 2]


def settled_run(cfg: Config, me: int, old_shares: Optional[Dict[int, Any]] = None):
    """A settled run without misbehaviour, cheaply: dealer d's polynomial is
    f_1 + (d - 1) * g (with the old share as constant term when resharing),
    so commitments follow by additions. Returns the transcript and player
    `me`, holding its n shares."""
    group = cfg.scheme.variant.PublicKey.GROUP
    t = cfg.threshold
    base, step = Polynomial.random(t - 1), Polynomial.random(t - 1)
    cb, cs = base.commit(group), step.commit(group)
    transcript = Transcript(cfg)
    player = Player(cfg, me)
    poly, comm = base, cb.coefficients
    gen = group.generator()
    for d in cfg.dealers:
        coeffs = list(comm)
        value = poly.evaluate(me)
        if old_shares is not None:  # the constant term must be the old share
            s = old_shares[d].value
            coeffs[0] = gen * s
            value = value - poly.constant + s
        # as a player holds them after Deal.from_bytes, which checks every
        # point: affine (Z = 1) and known to be in the subgroup. They are
        # generator multiples, so the setup marks them without the check.
        coeffs = [_wrap(group, group.from_bytes(p.to_bytes(False), subgroup_check=False)._b, _IN_SUBGROUP)
                  for p in coeffs]
        deal = Deal(d, threshold.PublicPolynomial(coeffs))
        transcript.add(deal)
        # what Player.receive records, without its check (timed separately)
        player._commitments[d] = deal.commitment
        player._values[d] = value
        poly = poly + step
        comm = [a + b for a, b in zip(comm, cs.coefficients)]
    return transcript, player


def check_shares(player: Player, transcript: Transcript) -> float:
    """Seconds for a player's check of all its n received shares
    (``Player.receive_all``: one batch check)."""
    items = [(deal, PrivateShare(d, player.index, player._values[d])) for d, deal in transcript.deals.items()]
    fresh = Player(player.config, player.index)
    t0 = time.perf_counter()
    complaints = fresh.receive_all(items)
    elapsed = time.perf_counter() - t0
    assert complaints == []
    return elapsed


def pairing_ratio() -> Optional[float]:
    P, Q = G1.generator() * 12345, G2.generator() * 678
    ours = timed(lambda: pairing_product([(P, Q), (-P, Q)]) == GT.one(), 0.5)
    if pyblst is None:
        return None
    bp = pyblst.BlstP1Element.uncompress(P.to_bytes())
    bq = pyblst.BlstP2Element.uncompress(Q.to_bytes())
    theirs = timed(lambda: pyblst.final_verify(pyblst.miller_loop(bp, bq), pyblst.miller_loop(bp, bq)), 0.5)
    return ours / theirs


def bench_n(n: int, variant: Any, skip_reshare: bool) -> Dict[str, float]:
    t = quorum(n)
    scheme = variant.PoP
    out: Dict[str, float] = {}
    out["dealer"] = timed(lambda: threshold.deal(t, n, variant), 1.0, 10)
    d = threshold.deal(t, n, variant)
    partials = [s.sign(MSG) for s in d.shares]
    out["partial signature"] = timed(lambda: d.shares[0].sign(MSG))
    coeffs = d.public_polynomial.coefficients
    out["verify partial"] = timed(
        lambda: threshold.verify_partial(partials[-1], threshold.PublicPolynomial(coeffs), MSG, scheme))
    cached = threshold.PublicPolynomial(coeffs)
    cached.public_share(partials[-1].index)
    out["verify partial, share cached"] = timed(
        lambda: threshold.verify_partial(partials[-1], cached, MSG, scheme))
    out["batch verify t partials"] = timed(
        lambda: threshold.batch_verify_partials(partials[:t], threshold.PublicPolynomial(coeffs), MSG, scheme))
    out["signature recovery"] = timed(lambda: threshold.recover(partials[:t], t))
    assert scheme.verify(d.public_key, MSG, threshold.recover(partials[:t], t))

    for label, contributors in (("dkg recovery, t dealers", t), ("dkg recovery, all n dealers", None)):
        cfg = Config.new(t, n, variant, contributors=contributors)
        transcript, player = settled_run(cfg, 1)

        def dkg_recover():
            return player.finalize(transcript.result())

        share = dkg_recover()
        assert threshold.verify_share(share, transcript.result().public_polynomial)
        assert len(transcript.result().contributors) == (contributors or n)
        out[label] = timed(dkg_recover, 1.0, 10)
    out["dkg: check n shares"] = check_shares(player, transcript)
    if not skip_reshare:
        rcfg = Config.reshare(d.public_polynomial, range(1, n + 1), t, n)
        rtranscript, rplayer = settled_run(rcfg, 1, {s.index: s for s in d.shares})

        def reshare_recover():
            return rplayer.finalize(rtranscript.result())

        assert reshare_recover().public_key == d.public_key
        out["reshare recovery"] = timed(reshare_recover, 1.0, 10)
    return out


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help=f"only n in {QUICK_SIZES}")
    ap.add_argument("--max-n", type=int, default=None, help="largest n to run")
    ap.add_argument("--variant", choices=["minsig", "minpk"], default="minsig")
    ap.add_argument("--no-reshare", action="store_true", help="skip the resharing rows")
    ap.add_argument("--json", default=str(HERE / "results" / "threshold.json"))
    args = ap.parse_args(argv)
    variant = MinSig if args.variant == "minsig" else MinPk
    sizes = QUICK_SIZES if args.quick else SIZES
    if args.max_n is not None:
        sizes = [n for n in sizes if n <= args.max_n]

    ratio = pairing_ratio()
    print(f"pybls {pybls.__version__} ({pybls.backend()}), {variant.name}, {platform.machine()}, "
          f"Python {platform.python_version()}")
    if ratio is None:
        print(f"blst (pyblst) unavailable: {PYBLST_ERROR}")
    else:
        print(f"calibration: one two-pairing check, pybls / blst = {ratio:.2f}")
    print()
    ops = ["dealer", "dkg recovery, t dealers", "dkg recovery, all n dealers", "dkg: check n shares",
           "reshare recovery", "signature recovery",
           "partial signature", "verify partial", "verify partial, share cached", "batch verify t partials"]
    header = f"{'operation':<32}{'n':>5}{'t':>5}{'pybls':>12}{'commonware (M3 Pro)':>22}{'ratio':>8}"
    print(header)
    print("-" * len(header))
    results = []
    for n in sizes:
        res = bench_n(n, variant, args.no_reshare)
        for op in ops:
            if op not in res:
                continue
            ns = res[op] * 1e9
            cw = COMMONWARE.get(op, {}).get(n)
            r = f"{ns / cw:.2f}" if cw else "-"
            print(f"{op:<32}{n:>5}{quorum(n):>5}{fmt_ns(ns):>12}{fmt_ns(cw):>22}{r:>8}")
            results.append({"op": op, "n": n, "t": quorum(n), "pybls_ns": ns, "commonware_ns": cw})
        sys.stdout.flush()
    doc = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": platform.machine(),
        "python": platform.python_version(),
        "backend": pybls.backend(),
        "variant": variant.name,
        "pairing_ratio_pybls_over_blst": ratio,
        "commonware_source": "commonware-cryptography documentation (bls12381 benchmarks, Apple M3 Pro)",
        "results": results,
    }
    out = pathlib.Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"\nwrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
