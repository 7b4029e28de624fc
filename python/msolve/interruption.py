"""Signals that stop a running analysis are not lost in Python.

A signal's Python handler (KeyboardInterrupt for Ctrl-C, the command line's for SIGTERM) runs
at whatever Python code executes next; when that is a weakref callback or a ``__del__``,
Python prints its exception as "ignored" and drops it, and the analysis would run on. While
an analysis runs, ``signals_recorded()`` wraps the handlers so that the exception is also
kept by the bindings (``_core._keep_signal_exception``, docs/architecture.md §2.10), where
the solver's interrupt poll finds it."""

from __future__ import annotations

import contextlib
import signal
import threading

from . import _core

_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _recording(previous):
    def handler(signum, frame):
        try:
            previous(signum, frame)
        except BaseException as e:
            _core._keep_signal_exception(e)
            raise

    return handler


_depth = 0  # signals_recorded() scopes open (main thread)


@contextlib.contextmanager
def signals_recorded():
    """The Python handlers of SIGINT and SIGTERM keep their exceptions for the analyses run
    inside (main thread only: elsewhere Python runs no handlers). Scopes nest: the command
    line opens one for its whole run, so that a signal whose exception Python dropped
    before an analysis began still stops that analysis at its first poll."""
    global _depth
    if threading.current_thread() is not threading.main_thread() or _depth:
        yield
        return
    installed = {}
    _core._clear_interruption()
    _depth += 1
    try:
        for signum in _SIGNALS:
            previous = signal.getsignal(signum)
            if callable(previous):
                installed[signum] = previous
                signal.signal(signum, _recording(previous))
        yield
    finally:
        for signum, previous in installed.items():
            signal.signal(signum, previous)
        _core._clear_interruption()
        _depth -= 1
