"""Settings in a MotionSolve XML dataset, read and written: the parameter elements of the
Model block (``Param_Unit``, ``Force_Gravity``, ``Param_Transient``, settings msolve does
not use) and the Command block (``Simulate``, ``Param_Transient``, ``Stop``)."""

from __future__ import annotations

from ..settings import Accgrav, Equilibrium, Integrator, Units
from .element import _El, _Element, _show
from .registry import reads, writes


class Command:
    """One element of the Command block: ``kind`` (``"simulate"``, ``"param_transient"``,
    ``"stop"``), its converted ``values`` and the ``node`` it came from."""

    def __init__(self, kind, values, node):
        self.kind = kind
        self.values = values
        self.node = node

    def __repr__(self):
        return f"<Command {self.kind} {self.values} line {self.node.line}>"


_UNIT_NAMES = {
    # Param_Unit spellings that differ from the Units words
    "MEGAGRAM": "TONNE",
    "MEGAGRAMS": "TONNE",
    "KILONEWTON": "KNEWTON",
    "POUND": "POUND_MASS",
    "LBF": "POUND_FORCE",
    "LBM": "POUND_MASS",
    "MILLIMETRE": "MILLIMETER",
    "METRE": "METER",
    "CENTIMETRE": "CENTIMETER",
}

_ANALYSIS_TYPES = {
    "TRANSIENT": "TRANSIENT",
    "DYNAMIC": "TRANSIENT",
    "DYNAMICS": "TRANSIENT",
    "KINEMATIC": "KINEMATICS",
    "KINEMATICS": "KINEMATICS",
    "STATIC": "STATICS",
    "STATICS": "STATICS",
    "QUASI-STATIC": "QUASISTATICS",
    "QUASISTATIC": "QUASISTATICS",
    "QUASI_STATIC": "QUASISTATICS",
    "LINEAR": "LINEAR",
    "ASSEMBLY": "ASSEMBLY",
}

_INTEGRATORS = {
    "DSTIFF": "DSTIFF",
    "GSTIFF": "GSTIFF",
    "HSTIFF": "HSTIFF",
    "MSTIFF": "MSTIFF",
    "VSTIFF": "VSTIFF",
    "ABAM": "ABAM",
    "CSTIFF": None,
    "HHT": None,
    "NEWMARK": None,
}


# Param_Transient attribute -> Integrator attribute
_TRANSIENT_MAP = {"integr_tol": "error", "h_max": "hmax", "h_min": "hmin", "h0_max": "hinit"}

_ANALYSIS_NAMES = {
    "DYNAMICS": "Transient",
    "DYNAMIC": "Transient",
    "TRANSIENT": "Transient",
    "KINEMATICS": "Kinematic",
    "KINEMATIC": "Kinematic",
    "STATICS": "Static",
    "STATIC": "Static",
    "QSTATICS": "Quasi-static",
    "QUASISTATICS": "Quasi-static",
    "ASSEMBLY": "Assembly",
    "LINEAR": "Linear",
}


# -- parameters ----------------------------------------------------------------------------


def read_param_unit(reader, el):
    kwds = {}
    if el.has("mass_mult_factor"):
        factor = el.real("mass_mult_factor", minimum=0.0)
        if factor == 0.0:
            raise el.error("attribute 'mass_mult_factor' must be positive")
        kwds["ucf"] = 1.0 / factor
    for attribute, field in (
        ("force_unit", "force"),
        ("mass_unit", "mass"),
        ("length_unit", "length"),
        ("time_unit", "time"),
    ):
        value = el.text(attribute)
        if value:
            word = value.upper()
            kwds[field] = _UNIT_NAMES.get(word, word)
    el.finish()
    try:
        Units(**kwds)
    except (TypeError, ValueError) as e:
        raise el.error(str(e)) from None


def read_gravity(reader, el):
    kwds = {
        k: el.real_or_expression(a)
        for k, a in (("igrav", "grav_x"), ("jgrav", "grav_y"), ("kgrav", "grav_z"))
    }
    el.finish()
    try:
        Accgrav(**kwds)
    except (TypeError, ValueError) as e:
        raise el.error(str(e)) from None


