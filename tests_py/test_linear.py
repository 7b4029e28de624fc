"""simulate(type="LINEAR"): the model linearised about its operating point in independent
coordinates (docs/equations.md §10), checked against closed forms of small oscillations, a
dynamic run, and the state matrices of a mass on a spring."""

import math

import numpy as np
import pytest
from scipy.linalg import expm

from msolve import *
from msolve.cli import main

G = 9.81


def slider(m=2.0, k=50.0, c=0.0):
    # a block on a TRANSLATIONAL joint along global z, held by a spring to the ground
    model = Model()
    ground = Part(ground=True)
    anchor = Marker(part=ground, qp=[0, 0, -1])
    block = Part(mass=m, ip=[1, 1, 1], cm=Marker(qp=[0, 0, 0]))
    Joint(type="TRANSLATIONAL", i=Marker(part=block), j=Marker(part=ground))
    SpringDamper(i=block.cm, j=anchor, k=k, c=c)
    model.block, model.ground, model.anchor = block, ground, anchor
    return model


def natural_frequencies(run):
    # the undamped natural frequencies of the oscillating modes, rad/time
    return sorted(2 * math.pi * m.frequency for m in run.modes if abs(m.eigenvalue.imag) > 1e-9)


def test_a_damped_oscillator_has_the_closed_form_eigenvalues_and_damping_ratio():
    m, k, c = 2.0, 50.0, 3.0
    model = slider(m, k, c)
    run = model.simulate(type="LINEAR", returnResults=True)
    assert run.dof == 1
    assert run.A.shape == (2, 2)
    wn = math.sqrt(k / m)
    zeta = c / (2 * math.sqrt(k * m))
    expected = complex(-zeta * wn, wn * math.sqrt(1 - zeta**2))
    np.testing.assert_allclose(
        sorted(run.eigenvalues, key=lambda z: z.imag)[1], expected, rtol=1e-9
    )
    assert len(run.modes) == 1
    assert run.modes[0].frequency == pytest.approx(wn / (2 * math.pi), rel=1e-9)
    assert run.modes[0].dampingRatio == pytest.approx(zeta, rel=1e-9)
    # the mode moves the block along z only
    shape = run.modes[0].getObject(model.block)
    assert abs(shape.getComponent("Z")) == pytest.approx(1.0)
    assert np.abs(shape.values[[0, 1, 3, 4, 5]]).max() < 1e-12
    assert any(line.startswith("linear analysis at time 0") for line in run.messages)


def test_nodamping_removes_the_damping_from_the_eigensolution():
    m, k, c = 2.0, 50.0, 3.0
    model = slider(m, k, c)
    Linear(nodamping=True)
    run = model.simulate(type="linear", returnResults=True)
    assert run.modes[0].dampingRatio == pytest.approx(0.0, abs=1e-12)
    assert run.modes[0].frequency == pytest.approx(math.sqrt(k / m) / (2 * math.pi), rel=1e-9)
    # the state matrix keeps the damping
    assert run.A[1, 1] == pytest.approx(-c / m, rel=1e-9)


def test_a_spring_mass_chain_has_the_eigenfrequencies_of_its_stiffness_matrix():
    # three masses on z sliders joined by springs, the first to the ground:
    # K = k tridiag, the frequencies are the square roots of the eigenvalues of M^-1 K
    m, k, n = 1.5, 40.0, 3
    model = Model()
    ground = Part(ground=True)
    previous = Marker(part=ground, qp=[0, 0, 0])
    for i in range(n):
        block = Part(mass=m, ip=[1, 1, 1], cm=Marker(qp=[0, 0, i + 1.0]))
        Joint(type="TRANSLATIONAL", i=Marker(part=block), j=Marker(part=ground))
        SpringDamper(i=block.cm, j=previous, k=k)
        previous = block.cm
    run = model.simulate(type="LINEAR", returnResults=True)
    K = k * (2 * np.eye(n) - np.eye(n, k=1) - np.eye(n, k=-1))
    K[-1, -1] = k
    expected = np.sqrt(np.linalg.eigvalsh(K / m))
    np.testing.assert_allclose(natural_frequencies(run), expected, rtol=1e-9)


