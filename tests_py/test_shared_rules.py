"""Rules written once in the C++ core and used by the Python package through msolve._core:
the names of the expression functions, spline evaluation, the arguments of simulate, and the
frame arithmetic of the dataset reader and writer."""

import math

import models
import numpy as np
import pytest

import msolve
import msolve.functions
from msolve import *
from msolve import _core

# -- function names ---------------------------------------------------------------------------


def test_every_function_the_core_knows_is_a_runtime_function():
    names = _core.function_names()
    assert set(names) == {"kinematic", "forces", "elements", "builtins", "splines"}
    for kind, listed in names.items():
        assert listed, kind
        for name in listed:
            assert callable(getattr(msolve.functions, name)), name
            assert name in msolve.functions.__all__, name
            assert name in msolve.__all__, name
    assert {"DX", "PSI", "ROLL"} <= set(names["kinematic"])
    assert {"FX", "TM"} <= set(names["forces"])
    assert {"JOINT", "VTORQ", "GFORCE"} <= set(names["elements"])
    assert {"STEP", "HAVSIN", "BISTOP"} <= set(names["builtins"])
    assert names["splines"] == ["AKISPL", "CUBSPL", "LINSPL", "INTERP"]


def test_builtin_runtime_functions_evaluate_as_in_expressions():
    assert STEP(0.5, 0, 0, 1, 1) == 0.5
    assert HAVSIN(2.0, 0, 0, 1, 3) == 3.0
    assert ABS(-2) == 2.0
    with pytest.raises(TypeError, match="STEP takes 5 arguments, got 2"):
        STEP(1, 2)


# -- splines -----------------------------------------------------------------------------------


def test_spline_in_a_routine_equals_the_expression():
    # a routine reads the running system's compiled interpolants, the ones its expressions
    # read: the values agree to the last bit
    model, _, _, _ = models.sliding_block(2.0, 0.1)
    curve = Spline(x=[0, 0.3, 0.5, 0.8, 1.2], y=[0, 1, 0.5, 2, 1])
    surface = Spline(x=[0, 0.4, 0.7, 1.0], z=[0, 1], y=[[0, 1, 4, 9], [1, 0, 2, 3]])
    forms = [
        ("AKISPL", curve, 0, 0),
        ("CUBSPL", curve, 0, 1),
        ("LINSPL", curve, 0, 0),
        ("CUBSPL", curve, 0, 2),
        ("AKISPL", surface, 0.25, 0),
        ("LINSPL", surface, 0.75, 0),
    ]
    expressions = Request(
        **{
            f"f{k + 1}": f"{name}(1.5*TIME - 0.2, {z}, {s.id}, {n})"
            for k, (name, s, z, n) in enumerate(forms)
        }
    )
    functions = {"AKISPL": AKISPL, "CUBSPL": CUBSPL, "LINSPL": LINSPL}

    def routine(id, time, par, npar, iflag):
        values = [functions[name](1.5 * TIME() - 0.2, z, s, n) for name, s, z, n in forms]
        return values + [0.0] * (8 - len(values))

    routines = Request(routine=routine)
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    for k in range(len(forms)):
        component = f"F{k + 1}"
        from_routine = run.getObject(routines).getComponent(component)
        np.testing.assert_array_equal(
            from_routine, run.getObject(expressions).getComponent(component)
        )
    # outside the run, the same numbers
    t = run.times[7]
    for k, (name, s, z, n) in enumerate(forms):
        assert (
            functions[name](1.5 * t - 0.2, z, s, n)
            == run.getObject(expressions).getComponent(f"F{k + 1}")[7]
        )


def test_spline_outside_a_run_follows_changes_of_its_data():
    model = Model()
    table = Spline(x=[0, 1, 2, 3], y=[0, 1, 4, 9])
    before = [CUBSPL(x, 0, table) for x in (0.5, 1.5, 2.5)]
    assert CUBSPL(1.5, 0, table) == before[1]  # the cached interpolant
    table.y = [0, 2, 8, 18]
    after = [CUBSPL(x, 0, table) for x in (0.5, 1.5, 2.5)]
    np.testing.assert_allclose(after, [2 * v for v in before], rtol=1e-14)
    other = Spline(x=[0, 1, 2, 3], y=[0, 1, 4, 9])
    assert [CUBSPL(x, 0, other) for x in (0.5, 1.5, 2.5)] == before
    with pytest.raises(ValueError, match="the derivative order must be 0, 1 or 2"):
        CUBSPL(1.5, 0, table, 3)
    assert model is not None


# -- simulate's arguments ---------------------------------------------------------------------


def free_block():
    model, block, _, _ = models.sliding_block(2.0, 0.1)
    return model, block


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({}, "simulate: give end or duration"),
        ({"end": 1.0, "duration": 1.0}, "simulate: give end or duration, not both"),
        ({"end": 1.0, "dtout": 0.1, "steps": 10}, "simulate: give dtout or steps, not both"),
        ({"end": 1.0, "steps": 0}, "simulate: steps must be at least 1"),
        ({"end": 1.0, "dtout": 0.0}, "simulate: dtout must be positive, got 0"),
        ({"end": 1.0, "dtout": -0.1}, "simulate: dtout must be positive, got -0.1"),
        ({"end": 1.0, "dtout": math.inf}, "simulate: dtout must be positive, got inf"),
        ({"end": math.nan}, "simulate: end must be a number, got nan"),
        ({"duration": -0.5}, r"simulate: end -0.5 is before the current time 0"),
        ({"end": 1.0, "type": "FREQUENCY"}, "simulate: analysis type 'FREQUENCY' is not available"),
    ],
)
def test_simulate_refuses_bad_arguments_naming_them(arguments, message):
    model, _ = free_block()
    with pytest.raises(ValueError, match=message):
        model.simulate(**arguments)
    assert model._runs == []


