"""Fmu: a Functional Mock-up Unit (FMI 2.0) as a control element, run through fmpy.

Sources: MotionSolve's Fmu page (fmu_api.htm: type ME | CS, path, x, y, u, ic,
static_hold, dll, interval, ip_address, var_name, var_ic), Control: FMU
(xml_format_control_fmu.htm: type ModelExchange | CoSimulation, the *_array_id,
fmu_communication_interval, var_name, var_ic), and the FMI 2.0 standard (the calling
sequences of model exchange and co-simulation).

The FMU is built here, with no download: tests_py/data/fmu_lag.c, the first-order lag
x' = (u - x) / tau, y = x (tau = 0.5 and x0 = 0 unless set), compiled with gcc against the
FMI headers fmpy ships and zipped with its model description. Its co-simulation step is
exact for an input held over the step: x(t + h) = u + (x(t) - u) exp(-h / tau).
"""

import math
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy as np
import pytest

from msolve import *

fmpy = pytest.importorskip("fmpy", reason="the Fmu needs fmpy (tools/setup.sh installs it)")

SOURCE = Path(__file__).parent / "data" / "fmu_lag.c"
GUID = "{8c4e810f-3df3-4a00-8276-176fa3c9f000}"
DESCRIPTION = f"""<?xml version="1.0" encoding="UTF-8"?>
<fmiModelDescription fmiVersion="2.0" modelName="lag" guid="{GUID}"
    numberOfEventIndicators="0">
  <ModelExchange modelIdentifier="lag"/>
  <CoSimulation modelIdentifier="lag" canHandleVariableCommunicationStepSize="true"/>
  <ModelVariables>
    <ScalarVariable name="tau" valueReference="0" causality="parameter" variability="fixed">
      <Real start="0.5"/></ScalarVariable>
    <ScalarVariable name="x0" valueReference="1" causality="parameter" variability="fixed">
      <Real start="0"/></ScalarVariable>
    <ScalarVariable name="fail_time" valueReference="2" causality="parameter"
        variability="fixed"><Real start="1e30"/></ScalarVariable>
    <ScalarVariable name="u" valueReference="3" causality="input" variability="continuous">
      <Real start="0"/></ScalarVariable>
    <ScalarVariable name="y" valueReference="4" causality="output" variability="continuous"
        initial="calculated"><Real/></ScalarVariable>
    <ScalarVariable name="der(y)" valueReference="5" causality="local"
        variability="continuous" initial="calculated"><Real derivative="5"/></ScalarVariable>
  </ModelVariables>
  <ModelStructure>
    <Outputs><Unknown index="5"/></Outputs>
    <Derivatives><Unknown index="6"/></Derivatives>
    <InitialUnknowns><Unknown index="5"/><Unknown index="6"/></InitialUnknowns>
  </ModelStructure>
</fmiModelDescription>
"""
TAU = 0.5


@pytest.fixture(scope="module")
def lag(tmp_path_factory):
    """The path of the lag FMU, compiled for this platform."""
    if shutil.which("gcc") is None:
        pytest.skip("gcc is needed to build the test FMU from tests_py/data/fmu_lag.c")
    folder = tmp_path_factory.mktemp("fmu")
    library = folder / "lag.so"
    headers = Path(fmpy.__file__).parent / "c-code"
    command = ["gcc", "-shared", "-fPIC", "-O2", "-I", str(headers), "-o", str(library)]
    subprocess.run([*command, str(SOURCE), "-lm"], check=True)
    path = folder / "lag.fmu"
    with zipfile.ZipFile(path, "w") as archive:
        archive.writestr("modelDescription.xml", DESCRIPTION)
        archive.write(library, f"binaries/{fmpy.platform}/lag.so")
    return str(path)


def driven_lag(path, drive="1.0", **kwds):
    """A model holding the lag FMU driven by the expression `drive`; returns the model and
    the request of its output (F2) and, in model exchange, of its state array (F3)."""
    model = Model()
    Integrator(error=1e-10)
    Part(ground=True)
    x, y = Array(type="X"), Array(type="Y")
    u = Array(type="U", variables=[Variable(function=drive)])
    Fmu(path=path, x=x, y=y, u=u, **kwds)
    state = f"ARYVAL({x.id},1)" if kwds.get("type", "ME") == "ME" else "0"
    return model, Request(f2=f"ARYVAL({y.id},1)", f3=state)


def lag_response(t, start, drive=1.0, tau=TAU):
    """The lag's closed form for a constant input: x = u + (x0 - u) exp(-t / tau)."""
    return drive + (start - drive) * np.exp(-np.asarray(t) / tau)


