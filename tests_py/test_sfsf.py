"""The surface-to-surface constraint (Sfsf, docs/equations.md §2.13): a ball sliding on a
plane, inside a spherical bowl and over a fixed sphere against their closed forms (the contact
is frictionless: the reaction is normal and passes through the ball's centre), the ball's rest
and small oscillations in the bowl, guesses of the contact point, bad input named, the dataset
element Constraint_SFSF."""

import math

import numpy as np
import pytest
from test_surfaces import PLANE, SPHERE, _components

from msolve import *

G = 9.81


def _sphere(radius, label):
    return Surface(
        function=f"USER({radius})",
        routine=SPHERE,
        uclosed=True,
        minpar=[0.0, -1.2],
        maxpar=[2 * math.pi, 1.2],
        label=label,
    )


R_BALL, MASS = 0.3, 2.0
INERTIA = 0.4 * MASS * R_BALL**2


def _ball_on_plane(vx=1.0, vy=0.5, wz=3.0, disp=None):
    model = Model()
    Integrator(error=1e-9)
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    ball = Part(
        mass=MASS,
        ip=[INERTIA] * 3,
        cm=Marker(qp=[0.2, -0.1, R_BALL]),
        vx=vx,
        vy=vy,
        vz=0.0,
        wx=0.0,
        wy=0.0,
        wz=wz,
    )
    model.plane = Surface(routine=PLANE, minpar=[-10.0, -10.0], maxpar=[10.0, 10.0], label="floor")
    model.ball = _sphere(R_BALL, "ball")
    model.sfsf = Sfsf(
        isurface=model.ball,
        irm=ball.cm,
        jsurface=model.plane,
        jrm=Marker(part=ground),
        idisp=disp,
        label="ball on floor",
    )
    model.d = Request(type="DISPLACEMENT", i=ball.cm)
    model.v = Request(type="VELOCITY", i=ball.cm)
    model.a = Request(type="ACCELERATION", i=ball.cm)
    return model


def test_a_ball_slides_on_a_plane_at_constant_height_carried_by_mg():
    model = _ball_on_plane()
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    assert run.ok, run.error
    p = _components(run, model.d, ["X", "Y", "Z"])
    v = _components(run, model.v, ["VX", "VY", "VZ", "WX", "WY", "WZ"])
    a = _components(run, model.a, ["ACCX", "ACCY", "ACCZ"])
    # the centre stays at the height of the radius
    np.testing.assert_allclose(p[:, 2], R_BALL, atol=1e-9)
    # no force along the plane (frictionless): the centre moves straight at its speed, and
    # no torque (the reaction passes through the centre): the spin is kept
    np.testing.assert_allclose(p[:, 0], 0.2 + 1.0 * run.times, atol=1e-8)
    np.testing.assert_allclose(p[:, 1], -0.1 + 0.5 * run.times, atol=1e-8)
    np.testing.assert_allclose(v[:, 5], 3.0, atol=1e-8)
    np.testing.assert_allclose(v[:, 3:5], 0.0, atol=1e-8)
    # the reaction m (a - g) is the weight, normal to the plane
    reaction = MASS * (a - np.array([0.0, 0.0, -G]))
    np.testing.assert_allclose(reaction[:, 2], MASS * G, rtol=1e-9)
    np.testing.assert_allclose(reaction[:, :2], 0.0, atol=1e-8)


R_BIG, THETA0 = 1.0, 0.35


def _ball_and_sphere(inside, theta0=THETA0):
    # a ball on a fixed sphere (inside: in a spherical bowl), its centre theta0 from the
    # sphere's top (the bowl's bottom) in the x-z plane, at rest
    model = Model()
    Integrator(error=1e-10)
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    d = R_BIG - R_BALL if inside else R_BIG + R_BALL
    side = -1.0 if inside else 1.0
    centre = [d * math.sin(theta0), 0.0, side * d * math.cos(theta0)]
    ball = Part(mass=MASS, ip=[INERTIA] * 3, cm=Marker(qp=centre))
    model.big = _sphere(R_BIG, "bowl" if inside else "globe")
    model.ball = _sphere(R_BALL, "ball")
    model.sfsf = Sfsf(isurface=model.ball, irm=ball.cm, jsurface=model.big, jrm=Marker(part=ground))
    model.d = Request(type="DISPLACEMENT", i=ball.cm)
    model.v = Request(type="VELOCITY", i=ball.cm)
    model.a = Request(type="ACCELERATION", i=ball.cm)
    return model, d, side


