"""Point-to-curve constraints (Ptcv, docs/equations.md §2.7): a follower on a circular cam,
a pendulum bob held on a circle, the reaction normal to the curve, bad input, XML."""

import math

import numpy as np
import pytest
from scipy.special import ellipk

from msolve import *
from msolve.model_views import gruebler_count

G = 9.81


def _circle(radius, centre=(0.0, 0.0, 0.0), plane="xy", n=360):
    # points on a circle, the last equal to the first (a closed curve through its points)
    a = np.linspace(0.0, 2 * math.pi, n + 1)
    u, v = radius * np.cos(a), radius * np.sin(a)
    u[-1], v[-1] = u[0], v[0]
    zero = np.zeros_like(u)
    xyz = (u, v, zero) if plane == "xy" else (u, zero, v)
    return [[c + w for c, w in zip(centre, p)] for p in zip(*xyz)]


def _cam_model(e=0.02, r=0.05, omega=2 * math.pi):
    # a cam disc of radius r whose centre lies e from the pin at the origin (along x at t = 0),
    # driven about z at omega; a follower sliding along x whose tip the Ptcv holds on the disc
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    cam = Part(mass=1.0, ip=[1e-3, 1e-3, 1e-3], cm=Marker())
    pin = Joint(type="REVOLUTE", i=Marker(part=cam), j=Marker(part=ground))
    Motion(joint=pin, jtype="ROTATION", function=f"{omega}*TIME")
    follower = Part(mass=0.5, ip=[1e-4, 1e-4, 1e-4], cm=Marker(qp=[e + r + 0.1, 0, 0]))
    along_x = [e + r + 1, 0, 0]  # z axes along global x: the follower slides along x
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=follower, qp=[e + r, 0, 0], zp=along_x),
        j=Marker(part=ground, qp=[e + r, 0, 0], zp=along_x),
    )
    model.tip = Marker(part=follower, qp=[e + r, 0, 0])
    model.curve = Curve(xyz=_circle(r, centre=(e, 0, 0)), curve_points=True, closed=True)
    model.ptcv = Ptcv(i=model.tip, curve=model.curve, rm=Marker(part=cam), label="cam")
    model.d = Request(type="DISPLACEMENT", i=model.tip)
    return model


def test_a_follower_on_a_circular_cam_moves_as_the_closed_form():
    e, r, omega = 0.02, 0.05, 2 * math.pi
    model = _cam_model(e, r, omega)
    run = model.simulate(end=1.5, dtout=0.01, returnResults=True)
    t = run.times
    wt = omega * t
    x = e * np.cos(wt) + np.sqrt(r**2 - e**2 * np.sin(wt) ** 2)
    d = run.getObject(model.d)
    # the curve is the periodic cubic spline through 360 points of the circle: 1e-12 r off it
    np.testing.assert_allclose(d.getComponent("X"), x, rtol=0, atol=1e-7)
    np.testing.assert_allclose(d.getComponent("Y"), 0.0, atol=1e-9)
    # more than one turn: the closed curve's parameter wraps
    assert t[-1] * omega > 2 * math.pi


def test_the_ptcv_reaction_is_normal_to_the_curve_and_drives_the_follower():
    # the follower (mass 0.5, no gravity, no other force along x) is pushed along x by the
    # Ptcv alone: its x reaction is m x''; the reaction is along the circle's normal at the
    # contact point, (x - e cos wt, -e sin wt); on the cam (jflag 1) it is the opposite
    e, r, omega, m = 0.02, 0.05, 2 * math.pi, 0.5
    model = _cam_model(e, r, omega)
    pid = model.ptcv.id
    model.f = Request(
        type="EXPRESSION",
        f2=f"PTCV({pid}, 0, 2, 0)",
        f3=f"PTCV({pid}, 0, 3, 0)",
        f4=f"PTCV({pid}, 0, 4, 0)",
        f6=f"PTCV({pid}, 1, 2, 0)",
        f7=f"PTCV({pid}, 1, 3, 0)",
    )
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    t = run.times
    f = run.getObject(model.f)
    fx, fy, fz = (f.getComponent(c) for c in ("F2", "F3", "F4"))

    def x_of(time):
        wt = omega * time
        return e * np.cos(wt) + np.sqrt(r**2 - e**2 * np.sin(wt) ** 2)

    h = 1e-4
    acceleration = (x_of(t + h) - 2 * x_of(t) + x_of(t - h)) / h**2
    scale = np.abs(fx).max()
    assert scale > 0.1
    # the curvature of the spline through 360 points of the circle, which the acceleration
    # reads, is off the circle's by O(h^2), (2 pi / 360)^2 = 3e-4 at most
    np.testing.assert_allclose(fx, m * acceleration, rtol=0, atol=3e-4 * scale)
    nx, ny = x_of(t) - e * np.cos(omega * t), -e * np.sin(omega * t)
    np.testing.assert_allclose(fx * ny - fy * nx, 0.0, atol=1e-8 * scale)
    np.testing.assert_allclose(fz, 0.0, atol=1e-9 * scale)
    np.testing.assert_allclose(f.getComponent("F6"), -fx, atol=1e-9 * scale)
    np.testing.assert_allclose(f.getComponent("F7"), -fy, atol=1e-9 * scale)


