"""Design and response variables (Dv, Rv; docs/equations.md §4.6): a Dv is the number it
stands for wherever a number is taken; an Rv integrates its function (RVAL) against the
closed-form integral, and gives the function (RVAL1)."""

import math
import re
import warnings

import numpy as np
import pytest

from msolve import *

G = 9.81


def test_a_dv_is_its_number_wherever_a_number_is_taken():
    Model()
    radius = Dv(label="radius", b=0.1, blimit=[0.09, 0.11])
    rho = Dv(b=7800.0)
    mass = 4 / 3 * math.pi * radius**3 * rho
    assert mass == pytest.approx(4 / 3 * math.pi * 0.1**3 * 7800.0, rel=1e-15)
    part = Part(mass=radius * 10, ip=[1, 1, 1])
    assert part.mass == pytest.approx(1.0, rel=1e-15)
    # the documented scaling: b * factor + mean
    scaled = Dv(b=1.0, mean=1.0, factor=2.0)
    assert Part(mass=scaled, ip=[10, 10, 10]).mass == 3.0
    assert float(scaled) == 3.0
    assert scaled > 2
    assert -scaled == -3.0
    assert math.sqrt(Dv(b=16.0)) == 4.0
    # the optimiser's settings of the reference page are kept (msolve has no optimiser)
    discrete = Dv(b=2.0, values=[1.0, 2.0, 4.0], sensitivity=False, scaleBySen=False)
    assert discrete.values == [1.0, 2.0, 4.0]
    assert discrete.sensitivity is False
    assert float(discrete) == 2.0


def test_bad_dvs_are_named():
    Model()
    unset = Dv(blimit=[0, 1])
    with pytest.raises(ValueError, match=r"Dv \d+: b \(the value of the design variable\) is not"):
        Part(mass=unset)
    with pytest.raises(ValueError, match=r"Dv.*: b = 2.0 lies outside blimit \[0.0, 1.0\]"):
        Dv(b=2.0, blimit=[0, 1])


def test_an_rv_integrates_its_function():
    # a body falling from rest: vz = -g t, so the Rv of VZ gives -g t^2 / 2 (RVAL) with
    # RVAL1 = -g t; an Rv of TIME**2 from ic 1 gives 1 + t^3 / 3
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-9)
    Part(ground=True)
    ball = Part(mass=2.0, ip=[1, 1, 1], cm=Marker())
    fall = Rv(function=f"VZ({ball.cm.id})", label="fall")
    cubic = Rv(function="TIME**2", ic=1.0)
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    t = run.times
    got = run.getObject(fall)
    np.testing.assert_allclose(got.getComponent("RVAL"), -G * t**2 / 2, rtol=0, atol=1e-8)
    np.testing.assert_allclose(got.getComponent("RVAL1"), -G * t, rtol=0, atol=1e-8)
    got = run.getObject(cubic)
    np.testing.assert_allclose(got.getComponent("RVAL"), 1 + t**3 / 3, rtol=0, atol=1e-8)
    np.testing.assert_allclose(got.getComponent("RVAL1"), t**2, rtol=0, atol=1e-10)
    assert run.getObject("fall") is run.getObject(fall)


def test_an_rv_by_a_routine_and_a_diff_of_the_same_id_are_apart():
    # an Rv's id is not a Diff's: DIF(1) reads the Diff, whose rate is 2, while Rv 1 integrates
    # the routine's value 3
    model = Model()
    Integrator(error=1e-9)
    Part(ground=True)
    diff = Diff(id=1, function="2")

    def rate(id, time, par, npar, dflag, iflag):
        return par[0]

    rv = Rv(id=1, function="USER(3)", routine=rate)
    check = Request(type="EXPRESSION", f2="DIF(1)")
    run = model.simulate(end=1.0, dtout=0.25, returnResults=True)
    np.testing.assert_allclose(run.getObject(check).getComponent("F2"), 2 * run.times, atol=1e-9)
    np.testing.assert_allclose(run.getObject(rv).getComponent("RVAL"), 3 * run.times, atol=1e-9)
    assert diff.id == rv.id


