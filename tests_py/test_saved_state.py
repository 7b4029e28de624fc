"""Model.save writes the analysis state to a file and Model.reload reads it back, in this
or another Python process (msolve/saved_state.py). Closed form: a mass on a spring,
x = X0 cos(w t), with a Diff integrating x, DIF = X0 sin(w t) / w: a run saved at t = 1 and
continued to t = 2 after a reload in a new process equals the run without the interruption
and the closed form."""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import msolve
from msolve import *
from msolve import MsolveError

MODEL = """
from msolve import *

M, K, X0 = 2.0, 50.0, 0.1


def oscillator(extra_part=False):
    model = Model()
    Integrator(error=1e-10)
    ground = Part(ground=True)
    anchor = Marker(part=ground, zp=[1, 0, 0])
    at, ahead = [1.0 + X0, 0, 0], [2.0 + X0, 0, 0]
    block = Part(mass=M, ip=[1, 1, 1], cm=Marker(qp=at))
    Joint(type="TRANSLATIONAL", i=Marker(part=block, qp=at, zp=ahead),
          j=Marker(part=ground, qp=at, zp=ahead))
    Sforce(type="TRANSLATION", i=block.cm, j=anchor,
           function=f"-{K}*(DM({block.cm.id},{anchor.id})-1)")
    area = Diff(function=f"DX({block.cm.id},{anchor.id})-1", ic=0.0)
    if extra_part:
        Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[0, 5, 0]))
    model.block, model.area = block, Request(type="EXPRESSION", f1=f"DIF({area.id})")
    return model
"""

W = np.sqrt(50.0 / 2.0)
X0 = 0.1


def load(tmp_path):
    path = tmp_path / "oscillator_model.py"
    path.write_text(MODEL)
    namespace = {}
    exec(compile(MODEL, str(path), "exec"), namespace)
    return namespace


def test_a_run_continued_after_reload_in_a_new_process_equals_the_uninterrupted_run(tmp_path):
    ns = load(tmp_path)
    # uninterrupted
    whole = ns["oscillator"]()
    run = whole.simulate(end=2.0, dtout=0.01, returnResults=True)
    x_whole = run.getObject(whole.block).getComponent("X")[-1] - 1.0
    np.testing.assert_allclose(x_whole, X0 * np.cos(W * 2.0), atol=1e-7)
    # interrupted at t = 1: the state goes to a file
    first = ns["oscillator"]()
    first.simulate(end=1.0, dtout=0.01)
    state = tmp_path / "oscillator.state"
    first.save(str(state))
    saved = json.loads(state.read_text())
    assert saved["time"] == pytest.approx(1.0)
    # a new Python process reloads it and runs on to t = 2
    script = tmp_path / "continue.py"
    script.write_text(
        "import json, sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "from oscillator_model import oscillator\n"
        "model = oscillator()\n"
        "model.reload(sys.argv[2])\n"
        "run = model.simulate(end=2.0, dtout=0.01, returnResults=True)\n"
        "x = run.getObject(model.block).getComponent('X')\n"
        "print(json.dumps({'t0': run.times[0], 'x': list(x - 1.0)}))\n"
    )
    env = dict(os.environ, PYTHONPATH=str(Path(msolve.__file__).parent.parent))
    done = subprocess.run(
        [sys.executable, str(script), str(tmp_path), str(state)],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout.strip().splitlines()[-1])
    assert out["t0"] == pytest.approx(1.0)
    t = np.linspace(1.0, 2.0, len(out["x"]))
    np.testing.assert_allclose(out["x"], X0 * np.cos(W * t), atol=1e-7)
    assert abs(out["x"][-1] - x_whole) < 1e-7
    # the same reload in this process gives the same numbers, bit for bit
    again = ns["oscillator"]()
    again.reload(str(state))
    run = again.simulate(end=2.0, dtout=0.01, returnResults=True)
    assert list(run.getObject(again.block).getComponent("X") - 1.0) == out["x"]
    # the Diff's state came through the file: its integral of x is X0 sin(w t) / w
    area = run.getObject(again.area).getComponent("F1")
    np.testing.assert_allclose(area, X0 * np.sin(W * run.times) / W, atol=1e-7)


def test_a_state_of_another_model_is_refused(tmp_path):
    ns = load(tmp_path)
    model = ns["oscillator"]()
    model.simulate(end=0.5, dtout=0.1)
    state = tmp_path / "one.state"
    model.save(str(state))
    other = ns["oscillator"](extra_part=True)
    with pytest.raises(MsolveError, match=r"not one of this model: .*Part"):
        other.reload(str(state))
    # nor is a file that is not a state file
    junk = tmp_path / "junk.state"
    junk.write_text("{}")
    with pytest.raises(MsolveError, match=r"not a state file of Model\.save"):
        model.reload(str(junk))
