"""Contact of a MotionSolve XML dataset, read and written: the solids of ``Post_Graphic``
(Sphere, BoxDefinedFromCorner, BoxDefinedFromCenter, Cylinder, Ellipsoid, Frustum, External)
and ``Force_Contact``; the Post_Graphic types that only draw and that msolve keeps (Arc,
Circle, ParamCurve, ParamSurface: attribute names in docs/motionsolve-compatibility.md §10).
The other Post_Graphic types draw only: they are warned about and skipped, as before. The
attribute names of Ellipsoid (``x_scale``, ``y_scale``, ``z_scale``;
``scale_x`` ... read too), Frustum (``top_radius``, ``bottom_radius``, ``length``) and
External (``rm_id``, ``filename`` relative to the dataset, ``element``: the parts' names
separated by commas) are msolve's choice
(docs/motionsolve-compatibility.md §10)."""

from __future__ import annotations

from pathlib import Path

from ..forces import Contact
from ..geometry import (
    Arc,
    Box,
    Circle,
    Cylinder,
    Ellipsoid,
    External,
    Frustum,
    Outline,
    ParamCurve,
    ParamSurface,
    Sphere,
)
from .element import _marker
from .registry import reads, writes

# attributes of the graphics that only draw
_DRAWING = ("refinement_level", "color", "hidden", "ends_type")

_CNF = {"IMPACT": "IMPACT", "POISSON": "POISSON", "VOLUME": "VOLUME", "USERCNF": "USER"}
_CFF = {"COULOMB_ON": "ON", "COULOMB_OFF": "OFF", "DYNAMICS_ONLY": "DYNAMICS_ONLY"}


@reads("Post_Graphic")
def read_graphic(reader, el):
    kind = el.text("type").upper()
    inside = el.bool("is_material_inside", True)
    if kind == "SPHERE":
        g = reader.create(el, Sphere, "Graphics", radius=el.real("radius", 0.0, minimum=0.0))
        _marker(reader, el, "center_marker_id", g, "cm")
    elif kind in ("BOXDEFINEDFROMCORNER", "BOXDEFINEDFROMCENTER"):
        sizes = {a: el.real(f"length_{a}", 0.0, minimum=0.0) for a in "xyz"}
        g = reader.create(el, Box, "Graphics", **sizes)
        if kind == "BOXDEFINEDFROMCORNER":
            _marker(reader, el, "corner_marker_id", g, "corner")
        else:
            _marker(reader, el, "center_marker_id", g, "cm")
    elif kind == "CYLINDER":
        g = reader.create(
            el,
            Cylinder,
            "Graphics",
            radius=el.real("radius", 0.0, minimum=0.0),
            length=el.real("length", 0.0),
        )
        _marker(reader, el, "center_marker_id", g, "cm")
    elif kind in _SOLIDS:
        g = _SOLIDS[kind](reader, el)
    elif kind.startswith(("ARC", "CIRCLE")) and el.has("center_marker_id"):
        _read_round(reader, el, Arc if kind.startswith("ARC") else Circle)
        el.finish(ignored=(*_DRAWING, "is_material_inside"))
        return
    elif kind in _DRAWINGS and el.has(_DRAWINGS[kind][0]):
        _DRAWINGS[kind][1](reader, el)
        el.finish(ignored=(*_DRAWING, "is_material_inside"))
        return
    else:
        kind = el.text("type")
        el.warn(f"output or graphics element not used by msolve (type '{kind}' only draws)")
        return
    g.material_inside = inside
    el.finish(ignored=_DRAWING)


def _read_ellipsoid(reader, el):
    def scale(a):  # x_scale, or scale_x
        name = f"{a}_scale" if el.has(f"{a}_scale") or not el.has(f"scale_{a}") else f"scale_{a}"
        return el.real(name, 0.0, minimum=0.0)

    g = reader.create(el, Ellipsoid, "Graphics", **{f"{a}scale": scale(a) for a in "xyz"})
    _marker(reader, el, "center_marker_id", g, "cm")
    return g


def _read_frustum(reader, el):
    g = reader.create(
        el,
        Frustum,
        "Graphics",
        top=el.real("top_radius", 0.0, minimum=0.0),
        bottom=el.real("bottom_radius", 0.0, minimum=0.0),
        length=el.real("length", 0.0),
    )
    _marker(reader, el, "center_marker_id", g, "cm")
    return g


def _read_external(reader, el):
    path = Path(el.text("filename", required=True))
    if not path.is_absolute():
        path = reader.path.parent / path
    elements = [name.strip() for name in el.text("element").split(",") if name.strip()]
    g = reader.create(el, External, "Graphics", file=str(path), element=elements or None)
    _marker(reader, el, "rm_id", g, "rm")
    return g


# Post_Graphic types of the other solids -> their readers
_SOLIDS = {"ELLIPSOID": _read_ellipsoid, "FRUSTUM": _read_frustum, "EXTERNAL": _read_external}


