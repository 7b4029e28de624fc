"""Constraints of a MotionSolve XML dataset, read and written: ``Constraint_Joint`` (joints,
and joint primitives read), ``Constraint_Jprim`` (joint primitives), ``Constraint_Mate``,
``Constraint_Coupler``,
``Constraint_Gear``, ``Motion_Joint``, ``Motion_Marker``, ``Constraint_PTCV``,
``Constraint_CVCV``, ``Constraint_SFSF`` and ``Constraint_General`` (Gcon)."""

from __future__ import annotations

from ..constraints import (
    _MATE_TYPES,
    Coupler,
    Cvcv,
    Cvsf,
    Gcon,
    Gear,
    Joint,
    Jprim,
    Mate,
    Motion,
    Ptcv,
    Ptsf,
    Sfsf,
)
from .element import _marker, _num, _show
from .registry import reads, writes

_JOINT_TYPES = {
    "CONSTANT_VELOCITY": "CONVEL",
    "CONVEL": "CONVEL",
    "CYLINDRICAL": "CYLINDRICAL",
    "FIXED": "FIXED",
    "HOOKE": "HOOKE",
    "PLANAR": "PLANAR",
    "RACK_PINION": "RACKPIN",
    "RACKPIN": "RACKPIN",
    "REVOLUTE": "REVOLUTE",
    "SCREW": "SCREW",
    "SPHERICAL": "SPHERICAL",
    "TRANSLATIONAL": "TRANSLATIONAL",
    "UNIVERSAL": "UNIVERSAL",
}

_JPRIM_TYPES = {"ATPOINT", "INLINE", "INPLANE", "ORIENTATION", "PARALLEL_AXES", "PERPENDICULAR"}

_VAL_TYPES = {
    "D": "DISPLACEMENT",
    "V": "VELOCITY",
    "A": "ACCELERATION",
    "DISPLACEMENT": "DISPLACEMENT",
    "VELOCITY": "VELOCITY",
    "ACCELERATION": "ACCELERATION",
    "DISP": "DISPLACEMENT",
    "VEL": "VELOCITY",
    "ACC": "ACCELERATION",
    "ACCL": "ACCELERATION",
}

_JOINT_NAMES = {"CONVEL": "CONSTANT_VELOCITY", "RACKPIN": "RACK_PINION"}

_VAL_TYPE_NAMES = {"DISPLACEMENT": "D", "VELOCITY": "V", "ACCELERATION": "A"}


# -- reading -------------------------------------------------------------------------------


@reads("Constraint_Joint")
def read_joint(reader, el):
    word = el.text("type", required=True).upper()
    if word in _JPRIM_TYPES:
        return _read_jprim(reader, el, word)
    if word == "FREE":
        el.warn("a FREE joint constrains nothing; ignored")
        el.used.update(el.node.attrs)
        return None
    if word not in _JOINT_TYPES:
        names = " | ".join(sorted(set(_JOINT_TYPES) | _JPRIM_TYPES | {"FREE"}))
        raise el.error(f"attribute 'type' must be one of {names}, got {_show(word)}")
    kwds = {"type": _JOINT_TYPES[word]}
    pitch = el.real("pitch")
    if pitch is not None:
        kwds["pitch"] = pitch
    pd = el.real("pitch_diameter")
    if pd is not None:
        kwds["pd"] = pd
    joint = reader.create(el, Joint, **kwds)
    _marker(reader, el, "i_marker_id", joint, "i")
    _marker(reader, el, "j_marker_id", joint, "j")
    el.finish()
    return joint


@reads("Constraint_Jprim")
def read_constraint_jprim(reader, el):
    # the joint primitive's own element (its ids are apart from Constraint_Joint's)
    word = el.text("type", required=True).upper()
    if word not in _JPRIM_TYPES:
        names = " | ".join(sorted(_JPRIM_TYPES))
        raise el.error(f"attribute 'type' must be one of {names}, got {_show(word)}")
    return _read_jprim(reader, el, word)


