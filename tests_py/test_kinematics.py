"""simulate(type="KINEMATICS"): a model whose motions drive every freedom is solved at each
output from its constraints alone (docs/equations.md §9), checked against the closed form
of a slider-crank; DYNAMICS of such a model does the same; a model with free degrees of
freedom is refused with their count and parts."""

import math

import numpy as np
import pytest
from scipy.optimize import brentq

from msolve import *
from msolve.cli import main

R, L, M, P, W = 0.1, 0.3, 2.0, 5.0, 3.0


def slider_crank(motion=True, sensor=False, link_mass=0.0):
    # a crank of radius R turned at W rad/s about global z, a rod of length L, a slider of
    # mass M on a TRANSLATIONAL joint along x pushed back by a constant force P; crank and
    # rod have no mass (unless link_mass), so the driving torque has a closed form
    model = Model()
    ground = Part(ground=True)
    origin = Marker(part=ground)
    ip = [link_mass * 1e-3] * 3
    crank = Part(mass=link_mass, ip=ip, cm=Marker(qp=[R / 2, 0, 0]))
    rod = Part(mass=link_mass, ip=ip, cm=Marker(qp=[R + L / 2, 0, 0]))
    slider = Part(mass=M, ip=[1, 1, 1], cm=Marker(qp=[R + L, 0, 0]))
    hinge = Joint(type="REVOLUTE", i=Marker(part=crank), j=origin)
    Joint(type="REVOLUTE", i=Marker(part=rod, qp=[R, 0, 0]), j=Marker(part=crank, qp=[R, 0, 0]))
    pin = [R + L, 0, 0]
    Joint(type="REVOLUTE", i=Marker(part=slider, qp=pin), j=Marker(part=rod, qp=pin))
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=slider, zp=[1, 0, 0]),
        j=Marker(part=ground, zp=[1, 0, 0]),
    )
    if motion:
        Motion(joint=hinge, jtype="ROTATION", function=f"{W}*TIME")
    Sforce(
        type="TRANSLATION",
        i=Marker(part=slider, qp=pin, zp=[1, 0, 0]),
        j=Marker(part=ground, zp=[1, 0, 0]),
        function=f"-{P}",
    )
    if sensor:
        Sensor(function=f"DX({slider.cm.id})", value=0.35, compare="LE", return_=True)
    model.x = Request(type="DISPLACEMENT", i=slider.cm)
    model.v = Request(type="VELOCITY", i=slider.cm)
    model.a = Request(type="ACCELERATION", i=slider.cm)
    model.torque = Request(type="FORCE", i=hinge.i, j=hinge.j)
    model.angle = Request(type="EXPRESSION", f2=f"AZ({hinge.i.id}, {hinge.j.id})", f3="MODE")
    model.parts = crank, rod, slider
    return model


def closed_form(t):
    # slider position x(theta) = R cos(theta) + sqrt(L^2 - R^2 sin^2(theta)), theta = W t, and
    # its derivatives; the torque from the power balance T W = (M x'' + P) x'
    th = W * t
    s = np.sqrt(L**2 - (R * np.sin(th)) ** 2)
    x = R * np.cos(th) + s
    dx = -R * np.sin(th) - R**2 * np.sin(th) * np.cos(th) / s
    d2x = (
        -R * np.cos(th)
        - R**2 * np.cos(2 * th) / s
        - R**4 * np.sin(th) ** 2 * np.cos(th) ** 2 / s**3
    )
    v, a = dx * W, d2x * W**2
    return x, v, a, (M * a + P) * v / W


def check_against_closed_form(model, run):
    x, v, a, torque = closed_form(run.times)
    np.testing.assert_allclose(run.getObject(model.x).getComponent("X"), x, rtol=0, atol=1e-12)
    np.testing.assert_allclose(run.getObject(model.v).getComponent("VX"), v, rtol=0, atol=1e-12)
    np.testing.assert_allclose(run.getObject(model.a).getComponent("ACCX"), a, rtol=0, atol=1e-10)
    # the reaction torque about z at the driven hinge: the torque of the motion
    np.testing.assert_allclose(
        run.getObject(model.torque).getComponent("TZ"), torque, rtol=0, atol=1e-10
    )


