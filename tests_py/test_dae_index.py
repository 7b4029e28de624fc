"""MotionSolve's dae_index (docs/equations.md §6.1): 2 runs the DAE integrators on the
stabilised index-2 form (SI2, the default), 3 on the index-3 form (I3), whose error test
sees the positions only and whose velocity constraints are reported but not enforced."""

import math

import numpy as np
import pytest
from scipy.integrate import solve_ivp

from msolve import *

G = 9.81


def pendulum(amplitude, error, **integrator):
    """A 1 m pendulum (point-like bob, 1 kg) released at rest `amplitude` rad from below."""
    model = Model()
    Accgrav(jgrav=-G)
    Integrator(error=error, **integrator)
    ground = Part(ground=True)
    pivot = Marker(part=ground)
    bob = Part(
        mass=1.0,
        ip=[1e-6, 1e-6, 1e-6],
        cm=Marker(qp=[math.sin(amplitude), -math.cos(amplitude), 0]),
    )
    Joint(type="REVOLUTE", i=Marker(part=bob), j=pivot)
    model.pos = Request(type="DISPLACEMENT", i=bob.cm, j=pivot)
    model.vel = Request(type="VELOCITY", i=bob.cm, j=pivot)
    return model


def four_bar(error, dae_index):
    """A crank-rocker four-bar (crank 0.3 m, coupler 1 m, rocker 0.8 m, ground 1 m) under
    gravity, the crank started at 4 rad/s."""
    model = Model()
    Accgrav(jgrav=-G)
    Integrator(type="DSTIFF", error=error, dae_index=dae_index)
    ground = Part(ground=True)
    a, d, b = np.zeros(3), np.array([1.0, 0.0, 0.0]), np.array([0.0, 0.3, 0.0])
    dx, dy = d[0] - b[0], d[1] - b[1]
    dist = math.hypot(dx, dy)
    along = (1.0**2 - 0.8**2 + dist**2) / (2 * dist)
    h = math.sqrt(1.0**2 - along**2)
    c = b + along * np.array([dx, dy, 0]) / dist + h * np.array([-dy, dx, 0]) / dist

    def link(p, q, mass):
        return Part(mass=mass, ip=[1e-3, 0.05, 0.05], cm=Marker(qp=list((p + q) / 2)))

    crank, coupler, rocker = link(a, b, 1.0), link(b, c, 2.0), link(c, d, 1.5)
    for i, j, p in [
        (crank, ground, a),
        (coupler, crank, b),
        (rocker, coupler, c),
        (rocker, ground, d),
    ]:
        Joint(type="REVOLUTE", i=Marker(part=i, qp=list(p)), j=Marker(part=j, qp=list(p)))
    crank.wz = 4.0
    crank.vx = -4.0 * 0.15
    model.tip = Request(
        type="DISPLACEMENT", i=Marker(part=rocker, qp=list(c)), j=Marker(part=ground)
    )
    return model


def downward_crossings(t, x):
    k = np.where((x[:-1] > 0) & (x[1:] <= 0))[0]
    return t[k] - x[k] * (t[k + 1] - t[k]) / (x[k + 1] - x[k])


@pytest.mark.parametrize("integrator_type", ["GSTIFF", "DSTIFF", "HSTIFF"])
def test_index_three_pendulum_follows_the_small_angle_period(integrator_type):
    # period 2 pi sqrt(L/g) (1 + a^2/16), the small-angle one with its first amplitude term
    amplitude = 0.05
    model = pendulum(amplitude, 1e-8, type=integrator_type, dae_index=3)
    run = model.simulate(end=6.0, dtout=0.002, returnResults=True)
    assert run.ok, run.error
    x = run.getObject(model.pos).getComponent("X")
    y = run.getObject(model.pos).getComponent("Y")
    crossings = downward_crossings(run.times, x)
    period = 2 * math.pi * math.sqrt(1.0 / G) * (1 + amplitude**2 / 16)
    assert len(crossings) >= 2
    assert np.diff(crossings).mean() == pytest.approx(period, rel=2e-5)
    # the position constraint is enforced (Newton's constraint test): the rod stays 1 m
    np.testing.assert_allclose(np.hypot(x, y), 1.0, atol=1e-9)
    # energy v^2 / 2 + g y is conserved although the velocities are not error-tested
    vel = run.getObject(model.vel)
    energy = 0.5 * (vel.getComponent("VX") ** 2 + vel.getComponent("VY") ** 2) + G * y
    assert np.ptp(energy) < 1e-5


