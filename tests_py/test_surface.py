"""The MotionSolve surface around the solver: placement attributes resolved for the solver
(Marker rm/zv/xv/usexp, Part zv/xv/vm/wm), the files of Model(output=...), Model.control,
the MDL-like joint helpers, the Command block's settings in load_model and msolve run's
output directory."""

import math
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

import msolve
from msolve import *
from msolve.xml import read_dataset


def _pendulum(**marker_kwds):
    """A 1 kg point pendulum on a revolute joint at the origin, turning about the joint
    marker's z axis; the bob's cm marker is given by marker_kwds."""
    model = Model()
    ground = Part(ground=True)
    bob = Part(mass=1.0, ip=[1e-6, 1e-6, 1e-6])
    bob.cm = Marker(**marker_kwds)
    return model, ground, bob


def test_marker_rm_places_the_marker_in_the_frame_of_another_marker():
    # rm sits at (0, 0, -1) with its x axis along global -y, z along global x: qp = (2, 0, 0)
    # in it is global (0, -2, -1)
    model, ground, bob = _pendulum()
    ref = Marker(part=ground, qp=[0, 0, -1], zp=[1, 0, -1], xp=[0, -1, -1])
    bob.cm.setValues(part=bob, qp=[2, 0, 0], rm=ref)
    run = model.simulate(type="STATICS", end=0.0, returnResults=True)
    body = run.getObject(bob)
    assert body.getComponent("X")[0] == pytest.approx(0.0, abs=1e-12)
    assert body.getComponent("Y")[0] == pytest.approx(-2.0, abs=1e-12)
    assert body.getComponent("Z")[0] == pytest.approx(-1.0, abs=1e-12)
    # the attributes read back as given
    assert tuple(bob.cm.qp) == (2.0, 0.0, 0.0)


def test_marker_zv_and_usexp_give_the_axes():
    model = Model()
    ground = Part(ground=True)
    # z by a direction vector; x exact along xp with usexp (z made perpendicular to it)
    m1 = Marker(part=ground, qp=[1, 2, 3], zv=[0, 0, 5], xv=[1, 1, 0])
    m2 = Marker(part=ground, qp=[0, 0, 0], zp=[0, 1, 1], xp=[0, 1, 0], usexp=True)
    probe = Request(type="DISPLACEMENT", i=m2, j=Marker(part=ground))
    angles = Request(f1=f"AZ({m1.id}, {Marker(part=ground).id})")
    run = model.simulate(type="STATICS", end=0.0, returnResults=True)
    # m1: z global z, x along (1, 1, 0): a rotation of 45 degrees about z
    assert run.getObject(angles).getComponent("F1")[0] == pytest.approx(math.pi / 4, abs=1e-12)
    # m2: x exactly global y; z perpendicular to it, in the plane of (0, 1, 1): global z;
    # its 3-1-3 angles are psi = 90 deg (x to y), theta = phi = 0
    np.testing.assert_allclose(
        [run.getObject(probe).getComponent(k)[0] for k in ("PSI", "THETA", "PHI")],
        [math.pi / 2, 0.0, 0.0],
        atol=1e-12,
    )


def test_part_vm_gives_the_initial_velocity_in_the_marker_axes():
    # a free body in zero gravity keeps its initial velocity: 2 along the x axis of a marker
    # whose x axis is the global y axis moves it along global y
    model = Model()
    ground = Part(ground=True)
    axes = Marker(part=ground, zp=[0, 0, 1], xp=[0, 1, 0])
    body = Part(mass=1.0, ip=[1, 1, 1], vx=2.0, vy=0.0, vz=0.0, vm=axes)
    body.cm = Marker()
    run = model.simulate(end=1.0, dtout=0.5, returnResults=True)
    result = run.getObject(body)
    assert result.getComponent("Y")[-1] == pytest.approx(2.0, rel=1e-9)
    assert result.getComponent("X")[-1] == pytest.approx(0.0, abs=1e-9)
    assert body.vx == 2.0  # as given


