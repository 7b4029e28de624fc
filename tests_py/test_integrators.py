"""MotionSolve's integrator types (docs/equations.md §6.9): ABAM (Adams-Moulton), MSTIFF
and VSTIFF (BDF) run CVODE on the ODE form in independent coordinates; GSTIFF, DSTIFF and
HSTIFF run IDA on the stabilised index-2 DAE. Each is checked against closed forms,
conservation laws and the DAE form."""

import math

import numpy as np
import pytest

from msolve import *

G = 9.81
ODE_TYPES = ["ABAM", "MSTIFF", "VSTIFF"]


def pendulum(integrator_type, error, amplitude):
    """A 1 m pendulum (point-like bob, 1 kg) released at rest `amplitude` rad from below."""
    model = Model()
    Accgrav(jgrav=-G)
    Integrator(type=integrator_type, error=error)
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


def downward_crossings(t, x):
    """Times where x crosses zero going down (linear interpolation between outputs)."""
    k = np.where((x[:-1] > 0) & (x[1:] <= 0))[0]
    return t[k] - x[k] * (t[k + 1] - t[k]) / (x[k + 1] - x[k])


@pytest.mark.parametrize("integrator_type", ODE_TYPES)
def test_pendulum_period_and_energy(integrator_type):
    # small-angle period with its first amplitude correction: 2 pi sqrt(L/g) (1 + a^2/16)
    amplitude = 0.05
    model = pendulum(integrator_type, 1e-8, amplitude)
    run = model.simulate(end=6.0, dtout=0.002, returnResults=True)
    assert run.ok, run.error
    t = run.times
    x = run.getObject(model.pos).getComponent("X")
    y = run.getObject(model.pos).getComponent("Y")
    crossings = downward_crossings(t, x)
    period = 2 * math.pi * math.sqrt(1.0 / G) * (1 + amplitude**2 / 16)
    assert len(crossings) >= 2
    assert np.diff(crossings).mean() == pytest.approx(period, rel=2e-5)
    # the rod stays 1 m long (the dependent coordinates recovered by Newton)
    np.testing.assert_allclose(np.hypot(x, y), 1.0, atol=1e-9)
    # energy: v^2 / 2 + g y constant
    vel = run.getObject(model.vel)
    v2 = vel.getComponent("VX") ** 2 + vel.getComponent("VY") ** 2
    energy = 0.5 * v2 + G * y
    assert np.ptp(energy) < 1e-5


def four_bar(integrator_type, error):
    """A crank-rocker four-bar (crank 0.3 m, coupler 1 m, rocker 0.8 m, ground 1 m) under
    gravity, the crank started at 4 rad/s."""
    model = Model()
    Accgrav(jgrav=-G)
    Integrator(type=integrator_type, error=error)
    ground = Part(ground=True)
    a = np.array([0.0, 0.0, 0.0])
    d = np.array([1.0, 0.0, 0.0])
    b = np.array([0.0, 0.3, 0.0])
    # C at distance 1 from B and 0.8 from D
    dx, dy = d[0] - b[0], d[1] - b[1]
    dist = math.hypot(dx, dy)
    along = (1.0**2 - 0.8**2 + dist**2) / (2 * dist)
    h = math.sqrt(1.0**2 - along**2)
    c = b + along * np.array([dx, dy, 0]) / dist + h * np.array([-dy, dx, 0]) / dist

    def link(p, q, mass):
        cm = (p + q) / 2
        return Part(mass=mass, ip=[1e-3, 0.05, 0.05], cm=Marker(qp=list(cm)))

    crank, coupler, rocker = link(a, b, 1.0), link(b, c, 2.0), link(c, d, 1.5)
    pins = [(crank, ground, a), (coupler, crank, b), (rocker, coupler, c), (rocker, ground, d)]
    for i, j, p in pins:
        Joint(type="REVOLUTE", i=Marker(part=i, qp=list(p)), j=Marker(part=j, qp=list(p)))
    crank.wz = 4.0
    crank.vx = -4.0 * 0.15
    model.tip = Request(
        type="DISPLACEMENT", i=Marker(part=rocker, qp=list(c)), j=Marker(part=ground)
    )
    return model


@pytest.mark.parametrize("integrator_type", ["ABAM", "MSTIFF"])
def test_four_bar_agrees_with_the_dae_form(integrator_type):
    # at error 1e-8 DSTIFF itself is 1.8e-6 m from its run at 1e-10 (MSTIFF 1.7e-6, ABAM
    # 8e-7 when this was written): the global error of a local bound, over 3 s
    reference = four_bar("DSTIFF", 1e-10)
    ref = reference.simulate(end=3.0, dtout=0.01, returnResults=True)
    model = four_bar(integrator_type, 1e-8)
    run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
    assert ref.ok, ref.error
    assert run.ok, run.error
    for comp in ("X", "Y"):
        np.testing.assert_allclose(
            run.getObject(model.tip).getComponent(comp),
            ref.getObject(reference.tip).getComponent(comp),
            atol=1e-5,
        )
    # the constraints hold at every output: positions to Newton's tolerance, velocities to
    # the linear solve's roundoff
    assert np.max(np.abs(run.constraintErrors[:, 0])) < 1e-10
    assert np.max(np.abs(run.constraintErrors[:, 1])) < 1e-10


