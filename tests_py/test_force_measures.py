"""Force measures in expressions (FX ... TM, JOINT, SFORCE, BUSH, ...): reactions read from
the multipliers, element outputs, and forces that depend on reactions."""

import numpy as np
import pytest

from msolve import *

G = 9.81


def pendulum(length=1.0, mass=2.0):
    # a point mass on a massless arm, released horizontally
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    pivot = Marker(part=ground, zp=[0, -1, 0])
    bob = Part(mass=mass, ip=[0, 0, 0], cm=Marker(qp=[length, 0, 0]))
    bob_pivot = Marker(part=bob, zp=[0, -1, 0])
    pin = Joint(type="REVOLUTE", i=bob_pivot, j=pivot, label="pin")
    return model, bob, bob_pivot, pivot, pin


def test_joint_reaction_in_expressions_is_the_pendulum_tension():
    # tension of a point-mass pendulum T = m g cos(phi) + m v^2 / L (phi from the bottom),
    # i.e. m (g (-z) + v^2) / L; JOINT(id, 0, ...) acts on I (the bob) at I, JOINT(id, 1, ...)
    # on J: the opposite force; FM(I, J) is the same magnitude
    L, m = 1.0, 2.0
    model, bob, i, j, pin = pendulum(L, m)
    model.r = Request(
        f1=f"JOINT({pin.id}, 0, 1, 0)",
        f2=f"JOINT({pin.id}, 0, 2)",
        f3=f"JOINT({pin.id}, 0, 4, 0)",
        f4=f"JOINT({pin.id}, 1, 4, 0)",
        f5=f"FM({i.id}, {j.id})",
        f6=f"FZ({i.id})",
        f7=f"DZ({bob.cm.id})",
        f8=f"VM({bob.cm.id})",
    )
    model.x = Request(f1=f"DX({bob.cm.id})")
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    r = run.getObject(model.r)
    z, v = r.getComponent("F7"), r.getComponent("F8")
    tension = m * (G * -z + v**2) / L
    np.testing.assert_allclose(r.getComponent("F1"), tension, rtol=1e-6, atol=1e-6 * m * G)
    np.testing.assert_allclose(r.getComponent("F5"), tension, rtol=1e-6, atol=1e-6 * m * G)
    np.testing.assert_allclose(r.getComponent("F4"), -r.getComponent("F3"), atol=1e-9)
    np.testing.assert_allclose(r.getComponent("F6"), r.getComponent("F3"), atol=1e-9)
    # the tension pulls the bob towards the pivot: Fx = -T x / L
    x = run.getObject(model.x).getComponent("F1")
    np.testing.assert_allclose(r.getComponent("F2"), -tension * x / L, atol=1e-6 * m * G)


def sliding_block(v0, mu, friction):
    # a block on a horizontal TRANSLATIONAL joint along x, under gravity -y, with initial
    # speed v0 and an action-only friction force along the slide (j's z axis = global x)
    model = Model()
    Accgrav(jgrav=-G)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    block = Part(mass=3.0, ip=[1, 1, 1], vx=v0)
    block.cm = Marker(part=block)
    slide_i = Marker(part=block, zp=[1, 0, 0])
    slide_j = Marker(part=ground, zp=[1, 0, 0])
    rail = Joint(type="TRANSLATIONAL", i=slide_i, j=slide_j)
    Sforce(i=slide_i, j=slide_j, actiononly=True, function=friction.format(rail=rail.id, mu=mu))
    model.v = Request(type="VELOCITY", i=block.cm)
    model.a = Request(type="ACCELERATION", i=block.cm)
    model.n = Request(f3=f"JOINT({rail.id}, 0, 3, 0)")
    return model


def test_friction_proportional_to_the_normal_reaction():
    # friction -mu N with N the joint's normal reaction (= m g): deceleration mu g, so
    # v = v0 - mu g t until the block stops at v0 / (mu g) = 1.02 s
    v0, mu = 2.0, 0.2
    model = sliding_block(v0, mu, "-{mu}*ABS(JOINT({rail}, 0, 3, 0))")
    run = model.simulate(end=0.9, dtout=0.01, returnResults=True)
    t = run.times
    np.testing.assert_allclose(
        run.getObject(model.v).getComponent("VX"), v0 - mu * G * t, atol=1e-7
    )
    np.testing.assert_allclose(run.getObject(model.n).getComponent("F3"), 3.0 * G, rtol=1e-9)
    # from the first output on, including the initial conditions (a fixed point in lambda)
    np.testing.assert_allclose(run.getObject(model.a).getComponent("ACCX"), -mu * G, rtol=1e-6)


