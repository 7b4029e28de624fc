"""Rigid-body dynamics against closed-form solutions and conservation laws."""

import math

import numpy as np
import pytest

from msolve import *

G = 9.81


def hermite_root(t, x, v):
    """Times where x crosses zero downwards, by cubic Hermite interpolation of (x, dx/dt)."""
    roots = []
    for k in np.where((x[:-1] > 0) & (x[1:] <= 0))[0]:
        t0, h = t[k], t[k + 1] - t[k]
        a, b = 0.0, 1.0
        for _ in range(80):
            s = 0.5 * (a + b)
            h00, h10 = 2 * s**3 - 3 * s**2 + 1, s**3 - 2 * s**2 + s
            h01, h11 = -2 * s**3 + 3 * s**2, s**3 - s**2
            val = h00 * x[k] + h10 * h * v[k] + h01 * x[k + 1] + h11 * h * v[k + 1]
            a, b = (s, b) if val > 0 else (a, s)
        roots.append(t0 + 0.5 * (a + b) * h)
    return np.array(roots)


def test_free_fall_is_exact():
    # z = z0 + vz0 t - g t^2 / 2, x = vx0 t: a quadratic, which BDF integrates exactly
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-8)
    Part(ground=True)
    ball = Part(mass=3.0, ip=[0.1, 0.2, 0.3], qg=[0, 0, 10.0], vx=2.0, vz=5.0)
    run = model.simulate(end=2.0, dtout=0.05, returnResults=True)
    body = run.getObject(ball)
    t = body.times
    np.testing.assert_allclose(body.getComponent("Z"), 10 + 5 * t - 0.5 * G * t**2, rtol=1e-9)
    np.testing.assert_allclose(body.getComponent("X"), 2 * t, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(body.getComponent("Y"), 0.0, atol=1e-12)
    assert t[0] == 0.0
    assert t[-1] == pytest.approx(2.0)
    assert len(t) == 41


def make_pendulum(length, g, units_length="METER", mass=1.0):
    """A point mass on a massless arm: the revolute joint takes the bob's rotations."""
    model = Model()
    Units(length=units_length)
    Accgrav(kgrav=-g)
    ground = Part(ground=True)
    ground.pivot = Marker(part=ground, zp=[0, -1, 0])
    bob = Part(mass=mass, ip=[0, 0, 0], cm=Marker(qp=[length, 0, 0]))
    bob.pivot = Marker(part=bob, zp=[0, -1, 0])
    Joint(type="REVOLUTE", i=bob.pivot, j=ground.pivot)
    model.pos = Request(type="DISPLACEMENT", i=bob.cm, j=ground.pivot)
    model.vel = Request(type="VELOCITY", i=bob.cm)
    model.force = Request(type="FORCE", i=bob.pivot, j=ground.pivot)
    return model


@pytest.fixture(scope="module")
def pendulum_run():
    model = make_pendulum(1.0, G)
    Integrator(error=1e-9)
    period = 4 * math.sqrt(1.0 / G) * 1.8540746773013719  # K(sin^2 45 deg)
    run = model.simulate(end=20.5 * period, dtout=0.002, returnResults=True)
    return model, run, period


def test_pendulum_period_matches_elliptic_integral(pendulum_run):
    # T = 4 K(k) sqrt(L/g), k = sin(theta0/2), theta0 = 90 deg; K(1/2) = 1.854074677301372
    model, run, period = pendulum_run
    x = run.getObject(model.pos).getComponent("X")
    vx = run.getObject(model.vel).getComponent("VX")
    crossings = hermite_root(run.times, x, vx)
    measured = np.diff(crossings)
    assert len(measured) >= 19
    np.testing.assert_allclose(measured, period, rtol=1e-6)


def test_pendulum_energy_is_conserved(pendulum_run):
    # E = m v^2 / 2 + m g z stays at its initial value 0 (released from rest at z = 0)
    model, run, _period = pendulum_run
    z = run.getObject(model.pos).getComponent("Z")
    v = run.getObject(model.vel).getComponent("VM")
    energy = 0.5 * v**2 + G * z
    assert np.max(np.abs(energy)) / (G * 1.0) < 1e-6


def test_pendulum_reaction_at_lowest_point(pendulum_run):
    # tension of a point-mass pendulum: T = m g cos(phi) + m v^2 / L; at the bottom m g + m v^2/L
    model, run, _period = pendulum_run
    pos, vel = run.getObject(model.pos), run.getObject(model.vel)
    x, z = pos.getComponent("X"), pos.getComponent("Z")
    v = vel.getComponent("VM")
    fm = run.getObject(model.force).getComponent("FM")
    expected = G * (-z) / 1.0 + v**2 / 1.0
    np.testing.assert_allclose(fm, expected, rtol=1e-6, atol=1e-6 * G)
    bottom = np.argmin(z)
    assert abs(x[bottom]) < 0.01
    assert fm[bottom] == pytest.approx(G + v[bottom] ** 2, rel=1e-6)
    # the reaction on the bob points from the bob to the pivot: +z at the bottom
    fz = run.getObject(model.force).getComponent("FZ")
    assert fz[bottom] > 0


def test_millimetre_model_moves_like_metre_model():
    # the same pendulum in kg-mm-s-N (UCF = 1000, g = 9810 mm/s^2) is the metre model * 1000
    m1 = make_pendulum(1.0, G)
    Integrator(error=1e-9)
    r1 = m1.simulate(end=2.0, dtout=0.01, returnResults=True)
    m2 = make_pendulum(1000.0, 1000 * G, units_length="MILLIMETER")
    Integrator(error=1e-6)
    r2 = m2.simulate(end=2.0, dtout=0.01, returnResults=True)
    for comp in ("X", "Z"):
        a = r1.getObject(m1.pos).getComponent(comp)
        b = r2.getObject(m2.pos).getComponent(comp)
        np.testing.assert_allclose(b, 1000 * a, rtol=0, atol=1e-3)
    # forces are in newtons in both models
    fa = r1.getObject(m1.force).getComponent("FM")
    fb = r2.getObject(m2.force).getComponent("FM")
    np.testing.assert_allclose(fb, fa, rtol=0, atol=1e-5)


def test_torque_free_body_conserves_momentum_and_energy():
    # Euler's equations without torque: the global angular momentum R J R^T w and the kinetic
    # energy w^T R J R^T w / 2 are constants of motion
    model = Model()
    Integrator(error=1e-11)
    Part(ground=True)
    # ip gives the products of inertia as positive integrals (Adams PART/IP: "Adams Solver
    # defines Ixy, Ixz and Iyz as positive integrals"): the tensor holds their negatives
    J = np.array([[2.0, -0.1, 0.0], [-0.1, 3.0, -0.2], [0.0, -0.2, 5.0]])
    body = Part(
        mass=1.0, ip=[2.0, 3.0, 5.0, 0.1, 0.0, 0.2], reuler=[0.3, 0.4, 0.5], wx=1.0, wy=0.2, wz=-0.5
    )
    body.cm = Marker(part=body)
    model.w = Request(type="VELOCITY", i=body.cm)
    run = model.simulate(end=10.0, dtout=0.01, returnResults=True)
    b = run.getObject(body)
    w = run.getObject(model.w)
    H, T = [], []
    for k in range(len(run.times)):
        e = [b.getComponent(n)[k] for n in ("E0", "E1", "E2", "E3")]
        R = quat_to_matrix(e)
        omega = np.array([w.getComponent(n)[k] for n in ("WX", "WY", "WZ")])
        Jg = R @ J @ R.T
        H.append(Jg @ omega)
        T.append(0.5 * omega @ Jg @ omega)
    H, T = np.array(H), np.array(T)
    np.testing.assert_allclose(
        H, np.broadcast_to(H[0], H.shape), rtol=0, atol=1e-8 * np.linalg.norm(H[0])
    )
    np.testing.assert_allclose(T, T[0], rtol=1e-8)
    # the motion is not trivial: the angular velocity changes direction
    omega = np.stack([w.getComponent(n) for n in ("WX", "WY", "WZ")], axis=1)
    assert np.ptp(omega[:, 0]) > 0.1


def quat_to_matrix(e):
    e0, e1, e2, e3 = e
    return np.array(
        [
            [e0**2 + e1**2 - e2**2 - e3**2, 2 * (e1 * e2 - e0 * e3), 2 * (e1 * e3 + e0 * e2)],
            [2 * (e1 * e2 + e0 * e3), e0**2 - e1**2 + e2**2 - e3**2, 2 * (e2 * e3 - e0 * e1)],
            [2 * (e1 * e3 - e0 * e2), 2 * (e2 * e3 + e0 * e1), e0**2 - e1**2 - e2**2 + e3**2],
        ]
    )


def test_double_pendulum_stays_on_the_constraints():
    # GGL stabilisation: positions and velocities satisfy the constraints at every output
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-6)
    ground = Part(ground=True)
    g0 = Marker(part=ground, zp=[0, -1, 0])
    l1 = Part(mass=1.0, ip=[0.01, 0.08, 0.08], cm=Marker(qp=[0.5, 0, 0]))
    a1 = Marker(part=l1, zp=[0, -1, 0])
    b1 = Marker(part=l1, qp=[1, 0, 0], zp=[1, -1, 0])
    l2 = Part(mass=0.5, ip=[0.005, 0.04, 0.04], cm=Marker(qp=[1.5, 0, 0]))
    a2 = Marker(part=l2, qp=[1, 0, 0], zp=[1, -1, 0])
    Joint(type="REVOLUTE", i=a1, j=g0)
    Joint(type="REVOLUTE", i=a2, j=b1)
    model.tip = Request(type="DISPLACEMENT", i=l2.cm)
    run = model.simulate(end=10.0, dtout=0.01, returnResults=True)
    errors = run.constraintErrors
    assert errors.shape == (1001, 2)
    assert errors[:, 0].max() < 1e-10
    assert errors[:, 1].max() < 1e-8
    # and it really moves: the second link swings below the first
    assert run.getObject(model.tip).getComponent("Z").min() < -1.0


