"""Joint coordinates for trees of joints (Integrator coordinates="JOINT", docs/equations.md
§6.11): CVODE on one coordinate per REVOLUTE or TRANSLATIONAL joint, the accelerations by
the articulated-body algorithm. Checked against closed forms, energy conservation and the
body-coordinate DAE (IDA) on the same models."""

import math

import numpy as np
import pytest

from msolve import *

G = 9.81


def chain(n, coordinates, integrator_type="DSTIFF", error=1e-9, spatial=False):
    """n links of 0.5 m (1 kg, thin rods) on REVOLUTE joints, hanging from the ground at the
    origin, started horizontal along x at rest. `spatial`: the joints' axes alternate
    between global z and global y, so that the chain moves in 3D."""
    model = Model()
    Accgrav(jgrav=-G)
    Integrator(type=integrator_type, error=error, coordinates=coordinates)
    ground = Part(ground=True)
    length, links, parent = 0.5, [], ground
    ground_origin = Marker(part=ground)
    for k in range(n):
        x0 = k * length
        link = Part(mass=1.0, ip=[1e-3, 0.02, 0.02], cm=Marker(qp=[x0 + length / 2, 0, 0]))
        axis = [x0, 1, 0] if spatial and k % 2 else [x0, 0, 1]
        i = Marker(part=link, qp=[x0, 0, 0], zp=axis)
        j = Marker(part=parent, qp=[x0, 0, 0], zp=axis)
        Joint(type="REVOLUTE", i=i, j=j)
        link.reaction = Request(type="FORCE", i=i, j=j)
        links.append(link)
        link.pos = Request(type="DISPLACEMENT", i=link.cm, j=ground_origin)
        link.vel = Request(type="VELOCITY", i=link.cm, j=ground_origin)
        parent = link
    model.links = links
    model.tip = Marker(part=links[-1], qp=[n * length, 0, 0])
    model.origin = Marker(part=ground)
    model.tip_pos = Request(type="DISPLACEMENT", i=model.tip, j=model.origin)
    return model


def tip(run, model):
    obj = run.getObject(model.tip_pos)
    return np.column_stack([obj.getComponent(c) for c in "XYZ"])


def energy(run, model):
    """Kinetic plus potential energy of the links, from their states (thin rods about cm)."""
    total = 0.0
    for link in model.links:
        obj = run.getObject(link.vel)
        v = np.column_stack([obj.getComponent(c) for c in ("VX", "VY", "VZ")])
        w = np.column_stack([obj.getComponent(c) for c in ("WX", "WY", "WZ")])
        # the inertia is about the part's own axes, which stay near the global ones only for
        # a planar chain; the tests that use this are planar (w along z)
        total = total + 0.5 * (v**2).sum(axis=1) + 0.5 * 0.02 * w[:, 2] ** 2
        total = total + G * run.getObject(link.pos).getComponent("Y")
    return total


@pytest.mark.parametrize("integrator_type", ["ABAM", "MSTIFF"])
def test_pendulum_period_energy_and_the_log(integrator_type):
    # a point-like bob on a 1 m rod: period 2 pi sqrt(L/g) (1 + a^2/16) at amplitude a
    amplitude = 0.05
    model = Model()
    Accgrav(jgrav=-G)
    Integrator(type=integrator_type, error=1e-9, coordinates="JOINT")
    ground = Part(ground=True)
    pivot = Marker(part=ground)
    bob = Part(
        mass=1.0,
        ip=[1e-6, 1e-6, 1e-6],
        cm=Marker(qp=[math.sin(amplitude), -math.cos(amplitude), 0]),
    )
    Joint(type="REVOLUTE", i=Marker(part=bob), j=pivot)
    pos = Request(type="DISPLACEMENT", i=bob.cm, j=pivot)
    vel = Request(type="VELOCITY", i=bob.cm, j=pivot)
    run = model.simulate(end=6.0, dtout=0.002, returnResults=True)
    assert run.ok, run.error
    method = "Adams" if integrator_type == "ABAM" else "BDF"
    assert f"Integrator coordinates=JOINT: 1 joint coordinates, CVODE {method}" in run.messages
    t = run.times
    x, y = run.getObject(pos).getComponent("X"), run.getObject(pos).getComponent("Y")
    k = np.where((x[:-1] > 0) & (x[1:] <= 0))[0]
    crossings = t[k] - x[k] * (t[k + 1] - t[k]) / (x[k + 1] - x[k])
    period = 2 * math.pi * math.sqrt(1.0 / G) * (1 + amplitude**2 / 16)
    assert np.diff(crossings).mean() == pytest.approx(period, rel=2e-5)
    # the rod keeps its length exactly: the body state comes from the joint angle
    np.testing.assert_allclose(np.hypot(x, y), 1.0, atol=1e-12)
    obj = run.getObject(vel)
    v2 = obj.getComponent("VX") ** 2 + obj.getComponent("VY") ** 2
    assert np.ptp(0.5 * v2 + G * y) < 1e-6


