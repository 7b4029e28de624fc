"""The msolve Python surface: registration, ids, keywords, typed attributes, results."""

import numpy as np
import pytest

import msolve
from msolve import *


def test_star_import_provides_the_classes_and_math():
    namespace = {}
    exec("from msolve import *", namespace)
    for name in (
        "Model",
        "Part",
        "Marker",
        "Joint",
        "Request",
        "Units",
        "Accgrav",
        "Integrator",
        "Point",
        "Vector",
        "math",
    ):
        assert name in namespace
    assert namespace["math"].pi == pytest.approx(3.141592653589793)


def test_every_public_name_has_a_docstring():
    for name in msolve.__all__:
        if name != "math":
            assert getattr(msolve, name).__doc__, name


def test_ids_are_per_class_from_one_and_skip_explicit_ids():
    model = Model()
    ground = Part(ground=True)
    p2 = Part(id=3, mass=1, ip=[1, 1, 1])
    p3 = Part(mass=1, ip=[1, 1, 1])
    p4 = Part(mass=1, ip=[1, 1, 1])
    m1 = Marker(part=ground)
    assert (ground.id, p2.id, p3.id, p4.id) == (1, 3, 2, 4)
    assert m1.id == 1  # ids are per class
    with pytest.raises(ValueError, match="already used"):
        Part(id=3)
    assert model.lookupById(Part, 3) is p2
    assert model.lookupById("Marker", 1) is m1


def test_keyword_constructor_and_setValues():
    Model()
    part = Part(mass=2.5, ip=[1, 2, 3], label="arm", qg=Point(1, 2, 3))
    assert part.mass == 2.5
    assert part.ip == [1.0, 2.0, 3.0, 0.0, 0.0, 0.0]
    assert part.label == "arm"
    assert list(part.qg) == [1.0, 2.0, 3.0]
    part.setValues(mass=4.0, ip=[1, 2, 3, 0.1, 0.2, 0.3])
    assert part.mass == 4.0
    assert part.ip[3:] == [0.1, 0.2, 0.3]


def test_assignment_is_type_checked_and_names_the_attribute():
    Model()
    part = Part(mass=1.0, label="block")
    with pytest.raises(TypeError, match="'mass'"):
        part.mass = "A bad value"
    with pytest.raises(ValueError, match="'mass'"):
        part.mass = -1.0
    with pytest.raises(ValueError, match="'ip'"):
        part.ip = [1, 2]
    joint = Joint()
    assert joint.type == "SPHERICAL"
    with pytest.raises(ValueError, match="'type'"):
        joint.type = "HINGE"
    with pytest.raises(TypeError, match="'i'"):
        joint.i = part
    with pytest.raises(TypeError, match="unknown attribute 'masss'"):
        Part(masss=1.0)
    marker = Marker(part=part)
    with pytest.raises(AttributeError, match="unknown attribute 'colour'"):
        marker.colour = "red"
    assert part.mass == 1.0  # a rejected value leaves the old one


def test_unset_initial_velocity_differs_from_zero():
    Model()
    part = Part(mass=1, ip=[1, 1, 1])
    assert part.vx is None
    part.vx = 0
    assert part.vx == 0.0
    assert part.vx is not None
    part.vx = None
    assert part.vx is None


def test_markers_join_parts_through_body_alias_and_cm():
    model = Model()
    ground = Part(ground=True)
    block = Part(mass=1, ip=[1, 1, 1], cm=Marker(qp=[1, 0, 0]))
    assert block.cm.part is block
    block.im = Marker()
    assert block.im.part is block
    m = Marker(body=ground, qp=[0, 1, 0])
    assert m.part is ground
    assert m.body is ground
    # late wiring and arbitrary attributes on Model and Part
    joint = Joint(type="REVOLUTE")
    joint.i = block.cm
    joint.j = m
    assert joint.i is block.cm
    model.r1 = Request(type="DISPLACEMENT", i=block.cm)
    block.A = Marker(part=block)
    assert model.r1.i is block.cm
    assert len(model.getChildren(Marker)) == 4


def test_units_words_system_and_ucf():
    Model()
    assert Units().consistencyFactor == 1.0
    assert Units(length="MILLIMETER").consistencyFactor == pytest.approx(1000.0)
    assert Units(system="MMKS").consistencyFactor == pytest.approx(1000.0)
    assert Units(UCF=42.0).consistencyFactor == 42.0
    ips = Units(force="POUND_FORCE", mass="POUND_MASS", length="INCH")
    assert ips.consistencyFactor == pytest.approx(386.0886, rel=1e-6)
    with pytest.raises(ValueError, match="'length'"):
        Units(length="FURLONG")


