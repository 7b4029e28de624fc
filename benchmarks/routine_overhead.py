"""Cost of a Python user routine: a 1-DOF spring whose force is a Python Sforce routine,
against the same force as an expression (10 s, error=1e-8, dtout=0.01).

The routine reads DM and VR through the runtime functions. Its body is timed from inside
(perf_counter around the body; the runtime-function calls are timed apart), so that

    overhead per call = (wall(routine run) - wall(expression run) - time in the bodies) / calls

is what the solver adds per Python call: taking the GIL, building the arguments, converting
the result, the output cache, the finite-difference bookkeeping. The runtime functions
(DM, VR: Python wrapper, id conversion, lookup, measure) are reported per call apart.
Run:  python3 benchmarks/routine_overhead.py
"""

from __future__ import annotations

import argparse
import platform
import time

from msolve import DM, VR, Integrator, Joint, Marker, Model, Part, Sforce


def build(routine):
    model = Model()
    Integrator(error=1e-8)
    ground = Part(ground=True)
    anchor = Marker(part=ground, zp=[1, 0, 0])
    block = Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[1.1, 0, 0]))
    Joint(type="TRANSLATIONAL", i=Marker(part=block, qp=[1.1, 0, 0], zp=[2.1, 0, 0]),
          j=Marker(part=ground, qp=[1.1, 0, 0], zp=[2.1, 0, 0]))
    clock = time.perf_counter
    tally = {"calls": 0, "body": 0.0, "reads": 0.0, "nreads": 0}
    i, j = block.cm, anchor
    if routine:
        def spring(id, time, par, npar, dflag, iflag):
            start = clock()
            d = DM(i, j)
            v = VR(i, j)
            read = clock()
            f = -100.0 * (d - 1.0) - 0.5 * v
            end = clock()
            tally["calls"] += 1
            tally["nreads"] += 2
            tally["reads"] += read - start
            tally["body"] += end - start
            return f

        Sforce(i=block.cm, j=anchor, routine=spring)
    else:
        Sforce(i=block.cm, j=anchor,
               function=f"-100*(DM({i.id},{j.id})-1) - 0.5*VR({i.id},{j.id})")
    return model, tally


def run(routine):
    model, tally = build(routine)
    start = time.perf_counter()
    res = model.simulate(end=10.0, dtout=0.01, returnResults=True)
    return time.perf_counter() - start, res.stats, tally


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    best = {}
    for routine in (False, True):
        best[routine] = min((run(routine) for _ in range(args.repeat)), key=lambda r: r[0])
    wall_e, stats_e, _ = best[False]
    wall_r, stats_r, tally = best[True]
    calls = tally["calls"]
    print(f"machine: {platform.processor() or platform.machine()}, "
          f"Python {platform.python_version()}")
    print(f"expression: {wall_e * 1e3:8.1f} ms  steps {stats_e['steps']:5d}  "
          f"res {stats_e['residual_evals']:5d}  jac {stats_e['jacobian_evals']:4d}")
    print(f"routine:    {wall_r * 1e3:8.1f} ms  steps {stats_r['steps']:5d}  "
          f"res {stats_r['residual_evals']:5d}  jac {stats_r['jacobian_evals']:4d}  "
          f"calls {calls}")
    body = tally["body"]
    print(f"time in the routine bodies: {body * 1e3:.1f} ms "
          f"({body / calls * 1e6:.2f} us per call), of which DM+VR "
          f"{tally['reads'] / tally['nreads'] * 1e6:.2f} us per runtime-function call")
    overhead = (wall_r - wall_e - body) / calls
    print(f"solver overhead per Python call: {overhead * 1e6:.2f} us")


if __name__ == "__main__":
    main()
