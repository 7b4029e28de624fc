"""MotionSolve's MDL-like functions (docs/motionsolve-compatibility.md §2.4): each MDL
function against the example of its reference page and a geometric fact, the modeling
functions' markers, their bad input, and a pendulum built with them against its period."""

import math

import numpy as np
import pytest

from msolve import (
    Accgrav,
    Dv,
    Marker,
    Model,
    Part,
    Point,
    Request,
    Vector,
    createRevoluteJoint,
    createSphericalJoint,
    createUJoint,
    loc_along_dir,
    loc_between,
    loc_cylindrical,
    loc_mirror,
    loc_rel_to,
)


def _close(point, expected, tol=1e-12):
    assert isinstance(point, Point)
    np.testing.assert_allclose(tuple(point), expected, atol=tol)


def test_loc_rel_to_documented_example():
    # reference page: Point(16, 8, 0) in the marker at (4, 6, 0), x along global y
    Model()
    rm = Marker(qp=(4, 6, 0), xp=(4, 7, 0), zp=(4, 6, 1))
    _close(loc_rel_to(Point(16, 8, 0), rm), (-4, 22, 0))
    _close(loc_rel_to([16, 8, 0], rm), (-4, 22, 0))
    # a marker as the point: its own origin is (0, 0, 0) in itself
    _close(loc_rel_to(Marker(qp=(0, 0, 0)), rm), (4, 6, 0))


def test_loc_rel_to_follows_the_part_frame():
    # a marker on a part turned 90 degrees about z and moved to (1, 2, 3): global =
    # qg + Rz(90) (qp + R_local p)
    Model()
    part = Part(mass=1, ip=[1, 1, 1], qg=[1, 2, 3], reuler=[math.pi / 2, 0, 0])
    rm = Marker(part=part, qp=(1, 0, 0))
    _close(loc_rel_to(Point(0, 1, 0), rm), (1 - 1, 2 + 1, 3), tol=1e-12)


def test_markers_on_parts_turned_by_zv_xv_and_rm_chains():
    # Part zv along global x, xv along global y: the part's (x, y, z) are global (y, z, x)
    Model()
    part = Part(mass=1, ip=[1, 1, 1], qg=[0, 0, 2], zv=[1, 0, 0], xv=[0, 1, 0])
    marker = Marker(part=part, qp=(0, 0, 1))
    _close(loc_rel_to(Point(1, 2, 3), marker), (1 + 3, 1, 2 + 2))
    # a marker given in the frame of another (rm): the first's origin is (1, 0, 0) in it
    child = Marker(part=part, rm=marker, qp=(1, 0, 0))
    _close(loc_rel_to(Point(0, 0, 0), child), (1, 1, 2))
    # the modeling functions place their markers in such frames too
    ground = Part(ground=True)
    joint = createRevoluteJoint(part, ground, Point(5, 6, 7), Vector(0, 1, 0))
    for m in (joint.i, joint.j):
        _close(loc_rel_to(Point(0, 0, 0), m), (5, 6, 7))
        _close(Point(*m.dc()[2]), (0, 1, 0))


def test_loc_cylindrical_documented_example_and_radius():
    Model()
    _close(
        loc_cylindrical(Vector(1, 30, 0), Marker()),
        (math.cos(math.radians(30)), 0.5, 0),
    )
    # in a turned, moved frame the point is r from rm's z axis and z along it
    rm = Marker(qp=(1, 1, 1), zp=(1, 2, 1), xp=(2, 1, 1))
    p = np.array(tuple(loc_cylindrical([2.0, 123.0, 0.5], rm))) - (1, 1, 1)
    z, x = np.array([0, 1, 0]), np.array([1, 0, 0])
    assert p @ z == pytest.approx(0.5)
    assert np.linalg.norm(p - (p @ z) * z) == pytest.approx(2.0)
    assert math.degrees(math.acos((p @ x) / 2.0)) == pytest.approx(123.0)


def test_loc_between_documented_example():
    Model()
    _close(
        loc_between(first_point=Point(0, 0, 0), end_point=Point(0, 10, 0), dist_ratio=0.3),
        (0, 3, 0),
    )
    a, b = Point(1, 2, 3), Point(-2, 5, 7)
    _close(loc_between(a, b, 0), tuple(a))
    _close(loc_between(a, b, 1), tuple(b))
    # a Dv is the number it stands for; 2 goes beyond the end point
    _close(loc_between(a, b, Dv(b=2.0)), (-5, 8, 11))


def test_loc_along_dir_documented_example():
    Model()
    _close(loc_along_dir(origin=Point(0, 0, 0), vector=Vector(0, 1, 0), distance=3), (0, 3, 0))
    p = loc_along_dir(Point(1, 1, 1), [3, 4, 0], 10)
    _close(p, (7, 9, 1))
    assert math.dist(tuple(p), (1, 1, 1)) == pytest.approx(10)


