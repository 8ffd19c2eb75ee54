"""Run the atheris fuzzers of the Python target groups and report
executions and coverage per group (the same report as run_fuzz.py), one
group at a time or --jobs at a time.

    python tests/fuzz/py/run_py_fuzz.py --seconds 200 [--per-target] [--jobs N] [GROUP ...]

Groups: ``decoders`` (every from_bytes), ``api`` (the verifiers and the
py_ecc compatibility layer), ``differential`` (against blst, blspy and
py_ecc), ``evm`` (the precompiles), ``kzg`` (KZG blobs and cells). Seeds
are written to build/fuzz/py-seeds/GROUP first; failures are
left in build/fuzz/crashes/py-GROUP/: strip the first byte (it selects the
target, see fuzz_targets.run_group) and put the rest in
tests/fuzz/regressions/py/<target>/ to keep it as a regression case.
"""

from __future__ import annotations

import argparse
import hashlib
import pathlib
import sys
from typing import Any, Dict

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(REPO / "tests"))

import run_fuzz  # noqa: E402
from reference import vectors_path  # noqa: E402

GROUPS = ["decoders", "api", "differential", "evm", "kzg"]
# Longest input per group: room for a whole KZG cell (2048 bytes) with its
# index, commitment and proof.
MAX_LEN = {"kzg": 2200}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("groups", nargs="*", default=GROUPS)
    ap.add_argument("--seconds", type=float, default=200.0)
    ap.add_argument("--per-target", action="store_true")
    ap.add_argument("--build", type=pathlib.Path, default=REPO / "build" / "fuzz")
    ap.add_argument("--jobs", type=int, default=1, help="groups fuzzed at the same time")
    args = ap.parse_args()

    import atheris  # noqa: F401  (fail early and clearly if it is missing)
    import fuzz_differential  # noqa: F401
    import fuzz_evm  # noqa: F401
    import fuzz_seeds
    import fuzz_targets

    share = args.seconds if args.per_target else args.seconds / len(args.groups)
    seed_dirs = {}
    for group in args.groups:
        seed_dirs[group] = args.build / "py-seeds" / group
        seed_dirs[group].mkdir(parents=True, exist_ok=True)
        for data in fuzz_seeds.group_seeds(group, vectors_path()):
            (seed_dirs[group] / hashlib.sha1(data).hexdigest()).write_bytes(data)

    def fuzz_group(group: str) -> Dict[str, Any]:
        r = run_fuzz.run_one(
            [sys.executable, str(HERE / "atheris_main.py"), group], f"py-{group}", share, 0, args.build, 0,
            extra_dirs=[run_fuzz.CORPUS / f"py-{group}", seed_dirs[group]], max_len=MAX_LEN.get(group, 2048),
        )
        r["group"] = group
        return r

    def show(r: Dict[str, Any]) -> None:
        run_fuzz.report(r)
        for a in r["artifacts"]:
            data = pathlib.Path(a).read_bytes()
            if data:
                names = fuzz_targets.group_targets(r["group"])
                print(f"  reproducer for target {names[data[0] % len(names)]}: {a}")

    results = run_fuzz.in_parallel(args.groups, fuzz_group, args.jobs, show)
    return run_fuzz.summary(results)


if __name__ == "__main__":
    sys.exit(main())