def test_translational_joint_along_gravity_is_free_fall():
    # a slider on a vertical TRANSLATIONAL joint: z = -g t^2/2 exactly, nothing else moves
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-8)
    ground = Part(ground=True)
    gm = Marker(part=ground, qp=[0.2, 0.3, 0])
    slider = Part(mass=2.0, ip=[1, 2, 3], cm=Marker(qp=[0.5, 0.1, 0]))
    sm = Marker(part=slider, qp=[0.2, 0.3, 0])
    Joint(type="TRANSLATIONAL", i=sm, j=gm)
    model.d = Request(type="DISPLACEMENT", i=sm, j=gm)
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    d = run.getObject(model.d)
    t = run.times
    np.testing.assert_allclose(d.getComponent("Z"), -0.5 * G * t**2, rtol=1e-9, atol=1e-12)
    for comp in ("X", "Y", "PSI", "THETA", "PHI"):
        np.testing.assert_allclose(d.getComponent(comp), 0.0, atol=1e-10)
    body = run.getObject(slider)
    np.testing.assert_allclose(body.getComponent("X"), 0.5, atol=1e-10)
    np.testing.assert_allclose(body.getComponent("Y"), 0.1, atol=1e-10)


def _circle_intersection(A, O4, b, c, branch):
    # B with |B - A| = b and |B - O4| = c, on the side given by branch (+1 / -1)
    e_vec = A - O4
    e = np.linalg.norm(e_vec)
    alpha = math.acos((c**2 + e**2 - b**2) / (2 * c * e))
    phi = math.atan2(e_vec[1], e_vec[0])
    theta4 = phi + branch * alpha
    return O4 + c * np.array([math.cos(theta4), math.sin(theta4)]), theta4