def test_part_zv_orients_the_part_frame():
    model = Model()
    Part(ground=True)
    # the part's z axis along global x: its marker at (0, 0, 1) in the part frame is global
    # (1, 0, 0) from the part origin (0, 0, 5)
    body = Part(mass=1.0, ip=[1, 1, 1], qg=[0, 0, 5], zv=[1, 0, 0], xv=[0, 0, -1])
    body.cm = Marker(qp=[0, 0, 1])
    run = model.simulate(end=0.1, dtout=0.1, returnResults=True)
    result = run.getObject(body)
    np.testing.assert_allclose(
        [result.getComponent(k)[0] for k in "XYZ"], [1.0, 0.0, 5.0], atol=1e-12
    )


def test_partial_velocities_in_a_turned_marker_are_refused():
    model = Model()
    ground = Part(ground=True)
    turned = Marker(part=ground, zp=[0, 0, 1], xp=[0, 1, 0])
    body = Part(mass=1.0, ip=[1, 1, 1], vx=2.0, vm=turned)
    body.cm = Marker()
    with pytest.raises(ValueError, match=r"Part 2.*give all three components vx, vy, vz"):
        model.simulate(end=0.1)


def test_model_output_writes_the_log_and_the_results():
    model = Model(output="fall")
    Part(ground=True)
    body = Part(mass=2.0, ip=[1, 1, 1])
    body.cm = Marker()
    Accgrav(kgrav=-9.81)
    Integrator(dae_jacob_init=1)
    model.simulate(end=1.0, dtout=0.5)
    model.simulate(end=2.0, dtout=0.5)
    log = Path("fall.log").read_text()
    assert "Integrator 1: dae_jacob_init = 1 accepted, no effect" in log
    lines = Path("fall.csv").read_text().splitlines()
    assert lines[0].split(",")[:4] == ["time", "Part2.X", "Part2.Y", "Part2.Z"]
    assert lines[1].startswith("# units: s,m,m,m,")
    rows = [list(map(float, line.split(","))) for line in lines[2:]]
    assert [r[0] for r in rows] == [0.0, 0.5, 1.0, 1.5, 2.0]
    # free fall: z = -g t^2 / 2
    assert rows[-1][3] == pytest.approx(-0.5 * 9.81 * 4.0, rel=1e-6)


def test_control_runs_the_consub_with_its_parameters():
    model = Model()
    Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1])
    body.cm = Marker()
    seen = []

    def consub(par, npar):
        seen.append((list(par), npar))
        model.simulate(end=par[0], dtout=par[1])

    model.control(function="USER(0.5, 0.25)", routine=consub)
    assert seen == [([0.5, 0.25], 2)]
    assert model.getTime() == pytest.approx(0.5)
    with pytest.raises(TypeError, match=r"Model\.control: routine must be a Python callable"):
        model.control(function="USER(1)", routine=42)
    with pytest.raises(MsolveError, match=r"cannot load the library 'lib\.so'"):
        model.control(function="USER(1)", routine="lib.so::consub")
    with pytest.raises(ValueError, match="USER"):
        model.control(function="1, 2", routine=consub)


def test_create_revolute_joint_makes_a_pendulum():
    # a point mass 1 m from the axis, released horizontally: its speed at the bottom is
    # sqrt(2 g L) (energy), reached a quarter of the way through the swing
    model = Model()
    ground = Part(ground=True)
    bob = Part(mass=1.0, ip=[1e-9, 1e-9, 1e-9])
    bob.cm = Marker(qp=[1, 0, 0])
    joint = createRevoluteJoint(
        ibody=bob, jbody=ground, location=Point(0, 0, 0), axis=Vector(0, 1, 0)
    )
    assert joint.type == "REVOLUTE"
    assert joint.i.part is bob
    assert joint.j.part is ground
    Accgrav(kgrav=-9.81)
    speed = Request(f1=f"VM({bob.cm.id})", f2=f"DZ({bob.cm.id})")
    run = model.simulate(end=1.0, dtout=0.001, returnResults=True)
    v = run.getObject(speed).getComponent("F1")
    z = run.getObject(speed).getComponent("F2")
    k = int(np.argmin(z))
    assert z[k] == pytest.approx(-1.0, abs=1e-5)
    assert v[k] == pytest.approx(math.sqrt(2 * 9.81), rel=1e-4)


