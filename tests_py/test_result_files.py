"""Result files written while the analysis runs (name.h5, name.csv, name.log), read back
with msolve.read_results; DataFrames and plots of results. Free fall: z = -g t^2 / 2."""

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numpy as np
import pytest

import msolve
from msolve import *

G = 9.81


def falling_body(output=None, units=None, keep_results=True):
    model = Model(output=output, keep_results=keep_results)
    if units:
        Units(system=units)
    Part(ground=True)
    body = Part(mass=2.0, ip=[1, 1, 1])
    body.cm = Marker()
    Accgrav(kgrav=-G * (1000.0 if units == "MMKS" else 1.0))
    Integrator(error=1e-9)
    model.displacement = Request(type="DISPLACEMENT", i=body.cm, label="where")
    model.velocity = Request(type="VELOCITY", i=body.cm)
    return model


def test_results_round_trip_through_the_h5_file():
    model = falling_body(output="fall")
    model.simulate(end=1.0, dtout=0.25, verbose=False)
    model.simulate(end=2.0, dtout=0.25, verbose=False)
    back = msolve.read_results("fall.h5")
    t = np.linspace(0.0, 2.0, 9)
    # one table over both simulates, the continuation point once
    np.testing.assert_array_equal(back.times, t)
    z = back.getObject("Request1").getComponent("Z")
    np.testing.assert_allclose(z, -0.5 * G * t**2, rtol=1e-6, atol=1e-9)
    # by the request of the model (same kind and id), by label, and Part results too
    np.testing.assert_array_equal(back.getObject(model.displacement).getComponent("Z"), z)
    np.testing.assert_array_equal(back.getObject("where").getComponent("Z"), z)
    vz = back.getObject(model.velocity).getComponent("VZ")
    np.testing.assert_allclose(vz, -G * t, rtol=1e-6, atol=1e-9)
    np.testing.assert_allclose(back.getObject("Part2").getComponent("E0"), 1.0, atol=1e-12)
    # the last simulate's values in memory are the file's last rows
    last = model.results.getObject(model.displacement).getComponent("Z")
    np.testing.assert_array_equal(z[-len(last) :], last)
    # energy: kinetic + gravitational stays constant in free fall
    total = back.energy.getComponent("TOTAL")
    np.testing.assert_allclose(total, total[0], atol=1e-6)
    assert back.units["Request1.Z"] == "m"
    assert back.units["Request2.VZ"] == "m/s"
    assert back.units["time"] == "s"


def test_the_csv_and_the_h5_file_name_their_channels_and_units():
    h5py = pytest.importorskip("h5py")
    model = falling_body(output="mm", units="MMKS")
    model.simulate(end=0.5, dtout=0.25, verbose=False)
    lines = Path("mm.csv").read_text().splitlines()
    columns = lines[0].split(",")
    units = lines[1].removeprefix("# units: ").split(",")
    assert len(units) == len(columns)
    unit = dict(zip(columns, units))
    assert unit["time"] == "s"
    assert unit["Request1.X"] == "mm"
    assert unit["Request1.PSI"] == "rad"
    assert unit["Request2.VX"] == "mm/s"
    assert unit["Request2.WZ"] == "rad/s"
    assert unit["Part2.E0"] == ""
    with h5py.File("mm.h5", "r") as f:
        assert f.attrs["format"] == "msolve results"
        assert f.attrs["units_length"] == "MILLIMETER"
        assert list(f["Request1"].attrs["components"])[:4] == ["MAG", "X", "Y", "Z"]
        assert f["Request1"].attrs["type"] == "DISPLACEMENT"
        assert f["Request1"].attrs["label"] == "where"
        assert f["Request2"].shape == (3, 8)
        assert "1 Units" in f.attrs["model"]
        # mm: z = -g t^2 / 2 with g in mm/s^2
        np.testing.assert_allclose(f["Request1"][-1, 3], -0.5 * G * 1000 * 0.25, rtol=1e-6)


def test_a_dataframe_has_one_column_per_component_with_units():
    model = falling_body()
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True, verbose=False)
    frame = run.to_dataframe()
    assert frame.index.name == "time"
    assert list(frame.columns[:4]) == ["Request1.MAG", "Request1.X", "Request1.Y", "Request1.Z"]
    assert "Part2.E3" in frame.columns
    np.testing.assert_allclose(frame["Request1.Z"], -0.5 * G * frame.index**2, atol=1e-9)
    assert frame.attrs["units"]["Request2.VZ"] == "m/s"
    with_energy = run.to_dataframe(energy=True)
    assert with_energy.attrs["units"]["energy.KINETIC"] == "N*m"
    # kinetic energy m v^2 / 2
    np.testing.assert_allclose(
        with_energy["energy.KINETIC"], 0.5 * 2.0 * (G * frame.index) ** 2, rtol=1e-6, atol=1e-9
    )


