"""Design and response variables (MotionSolve Dv, Rv): the elements of design sensitivity
analysis and optimisation.

A ``Dv`` is a named number: ``Dv(b=100, blimit=[90, 110])`` stands for b (``b * factor +
mean`` when scaled), and is accepted wherever a number is (``Part(mass=dv)``, arithmetic
``4/3 * math.pi * r**3 * rho``), taking its value at the time of use. An ``Rv`` is a state
r' = ``function`` (an expression, or USER(...) with a routine called as a Diff's DIFSUB),
r(0) = ``ic``: its results (``run.getObject(rv)``, an RVResult) are ``RVAL``, ic plus the time
integral of the function, and ``RVAL1``, the function (docs/equations.md §4.6). msolve has no
design sensitivity analysis (DSA) and no optimiser: what only they read is accepted without
effect (msolve/notices.py).
"""

from __future__ import annotations

import math
import numbers
import operator

from . import _core
from .base import SolverObject, _CoreEntity
from .properties import Bool, Double, Doubles, Function, Routine

# the public classes of this module, exported by msolve (msolve/__init__.py)
__all__ = ["Dv", "Rv"]

_NO_DSA = "msolve has no design sensitivity analysis or optimiser"


class _Number:
    """The arithmetic of a number whose value is ``float(self)``: the result of every
    operation is a plain float (the value at the time of the operation)."""

    def __float__(self):
        raise NotImplementedError

    def __int__(self):
        return int(float(self))

    def __index__(self):
        value = float(self)
        if not value.is_integer():
            raise TypeError(f"{self!r} is not an integer")
        return int(value)

    def __round__(self, ndigits=None):
        return round(float(self), ndigits)

    def __trunc__(self):
        return math.trunc(float(self))

    def __floor__(self):
        return math.floor(float(self))

    def __ceil__(self):
        return math.ceil(float(self))

    def __neg__(self):
        return -float(self)

    def __pos__(self):
        return float(self)

    def __abs__(self):
        return abs(float(self))

    def __hash__(self):
        return id(self)


def _binary(op):
    def forward(self, other):
        if isinstance(other, (numbers.Real, _Number)):
            return op(float(self), float(other))
        return NotImplemented

    def backward(self, other):
        if isinstance(other, numbers.Real):
            return op(float(other), float(self))
        return NotImplemented

    return forward, backward


for _name, _op in (
    ("add", operator.add),
    ("sub", operator.sub),
    ("mul", operator.mul),
    ("truediv", operator.truediv),
    ("floordiv", operator.floordiv),
    ("mod", operator.mod),
    ("pow", operator.pow),
):
    _forward, _backward = _binary(_op)
    setattr(_Number, f"__{_name}__", _forward)
    setattr(_Number, f"__r{_name}__", _backward)

for _name, _op in (
    ("lt", operator.lt),
    ("le", operator.le),
    ("gt", operator.gt),
    ("ge", operator.ge),
):
    setattr(_Number, f"__{_name}__", _binary(_op)[0])


class Dv(_Number, SolverObject):
    """A design variable (MotionSolve Dv): the number ``b`` (``b * factor + mean`` when
    scaled), within ``blimit`` when given; usable wherever a number is (it gives its value
    when used). Only DSA and the optimiser would change it, and msolve has neither."""

    b = Double(None, optional=True, doc="The value of the design variable (required to use it).")
    blimit = Doubles(count=2, doc="The lower and upper bound of b.", no_effect=_NO_DSA)
    mean = Double(0.0, doc="Scaled value: b * factor + mean.")
    factor = Double(1.0, doc="Scaled value: b * factor + mean.")
    scaleBySen = Bool(True, doc="Scale by the objective's sensitivity.", no_effect=_NO_DSA)

    def _property_changed(self, name):
        if name in ("b", "blimit"):
            self._check_limits()
        super()._property_changed(name)

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