def test_results_by_name_index_and_times():
    model = Model()
    Accgrav(kgrav=-9.81)
    Integrator(error=1e-9)
    ground = Part(ground=True)
    ball = Part(mass=1, ip=[1, 1, 1], qg=[0, 0, 1])
    ball.cm = Marker(part=ball)
    req = Request(type="DISPLACEMENT", i=ball.cm, j=Marker(part=ground))
    run = model.simulate(type="TRANSIENT", end=1.0, steps=10, returnResults=True)
    res = run.getObject(req)
    assert len(res.times) == 11
    assert res.times[0] == 0.0
    assert np.array_equal(res.getComponent("times"), res.times)
    np.testing.assert_array_equal(res.getComponent("z"), res.getComponent(3))
    assert res.getStep(step=10)["Z"] == pytest.approx(1 - 0.5 * 9.81, rel=1e-9)
    with pytest.raises(KeyError, match="no component"):
        res.getComponent("FZ")
    assert model.simulate(end=1.5, dtout=0.1) is None  # returnResults defaults to False


def test_consecutive_simulate_calls_continue():
    model = Model()
    Accgrav(kgrav=-9.81)
    Integrator(error=1e-8)
    Part(ground=True)
    ball = Part(mass=1, ip=[1, 1, 1])
    first = model.simulate(end=0.5, dtout=0.1, returnResults=True)
    second = model.simulate(duration=0.5, dtout=0.1, returnResults=True)
    assert second.times[0] == pytest.approx(0.5)
    assert second.times[-1] == pytest.approx(1.0)
    z1 = first.getObject(ball).getComponent("Z")
    z2 = second.getObject(ball).getComponent("Z")
    assert z2[0] == z1[-1]
    assert z2[-1] == pytest.approx(-0.5 * 9.81, rel=1e-9)
    model.reset()
    again = model.simulate(end=0.5, dtout=0.1, returnResults=True)
    assert again.times[0] == 0.0


def test_simulate_arguments():
    model = Model()
    Part(ground=True)
    Part(mass=1, ip=[1, 1, 1])
    with pytest.raises(ValueError, match="end or duration"):
        model.simulate()
    with pytest.raises(ValueError, match="dtout or steps"):
        model.simulate(end=1, dtout=0.1, steps=10)
    with pytest.warns(UserWarning, match="argument 'contact_iterations' is not supported"):
        model.simulate(end=0.1, dtout=0.05, contact_iterations=True)
    with pytest.raises(ValueError, match="'FREQUENCY' is not available"):
        model.simulate(type="FREQUENCY", end=0.2)
    # a free part: 6 degrees of freedom, every eigenvalue zero
    run = model.simulate(type="LINEAR", returnResults=True)
    assert run.dof == 6
    assert np.abs(run.eigenvalues).max() == 0.0


def test_model_without_moving_parts_runs():
    # nothing moves: the outputs are the constant design values at every output time
    model = Model()
    ground = Part(ground=True)
    req = Request(type="DISPLACEMENT", i=Marker(part=ground, qp=[1, 2, 3]))
    run = model.simulate(end=0.1, dtout=0.05, returnResults=True)
    np.testing.assert_allclose(run.getObject(req).getComponent("Y"), [2.0, 2.0, 2.0])
    assert Model().simulate(end=0.1, dtout=0.05, returnResults=True).times.size == 3


def test_rejected_keywords_leave_nothing_in_the_model():
    model = Model()
    with pytest.raises(ValueError, match="'mass'"):
        Part(mass=-2.0)
    assert model.getChildren(Part) == []
    assert Part().id == 1


def test_lookup_by_name_and_children_by_class_and_name_pattern():
    model = Model()
    ground = Part(ground=True, name="ground")
    arm = Part(mass=1, ip=[1, 1, 1], name="arm_left")
    Part(mass=1, ip=[1, 1, 1], name="arm_right", label="right arm")
    pin = Marker(part=ground, name="pin")
    assert model.lookupByName(Part, "arm_left") is arm
    assert model.lookupByName("Marker", "pin") is pin
    assert model.lookupByName(Part, "nothing") is None
    assert pin.lookupByName(Part, "ground") is ground  # from any entity of the model
    assert pin.lookupById(Part, 2) is arm
    names = [p.name for p in model.getChildren(Part, name="arm_*")]
    assert names == ["arm_left", "arm_right"]
    assert model.getChildren(name="pin") == [pin]
    assert model.getChild(name="arm_r*").label == "right arm"


def test_reset_then_changes_start_again_from_time_zero():
    model = Model()
    Part(ground=True)
    ball = Part(mass=1, ip=[1, 1, 1], vz=1.0)
    model.simulate(end=0.5, dtout=0.25)
    model.reset()
    ball.vz = 2.0
    run = model.simulate(end=0.5, dtout=0.25, returnResults=True)
    assert run.times[0] == 0.0
    np.testing.assert_allclose(run.getObject(ball).getComponent("Z"), 2.0 * run.times, atol=1e-12)