def test_create_joints_place_markers_in_the_body_frames():
    Model()
    ground = Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1], qg=[1, 0, 0], reuler=[math.pi / 2, 0, 0])
    sph = createSphericalJoint(body, ground, Point(1, 1, 0))
    # the body frame is turned 90 degrees about z: global (1, 1, 0) is (1, 0, 0) in it
    np.testing.assert_allclose(tuple(sph.i.qp), (1.0, 0.0, 0.0), atol=1e-12)
    np.testing.assert_allclose(tuple(sph.j.qp), (1.0, 1.0, 0.0), atol=1e-12)
    uj = createUJoint(body, ground, Point(0, 0, 0), ishaft=Vector(1, 0, 0), jshaft=Point(0, 0, 1))
    zi = np.subtract(tuple(uj.i.zp), tuple(uj.i.qp))
    zj = np.subtract(tuple(uj.j.zp), tuple(uj.j.qp))
    assert uj.type == "UNIVERSAL"
    assert abs(np.dot(zi, zj)) < 1e-12
    trans = createTranslationalJoint(body, ground, Point(0, 0, 0), Vector(0, 0, 2), label="slide")
    assert trans.type == "TRANSLATIONAL"
    assert trans.label == "slide"
    with pytest.raises(TypeError, match="ibody must be a Part"):
        createFixedJoint("ground", ground, Point(0, 0, 0))


def _dataset_with_command_settings(tmp_path):
    model = Model()
    ground = Part(ground=True)
    bob = Part(mass=1.0, ip=[1e-3, 1e-3, 1e-3])
    bob.cm = Marker(qp=[1, 0, 0])
    Joint(type="REVOLUTE", i=Marker(part=bob, zp=[0, 1, 0]), j=Marker(part=ground, zp=[0, 1, 0]))
    Accgrav(kgrav=-9.81)
    path = tmp_path / "pend.xml"
    model.save_model(path, simulate={"type": "DYNAMICS", "end": 0.2, "dtout": 0.1})
    text = path.read_text().replace(
        "<Simulate",
        '<Param_Transient integr_tol="1e-9" h_max="0.001" dae_index="3"/>\n   <Simulate',
    )
    path.write_text(text)
    return path


def test_load_model_applies_the_command_blocks_settings(tmp_path):
    path = _dataset_with_command_settings(tmp_path)
    model = load_model(path)
    (integrator,) = model.getChildren(Integrator)
    assert integrator.error == 1e-9
    assert integrator.hmax == 0.001
    assert integrator.dae_index == 3
    assert integrator._dae_index == 3  # the index-3 form, passed to the solver
    dataset = read_dataset(path)
    assert [c.kind for c in dataset.commands][:2] == ["param_transient", "simulate"]


