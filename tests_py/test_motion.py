"""Motions: joint-based and marker-based, given as displacement, velocity or acceleration.
A crank driven at constant speed (or constant angular acceleration) moves a slider as the
closed-form slider-crank formulas say; marker motions impose DX/DY/DZ(I,J,J) and the body
1-2-3 angles B1/B2/B3 of I relative to J (docs/equations.md §2.5, Adams MOTION)."""

import math

import numpy as np
import pytest

from msolve import *


def slider_crank(r=0.2, length=0.6, omega=2 * math.pi, **motion):
    """Crank (radius r) on a pin to ground, rod (length), slider on a rail along x; the
    crank pin is driven by `motion` (default: angle omega*TIME)."""
    model = Model()
    Accgrav(jgrav=-9.81)
    Integrator(error=1e-8)
    ground = Part(ground=True)
    a, b = [r, 0, 0], [r + length, 0, 0]
    crank = Part(mass=1.0, ip=[0.01, 0.01, 0.01], cm=Marker(qp=[r / 2, 0, 0]))
    rod = Part(mass=2.0, ip=[0.02, 0.1, 0.1], cm=Marker(qp=[r + length / 2, 0, 0]))
    slider = Part(mass=3.0, ip=[0.01, 0.01, 0.01], cm=Marker(qp=b))
    pin = Joint(type="REVOLUTE", i=Marker(part=crank), j=Marker(part=ground), label="crank pin")
    Joint(type="REVOLUTE", i=Marker(part=rod, qp=a), j=Marker(part=crank, qp=a))
    Joint(type="REVOLUTE", i=Marker(part=slider, qp=b), j=Marker(part=rod, qp=b))
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=slider, qp=b, zp=[2, 0, 0]),
        j=Marker(part=ground, qp=b, zp=[2, 0, 0]),
    )
    Motion(joint=pin, jtype="ROTATION", label="drive", **(motion or {"function": f"{omega}*TIME"}))
    origin = Marker(part=ground)
    model.x = Request(type="DISPLACEMENT", i=slider.cm, j=origin)
    model.v = Request(type="VELOCITY", i=slider.cm)
    model.a = Request(type="ACCELERATION", i=slider.cm)
    return model


def slider_kinematics(q, qd, qdd, r=0.2, length=0.6):
    # x = r cos q + sqrt(L^2 - r^2 sin^2 q) and its first two time derivatives for a crank
    # angle q(t) with rate qd and acceleration qdd (chain rule)
    s, c = np.sin(q), np.cos(q)
    d = np.sqrt(length**2 - r**2 * s**2)
    x = r * c + d
    dx = -r * s - r**2 * s * c / d
    ddx = -r * c - r**2 * (c**2 - s**2) / d - r**4 * s**2 * c**2 / d**3
    return x, dx * qd, ddx * qd**2 + dx * qdd


def check_slider(model, run, q, qd, qdd, atol=(1e-8, 1e-7, 1e-7)):
    x, v, acc = slider_kinematics(q, qd, qdd)
    np.testing.assert_allclose(run.getObject(model.x).getComponent("X"), x, atol=atol[0])
    np.testing.assert_allclose(run.getObject(model.v).getComponent("VX"), v, atol=atol[1])
    np.testing.assert_allclose(run.getObject(model.a).getComponent("ACCX"), acc, atol=atol[2])
    # constraints (the motion's included) hold through the whole run
    assert run.constraintErrors[:, 0].max() < 1e-9


def test_slider_follows_the_closed_form_slider_crank_kinematics():
    # q = w t (DISPLACEMENT motion)
    omega = 2 * math.pi
    model = slider_crank(omega=omega)
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    t = run.times
    check_slider(model, run, omega * t, omega + 0 * t, 0 * t)


def test_velocity_motion_drives_the_crank_at_constant_speed():
    # Adams MOTION: a VELOCITY motion is integrated to the displacement, the initial
    # condition giving the constant: q = icdisp + w t; icdisp unset: the assembled angle 0
    omega = 2 * math.pi
    model = slider_crank(dtype="VELOCITY", function=f"{omega}")
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    t = run.times
    check_slider(model, run, omega * t, omega + 0 * t, 0 * t)


