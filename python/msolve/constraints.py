"""Constraints: Joint, Jprim (joint primitives), Mate (mating constraints between geometric
primitives), Coupler and Gear (relations between joints) and Motion (a coordinate imposed as
a function of time)."""

from __future__ import annotations

import typing

from . import _core
from .base import _CoreEntity
from .bodies import Marker
from .controls import Curve, Surface
from .properties import (
    Bool,
    Double,
    Doubles,
    Enum,
    Function,
    Location,
    Property,
    Reference,
    References,
    Routine,
    Str,
)

# the public classes of this module, exported by msolve (msolve/__init__.py)
__all__ = [
    "Coupler",
    "Cvcv",
    "Cvsf",
    "Gcon",
    "Gear",
    "Joint",
    "Jprim",
    "Mate",
    "Motion",
    "Ptcv",
    "Ptsf",
    "Sfsf",
]

_VIRTUAL = "every msolve joint is a real constraint in the equations"
_SCRIPT = "give routine= the Python callable itself; a script file is not loaded"


def _initial(doc):
    # honoured by msolve/placement.py
    return Double(None, optional=True, count=2, doc=doc)


class Joint(_CoreEntity, _core.JointSpec):
    """An ideal joint of marker ``i`` (on the first part) to marker ``j`` (on the second);
    the joint axis is the z axis of the markers (semantics of MotionSolve and Adams).

    With d = r_I - r_J, the equations are (all vectors global):

    - FIXED: d = 0, z_I.x_J = z_I.y_J = x_I.y_J = 0; REVOLUTE: d = 0, z_I.x_J = z_I.y_J = 0;
      TRANSLATIONAL: d.x_J = d.y_J = 0 and the orientation held; CYLINDRICAL: d.x_J = d.y_J =
      0, z_I.x_J = z_I.y_J = 0; SPHERICAL: d = 0; PLANAR: d.z_J = 0, z_I.x_J = z_I.y_J = 0;
      UNIVERSAL: d = 0, z_I.z_J = 0 (the two shafts along z_I and z_J).
    - HOOKE: d = 0, x_I.y_J = 0: a universal joint whose cross pins lie along x_I and y_J.
    - CONVEL (constant velocity): d = 0, x_I.y_J + y_I.x_J = 0: the rotation of I about z_I
      is equal and opposite to that of J about z_J; the shafts' z axes point away from the
      joint centre, and x_I, y_J make the same angle as y_I, x_J (make x_I and x_J, or y_I and
      y_J, parallel).
    - SCREW (``pitch``): the translation of I along z_J is pitch times the turns of x_I about
      z_J (right hand): d.z_J - pitch theta / 2 pi = 0, both measured from the design
      position. z_I parallel to z_J must come from other joints (usually a CYLINDRICAL).
    - RACKPIN (``pd``, pitch diameter of the pinion): I is the pinion's marker (z_I its axis of
      rotation, x_I along the rack in the design position), J the rack's (z_J the rack's
      direction, perpendicular to z_I). The translation of I along z_J is pd/2 times the
      rotation of I about z_I relative to J (right hand), both from the design position: a
      pinion rolling on a rack that lies on its +y_I side. The distance of the axes (pd/2) and
      their directions must come from other joints (a REVOLUTE for the pinion and a
      TRANSLATIONAL for the rack).

    Initial conditions: ``ic=[displacement, velocity]`` of a REVOLUTE (the angle of x_I
    from x_J about z_J, and its rate) or a TRANSLATIONAL joint (I's origin from J's along
    z_J), ``ictran`` and ``icrot`` of a CYLINDRICAL one; either entry may be None. The I part
    is placed relative to J accordingly before the initial-conditions analysis (which then
    meets the other constraints as closely as it can), and given the joint rate on top of
    the J part's motion when that is known (the ground, or a part with all six initial
    velocities given); otherwise the rate is reported without effect.
    """

    _core_type = _core.JointSpec
    type = Enum(
        "CONVEL CYLINDRICAL FIXED HOOKE PLANAR RACKPIN REVOLUTE SCREW SPHERICAL TRANSLATIONAL "
        "UNIVERSAL",
        "SPHERICAL",
        field="_type",
    )
    i = Reference(Marker, field="_i")
    j = Reference(Marker, field="_j")
    pd = Double(0.0, field="_pd", doc="Pitch diameter of the pinion (RACKPIN).")
    pitch = Double(0.0, field="_pitch", doc="Translation per turn (SCREW).")
    ic = _initial("[displacement, velocity] of the free coordinate at the start.")
    ictran = _initial("[displacement, velocity] of the translation (CYLINDRICAL).")
    icrot = _initial("[displacement, velocity] of the rotation (CYLINDRICAL).")
    virtual = Bool(False, no_effect=_VIRTUAL)


