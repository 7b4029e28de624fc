"""Deformable curves and surfaces of a MotionSolve XML dataset, read and written:
``Reference_DeformCurve`` (Dcurve: the marker ids in its text), ``Reference_DeformSurface``
(Dsurface: ``num_marker_row`` lines of ``num_marker_col`` marker ids), ``Constraint_PTdCV``
(Ptdcv: ``i_marker_id``, ``ref_dcurve_id``), ``Constraint_PTdSF`` (Ptdsf: ``i_marker_id``,
``ref_dsurface_id``), ``Force_PTdSF`` (Ptdsff: kept, refused when the model is compiled) and
the graphics of ``Post_Graphic`` types DeformCurve (``dcurve_id``, ``seg``) and DeformSurface
(``dsurface_id``, ``u_seg``, ``v_seg``), whose attribute names are msolve's choice
(docs/motionsolve-compatibility.md §10)."""

from __future__ import annotations

from ..deformable import Dcurve, DeformCurve, DeformSurface, Dsurface, Ptdcv, Ptdsf, Ptdsff
from . import geometry
from .element import _marker
from .registry import reads, writes

_ENDS = {w: w for w in ("NATURAL", "PARABOLIC", "PERIODIC", "CANTILEVER")}
_MODELS = {w: w for w in ("LINEAR", "POISSON", "HERTZIAN", "USERSUB")}


def _marker_ids(el, count, what):
    values = el.reals_text(what, count)
    if any(v != int(v) or v <= 0 for v in values):
        raise el.error(f"the {what} must be positive marker ids")
    return [int(v) for v in values]


@reads("Reference_DeformCurve")
def read_dcurve(reader, el):
    count = el.int("num_marker_id", required=True, minimum=1)
    kwds = {
        "u_span": el.real("u_span", required=True),
        "end_type_left": el.word("end_type_left", _ENDS, "NATURAL"),
        "end_type_right": el.word("end_type_right", _ENDS, "NATURAL"),
        "lambda_left": el.real("lambda_left", 0.0),
        "lambda_right": el.real("lambda_right", 0.0),
        "tension": el.real("tension"),
        "u_closed": el.bool("is_u_closed", False),
    }
    dcurve = reader.create(el, Dcurve, **kwds)
    ids = _marker_ids(el, count, "marker ids")
    reader.links.append((el, "num_marker_id", "Marker", ids, lambda m: _set(dcurve, "markers", m)))
    el.finish()
    return dcurve


@reads("Reference_DeformSurface")
def read_dsurface(reader, el):
    rows = el.int("num_marker_row", required=True, minimum=1)
    columns = el.int("num_marker_col", required=True, minimum=1)
    kwds = {
        "u_span": el.real("u_span", required=True),
        "v_span": el.real("v_span", required=True),
        "end_type": el.word("end_type", _ENDS, "NATURAL"),
        "u_tension": el.real("u_tension"),
        "v_tension": el.real("v_tension"),
        "u_closed": el.bool("is_u_closed", False),
        "v_closed": el.bool("is_v_closed", False),
    }
    dsurface = reader.create(el, Dsurface, **kwds)
    ids = _marker_ids(el, rows * columns, "marker ids")

    def setter(markers):
        grid = [markers[r * columns : (r + 1) * columns] for r in range(rows)]
        _set(dsurface, "markers", grid)

    reader.links.append((el, "num_marker_row", "Marker", ids, setter))
    el.finish()
    return dsurface


def _set(entity, name, value):
    setattr(entity, name, value)


@reads("Constraint_PTdCV")
def read_ptdcv(reader, el):
    ptdcv = reader.create(el, Ptdcv)
    _marker(reader, el, "i_marker_id", ptdcv, "i")
    reader.link(el, "ref_dcurve_id", "Dcurve", lambda c: _set(ptdcv, "dcurve", c), required=True)
    el.finish()
    return ptdcv


@reads("Constraint_PTdSF")
def read_ptdsf(reader, el):
    ptdsf = reader.create(el, Ptdsf)
    _marker(reader, el, "i_marker_id", ptdsf, "i")
    reader.link(
        el, "ref_dsurface_id", "Dsurface", lambda s: _set(ptdsf, "dsurface", s), required=True
    )
    el.finish()
    return ptdsf


