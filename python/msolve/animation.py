"""Pictures of a run: ``run.animate()``, the mechanism moving as the results say.

Each part is drawn as a stick figure: a dot at its mass centre and lines to its markers,
carried by the part's position and orientation at each output (markers are given in the
part frame: docs/conventions.md §1.2, §1.3); the ground's markers are fixed points and each
joint a cross at its I marker. In Jupyter an interactive 3D view (plotly: turn, zoom, play;
``figure_3d``), or without plotly a matplotlib HTML player; from scripts a GIF (Pillow) or
an MP4 (ffmpeg) file (matplotlib). The libraries are imported when used. Results read from
a file have no model: their parts are dots at the mass centres.
"""

from __future__ import annotations

import numpy as np

from . import _core
from .bodies import Marker, Part, PointMass
from .constraints import Joint, Jprim
from .progress import _in_notebook


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


def _sticks(figures, k):
    """Per body at output k: its stick figure, mass centre out to each marker and back."""
    out = []
    for series, offsets in figures:
        hub = _place(series, k, np.zeros((1, 3)))[0]
        path_points = [hub]
        for end in _place(series, k, offsets):
            path_points += [end, hub]
        out.append(np.array(path_points))
    return out


def _joint_points(joints, k):
    at = [_place(s, k, o[None, :])[0] if s is not None else o for s, o in joints]
    return np.array(at).reshape(-1, 3)


def figure_3d(results, step=1, fps=25):
    """An interactive 3D view (plotly): turn and zoom it, play the run with its slider."""
    import plotly.graph_objects as go

    figures, fixed, joints = _figures(results)
    steps = list(range(0, len(results.times), max(int(step), 1)))

    def traces(k):
        shown = [
            go.Scatter3d(
                x=xyz[:, 0],
                y=xyz[:, 1],
                z=xyz[:, 2],
                mode="lines+markers",
                name=series.channel,
                marker={"size": 3},
            )
            for xyz, (series, _) in zip(_sticks(figures, k), figures)
        ]
        at = _joint_points(joints, k)
        shown.append(
            go.Scatter3d(
                x=at[:, 0],
                y=at[:, 1],
                z=at[:, 2],
                mode="markers",
                name="joints",
                marker={"symbol": "x", "size": 4},
            )
        )
        return shown

    ground = go.Scatter3d(
        x=fixed[:, 0],
        y=fixed[:, 1],
        z=fixed[:, 2],
        mode="markers",
        name="ground",
        marker={"symbol": "square", "size": 3},
    )
    frames = [go.Frame(data=traces(k), name=f"{results.times[k]:.4g}") for k in steps]
    figure = go.Figure(data=[*traces(steps[0]), ground], frames=frames)
    delay = 1000 / fps
    figure.update_layout(
        scene={"aspectmode": "data"},
        updatemenus=[
            {
                "type": "buttons",
                "buttons": [
                    {
                        "label": "play",
                        "method": "animate",
                        "args": [None, {"frame": {"duration": delay}, "fromcurrent": True}],
                    }
                ],
            }
        ],
        sliders=[
            {
                "steps": [
                    {
                        "label": f.name,
                        "method": "animate",
                        "args": [[f.name], {"mode": "immediate", "frame": {"duration": 0}}],
                    }
                    for f in frames
                ],
                "currentvalue": {"prefix": "t = "},
            }
        ],
    )
    return figure


def animate(results, path=None, step=1, fps=25, dpi=80):
    """The mechanism over the outputs of ``results`` (every ``step``-th). ``path`` ending in
    ``.gif`` or ``.mp4``: the animation written there (returns the path); none: in Jupyter
    an HTML player (IPython.display.HTML), elsewhere the matplotlib FuncAnimation."""
    import matplotlib.pyplot as plt
    from matplotlib.animation import FuncAnimation

    figures, fixed, joints = _figures(results)
    if not figures:
        raise ValueError("animate: the results hold no moving part to draw")
    if path is None and _in_notebook():
        try:
            return figure_3d(results, step, fps)
        except ImportError:
            pass  # without plotly: the matplotlib player below
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
        for line, xyz in zip(sticks, _sticks(figures, k)):
            line.set_data(xyz[:, 0], xyz[:, 1])
            line.set_3d_properties(xyz[:, 2])
        xyz = _joint_points(joints, k)
        if len(xyz):
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
    if _in_notebook():
        from IPython.display import HTML

        player = HTML(animation.to_jshtml(fps=fps))
        plt.close(fig)
        return player
    return animation
