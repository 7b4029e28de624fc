"""Contact through the collision library (docs/equations.md §3.13): External meshes read
from STL and OBJ files, the solids without a closed form (Cylinder, Ellipsoid), box-box
edge-to-edge contact, and the errors of bad mesh files."""

import math

import numpy as np
import pytest
import trimesh

from msolve import *
from msolve import read_results

G = 9.81
R = 0.1


def _save(mesh, path):
    mesh.export(str(path))
    return str(path)


def resting_height(igeom_of, jgeom_of, k=1e5, e=1.5, start=R - 1e-3):
    """Statics of a part of mass 1 on a vertical slide, carried by a contact of IMPACT
    k d^e between the solid igeom_of(cm marker) and jgeom_of(ground marker at the origin):
    the height of the part and the contact's vertical force."""
    model = Model()
    Units(system="MKS")
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    at = Marker(part=ground)
    part = Part(mass=1.0, ip=[4e-3, 4e-3, 4e-3], qg=[0, 0, start], cm=Marker())
    c = Contact(igeom=igeom_of(part.cm), jgeom=jgeom_of(at), stiffness=k, exponent=e)
    Joint(type="TRANSLATIONAL", i=Marker(part=part), j=Marker(part=ground))
    model.z = Request(type="DISPLACEMENT", i=part.cm)
    run = model.simulate(type="STATICS", end=0, returnResults=True)
    z = run.getObject(model.z).getComponent("Z")[-1]
    return z, run.getObject(c).getComponent("FZ")[-1]


def floor_box(at):
    # the top face of a 10 x 10 x 1 box is z = 0
    return Box(cm=Marker(part=at.part, qp=[0, 0, -0.5]), x=10, y=10, z=1)


SINK = (G / 1e5) ** (1 / 1.5)  # the depth of IMPACT k d^e carrying the weight


def test_a_sphere_on_a_box_from_meshes_rests_where_the_primitives_do(tmp_path):
    # a UV sphere has a vertex at its poles: the lowest point is exactly R below its centre
    sphere = _save(trimesh.creation.uv_sphere(radius=R, count=[32, 32]), tmp_path / "ball.stl")
    block = trimesh.creation.box(extents=[10, 10, 1])
    block.apply_translation([0, 0, -0.5])
    floor = _save(block, tmp_path / "floor.obj")
    z_mesh, f_mesh = resting_height(
        lambda m: External(rm=m, file=sphere), lambda m: External(rm=m, file=floor)
    )
    z_prim, f_prim = resting_height(lambda m: Sphere(cm=m, radius=R), floor_box)
    assert z_prim == pytest.approx(R - SINK, abs=1e-9)
    assert z_mesh == pytest.approx(z_prim, abs=1e-7)
    assert f_mesh == pytest.approx(G, rel=1e-9)
    assert f_prim == pytest.approx(G, rel=1e-9)


def test_a_sphere_on_a_non_convex_mesh_rests_on_its_face(tmp_path):
    # two separate blocks in one file: closed, not convex (the library's triangle hierarchy)
    # (the sphere touches inside a triangle, off the diagonal of the block's top face)
    a = trimesh.creation.box(extents=[1, 1, 1])
    a.apply_translation([0.2, 0.1, -0.5])
    b = trimesh.creation.box(extents=[1, 1, 1])
    b.apply_translation([3, 0, -0.5])
    floor = _save(trimesh.util.concatenate([a, b]), tmp_path / "blocks.stl")
    z, f = resting_height(lambda m: Sphere(cm=m, radius=R), lambda m: External(rm=m, file=floor))
    assert z == pytest.approx(R - SINK, abs=1e-7)
    assert f == pytest.approx(G, rel=1e-9)


def test_an_ellipsoid_rests_on_its_semi_axis():
    z, f = resting_height(
        lambda m: Ellipsoid(cm=m, xscale=0.4, yscale=0.3, zscale=0.2),
        floor_box,
        start=0.1 - 1e-3,
    )
    assert z == pytest.approx(0.1 - SINK, abs=1e-7)
    assert f == pytest.approx(G, rel=1e-9)


