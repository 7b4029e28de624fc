"""What changes during a run lives in the run's State (docs/architecture.md §3.1): a
simulate after a model change compiles the model again and takes over the State by key, so
what each element remembers goes on; what is new starts afresh."""

import numpy as np
import pytest

from msolve import *


def block_on_slide():
    """A 2 kg block on a translational joint along global x, moved by 0.1 sin(t)."""
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    block = Part(mass=2.0, ip=[0.1, 0.2, 0.3], cm=Marker(qp=[0, 0, 0]))
    slide = Joint(
        type="TRANSLATIONAL",
        i=Marker(part=block, qp=[0, 0, 0], zp=[1, 0, 0]),
        j=Marker(part=ground, qp=[0, 0, 0], zp=[1, 0, 0]),
    )
    Motion(joint=slide, jtype="TRANSLATION", function="0.1*SIN(TIME)")
    return model


def longest_step(*runs):
    return np.diff(np.concatenate([[0.0], *[run.stepTimes for run in runs]])).max()


def test_delay_in_a_request_goes_on_with_its_history_after_the_model_changed():
    # DELAY written in the request itself: its history is in the request's block of the
    # memory, which the new compilation takes over by key; just after t = 1 the value is
    # sin(t - 0.33) (linear between accepted steps: error below h^2 / 8), not the ic
    model = block_on_slide()
    out = Request(f2="DELAY(SIN(TIME), 0.33, -1)")
    before = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    first = model._simulation
    Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[0, 5, 0]), label="added")
    run = model.simulate(end=1.3, dtout=0.05, returnResults=True)
    assert model._simulation is not first
    t = run.times
    bound = max(longest_step(before, run) ** 2 / 8, 1e-6)
    np.testing.assert_allclose(run.getObject(out).getComponent("F2"), np.sin(t - 0.33), atol=bound)


def test_a_delay_new_after_the_model_changed_gives_its_ic_until_its_history_reaches_back():
    # a Variable added at t = 1 records from t = 1 on: DELAY(SIN(TIME), 0.33, -1) is the ic
    # -1 until t = 1.33, then sin(t - 0.33). (The history used to keep a record of the design
    # state at t = 0, so that just after t = 1 it interpolated between that and sin(1).)
    model = block_on_slide()
    Request(f2="SIN(TIME)")
    model.simulate(end=1.0, dtout=0.05)
    delayed = Variable(function="DELAY(SIN(TIME), 0.33, -1)")
    out = Request(f2=f"VARVAL({delayed.id})")
    run = model.simulate(end=1.6, dtout=0.05, returnResults=True)
    t = run.times
    got = run.getObject(out).getComponent("F2")
    early = t < 1.33 - 1e-9
    assert early.sum() >= 6
    assert got[early] == pytest.approx(-1.0)
    late = t >= 1.33
    bound = longest_step(run) ** 2 / 8 + 1e-12
    np.testing.assert_allclose(got[late], np.sin(t[late] - 0.33), atol=bound)


def test_a_delay_of_a_run_that_starts_later_gives_its_ic_until_its_history_reaches_back():
    # simulate(start=2): the history begins at the first accepted state, t = 2, for a DELAY
    # in a Variable (which used to read a record of the design state at t = 0: 0.68 at t = 2)
    # as in a request
    model = block_on_slide()
    delayed = Variable(function="DELAY(SIN(TIME), 0.5, 3)")
    out = Request(f2=f"VARVAL({delayed.id})", f3="DELAY(SIN(TIME), 0.5, 3)")
    run = model.simulate(start=2.0, end=3.0, dtout=0.05, returnResults=True)
    t = run.times
    assert t[0] == pytest.approx(2.0)
    steps = np.diff(np.concatenate([[2.0], run.stepTimes]))
    assert steps.min() > 0
    bound = steps.max() ** 2 / 8 + 1e-12
    for component in ("F2", "F3"):
        got = run.getObject(out).getComponent(component)
        assert got[t < 2.5 - 1e-9] == pytest.approx(3.0)
        np.testing.assert_allclose(got[t >= 2.5], np.sin(t[t >= 2.5] - 0.5), atol=bound)


def test_a_long_delay_over_many_steps_stays_within_the_interpolation_bound():
    # more accepted steps than a history block holds (DelayHistory::kCapacity = 2048): the
    # records beyond the longest delay go first, so the delayed value keeps its accuracy
    model = block_on_slide()
    out = Request(f2="DELAY(SIN(TIME), 0.25, -1)")
    run = model.simulate(end=6.0, dtout=0.001, returnResults=True)
    assert len(run.stepTimes) > 3000
    t = run.times
    bound = longest_step(run) ** 2 / 8 + 1e-12
    late = t >= 0.25
    np.testing.assert_allclose(
        run.getObject(out).getComponent("F2")[late], np.sin(t[late] - 0.25), atol=bound
    )


def test_the_turns_a_routine_follows_go_on_after_the_model_changed():
    # a rotor driven at 10 rad/s: the angle AZ a request routine reads is followed through
    # whole turns (10 rad at t = 1, not 10 - 4 pi); its reference is in the State, so after a
    # model change it goes on (12 rad at t = 1.2) instead of starting again within one turn
    model = Model()
    ground = Part(ground=True)
    rotor = Part(mass=1.0, ip=[1, 1, 1], cm=Marker())
    hinge = Joint(type="REVOLUTE", i=Marker(part=rotor), j=Marker(part=ground))
    Motion(joint=hinge, jtype="ROTATION", function="10*TIME")

    def angle(id, time, par, npar, iflag):
        return [AZ(hinge.i, hinge.j), 0, 0, 0, 0, 0, 0, 0]

    out = Request(function="USER()", routine=angle)
    before = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    np.testing.assert_allclose(
        before.getObject(out).getComponent("F1"), 10 * before.times, atol=1e-9
    )
    first = model._simulation
    Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[0, 5, 0]), label="added")
    run = model.simulate(end=1.2, dtout=0.05, returnResults=True)
    assert model._simulation is not first
    np.testing.assert_allclose(run.getObject(out).getComponent("F1"), 10 * run.times, atol=1e-9)
