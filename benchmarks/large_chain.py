#!/usr/bin/env python3
"""Setup time and cost per step of long revolute chains (the model of ``chain.py``).

For each N the script builds the chain of ``chain.py`` (N slender links hinged end to end by
REVOLUTE joints, released horizontal under gravity) in a fresh subprocess and prints

* setup s: the first ``simulate`` up to time 0 -- compiling the system, the initial-conditions
  analysis (redundancy check by sparse QR, assembly, velocities, accelerations), creating IDA;
  a solver whose setup is linear in N keeps setup/N about constant,
* setup us/body: setup s / N,
* steps and us/step/body: the ``simulate`` from 0 to ``--end`` divided by its steps and N
  (constant for a cost per step linear in N),
* tip z at the end (the chain must fall: z < 0).

Usage::

    python3 benchmarks/large_chain.py                        # N = 256 1024 2048 4096 10000
    python3 benchmarks/large_chain.py --sizes 256 1024 --end 0.01
    python3 benchmarks/large_chain.py --setup-only           # no steps: setup time only

The single-size worker (``--worker N``) prints one JSON line; it is what the driver runs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

DEFAULT_SIZES = [256, 1024, 2048, 4096, 10000]


def run_one(n, end, dtout, error):
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from chain import build_chain

    model, _, request = build_chain(n, 0.1, 0.1, 0.005, error)
    t0 = time.perf_counter()
    model.simulate(type="DYNAMICS", end=0.0, dtout=dtout)
    t1 = time.perf_counter()
    out = {"n": n, "setup_s": t1 - t0}
    if end > 0:
        run = model.simulate(type="DYNAMICS", end=end, dtout=dtout, returnResults=True)
        t2 = time.perf_counter()
        steps = run.stats["steps"]
        out.update(
            integ_s=t2 - t1,
            steps=steps,
            us_step_body=1e6 * (t2 - t1) / max(steps, 1) / n,
            tip_z=float(run.getObject(request).getComponent("Z")[-1]),
        )
    return out


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", type=int, nargs="+", default=DEFAULT_SIZES)
    p.add_argument("--end", type=float, default=0.01, help="simulated time, s (default 0.01)")
    p.add_argument("--dtout", type=float, default=0.001, help="output interval, s")
    p.add_argument("--error", type=float, default=1e-6, help="Integrator error (default 1e-6)")
    p.add_argument("--setup-only", action="store_true", help="no steps: setup time only")
    p.add_argument("--timeout", type=float, default=1800.0, help="per size, s")
    p.add_argument("--worker", type=int, metavar="N", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    end = 0.0 if args.setup_only else args.end
    if args.worker is not None:
        print(json.dumps(run_one(args.worker, end, args.dtout, args.error)))
        return 0
    print(
        f"{'N':>6} {'setup s':>9} {'setup us/body':>14} {'steps':>6} {'us/step/body':>13}"
        f" {'tip z':>9}"
    )
    for n in args.sizes:
        cmd = [sys.executable, os.path.abspath(__file__), "--worker", str(n), "--end", str(end)]
        cmd += ["--dtout", str(args.dtout), "--error", str(args.error)]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
        except subprocess.TimeoutExpired:
            print(f"{n:>6} timed out after {args.timeout:.0f} s", flush=True)
            continue
        lines = proc.stdout.strip().splitlines()
        if proc.returncode != 0 or not lines:
            print(f"{n:>6} failed: {proc.stderr.strip()[-300:]}", flush=True)
            continue
        r = json.loads(lines[-1])
        steps = r.get("steps", "-")
        per = f"{r['us_step_body']:13.1f}" if "us_step_body" in r else f"{'-':>13}"
        tip = f"{r['tip_z']:9.5f}" if "tip_z" in r else f"{'-':>9}"
        print(
            f"{n:>6} {r['setup_s']:9.2f} {1e6 * r['setup_s'] / n:14.0f} {steps:>6} {per} {tip}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
