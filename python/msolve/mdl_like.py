"""MotionSolve's MDL-like modelling functions: a joint between two bodies from a global
location and axis, its I and J markers created on the bodies.

``createRevoluteJoint(ibody, jbody, location, axis, **kwds)`` and its siblings return the
Joint; ``kwds`` are further Joint attributes (``label``, ``ic``, ...). A direction argument
given as a ``Vector`` is a direction; anything else (a ``Point``, a list) is the end point
of the axis, as MotionSolve reads them. Locations and axes are global; the markers are
placed in their body's frame as it is when the function is called.
"""

from __future__ import annotations

import functools

import numpy as np

from . import _core
from .bodies import Marker, Part
from .constraints import Joint
from .properties import Point, Vector

# the public functions of this module, exported by msolve (msolve/__init__.py)
__all__ = [
    "createCylindricalJoint",
    "createFixedJoint",
    "createPlanarJoint",
    "createRevoluteJoint",
    "createSphericalJoint",
    "createTranslationalJoint",
    "createUJoint",
]


def _point(value, what):
    if value is None:
        return np.zeros(3)
    try:
        point = np.asarray(tuple(value), dtype=float)
    except (TypeError, ValueError):
        raise TypeError(f"{what} must be a Point or 3 numbers, got {value!r}") from None
    if point.shape != (3,) or not np.all(np.isfinite(point)):
        raise ValueError(f"{what} must be a Point or 3 finite numbers, got {value!r}")
    return point


def _direction(value, location, what):
    """A unit direction: a Vector as it is, a point as the end of the axis from location."""
    if value is None:
        return None
    point = _point(value, what)
    vector = point if isinstance(value, Vector) else point - location
    norm = np.linalg.norm(vector)
    if norm == 0.0:
        raise ValueError(f"{what} gives no direction (zero length): {value!r}")
    return vector / norm


def _opt(value):
    return None if value is None else np.asarray(tuple(value), dtype=float)


def _frame(body):
    """(origin, axes) of a body's frame (global), the solver's rule for Part frames: the
    axes from reuler, or from the points zg, xg or the directions zv, xv."""
    origin = _point(body.qg, "qg")
    zv, xv = _opt(getattr(body, "zv", None)), _opt(getattr(body, "xv", None))
    zg = _opt(body.zg) if zv is None else origin + zv
    xg = _opt(body.xg) if xv is None else origin + xv
    try:
        axes = _core._frame_axes(_opt(body.reuler), zg, xg, origin)
    except ValueError as e:
        raise ValueError(f"{body._describe()}: {e}") from None
    return origin, np.asarray(axes)


def _marker_on(body, location, z, x, role, label):
    if not isinstance(body, Part):
        raise TypeError(f"{role}body must be a Part, got {body!r}")
    origin, rot = _frame(body)
    qp = rot.T @ (location - origin)
    kwds = {"part": body, "qp": Point(*qp)}
    if z is not None:
        kwds["zp"] = Point(*(qp + rot.T @ z))
        if x is not None:
            kwds["xp"] = Point(*(qp + rot.T @ x))
    if label:
        kwds["label"] = f"{label} {role.upper()}"
    return Marker(**kwds)


def _named(function):
    """Errors of the arguments name the function that was called."""

    def call(*args, **kwds):
        try:
            return function(*args, **kwds)
        except (TypeError, ValueError) as e:
            text = str(e)
            if text.startswith(function.__name__):
                raise
            raise type(e)(f"{function.__name__}: {text}") from None

    # the documented signature shows in help() and inspect.signature (__wrapped__)
    return functools.wraps(function)(call)


def _joint(kind, ibody, jbody, location, iz, jz, kwds, ix=None, jx=None):
    # everything checked before anything is created: a refused call leaves no entity behind
    for role, body in (("i", ibody), ("j", jbody)):
        if not isinstance(body, Part):
            raise TypeError(f"{role}body must be a Part, got {body!r}")
    joint = Joint(type=kind, **kwds)
    label = kwds.get("label", "")
    joint.i = _marker_on(ibody, location, iz, ix, "i", label)
    joint.j = _marker_on(jbody, location, jz, jx, "j", label)
    return joint


