"""The responses of MotionSolve's optimisation toolkit: scalar measures of a run, built on
Rvs, that the design sensitivity analysis differentiates and the optimiser's objectives and
constraints are made of (docs/motionsolve-compatibility.md §9, docs/equations.md §4.7).

Each response creates the Rvs it integrates (r' = its integrand) in its model when its
attributes are complete; after a ``simulate`` its ``value`` is computed from the run's
results (``model.results``): an integral is the Rv's RVAL at the end less its start in
dynamics and kinematics (the integrator's accuracy), and the trapezoidal rule over the
outputs of its RVAL1 in statics and quasi-statics, where Rvs are held. Every value is
multiplied by ``scale`` and ``factor`` (the documented scaling of responses).
"""

from __future__ import annotations

import math
import numbers

import numpy as np

from .base import SolverObject
from .design import Dv, Rv
from .properties import Double, Function, Int, Property, Reference, Routine, Str

__all__ = [
    "RMS2",
    "DeviationSquared",
    "GenericResponse",
    "MaxVal",
    "MinVal",
    "ResponseExpression",
    "Slope2",
    "Slope2Deviation",
    "ValueAtG",
    "ValueAtTime",
]

# analyses that hold an Rv (its integral is taken over the outputs instead)
_HELD = ("STATICS", "STATIC", "QSTATICS", "QUASISTATICS", "QUASI_STATICS")
_NO_SMOOTHING = "the value is computed from the run's outputs without a smoothing window"


class XY(Property):
    """A curve given as (x, y) pairs: a list or tuple of pairs of numbers, x increasing."""

    annotation = list[tuple[float, float]]  # for signatures (msolve/signatures.py)

    def __init__(self, **kw):
        super().__init__(None, **kw)

    def convert(self, obj, value):
        if value is None:
            return None
        try:
            pairs = [tuple(float(v) for v in pair) for pair in value]
        except (TypeError, ValueError):
            raise self.error(obj, "must be a list of (x, y) pairs of numbers", value) from None
        if any(len(pair) != 2 for pair in pairs):
            raise self.error(obj, "must be a list of (x, y) pairs", value, ValueError)
        return pairs


class Items(Property):
    """A list of Dvs, responses or numbers (a single one is taken as a list of one)."""

    annotation = list  # for signatures (msolve/signatures.py)

    def __init__(self, **kw):
        super().__init__([], **kw)

    def convert(self, obj, value):
        if value is None:
            return []
        items = list(value) if isinstance(value, (list, tuple)) else [value]
        for item in items:
            ok = isinstance(item, (Dv, _Response)) or (
                isinstance(item, numbers.Real) and not isinstance(item, bool)
            )
            if not ok:
                raise self.error(obj, "must hold Dvs, responses or numbers", value)
        return items


class _Response(SolverObject):
    """A response: a number computed from a run (``value``), scaled by ``scale`` and
    ``factor``; ``sensitivity`` holds its derivatives with respect to the model's Dvs after
    a design sensitivity analysis (msolve/optimizer.py)."""

    scale = Double(1.0, doc="Multiplies the value.")
    factor = Double(1.0, doc="Multiplies the value (the documented scaling of responses).")

    def __init__(self, **kwds):
        self.__dict__["_rvs"] = []
        self.__dict__["sensitivity"] = None
        SolverObject.__init__(self, **kwds)
        self.__dict__["_ready"] = True
        self._sync()

    def _property_changed(self, name):
        super()._property_changed(name)
        if self.__dict__.get("_ready") and name not in ("scale", "factor", "label", "name"):
            self._sync()

    # -- the Rvs --------------------------------------------------------------------------

    def _integrands(self):
        """The functions of the Rvs this response integrates (empty until complete)."""
        return []

    def _sync(self):
        functions = self._integrands()
        rvs = self._rvs
        while len(rvs) > len(functions):
            rvs.pop().active = False
        for k, function in enumerate(functions):
            if k < len(rvs):
                rvs[k].active = True
                if rvs[k].function != function:
                    rvs[k].function = function
            else:
                rvs.append(Rv(function=function, label=f"{self._describe()} [{k}]"))

    # -- the value ------------------------------------------------------------------------

    @property
    def value(self):
        """The response's value in the model's last run, scaled."""
        return self._raw() * self.scale * self.factor

    def _raw(self):
        raise NotImplementedError

    def _require(self, *names):
        for name in names:
            if getattr(self, name) in (None, "", []):
                raise ValueError(f"{self._describe()}: attribute '{name}' is not set")

    def _run(self):
        model = self.__dict__.get("_model")
        results = getattr(model, "results", None) if model is not None else None
        if results is None:
            raise ValueError(f"{self._describe()}: no analysis has run; call simulate first")
        return model, results

    def _samples(self, k):
        """(times, RVAL, RVAL1) of the k-th Rv over the last run."""
        _, results = self._run()
        got = results.getObject(self._rvs[k])
        return results.times, got.getComponent("RVAL"), got.getComponent("RVAL1")

    def _integral(self, k):
        """The integral of the k-th integrand over the last run."""
        model, _ = self._run()
        times, rval, rate = self._samples(k)
        held = model._runs and str(model._runs[-1]["type"]).upper() in _HELD
        if held:
            # one output (a static equilibrium) weighs as a unit: ValueAtTime and ValueAtG
            # give the value there
            return float(np.trapezoid(rate, times)) if len(times) > 1 else float(rate[0])
        return float(rval[-1] - rval[0])