def test_double_pendulum_matches_the_dae_and_conserves_energy():
    runs = {}
    for coordinates in ("BODY", "JOINT"):
        model = chain(2, coordinates, "ABAM" if coordinates == "JOINT" else "DSTIFF", 1e-9)
        run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
        assert run.ok, run.error
        runs[coordinates] = (model, run)
    (m_body, body), (m_joint, joint) = runs["BODY"], runs["JOINT"]
    # a chaotic motion: the two agree over the first two seconds to the integration error
    np.testing.assert_allclose(tip(joint, m_joint), tip(body, m_body), atol=2e-5)
    # the joint reactions (the multipliers) agree: at the pivot and between the links
    for link_joint, link_body in zip(m_joint.links, m_body.links):
        for c in ("FX", "FY", "FZ", "TX", "TY", "TZ"):
            got = joint.getObject(link_joint.reaction).getComponent(c)
            want = body.getObject(link_body.reaction).getComponent(c)
            np.testing.assert_allclose(got, want, atol=2e-3, err_msg=c)
        assert np.abs(joint.getObject(link_joint.reaction).getComponent("FY")).max() > 5.0
    e = energy(joint, m_joint)
    # total energy 0 (at rest, level with the pivot) against a potential swing of about 10 J
    assert np.ptp(e) < 1e-6


def test_chain_of_16_matches_the_dae():
    runs = {}
    for coordinates in ("BODY", "JOINT"):
        model = chain(16, coordinates, "DSTIFF" if coordinates == "BODY" else "ABAM", 1e-8, True)
        run = model.simulate(end=0.5, dtout=0.01, returnResults=True)
        assert run.ok, run.error
        runs[coordinates] = tip(run, model)
    np.testing.assert_allclose(runs["JOINT"], runs["BODY"], atol=1e-5)


