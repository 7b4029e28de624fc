"""The modelling entities: Units, Accgrav, Integrator, Part, Marker, Joint, Jprim, Coupler,
Gear, forces, control elements, Request, Output.

Each class is the bound C++ description type (``msolve._core``) plus msolve's typed
attributes; the solver reads the C++ fields directly.
"""

from __future__ import annotations

from . import _core
from .base import SolverObject
from .properties import (
    Angles,
    Bool,
    Double,
    Doubles,
    Enum,
    Int,
    Ints,
    Ips,
    Location,
    Property,
    Reference,
    References,
    Routine,
    Str,
)


class _CoreEntity(SolverObject):
    """An entity whose data lives in a bound C++ description object."""

    _core_type = None
    id = Int(field="_id", doc="Unique among the objects of the same class; > 0.")
    label = Str(field="_label", doc="Free text.")
    name = Str(field="_name", doc="Name used to look the object up.")
    active = Bool(True, field="_active", doc="An inactive object is ignored by the solver.")

    def __init__(self, **kwds):
        self._core_type.__init__(self)
        SolverObject.__init__(self, **kwds)


class Units(_CoreEntity, _core.UnitsSpec):
    """Units of the model. ``Units(system="MMKS")``, ``Units(length="MILLIMETER")`` or
    ``Units(ucf=1000.0)``. The units consistency factor UCF (force * UCF = mass *
    acceleration) follows from the four words unless ``ucf`` is given."""

    _core_type = _core.UnitsSpec
    _aliases = {"UCF": "ucf"}
    _systems = {
        "MKS": ("NEWTON", "KILOGRAM", "METER", "SECOND"),
        "MMKS": ("NEWTON", "KILOGRAM", "MILLIMETER", "SECOND"),
        "CGS": ("DYNE", "GRAM", "CENTIMETER", "SECOND"),
        "IPS": ("POUND_FORCE", "POUND_MASS", "INCH", "SECOND"),
        "FPS": ("POUND_FORCE", "POUND_MASS", "FOOT", "SECOND"),
    }

    force = Enum(
        "CENTINEWTON DYNE KILOGRAM_FORCE KNEWTON KPOUND_FORCE MEGANEWTON MICRONEWTON "
        "MILLINEWTON NANONEWTON NEWTON OUNCE_FORCE POUND_FORCE POUNDAL",
        "NEWTON",
        field="_force",
    )
    mass = Enum(
        "GRAM KILOGRAM KPOUND_MASS MILLIGRAM MICROGRAM NANOGRAM OUNCE_MASS POUND_MASS SLINCH "
        "SLUG TONNE US_TON",
        "KILOGRAM",
        field="_mass",
    )
    length = Enum(
        "ANGSTROM CENTIMETER FOOT KILOMETER INCH METER MICROINCH MICROMETER MILE MILLIMETER "
        "MILLS NANOMETER YARD",
        "METER",
        field="_length",
    )
    time = Enum(
        "DAY HOUR MICROSECOND MILLISECOND MINUTE NANOSECOND SECOND", "SECOND", field="_time"
    )
    ucf = Double(None, optional=True, field="_ucf", doc="Units consistency factor.")
    system = Enum("MKS MMKS CGS IPS FPS", None, doc="Named unit system.")

    def _property_changed(self, name):
        if name == "system" and self.system is not None:
            self.force, self.mass, self.length, self.time = self._systems[self.system]
        super()._property_changed(name)

    @property
    def consistencyFactor(self):
        """The units consistency factor of these units."""
        return self._consistency_factor()


class _GravityComponent(Double):
    """A number, or an expression of TIME given as a string."""

    def __init__(self, slot):
        super().__init__(0.0, field=("_igrav", "_jgrav", "_kgrav")[slot])
        self.slot = slot

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        text = obj._expressions[self.slot]
        return text if text else getattr(obj, self.field)

    def __set__(self, obj, value):
        slots = list(obj._expressions)
        if isinstance(value, str):
            if not value.strip():
                raise self.error(obj, "must be a number or an expression", value, ValueError)
            slots[self.slot] = value
        else:
            setattr(obj, self.field, self.convert(obj, value))
            slots[self.slot] = ""
        obj._expressions = slots
        obj._property_changed(self.name)


class Accgrav(_CoreEntity, _core.AccgravSpec):
    """Gravitational acceleration in model length / time^2: ``Accgrav(kgrav=-9.81)``. A
    component may also be an expression of TIME, e.g. ``kgrav="-9.81*STEP(TIME,0,0,1,1)"``."""

    _core_type = _core.AccgravSpec
    igrav = _GravityComponent(0)
    jgrav = _GravityComponent(1)
    kgrav = _GravityComponent(2)


