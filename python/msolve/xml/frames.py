"""Frame arithmetic shared by the dataset reader and writer.

A Python model gives a part frame (``qg`` and ``reuler`` or ``zg``/``xg``, global) and its
markers in that frame (``qp`` and ``reuler`` or ``zp``/``xp``). A dataset gives every
Reference_Marker in global coordinates (or relative to another marker, ``rm_id``) with its
axes as direction cosines. These functions convert between the two with the solver's
rules: the rotations are those of ``cpp/math/rotation.h`` (through ``_core``), composed as
``cpp/system/compile/bodies.cc`` composes them.
"""

from __future__ import annotations

import numpy as np

from msolve import _core


def euler313(angles):
    """Rotation matrix of body 3-1-3 Euler angles (psi, theta, phi), radians."""
    return _core._euler313_to_matrix(np.asarray(angles, dtype=float))


def axes(reuler, zpoint, xpoint, origin):
    """Axes of a frame given by Euler angles or by points (the solver's rule,
    ``math::FrameAxes``); identity when neither is given. Raises ValueError when the points
    do not define axes or both ways are given."""
    return _core._frame_axes(
        _vector(reuler), _vector(zpoint), _vector(xpoint), np.asarray(origin, dtype=float)
    )


def _vector(value):
    return None if value is None else np.asarray(value, dtype=float)


def part_frame(part):
    """(origin, axes) of a Part's (or a PointMass's) frame in global coordinates."""
    origin = np.asarray(tuple(part.qg), dtype=float)
    zpoint, xpoint = _opt(part.zg), _opt(part.xg)
    # a PointMass may give the directions of its axes, zv and xv
    zv, xv = getattr(part, "zv", None), getattr(part, "xv", None)
    if zv is not None or xv is not None:
        if zpoint is not None or xpoint is not None:
            raise ValueError("give the axes either by the points zg/xg or by the directions zv/xv")
        zpoint = None if zv is None else origin + np.asarray(tuple(zv), dtype=float)
        xpoint = None if xv is None else origin + np.asarray(tuple(xv), dtype=float)
    return origin, axes(part.reuler, zpoint, xpoint, origin)


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
    return _core._orthonormal_error(np.asarray(rot, dtype=float))


def _opt(value):
    return None if value is None else tuple(value)
