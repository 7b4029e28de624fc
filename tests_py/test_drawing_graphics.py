"""The graphics that only draw (Arc, Circle, ParamCurve, ParamSurface): every documented
attribute kept, references checked when the model is compiled, bad values named, written and
read by datasets, and no effect on the physics (docs/motionsolve-compatibility.md)."""

import math

import numpy as np
import pytest

from msolve import *


def SURSUB(id, par, npar, alpha, beta, iord, iflag):
    if iord == 0:
        return [alpha, beta, 0.0]
    if iord == 1:
        return [1.0, 0.0, 0.0, 0.0, 1.0, 0.0]
    return [0.0] * 9


def _pendulum():
    model = Model()
    Integrator(error=1e-8)
    Accgrav(jgrav=-9.81)
    ground = Part(ground=True)
    bob = Part(mass=1.0, ip=[1e-3, 1e-3, 1e-3], cm=Marker(qp=[1.0, 0.0, 0.0]))
    Joint(type="REVOLUTE", i=Marker(part=bob), j=Marker(part=ground))
    model.y = Request(type="DISPLACEMENT", i=bob.cm)
    model.bob, model.ground = bob, ground
    return model


def _drawings(model):
    curve = Curve(xyz=[[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]])
    surface = Surface(routine=SURSUB, function="USER(1)")
    return [
        Arc(cm=model.bob.cm, radius=0.1, rangle=90.0, seg=20, color="255:0:0", label="arc"),
        Circle(cm=model.bob.cm, rm=Marker(part=model.bob, qp=[1.2, 0, 0]), seg=30, hidden=True),
        ParamCurve(curve=curve, rm=model.ground.cm or Marker(part=model.ground), seg=40),
        ParamSurface(surface=surface, rm=Marker(part=model.ground), U_seg=5, V_seg=6),
        Outline(markers=[model.bob.cm, Marker(part=model.ground)], color="0:0:255"),
    ]


def test_drawing_graphics_change_nothing_in_the_physics_and_are_said_to_draw_only():
    plain = _pendulum()
    before = plain.simulate(end=1.0, dtout=0.1, returnResults=True)
    drawn = _pendulum()
    _drawings(drawn)
    after = drawn.simulate(end=1.0, dtout=0.1, returnResults=True)
    np.testing.assert_array_equal(
        after.getObject(drawn.y).getComponent("Y"), before.getObject(plain.y).getComponent("Y")
    )
    notes = [m for m in after.messages if "msolve draws no graphics" in m]
    assert any(m.startswith("Arc") and "radius" in m for m in notes), notes
    assert any("ParamSurface" in m and "U_seg" in m for m in notes), notes


def test_drawing_graphics_check_their_references_and_values():
    model = _pendulum()
    Arc(radius=0.1, label="no centre")
    with pytest.raises(ValueError, match=r"Arc \d+ 'no centre': cm \(the marker at its centre\)"):
        model.simulate(end=0.1)

    model = _pendulum()
    Circle(cm=model.bob.cm, radius=0.1, rm=Marker(part=model.bob), label="both")
    with pytest.raises(ValueError, match=r"Circle \d+ 'both': give either radius or rm"):
        model.simulate(end=0.1)

    model = _pendulum()
    ParamCurve(label="nothing")
    with pytest.raises(ValueError, match=r"ParamCurve \d+ 'nothing': curve .* is not set"):
        model.simulate(end=0.1)

    model = _pendulum()
    Outline(markers=[model.bob.cm], label="alone")
    with pytest.raises(ValueError, match=r"Outline \d+ 'alone': markers must list at least 2"):
        model.simulate(end=0.1)

    with pytest.raises(TypeError, match=r"Arc.*seg"):
        Arc(seg="many")
    with pytest.raises(ValueError, match=r"Circle.*radius"):
        Circle(radius=-1.0)
    with pytest.raises(TypeError, match=r"ParamSurface.*surface"):
        ParamSurface(surface=Curve())
    with pytest.raises(TypeError, match=r"Arc.*rangel"):
        Arc(rangel=1.0)

    # a drawing is not a solid: a Contact refuses it, naming it
    model = _pendulum()
    arc = Arc(cm=model.bob.cm, radius=0.1)
    Contact(igeom=[arc], jgeom=[Sphere(cm=Marker(part=model.ground), radius=0.2)], stiffness=1e5)
    with pytest.raises(ValueError, match=r"Arc \d+.*cannot be used for contact"):
        model.simulate(end=0.1)


def test_drawing_graphics_go_through_a_dataset(tmp_path):
    model = _pendulum()
    arc, circle, curve_graphic, surface_graphic, outline = _drawings(model)
    path = tmp_path / "drawn.xml"
    model.save_model(path)
    text = path.read_text()
    for kind in ("Arc", "Circle", "ParamCurve", "ParamSurface", "Outline"):
        assert f'type="{kind}"' in text
    loaded = load_model(path, allow_scripts=True)
    by_kind = {type(g).__name__: g for g in loaded._entities if isinstance(g, Graphics)}
    got = by_kind["Arc"]
    assert (got.id, got.label, got.radius, got.rangle, got.seg) == (arc.id, "arc", 0.1, 90.0, 20)
    assert got.cm.id == arc.cm.id
    assert got.color == "255:0:0"
    got = by_kind["Circle"]
    assert got.rm.id == circle.rm.id
    assert got.radius is None
    assert got.seg == 30
    assert got.hidden
    got = by_kind["ParamCurve"]
    assert got.curve.id == curve_graphic.curve.id
    assert got.seg == 40
    got = by_kind["ParamSurface"]
    assert got.surface.id == surface_graphic.surface.id
    assert (got.U_seg, got.V_seg) == (5, 6)
    got = by_kind["Outline"]
    assert [m.id for m in got.markers] == [m.id for m in outline.markers]
    run = loaded.simulate(end=0.2, dtout=0.1, returnResults=True)
    assert math.isfinite(run.times[-1])