def test_slider_crank_kinematics_matches_its_closed_form():
    model = slider_crank()
    run = model.simulate(type="KINEMATICS", end=2.0, dtout=0.05, returnResults=True)
    assert len(run.times) == 41
    check_against_closed_form(model, run)
    # nothing was integrated: the analysis's steps are its solution points, here the outputs
    assert run.stats["steps"] == 0
    np.testing.assert_array_equal(run.stepTimes, run.times[1:])
    assert "kinematics: the model has no degree of freedom" in run.messages
    # constraints met to round-off at every output
    assert run.constraintErrors.max() < 1e-12
    # MODE is 1 in kinematics (MotionSolve's MODE)
    assert set(run.getObject(model.angle).getComponent("F3")) == {1.0}
    # the work of the motion is the energy it put in: the balance holds exactly
    balance = run.energy.getComponent("BALANCE")
    np.testing.assert_allclose(balance, balance[0], rtol=0, atol=1e-12)


def test_whole_turns_between_outputs_are_followed():
    # outputs 1.5 rad apart over almost five turns: the crank angle AZ follows the turns
    model = slider_crank()
    run = model.simulate(type="kinematic", end=10.0, dtout=0.5, returnResults=True)
    check_against_closed_form(model, run)
    np.testing.assert_allclose(
        run.getObject(model.angle).getComponent("F2"), W * run.times, rtol=0, atol=1e-9
    )


def test_a_kinematic_run_continues_a_dynamic_one():
    # TRANSIENT of the 0-DOF model (kinematics, as MotionSolve); KINEMATICS goes on from
    # where it ended
    model = slider_crank()
    run = model.simulate(type="TRANSIENT", end=1.0, dtout=0.1, returnResults=True)
    x, _, _, _ = closed_form(run.times)
    np.testing.assert_allclose(run.getObject(model.x).getComponent("X"), x, rtol=0, atol=1e-6)
    after = model.simulate(type="KINEMATICS", end=1.5, dtout=0.1, returnResults=True)
    check_against_closed_form(model, after)
    assert after.times[0] == pytest.approx(1.0)


def test_sensor_events_are_located_between_outputs():
    # the slider's x falls through 0.35 at the crank angle with R cos(th) + sqrt(L^2 - R^2
    # sin^2(th)) = 0.35: the sensor fires there (located by bisection, not at an output), the
    # analysis ends there (return) and goes on from there
    model = slider_crank(sensor=True)
    run = model.simulate(type="KINEMATICS", end=0.5, dtout=0.1, returnResults=True)
    assert run.stats["steps"] == 0
    (event,) = run.events
    theta = brentq(lambda th: closed_form(th / W)[0] - 0.35, 0.0, math.pi / 2)
    assert event.time == pytest.approx(theta / W, abs=1e-10)
    assert event.value == pytest.approx(0.35, abs=1e-9)
    assert run.stoppedBy is event
    assert run.times[-1] == pytest.approx(theta / W, abs=1e-10)
    check_against_closed_form(model, run)
    after = model.simulate(type="KINEMATICS", end=0.5, dtout=0.1, returnResults=True)
    assert after.events == []
    np.testing.assert_allclose(after.times[-1], 0.5)
    check_against_closed_form(model, after)


def test_a_model_with_free_freedoms_is_refused_naming_them():
    model = slider_crank(motion=False, link_mass=0.5)
    with pytest.raises(ValueError, match="kinematics needs a model without degrees") as error:
        model.simulate(type="KINEMATICS", end=1.0, dtout=0.1)
    message = str(error.value)
    assert "this one has 1, free parts:" in message
    # crank and rod turn; the slider stands at the crank's dead point (dx/dtheta = 0)
    crank, rod, _ = model.parts
    assert f"free parts: {crank._describe()}, {rod._describe()};" in message
    # DYNAMICS of the same model integrates it as before
    run = model.simulate(type="DYNAMICS", end=0.1, dtout=0.05, returnResults=True)
    assert run.stats["steps"] > 0


