"""Sensors: event location by the integrator's root finding and MotionSolve's actions.

Expected values come from closed forms (free fall z = z0 - g t^2 / 2, a force growing
linearly in time, sin(2 pi t)) and from the trigger tests of docs/motionsolve-compatibility.md §5.2
(GE: f >= value - error, LE: f <= value + error, EQ: |f - value| <= error).
"""

import math

import numpy as np
import pytest

from msolve import *

G = 9.81


# the integrators the event scenarios run under: the default DSTIFF (IDA on the DAE) and ABAM
# (CVODE's Adams on the ODE form, in joint and in body coordinates), which both integrate the
# free fall's quadratic exactly
INTEGRATORS = [
    pytest.param({}, id="DSTIFF"),
    pytest.param({"type": "ABAM"}, id="ABAM-joint"),
    pytest.param({"type": "ABAM", "coordinates": "BODY"}, id="ABAM-body"),
]


def falling_ball(z0=1.0, error=1e-8, integrator=None):
    """A free ball of mass 1 released at rest at height z0 under gravity -G (no joints):
    z(t) = z0 - G t^2 / 2 exactly (BDF integrates the quadratic exactly)."""
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=error, **(integrator or {}))
    Part(ground=True)
    ball = Part(mass=1.0, ip=[0.1, 0.1, 0.1], qg=[0, 0, z0], vx=0, vy=0, vz=0, cm=Marker())
    return model, ball


def fall_time(drop):
    return math.sqrt(2 * drop / G)


# -- API -------------------------------------------------------------------------------------


def test_sensor_attributes_defaults_and_xml_names():
    Model()
    s = Sensor()
    # MotionView's defaults (docs/motionsolve-compatibility.md §5.1): value 0, operator EQ, error 0,
    # no action
    assert (s.value, s.operator, s.error) == (0.0, "EQ", 0.0)
    assert [s.halt, s.return_, s.restart, s.print_, s.verbose] == [False] * 5
    assert [s.dt, s.hmax, s.stepsize, s.zero_crossing] == [None] * 4
    # the XML spellings map onto the same element
    x = Sensor(
        compare="LT",
        error_tol=1e-4,
        sensor_function="DZ(2)",
        evaluate_id=100,
        verbose=True,
        **{"print": True, "return": True},
    )
    assert x.operator == "LE"
    assert x.compare == "LT"
    assert x.error == 1e-4
    assert x.function == "DZ(2)"
    assert x.sensor_function == "DZ(2)"
    assert x.print_
    assert x.return_
    assert x.verbose
    assert x.evaluate_id == 100
    x.compare = "ge"
    assert x.operator == "GE"
    with pytest.raises(ValueError, match="operator"):
        x.operator = "LT"  # the Python enum is LE EQ GE (docs/motionsolve-compatibility.md §5.1)
    with pytest.raises(ValueError, match="error"):
        Sensor(error=-1.0)


def test_bad_sensor_input_is_named_at_simulate():
    model, ball = falling_ball()
    Sensor(id=7, label="probe", function=f"DZ({ball.cm.id})", zero_crossing=2.0)
    with pytest.raises(ValueError, match=r"Sensor 7 'probe'.*zero_crossing"):
        model.simulate(end=0.1)
    model.reset()
    model2, _ball2 = falling_ball()
    Sensor(function="USER(1, 2)")
    with pytest.raises(ValueError, match="routine is not set"):
        model2.simulate(end=0.1)


# -- event location and halt -----------------------------------------------------------------


@pytest.mark.parametrize("integrator", INTEGRATORS)
def test_falling_body_crosses_a_height_at_the_free_fall_time(integrator):
    # z(t) = 1 - G t^2 / 2 reaches 0.4 at t = sqrt(2 * 0.6 / G)
    model, ball = falling_ball(1.0, integrator=integrator)
    probe = Sensor(function=f"DZ({ball.cm.id})", operator="LE", value=0.4, halt=True)
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    t_exact = fall_time(0.6)
    assert [e.sensor for e in run.events] == [probe]
    event = run.events[0]
    assert event.time == pytest.approx(t_exact, abs=1e-9)
    assert event.value == pytest.approx(0.4, abs=1e-9)  # within the tolerance in the value
    assert event.actions == ["halt"]
    # halt: the last output is the event, and the results say who stopped the analysis
    assert run.halted
    assert run.stoppedBy is event
    assert run.times[-1] == pytest.approx(t_exact, abs=1e-9)
    z = run.getObject(ball).getComponent("Z")
    assert z[-1] == pytest.approx(0.4, abs=1e-9)
    assert np.all(np.diff(run.times[:-1]) == pytest.approx(0.05))
    assert any("Sensor 1" in line and "halt" in line for line in run.messages)
    # the analysis is over
    with pytest.raises(MsolveError, match=r"halted by Sensor 1 at time 0\.349"):
        model.simulate(end=2.0)
    model.reset()
    model.simulate(end=0.1)  # a new analysis after reset