def test_a_bob_held_on_a_circle_swings_with_the_pendulum_period():
    # a point mass held by a Ptcv on a circle of radius L about the origin (x-z plane), released
    # from rest at 60 degrees: the period of the ideal pendulum, 4 sqrt(L/g) K(sin^2(theta0/2))
    m, length, theta0 = 1.2, 0.8, math.radians(60)
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    x0, z0 = length * math.sin(theta0), -length * math.cos(theta0)
    pm = PointMass(mass=m, cm=Marker(), qg=[x0, 0, z0], vx=0.0, vy=0.0, vz=0.0)
    circle = Curve(xyz=_circle(length, plane="xz"), curve_points=True, closed=True)
    Ptcv(i=pm.cm, curve=circle, rm=Marker(part=ground))
    model.d = Request(type="DISPLACEMENT", i=pm.cm)
    assert gruebler_count(model) == 3 - 2
    period = 4 * math.sqrt(length / G) * ellipk(math.sin(theta0 / 2) ** 2)
    run = model.simulate(end=period, dtout=period / 200, returnResults=True)
    d = run.getObject(model.d)
    assert d.getComponent("X")[-1] == pytest.approx(x0, abs=1e-5)
    assert d.getComponent("Z")[-1] == pytest.approx(z0, abs=1e-5)
    assert d.getComponent("X")[100] == pytest.approx(-x0, abs=1e-5)
    np.testing.assert_allclose(d.getComponent("Y"), 0.0, atol=1e-9)
    np.testing.assert_allclose(
        np.hypot(d.getComponent("X"), d.getComponent("Z")), length, atol=1e-9
    )
    energy = run.energy.getComponent("BALANCE")
    assert abs(energy[-1] - energy[0]) < 1e-6 * m * G * length


def test_the_initial_sliding_speed_vel_is_honoured():
    # the bob starts at the bottom with speed v0 along the curve: it rises to v0^2 / 2g
    length, v0 = 1.0, 2.0
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    pm = PointMass(mass=1.0, cm=Marker(), qg=[0, 0, -length])
    circle = Curve(xyz=_circle(length, plane="xz"), curve_points=True, closed=True)
    Ptcv(i=pm.cm, curve=circle, rm=Marker(part=ground), vel=v0)
    model.d = Request(type="DISPLACEMENT", i=pm.cm)
    run = model.simulate(end=1.0, dtout=0.005, returnResults=True)
    z = run.getObject(model.d).getComponent("Z")
    assert z.max() == pytest.approx(-length + v0**2 / (2 * G), abs=1e-6)


def test_bad_input_names_the_ptcv():
    model = _cam_model()
    model.ptcv.curve = None
    with pytest.raises(Exception, match=r"Ptcv .*'cam'.*curve is not set"):
        model.simulate(end=0.1, dtout=0.1)
    model = _cam_model()
    model.ptcv.rm = Marker(part=model.tip.part)
    with pytest.raises(Exception, match=r"Ptcv .*'cam'.*same part"):
        model.simulate(end=0.1, dtout=0.1)
    with pytest.raises(Exception, match="vel"):
        Ptcv(vel="fast")


def test_a_ptcv_travels_through_a_dataset(tmp_path):
    model = _cam_model()
    model.ptcv.disp = [0.07, 0.001, 0.0]
    model.ptcv.vel = 0.0
    path = tmp_path / "cam.xml"
    model.save_model(str(path))
    text = path.read_text()
    assert "<Constraint_PTCV" in text
    assert "vel_0=" in text
    loaded = load_model(str(path))
    (ptcv,) = [o for o in loaded._entities if isinstance(o, Ptcv)]
    assert ptcv.label == "cam"
    assert ptcv.curve.closed
    assert ptcv.vel == 0.0
    assert list(ptcv.disp) == pytest.approx([0.07, 0.001, 0.0])
    run = loaded.simulate(end=0.2, dtout=0.05, returnResults=True)
    (request,) = [o for o in loaded._entities if isinstance(o, Request)]
    wt = 2 * math.pi * run.times
    x = 0.02 * np.cos(wt) + np.sqrt(0.05**2 - 0.02**2 * np.sin(wt) ** 2)
    np.testing.assert_allclose(run.getObject(request).getComponent("X"), x, atol=1e-7)


def _bob_on_circle(length, start):
    model = Model()
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    model.bob = PointMass(mass=1.0, cm=Marker(), qg=start)
    circle = Curve(xyz=_circle(length, plane="xz"), curve_points=True, closed=True)
    Ptcv(i=model.bob.cm, curve=circle, rm=Marker(part=ground))
    model.d = Request(type="DISPLACEMENT", i=model.bob.cm)
    return model


def test_statics_finds_the_bob_at_the_bottom_of_the_circle():
    length, theta = 0.8, math.radians(30)
    model = _bob_on_circle(length, [length * math.sin(theta), 0, -length * math.cos(theta)])
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    d = run.getObject(model.d)
    assert d.getComponent("X")[-1] == pytest.approx(0.0, abs=1e-8)
    assert d.getComponent("Z")[-1] == pytest.approx(-length, abs=1e-8)


def test_the_linearised_bob_swings_at_root_g_over_l():
    length = 0.8
    model = _bob_on_circle(length, [0, 0, -length])
    run = model.simulate(type="LINEAR", returnResults=True)
    assert run.dof == 1
    # (the spline's curvature at the bottom is within 1e-4 of the circle's: see above)
    assert run.frequencies == pytest.approx([math.sqrt(G / length) / (2 * math.pi)], rel=1e-4)
