"""Write msolve models as MotionSolve XML datasets: ``model.save_model(path)``.

The dataset holds a ``<Model>`` block with one element per entity, in the form
``msolve.xml_reader`` reads (see its table), and a ``<Command>`` block with one
``<Simulate>`` per ``simulate`` call made so far (or the one given to ``save_model``),
then ``<Stop/>``. Numbers are written with all their digits, so that reading the dataset
back gives the same model.

* Markers are written in global coordinates with their direction cosines; a part whose
  frame is not the global frame gets an extra marker, its local part reference frame
  (``lprf_id``), with the next free marker id.
* Python routines are written as ``script_name`` (the file of the module that defines the
  function) and ``usrsub_fnc_name``; the function must be defined at the top level of a
  module other than the main script. Compiled routines (``"lib::fn"``) are written as
  ``usrsub_dll_name`` and ``usrsub_fnc_name``.
* Composites are written as the entities they are made of; Output has no element.
* Inactive entities are left out (with a warning).
"""

from __future__ import annotations

import inspect
import os
import sys
import warnings
from pathlib import Path
from xml.sax.saxutils import escape

import numpy as np

from . import xml_frames

_JOINT_NAMES = {"CONVEL": "CONSTANT_VELOCITY", "RACKPIN": "RACK_PINION"}
_REQUEST_NAMES = {"DISPLACEMENT": "MARKER_DISPLACEMENT", "VELOCITY": "MARKER_VELOCITY",
                  "ACCELERATION": "MARKER_ACCELERATION", "FORCE": "MARKER_FORCE"}
_VAL_TYPES = {"DISPLACEMENT": "D", "VELOCITY": "V", "ACCELERATION": "A"}
_ANALYSIS_NAMES = {"DYNAMICS": "Transient", "DYNAMIC": "Transient", "TRANSIENT": "Transient",
                   "KINEMATICS": "Kinematic", "KINEMATIC": "Kinematic",
                   "STATICS": "Static", "STATIC": "Static"}


class DatasetWriteError(ValueError):
    """The model holds something that a dataset cannot express; names the entity."""


def save_model(model, path, simulate=None):
    """Write ``model`` to the dataset ``path``. ``simulate`` (a dict of ``simulate``
    arguments: type, end or duration, dtout or steps) gives the Simulate command; without
    it the simulate calls made so far are written."""
    path = Path(path)
    writer = _Writer(model, path)
    text = writer.write(simulate)
    path.write_text(text, encoding="utf-8")
    return path


def _num(value):
    value = float(value)
    if not np.isfinite(value):
        raise ValueError(f"not a finite number: {value}")
    return repr(value)


class _Element:
    def __init__(self, tag, entity=None):
        self.tag = tag
        self.entity = entity
        self.attrs = []
        self.text = None

    def set(self, name, value):
        if value is None:
            return self
        if isinstance(value, bool):
            value = "TRUE" if value else "FALSE"
        elif isinstance(value, (int, np.integer)):
            value = str(int(value))
        elif isinstance(value, (float, np.floating)):
            value = _num(value)
        self.attrs.append((name, str(value)))
        return self

    def render(self, indent):
        pad = " " * indent
        lines = [f"{pad}<{self.tag}"]
        for name, value in self.attrs:
            quoted = escape(value, {'"': "&quot;", "\n": "&#10;", "\r": "&#13;", "\t": "&#9;"})
            lines.append(f'{pad}   {name}="{quoted}"')
        if self.text is None:
            lines[-1] += "/>"
        else:
            lines[-1] += ">"
            for row in self.text:
                lines.append(f"{pad}   {escape(row)}")
            lines.append(f"{pad}</{self.tag}>")
        return "\n".join(lines)


