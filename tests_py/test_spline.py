"""Spline and the spline functions AKISPL, CUBSPL, LINSPL in simulations, and their errors."""

import math

import models
import numpy as np
import pytest

from msolve import *

# mass M on a TRANSLATIONAL joint along global x, released at x = 1 + X0 from rest; the
# anchor marker at the ground origin has its z axis along global x
M, K, X0 = 2.0, 50.0, 0.1


def sliding_block():
    return models.sliding_block(M, X0)


@pytest.mark.parametrize("method", ["AKISPL", "CUBSPL", "LINSPL"])
def test_spline_spring_matches_the_linear_spring(method):
    # the force of a linear spring, -K (d - 1), tabulated on uneven points: all three
    # methods reproduce straight lines exactly (Akima: equal chords give equal slopes; the
    # natural spline of a line is the line), so the block oscillates as m x'' = -K x,
    # x = X0 cos(sqrt(K/M) t), with the Jacobian of the force exact through d value / d x
    model, block, anchor, _slide = sliding_block()
    d = np.array([0.5, 0.7, 0.85, 0.95, 1.0, 1.02, 1.2, 1.3, 1.5])
    table = Spline(x=list(d), y=list(-K * (d - 1.0)), label="table")
    i, j = block.cm.id, anchor.id
    Sforce(i=block.cm, j=anchor, function=f"{method}(DZ({i},{j},{j}), 0, {table.id})")
    run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
    x = run.getObject(block).getComponent("X") - 1.0
    np.testing.assert_allclose(x, X0 * np.cos(math.sqrt(K / M) * run.times), rtol=0, atol=1e-7)


def natural_spline_0101(t):
    # the natural cubic spline through (0,0) (1,1) (2,0) (3,1) by hand: second derivatives
    # M = 0, -4, 4, 0 (M0 + 4 M1 + M2 = -12, M1 + 4 M2 + M3 = 12), h = 1, on [i, i+1]:
    # S = M_i (x_{i+1} - x)^3 / 6 + M_{i+1} (x - x_i)^3 / 6 + (y_i - M_i / 6)(x_{i+1} - x)
    #     + (y_{i+1} - M_{i+1} / 6)(x - x_i); S' likewise
    ys, ms = [0, 1, 0, 1], [0, -4, 4, 0]
    i = np.clip(np.floor(t).astype(int), 0, 2)
    a, b = (i + 1) - t, t - i
    y0, y1 = np.take(ys, i), np.take(ys, i + 1)
    m0, m1 = np.take(ms, i), np.take(ms, i + 1)
    s = m0 * a**3 / 6 + m1 * b**3 / 6 + (y0 - m0 / 6) * a + (y1 - m1 / 6) * b
    ds = -m0 * a**2 / 2 + m1 * b**2 / 2 - (y0 - m0 / 6) + (y1 - m1 / 6)
    return s, ds


def test_motion_follows_a_cubic_spline_of_time():
    # a displacement Motion CUBSPL(TIME, 0, id) on the joint: the block follows the natural
    # spline (MotionSolve: CUBSPL "utilizes natural splines"), its velocity the spline's
    # derivative (the motion's time derivative goes through d CUBSPL / d x)
    model, block, _anchor, slide = sliding_block()
    table = Spline(x=[0, 1, 2, 3], y=[0, 1, 0, 1])
    Motion(joint=slide, jtype="TRANSLATION", function=f"0.1*CUBSPL(TIME, 0, {table.id})")
    vel = Request(type="VELOCITY", i=block.cm)
    run = model.simulate(end=3.0, dtout=0.05, returnResults=True)
    s, ds = natural_spline_0101(run.times)
    x = run.getObject(block).getComponent("X") - 1.0 - X0
    np.testing.assert_allclose(x, 0.1 * s, rtol=0, atol=1e-9)
    np.testing.assert_allclose(run.getObject(vel).getComponent("VX"), 0.1 * ds, rtol=0, atol=1e-7)


