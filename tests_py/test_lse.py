"""Lse (linear state equations x' = A x + B u, y = C x + D u) and the Matrix it reads.

Sources: MotionSolve Lse and Matrix pages (lse_api.htm, matrix_api.htm), the Control_StateEqn
XML page (xml-format_54.htm: A n x n, B n x m, C p x n, D p x m), the Adams LSE statement
(state_lse.html: b, c, d optional; IC absent gives zero states).
"""

import math

import numpy as np
import pytest

from msolve import *


def matrix(rows, columns, values, **kw):
    return Matrix(rows=rows, columns=columns, full="RORDER", values=values, **kw)


def test_mass_spring_damper_step_response():
    # x1' = x2, x2' = -k/m x1 - c/m x2 + u/m with a constant force u = F from rest: the
    # underdamped step response x1 = F/k (1 - exp(-z wn t) (cos wd t + z/sqrt(1-z^2) sin wd t)),
    # wn = sqrt(k/m), z = c / (2 sqrt(k m)), wd = wn sqrt(1 - z^2); x2 is its derivative
    # F/k wn/sqrt(1-z^2) exp(-z wn t) sin wd t. Output y = C x with C = [1 0] (Control_StateEqn)
    m, k, c, force = 2.0, 50.0, 4.0, 3.0
    model = Model()
    Integrator(error=1e-10)
    Part(ground=True)
    x, y = Array(type="X"), Array(type="Y")
    u = Array(type="U", variables=[Variable(function=f"{force}")])
    Lse(
        x=x,
        y=y,
        u=u,
        a=matrix(2, 2, [0, 1, -k / m, -c / m]),
        b=matrix(2, 1, [0, 1 / m]),
        c=matrix(1, 2, [1, 0]),
    )
    req = Request(f1=f"ARYVAL({y.id},1)", f2=f"ARYVAL({x.id},1)", f3=f"ARYVAL({x.id},2)")
    run = model.simulate(end=3.0, dtout=0.02, returnResults=True)
    t, r = run.times, run.getObject(req)
    wn, z = math.sqrt(k / m), c / (2 * math.sqrt(k * m))
    wd = wn * math.sqrt(1 - z * z)
    decay = np.exp(-z * wn * t)
    ratio = z / math.sqrt(1 - z * z)
    position = force / k * (1 - decay * (np.cos(wd * t) + ratio * np.sin(wd * t)))
    velocity = force / k * wn / math.sqrt(1 - z * z) * decay * np.sin(wd * t)
    np.testing.assert_allclose(r.getComponent("F1"), position, atol=1e-8)
    np.testing.assert_allclose(r.getComponent("F2"), position, atol=1e-8)
    np.testing.assert_allclose(r.getComponent("F3"), velocity, atol=1e-7)


def test_lse_equal_to_a_tfsiso_gives_its_output():
    # G = wn^2 / (s^2 + 2 z wn s + wn^2) as a Tfsiso (observable form) and as an Lse in
    # controllable form (x1' = x2, x2' = -wn^2 x1 - 2 z wn x2 + u, y = wn^2 x1): the same
    # transfer function, so the same output for the same STEP input; and
    # G = (1 + 2 s)/(1 + s) with a direct term as x' = -x + u, y = -x + 2 u
    wn, z = 6.0, 0.3
    model = Model()
    Integrator(error=1e-10)
    Part(ground=True)
    u = Array(type="U", variables=[Variable(function="STEP(TIME, 0.2, 0, 0.7, 1.5)")])
    ty, ly = Array(type="Y"), Array(type="Y")
    Tfsiso(x=Array(type="X"), y=ty, u=u, numerator=[wn**2], denominator=[wn**2, 2 * z * wn, 1])
    Lse(
        x=Array(type="X"),
        y=ly,
        u=u,
        a=matrix(2, 2, [0, 1, -(wn**2), -2 * z * wn]),
        b=matrix(2, 1, [0, 1]),
        c=matrix(1, 2, [wn**2, 0]),
    )
    ty2, ly2 = Array(type="Y"), Array(type="Y")
    Tfsiso(x=Array(type="X"), y=ty2, u=u, numerator=[1, 2], denominator=[1, 1])
    Lse(
        x=Array(type="X"),
        y=ly2,
        u=u,
        a=matrix(1, 1, [-1]),
        b=matrix(1, 1, [1]),
        c=matrix(1, 1, [-1]),
        d=matrix(1, 1, [2]),
    )
    req = Request(
        f1=f"ARYVAL({ty.id},1)",
        f2=f"ARYVAL({ly.id},1)",
        f3=f"ARYVAL({ty2.id},1)",
        f4=f"ARYVAL({ly2.id},1)",
    )
    run = model.simulate(end=3.0, dtout=0.02, returnResults=True)
    r = run.getObject(req)
    assert np.max(np.abs(r.getComponent("F1"))) > 1.0  # the step went through
    np.testing.assert_allclose(r.getComponent("F2"), r.getComponent("F1"), atol=1e-6)
    np.testing.assert_allclose(r.getComponent("F4"), r.getComponent("F3"), atol=1e-6)


