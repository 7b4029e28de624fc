"""Published near-singular and stiff benchmarks (issue 16; IFToMM benchmark library).

Bricard's mechanism (IFToMM/MBS benchmark A04): five rods (1 kg, 1 m, 0.1 m square section)
and the ground closed by six revolute joints along the skew hexagon of a unit cube, each
joint axis normal to its two rods. Grubler's count gives no freedom (5 x 6 coordinates, 6 x 5
equations), the geometry one: one joint equation is redundant at every configuration, and
which one may be dropped changes along the motion (docs/equations.md §5.5). Released at rest
under gravity (-y), it swings through 10 s; no force but gravity does work, so the total
energy is constant.

Flyball governor: a spindle on a revolute about the vertical, two flyball arms (1 kg balls
at 0.3 m) pinned at its top, two links (0.3 m) from the balls to a sleeve sliding on the
spindle (a translational joint), the sleeve held by a very stiff spring (1e6 N/m, damped).
The arm-link-sleeve loops are planar loops in space (redundant equations turning with the
spindle). Spun up to a steady speed, the governor settles where the work of gravity, the
spring and the centrifugal forces balances (d/dtheta of V - w^2 I(theta)/2 = 0 in the
rotating frame; without links and spring this is m g tan(theta) = m w^2 r): the spring's
force is then the closed form of the arm angle.
"""

import math

import numpy as np
import pytest

from msolve import *

G = 9.81

# -- Bricard's mechanism ---------------------------------------------------------------------

# the joints at the corners of the cube's skew hexagon, each axis normal to its two rods
CORNERS = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1), (0, 1, 1), (0, 0, 1)]
AXES = [(0, 1, 0), (0, 0, 1), (1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 0, 0)]


def bricard(error):
    model = Model()
    Accgrav(jgrav=-G)
    if error is not None:
        Integrator(error=error)
    ground = Part(ground=True)
    side, length = 0.1, 1.0
    transverse, axial = (length**2 + side**2) / 12, 2 * side**2 / 12
    rods = []
    for k in range(5):
        start, end = np.array(CORNERS[k], float), np.array(CORNERS[k + 1], float)
        along = np.abs(end - start) > 0.5
        rods.append(
            Part(
                mass=1.0,
                ip=[axial if a else transverse for a in along],
                cm=Marker(qp=list((start + end) / 2)),
            )
        )
    # joint k at corner k joins the link before it and the one after it (ground before the
    # first rod and after the last)
    links = [ground, *rods, ground]
    for k in range(6):
        at = [float(c) for c in CORNERS[k]]
        axis = [a + b for a, b in zip(at, AXES[k])]
        after, before = (links[k + 1], links[k]) if k < 5 else (rods[4], ground)
        Joint(
            type="REVOLUTE",
            i=Marker(part=after, qp=at, zp=axis),
            j=Marker(part=before, qp=at, zp=axis),
        )
    model.p3 = Request(
        type="DISPLACEMENT", i=Marker(part=rods[2], qp=[1.0, 1.0, 1.0]), j=Marker(part=ground)
    )
    return model


