"""Messages through the logger named msolve; progress of long analyses (progress.py)."""

import logging

import pytest

from msolve import *
from msolve import progress

NOTE = "Integrator 1: dae_index = 3 accepted, no effect"


def falling_body():
    model = Model()
    Part(ground=True)
    body = Part(mass=2.0, ip=[1, 1, 1])
    body.cm = Marker()
    Accgrav(kgrav=-9.81)
    Integrator(dae_index=3)
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
