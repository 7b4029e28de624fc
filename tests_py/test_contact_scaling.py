"""Contact with many bodies (docs/equations.md §3.13): a contact that does not touch puts no
entry in the Jacobian, so the sparse pattern changes as pairs start and stop touching
(run.stats["jacobian_patterns"]); the answer must not depend on it."""

import pytest

from msolve import *

G = 9.81
R = 0.05
M = 0.1
K = 1e4
E = 1.5


def stacks_on_floor(columns):
    """`columns` stacks of two spheres dropped on a floor, every sphere in contact with the
    floor and with every other sphere (as a MotionSolve model writes them)."""
    model = Model()
    Units(system="MKS")
    Accgrav(kgrav=-G)
    Integrator(error=1e-6)
    ground = Part(ground=True)
    floor = Box(cm=Marker(part=ground, qp=[0, 0, -0.05]), x=2, y=2, z=0.1)
    law = dict(
        stiffness=K,
        exponent=E,
        damping=5.0,
        dmax=1e-3,
        coulomb_friction="ON",
        mu_static=0.3,
        mu_dynamic=0.2,
        stiction_transition_velocity=1e-2,
        friction_transition_velocity=2e-2,
    )
    parts, spheres = [], []
    for col in range(columns):
        for level in range(2):
            at = [-0.75 + 0.3 * col, 0, R + 0.02 + level * (2 * R + 0.02)]
            part = Part(mass=M, ip=[0.4 * M * R * R] * 3, qg=at, cm=Marker())
            parts.append(part)
            spheres.append(Sphere(cm=part.cm, radius=R))
    for k, s in enumerate(spheres):
        Contact(igeom=s, jgeom=floor, **law)
        for other in spheres[k + 1 :]:
            Contact(igeom=s, jgeom=other, **law)
    return model, parts


def test_stacked_spheres_settle_where_the_contact_stiffness_carries_their_weight():
    # 12 bodies: the sparse solver; 78 contacts, of which 12 touch at the end
    model, parts = stacks_on_floor(6)
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    assert run.stats["jacobian_patterns"] >= 2  # the floor contacts, then the stacks
    # resting: k d^e carries the weight above each contact (two spheres on the floor)
    floor_depth = (2 * M * G / K) ** (1 / E)
    pair_depth = (M * G / K) ** (1 / E)
    for k, part in enumerate(parts):
        z = run.getObject(part).getComponent("Z")[-1]
        expected = R - floor_depth + (k % 2) * (2 * R - pair_depth)
        assert z == pytest.approx(expected, abs=2e-5)
