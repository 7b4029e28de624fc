"""Datasets: every element type survives Python model -> XML -> model with the same results;
a pendulum written by hand as XML matches the same pendulum built in Python.

docs/motionsolve-compatibility.md §7 (the dataset), issue 7 (tests)."""

import math
import os
import warnings

import numpy as np
import pytest

from msolve import *
from msolve.xml import read_dataset

HERE = os.path.dirname(__file__)


def results_of(model, **kwds):
    """{(class, id): {component: array}} of every request and part, plus the times."""
    run = model.simulate(returnResults=True, **kwds)
    out = {"times": run.times}
    for obj in model._entities:
        if isinstance(obj, (Request, Part)) and not (isinstance(obj, Part) and obj.ground):
            series = run.getObject(obj)
            out[(type(obj).__name__, obj.id)] = {
                n: series.getComponent(k) for k, n in enumerate(series.names) if n
            }
    return out


def assert_same_results(a, b, rtol=0.0, atol=1e-12):
    """Every series of ``b`` equals that of ``a`` within ``rtol`` times the largest value
    of the series (plus ``atol``)."""
    assert a.keys() == b.keys()
    np.testing.assert_allclose(a["times"], b["times"], rtol=0, atol=1e-12)
    for key in a:
        if key == "times":
            continue
        for name, values in a[key].items():
            scale = float(np.max(np.abs(values)))
            other = b[key][name]
            if name in ("PSI", "THETA", "PHI"):
                # angles: +pi and -pi are the same
                other = values + (other - values + np.pi) % (2 * np.pi) - np.pi
            np.testing.assert_allclose(
                other, values, rtol=0, atol=rtol * scale + atol, err_msg=f"{key} {name}"
            )


def round_trip(build, tmp_path, allow_scripts=False, **simulate):
    """Build and run the Python model; save it; load it back and run it the same way."""
    model = build()
    before = results_of(model, **simulate)
    path = tmp_path / "model.xml"
    model.save_model(path)
    loaded = load_model(path, allow_scripts=allow_scripts)
    after = results_of(loaded, **simulate)
    return model, loaded, before, after, path


def counts(model):
    found = {}
    for obj in model._entities:
        found[type(obj).__name__] = found.get(type(obj).__name__, 0) + 1
    return found


# -- mechanics: parts, markers, joints, motions, forces, requests --------------------------


def mechanics():
    model = Model()
    Units(length="MILLIMETER")
    Accgrav(kgrav=-9810.0)
    Integrator(error=1e-7, hmax=0.01)
    ground = Part(ground=True, label="ground")
    pivot = Marker(part=ground, zp=[0, -1, 0], label="pivot")

    # a link whose part frame is turned and moved: the dataset needs an lprf marker
    link = Part(
        mass=2.0,
        ip=[1e3, 2e3, 3e3, 10.0, 20.0, 30.0],
        qg=[10, 0, 5],
        reuler=[0.3, 0.2, 0.1],
        label="link",
    )
    link.cm = Marker(part=link, qp=[290, 0, 0])
    link.pin = Marker(part=link, qp=[-10, 0, -5], reuler=[0.1, -0.2, 0.4])
    # the pin marker: same place and axes as the pivot, given in the part frame
    origin = np.array([10.0, 0, 5])
    rot = np.array(_euler313([0.3, 0.2, 0.1]))
    link.pin.setValues(
        reuler=None,
        qp=list(rot.T @ (np.zeros(3) - origin)),
        zp=list(rot.T @ (np.array([0, -1.0, 0]) - origin)),
        xp=list(rot.T @ (np.array([1.0, 0, 0]) - origin)),
    )
    pin = Joint(type="REVOLUTE", i=link.pin, j=pivot, label="pin")
    SpringDamper(type="ROTATION", i=link.pin, j=pivot, kt=1e5, ct=2e3, angle=0.1, torque=5.0)
    Sforce(type="ROTATION", i=link.pin, j=pivot, function="-1e3*WZ(2,1,1)", label="drag")

    # a slider driven along x by a joint motion, with a spring to the link
    slider = Part(mass=1.0, ip=[10, 10, 10], label="slider")
    slider.cm = Marker(part=slider, qp=[0, 200, -300], zp=[1, 200, -300])
    rail = Marker(part=ground, qp=[0, 200, -300], zp=[1, 200, -300])
    slide = Joint(type="TRANSLATIONAL", i=slider.cm, j=rail)
    Motion(joint=slide, jtype="TRANSLATION", function="50*SIN(2*PI*TIME)")
    SpringDamper(type="TRANSLATION", i=slider.cm, j=link.cm, k=10.0, c=0.1, force=2.0)

    # a free block on a bushing with vector forces and initial velocities
    block = Part(mass=3.0, ip=[100, 200, 300], qg=[0, 0, -500], vx=10.0, wz=0.5, label="block")
    block.cm = Marker(part=block)
    anchor = Marker(part=ground, qp=[0, 0, -500])
    Bushing(
        i=block.cm,
        j=anchor,
        k=[1e3, 2e3, 3e3],
        c=[10, 20, 30],
        kt=[1e6, 2e6, 3e6],
        ct=[1e3, 1e3, 1e3],
        force=[0, 0, 29.43],
        torque=[1, 0, 0],
    )
    Vforce(i=block.cm, jfloat=anchor, rm=anchor, fx="10*SIN(TIME)", fy="0", fz="1")
    Vtorque(i=block.cm, jfloat=anchor, tz=f"-100*WZ({block.cm.id})")
    Gforce(i=block.cm, jfloat=anchor, rm=pivot, fx="0", fy="1", fz="0", tx="0", ty="0", tz="0")

    # a ball held by a spherical joint, turned by a marker motion about B3
    ball = Part(mass=0.5, ip=[5, 5, 5], qg=[0, 400, 0], label="ball")
    ball.cm = Marker(part=ball)
    socket = Marker(part=ground, qp=[0, 400, 0])
    Joint(type="SPHERICAL", i=ball.cm, j=socket)
    Motion(i=ball.cm, j=socket, direction="B3", dtype="VELOCITY", icdisp=0.0, function="2*TIME")
    Motion(i=ball.cm, j=socket, direction="B1", function="0")
    Motion(
        i=ball.cm,
        j=socket,
        direction="B2",
        dtype="ACCELERATION",
        icdisp=0.0,
        icvel=0.0,
        function="0",
    )

    model.r1 = Request(type="DISPLACEMENT", i=link.cm, j=pivot, rm=pivot, comment="link")
    model.r2 = Request(type="VELOCITY", i=block.cm)
    model.r3 = Request(type="ACCELERATION", i=slider.cm, j=rail)
    model.r4 = Request(type="FORCE", i=link.pin, j=pivot)
    model.r5 = Request(f1=f"AZ({link.pin.id},{pivot.id})", f3=f"DX({ball.cm.id})", f8="TIME")
    model.pin = pin
    return model


