"""Model.verify: the model compiled and its initial conditions and degrees of freedom checked
on a compilation of its own (msolve/verification.py), the analysis state left as it was."""

import pytest

from msolve import *


def slider_with_a_redundant_joint(z0=0.0):
    # a block on a TRANSLATIONAL joint along z and, redundantly, a CYLINDRICAL joint on the
    # same axis: 1 degree of freedom, the 4 cylindrical equations redundant
    model = Model()
    ground = Part(ground=True)
    block = Part(mass=2, ip=[1, 1, 1], cm=Marker(qp=[0, 0, z0]))
    Joint(type="TRANSLATIONAL", i=Marker(part=block), j=Marker(part=ground))
    Joint(type="CYLINDRICAL", i=Marker(part=block), j=Marker(part=ground))
    SpringDamper(i=block.cm, j=Marker(part=ground, qp=[0, 0, -1]), k=50.0, c=3.0)
    model.block = block
    return model


def test_verify_counts_the_freedoms_and_names_the_redundant_equations():
    model = slider_with_a_redundant_joint()
    run = model.verify()
    assert run.ok
    assert run.messages[0] == "verify: the model compiled at time 0"
    redundant = [line for line in run.messages if line.startswith("redundant constraint")]
    assert len(redundant) == 4
    assert all("Joint 2 (CYLINDRICAL)" in line for line in redundant)
    # 6 - 5 (translational) = 1
    assert "verify: 1 degrees of freedom, 0 control states" in run.messages
    assert run.messages[-1] == "verify: no error found"


def test_a_pendulum_on_a_spherical_joint_has_three_freedoms_and_a_control_state_counts():
    model = Model()
    Accgrav(kgrav=-9.81)
    ground = Part(ground=True)
    bob = Part(mass=1, ip=[0.1, 0.1, 0.1], cm=Marker(qp=[0, 0, -1]))
    Joint(type="SPHERICAL", i=Marker(part=bob, qp=[0, 0, 0]), j=Marker(part=ground))
    Diff(function="-VARVAL(1)", ic=0.0)
    Variable(id=1, function=f"DX({bob.cm.id})")
    run = model.verify()
    assert "verify: 3 degrees of freedom, 1 control states" in run.messages


def test_verify_leaves_the_analysis_state_as_it_was():
    # verify after a run: the next simulate continues from where the run stopped, with the
    # block where it was (verify assembles its own compilation from the current state)
    model = slider_with_a_redundant_joint(z0=0.1)
    Accgrav(kgrav=-9.81)  # the block sinks on its spring
    model.r = Request(type="DISPLACEMENT", i=model.block.cm)
    first = model.simulate(end=0.5, dtout=0.1, returnResults=True)
    z_end = first.getObject(model.r).getComponent("Z")[-1]
    assert abs(z_end - 0.1) > 1e-3  # it moved
    assert model.verify().ok
    assert model.getTime() == pytest.approx(0.5)
    after = model.simulate(end=0.6, dtout=0.1, returnResults=True)
    assert after.times[0] == pytest.approx(0.5)
    assert after.getObject(model.r).getComponent("Z")[0] == pytest.approx(z_end, abs=1e-12)


def test_a_model_whose_joints_cannot_be_assembled_fails_verification():
    # two REVOLUTE joints about crossing axes through points 1 apart: no position meets both
    model = Model()
    ground = Part(ground=True)
    arm = Part(mass=1, ip=[1, 1, 1], cm=Marker(qp=[0, 0, 0]))
    Joint(type="REVOLUTE", i=Marker(part=arm), j=Marker(part=ground))
    Joint(
        type="REVOLUTE",
        i=Marker(part=arm, qp=[1, 0, 0], zp=[2, 0, 0]),
        j=Marker(part=ground, qp=[3, 0, 0], zp=[3, 1, 0]),
    )
    with pytest.raises(ModelError, match=r"verify: the initial conditions failed: (?s:.*)Joint 2"):
        model.verify()
    assert model.getTime() == 0.0


def test_verify_refuses_what_simulate_refuses():
    model = Model()
    Part(ground=True)
    FlexBody(h3d_file="arm.h3d")
    with pytest.raises(ModelError, match="flexible bodies are not supported"):
        model.verify()
