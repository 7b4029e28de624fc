"""Bad models fail with a message that names the entity and what is wrong."""

import numpy as np
import pytest

from msolve import *


def pendulum_parts():
    ground = Part(ground=True, label="ground")
    link = Part(mass=1.0, ip=[0.1, 0.1, 0.1], cm=Marker(qp=[1, 0, 0]), label="link")
    return ground, link


def test_marker_without_part_is_named():
    model = Model()
    ground, _link = pendulum_parts()
    loose = Marker(label="loose")
    Joint(type="SPHERICAL", i=loose, j=Marker(part=ground), label="ball")
    with pytest.raises(ValueError, match=r"Joint 1 'ball'.*Marker \d+ 'loose': has no part"):
        model.simulate(end=0.1)


def test_joint_markers_on_the_same_part_are_named():
    model = Model()
    _ground, link = pendulum_parts()
    Joint(type="REVOLUTE", i=Marker(part=link), j=Marker(part=link), label="pin")
    with pytest.raises(ValueError, match=r"Joint 1 'pin'.*same part \(Part 2 'link'\)"):
        model.simulate(end=0.1)


def test_free_motion_without_inertia_is_named():
    # a part with mass but no inertia on a spherical joint: its rotations have no inertia
    model = Model()
    ground = Part(ground=True)
    bob = Part(mass=1.0, label="bob", cm=Marker(qp=[1, 0, 0]))
    Joint(type="SPHERICAL", i=Marker(part=bob, qp=[1, 0, 0]), j=Marker(part=ground, qp=[1, 0, 0]))
    with pytest.raises(ValueError, match=r"Part 2 'bob'"):
        model.simulate(end=0.1)


def test_massless_free_part_is_named():
    model = Model()
    Part(ground=True)
    Part(label="ghost")
    with pytest.raises(ValueError, match=r"Part 2 'ghost'.*mass 0"):
        model.simulate(end=0.1)


def test_point_mass_whose_rotations_the_joint_takes_is_fine():
    # a point mass on a revolute joint away from its mass centre: no error
    model = Model()
    Accgrav(kgrav=-9.81)
    ground = Part(ground=True)
    bob = Part(mass=1.0, cm=Marker(qp=[1, 0, 0]))
    Joint(type="REVOLUTE", i=Marker(part=bob, zp=[0, 1, 0]), j=Marker(part=ground, zp=[0, 1, 0]))
    model.simulate(end=0.1, dtout=0.05)


def test_model_that_cannot_be_assembled_names_the_joints():
    # a link of length 1 whose two ends are pinned to ground points 3 apart
    model = Model()
    ground = Part(ground=True)
    link = Part(mass=1.0, ip=[0.1, 0.1, 0.1], cm=Marker(qp=[0.5, 0, 0]))
    Joint(type="SPHERICAL", i=Marker(part=link), j=Marker(part=ground), label="left")
    Joint(
        type="SPHERICAL",
        i=Marker(part=link, qp=[1, 0, 0]),
        j=Marker(part=ground, qp=[3, 0, 0]),
        label="right",
    )
    with pytest.raises(ValueError, match=r"(?s)cannot be assembled.*Joint 2 'right'"):
        model.simulate(end=0.1)


def test_assembly_moves_parts_onto_the_joints():
    # a link placed 0.1 off its pivot is pulled onto it before the dynamics starts
    model = Model()
    ground = Part(ground=True)
    link = Part(mass=1.0, ip=[0.1, 0.1, 0.1], qg=[0.1, 0, 0], cm=Marker(qp=[0.5, 0, 0]))
    Joint(type="SPHERICAL", i=Marker(part=link), j=Marker(part=ground))
    run = model.simulate(end=0.1, dtout=0.05, returnResults=True)
    body = run.getObject(link)
    assert body.getComponent("X")[0] == pytest.approx(0.5, abs=1e-9)
    assert any("assembly moved" in m for m in run.messages)


def test_integrator_settings_out_of_range_are_reported():
    model = Model()
    Part(ground=True)
    Part(mass=1, ip=[1, 1, 1])
    Integrator(kmax=9)
    with pytest.raises(ValueError, match="kmax"):
        model.simulate(end=0.1)


def test_integrator_failure_keeps_the_results_computed_so_far():
    # a minimum step far above what the error bound allows: IDA gives up
    model = Model()
    Accgrav(kgrav=-9.81)
    Integrator(hmin=0.02, error=1e-7)
    ground = Part(ground=True)
    bob = Part(mass=1.0, ip=[0.1] * 3, cm=Marker(qp=[1, 0, 0]))
    Joint(type="REVOLUTE", i=Marker(part=bob, zp=[0, 1, 0]), j=Marker(part=ground, zp=[0, 1, 0]))
    with pytest.raises(MsolveError, match="integrator failed at time 0") as info:
        model.simulate(end=1, dtout=0.1)
    results = info.value.results
    assert not results.ok
    np.testing.assert_array_equal(results.times, [0.0])
    assert results.getObject(bob).getComponent("X")[0] == pytest.approx(1.0)
    assert model.results is results


def pole_model(element):
    """A block on a slide and an element whose function 1/(0.3-TIME) has a pole at 0.3."""
    model = Model()
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[1, 1, 1], cm=Marker(), label="block")
    slide = Joint(
        type="TRANSLATIONAL",
        i=Marker(part=block, zp=[1, 0, 0]),
        j=Marker(part=ground, zp=[1, 0, 0]),
    )
    pole = "1/(0.3-TIME)"
    if element == "Sforce":
        Sforce(
            i=block.cm,
            j=Marker(part=ground, zp=[1, 0, 0]),
            actiononly=True,
            function=pole,
            label="pole",
        )
    elif element == "Diff":
        Diff(function=pole, label="pole")
    else:
        Motion(joint=slide, jtype="TRANSLATION", function=pole, label="pole")
    return model


@pytest.mark.parametrize("element", ["Sforce", "Diff"])
def test_an_element_that_becomes_infinite_is_named(element):
    # the analysis stops at the pole, names the element, and keeps the outputs before it
    model = pole_model(element)
    with pytest.raises(MsolveError, match=rf"{element} \d+ 'pole': .*not finite") as info:
        model.simulate(end=1.0, dtout=0.01)
    times = info.value.results.times
    assert 0.28 < times[-1] < 0.3 + 1e-9


def test_steps_that_no_longer_advance_the_time_stop_the_analysis():
    # the driven slide's velocity 1/(0.3-t)^2 outgrows any error bound before the pole: IDA
    # would go on accepting steps of 1e-17 for ever; the analysis stops instead, and says
    # which state could not be kept within the bound
    model = pole_model("Motion")
    with pytest.raises(
        MsolveError, match=r"cannot advance past time 0\.29.*Part \d+ 'block'"
    ) as info:
        model.simulate(end=1.0, dtout=0.01)
    assert 0.28 < info.value.results.times[-1] < 0.3


def test_initial_velocity_that_conflicts_with_a_joint_is_reported():
    # a part fixed to ground cannot move: its vx is dropped and the log says so
    model = Model()
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[1, 1, 1], vx=0.5, label="block")
    block.cm = Marker(part=block)
    Joint(type="FIXED", i=block.cm, j=Marker(part=ground))
    run = model.simulate(end=0.1, dtout=0.1, returnResults=True)
    assert any("Part 2 'block': initial vx = 0.5 conflicts" in m for m in run.messages)
    assert run.constraintErrors[0, 1] < 1e-12