def test_model_exchange_follows_the_closed_form(lag):
    model, request = driven_lag(lag)
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    r = run.getObject(request)
    expected = lag_response(run.times, 0.0)
    np.testing.assert_allclose(r.getComponent("F2"), expected, rtol=0, atol=1e-7)
    np.testing.assert_allclose(r.getComponent("F3"), expected, rtol=0, atol=1e-7)


def test_var_name_sets_a_parameter_and_the_ic_array_the_initial_state(lag):
    # var_name/var_ic: tau = 0.25 before the FMU initialises; without an IC array the state
    # starts at the FMU's x0 (set through var_name in the second model), with one at its
    # number
    model, request = driven_lag(lag, var_name="tau", var_ic=0.25)
    model.lookupById("Fmu", 1).ic = Array(type="IC", numbers=[0.6])
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    got = run.getObject(request).getComponent("F2")
    np.testing.assert_allclose(got, lag_response(run.times, 0.6, tau=0.25), atol=1e-7)

    model, request = driven_lag(lag, drive="-2.0", var_name="x0", var_ic=0.75)
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    got = run.getObject(request).getComponent("F2")
    np.testing.assert_allclose(got, lag_response(run.times, 0.75, drive=-2.0), atol=1e-7)


def test_co_simulation_holds_the_output_of_the_last_communication_point(lag):
    # a constant input is held exactly over every step, and the FMU steps exactly: the
    # output at time t is the closed form at the communication point t_k = h floor(t / h)
    h = 0.05
    model, request = driven_lag(lag, type="CS", interval=h)
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    got = run.getObject(request).getComponent("F2")
    points = h * np.floor(np.asarray(run.times) / h + 1e-9)
    np.testing.assert_allclose(got, lag_response(points, 0.0), rtol=0, atol=1e-12)
    assert np.unique(np.round(got, 12)).size == 21  # held: one value per interval


def spring_loop(plant, k=25.0, c=4.0, **kwds):
    """A block on a spring (k, unit mass, released at 0.2) whose damping force passes
    through the lag: u = -c VX, force = y. `plant` is "FMU" (kwds: the Fmu's) or "LSE"
    (the lag as x' = -x / tau + u / tau, y = x). Returns the block's X at the outputs."""
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    amp = 0.2
    block = Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[amp, 0, 0]))
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=block, qp=[amp, 0, 0], zp=[1 + amp, 0, 0]),
        j=Marker(part=ground, qp=[amp, 0, 0], zp=[1 + amp, 0, 0]),
    )
    x, y = Array(type="X"), Array(type="Y")
    u = Array(type="U", variables=[Variable(function=f"-{c}*VX({block.cm.id})")])
    if plant == "FMU":
        Fmu(x=x, y=y, u=u, **kwds)
    else:

        def matrix(value):
            return Matrix(rows=1, columns=1, full="RORDER", values=[value])

        Lse(x=x, y=y, u=u, a=matrix(-1 / TAU), b=matrix(1 / TAU), c=matrix(1.0))
    Sforce(
        i=block.cm,
        j=Marker(part=ground, zp=[1, 0, 0]),
        actiononly=True,
        function=f"-{k}*DX({block.cm.id}) + ARYVAL({y.id},1)",
    )
    run = model.simulate(end=3.0, dtout=0.01, returnResults=True)
    return run.times, np.asarray(run.getObject(block).getComponent("X"))


def test_model_exchange_closing_a_loop_matches_the_same_lag_as_an_lse(lag):
    _, lse = spring_loop("LSE")
    _, fmu = spring_loop("FMU", path=lag)
    assert np.ptp(lse) > 0.3  # an oscillation, damped through the lag
    assert abs(lse[-1]) < 0.5 * abs(lse[0])
    np.testing.assert_allclose(fmu, lse, rtol=0, atol=1e-6)


def test_co_simulation_converges_to_model_exchange_as_the_interval_shrinks(lag):
    _, me = spring_loop("FMU", path=lag)
    errors = [
        np.max(np.abs(spring_loop("FMU", path=lag, type="CS", interval=h)[1] - me))
        for h in (0.02, 0.01)
    ]
    # a held input and output delay the loop by about one interval: the error is first
    # order in h (measured: 0.020 and 0.0094 of a 0.32 swing)
    assert errors[0] < 0.1 * np.ptp(me)
    assert 1.8 < errors[0] / errors[1] < 2.3