def _hat(x, at, delta):
    """MotionSolve's triangular window of ValueAtTime and ValueAtG: 1 at ``at``, 0 beyond
    ``at`` +- ``delta``, made of two STEPs."""
    return (
        f"(STEP({x}, {at - delta!r}, 0, {at!r}, 1) + STEP({x}, {at!r}, 1, {at + delta!r}, 0) - 1)"
    )


class RMS2(_Response):
    """The squared difference between a measured signal f(t) and a target curve g(t)
    integrated over the run: integral (f - g)^2 dt, g the Akima spline through
    ``targetValue`` ((time, value) pairs). The reference gives the formula as an image; its
    guide writes the response as the integral of the difference, and its PID example calls
    an RMS2 against zero "Integral(acceleration**2, time)"."""

    targetValue = XY(doc="The target curve: (time, value) pairs.")
    measuredValue = Function(doc="The measured signal: a MotionSolve expression.")

    def _integrands(self):
        if not self.measuredValue or not self.targetValue:
            return []
        from .controls import Spline

        pairs = self.targetValue
        spline = self.__dict__.get("_spline")
        x, y = [p[0] for p in pairs], [p[1] for p in pairs]
        if spline is None:
            spline = Spline(x=x, y=y, label=f"{self._describe()} target")
            self.__dict__["_spline"] = spline
        elif list(spline.x) != x or list(spline.y) != y:
            spline.x, spline.y = x, y
        return [f"(({self.measuredValue}) - AKISPL(TIME, 0, {spline.id}))**2"]

    def _raw(self):
        self._require("measuredValue", "targetValue")
        return self._integral(0)


class ValueAtTime(_Response):
    """The value of ``measuredValue`` at ``atTime``: its mean over the triangular window of
    half-width ``delta`` around atTime, integral f w dt / integral w dt."""

    atTime = Double(None, optional=True, doc="The time of the value.")
    measuredValue = Function(doc="The signal: a MotionSolve expression.")
    delta = Double(1.0e-3, doc="The half-width of the window around atTime.")

    def _integrands(self):
        if not self.measuredValue or self.atTime is None or self.delta <= 0:
            return []
        window = _hat("TIME", self.atTime, self.delta)
        return [f"({self.measuredValue}) * {window}", window]

    def _raw(self):
        self._require("measuredValue", "atTime")
        return _ratio(self)


def _ratio(response):
    weight = response._integral(1)
    if weight <= 0:
        raise ValueError(f"{response._describe()}: the run never reached the window")
    return response._integral(0) / weight


class ValueAtG(_Response):
    """The value of ``fsignal`` where ``gsignal`` equals ``gvalue``: the mean of f over the
    triangular window of half-width ``delta`` around gvalue in g."""

    fsignal = Function(doc="The signal whose value is wanted.")
    gsignal = Function(doc="The signal that picks the instant.")
    gvalue = Double(0.0, doc="The value of gsignal at that instant.")
    delta = Double(1.0e-3, doc="The half-width of the window around gvalue.")

    def _integrands(self):
        if not self.fsignal or not self.gsignal or self.delta <= 0:
            return []
        window = _hat(f"({self.gsignal})", self.gvalue, self.delta)
        return [f"({self.fsignal}) * {window}", window]

    def _raw(self):
        self._require("fsignal", "gsignal")
        return _ratio(self)


class DeviationSquared(_Response):
    """The squared deviation of a response from ``targetValue``: 1/2 (1 - s/target)^2, or
    1/2 (s - target)^2 when the target is 0."""

    measuredValue = Reference(
        lambda: _Response, doc="The response (a ValueAtTime) whose deviation is measured."
    )
    signal = Reference(lambda: _Response, doc="The same as measuredValue.")
    targetValue = Double(0.0, doc="The target value.")

    def _raw(self):
        source = self.measuredValue or self.signal
        if source is None:
            raise ValueError(f"{self._describe()}: attribute 'measuredValue' is not set")
        s, target = source.value, self.targetValue
        if abs(target) > _EPS:
            return 0.5 * (1.0 - s / target) ** 2
        return 0.5 * (s - target) ** 2


_EPS = 1.0e-12


class GenericResponse(_Response):
    """A response that is an Rv: ic plus the integral of ``function`` over the run."""

    function = Function("GCOSUB", doc="The rate: an expression, or USER(...) with routine.")
    ic = Double(0.0, doc="The value at the start.")
    routine = Routine(doc="A callable returning the rate (a Diff's DIFSUB form).")

    def _integrands(self):
        return [self.function] if self.function else []

    def _sync(self):
        super()._sync()
        for rv in self._rvs:
            rv.ic, rv.routine = self.ic, self.routine

    def _raw(self):
        self._require("function")
        return self.ic + self._integral(0)