def test_sforce_output_on_both_sides():
    # SFORCE(id, 0, ...) is the force on I, SFORCE(id, 1, ...) the one on J; a spring
    # -k (DM - L0) along the line from J to I at rest at DM = 1.5 with L0 = 1: on I
    # -k (0.5) x_hat, on J the opposite
    model = Model()
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[1, 1, 1], qg=[1.5, 0, 0])
    block.cm = Marker(part=block)
    anchor = Marker(part=ground)
    spring = Sforce(i=block.cm, j=anchor, function=f"-100*(DM({block.cm.id},{anchor.id})-1)")
    Joint(type="FIXED", i=block.cm, j=Marker(part=ground, qp=[1.5, 0, 0]))
    model.r = Request(
        f2=f"SFORCE({spring.id}, 0, 2, 0)",
        f3=f"SFORCE({spring.id}, 1, 2, 0)",
        f4=f"FX({block.cm.id}, {anchor.id})",
        f6=f"FX({block.cm.id})",
    )
    run = model.simulate(end=0.1, dtout=0.05, returnResults=True)
    r = run.getObject(model.r)
    np.testing.assert_allclose(r.getComponent("F2"), -50.0, rtol=1e-12)
    np.testing.assert_allclose(r.getComponent("F3"), 50.0, rtol=1e-12)
    np.testing.assert_allclose(r.getComponent("F4"), -50.0, rtol=1e-12)
    # all forces at the block's cm: the spring and the FIXED joint that holds it (+50)
    np.testing.assert_allclose(r.getComponent("F6"), 0.0, atol=1e-9)


def test_bushing_output_and_result_frame():
    # a mass hanging at rest from a bushing to the ground: BUSH(id, 0, 3) = m g on the mass;
    # resolved in a frame turned 90 degrees about z (x' = y) the same force is along x'
    m, ky = 2.0, 1000.0
    model = Model()
    Accgrav(jgrav=-G)
    Integrator(error=1e-10)
    ground = Part(ground=True)
    j = Marker(part=ground)
    turned = Marker(part=ground, zp=[0, 0, 1], xp=[0, 1, 0])
    body = Part(mass=m, ip=[1, 1, 1], qg=[0, -m * G / ky, 0])
    body.cm = Marker(part=body)
    bush = Bushing(i=body.cm, j=j, k=[1e3, ky, 1e3], kt=[1e3] * 3)
    model.r = Request(f3=f"BUSH({bush.id}, 0, 3, 0)", f2=f"BUSH({bush.id}, 0, 2, {turned.id})")
    run = model.simulate(end=0.2, dtout=0.1, returnResults=True)
    r = run.getObject(model.r)
    np.testing.assert_allclose(r.getComponent("F3"), m * G, rtol=1e-9)
    np.testing.assert_allclose(r.getComponent("F2"), m * G, rtol=1e-9)


def test_force_measure_that_reads_itself_is_refused():
    model = Model()
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[1, 1, 1], qg=[1, 0, 0])
    block.cm = Marker(part=block)
    anchor = Marker(part=ground)
    Sforce(i=block.cm, j=anchor, function=f"-0.1*FM({block.cm.id}, {anchor.id})", label="loop")
    with pytest.raises(ValueError, match=r"Sforce 1 'loop'.*FM\(\d+,\d+\) depends on itself"):
        model.simulate(end=0.1)


@pytest.mark.parametrize(
    ("call", "reason"),
    [
        ("JOINT(99, 0, 2, 0)", "there is no active Joint 99"),
        ("JOINT({pin}, 0, 9, 0)", "comp must be 1 to 8"),
        ("JOINT({pin}, 2, 1, 0)", "jflag must be 0"),
        ("JOINT({pin}, 0)", r"JOINT takes \(id, jflag, comp\[, rm\]\)"),
        ("TM({i})", "TM takes 2 marker ids"),
        ("FX(0)", "first marker id must not be 0"),
        ("FX(12345)", "unknown marker id 12345"),
    ],
)
def test_force_measure_errors_name_the_owner(call, reason):
    model, _bob, i, _j, pin = pendulum()
    model.r = Request(f1=call.format(pin=pin.id, i=i.id), label="probe")
    with pytest.raises(ValueError, match=rf"Request \d+ 'probe'.*{reason}"):
        model.simulate(end=0.1)


def test_a_diff_integrates_a_joint_reaction():
    # a 2 kg part held by a FIXED joint under gravity: the reaction magnitude is m g, so the
    # Diff y' = JOINT(id, 0, 1, 0), y(0) = 0 reads y(t) = m g t (this crashed the
    # interpreter when the Diff's dependencies were asked for before the measure was linked)
    m = 2.0
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-8)
    ground = Part(ground=True)
    block = Part(mass=m, ip=[1, 1, 1], cm=Marker(qp=[0, 0, 1]))
    weld = Joint(type="FIXED", i=Marker(part=block, qp=[0, 0, 1]), j=Marker(part=ground))
    impulse = Diff(function=f"JOINT({weld.id}, 0, 1, 0)", ic=0.0)
    model.r = Request(f1=f"DIF({impulse.id})")
    run = model.simulate(end=1.0, dtout=0.5, returnResults=True)
    np.testing.assert_allclose(
        run.getObject(model.r).getComponent("F1"), m * G * run.times, rtol=1e-7
    )


def test_a_diff_reading_a_joint_that_does_not_exist_is_refused_naming_it():
    model = Model()
    Part(ground=True)
    block = Part(mass=1.0, ip=[1, 1, 1], cm=Marker())
    diff = Diff(function="JOINT(99, 0, 1, 0)", ic=0.0)
    assert block.id != 99
    with pytest.raises(ValueError, match=rf"Diff {diff.id}.*99"):
        model.simulate(end=0.1, dtout=0.1)
