"""Composite: property declarations, the createChildren/updateChildren/validateSelf hooks,
the validator, children, several instances, and changes between simulate calls."""

import json
import pydoc

import numpy as np
import pytest
from models import load_example, sliding_block

from msolve import *


class Recorder(Composite):
    """A composite that records the calls of its hooks."""

    gain = Double(2.5)
    count = Int(3)
    enabled = Bool(True)
    text = Str("abc")
    signal = Function()
    joint = Reference(Joint)
    markers = Reference("Marker", count=2)
    offsets = Double([1.0, 2.0, 3.0], count=3)
    values = Double(count=0)

    def createChildren(self):
        """Creates one Variable."""
        self.calls = [("create", self.gain)]
        self.var = Variable(function="1")

    def updateChildren(self):
        self.calls.append(("update", self.gain))
        self.var.function = f"{self.gain}*TIME"
        self.text = "updated"  # a change made by updateChildren does not re-run it


def test_declared_properties_have_their_defaults():
    Model()
    r = Recorder()
    assert (r.gain, r.count, r.enabled, r.signal, r.joint) == (2.5, 3, True, "", None)
    assert r.markers == []
    assert r.offsets == [1.0, 2.0, 3.0]
    assert r.values == []
    assert Recorder.gain.default == 2.5  # the class attribute is the property itself


def test_keywords_are_assigned_before_createChildren_and_updateChildren_follows():
    Model()
    r = Recorder(gain=4.0, text="x")
    assert r.calls == [("create", 4.0), ("update", 4.0)]
    assert r.var.function == "4.0*TIME"
    assert r.text == "updated"
    r.gain = 5.0
    assert r.calls[-1] == ("update", 5.0)
    assert r.var.function == "5.0*TIME"
    r.setValues(count=7, gain=6.0)
    assert r.calls[-2:] == [("update", 5.0), ("update", 6.0)]
    r.label = "only a label"  # not a declared property: updateChildren does not run
    assert len(r.calls) == 5
    assert sum(1 for c in r.calls if c[0] == "create") == 1


def test_assignment_to_declared_properties_is_type_checked():
    Model()
    r = Recorder()
    with pytest.raises(TypeError, match="'gain'"):
        r.gain = "big"
    with pytest.raises(TypeError, match="'count'"):
        r.count = 2.5
    with pytest.raises(TypeError, match="'enabled'"):
        r.enabled = "yes"
    with pytest.raises(TypeError, match="'joint'"):
        r.joint = Part()
    with pytest.raises(ValueError, match="'offsets'"):
        r.offsets = [1, 2]
    with pytest.raises(TypeError, match="'markers'"):
        r.markers = [Marker(), Part()]
    with pytest.raises(TypeError, match="unknown attribute 'gian'"):
        Recorder(gian=1.0)
    r.values = [1, 2, 3, 4]
    assert r.values == [1.0, 2.0, 3.0, 4.0]
    r.signal = "DX(1,2)"
    assert r.signal == "DX(1,2)"
    assert r.gain == 2.5


def test_list_defaults_are_not_shared_between_instances():
    Model()
    a, b = Recorder(), Recorder()
    a.offsets.append(4.0)
    assert b.offsets == [1.0, 2.0, 3.0]


def test_several_instances_of_one_class_have_their_own_ids_and_children():
    model = Model()
    a = Recorder(gain=1.0)
    b = Recorder(gain=2.0)
    assert (a.id, b.id) == (1, 2)
    assert model.lookupById(Recorder, 2) is b
    assert model.lookupById("Recorder", 1) is a
    assert a.getChildren() == [a.var]
    assert b.getChildren() == [b.var]
    assert a.var is not b.var
    assert (a.var.function, b.var.function) == ("1.0*TIME", "2.0*TIME")


