"""Force elements against closed-form responses."""

import math

import models
import numpy as np
import pytest

from msolve import *

# the block of the spring-mass tests: mass M on a TRANSLATIONAL joint along x, released at
# x = 1 + X0 from rest, with a spring of free length 1 to the ground origin
M, K, C, X0 = 2.0, 50.0, 2.0, 0.1


def sliding_block():
    return models.sliding_block(M, X0)[:3]


def damped_oscillation(t):
    # m x'' + c x' + k x = 0, x(0) = x0, x'(0) = 0 (underdamped):
    # x = exp(-z wn t) (x0 cos(wd t) + z wn x0 / wd sin(wd t)), wn = sqrt(k/m), z = c/(2 sqrt(km))
    wn, z = math.sqrt(K / M), C / (2 * math.sqrt(K * M))
    wd = wn * math.sqrt(1 - z * z)
    return np.exp(-z * wn * t) * (X0 * np.cos(wd * t) + z * wn * X0 / wd * np.sin(wd * t))


def test_spring_mass_damper_matches_closed_form():
    model, block, anchor = sliding_block()
    spring = SpringDamper(i=block.cm, j=anchor, k=K, c=C, length=1.0)
    run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
    x = run.getObject(block).getComponent("X") - 1.0
    np.testing.assert_allclose(x, damped_oscillation(run.times), rtol=0, atol=1e-7)
    assert spring.length == 1.0


def test_free_length_defaults_to_design_distance():
    # no length given: the spring is relaxed in the design position, so nothing moves
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[1, 1, 1], qg=[0.3, 0.4, 0.0])
    block.cm = Marker(part=block)
    SpringDamper(i=block.cm, j=Marker(part=ground), k=100.0, c=1.0)
    run = model.simulate(end=0.5, dtout=0.1, returnResults=True)
    np.testing.assert_allclose(run.getObject(block).getComponent("X"), 0.3, atol=1e-12)


def test_translational_spring_pushes_apart_when_compressed():
    # compressed below its free length, the spring pushes the free body away from the anchor
    model = Model()
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[1, 1, 1], qg=[0, 0, 0.5])
    block.cm = Marker(part=block)
    SpringDamper(i=block.cm, j=Marker(part=ground), k=10.0, length=1.0)
    run = model.simulate(end=0.05, dtout=0.05, returnResults=True)
    z = run.getObject(block).getComponent("Z")
    assert z[-1] > z[0]


# a disk on a REVOLUTE joint about global z, spun at W0; with a torsion stiffness KT:
# I theta'' = -kt theta, theta'(0) = w0: theta = w0/wn sin(wn t), amplitude 5 rad > pi
TORSION_INERTIA, KT, W0 = 0.5, 2.0, 10.0
WN = math.sqrt(KT / TORSION_INERTIA)


def spinning_disk():
    """(model, ground, disk, ground marker) with the disk's cm on the joint axis."""
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    disk = Part(mass=1.0, ip=[1.0, 1.0, TORSION_INERTIA], wz=W0)
    disk.cm = Marker(part=disk)
    gm = Marker(part=ground)
    Joint(type="REVOLUTE", i=disk.cm, j=gm)
    return model, ground, disk, gm


def test_torsion_spring_through_whole_turns():
    # the angle passes +-pi and must be followed continuously
    kt, w0, wn = KT, W0, WN
    model, _, disk, gm = spinning_disk()
    SpringDamper(type="ROTATION", i=disk.cm, j=gm, kt=kt)
    run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
    body = run.getObject(disk)
    theta = 2 * np.arctan2(body.getComponent("E3"), body.getComponent("E0"))
    expected = w0 / wn * np.sin(wn * run.times)
    # compare on the circle: the orientation only knows the angle modulo 2 pi
    np.testing.assert_allclose(np.angle(np.exp(1j * (theta - expected))), 0.0, atol=1e-6)
    assert expected.max() > math.pi