class ResponseExpression(_Response):
    """The value of ``function``, a Python arithmetic expression of ``symbols`` that stand
    for ``variables`` (Dvs, responses or numbers); ``math``'s functions may be used."""

    function = Str(doc="The expression of the symbols, e.g. '1 - kp**2 - ki**2'.")
    symbols = Str([], count=0, doc="The names the expression uses.")
    variables = Items(doc="What each symbol stands for: Dvs, responses or numbers.")

    def _raw(self):
        self._require("function")
        names = [str(s) for s in self.symbols]
        if len(names) != len(self.variables):
            raise ValueError(
                f"{self._describe()}: {len(names)} symbols for {len(self.variables)} variables"
            )
        values = {
            name: v.value if isinstance(v, _Response) else float(v)
            for name, v in zip(names, self.variables)
        }
        scope = {k: getattr(math, k) for k in dir(math) if not k.startswith("_")}
        scope.update(abs=abs, min=min, max=max)
        try:
            return float(eval(self.function, {"__builtins__": {}}, {**scope, **values}))
        except Exception as e:
            raise ValueError(f"{self._describe()}: function {self.function!r}: {e}") from None


class MaxVal(_Response):
    """The smooth (alpha-soft) maximum of ``function`` over the run: integral f e^(a f) dt /
    integral e^(a f) dt with a = ``coef`` (default 10), over the outputs."""

    function = Function("GCOSUB", doc="The signal: an expression, or USER(...) with routine.")
    routine = Routine(doc="A callable returning the signal (a Diff's DIFSUB form).")
    coef = Double(10.0, doc="The sharpness a of the alpha-soft maximum (a > 0).")
    wlen = Int(0, doc="A smoothing window length.", no_effect=_NO_SMOOTHING)
    k = Int(0, doc="A smoothing order.", no_effect=_NO_SMOOTHING)
    _sign = 1.0

    def _integrands(self):
        return [self.function] if self.function else []

    def _sync(self):
        super()._sync()
        for rv in self._rvs:
            rv.routine = self.routine

    def _raw(self):
        self._require("function")
        times, _, f = self._samples(0)
        a = self._sign * abs(self.coef)
        if len(times) < 2:
            return float(f[-1])
        # shifted by the extreme so that the exponentials cannot overflow
        weight = np.exp(a * (f - (f.max() if a > 0 else f.min())))
        return float(np.trapezoid(f * weight, times) / np.trapezoid(weight, times))


class MinVal(MaxVal):
    """The smooth (alpha-soft) minimum of ``function`` over the run: as MaxVal with the
    negative sharpness -|coef|."""

    _sign = -1.0


class Slope2(_Response):
    """The slope dy/dx of ``numerator`` y over ``denominator`` x at ``time``:
    (y(t2) - y(t1)) / (x(t2) - x(t1)), t1,2 = time -+ delta, the signals read at the outputs
    (interpolated linearly between them); or with ``points`` = (y2, x2, y1, x1), four
    responses (ValueAtTime), (y2 - y1) / (x2 - x1)."""

    numerator = Function(doc="y: a MotionSolve expression.")
    denominator = Function(doc="x: a MotionSolve expression.")
    time = Double(None, optional=True, doc="The time of the slope.")
    delta = Double(1.0e-3, doc="The half-width of the difference.")
    interval = Double(0.0, doc="An averaging interval.", no_effect=_NO_SMOOTHING)
    points = Items(doc="(y2, x2, y1, x1): four responses giving the two points.")

    def _integrands(self):
        if not self.numerator or not self.denominator:
            return []
        return [self.numerator, self.denominator]

    def _slope(self):
        if self.points:
            if len(self.points) != 4:
                raise ValueError(f"{self._describe()}: points must be (y2, x2, y1, x1)")
            y2, x2, y1, x1 = (p.value if isinstance(p, _Response) else p for p in self.points)
        else:
            self._require("numerator", "denominator", "time")
            times, _, y = self._samples(0)
            x = self._samples(1)[2]
            t1, t2 = self.time - self.delta, self.time + self.delta
            if t1 < times[0] - 1e-12 or t2 > times[-1] + 1e-12:
                raise ValueError(
                    f"{self._describe()}: time -+ delta [{t1}, {t2}] lies outside the run "
                    f"[{times[0]}, {times[-1]}]"
                )
            y1, y2 = np.interp([t1, t2], times, y)
            x1, x2 = np.interp([t1, t2], times, x)
        if x2 == x1:
            raise ValueError(f"{self._describe()}: the denominator does not change")
        return float((y2 - y1) / (x2 - x1))

    def _raw(self):
        return self._slope()


class Slope2Deviation(Slope2):
    """The squared relative deviation of the slope m (as Slope2) from ``targetValue``:
    (1 - m / target)^2, or m^2 when the target is 0."""

    targetValue = Double(0.0, doc="The target slope.")

    def _raw(self):
        m, target = self._slope(), self.targetValue
        return (1.0 - m / target) ** 2 if abs(target) > _EPS else m**2
