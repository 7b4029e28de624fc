"""Bodies and markers of a MotionSolve XML dataset, read and written: ``Body_Rigid``,
``Body_Point`` (PointMass) and ``Reference_Marker`` (read together: a body's frame is one of
its markers; written together: a body with its markers, in global coordinates)."""

from __future__ import annotations

import numpy as np

from ..bodies import Marker, Part, PointMass
from .element import _El
from .frames import euler313, is_identity, marker_global, orthonormal_error, part_frame
from .registry import writes

# -- reading -------------------------------------------------------------------------------


def _by_id(reader, nodes, kind):
    """The elements of one kind by id; a repeated id is an error."""
    found = {}
    for node in nodes:
        el = _El(reader, node)
        ident = el.id()
        if ident in found:
            raise el.error(f"{kind} id {ident} is already used on line {found[ident].node.line}")
        found[ident] = el
    return found


def _owner_text(owner):
    # a rigid body by its id, a point body by ("POINT", id)
    return f"Body_Point {owner[1]}" if isinstance(owner, tuple) else f"body {owner}"


def read_bodies(reader, body_nodes, marker_nodes, point_nodes=()):
    bodies = _by_id(reader, body_nodes, "Body_Rigid")
    # point bodies are numbered apart from the rigid ones: the markers on them say
    # body_type="POINTBODY"
    points = {("POINT", i): el for i, el in _by_id(reader, point_nodes, "Body_Point").items()}
    bodies.update(points)
    markers = _by_id(reader, marker_nodes, "Reference_Marker")
    frames = _marker_frames(markers, bodies)

    # parts: the frame of a rigid body is its lprf marker (the ground stays global)
    part_frames = {}
    for ident, el in bodies.items():
        point = ident in points
        ground = not point and el.bool("isground")
        origin, rot = np.zeros(3), np.eye(3)
        lprf = el.id("lprf_id", required=False)
        if lprf is not None:
            if lprf not in markers:
                raise el.error(f"attribute 'lprf_id': no Reference_Marker with id {lprf}")
            if markers[lprf].owner != ident:
                raise el.error(
                    f"attribute 'lprf_id': Reference_Marker {lprf} belongs to "
                    f"{_owner_text(markers[lprf].owner)}, not to this body"
                )
            if not ground:
                origin, rot = frames[lprf]
        part_frames[ident] = (origin, rot)
        kwds = {} if point else {"ground": ground}
        if point:
            kwds["mass"] = el.real("mass", 0.0, minimum=0.0)
            kwds.update(_body_velocities(el, markers, frames, rotations=False))
        elif not ground:
            kwds.update(_body_inertia(el))
            kwds.update(_body_velocities(el, markers, frames))
        else:
            # the ground's mass data and velocities mean nothing
            el.used.update(
                a for a in el.node.attrs if a.startswith(("mass", "inertia_", "v_ic", "w_ic"))
            )
        if not is_identity(origin, rot):
            kwds["qg"] = list(origin)
            kwds["zg"] = list(origin + rot[:, 2])
            kwds["xg"] = list(origin + rot[:, 0])
        el.part = reader.create(el, PointMass if point else Part, **kwds)

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

    for ident, el in bodies.items():
        point = ident in points
        for attribute, field in (("cg_id", "cm"), ("im_id", "im"))[: 1 if point else 2]:
            ref = el.id(attribute, required=False)
            if ref is None:
                continue
            if ref not in markers:
                raise el.error(f"attribute '{attribute}': no Reference_Marker with id {ref}")
            if markers[ref].owner != ident:
                raise el.error(
                    f"attribute '{attribute}': Reference_Marker {ref} belongs to "
                    f"{_owner_text(markers[ref].owner)}, not to this body"
                )
            if field == "im" and ref == el.id("cg_id", required=False):
                continue
            setattr(el.part, field, markers[ref].marker)
        if not getattr(el.part, "ground", False) and el.part.cm is None and el.part.mass > 0:
            raise el.error("attribute 'cg_id' is required for a body with mass")
        el.finish(ignored={"is_wet_body", "cp_inp_id"})


