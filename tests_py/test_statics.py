"""simulate(type="STATICS"): the static equilibrium at one time, checked against closed forms
and force balances (docs/equations.md §8); a dynamic run afterwards starts from it."""

import math

import numpy as np
import pytest
from scipy.optimize import brentq

from msolve import *
from msolve.cli import main

G = 9.81


def hanging_block(m=2.0, k=100.0, free_length=1.0):
    # a block on a vertical TRANSLATIONAL joint, hung from the ground by a spring of free
    # length 1 m, released where the spring is unstretched
    model = Model()
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    top = Marker(part=ground, qp=[0, 0, 0])
    block = Part(mass=m, ip=[1, 1, 1], cm=Marker(qp=[0, 0, -free_length]))
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=block, qp=[0, 0, -1], zp=[0, 0, 0]),
        j=Marker(part=ground, qp=[0, 0, -1], zp=[0, 0, 0]),
    )
    SpringDamper(i=block.cm, j=top, k=k, c=1.0, length=free_length)
    model.z = Request(type="DISPLACEMENT", i=block.cm)
    return model


def torsion_pendulum(m, L, kt):
    # a point mass m at distance L on a REVOLUTE joint about global y, a torsion spring of
    # stiffness kt holding it horizontal when unloaded
    model = Model()
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    pivot = Marker(part=ground, zp=[0, -1, 0])
    arm = Part(mass=m, ip=[1e-6, 1e-6, 1e-6], cm=Marker(qp=[L, 0, 0]))
    hinge = Marker(part=arm, zp=[0, -1, 0])
    Joint(type="REVOLUTE", i=hinge, j=pivot)
    SpringDamper(type="ROTATION", i=hinge, j=pivot, kt=kt, ct=0.1)
    model.p = Request(type="DISPLACEMENT", i=arm.cm)
    return model


def test_a_hanging_block_settles_where_the_spring_carries_its_weight():
    # closed form: the spring stretches by m g / k
    m, k = 2.0, 100.0
    model = hanging_block(m, k)
    run = model.simulate(type="STATICS", end=0, dtout=0.0, returnResults=True)
    z = run.getObject(model.z).getComponent("Z")
    np.testing.assert_allclose(z, [-1.0 - m * G / k], rtol=0, atol=1e-12)
    assert any(line.startswith("statics at time 0") for line in run.messages)
    # the dynamics that follows starts from the equilibrium at rest, and stays there
    after = model.simulate(end=1.0, dtout=0.25, returnResults=True)
    np.testing.assert_allclose(
        after.getObject(model.z).getComponent("Z"), -1.0 - m * G / k, rtol=0, atol=1e-9
    )


def test_a_pendulum_on_a_torsion_spring_balances_gravity_against_the_spring():
    # gravity turns the torsion pendulum down by the angle theta with
    # kt theta = m g L cos(theta)
    m, L, kt = 1.5, 0.8, 30.0
    model = torsion_pendulum(m, L, kt)
    run = model.simulate(type="static", end=0, returnResults=True)
    x = run.getObject(model.p).getComponent("X")[0]
    z = run.getObject(model.p).getComponent("Z")[0]
    theta = math.atan2(-z, x)
    expected = brentq(lambda a: kt * a - m * G * L * math.cos(a), 0.0, math.pi / 2)
    assert theta == pytest.approx(expected, rel=1e-9)
    assert math.hypot(x, z) == pytest.approx(L, rel=1e-12)


def test_control_states_reach_their_equilibrium_unless_held():
    # Diff y' = 3 - y settles at y = 3; a Diff with static_hold keeps its value
    model = hanging_block()
    free = Diff(function="3 - DIF(1)", ic=0.5, id=1)
    held = Diff(function="3 - DIF(2)", ic=0.5, id=2, static_hold=True)
    model.d = Request(f1=f"DIF({free.id})", f2=f"DIF({held.id})")
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    assert run.getObject(model.d).getComponent("F1")[0] == pytest.approx(3.0, abs=1e-12)
    assert run.getObject(model.d).getComponent("F2")[0] == 0.5


