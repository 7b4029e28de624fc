"""Closed loops in joint coordinates (docs/equations.md §6.12): the joints left out of the
spanning tree are closure equations, the ODE's states the independent joint coordinates.
Checked against the body-coordinate DAE (IDA) on the same models, the closure equations at
every output, energy conservation and the slider-crank's closed-form kinematics."""

import math

import numpy as np
import pytest

from msolve import *

G = 9.81


def four_bar(integrator_type, error, coordinates="AUTO"):
    """A crank-rocker four-bar (crank 0.3 m, coupler 1 m, rocker 0.8 m, ground 1 m) in the
    x-y plane under gravity -y, the crank started at 4 rad/s: the four REVOLUTE joints along
    global z make a planar loop, whose closing joint has 5 equations of rank 2."""
    model = Model()
    Accgrav(jgrav=-G)
    Integrator(type=integrator_type, error=error, coordinates=coordinates)
    ground = Part(ground=True)
    a, b, d = np.array([0.0, 0, 0]), np.array([0.0, 0.3, 0]), np.array([1.0, 0, 0])
    # C at distance 1 from B and 0.8 from D
    dist = np.linalg.norm(d - b)
    along = (1.0**2 - 0.8**2 + dist**2) / (2 * dist)
    h = math.sqrt(1.0**2 - along**2)
    e = (d - b) / dist
    c = b + along * e + h * np.array([-e[1], e[0], 0])

    def link(p, q, mass):
        return Part(mass=mass, ip=[1e-3, 0.05, 0.05], cm=Marker(qp=list((p + q) / 2)))

    crank, coupler, rocker = link(a, b, 1.0), link(b, c, 2.0), link(c, d, 1.5)
    pins = [(crank, ground, a), (coupler, crank, b), (rocker, coupler, c), (rocker, ground, d)]
    joints = []
    for i, j, p in pins:
        joints.append(
            Joint(type="REVOLUTE", i=Marker(part=i, qp=list(p)), j=Marker(part=j, qp=list(p)))
        )
    crank.wz = 4.0
    crank.vx = -4.0 * 0.15
    model.tip = Request(
        type="DISPLACEMENT", i=Marker(part=rocker, qp=list(c)), j=Marker(part=ground)
    )
    model.closing = Request(type="FORCE", i=joints[2].i, j=joints[2].j)
    model.pins = [Marker(part=rocker, qp=list(c)), Marker(part=coupler, qp=list(c))]
    model.gap = Request(type="DISPLACEMENT", i=model.pins[0], j=model.pins[1])
    return model


def series(run, request, components):
    obj = run.getObject(request)
    return np.column_stack([obj.getComponent(c) for c in components])


@pytest.fixture(scope="module")
def four_bar_reference():
    model = four_bar("DSTIFF", 1e-11, coordinates="BODY")
    run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    return model, run


@pytest.mark.parametrize("integrator_type", ["ABAM", "MSTIFF"])
def test_four_bar_in_joint_coordinates_agrees_with_the_dae_form(
    integrator_type, four_bar_reference
):
    reference, ref = four_bar_reference
    model = four_bar(integrator_type, 1e-10)
    run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    # AUTO took joint coordinates: one coordinate, the loop closed by the fourth joint
    assert any(
        "coordinates=JOINT (chosen: the model is a tree of joints with loops): 1 joint" in line
        and "the loops closed by Joint" in line
        for line in run.messages
    ), run.messages
    np.testing.assert_allclose(
        series(run, model.tip, "XY"), series(ref, reference.tip, "XY"), rtol=0, atol=1e-6
    )
    # the cut joint's reaction (the outputs' own solve) as in the DAE form
    np.testing.assert_allclose(
        series(run, model.closing, ["FX", "FY"]),
        series(ref, reference.closing, ["FX", "FY"]),
        rtol=0,
        atol=1e-4,
    )
    # the closure holds at every output to Newton's tolerance: the pins of the cut joint
    # coincide, the body states meet every joint equation
    assert np.abs(series(run, model.gap, "XYZ")).max() < 1e-11
    assert np.max(np.abs(run.constraintErrors[:, 0])) < 1e-11
    assert np.max(np.abs(run.constraintErrors[:, 1])) < 1e-10
    # no force but gravity and the ideal joints: the energy is conserved
    total = run.energy.getComponent("TOTAL")
    assert np.ptp(total) < 1e-7 * np.abs(run.energy.getComponent("KINETIC")).max()


def slider_crank(integrator_type, error, r=0.1, length=0.3, coordinates="AUTO"):
    """A crank of radius r on a REVOLUTE joint about global z, a rod of length `length`, a
    slider on a TRANSLATIONAL joint along x, the rod pinned to the slider (the joint that
    closes the loop); a spring pulls the slider towards the crank's pivot and the crank
    starts at 6 rad/s."""
    model = Model()
    Integrator(type=integrator_type, error=error, coordinates=coordinates)
    ground = Part(ground=True)
    origin = Marker(part=ground)
    crank = Part(mass=0.5, ip=[1e-4, 1e-3, 1e-3], cm=Marker(qp=[r / 2, 0, 0]))
    rod = Part(mass=1.0, ip=[1e-4, 8e-3, 8e-3], cm=Marker(qp=[r + length / 2, 0, 0]))
    slider = Part(mass=2.0, ip=[1e-2, 1e-2, 1e-2], cm=Marker(qp=[r + length, 0, 0]))
    Joint(type="REVOLUTE", i=Marker(part=crank), j=origin)
    Joint(type="REVOLUTE", i=Marker(part=rod, qp=[r, 0, 0]), j=Marker(part=crank, qp=[r, 0, 0]))
    pin = [r + length, 0, 0]
    Joint(type="REVOLUTE", i=Marker(part=slider, qp=pin), j=Marker(part=rod, qp=pin))
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=slider, zp=[1, 0, 0]),
        j=Marker(part=ground, zp=[1, 0, 0]),
    )
    SpringDamper(i=slider.cm, j=origin, k=200.0, c=0.0, length=0.2)
    crank.wz = 6.0
    crank.vy = 6.0 * r / 2
    rod.vy = 6.0 * r / 2
    rod.wz = -6.0 * r / length
    model.x = Request(type="DISPLACEMENT", i=slider.cm, j=origin)
    model.crank = Request(type="DISPLACEMENT", i=crank.cm, j=origin)
    return model