def test_multiple_inputs_and_outputs_with_feed_through_and_initial_states():
    # two decoupled first-order states x_i' = -x_i / tau_i + u_i with constant inputs and
    # x(0) from the IC array: x_i = tau_i u_i + (x_i(0) - tau_i u_i) exp(-t / tau_i); outputs
    # y = C x + D u (Control_StateEqn) with C given sparse (coordinate list, indices from 1)
    # and D by columns (full unset: column order, matrix_api example)
    tau, inputs, x0 = (0.5, 2.0), (2.0, -1.0), (0.5, 3.0)
    model = Model()
    Integrator(error=1e-10)
    Part(ground=True)
    x, y = Array(type="X"), Array(type="Y")
    u = Array(type="U", variables=[Variable(function=f"{v}") for v in inputs])
    lse = Lse(
        x=x,
        y=y,
        u=u,
        ic=Array(type="IC", numbers=list(x0)),
        a=matrix(2, 2, [-1 / tau[0], 0, 0, -1 / tau[1]]),
        b=matrix(2, 2, [1, 0, 0, 1]),
        c=Matrix(sparse=True, rows=3, columns=2, i=[1, 1, 3], j=[1, 2, 2], values=[1, 1, 1]),
        d=Matrix(rows=3, columns=2, values=[0, 3, 0.5, 0, -1, 0]),
        static_hold=True,
    )
    assert lse.static_hold is True
    req = Request(
        f1=f"ARYVAL({y.id},1)",
        f2=f"ARYVAL({y.id},2)",
        f3=f"ARYVAL({y.id},3)",
        f4=f"ARYVAL({x.id},1)",
        f5=f"ARYVAL({x.id},2)",
    )
    run = model.simulate(end=2.0, dtout=0.05, returnResults=True)
    t, r = run.times, run.getObject(req)
    x1 = tau[0] * inputs[0] + (x0[0] - tau[0] * inputs[0]) * np.exp(-t / tau[0])
    x2 = tau[1] * inputs[1] + (x0[1] - tau[1] * inputs[1]) * np.exp(-t / tau[1])
    assert r.getComponent("F4")[0] == pytest.approx(x0[0])
    np.testing.assert_allclose(r.getComponent("F4"), x1, atol=1e-8)
    np.testing.assert_allclose(r.getComponent("F5"), x2, atol=1e-8)
    np.testing.assert_allclose(r.getComponent("F1"), x1 + x2, atol=1e-8)
    np.testing.assert_allclose(r.getComponent("F2"), 3 * inputs[0] - inputs[1], atol=1e-12)
    np.testing.assert_allclose(r.getComponent("F3"), x2 + 0.5 * inputs[0], atol=1e-8)


def test_lse_output_as_a_spring_on_a_block():
    # D feed-through closing a loop with the mechanism: u = DX(block), y = -k u (D = [-k],
    # A = [-1] with no B and C), force y on the block along x: the spring-mass oscillation
    # x = X0 cos(w t), w = sqrt(k / m)
    m, k, amp = 1.0, 25.0, 0.2
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    block = Part(mass=m, ip=[1, 1, 1], cm=Marker(qp=[amp, 0, 0]))
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=block, qp=[amp, 0, 0], zp=[1 + amp, 0, 0]),
        j=Marker(part=ground, qp=[amp, 0, 0], zp=[1 + amp, 0, 0]),
    )
    y = Array(type="Y")
    u = Array(type="U", variables=[Variable(function=f"DX({block.cm.id})")])
    Lse(x=Array(type="X"), y=y, u=u, a=matrix(1, 1, [-1]), d=matrix(1, 1, [-k]))
    Sforce(
        i=block.cm,
        j=Marker(part=ground, zp=[1, 0, 0]),
        actiononly=True,
        function=f"ARYVAL({y.id},1)",
    )
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    x = run.getObject(block).getComponent("X")
    np.testing.assert_allclose(x, amp * np.cos(math.sqrt(k / m) * run.times), atol=1e-7)


