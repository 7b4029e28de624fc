"""Cost of a Python user routine: a 1-DOF spring whose force is a Python Sforce routine,
against the same force as an expression.

Two measurements:

1. Per call (the figure to read against issue 4's bar). Both models are simulated to
   t = 0.5 s; then the residual of the DAE is evaluated --calls times at that state (the
   time alternates by 1e-9 s so that every routine call misses its output cache and reaches
   Python). The routine times its own body from inside, so that

       overhead per call = (residual time, routine - residual time, expression) / calls
                           - time in the body per call

   is what the solver adds per Python call: taking the GIL, building the arguments, calling,
   converting the result, the output cache. The same is done for Jacobian evaluations, where
   a routine is called once for its value and once per input it reads (forward
   differences, with dflag set), and the chain rule runs. The step sequence plays no part.
   The expression's own evaluation (~0.1 us) is in the baseline, so the figure includes it.

2. Whole run (a cross-check): simulate 10 s at error=1e-8, dtout=0.01 with each force and
   charge (wall(routine) - wall(expression) - time in the bodies) to the routine calls. The
   two runs do not take the same steps (the routine's derivatives are differenced, the
   expression's are exact; the routine run needs ~10 % more Jacobians), so this figure also
   carries the cost of the extra steps and Jacobians. It is also given with the extra
   Jacobians charged at the expression's measured cost per Jacobian.

The runtime functions (DM, VR: Python wrapper, id conversion, lookup, measure) are part of
the body and are reported per call apart.
Run:  python3 benchmarks/routine_overhead.py
"""

from __future__ import annotations

import argparse
import os
import platform
import time

from msolve import DM, VR, Integrator, Joint, Marker, Model, Part, Sforce


class Tally:
    """What the routine bodies cost, measured from inside them."""

    def __init__(self):
        self.calls = 0
        self.body = 0.0
        self.reads = 0.0

    def reset(self):
        self.__init__()


def build(routine):
    model = Model()
    Integrator(error=1e-8)
    ground = Part(ground=True)
    anchor = Marker(part=ground, zp=[1, 0, 0])
    block = Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[1.1, 0, 0]))
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=block, qp=[1.1, 0, 0], zp=[2.1, 0, 0]),
        j=Marker(part=ground, qp=[1.1, 0, 0], zp=[2.1, 0, 0]),
    )
    tally = Tally()
    i, j = block.cm, anchor
    if routine:
        clock = time.perf_counter

        def spring(id, time, par, npar, dflag, iflag):
            start = clock()
            d = DM(i, j)
            v = VR(i, j)
            read = clock()
            f = -100.0 * (d - 1.0) - 0.5 * v
            end = clock()
            tally.calls += 1
            tally.reads += read - start
            tally.body += end - start
            return f

        Sforce(i=block.cm, j=anchor, routine=spring)
    else:
        Sforce(i=block.cm, j=anchor, function=f"-100*(DM({i.id},{j.id})-1) - 0.5*VR({i.id},{j.id})")
    return model, tally


def per_call(routine, what, count):
    """Seconds for `count` residual or Jacobian evaluations at t = 0.5 s, and the tally of
    the routine bodies."""
    model, tally = build(routine)
    model.simulate(end=0.5, dtout=0.5)
    evaluate = getattr(model._simulation, f"_time_{what}")
    evaluate(1000)  # warm up
    tally.reset()
    return evaluate(count), tally


def overhead(what, count, repeat):
    """The solver's time per Python call beyond the body, in residuals or Jacobians."""
    expression = min(per_call(False, what, count)[0] for _ in range(repeat))
    wall, tally = min(
        (per_call(True, what, count) for _ in range(repeat)), key=lambda r: r[0] - r[1].body
    )
    body = tally.body / tally.calls
    calls = tally.calls / count
    print(
        f"per {what[:-1]}: expression {expression / count * 1e6:6.2f} us, "
        f"routine {wall / count * 1e6:6.2f} us ({calls:.0f} calls, {body * 1e6:.2f} us "
        f"per call in the body, {tally.reads / (2 * tally.calls) * 1e6:.2f} us per DM/VR)"
    )
    per = ((wall - expression) / count - calls * body) / calls
    print(f"  solver overhead per Python call: {per * 1e6:.2f} us")
    return expression / count


def whole_run(routine):
    model, tally = build(routine)
    start = time.perf_counter()
    res = model.simulate(end=10.0, dtout=0.01, returnResults=True)
    return time.perf_counter() - start, res.stats, tally


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--count",
        type=int,
        default=20000,
        help="residual (and Jacobian) evaluations per measurement",
    )
    args = parser.parse_args()
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}"
    )
    overhead("residuals", args.count, args.repeat)
    jacobian = overhead("jacobians", args.count, args.repeat)

    best = {}
    for routine in (False, True):
        best[routine] = min((whole_run(routine) for _ in range(args.repeat)), key=lambda r: r[0])
    wall_e, stats_e, _ = best[False]
    wall_r, stats_r, tally = best[True]
    print(
        f"whole run, expression: {wall_e * 1e3:8.1f} ms  steps {stats_e['steps']:5d}  "
        f"res {stats_e['residual_evals']:5d}  jac {stats_e['jacobian_evals']:4d}"
    )
    print(
        f"whole run, routine:    {wall_r * 1e3:8.1f} ms  steps {stats_r['steps']:5d}  "
        f"res {stats_r['residual_evals']:5d}  jac {stats_r['jacobian_evals']:4d}  "
        f"calls {tally.calls}"
    )
    per = (wall_r - wall_e - tally.body) / tally.calls
    print(
        f"whole run, (wall difference - bodies) per call: {per * 1e6:.2f} us "
        f"(includes the cost of the routine run's extra steps and Jacobians)"
    )
    extra = (stats_r["jacobian_evals"] - stats_e["jacobian_evals"]) * jacobian
    per = (wall_r - wall_e - tally.body - extra) / tally.calls
    print(
        f"  the same less the extra Jacobians at the expression's cost per Jacobian: "
        f"{per * 1e6:.2f} us"
    )


if __name__ == "__main__":
    main()