def test_seed_vehicle_sensor_stops_when_acceleration_reaches_the_limit():
    # docs/motionsolve-compatibility.md §5.4: ABS(ACCX(21,11,21,11)) GE 5, error_tol 1e-4, halt. A
    # body of mass 2 pushed along x by fx = 10 TIME accelerates at 5 TIME; the GE test f >= 5 - 1e-4
    # first holds at t = (5 - 1e-4) * 2 / 10
    model = Model()
    Integrator(error=1e-8)
    ground = Part(ground=True)
    Marker(id=11, part=ground)
    car = Part(mass=2.0, ip=[1, 1, 1], vx=0, vy=0, vz=0, wx=0, wy=0, wz=0)
    body = Marker(id=21, part=car)
    Vforce(i=body, jfloat=Marker(part=ground), fx="10*TIME")
    Sensor(
        id=100,
        function="ABS(ACCX(21,11,21,11))",
        compare="GE",
        value=5,
        evaluate="VX(21)",
        evaluate_id=100,
        error_tol=0.0001,
        halt=True,
    )
    model.probe = Request(f1="SENVAL(100)")
    run = model.simulate(end=3.0, dtout=0.1, returnResults=True)
    t_stop = (5 - 1e-4) * 2 / 10
    assert run.halted
    assert run.stoppedBy.time == pytest.approx(t_stop, abs=1e-9)
    assert run.times[-1] == pytest.approx(t_stop, abs=1e-9)
    assert run.stoppedBy.actions == ["evaluate", "halt"]
    # SENVAL(100) holds the evaluate value from the event on: vx = 2.5 t^2
    senval = run.getObject(model.probe).getComponent("F1")
    assert senval[-1] == pytest.approx(2.5 * t_stop**2, rel=1e-7)
    assert np.all(senval[:-1] == 0.0)


# -- EQ, LE and GE bands ---------------------------------------------------------------------


@pytest.mark.parametrize("integrator", INTEGRATORS)
def test_eq_fires_at_every_crossing_of_a_sinusoid(integrator):
    # f = sin(2 pi t) crosses 0 at t = 0.5, 1, 1.5, 2 (t = 0, where the test already holds
    # at the start, is not a transition)
    model, _ = falling_ball(integrator=integrator)
    s = Sensor(function="SIN(2*PI*TIME)", value=0.0)
    run = model.simulate(end=2.2, dtout=0.1, returnResults=True)
    times = [e.time for e in run.events if e.sensor is s]
    np.testing.assert_allclose(times, [0.5, 1.0, 1.5, 2.0], atol=1e-9)
    # without actions, the outputs are untouched
    np.testing.assert_allclose(run.times, np.linspace(0, 2.2, 23), atol=1e-12)
    # logged once (not verbose)
    assert sum("Sensor 1:" in line for line in run.messages) == 1


@pytest.mark.parametrize("integrator", INTEGRATORS)
def test_le_ge_and_eq_bands_with_error(integrator):
    model, _ = falling_ball(integrator=integrator)
    a = math.asin(0.4) / (2 * math.pi)  # sin(2 pi a) = 0.4
    b = math.asin(0.1) / (2 * math.pi)  # sin(2 pi b) = 0.1
    ge = Sensor(function="SIN(2*PI*TIME)", operator="GE", value=0.5, error=0.1)
    lt = Sensor(function="SIN(2*PI*TIME)", compare="LT", value=-0.5, error=0.1)
    eq = Sensor(function="SIN(2*PI*TIME)", operator="EQ", value=0.0, error=0.1, verbose=True)
    run = model.simulate(end=2.0, dtout=0.1, returnResults=True)

    def times(sensor):
        return [e.time for e in run.events if e.sensor is sensor]

    # GE: sin >= 0.4 from t = a (and again one period later)
    np.testing.assert_allclose(times(ge), [a, 1 + a], atol=1e-9)
    # LE: sin <= -0.4 from t = 0.5 + a
    np.testing.assert_allclose(times(lt), [0.5 + a, 1.5 + a], atol=1e-9)
    # EQ: |sin| <= 0.1, entering the band from above (t = 0.5 - b) or below (t = 1 - b);
    # active at the start (sin 0 = 0), which is not a firing
    np.testing.assert_allclose(times(eq), [0.5 - b, 1 - b, 1.5 - b, 2 - b], atol=1e-9)
    # verbose: every firing of eq is logged; the others only the first time
    assert sum(f"Sensor {eq.id}:" in line for line in run.messages) == 4
    assert sum(f"Sensor {ge.id}:" in line for line in run.messages) == 1


