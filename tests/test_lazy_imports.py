"""`import pybls` loads BLS12-381's core and classes only: the schemes, the
curve registry and the other curves load on first use (pybls.__getattr__),
which keeps the import short in Pyodide. The public names stay reachable as
attributes and through `from pybls import ...`."""

import subprocess
import sys

import pytest

pytestmark = [pytest.mark.once, pytest.mark.native_only]

LAZY = [
    "pybls.sig", "pybls.sig.curve", "pybls.sig.suites", "pybls.curves", "pybls.aead", "pybls.kzg",
    "pybls.she", "pybls.threshold", "pybls.tlock", "pybls.ibe", "pybls.evm", "pybls.drand",
    "pybls.bn254", "pybls.bn254_nogami", "pybls.bn381", "pybls.bn462",
]

_PROBE = """
import sys
import pybls
print(" ".join(sorted(m for m in sys.modules if m.startswith("pybls"))))
"""


def _run(code):
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_import_pybls_leaves_the_schemes_unloaded():
    loaded = set(_run(_PROBE).split())
    assert "pybls.points" in loaded and "pybls.pairing" in loaded
    assert not loaded & set(LAZY), f"imported by `import pybls`: {sorted(loaded & set(LAZY))}"


def test_lazy_names_resolve():
    out = _run(
        "import pybls, pybls.sig as s\n"
        "from pybls import sig\n"
        "assert sig is s is pybls.sig and pybls.sig.MinPk.PoP.dst.startswith(b'BLS_SIG_')\n"
        "assert all(hasattr(pybls, name) for name in pybls.__all__)\n"
        "ns = {}\n"
        "exec('from pybls import *', ns)\n"
        "assert ns['sig'] is s\n"
        "print('ok')\n"
    )
    assert out.strip() == "ok"