def lse_model(**changes):
    """The plant Lse with `changes` to its attributes; a callable value is called once the
    model exists, so that what it creates belongs to the model."""
    model = Model()
    changes = {k: v() if callable(v) else v for k, v in changes.items()}
    Part(ground=True)
    x, y = Array(type="X"), Array(type="Y")
    u = Array(type="U", variables=[Variable(function="1")])
    kw = dict(
        x=x,
        y=y,
        u=u,
        a=matrix(2, 2, [0, 1, -4, -1], label="A"),
        b=matrix(2, 1, [0, 1], label="B"),
        c=matrix(1, 2, [1, 0], label="C"),
        label="plant",
    )
    kw.update(changes)
    return model, Lse(**kw)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        # Control_StateEqn: A is n x n, B n x m, C p x n, D p x m
        (
            {"a": Matrix(rows=2, columns=3, values=[0] * 6)},
            r"Lse 1 'plant': the A matrix Matrix \d+ is 2 x 3; it must be square",
        ),
        (
            {"b": Matrix(rows=3, columns=1, values=[0] * 3)},
            r"Lse 1 'plant': the B matrix Matrix \d+ is 3 x 1 but must be 2 x 1",
        ),
        (
            {"c": Matrix(rows=1, columns=3, values=[0] * 3)},
            r"Lse 1 'plant': the C matrix Matrix \d+ is 1 x 3 but must have 2 columns",
        ),
        (
            {"d": Matrix(rows=1, columns=2, values=[0] * 2)},
            r"Lse 1 'plant': the D matrix Matrix \d+ is 1 x 2 but must have 1 column,",
        ),
        (
            {"ic": Array(type="IC", numbers=[1.0])},
            r"Lse 1 'plant': its IC array Array \d+ has 1 number but the Lse has 2 states",
        ),
        # lse_api: x is an X array, u a U array, y a Y array
        ({"x": Array(type="Y")}, r"Lse 1 'plant': its X array Array \d+ has type Y, not X"),
        (
            {"u": Array(type="IC", numbers=[1.0])},
            r"Lse 1 'plant': its U array Array \d+ has type IC, not U",
        ),
        # x and a are required; b needs u, c needs y (Adams LSE)
        ({"a": None}, r"Lse 1 'plant': the A matrix \(a\) is not set"),
        ({"x": None}, r"Lse 1 'plant': the X array \(x\) is not set"),
        ({"u": None}, r"the B matrix \(b\) is given but not the U array \(u\)"),
        ({"y": None}, r"the C matrix \(c\) is given but not the Y array \(y\)"),
        ({"c": None}, r"the Y array \(y\) is given but neither the C matrix \(c\) nor the D"),
        ({"u": Array(type="U")}, r"its U array Array \d+ has no variables"),
    ],
)
def test_lse_errors_name_the_lse_and_the_sizes(changes, message):
    model, _ = lse_model(**changes)
    with pytest.raises(ValueError, match=message):
        model.simulate(end=0.1)


def test_matrix_errors_name_the_matrix():
    model, _ = lse_model(
        b=lambda: Matrix(rows=2, columns=1, full="RORDER", values=[0, 1, 2], label="B")
    )
    with pytest.raises(
        ValueError,
        match=r"Matrix \d+ 'B': a dense 2 x 1 matrix needs 2 values, "
        r"got 3",
    ):
        model.simulate(end=0.1)
    model, _ = lse_model(
        c=lambda: Matrix(sparse=True, rows=1, columns=2, i=[1], j=[3], values=[1.0], label="C")
    )
    with pytest.raises(
        ValueError,
        match=r"Matrix \d+ 'C': entry 1: column index j = 3 is "
        r"outside 1..2",
    ):
        model.simulate(end=0.1)
    # an unused matrix is checked too
    model, _ = lse_model()
    Matrix(rows=2, columns=2, values=[1.0], label="spare")
    with pytest.raises(ValueError, match=r"Matrix \d+ 'spare': a dense 2 x 2 matrix needs 4"):
        model.simulate(end=0.1)


def test_matrix_attributes_are_type_checked():
    Model()
    mat = Matrix(rows=2, columns=2, values=[1, 2, 3, 4], label="A")
    assert mat.full is None
    assert mat.values == [1.0, 2.0, 3.0, 4.0]
    mat.full = "rorder"
    assert mat.full == "RORDER"
    with pytest.raises(
        ValueError,
        match=r"Matrix 1 'A': attribute 'full' must be one of "
        r"RORDER CORDER",
    ):
        mat.full = "BYROWS"
    with pytest.raises(TypeError, match=r"Matrix 1 'A': attribute 'i' must be a list of integers"):
        mat.i = [1.5]
    with pytest.raises(TypeError, match=r"attribute 'a' must be a Matrix"):
        Lse(a=Array(type="X"))


def test_an_array_holds_one_element_s_states():
    # Adams LSE: the X array may not be used by another LSE, GSE or TFSISO
    model, lse = lse_model()
    Tfsiso(x=lse.x, u=lse.u, numerator=[1], denominator=[1, 1], label="filter")
    with pytest.raises(ValueError, match=r"its X array Array \d+ already belongs to"):
        model.simulate(end=0.1)


def test_aryval_beyond_the_outputs_is_named():
    model, lse = lse_model()
    Request(f1=f"ARYVAL({lse.y.id},2)")
    with pytest.raises(ValueError, match=r"Array \d+ has no element 2 \(it has 1\)"):
        model.simulate(end=0.1)