# -- output interval, step limits ------------------------------------------------------------


@pytest.mark.parametrize("integrator", INTEGRATORS)
def test_dt_changes_the_output_interval_from_the_event_on(integrator):
    model, _ = falling_ball(integrator=integrator)
    Sensor(function="TIME", operator="GE", value=0.55, dt=0.01)
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    expected = np.concatenate([np.arange(0, 0.55, 0.1), 0.55 + 0.01 * np.arange(1, 46)])
    np.testing.assert_allclose(run.times, expected, atol=1e-9)
    spacing = np.diff(run.times)
    assert np.all(spacing[:5] == pytest.approx(0.1))
    assert np.all(spacing[6:] == pytest.approx(0.01))


@pytest.mark.parametrize("integrator", INTEGRATORS)
def test_hmax_caps_every_step_after_the_event_and_stepsize_the_first(integrator):
    model, _ = falling_ball(error=1e-6, integrator=integrator)
    Sensor(function="TIME", operator="GE", value=0.3, hmax=2e-3, stepsize=1e-5)
    run = model.simulate(end=0.6, dtout=0.1, returnResults=True)
    t_steps = run.stepTimes
    assert run.events[0].time == pytest.approx(0.3, abs=1e-12)
    h = np.diff(t_steps)
    before = h[t_steps[1:] <= 0.3 + 1e-12]
    after = h[t_steps[:-1] >= 0.3 - 1e-12]
    assert before.max() > 2e-3  # the free fall takes large steps before the event
    assert after.max() <= 2e-3 * (1 + 1e-9)
    assert after[0] <= 1e-5 * (1 + 1e-9)  # the next trial step after the event
    assert len(t_steps) == run.stats["steps"]


@pytest.mark.parametrize("integrator", INTEGRATORS)
def test_restart_and_print_act_at_the_event(integrator):
    model, ball = falling_ball(integrator=integrator)
    Sensor(function=f"DZ({ball.cm.id})", operator="LE", value=0.5, restart=True, print_=True)
    run = model.simulate(end=0.5, dtout=0.1, returnResults=True)
    t_e = fall_time(0.5)
    assert run.events[0].actions == ["print", "restart"]
    # print: an output record at the event time, between the regular ones
    k = int(np.searchsorted(run.times, t_e - 1e-9))
    assert run.times[k] == pytest.approx(t_e, abs=1e-9)
    assert run.getObject(ball).getComponent("Z")[k] == pytest.approx(0.5, abs=1e-9)
    assert len(run.times) == 7
    # restart: a step ends at the event and the next one starts small (order 1)
    assert np.any(np.abs(run.stepTimes - t_e) < 1e-12)
    # the motion goes on unchanged: z = 1 - G t^2 / 2
    z = run.getObject(ball).getComponent("Z")
    np.testing.assert_allclose(z, 1 - G * run.times**2 / 2, atol=1e-8)


# -- evaluate, SENVAL and routines -----------------------------------------------------------