def _read_jprim(reader, el, word):
    kwds = {"virtual": True} if el.bool("is_virtual") else {}
    entity = reader.create(el, Jprim, type=word, **kwds)
    _marker(reader, el, "i_marker_id", entity, "i")
    _marker(reader, el, "j_marker_id", entity, "j")
    el.finish()
    return entity


_MATE_NUMBERS = ("radius", "iradius", "jradius", "dist", "height")


@reads("Constraint_Mate")
def read_constraint_mate(reader, el):
    # the reference's format writes one type as "DIS_POI_ POI": blanks inside are dropped
    word = "".join(el.text("type", required=True).upper().split())
    if word not in _MATE_TYPES.split():
        raise el.error(f"attribute 'type' must be one of {_MATE_TYPES}, got {_show(word)}")
    kwds = {name: el.real(name) for name in _MATE_NUMBERS if el.raw(name) is not None}
    if el.bool("is_virtual"):
        kwds["virtual"] = True
    entity = reader.create(el, Mate, type=word, **kwds)
    _marker(reader, el, "i_marker_id", entity, "i")
    _marker(reader, el, "j_marker_id", entity, "j")
    el.finish()
    return entity


@writes(Mate, section="constraints")
def write_mate(w, m):
    if m.type is None:
        raise w.fail(m, "'type' is required")
    e = w.add("Constraint_Mate", m)
    e.set("type", m.type)
    e.set("i_marker_id", w.need(m, "i")).set("j_marker_id", w.need(m, "j"))
    for name in _MATE_NUMBERS:
        if getattr(m, name) != 0.0:
            e.set(name, getattr(m, name))
    if m.virtual:
        e.set("is_virtual", True)


def _joint_list(reader, el, entity, count):
    """entity.joints from the attributes joint1_id ... joint<count>_id, set once all are
    resolved."""
    joints = [None] * count

    def setter(k):
        def assign(joint):
            joints[k] = joint
            if all(j is not None for j in joints):
                entity.joints = list(joints)

        return assign

    for k in range(count):
        reader.link(el, f"joint{k + 1}_id", "Joint", setter(k), required=True)


@reads("Constraint_Coupler")
def read_coupler(reader, el):
    """Constraint_Coupler: joint1_id, freedom_1, joint2_id, freedom_2 [, joint3_id,
    freedom_3], and either coefficients = "c1, c2 [, c3]" or a user coupler (COUSUB:
    usrsub_param_string with usrsub_dll_name or script_name) (MotionSolve Constraint_Coupler
    page)."""
    count = 3 if el.raw("joint3_id") is not None else 2
    freedoms = [el.word(f"freedom_{k + 1}", {"T": "T", "R": "R"}) for k in range(count)]
    param, routine = reader.routine(el, "COUSUB")
    kwds = {}
    if routine is not None:
        kwds.update(function=param or "", routine=routine)
    else:
        scales = el.reals_attr("coefficients", required=True)
        if len(scales) != count:
            raise el.error(
                f"attribute 'coefficients' needs {count} numbers (one per joint), got {len(scales)}"
            )
        kwds["scales"] = scales
    if all(f is not None for f in freedoms):
        kwds["type"] = freedoms
    entity = reader.create(el, Coupler, **kwds)
    _joint_list(reader, el, entity, count)
    el.finish()
    return entity


@reads("Constraint_Gear")
def read_gear(reader, el):
    """Constraint_Gear: joint1_id, joint2_id, cv_marker_id (MotionSolve Constraint_Gear
    page)."""
    entity = reader.create(el, Gear)
    _joint_list(reader, el, entity, 2)
    _marker(reader, el, "cv_marker_id", entity, "cv")
    el.finish()
    return entity


