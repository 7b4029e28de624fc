"""Curves computed by a CURSUB routine (docs/equations.md §11): a cam follower on a CURSUB
circle against the closed form and the same circle through points, the CURVE function and
GTCURV, a compiled CURSUB, bad input named, datasets."""

import math
import shutil
import subprocess

import numpy as np
import pytest

from msolve import *

E, R, OMEGA = 0.02, 0.05, 2 * math.pi


def CURSUB(id, par, npar, alpha, iord, iflag):
    # a circle of radius par[0] about (par[1], 0, 0) in the x-y plane, alpha the angle
    r, cx = par[0], par[1]
    c, s = math.cos(alpha), math.sin(alpha)
    if iord == 0:
        return [cx + r * c, r * s, 0.0]
    if iord == 1:
        return [-r * s, r * c, 0.0]
    return [-r * c, -r * s, 0.0]


def _circle_points(radius, centre, n=360):
    a = np.linspace(0.0, 2 * math.pi, n + 1)
    u, v = centre + radius * np.cos(a), radius * np.sin(a)
    u[-1], v[-1] = u[0], v[0]
    return [[x, y, 0.0] for x, y in zip(u, v)]


def _cam_model(**curve_kwds):
    # a cam disc of radius R whose centre lies E from the pin at the origin, driven about z at
    # OMEGA; a follower sliding along x whose tip the Ptcv holds on the disc (test_cams.py)
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    cam = Part(mass=1.0, ip=[1e-3, 1e-3, 1e-3], cm=Marker())
    pin = Joint(type="REVOLUTE", i=Marker(part=cam), j=Marker(part=ground))
    Motion(joint=pin, jtype="ROTATION", function=f"{OMEGA}*TIME")
    follower = Part(mass=0.5, ip=[1e-4, 1e-4, 1e-4], cm=Marker(qp=[E + R + 0.1, 0, 0]))
    along_x = [E + R + 1, 0, 0]
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=follower, qp=[E + R, 0, 0], zp=along_x),
        j=Marker(part=ground, qp=[E + R, 0, 0], zp=along_x),
    )
    tip = Marker(part=follower, qp=[E + R, 0, 0])
    model.curve = Curve(**curve_kwds)
    Ptcv(i=tip, curve=model.curve, rm=Marker(part=cam), label="cam")
    model.d = Request(type="DISPLACEMENT", i=tip)
    return model


def _closed_form(t):
    wt = OMEGA * t
    return E * np.cos(wt) + np.sqrt(R**2 - E**2 * np.sin(wt) ** 2)


def _by_routine(routine=CURSUB):
    return dict(
        function=f"USER({R}, {E})", routine=routine, closed=True, minpar=0.0, maxpar=2 * math.pi
    )


def test_a_follower_on_a_cursub_circle_moves_as_the_closed_form_and_the_points_curve():
    model = _cam_model(**_by_routine())
    run = model.simulate(end=1.5, dtout=0.01, returnResults=True)
    x = run.getObject(model.d).getComponent("X")
    # the exact circle: only the integration's error (the curve through 360 points is 1e-7 off)
    error = np.max(np.abs(x - _closed_form(run.times)))
    assert error < 1e-9, error
    # more than a turn: the closed curve's parameter passes maxpar and is brought back
    assert run.times[-1] * OMEGA > 2 * math.pi

    points = _cam_model(xyz=_circle_points(R, E), curve_points=True, closed=True)
    by_points = points.simulate(end=1.5, dtout=0.01, returnResults=True)
    np.testing.assert_allclose(by_points.getObject(points.d).getComponent("X"), x, atol=1e-7)