@_named
def createSphericalJoint(ibody, jbody, location=None, **kwds):
    """A SPHERICAL joint at ``location`` (global; the origin when None)."""
    at = _point(location, "location")
    return _joint("SPHERICAL", ibody, jbody, at, None, None, kwds)


@_named
def createRevoluteJoint(ibody, jbody, location=None, axis=None, **kwds):
    """A REVOLUTE joint at ``location`` turning about ``axis`` (a Vector, or the end point
    of the axis; global z when None)."""
    at = _point(location, "location")
    z = _direction(axis, at, "axis")
    z = np.array([0.0, 0.0, 1.0]) if z is None else z
    return _joint("REVOLUTE", ibody, jbody, at, z, z, kwds)


@_named
def createTranslationalJoint(ibody, jbody, location=None, axis=None, **kwds):
    """A TRANSLATIONAL joint at ``location`` sliding along ``axis`` (global z when None)."""
    at = _point(location, "location")
    z = _direction(axis, at, "axis")
    z = np.array([0.0, 0.0, 1.0]) if z is None else z
    return _joint("TRANSLATIONAL", ibody, jbody, at, z, z, kwds)


@_named
def createCylindricalJoint(ibody, jbody, location=None, axis=None, **kwds):
    """A CYLINDRICAL joint at ``location`` along ``axis`` (global z when None)."""
    at = _point(location, "location")
    z = _direction(axis, at, "axis")
    z = np.array([0.0, 0.0, 1.0]) if z is None else z
    return _joint("CYLINDRICAL", ibody, jbody, at, z, z, kwds)


@_named
def createPlanarJoint(ibody, jbody, location=None, axis=None, **kwds):
    """A PLANAR joint at ``location``: the plane's normal is ``axis`` (global z when None)."""
    at = _point(location, "location")
    z = _direction(axis, at, "axis")
    z = np.array([0.0, 0.0, 1.0]) if z is None else z
    return _joint("PLANAR", ibody, jbody, at, z, z, kwds)


@_named
def createFixedJoint(ibody, jbody, location=None, **kwds):
    """A FIXED joint at ``location`` (markers with the global axes)."""
    at = _point(location, "location")
    z, x = np.array([0.0, 0.0, 1.0]), np.array([1.0, 0.0, 0.0])
    return _joint("FIXED", ibody, jbody, at, z, z, kwds, x, x)


@_named
def createUJoint(ibody, jbody, location=None, ishaft=None, jshaft=None, **kwds):
    """A UNIVERSAL joint at ``location`` between the shaft of ``ibody`` along ``ishaft``
    and the shaft of ``jbody`` along ``jshaft`` (each a Vector, or the end point of the
    shaft). The markers' z axes are the cross pins, as the UNIVERSAL joint reads them
    (z_I.z_J = 0): z_J along n = ishaft x jshaft (perpendicular to both shafts), z_I along
    ishaft x n; each marker's x axis lies along its own shaft."""
    at = _point(location, "location")
    a = _direction(ishaft, at, "ishaft")
    b = _direction(jshaft, at, "jshaft")
    if a is None or b is None:
        raise TypeError("createUJoint: ishaft and jshaft are required")
    n = np.cross(a, b)
    if np.linalg.norm(n) < 1e-9:
        # aligned shafts: any pin perpendicular to them
        n = np.cross(a, [1.0, 0.0, 0.0] if abs(a[0]) < 0.9 else [0.0, 1.0, 0.0])
    n /= np.linalg.norm(n)
    pin_i = np.cross(a, n)
    return _joint("UNIVERSAL", ibody, jbody, at, pin_i, n, kwds, a, b)
