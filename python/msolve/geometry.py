"""Geometry attached to parts through markers, MotionSolve's graphics classes: Sphere, Box,
Cylinder, Ellipsoid, Frustum, and External (a triangle mesh read from an STL or OBJ file
with trimesh), whose solids a Contact (msolve.forces) uses; and Arc, Circle, ParamCurve,
ParamSurface and Outline, which only draw. msolve draws nothing: the drawing graphics are kept
in the model and written by save_model, and have no effect on the physics. All graphics share one
id space, as the XML Post_Graphic does."""

from __future__ import annotations

import os

import numpy as np

from . import _core
from .base import SolverObject, _CoreEntity
from .bodies import Marker
from .controls import Curve, Surface
from .properties import Bool, Double, Enum, Int, Reference, Str

# the public classes of this module, exported by msolve (msolve/__init__.py)
__all__ = [
    "Arc",
    "Box",
    "Circle",
    "Cylinder",
    "Ellipsoid",
    "External",
    "Frustum",
    "Graphics",
    "Outline",
    "ParamCurve",
    "ParamSurface",
    "Sphere",
]

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
    """A cylinder of ``radius`` and ``length`` along the z axis of ``cm`` from its origin."""

    cm = Reference(Marker, field="_cm")
    radius = Double(0.0, minimum=0.0, field="_radius")
    length = Double(0.0, field="_length")
    end_caps = Enum("OPEN CLOSED TOP_ONLY BOTTOM_ONLY", "CLOSED", no_effect=_DRAWN)


class Ellipsoid(Graphics):
    """An ellipsoid centred on ``cm`` with diameters ``xscale``, ``yscale``, ``zscale`` along
    its axes."""

    cm = Reference(Marker, field="_cm")
    xscale = Double(0.0, minimum=0.0, field="_x")
    yscale = Double(0.0, minimum=0.0, field="_y")
    zscale = Double(0.0, minimum=0.0, field="_z")


class Frustum(Graphics):
    """A truncated cone: radii ``bottom`` at ``cm`` and ``top`` at ``length`` along its z
    axis."""

    cm = Reference(Marker, field="_cm")
    top = Double(0.0, minimum=0.0, field="_top")
    bottom = Double(0.0, minimum=0.0, field="_bottom")
    length = Double(0.0, field="_length")
    end_caps = Enum("OPEN CLOSED TOP_ONLY BOTTOM_ONLY", "CLOSED", no_effect=_DRAWN)


def _read_mesh(filename, elements):
    """The triangle mesh of a file (STL, OBJ and the other formats trimesh reads), or of its
    parts named in ``elements``: (vertices, faces, convex, problem), problem "" when the
    mesh bounds a volume, else what is wrong with it (docs/motionsolve-compatibility.md)."""
    import trimesh  # imported here: only models with meshes need it

    try:
        loaded = trimesh.load(filename)
        if isinstance(loaded, trimesh.Scene):
            missing = [e for e in elements if e not in loaded.geometry]
            if missing:
                names = ", ".join(sorted(loaded.geometry)) or "none"
                return None, None, False, f"has no part named '{missing[0]}' (it has: {names})"
            if elements:
                loaded = trimesh.util.concatenate([loaded.geometry[e] for e in elements])
            else:
                # all its parts in one mesh (to_geometry in trimesh 4.5 and later)
                whole = getattr(loaded, "to_geometry", None)
                loaded = whole() if whole else loaded.dump(concatenate=True)
    except Exception as e:  # trimesh raises many kinds; each means "not readable"
        return None, None, False, f"cannot be read: {type(e).__name__}: {e}"
    if not isinstance(loaded, trimesh.Trimesh) or len(loaded.faces) == 0:
        return None, None, False, "holds no triangle mesh"
    mesh = loaded
    if not mesh.is_watertight:
        problem = "is not closed (not watertight): a contact needs the volume a surface bounds"
    elif not mesh.is_winding_consistent:
        problem = "has faces oriented inconsistently (some normals point inwards)"
    elif mesh.volume < 0:
        problem = f"has inverted normals (its faces point inwards; signed volume {mesh.volume:.6g})"
    else:
        problem = ""
    vertices = np.asarray(mesh.vertices, dtype=float).ravel().tolist()
    faces = np.asarray(mesh.faces, dtype=np.int64).ravel().tolist()
    return vertices, faces, bool(mesh.is_convex) if not problem else False, problem