def test_spring_damper_rejects_bad_input():
    model = Model()
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[1, 1, 1], label="block")
    block.cm = Marker(part=block)
    with pytest.raises(ValueError, match="'k'"):
        SpringDamper(i=block.cm, j=Marker(part=ground), k=-1.0)
    SpringDamper(i=block.cm, j=Marker(part=ground), k=1.0, label="s")
    with pytest.raises(ValueError, match=r"SpringDamper 1 's'.*coincide"):
        model.simulate(end=0.1)


def test_sforce_expression_spring_matches_closed_form():
    # the spring-damper of the first test written as an Sforce expression of DM and VR
    model, block, anchor = sliding_block()
    i, j = block.cm.id, anchor.id
    Sforce(i=block.cm, j=anchor, function=f"-{K}*(DM({i},{j})-1) - {C}*VR({i},{j})")
    run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
    x = run.getObject(block).getComponent("X") - 1.0
    np.testing.assert_allclose(x, damped_oscillation(run.times), rtol=0, atol=1e-7)


def angle_about_z(run, part):
    # rotation angle of a part turning about the global z axis, from its Euler parameters
    res = run.getObject(part)
    return 2 * np.arctan2(res.getComponent("E3"), res.getComponent("E0"))


def two_free_bodies():
    model = Model()
    Integrator(error=1e-10)
    Part(ground=True)
    a = Part(mass=2.0, ip=[1, 1, 4.0], qg=[1, 0, 0])
    a.cm = Marker(part=a)
    b = Part(mass=3.0, ip=[1, 1, 5.0], qg=[0, 0, 0])
    b.cm = Marker(part=b)
    return model, a, b


def test_sforce_action_reaction_pushes_apart():
    # positive magnitude along the line from j to i: a (at x=1) is pushed to +x with
    # acceleration f/m_a, b to -x with f/m_b; x(t) = x0 + f t^2 / (2 m)
    model, a, b = two_free_bodies()
    Sforce(i=a.cm, j=b.cm, function="6")
    run = model.simulate(end=0.2, dtout=0.1, returnResults=True)
    t = run.times
    np.testing.assert_allclose(
        run.getObject(a).getComponent("X"), 1 + 6 / 2.0 * t**2 / 2, rtol=1e-9
    )
    np.testing.assert_allclose(run.getObject(b).getComponent("X"), -6 / 3.0 * t**2 / 2, atol=1e-12)


def test_sforce_action_only_acts_along_j_z_without_reaction():
    # j's z axis points along global +y: a accelerates along +y, b feels nothing
    model, a, b = two_free_bodies()
    jm = Marker(part=b, zp=[0, 1, 0])
    Sforce(i=a.cm, j=jm, actiononly=True, function="-4")
    run = model.simulate(end=0.2, dtout=0.1, returnResults=True)
    t = run.times
    np.testing.assert_allclose(run.getObject(a).getComponent("Y"), -4 / 2.0 * t**2 / 2, atol=1e-12)
    np.testing.assert_allclose(run.getObject(a).getComponent("X"), 1.0, atol=1e-12)
    np.testing.assert_allclose(run.getObject(b).getComponent("Y"), 0.0, atol=1e-12)


def test_sforce_rotation_turns_i_positively_about_j_z_and_j_back():
    # a torque T about z_J (global +z): a turns by T t^2 / (2 Izz_a), b by -T t^2 / (2 Izz_b)
    model, a, b = two_free_bodies()
    Sforce(type="ROTATION", i=a.cm, j=b.cm, function="8")
    run = model.simulate(end=0.2, dtout=0.1, returnResults=True)
    t = run.times
    np.testing.assert_allclose(angle_about_z(run, a), 8 / 4.0 * t**2 / 2, atol=1e-10)
    np.testing.assert_allclose(angle_about_z(run, b), -8 / 5.0 * t**2 / 2, atol=1e-10)


@pytest.mark.parametrize(
    ("function", "reason"),
    [
        ("-10*(DM(2,1)", "column"),
        ("FOO(2,1)", "unknown function 'FOO'"),
        ("DM(2,99)", "unknown marker id 99"),
        ("3 +* 4", "column"),
    ],
)
def test_malformed_expression_names_the_sforce_and_the_column(function, reason):
    model, a, b = two_free_bodies()
    Sforce(i=a.cm, j=b.cm, function=function, label="bad")
    with pytest.raises(ValueError, match=r"Sforce 1 'bad'") as info:
        model.simulate(end=0.1)
    message = str(info.value)
    assert reason in message
    assert function in message
    assert "^" in message