def test_an_rv_without_function_is_named_and_datasets_leave_them_out(tmp_path):
    model = Model()
    Part(ground=True)
    Rv(label="empty")
    with pytest.raises(ValueError, match=r"Rv \d+ 'empty': function is not set"):
        model.simulate(end=0.1)
    model = Model()
    Part(ground=True)
    Part(mass=1.0, ip=[1, 1, 1], cm=Marker())
    Rv(function="TIME")
    Dv(b=1.0)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model.save_model(tmp_path / "m.xml")
    said = [str(w.message) for w in caught]
    assert any(re.search(r"Rv \d+ was left out: response variables", m) for m in said), said
    assert any(re.search(r"Dv \d+ was left out: design variables", m) for m in said), said


def test_an_rv_goes_on_over_simulate_calls_and_is_held_in_statics():
    # statics holds the integral (it asks nothing of it); a second simulate continues it
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    bob = Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[0.3, 0, -0.4]))
    axis = [0, 1, 0]
    Joint(type="REVOLUTE", i=Marker(part=bob, zp=axis), j=Marker(part=ground, zp=axis))
    clock = Rv(function="1", ic=2.0)
    statics = model.simulate(type="STATICS", end=0.0, returnResults=True)
    assert statics.getObject(clock).getComponent("RVAL")[-1] == pytest.approx(2.0, abs=1e-12)
    model.simulate(end=0.5, dtout=0.1)
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    np.testing.assert_allclose(
        run.getObject(clock).getComponent("RVAL"), 2.0 + run.times, atol=1e-9
    )


def test_an_rv_is_in_the_result_files():
    # Model(output=...) streams RVAL and RVAL1 into the .h5 and .csv files like a request
    import msolve

    model = Model(output="rolling")
    Accgrav(kgrav=-G)
    Integrator(error=1e-9)
    Part(ground=True)
    ball = Part(mass=2.0, ip=[1, 1, 1], cm=Marker())
    fall = Rv(function=f"VZ({ball.cm.id})")
    model.simulate(end=1.0, dtout=0.25, verbose=False)
    back = msolve.read_results("rolling.h5")
    t = back.times
    got = back.getObject(f"Rv{fall.id}")
    np.testing.assert_allclose(got.getComponent("RVAL"), -G * t**2 / 2, rtol=0, atol=1e-8)
    np.testing.assert_allclose(got.getComponent("RVAL1"), -G * t, rtol=0, atol=1e-8)
    from pathlib import Path

    header = Path("rolling.csv").read_text().splitlines()[0].split(",")
    assert f"Rv{fall.id}.RVAL" in header
    assert f"Rv{fall.id}.RVAL1" in header


def test_dvs_and_rvs_survive_pickling():
    # no dataset element holds them: they travel beside the pickled dataset text, and the
    # unpickled Rv integrates as the original (RVAL of TIME from ic 2: 2 + t^2 / 2)
    import pickle

    model = Model()
    Integrator(error=1e-9)
    Part(ground=True)
    Dv(id=7, b=3.0, blimit=[1.0, 5.0], label="size")
    Rv(id=4, function="TIME", ic=2.0, label="area")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing is left out with a warning
        copy = pickle.loads(pickle.dumps(model))
    dv = next(e for e in copy._entities if type(e).__name__ == "Dv")
    rv = next(e for e in copy._entities if type(e).__name__ == "Rv")
    assert (dv.id, dv.label, float(dv), list(dv.blimit)) == (7, "size", 3.0, [1.0, 5.0])
    assert (rv.id, rv.label, rv.function, rv.ic) == (4, "area", "TIME", 2.0)
    run = copy.simulate(end=1.0, dtout=0.5, returnResults=True)
    got = run.getObject(rv).getComponent("RVAL")
    np.testing.assert_allclose(got, 2 + run.times**2 / 2, atol=1e-9)
