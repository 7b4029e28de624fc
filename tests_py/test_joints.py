"""The rest of the joint library: HOOKE, CONVEL, SCREW, RACKPIN and the joint primitives.

Each model lets a part move under gravity and initial velocities. The expected values are
the constraint equations of docs/equations.md §2.1-2.4, evaluated here with NumPy from the part
positions and orientations in the results (independently of the solver's code): the
constrained relative motion must hold to 1e-10, and the free one must be free (it moves by
a finite amount).
"""

import math

import numpy as np
import pytest

from msolve import *


def rotation(e):
    """Rotation matrices of unit quaternions e (n x 4, scalar first)."""
    a, b, c, d = e.T
    rows = [
        [1 - 2 * (c * c + d * d), 2 * (b * c - a * d), 2 * (b * d + a * c)],
        [2 * (b * c + a * d), 1 - 2 * (b * b + d * d), 2 * (c * d - a * b)],
        [2 * (b * d - a * c), 2 * (c * d + a * b), 1 - 2 * (b * b + c * c)],
    ]
    return np.stack([np.stack(row, -1) for row in rows], -2)


def axes(zp, xp):
    """Marker axes (columns x, y, z) from a z direction and a direction in the x-z plane."""
    z = np.asarray(zp, float) / np.linalg.norm(zp)
    x = np.asarray(xp, float) - np.dot(xp, z) * z
    x /= np.linalg.norm(x)
    return np.column_stack([x, np.cross(z, x), z])


class Frames:
    """Global origin p (n x 3) and axes R (n x 3 x 3) of a marker over the output times."""

    def __init__(self, run, part, cm, qp, A):
        if part is None:  # ground: the part frame is the global frame
            n = len(run.times)
            self.p = np.tile(np.asarray(qp, float), (n, 1))
            self.R = np.tile(A, (n, 1, 1))
            return
        body = run.getObject(part)
        r = np.column_stack([body.getComponent(c) for c in "XYZ"])
        Rb = rotation(np.column_stack([body.getComponent(f"E{k}") for k in range(4)]))
        self.p = r + Rb @ (np.asarray(qp, float) - np.asarray(cm, float))
        self.R = Rb @ A

    def x(self):
        return self.R[:, :, 0]

    def y(self):
        return self.R[:, :, 1]

    def z(self):
        return self.R[:, :, 2]


def dot(a, b):
    return np.einsum("ij,ij->i", a, b)


CM = [0.3, -0.2, -1.0]  # the mass centre of the moving part, in the part frame


def hanging_part(**velocities):
    """A model with gravity and a part of mass 2 whose mass centre hangs below the origin,
    with the given initial velocities; returns (model, ground, part)."""
    model = Model()
    Integrator(error=1e-9)
    Accgrav(kgrav=-9.81)
    ground = Part(ground=True)
    part = Part(mass=2.0, ip=[0.3, 0.4, 0.2], cm=Marker(qp=CM), **velocities)
    return model, ground, part


def connect(
    kind,
    ground,
    part,
    qp=(0, 0, 0),
    zi=(0, 0, 1),
    xi=(1, 0, 0),
    zj=(0, 0, 1),
    xj=(1, 0, 0),
    **attributes,
):
    """A Joint (kind = its type) or a Jprim ("JPRIM:<type>") of a marker on part (I) to a
    marker on the ground (J), both at qp; returns the element and the two frames' data."""
    qp = list(qp)
    mi = Marker(part=part, qp=qp, zp=list(np.add(qp, zi)), xp=list(np.add(qp, xi)))
    mj = Marker(part=ground, qp=qp, zp=list(np.add(qp, zj)), xp=list(np.add(qp, xj)))
    if kind.startswith("JPRIM:"):
        element = Jprim(type=kind[6:], i=mi, j=mj)
    else:
        element = Joint(type=kind, i=mi, j=mj, **attributes)
    return element, (qp, axes(zi, xi)), (qp, axes(zj, xj))


