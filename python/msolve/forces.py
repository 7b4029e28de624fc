"""Forces: SpringDamper, SignForce, Springsat, Bushing, Field, Beam, Sforce, and the vector
forces Vforce, Vtorque and Gforce, the multi-point force Nforce."""

from __future__ import annotations

from collections.abc import Iterable

from . import _core
from .base import SolverObject, _CoreEntity
from .bodies import Marker
from .geometry import Graphics
from .properties import (
    Bool,
    Double,
    Doubles,
    Enum,
    ExpressionSlot,
    Function,
    Reference,
    References,
    Routine,
    Str,
)
from .scripts import resolve_script

# the public classes of this module, exported by msolve (msolve/__init__.py)
__all__ = [
    "Beam",
    "Bushing",
    "Contact",
    "Field",
    "Friction",
    "Gforce",
    "Nforce",
    "Pforce",
    "Sforce",
    "SignForce",
    "SpringDamper",
    "Springsat",
    "Vforce",
    "Vtorque",
]


class Pforce(_CoreEntity, _core.PforceSpec):
    """A penalty constraint: the generalised force

        -s(g) (penalty g + penalty1 g') grad g

    on every coordinate of the parts that ``function`` (an expression g of their positions
    and TIME, e.g. ``"DY(9) - COSH(DX(9))"``, or the value of ``routine``, PFOSUB, with
    ``function="USER(p1, ...)"``) reads, g' its time derivative along the motion. ``s = 1``;
    with ``unilateral=True`` the force acts only while g < 0 (the constraint g >= 0), ramped
    in by STEP's cubic from 0 at g = 0 to 1 at g = -``smoothing_factor`` (at once without
    smoothing). It holds g near zero with a violation of about (load along grad g) /
    (penalty |grad g|^2) (docs/equations.md §3.15).
    """

    _core_type = _core.PforceSpec
    function = Function(
        "PFOSUB",
        field="_function",
        doc="The constraint's expression g, or USER(p1, ...) with a routine.",
    )
    routine = Routine(field="_routine", doc="PFOSUB: a callable returning g.")
    penalty = Double(0.0, minimum=0.0, field="_penalty", doc="Penalty on the value g.")
    penalty1 = Double(0.0, minimum=0.0, field="_penalty1", doc="Penalty on its rate g'.")
    unilateral = Bool(False, field="_unilateral", doc="Acts only while g < 0.")
    smoothing_factor = Double(
        0.0, minimum=0.0, field="_smoothing_factor", doc="Width in g of the unilateral ramp."
    )


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
    i = Reference(Marker, field="_i")
    j = Reference(Marker, field="_j")
    k = Double(0.0, minimum=0.0, field="_k", doc="Translational stiffness.")
    c = Double(0.0, minimum=0.0, field="_c", doc="Translational damping.")
    kt = Double(0.0, minimum=0.0, field="_kt", doc="Rotational stiffness.")
    ct = Double(0.0, minimum=0.0, field="_ct", doc="Rotational damping.")
    force = Double(0.0, field="_force", doc="Preload force.")
    torque = Double(0.0, field="_torque", doc="Preload torque.")
    length = Double(None, optional=True, minimum=0.0, field="_length", doc="Free length.")
    angle = Double(0.0, field="_angle", doc="Free angle (radians).")


class SignForce(_CoreEntity, _core.SignForceSpec):
    """A constant force whose sign follows the direction of motion (docs/equations.md §3.6), on
    marker ``i`` along the z axis of marker ``j``, with the opposite force on j's part at the same
    point. With v = VZ(I, J, J, J), the velocity of I relative to J along z_J seen from J,
    the force on I is ``f_nominal * g(v)``: a positive ``f_nominal`` accelerates in both
    directions of motion, a negative one brakes (a dry-friction-like load).

    ``reg`` regularises the sign below ``v0`` (the formulas of docs/equations.md §3.6, whose f =
    -f_nominal g(v) is the force on the component, so that the flange, here marker i, receives
    f_nominal g(v)):

    - EXP (default): g = 2 / (1 + exp(-v / (0.01 v0))) - 1 (= tanh(v / (0.02 v0)));
    - SINE: g = sin(pi/2 v/v0) for |v| < v0;
    - LINEAR: g = v / v0 for |v| < v0;
    - COSINE: g = sign(v) (1 - cos(pi/2 v/v0)) for |v| < v0;

    and g = sign(v) for |v| >= v0 (all but EXP).
    """

    _core_type = _core.SignForceSpec
    i = Reference(Marker, field="_i")
    j = Reference(Marker, field="_j")
    f_nominal = Double(0.0, field="_f_nominal", doc="Nominal force (negative: a brake).")
    v0 = Double(0.1, minimum=0.0, field="_v0", doc="Speed below which the sign is regularised.")
    reg = Enum("EXP SINE LINEAR COSINE", "EXP", field="_reg")


