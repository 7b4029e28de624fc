"""Elements msolve knows but cannot simulate (msolve/refused.py): FlexBody, Mforce, Fmu,
CoSim, ActivateCoSim (Nforce, Gcon and Pforce, once among them, are simulated:
test_nforce.py, test_gcon.py, test_pforce.py). They are built
with their documented attributes, checked, and a model holding an active one is refused at
simulate with a ModelError naming it and why; nothing is silently dropped and a flexible body
is never run as a rigid one."""

import pytest

from msolve import *


def _pendulum():
    model = Model()
    ground = Part(ground=True)
    body = Part(mass=1.0, ip=[1.0, 1.0, 1.0])
    body.cm = Marker(qp=[1.0, 0.0, 0.0])
    Joint(type="REVOLUTE", i=Marker(part=body), j=Marker(part=ground))
    Accgrav(jgrav=-9.81)
    return model, ground, body


def test_a_flexbody_takes_its_documented_attributes_and_markers_sit_on_it():
    Model()
    vm = Marker(part=Part(ground=True))
    flex = FlexBody(
        h3d_file="arm.h3d",
        mass=2.5,
        ip=[1.0, 2.0, 3.0],
        cm=[0.1, 0.0, 0.0],
        qg=[1.0, 2.0, 3.0],
        reuler=[0.0, 0.5, 0.0],
        vx=1.0,
        vm=vm,
        cratio="0.02",
        rigidified=True,
    )
    assert flex.mass == 2.5
    assert flex.ip == [1.0, 2.0, 3.0, 0.0, 0.0, 0.0]
    assert flex.vx == 1.0
    assert flex.vy is None
    assert flex.vm is vm
    on_body = Marker(body=flex, qp=[0.0, 0.0, 1.0], node=1001)
    on_part = Marker(part=flex)
    given = Marker(flex_body=flex)
    for marker in (on_body, on_part, given):
        assert marker.flex_body is flex
        assert marker.part is None
    assert on_body.node == 1001
    rigid = Part(mass=1.0)
    on_body.part = rigid
    assert on_body.part is rigid
    assert on_body.flex_body is None


@pytest.mark.parametrize(
    ("cls", "attribute", "value", "error"),
    [
        (FlexBody, "mass", "heavy", TypeError),
        (FlexBody, "mass", -1.0, ValueError),
        (FlexBody, "h3d_file", 3, TypeError),
        (FlexBody, "ip", [1.0, 2.0], ValueError),
        (CoSim, "i", "marker", TypeError),
        (ActivateCoSim, "port", 1.5, TypeError),
    ],
)
def test_a_wrong_value_names_the_entity_and_the_attribute(cls, attribute, value, error):
    Model()
    with pytest.raises(error, match=rf"^{cls.__name__}( \d+)?: attribute '{attribute}'"):
        cls(**{attribute: value})


def test_an_undocumented_attribute_is_refused_with_a_hint():
    Model()
    with pytest.raises(TypeError, match=r"unknown attribute 'h3dfile'; did you mean 'h3d_file'"):
        FlexBody(h3dfile="arm.h3d")


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: FlexBody(h3d_file="arm.h3d"), ["FlexBody 1", "'arm.h3d'", "rigid one"]),
        (lambda: CoSim(file="follower.xml"), ["CoSim 1", "follower"]),
        (lambda: ActivateCoSim(cosim_dll_name="cosim.so"), ["ActivateCoSim 1", "Activate"]),
        (lambda: Mforce(case_index=2, scale="SIN(TIME)"), ["Mforce 1", "H3D"]),
    ],
)
def test_a_model_holding_one_is_refused_at_simulate_naming_it(make, words):
    model, _, _ = _pendulum()
    make()
    with pytest.raises(ModelError) as info:
        model.simulate(end=0.1, dtout=0.05)
    message = str(info.value)
    assert "not supported by msolve" in message
    for word in words:
        assert word in message, message


