"""Deformable curves and surfaces (MotionSolve Dcurve / DeformableCurve, Dsurface /
DeformableSurface): a cubic spline through the origins of markers that move with their
parts, so that the curve or surface deforms as they move; the point-to-deformable-curve and
point-to-deformable-surface constraints on them (Ptdcv, Ptdsf), the point-to-surface contact
force (Ptdsff, refused when the model is compiled: msolve does not support it yet), and the
graphics that draw them (DeformCurve, DeformSurface). The equations: docs/equations.md §2.11
and §11.1."""

from __future__ import annotations

from . import _core
from .base import _CoreEntity
from .bodies import Marker
from .geometry import Graphics
from .properties import Bool, Double, Enum, Function, Int, Reference, Routine
from .refused import _Refused

# the public classes of this module, exported by msolve (msolve/__init__.py); the aliases
# DeformableCurve and DeformableSurface are exported there too
__all__ = ["Dcurve", "DeformCurve", "DeformSurface", "Dsurface", "Ptdcv", "Ptdsf", "Ptdsff"]

_ENDS = "NATURAL PARABOLIC PERIODIC CANTILEVER"
_TENSION = "msolve's deformable curves and surfaces are plain cubic splines, without tension"
_DRAWN = "msolve draws no graphics"
_PTDSFF = (
    "msolve does not support the point-to-deformable-surface contact force yet: a model "
    "with an active Ptdsff is refused when it is compiled"
)


class _MarkerGrid(Reference):
    """A matrix of markers, a list of rows (each a list of Markers of the same length): the
    C++ description takes them row after row with the number of rows and columns."""

    annotation = list[list[Marker]]  # for the signatures (msolve/signatures.py)

    def __init__(self, **kw):
        super().__init__(Marker, **kw)
        self.default = []

    def describe(self):
        return "MarkerGrid (a list of rows of Markers)"

    def convert_value(self, obj, value):
        if value is None:
            return []
        if not isinstance(value, (list, tuple)) or not all(
            isinstance(row, (list, tuple)) for row in value
        ):
            raise self.error(obj, "must be a list of rows, each a list of Markers", value)
        rows = [[Reference.convert(self, obj, m) for m in row] for row in value]
        if any(m is None for row in rows for m in row):
            raise self.error(obj, "must hold Markers only", value)
        if rows and len({len(row) for row in rows}) != 1:
            raise self.error(obj, "must have rows of the same length", value, ValueError)
        return rows

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return [list(row) for row in obj.__dict__.get(self.key, [])]

    def __set__(self, obj, value):
        rows = self.convert_value(obj, value)
        obj._markers = [m for row in rows for m in row]
        obj._rows = len(rows)
        obj._columns = len(rows[0]) if rows else 0
        obj.__dict__[self.key] = [list(row) for row in rows]
        hook = getattr(obj, "_property_changed", None)
        if hook is not None:
            hook(self.name)


class Dcurve(_CoreEntity, _core.DcurveSpec):
    """A deformable curve (MotionSolve Dcurve or DeformableCurve, Reference_DeformCurve): the
    cubic spline through the origins of ``markers``, in order, which may sit on different
    parts; as they move the curve follows. The parameter u runs over [-u_span/2, u_span/2],
    the markers at evenly spaced values of it. The end conditions of the spline
    (``end_type_left``, ``end_type_right``): NATURAL (zero second derivative), PARABOLIC
    (the same second derivative at the end and the next point), CANTILEVER (``lambda`` times
    the next point's, lambda in [0, 1]) or PERIODIC (both ends: the slopes and second
    derivatives of the two ends equal). A ``u_closed`` curve is the periodic spline through
    the markers, its last marker repeating the first or not, and is followed round and round.
    The rule: docs/equations.md §11.1.
    """

    _core_type = _core.DcurveSpec
    markers = Reference(Marker, count=0, field="_markers", doc="The markers the curve passes.")
    u_span = Double(1.0, field="_u_span", doc="The span of the parameter u (> 0).")
    end_type_left = Enum(_ENDS, "NATURAL", field="_end_type_left")
    end_type_right = Enum(_ENDS, "NATURAL", field="_end_type_right")
    lambda_left = Double(0.0, field="_lambda_left", doc="CANTILEVER: M_0 = lambda M_1.")
    lambda_right = Double(0.0, field="_lambda_right", doc="CANTILEVER: M_N = lambda M_N-1.")
    tension = Double(None, optional=True, field="_tension", no_effect=_TENSION)
    u_closed = Bool(False, field="_closed", doc="The curve is closed (periodic in u).")