def test_loc_mirror_documented_example_and_reflection():
    Model()
    ref = Marker(qp=[-1, 0, 0], zp=[0, 0, 0])
    _close(loc_mirror(master_point=Point(-5, 0, 0), ref_marker=ref, plane="xy"), (3, 0, 0))
    # a reflection: twice gives the point back, the midpoint lies in the plane
    tilted = Marker(qp=[1, 2, 3], zp=[2, 3, 4], xp=[2, 2, 2])
    z = np.array(tilted.dc()[2])
    for plane in ("xy", "yz", "zx"):
        p = Point(0.3, -2, 5)
        q = loc_mirror(p, tilted, plane)
        _close(loc_mirror(q, tilted, plane), tuple(p), tol=1e-12)
        mid = (np.array(tuple(p)) + np.array(tuple(q))) / 2
        n = np.array(tilted.dc()[{"xy": 2, "yz": 0, "zx": 1}[plane]])
        assert (mid - (1, 2, 3)) @ n == pytest.approx(0, abs=1e-12)
    np.testing.assert_allclose(z, np.array([1, 1, 1]) / math.sqrt(3), atol=1e-12)


def test_marker_dc_gives_the_global_axes():
    Model()
    rm = Marker(qp=(4, 6, 0), xp=(4, 7, 0), zp=(4, 6, 1))
    x, y, z = rm.dc()
    assert all(isinstance(v, Vector) for v in (x, y, z))
    _close(Point(*x), (0, 1, 0))
    _close(Point(*y), (-1, 0, 0))
    _close(Point(*z), (0, 0, 1))
    part = Part(mass=1, ip=[1, 1, 1], reuler=[0, math.pi / 2, 0])
    axes = np.array([tuple(v) for v in Marker(part=part).dc()]).T
    np.testing.assert_allclose(axes.T @ axes, np.eye(3), atol=1e-12)
    assert np.linalg.det(axes) == pytest.approx(1.0)


def test_bad_input_names_the_function_and_the_argument():
    Model()
    rm = Marker()
    with pytest.raises(TypeError, match="loc_between: first_point must be a Point"):
        loc_between("a", Point(), 0.5)
    with pytest.raises(TypeError, match="loc_between: dist_ratio must be a number"):
        loc_between(Point(), Point(1, 0, 0), "half")
    with pytest.raises(TypeError, match="loc_rel_to: marker must be a Marker"):
        loc_rel_to(Point(), 3)
    with pytest.raises(TypeError, match="loc_cylindrical: rm must be a Marker"):
        loc_cylindrical(Point(), None)
    with pytest.raises(ValueError, match="loc_along_dir: vector gives no direction"):
        loc_along_dir(Point(), Vector(0, 0, 0), 1)
    with pytest.raises(ValueError, match='loc_mirror: plane must be one of "xy"'):
        loc_mirror(Point(), rm, "ab")
    with pytest.raises(ValueError, match="loc_rel_to: point must be a Point or 3 finite"):
        loc_rel_to([1, 2], rm)
    with pytest.raises(TypeError, match="createRevoluteJoint: ibody must be a Part"):
        createRevoluteJoint(ibody=3, jbody=Part(ground=True), location=Point())


def test_bad_input_to_modeling_functions_is_named_and_leaves_nothing_behind():
    model = Model()
    ground = Part(ground=True)
    body = Part(mass=1, ip=[1, 1, 1])
    before = len(model.getChildren())
    cases = [
        (ValueError, "createRevoluteJoint: axis gives no direction", (Point(), Vector())),
        (TypeError, "createRevoluteJoint: location must be a Point", ("abc",)),
        (
            TypeError,
            "createRevoluteJoint: Joint: unknown attribute 'typo'",
            (Point(),),
            {"typo": 1},
        ),
        (ValueError, "createRevoluteJoint: Joint: attribute 'ic'", (Point(),), {"ic": [1, 2, 3]}),
    ]
    for error, message, args, *kwds in cases:
        with pytest.raises(error, match=message):
            createRevoluteJoint(body, ground, *args, **(kwds[0] if kwds else {}))
    with pytest.raises(TypeError, match="createUJoint: ishaft and jshaft are required"):
        createUJoint(body, ground, Point())
    with pytest.raises(ValueError, match="createSphericalJoint: location must be a Point"):
        createSphericalJoint(body, ground, [1, 2])
    assert len(model.getChildren()) == before