def _euler313(a):
    from msolve.xml.frames import euler313

    return euler313(a)


def test_mechanics_round_trip(tmp_path):
    model, loaded, before, after, path = round_trip(mechanics, tmp_path, end=0.5, dtout=0.01)
    # the dataset gives the turned frames as direction cosines: the initial state differs
    # in its last bits and the adaptive steps carry that to a fraction of the error bound
    assert_same_results(before, after, rtol=1e-6, atol=1e-9)
    # the same entities, and one more marker (lprf) for each part whose frame is not the
    # global frame: the link, the block and the ball
    expected = counts(model)
    expected["Marker"] += 3
    assert counts(loaded) == expected
    text = path.read_text()
    assert "lprf_id" in text
    # attributes survive
    assert loaded.lookupById("Part", 2).label == "link"
    assert loaded.lookupById("Joint", 1).type == "REVOLUTE"
    assert loaded.lookupById("Request", 1).comment == "link"
    assert loaded.lookupById("Part", 4).vx == pytest.approx(10.0)
    assert loaded.lookupById("Part", 4).vy is None


def test_reading_writes_nothing_new_on_a_second_round_trip(tmp_path):
    # model -> XML -> model -> XML: the two datasets are the same text
    model = mechanics()
    first = tmp_path / "a.xml"
    model.save_model(first, simulate={"type": "DYNAMICS", "end": 1.0, "dtout": 0.1})
    loaded = load_model(first)
    second = tmp_path / "b.xml"
    loaded.save_model(second, simulate={"type": "DYNAMICS", "end": 1.0, "dtout": 0.1})
    a = first.read_text().splitlines()
    b = second.read_text().splitlines()
    # only the lprf marker is new: the second file holds it as an ordinary marker
    assert len(b) >= len(a)
    assert [line for line in a if "Simulate" in line or "end_time" in line] == [
        line for line in b if "Simulate" in line or "end_time" in line
    ]


# -- control elements ----------------------------------------------------------------------


def control():
    model = Model()
    Units(ucf=1.0)
    Integrator(error=1e-8)
    ground = Part(ground=True)
    origin = Marker(part=ground)
    body = Part(mass=1.0, ip=[1, 1, 1])
    body.cm = Marker(part=body)
    slide = Joint(type="TRANSLATIONAL", i=body.cm, j=origin)
    Motion(joint=slide, function="0.2*SIN(TIME)")

    u = Variable(function=f"SIN(3*TIME) + DZ({body.cm.id},{origin.id},{origin.id})", label="input")
    v = Variable(function=f"VARVAL({u.id})*2", ic=0.0)
    d1 = Diff(function=f"-DIF(1) + VARVAL({u.id})", ic=0.5, label="lag")
    d2 = Diff(
        function=f"DIF1(2) + DIF(2) - VARVAL({v.id})",
        implicit=True,
        ic=[0.0, 0.0],
        static_hold=True,
    )
    ua = Array(type="U", variables=[u])
    xa = Array(type="X", size=2)
    ya = Array(type="Y", size=1)
    Tfsiso(u=ua, x=xa, y=ya, numerator=[1.0, 0.1], denominator=[1.0, 0.6, 0.05])

    # Lse: two states, one input, one output, with every kind of Matrix
    a = Matrix(rows=2, columns=2, full="RORDER", values=[0.0, 1.0, -4.0, -0.4])
    b = Matrix(rows=2, columns=1, values=[0.0, 1.0])
    c = Matrix(sparse=True, rows=1, columns=2, i=[1], j=[1], values=[2.0])
    dm = Matrix(rows=1, columns=1, full="CORDER", values=[0.5])
    lx = Array(type="X", size=2)
    ly = Array(type="Y", size=1)
    lu = Array(type="U", variables=[v])
    ic = Array(type="IC", numbers=[0.1, -0.2])
    Lse(x=lx, u=lu, y=ly, ic=ic, a=a, b=b, c=c, d=dm)

    curve = Spline(x=[0, 1, 2, 3, 4], y=[0, 1, 0, -1, 0], linear_extrapolate=True)
    surface = Spline(x=[0, 1, 2, 3], z=[0.0, 1.0], y=[[0, 1, 4, 9], [0, 2, 8, 18]])
    Request(
        f1=f"VARVAL({v.id})",
        f2=f"DIF({d1.id})",
        f3=f"DIF({d2.id})",
        f4=f"ARYVAL({ya.id},1)",
        f5=f"ARYVAL({xa.id},2)",
        f6=f"ARYVAL({ly.id},1)",
        f7=f"AKISPL(TIME,0,{curve.id}) + CUBSPL(TIME,0,{curve.id})",
        f8=f"LINSPL(TIME,0.5,{surface.id})",
    )
    return model