@reads("Constraint_General")
def read_gcon(reader, el):
    """Constraint_General: ``expr``, or a GCOSUB (usrsub_param_string with usrsub_dll_name or
    script_name); ``is_virtual``. ``i_marker_id`` is msolve's own attribute for the Python
    Gcon's ``i`` (MotionSolve's element has none)."""
    function, routine = reader.function_and_routine(el, "expr", "GCOSUB")
    kwds = {"function": function, "virtual": el.bool("is_virtual")}
    if routine is not None:
        kwds["routine"] = routine
    gcon = reader.create(el, Gcon, **kwds)
    _marker(reader, el, "i_marker_id", gcon, "i")
    el.finish()


def _motion_common(reader, el, motion):
    motion_kwds = {"dtype": el.word("val_type", _VAL_TYPES, default="DISPLACEMENT")}
    for attribute, field in (("ic_disp", "icdisp"), ("ic_vel", "icvel")):
        value = el.real(attribute)
        if value is not None:
            motion_kwds[field] = value
    function, routine = reader.function_and_routine(el, "expr", "MOTSUB")
    motion_kwds["function"] = function
    if routine is not None:
        motion_kwds["routine"] = routine
    try:
        motion.setValues(**motion_kwds)
    except (TypeError, ValueError) as e:
        raise el.error(str(e)) from None


@reads("Motion_Joint")
def read_motion_joint(reader, el):
    motion = reader.create(el, Motion)
    jtype = el.word(
        "motion_type",
        {"R": "ROTATION", "T": "TRANSLATION", "ROTATION": "ROTATION", "TRANSLATION": "TRANSLATION"},
    )
    if jtype is None:
        jtype = el.word("joint_type", {"R": "ROTATION", "T": "TRANSLATION"})

    def attach(joint):
        kind = jtype
        if kind is None:
            kind = {"REVOLUTE": "ROTATION", "TRANSLATIONAL": "TRANSLATION"}.get(joint.type)
            if kind is None:
                raise ValueError(f"give motion_type R or T for a {joint.type} joint")
        motion.jtype = kind
        motion.joint = joint

    reader.link(el, "joint_id", "Joint", attach, required=True)
    _motion_common(reader, el, motion)
    el.finish()


@reads("Motion_Marker")
def read_motion_marker(reader, el):
    direction = el.word(
        "direction", {w: w for w in ("X", "Y", "Z", "B1", "B2", "B3")}, required=True
    )
    motion = reader.create(el, Motion, direction=direction)
    _marker(reader, el, "i_marker_id", motion, "i")
    _marker(reader, el, "j_marker_id", motion, "j")
    _motion_common(reader, el, motion)
    el.finish()


@reads("Constraint_PTCV")
def read_ptcv(reader, el):
    # the reference spells the guess disp_x0 ... and vel_0 in its text and disp_xo ... and
    # vel_o in its format: both are read
    kwds = {}
    disp = _disp_guess(el, "")
    if disp is not None:
        kwds["disp"] = disp
    vel = _first_real(el, "vel_0", "vel_o")
    if vel is not None:
        kwds["vel"] = vel
    ptcv = reader.create(el, Ptcv, **kwds)
    _marker(reader, el, "i_marker_id", ptcv, "i")
    _marker(reader, el, "j_marker_id", ptcv, "rm")
    reader.link(el, "curve_id", "Curve", lambda c: setattr(ptcv, "curve", c), required=True)
    el.finish()
    return ptcv


@reads("Constraint_CVCV")
def read_cvcv(reader, el):
    kwds = _side_guesses(el)
    for side in "ij":
        vel = el.real(f"{side}_vel0")
        if vel is not None:
            kwds[f"{side}vel"] = vel
    if el.has("is_no_slip"):
        kwds["no_slip"] = el.bool("is_no_slip")
    cvcv = reader.create(el, Cvcv, **kwds)
    _marker(reader, el, "i_marker_id", cvcv, "irm")
    _marker(reader, el, "j_marker_id", cvcv, "jrm")
    _link_sides(reader, el, cvcv, "curve", "Curve")
    el.finish()
    return cvcv


