"""Control elements: Diff states read with DIF and DIF1."""

import math

import numpy as np
import pytest

from msolve import *


def test_diff_integrating_time_gives_half_t_squared():
    # y' = TIME, y(0) = 0: y = t^2 / 2; an implicit form DIF1 - TIME = 0 gives the same,
    # and DIF1 reads y' = t
    model = Model()
    Integrator(error=1e-9)
    Part(ground=True)
    explicit = Diff(function="TIME")
    implicit = Diff(function="DIF1(2) - TIME", implicit=True, ic=[1.0, 0.0])
    req = Request(f1=f"DIF({explicit.id})", f2=f"DIF({implicit.id})", f3=f"DIF1({explicit.id})")
    run = model.simulate(end=2.0, dtout=0.1, returnResults=True)
    t = run.times
    r = run.getObject(req)
    np.testing.assert_allclose(r.getComponent("F1"), t**2 / 2, atol=1e-9)
    np.testing.assert_allclose(r.getComponent("F2"), 1 + t**2 / 2, atol=1e-9)
    np.testing.assert_allclose(r.getComponent("F3"), t, atol=1e-9)


def test_diff_coupled_to_the_mechanics():
    # y' = VX(block), y(0) = x(0): y integrates the velocity, so y = x, and a force -k y on
    # the block makes it the spring-mass oscillation x = A cos(w t), w = sqrt(k/m)
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
    y = Diff(function=f"VX({block.cm.id})", ic=amp)
    Sforce(
        i=block.cm,
        j=Marker(part=ground, zp=[1, 0, 0]),
        actiononly=True,
        function=f"-{k}*DIF({y.id})",
    )
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    x = run.getObject(block).getComponent("X")
    np.testing.assert_allclose(x, amp * np.cos(math.sqrt(k / m) * run.times), atol=1e-7)


def test_unknown_diff_id_is_named():
    model = Model()
    Part(ground=True)
    Diff(function="DIF(7)", label="d")
    with pytest.raises(ValueError, match=r"Diff 1 'd'.*unknown Diff id 7"):
        model.simulate(end=0.1)


def tfsiso_model(numerator, denominator, input_function="1"):
    model = Model()
    Integrator(error=1e-10)
    Part(ground=True)
    u = Variable(function=input_function)
    x, y = Array(type="X"), Array(type="Y")
    tf = Tfsiso(
        x=x, y=y, u=Array(type="U", variables=[u]), numerator=numerator, denominator=denominator
    )
    req = Request(f1=f"ARYVAL({y.id},1)", f2=f"ARYVAL({x.id},1)")
    return model, tf, req


def test_tfsiso_first_order_step_response():
    # G = 1 / (1 + tau s), unit step: y = 1 - exp(-t / tau); x1 = y (no direct term)
    tau = 0.4
    model, _, req = tfsiso_model([1.0], [1.0, tau])
    run = model.simulate(end=2.0, dtout=0.05, returnResults=True)
    r, t = run.getObject(req), run.times
    np.testing.assert_allclose(r.getComponent("F1"), 1 - np.exp(-t / tau), atol=1e-8)
    np.testing.assert_allclose(r.getComponent("F2"), r.getComponent("F1"), atol=1e-14)


def test_tfsiso_second_order_step_response():
    # G = wn^2 / (s^2 + 2 z wn s + wn^2), unit step:
    # y = 1 - exp(-z wn t) (cos(wd t) + z / sqrt(1 - z^2) sin(wd t)), wd = wn sqrt(1 - z^2)
    wn, z = 6.0, 0.3
    model, _, req = tfsiso_model([wn**2], [wn**2, 2 * z * wn, 1.0])
    run = model.simulate(end=3.0, dtout=0.02, returnResults=True)
    t = run.times
    wd = wn * math.sqrt(1 - z * z)
    ratio = z / math.sqrt(1 - z * z)
    expected = 1 - np.exp(-z * wn * t) * (np.cos(wd * t) + ratio * np.sin(wd * t))
    np.testing.assert_allclose(run.getObject(req).getComponent("F1"), expected, atol=1e-7)


def test_tfsiso_with_a_direct_term():
    # G = (1 + 2 s) / (1 + s) = 2 - 1 / (1 + s): unit step gives y = 1 + exp(-t)
    model, _, req = tfsiso_model([1.0, 2.0], [1.0, 1.0])
    run = model.simulate(end=2.0, dtout=0.1, returnResults=True)
    np.testing.assert_allclose(
        run.getObject(req).getComponent("F1"), 1 + np.exp(-run.times), atol=1e-8
    )


def test_tfsiso_bad_input_is_named():
    model, tf, _ = tfsiso_model([1.0, 2.0, 3.0], [1.0, 1.0])
    tf.label = "filter"
    with pytest.raises(ValueError, match=r"Tfsiso 1 'filter'.*numerator needs 1 to 2"):
        model.simulate(end=0.1)