def test_a_box_rests_edge_on_edge_on_a_crossed_box():
    # the upper cube (edge a) stands on an edge, rotated 45 degrees about x; the lower one
    # is rotated 45 degrees about y: the two edges cross at one point, no corner is inside
    # the other box, and the upper centre rests half a diagonal above the lower top edge
    a = 0.2
    half_diag = a / math.sqrt(2)

    def upper(m):
        return Box(cm=Marker(part=m.part, reuler=[0, math.pi / 4, 0]), x=a, y=a, z=a)

    def lower(m):
        centre = Marker(part=m.part, qp=[0, 0, -half_diag], reuler=[math.pi / 2, math.pi / 4, 0])
        return Box(cm=centre, x=a, y=a, z=a)

    z, f = resting_height(upper, lower, start=half_diag - 1e-3)
    assert z == pytest.approx(half_diag - SINK, abs=1e-9)
    assert f == pytest.approx(G, rel=1e-9)


def test_a_cylinder_rolls_down_an_incline_without_slipping():
    # a solid cylinder rolling without slip accelerates at 2/3 g sin(theta) (its moment of
    # inertia m r^2 / 2); gravity is tilted instead of the floor
    theta, r, m = math.radians(10), 0.1, 1.0
    model = Model()
    Units(system="MKS")
    Accgrav(igrav=G * math.sin(theta), kgrav=-G * math.cos(theta))
    Integrator(error=1e-7)
    ground = Part(ground=True)
    floor = floor_box(Marker(part=ground))
    k = 1e6
    sink = G * math.cos(theta) / k
    izz = m * r * r / 2
    ixx = m * (3 * r * r + 0.05**2) / 12
    wheel = Part(mass=m, ip=[ixx, izz, ixx], qg=[0, 0, r - sink], cm=Marker())
    # the cylinder's axis along y, centred on the part: its base 0.025 behind
    base = Marker(part=wheel, qp=[0, -0.025, 0], zp=[0, 1, 0])
    # a planar joint keeps the wheel upright (the contact is a line)
    Joint(type="PLANAR", i=Marker(part=wheel, zp=[0, 1, 0]), j=Marker(part=ground, zp=[0, 1, 0]))
    Contact(
        igeom=Cylinder(cm=base, radius=r, length=0.05),
        jgeom=floor,
        stiffness=k,
        exponent=1.0,
        damping=2e2,
        dmax=1e-6,
        coulomb_friction="ON",
        mu_static=0.5,
        mu_dynamic=0.4,
        stiction_transition_velocity=1e-3,
        friction_transition_velocity=2e-3,
    )
    model.d = Request(type="DISPLACEMENT", i=wheel.cm)
    run = model.simulate(end=0.3, dtout=0.01, returnResults=True)
    t = run.times
    x = run.getObject(model.d).getComponent("X")
    late = t > 0.05
    accel = 2 * np.polyfit(t[late], x[late], 2)[0]
    assert accel == pytest.approx(2 / 3 * G * math.sin(theta), rel=2e-3)


def test_a_follower_on_a_cam_from_meshes_follows_the_cam_profile(tmp_path):
    # an eccentric disc cam (radius rc, centre e from its shaft) turning at w under a flat
    # follower on a vertical slide: the follower's face is at e sin(w t) + rc (the top of the
    # disc), less the contact's depth; the disc is a 256-sided prism (within 4e-6 of a circle)
    rc, e, w, k = 0.05, 0.01, 2 * math.pi, 1e8
    disc = trimesh.creation.cylinder(radius=rc, height=0.02, sections=256)
    disc.apply_translation([e, 0, 0])
    cam_file = _save(disc, tmp_path / "cam.stl")
    plate = trimesh.creation.box(extents=[0.2, 0.04, 0.02])
    plate.apply_translation([0, 0, 0.01])
    follower_file = _save(plate, tmp_path / "follower.obj")
    model = Model()
    Units(system="MKS")
    Accgrav(jgrav=-G)
    ground = Part(ground=True)
    # the cam turns about z; its mesh's z axis is along global z, the follower moves along y
    cam = Part(mass=1.0, ip=[1e-3, 1e-3, 1e-3], cm=Marker())
    pin = Joint(type="REVOLUTE", i=Marker(part=cam), j=Marker(part=ground))
    Motion(joint=pin, jtype="ROTATION", function=f"{w}*TIME")
    follower = Part(mass=0.5, ip=[1e-4, 1e-4, 1e-4], qg=[0, rc, 0], cm=Marker())
    Joint(
        type="TRANSLATIONAL",
        i=Marker(part=follower, zp=[0, 1, 0]),
        j=Marker(part=ground, zp=[0, 1, 0]),
    )
    # the plate's face (z = 0 of its mesh) on the follower's origin, normal along -y
    face = Marker(part=follower, zp=[0, 1, 0], xp=[1, 0, 0])
    Contact(
        igeom=External(rm=face, file=follower_file),
        jgeom=External(rm=cam.cm, file=cam_file),
        stiffness=k,
        exponent=1.0,
        damping=2e3,
        dmax=1e-6,
    )
    model.d = Request(type="DISPLACEMENT", i=follower.cm)
    run = model.simulate(end=0.5, dtout=0.01, returnResults=True)
    t = run.times
    lift = run.getObject(model.d).getComponent("Y")
    settled = t > 0.1
    profile = e * np.sin(w * t) + rc - 0.5 * (G + e * w * w * np.sin(w * t)) / k
    assert np.max(np.abs(lift[settled] - profile[settled])) < 5e-6


