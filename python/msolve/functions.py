"""Runtime functions for user routines (MotionSolve's ``msolve.functions``).

A Python routine given as ``routine=`` (Sforce, Diff, Variable, Vforce, Vtorque, Gforce,
Request, Sensor) reads the solver state through these functions while the solver runs it,
e.g.::

    def friction(self, id, time, par, npar, dflag, iflag):
        v = VZ(self.i, self.j, self.j, self.j)
        return -par[0] * v - par[1] * DIF(self.diff)

They mirror the expression language (docs/motionsolve-compatibility.md §4.6-4.8) and take Marker or
entity objects as well as integer ids; omitted markers are the ground frame. The state functions
(DX ... ROLL, FX ... TM, JOINT, SFORCE, ..., DIF, DIF1, VARVAL, ARYVAL, SENVAL, TIME) may be
called only inside a routine; the others (STEP, HAVSIN, SIN, ...) anywhere.

Dependencies: at setup the solver calls every routine once with ``iflag`` true; the state
functions it calls then are the ones its Jacobian accounts for, so a routine must make the
same calls during that pass that it makes later (it may return any value then). ``dflag``
is true on the calls the solver makes to difference the routine: its derivatives with
respect to the values those functions return are forward differences with the step
1e-7 * max(1, |value|), combined with the functions' exact derivatives.

``DIF(obj)`` also accepts an object whose ``getChildren()`` holds exactly one Diff (a
Composite), and reads that Diff.

The classic form ``value, errflg = py_sysfnc("DZ", [i, j])`` (integer ids) works as well.
"""

from __future__ import annotations

import math
import numbers
import warnings

from . import _core
from .base import current_model
from .controls import Curve, Diff, Spline

_read = _core._read
_builtin = _core._builtin

# the names, by kind, as the expression language knows them (cpp/expr, cpp/mbs)
_names = _core.function_names()
_KINEMATIC = _names["kinematic"]
_FORCES = _names["forces"]
_ELEMENTS = _names["elements"]
_BUILTINS = _names["builtins"]
del _names


def _id(value):
    """The integer id of an entity, or the integer itself (None: 0, the ground)."""
    if type(value) is int:
        return value
    if value is None:
        return 0
    ident = getattr(value, "id", None)
    if ident is not None:
        return int(ident)
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    raise TypeError(f"expected a Marker, an entity or an integer id, got {value!r}")


def _state_function(name, doc):
    # a builtin of the core: no Python frame between the routine and the reader
    return _core._measure_function(name, doc)


def _builtin_function(name):
    def function(*args):
        return _builtin(name, [float(a) for a in args])

    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"{name}(...) of the expression language, at numbers."
    return function


def _diff_id(value):
    """The id of a Diff given as an id, a Diff, or an object holding exactly one Diff."""
    if isinstance(value, Diff) or not hasattr(value, "getChildren"):
        return _id(value)
    diffs = [c for c in value.getChildren() if isinstance(c, Diff)]
    if len(diffs) != 1:
        raise ValueError(f"DIF: {value!r} holds {len(diffs)} Diffs; give the Diff itself")
    return diffs[0].id


def DIF(diff):
    """The state of a Diff (an id, a Diff, or a Composite holding one Diff)."""
    return _read("DIF", [_diff_id(diff)])


def DIF1(diff):
    """The time derivative of the state of a Diff (as DIF)."""
    return _read("DIF1", [_diff_id(diff)])


def VARVAL(variable):
    """The value of a Variable (an id or a Variable)."""
    return _read("VARVAL", [_id(variable)])


def ARYVAL(array, k):
    """Element k (from 1) of an Array (an id or an Array)."""
    return _read("ARYVAL", [_id(array), int(k)])


def SENVAL(sensor):
    """The value a Sensor stored at its last firing (its ``evaluate``), 0 before: an id (the
    Sensor's id or its ``evaluate_id``) or a Sensor."""
    ident = getattr(sensor, "evaluate_id", None)
    return _read("SENVAL", [ident if ident is not None else _id(sensor)])


def TIME():
    """The time of the routine evaluation in progress."""
    return _core._time()


def IF(x, negative, zero, positive):
    """``negative`` if x < 0, ``zero`` if x == 0, ``positive`` if x > 0."""
    return negative if x < 0 else (zero if x == 0 else positive)


PI = math.pi
DTOR = math.pi / 180.0
RTOD = 180.0 / math.pi

_generated = {}
for _name in _KINEMATIC:
    _generated[_name] = _state_function(
        _name, f"{_name}(i[, j[, k[, l]]]) of markers (objects or ids), as in expressions."
    )
for _name in _FORCES:
    _generated[_name] = _state_function(
        _name, f"{_name}(i[, j[, k]]): net force measure at marker i, as in expressions."
    )
for _name in _ELEMENTS:
    _generated[_name] = _state_function(
        _name, f"{_name}(element, jflag, comp, rm): force output of one element."
    )
for _name in _BUILTINS:
    _generated[_name] = _builtin_function(_name)
globals().update(_generated)


def py_sysfnc(name, ids):
    """Classic SYSFNC: ``[value, errflg]`` of the runtime function ``name`` at integer ids
    (``py_sysfnc("DZ", [i, j])``); errflg is 0, or 1 with value 0.0 when the call fails."""
    name = str(name).upper()
    try:
        if name == "TIME":
            return [TIME(), 0]
        return [_read(name, [_id(i) for i in ids]), 0]
    except (ValueError, TypeError):
        return [0.0, 1]