def test_start_sets_the_time_of_the_first_analysis():
    # MotionSolve's start: outputs from start, steps dividing end - start; the motion is
    # met at the times of the run
    model = slider_crank()
    run = model.simulate(type="KINEMATICS", start=1.0, end=2.0, steps=4, returnResults=True)
    np.testing.assert_allclose(run.times, [1.0, 1.25, 1.5, 1.75, 2.0], rtol=0, atol=1e-15)
    check_against_closed_form(model, run)
    # a later call continues from the time now; a start ahead of it is said, not taken
    with pytest.warns(UserWarning, match="start 5 is after the current time 2"):
        after = model.simulate(
            type="KINEMATICS", start=5.0, end=2.5, dtout=0.25, returnResults=True
        )
    np.testing.assert_allclose(after.times, [2.0, 2.25, 2.5], rtol=0, atol=1e-15)


def test_a_kinematic_dataset_runs_from_the_command_line(tmp_path):
    # save_model writes the run as <Simulate analysis_type="Kinematic" start_time=...>;
    # `msolve run` runs it as kinematics from the start time, to the same closed form
    model = slider_crank()
    model.simulate(type="KINEMATICS", start=0.5, end=1.0, steps=5)
    path = tmp_path / "crank.xml"
    model.save_model(str(path))
    text = path.read_text()
    assert 'analysis_type="Kinematic"' in text
    assert 'start_time="0.5"' in text
    assert main(["run", str(path), "-q"]) == 0
    assert "kinematics: the model has no degree of freedom" in (tmp_path / "crank.log").read_text()
    rows = np.genfromtxt(tmp_path / "crank.csv", delimiter=",", names=True)
    x, _, _, _ = closed_form(rows["time"])
    np.testing.assert_allclose(rows["time"], np.linspace(0.5, 1.0, 6), atol=1e-12)
    np.testing.assert_allclose(rows["Request1X"], x, rtol=0, atol=1e-12)


def test_a_model_without_moving_parts_has_constant_outputs():
    model = Model()
    ground = Part(ground=True)
    model.r = Request(type="DISPLACEMENT", i=Marker(part=ground, qp=[1, 2, 3]))
    run = model.simulate(type="KINEMATICS", end=0.2, dtout=0.1, returnResults=True)
    np.testing.assert_allclose(run.times, [0, 0.1, 0.2])
    np.testing.assert_allclose(run.getObject(model.r).getComponent("Y"), [2, 2, 2])


def test_transient_of_a_model_without_degrees_of_freedom_runs_kinematics():
    # MotionSolve runs a 0-DOF model's TRANSIENT (and DYNAMICS) as kinematics: the closed form
    # to round-off at every output, nothing integrated, the log says so, MODE is 1
    for analysis in ("TRANSIENT", "DYNAMICS"):
        model = slider_crank()
        run = model.simulate(type=analysis, end=2.0, dtout=0.05, returnResults=True)
        assert len(run.times) == 41
        check_against_closed_form(model, run)
        assert run.stats["steps"] == 0
        np.testing.assert_array_equal(run.stepTimes, run.times[1:])
        assert any("no degree of freedom: kinematic analysis" in line for line in run.messages)
        assert set(run.getObject(model.angle).getComponent("F3")) == {1.0}


def test_transient_of_a_free_body_still_integrates_it():
    # a free body falls under gravity: z = -g t^2 / 2 (to the integrator's error), MODE 4
    model = Model()
    Integrator(error=1e-8)
    Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1], cm=Marker())
    Accgrav(kgrav=-9.81)
    z = Request(type="DISPLACEMENT", i=body.cm)
    mode = Request(type="EXPRESSION", f2="MODE")
    run = model.simulate(type="TRANSIENT", end=1.0, dtout=0.1, returnResults=True)
    np.testing.assert_allclose(
        run.getObject(z).getComponent("Z"), -9.81 * run.times**2 / 2, rtol=0, atol=1e-6
    )
    assert run.stats["steps"] > 0
    assert not any("kinematic" in line for line in run.messages)
    assert set(run.getObject(mode).getComponent("F2")) == {4.0}