class Jprim(_CoreEntity, _core.JprimSpec):
    """A joint primitive between markers ``i`` and ``j`` (d = r_I - r_J):

    ATPOINT d = 0 (3 equations); INLINE d.x_J = d.y_J = 0 (I's origin on J's z axis);
    INPLANE d.z_J = 0 (I's origin in J's x-y plane); ORIENTATION z_I.x_J = z_I.y_J = x_I.y_J
    = 0 (same orientation); PARALLEL_AXES z_I.x_J = z_I.y_J = 0 (parallel z axes);
    PERPENDICULAR z_I.z_J = 0.
    """

    _core_type = _core.JprimSpec
    type = Enum(
        "ATPOINT INLINE INPLANE ORIENTATION PARALLEL_AXES PERPENDICULAR",
        "ATPOINT",
        field="_type",
    )
    i = Reference(Marker, field="_i")
    j = Reference(Marker, field="_j")
    virtual = Bool(False, no_effect=_VIRTUAL)


_MATE_TYPES = (
    "COI_POI_CYL COI_POI_SPH COI_POI_LIN COI_POI_POI COI_POI_CON COI_LIN_LIN COI_LIN_CYL "
    "COI_LIN_PLA DIS_POI_POI DIS_POI_SPH DIS_POI_LIN DIS_POI_CYL DIS_SPH_SPH DIS_SPH_LIN "
    "DIS_SPH_CYL DIS_SPH_CON DIS_SPH_PLA DIS_LIN_LIN DIS_LIN_CYL DIS_LIN_PLA DIS_CYL_CYL "
    "DIS_PLA_CON DIS_PLA_CYL TAN_SPH_LIN TAN_SPH_CYL TAN_SPH_PLA TAN_SPH_CON TAN_SPH_SPH "
    "TAN_LIN_CYL TAN_CYL_CYL TAN_PLA_CYL TAN_PLA_CON"
)


class _MateType(Enum):
    """The Mate type: required (unset is the empty word of the solver's description)."""

    def to_field(self, value):
        return "" if value is None else value

    def from_field(self, value):
        return value or None


class Mate(_CoreEntity, _core.MateSpec):
    """A mating constraint between a geometric primitive at marker ``i`` (the type's first)
    and one at marker ``j`` (its second): ``type`` is COI (coincident), DIS (at distance
    ``dist``) or TAN (tangent), then the two primitives: POI point, SPH sphere (``radius``, or
    ``iradius``/``jradius`` for two), LIN line, CYL cylinder, PLA plane, CON cone. A point and
    a sphere's centre are at the marker's origin; a line's and a cylinder's axis run through
    it along the marker's z axis; a plane contains it, normal to z. The equations of each
    type are in docs/equations.md §2.12; the distances and tangencies between two lines or
    cylinders and the cone types are refused when the model is compiled."""

    _core_type = _core.MateSpec
    type = _MateType(_MATE_TYPES, None, field="_type")
    i = Reference(Marker, field="_i")
    j = Reference(Marker, field="_j")
    radius = Double(0.0, field="_radius", doc="Radius of the sphere or cylinder (one of them).")
    iradius = Double(0.0, field="_iradius", doc="Radius of the sphere or cylinder at i.")
    jradius = Double(0.0, field="_jradius", doc="Radius of the sphere, cylinder or cone at j.")
    dist = Double(0.0, field="_dist", doc="The distance of a DIS type.")
    height = Double(
        0.0,
        field="_height",
        doc="Height of the cone.",
        no_effect="only the cone types use it, and msolve does not build them",
    )
    virtual = Bool(False, no_effect=_VIRTUAL)


