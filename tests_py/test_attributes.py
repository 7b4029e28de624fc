"""The documented attribute surface (docs/msolve-attributes.md): every attribute of every
class is accepted with a value of its documented type, the code gives it the status the
table says, attributes without effect are reported once per analysis, and names documented
nowhere are refused with a hint."""

import re
from pathlib import Path

import numpy as np
import pytest

import msolve
from msolve import *
from msolve.notices import no_effect_notes

TABLE = Path(__file__).resolve().parents[1] / "docs" / "msolve-attributes.md"
_ROW = re.compile(r"^\| `(\w+)` \| ([^|]+) \| ([^|]*) \| (implemented|no effect|not available) \|")


def documented():
    """[(class name, attribute, type text, status)] read from the tables of the document."""
    rows, cls = [], None
    for line in TABLE.read_text().splitlines():
        if line.startswith("### "):
            cls = line[4:].strip()
            continue
        match = _ROW.match(line)
        if match and cls:
            rows.append((cls, match[1], match[2].strip(), match[4]))
    return rows


ROWS = documented()


def _routine(*args):
    return 0.0


def sample(type_text, model_objects, default=None):
    """A value of the documented type, different from the attribute's default."""
    count = None
    found = re.search(r"\[(\d+)\]$", type_text)
    if found:
        count = int(found[1])
        type_text = type_text[: found.start()].strip()

    def many(value):
        if count is None:
            return value
        return [value] * (count or 2)

    if type_text.startswith("Enum("):
        words = [w for w in type_text[5:-1].split() if w != default]
        return many(words[-1])
    if type_text.startswith("EnumString("):
        return ["R", "R"]
    if type_text.startswith("Reference("):
        cls = getattr(msolve, type_text[10:-1])
        return many(model_objects(cls))
    return {
        "Double": lambda: many(0.5),
        "Int": lambda: many(1),
        "Bool": lambda: many(default is not True),
        "Str": lambda: many("text"),
        "Function": lambda: "1.0",
        "Routine": lambda: _routine,
        "Location": lambda: [0.0, 0.0, 1.0],
        "Angles": lambda: [0.1, 0.2, 0.3],
        "Ips": lambda: [1.0, 2.0, 3.0],
        "Pattern": lambda: "TFFFT",
        "Exact": lambda: ["X", "PSI"],
        "Nodes": lambda: [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 0.0]],
        "Property": lambda: -9.81,
        "MarkerGrid": lambda: [[model_objects(msolve.Marker) for _ in range(3)] for _ in range(3)],
        "XY": lambda: [(0.0, 1.0), (1.0, 2.0)],
    }[type_text]()


def test_the_table_lists_every_class_and_attribute_with_the_code_status():
    listed = {(cls, attribute): status for cls, attribute, _, status in ROWS}
    classes = {cls for cls, _ in listed}
    for module in msolve._ENTITY_MODULES:
        for name in module.__all__:
            assert name in classes, f"{name} has no table in {TABLE.name}"
            for attribute, prop in getattr(msolve, name)._properties().items():
                if attribute in ("id", "label", "name", "active"):
                    continue
                status = listed.get((name, attribute))
                assert status is not None, f"{name}.{attribute} is not in {TABLE.name}"
                expected = "no effect" if prop.no_effect else "implemented"
                assert status == expected, f"{name}.{attribute}: table {status}, code {expected}"


@pytest.mark.parametrize(
    ("cls_name", "attribute", "type_text", "status"),
    [row for row in ROWS if row[3] != "not available"],
    ids=[f"{r[0]}.{r[1]}" for r in ROWS if r[3] != "not available"],
)
def test_every_documented_attribute_is_accepted(cls_name, attribute, type_text, status):
    Model()

    def make(cls):
        return cls()

    cls = getattr(msolve, cls_name)
    value = sample(type_text, make, cls._properties()[attribute].default)
    if (cls_name, attribute) == ("Sforce", "script"):
        # a script names a file with the routine (SFOSUB by default); the tests run in a
        # scratch directory (conftest.py)
        Path("routines.py").write_text("def SFOSUB(*args):\n    return 0.0\n")
        value = "routines.py"
    if (cls_name, attribute) == ("Integrator", "dae_index"):
        value = 3  # 2 (SI2) or 3 (I3) only
    obj = cls(**{attribute: value})
    got = getattr(obj, attribute)
    if isinstance(value, list) and value and isinstance(value[0], SolverObject):
        assert list(got) == value
    elif callable(value):
        assert got is value
    elif type_text == "Ips":
        assert list(got) == [1.0, 2.0, 3.0, 0.0, 0.0, 0.0]
    elif attribute == "reuler" or type_text == "Location":
        np.testing.assert_allclose(np.asarray(tuple(got), float), value)
    elif attribute not in ("system", "compare", "operator", "ic"):
        assert got == value or np.allclose(got, value), (got, value)
    # set again by assignment, as scripts do
    setattr(obj, attribute, value)
    notes = no_effect_notes([obj], set())
    if status == "no effect":
        assert len(notes) == 1, notes
        assert f": {attribute} = " in notes[0], notes
        # once: a second look reports nothing new
        reported = set()
        no_effect_notes([obj], reported)
        assert no_effect_notes([obj], reported) == []
    else:
        assert notes == []


