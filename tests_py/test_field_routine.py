"""A Field given by its routine (FIESUB, docs/equations.md §3.11,
docs/motionsolve-compatibility.md §3.2, §3.6): the wrench is the routine's value at the
relative displacements and velocities of I from J, and the Jacobian the routine's partial
derivatives; checked against the linear Field of the same matrices (its exact Jacobian by
automatic differentiation) and the closed-form static deflection."""

import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from test_field_beam import LOAD, held_block, static_q

from msolve import *
from msolve import MsolveError

SOURCE = Path(__file__).parent / "data" / "usersubs.c"


def stiffness():
    # positive definite and not symmetric: a transposed derivative would show
    rng = np.random.default_rng(11)
    a = rng.normal(size=(6, 6))
    return a @ a.T + np.diag([400.0, 500.0, 600.0, 50.0, 60.0, 70.0]) + np.triu(a, 1)


K = stiffness()
C = 0.01 * K.T
LENGTH = np.array([0.01, -0.02, 0.0, 0.0, 0.01, 0.0])
PRELOAD = np.array([1.0, 0.0, -1.0, 0.05, 0.0, 0.0])


def linear_fiesub(nested):
    def fiesub(id, time, par, npar, disp, velo, dflag, iflag):
        q, v = np.array(disp), np.array(velo)
        field = -K @ (q - LENGTH) - C @ v + PRELOAD
        if nested:
            return [list(field), (-K).tolist(), (-C).tolist()]
        return [list(field), list((-K).ravel()), list((-C).ravel())]

    return fiesub


def field_by_matrices(i, j):
    return Field(
        i=i,
        j=j,
        kmatrix=list(K.ravel()),
        cmatrix=list(C.ravel()),
        length=list(LENGTH),
        force=list(PRELOAD),
    )


@pytest.mark.parametrize("nested", [True, False])
def test_fiesub_deflects_by_the_inverse_of_its_stiffness(nested):
    # at equilibrium -K (q - length) + preload + load = 0 (docs/equations.md §3.11)
    model, *_ = held_block(lambda i, j: Field(i=i, j=j, routine=linear_fiesub(nested)))
    expected = LENGTH + np.linalg.solve(K, np.array(LOAD) + PRELOAD)
    np.testing.assert_allclose(static_q(model), expected, rtol=0, atol=1e-10)


def linear_state_matrix(make_field):
    model, *_ = held_block(make_field, load=[0.0] * 6)
    return model.simulate(type="LINEAR", returnResults=True).A


def test_fiesub_partials_are_the_jacobian_of_the_linear_analysis():
    # the state matrix of the linear analysis from the routine's dfddis, dfdvel equals the one
    # of the linear Field of the same K and C
    from_routine = linear_state_matrix(lambda i, j: Field(i=i, j=j, routine=linear_fiesub(True)))
    from_matrices = linear_state_matrix(field_by_matrices)
    np.testing.assert_allclose(from_routine, from_matrices, rtol=1e-9, atol=1e-9)


def test_compiled_fiesub_takes_fortran_ordered_derivatives(tmp_path):
    # the C FIESUB of usersubs.c: diagonal k, c and one coupling FIELD(1) += -k12 DISP(2),
    # its derivative written at DFDDIS(1,2), i.e. dfddis[6]
    compiler = shutil.which("cc") or shutil.which("gcc")
    library = tmp_path / "libusersubs.so"
    subprocess.run(
        [compiler, "-shared", "-fPIC", "-o", str(library), str(SOURCE)],
        check=True,
        capture_output=True,
    )
    k = np.array([400.0, 500.0, 600.0, 50.0, 60.0, 70.0])
    c = 0.01 * k
    coupling = 120.0
    stiff = np.diag(k)
    stiff[0, 1] = coupling
    numbers = ", ".join(repr(float(v)) for v in [*k, *c, coupling])
    from_library = linear_state_matrix(
        lambda i, j: Field(i=i, j=j, function=f"USER({numbers})", routine=f"{library}::FIESUB")
    )
    from_matrices = linear_state_matrix(
        lambda i, j: Field(i=i, j=j, kmatrix=list(stiff.ravel()), cmatrix=list(np.diag(c).ravel()))
    )
    np.testing.assert_allclose(from_library, from_matrices, rtol=1e-9, atol=1e-9)


def test_bad_fiesub_results_name_the_field():
    model, *_ = held_block(
        lambda i, j: Field(i=i, j=j, routine=lambda *args: [0.0] * 6, label="short")
    )
    with pytest.raises(MsolveError, match=r"(?s)Field \d+ 'short'.*FIESUB.*\[field, dfddis"):
        model.simulate(end=0.1, dtout=0.05)
    model, *_ = held_block(
        lambda i, j: Field(i=i, j=j, function="SIN(TIME)", routine=linear_fiesub(True), label="f")
    )
    with pytest.raises(ValueError, match=r"Field \d+ 'f'.*function must be USER"):
        model.simulate(end=0.1, dtout=0.05)