@pytest.mark.parametrize("interpolate", [False, True])
def test_evaluate_is_stored_at_each_firing_for_senval_in_expressions_and_routines(interpolate):
    # the EQ sensor on sin(2 pi t) fires at t = 0.5, 1, 1.5; evaluate stores TIME there. With
    # interpolated outputs, a step may pass an output before the crossing it contains: the
    # output still comes first, with the value stored before
    model, _ball = falling_ball()
    Integrator(error=1e-8, interpolate=interpolate)
    s = Sensor(function="SIN(2*PI*TIME)", evaluate="TIME")

    def reqsub(id, time, par, npar, iflag):
        return [SENVAL(s), SENVAL(s.id), 0, 0, 0, 0, 0, 0]

    model.expr = Request(f1=f"SENVAL({s.id})")
    model.routine = Request(function="USER()", routine=reqsub)
    # no output at a crossing, where the stored value changes
    run = model.simulate(end=1.7, dtout=0.07, returnResults=True)
    t = run.times
    expected = np.select([t >= 1.5 - 1e-9, t >= 1.0 - 1e-9, t >= 0.5 - 1e-9], [1.5, 1.0, 0.5], 0)
    np.testing.assert_allclose(run.getObject(model.expr).getComponent("F1"), expected, atol=1e-9)
    np.testing.assert_allclose(run.getObject(model.routine).getComponent(0), expected, atol=1e-9)
    np.testing.assert_allclose(run.getObject(model.routine).getComponent(1), expected, atol=1e-9)
    assert all("evaluate" in e.actions for e in run.events)


@pytest.mark.parametrize("interpolate", [False, True])
def test_senval_in_a_force_changes_the_motion_from_the_event_on(interpolate):
    # a sensor at z = 0.5 stores 2 G, and a force SENVAL * mass pushes the ball up from then
    # on: after the event the ball moves with acceleration +G (from the closed form)
    model, ball = falling_ball()
    Integrator(error=1e-8, interpolate=interpolate)
    s = Sensor(function=f"DZ({ball.cm.id})", operator="LE", value=0.5, evaluate=f"{2 * G}")
    Vforce(i=ball.cm, jfloat=Marker(part=model.lookupById("Part", 1)), fz=f"SENVAL({s.id})")
    run = model.simulate(end=0.6, dtout=0.05, returnResults=True)
    t_e = fall_time(0.5)
    v_e = -G * t_e
    t = run.times
    z = run.getObject(ball).getComponent("Z")
    after = t > t_e
    np.testing.assert_allclose(
        z[after], 0.5 + v_e * (t[after] - t_e) + G * (t[after] - t_e) ** 2 / 2, atol=1e-7
    )
    np.testing.assert_allclose(z[~after], 1 - G * t[~after] ** 2 / 2, atol=1e-9)


def test_sensed_value_and_evaluate_from_python_routines():
    model, ball = falling_ball()
    calls = []

    def sensub(id, time, par, npar, iflag):
        calls.append((id, iflag))
        return DZ(ball.cm) - par[0]

    def sevsub(id, time, par, npar, iflag):
        return par[0] * VZ(ball.cm)

    s = Sensor(
        id=4,
        function="USER(0.3)",
        routine=sensub,
        operator="LE",
        value=0.0,
        evaluate="USER(10)",
        evaluate_routine=sevsub,
        return_=True,
    )
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    t_e = fall_time(0.7)
    assert run.stoppedBy.sensor is s
    assert not run.halted
    assert run.stoppedBy.time == pytest.approx(t_e, abs=1e-9)
    assert calls[0] == (4, True)  # the dependency pass
    assert all(ident == 4 for ident, _ in calls)

    # SEVSUB's value: 10 * vz at the event
    def reqsub(id, time, par, npar, iflag):
        return [SENVAL(4)] + [0] * 7

    model.r = Request(function="USER()", routine=reqsub)
    run2 = model.simulate(end=t_e + 0.05, dtout=0.05, returnResults=True)
    assert run2.getObject(model.r).getComponent(0)[0] == pytest.approx(-10 * G * t_e, rel=1e-8)


# -- return_ and the next simulate -----------------------------------------------------------


def test_return_ends_the_simulate_and_the_next_one_continues_without_a_jump():
    model, ball = falling_ball()
    model.vel = Request(type="VELOCITY", i=ball.cm)
    Sensor(function=f"DZ({ball.cm.id})", operator="LE", value=0.6, return_=True)
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    t_e = fall_time(0.4)
    assert run.stoppedBy.actions == ["return"]
    assert not run.halted
    assert run.times[-1] == pytest.approx(t_e, abs=1e-9)
    z1 = run.getObject(ball).getComponent("Z")[-1]
    v1 = run.getObject(model.vel).getComponent("VZ")[-1]
    # the next simulate starts where the sensor stopped: same time, state, velocity
    run2 = model.simulate(end=0.5, dtout=0.05, returnResults=True)
    assert run2.times[0] == run.times[-1]
    assert run2.getObject(ball).getComponent("Z")[0] == z1
    assert run2.getObject(model.vel).getComponent("VZ")[0] == pytest.approx(v1, abs=1e-12)
    # and goes on along the same free fall; the sensor stays active and does not fire again
    t2 = run2.times
    np.testing.assert_allclose(run2.getObject(ball).getComponent("Z"), 1 - G * t2**2 / 2, atol=1e-8)
    assert run2.events == []
    assert t2[-1] == pytest.approx(0.5)


