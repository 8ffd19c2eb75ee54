"""tests/fuzz/run_fuzz.py against stand-in fuzzers: small programs that
print what libFuzzer prints and exit as it does, so that the runner's report
(executions, ok / FAILED / interrupted, the exit status) and its handling of
Ctrl-C are checked without a fuzz build."""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import sys
import time
from typing import Dict, List

import pytest

pytestmark = pytest.mark.once

RUNNER = pathlib.Path(__file__).resolve().parent / "run_fuzz.py"

# A stand-in for a libFuzzer binary. ON_INT: "stats" prints the final
# statistics and exits 72, as libFuzzer does on SIGINT; "ignore" keeps running
# (a fuzzer slow to print them). EXIT: its status if it is left to finish.
STAND_IN = """#!{python}
import signal, sys, time
ON_INT, EXIT, EXECS = {on_int!r}, {exit}, {execs}
def on_int(signum, frame):
    if ON_INT == "stats":
        print("stat::number_of_executed_units: %d" % (EXECS + 1), flush=True)
        sys.exit(72)
signal.signal(signal.SIGINT, on_int)
print("#%d\\tpulse  cov: 5 ft: 7 corp: 3/10b exec/s: 1 rss: 1Mb" % EXECS, flush=True)
end = time.time() + {seconds}
while time.time() < end:
    time.sleep(0.05)
if EXIT == 0:
    print("Done %d runs in 1 second(s)" % EXECS, flush=True)
sys.exit(EXIT)
"""


def stand_ins(tmp_path: pathlib.Path, specs: Dict[str, Dict[str, object]]) -> pathlib.Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, spec in specs.items():
        path = bin_dir / name
        path.write_text(STAND_IN.format(python=sys.executable, **spec))
        path.chmod(0o755)
    return bin_dir


def start(tmp_path: pathlib.Path, bin_dir: pathlib.Path, *options: str) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}  # the runner, not the library, is tested
    return subprocess.Popen([sys.executable, str(RUNNER), "--bin-dir", str(bin_dir), "--build",
                             str(tmp_path / "build"), "--per-target", "--seconds", "30", *options],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
                            start_new_session=True, preexec_fn=default_sigint)