def run_bricard(error):
    model = bricard(error)
    run = model.simulate(end=10.0, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    assert run.times[-1] == pytest.approx(10.0)
    tip = run.getObject(model.p3)
    return run, np.array([tip.getComponent(k) for k in "XYZ"]).T


def test_bricard_mechanism_conserves_energy_and_stays_closed_at_default_and_tight_errors():
    # the reference: the same mechanism at error 1e-10 (energy constant to 3e-7 J there)
    reference_run, reference = run_bricard(1e-10)
    total = np.asarray(reference_run.energy.getComponent("TOTAL"))
    assert np.abs(total - total[0]).max() < 1e-6
    kinetic = np.asarray(reference_run.energy.getComponent("KINETIC"))
    # it moves: a 1-freedom swing through tens of joules
    assert kinetic.max() > 50.0
    assert np.ptp(reference[:, 1]) > 2.0
    for error, energy_bound, motion_bound in ((None, 6e-2, 0.25), (1e-9, 1e-5, 1e-5)):
        run, p3 = run_bricard(error)
        # the redundancy reported: set aside at the start, the active equations exchanged
        # where the ones kept became dependent
        assert any("redundant constraint equation set aside: Joint" in m for m in run.messages)
        exchanges = [m for m in run.messages if "exchanged" in m]
        assert exchanges
        assert all("set aside Joint" in m and "taken back Joint" in m for m in exchanges)
        # no force but gravity works: the energy stays (to 1e-3 of the kinetic energy at the
        # default bound 1e-3), the loop stays closed, P3 follows the reference
        total = np.asarray(run.energy.getComponent("TOTAL"))
        assert np.abs(total - total[0]).max() < energy_bound
        assert run.constraintErrors[:, 0].max() < 1e-9
        assert run.constraintErrors[:, 1].max() < 1e-8
        assert np.linalg.norm(p3 - reference, axis=1).max() < motion_bound


# -- flyball governor -----------------------------------------------------------------------

HEIGHT, ARM, LINK = 0.8, 0.3, 0.3  # pivot height on the spindle, arm and link lengths (m)
BALL, LINK_MASS, SLEEVE = 1.0, 0.1, 0.5  # kg
THETA0, OMEGA, STIFFNESS = math.radians(30.0), 10.0, 1e6


def governor_geometry(theta):
    """(ball x, ball y, sleeve y) at arm angle theta from the downward vertical."""
    x, y = ARM * math.sin(theta), HEIGHT - ARM * math.cos(theta)
    return x, y, y - math.sqrt(LINK**2 - x**2)


def spring_force_closed_form(theta, omega):
    """k (y_sleeve - free length) at rest in the frame spinning at omega: the virtual work of
    gravity and of the centrifugal forces (potential -w^2 I(theta) / 2, I the inertia about
    the spindle of the balls and links, theirs isotropic) balances the spring's."""

    def parts(th):
        x, y, ys = governor_geometry(th)
        gravity = G * (2 * BALL * y + LINK_MASS * (y + ys) + SLEEVE * ys)
        return gravity, 2 * BALL * x**2 + 2 * LINK_MASS * (x / 2) ** 2, ys

    d = 1e-6
    hi, lo = parts(theta + d), parts(theta - d)
    dgravity, dinertia, dsleeve = ((a - b) / (2 * d) for a, b in zip(hi, lo))
    return -(dgravity - 0.5 * omega**2 * dinertia) / dsleeve


def governor(error):
    model = Model()
    Accgrav(jgrav=-G)
    if error is not None:
        Integrator(error=error)
    ground = Part(ground=True)
    spindle = Part(mass=2.0, ip=[0.02, 0.01, 0.02], cm=Marker(qp=[0, HEIGHT / 2, 0]))
    up = dict(qp=[0, 0, 0], zp=[0, 1, 0])
    spin = Joint(type="REVOLUTE", i=Marker(part=spindle, **up), j=Marker(part=ground, **up))
    # spun up smoothly to OMEGA in 0.5 s, then held there
    Motion(joint=spin, jtype="ROTATION", dtype="VELOCITY", function=f"{OMEGA}*STEP(TIME,0,0,0.5,1)")
    x, y, ys = governor_geometry(THETA0)
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
        if side == 1:
            model.ball = ball
    model.sleeve = sleeve
    return model


@pytest.mark.parametrize(
    ("error", "force_bound", "balance_bound"), [(None, 2e-2, 0.1), (1e-8, 1e-4, 1e-4)]
)
def test_flyball_governor_settles_at_the_closed_form_of_its_spin(error, force_bound, balance_bound):
    # at the default bound the spring's deflection (1e-5 m) is far below the error bound
    # (1e-3 m): its force within 2 % of the closed form, the energy balance within a tenth
    # of the work of the drive; at 1e-8 both to 1e-4
    model = governor(error)
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    assert run.ok, run.error
    assert run.constraintErrors[:, 0].max() < 1e-9
    late = np.asarray(run.times) >= 1.5
    ball = run.getObject(model.ball)
    bx, by, bz = (np.asarray(ball.getComponent(k))[late] for k in "XYZ")
    theta = np.arctan2(np.hypot(bx, bz), HEIGHT - by)
    # the stiff spring keeps the arms within a milliradian of their start
    assert np.abs(theta - THETA0).max() < 1e-3
    free_length = governor_geometry(THETA0)[2]
    sleeve_y = np.asarray(run.getObject(model.sleeve).getComponent("Y"))[late]
    measured = STIFFNESS * (sleeve_y - free_length)
    expected = np.array([spring_force_closed_form(t, OMEGA) for t in theta])
    # (gravity alone would compress the spring: the spin must turn it into tension)
    assert expected.min() > 5.0
    assert np.abs(measured - expected).max() < force_bound * np.abs(expected).max()
    energy = run.energy
    balance = np.asarray(energy.getComponent("BALANCE"))
    work = np.asarray(energy.getComponent("WORK"))
    bound = balance_bound * (np.abs(work).max() if error is None else 1.0)
    assert np.abs(balance - balance[0]).max() < bound
