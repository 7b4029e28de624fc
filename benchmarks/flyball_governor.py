"""Flyball governor (issue 16): stiff spring, planar loops in space, against its closed form.

A spindle on a revolute about the vertical (y), two arms with 1 kg balls at 0.3 m pinned at
its top (0.8 m), two 0.3 m links (0.1 kg) from the balls to a sleeve (0.5 kg) sliding on the
spindle, the sleeve on a very stiff spring (1e6 N/m, 2e3 N s/m) to the spindle's foot. The
spindle is spun up to 10 rad/s in 0.5 s (a velocity Motion with STEP) and held there, 2 s.
At the steady state the virtual work of gravity, the spring and the centrifugal forces
(potential -w^2 I(theta)/2 in the spinning frame) vanishes: the spring's force is a closed
form of the arm angle theta.
Prints, per error bound: IDA steps, wall time of simulate (best of --repeat), the largest
relative error of the spring force over the last 0.5 s, the drift of the energy balance
(kinetic + gravitational + elastic - work of the drive and the damper) and the changes of
the active joint equations reported.
Run:  python3 benchmarks/flyball_governor.py
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from msolve import Accgrav, Integrator, Joint, Marker, Model, Motion, Part, SpringDamper

G = 9.81
HEIGHT, ARM, LINK = 0.8, 0.3, 0.3
BALL, LINK_MASS, SLEEVE = 1.0, 0.1, 0.5
THETA0, OMEGA, STIFFNESS = math.radians(30.0), 10.0, 1e6


def geometry(theta):
    x, y = ARM * math.sin(theta), HEIGHT - ARM * math.cos(theta)
    return x, y, y - math.sqrt(LINK**2 - x**2)


def spring_force(theta, omega):
    def parts(th):
        x, y, ys = geometry(th)
        gravity = G * (2 * BALL * y + LINK_MASS * (y + ys) + SLEEVE * ys)
        return gravity, 2 * BALL * x**2 + 2 * LINK_MASS * (x / 2) ** 2, ys

    d = 1e-6
    hi, lo = parts(theta + d), parts(theta - d)
    dgravity, dinertia, dsleeve = ((a - b) / (2 * d) for a, b in zip(hi, lo))
    return -(dgravity - 0.5 * omega**2 * dinertia) / dsleeve


def build(error):
    model = Model()
    Accgrav(jgrav=-G)
    if error is not None:
        Integrator(error=error)
    ground = Part(ground=True)
    spindle = Part(mass=2.0, ip=[0.02, 0.01, 0.02], cm=Marker(qp=[0, HEIGHT / 2, 0]))
    up = dict(qp=[0, 0, 0], zp=[0, 1, 0])
    spin = Joint(type="REVOLUTE", i=Marker(part=spindle, **up), j=Marker(part=ground, **up))
    Motion(joint=spin, jtype="ROTATION", dtype="VELOCITY", function=f"{OMEGA}*STEP(TIME,0,0,0.5,1)")
    x, y, ys = geometry(THETA0)
    sleeve = Part(mass=SLEEVE, ip=[0.002, 0.004, 0.002], cm=Marker(qp=[0, ys, 0]))
    slide = dict(qp=[0, ys, 0], zp=[0, ys + 1, 0])
    Joint(type="TRANSLATIONAL", i=Marker(part=sleeve, **slide), j=Marker(part=spindle, **slide))
    SpringDamper(
        i=Marker(part=sleeve, qp=[0, ys, 0]),
        j=Marker(part=spindle, qp=[0, 0, 0]),
        k=STIFFNESS,
        c=2e3,
        length=ys,
    )
    balls = []
    for side in (1, -1):
        ball = Part(mass=BALL, ip=[1e-3] * 3, cm=Marker(qp=[side * x, y, 0]))
        link = Part(mass=LINK_MASS, ip=[1e-4] * 3, cm=Marker(qp=[side * x / 2, (y + ys) / 2, 0]))
        for a, b, at in (
            (ball, spindle, [0, HEIGHT, 0]),
            (link, ball, [side * x, y, 0]),
            (link, sleeve, [0, ys, 0]),
        ):
            hinge = dict(qp=at, zp=[at[0], at[1], 1.0])
            Joint(type="REVOLUTE", i=Marker(part=a, **hinge), j=Marker(part=b, **hinge))
        balls.append(ball)
    return model, balls[0], sleeve


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--end", type=float, default=2.0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(
        f"{'error':>8} {'steps':>6} {'wall s':>8} {'force err':>9} {'balance J':>9} "
        f"{'work J':>8} {'changes':>7}"
    )
    for error in (None, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9):
        best = math.inf
        for _ in range(args.repeat):
            model, ball, sleeve = build(error)
            start = time.perf_counter()
            run = model.simulate(end=args.end, dtout=0.01, returnResults=True)
            best = min(best, time.perf_counter() - start)
        late = np.asarray(run.times) >= args.end - 0.5
        out = run.getObject(ball)
        bx, by, bz = (np.asarray(out.getComponent(k))[late] for k in "XYZ")
        theta = np.arctan2(np.hypot(bx, bz), HEIGHT - by)
        sleeve_y = np.asarray(run.getObject(sleeve).getComponent("Y"))[late]
        measured = STIFFNESS * (sleeve_y - geometry(THETA0)[2])
        expected = np.array([spring_force(t, OMEGA) for t in theta])
        force_err = np.abs(measured - expected).max() / np.abs(expected).max()
        balance = np.asarray(run.energy.getComponent("BALANCE"))
        work = np.asarray(run.energy.getComponent("WORK"))
        changes = sum("exchanged" in m or "rank" in m for m in run.messages)
        label = "default" if error is None else f"{error:g}"
        print(
            f"{label:>8} {len(run.stepTimes):>6} {best:>8.3f} {force_err:>9.2e} "
            f"{np.abs(balance - balance[0]).max():>9.2e} {work[-1]:>8.3f} {changes:>7}"
        )


if __name__ == "__main__":
    main()
