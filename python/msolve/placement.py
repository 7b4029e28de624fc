"""The placement attributes the solver does not read directly, resolved for a compile.

MotionSolve lets a Marker give its origin and axes in the frame of another marker (``rm``),
its axes by direction vectors (``zv``, ``xv``) instead of points, and with the x axis as the
exact one (``usexp``, ``usexv``); a Part its axes by direction vectors (``zv``, ``xv``) and
its initial velocities in the axes of a marker (``vm``, ``wm``). The solver reads a marker
in its part's frame by points or Euler angles, a part by global points or angles and the
velocities in global axes (docs/conventions.md §1.3). ``resolved(entities)`` writes the
converted values into the solver's fields for the time of a compile and restores the
user's afterwards, so that attributes read back as they were given.
"""

from __future__ import annotations

import contextlib

import numpy as np

from . import _core
from .bodies import Marker, Part
from .constraints import Joint

_PART_FIELDS = ("_qg", "_zg", "_xg", "_reuler", "_vx", "_vy", "_vz", "_wx", "_wy", "_wz")
_MARKER_FIELDS = ("_qp", "_zp", "_xp", "_reuler")


def _joint_ic(joint):
    """[(kind, [displacement, velocity])] a joint's ic attributes ask for ("R" rotation
    about z_J, "T" translation along it)."""
    if not joint.active:
        return []
    if joint.type == "REVOLUTE":
        given = [("R", joint.ic)]
    elif joint.type == "TRANSLATIONAL":
        given = [("T", joint.ic)]
    elif joint.type == "CYLINDRICAL":
        given = [("T", joint.ictran), ("R", joint.icrot)]
    else:
        return []
    return [
        (kind, values) for kind, values in given if values and any(v is not None for v in values)
    ]


def _needs(obj):
    if isinstance(obj, Joint):
        return bool(_joint_ic(obj))
    if isinstance(obj, Marker):
        return any(obj.__dict__.get(key) for key in _MARKER_KEYS)
    if isinstance(obj, Part):
        return any(obj.__dict__.get(key) is not None for key in _PART_KEYS)
    return False


# where the attributes _needs reads are stored (properties.py: "_p_" + name)
_MARKER_KEYS = ("_p_rm", "_p_zv", "_p_xv", "_p_usexp", "_p_usexv")
_PART_KEYS = ("_p_zv", "_p_xv", "_p_vm", "_p_wm")


@contextlib.contextmanager
def resolved(entities):
    """Within the block the solver fields of the parts and markers hold the converted
    placement; afterwards the values the user gave. Yields the messages about what could
    not be honoured (a list, filled by then)."""
    notes = []
    joints = [obj for obj in entities if isinstance(obj, Joint) and _needs(obj)]
    entities = [obj for obj in entities if isinstance(obj, (Part, Marker))]
    if not joints and not any(_needs(obj) for obj in entities):
        yield notes
        return
    saved = []
    for obj in entities:
        names = _PART_FIELDS if isinstance(obj, Part) else _MARKER_FIELDS
        # copies: the bound fields may be NumPy views of the C++ data
        saved.append((obj, {n: _copy(getattr(obj, n)) for n in names}))
    try:
        _Resolver(entities).apply(joints, notes)
        yield notes
    finally:
        for obj, values in saved:
            for name, value in values.items():
                setattr(obj, name, value)


def _copy(value):
    return np.array(value, dtype=float) if isinstance(value, np.ndarray) else value


def _opt(value):
    return None if value is None else np.asarray(tuple(value), dtype=float)


def _axes(reuler, zpoint, xpoint, origin):
    """The solver's rule for the axes of a frame (math::FrameAxes, as xml/frames.py)."""
    return _core._frame_axes(_opt(reuler), _opt(zpoint), _opt(xpoint), np.asarray(origin, float))