def test_msolve_run_creates_the_output_directory(tmp_path):
    path = _dataset_with_command_settings(tmp_path)
    out = tmp_path / "new" / "results"
    done = subprocess.run(
        [sys.executable, "-m", "msolve", "run", str(path), "--output-dir", str(out), "-q"],
        capture_output=True,
        text=True,
        # the msolve these tests import (the source tree with a built module, or the installed
        # package)
        env={"PYTHONPATH": str(Path(msolve.__file__).parent.parent), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 0, done.stderr
    assert (out / "pend.csv").is_file()
    assert (out / "pend.log").is_file()
    # dae_index 3 is honoured (the index-3 form): not reported as without effect
    log = (out / "pend.log").read_text()
    assert "dae_index = 3 accepted, no effect" not in log
    assert "dae_index = 3 not applied" not in log


def _spinner(joint_type, **ic):
    # a body with its mass centre 1 from the joint, no gravity: it keeps the joint rate
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    body = Part(mass=2.0, ip=[0.1, 0.1, 0.1])
    body.cm = Marker(qp=[1, 0, 0])
    joint = Joint(
        type=joint_type,
        i=Marker(part=body, zp=[0, 1, 0]),
        j=Marker(part=ground, zp=[0, 1, 0]),
        **ic,
    )
    return model, body, joint


def test_joint_ic_sets_the_initial_angle_and_rate_of_a_revolute():
    # rotation about y from 0.3 at 2 rad/s: the mass centre at angle 0.3 + 2 t about y
    model, body, joint = _spinner("REVOLUTE", ic=[0.3, 2.0])
    run = model.simulate(end=1.0, dtout=0.5, returnResults=True)
    result = run.getObject(body)
    for k, t in enumerate(run.times):
        angle = 0.3 + 2.0 * t
        np.testing.assert_allclose(
            [result.getComponent(c)[k] for c in "XYZ"],
            [math.cos(angle), 0.0, -math.sin(angle)],
            atol=1e-6,
        )
    assert joint.ic == [0.3, 2.0]  # as given
    assert tuple(body.cm.qp) == (1.0, 0.0, 0.0)
    assert not [m for m in run.messages if "no effect" in m]


def test_joint_ic_of_a_translational_and_a_cylindrical():
    model, body, _ = _spinner("TRANSLATIONAL", ic=[0.5, 3.0])
    run = model.simulate(end=1.0, dtout=1.0, returnResults=True)
    # the I marker (at the body origin) 0.5 along y from J, sliding at 3
    np.testing.assert_allclose(run.getObject(body).getComponent("Y"), [0.5, 3.5], atol=1e-6)
    model, body, _ = _spinner("CYLINDRICAL", ictran=[0.0, 1.0], icrot=[0.0, 2.0])
    run = model.simulate(end=1.0, dtout=1.0, returnResults=True)
    result = run.getObject(body)
    np.testing.assert_allclose(
        [result.getComponent(c)[-1] for c in "XYZ"], [math.cos(2.0), 1.0, -math.sin(2.0)], atol=1e-6
    )


def test_save_model_writes_the_resolved_placement(tmp_path):
    # a dataset gives global positions and velocities: rm, vm and the joint's ic are written
    # as the solver reads them, and the dataset runs as the model does
    model, body, _ = _spinner("REVOLUTE", ic=[0.3, 2.0])
    ground = model.lookupById("Part", 1)
    ref = Marker(part=ground, qp=[0, 0, -1], zp=[1, 0, -1], xp=[0, -1, -1])
    extra = Marker(part=body, qp=[2, 0, 0], rm=ref)
    where = Request(type="DISPLACEMENT", i=extra)
    H3dOutput(save=True)
    path = tmp_path / "saved.xml"
    model.save_model(path, simulate={"type": "DYNAMICS", "end": 1.0, "dtout": 0.5})
    copy = load_model(path)
    run = copy.simulate(end=1.0, dtout=0.5, returnResults=True)
    result = run.getObject(copy.lookupById("Part", body.id))
    angle = 0.3 + 2.0
    np.testing.assert_allclose(
        [result.getComponent(c)[-1] for c in "XYZ"],
        [math.cos(angle), 0.0, -math.sin(angle)],
        atol=1e-6,
    )
    # the marker given in rm's frame starts at global (0, -2, -1), in the dataset too
    request = run.getObject(copy.lookupById("Request", where.id))
    np.testing.assert_allclose(
        [request.getComponent(c)[0] for c in "XYZ"], [0.0, -2.0, -1.0], atol=1e-9
    )
    assert tuple(extra.qp) == (2.0, 0.0, 0.0)


def test_documented_simulate_arguments_are_reported_once():
    model = Model()
    Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1])
    body.cm = Marker()
    run = model.simulate(end=0.1, dtout=0.1, dsa="AUTO", print_increment=5, returnResults=True)
    notes = [m for m in run.messages if m.startswith("simulate: ")]
    assert notes == [
        "simulate: print_increment = 5 accepted, no effect (msolve prints no per-step progress)",
        "simulate: dsa = 'AUTO' computed by finite differences (FD_SERIAL)",
        "simulate: dsa = 'AUTO': the model has no design variables or responses",
    ]
    again = model.simulate(end=0.2, dtout=0.1, print_increment=5, returnResults=True)
    assert not [m for m in again.messages if m.startswith("simulate: ")]
    with pytest.warns(UserWarning, match="argument 'contact_iterations' is not supported"):
        model.simulate(end=0.3, dtout=0.1, contact_iterations=True)
    # Param_Simulation's contact_iteration, as Inspire exports pass it: ACTIVE (the contact
    # forces updated in every corrector iteration) is what msolve always does
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        run = model.simulate(end=0.4, dtout=0.1, active_contact_iteration=True, returnResults=True)
    assert not [m for m in run.messages if m.startswith("simulate: ")]
    run = model.simulate(end=0.5, dtout=0.1, active_contact_iteration=False, returnResults=True)
    notes = [m for m in run.messages if m.startswith("simulate: ")]
    assert len(notes) == 1, notes
    assert notes[0].startswith("simulate: active_contact_iteration = False accepted, no effect")