def test_simulate_refuses_an_end_before_the_current_time():
    model, _ = free_block()
    model.simulate(end=0.1)
    with pytest.raises(ValueError, match=r"simulate: end 0.05 is before the current time 0.1"):
        model.simulate(end=0.05)


@pytest.mark.parametrize(
    ("settings", "message"),
    [
        ({"error": 0.0}, "Integrator.*: error must be positive"),
        ({"kmax": 6}, "Integrator.*: kmax must be between 1 and 5"),
    ],
)
def test_simulate_refuses_bad_integrator_settings(settings, message):
    model, _ = free_block()
    Integrator(**settings)
    with pytest.raises(ValueError, match=message):
        model.simulate(end=0.1)


def test_duration_and_steps_give_the_end_and_the_output_interval():
    model, _ = free_block()
    run = model.simulate(end=1.0, steps=4, returnResults=True)
    np.testing.assert_allclose(run.times, [0, 0.25, 0.5, 0.75, 1.0], atol=1e-15)
    run = model.simulate(duration=0.5, steps=2, returnResults=True)
    assert run.times[-1] == pytest.approx(1.5, abs=1e-15)
    assert model._runs[-1]["end"] == 1.5
    assert model._runs[-1]["dtout"] == 0.25
    assert _core.resolve_simulate_options(model, 2.0, "DYNAMICS", duration=1.0) == (3.0, 0.01)
    assert _core.resolve_simulate_options(model, 2.0, "DYNAMICS", end=2.0, steps=3) == (2.0, 1.0)


# -- frames ------------------------------------------------------------------------------------


def test_frame_arithmetic_is_the_solvers():
    # the dataset reader and writer (xml frames) place frames with these functions
    def rz(a):
        return np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])

    def rx(a):
        return np.array([[1, 0, 0], [0, math.cos(a), -math.sin(a)], [0, math.sin(a), math.cos(a)]])

    for angles in ([0.3, -1.2, 2.5], [0, 0, 0], [math.pi, 0.5, -math.pi / 2]):
        rot = _core._euler313_to_matrix(angles)
        expected = rz(angles[0]) @ rx(angles[1]) @ rz(angles[2])
        np.testing.assert_allclose(rot, expected, rtol=0, atol=1e-15)
        assert _core._orthonormal_error(rot) < 1e-14
    np.testing.assert_array_equal(_core._frame_from_points([0, 0, 2], [3, 0, 1]), np.eye(3))
    along_x = [[0, 0, 1], [1, 0, 0], [0, 1, 0]]
    np.testing.assert_allclose(_core._frame_from_points([2, 0, 0], None), along_x, atol=1e-16)
    assert _core._frame_from_points([0, 0, 0], None) is None
    assert _core._frame_from_points([0, 0, 1], [0, 0, 5]) is None
    assert _core._orthonormal_error(np.diag([1.0, 1.0, -1.0])) == 2.0
    assert _core._orthonormal_error(np.diag([1.0, 1.0, 1.5])) == 1.25


def test_orientation_by_angles_and_points_is_refused_by_writer_and_solver_alike(tmp_path):
    # one rule (math::FrameAxes) for the dataset writer and the compiled model: a Marker
    # given both reuler and zp is refused by both, naming the marker
    model = Model()
    Part(ground=True)
    part = Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[1, 0, 0]))
    bad = Marker(part=part, qp=[0, 0, 0], reuler=[0.1, 0.2, 0.3], zp=[0, 0, 1])
    with pytest.raises(ValueError, match=rf"Marker {bad.id}.*either by Euler angles or by points"):
        model.save_model(str(tmp_path / "bad.xml"))
    with pytest.raises(ValueError, match=rf"Marker {bad.id}.*either by reuler or by zp/xp"):
        model.simulate(end=0.1, dtout=0.1)


def test_frame_axes_follow_the_documented_rule():
    origin = np.array([1.0, 2.0, 3.0])
    np.testing.assert_array_equal(_core._frame_axes(None, None, None, origin), np.eye(3))
    angles = [0.3, -1.2, 2.5]
    np.testing.assert_array_equal(
        _core._frame_axes(angles, None, None, origin), _core._euler313_to_matrix(angles)
    )
    # points are relative to the origin: z along the z point, x in the x-z plane
    np.testing.assert_array_equal(
        _core._frame_axes(None, origin + np.array([0, 0, 2]), origin + np.array([3, 0, 1]), origin),
        np.eye(3),
    )
    with pytest.raises(ValueError, match="z point coincides with the origin"):
        _core._frame_axes(None, origin, None, origin)
    with pytest.raises(ValueError, match="x point is given without a z point"):
        _core._frame_axes(None, None, origin + np.array([1, 0, 0]), origin)
