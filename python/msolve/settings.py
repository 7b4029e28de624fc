"""The settings of a model: Units, Accgrav (gravity), Integrator (the dynamic analysis) and
Equilibrium (static analyses)."""

from __future__ import annotations

import typing

from . import _core
from .base import _CoreEntity
from .properties import Bool, Double, Enum, Int, Property

# the public classes of this module, exported by msolve (msolve/__init__.py)
__all__ = ["Accgrav", "Equilibrium", "Integrator", "Units"]


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


_IDA = "msolve integrates with SUNDIALS IDA (variable-order BDF), which has no such setting"


class _Pattern(Property):
    """MotionSolve's Jacobian evaluation pattern: a string of T and F (``"TFFFT"``) or a
    list of booleans, one per corrector iteration."""

    annotation = typing.Union[str, list[bool], None]  # for the signature (msolve/signatures.py)

    def convert(self, obj, value):
        if value is None:
            return None
        if isinstance(value, str):
            text = value.replace(":", "").replace(",", "").replace(" ", "").upper()
            if text and set(text) <= {"T", "F"}:
                return value
            raise self.error(obj, "must be a string of T and F (e.g. 'TFFFT')", value, ValueError)
        elif isinstance(value, (list, tuple)) and all(isinstance(v, bool) for v in value):
            return list(value)
        raise self.error(
            obj, "must be a string of T and F (e.g. 'TFFFT') or a list of booleans", value
        )


class _DaeIndex(Int):
    """MotionSolve's dae_index: 2 (SI2) or 3 (I3), None for the default (SI2); kept as given
    and passed to the C++ field ``_dae_index``."""

    _ALLOWED = (2, 3)

    def convert(self, obj, value):
        value = super().convert(obj, value)
        if value is not None and value not in self._ALLOWED:
            raise self.error(obj, "must be 2 (SI2) or 3 (I3)", value, ValueError)
        return value

    def __set__(self, obj, value):
        super().__set__(obj, value)
        index = self.__get__(obj)
        obj._dae_index = 2 if index is None else index


def _ida_int(doc):
    return Int(None, optional=True, no_effect=_IDA, doc=doc)


def _ida_double(doc):
    return Double(None, optional=True, minimum=0.0, no_effect=_IDA, doc=doc)


class Integrator(_CoreEntity, _core.IntegratorSpec):
    """Settings of the dynamic analysis. ``error`` is the absolute local error bound on
    positions and velocities in model units (default 1e-3). GSTIFF, DSTIFF and HSTIFF run
    IDA's BDF on the stabilised index-2 DAE; MSTIFF and VSTIFF run CVODE's BDF, ABAM CVODE's
    Adams-Moulton, on the ODE form in independent coordinates."""

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
    coordinates = Enum(
        "AUTO BODY JOINT",
        "AUTO",
        field="_coordinates",
        doc="msolve's own (not MotionSolve): JOINT integrates a tree of joints (REVOLUTE, "
        "TRANSLATIONAL, FIXED, CYLINDRICAL, UNIVERSAL, HOOKE, PLANAR, SPHERICAL; free parts) "
        "in joint coordinates (CVODE: Adams for ABAM, BDF otherwise; docs/equations.md 6.11); "
        "other models keep the body coordinates, and run.messages says which was used. BODY "
        "keeps the body coordinates; AUTO (default) takes joint coordinates for ABAM, MSTIFF "
        "and VSTIFF on a tree, where they are cheaper, and says so in run.messages.",
    )

    def __init__(self, **kwds):
        # coordinates: AUTO unless asked (the C++ description's own default is BODY)
        _core.IntegratorSpec.__init__(self)
        self._coordinates = "AUTO"
        super(_CoreEntity, self).__init__(**kwds)

    # MotionSolve's own integrator tuning: accepted, stored, written to datasets, reported
    pattern = _Pattern(no_effect=_IDA + "; IDA decides when to evaluate the Jacobian")
    alpha = Double(None, optional=True, no_effect=_IDA + "; an HHT/Newmark parameter")
    beta = Double(None, optional=True, no_effect=_IDA + "; an HHT/Newmark parameter")
    gamma = Double(None, optional=True, no_effect=_IDA + "; an HHT/Newmark parameter")
    vel_tol_factor = _ida_double("Velocity tolerance factor of MotionSolve's ODE integrators.")
    minit = _ida_int("Least corrector iterations.")
    dae_index = _DaeIndex(
        None,
        optional=True,
        doc="Form of the DAE integrators (GSTIFF, DSTIFF, HSTIFF): 2 the stabilised index-2 "
        "form SI2 (the default; positions and velocities error-tested, velocity constraints "
        "enforced), 3 the index-3 form I3 (positions error-tested, velocity constraints not "
        "enforced: their error is reported in run.constraintErrors); docs/equations.md 6.1.",
    )
    dae_constr_tol = _ida_double("Constraint tolerance of MotionSolve's corrector.")
    dae_alg_tol_factor = _ida_double("Algebraic-variable tolerance factor.")
    dae_eval_expiry = _ida_int("Evaluations before the Jacobian expires.")
    dae_jacob_eval = _ida_int("Jacobian evaluation pattern selector.")
    dae_jacob_init = _ida_int("Jacobian evaluations at the start.")
    dae_vc_tol_factor = _ida_double("Velocity-constraint tolerance factor.")
    dae_vc_error_ctrl = Bool(False, no_effect=_IDA, doc="Velocity constraints in the error test.")
    dae_vel_ctrl = Bool(False, no_effect=_IDA, doc="Velocity error control.")


class Equilibrium(_CoreEntity, _core.EquilibriumSpec):
    """Settings of static analyses (``simulate(type="STATICS")``). The force-imbalance
    methods FIM_S and FIM_D solve the force balance by Newton's method: ``imbalance`` is the
    largest force imbalance accepted (model units; default 1e-8 of the imbalance at the
    start), ``error`` the largest change of a state in the last iteration (default 1e-12),
    ``maxit`` the iterations (default 50); ``stability`` adds that fraction of the mass matrix
    to Newton's Jacobian. MKEAM (kinetic-energy attrition) removes the kinetic energy at its
    maxima until it is below ``kinetic_energy_error`` and the positions change by less than
    ``error`` (relative, default 1e-3; Param_Static's max_dq_tol) between two maxima, at most
    ``maxit`` maxima; Newton's method then polishes the equilibrium."""

    _core_type = _core.EquilibriumSpec
    type = Enum("STATIC DYNAMIC", "STATIC", field="_type")
    method = Enum("FIM_D FIM_S MKEAM", "FIM_D", field="_method")
    error = Double(None, optional=True, minimum=0.0, field="_error")
    imbalance = Double(None, optional=True, minimum=0.0, field="_imbalance")
    stability = Double(None, optional=True, minimum=0.0, field="_stability")
    kinetic_energy_error = Double(None, optional=True, minimum=0.0, field="_kinetic_energy_error")
    maxit = Int(None, optional=True, field="_maxit")
    skip_mkeam = Bool(
        False,
        no_effect="msolve's statics never runs MKEAM first (Newton on the force balance)",
        doc="Skip the kinetic-energy attrition step before the Newton solution.",
    )