def pendulum(m=1.0, L=0.7, kt=0.0, ip=1e-4):
    # a point-like mass hanging at distance L below a REVOLUTE joint about global y
    model = Model()
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    pivot = Marker(part=ground, zp=[0, -1, 0])
    bob = Part(mass=m, ip=[ip, ip, ip], cm=Marker(qp=[0, 0, -L]))
    hinge = Marker(part=bob, qp=[0, 0, 0], zp=[0, -1, 0])
    Joint(type="REVOLUTE", i=hinge, j=pivot)
    if kt:
        SpringDamper(type="ROTATION", i=hinge, j=pivot, kt=kt)
    model.bob = bob
    return model


def test_a_pendulum_on_a_revolute_joint_and_a_torsion_spring():
    m, L, ip, kt = 1.2, 0.7, 1e-3, 5.0
    run = pendulum(m, L, 0.0, ip).simulate(type="LINEAR", returnResults=True)
    assert run.dof == 1
    assert natural_frequencies(run) == pytest.approx([math.sqrt(m * G * L / (m * L**2 + ip))])
    run = pendulum(m, L, kt, ip).simulate(type="LINEAR", returnResults=True)
    assert natural_frequencies(run) == pytest.approx(
        [math.sqrt((m * G * L + kt) / (m * L**2 + ip))], rel=1e-9
    )


def test_a_double_pendulum_has_its_two_small_oscillation_frequencies():
    # equal point masses m on massless links of length L: w^2 = (2 -+ sqrt 2) g / L
    m, L = 1.0, 0.5
    model = Model()
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    upper = Part(mass=m, ip=[1e-9] * 3, cm=Marker(qp=[0, 0, -L]))
    lower = Part(mass=m, ip=[1e-9] * 3, cm=Marker(qp=[0, 0, -2 * L]))
    Joint(
        type="REVOLUTE",
        i=Marker(part=upper, qp=[0, 0, 0], zp=[0, 1, 0]),
        j=Marker(part=ground, qp=[0, 0, 0], zp=[0, 1, 0]),
    )
    Joint(
        type="REVOLUTE",
        i=Marker(part=lower, qp=[0, 0, -L], zp=[0, 1, -L]),
        j=Marker(part=upper, qp=[0, 0, -L], zp=[0, 1, -L]),
    )
    run = model.simulate(type="LINEAR", returnResults=True)
    expected = [math.sqrt((2 - math.sqrt(2)) * G / L), math.sqrt((2 + math.sqrt(2)) * G / L)]
    np.testing.assert_allclose(natural_frequencies(run)[:2], expected, rtol=1e-6)


def test_a_spinning_rotor_splits_its_tilt_frequency_into_forward_and_backward_whirl():
    # a disc spinning at W about its axis z on a spherical joint at its centre, tilted back by
    # a torsional bushing k about x and y: Jt w^2 -+ Jp W w - k = 0 (gyroscopic split)
    Jt, Jp, k, W = 0.2, 0.35, 80.0, 30.0
    model = Model()
    ground = Part(ground=True)
    disc = Part(mass=3.0, ip=[Jt, Jt, Jp], cm=Marker(qp=[0, 0, 0]), wz=W)
    centre = Marker(part=ground)
    Joint(type="SPHERICAL", i=Marker(part=disc), j=centre)
    Bushing(i=Marker(part=disc), j=centre, kt=[k, k, 0], k=[0, 0, 0])
    run = model.simulate(type="LINEAR", returnResults=True)
    root = math.sqrt((Jp * W) ** 2 + 4 * Jt * k)
    expected = [(root - Jp * W) / (2 * Jt), (root + Jp * W) / (2 * Jt)]
    np.testing.assert_allclose(natural_frequencies(run), expected, rtol=1e-8)
    # without spin both are sqrt(k / Jt)
    assert expected[0] < math.sqrt(k / Jt) < expected[1]


