"""Control and data elements, requests and sensors of a MotionSolve XML dataset:
``Reference_Variable``, ``Control_Diff``, ``Control_SISO``, ``Control_StateEqn``,
``Reference_Array``, ``Reference_Matrix``, ``Reference_Spline``, ``Post_Request``,
``Sensor_Event`` and ``Sensor_Evaluate``."""

from __future__ import annotations

import re

import numpy as np

from .xml_element import _INT, _keep, _marker, _show

_REQUEST_TYPES = {
    "MARKER_DISPLACEMENT": "DISPLACEMENT", "DISPLACEMENT": "DISPLACEMENT",
    "MARKER_VELOCITY": "VELOCITY", "VELOCITY": "VELOCITY",
    "MARKER_ACCELERATION": "ACCELERATION", "ACCELERATION": "ACCELERATION",
    "MARKER_FORCE": "FORCE", "FORCE": "FORCE", "EXPRESSION": "EXPRESSION",
    "USERSUB": "USERSUB", "ELEMENTAL_FORCE": None,
}


def _array(reader, el, attribute, entity, field, required=False):
    reader.link(el, attribute, "Array", lambda a: setattr(entity, field, a), required)


def _variable(reader, el):
    from .entities import Variable

    function, routine = reader.function_and_routine(el, "expr", "VARSUB")
    kwds = {"function": function, "routine": routine,
            "implicit": el.bool("is_implicit") if el.has("is_implicit") else None,
            "ic": el.real("ic")}
    reader.create(el, Variable, **kwds)
    el.finish()


def _diff(reader, el):
    from .entities import Diff

    function, routine = reader.function_and_routine(el, "expr", "DIFSUB")
    ic = el.real("ic", 0.0)
    ic_dot = el.real("ic_dot")
    reader.create(el, Diff, function=function, routine=routine,
                  implicit=el.bool("is_implicit"), static_hold=el.bool("is_static_hold"),
                  ic=[ic, ic_dot] if ic_dot is not None else ic)
    el.finish()


def _siso(reader, el):
    from .entities import Tfsiso

    numerator = el.reals_attr("numerator_coef", "num_numerator_coef", required=True)
    denominator = el.reals_attr("denominator_coef", "num_denominator_coef", required=True)
    siso = reader.create(el, Tfsiso, numerator=numerator, denominator=denominator,
                         static_hold=el.bool("is_static_hold"))
    for attribute, field in (("x_array_id", "x"), ("y_array_id", "y"), ("u_array_id", "u")):
        _array(reader, el, attribute, siso, field, required=True)
    el.finish()


def _state_eqn(reader, el):
    from .entities import Lse

    kind = el.text("type", "LINEAR").upper()
    if kind != "LINEAR":
        return _keep(reader, el, f"Control_StateEqn of type {kind} (Gse)")
    lse = reader.create(el, Lse, static_hold=el.bool("is_static_hold"))
    for attribute, field in (("x_array_id", "x"), ("y_array_id", "y"), ("u_array_id", "u"),
                             ("ic_array_id", "ic")):
        _array(reader, el, attribute, lse, field, required=field == "x")
    for name in "abcd":
        attribute = f"{name}_id" if el.has(f"{name}_id") else f"{name}_matrix_id"
        reader.link(el, attribute, "Matrix", lambda m, f=name: setattr(lse, f, m),
                    required=name == "a")
    el.finish()


