"""PointMass (docs/equations.md §1.5): three translational freedoms, a frame that keeps its
orientation; a projectile, a mass on a spring, a pendulum, markers and forces on it."""

import math

import numpy as np
import pytest
from scipy.special import ellipk

from msolve import *

G = 9.81


def test_a_point_mass_flies_a_parabola_and_keeps_its_orientation():
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-8)
    Part(ground=True)
    pm = PointMass(mass=0.3, cm=Marker(), qg=[1, 2, 3], reuler=[0.3, 0.2, 0.1], vx=2.0, vz=5.0)
    pm.vy = 0.0
    model.d = Request(type="DISPLACEMENT", i=pm.cm)
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    t = run.times
    d = run.getObject(model.d)
    np.testing.assert_allclose(d.getComponent("X"), 1 + 2 * t, rtol=0, atol=1e-9)
    np.testing.assert_allclose(d.getComponent("Y"), 2.0, rtol=0, atol=1e-12)
    # (the error of the integrator's first steps: 7e-8)
    np.testing.assert_allclose(d.getComponent("Z"), 3 + 5 * t - G * t**2 / 2, rtol=0, atol=2e-7)
    # the body results: the frame's Euler parameters never change
    body = run.getObject(pm).values
    np.testing.assert_allclose(body[:, 3:], np.tile(body[0, 3:], (len(t), 1)), atol=1e-12)
    for name, value in zip(("PSI", "THETA", "PHI"), (0.3, 0.2, 0.1)):
        np.testing.assert_allclose(d.getComponent(name), value, atol=1e-12)


def test_a_point_mass_on_a_spring_oscillates_with_period_two_pi_root_m_over_k():
    # no gravity; a spring of free length 1 from the origin, released at 1.1 on the x axis;
    # a torque on the point mass (a rotational spring) is taken by the ground
    m, k = 0.5, 200.0
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    origin = Marker(part=ground)
    pm = PointMass(mass=m, cm=Marker(), qg=[1.1, 0, 0], vx=0.0, vy=0.0, vz=0.0)
    SpringDamper(i=pm.cm, j=origin, k=k, length=1.0)
    SpringDamper(type="ROTATION", i=pm.cm, j=origin, kt=50.0, angle=0.5)
    model.d = Request(type="DISPLACEMENT", i=pm.cm)
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    w = math.sqrt(k / m)
    x = run.getObject(model.d).getComponent("X")
    np.testing.assert_allclose(x, 1.0 + 0.1 * np.cos(w * run.times), rtol=0, atol=2e-6)
    # energy is conserved: the ground takes the torque and does no work
    energy = run.energy.getComponent("BALANCE")
    assert abs(energy[-1] - energy[0]) < 1e-6


def test_a_point_mass_pendulum_has_the_period_of_the_elliptic_integral():
    # a massless link on a REVOLUTE joint to the ground, a point mass on a SPHERICAL joint at
    # its end; released from rest at 60 degrees: T = 4 sqrt(L/g) K(sin^2(theta0/2))
    m, length, theta0 = 1.2, 0.8, math.radians(60)
    model = Model()
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    pivot = Marker(part=ground, zp=[0, -1, 0])
    x0, z0 = length * math.sin(theta0), -length * math.cos(theta0)
    link = Part(mass=0.0, cm=Marker())
    Joint(type="REVOLUTE", i=Marker(part=link, zp=[0, -1, 0]), j=pivot)
    pm = PointMass(mass=m, cm=Marker(), qg=[x0, 0, z0], vx=0.0, vy=0.0, vz=0.0)
    Joint(type="SPHERICAL", i=pm.cm, j=Marker(part=link, qp=[x0, 0, z0]))
    model.d = Request(type="DISPLACEMENT", i=pm.cm)
    period = 4 * math.sqrt(length / G) * ellipk(math.sin(theta0 / 2) ** 2)
    run = model.simulate(end=period, dtout=period / 200, returnResults=True)
    d = run.getObject(model.d)
    # back where it started after one period, at the far side after half of it
    assert d.getComponent("X")[-1] == pytest.approx(x0, abs=1e-5)
    assert d.getComponent("Z")[-1] == pytest.approx(z0, abs=1e-5)
    assert d.getComponent("X")[100] == pytest.approx(-x0, abs=1e-5)
    # the distance to the pivot is the link's length throughout
    r = np.hypot(d.getComponent("X"), d.getComponent("Z"))
    np.testing.assert_allclose(r, length, rtol=0, atol=1e-9)


def test_point_mass_errors_name_the_point_mass_and_the_attribute():
    Model()
    with pytest.raises(ValueError, match=r"PointMass: attribute 'mass' must be at least 0"):
        PointMass(mass=-1.0)
    with pytest.raises(TypeError, match=r"PointMass: unknown attribute 'ip'"):
        PointMass(ip=[1, 1, 1])
    with pytest.raises(TypeError, match=r"'part' must be a Part or a PointMass"):
        Marker(part=Request())
    assert Point_Mass is PointMass