def test_acceleration_motion_with_zero_acceleration_keeps_the_initial_speed():
    # ACCELERATION motion f = 0 integrated twice: q = icdisp + icvel t
    omega = 2 * math.pi
    model = slider_crank(dtype="ACCELERATION", function="0", icvel=omega)
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    t = run.times
    check_slider(model, run, omega * t, omega + 0 * t, 0 * t)


def test_acceleration_motion_with_constant_angular_acceleration():
    # q = icdisp + icvel t + alpha t^2 / 2; icdisp = 0.4 is not the design angle 0, so the
    # assembly turns the crank to it (icdisp honoured). The angle is now integrated by the
    # integrator (its first steps, of order 1, are not exact for a quadratic), so it is
    # accurate to about the integrator error 1e-8, which the slider's velocity and
    # acceleration amplify by the crank speed (up to 7.5 rad/s) and its square
    q0, w0, alpha = 0.4, 1.5, 3.0
    model = slider_crank(dtype="ACCELERATION", function=f"{alpha}", icdisp=q0, icvel=w0)
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    t = run.times
    check_slider(
        model,
        run,
        q0 + w0 * t + alpha * t**2 / 2,
        w0 + alpha * t,
        alpha + 0 * t,
        atol=(3e-8, 3e-7, 3e-6),
    )


def test_velocity_motion_starts_at_icdisp_of_several_turns():
    # icdisp = 2 turns + 0.3: the crank starts at 0.3 rad (the coordinate counts whole
    # turns, so a target of several turns is met, not one of its equivalents modulo 2 pi)
    omega = -3.0
    q0 = 4 * math.pi + 0.3
    model = slider_crank(dtype="VELOCITY", function=f"{omega}", icdisp=q0)
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    t = run.times
    check_slider(model, run, q0 + omega * t, omega + 0 * t, 0 * t)


# -- marker-based motions ----------------------------------------------------------------


def free_block(**motion):
    """A free part (mass 2) whose mass centre carries the I marker; J on the ground with its
    x axis turned by 30 degrees about global z; gravity along -y."""
    model = Model()
    Accgrav(jgrav=-9.81)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    block = Part(mass=2.0, ip=[0.1, 0.2, 0.3], cm=Marker(qp=[0.05, 0.02, 0.0]))
    c, s = math.cos(math.pi / 6), math.sin(math.pi / 6)
    mj = Marker(part=ground, qp=[0, 0, 0], zp=[0, 0, 1], xp=[c, s, 0])
    Motion(i=block.cm, j=mj, label="push", **motion)
    model.block = block
    model.d = Request(type="DISPLACEMENT", i=block.cm, j=mj, rm=mj)
    model.v = Request(type="VELOCITY", i=block.cm, j=mj, rm=mj)
    model.a = Request(type="ACCELERATION", i=block.cm, j=mj, rm=mj)
    model.f = Request(type="FORCE", i=block.cm, j=mj, rm=mj)
    return model


def test_marker_translation_of_a_free_part_and_its_reaction():
    # X: DX(I,J,J) - f(t) = 0 (MotionSolve Motion_Marker); f = 0.1 sin(2t) + 0.05. The only
    # force besides gravity is the motion's, along x_J; by Newton's law its x_J component
    # is m (f'' - g.x_J) and the others vanish; across x_J the part falls freely
    model = free_block(direction="X", function="0.1*SIN(2*TIME) + 0.05")
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    t = run.times
    f, fdd = 0.1 * np.sin(2 * t) + 0.05, -0.4 * np.sin(2 * t)
    g = np.array([0, -9.81, 0])
    xj = np.array([math.cos(math.pi / 6), math.sin(math.pi / 6), 0])
    yj = np.array([-math.sin(math.pi / 6), math.cos(math.pi / 6), 0])
    d = run.getObject(model.d)
    np.testing.assert_allclose(d.getComponent("X"), f, atol=1e-9)
    np.testing.assert_allclose(run.getObject(model.a).getComponent("ACCX"), fdd, atol=1e-6)
    np.testing.assert_allclose(run.getObject(model.a).getComponent("ACCY"), g @ yj, atol=1e-6)
    force = run.getObject(model.f)
    np.testing.assert_allclose(force.getComponent("FX"), 2.0 * (fdd - g @ xj), atol=1e-6)
    np.testing.assert_allclose(force.getComponent("FY"), 0, atol=1e-6)
    np.testing.assert_allclose(force.getComponent("FZ"), 0, atol=1e-6)


