"""Curve-to-curve constraints (Cvcv, docs/equations.md §2.8): a circular roller on an
eccentric circular cam against the closed form, both curves passing their seams, bad input,
XML."""

import math

import numpy as np
import pytest

from msolve import *
from msolve.model_views import gruebler_count


def _circle(radius, centre=(0.0, 0.0, 0.0), start=0.0, n=360, z=0.0):
    # points on a circle in a plane z = const from the angle `start`, the last equal to the
    # first (a closed curve through its points)
    a = start + np.linspace(0.0, 2 * math.pi, n + 1)
    u, v = centre[0] + radius * np.cos(a), centre[1] + radius * np.sin(a)
    u[-1], v[-1] = u[0], v[0]
    return [[x, y, z] for x, y in zip(u, v)]


def _cam_roller(e=0.02, R=0.05, r=0.015, omega=2 * math.pi):
    # a cam disc of radius R whose centre lies e from the pin at the origin (along x at t = 0),
    # driven about z at omega; a follower sliding along x carries a roller disc of radius r
    # (fixed to it) whose rim the Cvcv keeps touching the cam's rim. The roller circle starts
    # at the angle pi, its contact side, so that its parameter crosses its seam back and forth
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    cam = Part(mass=1.0, ip=[1e-3, 1e-3, 1e-3], cm=Marker())
    pin = Joint(type="REVOLUTE", i=Marker(part=cam), j=Marker(part=ground))
    Motion(joint=pin, jtype="ROTATION", function=f"{omega}*TIME")
    x0 = e + R + r
    follower = Part(mass=0.5, ip=[1e-4, 1e-4, 1e-4], cm=Marker(qp=[x0, 0, 0]))
    along_x = [x0 + 1, 0, 0]
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=follower, qp=[x0, 0, 0], zp=along_x),
        j=Marker(part=ground, qp=[x0, 0, 0], zp=along_x),
    )
    model.centre = Marker(part=follower, qp=[x0, 0, 0])
    model.cam_curve = Curve(xyz=_circle(R, centre=(e, 0, 0)), curve_points=True, closed=True)
    model.roller_curve = Curve(xyz=_circle(r, start=math.pi), curve_points=True, closed=True)
    model.cvcv = Cvcv(
        icurve=model.cam_curve,
        irm=Marker(part=cam),
        jcurve=model.roller_curve,
        jrm=model.centre,
        label="cam on roller",
    )
    model.d = Request(type="DISPLACEMENT", i=model.centre)
    return model


def _closed_form(t, e, R, r, omega):
    # the roller centre stays R + r from the cam centre (e cos wt, e sin wt), on the x axis
    wt = omega * t
    return e * np.cos(wt) + np.sqrt((R + r) ** 2 - e**2 * np.sin(wt) ** 2)


def test_a_roller_on_an_eccentric_cam_moves_as_the_closed_form():
    e, R, r, omega = 0.02, 0.05, 0.015, 2 * math.pi
    model = _cam_roller(e, R, r, omega)
    # 2 parts, a revolute, its motion, a translational and the Cvcv: 12 - 5 - 1 - 5 - 2; the
    # Cvcv's out-of-plane row repeats what the joints hold (set aside, said in the log)
    assert gruebler_count(model) == -1
    run = model.simulate(end=1.5, dtout=0.01, returnResults=True)
    t = run.times
    d = run.getObject(model.d)
    error = np.max(np.abs(d.getComponent("X") - _closed_form(t, e, R, r, omega)))
    assert error < 1e-9, error
    np.testing.assert_allclose(d.getComponent("Y"), 0.0, atol=1e-9)
    # one and a half turns: the cam's parameter passes its seam
    assert t[-1] * omega > 2 * math.pi


def test_cvcv_on_a_dataset_round_trip(tmp_path):
    e, R, r, omega = 0.02, 0.05, 0.015, 2 * math.pi
    model = _cam_roller(e, R, r, omega)
    model.cvcv.jdisp = [-r, 0.0, 0.0]
    model.cvcv.ivel = 0.0
    path = tmp_path / "cam.xml"
    model.save_model(str(path))
    text = path.read_text()
    assert "Constraint_CVCV" in text
    assert 'j_disp_x0="-0.015"' in text
    loaded = load_model(str(path))
    cvcv = next(o for o in loaded._entities if isinstance(o, Cvcv))
    assert cvcv.jdisp is not None
    assert abs(cvcv.jdisp[0] + r) < 1e-15
    assert cvcv.icurve is not None
    assert cvcv.jcurve is not None
    run = loaded.simulate(end=0.3, dtout=0.01, returnResults=True)
    d = run.getObject(next(o for o in loaded._entities if isinstance(o, Request)))
    error = np.max(np.abs(d.getComponent("X") - _closed_form(run.times, e, R, r, omega)))
    assert error < 1e-9, error


