"""The linear analysis in datasets: ``Control_PlantInput`` (Pinput), ``Control_PlantOutput``
(Poutput) and ``Param_Linear`` (Linear)."""

from __future__ import annotations

import re

from ..linear import Linear, Pinput, Poutput
from .element import _INT, _show
from .registry import reads, writes

# -- reading -------------------------------------------------------------------------------


def _read_plant(reader, el, cls):
    text = el.text("variable_id_list", "")
    ids = []
    for token in (t for t in re.split(r"[\s,;]+", text.strip()) if t):
        if not _INT.fullmatch(token) or int(token) <= 0:
            raise el.error(f"the variable ids must be positive integers, got {_show(token)}")
        ids.append(int(token))
    if not ids:
        raise el.error("the attribute 'variable_id_list' is required")
    count = el.int("num_element", None, minimum=1)
    if count is not None and count != len(ids):
        raise el.error(f"{len(ids)} variable ids given, but 'num_element' says {count}")
    kwds = {
        "hold_order": el.int("hold_order", None),
        "sampling_period": el.real("sampling_period", minimum=0.0),
        "offset_time": el.real("offset_time"),
    }
    plant = reader.create(el, cls, **kwds)

    def setter(variables):
        plant.variables = variables

    reader.links.append((el, "variable_id_list", "Variable", ids, setter))
    el.finish()


@reads("Control_PlantInput")
def read_plant_input(reader, el):
    _read_plant(reader, el, Pinput)


@reads("Control_PlantOutput")
def read_plant_output(reader, el):
    _read_plant(reader, el, Poutput)


# Param_Linear attribute -> Linear attribute (booleans)
_LINEAR_FLAGS = {
    "disable_damping": "nodamping",
    "eigen_analysis": "eigen_analysis",
    "write_eig_info": "eigensol",
    "write_energy_dist": "kinetic",
    "write_simulinkmdl": "simulink_mdl",
    "write_matlabfiles": "matlab",
    "write_oml": "oml",
}
# accepted for compatibility; noted, no effect
_LINEAR_IGNORED = (
    "balancing",
    "write_energy_html",
    "pstate_id",
    "ke_modes_exclude",
    "ke_modes_include",
    "se_modes_exclude",
    "se_modes_include",
    "de_modes_exclude",
    "de_modes_include",
)


@reads("Param_Linear")
def read_param_linear(reader, el):
    """The settings of the linear analysis: a Linear."""
    values = {}
    for attribute, field in _LINEAR_FLAGS.items():
        if el.has(attribute):
            values[field] = el.bool(attribute)
    scale = el.real("anim_scale")
    if scale is not None:
        values["animation_scale"] = scale
    gyroscopic = el.word("gyroscopic", {w: w for w in ("NONE", "PARTIAL", "FULL")})
    if gyroscopic:
        values["gyroscopic"] = gyroscopic
    for attribute in _LINEAR_IGNORED:
        if el.has(attribute):
            el.warn(f"{attribute} accepted, no effect in msolve's linear analysis")
            el.used.add(attribute)
    try:
        linear = Linear(**values)
    except (TypeError, ValueError) as e:
        raise el.error(str(e)) from None
    reader.link(el, "pinput_id", "Pinput", lambda p: setattr(linear, "pinput", p))
    reader.link(el, "poutput_id", "Poutput", lambda p: setattr(linear, "poutput", p))
    el.finish()


# -- writing -------------------------------------------------------------------------------


def _write_plant(w, tag, p):
    e = w.add(tag, p)
    e.set("num_element", len(p.variables))
    e.set("variable_id_list", ", ".join(str(v.id) for v in p.variables))
    e.set("hold_order", p.hold_order)
    e.set("sampling_period", p.sampling_period).set("offset_time", p.offset_time)


@writes(Pinput, section="controls")
def write_plant_input(w, p):
    _write_plant(w, "Control_PlantInput", p)


@writes(Poutput, section="controls")
def write_plant_output(w, p):
    _write_plant(w, "Control_PlantOutput", p)


@writes(Linear, section="controls")
def write_linear(w, linear):
    e = w.add("Param_Linear")
    for attribute, field in _LINEAR_FLAGS.items():
        e.set(attribute, getattr(linear, field))
    e.set("anim_scale", linear.animation_scale)
    e.set("gyroscopic", linear.gyroscopic)
    e.set("pinput_id", w.ref(linear, "pinput")).set("poutput_id", w.ref(linear, "poutput"))