def default_sigint() -> None:
    """SIGINT as at a terminal. A background job of a non-interactive shell
    (as CI may run the suite) inherits it ignored, and Python then installs
    no KeyboardInterrupt handler."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def wait_for_log(tmp_path: pathlib.Path, name: str) -> None:
    """Until the stand-in has printed its progress line (and so set its handler)."""
    log = tmp_path / "build" / "logs" / f"{name}.log"
    deadline = time.time() + 30
    while not (log.exists() and "pulse" in log.read_text()):
        assert time.time() < deadline, "the stand-in fuzzer did not start"
        time.sleep(0.05)


def finish(proc: subprocess.Popen) -> List[str]:
    out, _ = proc.communicate(timeout=60)
    return out.splitlines() + [f"rc={proc.returncode}"]


def test_every_target_reported(tmp_path: pathlib.Path) -> None:
    bin_dir = stand_ins(tmp_path, {
        "fuzz_aead-64": dict(on_int="stats", exit=0, execs=500, seconds=0),
        "fuzz_decode-64": dict(on_int="stats", exit=1, execs=40, seconds=0),
    })
    lines = finish(start(tmp_path, bin_dir))
    assert lines[0].startswith("fuzz_aead-64") and " 500 execs" in lines[0] and lines[0].endswith(" ok")
    assert lines[1].startswith("fuzz_decode-64") and " 40 execs" in lines[1] and "FAILED (exit 1)" in lines[1]
    assert lines[2:] == ["fuzz: 1 passed, 1 failed", "rc=1"]


def test_ctrl_c_ends_the_current_target_with_its_statistics(tmp_path: pathlib.Path) -> None:
    bin_dir = stand_ins(tmp_path, {
        "fuzz_aead-64": dict(on_int="stats", exit=0, execs=100, seconds=30),
        "fuzz_decode-64": dict(on_int="stats", exit=0, execs=100, seconds=0),
    })
    proc = start(tmp_path, bin_dir)
    wait_for_log(tmp_path, "fuzz_aead-64")
    os.killpg(proc.pid, signal.SIGINT)
    lines = finish(proc)
    # the count is the final statistics' (101), not the progress line's (100)
    assert lines[0].startswith("fuzz_aead-64") and " 101 execs" in lines[0]
    assert "interrupted (exit 72)" in lines[0]
    assert lines[1:] == ["fuzz: 0 passed, 0 failed, 1 interrupted", "rc=1"]  # decode never ran


def test_second_ctrl_c_stops_waiting_for_a_slow_fuzzer(tmp_path: pathlib.Path) -> None:
    bin_dir = stand_ins(tmp_path, {"fuzz_aead-64": dict(on_int="ignore", exit=0, execs=100, seconds=30)})
    proc = start(tmp_path, bin_dir)
    wait_for_log(tmp_path, "fuzz_aead-64")
    began = time.time()
    os.killpg(proc.pid, signal.SIGINT)
    time.sleep(1)
    assert proc.poll() is None, "the runner should wait for the fuzzer's statistics after one Ctrl-C"
    os.killpg(proc.pid, signal.SIGINT)
    lines = finish(proc)
    assert time.time() - began < 20
    assert lines[0].startswith("fuzz_aead-64") and " 100 execs" in lines[0]  # from the progress line
    assert f"interrupted (exit -{int(signal.SIGKILL)})" in lines[0]
    assert lines[1:] == ["fuzz: 0 passed, 0 failed, 1 interrupted", "rc=1"]


def test_jobs_run_targets_side_by_side_and_report_them_in_order(tmp_path: pathlib.Path) -> None:
    bin_dir = stand_ins(tmp_path, {
        "fuzz_aead-64": dict(on_int="stats", exit=0, execs=100, seconds=30),
        "fuzz_decode-64": dict(on_int="stats", exit=0, execs=200, seconds=30),
        "fuzz_field-64": dict(on_int="stats", exit=0, execs=300, seconds=0),
    })
    proc = start(tmp_path, bin_dir, "--jobs", "2")
    # both long stand-ins are running at once; Ctrl-C ends both, and the third never starts
    wait_for_log(tmp_path, "fuzz_aead-64")
    wait_for_log(tmp_path, "fuzz_decode-64")
    os.killpg(proc.pid, signal.SIGINT)
    lines = finish(proc)
    assert lines[0].startswith("fuzz_aead-64") and " 101 execs" in lines[0] and "interrupted (exit 72)" in lines[0]
    assert lines[1].startswith("fuzz_decode-64") and " 201 execs" in lines[1] and "interrupted (exit 72)" in lines[1]
    assert lines[2:] == ["fuzz: 0 passed, 0 failed, 2 interrupted", "rc=1"]
    assert not (tmp_path / "build" / "logs" / "fuzz_field-64.log").exists()


def test_jobs_report_every_target(tmp_path: pathlib.Path) -> None:
    bin_dir = stand_ins(tmp_path, {
        "fuzz_aead-64": dict(on_int="stats", exit=0, execs=500, seconds=0.5),
        "fuzz_decode-64": dict(on_int="stats", exit=1, execs=40, seconds=0),
        "fuzz_field-64": dict(on_int="stats", exit=0, execs=7, seconds=0),
    })
    lines = finish(start(tmp_path, bin_dir, "--jobs", "2"))
    assert [line.split()[0] for line in lines[:3]] == ["fuzz_aead-64", "fuzz_decode-64", "fuzz_field-64"]
    assert lines[0].endswith(" ok") and "FAILED (exit 1)" in lines[1] and lines[2].endswith(" ok")
    assert lines[3:] == ["fuzz: 2 passed, 1 failed", "rc=1"]


# A stand-in for libFuzzer's -merge=1 OUT DIR...: it keeps, in OUT, one copy
# of each distinct input of the other folders, except those its `drop`
# says add no coverage.
MERGE_STAND_IN = """#!{python}
import hashlib, pathlib, sys
args = [a for a in sys.argv[1:] if not a.startswith("-")]
assert "-merge=1" in sys.argv, sys.argv
out, dirs = pathlib.Path(args[0]), [pathlib.Path(a) for a in args[1:]]
for d in dirs:
    for f in d.iterdir():
        data = f.read_bytes()
        if data not in {drop!r}:
            (out / hashlib.sha1(data).hexdigest()).write_bytes(data)
"""


def test_minimize_corpus_merges_runs_and_seeds_into_the_corpus(tmp_path: pathlib.Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, drop in (("fuzz_aead-64", [b"dull"]), ("fuzz_aead-32", [b"dull", b"only32"])):
        (bin_dir / name).write_text(MERGE_STAND_IN.format(python=sys.executable, drop=drop))
        (bin_dir / name).chmod(0o755)
    build, corpus = tmp_path / "build", tmp_path / "corpus"
    for d, files in ((corpus / "aead", {"old": b"kept", "stale": b"dull"}),
                     (build / "corpus" / "fuzz_aead-32", {"a": b"found"}),
                     (build / "corpus" / "fuzz_aead-64", {"b": b"only32"}),
                     (build / "seeds" / "aead", {"c": b"seed"})):
        d.mkdir(parents=True)
        for name, data in files.items():
            (d / name).write_bytes(data)
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    proc = subprocess.run([sys.executable, str(RUNNER), "--bin-dir", str(bin_dir), "--build", str(build),
                           "--corpus", str(corpus), "--minimize-corpus"], capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    kept = sorted(f.read_bytes() for f in (corpus / "aead").iterdir())
    # the 64-bit merge keeps "only32"; the 32-bit one adds nothing new
    assert kept == [b"found", b"kept", b"only32", b"seed"]
