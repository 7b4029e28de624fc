"""Control and data elements: Variable (VARVAL), Diff (DIF, DIF1), Array (ARYVAL),
Tfsiso and Lse (transfer functions and linear state equations), Matrix and Spline."""

from __future__ import annotations

import typing

from . import _core
from .base import _CoreEntity
from .notices import Unless
from .properties import (
    Bool,
    Double,
    Doubles,
    Enum,
    Function,
    Int,
    Ints,
    Property,
    Reference,
    References,
    Routine,
    Str,
)
from .scripts import resolve_script

# the public classes of this module, exported by msolve (msolve/__init__.py)
__all__ = [
    "Array",
    "Curve",
    "Diff",
    "Gse",
    "Lse",
    "Matrix",
    "Spline",
    "Surface",
    "Tfsiso",
    "Variable",
]

_ARYSUB = "arrays hold their numbers or variables; ARYSUB routines are not available"
# minpar and maxpar act on curves computed by CURSUB only
_PAR_RANGE = Unless(
    "minpar and maxpar bound the parameter of a CURSUB curve; a curve through points runs "
    "from -1 to 1",
    lambda curve: curve.routine is not None,
)
_SPLINE_USER = (
    "SPLINE_READ receives the id, file and block only (its documented arguments), "
    "not the USER string's parameters"
)


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
    auto_balance = Enum(
        "DEFAULT UNCONDITIONAL DISABLED PENALTY",
        "DEFAULT",
        no_effect="msolve's statics solves implicit variables with the other equations",
    )
    penalty = Double(
        None, optional=True, no_effect="msolve's statics uses no penalty for auto-balancing"
    )
    penalty1 = Double(
        None, optional=True, no_effect="msolve's statics uses no penalty for auto-balancing"
    )


class _DiffInitial(Property):
    """The initial value, or ``[value, derivative]`` (the derivative is the first guess of
    y'(0) for an implicit equation)."""

    annotation = typing.Union[float, list[float]]  # for the signature (msolve/signatures.py)

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return obj.__dict__.get("_ic_given", 0.0)

    def __set__(self, obj, value):
        number = Double()
        number.name = self.name  # errors name this attribute
        if isinstance(value, (list, tuple)):
            if len(value) not in (1, 2):
                raise self.error(obj, "must be a number or [value, derivative]", value, ValueError)
            numbers = [number.convert(obj, v) for v in value]
            obj._ic = numbers[0]
            obj._ic_dot = numbers[1] if len(numbers) == 2 else 0.0
            obj.__dict__["_ic_given"] = list(numbers)
        else:
            obj._ic = number.convert(obj, value)
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


class Array(_CoreEntity, _core.ArraySpec):
    """Values read with ``ARYVAL(id, k)`` (k from 1): type X holds the states of a Tfsiso or
    Lse, Y its outputs, U its inputs (``variables``), IC constants (``numbers``)."""

    _core_type = _core.ArraySpec
    type = Enum("X Y U IC", "X", field="_type")
    size = Int(0, field="_size")
    numbers = Doubles(field="_numbers")
    variables = References(Variable, field="_variables")
    function = Function("ARYSUB", no_effect=_ARYSUB)
    routine = Routine(no_effect=_ARYSUB)
    script = Str(no_effect=_ARYSUB)