def test_an_inactive_one_is_ignored_as_every_inactive_element():
    model, _, _body = _pendulum()
    FlexBody(h3d_file="arm.h3d", active=False)
    run = model.simulate(end=0.1, dtout=0.05, returnResults=True)
    assert len(run.times) == 3


def test_results_before_the_refusal_are_kept():
    model, _, _ = _pendulum()
    first = model.simulate(end=0.1, dtout=0.05, returnResults=True)
    CoSim(file="follower.xml")
    with pytest.raises(ModelError, match="CoSim 1"):
        model.simulate(end=0.2, dtout=0.05)
    assert model.results is first  # the refused call did not touch them
    assert first.times[-1] == pytest.approx(0.1)


def test_activate_cosim_hooks():
    Model()
    with pytest.raises(ValueError, match="ActivateCoSim 1: attribute 'cosim_dll_name'"):
        ActivateCoSim().validateSelf(None)
    cosim = ActivateCoSim(cosim_dll_name="cosim.so", ip_address="10.0.0.2", port=4000)
    cosim.validateSelf(None)
    with pytest.raises(ModelError, match="ActivateCoSim 2"):
        cosim.sendBeforeMS()
    assert cosim.sendAfterMS() is None


# -- datasets ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("element", "words"),
    [
        ('<Body_Flexible id="7" h3d_file="arm.h3d"/>', ["Body_Flexible", "H3D", "rigid body"]),
    ],
)
def test_elements_of_physics_msolve_cannot_read_are_refused_saying_why(tmp_path, element, words):
    path = tmp_path / "flexible.xml"
    path.write_text(
        '<MSolveModel><Model><Body_Rigid id="1" isground="TRUE"/>'
        f"{element}</Model><Command><Stop/></Command></MSolveModel>"
    )
    with pytest.raises(DatasetError, match="element not supported by msolve") as info:
        load_model(path)
    for word in words:
        assert word in str(info.value)


def test_constraint_jprim_is_read_and_joint_primitives_are_written_as_it(tmp_path):
    # a joint and a joint primitive may share an id: each has its own element
    model = Model()
    ground = Part(ground=True)
    body = Part(mass=1.0, ip=[1.0, 1.0, 1.0])
    body.cm = Marker()
    Joint(type="REVOLUTE", i=Marker(part=body), j=Marker(part=ground))
    Jprim(type="INPLANE", i=Marker(part=body), j=Marker(part=ground), virtual=True)
    path = tmp_path / "jprim.xml"
    model.save_model(path)
    text = path.read_text()
    assert text.count("<Constraint_Joint") == 1
    assert text.count("<Constraint_Jprim") == 1
    again = load_model(path)
    jprim = again.lookupById(Jprim, 1)
    assert jprim.type == "INPLANE"
    assert jprim.virtual is True
    assert again.lookupById(Joint, 1).type == "REVOLUTE"
    path.write_text(text.replace('type="INPLANE"', 'type="HINGE"'))
    with pytest.raises(DatasetError, match=r"Constraint_Jprim.*'type' must be one of ATPOINT"):
        load_model(path)


@pytest.mark.parametrize("name", ["Cforce", "SimulationEvent"])
def test_classes_msolve_lacks_say_so_instead_of_a_name_error(name):
    import msolve

    Model()
    cls = getattr(msolve, name)
    assert name in msolve.__all__
    with pytest.raises(ModelError, match=rf"^{name} is not supported by msolve: "):
        cls(label="from a script")


@pytest.mark.parametrize("method", ["runSimulationEvents", "runAllSimulationEvents"])
def test_model_methods_msolve_lacks_say_so(method):
    model = Model()
    with pytest.raises(ModelError, match=rf"^Model.{method} is not supported by msolve: "):
        getattr(model, method)()


def test_save_model_says_which_element_it_cannot_write(tmp_path):
    model = Model()
    Part(ground=True)
    FlexBody(h3d_file="arm.h3d")
    with pytest.raises(DatasetWriteError, match=r"FlexBody 1: .*Body_Flexible"):
        model.save_model(tmp_path / "flex.xml")