class Integrator(_CoreEntity, _core.IntegratorSpec):
    """Settings of the dynamic analysis. ``error`` is the absolute local error bound on
    positions and velocities in model units (default 1e-3); DSTIFF is IDA's BDF."""

    _core_type = _core.IntegratorSpec
    type = Enum("GSTIFF DSTIFF HSTIFF MSTIFF VSTIFF ABAM", "DSTIFF", field="_type")
    error = Double(None, optional=True, minimum=0.0, field="_error")
    hinit = Double(None, optional=True, minimum=0.0, field="_hinit")
    hmax = Double(None, optional=True, minimum=0.0, field="_hmax")
    hmin = Double(None, optional=True, minimum=0.0, field="_hmin")
    kmax = Int(None, optional=True, field="_kmax")
    maxit = Int(None, optional=True, field="_maxit")
    interpolate = Bool(
        False,
        field="_interpolate",
        doc="Interpolate the outputs from the integrator's steps instead of stepping to each "
        "output time (fewer steps when outputs are dense); the step stays at most dtout. "
        "Interpolated outputs meet the constraints to the integration error only.",
    )


def _marker_class():
    return Marker


def _part_class():
    return Part


def _joint_class():
    return Joint


class Part(_CoreEntity, _core.PartSpec):
    """A rigid body (or the ground, ``ground=True``).

    The part frame sits at ``qg`` with axes from ``reuler`` (body 3-1-3, radians) or the
    points ``zg``/``xg``; markers are given in that frame. ``mass`` and ``ip`` (ixx iyy izz
    [ixy ixz iyz], about the ``cm`` marker, in the ``im`` marker axes) give the inertia. As
    in Adams, the products of inertia are the positive integrals (ixy = +integral of x y dm),
    so the inertia tensor holds -ixy, -ixz, -iyz off its diagonal.
    ``vx vy vz wx wy wz`` are initial velocities in global axes; None (the default) leaves a
    component free for the initial-conditions analysis, while 0 holds it at zero.
    """

    _core_type = _core.PartSpec
    _open_attributes = True
    ground = Bool(False, field="_ground")
    mass = Double(0.0, minimum=0.0, field="_mass")
    ip = Ips(field="_ip")
    cm = Reference(_marker_class, field="_cm")
    im = Reference(_marker_class, field="_im")
    qg = Location(optional=False, field="_qg")
    zg = Location(field="_zg")
    xg = Location(field="_xg")
    reuler = Angles(field="_reuler")
    vx = Double(None, optional=True, field="_vx")
    vy = Double(None, optional=True, field="_vy")
    vz = Double(None, optional=True, field="_vz")
    wx = Double(None, optional=True, field="_wx")
    wy = Double(None, optional=True, field="_wy")
    wz = Double(None, optional=True, field="_wz")

    def __init__(self, **kwds):
        # cm and im may arrive as markers without a part: they belong to this part
        late = {k: kwds.pop(k) for k in ("cm", "im") if k in kwds}
        super().__init__(**kwds)
        for key, value in late.items():
            setattr(self, key, value)

    def _property_changed(self, name):
        if name in ("cm", "im"):
            marker = getattr(self, name)
            if marker is not None and marker.part is None:
                marker.part = self
        super()._property_changed(name)


