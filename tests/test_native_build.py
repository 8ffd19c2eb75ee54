"""The native extension loaded is the one build-scripts/cffi_build.py and
pybls/_lib/_cffi.py say: on an x86-64 Linux machine with BMI2 and ADX, one
with the Fp assembly of csrc/arith/mont_adx.h (its adcx/adox instructions
are in the module), and the core says this processor can run it. With
PYBLS_NO_ASM set, the assembly must be absent: set when building, the build
leaves it out; set when importing a wheel that holds both builds (the
manylinux wheel of `make dist`, whose portable build runs on any x86-64),
the portable one is loaded. The core's own check of the processor agrees
with /proc/cpuinfo."""

import os
import pathlib
import platform
import subprocess

import pytest

import pybls._lib as L
from pybls import curves

pytestmark = [pytest.mark.once, pytest.mark.native_only]

# adcx r64, r/m64 is 66 REX.W 0F 38 F6 /r and adox r64, r/m64 is F3 REX.W 0F 38 F6 /r
ADCX = bytes.fromhex("66 48 0f 38 f6".replace(" ", ""))
ADOX = bytes.fromhex("f3 48 0f 38 f6".replace(" ", ""))
ADOX_REX_R = bytes.fromhex("f3 4c 0f 38 f6".replace(" ", ""))  # destination r8..r15


def _cpu_flags():
    """The processor's flags as the kernel reports them: /proc/cpuinfo on
    Linux, sysctl's leaf-7 features on macOS (lowercased), else none."""
    try:
        text = pathlib.Path("/proc/cpuinfo").read_text()
    except OSError:
        try:
            out = subprocess.run(["sysctl", "-n", "machdep.cpu.leaf7_features"], capture_output=True, text=True)
        except OSError:
            return set()
        return set(out.stdout.lower().split())
    for line in text.splitlines():
        if line.startswith("flags"):
            return set(line.split(":", 1)[1].split())
    return set()


def assembly_in(code):
    """Whether machine code `code` holds an adcx or adox instruction."""
    return ADCX in code or ADOX in code or ADOX_REX_R in code


@pytest.mark.parametrize("curve", sorted(curves.CURVES))
def test_assembly_compiled_in_where_the_cpu_has_it(curve):
    if L.BACKEND != "cffi":
        pytest.skip("checks the cffi extension; this pass runs another backend")
    path = L.library_path if curve == "bls12_381" else L.curve_binding(curve).library_path
    flags = _cpu_flags()
    wanted = platform.machine() in ("x86_64", "AMD64") and {"adx", "bmi2"} <= flags \
        and not os.environ.get("PYBLS_NO_ASM")
    assert assembly_in(pathlib.Path(path).read_bytes()) == wanted, f"assembly in {path}: {not wanted}; machine has ADX and BMI2: {wanted}"


def test_core_accepts_this_processor():
    # The bindings refuse to import a core that this processor cannot run;
    # having imported, the core must agree.
    fn = L._backend.functions({"pybls_cpu_supported": L._abi.SIGNATURES["pybls_cpu_supported"]})
    assert fn["pybls_cpu_supported"]() == 1


def test_cpu_check_agrees_with_the_kernel():
    fn = L._backend.functions({"pybls_cpu_adx": L._abi.SIGNATURES["pybls_cpu_adx"]})
    wanted = platform.machine() in ("x86_64", "AMD64") and {"adx", "bmi2"} <= _cpu_flags()
    assert fn["pybls_cpu_adx"]() == int(wanted)