def test_slider_crank_follows_its_closure_and_the_dae_form():
    r, length = 0.1, 0.3
    reference = slider_crank("DSTIFF", 1e-11, coordinates="BODY")
    ref = reference.simulate(end=2.0, dtout=0.01, returnResults=True)
    model = slider_crank("ABAM", 1e-10, coordinates="JOINT")
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    assert ref.ok, ref.error
    assert run.ok, run.error
    assert any("the loops closed by Joint" in line for line in run.messages), run.messages
    x = run.getObject(model.x).getComponent("X")
    np.testing.assert_allclose(x, ref.getObject(reference.x).getComponent("X"), atol=1e-6)
    # the closure's closed form x = r cos(theta) + sqrt(L^2 - r^2 sin^2(theta)) at every output
    crank = series(run, model.crank, "XY")
    theta = np.arctan2(crank[:, 1], crank[:, 0])
    closed = r * np.cos(theta) + np.sqrt(length**2 - (r * np.sin(theta)) ** 2)
    np.testing.assert_allclose(x, closed, atol=1e-11)
    # the crank turns through whole turns (the dependent coordinates followed)
    assert np.ptp(np.unwrap(theta)) > 2 * math.pi
    total = run.energy.getComponent("TOTAL")
    assert np.ptp(total) < 1e-7 * total.max()


def test_a_door_on_two_coaxial_hinges_swings_as_on_one():
    # the second hinge repeats the first: its five closure equations are all redundant
    # (rank 0), and the door swings as a pendulum on one hinge
    def door(hinges):
        model = Model()
        Accgrav(jgrav=-G)
        Integrator(type="ABAM", error=1e-10, coordinates="JOINT")
        ground = Part(ground=True)
        leaf = Part(mass=3.0, ip=[0.1, 0.2, 0.3], cm=Marker(qp=[0.4, 0, 0.5]))
        for z in [0.0, 1.0][:hinges]:
            at = dict(qp=[0, 0, z], zp=[0, 0, z + 1])
            Joint(type="REVOLUTE", i=Marker(part=leaf, **at), j=Marker(part=ground, **at))
        model.cm = Request(type="DISPLACEMENT", i=leaf.cm)
        return model

    one, two = door(1), door(2)
    run1 = one.simulate(end=2.0, dtout=0.01, returnResults=True)
    run2 = two.simulate(end=2.0, dtout=0.01, returnResults=True)
    assert run1.ok, run1.error
    assert run2.ok, run2.error
    assert any("1 joint coordinates, the loops closed by Joint" in m for m in run2.messages)
    np.testing.assert_allclose(series(run2, two.cm, "XYZ"), series(run1, one.cm, "XYZ"), atol=1e-9)


def test_a_parallelogram_through_its_singular_position_goes_on_in_body_coordinates():
    # crank and rocker of equal length, coupler as long as the ground: at the crank angle 0
    # (all links on the x axis) the closure equations lose rank; joint coordinates stop
    # before it, the run goes on in body coordinates and agrees with the DAE form
    def parallelogram(coordinates, integrator_type):
        model = Model()
        Integrator(type=integrator_type, error=1e-9, coordinates=coordinates)
        ground = Part(ground=True)
        arm = 0.3
        start = math.radians(60.0)
        tip = arm * np.array([math.cos(start), math.sin(start), 0.0])
        a, d = np.zeros(3), np.array([1.0, 0.0, 0.0])
        b, c = a + tip, d + tip

        def link(p, q):
            return Part(mass=1.0, ip=[1e-3, 0.02, 0.02], cm=Marker(qp=list((p + q) / 2)))

        crank, coupler, rocker = link(a, b), link(b, c), link(d, c)
        for i, j, p in [
            (crank, ground, a),
            (coupler, crank, b),
            (rocker, coupler, c),
            (rocker, ground, d),
        ]:
            Joint(type="REVOLUTE", i=Marker(part=i, qp=list(p)), j=Marker(part=j, qp=list(p)))
        # turning clockwise, towards the singular angle 0
        w = -5.0
        crank.wz = rocker.wz = w
        crank.vx, crank.vy = -w * tip[1] / 2, w * tip[0] / 2
        rocker.vx, rocker.vy = -w * tip[1] / 2, w * tip[0] / 2
        coupler.vx, coupler.vy = -w * tip[1], w * tip[0]
        model.cm = Request(type="DISPLACEMENT", i=coupler.cm)
        return model

    reference = parallelogram("BODY", "DSTIFF")
    ref = reference.simulate(end=0.3, dtout=0.005, returnResults=True)
    model = parallelogram("AUTO", "ABAM")
    run = model.simulate(end=0.3, dtout=0.005, returnResults=True)
    assert ref.ok, ref.error
    assert run.ok, run.error
    assert any("with loops" in m for m in run.messages), run.messages
    assert any(
        "near a singular position" in m and "body coordinates from here on" in m
        for m in run.messages
    ), run.messages
    np.testing.assert_allclose(
        series(run, model.cm, "XY"), series(ref, reference.cm, "XY"), atol=1e-6
    )