class Dsurface(_CoreEntity, _core.DsurfaceSpec):
    """A deformable surface (MotionSolve Dsurface or DeformableSurface,
    Reference_DeformSurface): the tensor-product cubic spline through the origins of a
    matrix of ``markers`` (a list of rows of the same length). u runs down the rows over
    [-u_span/2, u_span/2], v along a row over [-v_span/2, v_span/2], the markers at evenly
    spaced values; ``end_type`` applies to every edge (CANTILEVER with lambda 0, as NATURAL).
    ``u_closed`` (``v_closed``): periodic in u (v), the last row (column) repeating the first
    or not. The rule: docs/equations.md §11.1.
    """

    _core_type = _core.DsurfaceSpec
    markers = _MarkerGrid(doc="The markers, a list of rows.")
    u_span = Double(1.0, field="_u_span", doc="The span of the parameter u (> 0).")
    v_span = Double(1.0, field="_v_span", doc="The span of the parameter v (> 0).")
    end_type = Enum(_ENDS, "NATURAL", field="_end_type")
    u_tension = Double(None, optional=True, field="_u_tension", no_effect=_TENSION)
    v_tension = Double(None, optional=True, field="_v_tension", no_effect=_TENSION)
    u_closed = Bool(False, field="_u_closed", doc="Periodic in u (down the rows).")
    v_closed = Bool(False, field="_v_closed", doc="Periodic in v (along a row).")


class Ptdcv(_CoreEntity, _core.PtdcvSpec):
    """A point-to-deformable-curve constraint (MotionSolve Ptdcv, Constraint_PTdCV): the
    origin of marker ``i`` slides on ``dcurve`` (2 freedoms removed) as the curve deforms
    with its markers; the reactions act on the part of i and on the parts of the curve's
    markers. The curve parameter at the contact point is a state, starting at the curve's
    point nearest to i. The equations: docs/equations.md §2.11.
    """

    _core_type = _core.PtdcvSpec
    i = Reference(Marker, field="_i", doc="The marker whose origin slides on the curve.")
    dcurve = Reference(Dcurve, field="_dcurve", doc="The deformable curve.")


class Ptdsf(_CoreEntity, _core.PtdsfSpec):
    """A point-to-deformable-surface constraint (MotionSolve Ptdsf, Constraint_PTdSF): the
    origin of marker ``i`` slides on ``dsurface`` (1 freedom removed) as the surface deforms
    with its markers; the reactions act on the part of i and on the parts of the surface's
    markers. The two surface parameters at the contact point are states, starting at the
    surface's point nearest to i. The equations: docs/equations.md §2.11.
    """

    _core_type = _core.PtdsfSpec
    i = Reference(Marker, field="_i", doc="The marker whose origin slides on the surface.")
    dsurface = Reference(Dsurface, field="_dsurface", doc="The deformable surface.")


class Ptdsff(_Refused):
    """A contact force between a sphere of ``radius`` centred on marker ``i`` and a
    deformable surface (MotionSolve Ptdsff, Force_PTdSF). msolve does not support it yet: its
    attributes are kept and written back, and a model with an active Ptdsff is refused
    when it is compiled, with a ModelError naming it (msolve/refused.py)."""

    _refusal = (
        "msolve does not support the point-to-deformable-surface contact force (Ptdsff, "
        "Force_PTdSF) yet; deactivate it (active=False) to run the rest of the model"
    )

    i = Reference(Marker, doc="The marker at the centre of the sphere.", no_effect=_PTDSFF)
    dsurface = Reference(Dsurface, doc="The deformable surface.", no_effect=_PTDSFF)
    flip_normal = Bool(False, no_effect=_PTDSFF)
    radius = Double(None, optional=True, no_effect=_PTDSFF)
    radius_x = Double(None, optional=True, no_effect=_PTDSFF)
    radius_y = Double(None, optional=True, no_effect=_PTDSFF)
    radius_z = Double(None, optional=True, no_effect=_PTDSFF)
    force_model = Enum("UNDEFINED LINEAR POISSON HERTZIAN USERSUB", "UNDEFINED", no_effect=_PTDSFF)
    stiffness = Double(None, optional=True, no_effect=_PTDSFF)
    damping = Double(None, optional=True, no_effect=_PTDSFF)
    penalty = Double(None, optional=True, no_effect=_PTDSFF)
    restitution_coefficient = Double(0.0, no_effect=_PTDSFF)
    function = Function("PTDSFF", no_effect=_PTDSFF)
    routine = Routine(no_effect=_PTDSFF)


class DeformCurve(Graphics):
    """The graphic of a deformable curve (MotionSolve DeformCurve): ``seg`` straight
    segments along ``dcurve``. msolve draws nothing; it is kept and written back."""

    dcurve = Reference(Dcurve, doc="The deformable curve drawn.")
    seg = Int(None, optional=True, no_effect=_DRAWN)


class DeformSurface(Graphics):
    """The graphic of a deformable surface (MotionSolve DeformSurface): ``U_seg`` x ``V_seg``
    straight segments over ``dsurface``. msolve draws nothing; it is kept and written back."""

    dsurface = Reference(Dsurface, doc="The deformable surface drawn.")
    U_seg = Int(None, optional=True, no_effect=_DRAWN)
    V_seg = Int(None, optional=True, no_effect=_DRAWN)


# MotionSolve's second names of the two classes
DeformableCurve = Dcurve
DeformableSurface = Dsurface
