"""Messages through the logger named msolve; progress of long analyses (progress.py)."""

import logging
from pathlib import Path

import pytest

import msolve
from msolve import *
from msolve import progress

NOTE = "Integrator 1: dae_jacob_init = 1 accepted, no effect"


def falling_body():
    model = Model()
    Part(ground=True)
    body = Part(mass=2.0, ip=[1, 1, 1])
    body.cm = Marker()
    Accgrav(kgrav=-9.81)
    Integrator(dae_jacob_init=1)
    return model


@pytest.fixture
def msolve_logger():
    logger = logging.getLogger("msolve")
    level, handlers = logger.level, list(logger.handlers)
    yield logger
    logger.setLevel(level)
    logger.handlers[:] = handlers


def test_messages_are_shown_on_the_standard_output_by_default(capsys):
    falling_body().simulate(end=0.1, verbose=False)
    assert f"msolve: {NOTE}" in capsys.readouterr().out


def test_messages_are_silenced_the_standard_way(capsys, msolve_logger):
    msolve_logger.setLevel(logging.WARNING)
    falling_body().simulate(end=0.1, verbose=False)
    assert "msolve:" not in capsys.readouterr().out


def test_messages_are_redirected_the_standard_way(capsys, msolve_logger):
    records = []

    class Keep(logging.Handler):
        def emit(self, record):
            records.append(record.getMessage())

    msolve_logger.handlers[:] = [Keep()]
    falling_body().simulate(end=0.1, verbose=False)
    assert any(r.startswith(NOTE) for r in records)
    assert "msolve:" not in capsys.readouterr().out


def test_a_long_analysis_shows_progress_lines_where_there_is_no_terminal(
    capsys, monkeypatch, msolve_logger
):
    # every output counts as "longer than a second", a line at each
    monkeypatch.setattr(progress, "DELAY_SECONDS", 0.0)
    monkeypatch.setattr(progress, "LINE_SECONDS", 0.0)
    monkeypatch.setattr(progress, "_on_terminal", lambda: False)
    falling_body().simulate(end=1.0, dtout=0.25)
    out = capsys.readouterr().out
    # the sink reports at most every 0.1 s of computing: at least one line, of this form
    assert "msolve: dynamics: t = " in out
    assert " of 1 (" in out


def test_a_progress_bar_on_a_terminal_and_none_with_verbose_false(capsys, monkeypatch):
    monkeypatch.setattr(progress, "DELAY_SECONDS", 0.0)
    monkeypatch.setattr(progress, "_on_terminal", lambda: True)
    falling_body().simulate(end=1.0, dtout=0.25)
    assert "msolve dynamics" in capsys.readouterr().err
    falling_body().simulate(end=1.0, dtout=0.25, verbose=False)
    assert capsys.readouterr().err == ""


def test_no_progress_lines_with_verbose_false(capsys, monkeypatch):
    monkeypatch.setattr(progress, "DELAY_SECONDS", 0.0)
    monkeypatch.setattr(progress, "LINE_SECONDS", 0.0)
    monkeypatch.setattr(progress, "_on_terminal", lambda: False)
    falling_body().simulate(end=1.0, dtout=0.25, verbose=False)
    captured = capsys.readouterr()
    assert "dynamics: t = " not in captured.out + captured.err


NOTEBOOK_CELLS = [
    """from msolve import *
from msolve import progress
progress.DELAY_SECONDS = 0.0
def falling_body():
    model = Model()
    Part(ground=True)
    body = Part(mass=2.0, ip=[1, 1, 1])
    body.cm = Marker()
    Accgrav(kgrav=-9.81)
    return model
falling_body().simulate(end=1.0, dtout=0.25)""",
    "falling_body().simulate(end=1.0, dtout=0.25, verbose=False)",
    """progress._has_widgets = lambda: False
falling_body().simulate(end=1.0, dtout=0.25)""",
]


def test_progress_in_a_jupyter_kernel_is_the_notebook_widget(tmp_path, monkeypatch):
    """A real kernel (nbclient): the widget with ipywidgets, nothing with verbose=False,
    the text bar in the cell's stderr without ipywidgets."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    pytest.importorskip("ipywidgets")
    monkeypatch.setenv("PYTHONPATH", str(Path(msolve.__file__).parent.parent))
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in NOTEBOOK_CELLS]
    client = nbclient.NotebookClient(
        notebook, timeout=60, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}
    )
    client.execute()
    widget, silent, text = ([o for o in cell.outputs] for cell in notebook.cells)
    widget_views = [
        o for o in widget if "application/vnd.jupyter.widget-view+json" in o.get("data", {})
    ]
    assert widget_views, widget
    assert not any(o.get("name") == "stderr" for o in widget), widget
    assert not any(o.output_type in ("display_data", "stream") for o in silent), silent
    stderr = "".join(o.text for o in text if o.get("name") == "stderr")
    assert "msolve dynamics" in stderr, text
    assert not any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in text)