def test_marker_velocity_motion_honours_icdisp():
    # Y, VELOCITY: DY(I,J,J) = icdisp + 0.5 t; the design DY is not icdisp, the assembly
    # moves the part to it
    model = free_block(direction="Y", dtype="VELOCITY", function="0.5", icdisp=0.2)
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    t = run.times
    np.testing.assert_allclose(run.getObject(model.d).getComponent("Y"), 0.2 + 0.5 * t, atol=1e-9)
    np.testing.assert_allclose(run.getObject(model.v).getComponent("VY"), 0.5, atol=1e-8)


def test_marker_velocity_motion_without_icdisp_starts_at_the_design_position():
    # icdisp unset: the displacement starts at the assembled (here the design) value of
    # DZ(I,J,J), which is 0.03 for a block moved 0.03 along z
    model = free_block(direction="Z", dtype="VELOCITY", function="-0.2")
    model.block.cm.qp = [0.05, 0.02, 0.03]
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    t = run.times
    np.testing.assert_allclose(run.getObject(model.d).getComponent("Z"), 0.03 - 0.2 * t, atol=1e-9)


def test_marker_acceleration_motion_integrates_twice():
    # X, ACCELERATION: DX = icdisp + icvel t + a t^2 / 2
    model = free_block(direction="X", dtype="ACCELERATION", function="-1.5", icdisp=0.1, icvel=0.8)
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    t = run.times
    np.testing.assert_allclose(
        run.getObject(model.d).getComponent("X"), 0.1 + 0.8 * t - 0.75 * t**2, atol=1e-8
    )
    np.testing.assert_allclose(run.getObject(model.v).getComponent("VX"), 0.8 - 1.5 * t, atol=1e-7)


def test_marker_acceleration_motion_without_initial_conditions_starts_where_the_part_is():
    # icdisp and icvel unset: the coordinate and its rate start at the values of the
    # initial-conditions analysis, here the design DX and the part's initial velocity
    # vx = 0.6 (global x) resolved along x_J; f = 0 then keeps that rate
    model = free_block(direction="X", dtype="ACCELERATION", function="0")
    model.block.vx = 0.6
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    t = run.times
    c, s = math.cos(math.pi / 6), math.sin(math.pi / 6)
    dx0 = 0.05 * c + 0.02 * s
    np.testing.assert_allclose(
        run.getObject(model.d).getComponent("X"), dx0 + 0.6 * c * t, atol=1e-9
    )
    np.testing.assert_allclose(run.getObject(model.v).getComponent("VX"), 0.6 * c, atol=1e-9)


def turntable(axis, direction, function, end, **motion):
    """A disc on a REVOLUTE joint to ground about global `axis` (x, y or z), driven by a
    marker motion between markers with global axes (so that the joint axis is J's x, y or
    z axis); a marker `tip` sits on the disc at the unit vector following `axis`."""
    model = Model()
    Integrator(error=1e-8)
    ground = Part(ground=True)
    disc = Part(mass=1.0, ip=[0.1, 0.1, 0.1])
    e = np.eye(3)[{"x": 0, "y": 1, "z": 2}[axis]]
    Joint(type="REVOLUTE", i=Marker(part=disc, zp=list(e)), j=Marker(part=ground, zp=list(e)))
    Motion(
        i=Marker(part=disc), j=Marker(part=ground), direction=direction, function=function, **motion
    )
    following = np.roll(e, 1)  # x -> y, y -> z, z -> x
    model.tip = Request(type="DISPLACEMENT", i=Marker(part=disc, qp=list(following)))
    model.run = model.simulate(end=end, dtout=0.01, returnResults=True)
    model.following, model.next = following, np.cross(e, following)
    return model