class _SplineValues(Doubles):
    """The y values of a Spline: a list of numbers, or for a surface a list of curves (one
    list of len(x) numbers per z value), kept as one flat list."""

    def convert(self, obj, value):
        if (
            isinstance(value, (list, tuple))
            and value
            and all(isinstance(v, (list, tuple)) for v in value)
        ):
            value = [v for curve in value for v in curve]
        return super().convert(obj, value)


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
    ...``.

    Data read by a routine (MotionSolve's SPLINE_READ): ``Spline(file="data.txt",
    block="spring", function="USER()", routine=SPLINE_READ)`` (or ``script="read.py"``, whose
    function ``routine`` names, SPLINE_READ by default). Before the model is compiled msolve
    calls ``SPLINE_READ(id, file, block)``; the routine reads what it likes and hands the data
    over with ``py_put_spline(id, x, y, z)`` (z a number for a curve, a list of z values for
    a surface with len(x) * len(z) y values), which fills x, y and z of this Spline, and
    returns its error flag (true stops the simulation with a message naming the Spline).
    It is called again only when the routine, the file or the block change.
    """

    _core_type = _core.SplineSpec
    x = Doubles(field="_x", doc="The x values, strictly increasing (at least 4).")
    y = _SplineValues(field="_y", doc="The y values (for a surface: one curve per z value).")
    z = Doubles(field="_z", doc="For a surface: the z values of the curves, increasing.")
    linear_extrapolate = Bool(
        False, field="_linear_extrapolate", doc="Extrapolate linearly instead of parabolically."
    )
    file = Str(doc="The file SPLINE_READ reads.")
    block = Str(doc="The block of the file SPLINE_READ reads.")
    function = Function("SPLINE_READ", default="SPLINE_READ", no_effect=_SPLINE_USER)
    routine = Routine(doc="SPLINE_READ(id, file, block): puts the data with py_put_spline.")
    script = Str(doc="The Python file of the SPLINE_READ routine.")

    def _load_data(self):
        """Call SPLINE_READ when the routine, file or block changed since its last call
        (Model._prepare_solver, before the model is compiled)."""
        resolve_script(self, "SPLINE_READ")
        routine = self.routine
        if isinstance(routine, str) and routine:
            raise ValueError(
                f"{self._describe()}: compiled SPLINE_READ routines ({routine!r}) are not "
                "available; give a Python function"
            )
        if not callable(routine):
            return
        key = (routine, self.file, self.block)
        if self.__dict__.get("_spline_read") == key:
            return
        self.__dict__["_put"] = False
        try:
            errflg = routine(self.id, self.file, self.block)
        except Exception as e:
            raise ValueError(
                f"{self._describe()}: its SPLINE_READ routine failed: {type(e).__name__}: {e}"
            ) from None
        problem = self.__dict__.get("_put_problem")
        if errflg:
            reason = f": {problem}" if problem else ""
            raise ValueError(
                f"{self._describe()}: its SPLINE_READ routine returned the error flag "
                f"{errflg!r}{reason}"
            )
        if not self.__dict__.get("_put"):
            raise ValueError(
                f"{self._describe()}: its SPLINE_READ routine put no data "
                "(it must call py_put_spline(id, x, y, z))"
            )
        self.__dict__["_spline_read"] = key

    def _put_data(self, x, y, z):
        """py_put_spline: x, y and z as the routine gives them; returns the error flag."""
        self.__dict__["_put_problem"] = None
        try:
            z = [] if z is None or isinstance(z, (int, float)) else list(z)
            z = [] if len(z) == 1 else z
            self.x, self.y, self.z = list(x), list(y), z
        except (TypeError, ValueError) as e:
            self.__dict__["_put_problem"] = str(e)
            return True
        self.__dict__["_put"] = True
        return False


class Tfsiso(_CoreEntity, _core.TfsisoSpec):
    """A transfer function G(s) = N(s)/D(s) from the first variable of the U array ``u`` to
    the Y array ``y``, states in the X array ``x``. ``numerator`` and ``denominator`` list the
    coefficients in ascending powers of s. Realisation (what ``ARYVAL(x, k)`` returns):
    observable canonical form, with a_k, b_k the coefficients divided by the last
    denominator coefficient and d = b_n: x_k' = -a_(n-k) x_1 + x_(k+1) + (b_(n-k) - a_(n-k) d) u,
    y = x_1 + d u, all states zero at the start."""

    _core_type = _core.TfsisoSpec
    x = Reference(Array, field="_x")
    y = Reference(Array, field="_y")
    u = Reference(Array, field="_u")
    numerator = Doubles(field="_numerator")
    denominator = Doubles(field="_denominator")
    static_hold = Bool(False, field="_static_hold")


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
    full = Enum(
        "RORDER CORDER",
        None,
        field="_full",
        doc="Order of the dense values: RORDER (by rows) or CORDER (by columns, the "
        "default when unset).",
    )
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

    With ``static_hold`` the states keep their values in statics (no effect in dynamics);
    otherwise statics solves A x + B u = 0 for them. The checks happen at simulate and name
    the Lse and the sizes that disagree, e.g.
    ``Lse 1: the B matrix Matrix 2 is 2 x 1 but must be 2 x 3 ...``.
    """

    _core_type = _core.LseSpec
    x = Reference(Array, field="_x", doc="X Array: the states.")
    y = Reference(Array, field="_y", doc="Y Array: the outputs.")
    u = Reference(Array, field="_u", doc="U Array: the inputs (its variables).")
    ic = Reference(Array, field="_ic", doc="IC Array: the initial states.")
    a = Reference(Matrix, field="_a", doc="State matrix A, n x n.")
    b = Reference(Matrix, field="_b", doc="Input matrix B, n x m.")
    c = Reference(Matrix, field="_c", doc="Output matrix C, p x n.")
    d = Reference(Matrix, field="_d", doc="Feed-through matrix D, p x m.")
    static_hold = Bool(
        False, field="_static_hold", doc="Keep the states at their values in statics."
    )