class _Writer:
    def __init__(self, model, path):
        self.model = model
        self.path = path
        self.elements = []
        self.frames = {}
        self.extra_markers = []  # ids given to the lprf markers of part frames

    def fail(self, entity, message):
        return DatasetWriteError(f"save_model: {entity._describe()}: {message}")

    # -- driver ------------------------------------------------------------------------

    def write(self, simulate):
        from .composite import Composite

        entities = []
        for obj in self.model._entities:
            if isinstance(obj, Composite):
                continue
            if "active" in obj._properties() and not obj.active:
                warnings.warn(f"save_model: {obj._describe()} is inactive and was left out",
                              stacklevel=4)
                continue
            entities.append(obj)
        groups = {}
        for obj in entities:
            name = _family(obj)
            if name not in _WRITERS and name != "Output":
                raise self.fail(obj, "cannot be written to a dataset yet")
            groups.setdefault(name, []).append(obj)
        for name, function in _WRITERS.items():
            for obj in groups.get(name, []):
                function(self, obj)
        runs = [simulate] if simulate is not None else list(getattr(self.model, "_runs", []))
        return self.render(runs)

    def render(self, runs):
        out = ['<?xml version="1.0" encoding="UTF-8"?>',
               "<!-- written by msolve (Model.save_model) -->",
               "<MSolveModel>", " <Model>"]
        out += [e.render(2) for e in self.elements]
        out.append(" </Model>")
        out.append(" <Command>")
        for run in runs:
            out.append(_simulate_element(run).render(2))
        out.append("  <Stop/>")
        out.append(" </Command>")
        out.append("</MSolveModel>")
        return "\n".join(out) + "\n"

    def add(self, tag, entity=None):
        element = _Element(tag, entity)
        if entity is not None:
            element.set("id", entity.id)
            if entity.label:
                element.set("label", entity.label)
        self.elements.append(element)
        return element

    def ref(self, entity, obj, name):
        """The id of the entity in attribute ``name`` of ``obj`` (None when unset)."""
        target = getattr(obj, name)
        return None if target is None else target.id

    def need(self, obj, name):
        target = getattr(obj, name)
        if target is None:
            raise self.fail(obj, f"'{name}' is not set")
        return target.id

    # -- user routines ----------------------------------------------------------------

    def routine(self, element, obj, default_name, typed=True):
        """USERSUB attributes for the routine of ``obj`` (its ``function`` holds USER(...));
        ``typed=False`` for elements whose ``type`` says something else (forces)."""
        routine = obj.routine
        if typed:
            element.set("type", "USERSUB")
        element.set("usrsub_param_string", obj.function or "USER()")
        if isinstance(routine, str):
            library, _, name = routine.partition("::")
            element.set("usrsub_dll_name", library)
            element.set("usrsub_fnc_name", name or default_name)
            return
        name = getattr(routine, "__name__", None)
        module = sys.modules.get(getattr(routine, "__module__", None) or "")
        if inspect.ismethod(routine) or module is None or getattr(module, name or "", None) \
                is not routine:
            raise self.fail(obj, f"its routine {routine!r} is not a function defined at the "
                            "top level of a module, so a dataset cannot name it")
        if module.__name__ == "__main__":
            raise self.fail(obj, "its routine is defined in the main script; move it to a "
                            "module of its own so that the dataset can name that file")
        source = inspect.getsourcefile(routine)
        if source is None:
            raise self.fail(obj, f"the source file of its routine {name} is unknown")
        element.set("script_name", _relative(Path(source), self.path.parent))
        element.set("interpreter", "PYTHON")
        element.set("usrsub_fnc_name", name)


def _relative(target, start):
    try:
        return os.path.relpath(target.resolve(), start.resolve())
    except ValueError:
        return str(target.resolve())


def _family(obj):
    for klass in type(obj).__mro__:
        if klass.__module__.startswith("msolve.") and klass.__name__ in _WRITERS:
            return klass.__name__
        if klass.__name__ == "Output" and klass.__module__.startswith("msolve."):
            return "Output"
    return type(obj).__name__


def _simulate_element(run):
    element = _Element("Simulate")
    kind = str(run.get("type", "TRANSIENT")).upper()
    element.set("analysis_type", _ANALYSIS_NAMES.get(kind, kind.title()))
    if run.get("end") is not None:
        element.set("end_time", float(run["end"]))
    if run.get("duration") is not None:
        element.set("duration", float(run["duration"]))
    if run.get("steps") is not None:
        element.set("num_steps", int(run["steps"]))
    elif run.get("dtout") is not None:
        element.set("print_interval", float(run["dtout"]))
    return element


# -- one function per entity class --------------------------------------------------------


def _units(w, u):
    e = w.add("Param_Unit")
    if u.ucf is not None:
        e.set("mass_mult_factor", 1.0 / u.ucf)
    e.set("force_unit", u.force).set("mass_unit", u.mass)
    e.set("length_unit", u.length).set("time_unit", u.time)


def _accgrav(w, g):
    e = w.add("Force_Gravity")
    for attribute, value in (("grav_x", g.igrav), ("grav_y", g.jgrav), ("grav_z", g.kgrav)):
        e.set(attribute, value)