class _Freedoms(Property):
    """The coupled freedom of each joint: "T" (translation) or "R" (rotation); a list, or one
    string of words ("R R T")."""

    annotation = typing.Union[list[str], str]  # for the signature (msolve/signatures.py)

    def __init__(self, **kw):
        super().__init__([], **kw)

    def convert(self, obj, value):
        if value is None:
            return []
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if not isinstance(value, (list, tuple)):
            raise self.error(obj, 'must be a list of "T" or "R"', value)
        words = []
        for v in value:
            word = v.upper() if isinstance(v, str) else v
            if word in ("TRANS", "TRANSLATION"):
                word = "T"
            if word in ("ROT", "ROTATION"):
                word = "R"
            if word not in ("T", "R"):
                raise self.error(obj, 'must be a list of "T" or "R"', value, ValueError)
            words.append(word)
        if len(words) > 3:
            raise self.error(obj, "has at most three entries", value, ValueError)
        return words

    def from_field(self, value):
        return list(value)


class _CouplerRoutine(Routine):
    """COUSUB, and with it its derivatives COUXX and COUXX2 when the module of the callable
    (or the library of a compiled routine) has them."""

    def __set__(self, obj, value):
        super().__set__(obj, value)
        for name, field in (("COUXX", "_routine_xx"), ("COUXX2", "_routine_xx2")):
            key = "_p_routine_" + name
            obj.__dict__.pop(key, None)
            core = None
            if isinstance(value, str) and "::" in value:
                core = _core.CompiledRoutine(value.rsplit("::", 1)[0] + "::" + name)
            elif callable(value):
                found = getattr(value, "__globals__", {}).get(name)
                if callable(found) and found is not value:
                    obj.__dict__[key] = found
                    core = _core.PythonRoutine(obj, key, found)
            setattr(obj, field, core)


class Coupler(_CoreEntity, _core.CouplerSpec):
    """A linear relation between the free coordinates of two or three joints (REVOLUTE:
    rotation in radians, TRANSLATIONAL: translation, CYLINDRICAL: either, as ``type`` says):

        scales[0] (q1 - q1_0) + scales[1] (q2 - q2_0) [+ scales[2] (q3 - q3_0)] = 0,

    q_k the coordinate of joint k (I relative to J: the rotation of x_I about z_J from x_J,
    continuous through whole turns, or the translation of I along z_J) and q_k_0 its value in
    the design position. With one scale fewer than joints, the first scale is 1 (as Adams).

    The gear-type joints of Radioss /GJOINT (docs/equations.md §2.4), whose constraints relate
    the angular velocities Delta w_k = w_k - w_0 of the nodes relative to the primary node 0,
    measured along the node axes r_k, map onto Coupler as follows, each node k joined to the
    part of node 0 (the carrier) by a joint whose z axis is r_k:

    - GEAR, alpha (Delta w_1.r_1) + (Delta w_2.r_2) = 0: two REVOLUTE joints,
      ``Coupler(joints=[j1, j2], scales=[alpha, 1])``; the revolute joints give /GJOINT's
      other four equations (Delta w_k perpendicular to r_k is zero).
    - DIFF, alpha (Delta w_1.r_1) + (Delta w_2.r_2) + (Delta w_3.r_3) = 0 (/GJOINT's first
      relation; its other two, along s_k and t_k, are what the revolute joints hold):
      three REVOLUTE joints, ``Coupler(joints=[j1, j2, j3], scales=[alpha, 1, 1])``. The
      relation holds relative to the carrier, which may itself move.
    - RACK, alpha (Delta w_1.r_1) + (Delta V_2.r_2) = 0, a rotation and a translation: a
      REVOLUTE and a TRANSLATIONAL joint, ``Coupler(joints=[j1, j2], type=["R", "T"],
      scales=[alpha, 1])``; for a pinion of radius R, alpha = R, or -R, by the side the rack
      lies on (a RACKPIN Joint or a Gear gives the same from the geometry).

    A nonlinear coupler: ``routine`` (COUSUB, a Python callable or ``"library::COUSUB"``)
    called as ``COUSUB(id, time, par, npar, disp, ndisp, iflag)`` with the numbers of
    ``function="USER(...)"`` and the displacements d_k = q_k - q_k_0 of the joints, returns
    f(d); the constraint is f(d) = 0 (scales are then not read). Its partial derivatives are
    those of the routines COUXX (ndisp values) and COUXX2 (ndisp values, the diagonal, or
    ndisp x ndisp) of the same Python module or library when they exist, else central
    differences of COUSUB (docs/equations.md §2.4). TIME is 0: the coupler relates joint
    displacements only.
    """

    _core_type = _core.CouplerSpec
    joints = References(Joint, field="_joints")
    type = _Freedoms(field="_type")
    scales = Doubles([1.0, 0.0, 0.0], field="_scales")
    function = Function("COUSUB", field="_function", doc="USER(p1, ...): the parameters of COUSUB.")
    routine = _CouplerRoutine(
        field="_routine",
        doc="COUSUB(id, time, par, npar, disp, ndisp, iflag) -> f: the coupler constraint.",
    )
    script = Str(no_effect=_SCRIPT)
    virtual = Bool(False, no_effect=_VIRTUAL)


