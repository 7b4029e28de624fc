"""The result files of a model, written while it runs: ``<output>.h5``, ``<output>.csv`` and
``<output>.log``.

``Model(output="name")`` and ``msolve run`` write the same files (docs/architecture.md §2.11):

* ``name.h5``: the results in HDF5 (``h5_results.py``), read back by ``read_results``;
* ``name.csv``: a ``time`` column, then the eight components of every active request
  (``Request<id>.<COMPONENT>``) and the seven of every moving part (``Part<id>.<COMPONENT>``,
  ``PointMass<id>.<COMPONENT>``); the second line, a comment (``# units: s,m,...``), gives
  the unit of every column;
* ``name.log``: every message of the runs.

Both tables have one row per output time of every analysis, appended as the solver gives
them: a process killed meanwhile keeps every output up to the last ``FLUSH_SECONDS`` of
computing (every output when they come slower than that).
"""

from __future__ import annotations

import contextlib
import signal
import threading
import time

import numpy as np

from .bodies import Part, PointMass
from .channels import UnitSymbols, channel_names, channel_units
from .design import Rv
from .forces import Contact
from .h5_results import H5Writer
from .outputs import Request
from .results import channel_prefix

#: the longest the rows computed wait before they are written to the files
FLUSH_SECONDS = 0.05