def test_four_bar_of_revolute_joints_follows_closed_form_kinematics(capsys):
    # crank-rocker (Grashof: crank a=1 shortest, a + b <= c + d): for every crank angle the
    # rocker angle is the intersection of the circles |B - A| = b and |B - O4| = c
    a, b, c, d = 1.0, 3.0, 2.5, 3.0
    O2, O4 = np.array([0.0, 0.0]), np.array([d, 0.0])
    th2 = math.radians(60.0)
    A = O2 + a * np.array([math.cos(th2), math.sin(th2)])
    B, _th4 = _circle_intersection(A, O4, b, c, +1)

    model = Model()
    Integrator(error=1e-8)
    ground = Part(ground=True)

    def link(p, q, w=None):
        mid = 0.5 * (np.asarray(p) + np.asarray(q))
        kwargs = {} if w is None else {"wz": w}
        part = Part(mass=1.0, ip=[0.05, 0.3, 0.3], **kwargs)
        part.cm = Marker(part=part, qp=[mid[0], mid[1], 0.0])
        return part

    crank, coupler, rocker = link(O2, A, w=4.0), link(A, B), link(B, O4)

    def pin(pa, pb, at):
        Joint(
            type="REVOLUTE",
            i=Marker(part=pa, qp=[at[0], at[1], 0]),
            j=Marker(part=pb, qp=[at[0], at[1], 0]),
        )

    pin(crank, ground, O2)
    pin(coupler, crank, A)
    pin(rocker, coupler, B)
    pin(rocker, ground, O4)
    o2, o4 = Marker(part=ground, qp=[*O2, 0]), Marker(part=ground, qp=[*O4, 0])
    model.crank = Request(type="DISPLACEMENT", i=Marker(part=crank, qp=[*A, 0]), j=o2)
    model.rocker = Request(type="DISPLACEMENT", i=Marker(part=rocker, qp=[*B, 0]), j=o4)
    run = model.simulate(end=3.0, dtout=0.01, returnResults=True)

    # the planar loop of four 3D revolute joints has 3 redundant equations
    redundant = [m for m in run.messages if "redundant" in m]
    assert len(redundant) == 3
    assert "redundant" in capsys.readouterr().out

    cr, ro = run.getObject(model.crank), run.getObject(model.rocker)
    theta2 = np.arctan2(cr.getComponent("Y"), cr.getComponent("X"))
    theta4 = np.arctan2(ro.getComponent("Y"), ro.getComponent("X"))
    expected = []
    for t2 in theta2:
        A_k = O2 + a * np.array([math.cos(t2), math.sin(t2)])
        expected.append(_circle_intersection(A_k, O4, b, c, +1)[1])
    diff = np.angle(np.exp(1j * (theta4 - np.array(expected))))
    assert np.max(np.abs(diff)) < 1e-7
    # the crank turns through full revolutions (crank-rocker), and everything stays planar
    assert np.ptp(np.unwrap(theta2)) > 2 * math.pi
    np.testing.assert_allclose(ro.getComponent("Z"), 0.0, atol=1e-9)
    assert run.constraintErrors[:, 0].max() < 1e-10


