"""Motions driven by inputs of TIME that are not smooth (docs/equations.md §6.8): the
integrator stops exactly at each knot, STEP end or IF switch and restarts there with the
motion's new rate, instead of shrinking its step until it fails."""

import numpy as np
import pytest

from msolve import *
from msolve import _core

# ten interior kinks, slopes changing sign and size
KNOTS = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0]
VALUES = [0.0, 0.2, -0.1, 0.3, 0.3, 0.0, 0.5, 0.1, 0.2, -0.2, 0.0, 0.1]


def driven_slider(function, error=None, **motion):
    """A block on a translational joint along global x (gravity across it), its coordinate
    imposed by `function` (or by what `function()` returns, called once the model exists);
    requests of its displacement and velocity along the joint."""
    model = Model()
    if error is not None:
        Integrator(error=error)  # otherwise MotionSolve's defaults
    ground = Part(ground=True)
    block = Part(mass=2.0, ip=[1, 1, 1], cm=Marker(qp=[1, 0, 0]))
    slide = Joint(
        type="TRANSLATIONAL",
        i=Marker(part=block, qp=[1, 0, 0], zp=[2, 0, 0]),
        j=Marker(part=ground, qp=[1, 0, 0], zp=[2, 0, 0]),
    )
    Accgrav(jgrav=-9.81)
    if callable(function):
        function = function()
    model.motion = Motion(joint=slide, jtype="TRANSLATION", function=function, **motion)
    model.d = Request(type="DISPLACEMENT", i=slide.i, j=slide.j, rm=slide.j)
    model.v = Request(type="VELOCITY", i=slide.i, j=slide.j, rm=slide.j)
    return model


def smallest_step(run):
    return np.diff(np.concatenate([[0.0], run.stepTimes])).min()


@pytest.mark.parametrize("error", [None, 1e-9])
def test_linspl_motion_runs_through_every_kink_and_follows_the_spline(error):
    model = driven_slider(lambda: f"LINSPL(TIME, 0, {Spline(x=KNOTS, y=VALUES).id})", error)
    run = model.simulate(end=11.0, dtout=0.1, returnResults=True)
    assert run.ok, run.error
    assert run.times[-1] == pytest.approx(11.0)
    t = run.times
    # positions on the straight pieces at every output, kinks included
    np.testing.assert_allclose(
        run.getObject(model.d).getComponent("Z"), np.interp(t, KNOTS, VALUES), atol=1e-10
    )
    # velocities: the slope of the piece (outputs at a kink report the state before it)
    slopes = np.diff(VALUES) / np.diff(KNOTS)
    piece = np.clip(np.searchsorted(KNOTS, t, side="left") - 1, 0, len(slopes) - 1)
    np.testing.assert_allclose(run.getObject(model.v).getComponent("VZ"), slopes[piece], atol=1e-8)
    # every kink ends a step exactly, and no step is below 1e-10 of the time scale
    for knot in KNOTS[1:-1]:
        assert np.min(np.abs(run.stepTimes - knot)) == 0.0, knot
    assert smallest_step(run) > 1e-10 * 11.0


def test_akispl_motion_runs_through_every_knot_and_follows_the_spline():
    splines = []
    model = driven_slider(
        lambda: f"AKISPL(TIME, 0, {splines.append(Spline(x=KNOTS, y=VALUES)) or splines[0].id})"
    )
    spline = splines[0]
    run = model.simulate(end=11.0, dtout=0.1, returnResults=True)
    assert run.ok, run.error
    assert run.times[-1] == pytest.approx(11.0)
    expected = [_core._spline("AKISPL", spline, t, 0.0, 0) for t in run.times]
    rates = [_core._spline("AKISPL", spline, t, 0.0, 1) for t in run.times]
    np.testing.assert_allclose(run.getObject(model.d).getComponent("Z"), expected, atol=1e-10)
    np.testing.assert_allclose(run.getObject(model.v).getComponent("VZ"), rates, atol=1e-8)
    assert smallest_step(run) > 1e-10 * 11.0


def test_step_motion_follows_the_cubic_step():
    # x = STEP(t, 1, 0, 2, 0.3): h0 + (h1 - h0) D^2 (3 - 2 D), D = (t - 1) (docs §4.3)
    model = driven_slider("STEP(TIME, 1, 0, 2, 0.3) + STEP(TIME, 3, 0, 3.5, -0.2)")
    run = model.simulate(end=4.0, dtout=0.05, returnResults=True)
    assert run.ok, run.error
    t = run.times

    def step(x, x0, h0, x1, h1):
        d = np.clip((x - x0) / (x1 - x0), 0, 1)
        return h0 + (h1 - h0) * d * d * (3 - 2 * d)

    expected = step(t, 1, 0, 2, 0.3) + step(t, 3, 0, 3.5, -0.2)
    np.testing.assert_allclose(run.getObject(model.d).getComponent("Z"), expected, atol=1e-10)
    for end in (1.0, 2.0, 3.0, 3.5):
        assert np.min(np.abs(run.stepTimes - end)) == 0.0, end


def test_if_switched_velocity_motion_reverses_at_the_switch():
    # VELOCITY motion: v = 0.2 before t = 1.5, -0.1 from then on; x = integral from icdisp 0
    model = driven_slider("IF(TIME - 1.5: 0.2, -0.1, -0.1)", dtype="VELOCITY", icdisp=0.0)
    run = model.simulate(end=3.0, dtout=0.1, returnResults=True)
    assert run.ok, run.error
    t = run.times
    expected = np.where(t <= 1.5, 0.2 * t, 0.3 - 0.1 * (t - 1.5))
    np.testing.assert_allclose(run.getObject(model.d).getComponent("Z"), expected, atol=1e-9)
    assert np.min(np.abs(run.stepTimes - 1.5)) == 0.0


def test_a_motion_that_reads_a_linspl_variable_stops_at_its_knots_too():
    model = driven_slider("0", 1e-9)
    spline = Spline(x=KNOTS, y=VALUES)
    signal = Variable(function=f"LINSPL(TIME, 0, {spline.id})")
    model.motion.function = f"2*VARVAL({signal.id})"
    run = model.simulate(end=11.0, dtout=0.1, returnResults=True)
    assert run.ok, run.error
    t = run.times
    np.testing.assert_allclose(
        run.getObject(model.d).getComponent("Z"), 2 * np.interp(t, KNOTS, VALUES), atol=1e-10
    )
    for knot in KNOTS[1:-1]:
        assert np.min(np.abs(run.stepTimes - knot)) == 0.0, knot