class Pair(Composite):
    """Two markers on a part, a Diff and a nested Recorder."""

    part = Reference(Part)

    def createChildren(self):
        self.body = Part(mass=1, ip=[1, 1, 1], cm=Marker())
        self.diff = Diff(function="1", ic=0.0)
        self.inner = Recorder()

    def updateChildren(self):
        if self.part is not None:
            self.tip = Marker(part=self.part, name="tip")  # created later: also a child


def test_children_belong_to_the_model_and_to_the_composite():
    model = Model()
    ground = Part(ground=True)
    pair = Pair()
    assert pair.body.cm.part is pair.body  # Part(cm=Marker()) inside a composite
    assert pair.getChildren(recursive=False) == [pair.body.cm, pair.body, pair.diff, pair.inner]
    assert pair.getChildren(Diff) == [pair.diff]  # what DIF(composite) resolves to
    assert pair.getChildren("Variable") == [pair.inner.var]  # recursive by default
    assert pair.getChildren(Variable, recursive=False) == []
    assert pair.inner.parent is pair
    assert pair.body in model.getChildren(Part)
    assert model.getChildren(recursive=False) == [ground, pair]
    assert model.getChildren("Composite") == [pair, pair.inner]
    pair.part = ground
    assert pair.getChild("ti*") is pair.tip
    assert model.getChild(name="tip") is pair.tip
    assert model.lookupByName(Marker, "tip") is pair.tip


def test_arbitrary_attributes_on_a_composite():
    model = Model()
    r = Recorder()
    r.note = "anything"
    r.extra = Marker()
    assert r.note == "anything"
    assert r.extra in model.getChildren(Marker)
    model.filt = r
    assert model.filt is r


# -- validateSelf --------------------------------------------------------------------------


class Checked(Composite):
    """Parameters with limits."""

    vs = Double(1e-3)
    mus = Double(0.3)
    mud = Double(0.2)
    order = Int(2)
    gains = Double([1.0, 2.0], count=2)

    def validateSelf(self, validator):
        self.passed = [
            validator.checkGe0("VS"),
            validator.checkGt0("Mus"),
            validator.checkGe("order", 1),
            validator.checkLe("ORDER", 4),
            validator.checkGt("gains", 0),
            validator.checkLt("gains", 10),
        ]
        if self.mud > self.mus:
            validator.sendError(
                tr("Mu dynamic({0}) must be <= Mu static ({1})", self.mud, self.mus)
            )


def one_part_model():
    model = Model()
    Part(ground=True)
    Part(mass=1, ip=[1, 1, 1])
    return model


def test_validateSelf_runs_at_simulate_and_passes():
    model = one_part_model()
    c = Checked()
    assert not hasattr(c, "passed")  # not run at creation
    model.simulate(end=0.02, dtout=0.01)
    assert c.passed == [True] * 6


@pytest.mark.parametrize(
    ("attribute", "value", "message"),
    [
        ("vs", -1.0, r"'vs' must be >= 0, got -1.0"),
        ("mus", 0.0, r"'mus' must be > 0, got 0.0"),
        ("order", 0, r"'order' must be >= 1, got 0"),
        ("order", 5, r"'order' must be <= 4, got 5"),
        ("gains", [1.0, -1.0], r"'gains' must be > 0, got \[1.0, -1.0\]"),
        ("gains", [1.0, 10.0], r"'gains' must be < 10, got \[1.0, 10.0\]"),
    ],
)
def test_each_check_names_the_composite_and_the_property(attribute, value, message):
    model = one_part_model()
    Checked(label="friction", mud=0.0, **{attribute: value})
    with pytest.raises(ValueError, match=r"Checked 1 'friction': " + message):
        model.simulate(end=0.02, dtout=0.01)


