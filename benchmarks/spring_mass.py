"""A 1-DOF spring-mass whose force is an Sforce expression, 10 s at error=1e-8.

Prints the wall time of simulate (best of --repeat runs) and the integrator statistics for
several output intervals, with outputs hit exactly (the default: dtout sets a floor on the
step count) and interpolated from the steps (Integrator interpolate=True).
Run:  python3 benchmarks/spring_mass.py
"""

from __future__ import annotations

import argparse
import time

from msolve import Integrator, Joint, Marker, Model, Part, Sforce


def build(interpolate=False):
    model = Model()
    Integrator(error=1e-8, interpolate=interpolate)
    ground = Part(ground=True)
    anchor = Marker(part=ground, zp=[1, 0, 0])
    block = Part(mass=1.0, ip=[1, 1, 1], cm=Marker(qp=[1.1, 0, 0]))
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=block, qp=[1.1, 0, 0], zp=[2.1, 0, 0]),
        j=Marker(part=ground, qp=[1.1, 0, 0], zp=[2.1, 0, 0]),
    )
    i, j = block.cm.id, anchor.id
    Sforce(i=block.cm, j=anchor, function=f"-100*(DM({i},{j})-1) - 0.5*VR({i},{j})")
    return model


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dtout", type=float, nargs="+", default=[0.01, 0.1, 1.0])
    args = parser.parse_args()
    print(f"{'outputs':>12} {'dtout':>7} {'wall ms':>9} {'steps':>6} {'res':>6} {'jac':>5}")
    for interpolate in (False, True):
        for dtout in args.dtout:
            best, stats = float("inf"), None
            for _ in range(args.repeat):
                model = build(interpolate)
                start = time.perf_counter()
                run = model.simulate(end=10.0, dtout=dtout, returnResults=True)
                best = min(best, time.perf_counter() - start)
                stats = run.stats
            kind = "interpolated" if interpolate else "hit"
            print(
                f"{kind:>12} {dtout:7.2f} {1e3 * best:9.1f} {stats['steps']:6d} "
                f"{stats['residual_evals']:6d} {stats['jacobian_evals']:5d}"
            )


if __name__ == "__main__":
    main()