class Marker(_CoreEntity, _core.MarkerSpec):
    """A frame on a part: origin ``qp``, axes from the points ``zp`` (on the z axis) and
    ``xp`` (in the x-z plane) or from ``reuler``; all in the part frame. ``body=`` is an
    alias of ``part=``. With ``zp`` alone, x is chosen perpendicular to z and as close as
    possible to the part's x axis (its y axis when z is along x)."""

    _core_type = _core.MarkerSpec
    _aliases = {"body": "part"}
    part = Reference(_part_class, field="_part")
    qp = Location(optional=False, field="_qp")
    zp = Location(field="_zp")
    xp = Location(field="_xp")
    reuler = Angles(field="_reuler")

    @property
    def body(self):
        """Alias of ``part``."""
        return self.part

    @body.setter
    def body(self, value):
        self.part = value


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
    """

    _core_type = _core.JointSpec
    type = Enum(
        "CONVEL CYLINDRICAL FIXED HOOKE PLANAR RACKPIN REVOLUTE SCREW SPHERICAL TRANSLATIONAL "
        "UNIVERSAL",
        "SPHERICAL",
        field="_type",
    )
    i = Reference(_marker_class, field="_i")
    j = Reference(_marker_class, field="_j")
    pd = Double(0.0, field="_pd", doc="Pitch diameter of the pinion (RACKPIN).")
    pitch = Double(0.0, field="_pitch", doc="Translation per turn (SCREW).")


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
    i = Reference(_marker_class, field="_i")
    j = Reference(_marker_class, field="_j")


class _Freedoms(Property):
    """The coupled freedom of each joint: "T" (translation) or "R" (rotation); a list, or one
    string of words ("R R T")."""

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


class Coupler(_CoreEntity, _core.CouplerSpec):
    """A linear relation between the free coordinates of two or three joints (REVOLUTE:
    rotation in radians, TRANSLATIONAL: translation, CYLINDRICAL: either, as ``type`` says):

        scales[0] (q1 - q1_0) + scales[1] (q2 - q2_0) [+ scales[2] (q3 - q3_0)] = 0,

    q_k the coordinate of joint k (I relative to J: the rotation of x_I about z_J from x_J,
    continuous through whole turns, or the translation of I along z_J) and q_k_0 its value in
    the design position. With one scale fewer than joints, the first scale is 1 (as Adams).

    The gear-type joints of the seed (Radioss /GJOINT, seed 003), whose constraints relate
    the angular velocities Delta w_k = w_k - w_0 of the nodes relative to the primary node 0,
    measured along the node axes r_k, map onto Coupler as follows, each node k joined to the
    part of node 0 (the carrier) by a joint whose z axis is r_k:

    - GEAR, alpha (Delta w_1.r_1) + (Delta w_2.r_2) = 0: two REVOLUTE joints,
      ``Coupler(joints=[j1, j2], scales=[alpha, 1])``; the revolute joints give the seed's
      other four equations (Delta w_k perpendicular to r_k is zero).
    - DIFF, alpha (Delta w_1.r_1) + (Delta w_2.r_2) + (Delta w_3.r_3) = 0 (the seed's first
      relation; its other two, along s_k and t_k, are what the revolute joints hold):
      three REVOLUTE joints, ``Coupler(joints=[j1, j2, j3], scales=[alpha, 1, 1])``. The
      relation holds relative to the carrier, which may itself move.
    - RACK, alpha (Delta w_1.r_1) + (Delta V_2.r_2) = 0, a rotation and a translation: a
      REVOLUTE and a TRANSLATIONAL joint, ``Coupler(joints=[j1, j2], type=["R", "T"],
      scales=[alpha, 1])``; for a pinion of radius R, alpha = R, or -R, by the side the rack
      lies on (a RACKPIN Joint or a Gear gives the same from the geometry).

    ``function``/``routine`` (COUSUB, a nonlinear coupler) are not available.
    """

    _core_type = _core.CouplerSpec
    joints = References(_joint_class, field="_joints")
    type = _Freedoms(field="_type")
    scales = Doubles([1.0, 0.0, 0.0], field="_scales")


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

    Seed 003 (Radioss /GJOINT): GEAR is a Gear (or a Coupler) of two revolute joints on the
    carrier, RACK a Gear of a revolute (pinion) and a translational (rack) joint, with cv at
    the contact point and z_cv along the rack; DIFF relates three joints, which a Coupler
    does (see Coupler).
    """

    _core_type = _core.GearSpec
    joints = References(_joint_class, field="_joints")
    cv = Reference(_marker_class, field="_cv")


class SpringDamper(_CoreEntity, _core.SpringDamperSpec):
    """A spring-damper between markers ``i`` and ``j``.

    TRANSLATION: force along the line from j to i, positive pushing them apart,
    ``f = -k (d - length) - c dd/dt + force`` with d the distance; ``length`` defaults to the
    distance in the design position. ROTATION: torque about the z axis of j on i (and the
    opposite on j), ``t = -kt (a - angle) - ct da/dt + torque`` with a the rotation of i's x
    axis about j's z axis from j's x axis, followed continuously through whole turns.
    """

    _core_type = _core.SpringDamperSpec
    type = Enum("TRANSLATION ROTATION", "TRANSLATION", field="_type")
    i = Reference(_marker_class, field="_i")
    j = Reference(_marker_class, field="_j")
    k = Double(0.0, minimum=0.0, field="_k", doc="Translational stiffness.")
    c = Double(0.0, minimum=0.0, field="_c", doc="Translational damping.")
    kt = Double(0.0, minimum=0.0, field="_kt", doc="Rotational stiffness.")
    ct = Double(0.0, minimum=0.0, field="_ct", doc="Rotational damping.")
    force = Double(0.0, field="_force", doc="Preload force.")
    torque = Double(0.0, field="_torque", doc="Preload torque.")
    length = Double(None, optional=True, minimum=0.0, field="_length", doc="Free length.")
    angle = Double(0.0, field="_angle", doc="Free angle (radians).")


