"""pybls against blst (pyblst), blspy and py_ecc on near-valid inputs from
a fixed seed (see py/fuzz_differential.py): valid encodings and one-bit
edits of them, points outside the subgroup, x off the curve, infinity with
stray bits, coordinates and scalars past the modulus, valid and broken
signatures, long DSTs. A disagreement fails the test and leaves the input
in build/fuzz/differential-failures/ as a reproducer (replay it by copying
it to tests/fuzz/regressions/py/<target>/)."""

import hashlib
import os
import pathlib
import random

import pytest

import fuzz_differential
import fuzz_targets

pytestmark = pytest.mark.native_only

REPO = pathlib.Path(__file__).resolve().parent.parent.parent
ROUNDS = int(os.environ.get("PYBLS_DIFFERENTIAL_ROUNDS", "60"))


@pytest.mark.parametrize("name", fuzz_differential.DIFFERENTIAL)
def test_differential(name):
    rng = random.Random(f"pybls differential {name}")
    failures = []
    for _ in range(ROUNDS):
        data = fuzz_differential.near_valid(rng, name)
        try:
            fuzz_targets.TARGETS[name].run(data)
        except AssertionError as e:
            out = REPO / "build" / "fuzz" / "differential-failures" / name
            out.mkdir(parents=True, exist_ok=True)
            path = out / hashlib.sha1(data).hexdigest()
            path.write_bytes(data)
            failures.append(f"{e} (reproducer: {path})")
    assert not failures, "\n".join(failures)
