"""Nonlinear couplers (COUSUB, COUXX, COUXX2; docs/equations.md §2.4): the constraint
f(d_1, d_2) = 0 of the joint displacements d_k, from a Python routine (with its own
derivatives, or central differences) and from a C library built here.

Closed form: shaft 1 turns at W1 (a Motion), shaft 2 (inertia I2, no load) is coupled by
f = d_2 - C d_1^2, so theta_2 = C (W1 t)^2 and w_2 = 2 C W1^2 t. The drive's torque follows
from the kinetic energy T = I1 W1^2 / 2 + I2 w_2^2 / 2: T' = Q W1 gives
Q = 4 C^2 I2 W1^3 t."""

import shutil
import subprocess

import numpy as np
import pytest

from msolve import *
from msolve import MsolveError

W1, C, I1, I2 = 2.0, 0.3, 0.02, 0.05

SOURCE = r"""
void COUSUB(int *id, double *time, double *par, int *npar, double *disp, int *ndisp,
            int *iflag, double *phi) {
  phi[0] = disp[1] - par[0] * disp[0] * disp[0];
}
void COUXX(int *id, double *time, double *par, int *npar, double *disp, int *ndisp,
           int *iflag, double *dfda) {
  dfda[0] = -2.0 * par[0] * disp[0];
  dfda[1] = 1.0;
}
void COUXX2(int *id, double *time, double *par, int *npar, double *disp, int *ndisp,
            int *iflag, double *d2fda2) {
  d2fda2[0] = -2.0 * par[0];
  d2fda2[1] = 0.0;
}
"""


def COUSUB(id, time, par, npar, disp, ndisp, iflag):
    return disp[1] - par[0] * disp[0] ** 2


def COUXX(id, time, par, npar, disp, ndisp, iflag):
    return [-2.0 * par[0] * disp[0], 1.0]


def COUXX2(id, time, par, npar, disp, ndisp, iflag):
    return [[-2.0 * par[0], 0.0], [0.0, 0.0]]


# the same law with no COUXX/COUXX2 beside it: its derivatives are differences
_namespace = {}
exec(
    "def cousub(id, time, par, npar, disp, ndisp, iflag):\n"
    "    return disp[1] - par[0] * disp[0] ** 2\n",
    _namespace,
)
COUSUB_ALONE = _namespace["cousub"]


def coupled_shafts(routine, function=f"USER({C})"):
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    joints, markers = [], []
    for x, inertia in ((0.0, I1), (1.0, I2)):
        shaft = Part(mass=1.0, ip=[inertia] * 3, cm=Marker(qp=[x, 0, 0]))
        i = Marker(part=shaft, qp=[x, 0, 0])
        j = Marker(part=ground, qp=[x, 0, 0])
        joints.append(Joint(type="REVOLUTE", i=i, j=j))
        markers.append((i, j))
    model.coupler = Coupler(joints=joints, function=function, routine=routine)
    drive = Motion(joint=joints[0], jtype="ROTATION", dtype="VELOCITY", function=f"{W1}")
    (i1, j1), (i2, j2) = markers
    model.angles = Request(type="EXPRESSION", f1=f"AZ({i1.id},{j1.id})", f2=f"AZ({i2.id},{j2.id})")
    model.w = Request(type="VELOCITY", i=i2, j=j2, rm=j2)
    model.torque = Request(type="EXPRESSION", f1=f"MOTION({drive.id},0,8)")
    return model


def check_closed_form(model, tol):
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    t = run.times
    angles = run.getObject(model.angles)
    np.testing.assert_allclose(angles.getComponent("F1"), W1 * t, atol=1e-10)
    assert np.abs(angles.getComponent("F2") - C * (W1 * t) ** 2).max() < tol
    w2 = run.getObject(model.w).getComponent("WZ")
    assert np.abs(w2 - 2 * C * W1**2 * t).max() < tol
    torque = run.getObject(model.torque).getComponent("F1")
    assert np.abs(torque - 4 * C**2 * I2 * W1**3 * t).max() < 1e3 * tol
    return run


def test_quadratic_coupler_from_python_with_its_derivatives():
    check_closed_form(coupled_shafts(COUSUB), 1e-9)


def test_quadratic_coupler_from_python_by_differences():
    check_closed_form(coupled_shafts(COUSUB_ALONE), 1e-7)


def test_quadratic_coupler_from_a_c_library(tmp_path):
    compiler = shutil.which("cc") or shutil.which("gcc")
    assert compiler, "a C compiler (cc) is needed to build the test's coupler routines"
    source = tmp_path / "coupler.c"
    source.write_text(SOURCE)
    library = tmp_path / "libcoupler.so"
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-O1", "-o", str(library), str(source)],
        check=True,
        capture_output=True,
    )
    model = coupled_shafts(f"{library}::COUSUB")
    check_closed_form(model, 1e-9)


def test_a_coupler_routine_failure_names_the_coupler():
    def broken(id, time, par, npar, disp, ndisp, iflag):
        raise ValueError("no coupling today")

    model = coupled_shafts(broken)
    with pytest.raises(
        MsolveError, match=r"(?s)Coupler 1: its routine \(COUSUB\) failed.*no coupling today"
    ):
        model.simulate(end=0.1, dtout=0.01)


def test_a_coupler_function_that_is_not_user_is_refused():
    model = coupled_shafts(COUSUB, function="DZ(1,2)")
    with pytest.raises(ValueError, match=r"Coupler 1: function must be USER"):
        model.simulate(end=0.1, dtout=0.01)


def test_a_coupler_routine_goes_through_a_dataset(tmp_path):
    # Constraint_Coupler with usrsub_param_string and script_name (MotionSolve's
    # Constraint_Coupler page): written by save_model, read back with its COUXX and COUXX2
    path = tmp_path / "coupled.xml"
    coupled_shafts(COUSUB).save_model(path)
    text = path.read_text()
    assert 'usrsub_param_string="USER(0.3)"' in text
    assert "coefficients" not in text
    model = load_model(path, allow_scripts=True)
    coupler = model.lookupById("Coupler", 1)
    assert coupler.routine.__name__ == "COUSUB"
    assert coupler.function == "USER(0.3)"
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    angle = run.getObject(model.lookupById("Request", 1)).getComponent("F2")
    np.testing.assert_allclose(angle, C * (W1 * run.times) ** 2, atol=1e-9)
