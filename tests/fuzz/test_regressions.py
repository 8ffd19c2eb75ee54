"""Replays the Python fuzz corpus: every file of tests/fuzz/regressions/py/
TARGET/ through that target of py/fuzz_targets.py, and the seed inputs of
each group. A target either succeeds or raises what its entry point
documents; anything else fails here, in every runtime (the differential
targets natively only).

A case found by the fuzzers goes in regressions/py/<target>/ (the target's
own input, without the group byte that atheris inputs start with; see
py/run_py_fuzz.py), with a name that says what it caught.
"""

import pathlib
import sys

import pytest

import fuzz_targets
import fuzz_seeds
import fuzz_evm  # noqa: F401  (registers the precompile targets)

IN_PYODIDE = sys.platform == "emscripten"
if not IN_PYODIDE:
    import fuzz_differential  # noqa: F401  (registers the differential targets)

REGRESSIONS = pathlib.Path(__file__).resolve().parent / "regressions" / "py"


def _cases():
    cases = []
    if not REGRESSIONS.is_dir():
        return cases
    for d in sorted(p for p in REGRESSIONS.iterdir() if p.is_dir()):
        for f in sorted(p for p in d.iterdir() if p.is_file()):
            cases.append(pytest.param(d.name, f))
    return cases


CASES = _cases()


def test_every_regression_names_a_target():
    known = set(fuzz_targets.TARGETS) | ({"diff_g1", "diff_g2", "diff_scalar", "diff_verify", "diff_hash"} if IN_PYODIDE else set())
    for d in REGRESSIONS.iterdir() if REGRESSIONS.is_dir() else ():
        assert d.is_dir() and d.name in known, f"{d}: not a fuzz target"


def _run_cases(differential):
    """The regression cases of the differential targets (diff_*, which
    compare with native peers) or of the others; how many ran."""
    ran = 0
    for case in CASES:
        target, path = case.values
        if target.startswith("diff_") != differential:
            continue
        try:
            fuzz_targets.run_target(target, path.read_bytes())
        except Exception as e:  # name the case, keep the cause
            raise AssertionError(f"regression case {target}/{path.name}: {e!r}") from e
        ran += 1
    return ran


def test_regression_cases():
    assert _run_cases(differential=False) == sum(1 for c in CASES if not c.values[0].startswith("diff_"))


# The differential cases need their native peers; natively, the 32-bit pass
# runs them too (it selects native_only tests).
@pytest.mark.native_only
def test_differential_regression_cases():
    assert _run_cases(differential=True) == sum(1 for c in CASES if c.values[0].startswith("diff_"))


@pytest.mark.parametrize("group", ["decoders", "api", "evm", "kzg"])
def test_seed_corpus(group, vectors_dir):
    n = 0
    for data in fuzz_seeds.group_seeds(group, vectors_dir):
        fuzz_targets.run_group(group, data)
        n += 1
    assert n > 10


def test_targets_reject_what_they_should():
    """The harness can fail: a decoder that accepted a non-canonical
    encoding, or a verifier answering something else than a bool, is
    reported."""
    fuzz_targets.decoder("_probe_noncanonical", lambda: lambda d: fuzz_targets.Scalar(int.from_bytes(d, "big") % 7))
    fuzz_targets.target("_probe_not_bool")(lambda d: fuzz_targets._is_bool("probe", None))
    try:
        with pytest.raises(AssertionError, match="re-encodes"):
            fuzz_targets.run_target("_probe_noncanonical", b"\x09")
        with pytest.raises(AssertionError, match="not a bool"):
            fuzz_targets.run_target("_probe_not_bool", b"")
        # an exception the target does not document propagates
        fuzz_targets.target("_probe_raises", ValueError)(lambda d: {}["missing"])
        with pytest.raises(KeyError):
            fuzz_targets.run_target("_probe_raises", b"")
    finally:
        for name in ("_probe_noncanonical", "_probe_not_bool", "_probe_raises"):
            fuzz_targets.TARGETS.pop(name, None)