def test_control_round_trip(tmp_path):
    model, loaded, before, after, _ = round_trip(control, tmp_path, end=3.0, dtout=0.05)
    assert_same_results(before, after)
    assert counts(loaded) == counts(model)
    arrays = {a.id: a for a in loaded.getChildren(type="Array")}
    assert arrays[1].type == "U"
    assert [v.id for v in arrays[1].variables] == [1]
    assert arrays[7].numbers == [0.1, -0.2]
    assert loaded.lookupById("Diff", 2).implicit
    assert loaded.lookupById("Diff", 2).static_hold
    assert loaded.lookupById("Matrix", 3).sparse
    assert loaded.lookupById("Spline", 2).z == [0.0, 1.0]
    assert loaded.lookupById("Units", 1).ucf == 1.0


# -- Python routines named by the dataset --------------------------------------------------


def routines():
    import xml_routines as r

    model = Model()
    Accgrav(kgrav=-9.81)
    Integrator(error=1e-8)
    ground = Part(ground=True)
    origin = Marker(part=ground)
    block = Part(mass=1.0, ip=[1, 1, 1], qg=[0, 0, 1])
    block.cm = Marker(part=block)
    slide = Joint(type="TRANSLATIONAL", i=block.cm, j=Marker(part=ground, qp=[0, 0, 1]))
    Sforce(
        type="TRANSLATION",
        actiononly=True,
        i=block.cm,
        j=origin,
        function=f"USER({block.cm.id}, {origin.id}, 100, 1)",
        routine=r.spring,
    )
    carriage = Part(mass=1.0, ip=[1, 1, 1], qg=[5, 0, 0])
    carriage.cm = Marker(part=carriage, zp=[1, 0, 0])
    rail = Joint(
        type="TRANSLATIONAL", i=carriage.cm, j=Marker(part=ground, qp=[5, 0, 0], zp=[6, 0, 0])
    )
    Motion(joint=rail, function="USER()", routine=r.lift)
    free = Part(mass=2.0, ip=[1, 1, 1], qg=[0, 5, 0])
    free.cm = Marker(part=free)
    Vforce(i=free.cm, jfloat=origin, function="USER(4)", routine=r.push)
    var = Variable(function="USER(0.5)", routine=r.drive)
    diff = Diff(function=f"USER({var.id})", routine=r.integrate, ic=1.0)
    Request(function=f"USER({block.cm.id}, {origin.id}, {diff.id}, 7)", routine=r.report)
    Request(type="DISPLACEMENT", i=carriage.cm)
    Request(type="DISPLACEMENT", i=free.cm)
    model.slide = slide
    return model


def test_routines_round_trip(tmp_path):
    _, loaded, before, after, path = round_trip(
        routines, tmp_path, allow_scripts=True, end=1.0, dtout=0.05
    )
    assert_same_results(before, after)
    text = path.read_text()
    assert 'script_name="' in text
    assert 'usrsub_fnc_name="spring"' in text
    assert 'interpreter="PYTHON"' in text
    # the routines now come from the script the dataset names, not from the test module
    assert loaded.lookupById("Sforce", 1).routine.__name__ == "spring"


def test_a_script_runs_only_when_allowed(tmp_path):
    model = routines()
    path = tmp_path / "model.xml"
    model.save_model(path)
    with pytest.raises(
        DatasetError,
        match=r"model\.xml:\d+: <\w+ id=1>: the dataset names "
        r"the Python script '.*xml_routines\.py'.*allow_scripts=True.*"
        r"--allow-scripts",
    ):
        load_model(path)


def test_compiled_routines_are_written_and_read_as_library_names(tmp_path):
    model = Model()
    ground = Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1])
    body.cm = Marker(part=body)
    Sforce(i=body.cm, j=Marker(part=ground), function="USER(1,2)", routine="libf.so::SFO")
    path = tmp_path / "m.xml"
    model.save_model(path)
    assert 'usrsub_dll_name="libf.so"' in path.read_text()
    loaded = load_model(path)
    force = loaded.lookupById("Sforce", 1)
    assert force.routine == "libf.so::SFO"
    assert force.function == "USER(1,2)"


