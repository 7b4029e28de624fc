"""Bricard's mechanism (IFToMM/MBS benchmark A04; issue 16): redundant at every position.

Five rods (1 kg, 1 m, 0.1 m square section) and the ground closed by six revolute joints
along the skew hexagon of a unit cube, each joint axis normal to its two rods; gravity -y,
released at rest, 10 s. Grubler's count gives no freedom, the geometry one: one joint
equation is always redundant, and which one may be dropped changes along the motion.
Prints, per error bound: IDA steps, wall time of simulate (best of --repeat), the largest
drift of the total energy (nothing but gravity works, so it should stay), the largest
constraint residual, the largest distance of point P3 (the corner (1, 1, 1)) from the run
at error 1e-11, and the changes of the active joint equations reported.
Run:  python3 benchmarks/bricard.py
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import numpy as np

# the model is the one tests_py/test_hard_benchmarks.py checks
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests_py"))
from test_hard_benchmarks import bricard


def build(error):
    model = bricard(error)
    return model, model.p3


def trajectory(run, p3):
    out = run.getObject(p3)
    return np.array([out.getComponent(k) for k in "XYZ"]).T


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--end", type=float, default=10.0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    model, p3 = build(1e-11)
    reference = trajectory(model.simulate(end=args.end, dtout=0.01, returnResults=True), p3)
    print(
        f"{'error':>8} {'steps':>6} {'wall s':>8} {'energy J':>9} {'closure':>9} "
        f"{'P3 err m':>9} {'changes':>7}"
    )
    for error in (None, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10):
        best = math.inf
        for _ in range(args.repeat):
            model, p3 = build(error)
            start = time.perf_counter()
            run = model.simulate(end=args.end, dtout=0.01, returnResults=True)
            best = min(best, time.perf_counter() - start)
        total = np.asarray(run.energy.getComponent("TOTAL"))
        miss = np.linalg.norm(trajectory(run, p3) - reference, axis=1).max()
        changes = sum("exchanged" in m or "rank" in m for m in run.messages)
        label = "default" if error is None else f"{error:g}"
        print(
            f"{label:>8} {len(run.stepTimes):>6} {best:>8.3f} "
            f"{np.abs(total - total[0]).max():>9.2e} {run.constraintErrors[:, 0].max():>9.1e} "
            f"{miss:>9.2e} {changes:>7}"
        )


if __name__ == "__main__":
    main()
