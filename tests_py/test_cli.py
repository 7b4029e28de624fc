"""The command line: ``msolve run model.xml`` and ``python -m msolve model.xml`` run the
Command block, show progress, and write the results and a log next to the dataset."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from test_xml_roundtrip import PENDULUM_XML, python_pendulum, results_of

import msolve
from msolve.cli import main

PACKAGE_ROOT = str(Path(msolve.__file__).parent.parent)


def run_module(args, cwd):
    """``python -m msolve ...`` in a fresh interpreter with this msolve."""
    env = dict(os.environ)
    env["PYTHONPATH"] = PACKAGE_ROOT + os.pathsep + env.get("PYTHONPATH", "")
    return subprocess.run(
        [sys.executable, "-m", "msolve", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def read_csv(path):
    lines = path.read_text().splitlines()
    header = lines[0].split(",")
    # the second line gives the units of the columns
    assert lines[1].startswith("# units: s,")
    assert len(lines[1].split(",")) == len(header)
    table = np.array([[float(v) for v in line.split(",")] for line in lines[2:]])
    return header, table


def test_python_m_msolve_runs_the_dataset(tmp_path):
    dataset = tmp_path / "pendulum.xml"
    dataset.write_text(PENDULUM_XML)
    done = run_module([str(dataset)], tmp_path)
    assert done.returncode == 0, done.stderr
    # progress on the screen
    assert "Simulate 1/1" in done.stdout
    assert "transient from t = 0 to t = 2, output every 0.01" in done.stdout
    assert "201 outputs to t = 2" in done.stdout
    # the results and the log next to the dataset
    header, table = read_csv(tmp_path / "pendulum.csv")
    assert header[:3] == ["time", "Request1.MAG", "Request1.X"]
    assert "Request2.FM" in header
    assert "Part2.E0" in header
    log = (tmp_path / "pendulum.log").read_text()
    assert "Simulate 1/1" in log
    assert "results written to" in log
    # the same numbers as the Python pendulum
    expected = results_of(python_pendulum(), end=2.0, dtout=0.01)
    np.testing.assert_allclose(table[:, 0], expected["times"], atol=1e-12)
    for name in ("X", "Z"):
        column = table[:, header.index(f"Request1.{name}")]
        np.testing.assert_allclose(column, expected[("Request", 1)][name], rtol=0, atol=1e-4)


def test_main_in_process_with_run_and_output_dir(tmp_path, capsys):
    dataset = tmp_path / "p.xml"
    two_runs = PENDULUM_XML.replace(
        '<Simulate analysis_type="Transient" end_time="2.0" print_interval="0.01"/>',
        '<Simulate analysis_type="Transient" end_time="0.5" print_interval="0.1"/>\n'
        '  <Param_Transient integr_tol="1e-7"/>\n'
        '  <Simulate analysis_type="Transient" duration="0.5" num_steps="2"/>',
    )
    dataset.write_text(two_runs)
    out = tmp_path / "out"
    out.mkdir()
    assert main(["run", str(dataset), "--output-dir", str(out)]) == 0
    shown = capsys.readouterr().out
    assert "Simulate 1/2" in shown
    assert "Simulate 2/2" in shown
    assert "integrator settings {'error': 1e-07}" in shown
    _, table = read_csv(out / "p.csv")
    # 0, 0.1, ..., 0.5 then 0.75, 1.0: the second run does not repeat t = 0.5
    np.testing.assert_allclose(table[:, 0], [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0])
    assert (out / "p.log").exists()
    assert not (tmp_path / "p.csv").exists()


def test_bad_dataset_exits_2_with_file_line_and_element(tmp_path, capsys):
    dataset = tmp_path / "bad.xml"
    dataset.write_text(PENDULUM_XML.replace('j_marker_id="1"/>', 'j_marker_id="42"/>'))
    assert main([str(dataset)]) == 2
    err = capsys.readouterr().err
    assert f"{dataset}:" in err
    assert "<Constraint_Joint id=1>: attribute 'j_marker_id': no Reference_Marker with id 42" in err
    assert "j_marker_id" in (tmp_path / "bad.log").read_text()


def test_scripts_need_the_flag(tmp_path, capsys):
    (tmp_path / "forces.py").write_text(
        "def push(id, time, par, npar, dflag, iflag):\n    return par[0]\n"
    )
    text = PENDULUM_XML.replace(
        '<Post_Request id="1"',
        '<Force_Scalar_TwoBody id="1" type="TORQUE" i_marker_id="3" j_marker_id="1"\n'
        '     script_name="forces.py" interpreter="PYTHON" usrsub_fnc_name="push"\n'
        '     usrsub_param_string="USER(1000.0)"/>\n  <Post_Request id="1"',
    )
    dataset = tmp_path / "scripted.xml"
    dataset.write_text(text)
    assert main([str(dataset)]) == 2
    err = capsys.readouterr().err
    assert "names the Python script 'forces.py'" in err
    assert "--allow-scripts" in err
    assert main([str(dataset), "--allow-scripts"]) == 0
    shown = capsys.readouterr().out
    assert "executing the Python script" in shown
    assert "(allowed)" in shown


def test_a_linear_analysis_runs_and_logs_its_eigenvalues(tmp_path, capsys):
    # every analysis_type a dataset may give runs; Linear logs the eigenvalue table
    dataset = tmp_path / "linear.xml"
    dataset.write_text(PENDULUM_XML.replace('analysis_type="Transient"', 'analysis_type="Linear"'))
    assert main([str(dataset)]) == 0
    shown = capsys.readouterr().out
    assert "linear analysis at time 0: 1 degrees of freedom" in shown
    assert "damping ratio" in shown


def test_no_simulate_command(tmp_path, capsys):
    dataset = tmp_path / "idle.xml"
    dataset.write_text(
        PENDULUM_XML.replace(
            '<Simulate analysis_type="Transient" end_time="2.0" print_interval="0.01"/>', ""
        )
    )
    assert main([str(dataset)]) == 2
    assert "no <Simulate> command" in capsys.readouterr().err


def test_failed_analysis_exits_1_and_keeps_the_results(tmp_path, capsys):
    # a routine that raises at t = 0.3 stops the analysis; the outputs before stay
    (tmp_path / "forces.py").write_text(
        "def brake(id, time, par, npar, dflag, iflag):\n"
        "    if time > 0.3:\n"
        "        raise RuntimeError('brake failed')\n"
        "    return 0.0\n"
    )
    text = PENDULUM_XML.replace(
        '<Post_Request id="1"',
        '<Force_Scalar_TwoBody id="1" type="TORQUE" i_marker_id="3" j_marker_id="1"\n'
        '     script_name="forces.py" interpreter="PYTHON" usrsub_fnc_name="brake"/>\n'
        '  <Post_Request id="1"',
    )
    dataset = tmp_path / "fails.xml"
    dataset.write_text(text)
    assert main([str(dataset), "--allow-scripts"]) == 1
    err = capsys.readouterr().err
    assert "brake failed" in err
    _, table = read_csv(tmp_path / "fails.csv")
    assert 0 < len(table) < 201
    assert table[-1, 0] <= 0.3 + 1e-12


def test_console_script(tmp_path):
    script = Path(sys.executable).parent / "msolve"
    if not script.exists():
        pytest.skip("the msolve console script is not installed next to this Python")
    dataset = tmp_path / "pendulum.xml"
    dataset.write_text(PENDULUM_XML.replace('end_time="2.0"', 'end_time="0.1"'))
    env = dict(os.environ)
    env["PYTHONPATH"] = PACKAGE_ROOT + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run(
        [str(script), "run", str(dataset), "-q"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert (tmp_path / "pendulum.csv").exists()


# `python -m msolve` as started from a terminal. A process started with SIGINT ignored (a
# background job of a shell without job control, nohup) passes that on to its children, and
# Python then leaves Ctrl-C ignored, as it should; this test is about msolve, not about how
# pytest was started, so its msolve gets Python's usual Ctrl-C handler first.
CTRL_C_ABLE_MSOLVE = (
    "import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "sys.argv[0] = 'msolve'; runpy.run_module('msolve', run_name='__main__', alter_sys=True)"
)


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_signal_writes_the_results_so_far_and_the_log(tmp_path, signum, status):
    # a run of hours (steps of at most 1e-5 s up to t = 1e4 s), stopped once it has output
    dataset = tmp_path / "long.xml"
    dataset.write_text(
        PENDULUM_XML.replace('end_time="2.0"', 'end_time="1e4"').replace(
            'integr_tol="1.0E-6"', 'integr_tol="1.0E-6" h_max="1e-5"'
        )
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = PACKAGE_ROOT + os.pathsep + env.get("PYTHONPATH", "")
    process = subprocess.Popen(
        [sys.executable, "-u", "-c", CTRL_C_ABLE_MSOLVE, str(dataset)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    for line in process.stdout:
        if "Simulate 1/1" in line:
            break
    time.sleep(1.0)  # into the integration
    sent = time.perf_counter()
    process.send_signal(signum)
    try:
        _out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()  # not left running into the next tests
        _out, err = process.communicate()
        pytest.fail(f"msolve still ran 60 s after signal {signum.name}; stderr:\n{err}")
    assert time.perf_counter() - sent < 10
    assert process.returncode == status
    assert ("interrupted" if signum == signal.SIGINT else "terminated") in err
    header, table = read_csv(tmp_path / "long.csv")
    assert header[0] == "time"
    assert len(table) > 2
    np.testing.assert_allclose(np.diff(table[:, 0]), 0.01, atol=1e-9)
    assert "results written" in (tmp_path / "long.log").read_text()


def test_a_killed_run_keeps_the_rows_of_the_simulates_done(tmp_path):
    # two Simulate commands; the process is killed (SIGKILL: no handler runs) in the second
    dataset = tmp_path / "two.xml"
    dataset.write_text(
        PENDULUM_XML.replace('integr_tol="1.0E-6"', 'integr_tol="1.0E-6" h_max="1e-5"').replace(
            '<Simulate analysis_type="Transient" end_time="2.0" print_interval="0.01"/>',
            '<Simulate analysis_type="Transient" end_time="0.1" print_interval="0.01"/>\n'
            '  <Simulate analysis_type="Transient" end_time="1e4" print_interval="0.01"/>',
        )
    )
    env = dict(os.environ)
    env["PYTHONPATH"] = PACKAGE_ROOT + os.pathsep + env.get("PYTHONPATH", "")
    process = subprocess.Popen(
        [sys.executable, "-u", "-m", "msolve", str(dataset)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    for line in process.stdout:
        if "Simulate 2/2" in line:
            break
    process.kill()
    process.wait(timeout=60)
    process.stdout.close()
    header, table = read_csv(tmp_path / "two.csv")
    assert header[0] == "time"
    # the rows of the first Simulate, then those of the second written before the kill landed
    # (none unless this process was slow to read the line: the machine may be loaded)
    count = len(table)
    assert count >= 11
    np.testing.assert_allclose(table[:, 0], np.linspace(0.0, 0.01 * (count - 1), count), atol=1e-9)