@pytest.mark.parametrize("inside", [False, True], ids=["over a globe", "in a bowl"])
def test_a_ball_on_a_sphere_keeps_its_centre_at_r1_plus_or_minus_r2(inside):
    model, d, side = _ball_and_sphere(inside)
    run = model.simulate(end=0.6, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    p = _components(run, model.d, ["X", "Y", "Z"])
    v = _components(run, model.v, ["VX", "VY", "VZ", "WX", "WY", "WZ"])
    a = _components(run, model.a, ["ACCX", "ACCY", "ACCZ"])
    # the centres are R1 + R2 apart (R1 - R2 in the bowl)
    np.testing.assert_allclose(np.linalg.norm(p, axis=1), d, atol=1e-9)
    cos_theta = side * p[:, 2] / d  # from the top of the globe, the bottom of the bowl
    if inside:
        assert p[-1, 0] < 0.0  # swung through the bottom
    else:
        assert cos_theta[-1] < math.cos(THETA0) - 0.1  # went well down the side
    # frictionless: the ball does not turn, and the centre's speed is energy's,
    # v^2 = 2 g d (cos theta0 - cos theta) over the globe, 2 g d (cos theta - cos theta0) in
    # the bowl
    np.testing.assert_allclose(v[:, 3:], 0.0, atol=1e-8)
    speed2 = np.sum(v[:, :3] ** 2, axis=1)
    np.testing.assert_allclose(
        speed2, -side * 2 * G * d * (cos_theta - math.cos(THETA0)), atol=1e-7
    )
    # the normal reaction N along the line of centres from Newton, m (a - g) = N, against
    # N = m g (3 cos theta - 2 cos theta0) from energy and the centripetal acceleration: out
    # from the globe, in towards the bowl's centre
    e = p / d  # from the sphere's centre to the ball's
    reaction = MASS * (a - np.array([0.0, 0.0, -G]))
    normal = side * np.sum(reaction * e, axis=1)
    closed = MASS * G * (3 * cos_theta - 2 * math.cos(THETA0))
    np.testing.assert_allclose(normal, closed, atol=1e-6 * MASS * G)
    # and nothing else
    tangential = reaction - np.sum(reaction * e, axis=1)[:, None] * e
    assert np.max(np.abs(tangential)) < 1e-6 * MASS * G


def test_bad_sfsf_input_is_named():
    model = _ball_on_plane()
    model.sfsf.jsurface = None
    with pytest.raises(ValueError, match=r"Sfsf \d+ 'ball on floor': jsurface is not set"):
        model.simulate(end=0.1)

    model = _ball_on_plane()
    model.sfsf.jrm = Marker(part=model.sfsf.irm.part)
    with pytest.raises(ValueError, match=r"'ball on floor': markers irm .* are on the same part"):
        model.simulate(end=0.1)

    model = _ball_on_plane()
    model.plane.active = False
    with pytest.raises(ValueError, match=r"'ball on floor': its jsurface Surface .* not active"):
        model.simulate(end=0.1)

    # two planes at an angle have no points with a common normal
    model = _ball_on_plane()
    model.sfsf.isurface = model.plane
    model.sfsf.irm = Marker(part=model.sfsf.irm.part, qp=[0, 0, 0.3], zp=[1, 0, 1.3])
    with pytest.raises(ValueError, match=r"'ball on floor': no contact point found at the start"):
        model.simulate(end=0.1)

    # the ball's sphere turned so that its pole (no normal there) is its lowest point
    model = _ball_on_plane()
    model.ball.minpar, model.ball.maxpar = [0.0, -math.pi / 2], [2 * math.pi, math.pi / 2]
    centre = [0.2, -0.1, R_BALL]
    model.sfsf.irm = Marker(
        part=model.sfsf.irm.part,
        qp=centre,
        zp=[0.2, 0.9, R_BALL],
        xp=[1.2, -0.1, R_BALL],
    )
    with pytest.raises(ValueError, match=r"'ball on floor': its isurface has no normal at"):
        model.simulate(end=0.1)

    with pytest.raises(TypeError, match=r"Sfsf.*isurface"):
        Sfsf(isurface=Curve())


def test_an_sfsf_goes_through_a_dataset(tmp_path):
    model = _ball_on_plane(disp=[0.0, 0.0, -R_BALL])
    before = model.simulate(end=0.5, dtout=0.05, returnResults=True)
    path = tmp_path / "ball.xml"
    model.save_model(path)
    text = path.read_text()
    assert "<Constraint_SFSF" in text
    assert 'i_surface_id="' in text
    assert 'j_surface_id="' in text
    assert 'i_disp_z0="-0.3"' in text
    loaded = load_model(path, allow_scripts=True)
    (sfsf,) = [c for c in loaded._entities if isinstance(c, Sfsf)]
    assert sfsf.label == "ball on floor"
    assert (sfsf.isurface.label, sfsf.jsurface.label) == ("ball", "floor")
    np.testing.assert_allclose(list(sfsf.idisp), [0.0, 0.0, -R_BALL], rtol=1e-15)
    assert sfsf.jdisp is None
    after = loaded.simulate(end=0.5, dtout=0.05, returnResults=True)
    (request,) = [
        r for r in loaded._entities if isinstance(r, Request) and r.type == "DISPLACEMENT"
    ]
    for c in "XYZ":
        np.testing.assert_allclose(
            after.getObject(request).getComponent(c),
            before.getObject(model.d).getComponent(c),
            atol=1e-12,
        )


def test_a_ball_in_a_bowl_rests_at_the_bottom_and_swings_as_a_pendulum_of_r1_minus_r2():
    # statics: from THETA0 up the side to the bottom, the reaction the weight
    model, d, _ = _ball_and_sphere(inside=True)
    run = model.simulate(type="STATICS", end=0.0, returnResults=True)
    p = _components(run, model.d, ["X", "Y", "Z"])[-1]
    np.testing.assert_allclose(p, [0.0, 0.0, -d], atol=1e-9)
    # small oscillations about the bottom: the frictionless contact turns the ball's centre
    # on a sphere of radius d = R1 - R2 and leaves its rotation free, so two oscillating
    # modes of omega = sqrt(g / d) (a point pendulum of length d) and no other
    model, d, _ = _ball_and_sphere(inside=True, theta0=0.0)
    run = model.simulate(type="LINEAR", returnResults=True)
    omegas = sorted(2 * math.pi * m.frequency for m in run.modes if abs(m.eigenvalue.imag) > 1e-9)
    np.testing.assert_allclose(omegas, [math.sqrt(G / d)] * 2, rtol=1e-7)


def test_guesses_on_both_surfaces_find_the_same_contact():
    # the ball's lowest point and the floor's point under the centre, each in its own frame
    # (a little off: the nearest points and then Newton put them right)
    free = _ball_on_plane()
    guessed = _ball_on_plane()
    guessed.sfsf.idisp = [0.01, 0.02, -R_BALL + 0.01]
    guessed.sfsf.jdisp = [0.25, -0.05, 0.02]
    runs = [m.simulate(end=0.3, dtout=0.05, returnResults=True) for m in (free, guessed)]
    for c in "XYZ":
        np.testing.assert_allclose(
            runs[1].getObject(guessed.d).getComponent(c),
            runs[0].getObject(free.d).getComponent(c),
            atol=1e-9,
        )
