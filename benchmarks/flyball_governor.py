"""Flyball governor (issue 16): stiff spring, planar loops in space, against its closed form.

A spindle on a revolute about the vertical (y), two arms with 1 kg balls at 0.3 m pinned at
its top (0.8 m), two 0.3 m links (0.1 kg) from the balls to a sleeve (0.5 kg) sliding on the
spindle, the sleeve on a very stiff spring (1e6 N/m, 2e3 N s/m) to the spindle's foot. The
spindle is spun up to 10 rad/s in 0.5 s (a velocity Motion with STEP) and held there, 2 s.
At the steady state the virtual work of gravity, the spring and the centrifugal forces
(potential -w^2 I(theta)/2 in the spinning frame) vanishes: the spring's force is a closed
form of the arm angle theta.
Prints, per error bound: IDA steps, wall time of simulate (best of --repeat), the largest
relative error of the spring force over the last 0.5 s, the drift of the energy balance
(kinetic + gravitational + elastic - work of the drive and the damper) and the changes of
the active joint equations reported.
Run:  python3 benchmarks/flyball_governor.py
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

# the model and its closed form are those tests_py/test_hard_benchmarks.py checks
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests_py"))
from test_hard_benchmarks import (
    HEIGHT,
    OMEGA,
    STIFFNESS,
    THETA0,
    governor,
)
from test_hard_benchmarks import governor_geometry as geometry
from test_hard_benchmarks import spring_force_closed_form as spring_force


def build(error):
    model = governor(error)
    return model, model.ball, model.sleeve


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--end", type=float, default=2.0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(
        f"{'error':>8} {'steps':>6} {'wall s':>8} {'force err':>9} {'balance J':>9} "
        f"{'work J':>8} {'changes':>7}"
    )
    for error in (None, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9):
        best = math.inf
        for _ in range(args.repeat):
            model, ball, sleeve = build(error)
            start = time.perf_counter()
            run = model.simulate(end=args.end, dtout=0.01, returnResults=True)
            best = min(best, time.perf_counter() - start)
        late = np.asarray(run.times) >= args.end - 0.5
        out = run.getObject(ball)
        bx, by, bz = (np.asarray(out.getComponent(k))[late] for k in "XYZ")
        theta = np.arctan2(np.hypot(bx, bz), HEIGHT - by)
        sleeve_y = np.asarray(run.getObject(sleeve).getComponent("Y"))[late]
        measured = STIFFNESS * (sleeve_y - geometry(THETA0)[2])
        expected = np.array([spring_force(t, OMEGA) for t in theta])
        force_err = np.abs(measured - expected).max() / np.abs(expected).max()
        balance = np.asarray(run.energy.getComponent("BALANCE"))
        work = np.asarray(run.energy.getComponent("WORK"))
        changes = sum("exchanged" in m or "rank" in m for m in run.messages)
        label = "default" if error is None else f"{error:g}"
        print(
            f"{label:>8} {len(run.stepTimes):>6} {best:>8.3f} {force_err:>9.2e} "
            f"{np.abs(balance - balance[0]).max():>9.2e} {work[-1]:>8.3f} {changes:>7}"
        )


if __name__ == "__main__":
    main()