def _integrator(w, i):
    e = w.add("Param_Transient")
    e.set("integrator_type", i.type)
    e.set("integr_tol", i.error).set("h_max", i.hmax).set("h_min", i.hmin)
    e.set("h0_max", i.hinit).set("max_order", i.kmax).set("dae_corrector_maxit", i.maxit)
    if i.interpolate:
        e.set("dae_interpolation", True)


def _part(w, p):
    model = w.model
    markers = [m for m in model._entities if _family(m) == "Marker" and m.part is p
               and m.active]
    try:
        origin, rot = xml_frames.part_frame(p)
    except ValueError as e:
        raise w.fail(p, str(e)) from None
    w.frames[id(p)] = (origin, rot)
    # a part frame other than the global frame, or a mass centre at the part origin (no cm
    # marker), needs a marker of its own: the next free marker id
    frame_marker = None
    if not p.ground and (not xml_frames.is_identity(origin, rot) or p.cm is None):
        used = [m.id for m in model._entities if _family(m) == "Marker"]
        frame_marker = max(used + w.extra_markers, default=0) + 1
        w.extra_markers.append(frame_marker)
    e = w.add("Body_Rigid", p)
    if p.ground:
        e.set("isground", True)
    else:
        e.set("mass", p.mass)
        for name, value in zip(("inertia_xx", "inertia_yy", "inertia_zz", "inertia_xy",
                                "inertia_xz", "inertia_yz"), p.ip):
            e.set(name, value)
        e.set("cg_id", p.cm.id if p.cm is not None else frame_marker)
        if p.im is not None and p.im is not p.cm:
            e.set("im_id", p.im.id)
        if not xml_frames.is_identity(origin, rot):
            e.set("lprf_id", frame_marker)
        for prefix, names in (("v_ic", ("vx", "vy", "vz")), ("w_ic", ("wx", "wy", "wz"))):
            for axis, name in zip("xyz", names):
                value = getattr(p, name)
                if value is not None:
                    e.set(f"{prefix}_{axis}", value).set(f"{prefix}_{axis}_flag", True)
    if frame_marker is not None:
        _marker_element(w, None, frame_marker, f"frame of {p._describe()}", p, origin, rot)
    for m in markers:
        try:
            position, axes = xml_frames.marker_global(m, w.frames)
        except ValueError as error:
            raise w.fail(m, str(error)) from None
        _marker_element(w, m, m.id, m.label, p, position, axes)


def _marker_element(w, marker, ident, label, part, position, axes):
    e = w.add("Reference_Marker")
    e.set("id", ident)
    if label:
        e.set("label", label)
    e.set("body_id", part.id)
    for name, value in zip(("pos_x", "pos_y", "pos_z"), position):
        e.set(name, value)
    for c in range(3):
        for r in range(3):
            e.set(f"a{r}{c}", axes[r, c])


def _marker(w, m):
    if m.part is None:
        raise w.fail(m, "has no part")
    # written with its part


def _joint(w, j):
    e = w.add("Constraint_Joint", j)
    e.set("type", _JOINT_NAMES.get(j.type, j.type))
    e.set("i_marker_id", w.need(j, "i")).set("j_marker_id", w.need(j, "j"))
    if j.type == "SCREW" or j.pitch:
        e.set("pitch", j.pitch)
    if j.type == "RACKPIN" or j.pd:
        e.set("pitch_diameter", j.pd)


def _jprim(w, j):
    e = w.add("Constraint_Joint", j)
    e.set("type", "SPHERICAL" if j.type == "ATPOINT" else j.type)
    e.set("i_marker_id", w.need(j, "i")).set("j_marker_id", w.need(j, "j"))


def _coupler(w, c):
    if len(c.joints) not in (2, 3) or any(j is None for j in c.joints):
        raise w.fail(c, "'joints' must hold two or three joints")
    e = w.add("Constraint_Coupler", c)
    for k, joint in enumerate(c.joints):
        e.set(f"joint{k + 1}_id", joint.id)
        if k < len(c.type):
            e.set(f"freedom_{k + 1}", c.type[k])
    e.set("coefficients", ", ".join(_num(s) for s in c.scales[: len(c.joints)]))


def _gear(w, g):
    if len(g.joints) != 2 or any(j is None for j in g.joints):
        raise w.fail(g, "'joints' must hold two joints")
    e = w.add("Constraint_Gear", g)
    e.set("joint1_id", g.joints[0].id).set("joint2_id", g.joints[1].id)
    e.set("cv_marker_id", w.need(g, "cv"))