class SignForce(_CoreEntity, _core.SignForceSpec):
    """A constant force whose sign follows the direction of motion (seed 002), on marker
    ``i`` along the z axis of marker ``j``, with the opposite force on j's part at the same
    point. With v = VZ(I, J, J, J), the velocity of I relative to J along z_J seen from J,
    the force on I is ``f_nominal * g(v)``: a positive ``f_nominal`` accelerates in both
    directions of motion, a negative one brakes (a dry-friction-like load).

    ``reg`` regularises the sign below ``v0`` (seed 002's formulas, whose f = -f_nominal g(v)
    is the force on the component, so that the flange, here marker i, receives f_nominal
    g(v)):

    - EXP (default): g = 2 / (1 + exp(-v / (0.01 v0))) - 1 (= tanh(v / (0.02 v0)));
    - SINE: g = sin(pi/2 v/v0) for |v| < v0;
    - LINEAR: g = v / v0 for |v| < v0;
    - COSINE: g = sign(v) (1 - cos(pi/2 v/v0)) for |v| < v0;

    and g = sign(v) for |v| >= v0 (all but EXP).
    """

    _core_type = _core.SignForceSpec
    i = Reference(_marker_class, field="_i")
    j = Reference(_marker_class, field="_j")
    f_nominal = Double(0.0, field="_f_nominal", doc="Nominal force (negative: a brake).")
    v0 = Double(0.1, minimum=0.0, field="_v0", doc="Speed below which the sign is regularised.")
    reg = Enum("EXP SINE LINEAR COSINE", "EXP", field="_reg")


class Springsat(_CoreEntity, _core.SpringsatSpec):
    """A saturating spring (seed 004) between markers ``i`` and ``j``, acting along the line
    from j to i like a translational SpringDamper. With the deflection
    q = DM(I, J) - length (``length`` defaults to the distance in the design position), its
    energy and force are

        H(q) = K0 (q^2/2 + Ksat Hsat(q)),
        Hsat(q) = -8 xsat / (pi (4 - pi)) (pi^2 q^2 / (8 xsat^2) + log cos(pi q / (2 xsat))),
        f(q) = dH/dq = K0 (q + Ksat 4 / (4 - pi) (tan(pi q / (2 xsat)) - pi q / (2 xsat))),

    f pulling i towards j when stretched (q > 0) and pushing it away when compressed. The
    stiffness grows without bound as |q| approaches ``xsat``: reaching it ends the analysis
    with a message naming the spring. Its energy is in the results' elastic energy.
    """

    _core_type = _core.SpringsatSpec
    i = Reference(_marker_class, field="_i")
    j = Reference(_marker_class, field="_j")
    K0 = Double(1000.0, field="_K0", doc="Stiffness around zero deflection.")
    Ksat = Double(1000.0, field="_Ksat", doc="Nonlinearity parameter.")
    xsat = Double(0.01, minimum=0.0, field="_xsat", doc="Saturating deflection.")
    length = Double(None, optional=True, minimum=0.0, field="_length", doc="Free length.")


class Bushing(_CoreEntity, _core.BushingSpec):
    """A linear bushing between markers ``i`` (where the force is applied) and ``j`` (where
    the reaction is applied), computed in the axes of ``j`` as in Adams BUSHING.

    Force on i: ``F = -k*x - c*v + force`` with x the position of i's origin relative to j's
    and v its time derivative in j's frame. Torque on i: ``T = -kt*(a, b, c) - ct*w + torque``
    with a, b, c the rotations AX, AY, AZ of i relative to j (accurate while two of them stay
    small; keep a and b small) and w the angular velocity of i relative to j. The reaction on
    j is ``-F`` and ``-T - x*F``. Each attribute is a list of three numbers (x, y, z of j).
    """

    _core_type = _core.BushingSpec
    i = Reference(_marker_class, field="_i")
    j = Reference(_marker_class, field="_j")
    k = Doubles([0.0] * 3, count=3, minimum=0.0, field="_k", doc="Stiffness (x, y, z).")
    c = Doubles([0.0] * 3, count=3, minimum=0.0, field="_c", doc="Damping (x, y, z).")
    kt = Doubles([0.0] * 3, count=3, minimum=0.0, field="_kt", doc="Rotational stiffness.")
    ct = Doubles([0.0] * 3, count=3, minimum=0.0, field="_ct", doc="Rotational damping.")
    force = Doubles([0.0] * 3, count=3, field="_force", doc="Preload force (x, y, z of j).")
    torque = Doubles([0.0] * 3, count=3, field="_torque", doc="Preload torque (x, y, z of j).")


