"""Rolling without slip of a Cvcv (``no_slip``, docs/equations.md §2.8): a disc rolling down a
straight track and round a circular track against the closed-form rolling kinematics."""

import math

import numpy as np

from msolve import *

RADIUS, MASS = 0.1, 2.0
INERTIA = 0.5 * MASS * RADIUS**2  # a uniform disc about its axis
PULL = 2.0  # the gravity along x that pulls the disc along the track


def CIRCLE(id, par, npar, alpha, iord, iflag):
    # a circle of radius par[0] about the origin of its marker, in its x-y plane (CURSUB)
    r, c, s = par[0], math.cos(alpha), math.sin(alpha)
    return [[r * c, r * s, 0.0], [-r * s, r * c, 0.0], [-r * c, -r * s, 0.0]][iord]


def _disc_on_track(no_slip, track=None):
    # a disc in the x-y plane (a PLANAR joint keeps it there) touching the track along x at
    # y = 0; gravity pulls it along x (and onto the track)
    model = Model()
    Accgrav(igrav=PULL, jgrav=-9.81)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    disc = Part(mass=MASS, ip=[INERTIA / 2, INERTIA / 2, INERTIA], cm=Marker(), qg=[0, RADIUS, 0])
    Joint(type="PLANAR", i=Marker(part=disc), j=Marker(part=ground))
    rim = Curve(
        function=f"USER({RADIUS})", routine=CIRCLE, closed=True, minpar=0, maxpar=2 * math.pi
    )
    if track is None:  # control points evenly on a line: that line at constant speed
        track = Curve(xyz=[[x, 0, 0] for x in np.linspace(-2, 2, 9)])
    model.cvcv = Cvcv(
        icurve=rim, irm=disc.cm, jcurve=track, jrm=Marker(part=ground), no_slip=no_slip
    )
    model.d = Request(type="DISPLACEMENT", i=disc.cm)
    model.v = Request(type="VELOCITY", i=disc.cm)
    return model


def test_a_disc_rolls_down_a_straight_track_with_the_rolling_acceleration():
    # rolling: x'' = m g_x / (m + I / r^2), the spin w = -x' / r; sliding (no_slip off) on a
    # frictionless track: x'' = g_x and no spin
    model = _disc_on_track(no_slip=True)
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    t = run.times
    a = MASS * PULL / (MASS + INERTIA / RADIUS**2)
    x = run.getObject(model.d).getComponent("X")
    wz = run.getObject(model.v).getComponent("WZ")
    np.testing.assert_allclose(x, a * t**2 / 2, rtol=0, atol=1e-8)
    np.testing.assert_allclose(wz, -a * t / RADIUS, rtol=0, atol=1e-7)
    np.testing.assert_allclose(run.getObject(model.d).getComponent("Y"), RADIUS, atol=1e-9)

    sliding = _disc_on_track(no_slip=False)
    run = sliding.simulate(end=1.0, dtout=0.05, returnResults=True)
    x = run.getObject(sliding.d).getComponent("X")
    np.testing.assert_allclose(x, PULL * run.times**2 / 2, rtol=0, atol=1e-8)
    np.testing.assert_allclose(run.getObject(sliding.v).getComponent("WZ"), 0.0, atol=1e-9)


def test_a_disc_rolls_inside_a_circular_track():
    # a disc of radius r rolling inside a ring of radius R about the origin, no gravity along
    # x or y (the ring holds it): the centre goes round at the constant rate the initial push
    # gives it, phi' = v / (R - r), and the disc spins at w = -(R - r) phi' / r
    big = 0.5
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    v0 = 0.3
    disc = Part(
        mass=MASS,
        ip=[INERTIA / 2, INERTIA / 2, INERTIA],
        cm=Marker(),
        qg=[0, -(big - RADIUS), 0],
        vx=v0,
        wz=-v0 / RADIUS,
    )
    Joint(type="PLANAR", i=Marker(part=disc), j=Marker(part=ground))
    rim = Curve(
        function=f"USER({RADIUS})", routine=CIRCLE, closed=True, minpar=0, maxpar=2 * math.pi
    )
    ring = Curve(function=f"USER({big})", routine=CIRCLE, closed=True, minpar=0, maxpar=2 * math.pi)
    Cvcv(icurve=rim, irm=disc.cm, jcurve=ring, jrm=Marker(part=ground), no_slip=True)
    d = Request(type="DISPLACEMENT", i=disc.cm)
    v = Request(type="VELOCITY", i=disc.cm)
    run = model.simulate(end=2.0, dtout=0.05, returnResults=True)
    rate = v0 / (big - RADIUS)
    phi = -math.pi / 2 + rate * run.times
    got = run.getObject(d)
    np.testing.assert_allclose(got.getComponent("X"), (big - RADIUS) * np.cos(phi), atol=1e-7)
    np.testing.assert_allclose(got.getComponent("Y"), (big - RADIUS) * np.sin(phi), atol=1e-7)
    np.testing.assert_allclose(run.getObject(v).getComponent("WZ"), -v0 / RADIUS, atol=1e-7)


def test_a_no_slip_cvcv_with_an_inconsistent_spin_is_made_consistent():
    # the disc given a speed but no spin: the initial conditions make it roll (the velocities
    # meet the no-slip row), so x' = -r w from the start
    model = _disc_on_track(no_slip=True)
    disc = model.cvcv.irm.part
    disc.vx = 1.0
    run = model.simulate(end=0.2, dtout=0.05, returnResults=True)
    vx = run.getObject(model.v).getComponent("VX")
    wz = run.getObject(model.v).getComponent("WZ")
    np.testing.assert_allclose(vx, -RADIUS * wz, atol=1e-8)
    assert abs(vx[0]) > 0.1  # the push is kept (shared with the spin), not cancelled


def test_the_rolling_reaction_is_the_friction_that_rolls_the_disc():
    # CVCV on the disc (jflag 0): along x the friction m (x'' - g_x), acting at the contact
    # point (no moment about it); across, the weight's reaction m g_y
    model = _disc_on_track(no_slip=True)
    cid = model.cvcv.id
    f = Request(
        type="EXPRESSION",
        f2=f"CVCV({cid}, 0, 2, 0)",
        f3=f"CVCV({cid}, 0, 3, 0)",
        f5=f"CVCV({cid}, 0, 5, 0)",
    )
    run = model.simulate(end=0.5, dtout=0.05, returnResults=True)
    got = run.getObject(f)
    a = MASS * PULL / (MASS + INERTIA / RADIUS**2)
    np.testing.assert_allclose(got.getComponent("F2"), MASS * (a - PULL), atol=1e-8)
    np.testing.assert_allclose(got.getComponent("F3"), MASS * 9.81, atol=1e-8)
    np.testing.assert_allclose(got.getComponent("F5"), 0.0, atol=1e-8)