def test_a_curve_out_of_its_plane_is_refused():
    model = _cam_roller()
    bent = _circle(0.015, start=math.pi)
    bent[90][2] = 0.01  # one point lifted out of the plane
    model.roller_curve.xyz = bent
    with pytest.raises(ValueError, match=r"Cvcv .*cam on roller.*jcurve .*is not planar"):
        model.simulate(end=0.1, dtout=0.05)


def test_both_curves_on_one_part_are_refused():
    model = _cam_roller()
    model.cvcv.jrm = Marker(part=model.cvcv.irm.part)
    with pytest.raises(ValueError, match=r"cam on roller.*same part.*different parts"):
        model.simulate(end=0.1, dtout=0.05)


def test_planes_not_parallel_are_refused():
    model = _cam_roller()
    centre = model.centre
    model.cvcv.jrm = Marker(part=centre.part, qp=list(centre.qp), zp=[centre.qp[0], 1, 0])
    with pytest.raises(ValueError, match=r"cam on roller.*planes .* not parallel"):
        model.simulate(end=0.1, dtout=0.05)


# -- a Ptcv on an open curve -----------------------------------------------------------------


def test_a_bead_sliding_off_an_open_curve_stops_the_run_naming_the_ptcv_and_time():
    # a bead (its mass centre the Ptcv point) slides without friction down a straight open
    # wire from (0, 0) to (1, -1) under gravity -y, from the data point (1/3, -1/3): along the
    # wire it accelerates at g sin 45deg, so it reaches the end, (2/3) sqrt 2 away, at
    # t = sqrt(8 / (3 g)); past it the curve's cubic would go on silently
    g = 9.81
    model = Model()
    Integrator(error=1e-8)
    Accgrav(igrav=0, jgrav=-g, kgrav=0)
    ground = Part(ground=True)
    bead = Part(mass=0.1, ip=[1e-4, 1e-4, 1e-4], cm=Marker(qp=[1 / 3, -1 / 3, 0]))
    wire = Curve(xyz=[[k / 3, -k / 3, 0.0] for k in range(4)], curve_points=True)
    Ptcv(i=bead.cm, curve=wire, rm=Marker(part=ground), label="bead on wire")
    Request(type="DISPLACEMENT", i=bead.cm)
    t_end = math.sqrt(8 / (3 * g))
    with pytest.raises(MsolveError, match=r"Ptcv .*bead on wire.*at time .*left its open curve"):
        model.simulate(end=1.0, dtout=0.01)
    run = model.results
    message = run.error
    stopped = float(message.split("at time ")[1].split(" ")[0])
    assert t_end <= stopped < t_end + 0.02, (stopped, t_end)
    # what was computed before is kept, and it follows the closed form
    assert run.times[-1] < stopped
    assert run.times[-1] > t_end - 0.02
    x = run.getObject(next(o for o in model._entities if isinstance(o, Request))).getComponent("X")
    s = 0.5 * g / math.sqrt(2) * np.asarray(run.times) ** 2
    np.testing.assert_allclose(x, 1 / 3 + s / math.sqrt(2), rtol=0, atol=1e-6)


def test_a_disc_in_a_circular_bowl_swings_as_a_pendulum():
    # a disc of radius r slides without friction inside a fixed circle of radius R (gravity
    # -y): the contact normal passes through the disc's centre, which so swings as a point
    # pendulum of length L = R - r; from rest at theta0 it is back after the period
    # T = 4 sqrt(L/g) K(sin^2(theta0/2)) (the free spin of the disc stays uncoupled)
    from scipy.special import ellipk

    g, R, r, theta0 = 9.81, 0.5, 0.1, 0.3
    L = R - r
    model = Model()
    Integrator(error=1e-10)
    Accgrav(igrav=0, jgrav=-g, kgrav=0)
    ground = Part(ground=True)
    centre = [L * math.sin(theta0), -L * math.cos(theta0), 0.0]
    disc = Part(mass=1.0, ip=[1e-2, 1e-2, 5e-3], cm=Marker(qp=centre))
    bowl = Curve(xyz=_circle(R), curve_points=True, closed=True)
    rim = Curve(xyz=_circle(r), curve_points=True, closed=True)
    Cvcv(icurve=bowl, irm=Marker(part=ground), jcurve=rim, jrm=disc.cm, label="disc in bowl")
    d = Request(type="DISPLACEMENT", i=disc.cm)
    period = 4 * math.sqrt(L / g) * ellipk(math.sin(theta0 / 2) ** 2)
    run = model.simulate(end=period, steps=200, returnResults=True)
    x, y = run.getObject(d).getComponent("X"), run.getObject(d).getComponent("Y")
    np.testing.assert_allclose(np.hypot(x, y), L, rtol=0, atol=1e-9)
    assert abs(x[-1] - centre[0]) < 1e-7
    assert abs(x[len(x) // 2] + centre[0]) < 1e-7  # the other end at half the period