def test_expression_request_reads_measures_and_time():
    # f1..f3 of an EXPRESSION request against the DISPLACEMENT and VELOCITY requests of the
    # same markers, f4 = TIME, and the slots left empty read 0
    model, a, b = two_free_bodies()
    Sforce(i=a.cm, j=b.cm, function="6")
    i, j = a.cm.id, b.cm.id
    expr = Request(f1=f"DX({i},{j})", f2=f"VX({i},{j})", f3=f"DM({i},{j})**2", f4="TIME")
    disp = Request(type="DISPLACEMENT", i=a.cm, j=b.cm)
    vel = Request(type="VELOCITY", i=a.cm, j=b.cm)
    assert expr.type == "EXPRESSION"
    run = model.simulate(end=0.5, dtout=0.1, returnResults=True)
    e = run.getObject(expr)
    np.testing.assert_allclose(e.getComponent("F1"), run.getObject(disp).getComponent("X"))
    np.testing.assert_allclose(e.getComponent(1), run.getObject(vel).getComponent("VX"))
    np.testing.assert_allclose(e.getComponent("F3"), run.getObject(disp).getComponent("MAG") ** 2)
    np.testing.assert_allclose(e.getComponent("F4"), run.times)
    np.testing.assert_array_equal(e.getComponent("F8"), 0.0)


def test_varval_reads_a_variable_in_forces_and_requests():
    # the undamped spring of the closed-form test with its deflection in a Variable:
    # x = x0 cos(sqrt(k/m) t)
    model, block, anchor = sliding_block()
    stretch = Variable(function=f"DM({block.cm.id},{anchor.id}) - 1")
    force = Variable(function=f"-{K}*VARVAL({stretch.id})")
    Sforce(i=block.cm, j=anchor, function=f"VARVAL({force.id})")
    req = Request(f1=f"VARVAL({stretch.id})")
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    expected = X0 * np.cos(math.sqrt(K / M) * run.times)
    np.testing.assert_allclose(run.getObject(req).getComponent("F1"), expected, atol=1e-7)


def test_recursive_variables_are_rejected():
    model = Model()
    Part(ground=True)
    a = Variable(label="a")
    b = Variable(function=f"1 + VARVAL({a.id})", label="b")
    a.function = f"2 * VARVAL({b.id})"
    with pytest.raises(ValueError, match="closes a cycle"):
        model.simulate(end=0.1)


def test_vforce_components_in_rm_axes_with_reaction_on_jfloat():
    # rm turned 90 deg about z: its x axis is global +y. fx = 6 pushes a along +y
    # (a = 6/2), and b, holding the floating marker, along -y (a = 6/3)
    model, a, b = two_free_bodies()
    rm = Marker(part=model.getChildren(Part)[0], reuler=[math.pi / 2, 0, 0])
    Vforce(i=a.cm, jfloat=Marker(part=b), rm=rm, fx="6")
    run = model.simulate(end=0.2, dtout=0.1, returnResults=True)
    t = run.times
    np.testing.assert_allclose(run.getObject(a).getComponent("Y"), 3.0 * t**2 / 2, atol=1e-10)
    np.testing.assert_allclose(run.getObject(b).getComponent("Y"), -2.0 * t**2 / 2, atol=1e-10)
    np.testing.assert_allclose(run.getObject(a).getComponent("X"), 1.0, atol=1e-10)


def test_vtorque_turns_i_and_j_opposite_ways():
    # Vtorque tz = 8 about global z: a turns by 8/4 t^2/2, b by -8/5 t^2/2
    model, a, b = two_free_bodies()
    Vtorque(i=a.cm, jfloat=b.cm, tz="8")
    run = model.simulate(end=0.2, dtout=0.1, returnResults=True)
    t = run.times
    np.testing.assert_allclose(angle_about_z(run, a), 8 / 4.0 * t**2 / 2, atol=1e-10)
    np.testing.assert_allclose(angle_about_z(run, b), -8 / 5.0 * t**2 / 2, atol=1e-10)