def _marker_frames(markers, bodies):
    """Global (origin, axes) of every marker, following rm_id chains."""
    local = {}
    for ident, el in markers.items():
        body_type = el.word(
            "body_type",
            {
                "RIGIDBODY": "RIGID",
                "RIGID": "RIGID",
                "FLEXBODY": "FLEX",
                "POINTBODY": "POINT",
                "POINT": "POINT",
            },
            default="RIGID",
        )
        if body_type == "FLEX":
            raise el.error(f"body_type {el.text('body_type')} is not available in msolve")
        owner = el.id("body_id")
        if body_type == "POINT":
            owner = ("POINT", owner)
            if owner not in bodies:
                raise el.error(f"attribute 'body_id': no Body_Point with id {owner[1]}")
        elif owner not in bodies:
            raise el.error(f"attribute 'body_id': no Body_Rigid with id {owner}")
        el.owner = owner
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
            if orthonormal_error(rot) > 1e-6:
                raise el.error(
                    "the direction cosines a00..a22 are not an orthonormal, "
                    "right-handed matrix (columns are the x, y, z axes)"
                )
        elif euler:
            rot = euler313([el.real(a, 0.0) for a in ("psi", "theta", "phi")])
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
                raise markers[ident].error(f"attribute 'rm_id': no Reference_Marker with id {rm}")
            if rm in chain:
                raise markers[ident].error(
                    "attribute 'rm_id': the markers refer to each other in a loop"
                )
            origin, axes_ = resolve(rm, chain | {ident})
            position, rot = origin + axes_ @ position, axes_ @ rot
        frames[ident] = (position, rot)
        return frames[ident]

    for ident in local:
        resolve(ident, {ident})
    return frames


def _body_inertia(el):
    mass = el.real("mass", 0.0, minimum=0.0)
    names = ("inertia_xx", "inertia_yy", "inertia_zz", "inertia_xy", "inertia_xz", "inertia_yz")
    return {"mass": mass, "ip": [el.real(n, 0.0) for n in names]}


def _body_velocities(el, markers, frames, rotations=True):
    kwds = {}
    for prefix, names, frame_attribute in (
        ("v_ic", ("vx", "vy", "vz"), "vm_id"),
        ("w_ic", ("wx", "wy", "wz"), "wm_id"),
    )[: 2 if rotations else 1]:
        values = []
        for axis in "xyz":
            value = el.real(f"{prefix}_{axis}")
            flag = el.bool(f"{prefix}_{axis}_flag", default=value is not None)
            values.append(value if flag and value is not None else (0.0 if flag else None))
        if all(v is None for v in values):
            el.raw(frame_attribute)
            continue
        frame = el.id(frame_attribute, required=False)
        if frame is not None:
            if frame not in markers:
                raise el.error(
                    f"attribute '{frame_attribute}': no Reference_Marker with id {frame}"
                )
            rot = frames[frame][1]
            if not np.allclose(rot, np.eye(3), atol=1e-14):
                if any(v is None for v in values):
                    raise el.error(
                        f"initial velocities given for some components only in "
                        f"the axes of marker {frame} are not available"
                    )
                values = list(rot @ np.array(values))
        kwds.update({n: v for n, v in zip(names, values) if v is not None})
    return kwds


# -- writing -------------------------------------------------------------------------------


