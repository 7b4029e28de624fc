"""Service functions of user routines (docs/motionsolve-compatibility.md §3.6): SYSARY's
RDISP, TFORCE and RFORCE from a compiled REQSUB (c_sysary; the library is built here from
tests_py/data/usersubs.c as in test_compiled_routines.py) and from a Python one (py_sysary),
against closed forms and the expression functions JOINT, PSI, THETA and PHI; a compiled and a
Python CONSUB (Model.control) running analyses with ANALYS."""

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest

from msolve import *
from msolve import MsolveError
from msolve.cli import main

G, M, L, RATE = 9.81, 2.0, 0.5, 0.5
SOURCE = Path(__file__).parent / "data" / "usersubs.c"
CODES = {"TFORCE": 1, "RFORCE": 2, "RDISP": 3}


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    compiler = shutil.which("cc") or shutil.which("gcc")
    assert compiler, "a C compiler (cc) is needed to build the test's user subroutines"
    path = tmp_path_factory.mktemp("usersubs") / "libusersubs.so"
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-O1", "-o", str(path), str(SOURCE)],
        check=True,
        capture_output=True,
    )
    return path


def python_reqsub(id, time, par, npar, iflag):
    # the Python twin of ARRAYREQ: the array, nstates and errflg
    name = {code: name for name, code in CODES.items()}[int(par[0])]
    values, errflg = py_sysary(name, [int(p) for p in par[1:npar]])
    return [*values, len(values), errflg, 0.0, 0.0, 0.0]


def cantilever_and_rotor(routine):
    # A: a point mass on an arm FIXED to the ground at the origin, its mass at (L, 0, 0)
    # under gravity -z: the joint holds it with the force (0, 0, m g) and the torque
    # (0, -m g L, 0) about the joint (the moment of the weight is r x (0, 0, -m g) =
    # (0, m g L, 0)). B: a rotor on a REVOLUTE joint along global x turned by a Motion
    # a = RATE t: its body 3-1-3 angles from the ground are (0, a, 0).
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    arm = Part(mass=M, ip=[1e-3, 1e-3, 1e-3], cm=Marker(qp=[L, 0, 0]))
    fix = Joint(type="FIXED", i=Marker(part=arm), j=Marker(part=ground))
    rotor = Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[0, 2, 0]))
    axis = [1, 0, 0], [0, 2, 0]
    shaft_i = Marker(part=rotor, qp=axis[1], zp=[1, 2, 0])
    shaft_j = Marker(part=ground, qp=axis[1], zp=[1, 2, 0])
    pin = Joint(type="REVOLUTE", i=shaft_i, j=shaft_j)
    Motion(joint=pin, jtype="ROTATION", function=f"{RATE}*TIME")
    body = Marker(part=rotor, qp=[0, 2, 0])
    origin = Marker(part=ground, qp=[0, 2, 0])
    ids = {
        "TFORCE": (fix.i.id, fix.j.id),
        "RFORCE": (fix.i.id, fix.j.id),
        "RDISP": (body.id, origin.id),
    }
    requests = {
        name: Request(function=f"USER({CODES[name]}, {a}, {b})", routine=routine)
        for name, (a, b) in ids.items()
    }
    expressions = {
        "TFORCE": Request(
            f2=f"JOINT({fix.id}, 0, 2, 0)",
            f3=f"JOINT({fix.id}, 0, 3, 0)",
            f4=f"JOINT({fix.id}, 0, 4, 0)",
        ),
        "RFORCE": Request(
            f2=f"JOINT({fix.id}, 0, 6, 0)",
            f3=f"JOINT({fix.id}, 0, 7, 0)",
            f4=f"JOINT({fix.id}, 0, 8, 0)",
        ),
        "RDISP": Request(
            f2=f"PSI({body.id}, {origin.id})",
            f3=f"THETA({body.id}, {origin.id})",
            f4=f"PHI({body.id}, {origin.id})",
        ),
    }
    run = model.simulate(end=2.0, dtout=0.1, returnResults=True)
    read = {
        n: np.array([run.getObject(r).getComponent(f"F{k}") for k in range(1, 6)])
        for n, r in requests.items()
    }
    expected = {
        n: np.array([run.getObject(r).getComponent(f"F{k}") for k in (2, 3, 4)])
        for n, r in expressions.items()
    }
    return run.times, read, expected