@reads("Force_PTdSF")
def read_ptdsff(reader, el):
    model = el.word("force_model", _MODELS)
    function, routine = reader.routine(el, "PTDSFF")
    kwds = {
        "force_model": model,
        "radius": el.real("radius"),
        "stiffness": el.real("stiffness"),
        "damping": el.real("damping"),
        "penalty": el.real("penalty"),
        "restitution_coefficient": el.real("restitution_coef", 0.0),
        "flip_normal": el.bool("flip_normal", False),
        "function": function,
        "routine": routine,
    }
    force = reader.create(el, Ptdsff, **kwds)
    _marker(reader, el, "i_marker_id", force, "i")
    reader.link(
        el, "ref_dsurface_id", "Dsurface", lambda s: _set(force, "dsurface", s), required=True
    )
    el.finish()
    return force


def _read_deform_curve(reader, el):
    g = reader.create(el, DeformCurve, "Graphics", seg=el.int("seg"))
    reader.link(el, "dcurve_id", "Dcurve", lambda c: _set(g, "dcurve", c), required=True)
    return g


def _read_deform_surface(reader, el):
    g = reader.create(el, DeformSurface, "Graphics", U_seg=el.int("u_seg"), V_seg=el.int("v_seg"))
    reader.link(el, "dsurface_id", "Dsurface", lambda s: _set(g, "dsurface", s), required=True)
    return g


# the Post_Graphic types of the graphics of deformable curves and surfaces, read by the
# Post_Graphic reader of geometry.py with the solids' types
geometry._SOLIDS["DEFORMCURVE"] = _read_deform_curve
geometry._SOLIDS["DEFORMSURFACE"] = _read_deform_surface


# -- writing -------------------------------------------------------------------------------


@writes(Dcurve, section="data")
def write_dcurve(w, c):
    e = w.add("Reference_DeformCurve", c)
    e.set("u_span", c.u_span)
    e.set("end_type_left", c.end_type_left).set("lambda_left", c.lambda_left)
    e.set("end_type_right", c.end_type_right).set("lambda_right", c.lambda_right)
    e.set("tension", c.tension).set("is_u_closed", c.u_closed)
    e.set("num_marker_id", len(c.markers))
    e.text = [" ".join(str(m.id) for m in c.markers)]


@writes(Dsurface, section="data")
def write_dsurface(w, s):
    e = w.add("Reference_DeformSurface", s)
    e.set("u_span", s.u_span).set("v_span", s.v_span).set("end_type", s.end_type)
    e.set("u_tension", s.u_tension).set("v_tension", s.v_tension)
    e.set("is_u_closed", s.u_closed).set("is_v_closed", s.v_closed)
    grid = s.markers
    e.set("num_marker_row", len(grid)).set("num_marker_col", len(grid[0]) if grid else 0)
    e.text = [" ".join(str(m.id) for m in row) for row in grid]


@writes(Ptdcv, section="constraints")
def write_ptdcv(w, p):
    e = w.add("Constraint_PTdCV", p)
    e.set("i_marker_id", w.need(p, "i")).set("ref_dcurve_id", w.need(p, "dcurve"))


@writes(Ptdsf, section="constraints")
def write_ptdsf(w, p):
    e = w.add("Constraint_PTdSF", p)
    e.set("i_marker_id", w.need(p, "i")).set("ref_dsurface_id", w.need(p, "dsurface"))


@writes(Ptdsff, section="forces")
def write_ptdsff(w, f):
    e = w.add("Force_PTdSF", f)
    e.set("i_marker_id", w.need(f, "i")).set("ref_dsurface_id", w.need(f, "dsurface"))
    e.set("radius", f.radius).set("flip_normal", f.flip_normal)
    if f.force_model != "UNDEFINED":
        e.set("force_model", f.force_model)
    e.set("stiffness", f.stiffness).set("damping", f.damping).set("penalty", f.penalty)
    e.set("restitution_coef", f.restitution_coefficient)
    if f.routine is not None:
        w.routine(e, f, "PTDSFF", typed=False)


@writes(DeformCurve, section="outputs")
def write_deform_curve(w, g):
    e = w.add("Post_Graphic", g).set("type", "DeformCurve")
    e.set("dcurve_id", w.need(g, "dcurve")).set("seg", g.seg)


@writes(DeformSurface, section="outputs")
def write_deform_surface(w, g):
    e = w.add("Post_Graphic", g).set("type", "DeformSurface")
    e.set("dsurface_id", w.need(g, "dsurface")).set("u_seg", g.U_seg).set("v_seg", g.V_seg)