def test_routines_that_a_dataset_cannot_name_are_refused(tmp_path):
    model = Model()
    ground = Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1])
    body.cm = Marker(part=body)
    Sforce(i=body.cm, j=Marker(part=ground), routine=lambda *a: 0.0, label="anon")
    with pytest.raises(ValueError, match=r"Sforce 1 'anon'.*top level of a module"):
        model.save_model(tmp_path / "m.xml")


def test_composites_are_written_as_their_atoms(tmp_path):
    class Damper(Composite):
        i = Reference(Marker)
        j = Reference(Marker)
        c = Double(3.0)

        def createChildren(self):
            self.force = Sforce(type="TRANSLATION")

        def updateChildren(self):
            self.force.setValues(i=self.i, j=self.j)
            if self.i is not None and self.j is not None:
                self.force.function = f"-{self.c}*VR({self.i.id},{self.j.id})"

    def build():
        model = Model()
        ground = Part(ground=True)
        body = Part(mass=1.0, ip=[1, 1, 1], qg=[1, 0, 0], vx=1.0)
        body.cm = Marker(part=body)
        Damper(i=body.cm, j=Marker(part=ground))
        Request(type="VELOCITY", i=body.cm)
        return model

    _, loaded, before, after, _ = round_trip(build, tmp_path, end=1.0, dtout=0.1)
    assert_same_results(before, after)
    assert "Damper" not in counts(loaded)
    assert counts(loaded)["Sforce"] == 1


def test_simulate_calls_become_the_command_block(tmp_path):
    model = Model()
    Part(ground=True)
    Part(mass=1.0, ip=[1, 1, 1], vz=1.0)
    model.simulate(end=0.5, dtout=0.1)
    model.simulate(end=1.0, steps=4)
    path = tmp_path / "m.xml"
    model.save_model(path)
    dataset = read_dataset(path)
    simulates = [c.values for c in dataset.commands if c.kind == "simulate"]
    assert [(s["end"], s["dtout"]) for s in simulates] == [(0.5, 0.1), (1.0, 0.125)]
    assert dataset.commands[-1].kind == "stop"


def test_inactive_entities_are_left_out_with_a_warning(tmp_path):
    model = Model()
    ground = Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1])
    body.cm = Marker(part=body)
    Sforce(i=body.cm, j=Marker(part=ground), function="1", active=False, label="off")
    with pytest.warns(UserWarning, match="Sforce 1 'off' is inactive"):
        model.save_model(tmp_path / "m.xml")
    assert "Force_Scalar_TwoBody" not in (tmp_path / "m.xml").read_text()


# -- a pendulum written by hand ------------------------------------------------------------

PENDULUM_XML = """<?xml version="1.0" encoding="UTF-8"?>
<!-- the pendulum of examples/pendulum.py: a 2 kg bob 300 mm from a pin on the ground -->
<MSolveModel>
 <Model>
  <Param_Unit force_unit="NEWTON" mass_unit="KILOGRAM" length_unit="MILLIMETER"
              time_unit="SECOND"/>
  <Force_Gravity grav_x="0." grav_y="0." grav_z="-9810."/>
  <Param_Transient integrator_type="DSTIFF" integr_tol="1.0E-6"/>

  <Body_Rigid id="1" label="Ground" isground="TRUE"/>
  <Reference_Marker id="1" label="pivot on ground" body_id="1" pos_x="0" pos_y="0" pos_z="0"
     a00="1" a10="0" a20="0" a01="0" a11="0" a21="1" a02="0" a12="-1" a22="0"/>

  <Body_Rigid id="2" label="bob" cg_id="2" mass="2.0"
     inertia_xx="1.0E3" inertia_yy="1.0E3" inertia_zz="1.0E3"
     inertia_xy="0" inertia_yz="0" inertia_xz="0"/>
  <Reference_Marker id="2" label="bob cm" body_id="2" pos_x="300" pos_y="0" pos_z="0"/>
  <Reference_Marker id="3" label="pivot on bob" body_id="2" pos_x="0" pos_y="0" pos_z="0"
     psi="0" theta="1.5707963267948966" phi="0"/>

  <Constraint_Joint id="1" label="pin" type="REVOLUTE" i_marker_id="3" j_marker_id="1"/>

  <Post_Request id="1" type="MARKER_DISPLACEMENT" i_marker_id="2" j_marker_id="1"
     comment="bob position"/>
  <Post_Request id="2" type="MARKER_FORCE" i_marker_id="3" j_marker_id="1"
     comment="pin reaction"/>
 </Model>
 <Command>
  <Simulate analysis_type="Transient" end_time="2.0" print_interval="0.01"/>
  <Stop/>
 </Command>
</MSolveModel>
"""