def test_index_three_and_index_two_agree_on_a_four_bar():
    runs = {}
    for index in (2, 3):
        model = four_bar(1e-10, index)
        run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
        assert run.ok, run.error
        runs[index] = (run, model)
    (si2, m2), (i3, m3) = runs[2], runs[3]
    # the same motion (the tip travels about 1 m): I3's global error is the larger, its
    # velocities being out of the error test (1.0e-5 m apart over 3 s when this was written,
    # with 2082 I3 steps against 9231 SI2 ones)
    for comp in ("X", "Y"):
        np.testing.assert_allclose(
            i3.getObject(m3.tip).getComponent(comp),
            si2.getObject(m2.tip).getComponent(comp),
            atol=3e-5,
        )
    assert i3.stats["steps"] < si2.stats["steps"]
    # both enforce the position constraints; only SI2 enforces the velocity constraints:
    # under I3 their residual (the velocities' own error) is reported, small but not held
    # to the constraint tolerance
    assert np.max(np.abs(si2.constraintErrors[:, 0])) < 1e-10
    assert np.max(np.abs(i3.constraintErrors[:, 0])) < 1e-10
    assert np.max(np.abs(si2.constraintErrors[:, 1])) < 1e-10
    velocity_error = np.max(np.abs(i3.constraintErrors[:, 1]))
    assert 1e-10 < velocity_error < 1e-4


def test_index_three_pendulum_at_a_large_angle_matches_the_ode():
    # released at 1 rad: theta'' = -g sin(theta) / (1 + I / m L^2) for the bob's own inertia.
    # The local error bound holds per step on the positions; the global error grows with the
    # steps (3.9e-7 m and 2.1e-6 m/s over about 1000 steps when this was written)
    amplitude, inertia = 1.0, 1e-6
    model = pendulum(amplitude, 1e-10, dae_index=3)
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    reference = solve_ivp(
        lambda t, s: [s[1], -G * math.sin(s[0]) / (1.0 + inertia)],
        (0.0, 2.0),
        [amplitude, 0.0],
        t_eval=run.times,
        rtol=1e-12,
        atol=1e-12,
        method="DOP853",
    )
    theta = reference.y[0]
    pos = run.getObject(model.pos)
    np.testing.assert_allclose(pos.getComponent("X"), np.sin(theta), atol=1e-6)
    np.testing.assert_allclose(pos.getComponent("Y"), -np.cos(theta), atol=1e-6)
    vel = run.getObject(model.vel)
    speed = np.hypot(vel.getComponent("VX"), vel.getComponent("VY"))
    np.testing.assert_allclose(speed, np.abs(reference.y[1]), atol=5e-6)


def test_dae_index_values_outside_the_documented_ones_are_refused():
    Model()
    with pytest.raises(ValueError, match=r"Integrator.*'dae_index' must be 2 \(SI2\) or 3 \(I3\)"):
        Integrator(dae_index=1)
    integrator = Integrator()
    assert integrator.dae_index is None
    assert integrator._dae_index == 2
    integrator.dae_index = 3
    assert integrator._dae_index == 3


def test_dae_index_three_under_an_ode_integrator_is_reported():
    model = pendulum(0.05, 1e-6, type="MSTIFF", dae_index=3)
    run = model.simulate(end=0.1, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    assert any(m.startswith("Integrator dae_index = 3 not applied: MSTIFF") for m in run.messages)
