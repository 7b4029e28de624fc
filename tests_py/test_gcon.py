"""General constraints (Gcon, XML Constraint_General): an expression of the parts' positions
and TIME held at zero with a multiplier, like a joint's equation (docs/equations.md §2.14).

A particle held on a circle by x^2 + y^2 = R^2 swings as the rigid-link pendulum (period of
the complete elliptic integral, speed from the energy, tension 3 m g at the bottom for a
release from the horizontal); a Gcon DX - f(t) drives a coordinate exactly as the equivalent
Motion; statics and kinematics take the row; the tree form refuses it by name."""

import math

import numpy as np
import pytest
from scipy.special import ellipk

from msolve import *

G = 9.81


def circle_pendulum(radius=0.5, mass=2.0, integrator=None, point=True, **gcon):
    """A point mass (a small part when not `point`) released from rest at (R, 0, 0) (the
    horizontal), held on the circle of radius R about the origin by a Gcon; gravity -y."""
    model = Model()
    Accgrav(jgrav=-G)
    Integrator(**{"error": 1e-9, **(integrator or {})})
    ground = Part(ground=True)
    origin = Marker(part=ground)
    if point:
        bob = PointMass(mass=mass, cm=Marker(), qg=[radius, 0, 0])
    else:
        bob = Part(mass=mass, ip=[1e-3, 1e-3, 1e-3], cm=Marker(qp=[radius, 0, 0]))
    model.gcon = Gcon(
        function=gcon.pop("function", f"DX({bob.cm.id})**2 + DY({bob.cm.id})**2 - {radius}**2"),
        i=bob.cm,
        **gcon,
    )
    model.bob, model.origin = bob, origin
    model.pos = Request(type="DISPLACEMENT", i=bob.cm, j=origin)
    model.vel = Request(type="VELOCITY", i=bob.cm)
    model.force = Request(type="FORCE", i=bob.cm)
    return model