def test_sendError_and_tr_message_and_several_failures():
    assert tr("Mu dynamic({0}) must be <= Mu static ({1})", 0.5, 0.3) == (
        "Mu dynamic(0.5) must be <= Mu static (0.3)"
    )
    assert tr("{a} and {b}", a=1, b=2) == "1 and 2"
    model = one_part_model()
    c = Checked(mud=0.5, vs=-1.0)
    with pytest.raises(
        ValueError,
        match=r"(?s)'vs' must be >= 0.*Mu dynamic\(0.5\) must be <= "
        r"Mu static \(0.3\)",
    ):
        model.simulate(end=0.02, dtout=0.01)
    # fixed between two simulate calls: the next one runs
    c.setValues(mud=0.1, vs=0.01)
    model.simulate(end=0.02, dtout=0.01)


def test_a_check_of_an_unknown_property_is_named():
    class Wrong(Composite):
        k = Double(1.0)

        def validateSelf(self, validator):
            validator.checkGe0("stiffness")

    model = one_part_model()
    Wrong()
    with pytest.raises(AttributeError, match=r"Wrong 1: validateSelf checks 'stiffness'"):
        model.simulate(end=0.02, dtout=0.01)


# -- changes between simulate calls ---------------------------------------------------------


class Push(Composite):
    """A constant force ``force`` on marker ``i`` along the z axis of ``j``, through a
    Variable."""

    i = Reference(Marker)
    j = Reference(Marker)
    force = Double(0.0)

    def createChildren(self):
        self.var = Variable()
        self.sforce = Sforce(type="TRANSLATION", actiononly=True, function=f"VARVAL({self.var.id})")

    def updateChildren(self):
        self.var.function = repr(self.force)
        self.sforce.setValues(i=self.i, j=self.j)


def test_a_property_change_between_simulate_calls_takes_effect_from_the_current_state():
    # a unit mass pushed along x with 2 N for 1 s, then coasting, then pushed back with 4 N
    model, block, anchor, _ = sliding_block(mass=1.0, x0=0.0)
    model.push = Push(i=block.cm, j=anchor, force=2.0)
    first = model.simulate(end=1.0, dtout=0.25, returnResults=True)
    x1 = first.getObject(block).getComponent("X")
    np.testing.assert_allclose(x1, 1.0 + first.times**2, rtol=1e-8)
    model.push.force = 0.0
    second = model.simulate(end=2.0, dtout=0.25, returnResults=True)
    x2 = second.getObject(block).getComponent("X")
    assert second.times[0] == 1.0
    assert x2[0] == pytest.approx(x1[-1], abs=1e-12)
    np.testing.assert_allclose(x2, 2.0 + 2.0 * (second.times - 1.0), rtol=1e-8)
    model.push.force = -4.0
    third = model.simulate(end=3.0, dtout=0.25, returnResults=True)
    t = third.times - 2.0
    np.testing.assert_allclose(
        third.getObject(block).getComponent("X"), 4.0 + 2.0 * t - 2.0 * t**2, rtol=1e-8
    )


def test_an_unchanged_model_continues_without_recompiling():
    model, block, anchor, _ = sliding_block(mass=1.0, x0=0.0)
    push = Push(i=block.cm, j=anchor, force=2.0)
    model.simulate(end=0.5, dtout=0.25)
    running = model._simulation
    push.force = 2.0  # the same value
    push.label = "a label of the composite alone"
    model.simulate(end=1.0, dtout=0.25)
    assert model._simulation is running


def test_entity_changes_and_new_entities_after_simulate_take_effect():
    model, block, anchor, _ = sliding_block(mass=1.0, x0=0.0)
    force = Sforce(type="TRANSLATION", actiononly=True, i=block.cm, j=anchor, function="2")
    model.simulate(end=1.0, dtout=0.5)
    force.function = "0"
    Sforce(type="TRANSLATION", actiononly=True, i=block.cm, j=anchor, function="1")
    run = model.simulate(end=2.0, dtout=0.5, returnResults=True)
    t = run.times - 1.0
    np.testing.assert_allclose(
        run.getObject(block).getComponent("X"), 2.0 + 2.0 * t + 0.5 * t**2, rtol=1e-8
    )
    model.reset()
    again = model.simulate(end=1.0, dtout=0.5, returnResults=True)
    np.testing.assert_allclose(
        again.getObject(block).getComponent("X"), 1.0 + 0.5 * again.times**2, rtol=1e-8
    )


