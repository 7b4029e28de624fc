"""Sensor: events that act on the analysis (MotionSolve Sensor / Sensor_Event)."""

from __future__ import annotations

from . import _core
from .base import _CoreEntity
from .properties import Bool, Double, Enum, Function, Int, Routine

# the public classes of this module, exported by msolve (msolve/__init__.py)
__all__ = ["Sensor"]


class _Compare(Enum):
    """The XML spelling of ``operator``: GE, LT (the LE band) or EQ; LE is accepted too."""

    def __init__(self):
        super().__init__("GE LT LE EQ", "EQ", doc="XML name of operator: GE, LT or EQ.")

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return {"LE": "LT"}.get(obj._compare, obj._compare)

    def __set__(self, obj, value):
        obj.operator = {"LT": "LE"}.get(self.convert(obj, value), self.convert(obj, value))


class Sensor(_CoreEntity, _core.SensorSpec):
    """An event sensor: it watches a sensed value f and acts when its test becomes true.

    The sensed value is the expression ``function`` (``sensor_function`` is an alias), e.g.
    ``"DZ(2)"``, or the value of a Python ``routine(id, time, par, npar, iflag)`` (SENSUB;
    ``function="USER(p1, ...)"`` then gives ``par``). The test compares f with ``value``
    within ``error`` according to ``operator``:

    * ``"GE"``: f >= value - error
    * ``"LE"`` (XML ``compare="LT"``): f <= value + error
    * ``"EQ"`` (the default): abs(f - value) <= error; with error 0, every crossing of value

    The integrator finds where the test becomes true (its root finding, on accepted steps
    only) and the actions happen at that time, each time the sensor goes from inactive to
    active; a test that already holds at the start of the analysis does not fire there.

    Actions:

    * ``halt``: end the analysis; the results say which sensor stopped it and when (the
      last output is at the event), and a later ``simulate`` is refused until
      ``model.reset()``.
    * ``return_``: end the current ``simulate`` at the event; the next ``simulate``
      continues from there.
    * ``print_``: an output record at the event time.
    * ``dt``: the output interval from the event on (outputs at the event time plus
      multiples of dt).
    * ``hmax``: the largest integration step from the event on (to the end of the analysis
      unless another sensor changes it); ``stepsize``: the largest next step.
    * ``restart``: restart the integrator at the event (order 1, history discarded).
    * ``zero_crossing`` (a fraction, typically 0.01 to 0.001): on first meeting the event,
      go back to the last converged step and integrate again with the largest step (and the
      Integrator's hmin) multiplied by this fraction until the event is met again, then
      fire and restore the step limits: the time and state at the event come from small
      steps without a small step elsewhere.
    * ``evaluate`` (an expression, or ``USER(...)`` with ``evaluate_routine``, SEVSUB) is
      computed at each firing; ``SENVAL(id)`` returns it (0 before the first firing) in
      expressions and routines, under ``evaluate_id`` when given, else this sensor's id.

    The integrator restarts at the event for ``restart``, ``dt``, ``hmax``, ``stepsize``
    and ``evaluate`` (IDA cannot cut a step it has taken, and SENVAL may change the
    equations). Every firing is listed in ``run.events``; the log (``run.messages``) reports
    a sensor's first firing, or every firing with ``verbose=True``.

    XML names are accepted as well: ``compare`` (GE, LT, EQ), ``error_tol``, ``print``,
    ``return``, ``evaluate_id``, ``verbose``.
    """

    _core_type = _core.SensorSpec
    _aliases = {
        "sensor_function": "function",
        "error_tol": "error",
        "print": "print_",
        "return": "return_",
    }
    value = Double(0.0, field="_value", doc="The threshold.")
    error = Double(0.0, minimum=0.0, field="_error", doc="Tolerance of the test (>= 0).")
    operator = Enum("LE EQ GE", "EQ", field="_compare", doc="The test: LE, EQ or GE.")
    compare = _Compare()
    function = Function(
        "SENSUB",
        field="_function",
        doc="The sensed value: an expression, or USER(p1, ...) with a routine.",
    )
    routine = Routine(
        field="_routine", doc="SENSUB: a callable (id, time, par, npar, iflag) returning f."
    )
    evaluate = Function(
        "SEVSUB",
        field="_evaluate",
        doc="Value stored at each firing for SENVAL: an expression, or USER(p1, ...).",
    )
    evaluate_routine = Routine(
        field="_evaluate_routine",
        doc="SEVSUB: a callable (id, time, par, npar, iflag) returning the stored value.",
    )
    evaluate_id = Int(
        None,
        optional=True,
        field="_evaluate_id",
        doc="The id SENVAL reads the stored value under (default: this sensor's id).",
    )
    halt = Bool(False, field="_halt", doc="End the analysis at the event.")
    return_ = Bool(False, field="_return", doc="End the current simulate at the event.")
    restart = Bool(False, field="_restart", doc="Restart the integrator at the event.")
    print_ = Bool(False, field="_print", doc="Write an output record at the event.")
    verbose = Bool(False, field="_verbose", doc="Log every firing, not only the first.")
    dt = Double(
        None, optional=True, minimum=0.0, field="_dt", doc="New output interval from the event on."
    )
    hmax = Double(
        None,
        optional=True,
        minimum=0.0,
        field="_hmax",
        doc="Largest integration step from the event on.",
    )
    stepsize = Double(
        None,
        optional=True,
        minimum=0.0,
        field="_stepsize",
        doc="Largest next integration step after the event.",
    )
    zero_crossing = Double(
        None,
        optional=True,
        minimum=0.0,
        field="_zero_crossing",
        doc="Refine the event with steps this fraction of the largest.",
    )

    @property
    def sensor_function(self):
        """Alias of ``function``."""
        return self.function

    @sensor_function.setter
    def sensor_function(self, value):
        self.function = value