def test_statics_without_an_equilibrium_names_the_imbalance_and_keeps_the_state():
    # a free body under gravity has no equilibrium: the analysis stops naming the force
    # that cannot balance, and the model can go on from where it was
    model = Model()
    Accgrav(kgrav=-G)
    Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[0, 0, 2]))
    model.z = Request(type="DISPLACEMENT", i=body.cm)
    with pytest.raises(MsolveError, match=rf"statics did not converge.*Part {body.id} force Z"):
        model.simulate(type="STATICS", end=0)
    run = model.simulate(end=0.5, dtout=0.5, returnResults=True)
    z = run.getObject(model.z).getComponent("Z")
    np.testing.assert_allclose(z, [2.0, 2.0 - G * 0.5**2 / 2], rtol=1e-6)


def test_a_dataset_with_a_static_then_a_transient_simulate_runs_from_the_command_line(tmp_path):
    # save_model writes each simulate as a <Simulate analysis_type=...>; `msolve run` runs
    # the Static one, then the Transient from its equilibrium
    m, k = 2.0, 100.0
    model = hanging_block(m, k)
    model.simulate(type="STATICS", end=0, dtout=0.0)
    model.simulate(end=0.5, dtout=0.25)
    path = tmp_path / "hanging.xml"
    model.save_model(str(path))
    assert 'analysis_type="Static"' in path.read_text()
    assert main(["run", str(path), "-q"]) == 0
    rows = np.genfromtxt(tmp_path / "hanging.csv", delimiter=",", names=True)
    np.testing.assert_allclose(rows["Request1Z"], -1.0 - m * G / k, rtol=0, atol=1e-9)


def test_equilibrium_settings_are_honoured_or_reported():
    # Inspire's scripts give Equilibrium(...) before simulate(type="STATICS"): imbalance and
    # maxit are honoured (one iteration is not enough for the nonlinear pendulum of the
    # torsion-spring test), MKEAM runs (its line in the log) and stability is honoured (it
    # changes Newton's matrix, not the equilibrium)
    model = hanging_block()
    Equilibrium(method="MKEAM", stability=0.01, imbalance=1e-6, maxit=20)
    run = model.simulate(type="STATICS", end=0, dtout=0.0, returnResults=True)
    assert sum("MKEAM" in line for line in run.messages) == 1
    assert not any("stability" in line for line in run.messages)
    z = run.getObject(model.z).getComponent("Z")
    # to the imbalance asked for: 1e-6 N on the spring of 100 N/m
    np.testing.assert_allclose(z, [-1.0 - 2.0 * G / 100.0], rtol=0, atol=1e-6 / 100.0)

    model = torsion_pendulum(1.5, 0.8, 30.0)
    Equilibrium(maxit=1)
    with pytest.raises(MsolveError, match=r"statics did not converge.*after 1 iterations"):
        model.simulate(type="STATICS", end=0)


def test_equilibrium_settings_round_trip_through_a_dataset_as_param_static(tmp_path):
    model = hanging_block()
    Equilibrium(method="FIM_S", imbalance=1e-7, error=1e-9, maxit=30)
    path = tmp_path / "settings.xml"
    model.save_model(str(path), simulate={"type": "STATICS", "end": 0.0})
    text = path.read_text()
    assert "<Param_Static" in text
    assert 'max_imbalance="1e-07"' in text
    again = load_model(str(path))
    (eq,) = again.getChildren(Equilibrium)
    assert (eq.method, eq.imbalance, eq.error, eq.maxit) == ("FIM_S", 1e-7, 1e-9, 30)
    # with MKEAM, error is Param_Static's max_dq_tol
    eq.method, eq.error = "MKEAM", 1e-4
    again.save_model(str(path), simulate={"type": "STATICS", "end": 0.0})
    assert 'max_dq_tol="0.0001"' in path.read_text()
    (eq,) = load_model(str(path)).getChildren(Equilibrium)
    assert (eq.method, eq.error) == ("MKEAM", 1e-4)