@writes(Part, PointMass, section="bodies")
def write_part(w, p):
    point = isinstance(p, PointMass)
    model = w.model
    markers = [m for m in model._entities if w.family(m) == "Marker" and m.part is p and m.active]
    try:
        origin, rot = part_frame(p)
    except ValueError as e:
        raise w.fail(p, str(e)) from None
    w.frames[id(p)] = (origin, rot)
    # a part frame other than the global frame, or a mass centre at the part origin (no cm
    # marker), needs a marker of its own: the next free marker id
    frame_marker = None
    ground = not point and p.ground
    if not ground and (not is_identity(origin, rot) or p.cm is None):
        used = [m.id for m in model._entities if w.family(m) == "Marker"]
        frame_marker = max(used + w.extra_markers, default=0) + 1
        w.extra_markers.append(frame_marker)
    e = w.add("Body_Point" if point else "Body_Rigid", p)
    if ground:
        e.set("isground", True)
    else:
        e.set("mass", p.mass)
        if not point:
            for name, value in zip(
                (
                    "inertia_xx",
                    "inertia_yy",
                    "inertia_zz",
                    "inertia_xy",
                    "inertia_xz",
                    "inertia_yz",
                ),
                p.ip,
            ):
                e.set(name, value)
        e.set("cg_id", p.cm.id if p.cm is not None else frame_marker)
        if not point and p.im is not None and p.im is not p.cm:
            e.set("im_id", p.im.id)
        if not is_identity(origin, rot):
            e.set("lprf_id", frame_marker)
        velocities = (("v_ic", ("vx", "vy", "vz")), ("w_ic", ("wx", "wy", "wz")))
        for prefix, names in velocities[: 1 if point else 2]:
            for axis, name in zip("xyz", names):
                value = getattr(p, name)
                if value is not None:
                    e.set(f"{prefix}_{axis}", value).set(f"{prefix}_{axis}_flag", True)
    if frame_marker is not None:
        _marker_element(w, None, frame_marker, f"frame of {p._describe()}", p, origin, rot)
    for m in markers:
        try:
            position, axes = marker_global(m, w.frames)
        except ValueError as error:
            raise w.fail(m, str(error)) from None
        _marker_element(w, m, m.id, m.label, p, position, axes)
    if getattr(p, "planar", None) is not None and not ground:
        _write_planar(w, p, origin, rot)


# the normal of each plane of Part.planar, and axes whose z axis it is
_PLANE_AXES = {
    "XY": np.eye(3),
    "YX": np.eye(3),
    "YZ": np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]),
    "ZY": np.array([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]),
    "ZX": np.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]),
    "XZ": np.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]]),
}


def _write_planar(w, p, origin, rot):
    """Part.planar, which Body_Rigid cannot say, as what it means: a PLANAR joint between two
    new markers at the mass centre's design position, on the part and on the ground, their z
    axes along the plane's normal (read back as that Joint)."""
    model = w.model
    ground = next((g for g in model.getChildren(type="Part") if g.ground), None)
    if ground is None:
        raise w.fail(p, f"planar={p.planar!r} needs a ground part to be written")
    centre = np.asarray(origin, dtype=float)
    if p.cm is not None:
        centre, _ = marker_global(p.cm, w.frames)
    axes = _PLANE_AXES[p.planar]
    used = [m.id for m in model._entities if w.family(m) == "Marker"]
    on_part = max(used + w.extra_markers, default=0) + 1
    on_ground = on_part + 1
    w.extra_markers += [on_part, on_ground]
    label = f"planar={p.planar} of {p._describe()}"
    _marker_element(w, None, on_part, label, p, centre, axes)
    _marker_element(w, None, on_ground, label, ground, centre, axes)
    joints = [j.id for j in model._entities if w.family(j) in ("Joint", "Jprim")]
    taken = w.__dict__.setdefault("planar_joints", [])
    ident = max(joints + taken, default=0) + 1
    taken.append(ident)
    e = w.add("Constraint_Joint")
    e.set("id", ident).set("label", label).set("type", "PLANAR")
    e.set("i_marker_id", on_part).set("j_marker_id", on_ground)


def _marker_element(w, marker, ident, label, part, position, axes):
    e = w.add("Reference_Marker")
    e.set("id", ident)
    if label:
        e.set("label", label)
    e.set("body_id", part.id)
    if isinstance(part, PointMass):
        e.set("body_type", "POINTBODY")
    for name, value in zip(("pos_x", "pos_y", "pos_z"), position):
        e.set(name, value)
    for c in range(3):
        for r in range(3):
            e.set(f"a{r}{c}", axes[r, c])


@writes(Marker, section="bodies")
def write_marker(w, m):
    if m.part is None:
        raise w.fail(m, "has no part")