def simulate(model, part, i, j, end=2.0):
    run = model.simulate(end=end, dtout=0.01, returnResults=True)
    # the solver's own measure of the position constraints (joints and quaternion norms)
    assert run.constraintErrors[:, 0].max() < 1e-10
    fi = Frames(run, part, CM, *i)
    fj = Frames(run, None, None, *j)
    return run, fi, fj


def angle_between(a, b):
    return np.arccos(np.clip(dot(a, b), -1, 1))


def test_hooke_keeps_the_cross_pins_perpendicular_and_turns_about_both():
    # HOOKE: d = 0 and x_I.y_J = 0 (cross pins along x_I and y_J); free: the rotations about
    # y_J and about x_I
    model, ground, part = hanging_part(wx=1.5, wy=-2.0, wz=0.7)
    _, i, j = connect("HOOKE", ground, part)
    _, fi, fj = simulate(model, part, i, j)
    assert np.abs(fi.p - fj.p).max() < 1e-10
    assert np.abs(dot(fi.x(), fj.y())).max() < 1e-10
    # the rotation about y_J tilts x_I out of J's x-y plane; that about x_I tilts z_I
    assert np.ptp(dot(fi.x(), fj.z())) > 0.2
    assert np.ptp(dot(fi.y(), fj.z())) > 0.2


def test_convel_spins_the_shafts_alike_and_bends_freely():
    # CONVEL: d = 0 and x_I.y_J + y_I.x_J = 0; the shafts' z axes point away from the centre
    # (z_I down the hanging part, z_J up into the ground), x axes parallel; free: bending
    model, ground, part = hanging_part(wx=1.5, wy=-2.0, wz=3.0)
    _, i, j = connect("CONVEL", ground, part, zi=(0, 0, -1))
    _, fi, fj = simulate(model, part, i, j)
    assert np.abs(fi.p - fj.p).max() < 1e-10
    assert np.abs(dot(fi.x(), fj.y()) + dot(fi.y(), fj.x())).max() < 1e-10
    bend = angle_between(fi.z(), -fj.z())
    assert bend.max() > 0.2


def test_screw_advances_one_pitch_per_turn():
    # SCREW with a CYLINDRICAL joint on the same axis: d.z_J = pitch * theta / (2 pi), theta
    # the turns of x_I about z_J, both from the design position; free: the screw motion
    pitch = 0.05
    model, ground, part = hanging_part(wz=20.0)
    _, i, j = connect("CYLINDRICAL", ground, part)
    connect("SCREW", ground, part, pitch=pitch)
    _, fi, fj = simulate(model, part, i, j)
    theta = np.unwrap(np.arctan2(dot(fi.x(), fj.y()), dot(fi.x(), fj.x())))
    travel = dot(fi.p - fj.p, fj.z())
    assert np.abs(travel - pitch * theta / (2 * math.pi)).max() < 1e-10
    assert np.abs(theta).max() > 2 * math.pi  # more than a turn


def rack_and_pinion(radius, link, spin=5.0):
    """A pinion of the given radius on a REVOLUTE joint about global z at the origin, a rack
    on a TRANSLATIONAL joint along global x whose pitch line is at y = radius (the +y side
    of the pinion), no gravity; link(pinion_joint, rack_joint, pinion_marker, rack_marker)
    couples them. Returns (model, pinion, rack)."""
    model = Model()
    Integrator(error=1e-9)
    ground = Part(ground=True)
    pinion = Part(mass=1.0, ip=[0.01, 0.01, 0.02], cm=Marker(qp=[0, 0, 0]), wz=spin)
    rack = Part(mass=3.0, ip=[0.1, 0.1, 0.1], cm=Marker(qp=[0, radius, 0]))
    on_pinion = Marker(part=pinion, qp=[0, 0, 0], zp=[0, 0, 1], xp=[1, 0, 0])
    hinge = Joint(type="REVOLUTE", i=on_pinion, j=Marker(part=ground, zp=[0, 0, 1], xp=[1, 0, 0]))
    along = dict(qp=[0, radius, 0], zp=[1, radius, 0], xp=[0, radius, 1])
    on_rack = Marker(part=rack, **along)
    slide = Joint(type="TRANSLATIONAL", i=on_rack, j=Marker(part=ground, **along))
    link(hinge, slide, on_pinion, on_rack)
    model.pinion_w = Request(type="VELOCITY", i=on_pinion)
    return model, pinion, rack


