#!/usr/bin/env python3
"""Benchmark of the linear analysis: an N-link pendulum chain hanging at rest.

Link k (k = 0 .. N-1) is a slender rod of length L hanging along -z from z = -k L to
z = -(k + 1) L, hinged to link k - 1 (link 0 to the ground) by a REVOLUTE joint about the
global y axis: N degrees of freedom, hanging in its equilibrium. Per size the script prints

* first: the first ``simulate(type="LINEAR")`` -- compiling the system, the initial
  conditions and the linear analysis,
* linear: a second ``simulate(type="LINEAR")`` of the compiled model: the linear analysis
  alone (Jacobians, independent coordinates, state matrix, eigensolution), wall and CPU
  time of the process (CPU includes LAPACK's threads),
* dof and states of A, the lowest natural frequency and, for N = 1, the relative error of it
  against the closed form sqrt(m g d / I_hinge).

Usage::

    python3 benchmarks/linear_chain.py               # N = 16 64 256
    python3 benchmarks/linear_chain.py --sizes 4 16
"""

from __future__ import annotations

import argparse
import contextlib
import io
import math
import time

DEFAULT_SIZES = [16, 64, 256]


def build_chain(n, length=0.5, mass=1.0, radius=0.01):
    from msolve import Accgrav, Joint, Marker, Model, Part, Units

    model = Model()
    Units(mass="KILOGRAM", length="METER", time="SECOND", force="NEWTON")
    Accgrav(kgrav=-9.81)
    ground = Part(ground=True)
    izz = 0.5 * mass * radius**2
    ixx = iyy = mass * (length**2 / 12.0 + radius**2 / 4.0)
    previous = ground
    for k in range(n):
        z0 = -k * length
        link = Part(mass=mass, ip=[ixx, iyy, izz], cm=Marker(qp=[0, 0, z0 - 0.5 * length]))
        Joint(
            type="REVOLUTE",
            i=Marker(part=link, qp=[0, 0, z0], zp=[0, 1, z0]),
            j=Marker(part=previous, qp=[0, 0, z0], zp=[0, 1, z0]),
        )
        previous = link
    return model, ixx


def run(n):
    model, ixx = build_chain(n)
    quiet = io.StringIO()
    with contextlib.redirect_stdout(quiet):
        start = time.perf_counter()
        model.simulate(type="LINEAR", returnResults=True)
        first = time.perf_counter() - start
        start, cpu = time.perf_counter(), time.process_time()
        result = model.simulate(type="LINEAR", returnResults=True)
        linear = time.perf_counter() - start
        linear_cpu = time.process_time() - cpu
    lowest = min(2 * math.pi * m.frequency for m in result.modes if m.frequency > 0)
    row = {
        "N": n,
        "first": first,
        "linear": linear,
        "cpu": linear_cpu,
        "dof": result.dof,
        "states": result.A.shape[0],
        "lowest": lowest,
    }
    if n == 1:
        d, m, g = 0.25, 1.0, 9.81
        exact = math.sqrt(m * g * d / (ixx + m * d * d))
        row["error"] = abs(lowest - exact) / exact
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=DEFAULT_SIZES)
    args = parser.parse_args()
    print(
        f"{'N':>5} {'first [s]':>10} {'linear [s]':>11} {'cpu [s]':>8} {'dof':>5} {'states':>7} "
        f"{'lowest [rad/s]':>15}"
    )
    for n in args.sizes:
        r = run(n)
        extra = f"  closed-form error {r['error']:.1e}" if "error" in r else ""
        print(
            f"{r['N']:>5} {r['first']:>10.3f} {r['linear']:>11.3f} {r['cpu']:>8.3f} {r['dof']:>5} "
            f"{r['states']:>7} {r['lowest']:>15.6f}{extra}"
        )


if __name__ == "__main__":
    main()
