"""The function library of the expression language against MotionSolve's reference
(docs/expression-functions.md): the catalog, KE, DELAY, the unwrapped angles, and Motions
that read Variables of TIME."""

import pathlib
import re

import numpy as np
import pytest

from msolve import *
from msolve import _core

DOC = pathlib.Path(__file__).resolve().parent.parent / "docs" / "expression-functions.md"


# -- the catalog ------------------------------------------------------------------------------


def test_the_document_lists_the_catalog_of_the_core():
    rows = re.findall(
        r"^\| `([A-Z0-9]+)` \| (\w+) \| (implemented|not available) \|", DOC.read_text(), re.M
    )
    catalog = [
        (n, g, "implemented" if ok else "not available") for n, g, ok, _ in _core.function_catalog()
    ]
    assert rows == catalog


def test_every_function_the_core_knows_is_implemented_in_the_catalog():
    implemented = {name for name, _, ok, _ in _core.function_catalog() if ok}
    for names in _core.function_names().values():
        assert set(names) <= implemented
    names = [name for name, *_ in _core.function_catalog()]
    assert len(names) == len(set(names))
    assert {"KE", "DELAY", "IF", "AKISPL", "VARVAL"} <= implemented


def block_on_slide():
    """A 2 kg block (inertia diag(0.1, 0.2, 0.3)) on a translational joint along global x."""
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    block = Part(mass=2.0, ip=[0.1, 0.2, 0.3], cm=Marker(qp=[0, 0, 0]))
    slide = Joint(
        type="TRANSLATIONAL",
        i=Marker(part=block, qp=[0, 0, 0], zp=[1, 0, 0]),
        j=Marker(part=ground, qp=[0, 0, 0], zp=[1, 0, 0]),
    )
    return model, block, slide


def test_a_function_msolve_does_not_have_is_refused_with_its_reason():
    model, _, _ = block_on_slide()
    Variable(function="QUISPL(TIME, 0, 1)", label="table")
    with pytest.raises(
        ValueError, match=r"'table'.*function 'QUISPL' is not available in msolve: .*quintic"
    ):
        model.simulate(end=0.1)


# -- INTERP -----------------------------------------------------------------------------------


def test_interp_interpolates_a_tabulated_sine_linearly_and_by_cubics():
    # sin t tabulated at 61 knots over [0, 2 pi], h = pi / 30: INTERP(TIME, 1, id) is the
    # broken line through the table, within h^2 / 8 of sin (and close to that bound);
    # INTERP(TIME, 3, id) the natural cubic spline, within 5 h^4 / 384 of sin (sin'' is zero
    # at both ends, as the natural spline's), its derivative (iord 1) near cos
    knots = np.linspace(0.0, 2 * np.pi, 61)
    h = knots[1]
    model, _, slide = block_on_slide()
    Motion(joint=slide, jtype="TRANSLATION", function="TIME")
    table = Spline(x=list(knots), y=list(np.sin(knots)))
    n = table.id

    def by_routine(id, time, par, npar, dflag, iflag):
        return INTERP(time, 3, table, 1)

    in_routine = Variable(function="USER(0)", routine=by_routine)
    out = Request(
        f8=f"VARVAL({in_routine.id})",
        f2=f"INTERP(TIME, 1, {n})",
        f3=f"INTERP(TIME, 3, {n})",
        f4=f"INTERP(TIME, 3, {n}, 1)",
        f6=f"LINSPL(TIME, 0, {n})",
        f7=f"CUBSPL(TIME, 0, {n})",
    )
    run = model.simulate(end=knots[-1], dtout=knots[-1] / 480, returnResults=True)
    t, r = run.times, run.getObject(out)
    linear, cubic = r.getComponent("F2"), r.getComponent("F3")
    assert np.abs(linear - np.sin(t)).max() <= h**2 / 8
    assert np.abs(linear - np.sin(t)).max() > 0.9 * h**2 / 8 * np.sin(np.pi / 2 - h)
    assert np.abs(cubic - np.sin(t)).max() <= 5 * h**4 / 384
    np.testing.assert_allclose(r.getComponent("F4"), np.cos(t), rtol=0, atol=h**3)
    np.testing.assert_array_equal(linear, r.getComponent("F6"))
    np.testing.assert_array_equal(cubic, r.getComponent("F7"))
    np.testing.assert_allclose(r.getComponent("F8"), r.getComponent("F4"), rtol=0, atol=1e-14)