def test_force_from_a_linear_spline_of_time():
    # F = LINSPL(TIME, 0, id) of the ramp 0 -> 1 over [0, 1], then constant 1: the free block
    # moves x = t^3 / (6 M) up to t = 1, then x(1) + v(1)(t - 1) + (t - 1)^2 / (2 M)
    model, block, anchor, _slide = sliding_block()
    ramp = Spline(x=[0, 1, 2, 3], y=[0, 1, 1, 1])
    Sforce(i=block.cm, j=anchor, function=f"LINSPL(TIME, 0, {ramp.id})")
    run = model.simulate(end=2.0, dtout=0.05, returnResults=True)
    t = run.times
    after = t - 1
    x1, v1 = 1 / (6 * M), 1 / (2 * M)
    expected = np.where(t <= 1, t**3 / (6 * M), x1 + v1 * after + after**2 / (2 * M))
    x = run.getObject(block).getComponent("X") - 1.0 - X0
    np.testing.assert_allclose(x, expected, rtol=0, atol=1e-6)


def test_surface_is_linear_between_the_curves():
    # two curves y = x (z = 0) and y = 2 x (z = 1), given as a list of curves: at z = 0.5 the
    # value is 1.5 x; an EXPRESSION request reads it, with z an expression too
    model, _block, _anchor, _slide = sliding_block()
    x = [0, 1, 2, 3]
    surface = Spline(x=x, z=[0, 1], y=[x, [2 * v for v in x]])
    assert surface.y == [0, 1, 2, 3, 0, 2, 4, 6]
    r = Request(f1=f"AKISPL(TIME, 0.5, {surface.id})", f2=f"CUBSPL(TIME, TIME, {surface.id})")
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    t = run.times
    np.testing.assert_allclose(run.getObject(r).getComponent("F1"), 1.5 * t, atol=1e-14)
    np.testing.assert_allclose(run.getObject(r).getComponent("F2"), t * (1 + t), atol=1e-14)


def test_linear_extrapolate_chooses_the_line_through_the_end_points():
    # y = x^2 tabulated on 0..3: beyond x = 3 the default extrapolation is the parabola
    # through the last three points (x^2 itself), linear_extrapolate the line through the
    # last two (9 + 5 (x - 3)); Adams View spline help
    model, _block, _anchor, _slide = sliding_block()
    parabolic = Spline(x=[0, 1, 2, 3], y=[0, 1, 4, 9])
    linear = Spline(x=[0, 1, 2, 3], y=[0, 1, 4, 9], linear_extrapolate=True)
    assert parabolic.linear_extrapolate is False
    r = Request(
        f1=f"AKISPL(3 + TIME, 0, {parabolic.id})",
        f2=f"AKISPL(3 + TIME, 0, {linear.id})",
        f3=f"CUBSPL(-0.5 - TIME, 0, {parabolic.id}, 1)",
    )
    run = model.simulate(end=1.0, dtout=0.25, returnResults=True)
    t = run.times
    result = run.getObject(r)
    np.testing.assert_allclose(result.getComponent("F1"), (3 + t) ** 2, atol=1e-12)
    np.testing.assert_allclose(result.getComponent("F2"), 9 + 5 * t, atol=1e-12)
    np.testing.assert_allclose(result.getComponent("F3"), -1 - 2 * t, atol=1e-12)


# ---- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("x", "y", "reason"),
    [
        (
            [0, 2, 1, 3],
            [0, 1, 2, 3],
            "x must be strictly increasing, but x[2] = 1 follows x[1] = 2",
        ),
        ([0, 1, 2], [0, 1, 2], "x needs at least 4 values, got 3"),
        ([0, 1, 2, 3], [0, 1, 2], "y must have as many values as x (4), got 3"),
    ],
)
def test_bad_spline_data_names_the_spline(x, y, reason):
    model, _block, _anchor, _slide = sliding_block()
    Spline(x=x, y=y, id=3, label="table")
    with pytest.raises(ValueError, match=r"Spline 3 'table': ") as info:
        model.simulate(end=0.1)
    assert reason in str(info.value)


