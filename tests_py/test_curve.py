"""Curve (Reference_ParamCurve) and the CURVE function (docs/equations.md §11): a closed
curve through points of a circle is the circle, a motion along a curve moves at the curve's
derivative, a Matrix gives the same curve as xyz, bad data are named, datasets keep it."""

import math

import numpy as np
import pytest

from msolve import *

RADIUS = 0.5


def circle_points(n=72, z=0.0):
    """n points of a circle of RADIUS, then the first again (a closed curve ends there)."""
    return [
        [RADIUS * math.cos(2 * math.pi * k / n), RADIUS * math.sin(2 * math.pi * k / n), z]
        for k in [*range(n), 0]
    ]


def slider(**curve_kwds):
    """A 1 kg block on a translational joint along global x, and a Curve."""
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[0.1, 0.1, 0.1], cm=Marker(qp=[0, 0, 0]))
    slide = Joint(
        type="TRANSLATIONAL",
        i=Marker(part=block, qp=[0, 0, 0], zp=[1, 0, 0]),
        j=Marker(part=ground, qp=[0, 0, 0], zp=[1, 0, 0]),
    )
    curve = Curve(**curve_kwds)
    return model, block, slide, curve


def test_curve_of_circle_points_is_the_circle_with_its_derivatives():
    # alpha from -1 to 1 is one turn: r = R (cos a, sin a), a = pi (alpha + 1); the spline's
    # error bounds with h = 2/72 (5/384 h^4 |r''''|, h^3/24 |r''''|, h^2/12 |r''''|, |r''''| =
    # R pi^4) are 3.8e-7, 4.4e-5 and 3.2e-3
    model, _, slide, curve = slider(xyz=circle_points(), closed=True, curve_points=True)
    Motion(joint=slide, jtype="TRANSLATION", function="0")
    cid = curve.id
    out = Request(
        f2=f"CURVE(TIME - 1, 0, 1, {cid})",
        f3=f"CURVE(TIME - 1, 0, 2, {cid})",
        f4=f"CURVE(TIME - 1, 1, 1, {cid})",
        f6=f"CURVE(TIME - 1, 1, 2, {cid})",
        f7=f"CURVE(TIME - 1, 2, 1, {cid})",
        f8=f"CURVE(TIME - 1, 0, 3, {cid})",
    )
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    got = run.getObject(out)
    a = math.pi * run.times
    np.testing.assert_allclose(got.getComponent("F2"), RADIUS * np.cos(a), atol=3.8e-7)
    np.testing.assert_allclose(got.getComponent("F3"), RADIUS * np.sin(a), atol=3.8e-7)
    np.testing.assert_allclose(got.getComponent("F4"), -math.pi * RADIUS * np.sin(a), atol=4.4e-5)
    np.testing.assert_allclose(got.getComponent("F6"), math.pi * RADIUS * np.cos(a), atol=4.4e-5)
    np.testing.assert_allclose(
        got.getComponent("F7"), -(math.pi**2) * RADIUS * np.cos(a), atol=3.2e-3
    )
    np.testing.assert_array_equal(got.getComponent("F8"), 0.0)


def test_a_motion_along_a_curve_moves_at_the_curve_derivative():
    # the block's x follows the curve's x component with alpha = TIME - 1: its velocity is
    # d x / d alpha, which the motion's velocity and acceleration take from the curve
    model, block, slide, curve = slider(xyz=circle_points(), closed=True, curve_points=True)
    Motion(joint=slide, jtype="TRANSLATION", function=f"CURVE(TIME - 1, 0, 1, {curve.id})")
    cm = block.cm
    out = Request(
        f2=f"DX({cm.id})",
        f3=f"VX({cm.id})",
        f4=f"CURVE(TIME - 1, 0, 1, {curve.id})",
        f6=f"CURVE(TIME - 1, 1, 1, {curve.id})",
    )
    run = model.simulate(end=2.0, dtout=0.05, returnResults=True)
    got = run.getObject(out)
    np.testing.assert_allclose(got.getComponent("F2"), got.getComponent("F4"), atol=1e-9)
    np.testing.assert_allclose(got.getComponent("F3"), got.getComponent("F6"), atol=1e-7)