@pytest.mark.parametrize(
    ("call", "reason"),
    [
        ("INTERP(TIME, 2, {n})", r"method of INTERP must be 1 \(linear\) or 3"),
        ("INTERP(TIME, 1, 99)", "unknown spline id 99"),
        ("INTERP(TIME, 1, {n}, 3)", "derivative order iord of INTERP"),
        ("INTERP(TIME, 1)", "INTERP takes 3 or 4 arguments"),
    ],
)
def test_a_bad_interp_call_names_its_owner(call, reason):
    model, _, _ = block_on_slide()
    table = Spline(x=[0.0, 1.0, 2.0, 3.0], y=[0.0, 1.0, 0.0, 1.0])
    Variable(function=call.format(n=table.id), label="lookup")
    with pytest.raises(ValueError, match=r"(?s)'lookup'.*" + reason):
        model.simulate(end=0.1)


# -- KE ---------------------------------------------------------------------------------------


def test_ke_of_a_translating_and_a_rotating_part():
    # block: x = 0.5 t + 0.1 t^2, KE = m v^2 / 2; wheel spinning about its z axis (through
    # its mass centre) at w = 2 + 3 t, KE = Izz w^2 / 2; KE(0) is their sum and the energy
    # output's kinetic energy
    model, block, slide = block_on_slide()
    Motion(joint=slide, jtype="TRANSLATION", function="0.5*TIME + 0.1*TIME**2")
    wheel = Part(mass=3.0, ip=[0.4, 0.4, 0.7], cm=Marker(qp=[0, 2, 0]))
    axle = Joint(
        type="REVOLUTE",
        i=Marker(part=wheel, qp=[0, 2, 0], zp=[0, 2, 1]),
        j=Marker(part=slide.j.part, qp=[0, 2, 0], zp=[0, 2, 1]),
    )
    Motion(joint=axle, jtype="ROTATION", function="2*TIME + 1.5*TIME**2")
    energies = Request(f2=f"KE({block.id})", f3=f"KE({wheel.id})", f4="KE(0)")
    run = model.simulate(end=2.0, dtout=0.05, returnResults=True)
    t = run.times
    e = run.getObject(energies)
    ke_block = 0.5 * 2.0 * (0.5 + 0.2 * t) ** 2
    ke_wheel = 0.5 * 0.7 * (2 + 3 * t) ** 2
    np.testing.assert_allclose(e.getComponent("F2"), ke_block, rtol=1e-9, atol=1e-12)
    np.testing.assert_allclose(e.getComponent("F3"), ke_wheel, rtol=1e-9)
    np.testing.assert_allclose(e.getComponent("F4"), ke_block + ke_wheel, rtol=1e-9)
    np.testing.assert_allclose(e.getComponent("F4"), run.energy.getComponent("KINETIC"), rtol=1e-12)


def test_ke_in_a_routine_equals_the_expression():
    model, block, slide = block_on_slide()
    Motion(joint=slide, jtype="TRANSLATION", function="0.5*TIME + 0.1*TIME**2")

    def energy(id, time, par, npar, dflag, iflag):
        return KE(block) + 10 * KE()

    by_routine = Variable(function="USER(0)", routine=energy)
    out = Request(f2=f"VARVAL({by_routine.id})", f3=f"11*KE({block.id})")
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    got = run.getObject(out)
    np.testing.assert_allclose(got.getComponent("F2"), got.getComponent("F3"), rtol=1e-14)
    assert got.getComponent("F3")[-1] == pytest.approx(11 * 0.5 * 2.0 * 0.7**2)


def test_ke_of_the_ground_is_zero_and_an_unknown_part_is_named():
    model, _, slide = block_on_slide()
    Motion(joint=slide, jtype="TRANSLATION", function="TIME")
    ground_ke = Request(f2=f"KE({slide.j.part.id})")
    run = model.simulate(end=0.5, dtout=0.1, returnResults=True)
    np.testing.assert_array_equal(run.getObject(ground_ke).getComponent("F2"), 0.0)
    model, _, slide = block_on_slide()
    Sforce(
        i=slide.i,
        j=Marker(part=slide.j.part, qp=[-1, 0, 0]),
        type="TRANSLATION",
        function="-KE(77)",
        label="drag",
    )
    with pytest.raises(ValueError, match=r"Sforce .*'drag'.*unknown part id 77"):
        model.simulate(end=0.1)


