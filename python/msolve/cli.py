"""The command line: ``msolve run model.xml`` (or ``python -m msolve model.xml``).

Reads the dataset, runs its Command block (Param_Transient, Simulate, Stop) with progress
on the screen, and writes next to the dataset:

* ``<name>.h5`` and ``<name>.csv`` — the results, as ``Model(output=...)`` writes them
  (result_files.py): a ``time`` column, then the eight components of every request
  (``Request<id>.<COMPONENT>``) and the seven of every part (``Part<id>.<COMPONENT>``,
  ``PointMass<id>.<COMPONENT>``), with their units, one row per output time of every
  Simulate, written while it runs (a process killed meanwhile keeps the rows computed
  before); the results are not kept in memory, which stays bounded for any run length;
* ``<name>.log`` — everything shown on the screen (warnings, solver messages, statistics).

Exit status: 0 done, 1 the analysis stopped early (the results so far are written),
2 the dataset or the command line is wrong, 130 interrupted by Ctrl-C (SIGINT) and 143
terminated by SIGTERM: the analysis stops within a few milliseconds, and the results up to
the last output and the log are written first.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import math
import signal
import sys
import threading
import time
import warnings
from pathlib import Path

from . import __version__
from .interruption import signals_recorded
from .model import MsolveError
from .result_files import OutputFiles
from .result_files import signals_held as _signals_held
from .xml import DatasetError, read_dataset
from .xml.settings import apply_settings

_STATUS_OK, _STATUS_ANALYSIS, _STATUS_INPUT = 0, 1, 2
# 128 + the signal's number, as shells report a process ended by it
_STATUS_INTERRUPTED, _STATUS_TERMINATED = 130, 143


class _Terminated(BaseException):
    """Raised by the SIGTERM handler: like KeyboardInterrupt, it stops a running analysis
    with the results so far attached."""


def _stop_status(error):
    return _STATUS_TERMINATED if isinstance(error, _Terminated) else _STATUS_INTERRUPTED


@contextlib.contextmanager
def _terminate_as_exception():
    """SIGTERM raises _Terminated while the dataset runs (main thread only: elsewhere Python
    cannot install handlers)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def terminate(signum, frame):
        raise _Terminated("terminated by SIGTERM")

    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


_RUNNABLE = {
    "TRANSIENT": "TRANSIENT",
    "KINEMATICS": "KINEMATICS",
    "STATICS": "STATICS",
    "QUASISTATICS": "QSTATICS",
    "ASSEMBLY": "ASSEMBLY",
    "LINEAR": "LINEAR",
}


class _Log:
    """Lines to the screen and to the log file."""

    def __init__(self, path, quiet):
        self.path = path
        self.quiet = quiet
        self.lines = []

    def __call__(self, text, error=False):
        for line in str(text).splitlines() or [""]:
            self.lines.append(line)
            if error:
                print(line, file=sys.stderr)
            elif not self.quiet:
                print(line, flush=True)

    def save(self):
        try:
            self.path.write_text("\n".join(self.lines) + "\n", encoding="utf-8")
        except OSError as e:
            print(f"msolve: cannot write the log {self.path}: {e.strerror}", file=sys.stderr)


def _parser():
    parser = argparse.ArgumentParser(
        prog="msolve",
        description="Run a MotionSolve XML dataset: the Simulate commands of its Command "
        "block. Results (<name>.csv) and a log (<name>.log) are written next to the "
        "dataset.",
    )
    parser.add_argument("--version", action="version", version=f"msolve {__version__}")
    sub = parser.add_subparsers(dest="command")
    run = sub.add_parser("run", help="run a dataset")
    for p in (run,):
        p.add_argument("dataset", help="the XML dataset")
        p.add_argument(
            "--allow-scripts",
            action="store_true",
            help="let the dataset execute the Python scripts it names "
            "(script_name of user routines); refused otherwise",
        )
        p.add_argument(
            "--output-dir", help="write results and log here instead of next to the dataset"
        )
        p.add_argument("-q", "--quiet", action="store_true", help="print errors only")
    return parser


