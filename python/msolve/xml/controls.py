"""Control and data elements of a MotionSolve XML dataset, read and written:
``Reference_Variable``, ``Control_Diff``, ``Control_SISO``, ``Control_StateEqn``,
``Reference_Array``, ``Reference_Matrix``, ``Reference_Spline`` and ``Reference_ParamCurve``."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

from ..controls import Array, Curve, Diff, Gse, Lse, Matrix, Spline, Surface, Tfsiso, Variable
from .element import _INT, _num, _show
from .registry import reads, writes

# -- reading -------------------------------------------------------------------------------


def _link_array(reader, el, attribute, entity, field, required=False):
    reader.link(el, attribute, "Array", lambda a: setattr(entity, field, a), required)


@reads("Reference_Variable")
def read_variable(reader, el):
    function, routine = reader.function_and_routine(el, "expr", "VARSUB")
    kwds = {
        "function": function,
        "routine": routine,
        "implicit": el.bool("is_implicit") if el.has("is_implicit") else None,
        "ic": el.real("ic"),
    }
    reader.create(el, Variable, **kwds)
    el.finish()


@reads("Control_Diff")
def read_diff(reader, el):
    function, routine = reader.function_and_routine(el, "expr", "DIFSUB")
    ic = el.real("ic", 0.0)
    ic_dot = el.real("ic_dot")
    reader.create(
        el,
        Diff,
        function=function,
        routine=routine,
        implicit=el.bool("is_implicit"),
        static_hold=el.bool("is_static_hold"),
        ic=[ic, ic_dot] if ic_dot is not None else ic,
    )
    el.finish()


@reads("Control_SISO")
def read_siso(reader, el):
    numerator = el.reals_attr("numerator_coef", "num_numerator_coef", required=True)
    denominator = el.reals_attr("denominator_coef", "num_denominator_coef", required=True)
    siso = reader.create(
        el,
        Tfsiso,
        numerator=numerator,
        denominator=denominator,
        static_hold=el.bool("is_static_hold"),
    )
    for attribute, field in (("x_array_id", "x"), ("y_array_id", "y"), ("u_array_id", "u")):
        _link_array(reader, el, attribute, siso, field, required=True)
    el.finish()


@reads("Control_StateEqn")
def read_state_eqn(reader, el):
    kind = el.word("type", {"LINEAR": "LINEAR", "USERSUB": "USERSUB"}, "LINEAR")
    if kind == "USERSUB":
        return read_gse(reader, el)
    lse = reader.create(el, Lse, static_hold=el.bool("is_static_hold"))
    for attribute, field in (
        ("x_array_id", "x"),
        ("y_array_id", "y"),
        ("u_array_id", "u"),
        ("ic_array_id", "ic"),
    ):
        _link_array(reader, el, attribute, lse, field, required=field == "x")
    for name in "abcd":
        attribute = f"{name}_id" if el.has(f"{name}_id") else f"{name}_matrix_id"
        reader.link(
            el, attribute, "Matrix", lambda m, f=name: setattr(lse, f, m), required=name == "a"
        )
    el.finish()


def read_gse(reader, el):
    """A USERSUB Control_StateEqn: a Gse and its GSESUB."""
    param, routine = reader.routine(el, "GSESUB")
    if routine is None:
        raise el.error("type USERSUB needs 'script_name' or 'usrsub_dll_name'")
    gse = reader.create(
        el,
        Gse,
        ns=el.int("num_state", 0, minimum=0),
        no=el.int("num_output", 0, minimum=0),
        static_hold=el.bool("is_static_hold"),
        implicit=el.bool("is_implicit"),
        function=param or "",
        routine=routine,
    )
    for attribute, field in (
        ("x_solver_array_id", "x"),
        ("y_solver_array_id", "y"),
        ("u_solver_array_id", "u"),
        ("ic_solver_array_id", "ic"),
    ):
        if el.int(attribute) != 0:  # 0: none, as MotionView writes it
            _link_array(reader, el, attribute, gse, field)
    el.finish()


@reads("Reference_Array")
def read_array(reader, el):
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
                raise el.error(
                    f"the variable ids of a U array must be positive integers, got {_show(token)}"
                )
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


@reads("Reference_Matrix")
def read_matrix(reader, el):
    rows = el.int("nrow", required=True, minimum=1)
    columns = el.int("ncol", required=True, minimum=1)
    if el.bool("issparse"):
        count = el.int("nval", None, minimum=0)
        numbers = el.reals_text("the sparse triples (row column value)")
        if len(numbers) % 3:
            raise el.error("the sparse data must be triples: row column value")
        triples = [numbers[k : k + 3] for k in range(0, len(numbers), 3)]
        if count is not None and count != len(triples):
            raise el.error(f"{len(triples)} values given, but 'nval' says {count}")
        for r, c, _ in triples:
            if not (float(r).is_integer() and float(c).is_integer()):
                raise el.error("sparse row and column indices must be integers")
        kwds = {
            "sparse": True,
            "i": [int(t[0]) for t in triples],
            "j": [int(t[1]) for t in triples],
            "values": [t[2] for t in triples],
        }
    else:
        values = el.reals_text("the matrix values", rows * columns)
        kwds = {"values": values, "full": "RORDER" if el.bool("isroworder") else "CORDER"}
    reader.create(el, Matrix, rows=rows, columns=columns, **kwds)
    el.finish()


@reads("Reference_Spline")
def read_spline(reader, el):
    # data read by a SPLINE_READ routine at simulate (Spline._load_data), or in the text
    function, routine = reader.routine(el, "SPLINE_READ")
    user = {"file": el.text("file_name"), "block": el.text("block_name")}
    if routine is not None:
        user["routine"] = routine
        if function and function.replace(" ", "").upper() != "USER()":
            user["function"] = function
        script = el.text("script_name")
        if script:  # kept to write the dataset back
            user["script"] = str(
                Path(script) if Path(script).is_absolute() else reader.path.parent / script
            )
        if not (el.node.text or "").strip():
            reader.create(el, Spline, linear_extrapolate=el.bool("linear_extrap"), **user)
            el.finish()
            return
    linear = el.bool("linear_extrap")
    num_z = el.int("num_z", None, minimum=1)
    if num_z is None or (num_z == 1 and not el.has("num_x")):
        count = el.int("num_xy_pair", None, minimum=0)
        numbers = el.reals_text("the spline data (rows x y)", None if count is None else 2 * count)
        if len(numbers) % 2:
            raise el.error("the spline data must be pairs: x y")
        kwds = {"x": numbers[0::2], "y": numbers[1::2]}
    else:
        num_x = el.int("num_x", required=True, minimum=1)
        numbers = el.reals_text(
            "the spline data (z values, then rows x y(z1) y(z2) ...)", num_z + num_x * (num_z + 1)
        )
        z, rows = numbers[:num_z], numbers[num_z:]
        table = np.array(rows).reshape(num_x, num_z + 1)
        kwds = {"x": list(table[:, 0]), "z": z, "y": [list(table[:, 1 + k]) for k in range(num_z)]}
    reader.create(el, Spline, linear_extrapolate=linear, **kwds, **user)
    el.finish()


@reads("Reference_ParamCurve")
def read_param_curve(reader, el):
    """Reference_ParamCurve: the points (matrix_id or rows x y z in the text), or a CURSUB
    routine (usrsub_param_string with usrsub_dll_name or script_name) whose parameter runs
    from u_start to u_end."""
    param, routine = reader.routine(el, "CURSUB")
    if el.bool("quintic"):
        el.warn("quintic = TRUE: msolve fits the curve with cubics (docs/equations.md §11)")
    kwds = {
        "closed": el.bool("is_u_closed"),
        "curve_points": el.bool("is_curve_points"),
        "minpar": el.real("u_start", -1.0),
        "maxpar": el.real("u_end", 1.0),
    }
    if routine is not None:
        kwds.update(function=param or "USER()", routine=routine)
    elif not el.has("matrix_id"):
        numbers = el.reals_text("the curve points (rows x y z)")
        if len(numbers) % 3:
            raise el.error("the curve points must be triples: x y z")
        kwds["xyz"] = numbers
    curve = reader.create(el, Curve, **kwds)
    reader.link(el, "matrix_id", "Matrix", lambda m: setattr(curve, "matrix", m))
    el.finish()


@reads("Reference_ParamSurface")
def read_param_surface(reader, el):
    """Reference_ParamSurface: a SURSUB routine (usrsub_param_string with usrsub_dll_name or
    script_name) whose parameters run from u_start to u_end and v_start to v_end."""
    param, routine = reader.routine(el, "SURSUB")
    if routine is None:
        raise el.error(
            "a parametric surface needs its SURSUB routine: 'usrsub_param_string' with "
            "'script_name' (interpreter=\"PYTHON\") or 'usrsub_dll_name'"
        )
    el.word("type", {"USERSUB": "USERSUB"})
    reader.create(
        el,
        Surface,
        uclosed=el.bool("is_u_closed"),
        vclosed=el.bool("is_v_closed"),
        minpar=[el.real("u_start", -1.0), el.real("v_start", -1.0)],
        maxpar=[el.real("u_end", 1.0), el.real("v_end", 1.0)],
        function=param or "USER()",
        routine=routine,
    )
    el.finish()


# -- writing -------------------------------------------------------------------------------


@writes(Variable, section="data")
def write_variable(w, v):
    e = w.add("Reference_Variable", v)
    w.expression_or_routine(e, v, "expr", "VARSUB")
    if v.implicit:
        e.set("is_implicit", True)
    e.set("ic", v.ic)


@writes(Diff, section="controls")
def write_diff(w, d):
    e = w.add("Control_Diff", d)
    w.expression_or_routine(e, d, "expr", "DIFSUB")
    e.set("is_implicit", d.implicit)
    ic = d.ic
    if isinstance(ic, list):
        e.set("ic", ic[0])
        if len(ic) > 1:
            e.set("ic_dot", ic[1])
    else:
        e.set("ic", ic)
    e.set("is_static_hold", d.static_hold)


@writes(Array, section="data")
def write_array(w, a):
    e = w.add("Reference_Array", a)
    e.set("type", a.type)
    if a.type == "IC":
        e.set("num_element", len(a.numbers))
        e.text = [" ".join(_num(v) for v in a.numbers)] if a.numbers else None
    elif a.type == "U":
        e.set("num_element", len(a.variables))
        e.text = [" ".join(str(v.id) for v in a.variables)] if a.variables else None
    else:
        e.set("num_element", a.size)


@writes(Matrix, section="data")
def write_matrix(w, m):
    e = w.add("Reference_Matrix", m)
    e.set("nrow", m.rows).set("ncol", m.columns)
    if m.sparse:
        e.set("issparse", True).set("nval", len(m.values))
        e.text = [f"{r} {c} {_num(v)}" for r, c, v in zip(m.i, m.j, m.values)]
    else:
        e.set("isroworder", m.full == "RORDER")
        e.text = [" ".join(_num(v) for v in m.values)]


@writes(Tfsiso, section="controls")
def write_tfsiso(w, t):
    e = w.add("Control_SISO", t)
    e.set("x_array_id", w.need(t, "x")).set("y_array_id", w.need(t, "y"))
    e.set("u_array_id", w.need(t, "u"))
    e.set("num_numerator_coef", len(t.numerator))
    e.set("numerator_coef", " ".join(_num(v) for v in t.numerator))
    e.set("num_denominator_coef", len(t.denominator))
    e.set("denominator_coef", " ".join(_num(v) for v in t.denominator))
    e.set("is_static_hold", t.static_hold)


@writes(Lse, section="controls")
def write_lse(w, s):
    e = w.add("Control_StateEqn", s)
    e.set("type", "LINEAR")
    for attribute, field in (
        ("x_array_id", "x"),
        ("u_array_id", "u"),
        ("y_array_id", "y"),
        ("ic_array_id", "ic"),
        ("a_matrix_id", "a"),
        ("b_matrix_id", "b"),
        ("c_matrix_id", "c"),
        ("d_matrix_id", "d"),
    ):
        e.set(attribute, w.ref(s, field))
    e.set("is_static_hold", s.static_hold)


@writes(Gse, section="controls")
def write_gse(w, g):
    e = w.add("Control_StateEqn", g)
    w.routine(e, g, "GSESUB")
    for attribute, field in (
        ("x_solver_array_id", "x"),
        ("y_solver_array_id", "y"),
        ("u_solver_array_id", "u"),
        ("ic_solver_array_id", "ic"),
    ):
        e.set(attribute, w.ref(g, field))
    e.set("num_state", g.ns).set("num_output", g.no)
    e.set("is_static_hold", g.static_hold).set("is_implicit", g.implicit)


@writes(Spline, section="data")
def write_spline(w, s):
    e = w.add("Reference_Spline", s)
    e.set("linear_extrap", s.linear_extrapolate)
    if s.routine is not None or s.script:
        _write_spline_read(w, e, s)
    x, y, z = list(s.x), list(s.y), list(s.z)
    if not z:
        e.set("num_xy_pair", len(x))
        e.text = [f"{_num(a)} {_num(b)}" for a, b in zip(x, y)]
        return
    n = len(x)
    if len(y) != n * len(z):
        raise w.fail(
            s,
            f"a surface of {len(z)} curves of {n} points needs {n * len(z)} y values, got {len(y)}",
        )
    e.set("num_x", n).set("num_z", len(z))
    rows = [" ".join(_num(v) for v in z)]
    for k in range(n):
        rows.append(" ".join([_num(x[k])] + [_num(y[c * n + k]) for c in range(len(z))]))
    e.text = rows


def _write_spline_read(w, e, s):
    """The SPLINE_READ routine of a Spline, its file and block."""
    e.set("file_name", s.file or None).set("block_name", s.block or None)
    if not s.script:
        w.routine(e, s, "SPLINE_READ", typed=False)
        return
    routine = s.routine
    name = routine if isinstance(routine, str) else getattr(routine, "__name__", None)
    user = s.function if s.function not in ("", "SPLINE_READ") else "USER()"
    e.set("usrsub_param_string", user).set("interpreter", "PYTHON")
    e.set("script_name", w.relative(Path(s.script).expanduser()))
    e.set("usrsub_fnc_name", name or "SPLINE_READ")


@writes(Curve, section="data")
def write_param_curve(w, c):
    e = w.add("Reference_ParamCurve", c)
    e.set("is_u_closed", c.closed).set("is_curve_points", c.curve_points)
    e.set("u_start", c.minpar).set("u_end", c.maxpar)
    if c.routine is not None:
        w.routine(e, c, "CURSUB", typed=False)
    elif c.matrix is not None:
        e.set("matrix_id", c.matrix.id)
    else:
        e.text = [" ".join(_num(v) for v in point) for point in c.xyz]


@writes(Surface, section="data")
def write_param_surface(w, s):
    e = w.add("Reference_ParamSurface", s)
    e.set("is_u_closed", s.uclosed).set("is_v_closed", s.vclosed)
    e.set("u_start", s.minpar[0]).set("u_end", s.maxpar[0])
    e.set("v_start", s.minpar[1]).set("v_end", s.maxpar[1])
    if s.routine is None:
        raise w.fail(s, "has no routine (SURSUB), the only way a dataset defines a surface")
    w.routine(e, s, "SURSUB")