def test_ke_as_a_force_input_has_the_right_jacobian():
    # a damper whose force is -c KE / v = -c m v / 2 along the slide: v' = -(c/2) v, so
    # v = v0 exp(-c t / 2) (the force depends on the velocity only through KE)
    model, block, slide = block_on_slide()
    block.vx = 1.0
    # repulsive along the line from j (behind the block) to i: along global x
    behind = Marker(part=slide.j.part, qp=[-1, 0, 0])
    Sforce(
        i=slide.i,
        j=behind,
        type="TRANSLATION",
        function=f"-0.8*KE({block.id})/VX({slide.i.id})",
    )
    v = Request(type="VELOCITY", i=slide.i, j=slide.j, rm=slide.j)
    run = model.simulate(end=2.0, dtout=0.1, returnResults=True)
    np.testing.assert_allclose(
        run.getObject(v).getComponent("VZ"), np.exp(-0.4 * run.times), rtol=1e-6
    )


# -- DELAY ------------------------------------------------------------------------------------


def test_delay_of_sin_time_is_sin_of_the_earlier_time():
    # DELAY(SIN(TIME), d, ic) = sin(t - d) once t >= d, ic before; the history is linear
    # between accepted steps, so the error is at most h^2 max|sin''| / 8 with h the longest
    # step (docs/expression-functions.md)
    model, _, slide = block_on_slide()
    Motion(joint=slide, jtype="TRANSLATION", function="0.1*SIN(TIME)")
    delayed = Variable(function="DELAY(SIN(TIME), 0.33, -1)")
    changing = Variable(function="DELAY(TIME**2, 0.2 + 0.1*TIME, 5)")
    out = Request(f2=f"VARVAL({delayed.id})", f3=f"VARVAL({changing.id})")
    run = model.simulate(end=3.0, dtout=0.05, returnResults=True)
    t = run.times
    h = np.diff(np.concatenate([[0.0], run.stepTimes])).max()
    bound = h * h / 8 + 1e-12
    got = run.getObject(out)
    assert got.getComponent("F2")[t < 0.33] == pytest.approx(-1.0)
    np.testing.assert_allclose(
        got.getComponent("F2")[t >= 0.33], np.sin(t[t >= 0.33] - 0.33), atol=bound
    )
    # a delay that changes with time: t^2 at t - (0.2 + 0.1 t), (x^2)'' = 2
    key = t - (0.2 + 0.1 * t)
    assert got.getComponent("F3")[key < 0] == pytest.approx(5.0)
    np.testing.assert_allclose(got.getComponent("F3")[key >= 0], key[key >= 0] ** 2, atol=2 * bound)


def test_delay_of_a_state_drives_a_force():
    # a spring pulling on the block with its own position 0.5 s earlier: while t < 0.5 the
    # force is the ic (1 N pushing it away from j, along +x), so x = t^2 / 4 (m = 2) exactly
    model, _, slide = block_on_slide()
    behind = Marker(part=slide.j.part, qp=[-1, 0, 0])
    Sforce(
        i=slide.i,
        j=behind,
        type="TRANSLATION",
        function=f"DELAY(-10*(DX({slide.i.id},{behind.id}) - 1), 0.5, 1)",
    )
    d = Request(type="DISPLACEMENT", i=slide.i, j=slide.j, rm=slide.j)
    run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    t = run.times
    x = run.getObject(d).getComponent("Z")
    np.testing.assert_allclose(x[t < 0.5], t[t < 0.5] ** 2 / 4, atol=1e-9)
    # later the force is -10 x(t - 0.5) = -10 (t - 0.5)^2 / 4 < 0: the block slows down
    assert x[-1] < 0.25 * t[-1] ** 2


def test_delay_is_refused_in_a_motion():
    model, _, slide = block_on_slide()
    Motion(joint=slide, jtype="TRANSLATION", function="DELAY(TIME, 1, 0)", label="late")
    with pytest.raises(ValueError, match=r"'late'.*DELAY is not available in a motion"):
        model.simulate(end=0.1)