class Gcon(_CoreEntity, _core.GconSpec):
    """A general constraint: ``function``, an expression of the parts' positions and TIME
    (``"DX(2)**2 + DY(2)**2 - 1"``), or the value of ``routine`` (GCOSUB, a Python callable
    ``GCOSUB(id, time, par, npar, dflag, iflag)`` or ``"library::GCOSUB"``, with
    ``function="USER(p1, ...)"``), is held at zero with a multiplier, like a joint's
    equation (docs/equations.md §2.14). ``i``: the marker whose part the reaction is reported
    on (the Gcon's share of the net force measures and FORCE requests at ``i``).

    The row spans every part the function reads; its gradient is the function's exact
    partial derivatives (central differences for a routine). A function of velocities
    (non-holonomic) is refused when the model is compiled.
    """

    _core_type = _core.GconSpec
    function = Function(
        "GCOSUB",
        field="_function",
        doc="The expression held at zero, or USER(p1, ...) with a routine.",
    )
    routine = Routine(field="_routine", doc="GCOSUB: a callable returning the constraint's value.")
    i = Reference(Marker, field="_i", doc="Marker the reaction is reported at.")
    virtual = Bool(False, no_effect=_VIRTUAL)


class Gear(_CoreEntity, _core.GearSpec):
    """A gear pair (Adams GEAR): two REVOLUTE, TRANSLATIONAL or CYLINDRICAL (turning)
    joints whose J markers lie on a carrier part, and the marker ``cv`` on that carrier,
    its origin the contact point of the pitch circles and its z axis the direction of the
    common velocity of the teeth there (tangent to both pitch circles; zero pressure angle).

    The points of the two gears at cv move alike along z_cv: with q_k the coordinate of
    joint k (rotation about z_Jk, or translation along it) and
    a_k = (z_Jk x (p_cv - p_Jk)).z_cv for a rotation, a_k = z_Jk.z_cv for a translation
    (constants of the carrier, taken in the design position), ``Gear`` imposes
    a_1 (q1 - q1_0) - a_2 (q2 - q2_0) = 0: the Coupler of scales [a_1, -a_2]. The ratio
    follows from where cv is: for spur gears of radii R1 and R2, w2 / w1 = -R1 / R2.

    Radioss /GJOINT (docs/equations.md §2.4): GEAR is a Gear (or a Coupler) of two revolute joints
    on the carrier, RACK a Gear of a revolute (pinion) and a translational (rack) joint, with cv at
    the contact point and z_cv along the rack; DIFF relates three joints, which a Coupler
    does (see Coupler).
    """

    _core_type = _core.GearSpec
    joints = References(Joint, field="_joints")
    cv = Reference(Marker, field="_cv")
    virtual = Bool(False, no_effect=_VIRTUAL)