def test_sforce_expression_and_python_routine_on_a_slider_and_a_sensor():
    # a block on a TRANSLATIONAL joint under a spring-damper Sforce (expression) and a
    # Python routine force: m x'' + c x' + k x = 0 in closed form; a sensor at the first
    # crossing of x = 0 stops both formulations at the same time
    m, k, c, x0 = 2.0, 50.0, 2.0, 0.1
    results = {}
    for coordinates in ("BODY", "JOINT"):
        model = Model()
        integrator_type = "ABAM" if coordinates == "JOINT" else "DSTIFF"
        Integrator(type=integrator_type, error=1e-10, coordinates=coordinates)
        ground = Part(ground=True)
        anchor = Marker(part=ground, zp=[1, 0, 0])
        at, ahead = [1.0 + x0, 0, 0], [2.0 + x0, 0, 0]
        block = Part(mass=m, ip=[1, 1, 1], cm=Marker(qp=at))
        Joint(
            type="TRANSLATIONAL",
            i=Marker(part=block, qp=at, zp=ahead),
            j=Marker(part=ground, qp=at, zp=ahead),
        )
        i, j = block.cm.id, anchor.id
        Sforce(i=block.cm, j=anchor, function=f"-{k}*(DM({i},{j})-1)")

        def damper(id, time, par, npar, dflag, iflag, i=block.cm, j=anchor):
            return -par[0] * VR(i, j)

        Sforce(i=block.cm, j=anchor, function=f"USER({c})", routine=damper)
        Sensor(function=f"DX({i},{j}) - 1", value=0.0, halt=True)
        run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
        assert run.ok, run.error
        results[coordinates] = run.times, run.getObject(block).getComponent("X") - 1.0
    wn, z = math.sqrt(k / m), c / (2 * math.sqrt(k * m))
    wd = wn * math.sqrt(1 - z * z)
    t, x = results["JOINT"]
    exact = np.exp(-z * wn * t) * (x0 * np.cos(wd * t) + z * wn * x0 / wd * np.sin(wd * t))
    np.testing.assert_allclose(x, exact, atol=1e-7)
    # the sensor halted both at the first crossing, a quarter period in
    assert t[-1] < 1.0
    assert t[-1] == pytest.approx(results["BODY"][0][-1], abs=1e-6)
    np.testing.assert_allclose(x, results["BODY"][1], atol=1e-7)


