"""Bad datasets: truncated, garbled and hostile files, missing or ill-typed attributes and
unknown ids give a DatasetError naming the file, the line and the element, never a crash."""

import re

import pytest
from test_xml_roundtrip import PENDULUM_XML

from msolve import *
from msolve.xml import read_dataset


def load_text(tmp_path, text, name="bad.xml", **kwds):
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return load_model(path, **kwds)


def error_of(tmp_path, text, **kwds):
    with pytest.raises(DatasetError) as info:
        load_text(tmp_path, text, **kwds)
    return info.value


def line_of(text, needle):
    return text[: text.index(needle)].count("\n") + 1


# -- malformed files ------------------------------------------------------------------------


def test_truncated_file(tmp_path):
    cut = PENDULUM_XML[: PENDULUM_XML.index("<Constraint_Joint") + 40]
    e = error_of(tmp_path, cut)
    assert e.path.name == "bad.xml"
    assert e.line == cut.count("\n") + 1
    assert "malformed XML" in str(e)
    assert "truncated" in str(e)


def test_file_cut_between_elements(tmp_path):
    cut = PENDULUM_XML[: PENDULUM_XML.index("<Post_Request")]
    e = error_of(tmp_path, cut)
    assert re.search(r"bad\.xml:\d+: <Model>: .*ends before the elements are closed", str(e))


@pytest.mark.parametrize(
    "garbage",
    [
        b"\x00\x01\x02\xff\xfe binary",
        b"this is not XML at all",
        b"<Model><Body_Rigid id='1'></Model>",
        b"<Model><Body_Rigid id=1/></Model>",
        b"<Model>\n<Body_Rigid id='1' id='2'/></Model>",
        b"<<<>>>",
    ],
)
def test_garbled_files(tmp_path, garbage):
    e = error_of(tmp_path, garbage)
    assert str(e).startswith(str(tmp_path / "bad.xml"))
    assert e.line is not None or "no XML element" in str(e)


def test_empty_and_missing_files(tmp_path):
    assert "empty" in str(error_of(tmp_path, b"  \n"))
    with pytest.raises(DatasetError, match="cannot read the file"):
        load_model(tmp_path / "nowhere.xml")


def test_no_model_block(tmp_path):
    e = error_of(tmp_path, "<MSolveModel><Command><Stop/></Command></MSolveModel>")
    assert "no <Model> block" in str(e)


# -- hostile files --------------------------------------------------------------------------


def test_entity_expansion_is_refused(tmp_path):
    laughs = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
]>
<Model><Body_Rigid id="1" label="&lol3;" isground="TRUE"/></Model>"""
    e = error_of(tmp_path, laughs)
    assert "DOCTYPE" in str(e)
    assert e.line == 2


def test_external_entities_are_refused(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("password")
    xxe = f"""<?xml version="1.0"?>
