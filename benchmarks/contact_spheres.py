#!/usr/bin/env python3
"""Contact benchmark: N spheres falling into an open box.

The box is the ground's: a floor (top face z = 0) and four walls, 1 m x 1 m inside. The
spheres (radius 0.04 m, mass 0.1 kg) start at rest on a square grid of layers 0.1 m apart,
above the floor, with a small offset per layer so that they do not stack exactly. Every
sphere has one Contact with the box (jgeom: the floor and the walls) and one Contact with
every other sphere, as a MotionSolve model writes them: N + N (N - 1) / 2 contacts. IMPACT
contact (stiffness 1e5, exponent 1.5, damping 10 over dmax 1e-3), Coulomb friction 0.3/0.2.

Each Contact first compares the spheres that hold its solids (the broad phase, on the
values) and computes contact points and their derivatives only for the pairs that may touch;
a Contact that does not touch puts no entry in the Jacobian, whose sparse pattern (and KLU's
analysis of it) changes as pairs start and stop touching (the patterns column).

The layers land on the floor and on each other (every other layer is shifted by half a
sphere radius, so that its spheres land on those below and roll off them): at the end of the
default 0.5 s every layer of N = 100 has landed (the highest centre at 0.13 m: on the floor or
on other spheres; the top layer of N = 200 starts at 0.8 m and lands after about 0.37 s).

Every size runs in a fresh subprocess. Per size the script prints the number of contacts,
the setup time (compiling, initial conditions), the integration time, the IDA steps and
the time per step, the residual and Jacobian evaluations per step, the new Jacobian patterns,
and the lowest and highest sphere centres at the end (the spheres must stay above the floor:
z > 0).

Usage::

    python3 benchmarks/contact_spheres.py                  # N = 25 50 100 200, 0.5 s
    python3 benchmarks/contact_spheres.py --sizes 25 50 --end 0.2
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time

DEFAULT_SIZES = [25, 50, 100, 200]
RADIUS = 0.04


def build(n):
    from msolve import Accgrav, Box, Contact, Integrator, Marker, Model, Part, Sphere, Units

    model = Model()
    Units(system="MKS")
    Accgrav(kgrav=-9.81)
    Integrator(error=1e-4)
    ground = Part(ground=True)
    walls = [
        Box(cm=Marker(part=ground, qp=[0, 0, -0.05]), x=1.2, y=1.2, z=0.1),
        Box(cm=Marker(part=ground, qp=[0.55, 0, 0.5]), x=0.1, y=1.2, z=1.0),
        Box(cm=Marker(part=ground, qp=[-0.55, 0, 0.5]), x=0.1, y=1.2, z=1.0),
        Box(cm=Marker(part=ground, qp=[0, 0.55, 0.5]), x=1.2, y=0.1, z=1.0),
        Box(cm=Marker(part=ground, qp=[0, -0.55, 0.5]), x=1.2, y=0.1, z=1.0),
    ]
    law = dict(
        stiffness=1e5,
        exponent=1.5,
        damping=10.0,
        dmax=1e-3,
        coulomb_friction="ON",
        mu_static=0.3,
        mu_dynamic=0.2,
        stiction_transition_velocity=1e-2,
        friction_transition_velocity=2e-2,
    )
    side = 5  # 25 spheres a layer
    inertia = 0.4 * 0.1 * RADIUS**2
    parts, spheres = [], []
    for k in range(n):
        layer, cell = divmod(k, side * side)
        row, col = divmod(cell, side)
        shift = 0.02 * (layer % 2)
        at = [-0.4 + 0.2 * col + shift, -0.4 + 0.2 * row + shift, 0.1 + 0.1 * layer]
        part = Part(mass=0.1, ip=[inertia] * 3, qg=at, cm=Marker())
        parts.append(part)
        spheres.append(Sphere(cm=part.cm, radius=RADIUS))
    for k, s in enumerate(spheres):
        Contact(igeom=s, jgeom=walls, **law)
        for other in spheres[k + 1 :]:
            Contact(igeom=s, jgeom=other, **law)
    return model, parts


def run_one(n, end, dtout):
    started = time.perf_counter()
    model, parts = build(n)
    built = time.perf_counter()
    model.simulate(end=0.0, dtout=dtout)
    setup = time.perf_counter()
    run = model.simulate(end=end, dtout=dtout, returnResults=True)
    done = time.perf_counter()
    stats = dict(run.stats)
    steps = max(int(stats.get("steps", 0)), 1)
    heights = [run.getObject(p).getComponent("Z")[-1] for p in parts]
    return {
        "n": n,
        "contacts": n + n * (n - 1) // 2,
        "build_s": built - started,
        "setup_s": setup - built,
        "integ_s": done - setup,
        "steps": steps,
        "ms_per_step": 1e3 * (done - setup) / steps,
        "res_per_step": stats.get("residual_evals", 0) / steps,
        "jac_per_step": stats.get("jacobian_evals", 0) / steps,
        "patterns": stats.get("jacobian_patterns", 0),
        "lowest_z": min(heights),
        "highest_z": max(heights),
    }


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sizes", type=int, nargs="+", default=DEFAULT_SIZES)
    p.add_argument("--end", type=float, default=0.5)
    p.add_argument("--dtout", type=float, default=0.01)
    p.add_argument("--timeout", type=float, default=1800)
    p.add_argument("--worker", type=int, help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.worker is not None:
        print(json.dumps(run_one(a.worker, a.end, a.dtout)))
        return 0
    print(
        f"{'N':>5} {'contacts':>9} {'setup s':>8} {'integ s':>8} {'steps':>6} "
        f"{'ms/step':>8} {'res/st':>7} {'jac/st':>7} {'patterns':>8} {'lowest z':>9} "
        f"{'highest z':>9}"
    )
    for n in a.sizes:
        cmd = [sys.executable, __file__, "--worker", str(n), "--end", str(a.end)]
        cmd += ["--dtout", str(a.dtout)]
        try:
            out = subprocess.run(cmd, capture_output=True, text=True, timeout=a.timeout, check=True)
        except subprocess.TimeoutExpired:
            print(f"{n:>5} timed out after {a.timeout:g} s")
            continue
        except subprocess.CalledProcessError as e:
            print(f"{n:>5} failed: {e.stderr.strip().splitlines()[-1:]}")
            continue
        r = json.loads(out.stdout.strip().splitlines()[-1])
        ok = "" if r["lowest_z"] > 0 and math.isfinite(r["lowest_z"]) else "  (fell through!)"
        print(
            f"{r['n']:>5} {r['contacts']:>9} {r['setup_s']:>8.2f} {r['integ_s']:>8.2f} "
            f"{r['steps']:>6} {r['ms_per_step']:>8.2f} {r['res_per_step']:>7.2f} "
            f"{r['jac_per_step']:>7.2f} {r.get('patterns', 0):>8} {r['lowest_z']:>9.4f} "
            f"{r['highest_z']:>9.4f}{ok}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
