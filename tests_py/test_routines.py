"""Python user routines inside the solver: signatures, runtime functions, the dependency
pass, errors. Facts cite docs/motionsolve-compatibility.md §3.2-3.4 (signatures, runtime functions),
docs/motionsolve-compatibility.md §3.3 (iflag), docs/motionsolve-compatibility.md §3.5 (errors keep
the results)."""

import math

import models
import numpy as np
import pytest

from msolve import *

# the spring-mass block of test_forces.py: mass M on a TRANSLATIONAL joint along x, released
# at x = 1 + X0 from rest, spring of free length 1 to the ground origin
M, K, C, X0 = 2.0, 50.0, 2.0, 0.1


def damped_oscillation(t):
    # m x'' + c x' + k x = 0, x(0) = x0, x'(0) = 0 (underdamped, closed form)
    wn, z = math.sqrt(K / M), C / (2 * math.sqrt(K * M))
    wd = wn * math.sqrt(1 - z * z)
    return np.exp(-z * wn * t) * (X0 * np.cos(wd * t) + z * wn * X0 / wd * np.sin(wd * t))


def test_sforce_routine_spring_matches_the_expression_and_the_closed_form():
    # SFOSUB(id, time, par, npar, dflag, iflag) -> magnitude
    # (docs/motionsolve-compatibility.md §3.2); par from function="USER(k, c)" (§3.1)
    def block_position(routine):
        model, block, anchor, _ = models.sliding_block(M, X0)
        if routine:

            def spring(id, time, par, npar, dflag, iflag):
                return -par[0] * (DM(block.cm, anchor) - 1) - par[1] * VR(block.cm, anchor)

            Sforce(i=block.cm, j=anchor, function=f"USER({K}, {C})", routine=spring)
        else:
            i, j = block.cm.id, anchor.id
            Sforce(i=block.cm, j=anchor, function=f"-{K}*(DM({i},{j})-1) - {C}*VR({i},{j})")
        run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
        return run.times, run.getObject(block).getComponent("X") - 1.0

    t, x_routine = block_position(True)
    _, x_expression = block_position(False)
    np.testing.assert_allclose(x_routine, damped_oscillation(t), rtol=0, atol=1e-7)
    np.testing.assert_allclose(x_routine, x_expression, rtol=0, atol=1e-7)


def test_diff_routine_integrating_time_gives_half_t_squared():
    # DIFSUB returns y' = time, y(0) = 0: y = t^2 / 2, read with DIF in an expression
    model = Model()
    Part(ground=True)
    diff = Diff(routine=lambda id, time, par, npar, dflag, iflag: time, ic=0.0)
    req = Request(f1=f"DIF({diff.id})", f2=f"DIF1({diff.id})")
    run = model.simulate(end=2.0, dtout=0.1, returnResults=True)
    t = run.times
    np.testing.assert_allclose(run.getObject(req).getComponent("F1"), t**2 / 2, atol=1e-6)
    np.testing.assert_allclose(run.getObject(req).getComponent("F2"), t, atol=1e-9)


def test_variable_routine_read_with_varval_in_an_expression():
    # VARSUB gives the spring force; the Sforce expression reads it with VARVAL: the undamped
    # spring, x = x0 cos(sqrt(k/m) t)
    model, block, anchor, _ = models.sliding_block(M, X0)
    force = Variable(routine=lambda id, time, par, npar, dflag, iflag: -K * (DX(block.cm) - 1.0))
    Sforce(i=block.cm, j=anchor, function=f"VARVAL({force.id})")
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    x = run.getObject(block).getComponent("X") - 1.0
    np.testing.assert_allclose(x, X0 * np.cos(math.sqrt(K / M) * run.times), atol=1e-7)


def two_free_bodies():
    model = Model()
    Integrator(error=1e-10)
    ground = Part(ground=True)
    a = Part(mass=2.0, ip=[1, 1, 4.0], qg=[1, 0, 0])
    a.cm = Marker(part=a)
    b = Part(mass=3.0, ip=[1, 1, 5.0], qg=[0, 0, 0])
    b.cm = Marker(part=b)
    return model, ground, a, b


def test_vforce_routine_returns_three_components_in_rm_axes():
    # VFOSUB returns 3 values (§3.2), as the expression test of test_forces.py: rm turned 90 deg
    # about z, fx = 6 pushes a along +y (a = 6/2) and b along -y (a = 6/3)
    model, ground, a, b = two_free_bodies()
    rm = Marker(part=ground, reuler=[math.pi / 2, 0, 0])
    Vforce(
        i=a.cm,
        jfloat=Marker(part=b),
        rm=rm,
        routine=lambda id, time, par, npar, dflag, iflag: [6.0, 0.0, 0.0],
    )
    run = model.simulate(end=0.2, dtout=0.1, returnResults=True)
    t = run.times
    np.testing.assert_allclose(run.getObject(a).getComponent("Y"), 3.0 * t**2 / 2, atol=1e-10)
    np.testing.assert_allclose(run.getObject(b).getComponent("Y"), -2.0 * t**2 / 2, atol=1e-10)


