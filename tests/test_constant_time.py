"""Constant-time check of the C core with valgrind's memcheck.

tests/ct/ct_check.c marks secret inputs as undefined memory; memcheck then
reports any branch or memory index that depends on them. The harness is
linked to each curve's library of csrc/manifest.txt (build/libpybls*.so,
as `make libs` builds it) for both limb widths and run once per build;
each op is a separate test. A curve's ops are those of the pybls.h groups its library exports
(BN254's has no AEAD). A control build (-DCT_SELFTEST) adds deliberately
leaky ops, which must be flagged: that shows the check can fail.
"""

import os
import pathlib
import re
import runpy
import shutil
import subprocess

import pytest
from c_tools import core_library, link_flags

REPO_ROOT = pathlib.Path(__file__).resolve().parent.parent

pytestmark = [pytest.mark.once, pytest.mark.native_only]

CT_SOURCE = REPO_ROOT / "tests" / "ct" / "ct_check.c"
# The core's sources and flags, as every build reads them (csrc/manifest.txt).
CORE = runpy.run_path(str(REPO_ROOT / "build-scripts" / "core_manifest.py"))

# The ops of ct_check.c's table, in its order, and the group of pybls.h's
# functions each checks (build-scripts/gen_bindings.py's groups). A library
# has the ops of the groups its `abi` line names ("all": every group); the
# table's marks of the curves each op applies to must agree (test_op_list).
OP_GROUPS = {
    "scalar_from_bytes": "scalar",
    "scalar_from_bytes_noncanonical": "scalar",
    "scalar_from_bytes_wide": "scalar",
    "scalar_to_bytes": "scalar",
    "scalar_add": "scalar",
    "scalar_sub": "scalar",
    "scalar_mul": "scalar",
    "scalar_sqr": "scalar",
    "scalar_neg": "scalar",
    "scalar_inv": "scalar",
    "scalar_inv_zero": "scalar",
    "scalar_pow_secret_base": "scalar",
    "scalar_pow_secret_exponent": "scalar",
    "fp_mul": "fp",
    "fp_sqr": "fp",
    "fp_add": "fp",
    "fp_sub": "fp",
    "fp_neg": "fp",
    "fp_inv": "fp",
    "fp_inv_zero": "fp",
    "fp_is_square": "fp",
    "fp_to_bytes": "fp",
    "g1_mul": "g1",
    "g2_mul": "g2",
    "g1_map_to_curve": "hash",
    "g2_map_to_curve": "hash",
    "g1_mul_subgroup": "g1",
    "g2_mul_subgroup": "g2",
    "g1_decrypt_keys": "g1",
    "g2_decrypt_keys": "g2",
    "gt_pow": "pairing",
    "pairing_secret_g1": "pairing",
    "pairing_secret_g2": "pairing",
    "gt_encode": "pairing",
    "chacha20_xor": "aead",
    "poly1305": "aead",
    "aead_seal": "aead",
    "aead_open": "aead",
    "aead_open_forged": "aead",
}
OPS = list(OP_GROUPS)
SELFTEST_OPS = ["selftest_branch", "selftest_index", "selftest_clean"]

DEFAULT = "bls12_381"
LIBRARIES = CORE["libraries"](str(REPO_ROOT))


def ops_of(library):
    """The ops of ct_check.c that apply to `library`'s curve."""
    groups = CORE["abi_groups"](str(REPO_ROOT), library)
    return [op for op, group in OP_GROUPS.items() if "all" in groups or group in groups]


# One build per library and limb width: limb64 and limb32 for BLS12-381,
# <curve>-limb64 and <curve>-limb32 for the others.
WIDTHS = {"limb64": [], "limb32": ["-DPYBLS_LIMB_BITS=32"]}
BUILDS = {
    (width if library == DEFAULT else f"{library}-{width}"): (library, flags)
    for library in LIBRARIES
    for width, flags in sorted(WIDTHS.items())
}

def on_build(build):
    """The mark that keeps a build's tests in one pytest-xdist worker
    (`--dist loadgroup`), so that each harness is compiled and run once."""
    return pytest.mark.xdist_group(f"ct-{build}")


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


