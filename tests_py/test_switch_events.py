"""Switches of the state as integrator events (docs/equations.md §6.10): IF tests, STEP ends,
BISTOP and IMPACT stops and contact gaps are root functions, so that a step ends exactly
at each switch and the integrator restarts there consistently. Each scenario runs under the
default DSTIFF (IDA on the DAE) and under ABAM (CVODE on the ODE form, in joint coordinates
and in body coordinates): CVODE ends its steps at the same switches."""

import math

import numpy as np
import pytest

from msolve import *

# the integrators each scenario runs under: Integrator keywords
INTEGRATORS = [
    pytest.param({}, id="DSTIFF"),
    pytest.param({"type": "ABAM"}, id="ABAM-joint"),
    pytest.param({"type": "ABAM", "coordinates": "BODY"}, id="ABAM-body"),
]

M, K = 2.0, 800.0  # block mass and spring stiffness
W = math.sqrt(K / M)  # free angular frequency
X0 = 0.1  # release position (at rest), spring relaxed at 0


def spring_block(force_of_x, error=1e-7, integrator=None):
    """A block on a translational joint along global x, released at rest at X0, with a
    spring -K x and the extra force `force_of_x(marker id)` (an Sforce expression)."""
    model = Model()
    Integrator(error=error, **(integrator or {}))
    ground = Part(ground=True)
    origin = Marker(part=ground, zp=[1, 0, 0])  # z along the joint: the line of the Sforce
    block = Part(mass=M, ip=[1, 1, 1], qg=[X0, 0, 0], cm=Marker())
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=block, zp=[1, 0, 0]),
        j=Marker(part=ground, zp=[1, 0, 0]),
    )
    Sforce(
        type="TRANSLATION",
        i=block.cm,
        j=origin,
        function=f"-{K}*DX({block.cm.id}, {origin.id})" + force_of_x(block.cm.id, origin.id),
        actiononly=True,
    )
    model.x = Request(type="DISPLACEMENT", i=block.cm, j=origin)
    return model


def nearest_step(run, t):
    return np.min(np.abs(run.stepTimes - t))


@pytest.mark.parametrize("integrator", INTEGRATORS)
def test_block_on_a_spring_meets_a_bistop_at_the_time_of_its_free_motion(integrator):
    # x = X0 cos(W t) until the lower stop at x1 = -0.05: there cos(W t) = x1 / X0
    x1 = -0.05
    hit = math.acos(x1 / X0) / W
    model = spring_block(
        lambda i, j: f" + BISTOP(DX({i},{j}), VX({i},{j}), {x1}, 0.5, 1e5, 1.5, 10, 1e-3)",
        error=1e-9,
        integrator=integrator,
    )
    run = model.simulate(end=0.3, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    assert run.stats["switches"] >= 2  # onto the stop and off it
    assert nearest_step(run, hit) < 1e-7  # the integration error at 1e-9
    # before the impact the motion is the free one
    x = run.getObject(model.x).getComponent("X")
    before = run.times < hit
    np.testing.assert_allclose(x[before], X0 * np.cos(W * run.times[before]), atol=1e-6)


@pytest.mark.parametrize("integrator", INTEGRATORS)
def test_if_switched_force_switches_at_the_exact_time(integrator):
    # a constant push F while x > 0, none after: x = X0 cos(W t) + F/K (1 - cos(W t)) first
    # reaches 0 at cos(W t) = -F/K / (X0 - F/K)
    F = 20.0
    c = F / K
    switch = math.acos(-c / (X0 - c)) / W
    model = spring_block(
        lambda i, j: f" + IF(DX({i},{j}): 0, 0, {F})", error=1e-9, integrator=integrator
    )
    run = model.simulate(end=0.2, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    assert run.stats["switches"] >= 1
    assert nearest_step(run, switch) < 1e-7
    # after the switch: free oscillation from x = 0 with the velocity reached there
    v_switch = -W * (X0 - c) * math.sin(W * switch)
    x = run.getObject(model.x).getComponent("X")
    after = run.times > switch
    tau = run.times[after] - switch
    expected = v_switch / W * np.sin(W * tau)
    # the spring-only motion stays at x < 0 for half a period after the switch
    inside = tau < math.pi / W
    np.testing.assert_allclose(x[after][inside], expected[inside], atol=1e-6)


@pytest.mark.parametrize("integrator", INTEGRATORS)
def test_many_switches_stay_fast(integrator):
    # 40 IF terms that switch at different positions: every crossing is an event, and each
    # restart costs a few steps, not a collapse of the step size
    def terms(i, j):
        return "".join(f" + IF(DX({i},{j}) - {-0.09 + 0.0045 * k}: 0, 0, 0.5)" for k in range(40))

    model = spring_block(terms, error=1e-6, integrator=integrator)
    run = model.simulate(end=0.5, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    # 5 oscillations across most of the 40 switch positions, each way
    assert run.stats["switches"] >= 80
    assert run.stats["steps"] < 20 * run.stats["switches"]
    assert np.diff(run.stepTimes).min() > 1e-10


G = 9.81
R = 0.1
Z0 = 1.0


@pytest.mark.parametrize("integrator", INTEGRATORS)
def test_ball_dropped_on_a_plane_lands_at_the_free_fall_time_without_a_sensor(integrator):
    model = Model()
    Units(system="MKS")
    Accgrav(kgrav=-G)
    Integrator(error=1e-7, **integrator)
    ground = Part(ground=True)
    floor = Box(cm=Marker(part=ground, qp=[0, 0, -0.5]), x=10, y=10, z=1)
    ball = Part(mass=1.0, ip=[4e-3, 4e-3, 4e-3], qg=[0, 0, Z0], cm=Marker())
    Contact(
        igeom=Sphere(cm=ball.cm, radius=R),
        jgeom=floor,
        type="IMPACT",
        stiffness=1e6,
        exponent=1.5,
        damping=100,
        dmax=1e-3,
    )
    run = model.simulate(end=0.5, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    fall = math.sqrt(2 * (Z0 - R) / G)
    assert nearest_step(run, fall) < 1e-6
    assert run.stats["switches"] >= 2  # onset and release