def test_a_millimetre_model_reaches_the_same_equilibrium_as_in_metres():
    # the hanging block in kg-mm-s-N (UCF 1000): forces in N, lengths in mm, the same
    # equilibrium stretch m g / k (k in N/mm); the default accuracy is relative, so large
    # numbers in model units converge as small ones do
    m, k = 2.0, 0.1  # 100 N/m = 0.1 N/mm
    model = Model()
    Units(mass="KILOGRAM", length="MILLIMETER", time="SECOND", force="NEWTON")
    Accgrav(kgrav=-9810.0)
    ground = Part(ground=True)
    top = Marker(part=ground, qp=[0, 0, 0])
    block = Part(mass=m, ip=[1e3, 1e3, 1e3], cm=Marker(qp=[0, 0, -1000.0]))
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=block, qp=[0, 0, -1000], zp=[0, 0, 0]),
        j=Marker(part=ground, qp=[0, 0, -1000], zp=[0, 0, 0]),
    )
    SpringDamper(i=block.cm, j=top, k=k, c=0.001, length=1000.0)
    model.z = Request(type="DISPLACEMENT", i=block.cm)
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    expected = -1000.0 - m * 9.81 / k
    np.testing.assert_allclose(run.getObject(model.z).getComponent("Z"), [expected], rtol=1e-12)


def test_quasi_statics_follows_a_force_that_grows_in_time():
    # the hanging block pushed up by an Sforce 10 * TIME (from a ground marker below it):
    # each output is the equilibrium z(t) = -1 - (m g - 10 t) / k, with no dynamics between
    m, k = 2.0, 100.0
    model = hanging_block(m, k)
    below = Marker(part=model.getChildren(Part)[0], qp=[0, 0, -10])
    block_cm = model.z.i
    Sforce(i=block_cm, j=below, function="10 * TIME")
    run = model.simulate(type="QSTATICS", end=1.0, dtout=0.25, returnResults=True)
    np.testing.assert_allclose(run.times, [0, 0.25, 0.5, 0.75, 1.0])
    expected = -1.0 - (m * G - 10.0 * run.times) / k
    np.testing.assert_allclose(run.getObject(model.z).getComponent("Z"), expected, atol=1e-10)
    assert any(line.startswith("quasi-statics: 5 equilibria") for line in run.messages)


def test_stability_adds_mass_to_newtons_matrix_and_reaches_the_same_equilibrium():
    m, L, kt = 1.5, 0.8, 30.0
    expected = brentq(lambda a: kt * a - m * G * L * math.cos(a), 0.0, math.pi / 2)
    for stability in (1e-3, 0.1):
        model = torsion_pendulum(m, L, kt)
        Equilibrium(stability=stability, imbalance=1e-12, maxit=200)
        run = model.simulate(type="STATICS", end=0, returnResults=True)
        x = run.getObject(model.p).getComponent("X")[0]
        z = run.getObject(model.p).getComponent("Z")[0]
        assert math.atan2(-z, x) == pytest.approx(expected, rel=1e-9)


def inverted_pendulum(m, L, up):
    # a point mass m at distance L from a REVOLUTE pivot about global y, straight above the
    # pivot (up) or below it
    model = Model()
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    pivot = Marker(part=ground, zp=[0, -1, 0])
    arm = Part(mass=m, ip=[1e-9, 1e-9, 1e-9], cm=Marker(qp=[0, 0, L if up else -L]))
    Joint(type="REVOLUTE", i=Marker(part=arm, zp=[0, -1, 0]), j=pivot)
    model.p = Request(type="DISPLACEMENT", i=arm.cm)
    return model


def test_an_unstable_equilibrium_is_reported_with_its_negative_stiffness():
    # the pendulum balanced upright is an equilibrium, unstable: about it
    # m L^2 theta'' = m g L theta, so omega^2 = -g / L (a point mass)
    m, L = 2.0, 0.5
    model = inverted_pendulum(m, L, up=True)
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    (line,) = [line for line in run.messages if "UNSTABLE" in line]
    assert "1 of 1 free directions have a negative stiffness" in line
    omega2 = float(line.split("omega^2 = ")[1].rstrip(")"))
    assert omega2 == pytest.approx(-G / L, rel=1e-6)
    np.testing.assert_allclose(run.getObject(model.p).getComponent("Z"), [L], atol=1e-12)
    # hanging, the same pendulum is stable: nothing reported
    model = inverted_pendulum(m, L, up=False)
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    assert not any("UNSTABLE" in line for line in run.messages)


