"""Spline data read by a SPLINE_READ routine (file, block, function, routine, script): the
routine's data, handed over with py_put_spline, are the Spline's; its error flag and a
routine that puts nothing are named; a dataset's script_name/file_name/block_name work."""

import numpy as np
import pytest
from test_xml_roundtrip import PENDULUM_XML

from msolve import *

DATA = """# a spring's force against its deflection, two blocks
[soft]
0.0 0.0
0.1 -10.0
0.2 -25.0
0.3 -45.0
0.4 -70.0
[hard]
0.0 0.0
0.1 -100.0
0.2 -250.0
0.3 -450.0
"""


def SPLINE_READ(id, file_name, block_name):
    """Reads the rows 'x y' of [block_name] in file_name and puts them."""
    x, y, inside = [], [], False
    with open(file_name) as f:
        lines = f.read().splitlines()
    for line in lines:
        if line.startswith("["):
            inside = line.strip() == f"[{block_name}]"
        elif inside and line.strip():
            a, b = line.split()
            x.append(float(a))
            y.append(float(b))
    return py_put_spline(id, x, y, 0.0)


def model_with(spline_kwds, x_expr="TIME"):
    model = Model()
    ground = Part(ground=True)
    block = Part(mass=1.0, ip=[0.1, 0.1, 0.1], cm=Marker(qp=[0, 0, 0]))
    slide = Joint(
        type="TRANSLATIONAL",
        i=Marker(part=block, qp=[0, 0, 0], zp=[1, 0, 0]),
        j=Marker(part=ground, qp=[0, 0, 0], zp=[1, 0, 0]),
    )
    Motion(joint=slide, jtype="TRANSLATION", function="0")
    spline = Spline(**spline_kwds)
    out = Request(f2=f"CUBSPL({x_expr}, 0, {spline.id})", f3=f"AKISPL({x_expr}, 0, {spline.id})")
    return model, spline, out


def test_the_routine_reads_the_block_of_the_file_into_the_spline(tmp_path):
    (tmp_path / "spring.dat").write_text(DATA)
    model, spline, out = model_with(
        {"file": "spring.dat", "block": "soft", "function": "USER()", "routine": SPLINE_READ}
    )
    run = model.simulate(end=0.4, dtout=0.1, returnResults=True)
    assert spline.x == [0.0, 0.1, 0.2, 0.3, 0.4]
    assert spline.y == [0.0, -10.0, -25.0, -45.0, -70.0]
    # both interpolants pass through the data points (the outputs are at the knots)
    got = run.getObject(out)
    np.testing.assert_allclose(got.getComponent("F2"), spline.y, atol=1e-12)
    np.testing.assert_allclose(got.getComponent("F3"), spline.y, atol=1e-12)
    # another block: read again at the next simulate
    spline.block = "hard"
    run = model.simulate(end=0.7, dtout=0.1, returnResults=True)
    assert spline.y == [0.0, -100.0, -250.0, -450.0]
    # the compiled interpolant is that of the new data (the runtime CUBSPL reads them)
    np.testing.assert_allclose(
        run.getObject(out).getComponent("F2")[-4:],
        [CUBSPL(t, 0, spline) for t in run.times[-4:]],
        rtol=1e-12,
    )


def test_a_script_names_the_file_of_the_routine(tmp_path):
    (tmp_path / "spring.dat").write_text(DATA)
    (tmp_path / "reader.py").write_text(
        "from msolve import py_put_spline\n"
        "def SPLINE_READ(id, file_name, block_name):\n"
        "    return py_put_spline(id, [0, 1, 2, 3], [0, 1, 4, 9], 0.0)\n"
    )
    model, _, out = model_with({"file": "spring.dat", "script": "reader.py"})
    run = model.simulate(end=3.0, dtout=1.0, returnResults=True)
    np.testing.assert_allclose(run.getObject(out).getComponent("F2"), [0, 1, 4, 9], atol=1e-12)


def test_an_error_flag_or_no_data_stop_with_the_spline_named(tmp_path):
    def failing(id, file_name, block_name):
        return True

    model, _, _ = model_with({"file": "none", "routine": failing, "label": "table"})
    with pytest.raises(ValueError, match=r"Spline \d+ 'table': its SPLINE_READ routine returned"):
        model.simulate(end=0.1)

    def silent(id, file_name, block_name):
        return False

    model, _, _ = model_with({"routine": silent, "label": "quiet"})
    with pytest.raises(ValueError, match=r"'quiet': its SPLINE_READ routine put no data"):
        model.simulate(end=0.1)

    def bad_data(id, file_name, block_name):
        return py_put_spline(id, [0, 1, 2, 3], ["a"], 0.0)

    model, _, _ = model_with({"routine": bad_data, "label": "garbled"})
    with pytest.raises(ValueError, match=r"'garbled': its SPLINE_READ routine returned .*y"):
        model.simulate(end=0.1)


def test_a_dataset_spline_read_by_a_python_script(tmp_path):
    (tmp_path / "spring.dat").write_text(DATA)
    (tmp_path / "reader.py").write_text(
        "from msolve import py_put_spline\n"
        "def READ(id, file_name, block_name):\n"
        "    with open(file_name) as f:\n"
        "        text = f.read()\n"
        "    block = text.split('[' + block_name + ']')[1].split('[')[0]\n"
        "    rows = [r.split() for r in block.splitlines() if r.strip()]\n"
        "    x = [float(r[0]) for r in rows]\n"
        "    y = [float(r[1]) for r in rows]\n"
        "    return py_put_spline(id, x, y, 0.0)\n"
    )
    spline_xml = (
        '  <Reference_Spline id="7" file_name="spring.dat" block_name="hard" '
        'script_name="reader.py" interpreter="PYTHON" usrsub_fnc_name="READ" '
        'usrsub_param_string="USER()"/>\n'
        '  <Post_Request id="3" type="EXPRESSION" expr2="CUBSPL(TIME, 0, 7)"/>\n'
    )
    text = PENDULUM_XML.replace(" </Model>", spline_xml + " </Model>")
    path = tmp_path / "spline.xml"
    path.write_text(text)
    model = load_model(path, allow_scripts=True)
    run = model.simulate(end=0.3, dtout=0.1, returnResults=True)
    spline = model.lookupById(Spline, 7)
    assert spline.y == [0.0, -100.0, -250.0, -450.0]
    request = model.lookupById(Request, 3)
    np.testing.assert_allclose(run.getObject(request).getComponent("F2"), spline.y, atol=1e-9)
    # written back with its routine and file
    model.save_model(tmp_path / "again.xml")
    again = (tmp_path / "again.xml").read_text()
    assert 'file_name="spring.dat"' in again
    assert 'usrsub_fnc_name="READ"' in again
    reloaded = load_model(tmp_path / "again.xml", allow_scripts=True)
    rerun = reloaded.simulate(end=0.3, dtout=0.1, returnResults=True)
    np.testing.assert_allclose(
        rerun.getObject(reloaded.lookupById(Request, 3)).getComponent("F2"), spline.y, atol=1e-9
    )
