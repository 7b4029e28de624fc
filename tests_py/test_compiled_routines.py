"""Compiled user routines: functions of a shared library named "library::FUNCTION", called
with MotionSolve's documented C interface and reading the solver through c_sysfnc, c_sysary
and c_errmes (docs/motionsolve-compatibility.md §3.6). The library is compiled here from
tests_py/data/usersubs.c with the system C compiler; each model is checked against the same
model with a Python routine or an expression, and against a closed form."""

import math
import shutil
import subprocess
from pathlib import Path

import models
import numpy as np
import pytest

from msolve import *
from msolve import MsolveError

M, K, C, X0 = 2.0, 50.0, 2.0, 0.1
SOURCE = Path(__file__).parent / "data" / "usersubs.c"


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


def damped_oscillation(t):
    # m x'' + c x' + k x = 0, x(0) = x0, x'(0) = 0 (underdamped, closed form)
    wn, z = math.sqrt(K / M), C / (2 * math.sqrt(K * M))
    wd = wn * math.sqrt(1 - z * z)
    return np.exp(-z * wn * t) * (X0 * np.cos(wd * t) + z * wn * X0 / wd * np.sin(wd * t))


def block_position(routine):
    model, block, anchor, _ = models.sliding_block(M, X0)
    if routine is None:

        def routine(id, time, par, npar, dflag, iflag):
            return -par[0] * (DM(block.cm, anchor) - 1) - par[1] * VR(block.cm, anchor)

    function = f"USER({K}, {C}, {block.cm.id}, {anchor.id})"
    Sforce(i=block.cm, j=anchor, function=function, routine=routine)
    run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
    return run.times, run.getObject(block).getComponent("X") - 1.0


def test_sfosub_in_c_matches_the_python_routine_and_the_closed_form(library):
    # SFOSUB(id, time, par, npar, dflag, iflag, result) reading DM and VR with c_sysfnc
    t, x_compiled = block_position(f"{library}::SPRING")
    _, x_python = block_position(None)
    np.testing.assert_allclose(x_compiled, damped_oscillation(t), rtol=0, atol=1e-7)
    np.testing.assert_allclose(x_compiled, x_python, rtol=0, atol=1e-9)


def test_sfosub_in_fortran_calls_sysfnc_and_errmes(tmp_path):
    # a Fortran SFOSUB named as written ("SFOSUB", gfortran's symbol sfosub_) calling the
    # Fortran utility subroutines SYSFNC and ERRMES: the same spring as in C
    compiler = shutil.which("gfortran")
    assert compiler, "gfortran is needed to build the Fortran user subroutine (tools/setup.sh)"
    path = tmp_path / "libfortran.so"
    source = SOURCE.with_suffix(".f90")
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-o", str(path), str(source)],
        check=True,
        capture_output=True,
    )
    t, x_fortran = block_position(f"{path}::SFOSUB")
    np.testing.assert_allclose(x_fortran, damped_oscillation(t), rtol=0, atol=1e-7)


def test_varsub_difsub_reqsub_and_motsub_in_c(library):
    # VARSUB reads TIME through c_sysfnc: 3 t; DIFSUB integrates time: t^2 / 2; MOTSUB drives
    # the block by 0.3 t^2 (iord 0, 1, 2); REQSUB reads TDISP with c_sysary
    model, block, _anchor, slide = models.sliding_block(M, X0)
    var = Variable(function="USER(3)", routine=f"{library}::VARSUB")
    diff = Diff(routine=f"{library}::DIFSUB", ic=0.0)
    Motion(joint=slide, jtype="TRANSLATION", function="USER(0.3)", routine=f"{library}::MOTSUB")
    values = Request(f1=f"VARVAL({var.id})", f2=f"DIF({diff.id})", f3=f"VX({block.cm.id})")
    user = Request(function=f"USER({block.cm.id}, 7)", routine=f"{library}::REQSUB")
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    t = run.times
    out = run.getObject(values)
    np.testing.assert_allclose(out.getComponent("F1"), 3 * t, rtol=0, atol=1e-12)
    np.testing.assert_allclose(out.getComponent("F2"), t**2 / 2, rtol=0, atol=1e-6)
    np.testing.assert_allclose(out.getComponent("F3"), 0.6 * t, rtol=0, atol=1e-8)
    x = run.getObject(block).getComponent("X")
    np.testing.assert_allclose(x, 1 + X0 + 0.3 * t**2, rtol=0, atol=1e-9)
    req = run.getObject(user)
    np.testing.assert_allclose(req.getComponent("F1"), x, rtol=0, atol=1e-12)
    np.testing.assert_allclose(req.getComponent("F2"), 0.0, atol=1e-12)
    np.testing.assert_allclose(req.getComponent("F4"), t)
    np.testing.assert_allclose(req.getComponent("F5"), 3)  # c_sysary's nstates
    np.testing.assert_allclose(req.getComponent("F6"), 2)  # npar
    np.testing.assert_allclose(req.getComponent("F8"), user.id)


