"""Points on deformable curves and surfaces (Ptdcv, Ptdsf; docs/equations.md §2.11, §11.1):
the curve through markers on a line or a circle on the ground is the rigid curve of a Ptcv;
markers on a moving part carry the point along; the reactions act on the parts of the
markers (momentum of a free system kept); bad input named; XML read and written."""

import math

import numpy as np
import pytest

from msolve import *
from msolve.model_views import gruebler_count
from msolve.xml import load_model

G = 9.81


def _circle_points(radius, n, centre=(0.0, 0.0, 0.0), plane="xz"):
    a = np.linspace(0.0, 2 * math.pi, n, endpoint=False)
    u, v = radius * np.cos(a), radius * np.sin(a)
    pts = []
    for x, y in zip(u, v):
        p = (x, 0.0, y) if plane == "xz" else (x, y, 0.0)
        pts.append([c + w for c, w in zip(centre, p)])
    return pts


def test_a_bead_slides_down_a_straight_deformable_curve_as_on_an_incline():
    # markers evenly spaced on a line at angle theta on the ground: the spline is that line
    # (it reproduces linear data), the bead accelerates at g sin(theta) along it
    theta, m = math.radians(30), 0.7
    model = Model()
    Accgrav(jgrav=-G)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    d = np.array([math.cos(theta), math.sin(theta), 0.0])
    markers = [Marker(part=ground, qp=list(k * d)) for k in range(5)]
    curve = Dcurve(markers=markers, u_span=4.0)
    start = 3.0 * d
    bead = PointMass(mass=m, cm=Marker(), qg=list(start))
    Ptdcv(i=bead.cm, dcurve=curve)
    model.r = Request(type="DISPLACEMENT", i=bead.cm)
    run = model.simulate(end=0.5, dtout=0.05, returnResults=True)
    t = run.times
    s = 3.0 - 0.5 * G * math.sin(theta) * t**2
    r = run.getObject(model.r)
    np.testing.assert_allclose(r.getComponent("X"), s * d[0], atol=1e-7)
    np.testing.assert_allclose(r.getComponent("Y"), s * d[1], atol=1e-7)
    np.testing.assert_allclose(r.getComponent("Z"), 0.0, atol=1e-9)


def _pendulum(deformable, n=36, length=0.8):
    m, theta0 = 1.2, math.radians(60)
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    x0, z0 = length * math.sin(theta0), -length * math.cos(theta0)
    pm = PointMass(mass=m, cm=Marker(), qg=[x0, 0, z0], vx=0.0, vy=0.0, vz=0.0)
    points = _circle_points(length, n)
    if deformable:
        markers = [Marker(part=ground, qp=p) for p in points]
        Ptdcv(i=pm.cm, dcurve=Dcurve(markers=markers, u_closed=True, u_span=2.0))
    else:
        closed = [*points, points[0]]
        circle = Curve(xyz=closed, curve_points=True, closed=True)
        Ptcv(i=pm.cm, curve=circle, rm=Marker(part=ground))
    model.d = Request(type="DISPLACEMENT", i=pm.cm)
    assert gruebler_count(model) == 3 - 2
    return model


def test_a_closed_deformable_curve_on_the_ground_is_the_ptcv_curve_through_its_points():
    # the periodic spline through the same 36 points of a circle, at the same evenly spaced
    # parameters: the pendulum bob on either moves alike, and close to the ideal pendulum
    runs = []
    for deformable in (True, False):
        model = _pendulum(deformable)
        run = model.simulate(end=1.5, dtout=0.01, returnResults=True)
        d = run.getObject(model.d)
        runs.append(np.array([d.getComponent(c) for c in "XYZ"]))
        energy = run.energy.getComponent("BALANCE")
        assert abs(energy[-1] - energy[0]) < 1e-6
    np.testing.assert_allclose(runs[0], runs[1], atol=2e-6)
    np.testing.assert_allclose(np.hypot(runs[0][0], runs[0][2]), 0.8, atol=1e-4)