def _array_element(reader, el):
    from .entities import Array

    kind = el.word("type", {w: w for w in ("X", "Y", "U", "IC")}, required=True)
    count = el.int("num_element", None, minimum=0)
    array = reader.create(el, Array, type=kind)
    if kind == "IC":
        array.numbers = el.reals_text("the numbers in the element text", count)
        array.size = len(array.numbers)
    elif kind == "U":
        text = el.text("variable_id") or el.node.text
        ids = []
        for token in (t for t in re.split(r"[\s,;]+", text.strip()) if t):
            if not _INT.fullmatch(token) or int(token) <= 0:
                raise el.error(f"the variable ids of a U array must be positive integers, got "
                               f"{_show(token)}")
            ids.append(int(token))
        if count is not None and count != len(ids):
            raise el.error(f"{len(ids)} variable ids given, but 'num_element' says {count}")
        array.size = len(ids)
        reader.links.append((el, "variable_id", "Variable", ids, _set_variables(array)))
    else:
        if el.node.text:
            raise el.error(f"an {kind} array holds no data in its text")
        array.size = count or 0
    el.finish()


def _set_variables(array):
    def setter(variables):
        array.variables = variables

    return setter


def _matrix(reader, el):
    from .entities import Matrix

    rows = el.int("nrow", required=True, minimum=1)
    columns = el.int("ncol", required=True, minimum=1)
    if el.bool("issparse"):
        count = el.int("nval", None, minimum=0)
        numbers = el.reals_text("the sparse triples (row column value)")
        if len(numbers) % 3:
            raise el.error("the sparse data must be triples: row column value")
        triples = [numbers[k:k + 3] for k in range(0, len(numbers), 3)]
        if count is not None and count != len(triples):
            raise el.error(f"{len(triples)} values given, but 'nval' says {count}")
        for r, c, _ in triples:
            if not (float(r).is_integer() and float(c).is_integer()):
                raise el.error("sparse row and column indices must be integers")
        kwds = {"sparse": True, "i": [int(t[0]) for t in triples],
                "j": [int(t[1]) for t in triples], "values": [t[2] for t in triples]}
    else:
        values = el.reals_text("the matrix values", rows * columns)
        kwds = {"values": values, "full": "RORDER" if el.bool("isroworder") else "CORDER"}
    reader.create(el, Matrix, rows=rows, columns=columns, **kwds)
    el.finish()


def _spline(reader, el):
    from .entities import Spline

    if el.has("file_name") or el.has("usrsub_dll_name") or el.has("script_name"):
        raise el.error("spline data read from a file or by a SPLINE_READ routine are not "
                       "available yet; give the data in the element text")
    linear = el.bool("linear_extrap")
    num_z = el.int("num_z", None, minimum=1)
    if num_z is None or (num_z == 1 and not el.has("num_x")):
        count = el.int("num_xy_pair", None, minimum=0)
        numbers = el.reals_text("the spline data (rows x y)",
                                None if count is None else 2 * count)
        if len(numbers) % 2:
            raise el.error("the spline data must be pairs: x y")
        kwds = {"x": numbers[0::2], "y": numbers[1::2]}
    else:
        num_x = el.int("num_x", required=True, minimum=1)
        numbers = el.reals_text("the spline data (z values, then rows x y(z1) y(z2) ...)",
                                num_z + num_x * (num_z + 1))
        z, rows = numbers[:num_z], numbers[num_z:]
        table = np.array(rows).reshape(num_x, num_z + 1)
        kwds = {"x": list(table[:, 0]), "z": z,
                "y": [list(table[:, 1 + k]) for k in range(num_z)]}
    reader.create(el, Spline, linear_extrapolate=linear, **kwds)
    el.finish()


def _request(reader, el):
    from .entities import Request

    kind = el.word("type", _REQUEST_TYPES, required=True)
    if kind is None:
        return _keep(reader, el, "Post_Request of type ELEMENTAL_FORCE")
    kwds = {}
    comment = el.text("comment")
    if comment:
        kwds["comment"] = comment
    param, routine = reader.routine(el, "REQSUB")
    if kind == "USERSUB" or routine is not None:
        if routine is None:
            raise el.error("type USERSUB needs 'script_name' or 'usrsub_dll_name'")
        kwds.update(type="EXPRESSION", function=param or "", routine=routine)
    elif kind == "EXPRESSION":
        kwds["type"] = "EXPRESSION"
        for k in range(1, 9):
            text = el.text(f"expr{k}")
            if text and text.upper() != "NULL":
                kwds[f"f{k}"] = text
    else:
        kwds["type"] = kind
    request = reader.create(el, Request, **kwds)
    if kind not in ("EXPRESSION", "USERSUB"):
        _marker(reader, el, "i_marker_id", request, "i")
        _marker(reader, el, "j_marker_id", request, "j", required=False)
        _marker(reader, el, "ref_marker_id", request, "rm", required=False)
    el.finish()