def transient_values(el):
    """The Integrator attributes a Param_Transient element gives."""
    values = {}
    kind = el.word("integrator_type", _INTEGRATORS, default=False)
    if kind is None:
        el.warn(
            f"integrator_type {el.text('integrator_type')} is not available; DSTIFF "
            "(variable-order BDF) is used"
        )
        values["type"] = "DSTIFF"
    elif kind:
        values["type"] = kind
    for attribute, field in _TRANSIENT_MAP.items():
        value = el.real(attribute, minimum=0.0)
        if value is not None:
            values[field] = value
    order = el.int("max_order", minimum=1)
    if order is not None:
        values["kmax"] = order
    maxit = el.int("dae_corrector_maxit", minimum=1)
    if maxit is not None:
        values["maxit"] = maxit
    if el.has("dae_interpolation"):
        values["interpolate"] = el.bool("dae_interpolation")
    # MotionSolve's own tuning: kept on the Integrator (accepted, no effect; written back)
    for attribute, field in _TUNING_REALS.items():
        value = el.real(attribute, minimum=0.0)
        if value is not None:
            values[field] = value
    for attribute, field in _TUNING_INTS.items():
        value = el.int(attribute)
        if value is not None:
            values[field] = value
    if el.has("dae_vel_ctrl"):
        values["dae_vel_ctrl"] = el.bool("dae_vel_ctrl")
    el.finish()
    return values


# Param_Transient attributes of MotionSolve's integrators -> Integrator attributes
_TUNING_REALS = {
    "vel_tol_factor": "vel_tol_factor",
    "dae_alg_tol_factor": "dae_alg_tol_factor",
    "dae_constr_tol": "dae_constr_tol",
}
_TUNING_INTS = {
    "dae_index": "dae_index",
    "dae_corrector_minit": "minit",
    "dae_jacob_eval": "dae_jacob_eval",
    "dae_eval_expiry": "dae_eval_expiry",
    "dae_jacob_init": "dae_jacob_init",
}


def read_param_transient(reader, el):
    values = transient_values(el)
    try:
        if reader.integrator is None:
            reader.integrator = Integrator(**values)
        else:
            reader.integrator.setValues(**values)
    except (TypeError, ValueError) as e:
        raise el.error(str(e)) from None


# Param_Static attribute -> Equilibrium attribute
_STATIC_MAP = {
    "max_imbalance": "imbalance",
    "max_error": "error",
    "stability": "stability",
    "max_ke_tol": "kinetic_energy_error",
}
_STATIC_METHODS = {"FIM_S": "FIM_S", "FIM_D": "FIM_D", "MKEAM": "MKEAM"}


@reads("Param_Static")
def read_param_static(reader, el):
    """The settings of static analyses: an Equilibrium."""
    values = static_values(el)
    try:
        Equilibrium(**values)
    except (TypeError, ValueError) as e:
        raise el.error(str(e)) from None


def static_values(el):
    """The Equilibrium attributes a Param_Static element gives."""
    values = {}
    method = el.word("method", _STATIC_METHODS)
    if method:
        values["method"] = method
    for attribute, field in _STATIC_MAP.items():
        value = el.real(attribute, minimum=0.0)
        if value is not None:
            values[field] = value
    maxit = el.int("max_num_iter", minimum=1)
    if maxit is not None:
        values["maxit"] = maxit
    # with MKEAM the state-change tolerance is max_dq_tol, the Equilibrium's error
    dq = el.real("max_dq_tol", minimum=0.0)
    if dq is not None:
        if values.get("method") == "MKEAM":
            values["error"] = dq
        else:
            el.warn("max_dq_tol accepted, no effect without method MKEAM")
    if el.has("compliance_delta"):
        el.warn("compliance_delta accepted, no effect in msolve's statics")
        el.used.add("compliance_delta")
    el.finish()
    return values


@writes(Equilibrium, section="settings")
def write_equilibrium(w, eq):
    e = w.add("Param_Static")
    e.set("method", eq.method)
    e.set("max_imbalance", eq.imbalance)
    e.set("max_dq_tol" if eq.method == "MKEAM" else "max_error", eq.error)
    e.set("stability", eq.stability).set("max_ke_tol", eq.kinetic_energy_error)
    e.set("max_num_iter", eq.maxit)


# parameter elements that change nothing in msolve: read without a fuss, with one note
IGNORED_PARAMETERS = {
    "param_simulation",
    "param_output",
    "resoutput",
    "param_kinematic",
}


def read_ignored_parameter(reader, el):
    el.warn("settings not used by msolve; ignored")
    el.used.update(el.node.attrs)


@writes(Units, section="settings")
def write_units(w, u):
    e = w.add("Param_Unit")
    if u.ucf is not None:
        e.set("mass_mult_factor", 1.0 / u.ucf)
    e.set("force_unit", u.force).set("mass_unit", u.mass)
    e.set("length_unit", u.length).set("time_unit", u.time)


@writes(Accgrav, section="settings")
def write_accgrav(w, g):
    e = w.add("Force_Gravity")
    for attribute, value in (("grav_x", g.igrav), ("grav_y", g.jgrav), ("grav_z", g.kgrav)):
        e.set(attribute, value)


