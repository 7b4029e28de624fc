"""Fmu: a Functional Mock-up Unit (FMI 2.0) as a control element (MotionSolve Fmu,
Control_FMU), run through the fmpy package.

msolve compiles an Fmu as a Gse (cpp/system/general_states.*) whose routine is the FMU:

* model exchange (``type="ME"``): the FMU's continuous states are the Gse's states, in the
  X Array ``x``; at each evaluation msolve sets the time, the states and the inputs (the
  variables of the U Array ``u``, in the order of the FMU's inputs) and reads the state
  derivatives and the outputs (in the order of the FMU's outputs, into the Y Array ``y``).
  msolve's integrator integrates the states, as a Gse's.
* co-simulation (``type="CS"``): the FMU integrates itself. It is stepped from one
  communication point to the next (every ``interval``) with its inputs held over the step,
  and its outputs are held between communication points (docs/equations.md §4.5).

docs/motionsolve-compatibility.md §9 lists what msolve does not do with an FMU.
"""

from __future__ import annotations

import os
import weakref

from . import _core
from .base import _CoreEntity
from .controls import Array
from .properties import Bool, Double, Enum, Reference, Str
from .settings import Integrator

# the public classes of this module, exported by msolve (msolve/__init__.py)
__all__ = ["Fmu"]

_IN_PROCESS = "msolve runs the FMU in its own process, from the binary inside the .fmu archive"
_FMPY = "simulating an FMU needs the fmpy package, which is not installed: pip install fmpy"


class Fmu(_CoreEntity, _core.GseSpec):
    """A Functional Mock-up Unit (FMI 2.0) in the model: ``path`` the .fmu file, ``type``
    ME (model exchange: msolve integrates its equations; its continuous states are in the
    X Array ``x``, starting at the IC Array ``ic``'s numbers or, without it, at the FMU's
    own initial values) or CS (co-simulation: the FMU steps itself every ``interval``,
    inputs held over a step and outputs held between steps; ``interval`` 0 takes the
    Integrator's hmax, else the FMU's default step size). The inputs are the variables of
    the U Array ``u`` in the order of the FMU's inputs; its outputs are read with
    ``ARYVAL(y.id, k)`` on the Y Array ``y``. ``var_name`` names a variable of the FMU (a
    parameter) set to ``var_ic`` before it initialises. With ``static_hold`` the states
    keep their values in statics. Needs the fmpy package (``pip install fmpy``)."""

    _core_type = _core.GseSpec
    _aliases = {"ip_addr": "ip_address"}  # the reference page's own example spells it so
    type = Enum("ME CS", "ME", doc="Model exchange (ME) or co-simulation (CS).")
    path = Str(doc="The .fmu file.")
    x = Reference(Array, doc="X Array: the FMU's continuous states (ME; CS: unused).")
    y = Reference(Array, field="_y", doc="Y Array: the FMU's outputs.")
    u = Reference(Array, field="_u", doc="U Array: the FMU's inputs (its variables).")
    ic = Reference(Array, doc="IC Array: the initial states (ME; CS: unused).")
    static_hold = Bool(False, field="_static_hold", doc="States held in statics.")
    dll = Str(no_effect=_IN_PROCESS, doc="MotionSolve's library running the FMU.")
    interval = Double(0.0, minimum=0.0, doc="Communication interval (CS); 0: hmax.")
    ip_address = Str(no_effect=_IN_PROCESS, doc="Host of a remote FMU.")
    var_name = Str(doc="Name of a variable of the FMU set before it initialises.")
    var_ic = Double(0.0, doc="The value var_name is set to.")

    def __init__(self, **kwds):
        super().__init__(**kwds)
        self._fmu = True

    def _error(self, why):
        return _core.ModelError(f"{self._describe()}: {why}")

    def _interval(self):
        """The communication interval of a co-simulation FMU (the Control_FMU default:
        the integrator's maximum step)."""
        if self.interval > 0:
            return self.interval
        model = self.__dict__.get("_model")
        for obj in model._entities if model is not None else []:
            if isinstance(obj, Integrator) and obj.active and obj.hmax:
                return obj.hmax
        return None

    def _load_data(self):
        """Load the FMU (when its file or settings changed) and hand it to the solver as the
        routine of this Gse, before the model is compiled (Model._prepare_solver). A fresh
        analysis (the first simulate, or after reset) starts the FMU again."""
        if not self.path:
            raise self._error("path is not set: give the .fmu file")
        try:
            import fmpy  # noqa: F401  (optional dependency)
        except ImportError:
            raise self._error(_FMPY) from None
        from ._fmu_unit import FmuError, FmuUnit

        path = os.path.abspath(os.path.expanduser(self.path))
        if not os.path.isfile(path):
            raise self._error(f"the FMU file '{self.path}' does not exist")
        key = (path, os.path.getmtime(path), self.type, self.var_name, self.var_ic)
        key += (self._interval(),)
        unit = self.__dict__.get("_unit")
        try:
            if unit is None or self.__dict__.get("_unit_key") != key:
                if unit is not None:
                    unit.close()
                    self.__dict__["_unit"] = None
                unit = FmuUnit(path, self.type, self.var_name, self.var_ic, key[-1])
                self.__dict__["_unit"], self.__dict__["_unit_key"] = unit, key
                weakref.finalize(self, unit.close)
            model = self.__dict__.get("_model")
            if model is None or model._simulation is None or not unit.running:
                unit.restart()
        except FmuError as e:
            raise self._error(str(e)) from None
        self._link(unit)

    def _link(self, unit):
        """The Gse fields from the FMU: sizes, arrays, start values, routine."""
        inputs = len(self.u.variables) if self.u is not None else 0
        if inputs != len(unit.inputs):
            names = ", ".join(unit.inputs) or "none"
            raise self._error(
                f"its U array gives {inputs} inputs but the FMU has {len(unit.inputs)} ({names})"
            )
        if unit.outputs and self.y is None:
            raise self._error(
                f"the FMU has {len(unit.outputs)} outputs ({', '.join(unit.outputs)}) but the "
                "Y array (y) is not set"
            )
        me = unit.kind == "ME"
        self._ns = unit.states if me else 0
        self._no = len(unit.outputs)
        self._x = self.x if me else None
        self._ic = self.ic if me else None
        self._start = list(unit.start) if me else []
        self._function = ""
        if self.__dict__.get("_p_fmu_call") is not unit:
            self.__dict__["_p_fmu_call"] = unit
            # the solver holds a weak reference to self and finds the routine in its __dict__
            self._routine = _core.PythonRoutine(self, "_p_fmu_call", unit)