# -- the documented ButterworthFilter, as written in the MotionSolve example ----------------


ButterworthFilter = load_example("butterworth_filter").ButterworthFilter


def test_butterworth_filter_order_change_between_simulate_calls():
    # the input is the constant 1 from t = 0: each filter's step response
    m = Model()
    Integrator(error=1e-9)
    Part(ground=True)
    m.filt = ButterworthFilter(inputSignal="1", order=1)
    m.r5 = Request(f2=m.filt.inputSignal, f3=m.filt.outputSignal)
    assert m.filt.outputSignal == f"ARYVAL({m.filt.tf.y.id},1)"
    run = m.simulate(type="DYNAMICS", end=1.0, dtout=0.25, returnResults=True)
    out = run.getObject(m.r5).getComponent(2)
    np.testing.assert_allclose(out, 1 - np.exp(-run.times), atol=1e-5)
    # second order from t = 1: x1 (the output) carries over, x2 starts at zero; then
    # x' = A x + B u in the observable canonical form of 1 / (s^2 + sqrt(2) s + 1)
    m.filt.order = 2
    assert m.filt.tf.denominator == [1.0, math.sqrt(2), 1.0]
    run = m.simulate(type="DYNAMICS", end=2.0, dtout=0.25, returnResults=True)
    out2 = run.getObject(m.r5).getComponent(2)
    a = np.array([[-math.sqrt(2), 1.0], [-1.0, 0.0]])
    steady = np.linalg.solve(a, [0.0, -1.0])
    w, v = np.linalg.eig(a)
    start = np.linalg.solve(v, np.array([out[-1], 0.0]) - steady)
    expected = [(v @ (np.exp(w * (t - 1.0)) * start)).real[0] + steady[0] for t in run.times]
    np.testing.assert_allclose(out2, expected, atol=1e-6)
    m.filt.order = 5
    with pytest.raises(ValueError, match=r"ButterworthFilter 1: 'order' must be <= 4, got 5"):
        m.simulate(end=3.0)


def test_help_shows_the_docstrings():
    text = pydoc.render_doc(ButterworthFilter, renderer=pydoc.plaintext)
    assert "as flat a frequency response as possible" in text
    assert "This method is called once when the object is created." in text
    assert "Int, default 3" in text
    assert "Function, default ''" in text
    base = pydoc.render_doc(Composite, renderer=pydoc.plaintext)
    for hook in ("createChildren", "updateChildren", "validateSelf"):
        assert hook in base


# -- summary ---------------------------------------------------------------------------------


def test_summary_lists_non_default_attributes(capsys, tmp_path):
    model = Model()
    Part(ground=True)
    part = Part(mass=2.0, ip=[4e4, 4e4, 4e4], vy=500.0, name="part_1", cm=Marker())
    part.summary()
    assert capsys.readouterr().out.splitlines() == [
        "Part",
        "*--------*----*--------*----------*--------------------------------------------*------*"
        "-------*",
        "| Entity | id | name   | cm       | ip                                         | mass |"
        " vy    |",
        "*========*====*========*==========*============================================*======*"
        "=======*",
        "| part_1 | 2  | part_1 | Marker/1 | [40000.0, 40000.0, 40000.0, 0.0, 0.0, 0.0] | 2.0  |"
        " 500.0 |",
        "*--------*----*--------*----------*--------------------------------------------*------*"
        "-------*",
    ]
    model.summary(type=Part)  # the ground part's row shows "-" where it keeps the default
    assert "| Part/1 | 1  | -      | -        | True   | -  " in capsys.readouterr().out
    r = Recorder(name="rec")
    r.summary()
    text = capsys.readouterr().out
    for word in ("Recorder", "Variable", "2.5*TIME"):
        assert word in text
    model.summary()
    text = capsys.readouterr().out
    for cls in ("Part", "Marker", "Recorder", "Variable"):
        assert f"{cls}\n*" in text
    model.summary(output=str(tmp_path / "model.txt"))
    assert "part_1" in (tmp_path / "model.txt").read_text()
    model.summary(output=str(tmp_path / "model.ipynb"))
    notebook = json.loads((tmp_path / "model.ipynb").read_text())
    assert "part_1" in "".join(notebook["cells"][0]["source"])