def pinion_angle_and_rack_travel(run, pinion, rack, radius):
    p = run.getObject(pinion)
    e = np.column_stack([p.getComponent(f"E{k}") for k in range(4)])
    R = rotation(e)
    theta = np.unwrap(np.arctan2(R[:, 1, 0], R[:, 0, 0]))
    travel = run.getObject(rack).getComponent("X")
    return theta, travel


@pytest.mark.parametrize("how", ["RACKPIN", "Coupler", "Gear"])
def test_rack_travel_is_radius_times_pinion_rotation(how):
    # a pinion rolling on a rack on its +y side: the rack moves by -R theta along x (the
    # point of the pinion at (0, R) moves at w x (0, R, 0) = (-R w, 0, 0)); RACKPIN relates
    # the pinion's travel along the rack, +R theta; /GJOINT's RACK is a Coupler of the
    # revolute and the translational joint, alpha theta + s = 0 with alpha = R; a Gear with
    # cv at the contact point and z_cv along the rack gives the same ratio from geometry
    radius = 0.25

    def link(hinge, slide, on_pinion, on_rack):
        if how == "RACKPIN":
            Joint(type="RACKPIN", i=on_pinion, j=on_rack, pd=2 * radius)
        elif how == "Coupler":
            Coupler(joints=[hinge, slide], type=["R", "T"], scales=[radius, 1.0])
        else:
            cv = Marker(part=hinge.j.part, qp=[0, radius, 0], zp=[1, radius, 0])
            Gear(joints=[hinge, slide], cv=cv)

    model, pinion, rack = rack_and_pinion(radius, link)
    run = model.simulate(end=2.0, dtout=0.01, returnResults=True)
    assert run.constraintErrors[:, 0].max() < 1e-10
    theta, travel = pinion_angle_and_rack_travel(run, pinion, rack, radius)
    assert np.abs(travel - (-radius * theta)).max() < 1e-10
    assert np.abs(theta).max() > 2 * math.pi


def test_rack_and_pinion_conserves_momentum_and_energy():
    # no force does work: the kinetic energy of pinion and rack stays, and with the speed
    # ratio v = -R w it is (J + m R^2) w^2 / 2 with w the common speed
    radius = 0.25

    def link(hinge, slide, on_pinion, on_rack):
        Joint(type="RACKPIN", i=on_pinion, j=on_rack, pd=2 * radius)

    model, _, _ = rack_and_pinion(radius, link)
    run = model.simulate(end=1.0, dtout=0.01, returnResults=True)
    wz = run.getObject(model.pinion_w).getComponent("WZ")
    kinetic = run.energy.getComponent("KINETIC")
    np.testing.assert_allclose(kinetic, 0.5 * (0.02 + 3.0 * radius**2) * wz**2, rtol=1e-9)
    assert np.ptp(kinetic) < 1e-8 * kinetic[0]