class Gse(_CoreEntity, _core.GseSpec):
    """General state equations x' = f(x, u, t), y = g(x, u, t) (MotionSolve Gse, the
    USERSUB Control_StateEqn; Adams GSE), both given by the Python routine GSESUB.

    ``routine`` is called as ``routine(id, time, par, npar, dflag, iflag, nstate, states,
    ninput, input, noutpt)`` with the states x and the inputs u (the variables of the U
    Array ``u``, in order) and returns ``(stated, output)``: the ns rates x' and the ``no``
    outputs, or one list of ns + no numbers. ``function`` is ``USER(p1, ...)``, the routine's
    par. The ns states (``ns``; unset: the size of ``x``, else of ``ic``) live in the X Array
    ``x`` and start at the numbers of the IC Array ``ic`` (0 without it); ``ARYVAL(y.id, k)``
    reads output k of the Y Array ``y``. With ``static_hold`` the states keep their values in
    statics. Derivatives are forward differences of the routine in x and u.
    """

    _core_type = _core.GseSpec
    no = Int(0, field="_no", doc="Number of outputs.")
    ns = Int(0, field="_ns", doc="Number of states (0: the size of x, or of ic).")
    x = Reference(Array, field="_x", doc="X Array: the states.")
    y = Reference(Array, field="_y", doc="Y Array: the outputs.")
    u = Reference(Array, field="_u", doc="U Array: the inputs (its variables).")
    ic = Reference(Array, field="_ic", doc="IC Array: the initial states.")
    static_hold = Bool(
        False, field="_static_hold", doc="Keep the states at their values in statics."
    )
    implicit = Bool(False, field="_implicit", doc="Implicit form (not available in msolve).")
    function = Str(field="_function", doc="USER(p1, ...): the routine's parameters.")
    routine = Routine(field="_routine", doc="GSESUB: a callable giving (stated, output).")


class _Points(Doubles):
    """Points in space: a list of [x, y, z] (or the coordinates one after the other), kept
    as one flat list and read back as a list of [x, y, z]."""

    def convert(self, obj, value):
        if isinstance(value, (list, tuple)) and any(isinstance(v, (list, tuple)) for v in value):
            if not all(isinstance(v, (list, tuple)) and len(v) == 3 for v in value):
                raise self.error(obj, "must be a list of points [x, y, z]", value, ValueError)
            value = [c for point in value for c in point]
        value = super().convert(obj, value)
        if len(value) % 3:
            raise self.error(obj, "must be a list of points [x, y, z]", value, ValueError)
        return value

    def from_field(self, value):
        flat = [float(v) for v in value]
        return [flat[k : k + 3] for k in range(0, len(flat), 3)]