class Sforce(_CoreEntity, _core.SforceSpec):
    """A scalar force or torque between markers ``i`` and ``j`` whose magnitude is the
    expression ``function``, e.g. ``"-10*(DM(2,3)-1) - 0.1*VR(2,3)"``, or the value of a
    Python ``routine(id, time, par, npar, dflag, iflag)`` (``function="USER(p1, ...)"``
    then gives ``par``; see ``msolve.functions`` for what a routine may read).

    TRANSLATION, action-reaction: along the line from j to i, positive pushing them apart
    (the reaction acts on j). TRANSLATION with ``actiononly=True``: on i along the z axis of
    j, no reaction. ROTATION: a torque about the z axis of j on i, and the opposite on j
    unless ``actiononly``.
    """

    _core_type = _core.SforceSpec
    type = Enum("TRANSLATION ROTATION", "TRANSLATION", field="_type")
    actiononly = Bool(False, field="_actiononly")
    i = Reference(_marker_class, field="_i")
    j = Reference(_marker_class, field="_j")
    function = Str(
        field="_function",
        doc="The magnitude: a MotionSolve expression, or USER(p1, ...) with a routine.",
    )
    routine = Routine(field="_routine", doc="SFOSUB: a callable returning the magnitude.")


class _ExpressionSlot(Str):
    """One expression of a fixed-size list of expressions stored in a C++ field (the f1..f8
    of a Request, the fx..tz of a vector force); empty means unused."""

    def __init__(self, field, slot, doc):
        super().__init__("", doc=doc)
        self.list_field = field
        self.slot = slot

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return getattr(obj, self.list_field)[self.slot]

    def __set__(self, obj, value):
        value = "" if value is None else self.convert(obj, value)
        slots = list(getattr(obj, self.list_field))
        slots[self.slot] = value
        setattr(obj, self.list_field, slots)
        obj._property_changed(self.name)


def _component(slot):
    return _ExpressionSlot("_components", slot, "Component expression, in the axes of rm.")


def _request_function(slot):
    return _ExpressionSlot(
        "_f", slot, f"Expression of component F{slot + 1} (EXPRESSION requests)."
    )


class _VectorForce(_CoreEntity, _core.VectorForceSpec):
    """Common part of Vforce, Vtorque and Gforce: applied at marker ``i``, components in
    the axes of ``rm`` (ground when unset), reaction on the part of ``jfloat`` at i's
    position (``j`` is accepted as an alias of ``jfloat``)."""

    _core_type = _core.VectorForceSpec
    _aliases = {"j": "jfloat"}
    i = Reference(_marker_class, field="_i")
    jfloat = Reference(_marker_class, field="_jfloat")
    rm = Reference(_marker_class, field="_rm")
    function = Str(field="_function", doc="USER(p1, ...): the parameters of the routine.")
    routine = Routine(
        field="_routine",
        doc="VFOSUB/VTOSUB/GFOSUB: a callable returning the 3 (Vforce, Vtorque) or 6 (Gforce) "
        "components in the axes of rm, in place of the component expressions.",
    )

    def __init__(self, **kwds):
        _core.VectorForceSpec.__init__(self)
        self._kind = type(self).__name__
        SolverObject.__init__(self, **kwds)

    @property
    def j(self):
        """Alias of ``jfloat``."""
        return self.jfloat

    @j.setter
    def j(self, value):
        self.jfloat = value


class Vforce(_VectorForce):
    """A force on marker ``i`` with components ``fx fy fz`` (expressions) in the axes of
    ``rm``; the reaction acts on the part of ``jfloat`` at i's position."""

    fx = _component(0)
    fy = _component(1)
    fz = _component(2)


class Vtorque(_VectorForce):
    """A torque on the part of ``i`` with components ``tx ty tz`` (expressions) in the axes
    of ``rm``; the reaction acts on the part of ``jfloat``."""

    tx = _component(3)
    ty = _component(4)
    tz = _component(5)


