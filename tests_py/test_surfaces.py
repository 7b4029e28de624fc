"""Parametric surfaces (Surface, SURSUB; docs/equations.md §12) and the constraints on them:
a particle on a frictionless sphere and on an inclined plane (Ptsf, §2.9) against their closed
forms, a wheel on a moving drum (Cvsf, §2.10) against the geometry of two touching circles,
bad input named, datasets."""

import math
import shutil
import subprocess

import numpy as np
import pytest

from msolve import *

G = 9.81


def SPHERE(id, par, npar, alpha, beta, iord, iflag):
    # a sphere of radius par[0] about the origin, its pole axis along y: v the latitude
    r, u, v = par[0], alpha, beta
    cu, su, cv, sv = math.cos(u), math.sin(u), math.cos(v), math.sin(v)
    if iord == 0:
        return [r * cv * cu, r * sv, r * cv * su]
    if iord == 1:
        return [[-r * cv * su, 0.0, r * cv * cu], [-r * sv * cu, r * cv, -r * sv * su]]
    return [
        [-r * cv * cu, 0.0, -r * cv * su],
        [r * sv * su, 0.0, -r * sv * cu],
        [-r * cv * cu, -r * sv, -r * cv * su],
    ]


def PLANE(id, par, npar, alpha, beta, iord, iflag):
    # the x-y plane of its marker, flat as a list of 3, 6 or 9 numbers
    if iord == 0:
        return [alpha, beta, 0.0]
    if iord == 1:
        return [1.0, 0.0, 0.0, 0.0, 1.0, 0.0]
    return [0.0] * 9


def DRUM(id, par, npar, alpha, beta, iord, iflag):
    # a cylinder of radius par[0] about the y axis, u the angle from x towards z, v along y
    r, c, s = par[0], math.cos(alpha), math.sin(alpha)
    if iord == 0:
        return [r * c, beta, r * s]
    if iord == 1:
        return [-r * s, 0.0, r * c, 0.0, 1.0, 0.0]
    return [-r * c, 0.0, -r * s, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]


def RIM(id, par, npar, alpha, iord, iflag):
    # a circle of radius par[0] in the x-z plane of its marker
    r, c, s = par[0], math.cos(alpha), math.sin(alpha)
    return [[r * c, 0.0, r * s], [-r * s, 0.0, r * c], [-r * c, 0.0, -r * s]][iord]


def _sphere_model(radius=1.0, theta0=0.3, mass=2.0):
    model = Model()
    Integrator(error=1e-9)
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    start = [radius * math.sin(theta0), 0.0, radius * math.cos(theta0)]
    ball = Part(mass=mass, ip=[1e-2, 1e-2, 1e-2], cm=Marker(qp=start))
    model.surface = Surface(
        function=f"USER({radius})",
        routine=SPHERE,
        uclosed=True,
        minpar=[0.0, -math.pi / 2],
        maxpar=[2 * math.pi, math.pi / 2],
        label="sphere",
    )
    model.ptsf = Ptsf(i=ball.cm, surface=model.surface, rm=Marker(part=ground), label="on sphere")
    model.d = Request(type="DISPLACEMENT", i=ball.cm)
    model.v = Request(type="VELOCITY", i=ball.cm)
    model.a = Request(type="ACCELERATION", i=ball.cm)
    return model


def _components(run, request, names):
    got = run.getObject(request)
    return np.stack([got.getComponent(n) for n in names], axis=1)


def test_a_particle_slides_on_a_frictionless_sphere_as_energy_and_newton_say():
    radius, theta0, mass = 1.0, 0.3, 2.0
    model = _sphere_model(radius, theta0, mass)
    run = model.simulate(end=0.8, dtout=0.01, returnResults=True)
    p = _components(run, model.d, ["X", "Y", "Z"])
    v = _components(run, model.v, ["VX", "VY", "VZ"])
    a = _components(run, model.a, ["ACCX", "ACCY", "ACCZ"])
    # on the sphere to 1e-9
    assert np.max(np.abs(np.linalg.norm(p, axis=1) - radius)) < 1e-9
    cos_theta = p[:, 2] / radius
    assert cos_theta[-1] < math.cos(theta0) - 0.2  # it went well down the side
    # speed from energy: v^2 = 2 g R (cos theta0 - cos theta)
    speed2 = np.sum(v * v, axis=1)
    np.testing.assert_allclose(speed2, 2 * G * radius * (math.cos(theta0) - cos_theta), atol=1e-6)
    # the normal reaction from Newton along the radius, m a.e_r = N - m g cos theta, against
    # N = m g (3 cos theta - 2 cos theta0) (negative once the particle would lift off: the
    # constraint holds it)
    e_r = p / radius
    normal = mass * (np.sum(a * e_r, axis=1) + G * cos_theta)
    closed = mass * G * (3 * cos_theta - 2 * math.cos(theta0))
    np.testing.assert_allclose(normal, closed, atol=1e-5 * mass * G)
    assert closed[0] > 0 > closed[-1]
    # the reaction is normal to the surface: no tangential force but gravity's
    tangential = mass * (a - np.array([0.0, 0.0, -G]))
    tangential -= np.sum(tangential * e_r, axis=1)[:, None] * e_r
    assert np.max(np.abs(tangential)) < 1e-5 * mass * G


