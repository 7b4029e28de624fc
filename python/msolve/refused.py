"""Elements of MotionSolve's msolve interface that msolve knows but cannot simulate: the
modal flexible body ``FlexBody`` and its distributed load ``Mforce`` and the co-simulation
elements ``CoSim`` and ``ActivateCoSim``. (The Functional Mock-up Unit ``Fmu`` is simulated:
fmu.py; ``Gcon`` and ``Pforce`` are too: constraints.py, forces.py.)

Each class takes every attribute its reference page documents, checks their types and is
read from and written to datasets where the dataset format has an element for it; a model
holding an active one is refused when it is compiled (the first ``simulate``) with a
``ModelError`` naming the entity, what msolve does not do and why: the element carries
physics that the model would silently lose otherwise (a flexible body is never replaced by a
rigid one). docs/motionsolve-compatibility.md §9 lists them.
"""

from __future__ import annotations

from . import _core
from .base import SolverObject
from .bodies import Marker
from .properties import (
    Angles,
    Bool,
    Double,
    Function,
    Int,
    Ips,
    Location,
    Reference,
    Routine,
    Str,
)

# the public classes of this module, exported by msolve (msolve/__init__.py)
__all__ = ["ActivateCoSim", "CoSim", "FlexBody", "Mforce"]


class _Refused(SolverObject):
    """An element msolve accepts, stores and writes back, but refuses to simulate: the
    reason (``_refusal``) is the ModelError of the first simulate of a model holding an
    active one (``Model._prepare_solver``)."""

    #: what msolve does not do with the element, and why
    _refusal = ""
    #: why save_model cannot write it (no element, or one whose format msolve lacks)
    _unwritten = ""

    def _refuse(self):
        """The ModelError that stops the compile of a model holding this element."""
        return _core.ModelError(f"{self._describe()}: {self._refusal}")


def _no_effect(what):
    # every attribute of a refused element: the model holding it does not run
    return f"msolve refuses a model with a {what} at simulate"


# -- FlexBody ---------------------------------------------------------------------------

_FLEX = _no_effect("FlexBody")


class FlexBody(_Refused):
    """A linear (CMS, Craig-Bampton or Craig-Chang) flexible body whose mode shapes and
    modal mass and stiffness are in the H3D file ``h3d_file`` (or the matrix file
    ``mtx_file``). msolve cannot read those files, so it cannot simulate the body; it never
    replaces it by a rigid one. Markers sit on it with ``Marker(flex_body=..., node=...)``
    (or ``body=``)."""

    #: markers sit on it (Marker part=/body= keep it as their flex_body)
    _marker_host = True
    _unwritten = "cannot be written: msolve lacks the format of its element Body_Flexible"
    _refusal = (
        "flexible bodies are not supported by msolve: the body's mode shapes, modal mass "
        "and stiffness are in its H3D (or MTX) file, which msolve cannot read, and msolve "
        "does not replace a flexible body by a rigid one"
    )
    qg = Location([0.0, 0.0, 0.0], no_effect=_FLEX, doc="Origin of the body frame.")
    reuler = Angles([0.0, 0.0, 0.0], no_effect=_FLEX, doc="3-1-3 angles of the body frame.")
    mass = Double(0.0, minimum=0.0, no_effect=_FLEX, doc="Mass (the H3D file's by default).")
    cm = Location(no_effect=_FLEX, doc="Centre of mass in the body frame.")
    ip = Ips(no_effect=_FLEX, doc="Inertia about the centre of mass.")
    vx = Double(None, optional=True, no_effect=_FLEX)
    vy = Double(None, optional=True, no_effect=_FLEX)
    vz = Double(None, optional=True, no_effect=_FLEX)
    wx = Double(None, optional=True, no_effect=_FLEX)
    wy = Double(None, optional=True, no_effect=_FLEX)
    wz = Double(None, optional=True, no_effect=_FLEX)
    vm = Reference(Marker, no_effect=_FLEX, doc="Marker whose axes vx, vy, vz are in.")
    wm = Reference(Marker, no_effect=_FLEX, doc="Marker whose axes wx, wy, wz are in.")
    cratio = Function("DMPSUB", no_effect=_FLEX, doc="Modal damping ratio (or USER(...)).")
    routine = Routine(no_effect=_FLEX, doc="DMPSUB: the modal damping ratios.")
    script = Str(no_effect=_FLEX, doc="Python file holding the DMPSUB.")
    rigidified = Bool(False, no_effect=_FLEX, doc="The body moves as a rigid one.")
    mtx_file = Str(no_effect=_FLEX, doc="Matrix file of the modal data.")
    h3d_file = Str(no_effect=_FLEX, doc="H3D file of the modal data (CMS results).")

    def _refuse(self):
        source = self.h3d_file or self.mtx_file
        where = f" (its modal data is in '{source}')" if source else ""
        return _core.ModelError(f"{self._describe()}{where}: {self._refusal}")