def python_pendulum():
    model = Model(output="pendulum")
    Units(mass="KILOGRAM", length="MILLIMETER", time="SECOND", force="NEWTON")
    Accgrav(kgrav=-9810.0)
    Integrator(error=1e-6)
    ground = Part(ground=True)
    ground.pivot = Marker(part=ground, qp=[0, 0, 0], zp=[0, -1, 0])
    bob = Part(mass=2.0, ip=[1e3, 1e3, 1e3])
    bob.cm = Marker(part=bob, qp=[300, 0, 0])
    bob.pivot = Marker(part=bob, qp=[0, 0, 0], zp=[0, -1, 0])
    Joint(type="REVOLUTE", i=bob.pivot, j=ground.pivot)
    model.position = Request(type="DISPLACEMENT", i=bob.cm, j=ground.pivot)
    model.reaction = Request(type="FORCE", i=bob.pivot, j=ground.pivot)
    return model


def test_hand_written_pendulum_matches_the_python_pendulum(tmp_path):
    path = tmp_path / "pendulum.xml"
    path.write_text(PENDULUM_XML)
    dataset = read_dataset(path)
    loaded = dataset.model
    [simulate] = [c.values for c in dataset.commands if c.kind == "simulate"]
    assert simulate == {
        "type": "TRANSIENT",
        "start": 0.0,
        "end": 2.0,
        "duration": None,
        "dtout": 0.01,
        "steps": None,
    }
    from_xml = results_of(loaded, end=simulate["end"], dtout=simulate["dtout"])
    from_python = results_of(python_pendulum(), end=2.0, dtout=0.01)
    # the pivot on the bob: psi/theta/phi = (0, 90 deg, 0) turns z to -y, as zp=[0,-1,0]
    assert_same_results(from_python, from_xml, rtol=1e-7, atol=1e-9)
    x = from_xml[("Request", 1)]["X"]
    assert x[0] == pytest.approx(300.0)
    assert min(from_xml[("Request", 1)]["Z"]) == pytest.approx(-300.0, abs=1.0)
    assert loaded.lookupById("Marker", 3).label == "pivot on bob"


def test_names_are_case_insensitive(tmp_path):
    text = PENDULUM_XML.replace("Body_Rigid", "BODY_RIGID").replace("isground", "IsGround")
    text = text.replace("<Reference_Marker id=", "<reference_marker ID=")
    path = tmp_path / "upper.xml"
    path.write_text(text)
    model = load_model(path)
    assert model.lookupById("Part", 1).ground
    assert model.lookupById("Marker", 2).part is model.lookupById("Part", 2)


def test_markers_relative_to_another_marker(tmp_path):
    text = PENDULUM_XML.replace(
        '<Reference_Marker id="2" label="bob cm" body_id="2" pos_x="300" pos_y="0" pos_z="0"/>',
        '<Reference_Marker id="4" body_id="2" pos_x="100" pos_y="0" pos_z="0"/>\n'
        '<Reference_Marker id="2" label="bob cm" body_id="2" rm_id="4" pos_x="0" pos_y="0" '
        'pos_z="-200" psi="0" theta="1.5707963267948966" phi="0"/>',
    )
    path = tmp_path / "rm.xml"
    path.write_text(text)
    model = load_model(path)
    cm = model.lookupById("Marker", 2)
    # marker 4 sits at (100, 0, 0) with the global axes: (0, 0, -200) in it is global
    # (100, 0, -200), and the bob's frame is the global frame
    np.testing.assert_allclose(tuple(cm.qp), (100.0, 0.0, -200.0), atol=1e-12)


def test_command_block_integrator_settings(tmp_path):
    text = PENDULUM_XML.replace(
        "<Simulate", '<Param_Transient integr_tol="1e-9" h_max="0.001"/>\n  <Simulate'
    )
    path = tmp_path / "p.xml"
    path.write_text(text)
    dataset = read_dataset(path)
    kinds = [c.kind for c in dataset.commands]
    assert kinds == ["param_transient", "simulate", "stop"]
    assert dataset.commands[0].values == {"error": 1e-9, "hmax": 0.001}


def test_unknown_elements_and_attributes_warn(tmp_path):
    text = PENDULUM_XML.replace(
        '<Post_Request id="1"',
        '<Post_Graphic id="1" type="Outline"/>\n  <Post_Request id="1" color="red"',
    )
    path = tmp_path / "w.xml"
    path.write_text(text)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        load_model(path)
    messages = [str(w.message) for w in caught]
    assert any("<Post_Graphic id=1>: output or graphics element not used" in m for m in messages)
    assert any("attribute 'color' is not used" in m for m in messages)
    assert all(issubclass(w.category, DatasetWarning) for w in caught)


def test_seed_skeleton_reads(tmp_path):
    # the example skeleton of docs/motionsolve-compatibility.md §7.4, with its sensor
    path = tmp_path / "skeleton.xml"
    path.write_text(SKELETON_XML)
    with (
        pytest.warns(DatasetWarning, match="sensors are not available")
        if not hasattr(__import__("msolve"), "Sensor")
        else warnings.catch_warnings()
    ):
        dataset = read_dataset(path)
    model = dataset.model
    assert model.lookupById("Tfsiso", 1).denominator == [1.0, 0.05]
    assert model.lookupById("Part", 2).cm.id == 20
    if not hasattr(__import__("msolve"), "Sensor"):
        assert dataset.pending[0][1]["event"]["compare"] == "LT"
    run = model.simulate(end=0.2, dtout=0.01, returnResults=True)
    assert math.isfinite(run.getObject(model.lookupById("Request", 1)).getComponent(1)[-1])