def _expression_or_routine(w, e, obj, attribute, default_name):
    if obj.routine is not None:
        w.routine(e, obj, default_name)
    else:
        e.set("type", "EXPRESSION")
        e.set(attribute, obj.function)


def _motion(w, m):
    if m.joint is not None:
        e = w.add("Motion_Joint", m)
        e.set("joint_id", m.joint.id)
        e.set("motion_type", "R" if m.jtype == "ROTATION" else "T")
    else:
        e = w.add("Motion_Marker", m)
        e.set("i_marker_id", w.need(m, "i")).set("j_marker_id", w.need(m, "j"))
        if m.direction is None:
            raise w.fail(m, "needs 'joint' or 'direction'")
        e.set("direction", m.direction)
    e.set("val_type", _VAL_TYPES[m.dtype])
    e.set("ic_disp", m.icdisp).set("ic_vel", m.icvel)
    _expression_or_routine(w, e, m, "expr", "MOTSUB")


def _sforce(w, f):
    e = w.add("Force_Scalar_TwoBody", f)
    e.set("i_marker_id", w.need(f, "i")).set("j_marker_id", w.need(f, "j"))
    e.set("type", "FORCE" if f.type == "TRANSLATION" else "TORQUE")
    if f.routine is not None:
        w.routine(e, f, "SFOSUB", typed=False)
    else:
        e.set("val_expression", f.function)
    e.set("is_action_only", f.actiononly)


def _spring_damper(w, s):
    e = w.add("Force_SpringDamper", s)
    e.set("i_marker_id", w.need(s, "i")).set("j_marker_id", w.need(s, "j"))
    if s.type == "TRANSLATION":
        e.set("type", "TRANSLATIONAL").set("stiffness", s.k).set("damping", s.c)
        e.set("length", s.length).set("preload", s.force)
    else:
        e.set("type", "ROTATIONAL").set("stiffness", s.kt).set("damping", s.ct)
        e.set("length", s.angle).set("preload", s.torque)


def _bushing(w, b):
    e = w.add("Force_Bushing", b)
    e.set("i_marker_id", w.need(b, "i")).set("j_marker_id", w.need(b, "j"))
    for fmt, values in (("k{}", b.k), ("kt{}", b.kt), ("c{}", b.c), ("ct{}", b.ct),
                        ("preload_{}", b.force), ("preload_t{}", b.torque)):
        for axis, value in zip("xyz", values):
            e.set(fmt.format(axis), value)


def _vector_force(w, f):
    kind = _family(f)
    e = w.add("Force_Vector_TwoBody", f)
    e.set("type", {"Vforce": "ForceOnly", "Vtorque": "TorqueOnly",
                   "Gforce": "ForceAndTorque"}[kind])
    e.set("i_marker_id", w.need(f, "i")).set("j_floating_marker_id", w.need(f, "jfloat"))
    e.set("ref_marker_id", w.ref(f, f, "rm"))
    if f.routine is not None:
        w.routine(e, f, {"Vforce": "VFOSUB", "Vtorque": "VTOSUB", "Gforce": "GFOSUB"}[kind],
                  typed=False)
        return
    slots = {"Vforce": ("fx", "fy", "fz"), "Vtorque": ("tx", "ty", "tz"),
             "Gforce": ("fx", "fy", "fz", "tx", "ty", "tz")}[kind]
    for slot in slots:
        e.set(f"{slot}_expression", getattr(f, slot) or "0")


def _variable(w, v):
    e = w.add("Reference_Variable", v)
    _expression_or_routine(w, e, v, "expr", "VARSUB")
    if v.implicit:
        e.set("is_implicit", True)
    e.set("ic", v.ic)


def _diff(w, d):
    e = w.add("Control_Diff", d)
    _expression_or_routine(w, e, d, "expr", "DIFSUB")
    e.set("is_implicit", d.implicit)
    ic = d.ic
    if isinstance(ic, list):
        e.set("ic", ic[0])
        if len(ic) > 1:
            e.set("ic_dot", ic[1])
    else:
        e.set("ic", ic)
    e.set("is_static_hold", d.static_hold)


def _array(w, a):
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


def _matrix(w, m):
    e = w.add("Reference_Matrix", m)
    e.set("nrow", m.rows).set("ncol", m.columns)
    if m.sparse:
        e.set("issparse", True).set("nval", len(m.values))
        e.text = [f"{r} {c} {_num(v)}" for r, c, v in zip(m.i, m.j, m.values)]
    else:
        e.set("isroworder", m.full == "RORDER")
        e.text = [" ".join(_num(v) for v in m.values)]


