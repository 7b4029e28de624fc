"""Bodies and the frames on them: Part (a rigid body, or the ground), PointMass (a body with
three translations only) and Marker."""

from __future__ import annotations

from . import _core
from .base import _CoreEntity
from .properties import Angles, Bool, Double, Ips, Location, Reference

# the public classes of this module, exported by msolve (msolve/__init__.py)
__all__ = ["Marker", "Part", "PointMass", "Point_Mass"]


# Part refers to Marker, which is defined after it (and refers back to Part)
def _marker_class():
    return Marker


class Part(_CoreEntity, _core.PartSpec):
    """A rigid body (or the ground, ``ground=True``).

    The part frame sits at ``qg`` with axes from ``reuler`` (body 3-1-3, radians) or the
    points ``zg``/``xg``; markers are given in that frame. ``mass`` and ``ip`` (ixx iyy izz
    [ixy ixz iyz], about the ``cm`` marker, in the ``im`` marker axes) give the inertia. As
    in Adams, the products of inertia are the positive integrals (ixy = +integral of x y dm),
    so the inertia tensor holds -ixy, -ixz, -iyz off its diagonal.
    ``vx vy vz wx wy wz`` are initial velocities in global axes; None (the default) leaves a
    component free for the initial-conditions analysis, while 0 holds it at zero.
    """

    _core_type = _core.PartSpec
    _open_attributes = True
    ground = Bool(False, field="_ground")
    mass = Double(0.0, minimum=0.0, field="_mass")
    ip = Ips(field="_ip")
    cm = Reference(_marker_class, field="_cm")
    im = Reference(_marker_class, field="_im")
    qg = Location(optional=False, field="_qg")
    zg = Location(field="_zg")
    xg = Location(field="_xg")
    reuler = Angles(field="_reuler")
    vx = Double(None, optional=True, field="_vx")
    vy = Double(None, optional=True, field="_vy")
    vz = Double(None, optional=True, field="_vz")
    wx = Double(None, optional=True, field="_wx")
    wy = Double(None, optional=True, field="_wy")
    wz = Double(None, optional=True, field="_wz")

    def __init__(self, **kwds):
        # cm and im may arrive as markers without a part: they belong to this part
        late = {k: kwds.pop(k) for k in ("cm", "im") if k in kwds}
        super().__init__(**kwds)
        for key, value in late.items():
            setattr(self, key, value)

    def _property_changed(self, name):
        if name in ("cm", "im"):
            marker = getattr(self, name)
            if marker is not None and marker.part is None:
                marker.part = self
        super()._property_changed(name)


class PointMass(_CoreEntity, _core.PointMassSpec):
    """A point mass (MotionSolve Point_Mass): mass without inertia, three translational
    freedoms. Its frame sits at ``qg`` with axes from ``reuler`` or the points ``zg``/``xg``
    (as a Part's; or the directions ``zv``/``xv``) and keeps that orientation during the
    simulation, and so do the markers on it; torques applied to it are taken by the ground
    (docs/equations.md §1.5). ``cm`` is the
    marker at the mass centre; ``vx vy vz`` are initial velocities in global axes (None, the
    default, leaves a component free for the initial-conditions analysis)."""

    _core_type = _core.PointMassSpec
    _open_attributes = True
    mass = Double(0.0, minimum=0.0, field="_mass")
    cm = Reference(_marker_class, field="_cm")
    qg = Location(optional=False, field="_qg")
    zg = Location(field="_zg")
    xg = Location(field="_xg")
    zv = Location(field="_zv", doc="Direction of the z axis, in place of zg.")
    xv = Location(field="_xv", doc="Direction of the x axis, in place of xg.")
    reuler = Angles(field="_reuler")
    vx = Double(None, optional=True, field="_vx")
    vy = Double(None, optional=True, field="_vy")
    vz = Double(None, optional=True, field="_vz")

    def __init__(self, **kwds):
        # cm may arrive as a marker without a part: it belongs to this point mass
        late = {k: kwds.pop(k) for k in ("cm",) if k in kwds}
        super().__init__(**kwds)
        for key, value in late.items():
            setattr(self, key, value)

    def _property_changed(self, name):
        if name == "cm" and self.cm is not None and self.cm.part is None:
            self.cm.part = self
        super()._property_changed(name)


#: MotionSolve's documentation names the class Point_Mass
Point_Mass = PointMass


class _BodyReference(Reference):
    """A reference to a Part or a PointMass: what a marker sits on."""

    def __init__(self, **kw):
        super().__init__(Part, **kw)

    def describe(self):
        return "Reference(Part or PointMass)"

    def convert(self, obj, value):
        if value is not None and not isinstance(value, (Part, PointMass)):
            raise self.error(obj, "must be a Part or a PointMass", value)
        return value


class Marker(_CoreEntity, _core.MarkerSpec):
    """A frame on a part: origin ``qp``, axes from the points ``zp`` (on the z axis) and
    ``xp`` (in the x-z plane) or from ``reuler``; all in the part frame (``part`` may be a
    PointMass). ``body=`` is an
    alias of ``part=``. With ``zp`` alone, x is chosen perpendicular to z and as close as
    possible to the part's x axis (its y axis when z is along x)."""

    _core_type = _core.MarkerSpec
    _aliases = {"body": "part"}
    part = _BodyReference(field="_part")
    qp = Location(optional=False, field="_qp")
    zp = Location(field="_zp")
    xp = Location(field="_xp")
    reuler = Angles(field="_reuler")

    @property
    def body(self):
        """Alias of ``part``."""
        return self.part

    @body.setter
    def body(self, value):
        self.part = value