START = 0.1


def _plane_model(slope=0.4, disp=None):
    model = Model()
    Integrator(error=1e-9)
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    # the plane's marker: x down the slope of angle `slope`, z its normal
    down = [math.cos(slope), 0.0, -math.sin(slope)]
    normal = [math.sin(slope), 0.0, math.cos(slope)]
    plane = Marker(part=ground, qp=[0, 0, 0], zp=normal, xp=down)
    # the block starts START down the slope, where disp (in the plane's frame) says
    block = Part(mass=3.0, ip=[1, 1, 1], cm=Marker(qp=[START * c for c in down]))
    model.surface = Surface(routine=PLANE, minpar=[-10.0, -10.0], maxpar=[10.0, 10.0])
    model.ptsf = Ptsf(i=block.cm, surface=model.surface, rm=plane, disp=disp)
    model.d = Request(type="DISPLACEMENT", i=block.cm)
    model.a = Request(type="ACCELERATION", i=block.cm)
    return model


def test_a_block_slides_down_an_inclined_plane_with_g_sin_a():
    slope = 0.4
    model = _plane_model(slope, disp=[START, 0.0, 0.0])
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    p = _components(run, model.d, ["X", "Y", "Z"])
    a = _components(run, model.a, ["ACCX", "ACCY", "ACCZ"])
    s = START + 0.5 * G * math.sin(slope) * run.times**2  # the distance down the slope
    np.testing.assert_allclose(p[:, 0], s * math.cos(slope), atol=1e-8)
    np.testing.assert_allclose(p[:, 2], -s * math.sin(slope), atol=1e-8)
    # the reaction: m (a - g) = N n, N = m g cos(slope)
    reaction = 3.0 * (a - np.array([0.0, 0.0, -G]))
    n = np.array([math.sin(slope), 0.0, math.cos(slope)])
    np.testing.assert_allclose(reaction @ n, 3.0 * G * math.cos(slope), rtol=1e-9)
    np.testing.assert_allclose(
        np.linalg.norm(reaction - np.outer(reaction @ n, n), axis=1), 0.0, atol=1e-8
    )


DRUM_R, RIM_R, X0, V = 0.5, 0.2, -0.3, 0.2


def _wheel_model():
    # a wheel on a vertical slider whose rim circle (x-z plane) touches a drum (a cylinder
    # about y) that a motion drives along x: the wheel rides over the drum
    model = Model()
    Integrator(error=1e-10)
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    d = DRUM_R + RIM_R
    h0 = math.sqrt(d * d - X0 * X0)
    up = [0.0, 0.0, h0 + 1.0]
    wheel = Part(mass=1.0, ip=[1e-2, 1e-2, 1e-2], cm=Marker(qp=[0.0, 0.0, h0]))
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=wheel, qp=[0, 0, h0], zp=up),
        j=Marker(part=ground, qp=[0, 0, h0], zp=up),
    )
    drum = Part(mass=5.0, ip=[1, 1, 1], cm=Marker(qp=[X0, 0.0, 0.0]))
    along_x = [X0 + 1.0, 0.0, 0.0]
    slide = Joint(
        type="TRANSLATIONAL",
        i=Marker(part=drum, qp=[X0, 0, 0], zp=along_x),
        j=Marker(part=ground, qp=[X0, 0, 0], zp=along_x),
    )
    Motion(joint=slide, jtype="TRANSLATION", function=f"{V}*TIME")
    rim = Curve(function=f"USER({RIM_R})", routine=RIM, closed=True, minpar=0.0, maxpar=2 * math.pi)
    model.surface = Surface(
        function=f"USER({DRUM_R})",
        routine=DRUM,
        uclosed=True,
        minpar=[0.0, -1.0],
        maxpar=[2 * math.pi, 1.0],
    )
    model.cvsf = Cvsf(
        curve=rim, irm=wheel.cm, surface=model.surface, jrm=drum.cm, label="rim on drum"
    )
    model.d = Request(type="DISPLACEMENT", i=wheel.cm)
    model.a = Request(type="ACCELERATION", i=wheel.cm)
    return model