def test_plot_draws_the_channels_named_against_time():
    model = falling_body()
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True, verbose=False)
    ax = run.plot("Request1.Z", model.velocity)
    labels = [line.get_label() for line in ax.get_lines()]
    assert labels[0] == "Request1.Z [m]"
    # an entity: its named components (not the unused fifth of a displacement)
    assert "Request2.VZ [m/s]" in labels
    assert len(labels) == 1 + 8
    z = run.getObject("Request1").getComponent("Z")
    np.testing.assert_array_equal(ax.get_lines()[0].get_ydata(), z)
    assert ax.get_xlabel() == "time [s]"
    with pytest.raises(KeyError, match=r"no channel 'Request9\.Z'"):
        run.plot("Request9.Z")


def test_results_kept_in_the_file_only_leave_the_last_output_in_memory():
    model = falling_body(output="only", keep_results=False)
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True, verbose=False)
    assert len(run.times) == 1
    assert run.times[0] == pytest.approx(1.0)
    back = msolve.read_results("only.h5")
    assert len(back.times) == 101
    np.testing.assert_allclose(
        back.getObject("Request1").getComponent("Z"), -0.5 * G * back.times**2, atol=1e-9
    )


def test_read_results_refuses_a_file_that_is_not_a_results_file(tmp_path):
    h5py = pytest.importorskip("h5py")
    with h5py.File("other.h5", "w") as f:
        f["x"] = [1.0]
    with pytest.raises(ValueError, match="not an msolve results file"):
        msolve.read_results("other.h5")
    with pytest.raises(OSError, match="cannot read"):
        msolve.read_results("missing.h5")


LONG_RUN = """
import signal, sys, time
# Python's usual Ctrl-C handler, also when pytest was started with SIGINT ignored (a
# background job without job control), which its children would inherit
signal.signal(signal.SIGINT, signal.default_int_handler)
from msolve import *
model = Model(output="long")
Part(ground=True)
body = Part(mass=2.0, ip=[1, 1, 1])
body.cm = Marker()
Accgrav(kgrav=-9.81)
Integrator(error=1e-9)
Request(type="DISPLACEMENT", i=body.cm)
try:
    model.simulate(end=1000.0, dtout=1e-4, verbose=False)
except KeyboardInterrupt as e:
    print("interrupted", time.monotonic(), len(e.results.times), flush=True)
"""


def _start_long_run(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(Path(msolve.__file__).parent.parent))
    script = tmp_path / "long.py"
    script.write_text(textwrap.dedent(LONG_RUN))
    process = subprocess.Popen(
        [sys.executable, str(script)], cwd=tmp_path, env=env, stdout=subprocess.PIPE, text=True
    )
    # wait until outputs are being written
    csv = tmp_path / "long.csv"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if csv.exists() and csv.read_text().count("\n") > 200:
            return process
        time.sleep(0.05)
    process.kill()
    process.communicate()
    pytest.fail("the long run wrote no outputs in 60 s")


def _check_free_fall_file(path, at_least):
    back = msolve.read_results(path)
    n = len(back.times)
    assert n >= at_least
    np.testing.assert_allclose(back.times, 1e-4 * np.arange(n), rtol=0, atol=1e-9)
    z = back.getObject("Request1").getComponent("Z")
    np.testing.assert_allclose(z, -0.5 * G * back.times**2, rtol=1e-6, atol=1e-9)
    return n


def test_a_killed_process_leaves_a_readable_file_with_the_outputs_so_far(tmp_path):
    process = _start_long_run(tmp_path)
    time.sleep(0.3)
    process.send_signal(signal.SIGKILL)
    process.communicate(timeout=30)
    # CSV lines: header, units, then at least the 200 rows seen before the kill
    _check_free_fall_file(tmp_path / "long.h5", 199)


def test_ctrl_c_ends_the_run_within_a_second_and_keeps_the_results_in_the_file(tmp_path):
    process = _start_long_run(tmp_path)
    time.sleep(1.0)
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=30)
    word, stopped, kept = out.split()
    assert word == "interrupted"
    assert float(stopped) - sent < 1.0
    # the results on the exception (in memory) and in the file agree
    n = _check_free_fall_file(tmp_path / "long.h5", int(kept))
    assert n == int(kept)
    assert "the analysis stopped: KeyboardInterrupt" in (tmp_path / "long.log").read_text()


