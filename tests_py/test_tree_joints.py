"""The joint kinds of the joint-coordinate form beyond REVOLUTE and TRANSLATIONAL
(Integrator coordinates="JOINT", docs/equations.md §6.11): SPHERICAL (a quaternion),
CYLINDRICAL, UNIVERSAL, HOOKE, PLANAR and free parts (six coordinates to the ground), each
against the body-coordinate DAE (IDA) of the same model and, where one exists, a closed form
(conserved energy and angular momentum, the mass centre's parabola)."""

import numpy as np
import pytest

from msolve import *

G = 9.81


def components(run, request, names):
    obj = run.getObject(request)
    return np.column_stack([obj.getComponent(c) for c in names])


def simulate(build, coordinates, end=1.0):
    model = Model()
    Accgrav(jgrav=-G)
    Integrator(
        type="ABAM" if coordinates == "JOINT" else "DSTIFF", error=1e-9, coordinates=coordinates
    )
    requests = build()
    run = model.simulate(end=end, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    return run, requests


def two_bodies(kind, swap=False):
    """A body on a joint of `kind` to the ground at (0.2, 0.1, 0), its axes tilted, started
    spinning and sliding (the initial conditions keep what the joint allows), and a second
    body hanging from it by a REVOLUTE joint. `swap`: the joint's I marker on the ground."""
    ground = Part(ground=True)
    origin = Marker(part=ground)
    at = [0.2, 0.1, 0.0]
    z_point = [at[0] + 1.0, at[1] + 1.0, at[2] + 0.3]
    x_point = [at[0] + 1.0, at[1] - 1.0, at[2]]
    first = Part(
        mass=2.0,
        ip=[0.3, 0.2, 0.1],
        cm=Marker(qp=[0.5, -0.3, 0.2], zp=[0.5, -0.3, 1.2]),
        vx=0.5,
        vz=0.2,
        wx=1.0,
        wy=2.0,
        wz=3.0,
    )
    if kind == "UNIVERSAL":
        # the shafts along z_J (tilted) and z_I (along x_J): perpendicular
        j = Marker(part=ground, qp=at, zp=z_point, xp=x_point)
        i = Marker(part=first, qp=at, zp=x_point, xp=z_point)
    else:
        j = Marker(part=ground, qp=at, zp=z_point, xp=x_point)
        i = Marker(part=first, qp=at, zp=z_point, xp=x_point)
    if swap:
        i, j = j, i
    Joint(type=kind, i=i, j=j)
    second = Part(mass=1.0, ip=[0.05, 0.04, 0.03], cm=Marker(qp=[0.9, -0.8, 0.1]))
    hinge = [0.9, -0.3, 0.1]
    Joint(
        type="REVOLUTE",
        i=Marker(part=second, qp=hinge, zp=[0.9, -0.3, 1.1]),
        j=Marker(part=first, qp=hinge, zp=[0.9, -0.3, 1.1]),
    )
    return [
        Request(type="DISPLACEMENT", i=first.cm, j=origin),
        Request(type="DISPLACEMENT", i=second.cm, j=origin),
        Request(type="FORCE", i=i, j=j),
    ]


@pytest.mark.parametrize("swap", [False, True], ids=["I on the part", "I on the ground"])
@pytest.mark.parametrize("kind", ["CYLINDRICAL", "UNIVERSAL", "HOOKE", "PLANAR", "SPHERICAL"])
def test_each_joint_kind_matches_the_dae(kind, swap):
    (body, r_body), (joint, r_joint) = (
        simulate(lambda: two_bodies(kind, swap), c) for c in ("BODY", "JOINT")
    )
    dof = {"CYLINDRICAL": 3, "UNIVERSAL": 3, "HOOKE": 3, "PLANAR": 4, "SPHERICAL": 4}[kind]
    assert f"Integrator coordinates=JOINT: {dof} joint coordinates, CVODE Adams" in joint.messages
    for got, want in zip(r_joint[:2], r_body[:2]):
        a, b = components(joint, got, "XYZ"), components(body, want, "XYZ")
        np.testing.assert_allclose(a, b, atol=1e-6)
        assert np.ptp(a, axis=0).max() > 0.05  # it moved
    # the reactions of the joint to the ground (multipliers from the recursion)
    names = ("FX", "FY", "FZ", "TX", "TY", "TZ")
    a, b = components(joint, r_joint[2], names), components(body, r_body[2], names)
    np.testing.assert_allclose(a, b, atol=1e-4 * np.abs(b).max())


def test_spherical_pendulum_conserves_energy_and_angular_momentum_about_the_vertical():
    m, inertia = 1.0, 0.01  # a ball: the same inertia about every axis

    def build():
        ground = Part(ground=True)
        pivot = Marker(part=ground)
        # r = (0.5, -0.8, 0), turning about the vertical: v = w x r
        bob = Part(mass=m, ip=[inertia] * 3, cm=Marker(qp=[0.5, -0.8, 0]), vz=-1.0, wy=2.0)
        Joint(type="SPHERICAL", i=Marker(part=bob), j=pivot)
        return [
            Request(type="DISPLACEMENT", i=bob.cm, j=pivot),
            Request(type="VELOCITY", i=bob.cm, j=pivot),
        ]

    (body, r_body), (joint, r_joint) = (simulate(build, c, 3.0) for c in ("BODY", "JOINT"))
    r = components(joint, r_joint[0], "XYZ")
    v = components(joint, r_joint[1], ("VX", "VY", "VZ"))
    w = components(joint, r_joint[1], ("WX", "WY", "WZ"))
    energy = 0.5 * m * (v**2).sum(1) + 0.5 * inertia * (w**2).sum(1) + m * G * r[:, 1]
    momentum = m * np.cross(r, v)[:, 1] + inertia * w[:, 1]
    assert np.ptp(energy) < 1e-7 * np.abs(energy).max()
    assert np.ptp(momentum) < 1e-7
    assert abs(momentum[0]) > 0.5
    # run.energy from the states the tree form expands to: the same energy, balanced
    e = joint.energy
    np.testing.assert_allclose(e.getComponent("TOTAL"), energy, atol=1e-9)
    assert np.ptp(e.getComponent("BALANCE")) < 1e-7 * np.abs(energy).max()
    np.testing.assert_allclose(np.linalg.norm(r, axis=1), np.hypot(0.5, 0.8), atol=1e-12)
    np.testing.assert_allclose(r, components(body, r_body[0], "XYZ"), atol=1e-6)


def test_free_parts_fall_on_the_parabola_of_their_mass_centre():
    masses = (2.0, 1.0)

    def build():
        ground = Part(ground=True)
        origin = Marker(part=ground)
        base = Part(
            mass=masses[0], ip=[0.3, 0.2, 0.1], cm=Marker(qp=[0, 1, 0]), vx=1.0, vy=2.0, wx=3.0
        )
        arm = Part(mass=masses[1], ip=[0.05, 0.04, 0.03], cm=Marker(qp=[0.5, 1.2, 0.1]))
        hinge = [0.3, 1.0, 0.1]
        Joint(
            type="REVOLUTE",
            i=Marker(part=arm, qp=hinge, zp=[0.3, 1.0, 1.1]),
            j=Marker(part=base, qp=hinge, zp=[0.3, 1.0, 1.1]),
        )
        return [Request(type="DISPLACEMENT", i=p.cm, j=origin) for p in (base, arm)]

    (body, r_body), (joint, r_joint) = (simulate(build, c) for c in ("BODY", "JOINT"))
    assert "Integrator coordinates=JOINT: 7 joint coordinates, CVODE Adams" in joint.messages
    centre = sum(mass * components(joint, q, "XYZ") for mass, q in zip(masses, r_joint))
    centre /= sum(masses)
    t = joint.times[:, None]
    start = centre[0]
    # the mass centre's velocity at the start, from the first two outputs' difference and
    # the known acceleration
    dt = t[1, 0] - t[0, 0]
    velocity = (centre[1] - centre[0]) / dt - 0.5 * np.array([0.0, -G, 0.0]) * dt
    expected = start + velocity * t + 0.5 * np.array([0.0, -G, 0.0]) * t**2
    np.testing.assert_allclose(centre, expected, atol=1e-7)
    for got, want in zip(r_joint, r_body):
        np.testing.assert_allclose(
            components(joint, got, "XYZ"), components(body, want, "XYZ"), atol=1e-6
        )
