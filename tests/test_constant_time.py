"""Constant-time check of the C core with valgrind's memcheck.

tests/ct/ct_check.c marks secret inputs as undefined memory; memcheck then
reports any branch or memory index that depends on them. The harness is
built from all of csrc/ for both limb widths and run once per width; each op
is a separate test. A control build (-DCT_SELFTEST) adds deliberately leaky
ops, which must be flagged: that shows the check can fail.
"""

import os
import pathlib
import re
import runpy
import shutil
import subprocess

import pytest

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent

pytestmark = [pytest.mark.once, pytest.mark.native_only]

CT_SOURCE = REPO_ROOT / "tests" / "ct" / "ct_check.c"
# The core's sources and flags, as every build reads them (csrc/manifest.txt).
CORE = runpy.run_path(str(REPO_ROOT / "build-scripts" / "core_manifest.py"))

# Must match the OPS table of ct_check.c (checked by test_op_list).
OPS = [
    "scalar_from_bytes",
    "scalar_from_bytes_noncanonical",
    "scalar_from_bytes_wide",
    "scalar_to_bytes",
    "scalar_add",
    "scalar_sub",
    "scalar_mul",
    "scalar_sqr",
    "scalar_neg",
    "scalar_inv",
    "scalar_inv_zero",
    "scalar_pow_secret_base",
    "scalar_pow_secret_exponent",
    "fp_mul",
    "fp_sqr",
    "fp_add",
    "fp_sub",
    "fp_neg",
    "fp_inv",
    "fp_inv_zero",
    "fp_to_bytes",
    "g1_mul",
    "g2_mul",
    "g1_mul_subgroup",
    "g2_mul_subgroup",
    "gt_pow",
    "pairing_secret_g1",
    "pairing_secret_g2",
    "gt_encode",
    "chacha20_xor",
    "poly1305",
    "aead_seal",
    "aead_open",
    "aead_open_forged",
]
SELFTEST_OPS = ["selftest_branch", "selftest_index", "selftest_clean"]

WIDTHS = {"limb64": [], "limb32": ["-DPYBLS_LIMB_BITS=32"]}

# Memcheck error kinds: secret-dependent branches and addresses, and (since
# they are bugs too) invalid memory accesses.
ERROR_RE = re.compile(
    r"^==\d+== ("
    r"Conditional jump or move depends on uninitialised value\(s\)"
    r"|Use of uninitialised value of size \d+"
    r"|Syscall param .* uninitialised byte\(s\)"
    r"|Invalid (read|write) of size \d+"
    r")",
    re.M,
)


def _tool(name):
    path = shutil.which(name)
    if path is None:
        pytest.fail(f"{name} is required for the constant-time check (apt-get install {name})")
    return path


def _build(out_dir, name, extra_flags):
    gcc = _tool("gcc")
    sources = CORE["sources"](str(REPO_ROOT))
    if not sources:
        pytest.fail("no C sources in csrc/manifest.txt")
    exe = out_dir / name
    cmd = [
        gcc,
        "-O2",
        "-g",
        "-Wall",
        *CORE["cflags"](str(REPO_ROOT)),
        *extra_flags,
        str(CT_SOURCE),
        *sources,
        "-o",
        str(exe),
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.fail(f"building the constant-time harness failed:\n{' '.join(cmd)}\n{proc.stderr}")
    return exe


def _valgrind(exe, ops=()):
    valgrind = _tool("valgrind")
    cmd = [
        valgrind,
        "--tool=memcheck",
        "--error-exitcode=99",
        "--num-callers=40",
        "--track-origins=yes",
        str(exe),
        *ops,
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1800)
    return proc.returncode, proc.stderr


def _segments(log):
    """op name -> (log lines of that op, whether it ran to its end)."""
    out = {}
    current = None
    for line in log.splitlines():
        m = re.match(r"^== op (\S+)$", line)
        if m:
            current = m.group(1)
            out[current] = [[], False]
            continue
        m = re.match(r"^== end (\S+)$", line)
        if m and current == m.group(1):
            out[current][1] = True
            current = None
            continue
        if current is not None:
            out[current][0].append(line)
    return {k: ("\n".join(v[0]), v[1]) for k, v in out.items()}


@pytest.fixture(scope="module")
def ct_runs(tmp_path_factory):
    """Build and run the harness once per limb width (lazily)."""
    cache = {}

    def get(width):
        if width not in cache:
            out_dir = tmp_path_factory.mktemp(f"ct_{width}")
            exe = _build(out_dir, f"ct_check_{width}", WIDTHS[width])
            rc, log = _valgrind(exe)
            cache[width] = (rc, log, _segments(log))
        return cache[width]

    return get


@pytest.fixture(scope="module")
def selftest_run(tmp_path_factory):
    out_dir = tmp_path_factory.mktemp("ct_selftest")
    exe = _build(out_dir, "ct_check_selftest", ["-DCT_SELFTEST"])
    rc, log = _valgrind(exe, SELFTEST_OPS)
    return rc, log, _segments(log)


def _report(log, op):
    return f"valgrind output for {op}:\n{log}"


def test_valgrind_headers_available():
    assert os.path.exists("/usr/include/valgrind/memcheck.h"), (
        "valgrind/memcheck.h is missing (Debian package valgrind)"
    )


def test_op_list(tmp_path):
    exe = _build(tmp_path, "ct_list", [])
    proc = subprocess.run([str(exe), "--list"], capture_output=True, text=True)
    assert proc.returncode == 0
    assert proc.stdout.split() == OPS


@pytest.mark.parametrize("width", sorted(WIDTHS))
@pytest.mark.parametrize("op", OPS)
def test_constant_time(ct_runs, width, op):
    rc, log, segments = ct_runs(width)
    assert op in segments, f"op {op} did not start (exit status {rc}):\n{log[-4000:]}"
    text, finished = segments[op]
    assert finished, f"op {op} did not finish:\n{text[-4000:]}"
    errors = ERROR_RE.findall(text)
    assert not errors, "secret-dependent branch or memory access\n" + _report(text, op)
    assert f"FAIL {op}" not in text, "wrong result\n" + _report(text, op)


@pytest.mark.parametrize("width", sorted(WIDTHS))
def test_run_status(ct_runs, width):
    rc, log, segments = ct_runs(width)
    assert sorted(segments) == sorted(OPS)
    assert rc in (0, 99), f"harness crashed (status {rc}):\n{log[-4000:]}"
    assert "FAIL" not in log


def test_selftest_detects_leaks(selftest_run):
    rc, log, segments = selftest_run
    assert rc == 99, log
    branch, _ = segments["selftest_branch"]
    assert "Conditional jump or move depends on uninitialised value(s)" in branch, log
    assert "leaky_branch" in branch
    index, _ = segments["selftest_index"]
    assert re.search(r"Use of uninitialised value of size \d+", index), log
    assert "leaky_index" in index
    clean, finished = segments["selftest_clean"]
    assert finished and not ERROR_RE.search(clean), clean
    assert "FAIL" not in clean