@reads("Constraint_PTSF")
def read_ptsf(reader, el):
    kwds = {}
    disp = _disp_guess(el, "")
    if disp is not None:
        kwds["disp"] = disp
    ptsf = reader.create(el, Ptsf, **kwds)
    _marker(reader, el, "i_marker_id", ptsf, "i")
    _marker(reader, el, "j_marker_id", ptsf, "rm")
    reader.link(el, "surface_id", "Surface", lambda s: setattr(ptsf, "surface", s), required=True)
    el.finish()
    return ptsf


@reads("Constraint_CVSF")
def read_cvsf(reader, el):
    cvsf = reader.create(el, Cvsf, **_side_guesses(el))
    _marker(reader, el, "i_marker_id", cvsf, "irm")
    _marker(reader, el, "j_marker_id", cvsf, "jrm")
    reader.link(el, "curve_id", "Curve", lambda c: setattr(cvsf, "curve", c), required=True)
    reader.link(el, "surface_id", "Surface", lambda s: setattr(cvsf, "surface", s), required=True)
    el.finish()
    return cvsf


@reads("Constraint_SFSF")
def read_sfsf(reader, el):
    sfsf = reader.create(el, Sfsf, **_side_guesses(el))
    _marker(reader, el, "i_marker_id", sfsf, "irm")
    _marker(reader, el, "j_marker_id", sfsf, "jrm")
    _link_sides(reader, el, sfsf, "surface", "Surface")
    el.finish()
    return sfsf


def _side_guesses(el):
    """The guesses idisp, jdisp of a two-sided contact (Cvcv, Cvsf, Sfsf) that the element
    gives, as keywords."""
    kwds = {}
    for side in "ij":
        disp = _disp_guess(el, f"{side}_")
        if disp is not None:
            kwds[f"{side}disp"] = disp
    return kwds


def _link_sides(reader, el, obj, name, kind):
    """Links `i_<name>_id` and `j_<name>_id` to obj.i<name>, obj.j<name> (a Cvcv's curves, an
    Sfsf's surfaces)."""
    for side in "ij":
        reader.link(
            el,
            f"{side}_{name}_id",
            kind,
            lambda v, side=side: setattr(obj, f"{side}{name}", v),
            required=True,
        )


def _write_side_guesses(e, c):
    """Writes the guesses idisp, jdisp of a two-sided contact that are set."""
    for side in "ij":
        disp = getattr(c, f"{side}disp")
        if disp is not None:
            for axis, v in zip("xyz", disp):
                e.set(f"{side}_disp_{axis}0", v)


def _disp_guess(el, prefix):
    """The guess of a curve or surface contact point, `prefix`disp_x0 ... (the reference
    spells it disp_x0 in its text and disp_xo in its format: both are read), unset
    components 0; None when none is given."""
    disp = [_first_real(el, f"{prefix}disp_{c}0", f"{prefix}disp_{c}o") for c in "xyz"]
    if all(v is None for v in disp):
        return None
    return [v or 0.0 for v in disp]


def _first_real(el, *names):
    values = [el.real(name) for name in names]
    return next((v for v in values if v is not None), None)


# -- writing -------------------------------------------------------------------------------


@writes(Joint, section="constraints")
def write_joint(w, j):
    e = w.add("Constraint_Joint", j)
    e.set("type", _JOINT_NAMES.get(j.type, j.type))
    e.set("i_marker_id", w.need(j, "i")).set("j_marker_id", w.need(j, "j"))
    if j.type == "SCREW" or j.pitch:
        e.set("pitch", j.pitch)
    if j.type == "RACKPIN" or j.pd:
        e.set("pitch_diameter", j.pd)


@writes(Jprim, section="constraints")
def write_jprim(w, j):
    # Constraint_Jprim, not Constraint_Joint: a joint and a joint primitive may share an id
    e = w.add("Constraint_Jprim", j)
    e.set("type", j.type)
    e.set("i_marker_id", w.need(j, "i")).set("j_marker_id", w.need(j, "j"))
    if j.virtual:
        e.set("is_virtual", True)


