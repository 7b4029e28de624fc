#!/usr/bin/env python3
"""msolve side by side with Exudyn (and MuJoCo for the pendulum and the chains), at equal
accuracy.

Not part of the test command. Run it in an environment of its own, with msolve importable
(the source tree with its built module on PYTHONPATH, or an installed msolve)::

    python3 -m venv /tmp/bench && /tmp/bench/bin/pip install exudyn mujoco numpy scipy
    PYTHONPATH=python /tmp/bench/bin/python benchmarks/vs_exudyn.py
    PYTHONPATH=python /tmp/bench/bin/python benchmarks/vs_exudyn.py --cases pendulum chain16
    PYTHONPATH=python /tmp/bench/bin/python benchmarks/vs_exudyn.py --integrator ABAM
    PYTHONPATH=python /tmp/bench/bin/python benchmarks/vs_exudyn.py --integrator ABAM \
        --coordinates JOINT --cases pendulum chain64 --against mujoco-RK4

Every case is modelled the same way in each code (same masses, inertias, geometry, gravity,
initial state). Its error is the distance of one point (the tip of a pendulum or chain, the
coupler end of the four-bar, the spring's mass) from a reference at the end time:

* the spring has a closed form (linear damped oscillator);
* the pendulum is the 1-DOF ODE I phi'' = m g d cos(phi), solved by scipy's DOP853 at
  rtol 1e-13;
* the chains and the four-bar use msolve at error 1e-11 (``--reference-error``), checked
  against the tightest run of the other codes (the disagreement is printed).

For each accuracy target every code runs a ladder of its own settings, from loose to tight
(msolve: ``Integrator(error=)``; Exudyn: the number of generalized-alpha steps, or DOPRI5's
tolerances where the model has no constraints; MuJoCo: the RK4 time step), and keeps the
loosest setting whose error meets the target. The two runs so chosen are then timed in turns
(msolve, other, msolve, other, ...) and the median of the per-round time ratios
msolve/other is reported with its range. A ratio below 1 means msolve is faster.

Timed: the solve only (msolve ``simulate`` including its compile and initial conditions,
Exudyn ``SolveDynamic`` including its initialisation, MuJoCo's stepping through
``mujoco.rollout``), not the Python model building.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import math
import statistics
import sys
import time

import numpy as np

G = 9.81
TARGETS = (1e-3, 1e-4, 1e-6)
MSOLVE_ERRORS = (1e-2, 3e-3, 1e-3, 3e-4, 1e-4, 3e-5, 1e-5, 3e-6, 1e-6, 3e-7, 1e-7, 1e-8, 1e-9)
STEP_COUNTS = tuple(25 * 2**k for k in range(14))  # fixed-step ladders: 25 ... 204800 steps
TOLERANCES = (1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10)
RUNG_BUDGET_S = 300.0  # a ladder stops after a rung slower than this (a runaway guard)
# msolve's Integrator type for the timed runs (--integrator); references stay on DSTIFF
INTEGRATOR = "DSTIFF"
# msolve's coordinates for the timed runs (--coordinates; JOINT: a tree in joint coordinates)
COORDINATES = "BODY"
# the other codes' ladders compared (--against; None: all)
AGAINST = None
# the timer (--clock): wall time, or the CPU time of the calling thread, which a loaded
# machine's other processes change far less (every code timed here runs in that thread)
CLOCK = time.perf_counter

# -- the cases -------------------------------------------------------------------------------


class Case:
    """A model: links (list of (hinge, far end) points, mass) joined by y-axis hinges, or a
    spring. ``bodies`` are dicts with keys a, b (end points), m, inertia (diagonal, about
    the centre of mass, axes global)."""

    def __init__(self, name, end, bodies=(), hinges=(), closing=None, spring=None):
        self.name, self.end = name, end
        self.bodies, self.hinges, self.closing, self.spring = list(bodies), hinges, closing, spring


def _rod(a, b, mass, width):
    """A cuboid bar from a to b (axis-aligned along x) of the given square cross-section."""
    length = abs(b[0] - a[0])
    ixx = mass * (2 * width**2) / 12.0
    iyy = izz = mass * (length**2 + width**2) / 12.0
    return {"a": a, "b": b, "m": mass, "inertia": (ixx, iyy, izz)}


def _bar(a, b, mass):
    """A bar from a to b with an isotropic inertia (m L^2 / 12 about every axis), so that
    no body frame has to be rotated to state it."""
    length = math.dist(a, b)
    j = mass * length**2 / 12.0
    return {"a": a, "b": b, "m": mass, "inertia": (j, j, j)}


def pendulum():
    return Case("pendulum", 2.0, [_rod((0, 0, 0), (1.0, 0, 0), 1.0, 0.02)], hinges=[(0, None)])


def chain(n):
    bodies = [_rod((0.1 * k, 0, 0), (0.1 * (k + 1), 0, 0), 0.1, 0.01) for k in range(n)]
    hinges = [(k, k - 1 if k else None) for k in range(n)]  # (body, parent or ground)
    return Case(f"chain{n}", 1.0, bodies, hinges)


def fourbar():
    """Crank A-B, coupler B-C, rocker D-C; A, D on the ground (a Grashof crank-rocker:
    0.206 + 0.5 < 0.461 + 0.3), released from rest with the crank leaning, so it swings."""
    a, b, c, d = (0, 0, 0), (0.05, 0, 0.2), (0.5, 0, 0.3), (0.5, 0, 0)
    bodies = [_bar(a, b, 1.0), _bar(b, c, 1.0), _bar(d, c, 1.0)]
    return Case("fourbar", 2.0, bodies, hinges=[(0, None), (1, 0), (2, None)], closing=(2, 1))


def spring(kind):
    """1 kg on a spring k = 100 N/m, c = 0.5 N s/m, rest length 1 m, released 0.1 m out."""
    return Case(f"spring-{kind}", 10.0, spring={"m": 1.0, "k": 100.0, "c": 0.5, "x0": 1.1})


CASES = {
    "pendulum": pendulum,
    "chain4": lambda: chain(4),
    "chain16": lambda: chain(16),
    "chain64": lambda: chain(64),
    "chain256": lambda: chain(256),
    "chain1024": lambda: chain(1024),
    "fourbar": fourbar,
    "spring-python": lambda: spring("python"),
    "spring-expression": lambda: spring("expression"),
}


def _centre(body):
    return tuple(0.5 * (p + q) for p, q in zip(body["a"], body["b"]))


# -- references ------------------------------------------------------------------------------


def spring_exact(case):
    s = case.spring
    w0 = math.sqrt(s["k"] / s["m"])
    zeta = s["c"] / (2 * math.sqrt(s["k"] * s["m"]))
    wd = w0 * math.sqrt(1 - zeta**2)
    x0, t = s["x0"] - 1.0, case.end
    x = math.exp(-zeta * w0 * t) * x0 * (math.cos(wd * t) + zeta * w0 / wd * math.sin(wd * t))
    return np.array([1.0 + x, 0.0, 0.0])


def pendulum_exact(case):
    from scipy.integrate import solve_ivp

    body = case.bodies[0]
    length, m = body["b"][0], body["m"]
    hinge_inertia = body["inertia"][1] + m * (0.5 * length) ** 2
    k = m * G * 0.5 * length / hinge_inertia
    sol = solve_ivp(
        lambda t, y: [y[1], k * math.cos(y[0])],
        (0, case.end),
        [0.0, 0.0],
        "DOP853",
        rtol=1e-13,
        atol=1e-14,
    )
    phi = sol.y[0, -1]
    return np.array([length * math.cos(phi), 0.0, -length * math.sin(phi)])


# -- msolve ----------------------------------------------------------------------------------


def msolve_build(case, error, integrator=None):
    import msolve as ms

    model = ms.Model()
    coordinates = COORDINATES if integrator is None else "BODY"
    ms.Integrator(type=integrator or INTEGRATOR, error=error, coordinates=coordinates)
    ground = ms.Part(ground=True)
    if case.spring:
        s = case.spring
        anchor = ms.Marker(part=ground, zp=[1, 0, 0])
        block = ms.Part(mass=s["m"], ip=[1, 1, 1], cm=ms.Marker(qp=[s["x0"], 0, 0]))
        ms.Joint(
            type="TRANSLATIONAL",
            i=ms.Marker(part=block, qp=[s["x0"], 0, 0], zp=[s["x0"] + 1, 0, 0]),
            j=ms.Marker(part=ground, qp=[s["x0"], 0, 0], zp=[s["x0"] + 1, 0, 0]),
        )
        i, j = block.cm, anchor
        if case.name.endswith("python"):
            k, c = s["k"], s["c"]

            def force(id, time, par, npar, dflag, iflag):
                return -k * (ms.DM(i, j) - 1.0) - c * ms.VR(i, j)

            ms.Sforce(i=i, j=j, routine=force)
        else:
            ms.Sforce(
                i=i, j=j, function=f"-{s['k']}*(DM({i.id},{j.id})-1) - {s['c']}*VR({i.id},{j.id})"
            )
        return model, i
    ms.Accgrav(kgrav=-G)
    parts = []
    for body in case.bodies:
        parts.append(
            ms.Part(mass=body["m"], ip=list(body["inertia"]), cm=ms.Marker(qp=list(_centre(body))))
        )

    def hinge(part_i, part_j, point):
        zp = [point[0], point[1] + 1, point[2]]
        ms.Joint(
            type="REVOLUTE",
            i=ms.Marker(part=part_i, qp=list(point), zp=zp),
            j=ms.Marker(part=part_j, qp=list(point), zp=zp),
        )

    for body, parent in case.hinges:
        hinge(parts[body], ground if parent is None else parts[parent], case.bodies[body]["a"])
    if case.closing:
        body, other = case.closing
        hinge(parts[body], parts[other], case.bodies[body]["b"])
    tip = ms.Marker(part=parts[-1], qp=list(case.bodies[-1]["b"]))
    return model, tip


def msolve_run(case, error, integrator=None):
    """(position of the observed point at the end, solve seconds)."""
    model, point = msolve_build(case, error, integrator)
    with contextlib.redirect_stdout(io.StringIO()):  # the log lines of the analysis
        start = CLOCK()
        run = model.simulate(type="DYNAMICS", end=case.end, dtout=case.end / 10, returnResults=True)
        seconds = CLOCK() - start
    request = model_request_position(run, point)
    return request, seconds


def model_request_position(run, marker):
    body = run.getObject(marker.part) if hasattr(run, "getObject") else None
    x = np.array([body.getComponent(c)[-1] for c in ("X", "Y", "Z")])
    e = np.array([body.getComponent(c)[-1] for c in ("E0", "E1", "E2", "E3")])
    local = np.asarray(marker.qp, float) - np.asarray(marker.part.cm.qp, float)
    return x + _rotate(e / np.linalg.norm(e), local)


def _rotate(e, v):
    u = e[1:]
    t = 2.0 * np.cross(u, v)
    return v + e[0] * t + np.cross(u, t)


# -- Exudyn ----------------------------------------------------------------------------------


def exudyn_run(case, setting):
    """setting: ("GA", steps) or ("DOPRI5", tolerance)."""
    import exudyn as exu
    from exudyn.utilities import RigidBodyInertia

    sc = exu.SystemContainer()
    mbs = sc.AddSystem()
    ground = mbs.CreateGround()
    if case.spring:
        s = case.spring
        mass = mbs.CreateMassPoint(mass=s["m"], referencePosition=[s["x0"], 0, 0], returnDict=True)
        options = {"stiffness": s["k"], "damping": s["c"], "referenceLength": 1.0}
        if case.name.endswith("python"):

            def force(mbs, t, item, deltaL, deltaL_t, stiffness, damping, f0):
                return stiffness * deltaL + damping * deltaL_t

            options["springForceUserFunction"] = force
        mbs.CreateSpringDamper(itemNumbers=[ground, mass["bodyNumber"]], **options)
        observe, local = mass["bodyNumber"], [0, 0, 0]
    else:
        bodies = []
        for body in case.bodies:
            ixx, iyy, izz = body["inertia"]
            inertia = RigidBodyInertia(mass=body["m"], inertiaTensor=np.diag([ixx, iyy, izz]))
            bodies.append(
                mbs.CreateRigidBody(
                    inertia=inertia, referencePosition=list(_centre(body)), gravity=[0, 0, -G]
                )
            )
        for body, parent in case.hinges:
            other = ground if parent is None else bodies[parent]
            mbs.CreateRevoluteJoint(
                itemNumbers=[other, bodies[body]],
                position=list(case.bodies[body]["a"]),
                axis=[0, 1, 0],
            )
        if case.closing:
            body, other = case.closing
            # the loop closes in the plane: only the two in-plane translations are constrained
            mbs.CreateGenericJoint(
                itemNumbers=[bodies[other], bodies[body]],
                position=list(case.bodies[body]["b"]),
                constrainedAxes=[1, 0, 1, 0, 0, 0],
            )
        observe = bodies[-1]
        local = list(np.subtract(case.bodies[-1]["b"], _centre(case.bodies[-1])))
    mbs.Assemble()
    settings = exu.SimulationSettings()
    settings.timeIntegration.endTime = case.end
    settings.timeIntegration.verboseMode = 0
    settings.solution.file.write = False
    settings.show.computationTime = False
    settings.show.statistics = False
    if len(case.bodies) >= 16:  # Exudyn's default dense solver is far slower there
        settings.linearSolver.solverType = exu.LinearSolverType.EigenSparse
    kind, value = setting
    if kind == "GA":
        settings.timeIntegration.numberOfSteps = int(value)
        solver = exu.DynamicSolverType.GeneralizedAlpha
    else:
        settings.timeIntegration.numberOfSteps = 100
        settings.timeIntegration.automaticStepSize = True
        settings.timeIntegration.absoluteTolerance = value
        settings.timeIntegration.relativeTolerance = value
        solver = exu.DynamicSolverType.DOPRI5
    start = CLOCK()
    mbs.SolveDynamic(settings, solverType=solver)
    seconds = CLOCK() - start
    position = mbs.GetObjectOutputBody(
        observe,
        exu.OutputVariableType.Position,
        localPosition=local,
        configuration=exu.ConfigurationType.Current,
    )
    return np.asarray(position, float), seconds


# -- MuJoCo ----------------------------------------------------------------------------------


def mujoco_xml(case, step):
    def body_xml(k):
        body = case.bodies[k]
        a, centre = body["a"], _centre(body)
        ixx, iyy, izz = body["inertia"]
        rel = np.subtract(centre, a)
        inner = body_xml(k + 1) if k + 1 < len(case.bodies) else ""
        tip = ""
        if k + 1 == len(case.bodies):
            tip = '<site name="tip" pos="{} {} {}"/>'.format(*np.subtract(body["b"], a))
        nxt = ""
        if inner:
            nxt = inner.replace(
                "__POS__", " ".join(map(str, np.subtract(case.bodies[k + 1]["a"], a)))
            )
        return (
            f'<body pos="__POS__"><joint type="hinge" axis="0 1 0"/>'
            f'<inertial pos="{rel[0]} {rel[1]} {rel[2]}" mass="{body["m"]}" '
            f'diaginertia="{ixx} {iyy} {izz}"/>{tip}{nxt}</body>'
        )

    tree = body_xml(0).replace("__POS__", " ".join(map(str, case.bodies[0]["a"])), 1)
    return (
        f'<mujoco><option timestep="{step}" integrator="RK4" gravity="0 0 {-G}">'
        f'<flag contact="disable"/></option><worldbody>{tree}</worldbody></mujoco>'
    )


def mujoco_run(case, steps):
    import mujoco
    from mujoco import rollout

    model = mujoco.MjModel.from_xml_string(mujoco_xml(case, case.end / steps))
    data = mujoco.MjData(model)
    size = mujoco.mj_stateSize(model, mujoco.mjtState.mjSTATE_FULLPHYSICS)
    initial = np.zeros((1, size))
    mujoco.mj_getState(model, data, initial[0], mujoco.mjtState.mjSTATE_FULLPHYSICS)
    start = CLOCK()
    state, _ = rollout.rollout(model, data, initial, nstep=steps)
    seconds = CLOCK() - start
    mujoco.mj_setState(model, data, state[0, -1], mujoco.mjtState.mjSTATE_FULLPHYSICS)
    mujoco.mj_kinematics(model, data)
    return np.array(data.site("tip").xpos), seconds


# -- the comparison --------------------------------------------------------------------------


def others(case):
    """The other codes' ladders for this case: (label, runner, settings)."""
    if case.spring:
        tolerances = [("DOPRI5", tol) for tol in TOLERANCES]
        return [
            ("exudyn-GA", exudyn_run, [("GA", n) for n in STEP_COUNTS]),
            ("exudyn-DOPRI5", exudyn_run, tolerances),
        ]
    ladders = [("exudyn-GA", exudyn_run, [("GA", n) for n in STEP_COUNTS])]
    if case.closing is None:
        ladders.append(("mujoco-RK4", mujoco_run, list(STEP_COUNTS)))
    return [ladder for ladder in ladders if AGAINST is None or ladder[0] in AGAINST]