def spring_mass(integrator_type, k, error=1e-6, c=0.0):
    model = Model()
    Integrator(type=integrator_type, error=error)
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[0.1, 0, 0]))
    Jprim(type="INPLANE", i=block.cm, j=Marker(part=ground, zp=[0, 1, 0]))
    Jprim(type="ORIENTATION", i=block.cm, j=Marker(part=ground))
    Jprim(type="INPLANE", i=block.cm, j=Marker(part=ground, zp=[0, 0, 1]))
    SpringDamper(i=block.cm, j=Marker(part=ground), k=k, c=c, length=0.0)
    model.x = Request(type="DISPLACEMENT", i=block.cm)
    return model


def test_abam_takes_fewer_evaluations_than_bdf_on_a_non_stiff_model():
    # x = 0.1 cos(2 t): non-stiff, where Adams' higher orders pay
    counts = {}
    for integrator_type in ("ABAM", "MSTIFF", "DSTIFF"):
        model = spring_mass(integrator_type, k=4.0)
        run = model.simulate(end=10.0, dtout=0.5, returnResults=True)
        assert run.ok, run.error
        x = run.getObject(model.x).getComponent("X")
        np.testing.assert_allclose(x, 0.1 * np.cos(2 * run.times), atol=2e-5)
        counts[integrator_type] = run.stats["residual_evals"]
    assert counts["ABAM"] < counts["MSTIFF"]
    assert counts["ABAM"] < counts["DSTIFF"]


def test_abam_on_a_stiff_spring_takes_small_steps_without_failing():
    # a 1e6 N/m spring with a 2e4 N s/m damper on 1 kg: eigenvalues -50 (the motion) and
    # -2e4 (a mode that decays at once but bounds an explicit method's step)
    runs = [
        spring_mass(t, k=1e6, error=1e-4, c=2e4).simulate(end=1.0, dtout=0.1, returnResults=True)
        for t in ("ABAM", "MSTIFF")
    ]
    stiff, bdf = runs
    assert stiff.ok, stiff.error
    assert bdf.ok, bdf.error
    # stability bounds ABAM's step where BDF's is bounded by the error
    assert stiff.stats["steps"] > 1.5 * bdf.stats["steps"] or any(
        "stiff" in m for m in stiff.messages
    )


@pytest.mark.parametrize("integrator_type", ["DSTIFF", *ODE_TYPES])
def test_sensor_and_diff_under_each_type(integrator_type):
    # a ball dropped from 2 m: the sensor halts it at z = 1 m, t = sqrt(2 / g); a Diff
    # integrates TIME: t^2 / 2
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(type=integrator_type, error=1e-8)
    Part(ground=True)
    ball = Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[0, 0, 2.0]))
    diff = Diff(function="TIME")
    Sensor(function=f"DZ({ball.cm.id})", operator="LE", value=1.0, halt=True)
    req = Request(f1=f"DIF({diff.id})", f2=f"DZ({ball.cm.id})")
    run = model.simulate(end=2.0, dtout=0.05, returnResults=True)
    assert run.ok, run.error
    t_hit = math.sqrt(2.0 / G)
    assert run.times[-1] == pytest.approx(t_hit, abs=1e-6)
    r = run.getObject(req)
    np.testing.assert_allclose(r.getComponent("F1"), run.times**2 / 2, atol=1e-8)
    np.testing.assert_allclose(r.getComponent("F2"), 2.0 - G * run.times**2 / 2, atol=1e-8)


@pytest.mark.parametrize("coordinates", ["BODY", "AUTO"])
def test_full_turns_choose_new_independent_coordinates(coordinates):
    # a pendulum going over the top: in body coordinates the coordinate chosen independent at
    # the bottom (the bob's x) cannot describe it at the side; the run reports the new choice
    # and keeps the energy. AUTO takes the joint angle (docs/equations.md §6.11), which
    # describes every position
    run_model = Model()
    Accgrav(jgrav=-G)
    Integrator(type="MSTIFF", error=1e-8, coordinates=coordinates)
    ground = Part(ground=True)
    pivot = Marker(part=ground)
    ball = Part(mass=1.0, ip=[1e-6, 1e-6, 1e-6], cm=Marker(qp=[0, -1, 0]))
    ball.vx = 8.0
    ball.wz = 8.0
    Joint(type="REVOLUTE", i=Marker(part=ball), j=pivot)
    pos = Request(type="DISPLACEMENT", i=ball.cm, j=pivot)
    vel = Request(type="VELOCITY", i=ball.cm, j=pivot)
    run = run_model.simulate(end=3.0, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    if coordinates == "BODY":
        assert any("ODE form chose new independent" in m for m in run.messages)
    else:
        assert run.messages == [
            "Integrator coordinates=JOINT (chosen: the model is a tree of joints): 1 joint "
            "coordinates, CVODE BDF"
        ]
    y = run.getObject(pos).getComponent("Y")
    v = run.getObject(vel)
    energy = 0.5 * (v.getComponent("VX") ** 2 + v.getComponent("VY") ** 2) + G * y
    # the energy (22.19 J/kg) kept to 1e-5 of itself over the restarts at each new choice
    assert np.ptp(energy) < 1e-5 * energy[0]
    # it went over the top
    assert y.max() > 0.99
