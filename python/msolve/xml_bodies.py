"""Bodies, markers and constraints of a MotionSolve XML dataset: ``Body_Rigid`` and
``Reference_Marker`` (read together: a body's frame is one of its markers),
``Constraint_Joint``, ``Constraint_Coupler``, ``Constraint_Gear``, ``Motion_Joint`` and
``Motion_Marker``."""

from __future__ import annotations

import numpy as np

from . import xml_frames
from .xml_element import _El, _keep, _marker, _show

_JOINT_TYPES = {
    "CONSTANT_VELOCITY": "CONVEL", "CONVEL": "CONVEL", "CYLINDRICAL": "CYLINDRICAL",
    "FIXED": "FIXED", "HOOKE": "HOOKE", "PLANAR": "PLANAR", "RACK_PINION": "RACKPIN",
    "RACKPIN": "RACKPIN", "REVOLUTE": "REVOLUTE", "SCREW": "SCREW", "SPHERICAL": "SPHERICAL",
    "TRANSLATIONAL": "TRANSLATIONAL", "UNIVERSAL": "UNIVERSAL",
}
_JPRIM_TYPES = {"ATPOINT", "INLINE", "INPLANE", "ORIENTATION", "PARALLEL_AXES",
                "PERPENDICULAR"}

_VAL_TYPES = {"D": "DISPLACEMENT", "V": "VELOCITY", "A": "ACCELERATION",
              "DISPLACEMENT": "DISPLACEMENT", "VELOCITY": "VELOCITY",
              "ACCELERATION": "ACCELERATION", "DISP": "DISPLACEMENT", "VEL": "VELOCITY",
              "ACC": "ACCELERATION", "ACCL": "ACCELERATION"}


# -- bodies and markers -------------------------------------------------------------


def _by_id(reader, nodes, kind):
    """The elements of one kind by id; a repeated id is an error."""
    found = {}
    for node in nodes:
        el = _El(reader, node)
        ident = el.id()
        if ident in found:
            raise el.error(f"{kind} id {ident} is already used on line "
                           f"{found[ident].node.line}")
        found[ident] = el
    return found


def _bodies(reader, body_nodes, marker_nodes):
    from .entities import Marker, Part

    bodies = _by_id(reader, body_nodes, "Body_Rigid")
    markers = _by_id(reader, marker_nodes, "Reference_Marker")
    frames = _marker_frames(markers, bodies)

    # parts: the frame of a rigid body is its lprf marker (the ground stays global)
    part_frames = {}
    for ident, el in bodies.items():
        ground = el.bool("isground")
        origin, rot = np.zeros(3), np.eye(3)
        lprf = el.id("lprf_id", required=False)
        if lprf is not None:
            if lprf not in markers:
                raise el.error(f"attribute 'lprf_id': no Reference_Marker with id {lprf}")
            if markers[lprf].owner != ident:
                raise el.error(f"attribute 'lprf_id': Reference_Marker {lprf} belongs to "
                               f"body {markers[lprf].owner}, not to this body")
            if not ground:
                origin, rot = frames[lprf]
        part_frames[ident] = (origin, rot)
        kwds = {"ground": ground}
        if not ground:
            kwds.update(_body_inertia(el))
            kwds.update(_body_velocities(el, markers, frames))
        else:
            # the ground's mass data and velocities mean nothing
            el.used.update(a for a in el.node.attrs if a.startswith(("mass", "inertia_",
                                                                     "v_ic", "w_ic")))
        if not xml_frames.is_identity(origin, rot):
            kwds["qg"] = list(origin)
            kwds["zg"] = list(origin + rot[:, 2])
            kwds["xg"] = list(origin + rot[:, 0])
        el.part = reader.create(el, Part, **kwds)

    for ident, el in markers.items():
        body = bodies[el.owner]
        origin, rot = part_frames[el.owner]
        position, axes_ = frames[ident]
        qp = rot.T @ (position - origin)
        local = rot.T @ axes_
        kwds = {"part": body.part, "qp": list(qp)}
        if not np.array_equal(local, np.eye(3)):
            kwds["zp"] = list(qp + local[:, 2])
            kwds["xp"] = list(qp + local[:, 0])
        el.marker = reader.create(el, Marker, **kwds)
        el.finish()

    for el in bodies.values():
        for attribute, field in (("cg_id", "cm"), ("im_id", "im")):
            ref = el.id(attribute, required=False)
            if ref is None:
                continue
            if ref not in markers:
                raise el.error(f"attribute '{attribute}': no Reference_Marker with id {ref}")
            if markers[ref].owner != el.id():
                raise el.error(f"attribute '{attribute}': Reference_Marker {ref} belongs to "
                               f"body {markers[ref].owner}, not to this body")
            if field == "im" and ref == el.id("cg_id", required=False):
                continue
            setattr(el.part, field, markers[ref].marker)
        if not el.part.ground and el.part.cm is None and el.part.mass > 0:
            raise el.error("attribute 'cg_id' is required for a body with mass")
        el.finish(ignored={"is_wet_body", "cp_inp_id"})