def _drawn(el):
    """The attributes of a graphic that only draws that msolve keeps: color and hidden."""
    return {"color": el.text("color") or None, "hidden": el.bool("hidden")}


def _read_round(reader, el, cls):
    """An Arc or Circle: center_marker_id, radius or ref_marker_id, num_segments, and for an
    Arc range_angle."""
    kwds = {"radius": el.real("radius", minimum=0.0), "seg": el.int("num_segments"), **_drawn(el)}
    if cls is Arc:
        kwds["rangle"] = el.real("range_angle")
    g = reader.create(el, cls, "Graphics", **kwds)
    _marker(reader, el, "center_marker_id", g, "cm")
    _marker(reader, el, "ref_marker_id", g, "rm", required=False)


def _read_param_curve_graphic(reader, el):
    g = reader.create(el, ParamCurve, "Graphics", seg=el.int("num_segments"), **_drawn(el))
    reader.link(el, "curve_id", "Curve", lambda c: setattr(g, "curve", c), required=True)
    _marker(reader, el, "rm_id", g, "rm", required=False)


def _read_param_surface_graphic(reader, el):
    g = reader.create(
        el,
        ParamSurface,
        "Graphics",
        U_seg=el.int("num_u_segments"),
        V_seg=el.int("num_v_segments"),
        **_drawn(el),
    )
    reader.link(el, "surface_id", "Surface", lambda s: setattr(g, "surface", s), required=True)
    _marker(reader, el, "rm_id", g, "rm", required=False)


# Post_Graphic types that only draw and that msolve keeps -> their readers
def _read_outline(reader, el):
    g = reader.create(el, Outline, "Graphics", **_drawn(el))
    ids = _ids(el, "marker_id", "num_markers")
    reader.links.append((el, "marker_id", "Marker", ids, lambda m: setattr(g, "markers", m)))


# (with the attribute that names what it draws; without it the element is skipped, as the
# other drawings)
_DRAWINGS = {
    "OUTLINE": ("marker_id", _read_outline),
    "PARAMCURVE": ("curve_id", _read_param_curve_graphic),
    "PARAMSURFACE": ("surface_id", _read_param_surface_graphic),
}


def _ids(el, name, count_name):
    values = el.reals_attr(name, count_name, required=True)
    if not values or any(v != int(v) or v <= 0 for v in values):
        raise el.error(f"attribute '{name}' must be a list of positive graphic ids")
    return [int(v) for v in values]


@reads("Force_Contact")
def read_contact(reader, el):
    kwds = {"type": el.word("cnf_type", _CNF, "IMPACT")}
    if kwds["type"] in ("VOLUME", "USER"):
        raise el.error(f"cnf_type {el.text('cnf_type')} is not supported by msolve yet")
    if kwds["type"] == "POISSON":
        kwds.update(
            penalty=el.real("penalty", 0.1, minimum=0.0),
            restitution_coefficient=el.real("restitution_coef", 0.0, minimum=0.0),
            normal_trans=el.real("normal_trans_vel", 1.0, minimum=0.0),
        )
    else:
        kwds.update(
            stiffness=el.real("stiffness", 0.0, minimum=0.0),
            exponent=el.real("exponent", 1.5),
            damping=el.real("damping", 0.0, minimum=0.0),
            dmax=el.real("dmax", 0.0, minimum=0.0),
        )
    kwds.update(
        coulomb_friction=el.word("cff_type", _CFF, "OFF"),
        mu_static=el.real("mu_static", 0.0, minimum=0.0),
        mu_dynamic=el.real("mu_dynamic", 0.0, minimum=0.0),
        stiction_transition_velocity=el.real("stiction_trans_vel", 1e-3),
        friction_transition_velocity=el.real("friction_trans_vel", 1e-3),
    )
    contact = reader.create(el, Contact, **kwds)
    for side in "ij":
        ids = _ids(el, f"{side}_graphics_id", f"num_{side}_graphics")

        def setter(graphics, side=side):
            setattr(contact, f"{side}geom", graphics)

        reader.links.append((el, f"{side}_graphics_id", "Graphics", ids, setter))
    el.finish()


# -- writing -------------------------------------------------------------------------------


@writes(Sphere, section="bodies")
def write_sphere(w, g):
    e = w.add("Post_Graphic", g).set("type", "Sphere")
    e.set("center_marker_id", w.need(g, "cm")).set("radius", g.radius)
    e.set("is_material_inside", g.material_inside)


@writes(Box, section="bodies")
def write_box(w, g):
    e = w.add("Post_Graphic", g)
    if g.corner is not None:
        e.set("type", "BoxDefinedFromCorner").set("corner_marker_id", w.need(g, "corner"))
    else:
        e.set("type", "BoxDefinedFromCenter").set("center_marker_id", w.need(g, "cm"))
    e.set("length_x", g.x).set("length_y", g.y).set("length_z", g.z)
    e.set("is_material_inside", g.material_inside)