def test_mode_gives_the_analysis_that_runs():
    # MODE: 1 kinematics, 3 initial conditions (ASSEMBLY is only those), 4 dynamics,
    # 5 statics, 6 quasi-statics (MotionSolve's MODE)
    model = hanging_block()
    model.mode = Request(type="EXPRESSION", f2="MODE")
    run = model.simulate(type="ASSEMBLY", end=0, dtout=0.0, returnResults=True)
    assert set(run.getObject(model.mode).getComponent("F2")) == {3.0}
    values = {}
    for kind in ("STATICS", "QSTATICS", "DYNAMICS"):
        end = model.getTime() + 0.1
        run = model.simulate(type=kind, end=end, dtout=0.05, returnResults=True)
        values[kind] = set(run.getObject(model.mode).getComponent("F2"))
    assert values == {"STATICS": {5.0}, "QSTATICS": {6.0}, "DYNAMICS": {4.0}}


def test_mkeam_settles_a_pendulum_where_newton_cannot_start():
    # released horizontal, a pendulum without spring has a singular static Jacobian: Newton
    # stops (its last iterate kept in the results); the kinetic-energy attrition method lets
    # it fall, removes the energy at the bottom and finds it hanging, z = -L
    m, L = 2.0, 0.5
    model = Model()
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    arm = Part(mass=m, ip=[1e-3, 1e-3, 1e-3], cm=Marker(qp=[L, 0, 0]))
    Joint(type="REVOLUTE", i=Marker(part=arm, zp=[0, -1, 0]), j=Marker(part=ground, zp=[0, -1, 0]))
    model.p = Request(type="DISPLACEMENT", i=arm.cm)
    with pytest.raises(
        MsolveError, match=r"statics did not converge at time 0 after \d+ iter"
    ) as e:
        model.simulate(type="STATICS", end=0)
    np.testing.assert_allclose(e.value.results.times, [0.0])
    Equilibrium(method="MKEAM", kinetic_energy_error=1e-6)
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    assert any(line.startswith("statics (MKEAM) at time 0") for line in run.messages)
    np.testing.assert_allclose(run.getObject(model.p).getComponent("X"), [0.0], atol=1e-12)
    np.testing.assert_allclose(run.getObject(model.p).getComponent("Z"), [-L], atol=1e-12)
    assert not any("UNSTABLE" in line for line in run.messages)


def test_mkeam_reaches_the_torsion_pendulums_equilibrium():
    m, L, kt = 1.5, 0.8, 30.0
    model = torsion_pendulum(m, L, kt)
    Equilibrium(method="MKEAM", imbalance=1e-12)
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    x = run.getObject(model.p).getComponent("X")[0]
    z = run.getObject(model.p).getComponent("Z")[0]
    expected = brentq(lambda a: kt * a - m * G * L * math.cos(a), 0.0, math.pi / 2)
    assert math.atan2(-z, x) == pytest.approx(expected, rel=1e-9)


def test_mkeam_error_is_the_change_of_the_positions_between_two_maxima():
    # MKEAM has converged when the kinetic energy at a maximum is below kinetic_energy_error
    # and the positions changed by less than error (Param_Static's max_dq_tol) since the
    # previous maximum. With a kinetic energy tolerance that the first maximum meets, a loose
    # error stops there, the pendulum still far from rest; a tight one goes on until the
    # positions hold still. Newton then polishes either to the closed-form angle.
    m, L, kt = 1.5, 0.8, 30.0
    expected = brentq(lambda a: kt * a - m * G * L * math.cos(a), 0.0, math.pi / 2)
    changes = {}
    for dq in (10.0, 1e-7):
        model = torsion_pendulum(m, L, kt)
        Equilibrium(method="MKEAM", kinetic_energy_error=1e3, error=dq)
        run = model.simulate(type="STATICS", end=0, returnResults=True)
        (line,) = [line for line in run.messages if line.startswith("statics (MKEAM)")]
        assert "not below" not in line
        changes[dq] = float(line.split("change of a position ")[1].split(";")[0])
        x = run.getObject(model.p).getComponent("X")[0]
        z = run.getObject(model.p).getComponent("Z")[0]
        assert math.atan2(-z, x) == pytest.approx(expected, rel=1e-9)
    assert changes[10.0] > 1e-2
    assert changes[1e-7] < 1e-7