def test_gyroscopic_none_linearises_the_spinning_rotor_as_if_it_stood_still():
    # the rotor of the test above: with gyroscopic NONE both whirls are sqrt(k / Jt); PARTIAL
    # is linearised in full and the log says so
    Jt, Jp, k, W = 0.2, 0.35, 80.0, 30.0
    model = Model()
    ground = Part(ground=True)
    disc = Part(mass=3.0, ip=[Jt, Jt, Jp], cm=Marker(qp=[0, 0, 0]), wz=W)
    centre = Marker(part=ground)
    Joint(type="SPHERICAL", i=Marker(part=disc), j=centre)
    Bushing(i=Marker(part=disc), j=centre, kt=[k, k, 0], k=[0, 0, 0])
    settings = Linear(gyroscopic="NONE")
    run = model.simulate(type="LINEAR", returnResults=True)
    np.testing.assert_allclose(natural_frequencies(run), [math.sqrt(k / Jt)] * 2, rtol=1e-8)
    settings.gyroscopic = "PARTIAL"
    run = model.simulate(type="LINEAR", returnResults=True)
    root = math.sqrt((Jp * W) ** 2 + 4 * Jt * k)
    expected = [(root - Jp * W) / (2 * Jt), (root + Jp * W) / (2 * Jt)]
    np.testing.assert_allclose(natural_frequencies(run), expected, rtol=1e-8)
    assert any("gyroscopic = PARTIAL" in line for line in run.messages)


def test_the_cutoff_frequency_leaves_the_modes_above_it_out():
    # the double pendulum: w^2 = (2 -+ sqrt 2) g / L; a cutoff between the two keeps the first
    m, L = 1.0, 0.5
    model = Model()
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    upper = Part(mass=m, ip=[1e-9] * 3, cm=Marker(qp=[0, 0, -L]))
    lower = Part(mass=m, ip=[1e-9] * 3, cm=Marker(qp=[0, 0, -2 * L]))
    Joint(
        type="REVOLUTE",
        i=Marker(part=upper, qp=[0, 0, 0], zp=[0, 1, 0]),
        j=Marker(part=ground, qp=[0, 0, 0], zp=[0, 1, 0]),
    )
    Joint(
        type="REVOLUTE",
        i=Marker(part=lower, qp=[0, 0, -L], zp=[0, 1, -L]),
        j=Marker(part=upper, qp=[0, 0, -L], zp=[0, 1, -L]),
    )
    w = [math.sqrt((2 - math.sqrt(2)) * G / L), math.sqrt((2 + math.sqrt(2)) * G / L)]
    Linear(cutoff_frequency=(w[0] + w[1]) / 2 / (2 * math.pi))
    run = model.simulate(type="LINEAR", returnResults=True)
    assert len(run.modes) == 1
    assert run.modes[0].frequency == pytest.approx(w[0] / (2 * math.pi), rel=1e-6)
    assert len(run.eigenvalues) == 2
    assert run.A.shape == (4, 4)
    assert any("1 mode above the cutoff frequency" in line for line in run.messages)


def test_mode_is_7_in_the_linear_analysis_and_3_in_the_initial_conditions_before_it():
    # MotionSolve's MODE: 3 initial conditions, 4 dynamics, 7 linear analysis. A spring whose
    # stiffness doubles when MODE is 7 gives the linear model sqrt(2 k / m); a routine that
    # reads MODE (through a Variable) sees 3 during the initial conditions, then 7
    m, k = 2.0, 50.0
    model = Model()
    ground = Part(ground=True)
    anchor = Marker(part=ground, qp=[0, 0, -1])
    block = Part(mass=m, ip=[1, 1, 1], cm=Marker(qp=[0, 0, 0]))
    Joint(type="TRANSLATIONAL", i=Marker(part=block), j=Marker(part=ground))
    Sforce(
        i=block.cm,
        j=anchor,
        function=f"-{k} * (DZ({block.cm.id}, {anchor.id}) - 1) * IF(MODE - 7: 1, 2, 1)",
    )
    mode = Variable(function="MODE")
    seen = []

    def record(id, time, par, npar, dflag, iflag):
        seen.append(VARVAL(mode))
        return 0.0

    Sforce(i=block.cm, j=anchor, actiononly=True, routine=record)
    model.mode = Request(type="EXPRESSION", f2="MODE")
    run = model.simulate(type="LINEAR", returnResults=True)
    assert natural_frequencies(run) == pytest.approx([math.sqrt(2 * k / m)], rel=1e-9)
    assert run.getObject(model.mode).getComponent("F2").tolist() == [7.0]
    # the first call is the dependency pass at compile (iflag), before any analysis; the
    # finite differences of the routine perturb the Variable it reads around 7
    modes = [round(value, 3) for value in seen[1:]]
    assert modes[0] == 3.0
    assert set(modes[1:]) == {7.0}
    # a dynamic run afterwards sees 4, and the spring its own stiffness
    run = model.simulate(type="DYNAMICS", end=0.1, dtout=0.05, returnResults=True)
    assert set(run.getObject(model.mode).getComponent("F2")) == {4.0}
    assert seen[-1] == 4.0