def test_the_axes_of_a_point_mass_may_be_given_by_directions():
    # zv, xv are the directions of the frame's axes: the same frame as the points qg + zv,
    # qg + xv
    model = Model()
    Accgrav(kgrav=-G)
    Part(ground=True)
    qg = [1.0, 2.0, 3.0]
    by_vectors = PointMass(mass=1.0, cm=Marker(), qg=qg, zv=[1, 0, 0], xv=[0, 1, 1])
    by_points = PointMass(mass=1.0, cm=Marker(), qg=qg, zg=[2, 2, 3], xg=[1, 3, 4])
    run = model.simulate(end=0.1, dtout=0.1, returnResults=True)
    a = run.getObject(by_vectors).values
    b = run.getObject(by_points).values
    np.testing.assert_allclose(a, b, rtol=0, atol=1e-12)
    # E0..E3 of the frame whose z is global x and whose x is along (0, 1, 1)
    e = a[0, 3:]
    R = (
        np.array(
            [
                [e[0] ** 2 + e[1] ** 2 - 0.5, e[1] * e[2] - e[0] * e[3], e[1] * e[3] + e[0] * e[2]],
                [e[1] * e[2] + e[0] * e[3], e[0] ** 2 + e[2] ** 2 - 0.5, e[2] * e[3] - e[0] * e[1]],
                [e[1] * e[3] - e[0] * e[2], e[2] * e[3] + e[0] * e[1], e[0] ** 2 + e[3] ** 2 - 0.5],
            ]
        )
        * 2
    )
    np.testing.assert_allclose(R[:, 2], [1, 0, 0], atol=1e-12)
    np.testing.assert_allclose(R[:, 0], [0, 2**-0.5, 2**-0.5], atol=1e-12)
    by_vectors.zg = [2, 2, 3]
    with pytest.raises(Exception, match=r"PointMass 1.*either by the points zg/xg or by the"):
        model.simulate(end=0.2)


def test_a_point_mass_slides_down_a_translational_joint():
    # a rail inclined by 30 degrees: s = g sin(a) t^2 / 2 from rest, the normal reaction
    # m g cos(a); the joint's rotation equations repeat the point mass's own and are set aside
    m, a = 2.0, math.radians(30)
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    d = [math.cos(a), 0, -math.sin(a)]
    rail = Marker(part=ground, zp=d)
    pm = PointMass(mass=m, cm=Marker())
    slider = Marker(part=pm, zp=d)
    Joint(type="TRANSLATIONAL", i=slider, j=rail)
    model.d = Request(type="DISPLACEMENT", i=pm.cm)
    model.f = Request(type="FORCE", i=slider, j=rail)
    run = model.simulate(end=1.0, dtout=0.25, returnResults=True)
    s = 0.5 * G * math.sin(a) * run.times**2
    d_result = run.getObject(model.d)
    np.testing.assert_allclose(d_result.getComponent("X"), s * d[0], rtol=0, atol=1e-9)
    np.testing.assert_allclose(d_result.getComponent("Z"), s * d[2], rtol=0, atol=1e-9)
    np.testing.assert_allclose(
        run.getObject(model.f).getComponent("FM"), m * G * math.cos(a), rtol=1e-9
    )
    assert sum("redundant constraint equation set aside" in line for line in run.messages) == 3


def _on_a_tilted_plane(exact):
    # a point mass designed at (1, 0, 0), held by INPLANE to the plane x + y = 0 through the
    # origin: the least change puts it at (0.5, -0.5, 0); exact X keeps x = 1 (so y = -1),
    # exact Y keeps y = 0 (so x = 0) (docs/equations.md §5.2)
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    pm = PointMass(mass=1.0, cm=Marker(), qg=[1, 0, 0], vx=0.0, vy=0.0, vz=0.0, exact=exact)
    Jprim(type="INPLANE", i=pm.cm, j=Marker(part=ground, zp=[1, 1, 0]))
    model.d = Request(type="DISPLACEMENT", i=pm.cm)
    run = model.simulate(end=0.1, dtout=0.05, returnResults=True)
    d = run.getObject(model.d)
    return [d.getComponent(c)[0] for c in "XYZ"]


@pytest.mark.parametrize(
    ("exact", "expected"),
    [([], [0.5, -0.5, 0.0]), (["X"], [1.0, -1.0, 0.0]), ("Y", [0.0, 0.0, 0.0])],
)
def test_exact_coordinates_are_held_by_the_initial_conditions(exact, expected):
    np.testing.assert_allclose(_on_a_tilted_plane(exact), expected, atol=1e-9)


def test_exact_coordinates_the_joints_cannot_keep_are_named():
    # both X and Y held: the plane x + y = 0 cannot be reached from (1, 0, 0)
    with pytest.raises(Exception, match=r"PointMass \d+: exact"):
        _on_a_tilted_plane(["X", "Y"])


def test_exact_survives_pickling():
    # exact has no dataset attribute: a pickled model carries it beside its dataset text
    import pickle

    model = Model()
    Part(ground=True)
    pm = PointMass(mass=1.0, cm=Marker(), qg=[1, 0, 0], exact=["X"])
    copy = pickle.loads(pickle.dumps(model))
    (held,) = [e for e in copy._entities if type(e).__name__ == "PointMass"]
    assert (held.id, held.exact) == (pm.id, ["X"])
