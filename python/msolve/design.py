"""Design and response variables (MotionSolve Dv, Rv): the elements of design sensitivity
analysis and optimisation.

A ``Dv`` is a named number: ``Dv(b=100, blimit=[90, 110])`` stands for b (``b * factor +
mean`` when scaled), and is accepted wherever a number is (``Part(mass=dv)``, arithmetic
``4/3 * math.pi * r**3 * rho``). Its arithmetic gives designable numbers, and attributes given
them keep their dependence: changing ``dv.b`` changes the model the next ``simulate``
compiles (msolve/designable.py). An ``Rv`` is a state r' = ``function`` (an expression, or
USER(...) with a routine called as a Diff's DIFSUB), r(0) = ``ic``: its results
(``run.getObject(rv)``, an RVResult) are ``RVAL``, ic plus the time integral of the function,
and ``RVAL1``, the function (docs/equations.md §4.6). The responses built on Rvs are in
msolve/responses.py, the design sensitivity analysis and the optimiser in msolve/optimizer.py.
"""

from __future__ import annotations

import numbers

from . import _core
from .base import SolverObject, _CoreEntity
from .designable import _Number, refresh
from .properties import Bool, Double, Doubles, Function, Routine

# the public classes of this module, exported by msolve (msolve/__init__.py)
__all__ = ["Dv", "Rv"]

_NO_SCALING = "the optimiser works on b itself (no automatic scaling)"


class Dv(_Number, SolverObject):
    """A design variable (MotionSolve Dv): the number ``b`` (``b * factor + mean`` when
    scaled), within ``blimit`` when given; usable wherever a number is. Arithmetic with it
    gives designable numbers, and the attributes given them follow ``b`` (designable.py);
    the optimiser (msolve/optimizer.py) varies ``b`` within ``blimit``."""

    b = Double(None, optional=True, doc="The value of the design variable (required to use it).")
    blimit = Doubles(count=2, doc="The lower and upper bound of b (the optimiser's bounds).")
    mean = Double(0.0, doc="Scaled value: b * factor + mean.")
    factor = Double(1.0, doc="Scaled value: b * factor + mean.")
    scaleBySen = Bool(True, doc="Scale by the objective's sensitivity.", no_effect=_NO_SCALING)
    values = Doubles(
        doc="Discrete values b may take in an optimisation.",
        no_effect="SLSQP varies b continuously within blimit",
    )
    sensitivity = Bool(True, doc="Compute the sensitivities to this Dv (DSA, optimiser).")

    def __init__(self, **kwds):
        # the attributes that depend on this Dv: id(object) -> (object, {attribute names})
        self.__dict__["_dependents"] = {}
        SolverObject.__init__(self, **kwds)

    def _property_changed(self, name):
        if name in ("b", "blimit"):
            self._check_limits()
        super()._property_changed(name)
        if name in ("b", "mean", "factor") and self.b is not None:
            refresh(self)

    def _dvs(self):
        return [self]

    def _check_limits(self):
        limits = self.blimit
        if self.b is None or not limits:
            return
        low, high = limits
        if low > high:
            raise ValueError(f"{self._describe()}: blimit must be [lower, upper], got {limits}")
        if not low <= self.b <= high:
            raise ValueError(f"{self._describe()}: b = {self.b} lies outside blimit {limits}")

    def __float__(self):
        if self.b is None:
            raise ValueError(f"{self._describe()}: b (the value of the design variable) is not set")
        return float(self.b) * self.factor + self.mean

    def __format__(self, spec):
        # formatted into text (an expression string), the number it stands for
        if self.b is None:
            return format(repr(self), spec)
        return format(float(self), spec)

    def __eq__(self, other):
        # equal to the number it stands for; to another entity (a Dv too) only itself, so
        # that lists of entities find and remove the right one
        if isinstance(other, numbers.Real) and not isinstance(other, _Number):
            return float(self) == float(other)
        return NotImplemented

    __hash__ = _Number.__hash__


numbers.Real.register(Dv)


class Rv(_CoreEntity, _core.RvSpec):
    """A response variable (MotionSolve Rv): a state r with r' = ``function`` and r(0) =
    ``ic``. ``run.getObject(rv)`` gives RVAL (ic plus the time integral of the function) and
    RVAL1 (the function) at every output. ``function`` is an expression, or USER(p1, ...)
    with ``routine`` called as ``routine(id, time, par, npar, dflag, iflag)`` (a Diff's
    DIFSUB form) returning the rate."""

    _core_type = _core.RvSpec
    ic = Double(0.0, field="_ic", doc="The value at the start.")
    function = Function(
        "GCOSUB",
        field="_function",
        doc="The rate: a MotionSolve expression, or USER(p1, ...) with a routine.",
    )
    routine = Routine(field="_routine", doc="A callable returning the rate.")

    def __init__(self, **kwds):
        _core.RvSpec.__init__(self)
        # statics holds the integral (r' = 0 would ask f = 0 of a state f does not read)
        self._static_hold = True
        SolverObject.__init__(self, **kwds)