def test_the_command_line_writes_the_same_files():
    from msolve.cli import main

    model = falling_body()
    model.save_model("drop.xml", simulate={"end": 1.0, "dtout": 0.125})
    assert main(["run", "drop.xml", "-q"]) == 0
    back = msolve.read_results("drop.h5")
    np.testing.assert_allclose(back.times, np.arange(9) * 0.125, atol=1e-12)
    z = back.getObject("Request1").getComponent("Z")
    np.testing.assert_allclose(z, -0.5 * G * back.times**2, rtol=1e-6, atol=1e-9)
    # the CSV holds the same numbers, with its units line
    lines = Path("drop.csv").read_text().splitlines()
    columns = lines[0].split(",")
    assert lines[1].startswith("# units: s,")
    table = np.array([[float(v) for v in line.split(",")] for line in lines[2:]])
    np.testing.assert_array_equal(table[:, columns.index("Request1.Z")], z)
    assert (
        "results written to drop.h5 and drop.csv (9 output times)" in Path("drop.log").read_text()
    )


def test_rows_interrupted_while_being_written_are_written_once(monkeypatch):
    from msolve import result_files
    from msolve.h5_results import H5Writer

    model = falling_body(output="cut")
    model.simulate(end=0.1, dtout=0.05, verbose=False)
    original = H5Writer.append
    calls = []

    def interrupted(self, rows, n):
        # Ctrl-C after the CSV got the block, before the HDF5 file did
        calls.append(n)
        if len(calls) == 1:
            raise KeyboardInterrupt
        return original(self, rows, n)

    monkeypatch.setattr(H5Writer, "append", interrupted)
    monkeypatch.setattr(result_files, "FLUSH_SECONDS", 0.0)  # every row written at once
    with pytest.raises(KeyboardInterrupt) as stopped:
        model.simulate(end=0.5, dtout=0.05, verbose=False)
    kept = stopped.value.results.times
    back = msolve.read_results("cut.h5")
    # every output once, in order: those of the first simulate and those the exception kept
    np.testing.assert_allclose(back.times, 0.05 * np.arange(len(back.times)), atol=1e-12)
    assert back.times[-1] == kept[-1]
    lines = Path("cut.csv").read_text().splitlines()[2:]
    np.testing.assert_array_equal([float(line.split(",")[0]) for line in lines], back.times)


def _event_facts(events):
    return [(int(e.sensor.id), e.time, e.value, e.actions) for e in events]


def test_read_results_carries_the_stats_messages_and_events_of_the_live_runs():
    model = falling_body(output="events")
    body = model.displacement.i
    # z = -G t^2 / 2 passes -0.5 (return: the first simulate ends there) then -2 (halt)
    Sensor(id=5, label="half", function=f"DZ({body.id})", operator="LE", value=-0.5, return_=True)
    Sensor(id=6, function=f"DZ({body.id})", operator="LE", value=-2.0, halt=True)
    first = model.simulate(end=1.0, dtout=0.25, verbose=False, returnResults=True)
    second = model.simulate(end=1.0, dtout=0.25, verbose=False, returnResults=True)
    back = msolve.read_results("events.h5")
    # each analysis as its live results object said
    assert [a["type"] for a in back.analyses] == ["DYNAMICS", "DYNAMICS"]
    for stored, live in zip(back.analyses, [first, second]):
        assert stored["stats"] == live.stats
        assert _event_facts(stored["events"]) == _event_facts(live.events)
        np.testing.assert_array_equal(stored["stepTimes"], live.stepTimes)
        assert stored["halted"] == live.halted
        assert stored["ok"]
        assert stored["error"] == ""
    # the sensors fired where free fall says, as the live runs found
    assert _event_facts(back.events) == _event_facts([*first.events, *second.events])
    assert [e.sensor.id for e in back.events] == [5, 6]
    assert back.events[0].sensor.label == "half"
    assert back.events[0].time == pytest.approx(np.sqrt(2 * 0.5 / G), abs=1e-7)
    assert back.events[1].time == pytest.approx(np.sqrt(2 * 2.0 / G), abs=1e-7)
    assert back.events[1].actions == ["halt"]
    # the last analysis' end: halted by sensor 6; the counts summed over both
    assert back.halted
    assert back.stoppedBy is back.events[1]
    assert back.analyses[0]["stoppedBy"] is back.analyses[0]["events"][0]
    assert back.stats["steps"] == first.stats["steps"] + second.stats["steps"]
    assert back.stats["last_step"] == second.stats["last_step"]
    assert back.messages == [*first.messages, *second.messages]
    assert "Sensor 6" in repr(back.stoppedBy)


def test_an_interrupted_analysis_is_recorded_with_why_it_stopped(monkeypatch):
    model = falling_body(output="stopped")
    calls = []

    def interrupt(self, t):
        calls.append(t)
        if len(calls) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(msolve.progress.Progress, "update", interrupt)
    with pytest.raises(KeyboardInterrupt) as caught:
        model.simulate(end=1.0, dtout=0.1)
    (analysis,) = msolve.read_results("stopped.h5").analyses
    assert not analysis["ok"]
    assert analysis["error"] == "the analysis stopped: KeyboardInterrupt"
    assert analysis["stats"] == caught.value.results.stats