def test_quasi_statics_sensors_fire_where_the_test_becomes_true_between_outputs():
    # the block of the growing-force test rises by 0.1 per unit time from the stretch of its
    # weight: z(t) = -1 - m g / k + 0.1 t. A sensor on its height above -1.15 stores the time
    # (evaluate) and ends the analysis (return) where the test becomes true, located between
    # the outputs 0.25 and 0.5 by equilibria at the midpoints: t = (m g / k - 0.15) / 0.1
    m, k = 2.0, 100.0
    model = hanging_block(m, k)
    below = Marker(part=model.getChildren(Part)[0], qp=[0, 0, -10])
    Sforce(i=model.z.i, j=below, function="10 * TIME")
    Sensor(function=f"DZ({model.z.i.id})", value=-1.15, compare="GE", evaluate="TIME")
    sensor = model.getChildren(Sensor)[0]
    sensor.return_ = True
    te = (m * G / k - 0.15) / 0.1
    run = model.simulate(type="QSTATICS", end=1.0, dtout=0.25, returnResults=True)
    np.testing.assert_allclose(run.times, [0, 0.25, te], rtol=1e-10)
    (event,) = run.events
    assert event.time == pytest.approx(te, rel=1e-10)
    assert event.value == pytest.approx(-1.15, rel=1e-10)
    assert run.stoppedBy is event
    assert "evaluate" in event.actions
    assert run.getObject(model.z).getComponent("Z")[-1] == pytest.approx(-1.15, rel=1e-10)
    assert any(f"active at time {te:g}" in line for line in run.messages)
    # the next call goes on from there
    after = model.simulate(type="QSTATICS", end=1.0, dtout=0.25, returnResults=True)
    assert after.times[0] == pytest.approx(te, rel=1e-10)
    assert after.times[-1] == 1.0
    assert not after.events


def two_spring_mass(m, anchors, k, free):
    # a mass hung from the ground by two translational springs from the anchors to its
    # mass centre; a Jprim ORIENTATION keeps its orientation (the springs give no torque)
    model = Model()
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    block = Part(mass=m, ip=[1, 1, 1], cm=Marker(qp=[0, 0, 0]))
    Jprim(type="ORIENTATION", i=Marker(part=block), j=Marker(part=ground))
    for anchor, stiffness, length in zip(anchors, k, free):
        SpringDamper(
            i=block.cm, j=Marker(part=ground, qp=anchor), k=stiffness, c=0.0, length=length
        )
    model.p = Request(type="DISPLACEMENT", i=block.cm)
    return model


def test_a_mass_on_two_inclined_springs_hangs_where_they_carry_its_weight():
    # symmetric: anchors at (+-a, 0, 0), springs k of free length L0; the mass hangs at depth z
    # with 2 k (d - L0) z / d = m g, d = sqrt(a^2 + z^2)
    m, a, k, L0 = 3.0, 0.4, 500.0, 0.3
    model = two_spring_mass(m, [[-a, 0, 0], [a, 0, 0]], [k, k], [L0, L0])
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    p = run.getObject(model.p)
    depth = brentq(
        lambda z: 2 * k * (math.hypot(a, z) - L0) * z / math.hypot(a, z) - m * G, 1e-6, 2.0
    )
    np.testing.assert_allclose(p.getComponent("X"), [0.0], atol=1e-12)
    np.testing.assert_allclose(p.getComponent("Z"), [-depth], atol=1e-10)
    # asymmetric: the spring forces along the two directions balance the weight
    anchors = np.array([[-0.5, 0.0, 0.1], [0.3, 0.0, 0.0]])
    k, free = [300.0, 800.0], [0.35, 0.2]
    model = two_spring_mass(m, anchors.tolist(), k, free)
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    p = run.getObject(model.p)
    r = np.array([p.getComponent(c)[0] for c in "XYZ"])
    force = np.zeros(3)
    for anchor, stiffness, length in zip(anchors, k, free):
        d = anchor - r
        force += stiffness * (np.linalg.norm(d) - length) * d / np.linalg.norm(d)
    np.testing.assert_allclose(force, [0.0, 0.0, m * G], atol=1e-8)
    assert r[2] < 0
