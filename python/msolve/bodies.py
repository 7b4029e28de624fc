"""Bodies and the frames on them: Part (a rigid body, or the ground), PointMass (a body with
three translations only) and Marker."""

from __future__ import annotations

import typing

from . import _core
from .base import _CoreEntity
from .properties import (
    Angles,
    Bool,
    Double,
    Enum,
    Function,
    Int,
    Ips,
    Location,
    Property,
    Reference,
    Routine,
    Str,
)

# the public classes of this module, exported by msolve (msolve/__init__.py)
__all__ = ["Marker", "Part", "PointMass", "Point_Mass"]


# Part refers to Marker, which is defined after it (and refers back to Part)
def _marker_class():
    return Marker


class _Exact(Property):
    """The coordinates the initial-conditions analysis must not change: words of X Y Z PSI
    THETA PHI, as a list or one string (``"X:Y:PSI"``)."""

    annotation = typing.Union[list[str], str]  # for the signature (msolve/signatures.py)

    _WORDS = ("X", "Y", "Z", "PSI", "THETA", "PHI")

    def __init__(self, **kw):
        super().__init__([], **kw)

    def convert(self, obj, value):
        if value is None:
            return []
        if isinstance(value, str):
            value = value.replace(":", " ").replace(",", " ").split()
        if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) for v in value):
            raise self.error(obj, f"must be a list of {' '.join(self._WORDS)}", value)
        words = [v.upper() for v in value]
        if any(w not in self._WORDS for w in words):
            raise self.error(obj, f"must be a list of {' '.join(self._WORDS)}", value, ValueError)
        return words


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
    # resolved for the solver by msolve/placement.py
    zv = Location(doc="Direction of the part's z axis (global), instead of the point zg.")
    xv = Location(doc="Direction in the part's x-z plane (global), instead of the point xg.")
    vm = Reference(_marker_class, doc="Marker whose axes vx, vy, vz are given in (global).")
    wm = Reference(_marker_class, doc="Marker whose axes wx, wy, wz are given in (global).")
    planar = Enum(
        "XY YZ ZX YX ZY XZ",
        None,
        field="_planar",
        doc="The global plane the part moves in (through its design position), turning only "
        "about the plane's normal: a PLANAR joint to the ground.",
    )
    material = Str(
        "Steel", no_effect="the inertia comes from mass and ip; a material name adds nothing"
    )
    exact = _Exact(
        no_effect="the initial-conditions analysis keeps every coordinate as close to its "
        "design value as the constraints allow"
    )
    function = Function(
        "MASS_READ", no_effect="mass properties come from mass, ip, cm and im; no MASS_READ"
    )
    routine = Routine(no_effect="mass properties come from mass, ip, cm and im; no MASS_READ")

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
    # PSI THETA PHI are accepted too: a point mass keeps its orientation anyway
    exact = _Exact(
        no_effect="the initial-conditions analysis keeps every coordinate as close to its "
        "design value as the constraints allow"
    )
    function = Function("MASS_READ", no_effect="the mass comes from mass; no MASS_READ")
    routine = Routine(no_effect="the mass comes from mass; no MASS_READ")

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
            raise self.error(obj, "must be a Part or a PointMass (or a FlexBody)", value)
        return value

    def __set__(self, obj, value):
        # a marker on a FlexBody (msolve/refused.py, refused at simulate) keeps it as its
        # flex_body: the solver's part field holds rigid bodies only
        if getattr(value, "_marker_host", False):
            obj.flex_body = value
            value = None
        elif value is not None and getattr(obj, "flex_body", None) is not None:
            obj.flex_body = None  # moved from the flexible body to a rigid one
        super().__set__(obj, value)


_ON_FLEX_BODY = "markers on flexible bodies: msolve refuses a model with a FlexBody at simulate"


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
    # resolved for the solver by msolve/placement.py
    zv = Location(doc="Direction of the z axis, instead of the point zp.")
    xv = Location(doc="Direction in the x-z plane, instead of the point xp.")
    rm = Reference(
        "Marker", doc="The marker whose frame qp, zp, xp, zv, xv, reuler are given in (the part's)."
    )
    usexp = Bool(False, doc="The x axis points exactly at xp; z is made perpendicular to it.")
    usexv = Bool(False, doc="The x axis is exactly along xv; z is made perpendicular to it.")
    floating = Bool(
        False,
        no_effect="msolve places the floating markers of Vforce, Vtorque and Gforce itself "
        "(at the I marker, on the jfloat marker's part)",
    )
    node = Int(None, optional=True, no_effect=_ON_FLEX_BODY)
    flex_body = Reference(
        "FlexBody", no_effect=_ON_FLEX_BODY, doc="The flexible body the marker sits on."
    )
    function = Function(
        "MARKER_READ", no_effect="markers are placed by qp/zp/xp/reuler; no MARKER_READ"
    )
    routine = Routine(no_effect="markers are placed by qp/zp/xp/reuler; no MARKER_READ")

    @property
    def body(self):
        """Alias of ``part``."""
        return self.part

    def dc(self):
        """MotionSolve's MDL function ``Marker.dc()``: the x, y and z axes of the marker as
        global Vectors, where its attributes put it (msolve/mdl_functions.py)."""
        from .mdl_functions import marker_dc  # mdl_functions imports this module

        return marker_dc(self)

    @body.setter
    def body(self, value):
        self.part = value