@pytest.mark.parametrize(("axis", "direction"), [("z", "B3"), ("x", "B1")])
def test_marker_rotation_through_several_whole_turns(axis, direction):
    # B3 (B1) with the other two angles held at zero by the joint is the rotation of I about
    # J's z (x) axis; 3 rad/s for 8 s is 3.8 turns, followed through every half turn: the
    # tip at unit distance is at cos(q) u + sin(q) (axis x u)
    model = turntable(axis, direction, "3*TIME", 8.0)
    run = model.run
    q = 3 * run.times
    tip = np.stack([run.getObject(model.tip).getComponent(c) for c in "XYZ"], axis=1)
    expected = np.outer(np.cos(q), model.following) + np.outer(np.sin(q), model.next)
    np.testing.assert_allclose(tip, expected, atol=1e-7)
    assert run.constraintErrors[:, 0].max() < 1e-9


def test_marker_b2_rotation_about_the_y_axis():
    # B2 alone (B1 = B3 = 0 held by the joint) is the rotation about J's y axis; it stays
    # within (-pi/2, pi/2) as the middle angle of the body 1-2-3 sequence
    model = turntable("y", "B2", "1.2*SIN(2*TIME)", 3.0)
    run = model.run
    q = 1.2 * np.sin(2 * run.times)
    tip = np.stack([run.getObject(model.tip).getComponent(c) for c in "XYZ"], axis=1)
    expected = np.outer(np.cos(q), model.following) + np.outer(np.sin(q), model.next)
    np.testing.assert_allclose(tip, expected, atol=1e-7)


def test_marker_rotation_as_velocity_from_icdisp():
    # B3, VELOCITY 2 rad/s from icdisp = 1 rad: q = 1 + 2 t
    model = turntable("z", "B3", "2", 4.0, dtype="VELOCITY", icdisp=1.0)
    run = model.run
    q = 1 + 2 * run.times
    tip = np.stack([run.getObject(model.tip).getComponent(c) for c in "XYZ"], axis=1)
    expected = np.outer(np.cos(q), model.following) + np.outer(np.sin(q), model.next)
    np.testing.assert_allclose(tip, expected, atol=1e-7)


# -- bad input is named ------------------------------------------------------------------


def test_motion_on_a_joint_that_cannot_take_it_is_named():
    model = slider_crank()
    slide = model.getChildren(Joint)[-1]
    Motion(joint=slide, jtype="ROTATION", function="TIME", label="bad")
    with pytest.raises(ValueError, match=r"Motion 2 'bad': a ROTATION motion cannot drive"):
        model.simulate(end=0.1)


def test_motion_function_must_depend_on_time_only():
    model = slider_crank()
    model.getChildren(Motion)[0].function = "DX(1, 2)"
    with pytest.raises(ValueError, match=r"Motion 1 'drive'.*TIME only"):
        model.simulate(end=0.1)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"direction": "X"}, r"direction applies to marker-based motions"),
        ({"i": "marker"}, r"give either joint or markers i and j, not both"),
        ({"joint": None}, r"neither joint nor markers i and j are set"),
        ({"joint": None, "i": "marker"}, r"marker j is not set"),
        ({"joint": None, "i": "marker", "j": "ground"}, r"direction \(X, Y, Z, B1, B2 or B3\) "),
        (
            {"joint": None, "i": "marker", "j": "ground", "direction": "Y", "jtype": "ROTATION"},
            r"jtype ROTATION contradicts the translational direction Y",
        ),
        (
            {"joint": None, "i": "marker", "j": "same", "direction": "B3"},
            r"markers i \(Marker \d+\) and j \(Marker \d+\) are on the same part",
        ),
    ],
)
def test_wrong_combinations_are_named(change, message):
    model = slider_crank()
    motion = model.getChildren(Motion)[0]
    crank = model.getChildren(Part)[1]
    ground = model.getChildren(Part)[0]
    values = {
        "marker": Marker(part=crank),
        "ground": Marker(part=ground),
        "same": Marker(part=crank, qp=[0.1, 0, 0]),
        None: None,
    }
    for name, value in change.items():
        setattr(motion, name, values.get(value, value))
    with pytest.raises(ValueError, match=r"Motion 1 'drive': " + message):
        model.simulate(end=0.1)
