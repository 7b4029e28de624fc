"""Jupyter views of models and results, and the animation of a run."""

import numpy as np
import pytest

from msolve import *
from msolve.animation import _figures, _place
from msolve.model_views import gruebler_count


def pendulum():
    """A link of length 1 pinned at the origin, its mass centre at its middle."""
    model = Model()
    Accgrav(kgrav=-9.81)
    ground = Part(ground=True)
    link = Part(mass=1.0, ip=[0.1, 0.1, 0.1], cm=Marker(qp=[0.5, 0, 0]))
    model.tip = Marker(part=link, qp=[1, 0, 0])
    pin = dict(qp=[0, 0, 0], zp=[0, 1, 0])
    model.pin = Joint(type="REVOLUTE", i=Marker(part=link, **pin), j=Marker(part=ground, **pin))
    return model


def test_the_html_of_a_model_lists_its_entities_and_degrees_of_freedom():
    model = pendulum()
    text = model._repr_html_()
    assert "1 degrees of freedom" in text
    assert "<td>Marker</td><td>4</td>" in text
    assert "Joint 1" in text


def test_the_gruebler_count():
    model = pendulum()
    assert gruebler_count(model) == 6 - 5
    Motion(joint=model.pin, jtype="ROTATION", function="TIME")
    assert gruebler_count(model) == 0
    free = Model()
    Part(ground=True)
    Part(mass=1, ip=[1, 1, 1])
    PointMass(mass=1)
    assert gruebler_count(free) == 6 + 3
    # a spatial count of the planar four-bar: 3 * 6 - 4 * 5, its redundancy included
    four = Model()
    ground = Part(ground=True)
    bars = [Part(mass=1, ip=[1, 1, 1]) for _ in range(3)]
    pin = dict(zp=[0, 0, 1])
    for a, b in [(bars[0], ground), (bars[1], bars[0]), (bars[2], bars[1]), (ground, bars[2])]:
        Joint(type="REVOLUTE", i=Marker(part=a, **pin), j=Marker(part=b, **pin))
    assert gruebler_count(four) == 3 * 6 - 4 * 5


def test_the_html_of_results_shows_the_last_values():
    run = pendulum().simulate(end=0.2, dtout=0.1, returnResults=True, verbose=False)
    text = run._repr_html_()
    assert "3 outputs" in text
    assert "Part2" in text


def test_the_animation_carries_the_markers_with_their_part(tmp_path):
    model = pendulum()
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True, verbose=False)
    figures, fixed, joints = _figures(run)
    (series, offsets) = figures[0]
    # the pin, the tip and the cm's own marker, from the mass centre at x = 0.5
    assert sorted(offsets[:, 0].tolist()) == [-0.5, 0.0, 0.5]
    tip = offsets[np.argmax(offsets[:, 0])]
    for k in range(len(run.times)):
        pin, end = _place(series, k, np.array([[-0.5, 0, 0], tip]))
        # the pin stays at the ground's pin (the origin), the tip one length away
        np.testing.assert_allclose(pin, 0.0, atol=1e-6)
        assert np.linalg.norm(end - pin) == pytest.approx(1.0, abs=1e-9)
    # the ground's marker of the pin is drawn fixed; the joint at its I marker
    np.testing.assert_allclose(fixed, [[0, 0, 0]])
    assert len(joints) == 1
    gif = run.animate(tmp_path / "pendulum.gif", step=5)
    with pytest.importorskip("PIL.Image").open(gif) as image:
        assert image.n_frames == 5  # outputs 0, 5, 10, 15, 20


def test_the_3d_view_follows_the_run():
    pytest.importorskip("plotly")
    from msolve.animation import figure_3d

    run = pendulum().simulate(end=1.0, dtout=0.05, returnResults=True, verbose=False)
    figure = figure_3d(run, step=5)
    assert len(figure.frames) == 5
    assert [frame.name for frame in figure.frames] == ["0", "0.25", "0.5", "0.75", "1"]
    for frame in figure.frames:
        stick = frame.data[0]
        xyz = np.column_stack([stick.x, stick.y, stick.z])
        # hub (the mass centre) halfway along the link: 0.5 from the pin at the origin
        assert np.linalg.norm(xyz[0]) == pytest.approx(0.5, abs=1e-6)
        # the joint's cross stays at the pin
        joint = frame.data[1]
        assert np.hypot(np.hypot(joint.x[0], joint.y[0]), joint.z[0]) == pytest.approx(0, abs=1e-6)