def test_gforce_reaction_acts_at_the_point_of_i():
    # fz = 2 (global axes) lifts a by 2/2 t^2/2 and pushes b down by 2/3 t^2/2; on b the
    # reaction acts at a's position (1, 0, 0), a lever arm that turns b about y:
    # (1, 0, 0) x (0, 0, -2) = (0, 2, 0), so wy of b grows as 2 t / Iyy = 2 t
    model, a, b = two_free_bodies()
    Gforce(i=a.cm, j=b.cm, fz="2")
    wb = Request(type="VELOCITY", i=b.cm)
    run = model.simulate(end=0.2, dtout=0.1, returnResults=True)
    t = run.times
    np.testing.assert_allclose(run.getObject(a).getComponent("Z"), 1.0 * t**2 / 2, atol=1e-10)
    np.testing.assert_allclose(run.getObject(b).getComponent("Z"), -2 / 3 * t**2 / 2, atol=1e-10)
    np.testing.assert_allclose(run.getObject(wb).getComponent("WY"), 2.0 * t, atol=1e-9)


def test_gravity_as_an_expression_of_time():
    # kgrav = -2 t: a free body at rest falls as z = -t^3 / 3
    model = Model()
    Integrator(error=1e-10)
    Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1])
    g = Accgrav(kgrav="-2*TIME")
    assert g.kgrav == "-2*TIME"
    assert g.igrav == 0.0
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    t = run.times
    np.testing.assert_allclose(run.getObject(body).getComponent("Z"), -(t**3) / 3, atol=1e-8)


def test_force_request_reports_the_spring_on_its_markers():
    # a spring stretched by x0 pulls the block back with k x0 along -x; on the ground
    # marker (request I = the spring's j marker) the reaction is +k x0
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    anchor = Marker(part=ground)
    block = Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[1.1, 0, 0]))
    SpringDamper(i=block.cm, j=anchor, k=100.0, length=1.0)
    on_block = Request(type="FORCE", i=block.cm, j=anchor)
    on_ground = Request(type="FORCE", i=anchor, j=block.cm)
    run = model.simulate(end=0.0, dtout=0.1, returnResults=True)
    assert len(run.times) == 1  # end = now: the initial output only
    assert run.getObject(on_block).getComponent("FX")[0] == pytest.approx(-10.0, rel=1e-12)
    assert run.getObject(on_ground).getComponent("FX")[0] == pytest.approx(10.0, rel=1e-12)
    assert run.getObject(on_ground).getComponent("TZ")[0] == pytest.approx(0.0, abs=1e-12)


def free_body_on_bushing(**bushing):
    # a free body whose cm sits at the ground marker j; j's x axis is the global y axis and
    # its z axis the global x axis, so components in j's axes differ from global ones
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    j = Marker(part=ground, zp=[1, 0, 0], xp=[0, 1, 0])
    body = Part(mass=M, ip=[0.3, 0.4, 0.5], **bushing.pop("initial", {}))
    body.cm = Marker(part=body)
    i = Marker(part=body, zp=[1, 0, 0], xp=[0, 1, 0])  # aligned with j at rest
    Bushing(i=i, j=j, **bushing)
    return model, body, i, j


def test_bushing_stiffness_and_damping_act_along_the_axes_of_j():
    # displaced along j's x axis (global y) by X0, the body oscillates along it with the
    # closed form of the damped spring-mass; stiff along the other axes, nothing else moves
    model, body, _, _ = free_body_on_bushing(
        k=[K, 1e4, 2e4], c=[C, 0, 0], kt=[1e3] * 3, initial={"qg": [0, X0, 0]}
    )
    run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
    result = run.getObject(body)
    np.testing.assert_allclose(result.getComponent("Y"), damped_oscillation(run.times), atol=1e-7)
    for name in ("X", "Z"):
        np.testing.assert_allclose(result.getComponent(name), 0.0, atol=1e-12)