def test_curve_and_gtcurv_read_a_cursub_curve():
    model = _cam_model(**_by_routine())
    cid = model.curve.id
    # outside an analysis: the routine's values themselves
    assert CURVE(0.5, 0, 1, model.curve) == pytest.approx(E + R * math.cos(0.5), abs=1e-15)
    assert CURVE(0.5, 2, 2, cid) == pytest.approx(-R * math.sin(0.5), abs=1e-15)
    values, istat = py_gtcrv(cid, 0.5, 1)
    assert istat == 0
    np.testing.assert_allclose(values, [-R * math.sin(0.5), R * math.cos(0.5), 0.0], atol=1e-15)
    # in expressions while the solver runs; the closed curve wraps alpha beyond maxpar
    out = Request(
        f2=f"CURVE(4*TIME, 0, 1, {cid})",
        f3=f"CURVE(4*TIME, 1, 2, {cid})",
        f4=f"CURVE(4*TIME + 2*PI, 0, 2, {cid})",
    )
    run = model.simulate(end=2.0, dtout=0.1, returnResults=True)
    a = 4 * run.times
    got = run.getObject(out)
    np.testing.assert_allclose(got.getComponent("F2"), E + R * np.cos(a), atol=1e-15)
    np.testing.assert_allclose(got.getComponent("F3"), R * np.cos(a), atol=1e-15)
    np.testing.assert_allclose(got.getComponent("F4"), R * np.sin(a), atol=1e-14)


def test_a_cursub_from_a_c_library_gives_the_same_motion(tmp_path):
    compiler = shutil.which("cc") or shutil.which("gcc")
    assert compiler, "a C compiler (cc) is needed to build the test's curve routine"
    source = tmp_path / "curve.c"
    source.write_text(
        "#include <math.h>\n"
        "void CURSUB(int *id, double *par, int *npar, double *alpha, int *iord, int *iflag,\n"
        "            double *values) {\n"
        "  double r = par[0], cx = par[1], c = cos(*alpha), s = sin(*alpha);\n"
        "  if (*iflag) return;\n"
        "  if (*iord == 0) { values[0] = cx + r * c; values[1] = r * s; }\n"
        "  else if (*iord == 1) { values[0] = -r * s; values[1] = r * c; }\n"
        "  else { values[0] = -r * c; values[1] = -r * s; }\n"
        "  values[2] = 0.0;\n"
        "}\n"
    )
    library = tmp_path / "libcurve.so"
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-O1", "-o", str(library), str(source), "-lm"], check=True
    )
    model = _cam_model(**_by_routine(f"{library}::CURSUB"))
    run = model.simulate(end=0.6, dtout=0.01, returnResults=True)
    error = np.max(np.abs(run.getObject(model.d).getComponent("X") - _closed_form(run.times)))
    assert error < 1e-9, error


def test_bad_cursub_curves_are_named():
    def two_numbers(id, par, npar, alpha, iord, iflag):
        return [0.0, 0.0]

    model = _cam_model(**_by_routine(two_numbers))
    model.curve.label = "lobe"
    with pytest.raises(MsolveError, match=r"Curve \d+ 'lobe': its routine \(CURSUB\) failed"):
        model.simulate(end=0.1)

    model = _cam_model(**_by_routine())
    model.curve.label = "lobe"
    model.curve.maxpar = 0.0
    with pytest.raises(ValueError, match=r"'lobe': minpar and maxpar must be .*minpar < maxpar"):
        model.simulate(end=0.1)

    model = _cam_model(**_by_routine())
    model.curve.label = "lobe"
    model.curve.xyz = _circle_points(R, E)
    with pytest.raises(ValueError, match=r"'lobe': give either its points .* or a routine"):
        model.simulate(end=0.1)


def test_a_cursub_curve_goes_through_a_dataset(tmp_path):
    model = _cam_model(**_by_routine())
    before = model.simulate(end=0.3, dtout=0.01, returnResults=True)
    path = tmp_path / "cam.xml"
    model.save_model(path)
    text = path.read_text()
    assert 'usrsub_param_string="USER(0.05, 0.02)"' in text
    assert 'usrsub_fnc_name="CURSUB"' in text
    loaded = load_model(path, allow_scripts=True)
    (curve,) = [c for c in loaded._entities if isinstance(c, Curve)]
    assert (curve.minpar, curve.maxpar, curve.closed) == (0.0, 2 * math.pi, True)
    after = loaded.simulate(end=0.3, dtout=0.01, returnResults=True)
    (request,) = [r for r in loaded._entities if isinstance(r, Request)]
    np.testing.assert_allclose(
        after.getObject(request).getComponent("X"),
        before.getObject(model.d).getComponent("X"),
        rtol=0,
        atol=1e-12,
    )
