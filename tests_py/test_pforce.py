"""Penalty constraints (Pforce, XML Force_Penalty): the generalised force
-s(g) (penalty g + penalty1 g') grad g on the coordinates the function g reads
(docs/equations.md §3.15).

A pendulum held by a penalty on its length converges to the rigid pendulum as the penalty
grows, within the bound of the stretch it allows; a unilateral penalty floor lets a ball
fall freely above it and holds it at the penetration m g / penalty; the dataset element
round-trips."""

import math

import numpy as np
import pytest
from scipy.special import ellipk

from msolve import *

G = 9.81


def penalty_pendulum(penalty, radius=0.5, mass=2.0, penalty1=0.0):
    """The bob of test_gcon.circle_pendulum held on its circle by a Pforce on
    g = sqrt(x^2 + y^2) - R (a length: penalty is a stiffness)."""
    model = Model()
    Accgrav(jgrav=-G)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    origin = Marker(part=ground)
    bob = Part(mass=mass, ip=[1e-4, 1e-4, 1e-4], cm=Marker(qp=[radius, 0, 0]))
    m = bob.cm.id
    model.pforce = Pforce(
        function=f"SQRT(DX({m})**2 + DY({m})**2) - {radius}", penalty=penalty, penalty1=penalty1
    )
    model.pos = Request(type="DISPLACEMENT", i=bob.cm, j=origin)
    return model


def quarter_period(model):
    run = model.simulate(end=0.5, dtout=0.0005, returnResults=True)
    t = run.times
    x = run.getObject(model.pos).getComponent("X")
    k = np.argmax(x < 0)
    return t[k - 1] + (t[k] - t[k - 1]) * x[k - 1] / (x[k - 1] - x[k]), run


def test_penalty_pendulum_converges_to_the_rigid_pendulum():
    radius, mass = 0.5, 2.0
    rigid = math.sqrt(radius / G) * ellipk(0.5)  # a quarter of the rigid period
    errors = []
    for penalty in (1e4, 1e5, 1e6):
        quarter, _ = quarter_period(penalty_pendulum(penalty, radius, mass))
        errors.append(abs(quarter - rigid) / rigid)
        # the stretch is at most twice the static one under the largest tension 3 m g
        # (release from the horizontal), so the length is within 6 m g / penalty of R and the
        # period, which scales as sqrt(length), within half that relatively
        assert errors[-1] <= 3 * mass * G / (penalty * radius)
    assert errors[0] > errors[1] > errors[2]


def test_penalty_stretch_stays_within_its_bound():
    radius, mass, penalty = 0.5, 2.0, 1e5
    model = penalty_pendulum(penalty, radius, mass)
    run = model.simulate(end=0.5, dtout=0.001, returnResults=True)
    x = run.getObject(model.pos).getComponent("X")
    y = run.getObject(model.pos).getComponent("Y")
    stretch = np.hypot(x, y) - radius
    # a spring of stiffness `penalty` carrying at most 3 m g, released unstretched: at most
    # twice the static stretch
    assert np.max(np.abs(stretch)) <= 2 * 3 * mass * G / penalty
    assert np.max(stretch) > 0.5 * mass * G / penalty  # it does stretch


def floor_ball(penalty=1e5, penalty1=200.0, height=0.1, mass=0.5, smoothing=0.0):
    model = Model()
    Accgrav(jgrav=-G)
    Integrator(error=1e-8)
    ground = Part(ground=True)
    origin = Marker(part=ground)
    ball = Part(mass=mass, ip=[1e-3, 1e-3, 1e-3], cm=Marker(qp=[0, height, 0]))
    model.floor = Pforce(
        function=f"DY({ball.cm.id})",
        penalty=penalty,
        penalty1=penalty1,
        unilateral=True,
        smoothing_factor=smoothing,
    )
    model.pos = Request(type="DISPLACEMENT", i=ball.cm, j=origin)
    return model


def test_unilateral_floor_lets_the_ball_fall_then_holds_it():
    height, mass, penalty = 0.1, 0.5, 1e5
    model = floor_ball(penalty=penalty, height=height, mass=mass)
    run = model.simulate(end=2.0, dtout=0.001, returnResults=True)
    t = run.times
    y = run.getObject(model.pos).getComponent("Y")
    # free fall above the floor (g > 0: no force at all)
    before = t < math.sqrt(2 * height / G) - 0.01
    np.testing.assert_allclose(y[before], height - G * t[before] ** 2 / 2, atol=1e-8)
    # at rest on the floor: the penetration of the static balance, m g / penalty
    assert y[-1] == pytest.approx(-mass * G / penalty, rel=1e-3)


def test_unilateral_floor_with_smoothing_rests_where_the_ramped_force_carries_the_weight():
    # s(g) = STEP's cubic over [0, -w]: at rest s(y) penalty (-y) = m g
    mass, penalty, width = 0.5, 1e5, 1e-3
    model = floor_ball(penalty=penalty, mass=mass, smoothing=width)
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    y = run.getObject(model.pos).getComponent("Y")[-1]
    z = min(1.0, -y / width)
    assert z * z * (3 - 2 * z) * penalty * (-y) == pytest.approx(mass * G, rel=1e-3)


def test_pforce_round_trips_through_a_dataset(tmp_path):
    model = floor_ball(smoothing=1e-3)
    model.floor.label = "floor"
    path = tmp_path / "pforce.xml"
    model.save_model(str(path))
    assert "<Force_Penalty" in path.read_text()
    loaded = load_model(str(path))
    (pforce,) = [e for e in loaded._entities if isinstance(e, Pforce)]
    for name in ("function", "penalty", "penalty1", "unilateral", "smoothing_factor", "label"):
        assert getattr(pforce, name) == getattr(model.floor, name)


def test_a_pforce_of_time_only_is_refused_naming_it():
    model = floor_ball()
    model.floor.function = "TIME"
    with pytest.raises((MsolveError, ModelError)) as info:
        model.simulate(end=0.1, dtout=0.01)
    assert "Pforce 1" in str(info.value)


@pytest.mark.parametrize(
    ("attribute", "value", "error"),
    [("penalty", -1.0, ValueError), ("penalty1", -1.0, ValueError), ("function", 5j, TypeError)],
)
def test_a_wrong_value_names_the_pforce_and_the_attribute(attribute, value, error):
    Model()
    with pytest.raises(error, match=rf"^Pforce( \d+)?: attribute '{attribute}'"):
        Pforce(**{attribute: value})
