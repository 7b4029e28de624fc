"""Outputs: Request (time histories of displacements, velocities, accelerations, forces
or expressions) and the output settings Output, H3dOutput and Debug (accepted; what they
ask for msolve does not produce, docs/msolve-attributes.md)."""

from __future__ import annotations

from . import _core
from .base import SolverObject, _CoreEntity
from .bodies import Marker
from .properties import (
    Bool,
    Double,
    Enum,
    ExpressionSlot,
    Function,
    Reference,
    References,
    Routine,
    Str,
)

# the public classes of this module, exported by msolve (msolve/__init__.py)
__all__ = ["Debug", "H3dOutput", "Output", "Request"]

_NAMES = "msolve's results carry no units or labels; the components keep their names"


class _Names(Str):
    """Text for the 8 components of a request: one string, or a list of up to 8 strings
    (exports give ``['MAG', 'X', 'Y', 'Z', '', 'PSI', 'THETA', 'PHI']``)."""

    def __init__(self, doc, no_effect=_NAMES):
        super().__init__("", doc=doc, no_effect=no_effect)

    def convert(self, obj, value):
        if value is None:
            return ""
        if isinstance(value, str):
            return value
        if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
            if len(value) > 8:
                raise self.error(
                    obj, "has at most 8 entries (one per component)", value, ValueError
                )
            return list(value)
        raise self.error(obj, "must be a string or a list of up to 8 strings", value)


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
    function = Function(
        "REQSUB", field="_function", doc="USER(p1, ...): the parameters of the routine."
    )
    routine = Routine(
        field="_routine",
        doc="REQSUB: a callable (id, time, par, npar, iflag) returning the 8 components.",
    )
    cnames = _Names(
        doc="Names of the 8 components: getComponent accepts them besides the standard names.",
        no_effect=None,
    )
    cunits = _Names(doc="Units of the 8 components.")
    clabels = _Names(doc="Labels of the 8 components.")
    variables = References(
        "Variable",
        no_effect="a request's components are its type's or f1..f8; list the variables in "
        "f1..f8 with VARVAL(id)",
    )

    def _property_changed(self, name):
        # a request given only expressions is an EXPRESSION request
        if name == "type":
            self.__dict__["_type_given"] = True
        elif name in self._slots and not self.__dict__.get("_type_given"):
            self._type = "EXPRESSION"
        super()._property_changed(name)


_FILES = "msolve keeps the results in memory and writes <output>.log and <output>.csv"


class Output(SolverObject):
    """Output settings. ``reqsave``: the requests are kept in the results (always, in
    msolve). MotionSolve's file and format settings are accepted and reported without
    effect: msolve writes ``<output>.log`` and ``<output>.csv`` (``Model(output=...)``)."""

    reqsave = Bool(
        True,
        no_effect="msolve keeps every request in the results",
        doc="Keep the requests in the results (msolve always does).",
    )
    mrf_file = Bool(True, no_effect=_FILES)
    abf_file = Bool(True, no_effect=_FILES)
    plt_file = Bool(False, no_effect=_FILES)
    h3d_file = Bool(True, no_effect=_FILES)
    angle_type = Enum("YPR EULER_ANGLES", "EULER_ANGLES", no_effect=_FILES)
    abf_unique_time = Enum("FIRST LAST ALL", "LAST", no_effect=_FILES)
    plt_unique_time = Enum("FIRST LAST ALL", "LAST", no_effect=_FILES)
    req_angle_radians = Bool(
        False, no_effect="request angles (PSI THETA PHI, AX ...) are always in radians"
    )
    req_comment_only = Bool(False, no_effect=_FILES)
    capture_max_pd = Bool(False, no_effect=_FILES)
    dzero = Double(None, optional=True, no_effect="results are written as computed")
    vzero = Double(None, optional=True, no_effect="results are written as computed")
    azero = Double(None, optional=True, no_effect="results are written as computed")
    fzero = Double(None, optional=True, no_effect="results are written as computed")


_H3D = "msolve writes no H3D animation file"


class H3dOutput(SolverObject):
    """Settings of MotionSolve's H3D animation file: accepted, reported without effect."""

    save = Bool(True, no_effect=_H3D)
    linear_anim = Bool(False, no_effect=_H3D)
    format_type = Str("MODAL", no_effect=_H3D)
    stress_format = Str("TENSOR", no_effect=_H3D)
    strain_format = Str("TENSOR", no_effect=_H3D)
    capture_max_pd = Bool(True, no_effect=_H3D)


class Debug(SolverObject):
    """MotionSolve's debug output: accepted, reported without effect (msolve's messages
    are in ``run.messages`` and the ``.log`` file)."""

    anim = Bool(False, no_effect="msolve writes no animation of the iterations")
    eprint = Bool(False, no_effect="msolve's log has no per-step solver trace")
    screen_output = Bool(False, no_effect="msolve prints its messages always")
    verbose = Bool(False, no_effect="msolve's log has one level of detail")