def test_modeling_functions_documented_examples():
    Model()
    part1 = Part(mass=1, ip=[10, 10, 10], cm=Marker())
    part2 = Part(mass=1, ip=[10, 10, 10], cm=Marker())
    rev = createRevoluteJoint(
        ibody=part1, jbody=part2, location=Point(1, 1, 1), axis=Point(1, 1, 2), ic=[0.0, 0.0]
    )
    assert rev.type == "REVOLUTE"
    for marker in (rev.i, rev.j):
        _close(loc_rel_to(Point(0, 0, 0), marker), (1, 1, 1))
        _close(Point(*marker.dc()[2]), (0, 0, 1))
    sph = createSphericalJoint(ibody=part1, jbody=part2, location=Point(1, 1, 1))
    assert sph.type == "SPHERICAL"
    # createUJoint: the shafts by Vectors and by end points give the same joint
    by_vector = createUJoint(part1, part2, Point(1, 1, 1), Vector(1, 0, 0), Vector(0, 0, 1))
    by_point = createUJoint(
        ibody=part1,
        jbody=part2,
        location=Point(1, 1, 1),
        ishaft=Point(2, 1, 1),
        jshaft=Point(1, 1, 2),
    )
    for a, b in ((by_vector.i, by_point.i), (by_vector.j, by_point.j)):
        np.testing.assert_allclose(
            [tuple(v) for v in a.dc()], [tuple(v) for v in b.dc()], atol=1e-12
        )
    zi, zj = by_vector.i.dc()[2], by_vector.j.dc()[2]
    assert np.dot(tuple(zi), tuple(zj)) == pytest.approx(0, abs=1e-12)


def test_pendulum_built_with_mdl_functions_swings_at_its_period():
    # a point mass L from a revolute pivot, placed by loc_along_dir at a small angle:
    # period 2 pi sqrt(L/g) (amplitude 0.01 rad: the finite-amplitude correction
    # theta0^2/16 is 6e-6, below the tolerance)
    g, length, angle = 9.81, 0.5, 0.01
    model = Model()
    ground = Part(ground=True)
    pivot = Point(0, 0, 1)
    bob_at = loc_along_dir(pivot, Vector(math.sin(angle), 0, -math.cos(angle)), length)
    bob = Part(mass=2.0, ip=[1e-9, 1e-9, 1e-9])
    bob.cm = Marker(part=bob, qp=bob_at)
    createRevoluteJoint(bob, ground, location=pivot, axis=loc_between(pivot, Point(0, 1, 1), 1))
    Accgrav(kgrav=-g)
    req = Request(f1=f"DX({bob.cm.id})")
    period = 2 * math.pi * math.sqrt(length / g)
    run = model.simulate(end=2.2 * period, dtout=period / 2000, returnResults=True)
    x = np.asarray(run.getObject(req).getComponent("F1"))
    times = np.asarray(run.getObject(req).getComponent("TIME"))
    # downward zero crossings of x, interpolated
    k = np.nonzero((x[:-1] > 0) & (x[1:] <= 0))[0]
    crossings = times[k] + (times[k + 1] - times[k]) * x[k] / (x[k] - x[k + 1])
    assert len(crossings) >= 2
    assert crossings[1] - crossings[0] == pytest.approx(period, rel=1e-4)


def test_ujoint_built_by_create_ujoint_drives_at_the_hooke_speed_ratio():
    # a driven shaft along x turns a second shaft at beta to it through createUJoint: the
    # speed ratio w2/w1 = cos(beta) / (1 - sin^2(beta) cos^2(phi1)) swings between cos(beta)
    # and 1/cos(beta) once every half turn (Hooke's joint)
    from msolve import Jprim, Motion

    beta = math.radians(30)
    b = (math.cos(beta), math.sin(beta), 0.0)
    model = Model()
    ground = Part(ground=True)
    shaft1 = Part(mass=1, ip=[1, 1, 1])
    shaft1.cm = Marker(part=shaft1, qp=(-1, 0, 0))
    shaft2 = Part(mass=1, ip=[1, 1, 1])
    shaft2.cm = Marker(part=shaft2, qp=b)
    pin = createRevoluteJoint(shaft1, ground, Point(-1, 0, 0), Vector(1, 0, 0))
    createUJoint(shaft1, shaft2, Point(0, 0, 0), ishaft=Vector(1, 0, 0), jshaft=Point(*b))
    # the second shaft keeps its direction (2 equations; the U joint holds its centre)
    end = loc_along_dir(Point(0, 0, 0), Vector(*b), 2.0)
    Jprim(
        type="PARALLEL_AXES",
        i=Marker(part=shaft2, qp=end, zp=loc_along_dir(end, Vector(*b), 1.0)),
        j=Marker(part=ground, qp=end, zp=loc_along_dir(end, Vector(*b), 1.0)),
    )
    Motion(joint=pin, jtype="ROTATION", function="TIME")
    spin = Request(f1=f"WX({shaft2.cm.id})", f2=f"WY({shaft2.cm.id})")
    run = model.simulate(end=2 * math.pi, dtout=2 * math.pi / 4000, returnResults=True)
    res = run.getObject(spin)
    ratio = np.abs(res.getComponent("F1") * b[0] + res.getComponent("F2") * b[1])
    assert ratio.max() == pytest.approx(1 / math.cos(beta), rel=1e-5)
    assert ratio.min() == pytest.approx(math.cos(beta), rel=1e-5)