# -- bad mesh files ---------------------------------------------------------------------------


def sphere_on(tmp_path, filename):
    model = Model()
    Units(system="MKS")
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    ball = Part(mass=1.0, ip=[4e-3, 4e-3, 4e-3], qg=[0, 0, 1.0], cm=Marker())
    mesh = External(rm=Marker(part=ground), file=filename)
    Contact(igeom=Sphere(cm=ball.cm, radius=R), jgeom=mesh, stiffness=1e5)
    return model


def junk_file(folder):
    path = folder / "junk.stl"
    path.write_text("solid nothing here\n")
    return str(path)


def open_box():
    # a cube missing one of its twelve triangles
    block = trimesh.creation.box(extents=[1, 1, 1])
    return trimesh.Trimesh(block.vertices, block.faces[:-1])


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda p: str(p / "missing.stl"), "cannot be read: no such file"),
        (junk_file, "cannot be read|holds no triangle mesh"),
        (lambda p: _save(open_box(), p / "open.stl"), "is not closed"),
    ],
)
def test_a_bad_mesh_file_is_refused_naming_it(tmp_path, make, problem):
    filename = make(tmp_path)
    model = sphere_on(tmp_path, filename)
    with pytest.raises(ValueError, match=rf"the mesh file '{filename}' ({problem})"):
        model.simulate(end=0.01, dtout=0.01)


def test_a_mesh_with_inverted_normals_is_refused_naming_it(tmp_path):
    block = trimesh.creation.box(extents=[1, 1, 1])
    block.invert()
    filename = _save(block, tmp_path / "inside_out.stl")
    model = sphere_on(tmp_path, filename)
    with pytest.raises(ValueError, match=rf"the mesh file '{filename}' has inverted normals"):
        model.simulate(end=0.01, dtout=0.01)


# -- the CONTACT result ------------------------------------------------------------------------


def test_the_contact_result_gives_force_depth_point_and_slip(tmp_path):
    # a ball sliding without friction at 0.5 along the floor, sunk to the depth where
    # IMPACT k d^e carries its weight: the normal force is its weight, the point half the
    # depth below the floor's face (the middle of the overlap), the slip its speed
    k = 1e5
    model = Model(output=str(tmp_path / "slide"))
    Units(system="MKS")
    Accgrav(kgrav=-G)
    ground = Part(ground=True)
    ball = Part(mass=1.0, ip=[4e-3, 4e-3, 4e-3], qg=[0, 0, R - SINK], cm=Marker(), vx=0.5)
    c = Contact(
        igeom=Sphere(cm=ball.cm, radius=R), jgeom=floor_box(Marker(part=ground)), stiffness=k
    )
    run = model.simulate(end=0.1, dtout=0.05, returnResults=True)
    got = run.getObject(c)
    assert got.getComponent("FN")[0] == pytest.approx(G, rel=1e-9)
    assert got.getComponent("FZ")[0] == pytest.approx(G, rel=1e-9)
    assert got.getComponent("FM")[0] == pytest.approx(G, rel=1e-9)
    assert got.getComponent("FF")[0] == 0.0
    assert got.getComponent("DEPTH")[0] == pytest.approx(SINK, rel=1e-9)
    assert got.getComponent("PZ")[0] == pytest.approx(-SINK / 2, rel=1e-9)
    np.testing.assert_allclose(got.getComponent("VSLIP"), 0.5, rtol=1e-6)
    np.testing.assert_allclose(got.getComponent("PX"), 0.5 * run.times, atol=1e-6)
    assert list(got.getComponent("NPOINTS")) == [1.0] * len(run.times)
    # the results file holds the same series
    stored = read_results(str(tmp_path / "slide.h5")).getObject(f"Contact{c.id}")
    np.testing.assert_allclose(stored.getComponent("FN"), got.getComponent("FN"), rtol=1e-12)