@pytest.mark.parametrize("kind", ["compiled", "python"])
def test_sysary_force_and_rotation_arrays(library, kind):
    routine = f"{library}::ARRAYREQ" if kind == "compiled" else python_reqsub
    t, read, expected = cantilever_and_rotor(routine)
    one = np.ones_like(t)
    closed = {
        "TFORCE": [0 * one, 0 * one, M * G * one],
        "RFORCE": [0 * one, -M * G * L * one, 0 * one],
        "RDISP": [0 * one, RATE * t, 0 * one],
    }
    for name, values in read.items():
        np.testing.assert_allclose(values[3], 3, err_msg=f"{name}: nstates")
        np.testing.assert_allclose(values[4], 0, err_msg=f"{name}: errflg")
        np.testing.assert_allclose(values[:3], expected[name], rtol=0, atol=1e-12, err_msg=name)
        # at t = 0 the rotor is in its design position, theta = 0, where only psi + phi is
        # defined, all of it in psi (docs/conventions.md §3.2): 0
        np.testing.assert_allclose(values[:3], closed[name], rtol=0, atol=1e-7, err_msg=name)


def falling_body():
    # a free body under gravity -z from rest: z = -g t^2 / 2
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-9)
    Part(ground=True)
    body = Part(mass=1.0, ip=[1, 1, 1])
    body.cm = Marker()
    return model, body


def test_compiled_consub_runs_two_analyses_with_analys(library):
    # CONSUB(par, npar) calls c_analys("TRANSIENT", ..., 0, par[0]) and then
    # (par[0], par[1]): the model ends at par[1], fallen -g t^2 / 2
    model, body = falling_body()
    model.control(function="USER(0.5, 1.25)", routine=f"{library}::CONSUB")
    assert model.getTime() == pytest.approx(1.25, abs=1e-12)
    run = model.results
    assert run.times[0] == pytest.approx(0.5)
    assert run.times[-1] == pytest.approx(1.25)
    z = run.getObject(body).getComponent("Z")
    np.testing.assert_allclose(z, -G * run.times**2 / 2, rtol=1e-7, atol=1e-9)


def test_python_consub_runs_analyses_with_py_analys():
    model, _ = falling_body()
    status = []

    def consub(par, npar):
        status.append(py_datout())
        status.append(py_analys("TRANSIENT", "drop", 0.0, par[0], 1))
        status.append(py_analys("STATICS", "rest", par[0], par[0], 0))

    with pytest.raises(MsolveError):
        # statics of a free body under gravity has no equilibrium: the failure reaches the
        # caller, after the transient analysis
        model.control(function="USER(0.4)", routine=consub)
    assert status == [0, 0]
    assert py_datout() == 1  # outside a CONSUB
    assert model.getTime() == pytest.approx(0.4, abs=1e-12)
    with pytest.raises(RuntimeError, match="only be called from a CONSUB"):
        py_analys("TRANSIENT", "outside", 0.0, 1.0)


def test_compiled_consub_errors_are_reported(library):
    model, _ = falling_body()
    # c_errmes(..., "STOP") in the CONSUB: the analysis stops with its message
    with pytest.raises(MsolveError, match="CONSUB needs two end times"):
        model.control(function="USER(0.5)", routine=f"{library}::CONSUB")
    with pytest.raises(MsolveError, match="has no function 'NOSUCH'"):
        model.control(function="USER(1)", routine=f"{library}::NOSUCH")


def test_dataset_user_program_control_runs_the_compiled_consub(library, tmp_path):
    # <UserProgramControl> in the Command block: `msolve run` calls the CONSUB, whose two
    # ANALYS calls write the results of the falling body to t = 1.25
    model, body = falling_body()
    Request(type="DISPLACEMENT", i=body.cm)
    dataset = tmp_path / "fall.xml"
    model.save_model(str(dataset))
    control = (
        f'<UserProgramControl usrsub_param_string="USER(0.5, 1.25)" '
        f'usrsub_dll_name="{library}" usrsub_fnc_name="CONSUB"/>\n  <Stop/>'
    )
    dataset.write_text(dataset.read_text().replace("<Stop/>", control))
    assert main(["run", str(dataset)]) == 0
    lines = (tmp_path / "fall.csv").read_text().splitlines()
    header = lines[0].split(",")
    table = np.array([[float(v) for v in line.split(",")] for line in lines[2:]])
    assert table[-1, 0] == pytest.approx(1.25)
    z = table[:, header.index("Request1.Z")]
    np.testing.assert_allclose(z, -G * table[:, 0] ** 2 / 2, rtol=1e-7, atol=1e-9)
    assert "UserProgramControl done at t = 1.25" in (tmp_path / "fall.log").read_text()