def test_a_model_keeps_its_label():
    # Inspire exports give the model the assembly's name: Model(label=..., output=...)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = Model(label="Assembly1222")
    assert model.label == "Assembly1222"
    assert Model().label is None


def test_request_cnames_name_the_components():
    model = Model()
    Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1], vx=2.0)
    body.cm = Marker()
    names = ["MAG", "X", "Y", "Z", "", "PSI", "THETA", "PHI"]
    standard = Request(type="DISPLACEMENT", i=body.cm, cnames=names)
    custom = Request(f1=f"DX({body.cm.id})", f2="TIME", cnames=["position x", "clock"])
    run = model.simulate(end=1.0, dtout=0.5, returnResults=True)
    np.testing.assert_allclose(run.getObject(standard).getComponent("x"), [0.0, 1.0, 2.0])
    result = run.getObject(custom)
    np.testing.assert_allclose(result.getComponent("position x"), [0.0, 1.0, 2.0])
    np.testing.assert_allclose(result.getComponent("Clock"), [0.0, 0.5, 1.0])
    np.testing.assert_allclose(result.getComponent("F2"), [0.0, 0.5, 1.0])
    with pytest.raises(KeyError, match="no component 'speed'"):
        result.getComponent("speed")


def test_sforce_script_names_the_file_of_its_routine(tmp_path):
    script = tmp_path / "routines.py"
    script.write_text(
        "def push(id, time, par, npar, dflag, iflag):\n    return par[0]\n\n"
        "def SFOSUB(id, time, par, npar, dflag, iflag):\n    return 2.0 * par[0]\n"
    )
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    body = Part(mass=2.0, ip=[1, 1, 1])
    body.cm = Marker()
    anchor = Marker(part=ground)
    named = Sforce(
        type="TRANSLATION",
        actiononly=True,
        i=body.cm,
        j=anchor,
        function="USER(3.0)",
        routine="push",
        script=str(script),
    )
    assert named.routine.__name__ == "push"
    default = Sforce(type="TRANSLATION", actiononly=True, i=body.cm, j=anchor, script=str(script))
    default.function = "USER(1.0)"
    assert default.routine.__name__ == "SFOSUB"
    # 3 + 2 = 5 N along z on 2 kg: z = 5/2 t^2 / 2
    run = model.simulate(end=1.0, dtout=1.0, returnResults=True)
    assert run.getObject(body).getComponent("Z")[-1] == pytest.approx(1.25, rel=1e-6)
    with pytest.raises(ValueError, match=r"Sforce.*has no function 'nothing'"):
        Sforce(routine="nothing", script=str(script))
    with pytest.raises(ValueError, match=r"attribute 'script': no file"):
        Sforce(script=str(tmp_path / "missing.py"))