# --- the kinematic analysis in model units (issue 16, docs/equations.md §5.2, §9) ----------


def four_bar(millimetres, size=1.0):
    """A crank-rocker (crank a = 40 mm from A = 0, coupler b = 120, rocker c = 80 from D =
    (100, 0), all times `size`), modelled at a crank angle of 60 degrees, in millimetres or in
    metres; a Motion turns the crank at 2 rad/s."""
    unit = (1.0 if millimetres else 1e-3) * size
    a, b, c, d = 40.0 * unit, 120.0 * unit, 80.0 * unit, 100.0 * unit
    t2 = math.radians(60.0)
    t4 = freudenstein((a, b, c, d), t2)
    A, D = np.zeros(3), np.array([d, 0.0, 0.0])
    B = A + a * np.array([math.cos(t2), math.sin(t2), 0.0])
    C = D + c * np.array([math.cos(t4), math.sin(t4), 0.0])
    model = Model()
    if millimetres:
        Units(length="MILLIMETER")
    Accgrav(jgrav=-9.81 / unit)
    ground = Part(ground=True)
    z = np.array([0.0, 0.0, 1.0])

    def bar(p, q):
        return Part(mass=1.0, ip=[1e-4 / unit**2] * 3, cm=Marker(qp=list((p + q) / 2)))

    def pin(i_part, j_part, p, x=None):
        extra = {} if x is None else {"xp": list(p + x)}
        return Joint(
            type="REVOLUTE",
            i=Marker(part=i_part, qp=list(p), zp=list(p + z), **extra),
            j=Marker(part=j_part, qp=list(p), zp=list(p + z), **extra),
        )

    crank, coupler, rocker = bar(A, B), bar(B, C), bar(D, C)
    drive = pin(crank, ground, A, x=B - A)
    pin(coupler, crank, B)
    pin(rocker, coupler, C)
    pin(rocker, ground, D)
    Motion(joint=drive, jtype="ROTATION", function="2*TIME")
    return model, rocker, (a, b, c, d), D


def freudenstein(lengths, t2):
    # K1 cos t4 - K2 cos t2 + K3 = cos(t2 - t4), the open branch (rocker above the ground link)
    a, b, c, d = lengths
    k1, k2, k3 = d / a, d / c, (a * a - b * b + c * c + d * d) / (2 * a * c)
    A = math.cos(t2) - k1 - k2 * math.cos(t2) + k3
    B = -2.0 * math.sin(t2)
    C = k1 - (k2 + 1.0) * math.cos(t2) + k3
    return 2.0 * math.atan2(-B - math.sqrt(B * B - 4 * A * C), 2 * A)


@pytest.mark.parametrize("size", [1.0, 100.0])
def test_a_millimetre_four_bar_kinematics_follows_freudenstein_like_the_metre_one(size):
    # the crank turned 1 rad between outputs (each interval in several Newton solves): in mm
    # and in m the rocker is at the Freudenstein angle, the mm positions the m ones x 1000.
    # At size 100 (a 12 m coupler, 12000 mm) the unscaled Newton judged in model units
    # stopped at t = 0.75 in mm; the scaled one of the assembly does not (docs/equations.md §9)
    centres = {}
    for millimetres in (True, False):
        model, rocker, lengths, D = four_bar(millimetres, size)
        run = model.simulate(type="KINEMATICS", end=3.0, dtout=0.5, returnResults=True)
        assert run.ok, run.error
        result = run.getObject(rocker)
        x, y = (np.asarray(result.getComponent(k)) - D[i] for i, k in enumerate(("X", "Y")))
        expected = [freudenstein(lengths, math.radians(60.0) + 2.0 * t) for t in run.times]
        miss = np.angle(np.exp(1j * (np.arctan2(y, x) - expected)))
        assert np.abs(miss).max() < 1e-9
        np.testing.assert_allclose(np.hypot(x, y), lengths[2] / 2, rtol=1e-10)
        centres[millimetres] = np.column_stack([x, y])
    np.testing.assert_allclose(
        centres[True] / 1000.0, centres[False], rtol=1e-12, atol=1e-12 * size
    )
