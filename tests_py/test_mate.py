"""Mate (MotionSolve's Constraint_Mate, docs/equations.md §2.12): the freedoms each type
removes, point-mass pendulums on a distance and on a sphere against the closed-form
frequency, a ball resting on a plane, a bead falling along a cylinder, the refused types and
the dataset round trip."""

import math

import numpy as np
import pytest

from msolve import *

G = 9.81


def free_body(mate_type, i_at, j_at, i_z=(0, 0, 1), j_z=(0, 0, 1), **numbers):
    # a body free in space, mated to the ground at two markers: i on the body, j on the ground
    model = Model()
    ground = Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[0.3, 0.2, 0.1]))
    i = Marker(part=body, qp=list(i_at), zp=list(np.add(i_at, i_z)))
    j = Marker(part=ground, qp=list(j_at), zp=list(np.add(j_at, j_z)))
    model.mate = Mate(type=mate_type, i=i, j=j, **numbers)
    model.body = body
    return model


def freedoms(model):
    for line in model.verify().messages:
        if line.startswith("verify: ") and "degrees of freedom" in line:
            return int(line.split()[1])
    raise AssertionError("no count of the freedoms")


@pytest.mark.parametrize(
    ("mate_type", "i_at", "j_at", "i_z", "j_z", "numbers", "dof"),
    [
        ("COI_POI_POI", (1, 0, 0), (1, 0, 0), (0, 0, 1), (0, 0, 1), {}, 3),
        ("COI_POI_LIN", (1, 0, 2), (1, 0, 0), (0, 0, 1), (0, 0, 1), {}, 4),
        ("COI_LIN_LIN", (1, 0, 2), (1, 0, 0), (0, 0, 1), (0, 0, 1), {}, 2),
        ("COI_LIN_PLA", (1, 3, 0), (0, 0, 0), (1, 0, 0), (0, 0, 1), {}, 4),
        ("DIS_POI_POI", (1, 0, 0), (0, 0, 0), (0, 0, 1), (0, 0, 1), {"dist": 1.0}, 5),
        ("COI_POI_SPH", (0, 2, 0), (0, 0, 0), (0, 0, 1), (0, 0, 1), {"radius": 2.0}, 5),
        (
            "DIS_SPH_SPH",
            (0, 4, 0),
            (0, 0, 0),
            (0, 0, 1),
            (0, 0, 1),
            {"iradius": 1.0, "jradius": 2.0, "dist": 1.0},
            5,
        ),
        ("COI_POI_CYL", (2, 0, 5), (0, 0, 0), (0, 0, 1), (0, 0, 1), {"radius": 2.0}, 5),
        (
            "TAN_SPH_CYL",
            (3, 0, 5),
            (0, 0, 0),
            (0, 0, 1),
            (0, 0, 1),
            {"iradius": 1.0, "jradius": 2.0},
            5,
        ),
        ("COI_LIN_CYL", (2, 0, 5), (0, 0, 0), (0, 0, 1), (0, 0, 1), {"radius": 2.0}, 3),
        ("TAN_SPH_PLA", (4, 4, 1), (0, 0, 0), (0, 0, 1), (0, 0, 1), {"radius": 1.0}, 5),
        ("DIS_LIN_PLA", (4, 4, 1), (0, 0, 0), (1, 0, 0), (0, 0, 1), {"dist": 1.0}, 4),
        (
            "DIS_PLA_CYL",
            (0, 0, 0),
            (4, 4, 3),
            (0, 0, 1),
            (1, 0, 0),
            {"radius": 2.0, "dist": 1.0},
            4,
        ),
    ],
)
def test_each_type_removes_the_freedoms_of_its_geometry(
    mate_type, i_at, j_at, i_z, j_z, numbers, dof
):
    model = free_body(mate_type, i_at, j_at, i_z, j_z, **numbers)
    assert freedoms(model) == dof


def pendulum(mate_type, L, **numbers):
    # a bob hanging at distance L below the pivot, held by the Mate at its mass centre: its
    # rotation is free, so it swings as a point mass
    model = Model()
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    bob = Part(mass=2.0, ip=[0.01, 0.01, 0.01], cm=Marker(qp=[0, 0, -L]))
    pivot = Marker(part=ground, qp=[0, 0, 0])
    Mate(type=mate_type, i=bob.cm, j=pivot, **numbers)
    model.bob, model.pivot = bob, pivot
    return model


@pytest.mark.parametrize(("mate_type", "key"), [("DIS_POI_POI", "dist"), ("COI_POI_SPH", "radius")])
def test_a_bob_at_a_fixed_distance_swings_at_the_point_mass_frequency(mate_type, key):
    L = 0.8
    run = pendulum(mate_type, L, **{key: L}).simulate(type="LINEAR", returnResults=True)
    swinging = sorted(m.frequency for m in run.modes if abs(m.eigenvalue.imag) > 1e-6)
    wn = math.sqrt(G / L) / (2 * math.pi)
    assert swinging == pytest.approx([wn, wn], rel=1e-6)