class Gforce(_VectorForce):
    """A force and a torque on marker ``i`` with components ``fx fy fz tx ty tz``
    (expressions) in the axes of ``rm``; the reaction acts on the part of ``jfloat``."""

    fx = _component(0)
    fy = _component(1)
    fz = _component(2)
    tx = _component(3)
    ty = _component(4)
    tz = _component(5)


class _DiffInitial(Property):
    """The initial value, or ``[value, derivative]`` (the derivative is the first guess of
    y'(0) for an implicit equation)."""

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return obj.__dict__.get("_ic_given", 0.0)

    def __set__(self, obj, value):
        if isinstance(value, (list, tuple)):
            if len(value) not in (1, 2):
                raise self.error(obj, "must be a number or [value, derivative]", value,
                                 ValueError)
            numbers = [Double().convert(obj, v) for v in value]
            obj._ic = numbers[0]
            obj._ic_dot = numbers[1] if len(numbers) == 2 else 0.0
            obj.__dict__["_ic_given"] = list(numbers)
        else:
            obj._ic = Double().convert(obj, value)
            obj._ic_dot = 0.0
            obj.__dict__["_ic_given"] = obj._ic
        obj._property_changed(self.name)


class Diff(_CoreEntity, _core.DiffSpec):
    """A user differential equation with state y: y' = ``function`` (explicit), or
    ``function`` = 0 (``implicit=True``, the expression reads DIF1). ``ic`` is y(0) or
    ``[y(0), y'(0)]``. Other expressions read y with ``DIF(id)`` and y' with ``DIF1(id)``."""

    _core_type = _core.DiffSpec
    function = Str(
        field="_function",
        doc="The equation: a MotionSolve expression, or USER(p1, ...) with a routine.",
    )
    routine = Routine(field="_routine", doc="DIFSUB: a callable returning y' (or the residual).")
    implicit = Bool(False, field="_implicit")
    ic = _DiffInitial(0.0)
    static_hold = Bool(False, field="_static_hold")


class Variable(_CoreEntity, _core.VariableSpec):
    """An algebraic variable: the value of the expression ``function``, read in other
    expressions with ``VARVAL(id)``. A variable may not refer back to itself."""

    _core_type = _core.VariableSpec
    function = Str(
        field="_function",
        doc="The value: a MotionSolve expression, or USER(p1, ...) with a routine.",
    )
    routine = Routine(field="_routine", doc="VARSUB: a callable returning the value.")
    implicit = Bool(False, field="_implicit")
    ic = Double(None, optional=True, field="_ic")


def _variable_class():
    return Variable


def _array_class():
    return Array


class Array(_CoreEntity, _core.ArraySpec):
    """Values read with ``ARYVAL(id, k)`` (k from 1): type X holds the states of a Tfsiso or
    Lse, Y its outputs, U its inputs (``variables``), IC constants (``numbers``)."""

    _core_type = _core.ArraySpec
    type = Enum("X Y U IC", "X", field="_type")
    size = Int(0, field="_size")
    numbers = Doubles(field="_numbers")
    variables = References(_variable_class, field="_variables")


class _SplineValues(Doubles):
    """The y values of a Spline: a list of numbers, or for a surface a list of curves (one
    list of len(x) numbers per z value), kept as one flat list."""

    def convert(self, obj, value):
        if isinstance(value, (list, tuple)) and value and all(
            isinstance(v, (list, tuple)) for v in value
        ):
            value = [v for curve in value for v in curve]
        return super().convert(obj, value)


class _NotAvailable(Property):
    """An attribute msolve does not support yet: any value but the default is refused."""

    def __init__(self, default, what):
        super().__init__(default)
        self.what = what

    def convert(self, obj, value):
        if value != self.default and value is not None:
            raise self.error(obj, f"is not available yet in msolve ({self.what})", value,
                             ValueError)
        return value


