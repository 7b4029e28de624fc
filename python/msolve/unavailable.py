"""Classes of MotionSolve's msolve reference that msolve does not have, and whose attributes
the copies of the reference read do not give (docs/msolve-attributes.md, the table at its
end): constructing one raises a ModelError that names the class and says what it is, so that
a script stops with a reason instead of a NameError. They take no attributes: what they
would accept is not known."""

from __future__ import annotations

from . import _core

# exported by msolve (msolve/__init__.py), apart from the entity classes
__all__ = ["Cforce", "SimulationEvent"]


class _Unavailable:
    #: what the class is in MotionSolve, and why msolve lacks it
    _what = ""

    def __init__(self, *args, **kwds):
        raise _core.ModelError(f"{type(self).__name__} is not supported by msolve: {self._what}")


class Cforce(_Unavailable):
    """MotionSolve's force of linear stiffness and damping between markers joined by
    higher-pair constraints; not in msolve."""

    _what = (
        "MotionSolve's compliant force between markers joined by higher-pair (curve and "
        "surface) constraints; its attributes are not documented in the reference msolve "
        "follows"
    )


class SimulationEvent(_Unavailable):
    """MotionSolve's sequence of analyses run by Model.runSimulationEvents; not in msolve."""

    _what = (
        "the events of Model.runSimulationEvents are not in msolve; call model.simulate() "
        "once per analysis instead (consecutive calls continue from the current state)"
    )