def _cam(e=0.02, r=0.05, omega=2 * math.pi, n=72):
    # the follower on a circular cam (tests_py/test_cams.py), the cam's circle a deformable
    # curve through markers on the cam disc: the markers carry the curve round
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    cam = Part(mass=1.0, ip=[1e-3, 1e-3, 1e-3], cm=Marker())
    pin = Joint(type="REVOLUTE", i=Marker(part=cam), j=Marker(part=ground))
    Motion(joint=pin, jtype="ROTATION", function=f"{omega}*TIME")
    follower = Part(mass=0.5, ip=[1e-4, 1e-4, 1e-4], cm=Marker(qp=[e + r + 0.1, 0, 0]))
    along_x = [e + r + 1, 0, 0]
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=follower, qp=[e + r, 0, 0], zp=along_x),
        j=Marker(part=ground, qp=[e + r, 0, 0], zp=along_x),
    )
    model.tip = Marker(part=follower, qp=[e + r, 0, 0])
    markers = [Marker(part=cam, qp=p) for p in _circle_points(r, n, (e, 0, 0), "xy")]
    markers.append(markers[0])  # the closed curve's last marker repeats its first
    model.curve = Dcurve(markers=markers, u_closed=True)
    model.ptdcv = Ptdcv(i=model.tip, dcurve=model.curve, label="cam")
    model.d = Request(type="DISPLACEMENT", i=model.tip)
    return model


def test_markers_on_a_turning_cam_carry_the_follower_as_the_closed_form():
    e, r, omega = 0.02, 0.05, 2 * math.pi
    model = _cam(e, r, omega)
    run = model.simulate(end=1.2, dtout=0.01, returnResults=True)
    wt = omega * run.times
    x = e * np.cos(wt) + np.sqrt(r**2 - e**2 * np.sin(wt) ** 2)
    d = run.getObject(model.d)
    # the spline through 72 points of the circle is within 1e-7 r of it
    np.testing.assert_allclose(d.getComponent("X"), x, atol=1e-7)
    np.testing.assert_allclose(d.getComponent("Y"), 0.0, atol=1e-9)


def test_a_point_on_a_curve_of_a_translating_part_follows_the_part_exactly():
    # the markers on a carrier driven along y: the bead (no gravity, at rest along the
    # curve) keeps its x and z and moves with the carrier in y
    a, w = 0.3, 4.0
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    carrier = Part(mass=2.0, ip=[1, 1, 1], cm=Marker())
    along_y = [0, 1, 0]
    slide = Joint(
        type="TRANSLATIONAL",
        i=Marker(part=carrier, zp=along_y),
        j=Marker(part=ground, zp=along_y),
    )
    Motion(joint=slide, jtype="TRANSLATION", function=f"{a}*SIN({w}*TIME)")
    # a curve in the carrier's x-z plane: its tangent is square to the carrier's motion,
    # so nothing pushes the bead along it
    markers = [Marker(part=carrier, qp=[k, 0.0, 0.1 * k * k]) for k in range(-2, 3)]
    curve = Dcurve(markers=markers, u_span=2.0, end_type_left="PARABOLIC")
    bead = PointMass(mass=0.3, cm=Marker(), qg=[0.5, 0.0, 0.025], vx=0.0)
    Ptdcv(i=bead.cm, dcurve=curve)
    model.r = Request(type="DISPLACEMENT", i=bead.cm)
    run = model.simulate(end=1.0, dtout=0.02, returnResults=True)
    r = run.getObject(model.r)
    for c in "XZ":
        np.testing.assert_allclose(r.getComponent(c), r.getComponent(c)[0], atol=1e-9)
    np.testing.assert_allclose(r.getComponent("Y"), a * np.sin(w * run.times), atol=1e-9)


def test_the_reactions_act_on_the_parts_of_the_markers_and_balance():
    # a free system (no gravity, no joints): a bead on a curve through markers on two free
    # parts. Only internal forces act, so the total momentum stays what it was
    model = Model()
    Integrator(error=1e-10)
    Part(ground=True)
    masses = (2.0, 3.0, 0.5)
    left = Part(mass=masses[0], ip=[0.5, 0.5, 0.5], cm=Marker(), vx=0.2, vy=-0.1, wz=0.5)
    right = Part(mass=masses[1], ip=[0.4, 0.4, 0.4], cm=Marker(qp=[2, 0, 0]), vy=0.3, wz=-0.4)
    markers = [
        Marker(part=left, qp=[-1.0, 0.0, 0.0]),
        Marker(part=left, qp=[0.0, 0.2, 0.0]),
        Marker(part=right, qp=[1.5, 0.3, 0.1]),
        Marker(part=right, qp=[2.5, 0.0, 0.0]),
    ]
    curve = Dcurve(markers=markers, u_span=3.0)
    bead = PointMass(mass=masses[2], cm=Marker(), qg=[0.7, 0.3, 0.0], vx=1.0)
    Ptdcv(i=bead.cm, dcurve=curve)
    model.v = [Request(type="VELOCITY", i=p.cm) for p in (left, right, bead)]
    run = model.simulate(end=0.6, dtout=0.01, returnResults=True)
    momentum = sum(
        m * np.array([run.getObject(r).getComponent(c) for c in ("VX", "VY", "VZ")])
        for m, r in zip(masses, model.v)
    )
    scale = np.abs(momentum).max()
    assert scale > 0.1
    np.testing.assert_allclose(momentum - momentum[:, :1], 0.0, atol=1e-7 * scale)
    energy = run.energy.getComponent("BALANCE")
    assert abs(energy[-1] - energy[0]) < 1e-7
    # the bead did move along the deforming curve
    bead_vx = run.getObject(model.v[2]).getComponent("VX")
    assert np.ptp(bead_vx) > 1e-3