@pytest.mark.parametrize(
    ("function", "reason"),
    [
        ("AKISPL(DX(2), 0, 9)", "unknown spline id 9"),
        ("CUBSPL(DX(2), 0, 1, 3)", "the derivative order n of CUBSPL must be 0, 1 or 2, got 3"),
        ("LINSPL(DX(2), 0)", "LINSPL takes 3 or 4 arguments, LINSPL(x, z, id[, n]), but has 2"),
        ("AKISPL(DX(2), 0, 2, 1)", "Spline 2 is a surface (it has z values): AKISPL takes no"),
    ],
)
def test_bad_spline_calls_name_the_sforce(function, reason):
    model, block, anchor, _slide = sliding_block()
    Spline(x=[0, 1, 2, 3], y=[0, 1, 2, 3])
    Spline(x=[0, 1, 2, 3], y=[[0, 1, 2, 3], [0, 1, 2, 3]], z=[0, 1])
    Sforce(i=block.cm, j=anchor, function=function, label="bad")
    with pytest.raises(ValueError, match=r"Sforce 1 'bad': error in expression") as info:
        model.simulate(end=0.1)
    assert reason in str(info.value)
    assert "^" in str(info.value)


def test_spline_attributes_are_checked():
    Model()
    with pytest.raises(TypeError, match=r"Spline.*attribute 'x' must be a list of numbers"):
        Spline(x="0 1 2 3", y=[0, 1, 2, 3])
    # documented, accepted; the USER string of a SPLINE_READ spline is reported once per
    # analysis without effect (the routine receives id, file and block only):
    # docs/msolve-attributes.md
    from msolve.notices import no_effect_notes

    by_file = Spline(file="table.csv", function="USER(1)")
    assert by_file.file == "table.csv"
    (note,) = no_effect_notes([by_file], set())
    assert "function = 'USER(1)' accepted, no effect" in note
    spline = Spline(x=[0, 1, 2, 3], y=[0, 1, 4, 9])
    assert spline.x == [0, 1, 2, 3]
    assert spline.z == []
    assert spline.function == "SPLINE_READ"
    assert spline.linear_extrapolate is False
    assert "AKISPL" in (Spline.__doc__ or "")


def test_spline_runtime_functions_for_routines():
    # the runtime functions AKISPL, CUBSPL, LINSPL (for Python routines) read a Spline object
    # or its id: LINSPL is piecewise linear (numpy.interp inside the data), CUBSPL is the
    # natural spline (second derivative 0 at both ends), and a force routine using AKISPL of
    # DZ gives the harmonic motion of the linear spring it tabulates
    model, block, anchor, _slide = sliding_block()
    xs = [0.8, 0.95, 1.0, 1.07, 1.2, 1.4]
    table = Spline(x=xs, y=[-K * (x - 1.0) for x in xs])
    probe = [0.83, 0.97, 1.01, 1.3]
    np.testing.assert_allclose(
        [LINSPL(x, 0, table) for x in probe],
        np.interp(probe, xs, [-K * (x - 1.0) for x in xs]),
        rtol=1e-14,
    )
    for x in (xs[0], xs[-1]):
        assert CUBSPL(x, 0, table.id, 2) == pytest.approx(0.0, abs=1e-9)
    i, j = block.cm, anchor

    def spring(id, time, par, npar, dflag, iflag):
        return AKISPL(DZ(i, j, j), 0, table)

    Sforce(i=i, j=j, actiononly=True, routine=spring)
    model.x = Request(type="DISPLACEMENT", i=block.cm, j=anchor)
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    x = run.getObject(model.x).getComponent("X") - 1.0
    np.testing.assert_allclose(x, X0 * np.cos(math.sqrt(K / M) * run.times), atol=1e-6)