def test_vtorque_and_gforce_routines():
    # VTOSUB: tz = 8 turns a by 8/4 t^2/2; GFOSUB (6 values): fz = 2 lifts a by 2/2 t^2/2
    model, _ground, a, b = two_free_bodies()
    Vtorque(i=a.cm, jfloat=b.cm, routine=lambda *args: (0, 0, 8.0))
    Gforce(i=a.cm, jfloat=b.cm, routine=lambda *args: np.array([0, 0, 2.0, 0, 0, 0]))
    run = model.simulate(end=0.2, dtout=0.1, returnResults=True)
    t = run.times
    res = run.getObject(a)
    angle = 2 * np.arctan2(res.getComponent("E3"), res.getComponent("E0"))
    np.testing.assert_allclose(angle, 8 / 4.0 * t**2 / 2, atol=1e-10)
    np.testing.assert_allclose(res.getComponent("Z"), 1.0 * t**2 / 2, atol=1e-10)


def test_request_routine_gives_eight_components_with_user_parameters():
    # REQSUB(id, time, par, npar, iflag) -> 8 values (§3.2); USER(...) numbers arrive as par
    model, block, anchor, _ = models.sliding_block(M, X0)
    seen = []

    def report(id, time, par, npar, iflag):
        seen.append((id, list(par), npar, iflag))
        return [DX(block.cm, anchor), time, par[0], par[1], npar, 0, 0, id]

    req = Request(function="user(2.5, -1)", routine=report)
    run = model.simulate(end=0.5, dtout=0.1, returnResults=True)
    out = run.getObject(req)
    np.testing.assert_allclose(out.getComponent("F1"), 1.0 + X0)  # at rest, no force
    np.testing.assert_allclose(out.getComponent("F2"), run.times)
    np.testing.assert_allclose(out.getComponent("F3"), 2.5)
    np.testing.assert_allclose(out.getComponent("F4"), -1.0)
    np.testing.assert_allclose(out.getComponent("F5"), 2)
    np.testing.assert_allclose(out.getComponent("F8"), req.id)
    assert seen[0] == (req.id, [2.5, -1.0], 2, True)  # the dependency pass comes first
    assert all(not call[3] for call in seen[1:])


def test_dependency_pass_declares_what_the_routine_reads():
    # docs/motionsolve-compatibility.md §3.3: the iflag pass makes the calls the routine makes
    # later; the Jacobian gets the columns those read. VZ of body a reads a's 13 states only, not
    # b's.
    model, ground, a, b = two_free_bodies()
    calls = []

    def push(id, time, par, npar, dflag, iflag):
        calls.append((bool(dflag), bool(iflag)))
        return -1.0 * VZ(a.cm, ground_marker, ground_marker, ground_marker)

    ground_marker = Marker(part=ground)
    Sforce(i=a.cm, j=b.cm, actiononly=True, routine=push, label="push")
    model.simulate(end=0.2, dtout=0.1)
    [routine] = model._simulation._routines()
    assert routine["owner"] == "Sforce 1 'push'"
    assert routine["inputs"] == [
        f"VZ({a.cm.id},{ground_marker.id},{ground_marker.id},{ground_marker.id})"
    ]
    assert routine["y"] == list(range(13))  # body a: the first 13 states
    assert routine["yp"] == []
    assert calls[0] == (False, True)
    assert sum(iflag for _, iflag in calls) == 1
    assert any(dflag for dflag, _ in calls)  # the solver differenced it


def test_calls_outside_the_dependency_pass_are_reported():
    model, _ground, a, b = two_free_bodies()

    def late(id, time, par, npar, dflag, iflag):
        return 0.0 if iflag else 0.0 * DX(a.cm)

    Sforce(i=a.cm, j=b.cm, actiononly=True, routine=late)
    run = model.simulate(end=0.1, dtout=0.1, returnResults=True)
    assert any(
        "after its dependency pass" in line and f"DX({a.cm.id})" in line for line in run.messages
    )


