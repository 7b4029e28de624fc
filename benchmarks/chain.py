#!/usr/bin/env python3
"""Scaling benchmark: an N-link pendulum chain of REVOLUTE joints falling under gravity.

Link k (k = 0 .. N-1) is a slender rod of length L lying on the global x axis from x = k L
to x = (k + 1) L; it is hinged to link k - 1 (link 0 to the ground) at x = k L by a REVOLUTE
joint whose axis is the global y axis. The chain is released from rest, horizontal, and falls
under gravity (-z) for ``--end`` seconds with ``Integrator(error=1e-6)`` and output every
``--dtout`` seconds (the solver caps its step at dtout).

Every size runs in a fresh subprocess so that its peak resident memory (``ru_maxrss``, which
includes the C++ core) is its own. Per size the script prints

* build: building the Python model (Parts, Markers, Joints),
* setup: the first ``simulate`` up to time 0 -- compiling the system, the initial-conditions
  analysis (redundancy check, assembly, velocities, accelerations) and creating IDA,
* integ: the ``simulate`` from 0 to ``--end`` -- IDA steps plus the output samples,
* steps, residual and Jacobian evaluations per step (from ``run.stats``),
* us/step/body: integration time / steps / N in microseconds; for a solver whose cost per
  step grows linearly with N this figure stays about constant,
* RSS: peak resident memory of the subprocess, and its growth over the RSS after import,
* tip z at the end (the chain must fall: z < 0) and the largest gap between the ends of
  neighbouring links over all outputs (the joints must hold).

Usage::

    python3 benchmarks/chain.py                      # N = 1 4 16 64 256, 1 s
    python3 benchmarks/chain.py --sizes 1 4 16 --end 0.2
    python3 benchmarks/chain.py --json results.json  # also write the figures as JSON

The single-size worker (``--worker N``) prints one JSON line; it is what the driver runs.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import subprocess
import sys
import time

DEFAULT_SIZES = [1, 4, 16, 64, 256]


# -- one size, in this process -------------------------------------------------------------


def _rss_mb():
    # Linux reports ru_maxrss in kilobytes
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def _current_rss_mb():
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except OSError:
        return float("nan")


def build_chain(n, length, mass, radius, error):
    """The chain model; returns (model, parts, tip request)."""
    from msolve import Accgrav, Integrator, Joint, Marker, Model, Part, Request, Units

    model = Model()
    Units(mass="KILOGRAM", length="METER", time="SECOND", force="NEWTON")
    Accgrav(kgrav=-9.81)
    Integrator(error=error)
    ground = Part(ground=True)
    # slender rod along its x axis: about the mass centre
    ixx = 0.5 * mass * radius**2
    iyy = izz = mass * (length**2 / 12.0 + radius**2 / 4.0)
    parts = []
    previous = ground
    for k in range(n):
        x0 = k * length
        # the part frame is the global frame, so markers are given in global coordinates
        link = Part(mass=mass, ip=[ixx, iyy, izz], cm=Marker(qp=[x0 + 0.5 * length, 0, 0]))
        hinge_i = Marker(part=link, qp=[x0, 0, 0], zp=[x0, 1, 0])
        hinge_j = Marker(part=previous, qp=[x0, 0, 0], zp=[x0, 1, 0])
        Joint(type="REVOLUTE", i=hinge_i, j=hinge_j)
        parts.append(link)
        previous = link
    tip = Marker(part=previous, qp=[n * length, 0, 0])
    request = Request(type="DISPLACEMENT", i=tip, comment="tip of the chain")
    return model, parts, request


def _rotate(e, v):
    """Rotate the 3-vectors v (m x 3) by the unit quaternions e (m x 4, scalar first)."""
    import numpy as np

    e0, e1, e2, e3 = e[:, 0:1], e[:, 1:2], e[:, 2:3], e[:, 3:4]
    u = np.hstack([e1, e2, e3])
    t = 2.0 * np.cross(u, v)
    return v + e0 * t + np.cross(u, t)


def pendulum_half_period(length, radius, g=9.81):
    """Half period of one link swinging from the horizontal (physical pendulum, 90 degrees)."""
    inertia = length**2 / 3.0 + radius**2 / 4.0  # about the hinge, per unit mass
    d = 0.5 * length
    a, b = 1.0, math.sqrt(0.5)  # complete elliptic integral K(sin 45 deg) by the AGM
    for _ in range(30):
        a, b = 0.5 * (a + b), math.sqrt(a * b)
    k = math.pi / (2.0 * a)
    return 2.0 * math.sqrt(inertia / (g * d)) * k


def _first_peak_time(times, z):
    """Time of the first local maximum of z after t = 0 (parabolic fit through 3 outputs)."""
    for i in range(1, len(z) - 1):
        if z[i] >= z[i - 1] and z[i] >= z[i + 1]:
            h = times[i + 1] - times[i]
            den = z[i - 1] - 2 * z[i] + z[i + 1]
            return float(times[i] + (0.5 * h * (z[i - 1] - z[i + 1]) / den if den else 0.0))
    return None


def physics_checks(run, parts, request, length, radius):
    """Tip z at the end and the largest gap at the hinges over all outputs; for one link,
    the half period against the analytic one."""
    import numpy as np

    tip_z = run.getObject(request).getComponent("Z")
    half = np.array([[0.5 * length, 0.0, 0.0]])
    gap = 0.0
    previous_far = None  # far end of the previous link, per output
    for part in parts:
        body = run.getObject(part)
        cm = np.column_stack([body.getComponent(c) for c in ("X", "Y", "Z")])
        e = np.column_stack([body.getComponent(c) for c in ("E0", "E1", "E2", "E3")])
        e /= np.linalg.norm(e, axis=1, keepdims=True)
        axis = _rotate(e, np.repeat(half, len(cm), axis=0))
        near, far = cm - axis, cm + axis
        reference = np.zeros_like(near) if previous_far is None else previous_far
        gap = max(gap, float(np.max(np.linalg.norm(near - reference, axis=1))))
        previous_far = far
    tip_far_gap = float(np.max(np.abs(previous_far[:, 2] - tip_z)))
    half_period = None
    if len(parts) == 1:
        half_period = _first_peak_time(run.times, tip_z)
    errors = getattr(run, "constraintErrors", None)  # newer msolve: per-output residuals
    constraint_max = None
    if errors is not None and np.size(errors):
        constraint_max = [float(v) for v in np.max(np.asarray(errors), axis=0)]
    return {
        "constraint_max": constraint_max,
        "half_period": half_period,
        "half_period_exact": pendulum_half_period(length, radius)
        if len(parts) == 1
        else None,  # [position, velocity] or None
        "tip_z_end": float(tip_z[-1]),
        "tip_z_min": float(np.min(tip_z)),
        "hinge_gap_max": gap,
        "tip_check": tip_far_gap,  # request vs. body results, should be ~0
        "finite": bool(np.all(np.isfinite(tip_z))),
    }


def run_one(n, end, dtout, error, length, mass, radius, split):
    import msolve

    rss_import = _current_rss_mb()
    t0 = time.perf_counter()
    model, parts, request = build_chain(n, length, mass, radius, error)
    t1 = time.perf_counter()
    out = {"n": n, "end": end, "dtout": dtout, "error": error, "ok": True, "message": ""}
    try:
        if split:
            # simulate to t = 0: compile, initial conditions, IDA setup, no steps
            model.simulate(type="DYNAMICS", end=0.0, dtout=dtout)
            out["rss_setup_mb"] = _rss_mb()
        t2 = time.perf_counter()
        run = model.simulate(type="DYNAMICS", end=end, dtout=dtout, returnResults=True)
        t3 = time.perf_counter()
    except msolve.MsolveError as exc:
        t3 = time.perf_counter()
        out.update(ok=False, message=str(exc))
        run = exc.results
        t2 = t2 if "t2" in locals() else t1
    out.update(
        build_s=t1 - t0,
        setup_s=(t2 - t1) if split else float("nan"),
        integ_s=t3 - t2,
        total_s=t3 - t0,
        rss_import_mb=rss_import,
        rss_peak_mb=_rss_mb(),
    )
    if run is not None:
        out["stats"] = dict(run.stats)
        out["outputs"] = len(run.times)
        if len(run.times) > 1:
            out.update(physics_checks(run, parts, request, length, radius))
    return out


# -- driver ---------------------------------------------------------------------------------


def _fmt(value, spec):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    return format(value, spec)


def derived(r):
    s = r.get("stats") or {}
    steps = s.get("steps", 0)
    d = {"steps": steps}
    if steps:
        d["us_step_body"] = r["integ_s"] / steps / r["n"] * 1e6
        d["res_per_step"] = s["residual_evals"] / steps
        d["jac_per_step"] = s["jacobian_evals"] / steps
    return d


HEADER = (
    f"{'N':>5} {'build s':>8} {'setup s':>8} {'integ s':>8} {'total s':>8} {'steps':>6} "
    f"{'res/st':>6} {'jac/st':>6} {'us/step/body':>12} {'RSS MB':>7} {'dRSS MB':>7} "
    f"{'tip z':>8} {'max gap':>8}"
)


def row(r):
    d = derived(r)
    if r.get("timeout"):
        return f"{r['n']:>5}  timed out after {r['timeout']:.0f} s"
    text = (
        f"{r['n']:>5} {_fmt(r['build_s'], '8.3f')} {_fmt(r['setup_s'], '8.3f')} "
        f"{_fmt(r['integ_s'], '8.3f')} {_fmt(r['total_s'], '8.3f')} {d['steps']:>6} "
        f"{_fmt(d.get('res_per_step'), '6.2f')} {_fmt(d.get('jac_per_step'), '6.3f')} "
        f"{_fmt(d.get('us_step_body'), '12.1f')} {_fmt(r['rss_peak_mb'], '7.1f')} "
        f"{_fmt(r['rss_peak_mb'] - r['rss_import_mb'], '7.1f')} "
        f"{_fmt(r.get('tip_z_end'), '8.3f')} {_fmt(r.get('hinge_gap_max'), '8.1e')}"
    )
    return text


def problems(r, end):
    """Physics or solver problems of one run, as text lines."""
    lines = []
    if r.get("timeout"):
        return lines
    if not r["ok"]:
        lines.append(f"N={r['n']}: the run failed: {r['message']}")
    if "tip_z_end" in r:
        if not r["finite"]:
            lines.append(f"N={r['n']}: non-finite tip position")
        elif end >= 0.05 and not r["tip_z_end"] < 0:
            lines.append(f"N={r['n']}: the chain did not fall (tip z = {r['tip_z_end']:.4g})")
        if r["hinge_gap_max"] > 1e-4:
            lines.append(f"N={r['n']}: hinges open by up to {r['hinge_gap_max']:.3g} m")
        if r.get("half_period") is not None:
            hp, exact = r["half_period"], r["half_period_exact"]
            if abs(hp - exact) > 2e-3:
                lines.append(
                    f"N=1: the link swings back after {hp:.4f} s instead of {exact:.4f} s "
                    "(physical pendulum from the horizontal)"
                )
        if r.get("constraint_max") and r["constraint_max"][0] > 1e-6:
            lines.append(
                f"N={r['n']}: position constraints violated by up to {r['constraint_max'][0]:.3g}"
            )
        if r["tip_check"] > 1e-6:
            lines.append(
                f"N={r['n']}: tip request and body results disagree by {r['tip_check']:.3g} m"
            )
    return lines


def _source_state():
    """Commit of the source tree this script sits in (and whether it has local changes)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        head = subprocess.run(
            ["git", "-C", root, "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", root, "status", "--porcelain", "--", "cpp", "python"],
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    if not head:
        return "unknown"
    return head + (" + local changes in cpp/ or python/" if dirty else "")


def _run_worker(cmd, timeout):
    """One worker run: its result dictionary, with extra output lines under "log"."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"timeout": timeout}
    lines = proc.stdout.strip().splitlines()
    if proc.returncode != 0 or not lines:
        return {"crashed": proc.returncode, "stderr": proc.stderr}
    r = json.loads(lines[-1])
    r["log"] = lines[:-1]
    return r


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--sizes",
        type=int,
        nargs="+",
        default=DEFAULT_SIZES,
        metavar="N",
        help="numbers of links (default: %(default)s)",
    )
    p.add_argument("--end", type=float, default=1.0, help="simulated time, s (default 1)")
    p.add_argument("--dtout", type=float, default=0.01, help="output interval, s (default 0.01)")
    p.add_argument("--error", type=float, default=1e-6, help="Integrator error (default 1e-6)")
    p.add_argument("--length", type=float, default=0.1, help="link length L, m (default 0.1)")
    p.add_argument("--mass", type=float, default=0.1, help="link mass, kg (default 0.1)")
    p.add_argument(
        "--radius", type=float, default=0.005, help="rod radius for the inertia, m (default 0.005)"
    )
    p.add_argument(
        "--no-split",
        dest="split",
        action="store_false",
        help="one simulate call (setup is then included in integ)",
    )
    p.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="runs per size; the fastest integration is reported (default 1)",
    )
    p.add_argument(
        "--timeout", type=float, default=1800.0, help="seconds allowed per size (default 1800)"
    )
    p.add_argument("--json", metavar="FILE", help="also write all figures to FILE as JSON")
    p.add_argument("--worker", type=int, metavar="N", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    params = dict(
        end=args.end,
        dtout=args.dtout,
        error=args.error,
        length=args.length,
        mass=args.mass,
        radius=args.radius,
        split=args.split,
    )

    if args.worker is not None:
        print(json.dumps(run_one(args.worker, **params)), flush=True)
        return 0

    import msolve

    built = time.strftime("%Y-%m-%d %H:%M", time.localtime(os.path.getmtime(msolve._core.__file__)))
    print(
        f"msolve {msolve.__version__} ({os.path.dirname(msolve.__file__)}, built {built}), source "
        f"{_source_state()}, Python {sys.version.split()[0]}, {os.cpu_count()} CPUs"
    )
    print(
        f"chain of N links: L = {args.length} m, m = {args.mass} kg, end = {args.end} s, "
        f"dtout = {args.dtout} s, error = {args.error}"
    )
    print(HEADER, flush=True)
    results = []
    for n in args.sizes:
        cmd = [
            sys.executable,
            os.path.abspath(__file__),
            "--worker",
            str(n),
            "--end",
            repr(args.end),
            "--dtout",
            repr(args.dtout),
            "--error",
            repr(args.error),
            "--length",
            repr(args.length),
            "--mass",
            repr(args.mass),
            "--radius",
            repr(args.radius),
        ]
        if not args.split:
            cmd.append("--no-split")
        runs = [_run_worker(cmd, args.timeout) for _ in range(max(1, args.repeat))]
        good = [r for r in runs if "integ_s" in r]
        r = min(good, key=lambda r: r["integ_s"]) if good else runs[0]
        r["n"] = n
        if r.get("crashed") is not None:
            print(f"{n:>5}  worker failed (exit {r['crashed']}):\n{r['stderr']}", flush=True)
            results.append(r)
            continue
        for line in r.pop("log", []):
            print(f"      [{n}] {line}")
        r.update(derived(r) if not r.get("timeout") else {})
        results.append(r)
        print(row(r), flush=True)

    # scaling summary: cost per step per body relative to the smallest size
    timed = [r for r in results if r.get("us_step_body")]
    if len(timed) >= 2:
        base = timed[0]
        print(
            "\ncost per step per body relative to N =",
            base["n"],
            ":",
            ", ".join(
                f"N={r['n']}: {r['us_step_body'] / base['us_step_body']:.2f}x" for r in timed
            ),
        )
        a, b = timed[-2], timed[-1]
        slope = math.log(b["us_step_body"] * b["n"] / (a["us_step_body"] * a["n"])) / math.log(
            b["n"] / a["n"]
        )
        print(f"cost per step ~ N^{slope:.2f} between N={a['n']} and N={b['n']} (1 = linear)")
    issues = [line for r in results for line in problems(r, args.end)]
    print("\nphysics/solver checks:", "all passed" if not issues else "")
    for line in issues:
        print("  " + line)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return 1 if issues or any(r.get("crashed") is not None for r in results) else 0


if __name__ == "__main__":
    sys.exit(main())