def test_a_wheel_rides_over_a_moving_drum_as_two_touching_circles():
    model = _wheel_model()
    run = model.simulate(end=3.0, dtout=0.05, returnResults=True)
    d = DRUM_R + RIM_R
    x = X0 + V * run.times
    h = np.sqrt(d * d - x * x)  # the centres are d apart
    z = run.getObject(model.d).getComponent("Z")
    np.testing.assert_allclose(z, h, atol=1e-9)
    assert x[0] < 0 < x[-1]  # over the top
    # the wheel's acceleration: h'' = -V^2 d^2 / h^3
    np.testing.assert_allclose(
        run.getObject(model.a).getComponent("ACCZ"), -V * V * d * d / h**3, atol=1e-7
    )


def test_bad_surfaces_and_surface_constraints_are_named():
    model = _sphere_model()
    model.surface.routine = None
    with pytest.raises(ValueError, match=r"Surface \d+ 'sphere': it has no routine \(SURSUB\)"):
        model.simulate(end=0.1)

    model = _sphere_model()
    model.surface.maxpar = [2 * math.pi, -2.0]
    with pytest.raises(ValueError, match=r"'sphere': minpar and maxpar must be .* in v"):
        model.simulate(end=0.1)

    def two_numbers(id, par, npar, alpha, beta, iord, iflag):
        return [0.0, 0.0]

    model = _sphere_model()
    model.surface.routine = two_numbers
    with pytest.raises(MsolveError, match=r"'sphere': its routine \(SURSUB\) failed"):
        model.simulate(end=0.1)

    model = _sphere_model()
    model.ptsf.surface = None
    with pytest.raises(ValueError, match=r"Ptsf \d+ 'on sphere': surface is not set"):
        model.simulate(end=0.1)

    model = _sphere_model()
    model.ptsf.rm = Marker(part=model.ptsf.i.part)
    with pytest.raises(ValueError, match=r"'on sphere': markers i .* are on the same part"):
        model.simulate(end=0.1)

    with pytest.raises(ValueError, match=r"Surface: attribute .minpar. must be a list of 2"):
        Surface(minpar=[0.0])
    with pytest.raises(TypeError, match=r"Ptsf.*surface"):
        Ptsf(surface=Curve())

    model = _wheel_model()
    model.cvsf.jrm = Marker(part=model.cvsf.irm.part)
    with pytest.raises(ValueError, match=r"'rim on drum': markers irm .* are on the same part"):
        model.simulate(end=0.1)


def test_cvsf_no_slip_is_accepted_without_effect_and_said_so():
    model = _wheel_model()
    model.cvsf.no_slip = True
    run = model.simulate(end=0.2, dtout=0.1, returnResults=True)
    assert any("no_slip" in m and "no effect" in m for m in run.messages)


def test_surface_constraints_go_through_a_dataset(tmp_path):
    model = _plane_model(0.4, disp=[START, 0.0, 0.0])
    before = model.simulate(end=0.5, dtout=0.05, returnResults=True)
    path = tmp_path / "plane.xml"
    model.save_model(path)
    text = path.read_text()
    assert "<Reference_ParamSurface" in text
    assert 'usrsub_fnc_name="PLANE"' in text
    assert "<Constraint_PTSF" in text
    assert 'disp_x0="0.1"' in text
    loaded = load_model(path, allow_scripts=True)
    (surface,) = [s for s in loaded._entities if isinstance(s, Surface)]
    assert (list(surface.minpar), list(surface.maxpar)) == ([-10.0, -10.0], [10.0, 10.0])
    after = loaded.simulate(end=0.5, dtout=0.05, returnResults=True)
    (request,) = [
        r for r in loaded._entities if isinstance(r, Request) and r.type == "DISPLACEMENT"
    ]
    np.testing.assert_allclose(
        after.getObject(request).getComponent("X"),
        before.getObject(model.d).getComponent("X"),
        atol=1e-12,
    )

    wheel = _wheel_model()
    # the guess: the rim's point towards the drum's centre
    d = DRUM_R + RIM_R
    guess = [RIM_R * X0 / d, 0.0, -RIM_R * math.sqrt(d * d - X0 * X0) / d]
    wheel.cvsf.idisp = guess
    path = tmp_path / "wheel.xml"
    wheel.save_model(path)
    text = path.read_text()
    assert "<Constraint_CVSF" in text
    assert 'i_disp_x0="-0.08' in text
    loaded = load_model(path, allow_scripts=True)
    (cvsf,) = [c for c in loaded._entities if isinstance(c, Cvsf)]
    assert cvsf.label == "rim on drum"
    np.testing.assert_allclose(list(cvsf.idisp), guess, rtol=1e-15)
    run = loaded.simulate(end=1.0, dtout=0.1, returnResults=True)
    (request,) = [
        r for r in loaded._entities if isinstance(r, Request) and r.type == "DISPLACEMENT"
    ]
    x = X0 + V * run.times
    np.testing.assert_allclose(
        run.getObject(request).getComponent("Z"),
        np.sqrt((DRUM_R + RIM_R) ** 2 - x * x),
        atol=1e-9,
    )