class External(Graphics):
    """A solid bounded by the triangle mesh of the CAD file ``file`` (STL, OBJ, ...; only
    its parts named in ``element`` when given), in the axes of marker ``rm``. Read with
    trimesh when the model is compiled; a file that cannot be read, is not closed or has
    inverted normals stops a Contact that uses it with an error naming the file."""

    rm = Reference(Marker, field="_cm", doc="Marker whose axes the file's coordinates are in.")
    file = Str(field="_filename", doc="The mesh file (STL, OBJ, ...).")
    element = Str(count=0, doc="The parts of the file to use (all of it when empty).")

    def __init__(self, **kwds):
        self._mesh_key = None
        super().__init__(**kwds)

    def _load_data(self):
        """Read the mesh (again when the file, its parts or its modification time changed)."""
        elements = [self.element] if isinstance(self.element, str) else list(self.element)
        elements = [e for e in elements if e]
        try:
            stamp = os.path.getmtime(self.file)
        except OSError:
            stamp = None
        key = (self.file, tuple(elements), stamp)
        if key == self._mesh_key:
            return
        if stamp is None:
            vertices, faces, convex = [], [], False
            problem = "cannot be read: no such file" if self.file else "is not set (file)"
        else:
            vertices, faces, convex, problem = _read_mesh(self.file, elements)
        self._vertices = vertices or []
        self._faces = faces or []
        self._convex = convex
        self._mesh_problem = problem
        self._mesh_key = key


# -- graphics that only draw ---------------------------------------------------------------


class _Drawing(Graphics):
    """A graphic that only draws: its attributes are kept and written, and checked when the
    model is compiled (the references it needs); it has no effect on the physics and cannot
    be a Contact's solid."""

    # (attribute, what it is): references that must be set
    _needs: tuple = ()

    def _load_data(self):
        """Check the references the graphic needs (Model._prepare_solver)."""
        for name, what in self._needs:
            if getattr(self, name) is None:
                raise _core.ModelError(f"{self._describe()}: {name} ({what}) is not set")


class _Round(_Drawing):
    """An Arc or a Circle: its radius given, or the distance from cm to rm (one of the two)."""

    _needs = (("cm", "the marker at its centre"),)

    def _load_data(self):
        super()._load_data()
        if (self.radius is None) == (self.rm is None):
            raise _core.ModelError(
                f"{self._describe()}: give either radius or rm (the marker whose distance from "
                "cm is the radius), one of the two"
            )


class Arc(_Round):
    """An arc graphic centred on marker ``cm`` in its x-y plane, of ``radius`` (or the
    distance from ``cm`` to ``rm``) over the angle ``rangle`` from cm's x axis, drawn with
    ``seg`` segments. Draws only."""

    cm = Reference(Marker, field="_cm", doc="The marker at the centre.", no_effect=_DRAWN)
    radius = Double(None, optional=True, minimum=0.0, no_effect=_DRAWN)
    rangle = Double(None, optional=True, doc="The angle the arc spans.", no_effect=_DRAWN)
    seg = Int(None, optional=True, doc="The number of segments drawn.", no_effect=_DRAWN)
    rm = Reference(Marker, doc="The marker on the arc (in place of radius).", no_effect=_DRAWN)


class Circle(_Round):
    """A circle graphic centred on marker ``cm`` in its x-y plane, of ``radius`` (or the
    distance from ``cm`` to ``rm``), drawn with ``seg`` segments. Draws only."""

    cm = Reference(Marker, field="_cm", doc="The marker at the centre.", no_effect=_DRAWN)
    radius = Double(None, optional=True, minimum=0.0, no_effect=_DRAWN)
    seg = Int(None, optional=True, doc="The number of segments drawn.", no_effect=_DRAWN)
    rm = Reference(Marker, doc="The marker on the circle (in place of radius).", no_effect=_DRAWN)


class ParamCurve(_Drawing):
    """The graphic of a ``curve`` (a Curve) in the frame of marker ``rm``, drawn with ``seg``
    straight segments. Draws only."""

    _needs = (("curve", "the Curve it draws"),)
    curve = Reference(Curve, doc="The curve drawn.", no_effect=_DRAWN)
    rm = Reference(Marker, field="_cm", doc="The frame of the curve's points.", no_effect=_DRAWN)
    seg = Int(None, optional=True, doc="The number of segments drawn.", no_effect=_DRAWN)


class ParamSurface(_Drawing):
    """The graphic of a ``surface`` (a Surface) in the frame of marker ``rm``, drawn with
    ``U_seg`` by ``V_seg`` segments. Draws only."""

    _needs = (("surface", "the Surface it draws"),)
    surface = Reference(Surface, doc="The surface drawn.", no_effect=_DRAWN)
    rm = Reference(Marker, field="_cm", doc="The frame of the surface's points.", no_effect=_DRAWN)
    U_seg = Int(None, optional=True, doc="The number of segments along u.", no_effect=_DRAWN)
    V_seg = Int(None, optional=True, doc="The number of segments along v.", no_effect=_DRAWN)


class Outline(_Drawing):
    """Line segments between the origins of ``markers``, in their order. Draws only."""

    markers = Reference(Marker, count=0, doc="The markers joined.", no_effect=_DRAWN)

    def _load_data(self):
        if len(self.markers) < 2:
            raise _core.ModelError(
                f"{self._describe()}: markers must list at least 2 markers to join, got "
                f"{len(self.markers)}"
            )
