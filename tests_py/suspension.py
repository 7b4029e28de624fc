"""A double-wishbone suspension corner, the same geometry in metres or in millimetres, for
the assembly tests (issue 16): upper and lower arms on revolutes to the ground, the upright
on spherical joints to both arms, a tie rod on a spherical joint to the upright and a
universal joint to the ground, and the wheel travel (the wheel centre's height above its
design position) imposed by a Motion."""

import numpy as np

from msolve import Accgrav, Joint, Marker, Model, Motion, Part, Request, Units

# hard points in metres: x forward, y outboard, z up
LOWER_INNER = np.array([0.0, 0.25, 0.10])
LOWER_BALL = np.array([0.0, 0.70, 0.08])
UPPER_INNER = np.array([0.02, 0.40, 0.45])
UPPER_BALL = np.array([0.02, 0.65, 0.42])
TIE_INNER = np.array([-0.15, 0.33, 0.17])
TIE_OUTER = np.array([-0.15, 0.68, 0.15])
WHEEL_CENTRE = np.array([0.0, 0.75, 0.26])


def _unit(v):
    return v / np.linalg.norm(v)


def double_wishbone(millimetres, travel):
    """The corner in millimetres (Units length MILLIMETER, gravity in mm/s^2) or in metres,
    with the wheel centre imposed `travel` above its design position (in model units).
    Returns (model, parts), parts a dict of the four moving Parts by name."""
    s = 1000.0 if millimetres else 1.0
    model = Model()
    Units(length="MILLIMETER") if millimetres else Units()
    Accgrav(kgrav=-9.81 * s)
    ground = Part(ground=True)

    def part(mass, centre):
        ip = [0.01 * s * s] * 3  # kg m^2 in model units
        return Part(mass=mass, ip=ip, cm=Marker(qp=list(s * centre)))

    def at(body, point, z=None, x=None):
        kw = {"part": body, "qp": list(s * point)}
        if z is not None:
            kw["zp"] = list(s * (point + z))
        if x is not None:
            kw["xp"] = list(s * (point + x))
        return Marker(**kw)

    lower = part(4.0, (LOWER_INNER + LOWER_BALL) / 2)
    upper = part(2.5, (UPPER_INNER + UPPER_BALL) / 2)
    upright = part(8.0, (LOWER_BALL + UPPER_BALL) / 2)
    tie = part(0.8, (TIE_INNER + TIE_OUTER) / 2)
    forward = np.array([1.0, 0.0, 0.0])
    Joint(type="REVOLUTE", i=at(lower, LOWER_INNER, forward), j=at(ground, LOWER_INNER, forward))
    Joint(type="REVOLUTE", i=at(upper, UPPER_INNER, forward), j=at(ground, UPPER_INNER, forward))
    model.gaps = []
    for body, other, point in (
        (upright, lower, LOWER_BALL),
        (upright, upper, UPPER_BALL),
        (tie, upright, TIE_OUTER),
    ):
        ball = Joint(type="SPHERICAL", i=at(body, point), j=at(other, point))
        model.gaps.append(Request(type="DISPLACEMENT", i=ball.i, j=ball.j))
    # the universal's cross axes: both perpendicular to the rod and to each other
    rod = _unit(TIE_OUTER - TIE_INNER)
    a = _unit(np.cross(rod, [0.0, 0.0, 1.0]))
    b = np.cross(rod, a)
    Joint(type="UNIVERSAL", i=at(tie, TIE_INNER, a), j=at(ground, TIE_INNER, b))
    Motion(
        i=at(upright, WHEEL_CENTRE),
        j=at(ground, WHEEL_CENTRE),
        jtype="TRANSLATION",
        direction="Z",
        function=repr(float(travel)),
    )
    return model, {"lower": lower, "upper": upper, "upright": upright, "tie": tie}


def assembled(millimetres, travel):
    """The assembly: ({name: [X, Y, Z, E0, E1, E2, E3]} of each moving part, the largest
    distance between the markers of a spherical joint)."""
    model, parts = double_wishbone(millimetres, travel)
    run = model.simulate(type="ASSEMBLY", returnResults=True)
    return {
        name: np.array(
            [run.getObject(p).getComponent(c)[0] for c in ("X", "Y", "Z", "E0", "E1", "E2", "E3")]
        )
        for name, p in parts.items()
    }, max(run.getObject(gap).getComponent("MAG")[0] for gap in model.gaps)