def _build(out_dir, name, extra_flags, library=DEFAULT):
    """The harness, linked to the library's own build (the shared library
    the ctypes backend loads: the core compiled as every build compiles
    it), so that the code checked is the code built."""
    gcc = _tool("gcc")
    bits = 32 if "-DPYBLS_LIMB_BITS=32" in extra_flags else 64
    exe = out_dir / name
    cmd = [
        gcc,
        "-O2",
        "-g",
        "-Wall",
        *CORE["cflags"](str(REPO_ROOT), library),
        *extra_flags,
        str(CT_SOURCE),
        *link_flags(core_library(library, bits)),
        "-o",
        str(exe),
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.fail(f"building the constant-time harness failed:\n{' '.join(cmd)}\n{proc.stderr}")
    return exe


def _valgrind(exe, ops=()):
    """Memcheck's exit status and log. A run that finds anything is run
    again with --track-origins, whose log says where the secret came from
    (it costs about a third more, so clean runs go without it)."""
    valgrind = _tool("valgrind")
    cmd = [valgrind, "--tool=memcheck", "--error-exitcode=99", "--num-callers=40"]
    proc = subprocess.run([*cmd, str(exe), *ops], capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0 or ERROR_RE.search(proc.stderr):
        proc = subprocess.run([*cmd, "--track-origins=yes", str(exe), *ops], capture_output=True, text=True,
                              timeout=1800)
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
def ct_exes(tmp_path_factory):
    """The harness of each build, compiled once (lazily)."""
    cache = {}

    def get(build):
        if build not in cache:
            library, flags = BUILDS[build]
            out_dir = tmp_path_factory.mktemp(f"ct_{build}")
            cache[build] = _build(out_dir, f"ct_check_{build}", flags, library)
        return cache[build]

    return get


@pytest.fixture(scope="module")
def ct_runs(ct_exes):
    """Run each build's harness on all its ops once (lazily)."""
    cache = {}

    def get(build):
        if build not in cache:
            rc, log = _valgrind(ct_exes(build))
            cache[build] = (rc, log, _segments(log))
        return cache[build]

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


def _check_op_list(exe, library):
    proc = subprocess.run([str(exe), "--list"], capture_output=True, text=True)
    assert proc.returncode == 0
    assert proc.stdout.split() == ops_of(library)
    # the ops of other curves are refused, not run
    for op in OPS:
        if op not in ops_of(library):
            proc = subprocess.run([str(exe), op], capture_output=True, text=True)
            assert proc.returncode == 2 and f"op {op} does not apply to {library}" in proc.stderr, proc.stderr


@on_build("limb64")
def test_op_list(ct_exes):
    _check_op_list(ct_exes("limb64"), DEFAULT)


@pytest.mark.parametrize(
    "library", [pytest.param(lib, marks=on_build(f"{lib}-limb64")) for lib in LIBRARIES if lib != DEFAULT]
)
def test_op_list_of_curve(ct_exes, library):
    _check_op_list(ct_exes(f"{library}-limb64"), library)


def test_every_library_checked():
    """Every curve of the manifest has builds, and BN254 the ops of its
    secrets: scalars, Fp, G1/G2 products, GT powers."""
    assert sorted({library for library, _ in BUILDS.values()}) == sorted(LIBRARIES)
    assert "bn254" in LIBRARIES
    assert {"scalar_from_bytes", "scalar_inv", "fp_inv", "g1_mul", "g2_mul", "gt_pow"} <= set(ops_of("bn254"))


# For each op, the builds of the libraries it applies to (BLS12-381's first).
OP_BUILDS = [
    pytest.param(op, build, id=f"{op}-{build}", marks=on_build(build))
    for op in OPS
    for build in BUILDS
    if op in ops_of(BUILDS[build][0])
]


@pytest.mark.parametrize("op,build", OP_BUILDS)
def test_constant_time(ct_runs, op, build):
    rc, log, segments = ct_runs(build)
    assert op in segments, f"op {op} did not start (exit status {rc}):\n{log[-4000:]}"
    text, finished = segments[op]
    assert finished, f"op {op} did not finish:\n{text[-4000:]}"
    errors = ERROR_RE.findall(text)
    assert not errors, "secret-dependent branch or memory access\n" + _report(text, op)
    assert f"FAIL {op}" not in text, "wrong result\n" + _report(text, op)


@pytest.mark.parametrize("build", [pytest.param(build, marks=on_build(build)) for build in BUILDS])
def test_run_status(ct_runs, build):
    rc, log, segments = ct_runs(build)
    assert sorted(segments) == sorted(ops_of(BUILDS[build][0]))
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
