"""The corrector of the DAE integration (docs/equations.md §6.2, §6.3): at the loosest error
bound its Newton iteration converges without failing on nearly every step (before the
Jacobian reuse policy, nearly every step failed once with a reused iteration matrix and
started again from a new one), and the error achieved falls as the bound tightens."""

import math

import numpy as np
import pytest
from scipy.integrate import solve_ivp

from msolve import *

G = 9.81


def _bar(a, b, mass):
    """A bar from a to b with the isotropic inertia m L^2 / 12."""
    j = mass * math.dist(a, b) ** 2 / 12.0
    return {"a": a, "b": b, "m": mass, "inertia": [j, j, j]}


def _rod(a, b, mass, width):
    """A cuboid bar along x of square cross-section `width`."""
    length = abs(b[0] - a[0])
    iyy = mass * (length**2 + width**2) / 12.0
    return {"a": a, "b": b, "m": mass, "inertia": [mass * width**2 / 6.0, iyy, iyy]}


def pendulum():
    return [_rod((0, 0, 0), (1.0, 0, 0), 1.0, 0.02)], [(0, None)], None


def chain(n):
    bodies = [_rod((0.1 * k, 0, 0), (0.1 * (k + 1), 0, 0), 0.1, 0.01) for k in range(n)]
    return bodies, [(k, k - 1 if k else None) for k in range(n)], None


def fourbar():
    """A crank-rocker (0.206 + 0.5 < 0.461 + 0.3) released from rest, crank leaning."""
    a, b, c, d = (0, 0, 0), (0.05, 0, 0.2), (0.5, 0, 0.3), (0.5, 0, 0)
    bodies = [_bar(a, b, 1.0), _bar(b, c, 1.0), _bar(d, c, 1.0)]
    return bodies, [(0, None), (1, 0), (2, None)], (2, 1)


def simulate(case, error, end):
    """The run and the global position of the last body's far end at `end`: bodies hinged
    about y at their ends `a` to their parents (or the ground), gravity along -z."""
    bodies, hinges, closing = case
    model = Model()
    Integrator(type="DSTIFF", error=error)
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    parts = [
        Part(
            mass=b["m"],
            ip=b["inertia"],
            cm=Marker(qp=[0.5 * (p + q) for p, q in zip(b["a"], b["b"])]),
        )
        for b in bodies
    ]

    def hinge(part_i, part_j, point):
        zp = [point[0], point[1] + 1, point[2]]
        Joint(
            type="REVOLUTE",
            i=Marker(part=part_i, qp=list(point), zp=zp),
            j=Marker(part=part_j, qp=list(point), zp=zp),
        )

    for body, parent in hinges:
        hinge(parts[body], ground if parent is None else parts[parent], bodies[body]["a"])
    if closing:
        body, other = closing
        hinge(parts[body], parts[other], bodies[body]["b"])
    tip = Marker(part=parts[-1], qp=list(bodies[-1]["b"]))
    request = Request(type="DISPLACEMENT", i=tip, j=Marker(part=ground))
    run = model.simulate(type="DYNAMICS", end=end, dtout=end / 10, returnResults=True)
    assert run.ok, run.error
    result = run.getObject(request)
    return run, np.array([result.getComponent(c)[-1] for c in ("X", "Y", "Z")])


@pytest.mark.parametrize("name", ["pendulum", "fourbar", "chain4"])
def test_newton_seldom_fails_at_the_loosest_error_bound(name):
    case = {"pendulum": pendulum, "fourbar": fourbar, "chain4": lambda: chain(4)}[name]()
    run, _tip = simulate(case, 1e-3, 1.0)
    stats = run.stats
    # 0.95 - 1.0 failures per step before the reuse policy (0.03 - 0.09 with it)
    assert stats["nonlinear_fails"] < 0.2 * stats["steps"], stats
    # each step converges within about three residuals (6.7 - 7.3 before)
    assert stats["residual_evals"] < 4.5 * stats["steps"], stats


def pendulum_tip(end):
    """The rod's far end by the equation of the compound pendulum about its hinge."""
    body = pendulum()[0][0]
    inertia = body["inertia"][1] + body["m"] * 0.25
    k = body["m"] * G * 0.5 / inertia
    sol = solve_ivp(
        lambda t, y: [y[1], k * math.cos(y[0])], (0, end), [0.0, 0.0], rtol=1e-13, atol=1e-14
    )
    phi = sol.y[0, -1]
    return np.array([math.cos(phi), 0.0, -math.sin(phi)])


def test_the_error_falls_as_the_bound_tightens():
    # the pendulum against its equation of motion, the four-bar against a run at 1e-11
    cases = [
        (pendulum(), 2.0, pendulum_tip(2.0)),
        (fourbar(), 1.0, simulate(fourbar(), 1e-11, 1.0)[1]),
    ]
    for case, end, exact in cases:
        errors = (1e-3, 1e-4, 1e-6, 1e-8)
        misses = [np.linalg.norm(simulate(case, e, end)[1] - exact) for e in errors]
        assert all(b < a for a, b in zip(misses, misses[1:])), misses
        # and within a few hundred local error bounds (the local errors of some hundred steps)
        assert misses[-1] < 100 * 1e-8, misses