class _Resolver:
    def __init__(self, entities):
        self.parts = [obj for obj in entities if isinstance(obj, Part)]
        self.markers = [obj for obj in entities if isinstance(obj, Marker)]
        self.part_frames = {}
        self.marker_frames = {}

    def apply(self, joints=(), notes=None):
        for part in self.parts:
            self._part_axes(part)
        # joint initial conditions move and set going the I parts before the markers are
        # written in their parts' frames
        for joint in joints:
            self._joint_initial(joint, notes if notes is not None else [])
        for marker in self.markers:
            if _needs(marker):
                self._write_marker(marker)
        for part in self.parts:
            self._part_velocities(part)

    # -- joint initial conditions (docs/msolve-attributes.md, Joint) -----------------------

    def _joint_initial(self, joint, notes):
        i, j = joint.i, joint.j
        moving = None if i is None else i.part
        fixed = None if j is None else j.part
        if moving is None or fixed is None or not isinstance(moving, Part) or moving.ground:
            notes.append(
                f"{joint._describe()}: initial conditions (ic, ictran, icrot) accepted, no "
                "effect (msolve honours them when the I marker is on a moving part)"
            )
            return
        rates = {}
        for kind, (displacement, velocity) in _joint_ic(joint):
            o_i, r_i = self.marker_global(i)
            o_j, r_j = self.marker_global(j)
            z = r_j[:, 2]
            if displacement is not None:
                if kind == "R":
                    now = np.arctan2(np.cross(r_j[:, 0], r_i[:, 0]) @ z, r_j[:, 0] @ r_i[:, 0])
                    self._move_part(moving, _rotation(z, displacement - now), o_j, np.zeros(3))
                else:
                    now = (o_i - o_j) @ z
                    self._move_part(moving, np.eye(3), o_j, (displacement - now) * z)
            if velocity is not None:
                rates[kind] = velocity
        if not rates:
            return
        carrier = self._carrier_velocity(fixed)
        if carrier is None:
            notes.append(
                f"{joint._describe()}: the initial joint rate of ic, ictran, icrot accepted, "
                "no effect (msolve honours it when the J marker's part is the ground or has "
                "all six initial velocities vx ... wz given; the displacement is honoured)"
            )
            return
        # the I part's mass-centre velocity and angular velocity: J's rigid motion plus the
        # joint's relative motion (a rate not given is zero)
        v_j, w_j, r_jcm = carrier
        o_j, r_j = self.marker_global(j)
        z = r_j[:, 2]
        r_cm = self._mass_centre(moving)
        w_rel = rates.get("R", 0.0) * z
        v_rel = rates.get("T", 0.0) * z + np.cross(w_rel, r_cm - o_j)
        linear = v_j + np.cross(w_j, r_cm - r_jcm) + v_rel
        for name, value in zip(_PART_FIELDS[4:], (*linear, *(w_j + w_rel))):
            setattr(moving, name, float(value))

    def _mass_centre(self, part):
        cm = part.cm
        return self.marker_global(cm)[0] if cm is not None else self.part_frames[id(part)][0]

    def _carrier_velocity(self, part):
        """(velocity of the mass centre, angular velocity, mass centre) of the J part at the
        start, when known before the initial-conditions analysis: the ground, or a part with
        all six initial velocities given in global axes."""
        if getattr(part, "ground", False):
            return np.zeros(3), np.zeros(3), np.zeros(3)
        if not isinstance(part, Part):
            return None
        values = [getattr(part, n) for n in _PART_FIELDS[4:]]
        if any(v is None for v in values) or part.vm is not None or part.wm is not None:
            return None
        return np.array(values[:3]), np.array(values[3:]), self._mass_centre(part)

    def _move_part(self, part, rot, pivot, shift):
        """Turn the part's frame by rot about pivot, then shift it (global)."""
        origin, axes = self.part_frames[id(part)]
        origin = pivot + rot @ (origin - pivot) + shift
        axes = rot @ axes
        part._qg = tuple(float(v) for v in origin)
        part._zg = tuple(float(v) for v in origin + axes[:, 2])
        part._xg = tuple(float(v) for v in origin + axes[:, 0])
        part._reuler = None
        self.part_frames[id(part)] = (origin, axes)
        self.marker_frames.clear()

    # -- parts ---------------------------------------------------------------------------

    def _part_axes(self, part):
        origin = np.asarray(tuple(part.qg), dtype=float)
        zv, xv = _opt(part.__dict__.get("_p_zv")), _opt(part.__dict__.get("_p_xv"))
        if zv is not None or xv is not None:
            if part.reuler is not None or part.zg is not None or part.xg is not None:
                raise ValueError(
                    f"{part._describe()}: give the axes by zv/xv or by zg/xg/reuler, not both"
                )
            part._zg = None if zv is None else tuple(origin + zv)
            part._xg = None if xv is None else tuple(origin + xv)
        zg, xg = _opt(part._zg), _opt(part._xg)
        try:
            rot = _axes(part._reuler, zg, xg, origin)
        except ValueError as e:
            raise ValueError(f"{part._describe()}: {e}") from None
        self.part_frames[id(part)] = (origin, rot)

    def _part_velocities(self, part):
        for ref, names in (("vm", ("_vx", "_vy", "_vz")), ("wm", ("_wx", "_wy", "_wz"))):
            marker = part.__dict__.get("_p_" + ref)
            if marker is None:
                continue
            values = [getattr(part, n) for n in names]
            if all(v is None for v in values):
                continue
            _, rot = self.marker_global(marker)
            if any(v is None for v in values) and not np.allclose(rot, np.eye(3)):
                raise ValueError(
                    f"{part._describe()}: with {ref}={marker._describe()} give all three "
                    f"components {', '.join(n[1:] for n in names)} (a component left free "
                    "in the axes of a turned marker is not a global component)"
                )
            vector = rot @ np.array([0.0 if v is None else v for v in values])
            for name, value, given in zip(names, vector, values):
                setattr(
                    part,
                    name,
                    None if given is None and np.allclose(rot, np.eye(3)) else float(value),
                )

    # -- markers -------------------------------------------------------------------------

    def _frame_of_part(self, part):
        if part is None:
            return np.zeros(3), np.eye(3)
        found = self.part_frames.get(id(part))
        if found is None:
            # a part outside the model (not registered): its frame as given
            origin = np.asarray(tuple(part.qg), dtype=float)
            found = (origin, _axes(part._reuler, _opt(part._zg), _opt(part._xg), origin))
        return found

    def marker_global(self, marker, chain=()):
        """(origin, axes) of a marker in global coordinates, as the user described it."""
        found = self.marker_frames.get(id(marker))
        if found is not None:
            return found
        if id(marker) in chain:
            raise ValueError(f"{marker._describe()}: the rm markers refer to each other in a loop")
        rm = marker.__dict__.get("_p_rm")
        if rm is not None and rm is not marker:
            base = self.marker_global(rm, (*chain, id(marker)))
        else:
            base = self._frame_of_part(marker.part)
        qp, rot_local = self._local(marker)
        origin, rot = base
        found = (origin + rot @ qp, rot @ rot_local)
        self.marker_frames[id(marker)] = found
        return found

    def _local(self, marker):
        """(origin, axes) of the marker in the frame its attributes are given in."""
        d = marker.__dict__
        qp = np.asarray(tuple(marker.qp), dtype=float)
        zv, xv = _opt(d.get("_p_zv")), _opt(d.get("_p_xv"))
        zp, xp = _opt(marker.zp), _opt(marker.xp)
        zdir = zv if zv is not None else (None if zp is None else zp - qp)
        xdir = xv if xv is not None else (None if xp is None else xp - qp)
        for name, vector in (("zv", zv), ("xv", xv)):
            if vector is not None and not np.any(vector):
                raise ValueError(f"{marker._describe()}: {name} must not be the zero vector")
        if (zv is not None and zp is not None) or (xv is not None and xp is not None):
            raise ValueError(f"{marker._describe()}: give zp or zv (xp or xv), not both")
        if (zdir is not None or xdir is not None) and marker.reuler is not None:
            raise ValueError(f"{marker._describe()}: give the axes by points/vectors or reuler")
        if (d.get("_p_usexp") or d.get("_p_usexv")) and xdir is not None and zdir is not None:
            # the x axis is the exact one: z is the part of zdir perpendicular to it
            x = xdir / np.linalg.norm(xdir)
            zdir = zdir - (zdir @ x) * x
        zpoint = None if zdir is None else qp + zdir
        xpoint = None if xdir is None else qp + xdir
        try:
            return qp, _axes(marker.reuler, zpoint, xpoint, qp)
        except ValueError as e:
            raise ValueError(f"{marker._describe()}: {e}") from None

    def _write_marker(self, marker):
        origin, rot = self.marker_global(marker)
        if marker.part is None:
            p_origin, p_rot = np.zeros(3), np.eye(3)
        else:
            p_origin, p_rot = self._frame_of_part(marker.part)
        qp = p_rot.T @ (origin - p_origin)
        local = p_rot.T @ rot
        marker._qp = tuple(float(v) for v in qp)
        marker._zp = tuple(float(v) for v in qp + local[:, 2])
        marker._xp = tuple(float(v) for v in qp + local[:, 0])
        marker._reuler = None


def _rotation(axis, angle):
    """The rotation by angle about the unit axis (Rodrigues)."""
    k = np.array([[0.0, -axis[2], axis[1]], [axis[2], 0.0, -axis[0]], [-axis[1], axis[0], 0.0]])
    return np.eye(3) + np.sin(angle) * k + (1.0 - np.cos(angle)) * (k @ k)
