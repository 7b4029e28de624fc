"""simulate(type="ASSEMBLY"): the initial-conditions analysis alone, one output at the current
time (docs/equations.md §5)."""

import numpy as np

from msolve import *


def test_assembly_meets_the_joints_without_advancing_time_and_dynamics_goes_on_from_it():
    # a pendulum whose hinge markers are 5 cm apart in the modelled position: the assembly
    # closes the gap (moving the bob), the time stays at 0, and a dynamic run continues
    model = Model()
    Accgrav(kgrav=-9.81)
    ground = Part(ground=True)
    pivot = Marker(part=ground, qp=[0, 0, 0], zp=[0, -1, 0])
    bob = Part(mass=1.0, ip=[0.01, 0.01, 0.01], cm=Marker(qp=[0.5, 0, 0]))
    hinge = Marker(part=bob, qp=[0.05, 0, 0], zp=[0.05, -1, 0])
    Joint(type="REVOLUTE", i=hinge, j=pivot)
    model.gap = Request(type="DISPLACEMENT", i=hinge, j=pivot)
    run = model.simulate(type="ASSEMBLY", returnResults=True)
    np.testing.assert_array_equal(run.times, [0.0])
    assert run.getObject(model.gap).getComponent("MAG")[0] < 1e-10
    assert any("assembly moved parts" in line for line in run.messages)
    after = model.simulate(end=0.2, dtout=0.1, returnResults=True)
    assert after.times[-1] == 0.2
    assert np.all(after.getObject(model.gap).getComponent("MAG") < 1e-8)