@writes(Integrator, section="settings")
def write_integrator(w, i):
    e = w.add("Param_Transient")
    e.set("integrator_type", i.type)
    e.set("integr_tol", i.error).set("h_max", i.hmax).set("h_min", i.hmin)
    e.set("h0_max", i.hinit).set("max_order", i.kmax).set("dae_corrector_maxit", i.maxit)
    if i.interpolate:
        e.set("dae_interpolation", True)
    for attribute, field in (*_TUNING_REALS.items(), *_TUNING_INTS.items()):
        e.set(attribute, getattr(i, field))
    if i.dae_vel_ctrl:
        e.set("dae_vel_ctrl", True)


# -- the Command block ---------------------------------------------------------------------


def read_commands(reader, nodes):
    commands = reader.dataset.commands
    stopped = None
    for node in nodes:
        el = _El(reader, node)
        if stopped is not None:
            el.warn(f"after <Stop/> on line {stopped.line}; ignored")
            continue
        if node.key == "simulate":
            commands.append(Command("simulate", _simulate_values(el), node))
        elif node.key == "param_transient":
            commands.append(Command("param_transient", transient_values(el), node))
        elif node.key == "param_static":
            commands.append(Command("param_static", static_values(el), node))
        elif node.key == "userprogramcontrol":
            commands.append(Command("control", _control_values(reader, el), node))
        elif node.key == "stop":
            commands.append(Command("stop", {}, node))
            stopped = node
        else:
            el.warn("command not available in msolve yet; ignored")


def apply_settings(model, command):
    """Give ``model`` the settings of a Param_Transient or Param_Static command: its
    Integrator or Equilibrium (the last one, or a new one) takes the values."""
    cls = Integrator if command.kind == "param_transient" else Equilibrium
    found = model.getChildren(cls)
    if found:
        found[-1].setValues(**command.values)
    else:
        cls(**command.values)


def apply_leading_settings(reader, model, commands):
    """The Param_* commands before the first Simulate are the settings the model starts
    with: ``load_model`` applies them, so a ``simulate`` from Python runs with them."""
    for command in commands:
        if command.kind == "simulate" or command.kind == "stop":
            break
        if command.kind in ("param_transient", "param_static"):
            try:
                apply_settings(model, command)
            except (TypeError, ValueError) as e:
                raise _El(reader, command.node).error(str(e)) from None


def _control_values(reader, el):
    """UserProgramControl: the CONSUB (``usrsub_dll_name`` + ``usrsub_fnc_name``, CONSUB by
    default, or a Python ``script_name``) and its ``USER(...)`` numbers, for Model.control."""
    function, routine = reader.routine(el, "CONSUB")
    if routine is None:
        raise el.error("names no CONSUB: give 'usrsub_dll_name' or 'script_name'")
    el.finish()
    return {"function": function or "", "routine": routine}


def _simulate_values(el):
    word = el.text("analysis_type", "TRANSIENT").upper().replace(" ", "")
    if word not in _ANALYSIS_TYPES:
        raise el.error(
            f"attribute 'analysis_type' must be one of Transient | Static | "
            f"Kinematic | Linear | Assembly | Quasi-Static, got {_show(word)}"
        )
    values = {"type": _ANALYSIS_TYPES[word], "start": el.real("start_time", 0.0)}
    end = el.real("end_time")
    duration = el.real("duration", minimum=0.0)
    if end is not None and duration is not None:
        raise el.error("give 'end_time' or 'duration', not both")
    if end is None and duration is None and values["type"] in ("TRANSIENT", "KINEMATICS"):
        raise el.error("the attribute 'end_time' (or 'duration') is required")
    values["end"], values["duration"] = end, duration
    interval = el.real("print_interval", minimum=0.0)
    steps = el.int("num_steps", minimum=1)
    if interval is not None and steps is not None:
        raise el.error("give 'print_interval' or 'num_steps', not both")
    if interval == 0.0:
        raise el.error("attribute 'print_interval' must be positive")
    values["dtout"], values["steps"] = interval, steps
    el.finish()
    return values


def write_simulate(run):
    element = _Element("Simulate")
    kind = str(run.get("type", "TRANSIENT")).upper()
    element.set("analysis_type", _ANALYSIS_NAMES.get(kind, kind.title()))
    if run.get("start"):
        element.set("start_time", float(run["start"]))
    if run.get("end") is not None:
        element.set("end_time", float(run["end"]))
    if run.get("duration") is not None:
        element.set("duration", float(run["duration"]))
    if run.get("steps") is not None:
        element.set("num_steps", int(run["steps"]))
    elif run.get("dtout") is not None:
        element.set("print_interval", float(run["dtout"]))
    return element
