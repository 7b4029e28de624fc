"""Implicit Variables (docs/equations.md §4.8): the function is a residual the solver drives to
zero, the Variable an algebraic unknown; and numbers given as functions."""

import math

import numpy as np
import pytest

from msolve import *


def _cubic_root(c):
    # the one real root of x^3 + x - c = 0 (Cardano: the discriminant is positive)
    s = math.sqrt(c * c / 4 + 1 / 27)
    return math.copysign(abs(c / 2 + s) ** (1 / 3), c / 2 + s) + math.copysign(
        abs(c / 2 - s) ** (1 / 3), c / 2 - s
    )


def _root_model(**integrator):
    model = Model()
    Integrator(error=1e-8, **integrator)
    Part(ground=True)
    x = Variable(implicit=True, ic=0.0)
    x.function = f"VARVAL({x.id})**3 + VARVAL({x.id}) - 2*SIN(TIME) - 3*TIME"
    req = Request(f1=f"VARVAL({x.id})")
    return model, x, req


def test_implicit_variable_is_the_root_of_its_residual():
    # x^3 + x - f(t) = 0 with f = 2 sin t + 3 t: x(t) the real root, by Cardano
    model, _, req = _root_model()
    run = model.simulate(end=2.0, dtout=0.1, returnResults=True)
    expected = [_cubic_root(2 * math.sin(t) + 3 * t) for t in run.times]
    np.testing.assert_allclose(run.getObject(req).getComponent("F1"), expected, atol=1e-7)


def test_implicit_variable_drives_a_force():
    # a block held by the force -k x, where the implicit Variable u solves u - DX = 0: the
    # same oscillation x = A cos(w t) as with the explicit force -k DX
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
    u = Variable(implicit=True)
    u.function = f"2*(VARVAL({u.id}) - DX({block.cm.id}))"
    Vforce(i=block.cm, jfloat=Marker(part=ground), fx=f"-{k}*VARVAL({u.id})", fy="0", fz="0")
    req = Request(f1=f"DX({block.cm.id})", f2=f"VARVAL({u.id})")
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    w = math.sqrt(k / m)
    x = run.getObject(req)
    np.testing.assert_allclose(x.getComponent("F1"), amp * np.cos(w * run.times), atol=2e-6)
    # u is an algebraic state, converged by Newton to 1e-8 of max(1, |u|)
    # (kRelativeStateTolerance, solver/dae.h)
    np.testing.assert_allclose(x.getComponent("F2"), x.getComponent("F1"), rtol=0, atol=1e-8)


def test_implicit_variable_in_statics():
    # a spring k (x - 1) balanced by a force read from an implicit Variable u with
    # u^3 + u - 10 = 0 (u = 2): x = 1 + 2 / k
    k = 4.0
    model = Model()
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[0, 0, 0]))
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=block, zp=[1, 0, 0]),
        j=Marker(part=ground, zp=[1, 0, 0]),
    )
    u = Variable(implicit=True, ic=1.0)
    u.function = f"VARVAL({u.id})**3 + VARVAL({u.id}) - 10"
    Vforce(
        i=block.cm,
        jfloat=Marker(part=ground),
        fx=f"-{k}*(DX({block.cm.id}) - 1) + VARVAL({u.id})",
        fy="0",
        fz="0",
    )
    req = Request(f1=f"DX({block.cm.id})", f2=f"VARVAL({u.id})")
    run = model.simulate(type="STATICS", returnResults=True)
    r = run.getObject(req)
    assert r.getComponent("F2")[-1] == pytest.approx(2.0, abs=1e-9)
    assert r.getComponent("F1")[-1] == pytest.approx(1 + 2 / k, abs=1e-9)


def test_ode_form_integrators_refuse_implicit_variables_by_name():
    model, x, _ = _root_model(type="ABAM")
    with pytest.raises(Exception, match=f"Variable {x.id}: an implicit variable .* ABAM"):
        model.simulate(end=0.1, dtout=0.05)


def test_implicit_variable_must_read_itself():
    model = Model()
    Part(ground=True)
    x = Variable(implicit=True, function="TIME - 1")
    with pytest.raises(Exception, match=f"Variable {x.id}.*VARVAL\\({x.id}\\)"):
        model.simulate(end=0.1, dtout=0.05)


def test_numbers_are_constant_functions():
    # Variable(function=2.5) is the expression 2.5; ints too; written back as expressions
    model = Model()
    Integrator(error=1e-9)
    Part(ground=True)
    v = Variable(function=2.5)
    d = Diff(function=3)
    req = Request(f1=f"VARVAL({v.id})", f2=f"DIF({d.id})", f3=1.5)
    assert (v.function, d.function, req.f3) == ("2.5", "3.0", "1.5")
    run = model.simulate(end=1.0, dtout=0.5, returnResults=True)
    r = run.getObject(req)
    np.testing.assert_allclose(r.getComponent("F1"), 2.5)
    np.testing.assert_allclose(r.getComponent("F2"), 3 * run.times, atol=1e-9)
    np.testing.assert_allclose(r.getComponent("F3"), 1.5)
    with pytest.raises(TypeError, match="function"):
        Variable(function=True)


def test_implicit_variables_and_number_functions_round_trip_through_a_dataset(tmp_path):
    model, _, req = _root_model()
    constant = Variable(function=0.25)
    req.f2 = f"VARVAL({constant.id})"
    model.save_model(tmp_path / "m.xml")
    back = load_model(str(tmp_path / "m.xml"))
    run = back.simulate(end=1.0, dtout=0.5, returnResults=True)
    r = run.getObject(f"Request{req.id}")
    expected = [_cubic_root(2 * math.sin(t) + 3 * t) for t in run.times]
    np.testing.assert_allclose(r.getComponent("F1"), expected, atol=1e-7)
    np.testing.assert_allclose(r.getComponent("F2"), 0.25)


def test_implicit_variable_given_by_a_varsub():
    # the VARSUB returns the residual x^3 + x - c t (c = par[0]), reading the unknown with
    # VARVAL; its Jacobian is differenced (docs/equations.md §6.6)
    from msolve.functions import VARVAL

    def varsub(id, time, par, npar, dflag, iflag):
        x = VARVAL(id)
        return x**3 + x - par[0] * time

    model = Model()
    Integrator(error=1e-8)
    Part(ground=True)
    x = Variable(implicit=True, function="USER(3)", routine=varsub)
    req = Request(f1=f"VARVAL({x.id})")
    run = model.simulate(end=1.0, dtout=0.25, returnResults=True)
    expected = [_cubic_root(3 * t) for t in run.times]
    np.testing.assert_allclose(run.getObject(req).getComponent("F1"), expected, atol=1e-7)