def _marker_frames(markers, bodies):
    """Global (origin, axes) of every marker, following rm_id chains."""
    local = {}
    for ident, el in markers.items():
        owner = el.id("body_id")
        if owner not in bodies:
            raise el.error(f"attribute 'body_id': no Body_Rigid with id {owner}")
        el.owner = owner
        body_type = el.word("body_type", {"RIGIDBODY": "RIGID", "RIGID": "RIGID",
                                          "FLEXBODY": "FLEX", "POINTBODY": "POINT"},
                            default="RIGID")
        if body_type != "RIGID":
            raise el.error(f"body_type {el.text('body_type')} is not available in msolve")
        if el.has("usrsub_fnc_name") or el.has("usrsub_dll_name") or el.has("script_name"):
            raise el.error("markers read by a MARKER_READ routine are not available")
        position = np.array([el.real(a, 0.0) for a in ("pos_x", "pos_y", "pos_z")])
        cosines = [f"a{r}{c}" for c in range(3) for r in range(3)]
        given = [a for a in cosines if el.has(a)]
        euler = [a for a in ("psi", "theta", "phi") if el.has(a)]
        if given and euler:
            raise el.error("give the orientation by a00..a22 or by psi/theta/phi, not both")
        if given:
            if len(given) != 9:
                missing = [a for a in cosines if a not in given]
                raise el.error(f"direction cosines incomplete: missing {' '.join(missing)}")
            rot = np.array([[el.real(f"a{r}{c}") for c in range(3)] for r in range(3)])
            if xml_frames.orthonormal_error(rot) > 1e-6:
                raise el.error("the direction cosines a00..a22 are not an orthonormal, "
                               "right-handed matrix (columns are the x, y, z axes)")
        elif euler:
            rot = xml_frames.euler313([el.real(a, 0.0) for a in ("psi", "theta", "phi")])
        else:
            rot = np.eye(3)
        local[ident] = (position, rot, el.id("rm_id", required=False))
        el.used.add("node_id")

    frames = {}

    def resolve(ident, chain):
        if ident in frames:
            return frames[ident]
        position, rot, rm = local[ident]
        if rm is not None:
            if rm not in local:
                raise markers[ident].error(f"attribute 'rm_id': no Reference_Marker with id "
                                           f"{rm}")
            if rm in chain:
                raise markers[ident].error("attribute 'rm_id': the markers refer to each "
                                           "other in a loop")
            origin, axes_ = resolve(rm, chain | {ident})
            position, rot = origin + axes_ @ position, axes_ @ rot
        frames[ident] = (position, rot)
        return frames[ident]

    for ident in local:
        resolve(ident, {ident})
    return frames


def _body_inertia(el):
    mass = el.real("mass", 0.0, minimum=0.0)
    names = ("inertia_xx", "inertia_yy", "inertia_zz", "inertia_xy", "inertia_xz",
             "inertia_yz")
    return {"mass": mass, "ip": [el.real(n, 0.0) for n in names]}


