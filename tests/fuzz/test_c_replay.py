"""Replays the C fuzz targets' seed corpus (made from the vectors by
make_seeds.py), checked-in corpus (tests/fuzz/corpus/<target>/, what the
fuzz runs found) and regression cases (tests/fuzz/regressions/<target>/)
through each target built without libFuzzer (c/replay_main.c), for both
limb widths, with its curve's library (decode_bn254: BN254's,
decode_bn381: BN381's, ...; the others BLS12-381's). The targets check
their properties themselves and abort on a failure. `make test-fuzz` runs
the same programs under valgrind and the libFuzzer builds under
ASan/UBSan (but for the 64-bit ones of the decoder-only curves, which
`make fuzz` runs)."""

import os
import pathlib
import runpy
import shutil
import subprocess

import pytest

import make_seeds

pytestmark = [pytest.mark.native_only, pytest.mark.once]

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent
TARGETS = sorted(p.stem[len("fuzz_"):] for p in (HERE / "c").glob("fuzz_*.c"))
CORE = runpy.run_path(str(REPO / "build-scripts" / "core_manifest.py"))
BUILD = pathlib.Path(os.environ.get("PYBLS_FUZZ_BUILD", REPO / "build" / "fuzz"))
DEFAULT = "bls12_381"


def library_of(target):
    """The library a target is built with, as the Makefile picks it: the
    curve its name ends in (decode_bn254, decode_bn254_nogami), else
    BLS12-381's."""
    ends = [c for c in CORE["libraries"](str(REPO)) if c != DEFAULT and target.endswith("_" + c)]
    return max(ends, key=len) if ends else DEFAULT


@pytest.fixture(scope="module")
def seeds(tmp_path_factory, vectors_dir):
    out = tmp_path_factory.mktemp("seeds")
    make_seeds.write_seeds(out, vectors_dir)
    return out


def makefile_flags(name):
    """The flags of the Makefile's `NAME := ...` line: FUZZ_DEFS (the -D
    flags the fuzz builds, libFuzzer and replay, add to the core's) and
    FUZZ_REPLAY_OPT (the replay programs' optimization)."""
    for line in (REPO / "Makefile").read_text().splitlines():
        if line.startswith(name + " :="):
            return line.split(":=", 1)[1].split()
    raise AssertionError(f"the Makefile has no {name} line")


def _replay_exe(name, bits, tmp_path_factory):
    """The replay build of `make`, or one compiled here if it is missing."""
    exe = BUILD / "replay" / f"fuzz_{name}-{bits}"
    src = HERE / "c" / f"fuzz_{name}.c"
    inputs = [*(REPO / "csrc").rglob("*.[ch]"), *(HERE / "c").glob("*.[ch]")]
    if exe.is_file() and exe.stat().st_mtime >= max(p.stat().st_mtime for p in inputs):
        return exe
    cc = os.environ.get("CC") or shutil.which("gcc") or shutil.which("cc")
    assert cc, "no C compiler to build the fuzz replay programs"
    exe = tmp_path_factory.mktemp("replay") / exe.name
    library = library_of(name)
    cmd = [cc, *makefile_flags("FUZZ_REPLAY_OPT"), *CORE["cflags"](str(REPO), library), *makefile_flags("FUZZ_DEFS"),
           f"-DPYBLS_LIMB_BITS={bits}", str(src), str(HERE / "c" / "replay_main.c"),
           *CORE["sources"](str(REPO), library), "-o", str(exe)]
    subprocess.run(cmd, check=True)
    return exe


def test_curve_targets():
    """BN254 has its decode, hash and MSM targets, mcl's curves and
    BLS48-581 their decode targets, each built with its curve's library."""
    assert {"decode_bn254", "hash_bn254", "msm_bn254", "decode_bn254_nogami", "decode_bn381", "decode_bn462",
            "decode_bls48_581"} <= set(TARGETS)
    assert library_of("decode_bn254") == library_of("hash_bn254") == library_of("msm_bn254") == "bn254"
    assert library_of("decode_bn254_nogami") == "bn254_nogami"
    assert library_of("decode_bn381") == "bn381" and library_of("decode_bn462") == "bn462"
    assert library_of("decode_bls48_581") == "bls48_581"
    assert {library_of(t) for t in TARGETS if "_bn" not in t and "_bls48" not in t} == {DEFAULT}


def test_every_regression_names_a_target():
    for d in (HERE / "regressions").iterdir():
        if d.is_dir():
            assert d.name == "py" or d.name in TARGETS, f"{d}: not a C fuzz target"


def test_every_corpus_names_a_target():
    for d in (HERE / "corpus").iterdir() if (HERE / "corpus").is_dir() else ():
        if d.name != "README.md":
            assert d.is_dir() and (d.name.startswith("py-") or d.name in TARGETS), f"{d}: not a fuzz target"


@pytest.mark.parametrize("bits", [64, 32])
@pytest.mark.parametrize("name", TARGETS)
def test_replay(name, bits, seeds, tmp_path_factory):
    exe = _replay_exe(name, bits, tmp_path_factory)
    dirs = [seeds / name]
    for kept in (HERE / "regressions" / name, HERE / "corpus" / name):
        if kept.is_dir():
            dirs.append(kept)
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    proc = subprocess.run([str(exe), *map(str, dirs)], capture_output=True, text=True, env=env, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "replayed" in proc.stdout and not proc.stdout.startswith("replayed 0 "), proc.stdout
