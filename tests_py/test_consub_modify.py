"""MODIFY, MODSET (and MODFNC) in a CONSUB (docs/motionsolve-compatibility.md §3.6), from a compiled
CONSUB (tests_py/data/consub_modify.c, built here) and from a Python one: a body falling
under gravity and a vertical Sforce whose function, the gravity and the Sforce's active state
change between three analyses; the height at the end against the piecewise closed form."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from msolve import *
from msolve import MsolveError
from msolve.cli import main

G, M, G2 = 9.81, 2.0, 3.72742
T1, T2, T3 = 0.4, 0.7, 1.0
F0, F1 = M * G / 2, M * G  # the Sforce before and after the MODIFY
SOURCE = Path(__file__).parent / "data" / "consub_modify.c"


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    compiler = shutil.which("cc") or shutil.which("gcc")
    assert compiler, "a C compiler (cc) is needed to build the test's user subroutines"
    path = tmp_path_factory.mktemp("consub") / "libconsub.so"
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-O1", "-o", str(path), str(SOURCE)],
        check=True,
        capture_output=True,
    )
    return path


def lifted_body():
    # a free body under gravity -z, lifted by Sforce 1 (along the ground's z) with F0
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    body = Part(mass=M, ip=[1, 1, 1])
    body.cm = Marker()
    Sforce(id=1, i=body.cm, j=Marker(part=ground), actiononly=True, function=repr(F0))
    return model, body


def closed_form_height():
    # a = F0/M - G to T1, F1/M - G (0: it coasts) to T2, then -G2 with the Sforce off
    z, v = 0.0, 0.0
    for a, dt in ((F0 / M - G, T1), (F1 / M - G, T2 - T1), (-G2, T3 - T2)):
        z, v = z + v * dt + a * dt**2 / 2, v + a * dt
    return z


def check(model, body):
    assert model.getTime() == pytest.approx(T3, abs=1e-12)
    z = model.results.getObject(body).getComponent("Z")[-1]
    assert z == pytest.approx(closed_form_height(), rel=1e-7, abs=1e-9)
    assert not model.lookupById("Sforce", 1).active
    assert float(model.lookupById("Sforce", 1).function) == F1
    assert model.getChildren(type="Accgrav")[0].kgrav == pytest.approx(-G2)


def test_compiled_consub_modifies_the_model_between_analyses(library):
    model, body = lifted_body()
    model.control(function=f"USER({T1}, {T2}, {T3}, {F1!r}, {G2})", routine=f"{library}::CONSUB")
    check(model, body)


def test_fortran_consub_modifies_the_model_between_analyses(tmp_path):
    # MODIFY, MODSET and ANALYS from Fortran (gfortran's hidden string lengths)
    compiler = shutil.which("gfortran")
    assert compiler, "gfortran is needed to build the Fortran user subroutine (tools/setup.sh)"
    path = tmp_path / "libconsubf.so"
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-o", str(path), str(SOURCE.with_suffix(".f90"))],
        check=True,
        capture_output=True,
    )
    model, body = lifted_body()
    model.control(function=f"USER({T1}, {T2}, {T3}, {F1!r}, {G2})", routine=f"{path}::CONSUB")
    check(model, body)


def test_python_consub_modifies_the_model_between_analyses():
    model, body = lifted_body()
    status = []

    def consub(par, npar):
        status.append(py_analys("TRANSIENT", "first", 0.0, T1, 1))
        status.append(py_modify(f"SFORCE/1, FUNCTION={F1!r}"))
        status.append(py_analys("TRANSIENT", "second", T1, T2, 1))
        status.append(py_modify(f"ACCGRAV/IGRAV=0, JGRAV=0, KGRAV={-G2}"))
        status.append(py_modset("Force_Scalar_TwoBody", 1, "is_active", "FALSE"))
        status.append(py_analys("TRANSIENT", "third", T2, T3, 1))

    model.control(routine=consub)
    assert status == [0] * 6
    check(model, body)


def test_modify_and_modset_refusals_have_a_status_and_a_reason(capsys):
    model, _ = lifted_body()
    anchor = Marker(part=model.lookupById("Part", 1), qp=[0, 0, 1])
    Variable(id=5, function="TIME")
    Integrator()  # a second one: MODIFY changes the first
    seen, got = {}, {}

    def consub(par, npar):
        seen["unknown statement"] = py_modify("FOO/1, BAR=2")
        seen["no such id"] = py_modify("SFORCE/7, FUNCTION=1")
        seen["not NAME=value"] = py_modify("SFORCE/1, 3.0")
        seen["no attribute"] = py_modify("SFORCE/1, COLOUR=2")
        seen["bad value"] = py_modify("INTEGRATOR/ERROR=-1")
        seen["ok"] = py_modify("VARIABLE/5, FUNCTION=2*TIME")
        seen["ok activate list"] = py_modify("ACTIVATE/SFORCE, ID=1")
        seen["integrator word"] = py_modify("INTEGRATOR/GSTIFF, ERROR=1e-7")
        seen["element"] = py_modset("Nothing_Here", 1, "x", "1")
        seen["id"] = py_modset("Reference_Variable", 8, "expr", "1")
        seen["attribute"] = py_modset("Reference_Variable", 5, "colour", "1")
        seen["value"] = py_modset("Param_Transient", 0, "integr_tol", "-3")
        seen["modset ok"] = py_modset("Param_Transient", 0, "h_max", "0.01")
        seen["equilibrium"] = py_modify("EQUILIBRIUM/ERROR=1e-6, MAXIT=40")
        seen["static"] = py_modset("Param_Static", 0, "max_imbalance", "1e-5")
        seen["output"] = py_modify("OUTPUT/REQSAVE=TRUE")
        seen["reference"] = py_modify(f"SFORCE/1, J={anchor.id}")
        seen["no marker"] = py_modify("SFORCE/1, J=999")
        got["expr"] = py_modfnc("Reference_Variable", 5, "expr")
        got["h_max"] = py_modfnc("Param_Transient", 0, "h_max")
        got["active"] = py_modfnc("Force_Scalar_TwoBody", 1, "is_active")
        got["j"] = py_modfnc("Force_Scalar_TwoBody", 1, "j")
        got["element"] = py_modfnc("Nothing_Here", 1, "x")
        got["id"] = py_modfnc("Reference_Variable", 8, "expr")
        got["attribute"] = py_modfnc("Reference_Variable", 5, "colour")
        got["no debug"] = py_modfnc("Sensor_Event", 1, "value")

    model.control(routine=consub)
    assert seen == {
        "unknown statement": 1,
        "no such id": 1,
        "not NAME=value": 1,
        "no attribute": 1,
        "bad value": 1,
        "ok": 0,
        "ok activate list": 0,
        "integrator word": 0,
        "element": -1,
        "id": -2,
        "attribute": -3,
        "value": -4,
        "modset ok": 0,
        "equilibrium": 0,
        "static": 0,
        "output": 0,
        "reference": 0,
        "no marker": 1,
    }
    assert model.lookupById("Sforce", 1).j is anchor
    # MODFNC reads back what MODIFY and MODSET set
    assert got == {
        "expr": ("2*TIME", 6),
        "h_max": ("0.01", 4),
        "active": ("TRUE", 1),
        "j": (str(anchor.id), 2),
        "element": ("", -1),
        "id": ("", -2),
        "attribute": ("", -3),
        "no debug": ("", -2),
    }
    equilibrium = model.getChildren(type="Equilibrium")[0]
    assert (equilibrium.error, equilibrium.maxit, equilibrium.imbalance) == (1e-6, 40, 1e-5)
    assert model.getChildren(type="Output")[0].reqsave is True
    text = capsys.readouterr().out  # the log (msolve/log.py)
    assert "the model has no Sforce with id 7" in text
    assert "has no attribute 'colour'" in text
    assert "the model has no Marker with id 999" in text
    assert model.lookupById("Variable", 5).function == "2*TIME"
    first = model.getChildren(type="Integrator")[0]
    assert (first.type, first.error, first.hmax) == ("GSTIFF", 1e-7, 0.01)
    with pytest.raises(RuntimeError, match="only be called from a CONSUB"):
        py_modify("SFORCE/1, FUNCTION=1")


def test_compiled_modify_refused_stops_the_consub(library):
    model, _ = lifted_body()
    with pytest.raises(MsolveError, match=r"MODIFY refused \(id 99\)"):
        model.control(routine=f"{library}::BADCONSUB")
    with pytest.raises(MsolveError, match="CONSUB needs t1"):
        model.control(function="USER(1)", routine=f"{library}::CONSUB")


def falling_body():
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-9)
    Part(ground=True)
    body = Part(id=2, mass=M, ip=[1, 1, 1])
    body.cm = Marker()
    Request(id=1, type="DISPLACEMENT", i=body.cm)
    return model


def final_height(csv):
    lines = csv.read_text().splitlines()
    header = lines[0].split(",")
    last = [float(v) for v in lines[-1].split(",")]
    return last[0], last[header.index("Request1.Z")]


@pytest.mark.parametrize("kind", ["compiled", "python"])
def test_save_model_writes_the_control_call_as_user_program_control(library, kind, tmp_path):
    # the CONSUB's analyses are one UserProgramControl in the dataset; `msolve run` of it
    # runs the CONSUB again on the saved model
    sys.path.insert(0, str(Path(__file__).parent))
    try:
        import xml_routines
    finally:
        sys.path.pop(0)
    model = falling_body()
    body = model.lookupById("Part", 2)
    if kind == "compiled":
        # the compiled CONSUB changes Sforce 1 (zero here) and the gravity
        ground = model.lookupById("Part", 1)
        Sforce(id=1, i=body.cm, j=Marker(part=ground), actiononly=True, function="0")
        model.control(function=f"USER({T1}, {T2}, {T3}, 0, {G2})", routine=f"{library}::CONSUB")
        model.lookupById("Sforce", 1).active = True
    else:
        model.control(function=f"USER({T1}, {-G2}, {T3})", routine=xml_routines.consub)
    z_end = model.results.getObject(body).getComponent("Z")[-1]
    # the CONSUB's MODIFY changed the gravity: back to the start, so the replay begins there
    model.getChildren(type="Accgrav")[0].kgrav = -G
    dataset = tmp_path / "control.xml"
    text = model.save_model(dataset).read_text()
    assert text.count("<UserProgramControl") == 1
    assert "<Simulate" not in text
    assert main(["run", "--allow-scripts", str(dataset)]) == 0
    t, z = final_height(tmp_path / "control.csv")
    assert t == pytest.approx(T3)
    assert z == pytest.approx(z_end, rel=1e-7, abs=1e-9)


def test_control_runs_the_consub_of_a_script():
    # routine= names the function of the file script= (CONSUB by default): xml_routines'
    # consub falls under -G to T1, then under -G2 to T3
    script = Path(__file__).parent / "xml_routines.py"
    model = falling_body()
    model.control(function=f"USER({T1}, {-G2}, {T3})", routine="consub", script=str(script))
    z = model.results.getObject(model.lookupById("Part", 2)).getComponent("Z")[-1]
    z1, v1, dt = -G * T1**2 / 2, -G * T1, T3 - T1
    assert z == pytest.approx(z1 + v1 * dt - G2 * dt**2 / 2, rel=1e-7)
    with pytest.raises(ValueError, match=r"Model.control: the script .* has no function 'CONSUB'"):
        model.control(function="USER(1)", script=str(script))


def test_save_model_writes_the_script_of_a_control_call(tmp_path):
    script = Path(__file__).parent / "xml_routines.py"
    model = falling_body()
    model.control(function=f"USER({T1}, {-G}, {T3})", routine="consub", script=str(script))
    z_end = model.results.getObject(model.lookupById("Part", 2)).getComponent("Z")[-1]
    dataset = tmp_path / "control.xml"
    text = model.save_model(dataset).read_text()
    assert 'usrsub_fnc_name="consub"' in text
    assert main(["run", "--allow-scripts", str(dataset)]) == 0
    t, z = final_height(tmp_path / "control.csv")
    assert (t, z) == (pytest.approx(T3), pytest.approx(z_end, rel=1e-7, abs=1e-9))