# -- sensors: parsed into plain attributes; mapped to Sensor when msolve has it -----------

_COMPARE = {"GE": "GE", "LT": "LE", "LE": "LE", "EQ": "EQ"}


def sensor_event_values(reader, el):
    """Every attribute of a Sensor_Event (MotionSolve's Sensor_Event page), converted: the
    dictionary that is kept, and from which the Sensor is made."""
    values = {"id": el.id(), "label": el.text("label"),
              "value": el.real("value", 0.0),
              "compare": el.word("compare", {k: k for k in ("GE", "LT", "LE", "EQ")},
                                 default="EQ"),
              "evaluate_id": el.id("evaluate_id", required=False),
              "error_tol": el.real("error_tol", 0.0, minimum=0.0),
              "dt": el.real("dt", minimum=0.0), "stepsize": el.real("stepsize", minimum=0.0),
              "zero_crossing": el.real("zero_crossing", minimum=0.0),
              "hmax": el.real("hmax", minimum=0.0)}
    for flag in ("halt", "print", "restart", "verbose", "return"):
        values[flag] = el.bool(flag)
    kind = el.word("type", {"EXPRESSION": "EXPRESSION", "USERSUB": "USERSUB"})
    param, routine = reader.routine(el, "SENSUB")
    if kind == "USERSUB" or routine is not None:
        if routine is None:
            raise el.error("type USERSUB needs 'script_name' or 'usrsub_dll_name'")
        values.update(type="USERSUB", function=param or "", routine=routine,
                      usrsub_fnc_name=el.text("usrsub_fnc_name") or "SENSUB")
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
    kwds = {"id": event["id"], "value": event["value"], "error": event["error_tol"],
            "operator": _COMPARE[event["compare"]], "function": event["function"],
            "halt": event["halt"], "print_": event["print"], "restart": event["restart"],
            "return_": event["return"]}
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


def _sensor_event(reader, el):
    values = sensor_event_values(reader, el)
    reader.events.append((el, values))


def _sensor_evaluate(reader, el):
    values = sensor_evaluate_values(reader, el)
    ident = values["id"]
    if ident in reader.evaluates:
        raise el.error(f"Sensor_Evaluate id {ident} is already used on line "
                       f"{reader.evaluates[ident][0].node.line}")
    reader.evaluates[ident] = (el, values)


def _make_sensors(reader):
    import msolve

    cls = getattr(msolve, "Sensor", None)
    for el, event in reader.events:
        evaluate = None
        if event["evaluate_id"] is not None:
            found = reader.evaluates.get(event["evaluate_id"])
            if found is None:
                raise el.error(f"attribute 'evaluate_id': no Sensor_Evaluate with id "
                               f"{event['evaluate_id']}")
            evaluate = found[1]
        if cls is None:
            reader.dataset.pending.append((el.node, {"event": event, "evaluate": evaluate}))
            el.warn("sensors are not available in msolve yet; the Sensor_Event was read "
                    "and kept (dataset.pending) but has no effect")
            continue
        try:
            cls(**sensor_keywords(event, evaluate))
        except (TypeError, ValueError) as e:
            raise el.error(str(e)) from None
    used = {e["evaluate_id"] for _, e in reader.events}
    for ident, (el, _values) in reader.evaluates.items():
        if ident not in used:
            el.warn("no Sensor_Event names this Sensor_Evaluate; it has no effect")

