#!/usr/bin/env python3
"""Scaling benchmark of STATICS: the N-link chain of benchmarks/chain.py held by torsion springs.

The chain of chain.py (slender rods of length L on the global x axis, REVOLUTE joints about
global y) gets a rotational SpringDamper at hinge k of stiffness kt_k = M_k N / ``--bend``,
with M_k = m g L (N - k)^2 / 2 the moment of the links beyond the hinge held horizontal, unloaded
with the chain horizontal: each hinge gives about bend / N, the tip turns by about ``--bend``
radians whatever N, so that the sizes solve the same problem. Gravity bends the chain down;
STATICS finds the bent equilibrium from the horizontal. (Without the springs the horizontal
chain is no equilibrium and the hanging one is met without an iteration; with them every joint
has a regular stiffness.)

Per size the script prints the time of the first simulate (compiling and the
initial-conditions analysis, as ASSEMBLY), the time of the STATICS simulate, Newton's
iterations (from the log), the time per iteration per body, the tip's z at the equilibrium and
the largest moment imbalance reached. The stability check of the equilibrium (a dense
eigenvalue problem, docs/equations.md §8.2) runs up to 100 bodies and is part of the statics
time.

Usage::

    python3 benchmarks/chain_statics.py                  # N = 16 64 256
    python3 benchmarks/chain_statics.py --sizes 16 64 --repeat 3
"""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
import time
from contextlib import redirect_stdout

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from chain import build_chain


def run_size(n, length, mass, radius, bend):
    from msolve import Marker, Part, SpringDamper

    model, parts, tip = build_chain(n, length, mass, radius, 1e-6)
    ground = next(p for p in model.getChildren(Part) if p.ground)
    for k, link in enumerate(parts):
        kt = mass * 9.81 * length * (n - k) ** 2 / 2.0 * n / bend
        x0 = k * length
        i = Marker(part=link, qp=[x0, 0, 0], zp=[x0, 1, 0])
        j = Marker(part=parts[k - 1] if k else ground, qp=[x0, 0, 0], zp=[x0, 1, 0])
        SpringDamper(type="ROTATION", i=i, j=j, kt=kt, ct=0.0)
    with redirect_stdout(io.StringIO()):
        started = time.perf_counter()
        model.simulate(type="ASSEMBLY", end=0)
        setup = time.perf_counter() - started
        started = time.perf_counter()
        run = model.simulate(type="STATICS", end=0, returnResults=True)
        statics = time.perf_counter() - started
    line = next(m for m in run.messages if m.startswith("statics at time"))
    iterations = int(re.search(r"in (\d+) iterations", line).group(1))
    imbalance = float(re.search(r"largest imbalance ([-0-9.e+]+)", line).group(1))
    z = float(run.getObject(tip).getComponent("Z")[-1])
    return setup, statics, iterations, imbalance, z


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[16, 64, 256])
    parser.add_argument("--repeat", type=int, default=1, help="best of this many runs")
    parser.add_argument("--length", type=float, default=0.1)
    parser.add_argument("--mass", type=float, default=0.1)
    parser.add_argument("--radius", type=float, default=0.005)
    parser.add_argument("--bend", type=float, default=0.5, help="about the tip's turn, rad")
    args = parser.parse_args()
    from msolve import Model  # noqa: F401  (import time out of the figures)

    print(
        f"{'N':>5} {'setup s':>9} {'statics s':>10} {'iter':>5} {'ms/iter/body':>13} "
        f"{'tip z':>10} {'imbalance':>10}"
    )
    for n in args.sizes:
        best = None
        for _ in range(args.repeat):
            figures = run_size(n, args.length, args.mass, args.radius, args.bend)
            if best is None or figures[1] < best[1]:
                best = figures
        setup, statics, iterations, imbalance, z = best
        per = 1e3 * statics / max(1, iterations) / n
        print(
            f"{n:>5} {setup:>9.4f} {statics:>10.4f} {iterations:>5} {per:>13.4f} "
            f"{z:>10.4f} {imbalance:>10.2e}",
            flush=True,
        )


if __name__ == "__main__":
    main()