def test_result_files_that_cannot_be_written_keep_the_results(tmp_path):
    model = Model(output=str(tmp_path / "missing" / "dir" / "name"))
    Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1])
    body.cm = Marker()
    with pytest.warns(UserWarning, match="cannot write the result files"):
        run = model.simulate(end=0.1, dtout=0.05, returnResults=True)
    assert len(run.times) == 3


def test_the_log_says_why_an_analysis_did_not_start():
    model = Model(output="broken")
    Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1])
    body.cm = Marker(zv=[0, 0, 0])
    with pytest.raises(ValueError, match="zv must not be the zero vector"):
        model.simulate(end=0.1)
    assert "error: Marker 1: zv must not be the zero vector" in Path("broken.log").read_text()


def test_save_and_reload_return_to_a_state():
    # a falling body: save at t = 1, run on to t = 2, reload, run to t = 2 again: the same
    # result as the first time, z = -g t^2 / 2
    model = Model()
    Integrator(error=1e-9)
    Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1])
    body.cm = Marker()
    Accgrav(kgrav=-9.81)
    model.simulate(end=1.0, dtout=0.5)
    model.save(file="fall-1.00")
    first = model.simulate(end=2.0, dtout=0.5, returnResults=True)
    model.reload(file="fall-1.00")
    assert model.getTime() == pytest.approx(1.0)
    second = model.simulate(end=2.0, dtout=0.5, returnResults=True)
    z1 = first.getObject(body).getComponent("Z")
    z2 = second.getObject(body).getComponent("Z")
    np.testing.assert_allclose(z2, z1, atol=1e-9)
    assert z2[-1] == pytest.approx(-0.5 * 9.81 * 4.0, rel=1e-7)
    # reloaded twice from the same saved state
    model.reload(file="fall-1.00")
    assert model.getTime() == pytest.approx(1.0)
    with pytest.raises(MsolveError, match="no state was saved as 'other'"):
        model.reload(file="other")


def test_a_state_passes_through_changes_made_before_the_next_simulate():
    # save, then change the model twice before simulating: the state still goes on
    model = Model()
    Integrator(error=1e-9)
    Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1])
    body.cm = Marker()
    Accgrav(kgrav=-9.81)
    model.simulate(end=1.0, dtout=0.5)
    model.save(file="one")
    model.save(file="two")
    model.reload(file="two")
    body.mass = 2.0  # a change: the model is compiled again and continues from "two"
    run = model.simulate(end=2.0, dtout=1.0, returnResults=True)
    assert run.times[0] == pytest.approx(1.0)
    assert run.getObject(body).getComponent("Z")[-1] == pytest.approx(-0.5 * 9.81 * 4.0, rel=1e-7)


def test_integrator_tuning_goes_through_a_dataset(tmp_path):
    model = Model()
    Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1])
    body.cm = Marker()
    Integrator(error=1e-6, dae_index=3, dae_constr_tol=1e-4, vel_tol_factor=2.0, dae_jacob_init=1)
    path = tmp_path / "tuned.xml"
    model.save_model(path, simulate={"type": "DYNAMICS", "end": 0.1, "dtout": 0.1})
    assert 'dae_index="3"' in path.read_text()
    (copy,) = load_model(path).getChildren(Integrator)
    assert (copy.error, copy.dae_index, copy.dae_constr_tol) == (1e-6, 3, 1e-4)
    assert (copy.vel_tol_factor, copy.dae_jacob_init) == (2.0, 1)