@writes(Cylinder, section="bodies")
def write_cylinder(w, g):
    e = w.add("Post_Graphic", g).set("type", "Cylinder")
    e.set("center_marker_id", w.need(g, "cm")).set("radius", g.radius).set("length", g.length)
    e.set("is_material_inside", g.material_inside)


@writes(Ellipsoid, section="bodies")
def write_ellipsoid(w, g):
    e = w.add("Post_Graphic", g).set("type", "Ellipsoid")
    e.set("center_marker_id", w.need(g, "cm"))
    e.set("x_scale", g.xscale).set("y_scale", g.yscale).set("z_scale", g.zscale)
    e.set("is_material_inside", g.material_inside)


@writes(Frustum, section="bodies")
def write_frustum(w, g):
    e = w.add("Post_Graphic", g).set("type", "Frustum")
    e.set("center_marker_id", w.need(g, "cm")).set("top_radius", g.top)
    e.set("bottom_radius", g.bottom).set("length", g.length)
    e.set("is_material_inside", g.material_inside)


@writes(External, section="bodies")
def write_external(w, g):
    e = w.add("Post_Graphic", g).set("type", "External")
    e.set("rm_id", w.need(g, "rm")).set("filename", w.relative(g.file))
    elements = [g.element] if isinstance(g.element, str) else list(g.element)
    elements = [name for name in elements if name]
    if any("," in name for name in elements):
        raise w.fail(g, f"the part names {elements} hold a comma, which a dataset cannot write")
    if elements:
        e.set("element", ",".join(elements))
    e.set("is_material_inside", g.material_inside)


def _drawing(e, g):
    """The attributes of a graphic that only draws, as the solids write them."""
    if g.color:
        e.set("color", g.color)
    if g.hidden:
        e.set("hidden", True)


@writes(Arc, section="bodies")
def write_arc(w, g):
    e = w.add("Post_Graphic", g).set("type", "Arc").set("center_marker_id", w.need(g, "cm"))
    e.set("radius", g.radius).set("range_angle", g.rangle).set("num_segments", g.seg)
    if g.rm is not None:
        e.set("ref_marker_id", g.rm.id)
    _drawing(e, g)


@writes(Circle, section="bodies")
def write_circle(w, g):
    e = w.add("Post_Graphic", g).set("type", "Circle").set("center_marker_id", w.need(g, "cm"))
    e.set("radius", g.radius).set("num_segments", g.seg)
    if g.rm is not None:
        e.set("ref_marker_id", g.rm.id)
    _drawing(e, g)


@writes(ParamCurve, section="bodies")
def write_param_curve_graphic(w, g):
    e = w.add("Post_Graphic", g).set("type", "ParamCurve").set("curve_id", w.need(g, "curve"))
    if g.rm is not None:
        e.set("rm_id", g.rm.id)
    e.set("num_segments", g.seg)
    _drawing(e, g)


@writes(ParamSurface, section="bodies")
def write_param_surface_graphic(w, g):
    e = w.add("Post_Graphic", g).set("type", "ParamSurface")
    e.set("surface_id", w.need(g, "surface"))
    if g.rm is not None:
        e.set("rm_id", g.rm.id)
    e.set("num_u_segments", g.U_seg).set("num_v_segments", g.V_seg)
    _drawing(e, g)


@writes(Outline, section="bodies")
def write_outline(w, g):
    e = w.add("Post_Graphic", g).set("type", "Outline")
    e.set("num_markers", len(g.markers))
    e.set("marker_id", ",".join(str(m.id) for m in g.markers))
    _drawing(e, g)


@writes(Contact, section="forces")
def write_contact(w, c):
    e = w.add("Force_Contact", c)
    for side in "ij":
        graphics = getattr(c, f"{side}geom")
        e.set(f"num_{side}_graphics", len(graphics))
        e.set(f"{side}_graphics_id", ",".join(str(g.id) for g in graphics))
    if c.type == "POISSON":
        e.set("cnf_type", "POISSON").set("penalty", c.penalty)
        e.set("restitution_coef", c.restitution_coefficient)
        e.set("normal_trans_vel", c.normal_trans)
    else:
        e.set("cnf_type", c.type).set("stiffness", c.stiffness).set("exponent", c.exponent)
        e.set("damping", c.damping).set("dmax", c.dmax)
    cff = {v: k for k, v in _CFF.items()}[c.coulomb_friction]
    e.set("cff_type", cff.title())
    e.set("mu_static", c.mu_static).set("mu_dynamic", c.mu_dynamic)
    e.set("stiction_trans_vel", c.stiction_transition_velocity)
    e.set("friction_trans_vel", c.friction_transition_velocity)