def _body_velocities(el, markers, frames):
    kwds = {}
    for prefix, names, frame_attribute in (("v_ic", ("vx", "vy", "vz"), "vm_id"),
                                           ("w_ic", ("wx", "wy", "wz"), "wm_id")):
        values = []
        for axis in "xyz":
            value = el.real(f"{prefix}_{axis}")
            flag = el.bool(f"{prefix}_{axis}_flag", default=value is not None)
            values.append(value if flag and value is not None else
                          (0.0 if flag else None))
        if all(v is None for v in values):
            el.raw(frame_attribute)
            continue
        frame = el.id(frame_attribute, required=False)
        if frame is not None:
            if frame not in markers:
                raise el.error(f"attribute '{frame_attribute}': no Reference_Marker with "
                               f"id {frame}")
            rot = frames[frame][1]
            if not np.allclose(rot, np.eye(3), atol=1e-14):
                if any(v is None for v in values):
                    raise el.error(f"initial velocities given for some components only in "
                                   f"the axes of marker {frame} are not available")
                values = list(rot @ np.array(values))
        kwds.update({n: v for n, v in zip(names, values) if v is not None})
    return kwds


# -- constraints ----------------------------------------------------------------------


def _joint(reader, el):
    from .entities import Joint

    word = el.text("type", required=True).upper()
    if word in _JPRIM_TYPES:
        return _jprim(reader, el, word)
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


def _jprim(reader, el, word):
    import msolve

    cls = getattr(msolve, "Jprim", None)
    if cls is None:
        return _keep(reader, el, f"joint primitive {word} (Jprim)")
    entity = reader.create(el, cls, type=word)
    _marker(reader, el, "i_marker_id", entity, "i")
    _marker(reader, el, "j_marker_id", entity, "j")
    el.finish()
    return entity


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


def _coupler(reader, el):
    """Constraint_Coupler: joint1_id, freedom_1, joint2_id, freedom_2 [, joint3_id,
    freedom_3], coefficients = "c1, c2 [, c3]" (MotionSolve Constraint_Coupler page); user
    couplers (COUSUB) are not available."""
    from .entities import Coupler

    for name in ("usrsub_param_string", "usrsub_dll_name", "script_name"):
        if el.raw(name) is not None:
            raise el.error("user-defined couplers (COUSUB) are not available in msolve; give "
                           "'coefficients'")
    count = 3 if el.raw("joint3_id") is not None else 2
    freedoms = [el.word(f"freedom_{k + 1}", {"T": "T", "R": "R"}) for k in range(count)]
    scales = el.reals_attr("coefficients", required=True)
    if len(scales) != count:
        raise el.error(f"attribute 'coefficients' needs {count} numbers (one per joint), "
                       f"got {len(scales)}")
    kwds = {"scales": scales}
    if all(f is not None for f in freedoms):
        kwds["type"] = freedoms
    entity = reader.create(el, Coupler, **kwds)
    _joint_list(reader, el, entity, count)
    el.finish()
    return entity


def _gear(reader, el):
    """Constraint_Gear: joint1_id, joint2_id, cv_marker_id (MotionSolve Constraint_Gear
    page)."""
    from .entities import Gear

    entity = reader.create(el, Gear)
    _joint_list(reader, el, entity, 2)
    _marker(reader, el, "cv_marker_id", entity, "cv")
    el.finish()
    return entity


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


def _motion_joint(reader, el):
    from .entities import Motion

    motion = reader.create(el, Motion)
    jtype = el.word("motion_type", {"R": "ROTATION", "T": "TRANSLATION",
                                    "ROTATION": "ROTATION", "TRANSLATION": "TRANSLATION"})
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


def _motion_marker(reader, el):
    from .entities import Motion

    direction = el.word("direction", {w: w for w in ("X", "Y", "Z", "B1", "B2", "B3")},
                        required=True)
    motion = reader.create(el, Motion, direction=direction)
    _marker(reader, el, "i_marker_id", motion, "i")
    _marker(reader, el, "j_marker_id", motion, "j")
    _motion_common(reader, el, motion)
    el.finish()