def test_runtime_functions_take_markers_and_ids_alike():
    # docs/motionsolve-compatibility.md §3.4: arguments are markers; accepting objects and ids alike
    model, block, anchor, slide = models.sliding_block(M, X0)
    values = []

    def report(id, time, par, npar, iflag):
        values.append(
            (
                DX(block.cm, anchor),
                DX(block.cm.id, anchor.id),
                DZ(block.cm, anchor, slide.j),
                py_sysfnc("DZ", [block.cm.id, anchor.id, slide.j.id]),
                py_sysary("TDISP", [block.cm.id, anchor.id]),
                DX(block.cm, np.int64(anchor.id), None),
                DX(block.cm, None),
            )
        )
        return [0.0] * 8

    Request(routine=report)
    model.simulate(end=0.1, dtout=0.1)
    for by_object, by_id, along_z, (classic, errflg), array, numpy_id, to_ground in values:
        # SYSARY's TDISP is DX, DY, DZ (§3.6): the block sits at x = 1 + X0 on the x axis
        assert array[0] == pytest.approx([1.0 + X0, 0.0, 0.0], abs=1e-12)
        assert array[1] == 0
        assert by_object == by_id == numpy_id == pytest.approx(1.0 + X0)
        # None is the ground (the anchor sits at the global origin)
        assert to_ground == pytest.approx(1.0 + X0)
        assert along_z == classic == pytest.approx(1.0 + X0)  # slide.j's z axis is global x
        assert errflg == 0
    assert py_sysfnc("NOSUCH", [1])[1] == 1
    assert py_sysary("NOSUCH", [1]) == [[0.0, 0.0, 0.0], 1]  # not one of SYSARY's arrays
    with pytest.raises(ValueError, match="inside a user routine"):
        DX(block.cm)
    for wrong in ("block", True, 1.5):
        with pytest.raises(TypeError, match="expected a Marker, an entity or an integer id"):
            DX(block.cm, wrong)
    assert STEP(0.5, 0, 0, 1, 2) == pytest.approx(1.0)  # pure functions work anywhere
    assert HAVSIN(1.0, 0, 0, 1, 3) == pytest.approx(3.0)


def test_routine_reads_a_joint_reaction():
    # a friction-like force F = -0.2 FM(joint) on a block held by a TRANSLATIONAL joint against
    # gravity (reaction M g): the block slides back with acceleration 0.2 g
    model, block, anchor, slide = models.sliding_block(M, X0)
    Accgrav(jgrav=-9.81)
    Sforce(
        i=block.cm,
        j=anchor,
        actiononly=True,
        routine=lambda id, time, par, npar, dflag, iflag: -0.2 * FM(slide.i, slide.j),
    )
    run = model.simulate(end=0.5, dtout=0.1, returnResults=True)
    t = run.times
    x = run.getObject(block).getComponent("X")
    np.testing.assert_allclose(x, 1.0 + X0 - 0.2 * 9.81 * t**2 / 2, atol=1e-7)


def test_motion_routine_gives_the_displacement_and_its_derivatives():
    # MOTSUB(id, time, par, npar, iord, iflag): iord 0/1/2 = displacement/velocity/acceleration
    model, block, _anchor, slide = models.sliding_block(M, X0)
    orders = set()

    def drive(id, time, par, npar, iord, iflag):
        orders.add(iord)
        return [par[0] * time**2, 2 * par[0] * time, 2 * par[0]][iord]

    Motion(joint=slide, jtype="TRANSLATION", function="USER(0.3)", routine=drive)
    vel = Request(type="VELOCITY", i=block.cm)
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    t = run.times
    np.testing.assert_allclose(
        run.getObject(block).getComponent("X") - (1 + X0), 0.3 * t**2, atol=1e-9
    )
    np.testing.assert_allclose(run.getObject(vel).getComponent("VX"), 0.6 * t, atol=1e-8)
    assert orders == {0, 1, 2}


class _StandIn:
    """A stand-in for a Composite: bound-method routines and getChildren() with one Diff."""

    def __init__(self, block, anchor):
        self.block, self.anchor = block, anchor
        self.diff = Diff(routine=self.rate, ic=[0.0, 0.0])
        self.force = Sforce(i=block.cm, j=anchor, actiononly=True, routine=self.push)

    def getChildren(self):
        return [self.diff, self.force]

    def rate(self, id, time, par, npar, dflag, iflag):
        return VX(self.block.cm, self.anchor)

    def push(self, id, time, par, npar, dflag, iflag):
        # the Diff holds the displacement from the start: a spring K on it, as DIF(self)
        return -K * DIF(self)


def test_bound_methods_and_dif_of_an_object_with_one_diff():
    # DIF(self) inside a Composite reads its single Diff (docs/motionsolve-compatibility.md §8.2):
    # the Diff integrates the block's velocity, i.e. its displacement, so the force is a spring of
    # stiffness K about the start. Released with velocity v0: x = v0 / w sin(w t)
    model, block, anchor, _ = models.sliding_block(M, 0.0)
    block.vx = 0.5
    _StandIn(block, anchor)
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    w = math.sqrt(K / M)
    x = run.getObject(block).getComponent("X") - 1.0
    np.testing.assert_allclose(x, 0.5 / w * np.sin(w * run.times), atol=1e-6)


