"""One atheris fuzzer process for a group of Python targets.

    python tests/fuzz/py/atheris_main.py GROUP [libFuzzer options] [CORPUS_DIR ...]

pybls is imported under atheris's instrumentation, so coverage guides the
search through the Python layers as well as the C core's entry points.
"""

import pathlib
import sys

import atheris

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

GROUP = sys.argv.pop(1)

with atheris.instrument_imports(include=["pybls", "fuzz_targets", "fuzz_differential", "fuzz_evm"]):
    import fuzz_targets

    if GROUP == "differential":
        import fuzz_differential  # noqa: F401  (registers its targets)
    if GROUP == "evm":
        import fuzz_evm  # noqa: F401  (registers its targets)


def one_input(data: bytes) -> None:
    fuzz_targets.run_group(GROUP, data)


if __name__ == "__main__":
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()