def test_a_matrix_gives_the_same_curve_as_xyz():
    # minpar and maxpar bound only CURSUB curves (GTCURV reference): a curve through points
    # runs from alpha = -1 to 1 whatever they say, here 4 segments, a point every 0.5
    points = [[0, 0, 0], [1, 2, 0], [2, -1, 1], [4, 0, 3], [5, 5, 5]]
    model, _, slide, by_xyz = slider(xyz=points, curve_points=True, minpar=0.0, maxpar=4.0)
    matrix = Matrix(rows=5, columns=3, full="RORDER", values=[c for p in points for c in p])
    by_matrix = Curve(matrix=matrix, curve_points=True)
    Motion(joint=slide, jtype="TRANSLATION", function="0")
    out = Request(
        f2=f"CURVE(TIME/2 - 1, 0, 2, {by_xyz.id})",
        f3=f"CURVE(TIME/2 - 1, 0, 2, {by_matrix.id})",
        f4=f"CURVE(TIME/2 - 1, 0, 3, {by_matrix.id})",
    )
    run = model.simulate(end=4.0, dtout=1.0, returnResults=True)
    got = run.getObject(out)
    np.testing.assert_array_equal(got.getComponent("F2"), got.getComponent("F3"))
    # curve points lie on the curve
    np.testing.assert_allclose(got.getComponent("F3"), [p[1] for p in points], atol=1e-12)
    np.testing.assert_allclose(got.getComponent("F4"), [p[2] for p in points], atol=1e-12)
    assert by_xyz.xyz == [[float(c) for c in p] for p in points]
    assert any("maxpar = 4.0 accepted, no effect" in m for m in run.messages)


def test_bad_curve_data_and_calls_are_named():
    model, _, slide, curve = slider(xyz=circle_points()[:-1], closed=True, label="cam")
    Motion(joint=slide, jtype="TRANSLATION", function="0")
    with pytest.raises(ValueError, match=r"Curve \d+ 'cam': a closed curve must end at its first"):
        model.simulate(end=0.1)

    model, _, slide, curve = slider(xyz=circle_points(), closed=True)
    Motion(joint=slide, jtype="TRANSLATION", function="0")
    Request(f2=f"CURVE(TIME, 0, 4, {curve.id})")
    with pytest.raises(ValueError, match=r"component comp of CURVE must be 1, 2 or 3"):
        model.simulate(end=0.1)

    model, _, slide, curve = slider(label="user")
    Motion(joint=slide, jtype="TRANSLATION", function="0")
    with pytest.raises(ValueError, match=r"'user': it has no points .*CURSUB"):
        model.simulate(end=0.1)

    with pytest.raises(ValueError, match=r"xyz.*points \[x, y, z\]"):
        Curve(xyz=[[0, 0], [1, 1]])


def test_a_curve_is_kept_by_a_dataset(tmp_path):
    model, _, slide, curve = slider(
        xyz=circle_points(12), closed=True, curve_points=True, minpar=0.0, maxpar=6.0
    )
    matrix = Matrix(rows=4, columns=3, full="RORDER", values=[0, 0, 0, 1, 1, 0, 2, 0, 1, 3, 1, 1])
    from_matrix = Curve(matrix=matrix, label="m")
    Motion(joint=slide, jtype="TRANSLATION", function=f"CURVE(TIME, 0, 1, {curve.id})")
    out = Request(
        f2=f"CURVE(TIME, 1, 2, {curve.id})", f3=f"CURVE(TIME - 1, 0, 3, {from_matrix.id})"
    )
    before = model.simulate(end=2.0, dtout=0.1, returnResults=True)
    path = tmp_path / "curve.xml"
    model.save_model(path)
    loaded = load_model(path)
    curves = {c.id: c for c in loaded._entities if isinstance(c, Curve)}
    again = curves[curve.id]
    assert (again.closed, again.curve_points, again.minpar, again.maxpar) == (True, True, 0.0, 6.0)
    np.testing.assert_allclose(again.xyz, curve.xyz, rtol=1e-15)
    assert curves[from_matrix.id].matrix.id == matrix.id
    after = loaded.simulate(end=2.0, dtout=0.1, returnResults=True)
    request = next(r for r in loaded._entities if isinstance(r, Request) and r.id == out.id)
    for name in ("F2", "F3"):
        np.testing.assert_allclose(
            after.getObject(request).getComponent(name),
            before.getObject(out).getComponent(name),
            rtol=1e-12,
        )


