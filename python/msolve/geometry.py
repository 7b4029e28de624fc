"""Geometry attached to parts through markers, MotionSolve's graphics classes: Sphere, Box,
Cylinder, Ellipsoid, Frustum. msolve draws nothing; a Contact (msolve.forces) uses their
solids. All graphics share one id space, as the XML Post_Graphic does."""

from __future__ import annotations

from . import _core
from .base import SolverObject, _CoreEntity
from .bodies import Marker
from .properties import Bool, Double, Enum, Int, Reference, Str

# the public classes of this module, exported by msolve (msolve/__init__.py)
__all__ = ["Box", "Cylinder", "Ellipsoid", "Frustum", "Graphics", "Sphere"]

_DRAWN = "msolve draws no graphics"


class Graphics(_CoreEntity, _core.GraphicSpec):
    """The base of the graphics classes (the ``Reference(Graphics)`` of Contact's igeom and
    jgeom)."""

    _core_type = _core.GraphicSpec
    # every graphics class numbers its objects in one sequence (XML Post_Graphic ids)
    _id_class = "Graphics"
    refinement_level = Int(None, optional=True, no_effect=_DRAWN)
    color = Str(no_effect=_DRAWN)
    hidden = Bool(False, no_effect=_DRAWN)
    material_inside = Bool(
        True,
        field="_material_inside",
        doc="True: the solid is inside the surface (only True is supported for contact).",
    )

    def __init__(self, **kwds):
        _core.GraphicSpec.__init__(self)
        self._kind = type(self).__name__
        SolverObject.__init__(self, **kwds)


class Sphere(Graphics):
    """A sphere of ``radius`` centred on marker ``cm``."""

    cm = Reference(Marker, field="_cm", doc="Centre.")
    radius = Double(0.0, minimum=0.0, field="_radius")


class Box(Graphics):
    """A box of edge lengths ``x``, ``y``, ``z`` along the axes of its marker: centred on
    ``cm``, or extending from ``corner`` along its positive axes (one of the two)."""

    cm = Reference(Marker, field="_cm", doc="Centre (exclusive with corner).")
    corner = Reference(Marker, field="_corner", doc="Corner (exclusive with cm).")
    x = Double(0.0, minimum=0.0, field="_x")
    y = Double(0.0, minimum=0.0, field="_y")
    z = Double(0.0, minimum=0.0, field="_z")


class Cylinder(Graphics):
    """A cylinder of ``radius`` and ``length`` along the z axis of ``cm`` from its origin
    (not yet usable in a Contact)."""

    cm = Reference(Marker, field="_cm")
    radius = Double(0.0, minimum=0.0, field="_radius")
    length = Double(0.0, field="_length")
    end_caps = Enum("OPEN CLOSED TOP_ONLY BOTTOM_ONLY", "CLOSED", no_effect=_DRAWN)


class Ellipsoid(Graphics):
    """An ellipsoid centred on ``cm`` with diameters ``xscale``, ``yscale``, ``zscale`` along
    its axes (not yet usable in a Contact)."""

    cm = Reference(Marker, field="_cm")
    xscale = Double(0.0, minimum=0.0, field="_x")
    yscale = Double(0.0, minimum=0.0, field="_y")
    zscale = Double(0.0, minimum=0.0, field="_z")


class Frustum(Graphics):
    """A truncated cone: radii ``bottom`` at ``cm`` and ``top`` at ``length`` along its z axis
    (not yet usable in a Contact)."""

    cm = Reference(Marker, field="_cm")
    top = Double(0.0, minimum=0.0, field="_top")
    bottom = Double(0.0, minimum=0.0, field="_bottom")
    length = Double(0.0, field="_length")
    end_caps = Enum("OPEN CLOSED TOP_ONLY BOTTOM_ONLY", "CLOSED", no_effect=_DRAWN)