class Motion(_CoreEntity, _core.MotionSpec):
    """A motion imposed on one coordinate, as a function of TIME (``function``).

    Joint-based (``joint=``): the free coordinate of a joint; ``jtype="ROTATION"`` drives
    the rotation of a REVOLUTE or CYLINDRICAL joint (of i's x axis about j's z axis,
    radians, continuous through whole turns), ``"TRANSLATION"`` the translation of a
    TRANSLATIONAL or CYLINDRICAL joint along j's z axis.

    Marker-based (``i=``, ``j=``, ``direction=``): ``"X"``, ``"Y"``, ``"Z"`` drive
    DX(I,J,J), DY(I,J,J), DZ(I,J,J), the displacement of I from J in J's axes; ``"B1"``,
    ``"B2"``, ``"B3"`` drive the angles of the body 1-2-3 sequence that turns J's axes into
    I's, R_J^T R_I = Rx(B1) Ry(B2) Rz(B3) (MotionSolve and Adams MOTION). B1 and B3 are
    continuous through whole turns; B2, the middle angle, must stay within (-90, 90)
    degrees. With the other two angles held at zero (by joints), each is simply the rotation
    of I about J's x, y or z axis.

    ``dtype`` says what ``function`` gives: the coordinate (``"DISPLACEMENT"``), its first
    (``"VELOCITY"``) or its second (``"ACCELERATION"``) time derivative; the coordinate is
    then integrated from ``icdisp`` (and its rate from ``icvel``). When ``icdisp`` or
    ``icvel`` is not given, the coordinate (rate) starts where the initial-conditions
    analysis puts it: the assembled design position (the velocity the part initial
    velocities and the other constraints give). ``icvel`` is read only by ACCELERATION
    motions, ``icdisp`` only by VELOCITY and ACCELERATION ones."""

    _core_type = _core.MotionSpec
    joint = Reference(Joint, field="_joint")
    i = Reference(Marker, field="_i")
    j = Reference(Marker, field="_j")
    jtype = Enum("TRANSLATION ROTATION", "TRANSLATION", field="_jtype")
    direction = Enum("X Y Z B1 B2 B3", None, field="_direction")
    dtype = Enum("DISPLACEMENT VELOCITY ACCELERATION", "DISPLACEMENT", field="_dtype")
    function = Function(
        "MOTSUB",
        field="_function",
        doc="An expression of TIME: the coordinate, its velocity or its acceleration (dtype).",
    )
    icdisp = Double(None, optional=True, field="_icdisp")
    icvel = Double(None, optional=True, field="_icvel")
    routine = Routine(
        field="_routine",
        doc="MOTSUB: a callable (id, time, par, npar, iord, iflag) returning the function "
        "(iord 0) or its first (1) or second (2) time derivative; it reads only time.",
    )


class Ptcv(_CoreEntity, _core.PtcvSpec):
    """A point-to-curve constraint (MotionSolve Ptcv, Constraint_PTCV): the origin of marker
    ``i`` slides on ``curve``, whose points are coordinates in the frame of marker ``rm`` and
    move with its part; the point does not lift off (2 freedoms removed). The curve
    parameter at the contact point is a state of the model; a closed curve is followed round
    and round. ``disp`` (global coordinates) is a guess of the initial contact point (default:
    the curve's point nearest to ``i``); ``vel`` the initial sliding speed of the point along
    the curve, seen from the curve (positive towards increasing parameter; default: free).
    The equations: docs/equations.md §2.7.
    """

    _core_type = _core.PtcvSpec
    i = Reference(Marker, field="_i", doc="The marker whose origin slides on the curve.")
    curve = Reference(Curve, field="_curve", doc="The curve, fixed in the frame of rm.")
    rm = Reference(Marker, field="_j", doc="The marker whose frame the curve points are in.")
    disp = Location(field="_disp", doc="Guess of the initial contact point (global).")
    vel = Double(None, optional=True, field="_vel", doc="Initial sliding speed on the curve.")


class Cvcv(_CoreEntity, _core.CvcvSpec):
    """A curve-to-curve constraint (MotionSolve Cvcv, Constraint_CVCV): ``icurve``, fixed in
    the frame of marker ``irm``, stays in contact with ``jcurve``, fixed in the frame of
    ``jrm``, with a common tangent at the contact point (2 freedoms removed). Each curve lies
    in a plane and the two planes are parallel. The two curve parameters at the contact point
    are states of the model. ``idisp``/``jdisp`` (coordinates in the frame of ``irm``/``jrm``)
    guess the initial contact point on each curve (default: the nearest points of the two
    curves); ``ivel``/``jvel`` the initial sliding speed of the contact point along each curve,
    seen from its part (positive towards increasing parameter; default: free). With
    ``no_slip=True`` the curves roll on each other without slipping. The equations:
    docs/equations.md §2.8.
    """

    _core_type = _core.CvcvSpec
    icurve = Reference(Curve, field="_icurve", doc="The first curve, fixed in the frame of irm.")
    irm = Reference(Marker, field="_i", doc="The marker whose frame the icurve points are in.")
    idisp = Location(field="_idisp", doc="Guess of the initial contact point on icurve (irm).")
    ivel = Double(None, optional=True, field="_ivel", doc="Initial sliding speed on icurve.")
    jcurve = Reference(Curve, field="_jcurve", doc="The second curve, fixed in the frame of jrm.")
    jrm = Reference(Marker, field="_j", doc="The marker whose frame the jcurve points are in.")
    jdisp = Location(field="_jdisp", doc="Guess of the initial contact point on jcurve (jrm).")
    jvel = Double(None, optional=True, field="_jvel", doc="Initial sliding speed on jcurve.")
    no_slip = Bool(
        False,
        field="_no_slip",
        doc="Rolling without slip: the contact point advances by the same arc length on both.",
    )