def test_the_runtime_curve_function_is_the_expression_one():
    # CURVE for routines: the same curve outside an analysis (built from the data) and in a
    # routine while the solver runs (the compiled one) as in an expression
    model, _, slide, curve = slider(xyz=circle_points(), closed=True, curve_points=True)
    Motion(joint=slide, jtype="TRANSLATION", function="0")
    assert CURVE(0.0, 0, 1, curve) == pytest.approx(-RADIUS, abs=1e-12)  # a point: exact
    assert CURVE(-0.5, 1, 1, curve.id) == pytest.approx(-math.pi * RADIUS, abs=4.4e-5)

    def routine(id, time, par, npar, dflag, iflag):
        return CURVE(time - 1, 1, 2, curve)

    by_routine = Variable(function="USER(0)", routine=routine)
    out = Request(f2=f"VARVAL({by_routine.id})", f3=f"CURVE(TIME - 1, 1, 2, {curve.id})")
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    got = run.getObject(out)
    np.testing.assert_allclose(got.getComponent("F2"), got.getComponent("F3"), rtol=1e-14)
    with pytest.raises(ValueError, match="comp must be 1, 2 or 3"):
        CURVE(0.0, 0, 0, curve)
    # the classic GTCURV: the three components and a status
    values, istat = py_gtcrv(curve.id, 0.0, 0)
    assert istat == 0
    np.testing.assert_allclose(values, [-RADIUS, 0.0, 0.0], atol=1e-12)
    assert py_gtcrv(curve.id, 0.0, 3) == [[0.0, 0.0, 0.0], 1]


def test_a_dataset_curve_by_cursub_is_read_and_quintic_is_said(tmp_path):
    from test_xml_roundtrip import PENDULUM_XML

    # a CURSUB curve (test_cursub.py runs them): the routine of the library it names, its
    # USER parameters and range
    user = (
        '  <Reference_ParamCurve id="5" is_u_closed="TRUE" u_start="-1." u_end="1." '
        'usrsub_param_string="USER(100)" usrsub_dll_name="NULL"/>\n'
    )
    path = tmp_path / "cursub.xml"
    path.write_text(PENDULUM_XML.replace(" </Model>", user + " </Model>"))
    (curve,) = [c for c in load_model(path)._entities if isinstance(c, Curve)]
    assert (curve.routine, curve.function) == ("NULL::CURSUB", "USER(100)")
    assert (curve.closed, curve.minpar, curve.maxpar) == (True, -1.0, 1.0)

    rows = "\n".join(" ".join(str(c) for c in p) for p in circle_points(8))
    quintic = (
        '  <Reference_ParamCurve id="5" is_u_closed="TRUE" is_curve_points="TRUE" '
        f'quintic="TRUE">\n{rows}\n  </Reference_ParamCurve>\n'
    )
    path = tmp_path / "quintic.xml"
    path.write_text(PENDULUM_XML.replace(" </Model>", quintic + " </Model>"))
    with pytest.warns(DatasetWarning, match="quintic = TRUE: msolve fits the curve with cubics"):
        model = load_model(path)
    (curve,) = [c for c in model._entities if isinstance(c, Curve)]
    assert (curve.closed, curve.curve_points, len(curve.xyz)) == (True, True, 9)