# SYSARY's arrays: three runtime functions of the same ids (as c_sysary,
# docs/motionsolve-compatibility.md §3.6)
_SYSARY = {
    "TDISP": ("DX", "DY", "DZ"),
    "TVEL": ("VX", "VY", "VZ"),
    "TACC": ("ACCX", "ACCY", "ACCZ"),
    "RVEL": ("WX", "WY", "WZ"),
    "RACC": ("WDTX", "WDTY", "WDTZ"),
    "RDISP": ("PSI", "THETA", "PHI"),
    "TFORCE": ("FX", "FY", "FZ"),
    "RFORCE": ("TX", "TY", "TZ"),
}


def py_sysary(name, ids):
    """Classic SYSARY: ``[values, errflg]`` of the array ``name`` at integer ids
    (``py_sysary("TDISP", [i, j, k])``: DX, DY, DZ; TVEL, TACC, RVEL, RACC likewise; RDISP:
    PSI, THETA, PHI; TFORCE: FX, FY, FZ; RFORCE: TX, TY, TZ); errflg
    is 0, or 1 with three zeros when the call fails or msolve has no such array."""
    components = _SYSARY.get(str(name).upper())
    if components is None:
        return [[0.0, 0.0, 0.0], 1]
    try:
        ids = [_id(i) for i in ids]
        return [[_read(c, ids) for c in components], 0]
    except (ValueError, TypeError):
        return [[0.0, 0.0, 0.0], 1]


def py_errmes(errflg, message, id=0, endflag="STOP"):
    """Classic ERRMES: when errflg is set, stop the analysis (endflag "STOP") by raising
    an error with the message, or else warn."""
    if not errflg:
        return
    text = f"{message} (id {id})" if id else str(message)
    if str(endflag).upper() == "STOP":
        raise RuntimeError(text)
    warnings.warn(text, stacklevel=2)


def py_put_spline(id, x, y, z=0.0):
    """PUT_SPLINE, called by a SPLINE_READ routine: the data of the Spline ``id`` (x, the y
    values, z a number for a curve or the z values of a surface); returns the error flag."""
    model = current_model()
    spline = model.lookupById(Spline, int(id)) if model is not None else None
    if spline is None:
        warnings.warn(f"py_put_spline: no Spline with id {id!r}", stacklevel=2)
        return True
    return spline._put_data(x, y, z)


def _spline_function(name, doc):
    def function(x, z, spline, n=0):
        if not isinstance(spline, Spline):
            model = current_model()
            found = model.lookupById(Spline, int(spline)) if model is not None else None
            if found is None:
                raise ValueError(f"{name}: no Spline with id {spline!r}")
            spline = found
        return _core._spline(name, spline, float(x), float(z), int(n))

    function.__name__ = name
    function.__doc__ = doc
    return function


AKISPL = _spline_function(
    "AKISPL", "AKISPL(x, z, spline[, n]): Akima interpolation of a Spline (object or id)."
)
CUBSPL = _spline_function(
    "CUBSPL", "CUBSPL(x, z, spline[, n]): natural cubic spline of a Spline (object or id)."
)
LINSPL = _spline_function(
    "LINSPL", "LINSPL(x, z, spline[, n]): linear interpolation of a Spline (object or id)."
)


def INTERP(x, method, spline, iord=0):
    """INTERP(x, method, spline[, iord]): a Spline (object or id) interpolated linearly
    (method 1) or by the natural cubic spline (method 3), as in expressions."""
    if method not in (1, 3):
        raise ValueError(f"INTERP: the method must be 1 (linear) or 3 (cubic), got {method!r}")
    return (LINSPL if method == 1 else CUBSPL)(x, 0.0, spline, iord)


def CURVE(alpha, iord, comp, curve):
    """CURVE(alpha, iord, comp, curve): component comp (1, 2, 3 for x, y, z) of a Curve
    (object or id; iord = 0) or of its iord-th derivative with respect to alpha, as in
    expressions."""
    if not isinstance(curve, Curve):
        model = current_model()
        found = model.lookupById(Curve, int(curve)) if model is not None else None
        if found is None:
            raise ValueError(f"CURVE: no Curve with id {curve!r}")
        curve = found
    return _core._curve(curve, float(alpha), int(iord), int(comp))


def py_gtcrv(id, alpha, iord):
    """Classic GTCURV: ``[array, istat]``, array the x, y, z of the Curve ``id`` (or of its
    iord-th derivative) at alpha; istat 0, or 1 with zeros when the call fails."""
    try:
        return [[CURVE(alpha, iord, comp, id) for comp in (1, 2, 3)], 0]
    except (ValueError, TypeError):
        return [[0.0, 0.0, 0.0], 1]


def KE(part=0):
    """The kinetic energy of a part (a Part or an id; 0 or None: of every part), in model
    units, as KE(id) in an expression."""
    return _read("KE", [_id(part)])


_NAMED = [
    "KE",
    "DIF",
    "DIF1",
    "VARVAL",
    "ARYVAL",
    "SENVAL",
    "TIME",
    "IF",
    "PI",
    "DTOR",
    "RTOD",
    "AKISPL",
    "CUBSPL",
    "LINSPL",
    "INTERP",
    "CURVE",
]
__all__ = sorted(
    [*_generated, *_NAMED, "py_sysfnc", "py_sysary", "py_errmes", "py_put_spline", "py_gtcrv"]
)