class Ptsf(_CoreEntity, _core.PtsfSpec):
    """A point-to-surface constraint (MotionSolve Ptsf, Constraint_PTSF): the origin of marker
    ``i`` slides on ``surface``, whose points are coordinates in the frame of marker ``rm``
    and move with its part; the point does not lift off (1 freedom removed). The two surface
    parameters at the contact point are states of the model. ``disp`` (coordinates in the
    frame of ``rm``) guesses the initial contact point (default: the surface's point nearest
    to ``i``). The equations: docs/equations.md §2.9.
    """

    _core_type = _core.PtsfSpec
    i = Reference(Marker, field="_i", doc="The marker whose origin slides on the surface.")
    surface = Reference(Surface, field="_surface", doc="The surface, fixed in the frame of rm.")
    rm = Reference(Marker, field="_j", doc="The marker whose frame the surface points are in.")
    disp = Location(field="_disp", doc="Guess of the initial contact point (frame of rm).")


class Cvsf(_CoreEntity, _core.CvsfSpec):
    """A curve-to-surface constraint (MotionSolve Cvsf, Constraint_CVSF): ``curve``, fixed in
    the frame of marker ``irm``, touches ``surface``, fixed in the frame of ``jrm``, its
    tangent in the surface's tangent plane at the contact point; the curve does not lift off
    (1 freedom removed). The curve lies in a plane. The curve parameter and the two surface
    parameters at the contact point are states of the model. ``idisp``/``jdisp``
    (coordinates in the frame of ``irm``/``jrm``) guess the initial contact point on each
    (default: the curve's point nearest to the surface). ``no_slip`` is accepted without
    effect: the curve slides. The equations: docs/equations.md §2.10.
    """

    _core_type = _core.CvsfSpec
    curve = Reference(Curve, field="_curve", doc="The curve, fixed in the frame of irm.")
    irm = Reference(Marker, field="_i", doc="The marker whose frame the curve points are in.")
    idisp = Location(field="_idisp", doc="Guess of the initial contact point on the curve.")
    surface = Reference(Surface, field="_surface", doc="The surface, fixed in the frame of jrm.")
    jrm = Reference(Marker, field="_j", doc="The marker whose frame the surface points are in.")
    jdisp = Location(field="_jdisp", doc="Guess of the initial contact point on the surface.")
    no_slip = Bool(
        False,
        field="_no_slip",
        no_effect=(
            "rolling without slip on a surface is a velocity-level (nonholonomic) constraint, "
            "which msolve's constraint rows (each imposed at position and velocity level) "
            "cannot hold: the curve slides"
        ),
    )


class Sfsf(_CoreEntity, _core.SfsfSpec):
    """A surface-to-surface constraint (MotionSolve Sfsf, Constraint_SFSF): ``isurface``,
    fixed in the frame of marker ``irm``, touches ``jsurface``, fixed in the frame of ``jrm``,
    at one point with a common normal there; the surfaces roll and slide on each other and do
    not lift off (1 freedom removed). The two parameters of each surface at the contact point
    are states of the model. ``idisp``/``jdisp`` (coordinates in the frame of ``irm``/``jrm``)
    guess the initial contact point on each (default: the nearest points of the two surfaces
    with a common normal). The equations: docs/equations.md §2.13.
    """

    _core_type = _core.SfsfSpec
    isurface = Reference(Surface, field="_isurface", doc="The first surface, in irm's frame.")
    irm = Reference(Marker, field="_i", doc="The marker whose frame the isurface points are in.")
    idisp = Location(field="_idisp", doc="Guess of the initial contact point on isurface (irm).")
    jsurface = Reference(Surface, field="_jsurface", doc="The second surface, in jrm's frame.")
    jrm = Reference(Marker, field="_j", doc="The marker whose frame the jsurface points are in.")
    jdisp = Location(field="_jdisp", doc="Guess of the initial contact point on jsurface (jrm).")