def test_circle_gcon_swings_as_the_rigid_pendulum():
    radius, mass = 0.5, 2.0
    model = circle_pendulum(radius, mass)
    run = model.simulate(end=1.5, dtout=0.001, returnResults=True)
    t = run.times
    x = run.getObject(model.pos).getComponent("X")
    y = run.getObject(model.pos).getComponent("Y")
    # on the circle all the way
    np.testing.assert_allclose(np.hypot(x, y), radius, atol=1e-8)
    # energy: v^2 = 2 g (0 - y) for a release from rest at y = 0
    v = run.getObject(model.vel).getComponent("VM")
    np.testing.assert_allclose(v**2, -2 * G * y, atol=1e-6)
    # period of the pendulum released at 90 degrees: 4 sqrt(R/g) K(k), k = sin(45 deg)
    period = 4 * math.sqrt(radius / G) * ellipk(0.5)
    # the bob crosses x = 0 (the bottom) first at a quarter period
    k = np.argmax(x < 0)
    crossing = t[k - 1] + (t[k] - t[k - 1]) * x[k - 1] / (x[k - 1] - x[k])
    assert crossing == pytest.approx(period / 4, rel=1e-6)
    # the reaction is the tension of the rigid link: m (v^2/R + g (-y/R)) along -r, which is
    # 3 m g at the bottom
    fx = run.getObject(model.force).getComponent("FX")
    fy = run.getObject(model.force).getComponent("FY")
    tension = mass * (v**2 / radius - G * y / radius)
    np.testing.assert_allclose(np.hypot(fx, fy), tension, rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(fx * x + fy * y, -tension * radius, rtol=1e-6, atol=1e-6)
    bottom = np.argmin(y)
    assert np.hypot(fx[bottom], fy[bottom]) == pytest.approx(3 * mass * G, rel=1e-4)


def test_circle_gcon_under_the_ode_form_gives_the_same_swing():
    # ABAM with coordinates AUTO: the tree form cannot take a Gcon, so the ODE form of the
    # body coordinates runs it (docs/equations.md §6.9)
    radius = 0.5
    model = circle_pendulum(radius, integrator={"type": "ABAM"})
    run = model.simulate(end=0.6, dtout=0.002, returnResults=True)
    x = run.getObject(model.pos).getComponent("X")
    y = run.getObject(model.pos).getComponent("Y")
    np.testing.assert_allclose(np.hypot(x, y), radius, atol=1e-8)
    v = run.getObject(model.vel).getComponent("VM")
    np.testing.assert_allclose(v**2, -2 * G * y, atol=1e-6)


def test_the_tree_form_refuses_a_gcon_by_name_and_body_coordinates_run_it():
    # the joint coordinates cannot take a Gcon: coordinates="JOINT" falls back to the body
    # coordinates, the log naming the Gcon (docs/equations.md §6.11)
    radius = 0.5
    model = circle_pendulum(
        radius, integrator={"type": "ABAM", "coordinates": "JOINT"}, point=False
    )
    run = model.simulate(end=0.2, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    assert any("coordinates=JOINT not applied (Gcon 1" in m for m in run.messages)
    x = run.getObject(model.pos).getComponent("X")
    y = run.getObject(model.pos).getComponent("Y")
    np.testing.assert_allclose(np.hypot(x, y), radius, atol=1e-6)


def test_statics_hangs_the_bob_below_the_origin_with_its_weight_as_tension():
    radius, mass = 0.5, 2.0
    model = circle_pendulum(radius, mass)
    # start at 30 degrees below the horizontal
    a = math.radians(30)
    model.bob.qg = [radius * math.cos(a), -radius * math.sin(a), 0]
    # the point mass is free along z (the circle's equation does not read it): a second
    # Gcon holds its plane
    Gcon(function=f"DZ({model.bob.cm.id})")
    run = model.simulate(type="STATICS", end=0.0, returnResults=True)
    x = run.getObject(model.pos).getComponent("X")[-1]
    y = run.getObject(model.pos).getComponent("Y")[-1]
    assert x == pytest.approx(0.0, abs=1e-8)
    assert y == pytest.approx(-radius, abs=1e-8)
    fy = run.getObject(model.force).getComponent("FY")[-1]
    assert fy == pytest.approx(mass * G, rel=1e-8)


def driven_block(driver, amplitude=0.1, omega=2 * math.pi, mass=3.0):
    """A block on a rail along x (TRANSLATIONAL joint) whose x is driven to
    amplitude sin(omega t) by `driver`: "gcon" or "motion"."""
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    origin = Marker(part=ground, zp=[1, 0, 0])
    block = Part(mass=mass, ip=[0.1, 0.1, 0.1], cm=Marker())
    at = Marker(part=block, zp=[1, 0, 0])
    Joint(type="TRANSLATIONAL", i=at, j=origin)
    f = f"{amplitude}*SIN({omega}*TIME)"
    if driver == "gcon":
        model.driver = Gcon(function=f"DX({block.cm.id}, {origin.id}) - {f}", i=block.cm)
    else:
        model.driver = Motion(i=block.cm, j=Marker(part=ground), direction="X", function=f)
    model.pos = Request(type="DISPLACEMENT", i=block.cm)
    model.vel = Request(type="VELOCITY", i=block.cm)
    model.acc = Request(type="ACCELERATION", i=block.cm)
    return model


@pytest.mark.parametrize("kind", ["DYNAMICS", "KINEMATICS"])
def test_gcon_of_time_drives_the_block_as_the_equivalent_motion(kind):
    amplitude, omega, mass = 0.1, 2 * math.pi, 3.0
    runs = {}
    for driver in ("gcon", "motion"):
        model = driven_block(driver, amplitude, omega, mass)
        runs[driver] = (model, model.simulate(type=kind, end=1.0, dtout=0.01, returnResults=True))
    (gm, gr), (mm, mr) = runs["gcon"], runs["motion"]
    t = gr.times
    for request, name, exact in (
        ("pos", "X", amplitude * np.sin(omega * t)),
        ("vel", "VX", amplitude * omega * np.cos(omega * t)),
        ("acc", "ACCX", -amplitude * omega**2 * np.sin(omega * t)),
    ):
        a = gr.getObject(getattr(gm, request)).getComponent(name)
        b = mr.getObject(getattr(mm, request)).getComponent(name)
        np.testing.assert_allclose(a, exact, atol=1e-7 * max(1.0, omega**2))
        np.testing.assert_allclose(a, b, atol=1e-7 * max(1.0, omega**2))


def test_gcon_reaction_is_the_force_driving_the_block():
    # the block has no other force along x: the Gcon's reaction is m x''
    amplitude, omega, mass = 0.1, 2 * math.pi, 3.0
    model = driven_block("gcon", amplitude, omega, mass)
    force = Request(type="FORCE", i=model.driver.i)
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    t = run.times
    np.testing.assert_allclose(
        run.getObject(force).getComponent("FX"),
        -mass * amplitude * omega**2 * np.sin(omega * t),
        atol=1e-6,
    )


def test_a_gcon_routine_holds_the_same_circle():
    radius = 0.5

    def GCOSUB(id, time, par, npar, dflag, iflag):
        x = DX(int(par[0]))
        y = DY(int(par[0]))
        return x * x + y * y - par[1] ** 2

    # a routine's partials are forward differences (about 1e-8 relative), so the error
    # bound is one they can meet
    model = circle_pendulum(
        radius, integrator={"error": 1e-6}, function="USER(0, 0)", routine=GCOSUB
    )
    model.gcon.function = f"USER({model.bob.cm.id}, {radius})"
    run = model.simulate(end=0.6, dtout=0.01, returnResults=True)
    x = run.getObject(model.pos).getComponent("X")
    y = run.getObject(model.pos).getComponent("Y")
    np.testing.assert_allclose(np.hypot(x, y), radius, atol=1e-6)
    v = run.getObject(model.vel).getComponent("VM")
    np.testing.assert_allclose(v**2, -2 * G * y, atol=1e-3)


@pytest.mark.parametrize(
    ("function", "words"),
    [
        ("TIME - 1", ["Gcon 1", "reads no position"]),
        ("DX({m}", ["Gcon 1"]),
        ("VX({m})", ["Gcon 1", "velocities"]),
        ("DX({m}) - DIF(1)", ["Gcon 1"]),
        ("", ["Gcon 1", "function"]),
    ],
)
def test_bad_functions_are_refused_naming_the_gcon(function, words):
    model = circle_pendulum()
    model.gcon.function = function.format(m=model.bob.cm.id)
    with pytest.raises((MsolveError, ModelError, ValueError)) as info:
        model.simulate(end=0.1, dtout=0.01)
    for word in words:
        assert word in str(info.value)


def test_gcon_round_trips_through_a_dataset(tmp_path):
    model = circle_pendulum()
    model.gcon.label = "on the circle"
    before = model.simulate(end=0.2, dtout=0.01, returnResults=True)
    path = tmp_path / "gcon.xml"
    model.save_model(str(path))
    text = path.read_text()
    assert "<Constraint_General" in text
    loaded = load_model(str(path))
    (gcon,) = [e for e in loaded._entities if isinstance(e, Gcon)]
    assert gcon.function == model.gcon.function
    assert gcon.label == "on the circle"
    assert gcon.i.id == model.gcon.i.id
    after = loaded.simulate(end=0.2, dtout=0.01, returnResults=True)
    requests = {e.id: e for e in loaded._entities if isinstance(e, Request)}
    for request, names in ((model.pos, ("X", "Y")), (model.force, ("FX", "FY"))):
        a = before.getObject(request)
        b = after.getObject(requests[request.id])
        for name in names:
            np.testing.assert_allclose(b.getComponent(name), a.getComponent(name), atol=1e-12)


def test_gcon_between_two_parts_is_a_rigid_link():
    # two point masses held at distance L by DM(a, b) - L (a row over both bodies), thrown
    # spinning without gravity: the distance stays, the momentum and the kinetic energy are
    # conserved (the reaction is internal and does no work)
    model = Model()
    Integrator(error=1e-10)
    Part(ground=True)
    length, m1, m2 = 0.8, 1.0, 3.0
    a = PointMass(mass=m1, cm=Marker(), qg=[0, 0, 0], vy=2.0, vx=0.5)
    b = PointMass(mass=m2, cm=Marker(), qg=[length, 0, 0], vy=-0.5, vz=0.3)
    Gcon(function=f"DM({a.cm.id}, {b.cm.id}) - {length}", i=a.cm)
    pa = Request(type="DISPLACEMENT", i=a.cm)
    pb = Request(type="DISPLACEMENT", i=b.cm)
    va = Request(type="VELOCITY", i=a.cm)
    vb = Request(type="VELOCITY", i=b.cm)
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)

    def vec(request, names):
        return np.stack([run.getObject(request).getComponent(n) for n in names], axis=1)

    ra, rb = vec(pa, "XYZ"), vec(pb, "XYZ")
    ua, ub = vec(va, ("VX", "VY", "VZ")), vec(vb, ("VX", "VY", "VZ"))
    np.testing.assert_allclose(np.linalg.norm(ra - rb, axis=1), length, atol=1e-9)
    momentum = m1 * ua + m2 * ub
    np.testing.assert_allclose(momentum, np.tile(momentum[0], (len(momentum), 1)), atol=1e-8)
    kinetic = 0.5 * m1 * np.sum(ua**2, axis=1) + 0.5 * m2 * np.sum(ub**2, axis=1)
    np.testing.assert_allclose(kinetic, kinetic[0], rtol=1e-7)
    # the initial velocities are made consistent with the link: the relative velocity along
    # it vanishes
    assert abs(np.dot(ua[0] - ub[0], ra[0] - rb[0])) < 1e-9


def test_linear_analysis_of_the_hanging_bob_gives_the_pendulum_frequency():
    # linearised about the bottom, held in its plane by a second Gcon: one mode of angular
    # frequency sqrt(g / R)
    radius = 0.5
    model = circle_pendulum(radius)
    model.bob.qg = [0, -radius, 0]
    Gcon(function=f"DZ({model.bob.cm.id})")
    run = model.simulate(type="LINEAR", returnResults=True)
    assert run.dof == 1
    (mode,) = run.modes
    assert 2 * math.pi * mode.frequency == pytest.approx(math.sqrt(G / radius), rel=1e-9)