def ladder_errors(runner, case, settings, reference, stop_at):
    """Errors of the rungs, loose to tight, up to the first that meets stop_at."""
    found = []
    for setting in settings:
        try:
            position, seconds = runner(case, setting)
            err = float(np.linalg.norm(position - reference))
        except Exception as exc:  # a failed rung (divergence, solver error) is a miss
            err, seconds = math.inf, 0.0
            print(f"    {setting}: failed ({type(exc).__name__}: {str(exc)[:80]})", file=sys.stderr)
        found.append((setting, err, seconds))
        if err <= stop_at or seconds > RUNG_BUDGET_S:
            break
    return found


def loosest(found, target):
    for setting, err, _ in found:
        if err <= target:
            return setting, err
    return None, None


def timed_ratio(case, ms_setting, runner, other_setting, rounds):
    ratios, ms_times, other_times = [], [], []
    msolve_run(case, ms_setting)  # warm-up: first-call costs (imports, caches) are not timed
    runner(case, other_setting)
    for _ in range(rounds):
        _, t_ms = msolve_run(case, ms_setting)
        _, t_other = runner(case, other_setting)
        ms_times.append(t_ms)
        other_times.append(t_other)
        ratios.append(t_ms / t_other)
    return (
        statistics.median(ratios),
        min(ratios),
        max(ratios),
        statistics.median(ms_times),
        statistics.median(other_times),
    )