SKELETON_XML = """<?xml version="1.0" encoding="UTF-8"?>
<MSolveModel>
 <Model>
  <Param_Unit force_unit="NEWTON" mass_unit="KILOGRAM"
              length_unit="MILLIMETER" time_unit="SECOND"/>
  <Force_Gravity grav_x="0." grav_y="-9810." grav_z="0."/>
  <Body_Rigid id="1" label="Ground" isground="TRUE" lprf_id="10"/>
  <Reference_Marker id="10" body_id="1" pos_x="0" pos_y="0" pos_z="0"
     a00="1" a10="0" a20="0" a01="0" a11="1" a21="0" a02="0" a12="0" a22="1"/>
  <Reference_Marker id="11" body_id="1" pos_x="0" pos_y="0" pos_z="0"
     a00="1" a10="0" a20="0" a01="0" a11="1" a21="0" a02="0" a12="0" a22="1"/>
  <Body_Rigid id="2" label="Link" cg_id="20" lprf_id="20" mass="2.0"
     inertia_xx="1.0E3" inertia_yy="1.7E5" inertia_zz="1.7E5"
     inertia_xy="0" inertia_yz="0" inertia_xz="0"/>
  <Reference_Marker id="20" body_id="2" pos_x="500" pos_y="0" pos_z="0"
     a00="1" a10="0" a20="0" a01="0" a11="1" a21="0" a02="0" a12="0" a22="1"/>
  <Reference_Marker id="21" body_id="2" pos_x="0" pos_y="0" pos_z="0"
     a00="1" a10="0" a20="0" a01="0" a11="1" a21="0" a02="0" a12="0" a22="1"/>
  <Constraint_Joint id="1" label="pivot" type="REVOLUTE"
     i_marker_id="21" j_marker_id="11"/>
  <Force_Scalar_TwoBody id="1" label="pivot damper" type="TORQUE"
     i_marker_id="21" j_marker_id="11" is_action_only="FALSE"
     val_expression="-2.0E3*WZ(21,11,11)"/>
  <Reference_Variable id="1" type="EXPRESSION" expr="AZ(21,11)"/>
  <Control_Diff id="1" type="EXPRESSION" is_implicit="FALSE"
     ic="0." is_static_hold="FALSE" expr="VARVAL(1)"/>
  <Reference_Array id="100" type="U" num_element="1"> 1 </Reference_Array>
  <Reference_Array id="101" type="X" num_element="1"/>
  <Reference_Array id="102" type="Y" num_element="1"/>
  <Control_SISO id="1" x_array_id="101" y_array_id="102" u_array_id="100"
     num_numerator_coef="1" numerator_coef="1.0"
     num_denominator_coef="2" denominator_coef="1.0 0.05"/>
  <Sensor_Evaluate id="1" type="EXPRESSION" expr="TIME"/>
  <Sensor_Event id="1" type="EXPRESSION" expr="AZ(21,11)" compare="LT"
     value="-1.0" error_tol="1.0E-4" evaluate_id="1" return="TRUE"/>
  <Post_Request id="1" type="EXPRESSION" expr1="NULL"
     expr2="AZ(21,11)*RTOD" expr3="ARYVAL(102,1)" expr4="DIF(1)"/>
 </Model>
 <Command>
  <Param_Transient integrator_type="DSTIFF" integr_tol="1.0E-4" h_max="1.0E-3"/>
  <Simulate analysis_type="Transient" end_time="2.0" print_interval="0.01"/>
  <Stop/>
 </Command>
</MSolveModel>
"""


@pytest.mark.parametrize(
    ("how", "element"), [("Coupler", "Constraint_Coupler"), ("Gear", "Constraint_Gear")]
)
def test_coupler_and_gear_round_trip(tmp_path, how, element):
    # Constraint_Coupler (joint1_id, freedom_1, ..., coefficients) and Constraint_Gear
    # (joint1_id, joint2_id, cv_marker_id): the gear pair of test_gears.py gives the same
    # results read back from its dataset
    from test_gears import gear_pair

    _model, loaded, before, after, path = round_trip(
        lambda: gear_pair(how), tmp_path, end=0.5, dtout=0.05
    )
    assert f"<{element}" in path.read_text()
    assert len(loaded.getChildren(type=how)) == 1
    assert_same_results(before, after, rtol=1e-9)


def test_unknown_physics_elements_are_refused(tmp_path):
    # a flexible body msolve cannot read, or a contact it cannot complete, is never dropped
    # silently
    for element, why in (
        ('<Force_Contact id="1" i_geom="1"/>', "'i_graphics_id' is required"),
        ('<Body_Flexible id="7"/>', "element not supported by msolve"),
    ):
        text = PENDULUM_XML.replace('<Post_Request id="1"', element + '\n  <Post_Request id="1"')
        path = tmp_path / "c.xml"
        path.write_text(text)
        with pytest.raises(DatasetError, match=why):
            load_model(path)


# -- PointMass, Field, Beam ----------------------------------------------------------------