@pytest.mark.parametrize(
    ("kind", "zi", "holds", "free"),
    [
        # ATPOINT: d = 0; free: any rotation
        ("ATPOINT", (0, 0, 1), lambda i, j: i.p - j.p, lambda i, j: dot(i.z(), j.z())),
        # INLINE: d.x_J = d.y_J = 0; free: slide along z_J (J's z is global y here) and turn
        (
            "INLINE",
            (0, 0, 1),
            lambda i, j: [dot(i.p - j.p, j.x()), dot(i.p - j.p, j.y())],
            lambda i, j: dot(i.p - j.p, j.z()),
        ),
        # INPLANE: d.z_J = 0; free: translation in J's x-y plane
        (
            "INPLANE",
            (0, 0, 1),
            lambda i, j: dot(i.p - j.p, j.z()),
            lambda i, j: dot(i.p - j.p, j.x()),
        ),
        # ORIENTATION: z_I.x_J = z_I.y_J = x_I.y_J = 0; free: any translation
        (
            "ORIENTATION",
            (0, 0, 1),
            lambda i, j: [dot(i.z(), j.x()), dot(i.z(), j.y()), dot(i.x(), j.y())],
            lambda i, j: i.p[:, 2] - j.p[:, 2],
        ),
        # PARALLEL_AXES: z_I.x_J = z_I.y_J = 0; free: translation and the turn about z
        (
            "PARALLEL_AXES",
            (0, 0, 1),
            lambda i, j: [dot(i.z(), j.x()), dot(i.z(), j.y())],
            lambda i, j: dot(i.x(), j.y()),
        ),
        # PERPENDICULAR: z_I.z_J = 0 (z_I along global x); free: everything else
        (
            "PERPENDICULAR",
            (1, 0, 0),
            lambda i, j: dot(i.z(), j.z()),
            lambda i, j: dot(i.z(), j.x()),
        ),
    ],
)
def test_joint_primitive_holds_its_equations_and_leaves_the_rest_free(kind, zi, holds, free):
    model, ground, part = hanging_part(vx=0.4, vy=0.8, vz=0.3, wx=1.5, wy=-2.0, wz=0.7)
    xi = (0, 0, 1) if zi == (1, 0, 0) else (1, 0, 0)
    # J's z axis along global y for INLINE (the part slides along it), along z otherwise
    zj = (0, 1, 0) if kind == "INLINE" else (0, 0, 1)
    _, i, j = connect(f"JPRIM:{kind}", ground, part, zi=zi, xi=xi, zj=zj, xj=(1, 0, 0))
    _, fi, fj = simulate(model, part, i, j, end=1.0)
    assert np.abs(np.asarray(holds(fi, fj))).max() < 1e-10
    assert np.ptp(free(fi, fj)) > 0.05


def test_joint_primitives_make_a_revolute_joint():
    # ATPOINT + PARALLEL_AXES = the equations of a REVOLUTE joint: the same motion
    def pendulum(with_primitives):
        model, ground, part = hanging_part(wx=0.5, wz=2.0)
        if with_primitives:
            connect(
                "JPRIM:ATPOINT",
                ground,
                part,
                zi=(1, 0, 0),
                xi=(0, 1, 0),
                zj=(1, 0, 0),
                xj=(0, 1, 0),
            )
            connect(
                "JPRIM:PARALLEL_AXES",
                ground,
                part,
                zi=(1, 0, 0),
                xi=(0, 1, 0),
                zj=(1, 0, 0),
                xj=(0, 1, 0),
            )
        else:
            connect(
                "REVOLUTE", ground, part, zi=(1, 0, 0), xi=(0, 1, 0), zj=(1, 0, 0), xj=(0, 1, 0)
            )
        run = model.simulate(end=1.0, dtout=0.05, returnResults=True)
        return run.getObject(part).getComponent("Z")

    np.testing.assert_allclose(pendulum(True), pendulum(False), rtol=0, atol=1e-7)


def test_bad_joint_inputs_are_named():
    model, ground, part = hanging_part()
    screw, _, _ = connect("SCREW", ground, part)
    with pytest.raises(ValueError, match="SCREW joint needs a nonzero pitch"):
        model.simulate(end=0.1)
    screw.active = False
    connect("RACKPIN", ground, part, pd=0.5)
    with pytest.raises(ValueError, match="must be perpendicular"):
        model.simulate(end=0.1)