def _plane(theta, carrier=None):
    # a 4 x 5 grid of markers on the plane through the x axis tilted by theta about x
    part = carrier
    return [
        [
            Marker(part=part, qp=[float(c), r * math.cos(theta), r * math.sin(theta)])
            for c in range(-2, 3)
        ]
        for r in (-1.5, -0.5, 0.5, 1.5)
    ]


def test_a_bead_slides_down_a_tilted_deformable_surface_as_on_an_incline():
    theta = math.radians(25)
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    surface = Dsurface(markers=_plane(theta, ground), u_span=3.0, v_span=4.0)
    start = [0.3, 0.8 * math.cos(theta), 0.8 * math.sin(theta)]
    bead = PointMass(mass=1.0, cm=Marker(), qg=start, vx=0.2)
    Ptdsf(i=bead.cm, dsurface=surface)
    assert gruebler_count(model) == 3 - 1
    model.r = Request(type="DISPLACEMENT", i=bead.cm)
    run = model.simulate(end=0.4, dtout=0.02, returnResults=True)
    t = run.times
    s = 0.8 - 0.5 * G * math.sin(theta) * t**2
    r = run.getObject(model.r)
    np.testing.assert_allclose(r.getComponent("X"), 0.3 + 0.2 * t, atol=1e-7)
    np.testing.assert_allclose(r.getComponent("Y"), s * math.cos(theta), atol=1e-7)
    np.testing.assert_allclose(r.getComponent("Z"), s * math.sin(theta), atol=1e-7)


def test_a_point_on_a_surface_of_a_moving_part_is_carried_with_it():
    a, w = 0.2, 3.0
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    carrier = Part(mass=2.0, ip=[1, 1, 1], cm=Marker())
    slide = Joint(type="TRANSLATIONAL", i=Marker(part=carrier), j=Marker(part=ground))
    Motion(joint=slide, jtype="TRANSLATION", function=f"{a}*SIN({w}*TIME)")
    surface = Dsurface(markers=_plane(0.0, carrier))
    bead = PointMass(mass=0.4, cm=Marker(), qg=[0.1, 0.2, 0.0], vx=0.3, vy=0.0)
    Ptdsf(i=bead.cm, dsurface=surface)
    model.r = Request(type="DISPLACEMENT", i=bead.cm)
    run = model.simulate(end=0.5, dtout=0.02, returnResults=True)
    r = run.getObject(model.r)
    t = run.times
    np.testing.assert_allclose(r.getComponent("Z"), a * np.sin(w * t), atol=1e-8)
    np.testing.assert_allclose(r.getComponent("X"), 0.1 + 0.3 * t, atol=1e-8)
    np.testing.assert_allclose(r.getComponent("Y"), 0.2, atol=1e-8)