# -- zero crossing on an IMPACT contact -----------------------------------------------------


@pytest.mark.parametrize("integrator", INTEGRATORS)
def test_zero_crossing_pins_the_first_contact_of_a_ball_on_a_floor(integrator):
    # a ball of radius 0.1 dropped from z = 1 onto a floor at z = 0, contact by IMPACT
    # (k 1e6, exponent 1.5): first contact when z = 0.1, at t_c = sqrt(2 * 0.9 / G). The
    # sensor watches the contact force (docs/motionsolve-compatibility.md §5.4) with a threshold of
    # 1e-4 N, reached at a penetration of (1e-4 / 1e6)^(1/1.5) = 2.2e-7 m, 5e-8 s after contact.
    model, ball = falling_ball(error=1e-6, integrator=integrator)
    ground = model.lookupById("Part", 1)
    force = f"IMPACT(DZ({ball.cm.id}), VZ({ball.cm.id}), 0.1, 1e6, 1.5, 100, 1e-3)"
    Vforce(i=ball.cm, jfloat=Marker(part=ground), fz=force)
    contact = Sensor(function=force, operator="GE", value=1e-4, zero_crossing=1e-3)
    run = model.simulate(end=0.5, dtout=0.01, returnResults=True)
    t_c = fall_time(0.9)
    first = run.events[0]
    assert first.sensor is contact
    assert first.actions == ["zero_crossing"]
    assert abs(first.time - t_c) < 1e-6
    # the contact onset is a switch of IMPACT (docs/equations.md §6.10): a step ends there,
    # and that is the back-up point (the last step end before the crossing was first seen);
    # the steps from it up to the event and across it were refined to 1e-3 of the largest
    # step (0.01)...
    t_steps = run.stepTimes
    h = np.diff(t_steps)
    onset = np.argmin(np.abs(t_steps - t_c))
    assert abs(t_steps[onset] - t_c) < 1e-6
    last = np.flatnonzero(t_steps[1:] <= first.time)[-1]  # the step ending at the event
    assert np.all(h[onset : last + 2] <= 1e-5 * (1 + 1e-9))
    assert h[last + 1] <= 1e-5 * (1 + 1e-9)
    # ...but not everywhere: far fewer steps than a global step of 1e-5 would take
    assert run.stats["steps"] < 0.5 / 1e-5 / 20
    # the bounce: the ball comes back up
    z = run.getObject(ball).getComponent("Z")
    assert z.min() < 0.1
    assert z[-1] > 0.1


def test_events_and_outputs_with_interpolated_outputs():
    # Integrator(interpolate=True): the steps pass over the output times. A crossing is still
    # located within its step (z = 1 - G t^2 / 2 reaches 0.4 at sqrt(2 * 0.6 / G)), the
    # analysis goes on after a print_ event, and the outputs stay on their grid and exact
    # (BDF integrates the quadratic exactly, and so does the interpolation)
    model, ball = falling_ball(1.0)
    Integrator(error=1e-8, interpolate=True)
    probe = Sensor(function=f"DZ({ball.cm.id})", operator="LE", value=0.4, print_=True)
    run = model.simulate(end=0.5, dtout=0.01, returnResults=True)
    assert [e.sensor for e in run.events] == [probe]
    assert run.events[0].time == pytest.approx(fall_time(0.6), abs=1e-9)
    grid = np.linspace(0.0, 0.5, 51)
    on_grid = np.isclose(run.times[:, None], grid[None, :], rtol=0, atol=1e-12).any(axis=1)
    assert on_grid.sum() == 51
    z = run.getObject(ball).getComponent("Z")
    np.testing.assert_allclose(z, 1.0 - G * run.times**2 / 2, rtol=0, atol=1e-9)