def test_not_available_rows_are_refused_with_the_reason_in_the_table():
    for cls_name, attribute, _, status in ROWS:
        if status != "not available":
            continue
        Model()
        with pytest.raises(TypeError, match=f"unknown attribute '{attribute}'"):
            getattr(msolve, cls_name)(**{attribute: None})


def test_undocumented_names_are_refused_with_a_hint():
    Model()
    with pytest.raises(
        TypeError, match=r"Integrator: unknown attribute 'dae_indx'; did you mean 'dae_index'\?"
    ):
        Integrator(dae_indx=1)
    part = Part(mass=1.0)
    with pytest.raises(TypeError, match=r"unknown attribute 'Mass'; did you mean 'mass'\?"):
        part.setValues(Mass=2.0)
    with pytest.raises(TypeError, match=r"unknown attribute 'qq'$"):
        Marker(qq=[0, 0, 0])
    with pytest.raises(TypeError, match=r"Variable.*'penalty' must be a number"):
        Variable(penalty="high")
    with pytest.raises(ValueError, match=r"Integrator.*'pattern' must be a string of T and F"):
        Integrator(pattern="TXF")
    with pytest.raises(TypeError, match=r"Request.*'cnames'"):
        Request(cnames=5)


def test_no_effect_attributes_are_reported_once_per_analysis(capsys):
    model = Model()
    ground = Part(ground=True)
    body = Part(mass=1.0, ip=[1.0, 1.0, 1.0], material="Aluminium")
    body.cm = Marker(qp=[0, 0, -1])
    Joint(type="REVOLUTE", i=Marker(part=body), j=Marker(part=ground), ic=[0.0, 0.0])
    Integrator(dae_jacob_init=1, dae_index=3, dae_constr_tol=1e-4, pattern="TFFFT")
    Variable(function="TIME", penalty=100.0, penalty1=100.0)
    Accgrav(kgrav=-9.81)
    first = model.simulate(end=0.05, dtout=0.01, returnResults=True)
    notes = [m for m in first.messages if "accepted, no effect" in m]
    assert len(notes) == 6
    assert any(
        m.startswith("Integrator 1: dae_jacob_init = 1 accepted, no effect (") for m in notes
    )
    assert not any("dae_index" in m for m in notes)  # honoured: the index-3 form
    second = model.simulate(end=0.1, dtout=0.01, returnResults=True)
    assert not [m for m in second.messages if "accepted, no effect" in m]
    model.reset()
    third = model.simulate(end=0.05, dtout=0.01, returnResults=True)
    assert len([m for m in third.messages if "accepted, no effect" in m]) == 6


def test_an_inactive_entity_reports_its_no_effect_attributes_once_activated():
    # its attributes act on nothing while it is inactive; the simulate after the activation
    # is the first one where the value could matter
    model = Model()
    ground = Part(ground=True)
    body = Part(mass=1.0, ip=[1.0, 1.0, 1.0])
    body.cm = Marker(qp=[0, 0, -1])
    Joint(type="REVOLUTE", i=Marker(part=body), j=Marker(part=ground))
    spring = Variable(function="TIME", penalty=100.0, active=False)
    first = model.simulate(end=0.02, dtout=0.01, returnResults=True)
    assert not [m for m in first.messages if "penalty" in m]
    spring.active = True
    second = model.simulate(end=0.04, dtout=0.01, returnResults=True)
    notes = [m for m in second.messages if "accepted, no effect" in m]
    assert len(notes) == 1, notes
    assert "penalty = 100.0" in notes[0], notes


def test_a_close_misspelling_on_a_part_is_said_to_be_one():
    # a Part keeps any attribute (part.A = Marker(...)), but a number under a name close to
    # a documented attribute is most likely a typing error
    Model()
    part = Part(mass=1.0)
    with pytest.warns(UserWarning, match=r"'mas' is not an attribute of Part; did you mean 'mass'"):
        part.mas = 2.0
    assert part.mass == 1.0
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        part.A = Marker(part=part)
        part.stiffnessTable = [1, 2, 3]


@pytest.mark.parametrize(
    ("cls_name", "attribute"),
    [(r[0], r[1]) for r in ROWS if r[3] != "not available"],
    ids=[f"{r[0]}.{r[1]}" for r in ROWS if r[3] != "not available"],
)
def test_a_wrong_value_is_refused_naming_the_entity_and_the_attribute(cls_name, attribute):
    Model()
    obj = getattr(msolve, cls_name)()
    with pytest.raises((TypeError, ValueError)) as info:
        setattr(obj, attribute, object())
    message = str(info.value)
    assert message.startswith(type(obj).__name__), message
    assert f"'{attribute}'" in message, message