# -- unwrapped angles -------------------------------------------------------------------------


def test_axu_is_the_angle_followed_through_whole_turns():
    model, _, slide = block_on_slide()
    wheel = Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[0, 2, 0]))
    axle = Joint(
        type="REVOLUTE",
        i=Marker(part=wheel, qp=[0, 2, 0], zp=[0, 2, 1]),
        j=Marker(part=slide.j.part, qp=[0, 2, 0], zp=[0, 2, 1]),
    )
    Motion(joint=axle, jtype="ROTATION", function="3*TIME")
    Motion(joint=slide, jtype="TRANSLATION", function="0")
    angles = Request(f2=f"AZU({axle.i.id},{axle.j.id})", f3=f"AZ({axle.i.id},{axle.j.id})")
    run = model.simulate(end=4.0, dtout=0.1, returnResults=True)
    got = run.getObject(angles)
    np.testing.assert_allclose(got.getComponent("F2"), 3 * run.times, atol=1e-8)
    np.testing.assert_array_equal(got.getComponent("F2"), got.getComponent("F3"))


# -- motions of Variables of TIME ---------------------------------------------------------------


def test_motion_driven_by_a_chain_of_time_variables():
    # x = 2 v1 + 0.01 sin(t), v1 = 0.3 t^2: position and velocity exact
    model, _, slide = block_on_slide()
    v1 = Variable(function="0.3*TIME**2")
    v2 = Variable(function=f"2*VARVAL({v1.id}) + 0.01*SIN(TIME) + PI - PI")
    Motion(joint=slide, jtype="TRANSLATION", function=f"VARVAL({v2.id})")
    d = Request(type="DISPLACEMENT", i=slide.i, j=slide.j, rm=slide.j)
    v = Request(type="VELOCITY", i=slide.i, j=slide.j, rm=slide.j)
    a = Request(type="ACCELERATION", i=slide.i, j=slide.j, rm=slide.j)
    run = model.simulate(end=2.0, dtout=0.05, returnResults=True)
    t = run.times
    np.testing.assert_allclose(
        run.getObject(d).getComponent("Z"), 0.6 * t**2 + 0.01 * np.sin(t), atol=1e-10
    )
    np.testing.assert_allclose(
        run.getObject(v).getComponent("VZ"), 1.2 * t + 0.01 * np.cos(t), atol=1e-8
    )
    np.testing.assert_allclose(
        run.getObject(a).getComponent("ACCZ"), 1.2 - 0.01 * np.sin(t), atol=1e-5
    )


def test_motion_of_a_variable_of_the_state_is_refused_naming_the_variable():
    model, _, slide = block_on_slide()
    position = Variable(function=f"DX({slide.i.id})", label="where")
    scaled = Variable(function=f"2*VARVAL({position.id})", label="twice")
    Motion(joint=slide, jtype="TRANSLATION", function=f"VARVAL({scaled.id})", label="drive")
    with pytest.raises(
        ValueError,
        match=r"'drive': the motion function may depend on TIME only, but it reads Variable "
        r".*'twice', where it reads Variable .*'where', where it reads the state",
    ):
        model.simulate(end=0.1)


def test_delay_goes_on_with_its_history_after_the_model_changed():
    # a simulate after a model change compiles the model again: the DELAY history of the
    # Variable is carried over (docs/architecture.md §3.1), so just after t = 1 the value is
    # sin(t - 0.33), not the ic
    model, _, slide = block_on_slide()
    Motion(joint=slide, jtype="TRANSLATION", function="0.1*SIN(TIME)")
    delayed = Variable(function="DELAY(SIN(TIME), 0.33, -1)")
    Request(f2=f"VARVAL({delayed.id})")
    before = model.simulate(end=1.0, dtout=0.05, returnResults=True)
    first = model._simulation
    out = Request(f2=f"VARVAL({delayed.id})")
    run = model.simulate(end=1.3, dtout=0.05, returnResults=True)
    assert model._simulation is not first
    t = run.times
    h = np.diff(np.concatenate([[0.0], before.stepTimes, run.stepTimes])).max()
    np.testing.assert_allclose(
        run.getObject(out).getComponent("F2"), np.sin(t - 0.33), atol=max(h * h / 8, 1e-6)
    )
