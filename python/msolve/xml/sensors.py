"""Sensors of a MotionSolve XML dataset, read and written: ``Sensor_Event`` and
``Sensor_Evaluate`` (a Sensor's evaluate part). The elements are read into plain
attributes first (``sensor_event_values``, ``sensor_evaluate_values``) and made into
Sensors once all are read (``make_sensors``)."""

from __future__ import annotations

from ..sensors import Sensor
from .registry import reads, writes

_COMPARE = {"GE": "GE", "LT": "LE", "LE": "LE", "EQ": "EQ"}


# -- reading -------------------------------------------------------------------------------


def sensor_event_values(reader, el):
    """Every attribute of a Sensor_Event (MotionSolve's Sensor_Event page), converted: the
    dictionary that is kept, and from which the Sensor is made."""
    values = {
        "id": el.id(),
        "label": el.text("label"),
        "value": el.real("value", 0.0),
        "compare": el.word("compare", {k: k for k in ("GE", "LT", "LE", "EQ")}, default="EQ"),
        "evaluate_id": el.id("evaluate_id", required=False),
        "error_tol": el.real("error_tol", 0.0, minimum=0.0),
        "dt": el.real("dt", minimum=0.0),
        "stepsize": el.real("stepsize", minimum=0.0),
        "zero_crossing": el.real("zero_crossing", minimum=0.0),
        "hmax": el.real("hmax", minimum=0.0),
    }
    for flag in ("halt", "print", "restart", "verbose", "return"):
        values[flag] = el.bool(flag)
    kind = el.word("type", {"EXPRESSION": "EXPRESSION", "USERSUB": "USERSUB"})
    param, routine = reader.routine(el, "SENSUB")
    if kind == "USERSUB" or routine is not None:
        if routine is None:
            raise el.error("type USERSUB needs 'script_name' or 'usrsub_dll_name'")
        values.update(
            type="USERSUB",
            function=param or "",
            routine=routine,
            usrsub_fnc_name=el.text("usrsub_fnc_name") or "SENSUB",
        )
    else:
        expr = el.text("expr", required=True)
        values.update(type="EXPRESSION", function=expr, routine=None)
    el.finish()
    return values


def sensor_evaluate_values(reader, el):
    """The attributes of a Sensor_Evaluate, converted."""
    values = {"id": el.id(), "label": el.text("label")}
    function, routine = reader.function_and_routine(el, "expr", "SEVSUB")
    values.update(function=function, routine=routine)
    el.finish()
    return values


def sensor_keywords(event, evaluate):
    """The keyword arguments of msolve's ``Sensor`` for a Sensor_Event (and the
    Sensor_Evaluate it names): compare LT is Python's LE; error_tol is ``error``; the
    Sensor_Evaluate expression or routine becomes ``evaluate`` / ``evaluate_routine``."""
    kwds = {
        "id": event["id"],
        "value": event["value"],
        "error": event["error_tol"],
        "operator": _COMPARE[event["compare"]],
        "function": event["function"],
        "halt": event["halt"],
        "print_": event["print"],
        "restart": event["restart"],
        "return_": event["return"],
    }
    if event["label"]:
        kwds["label"] = event["label"]
    if event["routine"] is not None:
        kwds["routine"] = event["routine"]
    for name in ("dt", "stepsize", "zero_crossing", "hmax"):
        if event[name] is not None:
            kwds[name] = event[name]
    if evaluate is not None:
        if evaluate["routine"] is not None:
            kwds["evaluate"] = evaluate["function"]
            kwds["evaluate_routine"] = evaluate["routine"]
        else:
            kwds["evaluate"] = evaluate["function"]
    return kwds


@reads("Sensor_Event")
def read_sensor_event(reader, el):
    values = sensor_event_values(reader, el)
    reader.events.append((el, values))


@reads("Sensor_Evaluate")
def read_sensor_evaluate(reader, el):
    values = sensor_evaluate_values(reader, el)
    ident = values["id"]
    if ident in reader.evaluates:
        raise el.error(
            f"Sensor_Evaluate id {ident} is already used on line "
            f"{reader.evaluates[ident][0].node.line}"
        )
    reader.evaluates[ident] = (el, values)


def make_sensors(reader):
    for el, event in reader.events:
        evaluate = None
        if event["evaluate_id"] is not None:
            found = reader.evaluates.get(event["evaluate_id"])
            if found is None:
                raise el.error(
                    f"attribute 'evaluate_id': no Sensor_Evaluate with id {event['evaluate_id']}"
                )
            evaluate = found[1]
        try:
            Sensor(**sensor_keywords(event, evaluate))
        except (TypeError, ValueError) as e:
            raise el.error(str(e)) from None
    used = {e["evaluate_id"] for _, e in reader.events}
    for ident, (el, _values) in reader.evaluates.items():
        if ident not in used:
            el.warn("no Sensor_Event names this Sensor_Evaluate; it has no effect")


# -- writing -------------------------------------------------------------------------------


@writes(Sensor, section="sensors")
def write_sensor(w, s):
    # a Sensor -> Sensor_Event (+ Sensor_Evaluate of the same id)
    evaluate = s.evaluate or ""
    evaluate_routine = s.evaluate_routine
    if evaluate or evaluate_routine is not None:
        ev = w.add("Sensor_Evaluate", s)
        if evaluate_routine is not None:
            w.routine(ev, _RoutineView(s, evaluate_routine, evaluate), "SEVSUB")
        else:
            ev.set("type", "EXPRESSION").set("expr", evaluate)
    e = w.add("Sensor_Event", s)
    if s.routine is not None:
        w.routine(e, s, "SENSUB")
    else:
        e.set("type", "EXPRESSION").set("expr", s.function)
    e.set("value", s.value)
    e.set("compare", {"LE": "LT"}.get(s.operator, s.operator))
    e.set("error_tol", s.error)
    if evaluate or evaluate_routine is not None:
        e.set("evaluate_id", s.id)
    for name in ("dt", "stepsize", "zero_crossing", "hmax"):
        e.set(name, getattr(s, name))
    for attribute, name in (
        ("halt", "halt"),
        ("print", "print_"),
        ("restart", "restart"),
        ("return", "return_"),
    ):
        if getattr(s, name):
            e.set(attribute, True)


class _RoutineView:
    """The routine/function pair of a Sensor's evaluate part, for ``_Writer.routine``."""

    def __init__(self, owner, routine, function):
        self.routine, self.function, self._owner = routine, function, owner

    def _describe(self):
        return self._owner._describe()