def point_mass_field_beam():
    model = Model()
    Accgrav(kgrav=-9.81)
    ground = Part(ground=True)
    anchor = Marker(part=ground, qp=[0, 0, 1])
    # a point mass with a turned frame (an lprf marker) and a marker on it, on a Field
    pm = PointMass(mass=0.7, qg=[0.1, 0.2, 0.9], reuler=[0.2, 0.1, 0.0], vx=0.5, label="pm")
    pm.cm = Marker(part=pm, qp=[0, 0, 0.05])
    pm.top = Marker(part=pm, qp=[0, 0, 0.1], reuler=[0.0, 0.3, 0.0])
    K = np.diag([300.0, 400.0, 500.0, 1.0, 1.0, 1.0]) + 10.0
    Field(
        i=pm.cm,
        j=anchor,
        kmatrix=list(K.ravel()),
        cmatrix=list((0.01 * K).ravel()),
        length=[0.1, 0.1, 0.0, 0.0, 0.0, 0.0],
        force=[0.0, 0.0, 2.0, 0.0, 0.0, 0.0],
        label="field",
    )
    # a block on a beam, and a second field damped by cratio
    block = Part(mass=2.0, ip=[0.1, 0.2, 0.3], qg=[1.0, 0, 0], label="block")
    block.cm = Marker(part=block)
    root = Marker(part=ground)
    Beam(
        i=block.cm,
        j=root,
        length=1.0,
        ixx=2e-8,
        iyy=1e-8,
        izz=1.5e-8,
        area=1e-4,
        asy=1.2,
        asz=1.1,
        emodulus=2e11,
        gmodulus=8e10,
        cratio=1e-3,
        force=[0.0, 1.0, 0.0],
        torque=[0.0, 0.0, 0.1],
    )
    Field(i=block.cm, j=root, kmatrix=list((0.1 * K).ravel()), cratio=0.02)
    model.r1 = Request(type="DISPLACEMENT", i=pm.top)
    model.r2 = Request(type="VELOCITY", i=block.cm)
    model.pm = pm
    return model


def test_point_mass_field_and_beam_round_trip(tmp_path):
    model, loaded, before, after, path = round_trip(
        point_mass_field_beam, tmp_path, end=0.3, dtout=0.01
    )
    assert_same_results(before, after, rtol=1e-6, atol=1e-9)
    expected = counts(model)
    expected["Marker"] += 2  # the lprf markers of the point mass and the block
    assert counts(loaded) == expected
    text = path.read_text()
    assert "<Body_Point" in text
    assert 'body_type="POINTBODY"' in text
    assert "<Force_Field" in text
    assert "<Force_Beam" in text
    pm = loaded.lookupById("PointMass", 1)
    assert (pm.label, pm.mass, pm.vx, pm.vy) == ("pm", 0.7, 0.5, None)
    first, second = loaded.lookupById("Field", 1), loaded.lookupById("Field", 2)
    assert first.kmatrix == model.lookupById("Field", 1).kmatrix
    assert first.cmatrix == model.lookupById("Field", 1).cmatrix
    assert first.cratio is None
    assert first.length == [0.1, 0.1, 0.0, 0.0, 0.0, 0.0]
    assert first.force[2] == 2.0
    assert second.cratio == 0.02
    assert second.cmatrix == []
    beam = loaded.lookupById("Beam", 1)
    for name in ("length", "ixx", "iyy", "izz", "area", "asy", "asz", "emodulus", "gmodulus"):
        assert getattr(beam, name) == getattr(model.lookupById("Beam", 1), name)
    assert beam.cratio == 1e-3
    assert beam.force == [0, 1, 0]
    assert beam.torque == [0, 0, 0.1]
    # the point mass's body results too
    run_a = model.simulate(end=0.4, dtout=0.1, returnResults=True)
    run_b = loaded.simulate(end=0.4, dtout=0.1, returnResults=True)
    np.testing.assert_allclose(
        run_b.getObject(pm).values, run_a.getObject(model.pm).values, rtol=0, atol=1e-8
    )