class Springsat(_CoreEntity, _core.SpringsatSpec):
    """A saturating spring (docs/equations.md §3.7) between markers ``i`` and ``j``, acting along
    the line from j to i like a translational SpringDamper. With the deflection
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
    i = Reference(Marker, field="_i")
    j = Reference(Marker, field="_j")
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
    i = Reference(Marker, field="_i")
    j = Reference(Marker, field="_j")
    k = Doubles([0.0] * 3, count=3, minimum=0.0, field="_k", doc="Stiffness (x, y, z).")
    c = Doubles([0.0] * 3, count=3, minimum=0.0, field="_c", doc="Damping (x, y, z).")
    kt = Doubles([0.0] * 3, count=3, minimum=0.0, field="_kt", doc="Rotational stiffness.")
    ct = Doubles([0.0] * 3, count=3, minimum=0.0, field="_ct", doc="Rotational damping.")
    force = Doubles([0.0] * 3, count=3, field="_force", doc="Preload force (x, y, z of j).")
    torque = Doubles([0.0] * 3, count=3, field="_torque", doc="Preload torque (x, y, z of j).")


class _Matrix6(Doubles):
    """A 6x6 matrix: 36 numbers row by row (or six rows of six), or empty (unset)."""

    def __init__(self, **kw):
        super().__init__([], **kw)

    def convert(self, obj, value):
        if value is None:
            return []
        if isinstance(value, Iterable) and not isinstance(value, (str, bytes)):
            rows = list(value)
            if rows and all(
                isinstance(r, Iterable) and not isinstance(r, (str, bytes)) for r in rows
            ):
                value = [v for r in rows for v in r]
        values = super().convert(obj, value)
        if values and len(values) != 36:
            raise self.error(
                obj, "must be 36 numbers (a 6x6 matrix, row by row)", value, ValueError
            )
        return values


class Field(_CoreEntity, _core.FieldSpec):
    """A linear field between markers ``i`` and ``j`` (Adams FIELD), in the axes of ``j``.

    With q = (x, y, z, a, b, c), the position of i's origin relative to j's and the small
    rotations AX, AY, AZ of i relative to j, and v = (x', y', z', wx, wy, wz) their rates
    (the velocity in j's frame and the angular velocity of i relative to j), the force and
    torque on i are ``-kmatrix (q - length) - C v + force``, with C = ``cmatrix``, or
    ``cratio * kmatrix``, or zero (docs/equations.md §3.11). The reaction on j is the same
    wrench taken at i's origin, reversed. ``kmatrix`` and ``cmatrix`` are 36 numbers, row by
    row; ``force`` and ``length`` six (x, y, z, then the three rotations)."""

    _core_type = _core.FieldSpec
    i = Reference(Marker, field="_i")
    j = Reference(Marker, field="_j")
    kmatrix = _Matrix6(field="_kmatrix", doc="Stiffness matrix, 36 numbers row by row.")
    cmatrix = _Matrix6(field="_cmatrix", doc="Damping matrix, 36 numbers row by row.")
    cratio = Double(
        None, optional=True, minimum=0.0, field="_cratio", doc="Damping = cratio * kmatrix."
    )
    force = Doubles([0.0] * 6, count=6, field="_force", doc="Preload force and torque.")
    length = Doubles([0.0] * 6, count=6, field="_length", doc="Reference displacement.")
    function = Function("FIESUB", field="_function", doc="USER(p1, ...): the parameters of FIESUB.")
    routine = Routine(
        field="_routine",
        doc="FIESUB(id, time, par, npar, disp, velo, dflag, iflag) -> [field, dfddis, dfdvel]: "
        "the six force and torque components on I in J's axes and their derivatives (kmatrix, "
        "cmatrix, ... are then not read).",
    )


class Nforce(_CoreEntity, _core.NforceSpec):
    """The multi-point linear force (dataset element ``Force_MultiPoint``; Adams NFORCE):
    forces and torques on the N markers ``imarkers`` and the reaction on ``j``, in the axes
    of ``j``. With q (6N) the coordinates of every I marker relative to j as a Field's (x, y,
    z and the small rotations AX, AY, AZ) and v (6N) their rates, the forces and torques on
    the I markers are ``-kmatrix (q - length) - C v + force`` with C = ``cmatrix``, or
    ``cratio * kmatrix`` (docs/equations.md §3.14). j receives each I marker's wrench
    reversed, taken at that marker's origin, so forces and moments balance. ``kmatrix`` and
    ``cmatrix`` are 6N x 6N Matrix entities, ``force`` 6N x 1, ``length`` 3N x 1 (the
    translations' free values; 6N x 1 also gives the rotations')."""

    _core_type = _core.NforceSpec
    imarkers = References(Marker, field="_imarkers", doc="The I markers (N of them).")
    j = Reference(Marker, field="_j", doc="Reference marker; takes the reaction.")
    cratio = Double(0.0, minimum=0.0, field="_cratio", doc="Damping = cratio * kmatrix.")
    cmatrix = Reference("Matrix", field="_cmatrix", doc="6N x 6N damping matrix.")
    kmatrix = Reference("Matrix", field="_kmatrix", doc="6N x 6N stiffness matrix.")
    length = Reference("Matrix", field="_length", doc="3N x 1 free lengths (or 6N x 1).")
    force = Reference("Matrix", field="_force", doc="6N x 1 preloads.")


_BEAM_ROUTINE = (
    "a Beam is defined by its section properties: MotionSolve documents no beam subroutine "
    "and Force_Beam has none"
)


class Beam(_CoreEntity, _core.BeamSpec):
    """A massless Timoshenko beam from marker ``j`` (its x axis along the beam) to marker
    ``i`` (Adams BEAM): in the axes of j, the force and torque on i are
    ``-K (q - (length, 0, 0, 0, 0, 0)) - C v + (force, torque)`` with q and v as for a
    Field, K the beam's stiffness matrix from ``emodulus``, ``gmodulus``, ``area``, ``ixx``
    (torsion), ``iyy``, ``izz`` (bending about y and z) and the shear area ratios ``asy``,
    ``asz`` (docs/equations.md §3.12), and C = ``cmatrix`` or ``cratio * K``."""

    _core_type = _core.BeamSpec
    i = Reference(Marker, field="_i")
    j = Reference(Marker, field="_j")
    length = Double(0.0, minimum=0.0, field="_length", doc="Free length, j to i along x_J.")
    ixx = Double(0.0, minimum=0.0, field="_ixx", doc="Torsional constant of the section.")
    iyy = Double(0.0, minimum=0.0, field="_iyy", doc="Area moment about the y axis.")
    izz = Double(0.0, minimum=0.0, field="_izz", doc="Area moment about the z axis.")
    area = Double(0.0, minimum=0.0, field="_area", doc="Cross-section area.")
    asy = Double(0.0, minimum=0.0, field="_asy", doc="Shear area ratio, y (0: no shear).")
    asz = Double(0.0, minimum=0.0, field="_asz", doc="Shear area ratio, z (0: no shear).")
    emodulus = Double(0.0, minimum=0.0, field="_emodulus", doc="Young's modulus.")
    gmodulus = Double(0.0, minimum=0.0, field="_gmodulus", doc="Shear modulus.")
    cratio = Double(0.0, minimum=0.0, field="_cratio", doc="Damping = cratio * K.")
    cmatrix = _Matrix6(field="_cmatrix", doc="Damping matrix in place of cratio.")
    force = Doubles([0.0] * 3, count=3, field="_force", doc="Preload force (x, y, z of j).")
    torque = Doubles([0.0] * 3, count=3, field="_torque", doc="Preload torque (x, y, z of j).")
    # on MotionSolve's Beam page without a documented subroutine or dataset counterpart
    function = Function(no_effect=_BEAM_ROUTINE)
    routine = Routine(no_effect=_BEAM_ROUTINE)
    script = Str(no_effect=_BEAM_ROUTINE)


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
    i = Reference(Marker, field="_i")
    j = Reference(Marker, field="_j")
    function = Function(
        "SFOSUB",
        field="_function",
        doc="The magnitude: a MotionSolve expression, or USER(p1, ...) with a routine.",
    )
    routine = Routine(field="_routine", doc="SFOSUB: a callable returning the magnitude.")
    script = Str(doc="A Python file holding the routine (named by routine=, or SFOSUB).")

    def _property_changed(self, name):
        if name in ("script", "routine"):
            resolve_script(self, "SFOSUB")
        super()._property_changed(name)


def _component(slot):
    return ExpressionSlot("_components", slot, "Component expression, in the axes of rm.")


class _VectorForce(_CoreEntity, _core.VectorForceSpec):
    """Common part of Vforce, Vtorque and Gforce: applied at marker ``i``, components in
    the axes of ``rm`` (ground when unset), reaction on the part of ``jfloat`` at i's
    position (``j`` is accepted as an alias of ``jfloat``)."""

    _core_type = _core.VectorForceSpec
    _aliases = {"j": "jfloat"}
    i = Reference(Marker, field="_i")
    jfloat = Reference(Marker, field="_jfloat")
    rm = Reference(Marker, field="_rm")
    function = Function(field="_function", doc="USER(p1, ...): the parameters of the routine.")
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


class _Words(Enum):
    """A list of words of a fixed list: a list or one string of words separated by spaces
    or commas (MotionSolve's EnumStr)."""

    def __init__(self, words, default, **kw):
        super().__init__(words, list(default), count=0, **kw)

    def convert_value(self, obj, value):
        if isinstance(value, str):
            value = value.replace(",", " ").split()
        if not isinstance(value, (list, tuple)) or not value:
            raise self.error(obj, f"must name at least one of {' '.join(self.words)}", value)
        return super().convert_value(obj, value)


class Friction(_CoreEntity, _core.FrictionSpec):
    """Friction in a joint (MotionSolve Friction, Force_JointFriction; docs/equations.md
    §3.10): on a REVOLUTE, TRANSLATIONAL, CYLINDRICAL, SPHERICAL or UNIVERSAL ``joint``, a
    force and/or torque opposing the joint's slip, of magnitude mu(v) times the friction load
    (the joint's reaction force and moments, read from its constraint multipliers, as
    ``input_forces`` selects, plus the preload).

    The friction is LuGre's: a bristle deflection z per slip component, a differential state,
    with z' = v - sigma0 |v| z / g(v), g(v) = mu_dynamic + (mu_static - mu_dynamic)
    exp(-(v / stiction_transition_velocity)^2), and the coefficient sigma0 z + sigma1 z' +
    sigma2 v. With ``bristle_stiffness``, ``damping_effects`` and ``viscous_effects`` unset,
    sigma0 = mu_static / max_stiction_deformation (a sticking joint creeps at most that far),
    sigma1 = mu_static / stiction_transition_velocity, sigma2 = 0 and the bristles are
    elasto-plastic (no slip below 0.8 of the breakaway deflection: a sticking joint creeps
    at most max_stiction_deformation); given, they are sigma0, sigma1, sigma2 (plain LuGre).
    sigma1 acts near zero slip only. Rotational slip is measured at ``pin_radius``
    (``ball_radius`` for a spherical joint). ``effect`` SLIDING: Coulomb friction of
    mu_dynamic only; STICTION: mu_dynamic taken as 0.
    """

    _core_type = _core.FrictionSpec
    joint = Reference("Joint", field="_joint", doc="The joint with friction.")
    mu_static = Double(0.3, field="_mu_static", doc="Static friction coefficient.")
    mu_dynamic = Double(0.2, field="_mu_dynamic", doc="Dynamic friction coefficient.")
    inactive = Enum("NONE STATIC", "NONE", field="_inactive")
    stiction_transition_velocity = Double(
        0.1, field="_stiction_transition_velocity", doc="Slip speed of the stiction transition."
    )
    max_stiction_deformation = Double(
        0.01, field="_max_stiction_deformation", doc="Largest creep while sticking."
    )
    effect = Enum("ALL STICTION SLIDING", "ALL", field="_effect")
    input_forces = _Words(
        "PRELOAD NONE ALL REACTION_FORCE BENDING_MOMENT TORSIONAL_MOMENT",
        ["ALL"],
        field="_input_forces",
        doc="The loads that make the friction load.",
    )
    friction_force_preload = Double(0.0, field="_friction_force_preload")
    reaction_arm = Double(1.0, field="_reaction_arm")
    initial_overlap = Double(1000.0, field="_initial_overlap")
    overlap_delta = Enum("INCREASE DECREASE CONSTANT", "CONSTANT", field="_overlap_delta")
    friction_torque_preload = Double(0.0, field="_friction_torque_preload")
    friction_arm = Double(1.0, field="_friction_arm")
    pin_radius = Double(1.0, field="_pin_radius")
    bending_reaction_arm = Double(1.0, field="_bending_reaction_arm")
    yoke = Enum("I J", "I", field="_yoke")
    ball_radius = Double(1.0, field="_ball_radius")
    bristle_stiffness = Double(None, optional=True, field="_bristle_stiffness")
    damping_effects = Double(None, optional=True, field="_damping_effects")
    viscous_effects = Double(None, optional=True, field="_viscous_effects")


_NOT_YET = "msolve does not support it yet"


class Contact(_CoreEntity, _core.ContactSpec):
    """A 3-D contact force between the geometries ``igeom`` (all on one part) and ``jgeom``
    (all on another), docs/equations.md §3.13. Wherever they interpenetrate, at each
    contact point with depth d along the common normal:

    - IMPACT: ``fn = k d^e + STEP(d, 0, 0, dmax, damping) dd/dt``, not negative (the rule
      of the IMPACT function);
    - POISSON: ``fn = penalty d STEP(dd/dt, -normal_trans, e^2, 0, 1)`` with e the
      ``restitution_coefficient``: the unloading force is e^2 times the loading one, so a
      collision returns e times the approach speed;
    - friction (``coulomb_friction`` ON or DYNAMICS_ONLY): ``mu(v) fn`` against the slip
      velocity v at the point, mu rising by STEP from 0 to ``mu_static`` at
      ``stiction_transition_velocity`` and moving to ``mu_dynamic`` at
      ``friction_transition_velocity``.

    Sphere and Box pairs have closed forms (sphere-sphere, sphere-box, box-box by the
    corners of each inside the other and the edges crossing); Cylinder, Ellipsoid,
    Frustum and External (triangle meshes) go through the collision library FCL.
    """

    _core_type = _core.ContactSpec
    igeom = Reference(Graphics, count=0, field="_igeom", doc="Geometries on the first part.")
    jgeom = Reference(Graphics, count=0, field="_jgeom", doc="Geometries on the second part.")
    iflip_geometry = Reference(Graphics, no_effect=_NOT_YET)
    jflip_geometry = Reference(Graphics, no_effect=_NOT_YET)
    type = Enum("NONE IMPACT POISSON VOLUME USER", "IMPACT", field="_type")
    stiffness = Double(0.0, minimum=0.0, field="_stiffness")
    exponent = Double(1.5, field="_exponent")
    damping = Double(0.0, minimum=0.0, field="_damping")
    dmax = Double(0.0, minimum=0.0, field="_dmax", doc="Depth of full damping.")
    penalty = Double(0.1, minimum=0.0, field="_penalty")
    restitution_coefficient = Double(0.0, minimum=0.0, field="_restitution_coefficient")
    normal_trans = Double(
        1.0, minimum=0.0, field="_normal_trans", doc="POISSON: speed of the loading switch."
    )
    coulomb_friction = Enum("ON OFF DYNAMICS_ONLY", "OFF", field="_coulomb_friction")
    mu_static = Double(0.0, minimum=0.0, field="_mu_static")
    mu_dynamic = Double(0.0, minimum=0.0, field="_mu_dynamic")
    stiction_transition_velocity = Double(1e-3, field="_stiction_transition_velocity")
    friction_transition_velocity = Double(1e-3, field="_friction_transition_velocity")
    i_elastic_modulus = Double(0.0, no_effect=_NOT_YET)
    j_elastic_modulus = Double(0.0, no_effect=_NOT_YET)
    i_layer_depth = Double(0.0, no_effect=_NOT_YET)
    j_layer_depth = Double(0.0, no_effect=_NOT_YET)
    master_surface = Enum("AUTO I J IANDJ", "AUTO", no_effect=_NOT_YET)
    collision_engine = Enum("AUTO OPCODE PCM PARASOLID", "AUTO", no_effect=_NOT_YET)
    normal_function = Str(no_effect=_NOT_YET)
    normal_routine = Routine(no_effect=_NOT_YET)
    friction_function = Str(no_effect=_NOT_YET)
    friction_routine = Routine(no_effect=_NOT_YET)