def test_bad_input_is_named():
    model = Model()
    ground = Part(ground=True)
    bead = PointMass(mass=1.0, cm=Marker())
    Ptdcv(i=bead.cm, label="loose")
    with pytest.raises(ModelError, match=r"Ptdcv 1 'loose'.*dcurve is not set"):
        model.simulate(end=0.1, dtout=0.1)

    model = Model()
    ground = Part(ground=True)
    bead = PointMass(mass=1.0, cm=Marker())
    two = Dcurve(markers=[Marker(part=ground), Marker(part=ground, qp=[1, 0, 0])])
    Ptdcv(i=bead.cm, dcurve=two)
    with pytest.raises(ModelError, match=r"Ptdcv 1.*at least 3 points, got 2"):
        model.simulate(end=0.1, dtout=0.1)

    model = Model()
    ground = Part(ground=True)
    bead = PointMass(mass=1.0, cm=Marker())
    markers = [Marker(part=ground, qp=[k, 0, 0]) for k in range(4)]
    one_end = Dcurve(markers=markers, end_type_left="PERIODIC")
    Ptdcv(i=bead.cm, dcurve=one_end)
    with pytest.raises(ModelError, match=r"PERIODIC end needs the other end PERIODIC"):
        model.simulate(end=0.1, dtout=0.1)

    model = Model()
    Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1], cm=Marker())
    markers = [Marker(part=body, qp=[k, 0, 0]) for k in range(4)]
    Ptdcv(i=body.cm, dcurve=Dcurve(markers=markers))
    with pytest.raises(ModelError, match=r"on the part of every marker of its dcurve"):
        model.simulate(end=0.1, dtout=0.1)

    model = Model()
    ground = Part(ground=True)
    grid = [[Marker(part=ground, qp=[c, r, 0]) for c in range(3)] for r in range(3)]
    surface = Dsurface(markers=grid)
    bead = PointMass(mass=1.0, cm=Marker())
    Ptdsff(i=bead.cm, dsurface=surface, radius=0.1, stiffness=1e4, label="pad")
    with pytest.raises(ModelError, match=r"Ptdsff 1 'pad': msolve does not support"):
        model.simulate(end=0.1, dtout=0.1)

    Model()
    with pytest.raises(TypeError, match=r"Dsurface.*'markers' must be a list of rows"):
        Dsurface(markers=[Marker(), Marker()])
    with pytest.raises(ValueError, match=r"Dsurface.*'markers' must have rows of the same"):
        Dsurface(markers=[[Marker(), Marker()], [Marker()]])
    with pytest.raises(ValueError, match=r"Dcurve.*'end_type_left' must be one of"):
        Dcurve(end_type_left="STRAIGHT")
    assert DeformableCurve is Dcurve
    assert DeformableSurface is Dsurface


def test_a_dataset_round_trip_keeps_the_curves_surfaces_and_graphics(tmp_path):
    model = _cam(n=24)
    DeformCurve(dcurve=model.curve, seg=50, label="drawn")
    first = model.simulate(end=0.3, dtout=0.05, returnResults=True)
    # a surface on the follower, its graphic and a contact force on it (kept, not run)
    follower = model.tip.part
    grid = [[Marker(part=follower, qp=[c, r, 1.0]) for c in range(3)] for r in range(3)]
    surface = Dsurface(markers=grid, u_span=2.0, end_type="PARABOLIC", v_closed=False)
    DeformSurface(dsurface=surface, U_seg=4, V_seg=5)
    Ptdsff(i=model.tip, dsurface=surface, radius=0.1, stiffness=1e4, force_model="LINEAR")
    path = tmp_path / "cam.xml"
    model.save_model(str(path))
    text = path.read_text()
    for tag in ("Reference_DeformCurve", "Reference_DeformSurface", "Constraint_PTdCV"):
        assert tag in text
    assert 'type="DeformCurve"' in text
    assert 'type="DeformSurface"' in text
    again = load_model(str(path))
    curve = next(e for e in again._entities if isinstance(e, Dcurve))
    assert len(curve.markers) == 25
    assert curve.u_closed
    copy = next(e for e in again._entities if isinstance(e, Dsurface))
    assert len(copy.markers) == 3
    assert copy.end_type == "PARABOLIC"
    assert copy.u_span == 2.0
    drawn = next(e for e in again._entities if isinstance(e, DeformCurve))
    assert drawn.dcurve is curve
    assert drawn.seg == 50
    pad = next(e for e in again._entities if isinstance(e, Ptdsff))
    assert pad.radius == 0.1
    assert pad.stiffness == 1e4
    assert pad.force_model == "LINEAR"
    pad.active = False  # refused when compiled: the rest of the model runs
    request = next(e for e in again._entities if isinstance(e, Request))
    second = again.simulate(end=0.3, dtout=0.05, returnResults=True)
    x1 = first.getObject(model.d).getComponent("X")
    x2 = second.getObject(request).getComponent("X")
    np.testing.assert_allclose(x2, x1, atol=1e-9)