class Curve(_CoreEntity, _core.CurveSpec):
    """A parametric curve r(alpha) in space (MotionSolve Curve, Reference_ParamCurve), read
    in expressions with ``CURVE(alpha, iord, comp, id)``: component comp (1, 2, 3 for x, y,
    z) of the curve (iord = 0) or of its first or second derivative with respect to alpha
    (iord = 1, 2).

    The points are ``xyz`` (a list of [x, y, z]) or the rows of ``matrix`` (an n x 3
    Matrix), at least 4. With ``curve_points=True`` the curve passes through them (a cubic
    spline, natural at the ends of an open curve); with ``False`` (the default) they are the
    control points of a uniform cubic B-spline that starts at the first and ends at the last.
    A ``closed`` curve must end at its first point, and is continuous there to the second
    derivative. The parameter alpha runs evenly over the segments from -1 at the first point
    to 1 at the last (MotionSolve's GTCURV reference); a closed curve repeats with period 2,
    an open one continues its end cubics beyond. The rule: docs/equations.md §11.

    Or the curve is computed by a CURSUB routine: ``routine`` (a Python callable, a
    ``"library::CURSUB"`` string, or a name in the Python file ``script``) called as
    ``CURSUB(id, par, npar, alpha, iord, iflag)``, returning the 3 components of the curve
    (iord 0) or of its first or second derivative with respect to alpha (iord 1, 2), with
    ``function="USER(p1, ...)"`` giving par. alpha runs from ``minpar`` to ``maxpar``; a
    ``closed`` curve repeats with period maxpar - minpar.
    """

    _core_type = _core.CurveSpec
    matrix = Reference(Matrix, field="_matrix", doc="The points as the rows of an n x 3 Matrix.")
    xyz = _Points(field="_xyz", doc="The points, a list of [x, y, z].")
    curve_points = Bool(False, field="_curve_points", doc="The points lie on the curve.")
    closed = Bool(False, field="_closed", doc="The curve ends at its first point.")
    minpar = Double(-1.0, field="_minpar", no_effect=_PAR_RANGE)
    maxpar = Double(1.0, field="_maxpar", no_effect=_PAR_RANGE)
    function = Function(
        "CURSUB", field="_function", doc="USER(p1, ...): the parameters of the CURSUB routine."
    )
    routine = Routine(field="_routine", doc="CURSUB: a callable returning a point or derivative.")
    script = Str(doc="A Python file holding the routine (named by routine=, or CURSUB).")

    def _load_data(self):
        """The routine the script names, before the model is compiled (Model._prepare_solver)."""
        resolve_script(self, "CURSUB")


class Surface(_CoreEntity, _core.SurfaceSpec):
    """A parametric surface s(u, v) in space (MotionSolve Surface, Reference_ParamSurface),
    computed by a SURSUB routine: ``routine`` (a Python callable, a ``"library::SURSUB"``
    string, or a name in the Python file ``script``) called as
    ``SURSUB(id, par, npar, u, v, iord, iflag)``, returning the 3 components of the point
    (iord 0), the 6 of its first derivatives d/du then d/dv (iord 1), or the 9 of its second
    derivatives d2/du2, d2/dudv, d2/dv2 (iord 2), flat or as a list of [x, y, z];
    ``function="USER(p1, ...)"`` gives par. u runs from ``minpar[0]`` to ``maxpar[0]``, v
    from ``minpar[1]`` to ``maxpar[1]``; a closed direction (``uclosed``, ``vclosed``)
    repeats with period maxpar - minpar. The points are coordinates in the frame of the
    marker of the constraint that uses the surface (Ptsf, Cvsf). docs/equations.md §12.
    """

    _core_type = _core.SurfaceSpec
    uclosed = Bool(False, field="_uclosed", doc="The surface repeats along u.")
    vclosed = Bool(False, field="_vclosed", doc="The surface repeats along v.")
    minpar = Doubles([-1.0, -1.0], count=2, field="_minpar", doc="The lower bounds of u, v.")
    maxpar = Doubles([1.0, 1.0], count=2, field="_maxpar", doc="The upper bounds of u, v.")
    function = Function(
        "SURSUB", field="_function", doc="USER(p1, ...): the parameters of the SURSUB routine."
    )
    routine = Routine(field="_routine", doc="SURSUB: a callable returning a point or derivatives.")
    script = Str(doc="A Python file holding the routine (named by routine=, or SURSUB).")

    def _load_data(self):
        """The routine the script names, before the model is compiled (Model._prepare_solver)."""
        resolve_script(self, "SURSUB")