def _tfsiso(w, t):
    e = w.add("Control_SISO", t)
    e.set("x_array_id", w.need(t, "x")).set("y_array_id", w.need(t, "y"))
    e.set("u_array_id", w.need(t, "u"))
    e.set("num_numerator_coef", len(t.numerator))
    e.set("numerator_coef", " ".join(_num(v) for v in t.numerator))
    e.set("num_denominator_coef", len(t.denominator))
    e.set("denominator_coef", " ".join(_num(v) for v in t.denominator))
    e.set("is_static_hold", t.static_hold)


def _lse(w, s):
    e = w.add("Control_StateEqn", s)
    e.set("type", "LINEAR")
    for attribute, field in (("x_array_id", "x"), ("u_array_id", "u"), ("y_array_id", "y"),
                             ("ic_array_id", "ic"), ("a_matrix_id", "a"),
                             ("b_matrix_id", "b"), ("c_matrix_id", "c"),
                             ("d_matrix_id", "d")):
        e.set(attribute, w.ref(s, s, field))
    e.set("is_static_hold", s.static_hold)


def _spline(w, s):
    e = w.add("Reference_Spline", s)
    e.set("linear_extrap", s.linear_extrapolate)
    x, y, z = list(s.x), list(s.y), list(s.z)
    if not z:
        e.set("num_xy_pair", len(x))
        e.text = [f"{_num(a)} {_num(b)}" for a, b in zip(x, y)]
        return
    n = len(x)
    if len(y) != n * len(z):
        raise w.fail(s, f"a surface of {len(z)} curves of {n} points needs {n * len(z)} y "
                     f"values, got {len(y)}")
    e.set("num_x", n).set("num_z", len(z))
    rows = [" ".join(_num(v) for v in z)]
    for k in range(n):
        rows.append(" ".join([_num(x[k])] + [_num(y[c * n + k]) for c in range(len(z))]))
    e.text = rows


def _request(w, r):
    e = w.add("Post_Request", r)
    if r.routine is not None:
        w.routine(e, r, "REQSUB")
    elif r.type == "EXPRESSION":
        e.set("type", "EXPRESSION")
        for k in range(1, 9):
            text = getattr(r, f"f{k}")
            e.set(f"expr{k}", text if text else "NULL")
    else:
        e.set("type", _REQUEST_NAMES[r.type])
        e.set("i_marker_id", w.need(r, "i"))
        e.set("j_marker_id", w.ref(r, r, "j")).set("ref_marker_id", w.ref(r, r, "rm"))
    if r.comment:
        e.set("comment", r.comment)


def _sensor(w, s):
    # msolve's Sensor (when it exists) -> Sensor_Event (+ Sensor_Evaluate of the same id)
    evaluate = getattr(s, "evaluate", "") or ""
    evaluate_routine = getattr(s, "evaluate_routine", None)
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
    e.set("error_tol", getattr(s, "error", None))
    if evaluate or evaluate_routine is not None:
        e.set("evaluate_id", s.id)
    for name in ("dt", "stepsize", "zero_crossing", "hmax"):
        e.set(name, getattr(s, name, None))
    for attribute, name in (("halt", "halt"), ("print", "print_"), ("restart", "restart"),
                            ("return", "return_")):
        if getattr(s, name, False):
            e.set(attribute, True)


class _RoutineView:
    """The routine/function pair of a Sensor's evaluate part, for ``_Writer.routine``."""

    def __init__(self, owner, routine, function):
        self.routine, self.function, self._owner = routine, function, owner

    def _describe(self):
        return self._owner._describe()


_WRITERS = {
    "Units": _units,
    "Accgrav": _accgrav,
    "Integrator": _integrator,
    "Part": _part,
    "Marker": _marker,
    "Variable": _variable,
    "Array": _array,
    "Matrix": _matrix,
    "Spline": _spline,
    "Joint": _joint,
    "Jprim": _jprim,
    "Coupler": _coupler,
    "Gear": _gear,
    "Motion": _motion,
    "Sforce": _sforce,
    "SpringDamper": _spring_damper,
    "Bushing": _bushing,
    "Vforce": _vector_force,
    "Vtorque": _vector_force,
    "Gforce": _vector_force,
    "Diff": _diff,
    "Tfsiso": _tfsiso,
    "Lse": _lse,
    "Sensor": _sensor,
    "Request": _request,
}