def test_gsesub_in_c_decays_exponentially(library):
    # GSESUB(..., nstate, states, ninput, input, noutpt, stated, output): x' = -k x, y = x^2
    k = 1.5
    model = Model()
    Integrator(error=1e-10)
    Part(ground=True)
    x, y = Array(type="X"), Array(type="Y")
    Gse(
        ns=1,
        no=1,
        x=x,
        y=y,
        ic=Array(type="IC", numbers=[2.0]),
        function=f"USER({k})",
        routine=f"{library}::GSESUB",
    )
    req = Request(f1=f"ARYVAL({x.id},1)", f2=f"ARYVAL({y.id},1)")
    run = model.simulate(end=2.0, dtout=0.1, returnResults=True)
    t, r = run.times, run.getObject(req)
    np.testing.assert_allclose(r.getComponent("F1"), 2 * np.exp(-k * t), rtol=1e-6)
    np.testing.assert_allclose(r.getComponent("F2"), 4 * np.exp(-2 * k * t), rtol=1e-6)


def test_dataset_names_the_library_and_the_function(library, tmp_path):
    # usrsub_dll_name + usrsub_fnc_name in a dataset name the same routine (§7.3), and
    # save_model writes them back
    model, block, anchor, _ = models.sliding_block(M, X0)
    Sforce(
        i=block.cm,
        j=anchor,
        function=f"USER({K}, {C}, {block.cm.id}, {anchor.id})",
        routine=f"{library}::SPRING",
    )
    path = tmp_path / "spring.xml"
    model.save_model(str(path))
    text = path.read_text()
    assert f'usrsub_dll_name="{library}"' in text
    assert 'usrsub_fnc_name="SPRING"' in text
    loaded = load_model(str(path))
    run = loaded.simulate(end=1.0, dtout=0.05, returnResults=True)
    x = run.getObject(loaded.lookupById("Part", block.id)).getComponent("X") - 1.0
    np.testing.assert_allclose(x, damped_oscillation(run.times), rtol=0, atol=1e-7)


def test_missing_library_and_missing_function_name_the_entity(library, tmp_path):
    model, block, anchor, _ = models.sliding_block(M, X0)
    Sforce(i=block.cm, j=anchor, routine=str(tmp_path / "nowhere.so") + "::SPRING", label="gone")
    with pytest.raises(ValueError, match=r"Sforce \d+ 'gone'.*cannot load the library"):
        model.simulate(end=0.1)
    model, block, anchor, _ = models.sliding_block(M, X0)
    Sforce(i=block.cm, j=anchor, routine=f"{library}::NOSUCH", label="typo")
    with pytest.raises(ValueError, match=r"Sforce \d+ 'typo'.*has no function 'NOSUCH'"):
        model.simulate(end=0.1)
    model, block, anchor, _ = models.sliding_block(M, X0)
    Sforce(i=block.cm, j=anchor, routine="::SPRING", label="half")
    with pytest.raises(ValueError, match=r"Sforce \d+ 'half'.*library::FUNCTION"):
        model.simulate(end=0.1)


def test_errmes_stop_fails_the_routine_with_its_message_and_keeps_the_results(library):
    # c_sysfnc of a marker that does not exist sets errflg; c_errmes(..., "STOP") ends the
    # analysis with the routine's message, the reason, and the entity named (§3.5)
    model, block, anchor, _ = models.sliding_block(M, X0)
    Sforce(i=block.cm, j=anchor, routine=f"{library}::BADREAD", label="bad")
    with pytest.raises(MsolveError, match=r"(?s)Sforce \d+ 'bad'.*Error calling SYSFNC for DX"):
        model.simulate(end=0.1, dtout=0.01)
    model, block, anchor, _ = models.sliding_block(M, X0)
    Sforce(i=block.cm, j=anchor, routine=f"{library}::SILENT", label="mute")
    with pytest.raises(MsolveError, match=r"(?s)Sforce \d+ 'mute'.*left it unset"):
        model.simulate(end=0.1, dtout=0.01)
