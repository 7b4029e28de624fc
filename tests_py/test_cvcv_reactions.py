"""The CVCV function (docs/equations.md §2.8): the reactions of a Cvcv on its two parts,
against the force that keeps a roller follower on an eccentric circular cam."""

import math

import numpy as np
import pytest
from test_cvcv import _cam_roller, _closed_form

from msolve import Request


def test_the_cvcv_reaction_drives_the_follower_along_the_centre_line():
    # the follower (mass 0.5, no gravity, nothing else along x) is pushed by the Cvcv alone:
    # the x reaction on the roller (jflag 1) is m x''; the force acts along the line of the
    # two circles' centres, (x - e cos wt, -e sin wt), through the contact point (no moment
    # about it); on the cam (jflag 0) it is the opposite
    e, R, r, omega, m = 0.02, 0.05, 0.015, 2 * math.pi, 0.5
    model = _cam_roller(e, R, r, omega)
    cid = model.cvcv.id
    model.f = Request(
        type="EXPRESSION",
        f2=f"CVCV({cid}, 1, 2, 0)",
        f3=f"CVCV({cid}, 1, 3, 0)",
        f4=f"CVCV({cid}, 1, 4, 0)",
        f5=f"CVCV({cid}, 1, 5, 0)",
        f6=f"CVCV({cid}, 0, 2, 0)",
        f7=f"CVCV({cid}, 0, 3, 0)",
        f8=f"CVCV({cid}, 0, 5, 0)",
    )
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    t = run.times
    f = run.getObject(model.f)
    fx, fy, fz = (f.getComponent(c) for c in ("F2", "F3", "F4"))
    h = 1e-4
    x_of = lambda time: _closed_form(time, e, R, r, omega)  # noqa: E731
    acceleration = (x_of(t + h) - 2 * x_of(t) + x_of(t - h)) / h**2
    scale = np.abs(fx).max()
    assert scale > 0.1
    # the curvatures of the splines through 360 points of each circle, which the
    # acceleration reads, are off the circles' by O(h^2), (2 pi / 360)^2 = 3e-4 at most
    np.testing.assert_allclose(fx, m * acceleration, rtol=0, atol=3e-4 * scale)
    nx, ny = x_of(t) - e * np.cos(omega * t), -e * np.sin(omega * t)
    np.testing.assert_allclose(fx * ny - fy * nx, 0.0, atol=1e-6 * scale * (R + r))
    np.testing.assert_allclose(fz, 0.0, atol=1e-9 * scale)
    # a frictionless contact: no moment about the contact point on either part
    np.testing.assert_allclose(f.getComponent("F5"), 0.0, atol=1e-6 * scale * r)
    np.testing.assert_allclose(f.getComponent("F8"), 0.0, atol=1e-6 * scale * r)
    np.testing.assert_allclose(f.getComponent("F6"), -fx, atol=1e-8 * scale)
    np.testing.assert_allclose(f.getComponent("F7"), -fy, atol=1e-8 * scale)


def test_a_cvcv_call_for_a_missing_cvcv_is_named():
    model = _cam_roller()
    Request(type="EXPRESSION", f2="CVCV(99, 0, 2, 0)")
    with pytest.raises(ValueError, match=r"CVCV\(99,0,2,0\): there is no active Cvcv 99"):
        model.simulate(end=0.1, dtout=0.05)


def test_the_cvcv_reaction_on_exact_circles_is_the_closed_form_force():
    # the same cam and roller given by CURSUB circles (exact curvature): the force on the
    # roller is m x'' of the closed form to the integration's accuracy
    import math as m_

    from test_cursub import CURSUB

    from msolve import Curve

    e, R, r, omega, m = 0.02, 0.05, 0.015, 2 * math.pi, 0.5
    model = _cam_roller(e, R, r, omega)
    turn = dict(routine=CURSUB, closed=True, minpar=0.0, maxpar=2 * m_.pi)
    model.cvcv.icurve = Curve(function=f"USER({R}, {e})", **turn)
    model.cvcv.jcurve = Curve(function=f"USER({r}, 0)", **turn)
    cid = model.cvcv.id
    f = Request(type="EXPRESSION", f2=f"CVCV({cid}, 1, 2, 0)", f3=f"CVCV({cid}, 1, 3, 0)")
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    t = run.times
    fx = run.getObject(f).getComponent("F2")
    x_of = lambda time: _closed_form(time, e, R, r, omega)  # noqa: E731
    # x'' in closed form: x = e cos wt + sqrt(L^2 - e^2 sin^2 wt), L = R + r
    wt, L = omega * t, R + r
    root = np.sqrt(L**2 - e**2 * np.sin(wt) ** 2)
    s2 = np.sin(2 * wt)
    acceleration = omega**2 * (
        -e * np.cos(wt) - e**2 * np.cos(2 * wt) / root - (e**2 * s2 / 2) ** 2 / root**3
    )
    np.testing.assert_allclose(x_of(t), run.getObject(model.d).getComponent("X"), atol=1e-9)
    np.testing.assert_allclose(fx, m * acceleration, rtol=0, atol=1e-10 * np.abs(fx).max())
