"""Gse: general state equations x' = f(x, u, t), y = g(x, u, t) given by a GSESUB routine.

Sources: MotionSolve Gse page (gse_api.htm: no, ns, x, y, u, ic, static_hold, implicit,
function, routine), GSESUB (gsesub_gsexx_gsexu_gseyx_gseyu.htm: arguments id, time, par,
npar, dflag, iflag, nstate, states, ninput, input, noutpt; outputs the state derivatives and
the outputs), the Control_StateEqn element of type USERSUB.
"""

import numpy as np
import pytest

from msolve import *

A = np.array([[0.0, 1.0], [-25.0, -2.0]])
B = np.array([[0.0], [1.0]])
C = np.array([[3.0, 0.5]])
D = np.array([[0.25]])


def linear_gsesub(id, time, par, npar, dflag, iflag, nstate, states, ninput, input, noutpt):
    x, u = np.array(states), np.array(input)
    return list(A @ x + B @ u), list(C @ x + D @ u)


def test_gse_equal_to_an_lse_gives_its_outputs():
    # the same A, B, C, D as an Lse (matrices) and as a Gse (a routine), driven by the same
    # input: identical states and outputs
    model = Model()
    Integrator(error=1e-10)
    Part(ground=True)
    drive = Variable(function="SIN(3*TIME) + STEP(TIME, 0.5, 0, 0.6, 1)")
    lx, ly = Array(type="X"), Array(type="Y")
    Lse(
        x=lx,
        y=ly,
        u=Array(type="U", variables=[drive]),
        ic=Array(type="IC", numbers=[0.1, -0.2]),
        a=Matrix(rows=2, columns=2, full="RORDER", values=list(A.flat)),
        b=Matrix(rows=2, columns=1, full="RORDER", values=list(B.flat)),
        c=Matrix(rows=1, columns=2, full="RORDER", values=list(C.flat)),
        d=Matrix(rows=1, columns=1, full="RORDER", values=list(D.flat)),
    )
    gx, gy = Array(type="X"), Array(type="Y")
    Gse(
        ns=2,
        no=1,
        x=gx,
        y=gy,
        u=Array(type="U", variables=[drive]),
        ic=Array(type="IC", numbers=[0.1, -0.2]),
        function="USER()",
        routine=linear_gsesub,
    )
    req = Request(
        f1=f"ARYVAL({ly.id},1)",
        f2=f"ARYVAL({gy.id},1)",
        f3=f"ARYVAL({lx.id},2)",
        f4=f"ARYVAL({gx.id},2)",
    )
    run = model.simulate(end=2.0, dtout=0.02, returnResults=True)
    r = run.getObject(req)
    np.testing.assert_allclose(r.getComponent("F2"), r.getComponent("F1"), rtol=0, atol=1e-7)
    np.testing.assert_allclose(r.getComponent("F4"), r.getComponent("F3"), rtol=0, atol=1e-7)
    assert np.ptp(r.getComponent("F1")) > 0.5  # a real response, not zeros


def square_decay(id, time, par, npar, dflag, iflag, nstate, states, ninput, input, noutpt):
    x = states[0]
    return [-par[0] * x * x], [x, time]


def test_nonlinear_gse_matches_its_closed_form():
    # x' = -k x^2, x(0) = 1: x = 1 / (1 + k t); outputs x and the time
    k = 2.0
    model = Model()
    Integrator(error=1e-10)
    Part(ground=True)
    x, y = Array(type="X"), Array(type="Y")
    Gse(
        no=2,
        x=x,
        y=y,
        ic=Array(type="IC", numbers=[1.0]),
        function=f"USER({k})",
        routine=square_decay,
    )
    req = Request(f1=f"ARYVAL({y.id},1)", f2=f"ARYVAL({x.id},1)", f3=f"ARYVAL({y.id},2)")
    run = model.simulate(end=3.0, dtout=0.05, returnResults=True)
    t, r = run.times, run.getObject(req)
    np.testing.assert_allclose(r.getComponent("F1"), 1 / (1 + k * t), rtol=1e-6)
    np.testing.assert_allclose(r.getComponent("F2"), 1 / (1 + k * t), rtol=1e-6)
    np.testing.assert_allclose(r.getComponent("F3"), t, atol=1e-12)