def test_dif_of_an_object_without_a_single_diff_is_refused():
    model, block, anchor, _ = models.sliding_block(M, 0.0)

    class Empty:
        def getChildren(self):
            return []

    Sforce(i=block.cm, j=anchor, actiononly=True, routine=lambda *args: DIF(Empty()), label="bad")
    with pytest.raises(MsolveError, match=r"(?s)Sforce 1 'bad'.*holds 0 Diffs"):
        model.simulate(end=0.1)


def test_exception_in_a_routine_names_the_entity_and_keeps_the_results():
    # docs/motionsolve-compatibility.md §3.5: a Python exception stops the analysis with the
    # traceback and the entity named; results up to the last accepted step are kept
    model, block, anchor, _ = models.sliding_block(M, X0)

    def spring(id, time, par, npar, dflag, iflag):
        if time > 0.5:
            raise ZeroDivisionError("boom in the spring")
        return -K * (DM(block.cm, anchor) - 1)

    Sforce(i=block.cm, j=anchor, routine=spring, label="spring")
    with pytest.raises(MsolveError) as caught:
        model.simulate(end=2.0, dtout=0.1)
    message = str(caught.value)
    assert "Sforce 1 'spring'" in message
    assert "Traceback" in message
    assert "ZeroDivisionError: boom in the spring" in message
    assert "in spring" in message  # the frame of the routine
    results = caught.value.results
    times = results.getObject(block).times
    assert times[-1] == pytest.approx(0.5)
    assert len(results.getObject(block).getComponent("X")) == len(times)


def test_exception_in_the_dependency_pass():
    model, _block, _anchor, _ = models.sliding_block(M, X0)

    def broken(id, time, par, npar, dflag, iflag):
        raise KeyError("not ready")

    Diff(routine=broken, label="state")
    with pytest.raises(MsolveError, match=r"(?s)could not start.*Diff 1 'state'.*KeyError"):
        model.simulate(end=0.1)


@pytest.mark.parametrize(
    ("entity", "value", "reason"),
    [
        ("Sforce", "abc", r"returned 'abc' \(str\); it must return a number"),
        ("Sforce", None, r"returned None \(NoneType\); it must return a number"),
        ("Sforce", [1.0, 2.0], r"returned \[1.0, 2.0\] \(list\); it must return a number"),
        ("Vforce", [1.0, 2.0], r"returned 2 values; it must return a list of 3 numbers"),
        ("Vforce", 3.0, r"returned 3.0 \(float\); it must return a list of 3 numbers"),
        ("Gforce", [0, 0, "x", 0, 0, 0], r"returned 'x' \(str\); it must return a list of 6"),
    ],
)
def test_wrong_return_values_are_named(entity, value, reason):
    model, _ground, a, b = two_free_bodies()

    def routine(id, time, par, npar, dflag, iflag):
        return value

    if entity == "Sforce":
        Sforce(i=a.cm, j=b.cm, actiononly=True, routine=routine, label="bad")
    else:
        globals()[entity](i=a.cm, jfloat=b.cm, routine=routine, label="bad")
    with pytest.raises(MsolveError, match=rf"(?s){entity} 1 'bad'.*{reason}"):
        model.simulate(end=0.1)


def test_routine_property_accepts_callables_and_names():
    model, _ground, a, b = two_free_bodies()
    force = Sforce(i=a.cm, j=b.cm, actiononly=True)
    assert force.routine is None
    force.routine = "libfriction.so::sfosub"
    assert force.routine == "libfriction.so::sfosub"
    with pytest.raises(TypeError, match="routine"):
        force.routine = 3.0
    # a string names compiled code, loaded at simulate (test_compiled_routines.py): here a
    # library that does not exist
    with pytest.raises(ValueError, match=r"Sforce 1.*libfriction.so::sfosub.*cannot load"):
        model.simulate(end=0.1)


def test_user_function_without_routine_and_bad_parameters_are_named():
    model, _ground, a, b = two_free_bodies()
    Sforce(i=a.cm, j=b.cm, actiononly=True, function="USER(1, 2)", label="orphan")
    with pytest.raises(ValueError, match=r"Sforce 1 'orphan'.*routine is not set"):
        model.simulate(end=0.1)
    model, _ground, a, b = two_free_bodies()
    Sforce(i=a.cm, j=b.cm, actiononly=True, function="USER(1, k)", routine=lambda *a: 0.0)
    with pytest.raises(ValueError, match="parameters must be numbers, got 'k'"):
        model.simulate(end=0.1)
