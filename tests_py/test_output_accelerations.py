"""The accelerations and reactions at outputs (analysis/accelerations.h): the Schur complement
of the block-diagonal mass matrix, its factorisation's analysis reused from output to output,
must satisfy Newton's second law for the whole of a falling chain at every output."""

import numpy as np
import pytest

from msolve import Accgrav, Integrator, Joint, Marker, Model, Part, Request

G = 9.81


def falling_chain(n, length=0.1, mass=0.1, radius=0.005):
    # n rods on the global x axis hinged end to end by REVOLUTE joints about y, link 0 to the
    # ground at the origin, released at rest under gravity -z
    model = Model()
    Accgrav(kgrav=-G)
    Integrator(error=1e-8)
    ground = Part(ground=True)
    ixx = 0.5 * mass * radius**2
    iyy = izz = mass * (length**2 / 12 + radius**2 / 4)
    previous, accelerations = ground, []
    for k in range(n):
        x0 = k * length
        link = Part(mass=mass, ip=[ixx, iyy, izz], cm=Marker(qp=[x0 + 0.5 * length, 0, 0]))
        hinge = Joint(
            type="REVOLUTE",
            i=Marker(part=link, qp=[x0, 0, 0], zp=[x0, 1, 0]),
            j=Marker(part=previous, qp=[x0, 0, 0], zp=[x0, 1, 0]),
        )
        if k == 0:
            pivot = hinge
        accelerations.append(Request(type="ACCELERATION", i=link.cm))
        previous = link
    # the force of the ground on link 0 at the pivot, global x and z
    reaction = Request(f2=f"JOINT({pivot.id}, 0, 2, 0)", f4=f"JOINT({pivot.id}, 0, 4, 0)")
    return model, accelerations, reaction


def test_the_pivot_reaction_balances_the_chain_momentum_rate():
    # sum m a_cm = F_pivot + sum m g: 12 links (132 unknowns of the index-1 solve: more than
    # the dense limit) at 21 outputs, as the chain swings down and the links fold
    n, mass = 12, 0.1
    model, accelerations, reaction = falling_chain(n, mass=mass)
    run = model.simulate(type="DYNAMICS", end=0.2, dtout=0.01, returnResults=True)
    assert len(run.times) == 21
    ax = sum(mass * run.getObject(a).getComponent("ACCX") for a in accelerations)
    az = sum(mass * run.getObject(a).getComponent("ACCZ") for a in accelerations)
    fx = run.getObject(reaction).getComponent("F2")
    fz = run.getObject(reaction).getComponent("F4")
    weight = n * mass * G
    np.testing.assert_allclose(fx, ax, rtol=0, atol=1e-9 * weight)
    np.testing.assert_allclose(fz - weight, az, rtol=0, atol=1e-9 * weight)
    # the chain is moving: the pivot carries less than the weight once it falls
    assert np.all(np.abs(az[1:]) > 1e-3 * weight)


def test_outputs_without_requests_are_those_with_them():
    # the accelerations and reactions are solved at an output only when a request reads
    # them (docs/equations.md §6.4): the parts' states, the energy and the constraint errors
    # are the same without the requests, and the chain's energy is conserved (no friction)
    runs, parts = [], []
    for active in (True, False):
        model, accelerations, reaction = falling_chain(6)
        for request in [*accelerations, reaction]:
            request.active = active
        runs.append(model.simulate(type="DYNAMICS", end=0.2, dtout=0.02, returnResults=True))
        parts = [obj for obj in model.getChildren(Part) if not obj.ground]
    with_requests, without = runs
    with pytest.raises(KeyError):
        without.getObject(reaction)  # an inactive request has no results
    np.testing.assert_array_equal(with_requests.constraintErrors, without.constraintErrors)
    np.testing.assert_array_equal(with_requests.energy.values, without.energy.values)
    for part in parts:
        channel = f"Part{part.id}"
        np.testing.assert_array_equal(
            with_requests.getObject(channel).values, without.getObject(channel).values
        )
    total = without.energy.getComponent("TOTAL")
    kinetic = without.energy.getComponent("KINETIC")
    assert np.abs(total - total[0]).max() < 1e-6 * kinetic.max()
    assert kinetic[-1] > 0.01 * 6 * 0.1 * G * 0.1  # it fell