def test_gse_drives_a_mechanism():
    # a Gse output as a force: the Gse integrates the block's velocity (x' = VX) and pushes
    # back with -k x, a spring: the block oscillates at sqrt(k/m) about its start
    k, m, v0 = 16.0, 1.0, 0.5

    def spring(id, time, par, npar, dflag, iflag, nstate, states, ninput, input, noutpt):
        return [input[0]], [-k * states[0]]

    model = Model()
    Integrator(error=1e-10)
    ground = Part(ground=True)
    block = Part(mass=m, ip=[1, 1, 1], vx=v0)
    block.cm = Marker(part=block, zp=[1, 0, 0])
    rail = Marker(part=ground, zp=[1, 0, 0])
    Joint(type="TRANSLATIONAL", i=block.cm, j=rail)
    y = Array(type="Y")
    Gse(
        no=1,
        ns=1,
        x=Array(type="X"),
        y=y,
        u=Array(type="U", variables=[Variable(function=f"VX({block.cm.id})")]),
        routine=spring,
    )
    Sforce(type="TRANSLATION", actiononly=True, i=block.cm, j=rail, function=f"ARYVAL({y.id},1)")
    req = Request(f1=f"DX({block.cm.id})")
    run = model.simulate(end=2.0, dtout=0.02, returnResults=True)
    t = run.times
    w = (k / m) ** 0.5
    np.testing.assert_allclose(
        run.getObject(req).getComponent("F1"), v0 / w * np.sin(w * t), rtol=0, atol=1e-6
    )


def test_bad_gse_input_names_the_entity():
    model = Model()
    Part(ground=True)
    Gse(no=1, y=Array(type="Y"), x=Array(type="X"), ic=Array(type="IC", numbers=[1.0]))
    with pytest.raises(ValueError, match=r"Gse \d+.*routine is not set"):
        model.simulate(end=0.1, dtout=0.05)

    def wrong(id, time, par, npar, dflag, iflag, nstate, states, ninput, input, noutpt):
        return [0.0, 0.0], [1.0]

    model = Model()
    Part(ground=True)
    Gse(
        no=1,
        y=Array(type="Y"),
        x=Array(type="X"),
        ic=Array(type="IC", numbers=[1.0]),
        routine=wrong,
    )
    with pytest.raises(Exception, match="state derivatives"):
        model.simulate(end=0.1, dtout=0.05)
    with pytest.raises(TypeError, match="'no'"):
        Gse(no="three")


def test_gse_of_a_dataset_with_compiled_code_is_refused_at_simulate(tmp_path):
    # a USERSUB Control_StateEqn naming a library: read (ids 0 = no array), refused at
    # simulate with the reason
    path = tmp_path / "gse.xml"
    path.write_text(
        """<Model>
  <Body_Rigid id="1" isground="TRUE"/>
  <Reference_Array id="5" type="X" num_element="2"/>
  <Control_StateEqn id="301" type="USERSUB" x_solver_array_id="5" y_solver_array_id="0"
      u_solver_array_id="0" ic_solver_array_id="0" num_state="2" num_output="0"
      usrsub_param_string="USER(1, 2)" usrsub_dll_name="libgse.so" is_static_hold="TRUE"/>
</Model>"""
    )
    model = load_model(path)
    gse = model.lookupById("Gse", 301)
    assert (gse.ns, gse.no, gse.static_hold, gse.function) == (2, 0, True, "USER(1, 2)")
    assert gse.routine == "libgse.so::GSESUB"
    assert gse.y is None
    assert gse.x.id == 5
    with pytest.raises(ValueError, match=r"Gse 301.*cannot load the library 'libgse.so'"):
        model.simulate(end=0.1, dtout=0.05)