def test_a_free_part_is_taken_and_a_joint_primitive_keeps_the_body_coordinates():
    # a part with no joint: six coordinates to the ground (tests_py/test_tree_joints.py)
    model = chain(2, "JOINT", "ABAM", 1e-6)
    Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[0, 2, 0]), label="loose")
    run = model.simulate(end=0.1, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    assert "Integrator coordinates=JOINT: 8 joint coordinates, CVODE Adams" in run.messages
    # a joint primitive is not one of the tree's joints
    model = chain(2, "JOINT", "ABAM", 1e-6)
    ground = model.links[0].reaction.j.part
    Jprim(type="INPLANE", i=model.tip, j=Marker(part=ground, qp=[1, 0, 0], zp=[2, 0, 0]))
    run = model.simulate(end=0.1, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    line = "Integrator coordinates=JOINT not applied (Jprim"
    assert any(m.startswith(line) for m in run.messages), run.messages


def test_the_automatic_choice_takes_joint_coordinates_for_the_ode_types_only():
    # AUTO (the default): ABAM, MSTIFF and VSTIFF on a tree run in joint coordinates, and
    # say so; the DAE types and coordinates="BODY" keep the body coordinates
    chosen = "Integrator coordinates=JOINT (chosen: the model is a tree of joints)"
    tips = {}
    for coordinates, integrator_type, expected in (
        ("AUTO", "ABAM", f"{chosen}: 2 joint coordinates, CVODE Adams"),
        ("AUTO", "VSTIFF", f"{chosen}: 2 joint coordinates, CVODE BDF"),
        ("JOINT", "ABAM", "Integrator coordinates=JOINT: 2 joint coordinates, CVODE Adams"),
        ("AUTO", "DSTIFF", None),
        ("BODY", "ABAM", None),
    ):
        model = chain(2, coordinates, integrator_type, 1e-7)
        run = model.simulate(end=0.3, dtout=0.01, returnResults=True)
        assert run.ok, run.error
        joint_lines = [m for m in run.messages if m.startswith("Integrator coordinates=JOINT")]
        assert joint_lines == ([expected] if expected else []), run.messages
        tips[coordinates, integrator_type] = tip(run, model)
    # the automatic choice is the same integration as asking for it
    np.testing.assert_array_equal(tips["AUTO", "ABAM"], tips["JOINT", "ABAM"])
    np.testing.assert_allclose(tips["AUTO", "ABAM"], tips["AUTO", "DSTIFF"], atol=1e-5)


def test_a_sensor_on_a_joint_reaction_sees_the_reactions_at_every_step():
    # the tree form fills the joint reactions at every step only when a sensor or request
    # reads the state between outputs (docs/equations.md §6.11): a sensor on the pivot's
    # reaction of a pendulum released from the horizontal halts both formulations at the
    # same time. Point mass m on a rod of length L: at angle phi below the horizontal the
    # rod pulls 3 m g sin(phi), so 1.5 m g first at phi = 30 degrees
    times = {}
    for coordinates in ("BODY", "JOINT"):
        model = Model()
        Accgrav(jgrav=-G)
        integrator_type = "ABAM" if coordinates == "JOINT" else "DSTIFF"
        Integrator(type=integrator_type, error=1e-9, coordinates=coordinates)
        ground = Part(ground=True)
        bob = Part(mass=1.0, ip=[1e-6, 1e-6, 1e-6], cm=Marker(qp=[1.0, 0, 0]))
        pin = Joint(type="REVOLUTE", i=Marker(part=bob, qp=[0, 0, 0]), j=Marker(part=ground))
        Sensor(function=f"JOINT({pin.id}, 0, 1, 0)", operator="GE", value=1.5 * G, halt=True)
        run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
        assert run.ok, run.error
        joint_lines = [m for m in run.messages if m.startswith("Integrator coordinates=JOINT")]
        assert bool(joint_lines) == (coordinates == "JOINT"), run.messages
        times[coordinates] = run.times[-1]
        phi = math.asin(-run.getObject(bob).getComponent("Y")[-1])
        assert phi == pytest.approx(math.pi / 6, abs=1e-4)
    assert times["JOINT"] == pytest.approx(times["BODY"], abs=1e-6)


def test_steps_without_rates_give_the_same_run_as_steps_with_them():
    # between outputs a step's state comes from the kinematics alone unless something reads
    # its rates (docs/equations.md §6.11); a sensor that never fires makes every step a full
    # one. The rates of a step feed nothing back into CVODE: the same steps, the same
    # outputs, and the chain falls (energy conserved to the error bound)
    runs = []
    for sensed in (False, True):
        model = chain(4, "JOINT", "ABAM", error=1e-8)
        if sensed:
            Sensor(function="TIME", operator="GE", value=100.0, halt=True)
        runs.append(model.simulate(end=0.5, dtout=0.05, returnResults=True))
    plain, sensed = runs
    np.testing.assert_array_equal(plain.stepTimes, sensed.stepTimes)
    for link in model.links:
        channel = f"Part{link.id}"
        np.testing.assert_array_equal(
            plain.getObject(channel).values, sensed.getObject(channel).values
        )
    total = plain.energy.getComponent("TOTAL")
    assert abs(total[-1] - total[0]) < 1e-5
    assert plain.getObject(f"Part{model.links[-1].id}").getComponent("Y")[-1] < -0.1


@pytest.mark.parametrize("element", ["Sforce", "Diff"])
def test_an_element_that_becomes_infinite_is_named_in_joint_coordinates(element):
    # as in the body coordinates (test_errors.py): the analysis stops at the pole of
    # 1/(0.3-TIME), names the element and keeps the outputs before it
    model = Model()
    Integrator(type="ABAM", error=1e-3, coordinates="JOINT")
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[1, 1, 1], cm=Marker(), label="block")
    anchor = Marker(part=ground, zp=[1, 0, 0])
    Joint(type="TRANSLATIONAL", i=Marker(part=block, zp=[1, 0, 0]), j=anchor)
    if element == "Sforce":
        Sforce(i=block.cm, j=anchor, actiononly=True, function="1/(0.3-TIME)", label="pole")
    else:
        Diff(function="1/(0.3-TIME)", label="pole")
    with pytest.raises(MsolveError, match=rf"{element} \d+ 'pole': .*not finite") as info:
        model.simulate(end=1.0, dtout=0.01)
    assert "Integrator coordinates=JOINT: 1 joint coordinates, CVODE Adams" in (
        info.value.results.messages
    )
    assert 0.28 < info.value.results.times[-1] < 0.3 + 1e-9