def test_long_chain_conserves_energy():
    # 12 links of a planar chain (large enough for the sparse KLU solver): without
    # dissipation, kinetic + potential energy stays at its initial value 0
    n, length, iyy = 12, 0.5, 0.02
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-8)
    ground = Part(ground=True)
    previous = Marker(part=ground, zp=[0, 1, 0])
    requests = []
    for k in range(n):
        link = Part(mass=1.0, ip=[0.001, iyy, iyy], cm=Marker(qp=[(k + 0.5) * length, 0, 0]))
        Joint(
            type="REVOLUTE",
            i=Marker(part=link, qp=[k * length, 0, 0], zp=[k * length, 1, 0]),
            j=previous,
        )
        previous = Marker(part=link, qp=[(k + 1) * length, 0, 0], zp=[(k + 1) * length, 1, 0])
        requests.append((link, Request(type="VELOCITY", i=link.cm)))
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    energy = np.zeros(len(run.times))
    for link, req in requests:
        v = run.getObject(req)
        z = run.getObject(link).getComponent("Z")
        energy += 0.5 * v.getComponent("VM") ** 2 + 0.5 * iyy * v.getComponent("WY") ** 2 + G * z
    scale = G * n * n * length / 2  # potential energy released by the chain hanging down
    assert np.max(np.abs(energy)) < 1e-7 * scale
    assert run.constraintErrors[:, 0].max() < 1e-10
    assert run.getObject(requests[-1][0]).getComponent("Z").min() < -1.0