_MFORCE = _no_effect("Mforce")


class Mforce(_Refused):
    """A distributed load on a FlexBody: the load case ``case_index`` of its H3D file
    scaled by the expression ``scale`` (or an MFOSUB giving the scale or the modal force).
    Refused at simulate, as the FlexBody it loads."""

    _unwritten = "cannot be written: msolve lacks the format of its element Force_FlexModal"
    _refusal = (
        "modal forces on flexible bodies are not supported by msolve: the load shapes are "
        "in the flexible body's H3D file, which msolve cannot read"
    )
    flex_body = Reference(FlexBody, no_effect=_MFORCE, doc="The flexible body loaded.")
    case_index = Int(0, no_effect=_MFORCE, doc="The load case of the H3D file.")
    scale = Function(no_effect=_MFORCE, doc="Scale factor of the load case (expression).")
    force = Function(no_effect=_MFORCE, doc="The modal force (expression).")
    function = Function("MFOSUB", no_effect=_MFORCE, doc="USER(...) for the MFOSUB.")
    routine = Routine(no_effect=_MFORCE, doc="MFOSUB: the scale or the modal force.")


# -- co-simulation ----------------------------------------------------------------------

_COSIM = _no_effect("co-simulation element")


class CoSim(_Refused):
    """A Leader/Follower co-simulation: the leading model (the one holding the CoSim)
    starts a second MotionSolve process running the model of ``file`` and exchanges the
    forces and motions of the markers ``i`` (leader) and ``j`` (follower) with it while
    both run (``bonding``: how they couple, COOPERATIVE by default)."""

    _unwritten = "cannot be written: msolve knows no dataset element for it"
    _refusal = (
        "co-simulation is not supported by msolve: the CoSim starts a follower solver "
        "process and exchanges the loads between its markers while both run; without the "
        "follower the leading model would run without those loads"
    )
    bonding = Str("COOPERATIVE", no_effect=_COSIM, doc="How the two models couple.")
    file = Str(no_effect=_COSIM, doc="The follower's model file.")
    i = Reference(Marker, no_effect=_COSIM, doc="The leader's marker.")
    j = Reference(Marker, no_effect=_COSIM, doc="The follower's marker.")


class ActivateCoSim(_Refused):
    """Co-simulation with Altair Activate (or Twin Activate): the model is the plant of an
    Activate diagram, its Pinput variables set by the diagram and its Poutput variables
    read by it, through the co-simulation library ``cosim_dll_name`` (at ``ip_address``:
    ``port`` or the named pipe ``pipe_name``). ``validateSelf``, ``sendBeforeMS`` and
    ``sendAfterMS`` are MotionSolve's hooks; here the model is refused at simulate."""

    _unwritten = "cannot be written: msolve knows no dataset element for it"
    _refusal = (
        "co-simulation with Activate is not supported by msolve: the plant inputs of the "
        "model are set by the Activate diagram while both run, which msolve cannot connect "
        "to; run the model standalone without the ActivateCoSim"
    )
    cosim_dll_name = Str(no_effect=_COSIM, doc="The co-simulation library.")
    cosim_ptr = Int(0, no_effect=_COSIM, doc="Handle of the co-simulation session.")
    ip_address = Str("localhost", no_effect=_COSIM, doc="Host of the Activate session.")
    pipe_name = Str(no_effect=_COSIM, doc="Named pipe to the Activate session.")
    port = Int(0, no_effect=_COSIM, doc="Port of the Activate session.")

    def validateSelf(self, validator):
        """MotionSolve's check of the required attributes: the co-simulation library."""
        if not self.cosim_dll_name:
            raise ValueError(f"{self._describe()}: attribute 'cosim_dll_name' is required")

    def sendBeforeMS(self):
        """Called before the solver starts in MotionSolve; here the model is refused."""
        raise self._refuse()

    def sendAfterMS(self):
        """Called after the solver ran, for the clean-up: nothing was started here."""