def reference_for(case, reference_error):
    if case.spring:
        return spring_exact(case), "closed form"
    if case.name == "pendulum":
        return pendulum_exact(case), "DOP853 rtol 1e-13"
    position, _ = msolve_run(case, reference_error, "DSTIFF")
    return position, f"msolve DSTIFF error={reference_error:g}"


def compare(name, rounds, reference_error):
    case = CASES[name]()
    reference, source = reference_for(case, reference_error)
    print(f"\n## {name} (end {case.end} s; reference: {source})")
    tightest = min(TARGETS)
    ms_found = ladder_errors(msolve_run, case, [e for e in MSOLVE_ERRORS], reference, tightest)
    rows = []
    for label, runner, settings in others(case):
        other_found = ladder_errors(runner, case, settings, reference, tightest)
        if not case.spring and case.name != "pendulum":
            setting, err, _ = other_found[-1]
            print(f"  {label} tightest rung {setting} differs from the reference by {err:.2e} m")
        for target in TARGETS:
            ms_setting, ms_err = loosest(ms_found, target)
            other_setting, other_err = loosest(other_found, target)
            if ms_setting is None or other_setting is None:
                rows.append((label, target, ms_setting, ms_err, other_setting, other_err, None))
                continue
            timing = timed_ratio(case, ms_setting, runner, other_setting, rounds)
            rows.append((label, target, ms_setting, ms_err, other_setting, other_err, timing))
    header = (
        "against",
        "target m",
        "msolve error=",
        "its error",
        "other setting",
        "its error",
        "msolve s",
        "other s",
        "ratio median [range]",
    )
    print("| " + " | ".join(header) + " |")
    print("|---" + "|--:" * (len(header) - 1) + "|")
    for label, target, ms_setting, ms_err, other_setting, other_err, timing in rows:
        cells = [label, f"{target:g}", f"{ms_setting}", f"{ms_err}", f"{other_setting}"]
        if timing is None:
            cells += [f"{other_err}", "", "", "not reached"]
        else:
            median, low, high, t_ms, t_other = timing
            cells[3] = f"{ms_err:.1e}"
            cells += [f"{other_err:.1e}", f"{t_ms:.4f}", f"{t_other:.4f}"]
            cells.append(f"{median:.2f} [{low:.2f}, {high:.2f}]")
        print("| " + " | ".join(cells) + " |")
    sys.stdout.flush()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--cases",
        nargs="+",
        default=[
            "pendulum",
            "chain4",
            "chain16",
            "chain64",
            "fourbar",
            "spring-python",
            "spring-expression",
        ],
        choices=sorted(CASES),
    )
    parser.add_argument("--rounds", type=int, default=5, help="interleaved timing rounds per pair")
    parser.add_argument("--reference-error", type=float, default=1e-11)
    # the options of one value among a few: (option, default, choices, meaning)
    for flag, default, choices, meaning in (
        (
            "--integrator",
            "DSTIFF",
            ["GSTIFF", "DSTIFF", "HSTIFF", "MSTIFF", "VSTIFF", "ABAM"],
            "msolve's Integrator type (ABAM, MSTIFF, VSTIFF: the ODE form on CVODE)",
        ),
        (
            "--coordinates",
            "BODY",
            ["BODY", "JOINT", "AUTO"],
            "msolve's Integrator coordinates (JOINT: joint coordinates, loops closed on them; "
            "AUTO: JOINT for ABAM, MSTIFF, VSTIFF)",
        ),
        (
            "--clock",
            "wall",
            ["wall", "cpu"],
            "time the runs by the wall clock or by the CPU time of this thread",
        ),
    ):
        parser.add_argument(flag, default=default, choices=choices, help=meaning)
    parser.add_argument(
        "--against",
        nargs="+",
        choices=["exudyn-GA", "exudyn-DOPRI5", "mujoco-RK4"],
        help="only these of the other codes (default: every one that models the case)",
    )
    args = parser.parse_args()
    global INTEGRATOR, COORDINATES, AGAINST, CLOCK
    CLOCK = time.thread_time if args.clock == "cpu" else time.perf_counter
    INTEGRATOR = args.integrator
    COORDINATES = args.coordinates
    AGAINST = args.against
    for name in args.cases:
        compare(name, args.rounds, args.reference_error)


if __name__ == "__main__":
    main()
