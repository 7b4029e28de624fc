"""The CONSUB driver of ``Model.control`` (docs/motionsolve-compatibility.md §3.6): a Python
callable or a compiled routine ``"library::CONSUB"`` called as ``CONSUB(par, npar)``, which
runs analyses with ``model.simulate`` or with ANALYS (``py_analys`` in Python, ``c_analys``
or the Fortran ``ANALYS`` in compiled code) and changes the model between them with MODIFY
and MODSET (modify.py)."""

from __future__ import annotations

import threading

from . import _core
from .log import logger

# the public functions of this module, exported by msolve (msolve/__init__.py)
__all__ = ["py_analys", "py_datout"]

# the model whose CONSUB runs, per thread (ANALYS acts on it)
_running = threading.local()

# ANALYS's analysis types, as Model.simulate names them
_ANALYSES = {
    "TRANSIENT": "DYNAMICS",
    "DYNAMICS": "DYNAMICS",
    "STATICS": "STATICS",
    "STATIC": "STATICS",
    "QSTATICS": "QSTATICS",
    "QUASISTATIC": "QSTATICS",
    "KINEMATICS": "KINEMATICS",
    "ASSEMBLY": "ASSEMBLY",
}


def run_control(model, function, routine, script):
    """Model.control: call ``routine`` (a callable, or "library::FUNCTION") with the numbers
    of ``function`` while ANALYS acts on ``model``."""
    if script:
        # the CONSUB is the function ``routine`` (a name; CONSUB when not given) of the file
        if routine is not None and not isinstance(routine, str):
            raise TypeError("Model.control: give script= with routine= as a function name")
        if routine is None or "::" not in routine:
            from .scripts import script_function

            routine = script_function("Model.control", script, routine or "CONSUB")
    compiled = isinstance(routine, str)
    if not compiled and not callable(routine):
        raise TypeError(
            f"Model.control: routine must be a Python callable CONSUB(par, npar) or a "
            f"compiled routine 'library::CONSUB', got {routine!r}"
        )
    par = user_parameters(function)
    previous = getattr(_running, "model", None)
    _running.model = model
    first = len(model._runs)
    try:
        if not compiled:
            return routine(par, len(par))
        try:
            from .modify import py_modify, py_modset

            _core.CompiledRoutine(routine).control(par, _analys, py_modify, py_modset)
        except RuntimeError as e:
            from .model import MsolveError

            raise MsolveError(f"Model.control: {e}") from None
        return None
    finally:
        _running.model = previous
        # save_model's Command block: one UserProgramControl for the analyses the CONSUB ran
        del model._runs[first:]
        model._runs.append(
            {"type": "CONTROL", "function": function, "routine": routine, "script": script}
        )


def _analys(analysis, name, tbegin, tend, init):
    model = getattr(_running, "model", None)
    if model is None:
        raise RuntimeError("ANALYS may only be called from a CONSUB run by Model.control")
    kind = _ANALYSES.get(str(analysis).strip().upper())
    if kind is None:
        raise ValueError(
            f"ANALYS: unknown analysis {analysis!r}: one of {', '.join(sorted(_ANALYSES))}"
        )
    logger.info(
        f"ANALYS: {kind} {str(name).strip()!r} from {tbegin:.9g} to {tend:.9g} (init {init}: "
        "accepted, no effect)"
    )
    model.simulate(type=kind, start=float(tbegin), end=float(tend), verbose=False)
    return 0


def py_analys(analysis, name, tbegin, tend, iflag=0):
    """ANALYS in a Python CONSUB: run the analysis ``analysis`` (TRANSIENT, STATICS,
    QUASISTATIC, KINEMATICS, ...) named ``name`` from ``tbegin`` to ``tend`` on the model of
    ``Model.control``, with ``model.simulate``'s default output step; returns istat 0 (a
    failed analysis raises as ``simulate`` does)."""
    return _analys(analysis, name, tbegin, tend, iflag)


def py_datout():
    """DATOUT in a Python CONSUB: msolve writes the results while the analyses run
    (``Model(output=...)``, ``msolve run``), so nothing is left to write; returns istat 0
    (1 outside a CONSUB)."""
    if getattr(_running, "model", None) is None:
        return 1
    logger.info("DATOUT: the results are written while the analyses run; nothing to do")
    return 0


def user_parameters(function):
    """The numbers of a ``USER(p1, p2, ...)`` string (empty for "")."""
    text = (function or "").strip()
    if not text:
        return []
    if not (text.upper().startswith("USER(") and text.endswith(")")):
        raise ValueError(f"Model.control: function must be 'USER(p1, p2, ...)', got {function!r}")
    inner = text[5:-1].strip()
    try:
        return [float(v) for v in inner.split(",")] if inner else []
    except ValueError:
        raise ValueError(f"Model.control: the parameters of {function!r} must be numbers") from None