class Spline(_CoreEntity, _core.SplineSpec):
    """Tabulated data read in expressions with ``AKISPL(x, z, id[, n])`` (Akima),
    ``CUBSPL(x, z, id[, n])`` (cubic spline) and ``LINSPL(x, z, id[, n])`` (straight
    lines): the interpolated value (n = 0, the default) or its first or second derivative
    with respect to x (n = 1, 2) at x, e.g. ``Sforce(function="AKISPL(DZ(2,3,3), 0, 5)")``.

    * A curve: ``Spline(x=[...], y=[...])``, at least 4 points, x strictly increasing, as
      many y values as x values; z (the second argument of the functions) is ignored.
    * A surface, a family of curves: ``Spline(x=[...], z=[z1, z2, ...], y=[[curve at z1],
      [curve at z2], ...])`` (or the curves one after the other in one flat list), z
      strictly increasing. Each curve is interpolated in x by the chosen method and the
      result is linear in z between neighbouring curves (and beyond the first and last).
      The derivative order n is not available on a surface.

    Methods: AKISPL is Akima's 1970 local method (end slopes from Akima's extrapolated
    chords); it reproduces straight lines exactly, and its second derivative jumps at the
    points. CUBSPL is the natural cubic spline (zero second derivative at both ends),
    continuous to the second derivative, the one to use for motions. LINSPL joins the
    points by straight lines.

    Beyond the data, x < x[0] or x > x[-1]: with ``linear_extrapolate=False`` (the
    default) the parabola through the three end points, with ``True`` the straight line
    through the two end points (Adams' rule); LINSPL always extends its end segments.

    The data are checked at simulate: ``Spline 3 'table': x must be strictly increasing
    ...``. Reading the data from a file (``file``, ``function``, ``routine``) is not
    available yet.
    """

    _core_type = _core.SplineSpec
    x = Doubles(field="_x", doc="The x values, strictly increasing (at least 4).")
    y = _SplineValues(field="_y", doc="The y values (for a surface: one curve per z value).")
    z = Doubles(field="_z", doc="For a surface: the z values of the curves, increasing.")
    linear_extrapolate = Bool(
        False, field="_linear_extrapolate", doc="Extrapolate linearly instead of parabolically."
    )
    file = _NotAvailable("", "spline data read from a file")
    block = _NotAvailable("", "spline data read from a file")
    function = _NotAvailable("SPLINE_READ", "spline data read by a SPLINE_READ routine")
    routine = _NotAvailable(None, "spline data read by a SPLINE_READ routine")


class Tfsiso(_CoreEntity, _core.TfsisoSpec):
    """A transfer function G(s) = N(s)/D(s) from the first variable of the U array ``u`` to
    the Y array ``y``, states in the X array ``x``. ``numerator`` and ``denominator`` list the
    coefficients in ascending powers of s. Realisation (what ``ARYVAL(x, k)`` returns):
    observable canonical form, with a_k, b_k the coefficients divided by the last
    denominator coefficient and d = b_n: x_k' = -a_(n-k) x_1 + x_(k+1) + (b_(n-k) - a_(n-k) d) u,
    y = x_1 + d u, all states zero at the start."""

    _core_type = _core.TfsisoSpec
    x = Reference(_array_class, field="_x")
    y = Reference(_array_class, field="_y")
    u = Reference(_array_class, field="_u")
    numerator = Doubles(field="_numerator")
    denominator = Doubles(field="_denominator")
    static_hold = Bool(False, field="_static_hold")


def _matrix_class():
    return Matrix


class Matrix(_CoreEntity, _core.MatrixSpec):
    """A real ``rows`` x ``columns`` matrix, used by Lse.

    * Dense: ``Matrix(rows=2, columns=3, full="RORDER", values=[a11, a12, a13, a21, a22,
      a23])`` lists the entries row after row; ``full="CORDER"`` lists them column after
      column, and so does a matrix without ``full`` (as in MotionSolve's Matrix example).
    * Sparse (coordinate list): ``Matrix(sparse=True, rows=3, columns=3, i=[1, 3],
      j=[2, 3], values=[5.0, -1.0])``: entry k is ``values[k]`` at row ``i[k]``, column
      ``j[k]``, counted from 1; the entries not listed are 0.

    The data are checked at simulate, e.g. ``Matrix 2 'A': a dense 2 x 2 matrix needs 4
    values, got 3``. Matrices defined by a user routine are not available yet.
    """

    _core_type = _core.MatrixSpec
    full = Enum("RORDER CORDER", None, field="_full",
                doc="Order of the dense values: RORDER (by rows) or CORDER (by columns, the "
                    "default when unset).")
    rows = Int(0, field="_rows", doc="Number of rows.")
    columns = Int(0, field="_columns", doc="Number of columns.")
    values = Doubles(field="_values", doc="The entries (dense) or the listed entries (sparse).")
    sparse = Bool(False, field="_sparse", doc="True: the entries are listed with i and j.")
    i = Ints(field="_i", doc="Sparse: the row of each value, from 1.")
    j = Ints(field="_j", doc="Sparse: the column of each value, from 1.")


