"""MotionSolve's MDL functions in msolve: points located from other points, directions and
markers, computed when called (docs/motionsolve-compatibility.md §2.4, "MDL-like
functions").

Each returns a ``Point`` in global coordinates. A point argument may be a ``Point``, three
numbers or a ``Marker`` (its origin); a direction a ``Vector`` or three numbers. A ``Dv``
counts as the number it stands for at the time of the call: the point returned does not
follow later changes of the Dv (msolve has no design sensitivity analysis). Markers are
taken where their attributes put them (their part's frame as given by qg, zg, xg, zv,
xv, reuler; ``rm`` chains followed), before any simulation moves them.
"""

from __future__ import annotations

import numpy as np

from .bodies import Marker
from .mdl_like import _frame, _named, _point
from .properties import Point, Vector

# the public functions of this module, exported by msolve (msolve/__init__.py)
__all__ = ["loc_along_dir", "loc_between", "loc_cylindrical", "loc_mirror", "loc_rel_to"]

# loc_mirror's planes: the marker axis normal to each (0 x, 1 y, 2 z)
_PLANE_NORMAL = {"xy": 2, "yx": 2, "yz": 0, "zy": 0, "zx": 1, "xz": 1}


def marker_frame(marker, what="marker"):
    """(origin, axes) of a marker in global coordinates, its axes the columns."""
    if not isinstance(marker, Marker):
        raise TypeError(f"{what} must be a Marker, got {marker!r}")
    from .placement import _Resolver  # placement imports the bodies; loaded on use

    resolver = _Resolver([])
    # the frames of the parts on the rm chain, zv and xv included (the resolver alone
    # reads a part outside a compile by qg, zg, xg, reuler)
    seen, link = set(), marker
    while isinstance(link, Marker) and id(link) not in seen:
        seen.add(id(link))
        if hasattr(link.part, "qg"):
            resolver.part_frames[id(link.part)] = _frame(link.part)
        link = link.rm
    origin, axes = resolver.marker_global(marker)
    return np.asarray(origin, dtype=float), np.asarray(axes, dtype=float)


def _location(value, what):
    """A point argument: a Marker stands for its origin."""
    if isinstance(value, Marker):
        return marker_frame(value, what)[0]
    if value is None:
        raise TypeError(f"{what} is required (a Point, a Marker or 3 numbers)")
    return _point(value, what)


def _number(value, what):
    if isinstance(value, (bool, str)):
        raise TypeError(f"{what} must be a number, got {value!r}")
    try:
        value = float(value)  # a number, a Dv, a NumPy scalar
    except (TypeError, ValueError):
        raise TypeError(f"{what} must be a number, got {value!r}") from None
    if not np.isfinite(value):
        raise ValueError(f"{what} must be finite, got {value!r}")
    return value


def _as_point(vector):
    return Point(*(float(v) for v in vector))


@_named
def loc_rel_to(point, marker):
    """The global coordinates of ``point`` given in the frame of ``marker``:
    origin + R (x, y, z). A Marker as ``point`` gives its (global) coordinates."""
    local = _location(point, "point")
    origin, axes = marker_frame(marker)
    return _as_point(origin + axes @ local)


@_named
def loc_cylindrical(coord, rm):
    """The global coordinates of the cylindrical coordinates ``coord`` = (r, theta, z)
    in the frame of ``rm``, theta in degrees about its z axis from its x axis."""
    r, theta, z = _point(coord, "coord")
    origin, axes = marker_frame(rm, "rm")
    angle = np.radians(theta)
    return _as_point(origin + axes @ np.array([r * np.cos(angle), r * np.sin(angle), z]))


@_named
def loc_between(first_point, end_point, dist_ratio):
    """The point p with (p - first_point) = dist_ratio (end_point - first_point)."""
    a = _location(first_point, "first_point")
    b = _location(end_point, "end_point")
    ratio = _number(dist_ratio, "dist_ratio")
    return _as_point(a + ratio * (b - a))


@_named
def loc_along_dir(origin, vector, distance):
    """The point at ``distance`` from ``origin`` along the direction ``vector``
    (a negative distance goes the other way)."""
    start = _location(origin, "origin")
    direction = _point(vector, "vector")
    norm = np.linalg.norm(direction)
    if norm == 0.0:
        raise ValueError(f"vector gives no direction (zero length): {vector!r}")
    return _as_point(start + _number(distance, "distance") * direction / norm)


@_named
def loc_mirror(master_point, ref_marker, plane):
    """The mirror image of ``master_point`` in the plane ``plane`` ("xy", "yz" or "zx")
    of ``ref_marker``: the plane through its origin normal to its z, x or y axis."""
    p = _location(master_point, "master_point")
    origin, axes = marker_frame(ref_marker, "ref_marker")
    key = plane.strip().lower() if isinstance(plane, str) else None
    if key not in _PLANE_NORMAL:
        raise ValueError(f'plane must be one of "xy", "yz", "zx", got {plane!r}')
    n = axes[:, _PLANE_NORMAL[key]]
    return _as_point(p - 2.0 * ((p - origin) @ n) * n)


def marker_dc(marker):
    """``Marker.dc()``: the marker's x, y and z axes as global Vectors."""
    _, axes = marker_frame(marker)
    return tuple(Vector(*(float(v) for v in axes[:, k])) for k in range(3))