@writes(Coupler, section="constraints")
def write_coupler(w, c):
    if len(c.joints) not in (2, 3) or any(j is None for j in c.joints):
        raise w.fail(c, "'joints' must hold two or three joints")
    e = w.add("Constraint_Coupler", c)
    for k, joint in enumerate(c.joints):
        e.set(f"joint{k + 1}_id", joint.id)
        if k < len(c.type):
            e.set(f"freedom_{k + 1}", c.type[k])
    if c.routine is not None:
        w.routine(e, c, "COUSUB", typed=False)
        return
    e.set("coefficients", ", ".join(_num(s) for s in c.scales[: len(c.joints)]))


@writes(Gear, section="constraints")
def write_gear(w, g):
    if len(g.joints) != 2 or any(j is None for j in g.joints):
        raise w.fail(g, "'joints' must hold two joints")
    e = w.add("Constraint_Gear", g)
    e.set("joint1_id", g.joints[0].id).set("joint2_id", g.joints[1].id)
    e.set("cv_marker_id", w.need(g, "cv"))


@writes(Motion, section="constraints")
def write_motion(w, m):
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
    e.set("val_type", _VAL_TYPE_NAMES[m.dtype])
    e.set("ic_disp", m.icdisp).set("ic_vel", m.icvel)
    w.expression_or_routine(e, m, "expr", "MOTSUB")


@writes(Ptcv, section="constraints")
def write_ptcv(w, p):
    e = w.add("Constraint_PTCV", p)
    e.set("i_marker_id", w.need(p, "i")).set("j_marker_id", w.need(p, "rm"))
    e.set("curve_id", w.need(p, "curve"))
    if p.disp is not None:
        for c, v in zip("xyz", p.disp):
            e.set(f"disp_{c}0", v)
    if p.vel is not None:
        e.set("vel_0", p.vel)


@writes(Cvcv, section="constraints")
def write_cvcv(w, c):
    e = w.add("Constraint_CVCV", c)
    for side in "ij":
        e.set(f"{side}_marker_id", w.need(c, f"{side}rm"))
        e.set(f"{side}_curve_id", w.need(c, f"{side}curve"))
        vel = getattr(c, f"{side}vel")
        if vel is not None:
            e.set(f"{side}_vel0", vel)
    _write_side_guesses(e, c)
    if c.no_slip:
        e.set("is_no_slip", True)


@writes(Ptsf, section="constraints")
def write_ptsf(w, p):
    e = w.add("Constraint_PTSF", p)
    e.set("i_marker_id", w.need(p, "i")).set("j_marker_id", w.need(p, "rm"))
    e.set("surface_id", w.need(p, "surface"))
    if p.disp is not None:
        for c, v in zip("xyz", p.disp):
            e.set(f"disp_{c}0", v)


@writes(Cvsf, section="constraints")
def write_cvsf(w, c):
    e = w.add("Constraint_CVSF", c)
    e.set("i_marker_id", w.need(c, "irm")).set("j_marker_id", w.need(c, "jrm"))
    e.set("curve_id", w.need(c, "curve")).set("surface_id", w.need(c, "surface"))
    _write_side_guesses(e, c)


@writes(Sfsf, section="constraints")
def write_sfsf(w, c):
    e = w.add("Constraint_SFSF", c)
    for side in "ij":
        e.set(f"{side}_marker_id", w.need(c, f"{side}rm"))
        e.set(f"{side}_surface_id", w.need(c, f"{side}surface"))
    _write_side_guesses(e, c)


@writes(Gcon, section="constraints")
def write_gcon(w, g):
    e = w.add("Constraint_General", g)
    if g.routine is not None:
        w.routine(e, g, "GCOSUB", typed=False)
    else:
        e.set("expr", g.function)
    if g.i is not None:
        e.set("i_marker_id", g.i.id)
    e.set("is_virtual", g.virtual)
