"""Run the libFuzzer targets of tests/fuzz/c and report, per target, the
executions, the coverage and whether anything crashed.

    python tests/fuzz/run_fuzz.py --bin-dir build/fuzz/bin --seconds 600 [--per-target] [TARGET ...]

Each binary NAME in --bin-dir (fuzz_<target>-<limb bits>) runs in turn (or
--jobs at a time) for its share of --seconds (or --seconds each with
--per-target), or for
--runs executions, on its growing corpus build/fuzz/corpus/NAME plus the
checked-in corpus (tests/fuzz/corpus/<target>), the seeds
(build/fuzz/seeds/<target>) and the regression cases
(tests/fuzz/regressions/<target>). A crash or property failure leaves its
input in build/fuzz/crashes/NAME/; copy it to tests/fuzz/regressions/<target>/
once the bug is fixed, and the test suite replays it from then on.

    python tests/fuzz/run_fuzz.py --bin-dir build/fuzz/bin --minimize-corpus [TARGET ...]

keeps what the runs found: each target's checked-in corpus is rebuilt as
libFuzzer's minimal merge (-merge=1, with the 64-bit then the 32-bit
binary) of itself, the run's corpus build/fuzz/corpus/NAME and the seeds,
so that the next run, and the test suite's replay, start from there.

Each fuzzer's output goes to build/fuzz/logs/NAME.log as it runs. Ctrl-C
(or SIGINT to the fuzzer) ends the current target, reported as interrupted
with its executions so far, and runs no further targets; a second Ctrl-C
kills a fuzzer that is slow to print its statistics. Do not pause a fuzzer
with SIGSTOP: its -timeout counts wall-clock time, so the input it was
running is reported as a timeout when it resumes.

Exit status: 0 if no target failed or was interrupted.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Dict, List, Sequence, Set

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
CORPUS = HERE / "corpus"

# libFuzzer's exit status after SIGINT (its -interrupted_exitcode).
INTERRUPTED = 72

# Longest input each target is given (bytes): room for its largest layout.
MAX_LEN = {"aead": 1024, "decode": 600, "decode_bn254": 400, "decode_bn254_nogami": 400, "decode_bn381": 600,
           "decode_bn462": 720, "hash": 1024, "hash_bn254": 1024, "keccak": 1024, "verify": 512, "msm": 2600,
           "msm_bn254": 2000, "field": 200,
           "eip2537": 600, "decode_bls48_581": 3600}


# The fuzzers running now (several with --jobs), for a second Ctrl-C to kill.
RUNNING: Set["subprocess.Popen[bytes]"] = set()
RUNNING_LOCK = threading.Lock()


def kill_running() -> None:
    with RUNNING_LOCK:
        for proc in RUNNING:
            proc.kill()


def target_of(binary: str) -> str:
    """fuzz_decode-64 -> decode"""
    return binary[len("fuzz_"):].rsplit("-", 1)[0]


def run_one(cmd: List[str], name: str, seconds: float, runs: int, build: pathlib.Path, nice: int,
            extra_dirs: Sequence[pathlib.Path] = (), max_len: int = 4096) -> Dict[str, Any]:
    """Run one libFuzzer-style fuzzer (`cmd` plus options and corpus
    directories) on build/corpus/NAME and `extra_dirs`; its statistics."""
    corpus = build / "corpus" / name
    crashes = build / "crashes" / name
    corpus.mkdir(parents=True, exist_ok=True)
    crashes.mkdir(parents=True, exist_ok=True)
    dirs = [corpus] + [d for d in extra_dirs if d.is_dir()]
    cmd = list(cmd) + [f"-max_len={max_len}", "-timeout=60", "-rss_limit_mb=2048",
                       "-print_final_stats=1", f"-artifact_prefix={crashes}/"]
    if runs:
        cmd.append(f"-runs={runs}")
    if seconds:
        cmd.append(f"-max_total_time={max(1, int(seconds))}")
    cmd += [str(d) for d in dirs]
    if nice:
        cmd = ["nice", "-n", str(nice)] + cmd
    env = dict(os.environ)
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
    log = build / "logs" / f"{name}.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    start = time.time()
    # Written as the fuzzer runs: a long run that dies still leaves its progress.
    # run_one runs in a worker thread of in_parallel: Ctrl-C reaches the
    # fuzzer (which exits after printing its statistics, INTERRUPTED) and
    # the main thread, which kills the fuzzers on a second one.
    with open(log, "wb") as f:
        proc = subprocess.Popen(cmd, stdout=f, stderr=subprocess.STDOUT, env=env)
        with RUNNING_LOCK:
            RUNNING.add(proc)
        status = proc.wait()
    with RUNNING_LOCK:
        RUNNING.discard(proc)
    out = log.read_text(errors="replace")
    stats: Dict[str, Any] = {"name": name, "status": status, "seconds": time.time() - start, "log": str(log),
                             "interrupted": status == INTERRUPTED}
    # the final statistics, else (a run cut short) its last progress line
    m = (re.findall(r"stat::number_of_executed_units:\s*(\d+)", out) or re.findall(r"Done (\d+) runs", out)
         or re.findall(r"^#(\d+)\s", out, re.M))
    stats["execs"] = int(m[-1]) if m else 0
    cov = re.findall(r"cov: (\d+) ft: (\d+) corp: (\d+)", out)
    if cov:
        stats["cov"], stats["ft"], stats["corp"] = (int(x) for x in cov[-1])
    stats["artifacts"] = [str(p) for p in sorted(crashes.iterdir())]
    return stats


def minimize(cmds: Sequence[Sequence[str]], out: pathlib.Path, sources: Sequence[pathlib.Path],
             build: pathlib.Path, max_len: int) -> int:
    """Replace the corpus `out` by the minimal merge of itself and `sources`
    under each fuzzer of `cmds` in turn (the second adds what only it
    covers); the number of inputs kept."""
    fresh = build / "corpus-merge" / out.name
    if fresh.exists():
        shutil.rmtree(fresh)
    fresh.mkdir(parents=True)
    dirs = [str(d) for d in [out, *sources] if d.is_dir()]
    env = dict(os.environ)
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=1")
    for cmd in cmds:
        proc = subprocess.run([*cmd, "-merge=1", f"-max_len={max_len}", "-timeout=60", "-rss_limit_mb=2048",
                               str(fresh), *dirs], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env)
        if proc.returncode != 0:
            sys.stdout.write(proc.stdout.decode(errors="replace")[-4000:])
            raise SystemExit(f"merging into {out} failed (exit {proc.returncode})")
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(fresh, out)
    return sum(1 for _ in out.iterdir())


def outcome(r: Dict[str, Any]) -> str:
    """ok, interrupted or failed"""
    if r["interrupted"]:
        return "interrupted"
    return "ok" if r["status"] == 0 else "failed"


def report(r: Dict[str, Any]) -> None:
    o = outcome(r)
    label = {"ok": "ok", "failed": "FAILED", "interrupted": "interrupted"}[o]
    flag = label if o == "ok" else f"{label} (exit {r['status']}), see {r['log']}"
    print(f"{r['name']:<18} {r['execs']:>10} execs {r['seconds']:7.1f} s  cov {r.get('cov', '?'):>5}  "
          f"ft {r.get('ft', '?'):>6}  corpus {r.get('corp', '?'):>5}  {flag}", flush=True)


def summary(results: List[Dict[str, Any]]) -> int:
    counts = {o: sum(outcome(r) == o for r in results) for o in ("ok", "failed", "interrupted")}
    print(f"fuzz: {counts['ok']} passed, {counts['failed']} failed"
          + (f", {counts['interrupted']} interrupted" if counts["interrupted"] else ""))
    for r in results:
        if outcome(r) != "ok":
            for a in r["artifacts"]:
                print(f"  reproducer: {a}")
    return 0 if counts["ok"] == len(results) else 1


def fuzz_target(b: pathlib.Path, args: argparse.Namespace, share: float) -> Dict[str, Any]:
    target = target_of(b.name)
    return run_one([str(b)], b.name, share, args.runs, args.build, args.nice,
                   extra_dirs=[args.corpus / target, args.build / "seeds" / target, HERE / "regressions" / target],
                   max_len=MAX_LEN.get(target, 4096))


def in_parallel(items: Sequence[Any], run: Callable[[Any], Dict[str, Any]], jobs: int,
                show: Callable[[Dict[str, Any]], None] = report) -> List[Dict[str, Any]]:
    """`run` on each item, `jobs` at a time, shown (`show`) in order. The
    fuzzers are separate processes (threads only wait for them) in the
    runner's process group, so Ctrl-C reaches each running one; after it no
    further item starts, and a second Ctrl-C kills the ones still running."""
    stop = threading.Event()

    def job(item: Any) -> Dict[str, Any] | None:
        if stop.is_set():
            return None
        r = run(item)
        if stop.is_set() and r["status"] != 0:
            r["interrupted"] = True  # ended by Ctrl-C (its own or a kill after the second)
        if r["interrupted"]:
            stop.set()
        return r

    results = []
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        for future in [pool.submit(job, item) for item in items]:
            while True:
                try:
                    r = future.result()
                    break
                except KeyboardInterrupt:
                    if stop.is_set():
                        kill_running()
                    stop.set()
            if r is not None:
                results.append(r)
                show(r)
    return results


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("targets", nargs="*", help="binary names (default: every fuzz_* in --bin-dir)")
    ap.add_argument("--bin-dir", type=pathlib.Path, default=REPO / "build" / "fuzz" / "bin")
    ap.add_argument("--build", type=pathlib.Path, default=REPO / "build" / "fuzz")
    ap.add_argument("--seconds", type=float, default=600.0)
    ap.add_argument("--per-target", action="store_true", help="--seconds for each target, not in total")
    ap.add_argument("--runs", type=int, default=0, help="stop each target after this many executions")
    ap.add_argument("--nice", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1, help="fuzzers running at the same time")
    ap.add_argument("--corpus", type=pathlib.Path, default=CORPUS, help="the checked-in corpus (one folder per target)")
    ap.add_argument("--minimize-corpus", action="store_true",
                    help="rebuild the checked-in corpus of each target from it, the runs' corpus and the seeds; no fuzzing")
    args = ap.parse_args()

    binaries = sorted(p for p in args.bin_dir.glob("fuzz_*") if os.access(p, os.X_OK))
    if args.targets:
        binaries = [b for b in binaries if b.name in args.targets or target_of(b.name) in args.targets]
    if not binaries:
        print(f"no fuzz targets in {args.bin_dir}", file=sys.stderr)
        return 2
    if args.minimize_corpus:
        by_target: Dict[str, List[pathlib.Path]] = {}
        for b in binaries:
            by_target.setdefault(target_of(b.name), []).append(b)
        for target, bins in by_target.items():
            bins.sort(key=lambda b: not b.name.endswith("-64"))  # 64-bit first
            sources = [args.build / "corpus" / b.name for b in bins] + [args.build / "seeds" / target]
            n = minimize([[str(b)] for b in bins], args.corpus / target, sources, args.build, MAX_LEN.get(target, 4096))
            print(f"{target:<18} {n:>6} inputs in {args.corpus / target}", flush=True)
        return 0
    share = args.seconds if args.per_target else args.seconds / len(binaries)
    if args.runs and not args.per_target and args.seconds == 600.0:
        share = 0  # --runs alone: no time limit
    return summary(in_parallel(binaries, lambda b: fuzz_target(b, args, share), args.jobs))


if __name__ == "__main__":
    sys.exit(main())