def test_a_planar_part_moves_in_its_plane():
    # gravity along -y lies in the XY plane; the initial vz and wx leave it and are removed
    # by the initial-conditions analysis: the part falls along y, z and its tilt stay zero
    model = Model()
    Integrator(error=1e-9)
    Part(ground=True)
    body = Part(mass=1.0, ip=[1, 2, 3], qg=[0, 0, 2], planar="XY", vz=1.0, wx=1.0, wz=0.5)
    body.cm = Marker()
    Accgrav(jgrav=-9.81)
    run = model.simulate(end=1.0, dtout=0.5, returnResults=True)
    result = run.getObject(body)
    np.testing.assert_allclose(result.getComponent("Z"), [2.0, 2.0, 2.0], atol=1e-9)
    np.testing.assert_allclose(result.getComponent("Y")[-1], -0.5 * 9.81, rtol=1e-7)
    # turning about z only, at 0.5 rad/s: e = (cos(t/4), 0, 0, sin(t/4))
    np.testing.assert_allclose(result.getComponent("E1"), [0.0, 0.0, 0.0], atol=1e-9)
    np.testing.assert_allclose(result.getComponent("E2"), [0.0, 0.0, 0.0], atol=1e-9)
    np.testing.assert_allclose(result.getComponent("E3")[-1], math.sin(0.25), rtol=1e-6)
    assert any("initial vz = 1 conflicts with the constraints" in m for m in run.messages)


def test_a_planar_part_is_not_written_without_its_plane(tmp_path):
    # the plane is written as the PLANAR joint it means (tests_py/test_xml_solids.py runs
    # it); a model without a ground part cannot hold that joint
    model = Model()
    Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1], planar="XY")
    body.cm = Marker()
    assert 'type="PLANAR"' in model.save_model(tmp_path / "planar.xml").read_text()
    lone = Model()
    body = Part(mass=1.0, ip=[1, 1, 1], planar="XY")
    body.cm = Marker()
    with pytest.raises(ValueError, match=r"Part 1.*planar='XY' needs a ground part"):
        lone.save_model(tmp_path / "lone.xml")


def test_joint_ic_relative_to_a_moving_part():
    # J on a carrier sliding along x at 1 (given), I turning about y relative to it at 2:
    # at the start the I part's mass centre (1 from the joint along the turned x axis) moves
    # at the carrier's velocity plus w x r
    model = Model()
    Integrator(error=1e-9)
    Part(ground=True)
    carrier = Part(mass=5.0, ip=[1, 1, 1], vx=1.0, vy=0.0, vz=0.0, wx=0.0, wy=0.0, wz=0.0)
    carrier.cm = Marker()
    arm = Part(mass=1.0, ip=[0.1, 0.1, 0.1])
    arm.cm = Marker(qp=[1, 0, 0])
    Joint(
        type="REVOLUTE",
        i=Marker(part=arm, zp=[0, 1, 0]),
        j=Marker(part=carrier, zp=[0, 1, 0]),
        ic=[0.3, 2.0],
    )
    speed = Request(type="VELOCITY", i=arm.cm)
    run = model.simulate(end=0.1, dtout=0.1, returnResults=True)
    r = np.array([math.cos(0.3), 0.0, -math.sin(0.3)])
    expected = np.array([1.0, 0.0, 0.0]) + np.cross([0.0, 2.0, 0.0], r)
    velocity = run.getObject(speed)
    np.testing.assert_allclose(
        [velocity.getComponent(c)[0] for c in ("VX", "VY", "VZ")], expected, atol=1e-9
    )
    position = run.getObject(arm)
    np.testing.assert_allclose([position.getComponent(c)[0] for c in "XYZ"], r, atol=1e-12)
    assert not [m for m in run.messages if "no effect" in m]


def test_joint_ic_rate_relative_to_a_part_of_unknown_velocity_is_reported():
    model = Model()
    Part(ground=True)
    carrier = Part(mass=5.0, ip=[1, 1, 1])
    carrier.cm = Marker()
    arm = Part(mass=1.0, ip=[0.1, 0.1, 0.1])
    arm.cm = Marker(qp=[1, 0, 0])
    Joint(type="REVOLUTE", i=Marker(part=arm), j=Marker(part=carrier), ic=[0.0, 1.0])
    run = model.simulate(end=0.1, dtout=0.1, returnResults=True)
    assert any("initial joint rate" in m and "no effect" in m for m in run.messages)
