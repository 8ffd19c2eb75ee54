"""The example notebooks (notebooks/*.ipynb) run top to bottom under a native
Jupyter kernel (ipykernel, driven by nbclient) and print what they promise.

The same notebooks run in the browser, in the JupyterLite site, in
tests/notebooks/browser_notebooks.py (`make test-notebooks`).
"""

import sys

import pytest

if sys.platform == "emscripten":
    pytest.skip("notebooks are executed by a native Jupyter kernel", allow_module_level=True)

import nbformat  # noqa: E402
from nbclient import NotebookClient  # noqa: E402

from notebook_checks import EXPECTED_LINES, notebook_names, problems, NOTEBOOKS_DIR  # noqa: E402

pytestmark = [pytest.mark.native_only, pytest.mark.once]


def test_every_notebook_has_expectations():
    assert notebook_names(), f"no notebooks in {NOTEBOOKS_DIR}"
    assert sorted(EXPECTED_LINES) == notebook_names()


@pytest.mark.parametrize("name", notebook_names())
def test_notebook_has_no_outputs_committed(name):
    notebook = nbformat.read(NOTEBOOKS_DIR / name, as_version=4)
    nbformat.validate(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, f"{name}: clear the outputs"


@pytest.mark.parametrize("name", notebook_names())
def test_notebook_runs_natively(name, tmp_path):
    notebook = nbformat.read(NOTEBOOKS_DIR / name, as_version=4)
    # The notebooks name JupyterLite's Pyodide kernel ("python"); natively
    # the kernel is ipykernel in this interpreter's environment (jupyter_client
    # starts `python` as sys.executable, so the kernel imports this pybls).
    client = NotebookClient(notebook, kernel_name="python3", timeout=300, resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    assert problems(name, notebook, sys.platform) == []