@contextlib.contextmanager
def signals_held():
    """SIGINT and SIGTERM wait while results are written (their exception comes after, so a
    row is in the files whole or not at all); in the main thread only, where Python handles
    signals."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def table_entities(model):
    """The entities with columns in the result files: the active requests, then the moving
    parts and point masses, then the active contacts, then the active Rvs."""
    found = [obj for obj in model.getChildren(Request) if obj.active]
    found += [obj for obj in model.getChildren(Part) if obj.active and not obj.ground]
    found += [obj for obj in model.getChildren(PointMass) if obj.active]
    found += [obj for obj in model.getChildren(Contact) if obj.active]
    found += [obj for obj in model.getChildren(Rv) if obj.active]
    return found


class _Csv:
    """The CSV table: header and units when created, rows appended. ``append(rows, n)``
    (rows ``n`` onwards) may be called again with the same rows after an exception
    interrupted it: a block written whole is not written again, one cut short is written
    again from where the last complete one ended."""

    def __init__(self, path, columns=None, units=None, rows=0):
        # kept open while an analysis runs
        self.file = open(path, "w" if columns else "a", encoding="utf-8")  # noqa: SIM115
        if columns:
            self.file.write(",".join(columns) + "\n")
            self.file.write("# units: " + ",".join(units) + "\n")
            self.file.flush()
        # where the last complete block ends, and the rows written up to there
        self.end, self.rows = self.file.tell(), rows

    def append(self, rows, n):
        if n + len(rows) <= self.rows:
            return
        text = "".join(",".join(repr(float(v)) for v in row) + "\n" for row in rows)
        self.file.seek(self.end)
        self.file.truncate()
        self.file.write(text)
        self.file.flush()
        self.end, self.rows = self.file.tell(), n + len(rows)

    def close(self):
        self.file.close()


class OutputFiles:
    """The files of ``Model(output=root)`` (``log=False``: no log; the command line writes
    its own). ``keep=False``: the results stay in the files only (memory bounded; the
    results objects hold the last output)."""

    def __init__(self, root, log=True, keep=True):
        self.root = str(root)
        self.log = log
        self.keep = keep
        self.entities = None  # the table's entities, fixed by the first analysis
        self.columns = []
        self.units = []
        self.lines = []
        self.count = 0  # rows written
        self._written_time = None  # the time of the last row written
        self.problem = None  # why the files could not be written
        self._csv = self._h5 = None
        self._take = None  # for the analysis running: table columns from its rows
        self._pending = []
        self._flushed_at = 0.0
        self._streamed = False

    # -- one analysis --------------------------------------------------------------------

    def begin(self, model, row_entities):
        """Before an analysis whose output rows hold ``row_entities`` (in order, after the
        time; then 4 energies and 2 constraint errors: bindings/running.h)."""
        self._ensure_open(model)
        where = {}
        column = 1
        for obj in row_entities:
            where[id(obj)] = column
            column += len(channel_names(obj))
        width = column + 6
        take = [0]
        for obj in self.entities:
            start = where.get(id(obj))
            count = len(channel_names(obj))
            # an entity absent from this analysis (inactive now): NaN, the row's last slot
            take += list(range(start, start + count)) if start is not None else [width] * count
        take += list(range(column, column + 6))
        self._take = np.array(take)
        self._streamed = False

    def row(self, values):
        """One output of the running analysis (the sink of Simulation.simulate); returns
        whether the solver may release it from memory."""
        self._streamed = True
        try:
            with signals_held():
                self._add(np.append(values, np.nan)[self._take][None, :])
        except BaseException:
            # the exception of a signal that came before the row (Ctrl-C): the rows taken
            # are written whole first
            with signals_held():
                self._write_pending()
            raise
        return not self.keep

    def finish(self, model, results, messages, error=""):
        """After an analysis (or its failure to start: ``results`` None): its outputs when
        they were not streamed (the linear analysis), its messages, the record of the
        analysis (stats, events; ``error``: why it stopped early). Returns None, or why
        the files could not be written (the results are kept)."""
        with signals_held():
            return self._finish(model, results, messages, error)

    def _finish(self, model, results, messages, error):
        self._ensure_open(model)
        if results is not None and len(results.times):
            rows = self._rows_of(results)
            if self._streamed and self.last_time is not None:
                # an output the sink did not see (interrupted before it)
                rows = rows[rows[:, 0] > self.last_time]
            if len(rows):
                self._add(rows)
        self._write_pending()
        self.lines += list(messages)
        if self._h5 is not None:
            self._guarded(self._h5.add_messages, list(messages))
        if self._h5 is not None and results is not None:
            kind = model._runs[-1]["type"] if model._runs else ""
            self._guarded(self._h5.add_analysis, kind, results, error)
        if self.log:
            try:
                with open(self.root + ".log", "w", encoding="utf-8") as f:
                    f.write("".join(line + "\n" for line in self.lines))
            except OSError as e:
                self._fail(e)
        # closed between analyses: readable (read_results) while the model lives
        self.close()
        self._take = None
        self._streamed = False
        return self.problem

    def close(self):
        """Closes the tables (the command line, at its end)."""
        self._write_pending()
        self._close_writers()

    def _close_writers(self):
        writers, self._csv, self._h5 = (self._csv, self._h5), None, None
        for writer in writers:
            if writer is not None:
                with contextlib.suppress(OSError):
                    writer.close()

    # -- writing -------------------------------------------------------------------------

    def _ensure_open(self, model):
        if self.entities is None:
            self._open(model)
        elif self.problem is None and self._csv is None:
            try:
                self._csv = _Csv(self.root + ".csv", rows=self.count)
                self._h5 = H5Writer.reopen(self.root + ".h5")
            except OSError as e:
                self._fail(e)

    def _open(self, model):
        symbols = UnitSymbols(model)
        self.entities = table_entities(model)
        self.columns = ["time"]
        self.units = [symbols.time]
        for obj in self.entities:
            self.columns += [f"{channel_prefix(obj)}.{n}" for n in channel_names(obj)]
            self.units += channel_units(obj, symbols)
        try:
            self._csv = _Csv(self.root + ".csv", self.columns, self.units)
            self._h5 = H5Writer(self.root + ".h5", model, self.entities, symbols)
        except OSError as e:
            self._fail(e)

    def _rows_of(self, results):
        """The table rows of a results object (an analysis that did not stream)."""
        parts = [np.asarray(results.times)[:, None]]
        for obj in self.entities:
            try:
                parts.append(np.asarray(results.getObject(obj).values))
            except KeyError:
                parts.append(np.full((len(results.times), len(channel_names(obj))), np.nan))
        energy = np.asarray(results.energy.values)[:, :4]
        parts += [energy, np.asarray(results.constraintErrors).reshape(-1, 2)]
        return np.hstack(parts)

    @property
    def last_time(self):
        """The time of the last row taken (written or pending)."""
        return self._pending[-1][-1, 0] if self._pending else self._written_time

    def _add(self, rows):
        # a Simulate that continues starts with the time where the previous one ended
        if self.last_time is not None and rows[0, 0] == self.last_time:
            rows = rows[1:]
        if not len(rows):
            return
        self._pending.append(rows)
        now = time.perf_counter()
        if now - self._flushed_at >= FLUSH_SECONDS:
            self._write_pending()
            self._flushed_at = time.perf_counter()

    def _write_pending(self):
        if not self._pending:
            return
        # an exception (a signal's) anywhere here leaves the rows pending, and writing them
        # again gives the same files: each writer writes a block from its last complete one
        rows = np.vstack(self._pending)
        self._pending = [rows]
        if self._csv is not None:
            self._guarded(self._csv.append, rows[:, : len(self.columns)], self.count)
        if self._h5 is not None:
            self._guarded(self._h5.append, rows, self.count)
        self._pending = []
        self.count += len(rows)
        self._written_time = rows[-1, 0]

    def _guarded(self, write, *args):
        try:
            write(*args)
        except (OSError, ValueError, RuntimeError) as e:
            self._fail(e)

    def _fail(self, error):
        if self.problem is None:
            self.problem = f"Model(output={self.root!r}): cannot write the result files: {error}"
        self._close_writers()