<!DOCTYPE m [<!ENTITY x SYSTEM "file://{secret}">]>
<Model><Body_Rigid id="1" label="&x;" isground="TRUE"/></Model>"""
    e = error_of(tmp_path, xxe)
    assert "DOCTYPE" in str(e)
    assert "password" not in str(e)


def test_undeclared_entity_is_an_error(tmp_path):
    e = error_of(tmp_path, '<Model><Body_Rigid id="1" label="&x;" isground="TRUE"/></Model>')
    assert "undefined entity" in str(e)


def test_deep_nesting_is_refused(tmp_path):
    deep = "<Model>" + "<a>" * 100_000 + "</a>" * 100_000 + "</Model>"
    e = error_of(tmp_path, deep)
    assert "nested deeper than 64 levels" in str(e)


def test_huge_numbers(tmp_path):
    def body(mass):
        return PENDULUM_XML.replace('mass="2.0"', f'mass="{mass}"')

    e = error_of(tmp_path, body("1e999"))
    assert "attribute 'mass' must be a finite number" in str(e)
    assert e.element == "<Body_Rigid id=2>"
    assert e.line == line_of(PENDULUM_XML, '<Body_Rigid id="2"')
    e = error_of(tmp_path, body("9" * 100_000))
    assert "attribute 'mass' must be a number, got '99999" in str(e)
    assert len(str(e)) < 300
    e = error_of(tmp_path, body("nan"))
    assert "must be a number" in str(e)
    e = error_of(
        tmp_path,
        PENDULUM_XML.replace('<Body_Rigid id="2"', '<Body_Rigid id="99999999999999999999"'),
    )
    assert "attribute 'id' must be an integer" in str(e)
    e = error_of(
        tmp_path, PENDULUM_XML.replace('<Body_Rigid id="2"', '<Body_Rigid id="3000000000"')
    )
    assert "too large for an id" in str(e)


def test_wrong_encodings(tmp_path):
    # declared UTF-8, written in Latin-1
    latin = PENDULUM_XML.replace('label="bob"', 'label="Pendel Gewicht \u00e4"').encode("latin-1")
    e = error_of(tmp_path, latin)
    assert "not well-formed" in str(e)
    assert e.line == line_of(PENDULUM_XML, 'label="bob"')
    # an encoding nobody knows
    e = error_of(tmp_path, PENDULUM_XML.replace("UTF-8", "X-NO-SUCH-CODE"))
    assert "encoding" in str(e)
    # UTF-16 with its byte-order mark is XML too
    model = load_text(tmp_path, PENDULUM_XML.replace("UTF-8", "UTF-16").encode("utf-16"))
    assert model.lookupById("Part", 2).mass == 2.0


# -- wrong content --------------------------------------------------------------------------


def test_missing_required_attribute(tmp_path):
    text = PENDULUM_XML.replace('i_marker_id="3" j_marker_id="1"', 'j_marker_id="1"')
    e = error_of(tmp_path, text)
    assert e.element == "<Constraint_Joint id=1>"
    assert e.line == line_of(text, "<Constraint_Joint")
    assert "the attribute 'i_marker_id' is required" in str(e)


def test_reference_to_a_missing_id(tmp_path):
    text = PENDULUM_XML.replace(
        'i_marker_id="3" j_marker_id="1"', 'i_marker_id="3" j_marker_id="77"'
    )
    e = error_of(tmp_path, text)
    assert str(e) == (
        f"{tmp_path / 'bad.xml'}:{line_of(text, '<Constraint_Joint')}: "
        "<Constraint_Joint id=1>: attribute 'j_marker_id': no Reference_Marker "
        "with id 77"
    )


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('isground="TRUE"', 'isground="maybe"', "attribute 'isground' must be TRUE or FALSE"),
        ('mass="2.0"', 'mass="heavy"', "attribute 'mass' must be a number, got 'heavy'"),
        ('mass="2.0"', 'mass="-2.0"', "attribute 'mass' must be at least 0.0"),
        ('type="REVOLUTE"', 'type="HINGE"', "attribute 'type' must be one of"),
        ('cg_id="2"', 'cg_id="two"', "attribute 'cg_id' must be an integer"),
        ('cg_id="2"', 'cg_id="1"', "Reference_Marker 1 belongs to body 1"),
        ('body_id="2" pos_x="300"', 'body_id="5" pos_x="300"', "no Body_Rigid with id 5"),
        (
            '<Reference_Marker id="3"',
            '<Reference_Marker id="2"',
            "Reference_Marker id 2 is already used",
        ),
        ('end_time="2.0"', 'end_time="soon"', "attribute 'end_time' must be a number"),
        ('analysis_type="Transient"', 'analysis_type="Dance"', "analysis_type"),
        ('integr_tol="1.0E-6"', 'integr_tol="-1"', "attribute 'integr_tol' must be at least 0"),
        ('force_unit="NEWTON"', 'force_unit="NEWTONS"', "attribute 'force' must be one of"),
        ('psi="0" theta', 'a00="2" psi="0" theta', "not both"),
    ],
)
def test_values_of_the_wrong_kind(tmp_path, old, new, message):
    assert old in PENDULUM_XML
    text = PENDULUM_XML.replace(old, new, 1)
    e = error_of(tmp_path, text)
    assert message in str(e)
    # the line where the element holding the changed text starts
    start = text.rfind("<", 0, text.rindex(new) + 1)
    assert e.line == text[:start].count("\n") + 1


def test_direction_cosines_must_be_a_rotation(tmp_path):
    text = PENDULUM_XML.replace('a11="0" a21="1"', 'a11="0" a21="2"')
    e = error_of(tmp_path, text)
    assert "not an orthonormal" in str(e)
    assert e.element == "<Reference_Marker id=1>"


def test_marker_loops_are_refused(tmp_path):
    text = PENDULUM_XML.replace('body_id="2" pos_x="300"', 'body_id="2" rm_id="4" pos_x="300"')
    text = text.replace(
        "<Constraint_Joint", '<Reference_Marker id="4" body_id="2" rm_id="2"/>\n  <Constraint_Joint'
    )
    e = error_of(tmp_path, text)
    assert "loop" in str(e)


def test_solver_errors_still_name_the_entity(tmp_path):
    # a dataset that reads but cannot be assembled: the simulate error names the entity
    text = PENDULUM_XML.replace(
        'i_marker_id="3" j_marker_id="1"', 'i_marker_id="2" j_marker_id="3"'
    )
    model = load_text(tmp_path, text)
    with pytest.raises(ValueError, match=r"Joint 1 'pin'"):
        model.simulate(end=0.1)


def test_failed_load_keeps_the_current_model(tmp_path):
    from msolve.base import current_model

    model = Model()
    with pytest.raises(DatasetError):
        load_text(tmp_path, PENDULUM_XML.replace('mass="2.0"', 'mass="x"'))
    assert current_model() is model


def test_blank_after_the_bracket_is_repaired_with_a_warning(tmp_path):
    text = PENDULUM_XML.replace("<Constraint_Joint", "< Constraint_Joint")
    with pytest.warns(DatasetWarning, match=r"line \d+: blank after '<' ignored"):
        model = load_text(tmp_path, text)
    assert model.lookupById("Joint", 1).type == "REVOLUTE"


def test_dataset_errors_are_value_errors_with_parts(tmp_path):
    path = tmp_path / "p.xml"
    path.write_text(PENDULUM_XML.replace('mass="2.0"', 'mass="x"'))
    with pytest.raises(ValueError, match="must be a number") as info:
        read_dataset(path)
    e = info.value
    assert isinstance(e, DatasetError)
    assert (e.path, e.line, e.element) == (
        path,
        line_of(PENDULUM_XML, 'mass="2.0"'),
        "<Body_Rigid id=2>",
    )
    assert e.reason == "attribute 'mass' must be a number, got 'x'"