def test_a_released_bob_keeps_its_distance_and_its_energy():
    L = 0.8
    model = pendulum("DIS_POI_POI", L, dist=L)
    model.bob.vx = 1.5  # a push: it swings up to h = v^2 / 2g
    model.r = Request(type="DISPLACEMENT", i=model.bob.cm, j=model.pivot)
    Integrator(error=1e-8)
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    r = run.getObject(model.r)
    x, y, z = (np.asarray(r.getComponent(c)) for c in "XYZ")
    assert np.abs(np.sqrt(x**2 + y**2 + z**2) - L).max() < 1e-6
    # the highest point: all kinetic energy turned into potential
    assert z.max() + L == pytest.approx(1.5**2 / (2 * G), rel=1e-3)
    assert np.abs(y).max() < 1e-9


@pytest.mark.parametrize("below", [False, True])
def test_a_ball_tangent_to_a_plane_slides_on_it_on_the_side_it_starts(below):
    r = 0.25
    z0 = -r if below else r
    model = Model()
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    ball = Part(mass=1.0, ip=[0.1, 0.1, 0.1], cm=Marker(qp=[0, 0, z0]), vx=2.0)
    Mate(type="TAN_SPH_PLA", i=ball.cm, j=Marker(part=ground), radius=r)
    req = Request(type="DISPLACEMENT", i=ball.cm)
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    got = run.getObject(req)
    np.testing.assert_allclose(got.getComponent("Z"), z0, atol=1e-9)
    np.testing.assert_allclose(got.getComponent("X"), 2.0 * np.asarray(run.times), rtol=1e-6)


def test_a_bead_on_a_cylinder_falls_freely_along_its_axis():
    # the point keeps its distance from the vertical axis; gravity along the axis is free
    model = Model()
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    bead = Part(mass=0.5, ip=[0.01, 0.01, 0.01], cm=Marker(qp=[0.6, 0.8, 0]), vx=-0.8, vy=0.6)
    Mate(type="DIS_POI_LIN", i=bead.cm, j=Marker(part=ground), dist=1.0)
    req = Request(type="DISPLACEMENT", i=bead.cm)
    Integrator(error=1e-8)
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    got = run.getObject(req)
    t = np.asarray(run.times)
    x, y = np.asarray(got.getComponent("X")), np.asarray(got.getComponent("Y"))
    np.testing.assert_allclose(np.hypot(x, y), 1.0, atol=1e-6)
    np.testing.assert_allclose(got.getComponent("Z"), -G * t**2 / 2, atol=1e-6)
    # it circles the axis at the speed it started with: 1 radian per time
    np.testing.assert_allclose(np.unwrap(np.arctan2(y, x)), math.atan2(0.8, 0.6) + t, atol=1e-5)


@pytest.mark.parametrize("mate_type", ["TAN_CYL_CYL", "DIS_LIN_LIN", "COI_POI_CON"])
def test_the_types_msolve_does_not_build_are_refused_when_compiled(mate_type):
    model = free_body(
        mate_type, (0, 0, 0), (1, 0, 0), radius=1.0, iradius=1.0, jradius=1.0, dist=1.0, height=1.0
    )
    with pytest.raises(ModelError, match=rf"Mate 1: type '{mate_type}' is not supported"):
        model.simulate(end=0.1)


def test_missing_type_and_non_positive_numbers_are_named():
    model = free_body(None, (1, 0, 0), (0, 0, 0))
    with pytest.raises(ModelError, match="Mate 1: type is required"):
        model.verify()
    model = free_body("DIS_POI_POI", (1, 0, 0), (0, 0, 0))
    with pytest.raises(
        ModelError, match=r"Mate 1 \(DIS_POI_POI\): the distance .* must be positive, got 0"
    ):
        model.verify()
    with pytest.raises(ValueError, match="'type' must be one of COI_POI_CYL"):
        Mate(type="GLUE")


def test_a_mate_round_trips_through_a_dataset(tmp_path):
    model = free_body("DIS_SPH_CYL", (3.5, 0, 0), (0, 0, 0), iradius=1.0, jradius=2.0, dist=0.5)
    model.mate.virtual = True
    path = tmp_path / "mate.xml"
    model.save_model(str(path))
    text = path.read_text()
    assert "<Constraint_Mate" in text
    again = load_model(path)
    mate = again.lookupById(Mate, 1)
    assert mate.type == "DIS_SPH_CYL"
    assert (mate.iradius, mate.jradius, mate.dist, mate.radius) == (1.0, 2.0, 0.5, 0.0)
    assert mate.virtual is True
    assert freedoms(again) == 5
    # the reference's format spells one type "DIS_POI_ POI"
    path.write_text(text.replace('type="DIS_SPH_CYL"', 'type="DIS_POI_ POI"'))
    assert load_model(path).lookupById(Mate, 1).type == "DIS_POI_POI"