def test_hand_written_point_mass_field_and_beam(tmp_path):
    # the documented spellings: Body_Point with markers of body_type POINTBODY (a point body 2
    # beside a rigid body 2), Force_Field's K11 ... and length_/preload_, Force_Beam's E, G,
    # ASY, ASZ
    text = """<MSolveModel><Model>
  <Body_Rigid id="1" isground="TRUE"/>
  <Reference_Marker id="1" body_id="1"/>
  <Body_Rigid id="2" cg_id="2" mass="1" inertia_xx="1" inertia_yy="1" inertia_zz="1"/>
  <Reference_Marker id="2" body_id="2" pos_x="2"/>
  <Body_Point id="2" label="bead" cg_id="3" mass="0.5" v_ic_x="1.5" v_ic_x_flag="TRUE"
     v_ic_y="7" v_ic_y_flag="FALSE"/>
  <Reference_Marker id="3" body_id="2" body_type="POINTBODY" pos_x="1" pos_y="0.5"/>
  <Force_Field id="1" i_marker_id="3" j_marker_id="1" K11="100" K22="200" K33="300" K12="5"
     K44="1" K55="1" K66="1" cratio="0.01" length_x="1" preload_z="-4.905"/>
  <Force_Beam id="1" i_marker_id="2" j_marker_id="1" length="2" E="2e11" G="8e10" area="1e-4"
     ixx="2e-9" iyy="1e-9" izz="1.5e-9" ASY="1.2" ASZ="1.1" cratio="0.001" preload_ty="0.5"/>
 </Model></MSolveModel>"""
    path = tmp_path / "elements.xml"
    path.write_text(text)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        model = load_model(path)
    bead = model.lookupById("PointMass", 2)
    assert (bead.label, bead.mass, bead.vx, bead.vy, bead.vz) == ("bead", 0.5, 1.5, None, None)
    marker = model.lookupById("Marker", 3)
    assert marker.part is bead
    assert bead.cm is marker
    assert model.lookupById("Marker", 2).part is model.lookupById("Part", 2)
    field = model.lookupById("Field", 1)
    K = np.array(field.kmatrix).reshape(6, 6)
    assert (K[0, 0], K[0, 1], K[1, 0], K[2, 2]) == (100.0, 5.0, 0.0, 300.0)
    assert field.cratio == 0.01
    assert field.cmatrix == []
    assert field.length == [1, 0, 0, 0, 0, 0]
    assert field.force == [0, 0, -4.905, 0, 0, 0]
    beam = model.lookupById("Beam", 1)
    assert (beam.emodulus, beam.gmodulus, beam.asy, beam.asz) == (2e11, 8e10, 1.2, 1.1)
    assert beam.torque == [0, 0.5, 0]
    model.simulate(end=0.01, dtout=0.01)


# -- joint friction and general state equations --------------------------------------------


def friction_and_gse():
    import xml_routines as r

    model = Model()
    Accgrav(kgrav=-9.81)
    Integrator(error=1e-8)
    ground = Part(ground=True)
    down = [0.9, 0.0, -0.3]
    block = Part(mass=1.0, ip=[0.1, 0.1, 0.1])
    block.cm = Marker(part=block, zp=down)
    rail = Marker(part=ground, zp=down)
    slide = Joint(type="TRANSLATIONAL", i=block.cm, j=rail)
    Friction(
        joint=slide,
        mu_static=0.25,
        mu_dynamic=0.15,
        stiction_transition_velocity=0.05,
        max_stiction_deformation=0.002,
        input_forces=["PRELOAD", "REACTION_FORCE"],
        friction_force_preload=0.5,
        overlap_delta="INCREASE",
    )
    wheel = Part(mass=2.0, ip=[0.1, 0.1, 0.02], qg=[0, 3, 0], wz=20.0)
    wheel.cm = Marker(part=wheel)
    axle = Joint(type="REVOLUTE", i=wheel.cm, j=Marker(part=ground, qp=[0, 3, 0]))
    Friction(
        joint=axle,
        pin_radius=0.03,
        friction_arm=0.02,
        bristle_stiffness=500.0,
        damping_effects=2.0,
        viscous_effects=0.001,
        effect="ALL",
    )
    x, y = Array(type="X"), Array(type="Y")
    Gse(
        ns=1,
        no=2,
        x=x,
        y=y,
        u=Array(type="U", variables=[Variable(function="COS(TIME)")]),
        ic=Array(type="IC", numbers=[0.5]),
        function="USER(3)",
        routine=r.decay,
    )
    Request(type="VELOCITY", i=block.cm, j=rail, rm=rail)
    Request(type="VELOCITY", i=wheel.cm)
    Request(f1=f"ARYVAL({y.id},2)", f2=f"ARYVAL({x.id},1)")
    return model


def test_friction_and_gse_round_trip(tmp_path):
    _, loaded, before, after, path = round_trip(
        friction_and_gse, tmp_path, allow_scripts=True, end=1.0, dtout=0.05
    )
    assert_same_results(before, after)
    text = path.read_text()
    assert "<Force_JointFriction" in text
    assert 'inputs="1100"' in text
    assert 'type="USERSUB"' in text
    assert 'usrsub_fnc_name="decay"' in text
    assert counts(loaded)["Friction"] == 2
    assert counts(loaded)["Gse"] == 1
    lugre = loaded.lookupById("Friction", 2)
    assert lugre.bristle_stiffness == 500.0
    assert lugre.friction_arm == 0.02


def test_joint_friction_of_a_dataset_is_read_with_its_inputs(tmp_path):
    # a hand-written Force_JointFriction: inputs as 4 bits, word attributes in any case
    model = friction_and_gse()
    path = tmp_path / "model.xml"
    model.save_model(path)
    text = path.read_text().replace('inputs="1100"', 'inputs="0101"')
    text = text.replace('effect="All"', 'effect="SLIDING"', 1)
    path.write_text(text)
    loaded = load_model(path, allow_scripts=True)
    f = loaded.lookupById("Friction", 1)
    assert f.input_forces == ["REACTION_FORCE", "TORSIONAL_MOMENT"]
    assert f.effect == "SLIDING"
    bad = text.replace('inputs="0101"', 'inputs="12x"')
    path.write_text(bad)
    with pytest.raises(DatasetError, match="inputs"):
        load_model(path, allow_scripts=True)
