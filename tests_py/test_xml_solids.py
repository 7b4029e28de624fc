"""save_model and load_model of what it used to refuse (docs/motionsolve-compatibility.md
§7): the contact solids Ellipsoid, Frustum and External (a part resting on a contact between
two of them, by statics, gives the same height and force after load(save(model)), both at the
closed form of an IMPACT contact k d^e carrying the weight) and Part.planar."""

import pytest
import trimesh

from msolve import *

G, K, E = 9.81, 1e5, 1.5
SINK = (G / K) ** (1 / E)  # the depth of IMPACT k d^e carrying the weight


def resting(igeom_of, jgeom_of, start):
    """A part of mass 1 on a vertical slide, carried by an IMPACT contact between the solid
    igeom_of(its cm marker) and jgeom_of(the ground)."""
    model = Model()
    Units(system="MKS")
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    part = Part(mass=1.0, ip=[4e-3, 4e-3, 4e-3], qg=[0, 0, start], cm=Marker())
    Contact(igeom=igeom_of(part.cm), jgeom=jgeom_of(ground), stiffness=K, exponent=E)
    Joint(type="TRANSLATIONAL", i=Marker(part=part), j=Marker(part=ground))
    Request(id=1, type="DISPLACEMENT", i=part.cm)
    return model


def height_and_force(model):
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    contact = model.getChildren(type="Contact")[0]
    z = run.getObject(model.lookupById("Request", 1)).getComponent("Z")[-1]
    return z, run.getObject(contact).getComponent("FZ")[-1]


def round_trip(model, path):
    before = height_and_force(model)
    model.save_model(path)
    after = height_and_force(load_model(path))
    return before, after


def frustum_floor(ground):
    # a frustum standing on the plane z = -1 along z, its top face (radius 1.5) at z = 0
    return Frustum(cm=Marker(part=ground, qp=[0, 0, -1]), bottom=2.0, top=1.5, length=1.0)


def test_an_ellipsoid_on_a_frustum_round_trips(tmp_path):
    # the ellipsoid's z diameter 0.2: it rests on its semi-axis 0.1, sunk by SINK
    def ellipsoid(m):
        return Ellipsoid(cm=m, xscale=0.4, yscale=0.3, zscale=0.2)

    model = resting(ellipsoid, frustum_floor, start=0.1 - 1e-3)
    (z0, f0), (z1, f1) = round_trip(model, tmp_path / "solids.xml")
    text = (tmp_path / "solids.xml").read_text()
    assert 'type="Ellipsoid"' in text
    assert 'type="Frustum"' in text
    assert z0 == pytest.approx(0.1 - SINK, abs=1e-7)
    assert f0 == pytest.approx(G, rel=1e-9)
    assert (z1, f1) == pytest.approx((z0, f0), rel=1e-12, abs=1e-12)


def test_an_external_mesh_round_trips_with_its_file_relative_to_the_dataset(tmp_path):
    # a UV sphere mesh has a vertex at its poles: its lowest point is 0.1 below its centre
    mesh = trimesh.creation.uv_sphere(radius=0.1, count=[32, 32])
    (tmp_path / "meshes").mkdir()
    ball = tmp_path / "meshes" / "ball.stl"
    mesh.export(str(ball))

    def floor(ground):
        return Box(cm=Marker(part=ground, qp=[0, 0, -0.5]), x=10, y=10, z=1)

    model = resting(lambda m: External(rm=m, file=str(ball)), floor, start=0.1 - 1e-3)
    (z0, f0), (z1, f1) = round_trip(model, tmp_path / "mesh.xml")
    assert 'filename="meshes/ball.stl"' in (tmp_path / "mesh.xml").read_text()
    assert z0 == pytest.approx(0.1 - SINK, abs=1e-7)
    assert (z1, f1) == pytest.approx((z0, f0), rel=1e-12, abs=1e-12)


def test_an_external_of_several_parts_round_trips_their_names(tmp_path):
    model = Model()
    ground = Part(ground=True)
    External(rm=Marker(part=ground), file=str(tmp_path / "x.obj"), element=["a", "b"])
    model.save_model(tmp_path / "m.xml")
    assert 'element="a,b"' in (tmp_path / "m.xml").read_text()
    loaded = load_model(tmp_path / "m.xml")
    assert list(loaded.getChildren(type="External")[0].element) == ["a", "b"]
    other = Model()
    External(rm=Marker(part=Part(ground=True)), file="y.obj", element=["c,d"], label="comma")
    with pytest.raises(DatasetWriteError, match=r"External 1 'comma'.*hold a comma"):
        other.save_model(tmp_path / "n.xml")


def test_a_planar_part_round_trips_as_a_planar_joint(tmp_path):
    # Part(planar="XZ") has no Body_Rigid counterpart: the dataset holds the PLANAR joint it
    # means. Both runs keep y at its design value and turn about y only; x follows gravity's
    # x component: x = x0 + vx t + gx t^2 / 2
    def build():
        model = Model()
        Accgrav(igrav=1.0, jgrav=2.0, kgrav=-9.81)
        Integrator(error=1e-9)
        Part(ground=True)
        part = Part(mass=2.0, ip=[0.1, 0.2, 0.3], qg=[0.3, 0.4, 0.5], vx=1.0, vz=2.0, wy=3.0)
        part.planar = "XZ"
        part.cm = Marker(part=part)
        Request(id=1, type="DISPLACEMENT", i=part.cm)
        return model

    def history(model):
        run = model.simulate(end=1.0, dtout=0.1, returnResults=True)
        r = run.getObject(model.lookupById("Request", 1))
        return run.times, {c: r.getComponent(c) for c in ("X", "Y", "Z", "THETA")}

    model = build()
    t, before = history(model)
    model.save_model(tmp_path / "planar.xml")
    assert 'type="PLANAR"' in (tmp_path / "planar.xml").read_text()
    _, after = history(load_model(tmp_path / "planar.xml"))
    for name in before:
        assert after[name] == pytest.approx(before[name], rel=1e-12, abs=1e-12), name
    assert before["Y"] == pytest.approx(0.4 + 0 * t, abs=1e-12)
    assert before["X"] == pytest.approx(0.3 + t + t**2 / 2, abs=1e-7)
