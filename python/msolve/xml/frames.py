"""Frame arithmetic shared by the dataset reader and writer.

A Python model gives a part frame (``qg`` and ``reuler`` or ``zg``/``xg``, global) and its
markers in that frame (``qp`` and ``reuler`` or ``zp``/``xp``). A dataset gives every
Reference_Marker in global coordinates (or relative to another marker, ``rm_id``) with its
axes as direction cosines. These functions convert between the two with the same rules as
the solver (``cpp/system/compile.cc``, ``cpp/math/rotation.cc``).
"""

from __future__ import annotations

import math

import numpy as np


def euler313(angles):
    """Rotation matrix of body 3-1-3 Euler angles (psi, theta, phi), radians."""
    psi, theta, phi = angles
    return _rz(psi) @ _rx(theta) @ _rz(phi)


def _rz(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def _rx(a):
    c, s = math.cos(a), math.sin(a)
    return np.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])


def frame_from_points(z_point, x_point):
    """Axes (columns x, y, z) from a point on the z axis and, optionally, a point in the x-z
    plane, both relative to the origin; None when they do not define axes. With no x point,
    x is the reference x axis projected (y when z is nearly along x), as the solver does."""
    z_point = np.asarray(z_point, dtype=float)
    zn = np.linalg.norm(z_point)
    if zn < 1e-14:
        return None
    z = z_point / zn
    if x_point is not None:
        x_point = np.asarray(x_point, dtype=float)
        x = x_point - x_point.dot(z) * z
        if np.linalg.norm(x) < 1e-12 * max(1.0, np.linalg.norm(x_point)):
            return None
    else:
        ref = np.array([1.0, 0.0, 0.0]) if abs(z[0]) < 0.9 else np.array([0.0, 1.0, 0.0])
        x = ref - ref.dot(z) * z
    x = x / np.linalg.norm(x)
    return np.column_stack([x, np.cross(z, x), z])


def axes(reuler, zpoint, xpoint, origin):
    """Axes of a frame given by Euler angles or by points (the solver's rule); identity
    when neither is given. Raises ValueError when the points do not define axes."""
    if reuler is not None:
        return euler313(reuler)
    if zpoint is not None:
        origin = np.asarray(origin, dtype=float)
        x = None if xpoint is None else np.asarray(xpoint, dtype=float) - origin
        found = frame_from_points(np.asarray(zpoint, dtype=float) - origin, x)
        if found is None:
            raise ValueError(
                "the z point coincides with the origin or the x point lies on the z axis"
            )
        return found
    return np.eye(3)


def part_frame(part):
    """(origin, axes) of a Part's frame in global coordinates."""
    origin = np.asarray(tuple(part.qg), dtype=float)
    return origin, axes(part.reuler, _opt(part.zg), _opt(part.xg), origin)


def marker_global(marker, frames):
    """(origin, axes) of a Marker in global coordinates; ``frames`` maps a part to its
    (origin, axes) (a marker without part is taken in global coordinates)."""
    qp = np.asarray(tuple(marker.qp), dtype=float)
    local = axes(marker.reuler, _opt(marker.zp), _opt(marker.xp), qp)
    part = marker.part
    if part is None:
        return qp, local
    origin, rot = frames[id(part)]
    return origin + rot @ qp, rot @ local


def is_identity(origin, rot, tol=0.0):
    return bool(np.all(np.abs(origin) <= tol) and np.all(np.abs(rot - np.eye(3)) <= tol))


def orthonormal_error(rot):
    """How far the matrix is from a proper rotation (max deviation of R^T R from I, and of
    det R from 1)."""
    return max(float(np.max(np.abs(rot.T @ rot - np.eye(3)))), abs(np.linalg.det(rot) - 1.0))


def _opt(value):
    return None if value is None else tuple(value)