def test_bushing_torsion_about_the_z_axis_of_j_through_whole_turns():
    # spin w0 about j's z axis (global x): I theta'' = -kt theta, theta = w0/wn sin(wn t) with
    # amplitude 5 rad, so the rotation c must be followed through +-pi
    kt, w0, inertia = 2.0, 10.0, 0.3
    wn = math.sqrt(kt / inertia)
    model, _, i, j = free_body_on_bushing(k=[1e4] * 3, kt=[1e3, 1e3, kt], initial={"wx": w0})
    model.angle = Request(type="EXPRESSION", f2=f"AZ({i.id}, {j.id})")
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    angle = run.getObject(model.angle).getComponent("F2")
    np.testing.assert_allclose(angle, w0 / wn * np.sin(wn * run.times), atol=1e-6)


def test_bushing_reaction_on_j_includes_the_moment_of_the_deflection():
    # Static equilibrium under gravity -g y with a preload P along j's x axis... here j has
    # the global axes. Deflection x = (P/kx, -m g/ky, 0) balances both: the force on the
    # body is (0, m g, 0). The reaction on j at j is -F and -T - x F (Adams BUSHING), so its
    # torque about z is -(P/kx) m g; the body stays at rest.
    g, P, kx, ky = 9.81, 30.0, 1000.0, 2000.0
    model = Model()
    Integrator(error=1e-10)
    Accgrav(jgrav=-g)
    ground = Part(ground=True)
    j = Marker(part=ground)
    body = Part(mass=M, ip=[0.3, 0.4, 0.5], qg=[P / kx, -M * g / ky, 0])
    body.cm = Marker(part=body)
    Bushing(i=body.cm, j=j, k=[kx, ky, 1e3], kt=[1e3] * 3, c=[10] * 3, force=[P, 0, 0])
    model.on_i = Request(type="FORCE", i=body.cm, j=j)
    model.on_j = Request(type="FORCE", i=j, j=body.cm)
    run = model.simulate(end=0.5, dtout=0.1, returnResults=True)
    np.testing.assert_allclose(run.getObject(body).getComponent("Y"), -M * g / ky, atol=1e-12)
    on_i, on_j = run.getObject(model.on_i), run.getObject(model.on_j)
    np.testing.assert_allclose(on_i.getComponent("FY"), M * g, rtol=1e-9)
    np.testing.assert_allclose(on_i.getComponent("TZ"), 0.0, atol=1e-9)
    np.testing.assert_allclose(on_j.getComponent("FY"), -M * g, rtol=1e-9)
    np.testing.assert_allclose(on_j.getComponent("TZ"), -P / kx * M * g, rtol=1e-9)


def test_bushing_attributes_are_checked():
    Model()
    with pytest.raises(ValueError, match=r"Bushing.*'k'.*3 numbers"):
        Bushing(k=[1, 2])
    with pytest.raises(ValueError, match=r"Bushing.*'c'.*at least 0"):
        Bushing(c=[1, -2, 3])
    with pytest.raises(TypeError, match=r"Bushing.*'kt'"):
        Bushing(kt="stiff")


def test_bushing_with_perpendicular_z_axes_is_refused():
    # the rotations about x and y (AX, AY) are undefined when z_i is perpendicular to z_j
    model = Model()
    ground = Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1])
    body.cm = Marker(part=body)
    Bushing(i=body.cm, j=Marker(part=ground, zp=[1, 0, 0]), k=[1, 1, 1], label="mount")
    with pytest.raises(ValueError, match=r"Bushing 1 'mount'.*90 degrees"):
        model.simulate(end=0.1)


