"""The example notebooks run headless (nbclient) without error; their cells assert the
physics they show (closed forms, equilibria, eigenfrequencies)."""

from pathlib import Path

import pytest

import msolve

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

NOTEBOOKS = sorted((Path(__file__).parent.parent / "examples" / "notebooks").glob("*.ipynb"))


def test_there_are_the_four_notebooks():
    names = [path.stem for path in NOTEBOOKS]
    assert names == ["getting_started", "linear", "statics_then_dynamics", "sweep"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.stem)
def test_the_notebook_runs(path, tmp_path, monkeypatch):
    # the kernel imports the msolve these tests import
    monkeypatch.setenv("PYTHONPATH", str(Path(msolve.__file__).parent.parent))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        timeout=180,
        kernel_name="python3",
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()
    errors = [
        output
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.get("outputs", [])
        if output.get("output_type") == "error"
    ]
    assert not errors