def test_abcd_of_a_mass_on_a_spring_with_a_force_input_and_a_position_output():
    m, k, c = 2.0, 50.0, 3.0
    model = slider(m, k, c)
    u = Variable(function="0")
    Sforce(
        type="TRANSLATION",
        actiononly=True,
        i=Marker(part=model.block),
        j=Marker(part=model.ground),
        function=f"VARVAL({u.id})",
    )
    y = Variable(function=f"DZ({model.block.cm.id})")
    pin, pout = Pinput(variables=[u]), Poutput(variables=[y])
    run = model.generate_abcd(pinput=pin, poutput=pout)
    np.testing.assert_allclose(run.A, [[0, 1], [-k / m, -c / m]], rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(run.B, [[0], [1 / m]], rtol=1e-6, atol=1e-12)
    np.testing.assert_allclose(run.C, [[1, 0]], atol=1e-12)
    np.testing.assert_allclose(run.D, [[0]], atol=1e-12)
    # PINVAL and POUVAL read the plant's variables
    probe = Variable(function=f"POUVAL({pout.id}, 1) + 10 * PINVAL({pin.id}, 1)")
    model.p = Request(type="EXPRESSION", f1=f"VARVAL({probe.id})")
    run = model.simulate(type="LINEAR", returnResults=True)  # the only Pinput and Poutput
    assert run.B.shape == (2, 1)
    assert run.C.shape == (1, 2)
    assert run.getObject(model.p).getComponent("F1")[0] == pytest.approx(0.0, abs=1e-12)


def test_the_linear_model_agrees_with_a_dynamic_run_from_a_small_perturbation():
    # a pendulum with a torsion spring and damping, linearised at rest, then released with a
    # small angular velocity: the linear response exp(A t) x0 follows the dynamics
    m, L, kt = 1.0, 0.6, 3.0
    model = pendulum(m, L, kt, 1e-3)
    model.bob.wy = 0.0
    run = model.simulate(type="LINEAR", returnResults=True)
    A = run.A
    w0 = 1e-3
    model2 = pendulum(m, L, kt, 1e-3)
    model2.bob.wy = w0
    model2.r = Request(type="DISPLACEMENT", i=model2.bob.cm)
    Integrator(error=1e-9)
    dyn = model2.simulate(end=1.0, dtout=0.1, returnResults=True)
    # the independent coordinate: the rotation of the bob about global y, or the
    # translation x = -L theta it dictates (the bob hangs at z = -L)
    name = run.states[1]
    factor = -L if "rotation Y" in name else 1.0
    assert "rotation Y" in name or "translation X" in name
    x0 = np.array([0.0, w0 * (-L if factor == 1.0 else 1.0)])
    times = dyn.times
    xs = dyn.getObject(model2.r).getComponent("X")
    assert np.abs(xs).max() > 1e-4  # it swings
    for t, x in zip(times, xs):
        state = expm(A * t) @ x0
        predicted = state[0] * (factor if factor != 1.0 else 1.0)
        assert x == pytest.approx(predicted, abs=1e-3 * w0 * L + 1e-9)


def test_linear_of_a_model_without_freedom_says_so_and_keeps_the_state():
    model = Model()
    ground = Part(ground=True)
    block = Part(mass=1, ip=[1, 1, 1], cm=Marker(qp=[0, 0, 0]))
    Joint(type="FIXED", i=Marker(part=block), j=Marker(part=ground))
    with pytest.raises(MsolveError, match="no free degree of freedom"):
        model.simulate(type="LINEAR")
    # nothing was lost: a dynamic run goes on
    model.simulate(end=0.1, dtout=0.05)


def test_linear_of_a_massless_free_direction_is_refused():
    model = slider()
    model.block.mass = 0.0
    # the initial conditions find it first, with the part named
    with pytest.raises((MsolveError, ValueError), match=r"Part 2 .*mass 0"):
        model.simulate(type="LINEAR")


def test_a_linear_analysis_after_statics_linearises_about_the_equilibrium():
    m, L, kt = 1.5, 0.8, 30.0
    model = pendulum(m, L, 0.0, 1e-3)
    model.simulate(type="STATICS", end=0)
    run = model.simulate(type="LINEAR", returnResults=True)
    assert natural_frequencies(run) == pytest.approx(
        [math.sqrt(m * G * L / (m * L**2 + 1e-3))], rel=1e-9
    )
    del kt


def test_linear_settings_and_plant_round_trip_through_a_dataset_and_run_from_the_command_line(
    tmp_path,
):
    m, k, c = 2.0, 50.0, 3.0
    model = slider(m, k, c)
    u = Variable(function="0")
    Sforce(
        type="TRANSLATION",
        actiononly=True,
        i=Marker(part=model.block),
        j=Marker(part=model.ground),
        function=f"VARVAL({u.id})",
    )
    y = Variable(function=f"DZ({model.block.cm.id})")
    Linear(nodamping=True, pinput=Pinput(variables=[u]), poutput=Poutput(variables=[y]))
    model.simulate(type="LINEAR")
    model.generate_eigensolution()
    path = tmp_path / "plant.xml"
    model.save_model(str(path))
    text = path.read_text()
    for piece in ("<Control_PlantInput", "<Control_PlantOutput", "<Param_Linear", "Linear"):
        assert piece in text
    again = load_model(str(path))
    (linear,) = again.getChildren(Linear)
    assert linear.nodamping is True
    assert [v.id for v in linear.pinput.variables] == [u.id]
    assert [v.id for v in linear.poutput.variables] == [y.id]
    run = again.simulate(type="LINEAR", returnResults=True)
    np.testing.assert_allclose(run.B, [[0], [1 / m]], rtol=1e-6, atol=1e-12)
    assert run.modes[0].dampingRatio == pytest.approx(0.0, abs=1e-12)
    # msolve run: the eigenvalue table goes to the log
    assert main(["run", str(path), "-q"]) == 0
    log = (tmp_path / "plant.log").read_text()
    assert "linear analysis at time 0" in log


def test_control_states_are_states_of_the_linear_model():
    # a Tfsiso 1 / (s^2 + 2 s + 5) driven by the block's position, and a Diff y' = -3 y:
    # their poles -1 +- 2i and -3 join the block's eigenvalues (nothing feeds back)
    m, k = 2.0, 50.0
    model = slider(m, k)
    u = Variable(function=f"DZ({model.block.cm.id})")
    Tfsiso(
        numerator=[1.0],
        denominator=[5.0, 2.0, 1.0],
        u=Array(type="U", variables=[u]),
        x=Array(type="X"),
        y=Array(type="Y"),
    )
    Diff(function="-3 * DIF(1)", ic=0.5)
    run = model.simulate(type="LINEAR", returnResults=True)
    assert run.A.shape == (5, 5)
    expected = [complex(-1, 2), complex(-1, -2), -3.0, complex(0, math.sqrt(k / m))]
    for value in expected:
        assert np.abs(run.eigenvalues - value).min() < 1e-9
    assert sum("Tfsiso" in s for s in run.states) == 2