def test_the_interval_defaults_to_the_integrators_hmax(lag):
    model, request = driven_lag(lag, type="CS")
    with pytest.raises(ModelError, match=r"^Fmu 1: .*communication interval"):
        model.simulate(end=0.1, dtout=0.01)
    model.lookupById("Integrator", 1).hmax = 0.02
    run = model.simulate(end=0.5, dtout=0.01, returnResults=True)
    got = run.getObject(request).getComponent("F2")
    points = 0.02 * np.floor(np.asarray(run.times) / 0.02 + 1e-9)
    np.testing.assert_allclose(got, lag_response(points, 0.0), rtol=0, atol=1e-12)


def test_a_second_analysis_after_reset_starts_the_fmu_again(lag):
    for kind in ("ME", "CS"):
        model, request = driven_lag(lag, type=kind, interval=0.01)
        first = model.simulate(end=0.5, dtout=0.05, returnResults=True)
        model.reset()
        second = model.simulate(end=0.5, dtout=0.05, returnResults=True)
        a = first.getObject(request).getComponent("F2")
        b = second.getObject(request).getComponent("F2")
        np.testing.assert_allclose(b, a, rtol=0, atol=1e-12)
        # and a run continued from 0.5 goes on from where the FMU was
        third = model.simulate(end=1.0, dtout=0.05, returnResults=True)
        tail = third.getObject(request).getComponent("F2")[-1]
        assert tail == pytest.approx(lag_response(1.0, 0.0), abs=1e-6)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"path": "no_such.fmu"}, ["Fmu 1", "'no_such.fmu' does not exist"]),
        ({"path": ""}, ["Fmu 1", "path is not set"]),
        ({"var_name": "tua"}, ["Fmu 1", "var_name 'tua' is not a variable", "tau"]),
        ({"var_name": "tau", "var_ic": -1.0}, ["Fmu 1", "fmi2ExitInitializationMode", "tau"]),
        ({"u": None}, ["Fmu 1", "0 inputs but the FMU has 1 (u)"]),
        ({"y": None}, ["Fmu 1", "1 outputs (y)", "Y array (y) is not set"]),
    ],
)
def test_a_wrong_fmu_is_a_model_error_naming_it(lag, change, words):
    model, _ = driven_lag(lag)
    fmu = model.lookupById("Fmu", 1)
    for key, value in change.items():
        setattr(fmu, key, value)
    with pytest.raises(ModelError) as info:
        model.simulate(end=0.1, dtout=0.01)
    for word in words:
        assert word in str(info.value)


@pytest.mark.parametrize("kind", ["ME", "CS"])
def test_an_fmu_failing_during_the_run_stops_it_naming_the_fmu_and_the_cause(lag, kind):
    model, _ = driven_lag(lag, type=kind, interval=0.01, var_name="fail_time", var_ic=0.3)
    with pytest.raises(MsolveError) as info:
        model.simulate(end=1.0, dtout=0.01)
    message = str(info.value)
    assert "Fmu 1: its FMU failed at time 0.3" in message
    function = "fmi2GetDerivatives" if kind == "ME" else "fmi2DoStep"
    assert function in message
    assert "failed on purpose" in message


def test_without_fmpy_a_model_with_an_fmu_says_to_install_it(lag, monkeypatch):
    # msolve itself imports without fmpy
    blocked = "import sys; sys.modules['fmpy'] = None; import msolve; print(msolve.Fmu)"
    done = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    model, _ = driven_lag(lag)
    monkeypatch.setitem(sys.modules, "fmpy", None)  # import fmpy raises ImportError
    with pytest.raises(ModelError, match=r"^Fmu 1: .*needs the fmpy package.*pip install fmpy"):
        model.simulate(end=0.1, dtout=0.01)


@pytest.mark.parametrize(("hold", "expected"), [(False, 1.0), (True, 0.6)])
def test_statics_solves_the_fmu_states_unless_static_hold(lag, hold, expected):
    # statics: x' = (u - x) / tau = 0 gives x = u = 1; static_hold keeps x(0) = 0.6
    model, request = driven_lag(lag, static_hold=hold)
    model.lookupById("Fmu", 1).ic = Array(type="IC", numbers=[0.6])
    run = model.simulate(type="STATICS", end=0.0, returnResults=True)
    assert run.getObject(request).getComponent("F3")[-1] == pytest.approx(expected, abs=1e-9)


def test_attributes_without_effect_are_reported_once(lag, caplog):
    model, _ = driven_lag(lag, type="CS", interval=0.05, ip_address="localhost", dll="ms.so")
    run = model.simulate(end=0.1, dtout=0.05, returnResults=True)
    notes = [m for m in run.messages if "accepted, no effect" in m]
    assert len(notes) == 2
    assert any(m.startswith("Fmu 1: ip_address = 'localhost' accepted") for m in notes)
    assert any(m.startswith("Fmu 1: dll = 'ms.so' accepted") for m in notes)