def test_a_point_leaving_an_open_surface_stops_the_run_naming_it():
    model = _plane_model(0.4, disp=[START, 0.0, 0.0])
    model.surface.maxpar = [0.5, 10.0]
    model.ptsf.label = "slide"
    with pytest.raises(MsolveError, match=r"'slide'.*left its surface \(the parameter u = ") as e:
        model.simulate(end=1.0, dtout=0.05)
    # the results up to there are kept: the block got near the edge
    run = e.value.results
    assert run.times[-1] > 0.3


def test_a_sursub_from_a_c_library_gives_the_same_motion(tmp_path):
    compiler = shutil.which("cc") or shutil.which("gcc")
    assert compiler, "a C compiler (cc) is needed to build the test's surface routine"
    source = tmp_path / "plane.c"
    source.write_text(
        "void SURSUB(int *id, double *par, int *npar, double *alpha, double *beta, int *iord,\n"
        "            int *iflag, double *values) {\n"
        "  int k;\n"
        "  if (*iflag) return;\n"
        "  for (k = 0; k < 9; ++k) values[k] = 0.0;\n"
        "  if (*iord == 0) { values[0] = *alpha; values[1] = *beta; }\n"
        "  else if (*iord == 1) { values[0] = 1.0; values[4] = 1.0; }\n"
        "}\n"
    )
    library = tmp_path / "libplane.so"
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-O1", "-o", str(library), str(source)], check=True
    )
    python = _plane_model(0.4, disp=[START, 0.0, 0.0])
    before = python.simulate(end=0.5, dtout=0.05, returnResults=True)
    compiled = _plane_model(0.4, disp=[START, 0.0, 0.0])
    compiled.surface.routine = f"{library}::SURSUB"
    after = compiled.simulate(end=0.5, dtout=0.05, returnResults=True)
    np.testing.assert_allclose(
        after.getObject(compiled.d).getComponent("X"),
        before.getObject(python.d).getComponent("X"),
        atol=1e-12,
    )


def test_a_cvsf_state_is_saved_reloaded_and_continued_after_a_change(tmp_path):
    # the Cvsf's two parameter bodies keep their own states through Model.save / reload and
    # through a model change between simulate calls
    model = _wheel_model()
    model.simulate(end=0.5, dtout=0.1)
    path = tmp_path / "wheel.state"
    model.save(str(path))
    model.reload(str(path))
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    model.d.comment = "changed"  # a change: compiled again, continued from the state
    later = model.simulate(end=1.5, dtout=0.1, returnResults=True)
    d = DRUM_R + RIM_R
    for r in (run, later):
        x = X0 + V * r.times
        np.testing.assert_allclose(
            r.getObject(model.d).getComponent("Z"), np.sqrt(d * d - x * x), atol=1e-9
        )


def test_joint_coordinates_fall_back_naming_the_surface_constraint():
    # the surface parameters are a body of the Ptsf's own, which the tree form cannot take:
    # coordinates="JOINT" falls back to body coordinates and the log names the constraint
    model = _sphere_model()
    Integrator(error=1e-6, coordinates="JOINT")
    run = model.simulate(end=0.05, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    assert (
        "Integrator coordinates=JOINT not applied (Ptsf 1 'on sphere' carries a parameter body "
        "of its own): body coordinates" in run.messages
    )