def test_star_import_provides_the_composite_names():
    namespace = {}
    exec("from msolve import *", namespace)
    for name in (
        "Composite",
        "Function",
        "Double",
        "Int",
        "Bool",
        "Str",
        "String",
        "Reference",
        "Enum",
        "tr",
        "math",
    ):
        assert name in namespace, name


class RoutineSpring(Composite):
    """A spring on a slider whose force is a routine given as a Composite property."""

    force = Routine()

    def createChildren(self):
        self.sf = Sforce(type="TRANSLATION", actiononly=True, function="USER(1)")

    def updateChildren(self):
        self.sf.routine = self.force


def slider_on_rail():
    """A 1 kg block on a TRANSLATIONAL joint along global x, at x = 0.1 at rest; the rail
    marker is on the ground at the origin with its z axis along x."""
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[1, 1, 1], qg=[0.1, 0, 0])
    block.cm = Marker(part=block, zp=[1, 0, 0])
    rail = Marker(part=ground, zp=[1, 0, 0])
    Joint(type="TRANSLATIONAL", i=block.cm, j=rail)
    return model, block, rail


def test_routine_property_of_a_composite_and_results_outliving_the_model():
    # x'' = -100 x from x = 0.1 at rest: x = 0.1 cos(10 t); the routine reaches the solver
    # through a Composite Routine property; the results stay readable after the model is gone
    import gc

    model, block, rail = slider_on_rail()
    model.spring = RoutineSpring(
        force=lambda id, time, par, npar, dflag, iflag: -100.0 * DZ(block.cm, rail, rail)
    )
    model.spring.sf.setValues(i=block.cm, j=rail)
    model.x = Request(type="DISPLACEMENT", i=block.cm, j=rail)
    run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
    x = run.getObject(model.x)
    del model
    gc.collect()
    np.testing.assert_allclose(x.getComponent("X"), 0.1 * np.cos(10 * x.times), atol=1e-7)


class MethodSpring(Composite):
    """A spring whose force routine is a bound method of the Composite itself."""

    k = Double(100.0)

    def createChildren(self):
        self.sf = Sforce(
            type="TRANSLATION", actiononly=True, function="USER(1)", routine=self.force
        )

    def force(self, id, time, par, npar, dflag, iflag):
        return -self.k * DZ(self.sf.i, self.sf.j, self.sf.j)


def test_a_dropped_model_is_collected_after_simulate():
    # neither the solver nor a routine that is a bound method of a Composite owning the
    # force may keep a model alive once the script drops it (memory of long sessions)
    import gc
    import weakref

    model, block, rail = slider_on_rail()
    model.spring = MethodSpring()
    model.spring.sf.setValues(i=block.cm, j=rail)
    model.x = Request(type="DISPLACEMENT", i=block.cm, j=rail)
    run = model.simulate(end=0.2, dtout=0.1, returnResults=True)
    x = run.getObject(model.x)
    np.testing.assert_allclose(x.getComponent("X"), 0.1 * np.cos(10 * x.times), atol=1e-5)
    refs = [weakref.ref(model), weakref.ref(model.spring)]
    Model()  # another model becomes the current one
    # results refer to their entities (and so to the model): drop them too
    del model, block, rail, run, x
    gc.collect()
    assert [r() is None for r in refs] == [True, True]