class Lse(_CoreEntity, _core.LseSpec):
    """Linear state equations x' = A x + B u, y = C x + D u (MotionSolve Lse, the linear
    Control_StateEqn).

    ``x`` (an X Array) holds the n states and ``a`` (an n x n Matrix) is required. The
    inputs u are the variables of the U Array ``u``, in order (m of them); the outputs y,
    read with ``ARYVAL(y.id, k)`` on the Y Array ``y``, are the p rows of C x + D u. ``b``
    (n x m) needs ``u``, ``c`` (p x n) needs ``y``, ``d`` (p x m) needs both; a given ``u``
    needs ``b`` or ``d`` and a given ``y`` needs ``c`` or ``d``. The IC Array ``ic`` holds
    x(0) (n numbers); without it the states start at 0. ``ARYVAL(x.id, k)`` reads state k.

    ``static_hold`` is accepted; statics are not available yet and it has no effect in
    dynamics. The checks happen at simulate and name the Lse and the sizes that disagree,
    e.g. ``Lse 1: the B matrix Matrix 2 is 2 x 1 but must be 2 x 3 ...``.
    """

    _core_type = _core.LseSpec
    x = Reference(_array_class, field="_x", doc="X Array: the states.")
    y = Reference(_array_class, field="_y", doc="Y Array: the outputs.")
    u = Reference(_array_class, field="_u", doc="U Array: the inputs (its variables).")
    ic = Reference(_array_class, field="_ic", doc="IC Array: the initial states.")
    a = Reference(_matrix_class, field="_a", doc="State matrix A, n x n.")
    b = Reference(_matrix_class, field="_b", doc="Input matrix B, n x m.")
    c = Reference(_matrix_class, field="_c", doc="Output matrix C, p x n.")
    d = Reference(_matrix_class, field="_d", doc="Feed-through matrix D, p x m.")
    static_hold = Bool(False, field="_static_hold",
                       doc="Accepted; no effect (statics are not available yet).")


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
    joint = Reference(_joint_class, field="_joint")
    i = Reference(_marker_class, field="_i")
    j = Reference(_marker_class, field="_j")
    jtype = Enum("TRANSLATION ROTATION", "TRANSLATION", field="_jtype")
    direction = Enum("X Y Z B1 B2 B3", None, field="_direction")
    dtype = Enum("DISPLACEMENT VELOCITY ACCELERATION", "DISPLACEMENT", field="_dtype")
    function = Str(
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


class Request(_CoreEntity, _core.RequestSpec):
    """Output of marker ``i`` relative to marker ``j`` (ground when unset), resolved in
    ``rm`` (ground when unset). Components by type:

    * DISPLACEMENT: MAG X Y Z (slot 4 unused) PSI THETA PHI
    * VELOCITY: VM VX VY VZ WM WX WY WZ
    * ACCELERATION: ACCM ACCX ACCY ACCZ WDTM WDTX WDTY WDTZ
    * FORCE: FM FX FY FZ TM TX TY TZ (reactions of the joints connecting i and j, on i's
      part, at i)
    * EXPRESSION: F1..F8, the expressions ``f1``..``f8`` (giving any of them makes the
      request an EXPRESSION request unless ``type`` is given)
    """

    _core_type = _core.RequestSpec
    _slots = ("f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8")
    type = Enum(
        "DISPLACEMENT VELOCITY ACCELERATION FORCE EXPRESSION", "DISPLACEMENT", field="_type"
    )
    i = Reference(_marker_class, field="_i")
    j = Reference(_marker_class, field="_j")
    rm = Reference(_marker_class, field="_rm")
    comment = Str(field="_comment")
    results_name = Str()
    f1 = _request_function(0)
    f2 = _request_function(1)
    f3 = _request_function(2)
    f4 = _request_function(3)
    f5 = _request_function(4)
    f6 = _request_function(5)
    f7 = _request_function(6)
    f8 = _request_function(7)
    function = Str(field="_function", doc="USER(p1, ...): the parameters of the routine.")
    routine = Routine(
        field="_routine",
        doc="REQSUB: a callable (id, time, par, npar, iflag) returning the 8 components.",
    )

    def _property_changed(self, name):
        # a request given only expressions is an EXPRESSION request
        if name == "type":
            self.__dict__["_type_given"] = True
        elif name in self._slots and not self.__dict__.get("_type_given"):
            self._type = "EXPRESSION"
        super()._property_changed(name)


class Output(SolverObject):
    """Output settings. Accepted for compatibility; results are always kept in memory."""

    reqsave = Bool(True)

    def __init__(self, **kwds):
        known = {k: kwds.pop(k) for k in list(kwds) if k in self._properties()}
        self._extra = kwds
        super().__init__(**known)