def test_interpolated_outputs_match_the_closed_form_in_fewer_steps():
    # Integrator(interpolate=True) (docs/motionsolve-compatibility.md §6.2, dae_interpolation):
    # outputs are interpolated from the integrator's steps instead of being hit exactly. The outputs
    # are still at the requested times and as accurate; the steps no longer stop at each output.
    def run(interpolate):
        model, block, anchor = sliding_block()
        Integrator(error=1e-9, interpolate=interpolate)  # replaces the model's Integrator
        SpringDamper(i=block.cm, j=anchor, k=K, c=C, length=1.0)
        speed = Request(f1=f"VX({block.cm.id})")
        result = model.simulate(end=3.0, dtout=0.01, returnResults=True)
        return result, block, speed

    exact, _, speed_exact = run(False)
    interpolated, block, speed = run(True)
    np.testing.assert_allclose(interpolated.times, exact.times, rtol=0, atol=1e-12)
    x = interpolated.getObject(block).getComponent("X") - 1.0
    np.testing.assert_allclose(x, damped_oscillation(interpolated.times), rtol=0, atol=1e-7)
    # the velocity comes from the same interpolation
    v = interpolated.getObject(speed).getComponent("F1")
    np.testing.assert_allclose(
        v, exact.getObject(speed_exact).getComponent("F1"), rtol=0, atol=1e-6
    )
    assert interpolated.stats["steps"] < 0.7 * exact.stats["steps"]
    # a second simulate goes on from the end of the first
    model, block, anchor = sliding_block()
    Integrator(error=1e-9, interpolate=True)
    SpringDamper(i=block.cm, j=anchor, k=K, c=C, length=1.0)
    model.simulate(end=1.234, dtout=0.01)
    more = model.simulate(end=3.0, dtout=0.01, returnResults=True)
    exact_end = damped_oscillation(np.array([3.0]))[0]
    assert more.getObject(block).getComponent("X")[-1] - 1.0 == pytest.approx(exact_end, abs=1e-7)


def test_whole_turns_survive_a_model_change_between_simulate_calls():
    # the torsion spring of test_torsion_spring_through_whole_turns (amplitude 5 rad), with the
    # model changed at t = 1.2, where the angle is past pi: the simulation is compiled again
    # and continues. The SpringDamper and the AZ measures (in the Variable that a Vtorque's
    # spring reads, and in a request) keep their whole turns: the motion stays the closed form
    kt, w0, wn = KT, W0, WN
    model, ground, disk, gm = spinning_disk()
    # half the stiffness as a SpringDamper, half as a torque from AZ through a Variable
    SpringDamper(type="ROTATION", i=disk.cm, j=gm, kt=kt / 2)
    angle = Variable(function=f"AZ({disk.cm.id},{gm.id})")
    Vtorque(i=disk.cm, jfloat=Marker(part=ground), rm=gm, tz=f"-{kt / 2}*VARVAL({angle.id})")
    model.angle = Request(f1=f"AZ({disk.cm.id},{gm.id})")
    first = model.simulate(end=1.2, dtout=0.01, returnResults=True)
    assert w0 / wn * math.sin(wn * 1.2) > math.pi
    Marker(part=disk, qp=[0, 1, 0])  # a change: the model is compiled again
    second = model.simulate(end=3.0, dtout=0.01, returnResults=True)
    for run in (first, second):
        expected = w0 / wn * np.sin(wn * run.times)
        np.testing.assert_allclose(
            run.getObject(model.angle).getComponent("F1"), expected, rtol=0, atol=1e-6
        )


def test_a_sensor_on_an_angle_keeps_its_turns_across_a_model_change():
    # the spinning disk at its constant speed W0 (no spring): AZ = W0 t reaches 5 rad, past
    # pi, at t = 5 / W0. The model changes at 0.8 of that time, with the angle already past
    # pi; the recompiled sensor must go on from the whole turns of the old one and fire at
    # 5 / W0 (wrapped to -pi..pi, it would read 5 - 2 pi and fire one turn later)
    model, _, disk, gm = spinning_disk()
    t_event = 5.0 / W0
    assert W0 * 0.8 * t_event > math.pi
    Sensor(function=f"AZ({disk.cm.id},{gm.id})", value=5.0, compare="GE", halt=True, label="five")
    first = model.simulate(end=0.8 * t_event, dtout=0.01, returnResults=True)
    assert first.stoppedBy is None
    Marker(part=disk, qp=[0, 1, 0])  # a change: the model is compiled again
    second = model.simulate(end=2 * t_event, dtout=0.01, returnResults=True)
    assert second.stoppedBy.time == pytest.approx(t_event, abs=1e-6)
