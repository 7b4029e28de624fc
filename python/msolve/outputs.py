"""Outputs: Request (time histories of displacements, velocities, accelerations, forces
or expressions) and Output (settings)."""

from __future__ import annotations

from . import _core
from .base import SolverObject, _CoreEntity
from .bodies import Marker
from .properties import Bool, Enum, ExpressionSlot, Reference, Routine, Str

# the public classes of this module, exported by msolve (msolve/__init__.py)
__all__ = ["Output", "Request"]


def _request_function(slot):
    return ExpressionSlot("_f", slot, f"Expression of component F{slot + 1} (EXPRESSION requests).")


class Request(_CoreEntity, _core.RequestSpec):
    """Output of marker ``i`` relative to marker ``j`` (ground when unset), resolved in
    ``rm`` (ground when unset). Components by type:

    * DISPLACEMENT: MAG X Y Z (slot 4 unused) PSI THETA PHI
    * VELOCITY: VM VX VY VZ WM WX WY WZ
    * ACCELERATION: ACCM ACCX ACCY ACCZ WDTM WDTX WDTY WDTZ
    * FORCE: FM FX FY FZ TM TX TY TZ (reactions of the joints connecting i and j, on i's
      part, at i)
    * EXPRESSION: F1..F8, the expressions ``f1``..``f8`` (giving any of them makes the
      request an EXPRESSION request unless ``type`` is given)
    """

    _core_type = _core.RequestSpec
    _slots = ("f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8")
    type = Enum(
        "DISPLACEMENT VELOCITY ACCELERATION FORCE EXPRESSION", "DISPLACEMENT", field="_type"
    )
    i = Reference(Marker, field="_i")
    j = Reference(Marker, field="_j")
    rm = Reference(Marker, field="_rm")
    comment = Str(field="_comment")
    results_name = Str()
    f1 = _request_function(0)
    f2 = _request_function(1)
    f3 = _request_function(2)
    f4 = _request_function(3)
    f5 = _request_function(4)
    f6 = _request_function(5)
    f7 = _request_function(6)
    f8 = _request_function(7)
    function = Str(field="_function", doc="USER(p1, ...): the parameters of the routine.")
    routine = Routine(
        field="_routine",
        doc="REQSUB: a callable (id, time, par, npar, iflag) returning the 8 components.",
    )

    def _property_changed(self, name):
        # a request given only expressions is an EXPRESSION request
        if name == "type":
            self.__dict__["_type_given"] = True
        elif name in self._slots and not self.__dict__.get("_type_given"):
            self._type = "EXPRESSION"
        super()._property_changed(name)


class Output(SolverObject):
    """Output settings. Accepted for compatibility; results are always kept in memory."""

    reqsave = Bool(True)

    def __init__(self, **kwds):
        # the other output settings of MotionSolve are accepted and ignored
        known = {k: v for k, v in kwds.items() if k in self._properties()}
        super().__init__(**known)
