"""Generated files are up to date with their generators.

The curve constants (csrc/curves/bls12_381/consts.h) come from build-scripts/gen_constants.py,
the binding tables (pybls/_lib/_abi.py) from build-scripts/gen_bindings.py
and the x86-64 Fp assembly (csrc/arith/mont_adx.h) from
build-scripts/gen_mont_adx.py; each script has a --check mode that fails
when the checked-in output differs from what it would write.
"""

import pathlib
import subprocess
import sys

import pytest

pytestmark = [pytest.mark.once, pytest.mark.native_only]

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("script", ["gen_constants.py", "gen_bindings.py", "gen_mont_adx.py"])
def test_generated_files_up_to_date(script):
    path = REPO_ROOT / "build-scripts" / script
    # A missing generator is a failure, not a skip: the generated files
    # would then be unverifiable.
    assert path.is_file(), f"build-scripts/{script} is missing"
    proc = subprocess.run(
        [sys.executable, str(path), "--check"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, (
        f"build-scripts/{script} --check failed (status {proc.returncode}):\n"
        f"{proc.stdout}\n{proc.stderr}"
    )