def test_control_fmu_is_read_and_written(lag, tmp_path):
    model, request = driven_lag(lag, var_name="tau", var_ic=0.25)
    fmu = model.lookupById("Fmu", 1)
    fmu.label = "lag"
    fmu.ic = Array(type="IC", numbers=[0.6])
    path = tmp_path / "lag.xml"
    model.save_model(path, simulate={"end": 1.0, "dtout": 0.01})
    text = path.read_text()
    assert "<Control_FMU" in text
    assert 'type="ModelExchange"' in text
    assert 'path="../' in text or 'path="/' in text  # relative to the dataset's folder
    again = load_model(path)
    copy = again.lookupById("Fmu", 1)
    for name in ("type", "path", "var_name", "var_ic", "static_hold", "interval", "label"):
        assert getattr(copy, name) == getattr(fmu, name) or name == "path"
    assert Path(copy.path).resolve() == Path(lag).resolve()
    assert copy.ic.numbers == [0.6]
    assert (copy.y.type, copy.u.type) == ("Y", "U")
    run = again.simulate(end=1.0, dtout=0.01, returnResults=True)
    got = run.getObject(again.lookupById("Request", request.id)).getComponent("F2")
    np.testing.assert_allclose(got, lag_response(run.times, 0.6, tau=0.25), atol=1e-7)


def test_the_reference_pages_spelling_of_the_element_is_read(lag, tmp_path):
    # the Control: FMU page's format writes the element FMU, its type CoSimulation
    path = tmp_path / "cs.xml"
    path.write_text(
        '<MSolveModel><Model><Body_Rigid id="1" isground="TRUE"/>'
        '<Reference_Variable id="1" type="EXPRESSION" expr="1.0"/>'
        '<Reference_Array id="1" type="U" num_element="1">1</Reference_Array>'
        '<Reference_Array id="2" type="Y" num_element="1"/>'
        f'<FMU id="4" type="CoSimulation" path="{lag}" u_array_id="1" y_array_id="2" '
        'x_array_id="0" num_state="0" num_output="1" fmu_communication_interval="0.1"/>'
        "</Model></MSolveModel>"
    )
    model = load_model(path)
    fmu = model.lookupById("Fmu", 4)
    assert (fmu.type, fmu.interval, fmu.x) == ("CS", 0.1, None)
    Request(f2="ARYVAL(2,1)")
    run = model.simulate(end=0.35, dtout=0.05, returnResults=True)
    got = run.getObject(model.lookupById("Request", 1)).getComponent("F2")
    points = 0.1 * np.floor(np.asarray(run.times) / 0.1 + 1e-9)
    np.testing.assert_allclose(got, lag_response(points, 0.0), rtol=0, atol=1e-12)
    assert math.isclose(got[-1], 1 - math.exp(-0.3 / TAU), abs_tol=1e-12)


@pytest.mark.parametrize(
    ("attribute", "value", "error"),
    [("type", "XX", ValueError), ("x", [1.0], TypeError), ("interval", -1.0, ValueError)],
)
def test_a_wrong_value_names_the_fmu_and_the_attribute(attribute, value, error):
    Model()
    with pytest.raises(error, match=rf"^Fmu( \d+)?: attribute '{attribute}'"):
        Fmu(**{attribute: value})


def test_the_reference_pages_example_is_accepted():
    # the Fmu page's usage: ip_addr (its example's spelling of ip_address)
    Model()
    fmu = Fmu(path="mefmu_siso_cs.fmu", type="CS", ip_addr="localhost")
    assert (fmu.ip_address, fmu.type, fmu.interval) == ("localhost", "CS", 0.0)


def test_a_saved_state_reloads_into_a_new_model_with_its_fmu(lag, tmp_path):
    # model exchange: the FMU's states are msolve's, saved and read back with the rest
    model, _ = driven_lag(lag)
    model.simulate(end=0.5, dtout=0.1)
    model.save(tmp_path / "half.state")
    again, request = driven_lag(lag)
    again.reload(tmp_path / "half.state")
    run = again.simulate(end=1.0, dtout=0.1, returnResults=True)
    got = run.getObject(request).getComponent("F2")
    np.testing.assert_allclose(got, lag_response(run.times, 0.0), rtol=0, atol=1e-7)
    assert run.times[0] == pytest.approx(0.5)