def main(argv=None):
    """Entry point of the ``msolve`` console script; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    # python -m msolve model.xml: 'run' may be left out
    if argv and argv[0] not in ("run", "-h", "--help") and not argv[0].startswith("-"):
        argv.insert(0, "run")
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command != "run":
        parser.print_help()
        return _STATUS_INPUT
    return run(
        args.dataset, allow_scripts=args.allow_scripts, output_dir=args.output_dir, quiet=args.quiet
    )


def run(dataset, allow_scripts=False, output_dir=None, quiet=False):
    """Run the dataset's commands; write ``<name>.csv`` and ``<name>.log``. Returns the exit
    status (0 done, 1 analysis stopped early, 2 bad dataset)."""
    path = Path(dataset)
    folder = Path(output_dir) if output_dir else path.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        print(
            f"msolve: error: cannot create the output directory {folder}: {e.strerror}",
            file=sys.stderr,
        )
        return _STATUS_INPUT
    log = _Log(folder / (path.stem + ".log"), quiet)
    log(f"msolve: dataset {path}")
    try:
        with _terminate_as_exception(), signals_recorded():
            return _run(path, folder, log, allow_scripts)
    except (KeyboardInterrupt, _Terminated) as e:
        # outside an analysis (reading the dataset): nothing computed to write
        log(f"msolve: {_stop_text(e)}", error=True)
        return _stop_status(e)
    finally:
        with _signals_held():
            log.save()


def _stop_text(error):
    return "terminated (SIGTERM)" if isinstance(error, _Terminated) else "interrupted (Ctrl-C)"


def _run(path, folder, log, allow_scripts):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            dataset = read_dataset(path, allow_scripts=allow_scripts)
        except DatasetError as e:
            _report_warnings(caught, log)
            log(f"msolve: error: {e}", error=True)
            return _STATUS_INPUT
    _report_warnings(caught, log)
    for note in dataset.notes:
        log(f"msolve: {note}")
    model = dataset.model
    log(f"msolve: model: {_census(model)}")
    simulates = [c for c in dataset.commands if c.kind == "simulate"]
    if not simulates and not any(c.kind == "control" for c in dataset.commands):
        log(
            "msolve: error: the Command block holds no <Simulate> command (nor a "
            "<UserProgramControl>); nothing to run",
            error=True,
        )
        return _STATUS_INPUT
    for command in simulates:
        kind = command.values["type"]
        if kind not in _RUNNABLE:
            log(
                f"msolve: error: {path}:{command.node.line}: {command.node.describe()}: "
                f"analysis_type {kind.lower()} is not available in msolve yet",
                error=True,
            )
            return _STATUS_INPUT

    out = folder / path.stem
    # the result files of Model(output=...), without its log (this one writes its own) and
    # without keeping the results in memory
    rows = OutputFiles(out, log=False, keep=False)
    model._files = rows
    status = _STATUS_OK
    number = 0
    try:
        for command in dataset.commands:
            where = f"{path}:{command.node.line}"
            if command.kind == "stop":
                log(f"msolve: {where}: Stop")
                break
            if command.kind in ("param_transient", "param_static"):
                apply_settings(model, command)
                what = "integrator" if command.kind == "param_transient" else "statics"
                log(f"msolve: {where}: {what} settings {command.values}")
                continue
            if command.kind == "control":
                status = _control(model, command, where, log)
                if status != _STATUS_OK:
                    break
                continue
            number += 1
            status = _simulate(model, command, number, len(simulates), where, rows, log)
            if status != _STATUS_OK:
                break
    except (KeyboardInterrupt, _Terminated) as e:
        # between two analyses: what the earlier ones computed is written below
        log(f"msolve: {_stop_text(e)}", error=True)
        status = _stop_status(e)
    with _signals_held():
        rows.close()
        if rows.problem is None:
            log(f"msolve: results written to {out}.h5 and {out}.csv ({rows.count} output times)")
        else:
            log(f"msolve: error: {rows.problem}", error=True)
            status = status or _STATUS_INPUT
        log(f"msolve: log written to {log.path}")
    return status


def _report_warnings(caught, log):
    for w in caught:
        log(f"msolve: warning: {w.message}")


def _census(model):
    counts = {}
    for obj in model.getChildren():
        counts[type(obj).__name__] = counts.get(type(obj).__name__, 0) + 1
    return ", ".join(f"{n} {k}" for k, n in counts.items()) or "empty"


def _simulate(model, command, number, total, where, rows, log):
    values = command.values
    now = model.getTime()
    if values["start"] < now and not math.isclose(values["start"], now, abs_tol=1e-12):
        log(
            f"msolve: warning: {where}: start_time {values['start']} differs from the "
            f"current time {now}; the analysis continues from {now}"
        )
    # a start_time ahead of the time now: the first analysis starts there (a later one
    # warns and continues, Model.simulate)
    now = max(now, values["start"])
    if values["end"] is not None:
        end = values["end"]
    elif values["duration"] is not None:
        end = now + values["duration"]
    else:
        end = now  # a static solution without an end time: at the current time
    kwds = {"type": _RUNNABLE[values["type"]], "start": values["start"], "end": end}
    if values["steps"] is not None:
        kwds["steps"] = values["steps"]
    elif values["dtout"] is not None:
        kwds["dtout"] = values["dtout"]
    log(
        f"msolve: Simulate {number}/{total} ({where}): {kwds['type'].lower()} from t = {now:g} "
        f"to t = {end:g}"
        + (f", output every {kwds['dtout']:g}" if "dtout" in kwds else "")
        + (f", {kwds['steps']} steps" if "steps" in kwds else "")
    )
    started = time.perf_counter()
    written = rows.count
    status = _STATUS_OK
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            results = _quietly(model.simulate, returnResults=True, verbose=not log.quiet, **kwds)
        except MsolveError as e:
            results = e.results
            log(f"msolve: error: {where}: {e}", error=True)
            status = _STATUS_ANALYSIS
        except (ValueError, TypeError, RuntimeError) as e:
            results = None
            log(f"msolve: error: {where}: {e}", error=True)
            status = _STATUS_ANALYSIS
        except (KeyboardInterrupt, _Terminated) as e:
            # the analysis stopped at once; the outputs before the signal are kept
            results = getattr(e, "results", None)
            reached = f" at t = {model.getTime():g}" if results is not None else ""
            log(f"msolve: {where}: {_stop_text(e)}{reached}", error=True)
            status = _stop_status(e)
    _report_warnings(caught, log)
    elapsed = time.perf_counter() - started
    if results is not None:
        for line in results.messages:
            log(f"msolve: {line}")
        stats = ", ".join(f"{k} {v}" for k, v in sorted(results.stats.items()))
        # a continuing Simulate's first output is the previous one's last
        outputs = rows.count - written + (1 if written and len(results.times) else 0)
        log(
            f"msolve: Simulate {number}/{total}: {outputs} outputs to "
            f"t = {results.times[-1]:g} in {elapsed:.2f} s"
            if len(results.times)
            else f"msolve: Simulate {number}/{total}: no output"
        )
        if stats:
            log(f"msolve:   {stats}")
    return status


def _control(model, command, where, log):
    """UserProgramControl: the CONSUB runs its analyses (Model.control, ANALYS)."""
    log(f"msolve: {where}: UserProgramControl: CONSUB {command.values['routine']!s}")
    try:
        _quietly(lambda: model.control(**command.values))
    except (MsolveError, ValueError, TypeError, RuntimeError) as e:
        log(f"msolve: error: {where}: {e}", error=True)
        return _STATUS_ANALYSIS
    log(f"msolve: {where}: UserProgramControl done at t = {model.getTime():g}")
    return _STATUS_OK


def _quietly(function, **kwds):
    """Call ``function`` with its prints to stdout captured (they are logged instead)."""
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        return function(**kwds)
