"""Pictures of a run: ``run.animate()``, the mechanism moving as the results say.

Each part is drawn as a stick figure: a dot at its mass centre and lines to its markers,
carried by the part's position and orientation at each output (markers are given in the
part frame: docs/conventions.md §1.2, §1.3); the ground's markers are fixed points and each
joint a cross at its I marker. matplotlib draws it (imported when used): a GIF (Pillow) or
an MP4 (ffmpeg) file from scripts, an HTML player in Jupyter. Results read from a file have
no model: their parts are dots at the mass centres.
"""

from __future__ import annotations

import numpy as np

from . import _core
from .bodies import Marker, Part, PointMass
from .constraints import Joint, Jprim


def _vector(value):
    try:
        return np.array([float(v) for v in value], dtype=float)
    except TypeError:
        return np.zeros(3)


def _figures(results):
    """Per body: (series, offsets of its markers from its mass centre in the part frame);
    the ground markers' positions; the joints' I markers (body series or None, offset)."""
    bodies = [s for s in results.objects if isinstance(s.entity, (Part, PointMass))]
    model = None
    for series in bodies:
        model = series.entity.__dict__.get("_model") or model
    markers = model.getChildren(Marker) if model is not None else []
    figures, where = [], {}
    for series in bodies:
        part = series.entity
        cm = _vector(part.cm.qp) if getattr(part, "cm", None) is not None else np.zeros(3)
        offsets = [_vector(m.qp) - cm for m in markers if m.part is part]
        where[id(part)] = (series, cm)
        figures.append((series, np.array(offsets).reshape(-1, 3)))
    fixed = [_vector(m.qp) for m in markers if m.part is not None and m.part.ground]
    joints = []
    if model is not None:
        for joint in [*model.getChildren(Joint), *model.getChildren(Jprim)]:
            marker = joint.i
            if marker is None or marker.part is None:
                continue
            series, cm = where.get(id(marker.part), (None, np.zeros(3)))
            joints.append((series, _vector(marker.qp) - cm))
    return figures, np.array(fixed).reshape(-1, 3), joints


def _place(series, step, offsets):
    """The global positions of points given in a body's part frame from its mass centre."""
    values = series.values[step]
    rotation = np.asarray(_core._euler_parameters_to_matrix(values[3:7]))
    return values[:3] + offsets @ rotation.T


def animate(results, path=None, step=1, fps=25, dpi=80):
    """The mechanism over the outputs of ``results`` (every ``step``-th). ``path`` ending in
    ``.gif`` or ``.mp4``: the animation written there (returns the path); none: in Jupyter
    an HTML player (IPython.display.HTML), elsewhere the matplotlib FuncAnimation."""
    import matplotlib.pyplot as plt
    from matplotlib.animation import FuncAnimation

    figures, fixed, joints = _figures(results)
    if not figures:
        raise ValueError("animate: the results hold no moving part to draw")
    steps = list(range(0, len(results.times), max(int(step), 1)))
    # the extent of every point over the run, for fixed axes
    points = [fixed] if len(fixed) else []
    for series, offsets in figures:
        for k in steps:
            points.append(_place(series, k, np.vstack([np.zeros(3), offsets])))
    cloud = np.vstack(points)
    low, high = cloud.min(axis=0), cloud.max(axis=0)
    half = max(float((high - low).max()) / 2, 1e-9) * 1.1
    middle = (low + high) / 2

    fig = plt.figure(figsize=(5, 5), dpi=dpi)
    ax = fig.add_subplot(projection="3d")
    for axis, c in zip("xyz", middle):
        getattr(ax, f"set_{axis}lim")(c - half, c + half)
        getattr(ax, f"set_{axis}label")(axis)
    if len(fixed):
        ax.scatter(*fixed.T, color="gray", marker="s", s=12)
    sticks = [ax.plot([], [], [], "o-", markevery=[0])[0] for _ in figures]
    crosses = ax.plot([], [], [], "kx", linestyle="none")[0]
    label = ax.set_title("")

    def draw(k):
        for line, (series, offsets) in zip(sticks, figures):
            hub = _place(series, k, np.zeros((1, 3)))[0]
            ends = _place(series, k, offsets)
            # mass centre, then out to each marker and back
            path_points = [hub]
            for end in ends:
                path_points += [end, hub]
            xyz = np.array(path_points)
            line.set_data(xyz[:, 0], xyz[:, 1])
            line.set_3d_properties(xyz[:, 2])
        at = [_place(s, k, o[None, :])[0] if s is not None else o for s, o in joints]
        if at:
            xyz = np.array(at)
            crosses.set_data(xyz[:, 0], xyz[:, 1])
            crosses.set_3d_properties(xyz[:, 2])
        label.set_text(f"t = {results.times[k]:.4g}")
        return [*sticks, crosses, label]

    animation = FuncAnimation(fig, draw, frames=steps, interval=1000 / fps, blit=False)
    if path is not None:
        path = str(path)
        writer = "pillow" if path.lower().endswith(".gif") else "ffmpeg"
        animation.save(path, writer=writer, fps=fps, dpi=dpi)
        plt.close(fig)
        return path
    from .progress import _in_notebook

    if _in_notebook():
        from IPython.display import HTML

        player = HTML(animation.to_jshtml(fps=fps))
        plt.close(fig)
        return player
    return animation
